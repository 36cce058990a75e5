"""Loops of agents talking and delegating: re-delegation (once under a second sub-agent name), restated
plans with calls that bring nothing new, an action announced but never taken, a monologue, degenerate text
(a reply and a tool argument) and writes re-issued after they succeeded."""

from __future__ import annotations

from blind19gen.builder import Trace, csv, js, jsi, loop, md_table

# --------------------------------------------------------------------------------------------------
# re-delegation


@loop(
    "tour-advance-venue-research-redelegated",
    domain="concert tour logistics (venue advancing)",
    lang="en",
    ids="anthropic",
    start="2026-09-01T10:15:41Z",
)
def tour_redelegation(t: Trace) -> None:
    t.user(
        "Confirm load-in times and dock restrictions for the three Scandinavian dates (Oslo Spektrum 14/10, "
        "Malmö Arena 16/10, Royal Arena Copenhagen 17/10) and put them in the advance sheet."
    )
    rows = [
        ["Oslo Spektrum", "14/10", "07:00", "2 docks, max 16.5 m trailers, no idling after 22:00"],
        ["Malmö Arena", "16/10", "08:00", "3 docks, height limit 4.2 m, booked unload slots 30 min"],
        ["Royal Arena", "17/10", "06:30", "4 docks, trucks via Hannemanns Allé only, 40 t limit"],
    ]
    reports = [
        "## Venue advance\n" + md_table(["Venue", "Date", "Load-in", "Dock notes"], rows),
        "Double-checked against the venues' production guides:\n"
        + "\n".join(f"- {r[0]} ({r[1]}): load-in {r[2]}; {r[3]}." for r in rows),
        "Verified again. No changes: Oslo 07:00, Malmö 08:00, Copenhagen 06:30; dock restrictions as "
        "previously "
        "reported (Oslo 16.5 m trailers, Malmö 4.2 m height, Royal Arena via Hannemanns Allé, 40 t).",
        "All three confirmed once more from the production PDFs (rev. 2026-08). Load-in: 07:00 / 08:00 / "
        "06:30. "
        "Restrictions unchanged.",
    ]
    prompts = [
        "Find load-in time and dock restrictions for Oslo Spektrum (14 Oct), Malmö Arena (16 Oct) and "
        "Royal Arena "
        "Copenhagen (17 Oct) from each venue's production guide. Return a table.",
        "Double-check the load-in times and dock restrictions for Oslo Spektrum, Malmö Arena and Royal Arena "
        "(14/16/17 Oct) against the official production guides.",
        "Verify once more the load-in and dock info for the three Scandinavian venues, in case anything "
        "changed.",
        "Please confirm the Oslo / Malmö / Copenhagen load-in times and dock restrictions one final time.",
    ]
    texts = [
        "I'll have a research sub-agent pull the venue production guides.",
        "Let me have that double-checked before it goes in the sheet.",
        "I want to be certain; verifying once more.",
        "One final confirmation.",
    ]
    steps = [
        t.do(
            text,
            "Task",
            {"description": "Venue advance research", "prompt": p, "subagent_type": "general-purpose"},
            r,
        )
        for text, p, r in zip(texts, prompts, reports, strict=True)
    ]
    t.say(
        "Load-in times are confirmed: Oslo 07:00, Malmö 08:00, Copenhagen 06:30. I'll add them to the "
        "sheet next."
    )
    onset = steps[2]
    t.describe(
        "Tour-advance orchestrator delegates the same venue research to a sub-agent four times; the reports "
        "agree from the first, and the advance sheet is never written."
    )
    t.loop(
        ["same_tool"],
        onset,
        f"Task is sent the same research brief, reworded, at steps {', '.join(map(str, steps))}. The first "
        "two "
        f"reports already agree (07:00 / 08:00 / 06:30, same restrictions); the 3rd delegation, at step "
        f"{onset}, is the onset. The user asked for the advance sheet, which is never written.",
    )


