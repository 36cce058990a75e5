"""Agent-level loops: re-delegation, restated plans with calls that bring nothing new, an action announced
but never taken, a monologue, degenerate text, and writes re-issued after success."""

from __future__ import annotations

from .builder import Trace, js, jsi, loop_case

# ---------------------------------------------------------------------------- re-delegation


@loop_case(
    "transplant-hla-redelegation",
    "Organ transplant allocation: the coordinator agent sends the same virtual crossmatch task to its HLA "
    "sub-agent four times and gets the same answer each time.",
    domain="organ transplant allocation",
    lang="en",
    ids="openai",
    pattern="re-delegation",
)
def transplant_redelegate(t: Trace) -> None:
    t.user(
        "Kidney offer for candidate C-3391 from donor D-8812. Get me the virtual crossmatch result before "
        "I call the surgeon."
    )
    task = (
        "Compute the virtual crossmatch for donor D-8812 against candidate C-3391 using the latest single "
        "antigen bead results; list any donor-specific antibodies above 2000 MFI."
    )
    reports = [
        "VXM negative. No DSA above 2000 MFI. Highest: DQ7 at 850 MFI (serum 2025-05-02).",
        "Virtual crossmatch: negative. DSA over threshold: none. Max DQ7 850 MFI, serum of 2 May.",
        "Result negative; no donor-specific antibody exceeds 2000 MFI (DQ7 = 850).",
        "Negative VXM, no DSA > 2000 MFI; DQ7 850 MFI is the highest reactivity.",
    ]
    texts = [
        "Handing this to the HLA matcher.",
        "Let me have it double-checked.",
        "I'll ask the HLA matcher to confirm once more.",
        "One more run to be certain.",
    ]
    steps = [
        t.tool(text, "delegate_subagent", {"agent": "hla_matcher", "task": task}, rep)
        for text, rep in zip(texts, reports, strict=True)
    ]
    t.say("Virtual crossmatch is negative: no DSA above 2000 MFI, highest DQ7 at 850 MFI.")
    onset = steps[2]
    t.loop(
        ["same_tool"],
        onset,
        f"delegate_subagent sends the same task to hla_matcher at steps "
        f"{', '.join(map(str, steps))}; the first "
        f"two reports already agree (negative, DQ7 850 MFI), only the wording differs. The 3rd delegation, "
        f"step {onset}, is the onset.",
    )


@loop_case(
    "bridge-strain-drift-task-repeat",
    "Bridge structural health monitoring: a Claude-Code-style agent launches the same Task sub-agent on a "
    "strain gauge drift three times.",
    domain="bridge structural health monitoring",
    lang="ja",
    ids="anthropic",
    pattern="re-delegation",
)
def bridge_redelegate(t: Trace) -> None:
    t.user("橋梁B-17のひずみゲージSG-04のドリフトが温度由来かどうか判断してください。")
    args = {
        "description": "SG-04ドリフト解析",
        "prompt": (
            "B-17のSG-04の過去30日のひずみと桁温度を取得し、温度補正後の残差にドリフトが残るか判"
            "定して報告して。"
        ),
        "subagent_type": "data-analyst",
    }
    reports = [
        "温度との相関 r=0.93。線形補正後の残差は ±3 µε で傾向なし。ドリフトは温度由来と判断。",
        "桁温度との相関係数 0.93。補正後残差は ±3 µε、トレンドなし。温度起因。",
        "相関 0.93、補正後 ±3 µε。温度以外の要因は見られません。",
    ]
    texts = ["サブエージェントに解析を依頼します。", "念のため再解析を依頼します。", "もう一度確認させます。"]
    steps = [t.tool(text, "Task", args, rep) for text, rep in zip(texts, reports, strict=True)]
    t.say("SG-04のドリフトは温度由来です（r=0.93、補正後残差±3 µε）。")
    onset = steps[2]
    t.loop(
        ["same_tool"],
        onset,
        f"Task is launched with identical arguments at steps {', '.join(map(str, steps))}; the first two "
        f"reports already agree (r=0.93, residual ±3 µε). The 3rd delegation, step {onset}, is the onset.",
    )


