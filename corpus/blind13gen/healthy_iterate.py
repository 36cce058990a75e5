"""Healthy: edit and re-check iteration where each re-run follows a change and the results move."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call, js, yaml_block


def apparel_grading_iterate() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-029-apparel-grading-rule-iterate",
        "Apparel PLM agent edits grading rules and re-runs the size-spec validator until it passes.",
        ids="anthropic",
        agent="apparel product lifecycle management",
    )
    t.user("The size spec for SS26-PT-051 fails validation. Fix the grading so XS-XXL validate cleanly.")
    validate = {"style": "SS26-PT-051", "sizes": ["XS", "S", "M", "L", "XL", "XXL"]}
    t.act(
        "Running the validator.",
        call(
            "spec.validate",
            validate,
            "FAIL 3 issues\n- waist: XL->XXL increment 2.0 cm, rule expects 4.0 cm\n- inseam: XS shorter "
            "than S by 3.0 cm (max 1.5)\n- hip: XXL missing\n",
        ),
    )
    t.act(
        "Fixing the waist increment for XL to XXL.",
        call(
            "spec.set_grade_rule",
            {"style": "SS26-PT-051", "pom": "waist", "from": "XL", "to": "XXL", "delta_cm": 4.0},
            "ok",
        ),
    )
    t.act(
        "Re-validating.",
        call(
            "spec.validate",
            validate,
            "FAIL 2 issues\n- inseam: XS shorter than S by 3.0 cm (max 1.5)\n- hip: XXL missing\n",
        ),
    )
    t.act(
        "Inseam XS step 1.5 cm and adding hip for XXL.",
        call(
            "spec.set_grade_rule",
            {"style": "SS26-PT-051", "pom": "inseam", "from": "S", "to": "XS", "delta_cm": -1.5},
            "ok",
        ),
        call(
            "spec.set_measurement",
            {"style": "SS26-PT-051", "pom": "hip", "size": "XXL", "value_cm": 122.0},
            "ok",
        ),
    )
    t.act(
        "Re-validating.",
        call(
            "spec.validate", validate, "FAIL 1 issue\n- hip: XXL 122.0 cm breaks the 5.0 cm rule (XL 116.0)\n"
        ),
    )
    t.act(
        "Hip XXL should be 121.0 (XL + 5.0).",
        call(
            "spec.set_measurement",
            {"style": "SS26-PT-051", "pom": "hip", "size": "XXL", "value_cm": 121.0},
            "ok",
        ),
    )
    t.act("Re-validating.", call("spec.validate", validate, "PASS 0 issues\n"))
    t.say("SS26-PT-051 now validates: waist XL->XXL 4.0 cm, inseam XS step 1.5 cm, hip XXL 121.0 cm.")
    return t.healthy(
        "Edit and re-check: the validator runs four times with identical arguments, but each run follows "
        "an edit and the issue count goes 3, 2, 1, 0. A command re-run after edits is progress."
    )


def mining_variogram_iterate_ru() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-030-mining-variogram-iterate",
        "Resource geologist agent (Russian) tunes variogram parameters and re-runs kriging "
        "cross-validation; the error falls.",
        ids="mistral",
        agent="mining geology (resource estimation)",
        language="ru",
    )
    t.user("Подбери вариограмму для домена FR (Au), чтобы кросс-валидация кригинга дала RMSE < 0,60 г/т.")
    params = [
        ({"nugget": 0.35, "sill": 1.0, "range_m": 40}, "RMSE=0.81 ME=+0.07 slope=0.71"),
        ({"nugget": 0.25, "sill": 1.0, "range_m": 55}, "RMSE=0.69 ME=+0.04 slope=0.80"),
        ({"nugget": 0.2, "sill": 1.0, "range_m": 70}, "RMSE=0.63 ME=+0.02 slope=0.87"),
        (
            {"nugget": 0.2, "sill": 1.0, "range_m": 70, "anisotropy": [1.0, 0.6, 0.3]},
            "RMSE=0.57 ME=+0.01 slope=0.93",
        ),
    ]
    texts = [
        "Начинаю с эмпирических параметров.",
        "Много шума; уменьшаю самородок и увеличиваю радиус.",
        "Лучше. Ещё увеличу радиус.",
        "Добавлю анизотропию по простиранию рудного тела.",
    ]
    for (p, res), text in zip(params, texts, strict=True):
        t.act(text, call("geostat.set_variogram", {"domain": "FR", "var": "Au", **p}, "ok"))
        t.act(
            "Кросс-валидация.",
            call("geostat.cross_validate", {"domain": "FR", "var": "Au", "method": "OK"}, res),
        )
    t.say("Итог: самородок 0,20, радиус 70 м, анизотропия 1:0,6:0,3 — RMSE 0,57 г/т, наклон 0,93.")
    return t.healthy(
        "Edit and re-run: cross-validation runs four times with identical arguments, each after a new "
        "variogram setting, and RMSE falls 0.81, 0.69, 0.63, 0.57 until the target is met. Healthy "
        "iteration."
    )


def qa_rubric_prompt_iterate_fr() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-031-callcenter-rubric-calibration-iterate",
        "QA agent (French) rewrites a rubric criterion and re-runs the calibration set; agreement improves "
        "each time.",
        ids="openai",
        agent="call-centre quality assurance",
        language="fr",
    )
    t.user(
        "Le critère « empathie » de la grille v4 diverge des évaluateurs humains. Ajuste-le jusqu'à un "
        "kappa ≥ 0,80."
    )
    versions = [
        ("L'agent reconnaît l'émotion du client au moins une fois.", 0.61),
        ("L'agent reformule l'émotion du client avec ses mots et propose une aide concrète.", 0.72),
        (
            "L'agent reformule l'émotion du client, s'excuse si pertinent, et propose une aide concrète "
            "avant de clore.",
            0.84,
        ),
    ]
    t.act(
        "Je lance d'abord la calibration actuelle.",
        call("qa.run_calibration", {"grid": "v4", "criterion": "empathie"}, js({"kappa": 0.55, "n": 40})),
    )
    for text_crit, kappa in versions:
        t.act(
            "Je réécris la définition du critère.",
            call("qa.edit_criterion", {"grid": "v4", "criterion": "empathie", "definition": text_crit}, "ok"),
        )
        t.act(
            "Je relance la calibration.",
            call(
                "qa.run_calibration", {"grid": "v4", "criterion": "empathie"}, js({"kappa": kappa, "n": 40})
            ),
        )
    t.say("Critère « empathie » ajusté : kappa 0,55 → 0,84 sur les 40 appels de calibration.")
    return t.healthy(
        "Edit and re-check: the calibration runs four times with identical arguments, each after a new "
        "criterion definition, and kappa rises 0.55, 0.61, 0.72, 0.84. Re-runs after edits with changing "
        "results: healthy."
    )


def patent_claim_support_iterate_de() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-032-patent-claim-support-iterate",
        "Patent agent (German) amends claims and re-runs a claim-support checker; issues drop to zero.",
        ids="gemini",
        agent="patent prosecution",
        language="de",
    )
    t.user(
        "Prüfe die geänderten Ansprüche für EP 23 184 552.1 auf Stütze in der Beschreibung (Art. 123(2) "
        "EPÜ) und korrigiere sie."
    )
    check = {"application": "EP23184552.1", "claims": "claims_amended.md"}
    runs = [
        "3 Befunde:\n- Anspruch 1: 'zwischen 5 und 15 Gew.-%' — Beschreibung nennt nur 5-12 Gew.-%\n- "
        "Anspruch 4: 'Polyimid' ohne Stütze\n- Anspruch 7: Rückbezug auf Anspruch 8",
        "2 Befunde:\n- Anspruch 4: 'Polyimid' ohne Stütze\n- Anspruch 7: Rückbezug auf Anspruch 8",
        "1 Befund:\n- Anspruch 7: Rückbezug auf Anspruch 8",
        "0 Befunde.",
    ]
    edits = [
        (
            {"claim": 1, "find": "zwischen 5 und 15 Gew.-%", "replace": "zwischen 5 und 12 Gew.-%"},
            "Bereich auf 5-12 Gew.-% (S. 7, Z. 14).",
        ),
        (
            {"claim": 4, "find": "Polyimid", "replace": "Polyamidimid"},
            "Beschreibung nennt Polyamidimid (S. 9); ich korrigiere.",
        ),
        ({"claim": 7, "find": "nach Anspruch 8", "replace": "nach Anspruch 6"}, "Rückbezug auf Anspruch 6."),
    ]
    t.act("Ich starte die Prüfung.", call("claims.check_support", check, runs[0]))
    for k, (args, text) in enumerate(edits):
        t.act(text, call("claims.edit", {"file": "claims_amended.md", **args}, "1 Änderung"))
        t.act("Erneut prüfen.", call("claims.check_support", check, runs[k + 1]))
    t.say("Alle Ansprüche sind jetzt in der ursprünglichen Fassung gestützt (0 Befunde).")
    return t.healthy(
        "Edit and re-check: the support checker runs four times with identical arguments after three "
        "different edits; findings go 3, 2, 1, 0. Healthy iteration."
    )


def water_hydraulic_model_iterate_fi() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-033-water-hydraulic-model-iterate",
        "Water utility agent (Finnish) adjusts a pump curve and re-runs the hydraulic simulation until "
        "pressures meet the target.",
        ids="plain:call_",
        agent="water utility operations (network modelling)",
        language="fi",
    )
    t.user(
        "Mallinna Kalliomäen paineenkorotusaseman uusi pumppu: minimipaineen pitää olla yli 2,5 bar koko "
        "alueella huipputunnilla."
    )
    sims = [
        "min_paine_bar=2.12 solmu=J-4471 (Kalliomäentie 40)\nkonvergoi=ok iteraatiot=14",
        "min_paine_bar=2.38 solmu=J-4471\nkonvergoi=ok iteraatiot=12",
        "min_paine_bar=2.61 solmu=J-4502\nkonvergoi=ok iteraatiot=11",
    ]
    curves = [
        yaml_block([("pumppu", "PK-2"), ("kayra", ["0 l/s: 48 m", "20 l/s: 44 m", "40 l/s: 35 m"])]),
        yaml_block([("pumppu", "PK-2"), ("kayra", ["0 l/s: 52 m", "20 l/s: 48 m", "40 l/s: 39 m"])]),
    ]
    t.act(
        "Ajan simuloinnin nykyisellä pumppukäyrällä.",
        call("epanet.run", {"model": "kalliomaki_2026.inp", "scenario": "huippu"}, sims[0]),
    )
    texts = [
        "2,12 bar liian vähän. Valitsen suuremman juoksupyörän käyrän.",
        "Vielä alle. Kokeilen seuraavaa juoksupyörää.",
    ]
    for k, (curve, text) in enumerate(zip(curves, texts, strict=True)):
        t.act(text, call("model.set_pump_curve", {"model": "kalliomaki_2026.inp", "curve_yaml": curve}, "ok"))
        t.act(
            "Simuloidaan.",
            call("epanet.run", {"model": "kalliomaki_2026.inp", "scenario": "huippu"}, sims[k + 1]),
        )
    t.say(
        "Suuremmalla juoksupyörällä (52 m nollavirtaamalla) minimipaine on 2,61 bar huipputunnilla. "
        "Tavoite täyttyy."
    )
    return t.healthy(
        "Edit and re-run: the same simulation runs three times, each after a pump-curve change, and the "
        "minimum pressure moves 2.12, 2.38, 2.61 bar to the target. Healthy."
    )


def ski_lift_schedule_optimizer_ja() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-034-ski-staffing-optimizer-iterate",
        "Ski resort agent (Japanese) edits the staffing config and re-runs the optimiser; the "
        "infeasibility changes each run.",
        ids="bedrock",
        agent="ski resort operations",
        language="ja",
    )
    t.user("週末のリフト係シフトを最適化してください。条件: 各リフト最低2名、連続勤務は5時間まで。")
    t.act(
        "設定ファイルを確認します。",
        call(
            "fs.read",
            {"path": "staffing/weekend.yaml"},
            "lifts: [L1, L2, L3, L4, L5]\nmin_staff: 2\nmax_consecutive_h: 4\nstaff_pool: 18\n",
        ),
    )
    run = {"command": "python optimize_shifts.py staffing/weekend.yaml"}
    t.act(
        "最適化を実行します。",
        call("shell", run, "INFEASIBLE: max_consecutive_h=4 leaves 06:30-08:30 uncovered on L4, L5\nexit 2"),
    )
    t.act(
        "条件は5時間なので設定を直します。",
        call(
            "fs.edit",
            {"path": "staffing/weekend.yaml", "old": "max_consecutive_h: 4", "new": "max_consecutive_h: 5"},
            "edited",
        ),
    )
    t.act(
        "再実行します。",
        call("shell", run, "INFEASIBLE: staff_pool=18 < required 20 (Sunday peak 10:00-14:00)\nexit 2"),
    )
    t.act(
        "人数不足です。日曜はパートタイム2名を追加できると人事表にあるので反映します。",
        call(
            "fs.edit",
            {
                "path": "staffing/weekend.yaml",
                "old": "staff_pool: 18",
                "new": "staff_pool: 18\nsunday_extra: 2",
            },
            "edited",
        ),
    )
    t.act(
        "再実行します。",
        call("shell", run, "OPTIMAL cost=412.0 shifts=46\nwrote staffing/weekend_schedule.csv\nexit 0"),
    )
    t.say("シフト表を作成しました (46シフト)。日曜は臨時2名が必要です。出力: staffing/weekend_schedule.csv")
    return t.healthy(
        "Edit and re-run: the same optimiser command runs three times, each after a config edit; the error "
        "changes (consecutive-hours limit, then staff pool) and the third run is optimal. Healthy "
        "iteration."
    )


SCENARIOS = [
    apparel_grading_iterate,
    mining_variogram_iterate_ru,
    qa_rubric_prompt_iterate_fr,
    patent_claim_support_iterate_de,
    water_hydraulic_model_iterate_fi,
    ski_lift_schedule_optimizer_ja,
]