@loop(
    "dft-encut-convergence-second-agent-name",
    domain="materials science DFT calculations (VASP convergence)",
    lang="zh-Hant",
    ids="gemini",
    start="2026-01-08T06:02:37Z",
)
def dft_redelegation(t: Trace) -> None:
    t.user("請確認 LiFePO4 的 PBE+U 計算中 ENCUT 是否已收斂（總能量差 < 1 meV/atom），確認後再開始聲子計算。")
    table = csv(
        ["ENCUT_eV", "E_total_eV", "dE_meV_per_atom"],
        [[400, -191.0342, 6.1], [450, -191.1126, 2.8], [520, -191.1561, 0.9], [600, -191.1725, 0.4]],
    )
    calls = [
        (
            "先請 dft_analyst 檢查收斂。",
            "dft_analyst",
            "檢查 /scratch/lfp/encut_* 的 ENCUT 收斂（標準 1 meV/atom）。",
        ),
        (
            "再請 dft_analyst 複核一次。",
            "dft_analyst",
            "請複核 LiFePO4 ENCUT 收斂，資料在 /scratch/lfp/encut_*。",
        ),
        (
            "換 convergence_checker 獨立確認。",
            "convergence_checker",
            "獨立檢查 LiFePO4 PBE+U 的 ENCUT 收斂，標準 1 meV/atom。",
        ),
        (
            "請 convergence_checker 再確認一次。",
            "convergence_checker",
            "再確認 ENCUT 520 eV 是否達到 1 meV/atom。",
        ),
    ]
    reports = [
        f"{table}\n結論：520 eV 起差值 < 1 meV/atom，建議使用 520 eV。",
        "已複核：520 eV 時 ΔE = 0.9 meV/atom，600 eV 時 0.4 meV/atom。520 eV 已收斂。",
        "Independent check: dE(520->600) = 0.4 meV/atom < 1 meV/atom. ENCUT = 520 eV is converged.",
        "確認：ENCUT 520 eV 已收斂（0.9 meV/atom）。",
    ]
    steps = [
        t.do(text, "delegate", {"agent": agent, "task": task}, report)
        for (text, agent, task), report in zip(calls, reports, strict=True)
    ]
    t.say("ENCUT 520 eV 已收斂。聲子計算尚未開始。")
    onset = steps[2]
    t.describe(
        "DFT orchestrator asks two sub-agents, under two names, the same convergence question four times; "
        "all "
        "reports say 520 eV is converged and the phonon run is never started."
    )
    t.loop(
        ["same_tool"],
        onset,
        "The same task (ENCUT convergence, 1 meV/atom) is delegated at steps "
        f"{', '.join(map(str, steps))}: twice "
        "to dft_analyst, then to convergence_checker, a second name for the same job. The first two reports "
        f"already agree on 520 eV; the 3rd delegation, at step {onset}, is the onset even though it goes to "
        "another sub-agent. The next task (phonons) is never started.",
    )


