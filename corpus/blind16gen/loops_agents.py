"""Loops of agents and text: re-delegation, restated plans, announced actions never taken, a monologue,
degenerate text, writes re-issued after success."""

from __future__ import annotations

from blind16gen.builder import Trace, call, loop


@loop("youth-league-referee-redelegation", style="anthropic")
def referee_task(t: Trace) -> None:
    t.user("We need two certified U12 referees for Saturday 10:00 at Field 4 (Riverside). Assign them.")
    brief = "Find certified U12 referees free Saturday 2026-10-10 10:00-11:30 near Riverside Field 4."
    reports = [
        "Two referees are free: Marek Kowal (grade 7, 3.1 mi) and Ana Pires (grade 8, 5.0 mi).",
        "Available and certified: Ana Pires (grade 8) and Marek Kowal (grade 7). No one else within 10 mi.",
        "Result: Marek K. and Ana P. are the only certified U12 refs free at that time.",
        "Same finding: Kowal and Pires.",
    ]
    steps = []
    for i, r in enumerate(reports):
        p = brief if i == 0 else brief + " Double-check the availability calendar."
        steps.append(
            t.step(
                "Delegating the availability check." if i == 0 else "Let me have that verified again.",
                call(
                    "Task",
                    {"subagent_type": "availability-checker", "description": "U12 refs Sat", "prompt": p},
                    r,
                ),
            )
        )
    t.loop(
        ["same_tool"],
        steps[2],
        "A league scheduler re-delegates the same referee availability check; every report names "
        "the same two.",
        "Two reports already agree (Kowal and Pires); the 3rd delegation at step "
        f"{steps[2]} is the onset. The agent should have assigned them.",
    )


@loop("cruise-excursion-scout-redelegation-zh", style="responses")
def cruise_delegate(t: Trace) -> None:
    t.user("帮我找一家能在基隆接待 40 位轮椅乘客的岸上观光供应商，11 月 12 日。")
    task = "基隆 2026-11-12，40 位轮椅乘客，无障碍巴士与导游，上午出发。"
    reports = [
        "找到一家：北海岸无障碍旅运，2 辆低地板巴士，可接 24 位轮椅；另一家已满。",
        "结论：只有北海岸无障碍旅运有低地板车，容量 24 位轮椅。",
        "北海岸无障碍旅运（24 轮椅位）是唯一可用的；无法满足 40 位。",
    ]
    agents = ["port-agent-researcher", "excursion-scout", "port-agent-researcher"]
    steps = [
        t.step(
            "交给子代理调查。" if i == 0 else "再请另一位子代理核实。",
            call("delegate", {"agent": a, "task": task}, r),
        )
        for i, (a, r) in enumerate(zip(agents, reports, strict=True))
    ]
    t.say("目前只有一家供应商，容量 24 位。")
    t.loop(
        ["same_tool"],
        steps[2],
        "A cruise-operations agent delegates one supplier search three times under two sub-agent names.",
        "The first two reports agree (one supplier, 24 wheelchair places); a different sub-agent "
        "name is still a "
        f"re-delegation of the same task. The 3rd delegation at step {steps[2]} is the onset.",
    )


@loop("dcim-power-audit-spawn-et", style="plain")
def dcim_spawn(t: Trace) -> None:
    t.user("Kontrolli, kas räkk B2-17 mahub 6 kW lisakoormusega PDU eelarvesse.")
    task = "Räkk B2-17: praegune koormus, PDU A/B limiit, 6 kW lisakoormuse järel varu."
    reports = [
        "B2-17: 9,8 kW praegu, limiit 2×8,6 kW (N+N → 8,6 kW). Lisaga 15,8 kW — ei mahu.",
        "Koormus 9,8 kW, redundantne limiit 8,6 kW; juba praegu üle; +6 kW ei mahu.",
        "Kokkuvõte: ei mahu, räkk on juba üle redundantse piiri.",
    ]
    steps = [
        t.step(
            "Käivitan alamagendi." if i == 0 else "Lasen uuesti kontrollida.",
            call("spawn_agent", {"role": "power-auditor", "task": task}, r),
        )
        for i, r in enumerate(reports)
    ]
    t.loop(
        ["same_tool"],
        steps[2],
        "A data-centre agent spawns the same power audit three times; all three reports say it does not fit.",
        f"Two agreeing reports precede the 3rd delegation at step {steps[2]}, the onset.",
    )


