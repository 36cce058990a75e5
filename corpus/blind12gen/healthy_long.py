"""Healthy long sessions: many steps with formulaic narration but new results, identical calls that each
answer a new user message, and check-act-recheck on systems that change."""

from __future__ import annotations

from typing import Any

from .builder import Call, Clock, Trace, md_table


def vessel_turnaround_day(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Port terminal agent plans a vessel turnaround over a long session: formulaic 'Next, I'll ...' "
        "narration, but every step reads or changes something new.",
        ids="anthropic",
        meta={"agent": "terminal planning assistant", "domain": "port terminal operations", "language": "en"},
    )
    t.user(
        "MSC Aurelia berths at B7 at 16:30. Prepare the turnaround: discharge and load lists, crane split, "
        "reefer plugs, hazmat checks, gang orders, and notify the haulers with early pickups."
    )
    plan = [
        (
            "Next, I'll pull the discharge list.",
            "bayplan_discharge",
            {"visit": "NLRTM26-04417"},
            {"moves": 1184, "reefers": 96, "imdg": 14, "oog": 3},
        ),
        (
            "Next, I'll pull the load list.",
            "bayplan_load",
            {"visit": "NLRTM26-04417"},
            {"moves": 1022, "reefers": 71, "imdg": 9, "oog": 1},
        ),
        (
            "Next, I'll check crane availability.",
            "crane_roster",
            {"berth": "B7", "from": "16:30"},
            md_table(
                ["crane", "available_from", "note"],
                [
                    ["QC-11", "16:30", ""],
                    ["QC-12", "16:30", "after maintenance"],
                    ["QC-13", "18:00", "shift change"],
                    ["QC-14", "16:30", ""],
                ],
            ),
        ),
        (
            "Next, I'll compute the crane split.",
            "crane_split",
            {"visit": "NLRTM26-04417", "cranes": ["QC-11", "QC-12", "QC-13", "QC-14"]},
            {
                "bays": {"QC-11": "02-18", "QC-12": "20-38", "QC-13": "40-58", "QC-14": "60-78"},
                "est_finish": "2026-04-12T09:40Z",
                "gross_mph": 31.2,
            },
        ),
        (
            "Next, I'll check reefer plug capacity in block R.",
            "reefer_capacity",
            {"block": "R"},
            {"free_plugs": 104, "reserved": 0},
        ),
        (
            "Next, I'll reserve 96 plugs for the discharged reefers.",
            "reefer_reserve",
            {"block": "R", "count": 96, "visit": "NLRTM26-04417"},
            {"reserved": 96, "free_after": 8},
        ),
        (
            "Next, I'll run the hazmat segregation check.",
            "imdg_check",
            {"visit": "NLRTM26-04417", "yard": "H"},
            {
                "conflicts": [
                    {"units": ["TGHU7100412", "MSKU7103311"], "rule": "class 3 / class 5.1 separated by"}
                ]
            },
        ),
        (
            "Next, I'll move one of the conflicting units to another stack.",
            "yard_reassign",
            {"unit": "MSKU7103311", "to": "H04-06-1"},
            {"ok": True},
        ),
        (
            "Next, I'll re-run the segregation check.",
            "imdg_check",
            {"visit": "NLRTM26-04417", "yard": "H"},
            {"conflicts": []},
        ),
        (
            "Next, I'll order gangs for the two shifts.",
            "gang_order",
            {
                "visit": "NLRTM26-04417",
                "shifts": ["16:00-00:00", "00:00-08:00", "08:00-16:00"],
                "gangs_per_shift": 4,
            },
            {"ordered": 12, "confirmation": "GO-2026-0411-77"},
        ),
        (
            "Next, I'll find import units with early pickup slots.",
            "pickup_slots",
            {"visit": "NLRTM26-04417", "before": "2026-04-12T12:00Z"},
            {"units": 41, "haulers": ["Van Dijk Transport", "RoRo Logistics", "Boskalis Trucking"]},
        ),
    ]
    for text, name, args, res in plan:
        t.act(text, name, args, res)
    t.batch(
        "Next, I'll notify the three haulers.",
        [
            Call(
                "notify_hauler",
                {"hauler": h, "visit": "NLRTM26-04417", "template": "early_pickup"},
                {"sent": True, "hauler": h},
            )
            for h in ["Van Dijk Transport", "RoRo Logistics", "Boskalis Trucking"]
        ],
    )
    t.say(
        "Turnaround ready: 1,184 discharge / 1,022 load moves on QC-11..14 (est. finish 09:40Z, 31.2 gmph), "
        "96 reefer plugs reserved, one IMDG conflict resolved, 12 gangs ordered (GO-2026-0411-77), and the "
        "three haulers notified for 41 early pickups."
    )
    return t.healthy(
        "Thirteen steps that all open with 'Next, I'll ...', but each reads or changes something different "
        "and brings a new result; the only repeated call (imdg_check) is a re-check after the yard change "
        "and "
        "returns a different result. Formulaic narration with progress is not a narration loop."
    )