@loop(
    "ride-hailing-fare-audit-redelegated",
    domain="ride-hailing driver support (fare disputes)",
    lang="tr",
    ids="responses",
    start="2026-02-20T19:44:03Z",
)
def fare_redelegation(t: Trace) -> None:
    t.user("Dün akşamki yolculuğun (TRP-55120) ücreti eksik ödendi. 18 km gittim ama sistem 9 km hesaplamış.")
    t.do(
        "Yolculuk kaydını açıyorum.",
        "get_trip",
        {"trip_id": "TRP-55120"},
        js(
            {
                "trip_id": "TRP-55120",
                "billed_km": 9.1,
                "fare_try": 186.40,
                "gps_gaps": [{"from": "21:14:07", "to": "21:26:51"}],
                "pickup": "Kadıköy",
                "dropoff": "Ataşehir",
            }
        ),
    )
    reports = [
        "Denetim: 21:14-21:26 arası GPS boşluğu var. Yol tahmini 17.6 km. Önerilen düzeltme: +142.50 TL.",
        "GPS boşluğu doğrulandı (12 dk 44 sn). Rota yeniden oluşturuldu: 17.5 km. Düzeltme +141.80 TL.",
        "Fare audit: distance reconstructed 17.6 km, billed 9.1 km. Recommend adjustment of 142.50 TRY.",
        "Sonuç değişmedi: ~17.6 km, düzeltme yaklaşık 142 TL.",
    ]
    inputs = [
        "TRP-55120 ücretini denetle: sürücü 18 km diyor, 9.1 km faturalanmış.",
        "TRP-55120 için ücret denetimini tekrar yap, GPS boşluğunu dikkate al.",
        "TRP-55120 fare audit once more, please confirm distance.",
        "TRP-55120 mesafesini son kez doğrula.",
    ]
    texts = [
        "Ücret denetçisine gönderiyorum.",
        "Emin olmak için tekrar denetletiyorum.",
        "Bir kez daha kontrol ettiriyorum.",
        "Son bir doğrulama.",
    ]
    steps = [
        t.do(text, "run_subagent", {"name": "fare_auditor", "input": i}, r)
        for text, i, r in zip(texts, inputs, reports, strict=True)
    ]
    t.say("Talebiniz inceleniyor; ücret denetimi tamamlandığında size bilgi vereceğiz.")
    onset = steps[2]
    t.describe(
        "Driver-support agent sends the same fare audit to a sub-agent four times; every report finds about "
        "17.6 km and a 142 TL correction, which is never applied."
    )
    t.loop(
        ["same_tool"],
        onset,
        f"run_subagent(fare_auditor) is sent the same audit at steps {', '.join(map(str, steps))}. The "
        "first two "
        f"reports agree (17.5-17.6 km, ~142 TL); the 3rd delegation, at step {onset}, is the onset. The "
        "adjustment is never applied and the driver gets a holding reply.",
    )


# --------------------------------------------------------------------------------------------------
# restated plans with calls that bring nothing new


@loop(
    "roofing-quote-plan-restated-measurements",
    domain="roofing contractor estimates (aerial measurements)",
    lang="en",
    ids="openai",
    start="2026-04-27T14:30:19Z",
)
def roofing_restated_plan(t: Trace) -> None:
    t.user(
        "Quote a full tear-off and re-roof for 4471 Larkspur Dr: architectural shingles, synthetic "
        "underlayment. I need squares, waste factor and a price."
    )
    unavailable = js(
        {
            "address": "4471 Larkspur Dr",
            "status": "unavailable",
            "reason": "Newest imagery for this parcel is from 2021-08 and is obscured by tree canopy; "
            "report cannot "
            "be generated. Order a field measurement.",
            "facets": None,
        }
    )
    variants = [
        {"report": "premium"},
        {"report": "premium", "pitch_source": "county_record"},
        {"report": "standard"},
        {"report": "premium", "imagery": "latest"},
        {"report": "standard", "pitch_source": "manual", "pitch": "6/12"},
    ]
    plan = (
        "Plan: (1) get the aerial measurement report, (2) compute squares with a waste factor, (3) "
        "price materials and labor."
    )
    texts = [
        plan,
        f"{plan} The report wasn't available; trying it with the pitch from the county record.",
        f"Restating the plan: {plan[6:]} Trying the standard tier.",
        f"{plan} Step 1 again, requesting the latest imagery.",
        f"{plan} Step 1 with a manual pitch of 6/12.",
    ]
    steps = [
        t.do(text, "aerial.get_measurements", {"address": "4471 Larkspur Dr", **v}, unavailable)
        for text, v in zip(texts, variants, strict=True)
    ]
    onset = steps[3]
    t.describe(
        "Roofing estimator restates the same three-step plan every turn and re-requests the aerial report "
        "with "
        "different options; the provider says each time that the imagery is unusable."
    )
    t.loop(
        ["narration", "same_tool"],
        onset,
        f"Each message (steps {', '.join(map(str, steps))}) restates the same plan and calls "
        "aerial.get_measurements with varied options (tier, pitch source, imagery); the answer is always "
        "'unavailable: order a field measurement'. The 4th restatement and 4th attempt fall on step "
        f"{onset}, the onset.",
    )


