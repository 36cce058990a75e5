"""Loops: re-delegation to sub-agents, restated intent with and without tools, a monologue and degenerate
text."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call, js


def museum_provenance_redelegation() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-025-museum-provenance-redelegation",
        "Museum orchestrator re-delegates one provenance question to the same research sub-agent; the "
        "reports agree each time.",
        ids="anthropic",
        agent="museum collections (provenance research)",
    )
    t.user(
        "Before we accept the loan request for 1961.40.2 (Portrait of a Woman in Blue), confirm there is "
        "no gap in its ownership history between 1933 and 1945."
    )
    t.act(
        "Reading the object record.",
        call(
            "collections.get_object",
            {"accession": "1961.40.2"},
            js(
                {
                    "accession": "1961.40.2",
                    "title": "Portrait of a Woman in Blue",
                    "provenance": "Galerie Hartmann, Munich (by 1931); ...; gift of E. Whitcombe, 1961",
                },
                indent=2,
            ),
        ),
    )
    reports = [
        "Report: ownership is documented to Galerie Hartmann, Munich, by 1931. No record located between "
        "1938 and 1952; a Hartmann stock stamp is on the verso. Recommend querying the Zentralinstitut's "
        "Hartmann archive and the German Lost Art database before the loan is approved.",
        "Findings: provenance chain breaks after 1938 (last entry: Galerie Hartmann, Munich) and resumes "
        "in 1952 with a New York sale. The 1938-1952 gap is unexplained. Next step: Hartmann gallery "
        "archive and Lost Art database.",
        "Summary: Galerie Hartmann (Munich) held the work by 1931; nothing is known from 1938 until the "
        "1952 New York sale. Suggest consulting the Hartmann archive at the Zentralinstitut and checking "
        "Lost Art.",
        "The provenance has a gap from 1938 to 1952 after Galerie Hartmann, Munich. Archives to consult: "
        "Hartmann papers (Zentralinstitut), Lost Art database.",
    ]
    briefs = [
        "Research the 1933-1945 provenance of 1961.40.2 (Portrait of a Woman in Blue). Report any gaps.",
        "Please look again, more thoroughly, at the wartime provenance of 1961.40.2 and report gaps.",
        "Re-check 1961.40.2's ownership between 1933 and 1945; be exhaustive about any gap.",
        "Final pass: provenance of 1961.40.2, 1933-1945. Any gap?",
    ]
    texts = [
        "Delegating the archival research to the provenance researcher.",
        "A gap from 1938 to 1952 is serious; let me have the researcher double-check.",
        "Both reports agree, but I want to be certain before telling the registrar. One more pass.",
        "Let me ask once more with a tighter brief.",
    ]
    delegations = [
        t.act(text, call("delegate_task", {"agent": "provenance_researcher", "brief": brief}, report))
        for brief, report, text in zip(briefs, reports, texts, strict=True)
    ]
    t.say(
        "There is an unexplained gap from 1938 to 1952. I recommend holding the loan until the Hartmann "
        "archive and Lost Art database are checked."
    )
    onset = delegations[2]
    return t.loop(
        ["same_tool"],
        onset,
        "The orchestrator gives the same provenance task to the same sub-agent four times (steps "
        f"{', '.join(map(str, delegations))}) with reworded briefs; every report names the same 1938-1952 "
        "gap and the same two archives to consult. Re-delegation of one task: the 3rd delegation, step "
        f"{onset}, is the onset, after two reports that already agree.",
    )


def spectrum_interference_redelegation_hu() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-026-spectrum-interference-redelegation",
        "Spectrum licensing lead (Hungarian) keeps spawning an RF engineer sub-agent for the same "
        "interference study.",
        ids="openai",
        agent="spectrum licensing",
        language="hu",
    )
    t.user(
        "Az új mikrohullámú összeköttetés (Pécs-Mecsek – Komló, 18 GHz) zavarja-e a meglévő HU-18-0442 "
        "linket? Kell a válasz a hatósági beadványhoz."
    )
    reports = [
        "C/I = 18.4 dB a HU-18-0442 vevőjén, a küszöb 21 dB, a tartalék -2.6 dB. Javaslat: "
        "polarizációváltás (V→H).",
        "Az interferencia-arány 18,4 dB, követelmény 21 dB; 2,6 dB hiány. Megoldás lehet a vízszintes "
        "polarizáció.",
        "Eredmény: C/I 18.4 dB (limit 21 dB), margin -2.6 dB. Polarizáció cseréje ajánlott.",
        "A link C/I értéke 18,4 dB, ami 2,6 dB-lel a 21 dB-es határ alatt van. Polarizációváltás javasolt.",
    ]
    texts = [
        "Átadom a számítást az RF mérnök al-ágensnek.",
        "Negatív tartalék — ezt ellenőriztetem még egyszer.",
        "A két jelentés egyezik, de a beadvány miatt legyen még egy független számítás.",
        "Utolsó ellenőrzés.",
    ]
    task = "Számold ki a C/I arányt a HU-18-0442 vevőjén az új Pécs-Mecsek–Komló 18 GHz-es link mellett."
    delegations = [
        t.act(text, call("spawn_subagent", {"role": "rf_engineer", "task": task, "attempt": k + 1}, rep))
        for k, (rep, text) in enumerate(zip(reports, texts, strict=True))
    ]
    t.say("Igen, zavarja: C/I 18,4 dB a 21 dB-es határ helyett. Polarizációváltást javaslok.")
    onset = delegations[2]
    return t.loop(
        ["same_tool"],
        onset,
        "The same interference study is delegated to the rf_engineer sub-agent four times (steps "
        f"{', '.join(map(str, delegations))}; only an attempt counter changes); every report gives C/I 18.4 "
        f"dB against 21 dB and the same fix. The 3rd delegation, step {onset}, is the onset.",
    )


def community_hall_booking_narration_ru() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-027-community-hall-announced-never-booked",
        "Community events agent (Russian) announces the hall booking turn after turn and never calls the "
        "booking tool.",
        ids="openai",
        agent="religious and community event scheduling",
        language="ru",
    )
    t.user(
        "Забронируй, пожалуйста, большой зал общины на субботу, 21 марта, с 18:00 до 21:00 — вечер памяти. "
        "Человек 80."
    )
    t.act(
        "Проверю календарь зала.",
        call(
            "hall_calendar.get",
            {"hall": "main", "date": "2026-03-21"},
            js(
                {
                    "hall": "main",
                    "capacity": 120,
                    "date": "2026-03-21",
                    "bookings": [{"from": "10:00", "to": "13:00", "title": "Хор"}],
                }
            ),
        ),
    )
    announcements = [
        "Зал свободен с 18:00 до 21:00. Сейчас забронирую его на вечер памяти.",
        "Бронирую большой зал на субботу 21 марта, 18:00–21:00, на 80 человек.",
        "Итак, оформляю бронь зала: суббота, 18:00–21:00, вечер памяти.",
        "Сейчас создам бронирование большого зала на 21 марта с 18:00.",
        "Бронирую зал на вечер памяти, 21 марта 18:00–21:00.",
    ]
    steps = []
    for k, text in enumerate(announcements):
        steps.append(t.say(text))
        if k < len(announcements) - 1:
            t.system("[harness] No tool call in the last response. Continue the task or call finish().")
    return t.loop(
        ["narration"],
        steps[3],
        "After one calendar read, the agent announces the same booking five times (steps "
        f"{', '.join(map(str, steps))}) and never calls a booking tool; only harness system messages "
        f"answer. Restated intent without a tool call: the 4th announcement, step {steps[3]}, is the onset.",
    )


def funeral_todo_narration() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-028-funeral-obituary-todo-narration",
        "Funeral home agent rewrites the same todo list and says it is drafting the obituary, turn after "
        "turn, without drafting it.",
        ids="anthropic",
        agent="funeral home and cemetery management",
    )
    t.user(
        "Please draft the obituary for Mr. Chinedu Okafor (case FUN-2026-0233) for the family to review, "
        "and put it in the case folder."
    )
    t.act(
        "Let me read the arrangement details.",
        call(
            "case.get",
            {"case_id": "FUN-2026-0233"},
            js(
                {
                    "deceased": "Chinedu Okafor",
                    "born": "1948-07-02, Enugu",
                    "died": "2026-03-14",
                    "survived_by": ["Adaeze (wife)", "Obinna", "Ngozi"],
                    "service": "2026-03-21 11:00, St. Brigid's",
                    "notes": "retired civil engineer; choir member 30 years",
                },
                indent=2,
            ),
        ),
    )
    todos = {
        "todos": [
            {"content": "Draft obituary for Chinedu Okafor", "status": "in_progress"},
            {"content": "Save draft to case folder", "status": "pending"},
            {"content": "Notify family for review", "status": "pending"},
        ]
    }
    texts = [
        "I have everything I need. I'll now draft the obituary. First, let me set up my plan.",
        "Plan is in place. Now I'm going to draft the obituary for Mr. Okafor.",
        "Drafting the obituary now. Updating the plan to reflect that it's in progress.",
        "I'll write the obituary draft now, then save it to the case folder.",
        "Next: the obituary draft for Mr. Okafor. Let me make sure the plan is current.",
    ]
    writes = [
        t.act(text, call("TodoWrite", todos, "Todos have been modified successfully.")) for text in texts
    ]
    onset = writes[2]
    return t.loop(
        ["narration", "identical_call"],
        onset,
        f"From step {writes[0]} on, every turn restates 'I'll draft the obituary now' and rewrites the "
        f"identical todo list (steps {', '.join(map(str, writes))}); no draft is ever written. Several "
        f"kinds: the 3rd identical TodoWrite at step {onset} comes before the 4th restatement (step "
        f"{writes[3]}), so step {onset} is the onset.",
    )


def ski_schedule_monologue_ja() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-029-ski-lift-schedule-monologue",
        "Ski resort agent (Japanese) reads wind data, then emits consecutive messages restating that it "
        "will make the schedule.",
        ids="gemini",
        agent="ski resort operations",
        language="ja",
    )
    t.user("明日のリフト運行計画を作ってください。第3・第5リフトは風速15m/s超で運休です。")
    t.act(
        "風速予報を取得します。",
        call(
            "weather.get_wind_forecast",
            {"stations": ["lift3_top", "lift5_top"], "date": "2026-02-08"},
            js(
                {
                    "lift3_top": {"08": 9.2, "11": 13.8, "14": 16.4, "16": 12.1},
                    "lift5_top": {"08": 11.0, "11": 15.9, "14": 17.2, "16": 14.0},
                }
            ),
        ),
    )
    lines = [
        "予報を確認しました。これから明日の運行計画表を作成します。",
        "では、運行計画表を作成します。第3・第5リフトの風速に注意します。",
        "運行計画表の作成に取りかかります。まず各リフトの時間帯を整理します。",
        "これから運行計画を作成します。風速15m/sの基準を適用します。",
        "運行計画表を作成していきます。",
    ]
    steps = [t.say(line) for line in lines]
    return t.loop(
        ["narration"],
        steps[3],
        f"After one forecast read, five consecutive assistant messages (steps {', '.join(map(str, steps))}) "
        "with nothing in between all say 'I will now make the schedule'; no schedule appears. A monologue "
        f"of restatements: the 4th, step {steps[3]}, is the onset.",
    )


def archaeology_report_degenerate() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-030-archaeology-report-degenerates",
        "Excavation records agent writes a context summary that collapses into a repeated clause.",
        ids="openai",
        agent="archaeology excavation records",
    )
    t.user("Summarise the stratigraphy of trench 5 for the interim report, one paragraph.")
    t.act(
        "Pulling the Harris matrix for trench 5.",
        call(
            "matrix.get",
            {"trench": 5},
            "5001 > 5002 > 5004 > 5007\n5002 > 5005\n5005 = 5006\n5007 > 5009 (natural)",
        ),
    )
    t.act(
        "And the context descriptions.",
        call(
            "contexts.list",
            {"trench": 5},
            js(
                [
                    {"id": 5001, "type": "topsoil"},
                    {"id": 5002, "type": "layer", "desc": "post-medieval plough soil"},
                    {"id": 5004, "type": "fill", "desc": "upper fill of ditch [5003]"},
                    {"id": 5005, "type": "layer", "desc": "burnt spread"},
                    {"id": 5007, "type": "fill", "desc": "primary fill of ditch [5003]"},
                    {"id": 5009, "type": "natural"},
                ]
            ),
        ),
    )
    clause = "which was sealed by context 5004 "
    text = (
        "Trench 5 was excavated to natural (5009). The earliest feature is ditch [5003], whose primary "
        "fill 5007 "
        "was sealed by the upper fill 5004, " + clause * 46 + "which was sealed by"
    )
    step = t.say(text)
    return t.loop(
        ["degenerate_text"],
        step,
        f"The summary at step {step} starts sensibly and then collapses into 'which was sealed by context "
        "5004' repeated 46 times, cut off mid-clause. A reply that degenerates into repeated text: step "
        f"{step} is the onset.",
    )


def apparel_email_degenerate_arg_th() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-031-apparel-email-body-degenerates",
        "Apparel sourcing agent (Thai) sends a factory e-mail whose body argument collapses into one "
        "repeated phrase.",
        ids="bedrock",
        agent="apparel product lifecycle management",
        language="th",
    )
    t.user("ส่งอีเมลถึงโรงงาน Siam Knit แจ้งผลฟิตติ้งตัวอย่าง SS26-TS-118 และขอให้ยืนยันตารางไซซ์ใหม่")
    t.act(
        "ดึงผลฟิตติ้งล่าสุด",
        call(
            "plm.get_fit_comments",
            {"style": "SS26-TS-118", "sample": "PP2"},
            js(
                {
                    "style": "SS26-TS-118",
                    "sample": "PP2",
                    "comments": ["รอบอกไซซ์ M แคบไป 1.5 ซม.", "ความยาวแขนไซซ์ L ยาวไป 1 ซม."],
                    "new_spec": "SS26-TS-118_spec_v4.xlsx",
                }
            ),
        ),
    )
    body = (
        "เรียน ทีม Siam Knit\n\nผลฟิตติ้งตัวอย่าง PP2 ของ SS26-TS-118: รอบอกไซซ์ M แคบไป 1.5 ซม. "
        "และความยาวแขนไซซ์ L ยาวไป 1 ซม. " + "กรุณายืนยันตารางไซซ์ใหม่ " * 40
    )
    step = t.act(
        "ส่งอีเมลถึงโรงงาน",
        call(
            "mail.send",
            {"to": "sample-room@siamknit.example", "subject": "SS26-TS-118 PP2 fit comments", "body": body},
            js({"status": "sent", "message_id": "<20260319.4471@mail.example>"}),
        ),
    )
    t.say("ส่งอีเมลเรียบร้อยแล้ว")
    return t.loop(
        ["degenerate_text"],
        step,
        f"The mail.send body at step {step} starts with the two fit comments and then repeats 'please "
        "confirm the new size chart' 40 times; the degenerate text went out to the factory. Degenerate "
        f"text in a tool argument: step {step} is the onset.",
    )


def rail_geometry_redelegation_id() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-032-rail-geometry-redelegation",
        "Track maintenance lead (Indonesian) re-delegates one track-geometry analysis through an MCP "
        "agents server, once under another name.",
        ids="mistral",
        agent="railway track maintenance",
        language="id",
    )
    t.user(
        "Analisis data geometri jalan rel lintas Cikampek–Purwakarta km 82–95 dari kereta ukur kemarin. "
        "Bagian mana yang perlu dipecok minggu ini?"
    )
    task = (
        "Analisis file geometri TGR-2026-03-17-CKP.csv km 82-95; tentukan segmen dengan twist/level di "
        "atas batas."
    )
    reports = [
        "Segmen melewati batas: km 84.3-84.6 (twist 14 mm/3 m), km 91.1-91.3 (cross level 19 mm). "
        "Prioritas: km 91.",
        "Dua lokasi di atas batas: km 91.1-91.3 (cross level 19 mm) dan km 84.3-84.6 (twist 14 mm/3 m).",
        "Hasil: km 84.3–84.6 twist 14 mm/3 m; km 91.1–91.3 cross level 19 mm. Dahulukan km 91.",
    ]
    calls = [
        ("track_geometry_analyst", "Saya serahkan analisis ke agen analis geometri."),
        ("geometry_reviewer", "Biar agen peninjau memeriksa ulang analisis yang sama."),
        ("track_geometry_analyst", "Hasil keduanya sama, tapi saya minta analis menjalankannya sekali lagi."),
    ]
    delegations = [
        t.act(text, call("agents__delegate", {"agent": name, "task": task}, rep))
        for (name, text), rep in zip(calls, reports, strict=True)
    ]
    t.act(
        "Saya minta sekali lagi untuk memastikan.",
        call("agents__delegate", {"agent": "geometry_reviewer", "task": task}, reports[1]),
    )
    t.say("Perlu pemecokan di km 91.1–91.3 (prioritas) dan km 84.3–84.6.")
    onset = delegations[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"One geometry task is delegated four times (steps {', '.join(map(str, delegations))} and one "
        "more), alternating two sub-agent names; all reports list the same two segments. The second name "
        f"does not make it a new task. The 3rd delegation, step {onset}, is the onset.",
    )


SCENARIOS = [
    museum_provenance_redelegation,
    spectrum_interference_redelegation_hu,
    community_hall_booking_narration_ru,
    funeral_todo_narration,
    ski_schedule_monologue_ja,
    archaeology_report_degenerate,
    apparel_email_degenerate_arg_th,
    rail_geometry_redelegation_id,
]
