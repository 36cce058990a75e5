"""Cycles: A/B alternations, period-3 and period-4 cycles, and toggles (with read-backs)."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call


def waste_route_optimize_validate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Waste-collection routing agent alternates re-optimizing a route with identical inputs and "
        "validating "
        "the plan, which fails the same shift-length check every time.",
        ids="bedrock",
        meta={"harness": "strands-agents", "domain": "waste collection routing"},
    )
    t.user(
        "Route R12 (Thursday residential, east side) keeps running over the 8-hour shift. Re-optimize it so "
        "it fits and publish it to the driver tablets."
    )
    t.say(
        "",
        call(
            "routing.get_route",
            {"route_id": "R12", "day": "THU"},
            {
                "route_id": "R12",
                "stops": 214,
                "truck": "T-22 (rear loader, 25 yd3)",
                "est_duration": "8h47m",
                "disposal": "East Landfill, window 14:00-15:30",
            },
        ),
    )
    opt = {"route_id": "R12", "day": "THU", "objective": "min_duration", "max_shift_minutes": 480}
    plans = ["P-9a1c", "P-3f07", "P-c25e", "P-71bd"]
    a_steps: list[int] = []
    texts = [
        ("Re-optimizing with the 480-minute cap.", "Validating the new plan."),
        ("Still over. Re-running the optimizer.", "Validating again."),
        ("Let me re-optimize once more - the solver is stochastic.", ""),
        ("Trying the optimizer again.", "And validating."),
    ]
    for plan, (ta, tb) in zip(plans, texts, strict=True):
        a_steps.append(
            t.say(
                ta,
                call(
                    "routing.optimize",
                    opt,
                    {
                        "plan_id": plan,
                        "est_duration": "8h12m",
                        "stops": 214,
                        "warnings": ["disposal window forces 22 min idle at East Landfill"],
                    },
                ),
            )
        )
        t.say(
            tb,
            call(
                "routing.validate",
                {"plan_id": plan},
                {"valid": False, "violations": ["shift_length 8h12m > 8h00m"], "plan_id": plan},
            ),
        )
    t.say("I couldn't get R12 under 8 hours. It may need splitting or a second disposal trip.")
    onset = a_steps[2]
    return t.loop(
        ["alternation", "identical_call"],
        onset,
        f"optimize (identical arguments) and validate alternate A B A B A B A B; each pass yields the same "
        "8h12m plan and the same violation, only the plan id (a volatile field) changes. The third visit "
        "to A, "
        f"at step {onset}, is the onset (also the 3rd identical optimize call).",
    )


def coffee_pt_inventory_schedule(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Portuguese coffee-roastery planner alternates reading green-coffee inventory and the roast schedule "
        "with identical results, never computing the answer.",
        ids="openai",
        meta={"harness": "pydantic-ai", "domain": "coffee roastery production", "language": "pt"},
    )
    t.user(
        "Preciso saber se dá para torrar 180 kg do lote Etiópia Yirgacheffe na sexta sem faltar café verde "
        "para os pedidos de assinatura."
    )
    inv = {
        "lote": "ETH-YRG-24",
        "disponivel_kg": 212.0,
        "reservado_kg": 40.0,
        "em_transito_kg": 0,
        "armazem": "Galpão 2",
    }
    sched = {
        "data": "2026-10-16",
        "lotes": [
            {"lote": "BRA-CER-25", "kg": 120, "destino": "atacado"},
            {"lote": "ETH-YRG-24", "kg": 60, "destino": "assinaturas"},
            {"lote": "COL-HUI-25", "kg": 45, "destino": "loja"},
        ],
    }
    a_steps: list[int] = []
    pairs = [
        ("Vou verificar o estoque do lote.", "Agora a programação de torra de sexta."),
        ("Deixa eu cruzar de novo com o estoque.", "E conferir de novo a programação."),
        ("Voltando ao estoque para fechar a conta.", "Conferindo a programação mais uma vez."),
        ("Checando o estoque outra vez.", ""),
    ]
    for ta, tb in pairs:
        a_steps.append(t.say(ta, call("get_green_inventory", {"lot": "ETH-YRG-24"}, inv)))
        t.say(tb, call("get_roast_schedule", {"date": "2026-10-16"}, sched))
    t.say("Ainda estou conferindo os números de estoque e programação; te retorno em seguida.")
    onset = a_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        "get_green_inventory and get_roast_schedule alternate four times with byte-identical results (A B "
        "A B "
        "A B A B) while the arithmetic (212 - 40 reserved vs 180 + 60) is never done. The third visit to "
        "A, at "
        f"step {onset}, is the onset.",
    )


def photo_export_preset(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Photography-studio agent alternates a gallery export that fails on missing colour profiles with "
        "re-applying a develop preset that does not embed them.",
        ids="anthropic",
        meta={"harness": "claude-code", "domain": "photography studio"},
    )
    t.user(
        "Deliver the Nakamura wedding gallery (412 selects) to the client as web JPEGs with our watermark."
    )
    t.say(
        "",
        call(
            "mcp__lightroom__list_collection",
            {"collection": "2026-09-27 Nakamura Wedding / Selects"},
            {"count": 412, "flagged": 412, "missing_profile": None},
        ),
    )
    export = {
        "collection": "2026-09-27 Nakamura Wedding / Selects",
        "preset": "Client Web 2048 + WM",
        "destination": "pixieset://nakamura-wedding",
    }
    fail = {
        "ok": False,
        "exported": 0,
        "error": "3 images have no embedded color profile: DSC_4471.NEF, DSC_4475.NEF, DSC_4480.NEF",
    }
    preset = {"images": ["DSC_4471.NEF", "DSC_4475.NEF", "DSC_4480.NEF"], "preset": "sRGB-web"}
    a_steps: list[int] = []
    texts = [
        ("Exporting the gallery.", "Three files lack a profile; applying the sRGB web preset to them."),
        ("Preset applied. Exporting again.", "Same three files. Re-applying the preset."),
        ("Retrying the export.", ""),
        ("Exporting once more.", "Applying the preset to those three again."),
    ]
    for ta, tb in texts:
        a_steps.append(t.say(ta, call("mcp__lightroom__export", export, fail)))
        t.say(tb, call("mcp__lightroom__apply_develop_preset", preset, {"ok": True, "updated": 3}))
    t.say("The export still reports three images without a colour profile. I'll look into it further.")
    onset = a_steps[2]
    return t.loop(
        ["alternation", "error_streak"],
        onset,
        f"export (failing with the same three files) and apply_develop_preset (same arguments, same ok) "
        f"alternate A B A B A B A B. The third visit to A, at step {onset}, is the onset; the 4th export "
        "failure comes later, so alternation is the earliest convention met.",
    )


def bee_fi_cycle3(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Finnish beekeeping assistant cycles scale data, weather and the last inspection three times with "
        "identical results before giving a vague answer.",
        ids="adk",
        meta={"harness": "google-adk", "domain": "beekeeping", "language": "fi"},
    )
    t.user(
        "Pitäisikö pesää H-07 syysruokkia vielä tällä viikolla? Katso vaa'an data, sää ja viimeisin "
        "tarkastus."
    )
    scale = {"pesa": "H-07", "paino_kg": 31.2, "muutos_7pv_kg": -0.4, "viimeisin": "2026-10-14T05:00:00Z"}
    weather = {"paikka": "Nurmijärvi", "yot_c": [3, 2, 4, 1, 2], "paivat_c": [9, 8, 10, 7, 8], "sade_mm": 6}
    insp = {"pvm": "2026-09-28", "huomiot": "6 kehystä ruokaa, emo nähty, ei sikiötä ruokakehyksissä"}
    a_steps: list[int] = []
    narr = [
        ("Katson ensin vaa'an datan.", "Sitten sääennuste.", "Ja viimeisin tarkastus."),
        ("Tarkistan vielä vaa'an.", "Ja sään uudelleen.", "Katson tarkastuksen vielä kerran."),
        ("Varmistan painon vielä.", "", "Tarkastusmerkinnät uudelleen."),
    ]
    for ta, tb, tc in narr:
        a_steps.append(t.say(ta, call("hive_scale_read", {"hive": "H-07", "days": 14}, scale)))
        t.say(tb, call("weather_forecast", {"apiary": "Nurmijärvi", "days": 5}, weather))
        t.say(tc, call("inspection_log", {"hive": "H-07", "last": 1}, insp))
    t.say("Tilanne näyttää kohtalaiselta; ruokintaa voi harkita, jos paino laskee.")
    onset = a_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        f"A period-3 cycle (scale, weather, inspection) runs three times with identical results each pass; "
        f"nothing new is learned after the first pass. The third visit to the first state, at step {onset}, "
        "is the onset.",
    )


def mrf_cs_cycle4(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Czech recycling-plant (MRF) agent cycles inventory, price, purity and a sales-order draft that "
        "keeps "
        "failing on minimum quantity.",
        ids="openai",
        style="tight",
        meta={"harness": "semantic-kernel", "domain": "recycling plant", "language": "cs"},
    )
    t.user(
        "Můžeme dnes prodat plné balíky PET z linky 2 firmě RePlast? Potřebují minimálně 20 balíků s "
        "čistotou "
        "nad 94 %."
    )
    a_steps: list[int] = []
    narr = [
        (
            "Zjistím zásoby balíků.",
            "Cena PET pro RePlast.",
            "Čistota linky 2.",
            "Zkusím připravit objednávku.",
        ),
        ("Znovu zkontroluji zásoby.", "", "Čistota znovu.", "Zkusím objednávku znovu."),
        ("Ještě jednou zásoby.", "Cena.", "Čistota.", "Objednávka."),
    ]
    for ta, tb, tc, td in narr:
        a_steps.append(
            t.say(
                ta,
                call(
                    "bale_inventory",
                    {"material": "PET_CLEAR", "line": 2},
                    {"pripraveno": 18, "v_lisu": 3, "prumerna_hmotnost_kg": 412},
                ),
            )
        )
        t.say(
            tb,
            call(
                "commodity_price",
                {"material": "PET_CLEAR", "buyer": "RePlast"},
                {"eur_t": 412, "platnost": "2026-10-14"},
            ),
        )
        t.say(tc, call("purity_report", {"line": 2, "shift": "today"}, {"cistota_pct": 95.1, "vzorku": 6}))
        t.say(
            td,
            call(
                "sales_order_draft",
                {"buyer": "RePlast", "material": "PET_CLEAR", "bales": 20},
                {"ok": False, "error": "MIN_QUANTITY: only 18 bales released for sale"},
            ),
        )
    t.say("Zatím to nejde uzavřít; zkusím to znovu později.")
    onset = a_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        "A period-4 cycle (inventory, price, purity, failing order draft) repeats with identical results; "
        "the "
        "3 bales in the press are never waited for and a partial order is never proposed. The third visit "
        "to "
        f"the first state, at step {onset}, is the onset.",
    )


def theatre_cue_toggle(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Theatre lighting agent flips a blackout cue's fade time between 3.0 s and 3.8 s, reading it back "
        "after each change.",
        ids="plain",
        meta={"harness": "custom-osc-bridge", "domain": "theatre stage management"},
    )
    t.user(
        "Cue 47 - the blackout at the end of Act 1 - feels abrupt. Make it smoother, but the director wants "
        "it under 4 seconds. Tech run starts in 20."
    )
    t.say(
        "",
        call(
            "console.get_cue",
            {"list": 1, "cue": 47},
            {"cue": 47, "label": "Act 1 blackout", "fade": 2.0, "delay": 0},
        ),
    )
    sets: list[int] = []
    values = [3.0, 3.8, 3.0, 3.8, 3.0]
    texts = [
        "Setting a 3-second fade.",
        "3 s might still read as abrupt; going to 3.8 s.",
        "3.8 s is close to the director's limit - back to 3.0 s.",
        "Actually 3.8 s gives the smoother tail. Setting 3.8 s.",
        "On second thought, 3.0 s keeps margin under 4 s.",
    ]
    for text, v in zip(texts, values, strict=True):
        sets.append(t.say(text, call("console.set_cue", {"list": 1, "cue": 47, "fade": v}, {"ok": True})))
        t.say(
            "",
            call(
                "console.get_cue",
                {"list": 1, "cue": 47},
                {"cue": 47, "label": "Act 1 blackout", "fade": v, "delay": 0},
            ),
        )
    t.say("Cue 47 fade is now 3.0 s.")
    onset = sets[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        f"The fade is toggled 3.0 / 3.8 / 3.0 / 3.8 / 3.0 with a read-back after each change and no new "
        f"information; by the toggle rule the 4th toggle, at step {onset}, is the onset.",
    )


def audiology_ar_toggle(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Arabic audiology fitting assistant toggles a hearing aid's noise reduction between strong and "
        "moderate while the simulated intelligibility never changes.",
        ids="openai",
        meta={"harness": "langgraph", "domain": "audiology clinic", "language": "ar"},
    )
    t.user(
        "المريض يشتكي من أن الأصوات في المطعم مزعجة. عدّل برنامج الضوضاء في سماعته اليسرى بحيث يتحسن فهم "
        "الكلام."
    )
    t.say(
        "",
        call(
            "fitting_read_device",
            {"serial": "L-88213"},
            {
                "side": "left",
                "program_2": {
                    "name": "Restaurant",
                    "noise_reduction": "moderate",
                    "directionality": "adaptive",
                },
            },
        ),
    )
    toggles: list[int] = []
    values = ["strong", "moderate", "strong", "moderate", "strong"]
    texts = [
        "سأرفع تقليل الضوضاء إلى قوي.",
        "لا تحسن في الفهم. سأعيده إلى متوسط.",
        "ربما القوي أفضل في بيئة المطعم. سأجربه مجددًا.",
        "النتيجة نفسها. سأعود إلى المتوسط.",
        "سأجرب القوي مرة أخرى.",
    ]
    for text, v in zip(texts, values, strict=True):
        toggles.append(
            t.say(
                text,
                call(
                    "fitting_set_param",
                    {"serial": "L-88213", "program": 2, "noise_reduction": v},
                    {"ok": True, "applied": v},
                ),
            )
        )
        t.say(
            "",
            call(
                "simulate_speech_in_noise",
                {"serial": "L-88213", "program": 2, "snr_db": 5},
                {"sii": 0.61, "estimated_word_recognition_pct": 72},
            ),
        )
    t.say("تم ضبط تقليل الضوضاء على قوي في برنامج المطعم.")
    onset = toggles[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        f"noise_reduction is toggled strong / moderate / strong / moderate / strong, and every simulation "
        f"returns the same SII 0.61; directionality is never tried. The 4th toggle, at step {onset}, is the "
        "onset.",
    )


SCENARIOS = [
    ("waste-route-optimize-validate", waste_route_optimize_validate),
    ("coffee-pt-inventory-schedule", coffee_pt_inventory_schedule),
    ("photo-export-preset", photo_export_preset),
    ("bee-fi-three-cycle", bee_fi_cycle3),
    ("mrf-cs-four-cycle", mrf_cs_cycle4),
    ("theatre-cue-fade-toggle", theatre_cue_toggle),
    ("audiology-ar-nr-toggle", audiology_ar_toggle),
]