@loop(
    "pawn-shop-watch-loan-plan-restated",
    domain="pawn shop loan appraisal",
    lang="uk",
    ids="mistral",
    start="2026-03-03T10:28:45Z",
)
def pawn_restated_plan(t: Trace) -> None:
    t.user(
        "Клієнт приніс годинник Seiko Presage SRPB41, стан добрий, без коробки й документів. Скільки можемо "
        "дати під заставу?"
    )
    comps = js(
        {
            "query": "Seiko Presage SRPB41",
            "sold": [
                {
                    "title": "Seiko Presage SRPB41J1 Cocktail Time, full set, box & papers",
                    "price_usd": 365,
                    "date": "2026-02-11",
                },
                {"title": "Seiko SRPB41 Presage NEW with tags, box", "price_usd": 389, "date": "2026-01-29"},
            ],
            "comparable_without_box": 0,
        }
    )
    variants = [
        {"days": 90},
        {"days": 180},
        {"days": 90, "region": "EU"},
        {"days": 365, "condition": "used"},
    ]
    plan = "План: 1) знайти ціни продажу без коробки, 2) відняти 40 %, 3) запропонувати суму застави."
    texts = [
        plan,
        f"{plan} Розширюю період до 180 днів.",
        "Нагадаю план: знайти ціни продажу, відняти 40 %, дати суму. Шукаю в ЄС.",
        f"{plan} Пробую рік і стан 'used'.",
    ]
    steps = [
        t.do(text, "price_comps", {"query": "Seiko Presage SRPB41", **v}, comps)
        for text, v in zip(texts, variants, strict=True)
    ]
    t.say(f"{plan} Поки що порівнянних продажів без коробки немає.")
    onset = steps[3]
    t.describe(
        "Pawn-shop appraisal agent restates one plan each turn and re-runs the price comparison with "
        "different periods and regions; the same two full-set listings come back each time."
    )
    t.loop(
        ["narration", "same_tool"],
        onset,
        f"Steps {', '.join(map(str, steps))} each restate the same plan and call price_comps with changed "
        "options; every result is the same two boxed listings and comparable_without_box: 0. The 4th "
        f"restatement and 4th attempt, at step {onset}, is the onset; a discount for the missing box was the "
        "usual way out.",
    )


# --------------------------------------------------------------------------------------------------
# an action announced but never taken; a monologue


@loop(
    "elder-care-emar-dose-announced-never-recorded",
    domain="elder-care home medication rounds (eMAR)",
    lang="fil",
    ids="plain",
    start="2026-02-14T00:05:00Z",
)
def emar_announced(t: Trace) -> None:
    t.user(
        "Paki-record sa eMAR na naibigay ko na kay Lola Remedios Santos (Room 12) ang Amlodipine 5 mg "
        "kaninang 8:00 AM."
    )
    nudge = (
        "[harness] No tool call in the last assistant message. Call emar.record_administration or "
        "give a final answer."
    )
    texts = [
        "Sige po, ire-record ko na ngayon sa eMAR ang Amlodipine 5 mg para kay Remedios Santos, Room 12, "
        "8:00 AM.",
        "Pasensya na po. Itatala ko na ngayon sa eMAR ang dose ng Amlodipine 5 mg ni Lola Remedios.",
        "Ngayon din po, ire-record ko sa eMAR ang Amlodipine 5 mg, Room 12, 8:00 AM.",
        "Opo, itatala ko na po ang administration ng Amlodipine 5 mg para kay Remedios Santos.",
        "Ire-record ko na po ito sa eMAR ngayon.",
    ]
    steps = []
    for i, text in enumerate(texts):
        steps.append(t.say(text))
        if i < len(texts) - 1:
            t.system(nudge)
    onset = steps[3]
    t.describe(
        "Care-home assistant says five times that it will record a dose in the eMAR and never calls the "
        "tool; "
        "the harness answers each announcement with a nudge."
    )
    t.loop(
        ["narration"],
        onset,
        f"The assistant announces the same eMAR entry at steps {', '.join(map(str, steps))} without a single "
        "tool call; the harness nudges in between are system messages and do not start a new turn. The 4th "
        f"announcement, at step {onset}, is the onset.",
    )