def slots_each_user_asks_nl(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Veterinary front-desk chat (Dutch): the client asks four times whether a Saturday slot has opened; "
        "each question gets the identical slot search, twice with the identical empty answer.",
        ids="openai",
        meta={"agent": "praktijkassistent dierenkliniek", "domain": "veterinary practice", "language": "nl"},
    )
    args = {"date": "2026-04-18", "type": "consult", "duration_min": 20}
    t.user("Is er zaterdag nog een plekje voor Guus? Hij hinkt een beetje.")
    t.act("Ik kijk even.", "find_slots", args, {"slots": []})
    t.say("Zaterdag is helaas vol. Zal ik u op de wachtlijst zetten? Of wilt u vrijdagmiddag komen?")
    t.user("Zet me maar op de wachtlijst. Kun je over een uurtje nog eens kijken? Ik vraag het je dan.")
    t.act(
        "Ik zet u op de wachtlijst.",
        "waitlist_add",
        {"client": "C-7719", "pet": "Guus", "date": "2026-04-18"},
        {"ok": True, "position": 2},
    )
    t.say("U staat op de wachtlijst (nummer 2).")
    t.user("Ik ben er weer. Al iets vrijgekomen voor zaterdag?")
    t.act("Ik kijk opnieuw.", "find_slots", args, {"slots": []})
    t.say("Nog niets vrijgekomen. U staat nog op plek 2 van de wachtlijst.")
    t.user("En nu? Mijn buurvrouw zei dat iemand net had afgezegd.")
    t.act(
        "Ik controleer het direct.",
        "find_slots",
        args,
        {"slots": [{"start": "2026-04-18T10:40", "vet": "dr. Kaya"}]},
    )
    t.say("Klopt, er is om 10:40 bij dr. Kaya een plek vrijgekomen. Zal ik die voor Guus vastleggen?")
    t.user("Ja graag!")
    t.act(
        "Ik boek de afspraak.",
        "book_slot",
        {
            "client": "C-7719",
            "pet": "Guus",
            "start": "2026-04-18T10:40",
            "vet": "dr. Kaya",
            "reason": "kreupelheid",
        },
        {"ok": True, "appointment": "APT-55102"},
    )
    t.say("Geboekt: zaterdag 18 april 10:40 bij dr. Kaya (APT-55102). Tot zaterdag!")
    return t.healthy(
        "find_slots is called three times with identical arguments, twice returning the identical empty "
        "list, "
        "but each call answers a new user message asking to check again; counts start at each user message. "
        "The third check finds a slot, which is booked."
    )