@loop_case(
    "sterile-tray-audit-two-agents",
    "Hospital sterile processing: the same tray audit is sent alternately to two sub-agents under "
    "different names, which keep reporting the same missing clamp.",
    domain="hospital sterile processing",
    lang="lt",
    ids="gemini",
    pattern="re-delegation (second sub-agent name)",
)
def sterile_redelegate(t: Trace) -> None:
    t.user("Patikrinkite, ar ortopedinis rinkinys ORT-12 pilnas ir paruoštas rytinei operacijai.")
    task = "Patikrink rinkinio ORT-12 sudėtį pagal komplektavimo sąrašą ir nurodyk trūkumus."
    finding = (
        "ORT-12: 46 iš 47 vnt. Trūksta: Kocherio spaustukas 14 cm (1 vnt.). Sterilizacijos ciklas C-5512 OK."
    )
    calls = [
        ("Perduodu patikrą rinkinių auditoriui.", "tray_auditor", finding),
        ("Paprašysiu instrumentų tikrintojo patikrinti.", "instrument_checker", finding),
        ("Dar kartą – auditoriui.", "tray_auditor", finding),
        ("Ir vėl instrumentų tikrintojui.", "instrument_checker", finding),
    ]
    steps = [t.tool(text, "delegate", {"agent": agent, "task": task}, rep) for text, agent, rep in calls]
    t.say("ORT-12 trūksta vieno Kocherio spaustuko (14 cm); rinkinio išduoti negalima.")
    onset = steps[2]
    t.loop(
        ["same_tool"],
        onset,
        f"The same ORT-12 audit is delegated at steps {', '.join(map(str, steps))}, alternately to "
        f"tray_auditor and instrument_checker; a sub-agent reached under a second name for the same task is "
        f"still a re-delegation. Both first reports agree, so the 3rd delegation, step "
        f"{onset}, is the onset.",
    )


# ---------------------------------------------------------------------------- restated plans


@loop_case(
    "fire-panel-plan-restated",
    "Fire-protection inspection: each message restates the same three-point plan and re-reads the same "
    "panel log with another limit; the report is never written.",
    domain="fire-protection inspection",
    lang="fr",
    ids="openai",
    pattern="restated plan with calls that bring nothing new",
)
def fire_plan(t: Trace) -> None:
    t.user(
        "Prépare le rapport d'inspection trimestrielle du SSI du bâtiment C : il me faut les défauts du "
        "tableau FACP-2 sur le trimestre."
    )
    log = (
        "2025-01-14 03:12 DEFAUT  boucle 2 détecteur 2.17 encrassé\n"
        "2025-02-02 17:40 DEFAUT  alimentation secours batterie faible\n"
        "2025-03-09 08:05 DEFAUT  boucle 1 court-circuit isolé\n"
        "2025-03-09 09:30 RETOUR  boucle 1 normale"
    )
    msgs = [
        (
            "Plan : 1) lire le journal du FACP-2, 2) filtrer les défauts, 3) rédiger le rapport.",
            {"limit": 50},
        ),
        (
            "Plan : 1) relire le journal du FACP-2, 2) isoler les défauts du trimestre, 3) "
            "rédiger le rapport.",
            {"limit": 100},
        ),
        (
            "Plan : 1) lire le journal du FACP-2 depuis janvier, 2) filtrer les défauts, 3) "
            "rédiger le rapport.",
            {"since": "2025-01-01"},
        ),
        (
            "Plan : 1) récupérer tout le journal du FACP-2, 2) filtrer les défauts, 3) rédiger le rapport.",
            {"limit": 200},
        ),
        ("Plan : 1) relire le journal du FACP-2, 2) filtrer, 3) rédiger.", {"limit": 500}),
    ]
    steps = [t.tool(text, "panel_event_log", {"panel": "FACP-2", **opt}, log) for text, opt in msgs]
    onset = steps[3]
    t.loop(
        ["narration", "same_tool"],
        onset,
        f"Steps {', '.join(map(str, steps))} each restate the same three-point plan and re-read the FACP-2 "
        f"log with a different limit or start date; the log is the same four lines every time and the "
        f"report is never drafted. The 4th restatement with its 4th read, step {onset}, is the onset.",
    )