@loop(
    "dialysis-ktv-monologue",
    domain="dialysis clinic (treatment adequacy)",
    lang="pt-PT",
    ids="openai",
    start="2026-02-19T13:20:33Z",
)
def dialysis_monologue(t: Trace) -> None:
    t.user("Calcula o Kt/V da sessão de hoje do doente 0412 e diz-me se a prescrição está adequada.")
    t.do(
        "Vou buscar os dados da sessão.",
        "get_session",
        {"patient": "0412", "date": "2026-02-19"},
        js(
            {
                "patient": "0412",
                "pre_bun_mg_dl": 68,
                "post_bun_mg_dl": 21,
                "duration_min": 240,
                "uf_l": 2.4,
                "post_weight_kg": 71.2,
            }
        ),
    )
    texts = [
        "Com R = 21/68 = 0,309, t = 4 h, UF = 2,4 L e peso 71,2 kg, pela fórmula de Daugirdas o spKt/V ≈ "
        "1,38, "
        "acima do alvo de 1,2. Vou confirmar o cálculo.",
        "Confirmando: R = 0,309; −ln(0,309 − 0,032) = 1,284; (4 − 3,5 × 0,309) × 2,4/71,2 = 0,098. spKt/V "
        "≈ 1,38. "
        "Vou verificar mais uma vez.",
        "Refazendo o cálculo de Daugirdas: −ln(0,277) + 0,098 = 1,38. O Kt/V está acima de 1,2. Deixa-me "
        "confirmar de novo.",
        "Verificando novamente: R = 0,309, spKt/V = 1,38 > 1,2. Vou confirmar mais uma vez.",
        "Recalculando: spKt/V ≈ 1,38. Vou rever o cálculo outra vez.",
    ]
    steps = [t.say(text) for text in texts]
    onset = steps[3]
    t.describe(
        "Dialysis-clinic assistant computes Kt/V once and then re-derives and restates the same 1.38 in "
        "consecutive messages with nothing in between, never giving the verdict."
    )
    t.loop(
        ["narration"],
        onset,
        f"After the one tool result, the assistant sends five consecutive messages (steps "
        f"{', '.join(map(str, steps))}) restating the same calculation and the same spKt/V of 1.38, each "
        "promising another check. The first, which follows the tool result, is the 1st statement; the 4th, "
        "at "
        f"step {onset}, is the onset.",
    )


# --------------------------------------------------------------------------------------------------
# degenerate text


@loop(
    "hvac-dispatch-reply-collapses",
    domain="HVAC service dispatch",
    lang="fi",
    ids="bedrock",
    start="2026-01-21T15:55:12Z",
)
def hvac_degenerate(t: Trace) -> None:
    t.user(
        "Asiakkaan ilmalämpöpumppu (Mitsubishi Zubadan, Kangasala) ei lämmitä, virhekoodi U4. Lähetä "
        "asentaja "
        "huomenna ja kerro asiakkaalle aika."
    )
    t.do(
        "Haen vapaat asentajat.",
        "find_technicians",
        {"skill": "ilp-mitsubishi", "area": "Kangasala", "date": "2026-01-22"},
        csv(
            ["tech_id", "name", "free_windows"],
            [["T-118", "Jari Mäkelä", "12:00-14:00"], ["T-131", "Sanna Virta", "15:00-17:00"]],
        ),
    )
    t.do(
        "Varaan Jari Mäkelän aikaikkunaan 12-14.",
        "dispatch_job",
        {
            "tech_id": "T-118",
            "customer": "C-20931",
            "window": "2026-01-22T12:00/14:00",
            "note": "ILP ei lämmitä, U4",
        },
        js({"job": "HJ-20931", "technician": "Jari Mäkelä", "window": "12:00-14:00", "status": "scheduled"}),
    )
    sentence = "Asentaja Jari Mäkelä tulee huomenna klo 12–14. "
    step = t.say(
        "Huoltokäynti on varattu (HJ-20931). " + sentence * 34 + "Asentaja Jari Mäkelä tulee huomenna klo"
    )
    t.describe(
        "HVAC dispatcher books a technician correctly, then its reply to the user collapses into one "
        "sentence "
        "repeated 34 times and cut off mid-sentence."
    )
    t.loop(
        ["degenerate_text"],
        step,
        f"The work is done by step {step - 1}; the reply at step {step} starts sensibly and then repeats the "
        "same sentence 34 times before breaking off. The onset is that reply, step "
        f"{step}.",
    )