@loop("cad-unit-recommend-restated-sr", style="gemini")
def cad_narration(t: Trace) -> None:
    t.user("Инцидент 26-4471: пад у кући, старија особа, Нови Београд блок 45. Предложи јединицу.")
    plan = "План: 1) проверим најближе АЛС јединице, 2) проверим време доласка, 3) препоручим јединицу."
    rec = {"incident": "26-4471", "recommended": "ALS-12", "eta_min": 9, "alternates": ["BLS-7 (6 min)"]}
    opts = [{}, {"prefer": "ALS"}, {"radius_km": 8}, {"prefer": "ALS", "radius_km": 10}, {"exclude": []}]
    steps = [t.step(plan, call("cad.recommend", {"incident": "26-4471", **o}, rec)) for o in opts]
    t.say("Препорука: ALS-12, 9 минута.")
    t.loop(
        ["narration", "same_tool"],
        steps[3],
        "A dispatch assistant restates the same three-point plan each turn while re-asking for a "
        "recommendation.",
        "Each message repeats the plan word for word and cad.recommend returns ALS-12 every time despite the "
        f"changed options; the 4th restatement and 4th attempt fall on step {steps[3]}, the onset.",
    )


@loop("orchestra-bowings-restated-plan", style="anthropic")
def bowings_narration(t: Trace) -> None:
    t.user(
        "Before Thursday's rehearsal, make sure the second violins' bowings in Brahms 2, mvt 1 "
        "match the firsts."
    )
    plan = (
        "Next I'll cross-check the second-violin bowings against the concertmaster's part, bar by bar, and "
        "then list the mismatches."
    )
    calls = [
        call("parts.get", {"work": "Brahms Sym 2", "part": "Vn1", "mvt": 1}, {"pages": 6, "marked": True}),
        call("parts.get", {"work": "Brahms Sym 2", "part": "Vn2", "mvt": 1}, {"pages": 6, "marked": True}),
        call("parts.annotations", {"work": "Brahms Sym 2", "mvt": 1}, {"annotations": []}),
        call("parts.get", {"work": "Brahms Sym 2", "part": "Vn1", "mvt": 1}, {"pages": 6, "marked": True}),
        call("parts.annotations", {"work": "Brahms Sym 2", "mvt": 1}, {"annotations": []}),
    ]
    steps = [t.step(plan, c) for c in calls]
    t.loop(
        ["narration"],
        steps[3],
        "An orchestra-librarian agent repeats its cross-check plan while reading part metadata that "
        "never shows bars.",
        "The same plan opens every message; the calls only return page counts and an empty "
        "annotation list, so "
        f"no bar is ever compared. The 4th restatement at step {steps[3]} is the onset.",
    )


@loop("self-storage-lien-notice-announced")
def lien_announce(t: Trace) -> None:
    t.user("Unit 118 is 62 days past due. Send the statutory lien notice by certified mail.")
    t.step(
        "Checking the ledger for unit 118.",
        call("ledger.get", {"unit": "118"}, {"balance": 412.0, "days_past_due": 62, "tenant": "R. Alvarez"}),
    )
    msgs = [
        "I'll now send the lien notice to R. Alvarez for unit 118 by certified mail.",
        "Sending the lien notice for unit 118 now.",
        "Now I'll send the certified lien notice for unit 118.",
        "I will send the lien notice to the tenant of unit 118 via certified mail now.",
        "Proceeding to send the lien notice for unit 118.",
    ]
    steps = []
    for m in msgs:
        steps.append(t.say(m))
        t.system("[harness] No tool call was made. Continue with the task.")
    t.loop(
        ["narration"],
        steps[3],
        "A self-storage agent announces the lien notice five times and never calls the mail tool.",
        "After the ledger read, every message announces the same action with no tool call, answered only by "
        f"harness nudges; the 4th announcement at step {steps[3]} is the onset.",
    )


@loop("trademark-opposition-monologue-es", style="mistral")
def tm_monologue(t: Trace) -> None:
    t.user(
        "¿Conviene presentar oposición contra la solicitud EU019112348 'LUMIQA'? Plazo: 3 meses desde la "
        "publicación del 2026-08-20."
    )
    t.step(
        "Reviso la solicitud.",
        call(
            "euipo.application",
            {"number": "EU019112348"},
            {"mark": "LUMIQA", "classes": [9, 42], "published": "2026-08-20"},
        ),
    )
    lines = [
        "Voy a analizar la similitud fonética y conceptual entre LUMIQ y LUMIQA para decidir sobre "
        "la oposición.",
        "Analizaré ahora la similitud fonética y conceptual entre LUMIQ y LUMIQA antes de decidir "
        "la oposición.",
        "Para decidir, primero analizo la similitud fonética y conceptual de LUMIQ frente a LUMIQA.",
        "Procedo a analizar la similitud fonética y conceptual entre LUMIQ y LUMIQA para la oposición.",
        "Voy a analizar la similitud entre LUMIQ y LUMIQA y luego decido sobre la oposición.",
    ]
    steps = [t.say(x) for x in lines]
    t.loop(
        ["narration"],
        steps[3],
        "A trademark agent writes five consecutive messages announcing the same similarity analysis.",
        "No tool call or user message between the messages: a monologue. The first message counts as the 1st "
        f"statement, so the 4th at step {steps[3]} is the onset.",
    )