@loop_case(
    "spaceweather-plan-restated",
    "Space weather forecasting: the agent restates its forecast plan each turn and re-runs the Kp model "
    "with different options that give the same G1 outlook.",
    domain="space weather forecasting",
    lang="fa",
    ids="bedrock",
    pattern="restated plan with calls that bring nothing new",
)
def spaceweather_plan(t: Trace) -> None:
    t.user("هشدار طوفان ژئومغناطیسی برای ۲۴ ساعت آینده را برای اپراتورهای شبکه برق آماده کن.")
    out = "Kp max (24h) = 5 -> G1; confidence 0.62; CME arrival window 2025-06-13T14:00Z ± 6h"
    msgs = [
        (
            "برنامه: اول مدل Kp را اجرا می‌کنم، بعد سطح G را تعیین می‌کنم، بعد متن هشدار را می‌نویسم.",
            {"model": "wsa-enlil"},
        ),
        (
            "برنامه: مدل Kp را با حالت گروهی اجرا می‌کنم، سطح G را تعیین می‌کنم و هشدار را می‌نویسم.",
            {"model": "wsa-enlil", "ensemble": True},
        ),
        (
            "برنامه: دوباره مدل Kp را اجرا می‌کنم تا مطمئن شوم، سپس سطح G و متن هشدار.",
            {"model": "wsa-enlil", "ensemble": True, "members": 24},
        ),
        (
            "برنامه: اجرای مدل Kp با داده‌های تازه، تعیین سطح G، نوشتن هشدار.",
            {"model": "wsa-enlil", "refresh": True},
        ),
        (
            "برنامه: یک بار دیگر مدل Kp، سپس سطح G و متن هشدار.",
            {"model": "wsa-enlil", "ensemble": True, "members": 48},
        ),
    ]
    steps = [t.tool(text, "kp_forecast", opt, out) for text, opt in msgs]
    onset = steps[3]
    t.loop(
        ["narration", "same_tool"],
        onset,
        f"Steps {', '.join(map(str, steps))} restate the same plan (run the Kp model, set the G level, write "
        f"the warning) and re-run kp_forecast with other options; every run returns the same Kp 5 / G1 "
        f"outlook and the warning is never written. The 4th restatement, step {onset}, is the onset.",
    )


# ---------------------------------------------------------------------------- announced, never taken


@loop_case(
    "toll-letter-announced-never-sent",
    "Road toll back office: after reading the dispute the agent announces five times that it will send "
    "the resolution letter but never calls a tool; the harness keeps nudging.",
    domain="road toll back office",
    lang="es",
    ids="plain",
    pattern="action announced but never taken",
)
def toll_announce(t: Trace) -> None:
    t.user(
        "Resuelve la reclamación 55190 a favor del cliente (lectura de matrícula errónea en el pórtico AP-7 "
        "km 212) y envíale la carta de resolución."
    )
    t.tool(
        "Abro la reclamación.",
        "dispute_get",
        {"id": "55190"},
        js(
            {
                "id": "55190",
                "customer": "Jordi Vidal",
                "email": "jvidal@example.es",
                "charge_eur": 14.35,
                "gantry": "AP-7 km 212",
                "status": "open",
            }
        ),
    )
    nudge = "[harness] No tool call in the last message. Continue the task or finish with a final answer."
    texts = [
        "Perfecto. Ahora envío la carta de resolución al cliente.",
        "Envío ahora la carta de resolución a Jordi Vidal.",
        "Procedo a enviar la carta de resolución de la reclamación 55190.",
        "Ahora sí, envío la carta de resolución al cliente.",
        "Voy a enviar la carta de resolución ahora mismo.",
    ]
    steps = []
    for i, text in enumerate(texts):
        steps.append(t.say(text))
        if i < len(texts) - 1:
            t.system(nudge)
    onset = steps[3]
    t.loop(
        ["narration"],
        onset,
        f"After reading the dispute the agent announces sending the letter at steps "
        f"{', '.join(map(str, steps))} without a single tool call; only harness system messages come in "
        f"between, and they do not start a turn. The 4th announcement, step {onset}, is the onset.",
    )


# ---------------------------------------------------------------------------- monologue