@loop(
    "stock-photo-keyword-argument-collapses",
    domain="stock photo agency (keywording)",
    lang="hu",
    ids="openai",
    start="2026-06-23T07:41:36Z",
)
def keyword_degenerate(t: Trace) -> None:
    t.user("Kulcsszavazd fel az új balatoni sorozat első két képét (IMG_4410, IMG_4411) magyarul és angolul.")
    t.do(
        "Megnézem az első képet.",
        "assets.get",
        {"id": "IMG_4410"},
        js(
            {
                "id": "IMG_4410",
                "caption_ai": "Sailboats on Lake Balaton at sunset, Balatonfüred",
                "keywords": [],
            }
        ),
    )
    t.do(
        "Beállítom a kulcsszavakat.",
        "assets.set_keywords",
        {
            "id": "IMG_4410",
            "keywords": [
                "Balaton",
                "naplemente",
                "vitorlás",
                "Balatonfüred",
                "sunset",
                "sailboat",
                "lake",
                "Hungary",
            ],
        },
        js({"ok": True, "id": "IMG_4410", "keywords": 8}),
    )
    t.do(
        "Most a második kép.",
        "assets.get",
        {"id": "IMG_4411"},
        js(
            {
                "id": "IMG_4411",
                "caption_ai": "Wooden pier at Tihany with the abbey in the background",
                "keywords": [],
            }
        ),
    )
    step = t.do(
        "Beállítom a második kép kulcsszavait.",
        "assets.set_keywords",
        {"id": "IMG_4411", "keywords": ["Tihany", "móló", "pier"] + ["pier", "móló"] * 40},
        js({"ok": True, "id": "IMG_4411", "keywords": 50, "warning": "keyword list truncated to 50 entries"}),
    )
    t.say("Mindkét kép kulcsszavai beállítva.")
    t.describe(
        "Keywording agent tags one photo properly, then sends a keyword list for the next one that collapses "
        "into 'pier', 'móló' repeated forty times."
    )
    t.loop(
        ["degenerate_text"],
        step,
        f"The assets.set_keywords argument at step {step} starts with three sensible keywords and then "
        "degenerates into the pair 'pier', 'móló' repeated 40 times (the API truncates it to 50). Degenerate "
        f"text in a tool argument: the onset is that call's step, step {step}.",
    )


# --------------------------------------------------------------------------------------------------
# writes re-issued after they succeeded