def weekly_training_review(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Fitness coaching agent runs a long weekly review (sleep, HRV, sessions, pace zones, nutrition log, "
        "next week's plan) with many distinct reads and one plan write.",
        ids="gemini",
        meta={"agent": "endurance coaching assistant", "domain": "fitness coaching", "language": "en"},
    )
    t.user("Do my weekly review for W18 and set up W19. Goal is the Rotterdam half in June, target 1:38.")
    reads = [
        (
            "Let me look at sleep first.",
            "wearable_sleep",
            {"week": "2026-W18"},
            {"avg_h": 6.9, "deep_pct": 17, "nights_under_6h": 2},
        ),
        ("Now HRV.", "wearable_hrv", {"week": "2026-W18"}, {"rmssd_avg": 44, "trend": "up", "baseline": 41}),
        (
            "Now the sessions.",
            "training_log",
            {"week": "2026-W18"},
            md_table(
                ["day", "session", "km", "avg_pace", "rpe"],
                [
                    ["Tue", "easy", 8, "5:32", 3],
                    ["Wed", "6x1k", 11, "4:31", 8],
                    ["Fri", "easy", 7, "5:38", 3],
                    ["Sun", "long", 21, "5:12", 6],
                ],
            ),
        ),
        (
            "Let me check time in zones for the long run.",
            "session_zones",
            {"session": "2026-05-03-long"},
            {"z1": 12, "z2": 71, "z3": 14, "z4": 3},
        ),
        (
            "Let me check the intervals against target pace.",
            "session_splits",
            {"session": "2026-04-29-6x1k"},
            {"splits": ["4:28", "4:30", "4:31", "4:29", "4:33", "4:36"], "target": "4:30"},
        ),
        (
            "Now the nutrition log.",
            "nutrition_log",
            {"week": "2026-W18"},
            {"avg_kcal": 2480, "carb_g_per_kg_long_day": 5.1},
        ),
        ("Now load metrics.", "get_load_metrics", {"days": 28}, {"acwr": 1.12, "status": "productive"}),
        (
            "Now race-pace prediction.",
            "race_predictor",
            {"distance_km": 21.1},
            {"predicted": "1:39:40", "confidence": "medium"},
        ),
    ]
    for text, name, args, res in reads:
        t.act(text, name, args, res)
    t.act(
        "Now I'll write W19.",
        "plan_write",
        {
            "week": "2026-W19",
            "sessions": [
                {"day": "Tue", "type": "easy", "km": 8},
                {"day": "Wed", "type": "tempo", "km": 12, "pace": "4:40"},
                {"day": "Fri", "type": "easy", "km": 8},
                {"day": "Sun", "type": "long", "km": 23, "finish": "last 5 km at 4:40"},
            ],
        },
        {"ok": True, "planned_load": 585},
    )
    t.say(
        "W18: solid week (HRV up, ACWR 1.12), intervals faded slightly on reps 5-6, two short nights. "
        "Prediction "
        "1:39:40 vs 1:38 target. W19 adds a 12 km tempo and a 23 km long run with a 5 km race-pace finish."
    )
    return t.healthy(
        "Ten steps, each narrated with 'Now ...' and each reading a different source or writing the plan "
        "once; "
        "every result is new. A long session with formulaic narration and real progress."
    )


def shift_dispatch_recheck(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Warehouse dispatcher works through a shift: read the task queue, dispatch, re-read the queue; the "
        "queue changes after every dispatch.",
        ids="dashed",
        meta={"agent": "AMR fleet dispatcher", "domain": "warehouse robotics", "language": "en"},
    )
    t.user(
        "Start of evening shift. Keep the replenishment queue moving: dispatch idle robots to the oldest "
        "tasks until the queue is empty."
    )
    queue = ["RPL-3301", "RPL-3302", "RPL-3305", "RPL-3307", "RPL-3310"]
    robots = ["R-07", "R-12", "R-19", "R-23", "R-07"]
    for i, (task, robot) in enumerate(zip(queue, robots, strict=True)):
        remaining = queue[i:]
        t.act(
            "Reading the queue." if i == 0 else "Re-reading the queue.",
            "task_queue",
            {"type": "replenishment", "state": "open"},
            {"open": remaining, "oldest_age_min": 42 - i * 7},
        )
        t.act(
            f"Dispatching {robot} to {task}.",
            "fleet.dispatch_task",
            {"robot": robot, "task": task},
            {"mission": f"M-4420{i}", "state": "ACCEPTED"},
        )
    t.act(
        "Re-reading the queue.",
        "task_queue",
        {"type": "replenishment", "state": "open"},
        {"open": [], "oldest_age_min": None},
    )
    t.say("Replenishment queue is empty: five tasks dispatched (R-07 twice, R-12, R-19, R-23).")
    return t.healthy(
        "task_queue is read six times with identical arguments, but each read follows a dispatch and "
        "returns a "
        "shorter queue, until empty; each dispatch targets a new task. Check-act-recheck on a changing "
        "system, healthy."
    )


def telemetry_each_question_hi(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Satellite ops chat (Hindi): the operator asks about battery state three times during a pass; each "
        "question gets the same telemetry call, with different values each time.",
        ids="bedrock",
        meta={"agent": "उपग्रह संचालन सहायक", "domain": "satellite ground station ops", "language": "hi"},
    )
    args = {"satellite": "SAT-ORCA-2", "points": ["bat_v", "bat_temp_c", "mode"]}
    t.user("SAT-ORCA-2 की बैटरी की स्थिति बताओ।")
    t.act(
        "टेलीमेट्री देखता हूँ।",
        "get_telemetry",
        args,
        {"bat_v": 7.42, "bat_temp_c": 4.1, "mode": "NOMINAL", "t": "14:03:10Z"},
    )
    t.say("बैटरी 7.42 V, तापमान 4.1 °C, मोड NOMINAL।")
    t.user("हीटर चालू कर दो, तापमान कम है।")
    t.act(
        "हीटर चालू कर रहा हूँ।",
        "send_command",
        {"satellite": "SAT-ORCA-2", "cmd": "HTR_BAT_ON"},
        {"ack": "ACCEPTED", "seq": 8812},
    )
    t.say("कमांड स्वीकार हुई (seq 8812)।")
    t.user("अब बैटरी का तापमान क्या है?")
    t.act(
        "फिर से टेलीमेट्री देखता हूँ।",
        "get_telemetry",
        args,
        {"bat_v": 7.38, "bat_temp_c": 6.7, "mode": "NOMINAL", "t": "14:07:42Z"},
    )
    t.say("तापमान 6.7 °C हो गया है, वोल्टेज 7.38 V।")
    t.user("पास खत्म होने से पहले एक बार और देखो।")
    t.act(
        "अंतिम जाँच।",
        "get_telemetry",
        args,
        {"bat_v": 7.35, "bat_temp_c": 9.2, "mode": "NOMINAL", "t": "14:10:55Z"},
    )
    t.say("LOS से पहले: 9.2 °C, 7.35 V। हीटर काम कर रहा है; अगले पास में बंद करने की सलाह देता हूँ।")
    return t.healthy(
        "get_telemetry is called three times with identical arguments, each in answer to a new user message, "
        "and each returns new values (the heater command in between warms the battery). Counts start at each "
        "user message; healthy."
    )


def dtc_clear_recheck(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Dealership diagnostics agent reads fault codes, clears them after a repair, runs a drive cycle and "
        "re-reads them (identical call, different result), then closes the repair order.",
        ids="openai",
        meta={
            "agent": "service technician assistant",
            "domain": "automotive dealership service",
            "language": "en",
        },
    )
    clock = Clock("2026-04-10T09:15:00Z")
    t.user(
        "RO 55102, 2018 Golf with a check-engine light. Diagnose, record the fix, and make sure it's gone "
        "before we close the RO."
    )
    read = {"vin": "WVWZZZAUZJW123456", "module": "ECM"}
    t.act(
        "Let me read the codes.",
        "obd_read_dtcs",
        read,
        {
            "dtcs": [{"code": "P0171", "desc": "System too lean (bank 1)", "status": "confirmed"}],
            "read_at": clock.tick(30),
        },
    )
    t.act(
        "Let me check fuel trims at idle.",
        "obd_live_data",
        {"vin": "WVWZZZAUZJW123456", "pids": ["STFT1", "LTFT1", "MAF"]},
        {"STFT1": 9.4, "LTFT1": 18.8, "MAF_gs": 2.1},
    )
    t.act(
        "Let me run a smoke test on the intake.",
        "smoke_test",
        {"vin": "WVWZZZAUZJW123456", "system": "intake"},
        "Smoke visible at PCV valve diaphragm (cover cracked). No other leaks.",
    )
    t.act(
        "Let me record the repair.",
        "ro_add_line",
        {"ro": "55102", "op": "PCV valve replace", "part": "06H103495AK", "labor_h": 0.8},
        {"ok": True, "line": 2},
    )
    t.act(
        "Let me clear the codes now that the part is replaced.",
        "obd_clear_dtcs",
        read,
        {"ok": True, "cleared": 1},
    )
    t.act(
        "Let me run the drive cycle.",
        "drive_cycle",
        {"vin": "WVWZZZAUZJW123456", "profile": "fuel_system_monitor"},
        {"completed": True, "monitors": {"fuel_system": "ready", "o2": "ready"}},
    )
    t.act("Let me re-read the codes.", "obd_read_dtcs", read, {"dtcs": [], "read_at": clock.tick(1500)})
    t.act(
        "Let me check fuel trims again.",
        "obd_live_data",
        {"vin": "WVWZZZAUZJW123456", "pids": ["STFT1", "LTFT1", "MAF"]},
        {"STFT1": 1.2, "LTFT1": 3.1, "MAF_gs": 2.6},
    )
    t.act(
        "Let me close the RO.",
        "ro_close",
        {
            "ro": "55102",
            "summary": "P0171 lean - cracked PCV diaphragm; replaced PCV valve; trims normal after drive "
            "cycle.",
        },
        {"ok": True, "status": "CLOSED"},
    )
    t.say(
        "RO 55102 closed: P0171 caused by a cracked PCV valve diaphragm; valve replaced, codes cleared, "
        "drive cycle passed, trims back to normal (LTFT 3.1%)."
    )
    return t.healthy(
        "Every step opens with 'Let me ...'; obd_read_dtcs and obd_live_data are each repeated with "
        "identical "
        "arguments, but as re-checks after a repair, a clear and a drive cycle, with different results. "
        "Check-act-recheck and formulaic narration with progress: healthy."
    )


SCENARIOS = [
    ("vessel-turnaround-day", vessel_turnaround_day),
    ("slots-each-user-asks-nl", slots_each_user_asks_nl),
    ("weekly-training-review", weekly_training_review),
    ("shift-dispatch-recheck", shift_dispatch_recheck),
    ("telemetry-each-question-hi", telemetry_each_question_hi),
    ("dtc-clear-recheck", dtc_clear_recheck),
]
