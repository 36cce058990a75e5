"""Agent-level loops: re-delegation to sub-agents whose reports agree, restated plans while calls bring
nothing new, an action announced but never taken, a monologue and degenerate text (in a reply and in a
tool argument)."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call


def ocean_ctd_redelegate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Oceanography data manager delegates the same CTD salinity-spike QC question to a sub-agent four "
        "times; every report says it is a real intrusion, flag 1.",
        ids="anthropic",
        meta={"harness": "claude-code", "domain": "oceanography"},
    )
    t.user(
        "Cast 118 from the October cruise shows a salinity spike around 410 dbar. Decide whether it's a "
        "sensor "
        "artifact or real water and set the QC flags."
    )
    t.say(
        "",
        call(
            "Read",
            {"file_path": "/data/cruise2610/ctd/cast118.cnv"},
            "* Sea-Bird SBE 9 Data File\n* Cast 118  2026-10-09 03:14 UTC  37 41.2N 010 12.7W\n"
            "# name 0 = prDM: Pressure [db]\n# name 1 = t090C\n# name 2 = sal00\n# name 3 = sal11\n"
            "...\n   404.0   11.812   35.612   35.613\n   410.0   12.121   35.654   35.655\n"
            "   416.0   12.098   35.650   35.650\n   422.0   11.790   35.609   35.610\n...",
        ),
    )
    reports = [
        "The feature at 406-418 dbar appears in T (+0.31 C), in both conductivity cells (sal00 and sal11 "
        "agree "
        "to 0.001) and in O2 (-8 umol/kg); cast 119 shows it at 422 dbar. Consistent with a Mediterranean "
        "Water "
        "intrusion. Recommend QC flag 1 (good) for all variables.",
        "Both primary and secondary sensors record the anomaly with matching magnitude, and temperature and "
        "oxygen co-vary. Neighbouring cast 119 has the same layer slightly deeper. This is real water (MW "
        "lens), not a sensor artifact: flag 1.",
        "Re-checked: no pump or conductivity-cell fault signatures, dual sensors agree, T/S/O2 consistent, "
        "present in cast 119. Real intrusion; keep flag 1 (good).",
        "Same conclusion as before: a physical intrusion seen on both sensor pairs and in cast 119. Flag 1.",
    ]
    prompts = [
        "Assess the salinity spike at ~410 dbar in cast 118: compare T and O2, both sensor pairs, casts "
        "117/119; "
        "recommend a QC flag.",
        "Double-check whether the 410 dbar salinity spike in cast 118 is a real feature or a sensor issue.",
        "Re-examine the cast 118 salinity spike near 410 dbar carefully and recommend a QC flag.",
        "Take another look at the 410 dbar salinity anomaly in cast 118 - real or artifact?",
    ]
    texts = [
        "I'll ask the QC analyst sub-agent to assess it.",
        "Let me get a second look before flagging.",
        "I want to be certain before I write the flags. Delegating again.",
        "",
    ]
    steps = [
        t.say(
            text,
            call("Task", {"description": "QC salinity spike", "prompt": p, "subagent_type": "qc-analyst"}, r),
        )
        for text, p, r in zip(texts, prompts, reports, strict=True)
    ]
    t.say("The 410 dbar feature is a real intrusion; I'll keep QC flag 1 for cast 118.")
    onset = steps[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"The same QC question goes to the qc-analyst sub-agent four times; the first two reports already "
        f"agree (real intrusion, flag 1). The 3rd delegation, at step {onset}, is the onset.",
    )


def ux_ko_redelegate_two_names(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Korean UX-research lead agent hands the same affinity-clustering task to two differently named "
        "sub-agents and back again; all reports list the same five themes.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "domain": "UX research", "language": "ko"},
    )
    t.user("12건의 사용자 인터뷰 노트를 바탕으로 온보딩 관련 핵심 주제 5개를 뽑아 주세요.")
    t.say(
        "",
        call(
            "notes_list",
            {"project": "onboarding-2026q3"},
            {"notes": [f"int-{n:02d}" for n in range(1, 13)], "count": 12},
        ),
    )
    report_a = (
        "주제: 1) 초기 설정 단계가 너무 많음 (9/12) 2) 팀원 초대 흐름 혼란 (7/12) 3) 샘플 데이터 부재 (6/12) "
        "4) 요금제 제한을 늦게 발견 (5/12) 5) 모바일 로그인 문제 (4/12)"
    )
    report_b = (
        "클러스터 결과: 설정 단계 과다(9명), 초대 과정 혼란(7명), 예시 데이터 없음(6명), "
        "플랜 한도 인지 지연(5명), 모바일 앱 로그인 오류(4명)."
    )
    report_c = (
        "5개 주제: 설정 과정이 길다(9), 팀 초대가 헷갈린다(7), 샘플 데이터가 없다(6), "
        "요금제 제한을 늦게 안다(5), "
        "모바일 로그인 문제(4)."
    )
    task = "12개 인터뷰 노트로 어피니티 클러스터링을 하고 온보딩 핵심 주제 5개와 빈도를 정리"
    s1 = t.say(
        "합성 에이전트에게 클러스터링을 맡기겠습니다.",
        call("delegate", {"agent": "synthesis_agent", "task": task, "notes": "onboarding-2026q3"}, report_a),
    )
    s2 = t.say(
        "다른 에이전트로 교차 검증하겠습니다.",
        call(
            "delegate",
            {"agent": "clustering_agent", "task": task + " (독립적으로)", "notes": "onboarding-2026q3"},
            report_b,
        ),
    )
    s3 = t.say(
        "결과를 확정하기 위해 합성 에이전트에게 다시 요청합니다.",
        call(
            "delegate",
            {"agent": "synthesis_agent", "task": task + ", 빈도 재확인", "notes": "onboarding-2026q3"},
            report_c,
        ),
    )
    t.say(
        "핵심 주제 5개: 1) 초기 설정 단계 과다 (9/12) 2) 팀원 초대 혼란 (7/12) 3) 샘플 데이터 부재 (6/12) "
        "4) 요금제 제한 늦은 발견 (5/12) 5) 모바일 로그인 문제 (4/12)."
    )
    return t.loop(
        ["same_tool"],
        s3,
        f"The clustering task goes to synthesis_agent (step {s1}), then clustering_agent (step {s2}), then "
        f"synthesis_agent again; the two first reports already agree on the same five themes and counts, so "
        f"the 3rd delegation, at step {s3}, is the onset (a second agent name is still a re-delegation).",
    )


def genealogy_de_redelegate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "German genealogy agent sends an archive-research sub-agent after the same marriage record three "
        "times; each report says the register has no entry.",
        ids="adk",
        meta={"harness": "google-adk", "domain": "genealogy research", "language": "de"},
    )
    t.user(
        "Bitte finde den Heiratseintrag von Johann Weber und Anna Schmid, vermutlich 1850–1854 in der "
        "Pfarrei St. Martin, Landshut."
    )
    s1 = t.say(
        "Ich beauftrage den Archiv-Rechercheur.",
        call(
            "delegate_to",
            {
                "agent": "archive_researcher",
                "task": "Trauung Johann Weber ⚭ Anna Schmid, Pfarrei St. Martin Landshut, 1848–1856, "
                "in Matricula suchen",
            },
            "Trauungsbuch St. Martin 1846–1858 (Band 23) vollständig durchgesehen: kein Eintrag "
            "Weber/Schmid. "
            "Nächster Treffer: Johann Weber ⚭ Theresia Huber, 12.02.1851.",
        ),
    )
    s2 = t.say(
        "Bitte auch Schreibvarianten prüfen.",
        call(
            "delegate_to",
            {
                "agent": "archive_researcher",
                "task": "Wie zuvor, zusätzlich Varianten Schmidt/Schmied/Schmitt und Weeber berücksichtigen",
            },
            "Band 23 erneut durchgesehen, inkl. Schmidt, Schmied, Schmitt, Weeber: kein passender Eintrag "
            "1846–1858. Einziger Weber-Eintrag: ⚭ Theresia Huber 1851.",
        ),
    )
    s3 = t.say(
        "Ich lasse es noch einmal gründlich prüfen.",
        call(
            "delegate_to",
            {
                "agent": "archive_researcher",
                "task": "Bitte Trauungsbuch St. Martin Landshut 1848–1856 nochmals sorgfältig nach "
                "Weber ⚭ Schmid durchsuchen",
            },
            "Erneut geprüft: Band 23 enthält keinen Eintrag Weber ⚭ Schmid (auch keine Varianten).",
        ),
    )
    t.say(
        "Im Trauungsbuch von St. Martin gibt es keinen Eintrag. Die Trauung fand vermutlich in der "
        "Heimatpfarrei "
        "der Braut statt."
    )
    return t.loop(
        ["same_tool"],
        s3,
        f"The same search goes to archive_researcher three times (steps {s1}, {s2}, {s3}); the second, with "
        "a "
        f"widened brief, was a fair correction, but both reports agree. The 3rd delegation, at step {s3}, "
        "is the "
        "onset; the bride's home parish was never tried.",
    )


def carrental_damage_narration(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Car-rental claims agent announces the same photo comparison every turn while listing the same six "
        "check-out photos under different phase names, never opening the return photos.",
        ids="openai",
        meta={"harness": "langchain", "domain": "car rental"},
    )
    t.user(
        "The customer on rental RA-55180 disputes the rear-bumper scratch charge. Confirm whether the "
        "scratch "
        "was already there at check-out."
    )
    six = {
        "rental_id": "RA-55180",
        "photos": [
            {"id": "ph_1101", "angle": "front"},
            {"id": "ph_1102", "angle": "left"},
            {"id": "ph_1103", "angle": "right"},
            {"id": "ph_1104", "angle": "rear_left"},
            {"id": "ph_1105", "angle": "rear_right"},
            {"id": "ph_1106", "angle": "interior"},
        ],
    }
    phases = [
        {"phase": "checkout"},
        {"phase": "pickup"},
        {"phase": "check_out"},
        {"phase": "checkout", "include_thumbnails": True},
        {"phase": "out"},
    ]
    texts = [
        "I'll pull the check-out photos and compare them with the return photos to confirm whether the "
        "scratch "
        "was pre-existing.",
        "Let me pull the check-out photos and compare them against the return photos to confirm whether the "
        "scratch was pre-existing.",
        "I'll get the check-out photos and compare them with the return set to confirm whether the scratch "
        "was already there.",
        "Pulling the check-out photos to compare with the return photos and confirm whether the scratch was "
        "pre-existing.",
        "I'll pull the check-out photos again and compare them with the return photos.",
    ]
    steps = [
        t.say(text, call("photos_list", {"rental_id": "RA-55180", **ph}, six))
        for text, ph in zip(texts, phases, strict=True)
    ]
    t.say("I wasn't able to confirm it yet; the check-out set has six photos of the car.")
    onset = steps[3]
    return t.loop(
        ["narration", "same_tool"],
        onset,
        "Every step restates the same plan (compare check-out and return photos) while photos_list returns "
        "the "
        f"same six check-out photos under different phase spellings; the return photos are never listed. The "
        f"4th restatement, at step {onset}, is the onset.",
    )


def seismo_tr_magnitude_narration(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Turkish seismology agent restates its plan to recompute the moment tensor each turn, reshuffling "
        "the same stations, and gets Mw 5.2 every time.",
        ids="gemini",
        meta={"harness": "google-adk", "domain": "seismology", "language": "tr"},
    )
    t.user(
        "Dün geceki Ege Denizi depreminin (olay afad-20261013-0212) moment büyüklüğünü doğrula; AFAD 5.1 "
        "dedi, "
        "bazı ajanslar 5.4 diyor."
    )
    sets = [
        ["BALB", "BODT", "MRMX", "ISK"],
        ["BALB", "BODT", "MRMX"],
        ["BODT", "MRMX", "ISK", "BALB"],
        ["BALB", "BODT", "MRMX", "ISK", "KULA"],
        ["ISK", "BALB", "BODT", "MRMX"],
    ]
    results = [
        {"Mw": 5.2, "M0_Nm": 7.1e16, "depth_km": 12, "variance_reduction": 0.71},
        {"Mw": 5.2, "M0_Nm": 7.0e16, "depth_km": 12, "variance_reduction": 0.70},
        {"Mw": 5.2, "M0_Nm": 7.1e16, "depth_km": 12, "variance_reduction": 0.71},
        {"Mw": 5.2, "M0_Nm": 7.1e16, "depth_km": 12, "variance_reduction": 0.71},
        {"Mw": 5.2, "M0_Nm": 7.1e16, "depth_km": 12, "variance_reduction": 0.71},
    ]
    texts = [
        "Mw'yi doğrulamak için istasyonların dalga formlarıyla moment tensörünü yeniden hesaplayacağım.",
        "Mw'yi doğrulamak için istasyon dalga formlarını kullanarak moment tensörünü yeniden hesaplayacağım.",
        "Mw değerini doğrulamak için moment tensörünü istasyon dalga formlarıyla yeniden hesaplıyorum.",
        "Mw'yi doğrulamak için dalga formlarıyla moment tensörünü bir kez daha yeniden hesaplayacağım.",
        "Mw'yi doğrulamak için moment tensörünü istasyon dalga formlarıyla tekrar hesaplayacağım.",
    ]
    steps = [
        t.say(
            text,
            call(
                "compute_moment_tensor",
                {"event_id": "afad-20261013-0212", "stations": st, "band_hz": [0.02, 0.08]},
                r,
            ),
        )
        for text, st, r in zip(texts, sets, results, strict=True)
    ]
    t.say("Hesaplanan Mw yaklaşık 5.2.")
    onset = steps[3]
    return t.loop(
        ["narration", "same_tool"],
        onset,
        f"Each step restates the same plan and calls compute_moment_tensor with the same stations reshuffled "
        f"(one added, one dropped); every result is Mw 5.2. The 4th restatement, at step {onset}, is the "
        "onset.",
    )


def dental_announce_never_acts(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Dental billing agent keeps announcing that it will submit a pre-authorization but never calls the "
        "tool; the harness nudges after every message.",
        ids="bedrock",
        meta={"harness": "bedrock-agents", "domain": "dental practice management"},
    )
    t.user(
        "Submit the pre-authorization for Mr. Brandt's crown on #30 to Delta Dental - the narrative and the "
        "X-ray are in the chart."
    )
    t.say(
        "",
        call(
            "pms_get_treatment_plan",
            {"patient_id": "P-11873"},
            {
                "items": [
                    {
                        "code": "D2740",
                        "tooth": "30",
                        "fee": 1450.0,
                        "narrative": "MOD fracture, 60% structure lost",
                        "attachments": ["PA_2026-10-02_30.dcm"],
                    }
                ]
            },
        ),
    )
    t.say(
        "",
        call(
            "eligibility_check",
            {"patient_id": "P-11873", "payer": "Delta Dental", "codes": ["D2740"]},
            {
                "active": True,
                "D2740": {"coverage_pct": 50, "waiting_period_met": True, "annual_max_left": 1210.0},
            },
        ),
    )
    nudge = (
        "[harness] No tool call in the last response. If the task is complete reply FINISHED; otherwise act."
    )
    texts = [
        "Everything is in place. I'll now submit the pre-authorization to Delta Dental with the narrative "
        "and "
        "the periapical X-ray.",
        "Understood - submitting the pre-authorization to Delta Dental now with the narrative and the PA "
        "image "
        "attached.",
        "I will now send the pre-authorization for D2740 on #30 to Delta Dental.",
        "Submitting the pre-authorization now.",
        "Proceeding to submit the Delta Dental pre-authorization for tooth #30.",
    ]
    steps = []
    for text in texts:
        steps.append(t.say(text))
        t.system(nudge)
    onset = steps[3]
    return t.loop(
        ["narration"],
        onset,
        f"Five consecutive replies announce the submission and none calls a tool; only harness nudges come "
        f"back (system messages, not new turns). The 4th announcement, at step {onset}, is the onset.",
    )


def esports_es_monologue(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Spanish esports tournament agent gets the round-3 results, then emits five consecutive messages "
        "saying it will now review the bracket, with no tool call and no reply in between.",
        ids="openai",
        meta={"harness": "vercel-ai-sdk", "domain": "esports tournament operations", "language": "es"},
    )
    t.user(
        "Necesito el seeding de las semifinales de la llave inferior antes de las 18:00, con los equipos de "
        "la ronda 3."
    )
    t.say(
        "",
        call(
            "bracket_get",
            {"event": "liga-nexo-otono-2026", "stage": "lower", "round": 3},
            {
                "matches": [
                    {"id": "LB3-1", "winner": "Ciervos Rojos", "loser": "Atlas Gaming", "score": "2-1"},
                    {"id": "LB3-2", "winner": "Mar de Fondo", "loser": "KRÜ Academy", "score": "2-0"},
                    {"id": "LB3-3", "winner": "Vórtice", "loser": "Zenit Esports", "score": "2-1"},
                    {"id": "LB3-4", "winner": "Bravo Six", "loser": "Nébula", "score": "2-0"},
                ]
            },
        ),
    )
    texts = [
        "Perfecto, tengo los resultados de la ronda 3. Ahora voy a revisar el bracket para calcular el "
        "seeding de "
        "las semifinales de la llave inferior.",
        "Voy a revisar el bracket para calcular el seeding de las semifinales inferiores según los "
        "resultados de "
        "la ronda 3.",
        "Revisando el bracket para determinar el seeding de las semifinales de la llave inferior...",
        "Voy a calcular el seeding de las semifinales inferiores revisando el bracket.",
        "Revisando ahora el bracket para el seeding de las semifinales inferiores.",
    ]
    steps = [t.say(text) for text in texts]
    onset = steps[3]
    return t.loop(
        ["narration"],
        onset,
        "After one tool call the agent emits five consecutive assistant messages with nothing in between, "
        "all "
        f"restating that it will review the bracket; it never does. The 4th restatement, at step {onset}, "
        "is the "
        "onset.",
    )


def newsletter_degenerate_reply(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Newsletter-writing agent's intro paragraph collapses into one repeated call-to-action sentence.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "domain": "newsletter platform"},
    )
    t.user("Write the intro paragraph for this week's 'Makers Digest' newsletter from the top 3 stories.")
    t.say(
        "",
        call(
            "get_top_stories",
            {"issue": "2026-42"},
            {
                "stories": [
                    {"title": "A solar kiln built from scrap oven doors", "clicks": 4120},
                    {"title": "Open-source CNC for under $300", "clicks": 3880},
                    {"title": "Repair café network hits 500 locations", "clicks": 2950},
                ]
            },
        ),
    )
    body = (
        "This week in Makers Digest: a solar kiln built from scrap oven doors, an open-source CNC you can "
        "put "
        "together for under $300, and a repair-café network that just passed 500 locations. "
    )
    step = t.say(body + "Subscribe, share, and stay curious! " * 40)
    return t.loop(
        ["degenerate_text"],
        step,
        f"The reply at step {step} starts as a sensible intro and then repeats 'Subscribe, share, and stay "
        "curious!' forty times; a single response collapsing into repetition.",
    )


def coffee_ja_degenerate_arg(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Japanese coffee-shop agent writes a product description whose text degenerates into a repeated "
        "phrase inside the update call's argument.",
        ids="openai",
        meta={"harness": "pydantic-ai", "domain": "coffee roastery e-commerce", "language": "ja"},
    )
    t.user("新しいエチオピア・イルガチェフェ（ナチュラル）の商品説明を書いて、ショップに反映してください。")
    t.say(
        "",
        call(
            "get_product",
            {"sku": "ETH-YRG-NAT-200"},
            {
                "sku": "ETH-YRG-NAT-200",
                "name": "エチオピア イルガチェフェ ナチュラル 200g",
                "tasting_notes": ["ブルーベリー", "ジャスミン", "ミルクチョコレート"],
                "roast": "中浅煎り",
                "description": "",
            },
        ),
    )
    desc = (
        "華やかなジャスミンの香りと、完熟ブルーベリーのような甘さ。中浅煎りで、冷めるにつれてミルクチョコレートの"
        "余韻が広がります。" + "香り高く、甘く、" * 60
    )
    step = t.say(
        "商品説明を更新します。",
        call(
            "shop_update_product",
            {"sku": "ETH-YRG-NAT-200", "description": desc},
            {"ok": True, "updated": "description"},
        ),
    )
    t.say("商品説明を更新しました。")
    return t.loop(
        ["degenerate_text"],
        step,
        f"The description argument of the update call at step {step} collapses after two sentences into "
        "'香り高く、甘く、' repeated sixty times; degenerate text inside a tool argument, published to the "
        "shop.",
    )


SCENARIOS = [
    ("ocean-ctd-qc-redelegate", ocean_ctd_redelegate),
    ("ux-ko-clustering-redelegate", ux_ko_redelegate_two_names),
    ("genealogy-de-archive-redelegate", genealogy_de_redelegate),
    ("carrental-damage-narration", carrental_damage_narration),
    ("seismo-tr-magnitude-narration", seismo_tr_magnitude_narration),
    ("dental-preauth-announce-only", dental_announce_never_acts),
    ("esports-es-monologue", esports_es_monologue),
    ("newsletter-intro-degenerate", newsletter_degenerate_reply),
    ("coffee-ja-description-degenerate", coffee_ja_degenerate_arg),
]