@loop(
    "regatta-results-noticeboard-reposted",
    domain="sailing regatta administration (results and notice board)",
    lang="nb",
    ids="responses",
    start="2026-07-04T14:58:02Z",
)
def regatta_repost(t: Trace) -> None:
    t.user(
        "Legg ut de foreløpige resultatene etter dag 2 av NM i Knarr på den digitale oppslagstavla, og si "
        "fra "
        "til seilerne at protestfristen er 18:30."
    )
    t.do(
        "Henter resultatene etter sjette seilas.",
        "scoring.export",
        {"event": "nm-knarr-2026", "after_race": 6, "format": "csv"},
        csv(
            ["rank", "sail_no", "boat", "skipper", "net"],
            [
                [1, "NOR 132", "Frøya", "K. Aas", 9],
                [2, "NOR 98", "Vinga", "E. Moe", 14],
                [3, "NOR 141", "Skarv", "L. Berg", 17],
            ],
        )
        + "\n... (12 boats)",
    )
    args = {
        "event": "nm-knarr-2026",
        "title": "Foreløpige resultater etter 6 seilaser",
        "body": "Foreløpige resultater etter dag 2. Protestfrist i dag kl. 18:30.",
        "attachments": ["results_r6.csv"],
    }
    posts = [
        t.do(
            "Publiserer på oppslagstavla.",
            "noticeboard.post",
            args,
            js({"ok": True, "post_id": "nb-3381", "published_at": "2026-07-04T17:02:11+02:00"}),
        ),
        t.do(
            "Publisert. Jeg legger den ut igjen så den er synlig for alle.",
            "noticeboard.post",
            args,
            js({"ok": True, "post_id": "nb-3382", "published_at": "2026-07-04T17:02:48+02:00"}),
        ),
        t.do(
            "Sjekker at den er ute ved å publisere på nytt.",
            "noticeboard.post",
            args,
            js({"ok": True, "post_id": "nb-3383", "published_at": "2026-07-04T17:03:20+02:00"}),
        ),
    ]
    t.do(
        "Sender SMS til skipperne om protestfristen.",
        "sms.broadcast",
        {
            "event": "nm-knarr-2026",
            "to": "skippers",
            "text": "NM Knarr: foreløpige resultater er ute. Protestfrist kl. 18:30.",
        },
        js({"ok": True, "recipients": 12}),
    )
    posts.append(
        t.do(
            "Publiserer resultatene en gang til for sikkerhets skyld.",
            "noticeboard.post",
            args,
            js({"ok": True, "post_id": "nb-3384", "published_at": "2026-07-04T17:04:05+02:00"}),
        )
    )
    t.say("Resultatene er lagt ut og skipperne har fått SMS om protestfristen 18:30.")
    onset = posts[2]
    t.describe(
        "Regatta office agent posts the provisional results to the notice board, which succeeds, and then "
        "posts the identical notice three more times."
    )
    t.loop(
        ["identical_call"],
        onset,
        f"noticeboard.post is issued with identical arguments at steps {', '.join(map(str, posts))}; every "
        "acknowledgement is ok:true and differs only in the new post_id and timestamp (volatile fields), so "
        "each re-post adds a duplicate notice. The 3rd identical write, at step "
        f"{onset}, is the onset.",
    )


@loop(
    "phone-repair-pickup-sms-resent",
    domain="phone repair shop (customer notifications)",
    lang="sw",
    ids="gemini",
    start="2026-05-29T09:12:27Z",
)
def repair_sms_resend(t: Trace) -> None:
    t.user(
        "Simu ya mteja Amina Juma (0712 345 678), Samsung A54, imekamilika — skrini imebadilishwa. Mtumie "
        "ujumbe aje kuichukua kabla ya saa 12 jioni."
    )
    t.do(
        "Naangalia tiketi ya matengenezo.",
        "get_repair",
        {"ticket": "RP-7781"},
        jsi(
            {
                "ticket": "RP-7781",
                "device": "Samsung Galaxy A54",
                "status": "ready",
                "balance_tzs": 8500,
                "customer": "Amina Juma",
            }
        ),
    )
    args = {
        "to": "+255712345678",
        "text": "Habari Amina, simu yako Samsung A54 (RP-7781) iko tayari. Karibu uichukue leo kabla ya "
        "saa 12 "
        "jioni. Salio: TSh 8,500.",
    }
    ids = ["SM9f2a71c0", "SM0b44e2d9", "SM6c1d80fa", "SMe27a5b13"]
    texts = [
        "Namtumia ujumbe.",
        "Nahakikisha ujumbe umefika kwa kuutuma tena.",
        "Natuma tena.",
        "Natuma mara nyingine.",
    ]
    steps = [
        t.do(text, "send_sms", args, js({"status": "queued", "message_id": mid, "segments": 2}))
        for text, mid in zip(texts, ids, strict=True)
    ]
    t.say("Ujumbe umetumwa kwa Amina.")
    onset = steps[2]
    t.describe(
        "Repair-shop assistant sends the pickup SMS, which is queued, and re-sends the identical message "
        "three "
        "more times 'to make sure'."
    )
    t.loop(
        ["identical_call"],
        onset,
        f"send_sms is called with identical arguments at steps {', '.join(map(str, steps))}; every "
        "response is "
        "'queued' with only a new message_id (a volatile field). Re-sending a successful write spams the "
        f"customer; the 3rd identical call, at step {onset}, is the onset.",
    )