@loop_case(
    "optometry-order-monologue",
    "Optometry practice: after reading a prescription the agent emits five consecutive messages about "
    "preparing the lens order, with nothing in between.",
    domain="optometry practice",
    lang="hi",
    ids="openai",
    pattern="monologue",
)
def optometry_monologue(t: Trace) -> None:
    t.user("मरीज़ आर. शर्मा (P-4410) के नए चश्मे का लेंस ऑर्डर लैब को भेज दीजिए।")
    t.tool(
        "मैं नुस्ख़ा देखता हूँ।",
        "patient_rx_get",
        {"patient": "P-4410"},
        js(
            {
                "patient": "P-4410",
                "od": {"sph": -1.5, "cyl": -0.5, "axis": 90},
                "os": {"sph": -1.75, "cyl": 0, "axis": None},
                "pd_mm": 63,
                "lens": "single vision, anti-reflective",
            }
        ),
    )
    texts = [
        "ठीक है, अब मैं लैब के लिए लेंस ऑर्डर तैयार कर रहा हूँ।",
        "मैं लेंस ऑर्डर तैयार कर रहा हूँ: OD -1.50/-0.50×90, OS -1.75, PD 63।",
        "अब लेंस ऑर्डर तैयार किया जा रहा है और लैब को भेजा जाएगा।",
        "लेंस ऑर्डर तैयार कर रहा हूँ, फिर लैब को भेजूँगा।",
        "मैं अब लेंस ऑर्डर तैयार करके लैब को भेज रहा हूँ।",
    ]
    steps = [t.say(text) for text in texts]
    onset = steps[3]
    t.loop(
        ["narration"],
        onset,
        f"Steps {', '.join(map(str, steps))} are consecutive assistant messages with nothing in between (a "
        f"monologue), each saying the lens order is being prepared; no order tool is ever called. The first "
        f"of them is the 1st statement, so the 4th, step {onset}, is the onset.",
    )


# ---------------------------------------------------------------------------- degenerate text


@loop_case(
    "dive-briefing-reply-collapses",
    "Scuba dive centre: the agent gathers tomorrow's schedule and tank checks, then its briefing reply "
    "collapses into one repeated phrase.",
    domain="scuba dive centre",
    lang="th",
    ids="anthropic",
    pattern="degenerate text (reply)",
)
def dive_degenerate(t: Trace) -> None:
    t.user("ช่วยสรุปแผนดำน้ำพรุ่งนี้ที่เกาะเต่า พร้อมสถานะถังอากาศสำหรับนักดำน้ำทุกคน")
    t.tool(
        "ดูตารางดำน้ำพรุ่งนี้",
        "dive_schedule",
        {"date": "2025-03-22", "site": "koh-tao"},
        jsi(
            {
                "trips": [
                    {"time": "07:30", "site": "Chumphon Pinnacle", "divers": 8, "guide": "Nok"},
                    {"time": "13:00", "site": "Japanese Gardens", "divers": 6, "guide": "Ben"},
                ]
            }
        ),
    )
    t.tool(
        "ตรวจสถานะถัง",
        "tank_check",
        {"date": "2025-03-22"},
        "tanks ready: 14/14; nitrox EAN32 analysed: 6 (31.8–32.2%); hydro due: none",
    )
    text = (
        "แผนดำน้ำพรุ่งนี้: 07:30 Chumphon Pinnacle นักดำน้ำ 8 คน ไกด์ Nok; 13:00 Japanese Gardens 6 คน ไกด์ Ben. "
        "สถานะถัง: " + "ตรวจสอบถังแล้วพร้อมใช้งาน " * 40
    ).strip()
    onset = t.say(text)
    t.loop(
        ["degenerate_text"],
        onset,
        f"The reply at step {onset} starts with a correct summary and then repeats 'ตรวจสอบถังแล้วพร้อมใช้งาน' "
        f"forty times; the response has collapsed into repeated text, so step {onset} is the onset.",
    )