@loop("wind-yaw-summary-degenerate")
def wind_degenerate(t: Trace) -> None:
    t.user("Was the yaw motor fault on T12 fixed by yesterday's work order?")
    t.step(
        "",
        call(
            "cmms.work_order",
            {"id": "WO-55107"},
            {
                "turbine": "T12",
                "task": "Replace yaw motor 3 brake",
                "status": "closed",
                "closed": "2026-10-07",
            },
        ),
        call("scada.alarms", {"turbine": "T12", "since": "2026-10-07T12:00:00Z"}, "ts,code,text\n"),
    )
    unit = "The yaw motor fault is resolved. "
    s = t.say("WO-55107 replaced the brake on yaw motor 3 and no alarm since. " + unit * 28)
    t.loop(
        ["degenerate_text"],
        s,
        "A wind-farm agent's answer collapses into one sentence repeated 28 times.",
        f"The reply at step {s} starts sensibly and then repeats 'The yaw motor fault is resolved.' 28x.",
    )


@loop("ectd-cover-letter-degenerate-th", style="anthropic")
def cover_degenerate(t: Trace) -> None:
    t.user("ร่างหนังสือนำส่งสำหรับลำดับ 0008 ถึง อย. และบันทึกเป็น cover-letter.md")
    t.step(
        "ดูรายการเอกสารในลำดับ 0008",
        call(
            "ectd.sequence",
            {"submission": "0008"},
            {"modules": ["m1", "m2.3", "m3.2.P"], "type": "variation"},
        ),
    )
    body = (
        "เรียน ผู้อำนวยการกองยา\n\nบริษัทฯ ขอนำส่งเอกสารการแก้ไขทะเบียนตำรับยา ลำดับ 0008 "
        + "ซึ่งประกอบด้วยเอกสารโมดูล 3 " * 40
    )
    s = t.step(
        "บันทึกหนังสือนำส่ง",
        call("docs.write", {"path": "cover-letter.md", "content": body}, {"written": len(body)}),
    )
    t.say("บันทึกไฟล์แล้ว")
    t.loop(
        ["degenerate_text"],
        s,
        "A regulatory agent writes a cover letter whose body collapses into one phrase repeated 40 times.",
        f"The content argument of docs.write at step {s} repeats 'ซึ่งประกอบด้วยเอกสารโมดูล 3' 40 times after "
        "the opening line.",
    )


@loop("golf-booking-reissued-hr", style="openai", indent=True)
def golf_rebook(t: Trace) -> None:
    t.user("Rezerviraj termin za četvoricu u subotu u 9:20 na ime Horvat.")
    args = {"date": "2026-10-10", "time": "09:20", "players": 4, "name": "Horvat"}
    steps = []
    for i, conf in enumerate(["TS-44120", "TS-44121", "TS-44125", "TS-44127"]):
        text = "Rezerviram." if i == 0 else "Potvrđujem rezervaciju još jednom."
        steps.append(t.step(text, call("tee_sheet.book", args, {"ok": True, "confirmation": conf, **args})))
    t.say("Termin je rezerviran.")
    t.loop(
        ["identical_call"],
        steps[2],
        "A golf-club agent books the same tee time four times; each booking succeeds with a new number.",
        "tee_sheet.book with identical arguments succeeds every time (only the confirmation number "
        "changes, a "
        f"volatile field); the 3rd identical write at step {steps[2]} is the onset, and it leaves duplicate "
        "bookings.",
    )


@loop("blood-donor-sms-reissued-bg", style="gemini")
def donor_sms(t: Trace) -> None:
    t.user("Изпрати SMS покана до донорите с кръвна група 0 отрицателна в Пловдив за утре.")
    t.step(
        "",
        call(
            "donors.segment",
            {"blood_group": "0-", "city": "Пловдив", "eligible": True},
            {"segment_id": "seg-0neg-pdv", "count": 57},
        ),
    )
    args = {"segment": "seg-0neg-pdv", "template": "urgent_call_0neg", "date": "2026-10-09"}
    steps = []
    for i, b in enumerate(["b-91021", "b-91034", "b-91040", "b-91052"]):
        steps.append(
            t.step(
                "Изпращам." if i == 0 else "Изпращам поканата отново, за да съм сигурен.",
                call("sms.send_campaign", args, {"status": "sent", "batch": b, "recipients": 57}),
            )
        )
    t.loop(
        ["identical_call"],
        steps[2],
        "A blood-bank agent re-sends the same SMS campaign to 57 donors after it already succeeded.",
        "sms.send_campaign succeeds each time (only the batch id differs); the 3rd identical send at step "
        f"{steps[2]} is the onset, by which the donors already have three messages.",
    )