@loop_case(
    "bakery-label-argument-collapses",
    "Bakery production: the ingredient string the agent passes to the label printer collapses into a "
    "repeated word.",
    domain="bakery production",
    lang="zh",
    ids="mistral",
    pattern="degenerate text (tool argument)",
)
def bakery_degenerate(t: Trace) -> None:
    t.user("给明天的全麦吐司（T-0312）打印配料标签，200张。")
    t.tool(
        "先查配方。",
        "recipe_get",
        {"sku": "T-0312"},
        js(
            {
                "sku": "T-0312",
                "ingredients": ["全麦粉", "小麦粉", "水", "黄油", "糖", "盐", "酵母"],
                "allergens": ["小麦", "乳"],
            }
        ),
    )
    ingredients = "配料：全麦粉、小麦粉、水、黄油、糖、盐、" + "酵母、" * 60
    onset = t.tool(
        "打印标签。",
        "label_print",
        {"sku": "T-0312", "copies": 200, "text": ingredients + "。过敏原：小麦、乳。"},
        js({"ok": True, "job": "LP-7731", "copies": 200}),
    )
    t.say("已提交 200 张标签的打印任务 LP-7731。")
    t.loop(
        ["degenerate_text"],
        onset,
        f"The label_print call at step {onset} carries an ingredient text that repeats '酵母、' sixty times; "
        f"the tool argument has collapsed into repetition (and 200 wrong labels were sent), so step {onset} "
        f"is the onset.",
    )


# ---------------------------------------------------------------------------- writes re-issued


@loop_case(
    "laundry-pickup-order-reissued",
    "Dry-cleaning plant: a pickup order is created successfully and then created again twice more, each "
    "acknowledgement carrying a new order number.",
    domain="dry-cleaning plant",
    lang="sw",
    ids="bedrock",
    pattern="write re-issued after success",
)
def laundry_write(t: Trace) -> None:
    t.user(
        "Panga kuchukuliwa kwa nguo za Hoteli Bahari kesho saa 3 asubuhi: mashuka 120, taulo 80. Kisha "
        "nithibitishie."
    )
    args = {
        "customer": "HOTELI-BAHARI",
        "date": "2025-08-19",
        "time": "09:00",
        "items": {"sheets": 120, "towels": 80},
    }
    acks = ["PK-20931", "PK-20934", "PK-20938"]
    texts = ["Ninaunda agizo la kuchukua.", "Ninahakikisha agizo limeingia.", "Nathibitisha tena agizo."]
    steps = [
        t.tool(text, "create_pickup_order", args, js({"ok": True, "order_id": ack, "status": "scheduled"}))
        for text, ack in zip(texts, acks, strict=True)
    ]
    t.say("Agizo la kuchukua nguo limepangwa kesho saa 3 asubuhi.")
    onset = steps[2]
    t.loop(
        ["identical_call"],
        onset,
        f"create_pickup_order succeeds at step {steps[0]} and is re-issued with identical arguments at steps "
        f"{steps[1]} and {steps[2]}; the acknowledgements differ only in the new order id (a "
        f"volatile field), "
        f"and three pickups are now booked. The 3rd identical write, step {onset}, is the onset.",
    )


@loop_case(
    "driving-sms-reminder-resent",
    "Driving school: an exam reminder text is sent and then re-sent three more times, each accepted with "
    "a new message id.",
    domain="driving school",
    lang="en",
    ids="openai",
    pattern="write re-issued after success",
)
def driving_write(t: Trace) -> None:
    t.user("Text Maja Kovač a reminder about her road test on Thursday 9:30 at the Ljubljana centre.")
    args = {
        "to": "+38640555102",
        "text": "Reminder: your road test is on Thu 15 May at 09:30, Ljubljana centre.",
    }
    ids = ["SM-55021", "SM-55022", "SM-55027", "SM-55030"]
    texts = [
        "Sending the reminder.",
        "Sending it to make sure it went out.",
        "Re-sending the reminder.",
        "Sending again.",
    ]
    steps = [
        t.tool(text, "sms_send", args, js({"accepted": True, "message_id": mid}))
        for text, mid in zip(texts, ids, strict=True)
    ]
    t.say("Maja has been sent the reminder for Thursday 09:30.")
    onset = steps[2]
    t.loop(
        ["identical_call"],
        onset,
        f"sms_send is accepted at step {steps[0]} and re-sent unchanged at steps {steps[1]}, {steps[2]} and "
        f"{steps[3]}; only the message id differs, so the acknowledgements count as identical. The 3rd "
        f"identical write, step {onset}, is the onset.",
    )
