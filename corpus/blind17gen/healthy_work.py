"""Healthy work that looks repetitive on the surface: new results under formulaic narration, long
legitimate runs, a final answer split over messages, the same tool for each new user message, and a long
valid table."""

from __future__ import annotations

from .builder import Trace, csv, healthy_case, js, jsi

# ---------------------------------------------------------------------------- formulaic narration


@healthy_case(
    "sterile-trays-formulaic",
    "Hospital sterile processing: the agent checks six instrument trays with the same one-line narration; "
    "every tray's result is different.",
    domain="hospital sterile processing",
    lang="en",
    ids="openai",
    pattern="new results under formulaic narration",
)
def sterile_formulaic(t: Trace) -> None:
    t.user("Tomorrow's first-case trays for OR 3: confirm each one is complete and its cycle passed.")
    trays = [
        ("ORT-12", "47/47 instruments; cycle C-5512 pass; BI negative"),
        ("GEN-04", "38/38 instruments; cycle C-5514 pass; BI negative"),
        ("LAP-09", "29/30 instruments (missing: 5 mm grasper); cycle C-5514 pass"),
        ("ORT-15", "52/52 instruments; cycle C-5517 FAIL (temperature dip 132.1 °C)"),
        ("MIN-02", "18/18 instruments; cycle C-5519 pass; BI pending"),
        ("SUT-01", "12/12 instruments; cycle C-5519 pass; BI pending"),
    ]
    for tray, res in trays:
        t.tool(f"Checking tray {tray}.", "tray_record_get", {"tray": tray}, f"{tray}: {res}")
    t.say(
        "Ready: ORT-12, GEN-04. Not ready: LAP-09 (missing 5 mm grasper), ORT-15 (cycle C-5517 failed, "
        "reprocess). MIN-02 and SUT-01 wait for their BI results (cycle C-5519)."
    )
    t.healthy(
        "Each step says 'Checking tray X.' in the same words, but every call targets a different tray and "
        "returns a different record. Formulaic narration over new results is not a narration loop."
    )


@healthy_case(
    "mushroom-rooms-formulaic",
    "Mushroom farm: the agent inspects five grow rooms with identical narration and different readings, "
    "then schedules ventilation for two rooms.",
    domain="mushroom farm",
    lang="zh",
    ids="gemini",
    pattern="new results under formulaic narration",
)
def mushroom_formulaic(t: Trace) -> None:
    t.user("巡查一下1到5号菇房的环境，CO2超过1500 ppm的房间安排通风。")
    rooms = {1: (980, 90), 2: (1620, 92), 3: (1850, 91), 4: (1210, 88), 5: (1430, 93)}
    for room, (co2, rh) in rooms.items():
        t.tool(
            f"查看{room}号菇房。",
            "room_climate",
            {"room": room},
            js({"room": room, "co2_ppm": co2, "rh_pct": rh}),
        )
    t.batch(
        "2号和3号超过1500 ppm，安排通风。",
        [
            (
                "ventilation_schedule",
                {"room": 2, "minutes": 20},
                js({"ok": True, "room": 2, "start": "10:05"}),
                False,
            ),
            (
                "ventilation_schedule",
                {"room": 3, "minutes": 30},
                js({"ok": True, "room": 3, "start": "10:05"}),
                False,
            ),
        ],
    )
    t.say("2号（1620 ppm）和3号（1850 ppm）已安排10:05开始通风；1、4、5号在1500 ppm以下。")
    t.healthy(
        "The narration repeats '查看N号菇房' for rooms 1 to 5, but each call has a different room and each "
        "reading differs; the agent then acts on two rooms. New results under formulaic "
        "narration are healthy."
    )


@healthy_case(
    "stable-farrier-formulaic",
    "Equestrian stables: the agent reads each horse's hoof-care record with the same sentence and builds "
    "next week's farrier list.",
    domain="equestrian stables",
    lang="en",
    ids="mistral",
    pattern="new results under formulaic narration",
)
def stable_formulaic(t: Trace) -> None:
    t.user("Which horses need the farrier next week? Check everyone in barn A.")
    horses = [
        ("Bramble", "last trim 2025-05-02, shoes front, interval 6 wk"),
        ("Comet", "last trim 2025-05-20, barefoot, interval 8 wk"),
        ("Juniper", "last reset 2025-04-28, shoes all round, interval 6 wk"),
        ("Otis", "last trim 2025-06-01, barefoot, interval 8 wk"),
        (
            "Saffron",
            "last reset 2025-05-06, shoes front, interval 6 wk, note: lost left fore shoe 2025-06-09",
        ),
    ]
    for name, rec in horses:
        t.tool(f"Checking {name}'s hoof record.", "hoof_record", {"horse": name}, f"{name}: {rec}")
    t.say(
        "Farrier list for the week of 16 June: Juniper (reset due), Bramble (reset due) and "
        "Saffron (lost shoe, reset). Comet and Otis are not due."
    )
    t.healthy(
        "Five steps share the sentence pattern 'Checking X's hoof record.', each for a "
        "different horse with a "
        "different record. Formulaic narration over new results is healthy."
    )


# ---------------------------------------------------------------------------- long legitimate runs


@healthy_case(
    "fire-inspection-long-run",
    "Fire-protection inspection: a long quarterly inspection run reads the building record, tests, logs "
    "and deficiencies, drafts the report and sends it.",
    domain="fire-protection inspection",
    lang="tl",
    ids="openai",
    pattern="long legitimate run",
)
def fire_long(t: Trace) -> None:
    t.user(
        "Gawin ang quarterly inspection report para sa gusali ng Makati Tower B (sprinkler, "
        "fire pump, alarm, "
        "extinguisher, emergency lights) at ipadala sa building admin."
    )
    t.tool(
        "Kinukuha ko ang record ng gusali.",
        "building_get",
        {"id": "MKT-B"},
        js({"id": "MKT-B", "floors": 24, "risers": 2, "pump": "FP-1 750 gpm", "panel": "FACP-B"}),
    )
    t.tool(
        "Tinitingnan ang checklist ng inspeksyon.",
        "checklist_get",
        {"type": "quarterly", "code": "NFPA25"},
        "1. main drain test\n2. waterflow alarm\n3. valve supervision\n4. fire pump run\n5. "
        "FDC\n6. extinguishers\n7. emergency lights",
    )
    t.batch(
        "Kinukuha ko ang main drain test ng dalawang riser.",
        [
            (
                "test_result_get",
                {"test": "main_drain", "riser": 1},
                "riser 1: static 92 psi, residual 78 psi (baseline 80) OK",
                False,
            ),
            (
                "test_result_get",
                {"test": "main_drain", "riser": 2},
                "riser 2: static 90 psi, residual 61 psi (baseline 79) DEVIATION",
                False,
            ),
        ],
        order=[1, 0],
    )
    t.tool(
        "Waterflow alarm test.",
        "test_result_get",
        {"test": "waterflow_alarm"},
        "flow switch FS-1: 38 s to alarm OK; FS-2: 41 s OK",
    )
    t.tool(
        "Fire pump weekly runs.",
        "pump_log",
        {"pump": "FP-1", "weeks": 13},
        "13/13 runs; churn pressure 142-145 psi; 1 run with packing leak noted 2025-05-14",
    )
    t.tool(
        "Alarm panel events sa quarter.",
        "panel_event_log",
        {"panel": "FACP-B", "since": "2025-04-01"},
        "2025-04-22 TROUBLE ground fault loop 3\n2025-04-22 RESTORE loop 3\n2025-06-03 "
        "SUPERVISORY valve V-12 tamper\n2025-06-03 RESTORE V-12",
    )
    t.tool(
        "Listahan ng extinguisher.",
        "extinguisher_list",
        {"building": "MKT-B"},
        csv(
            ("tag", "floor", "status"),
            ("EX-101", 1, "ok"),
            ("EX-702", 7, "low pressure"),
            ("EX-1504", 15, "ok"),
            ("EX-2203", 22, "missing pin"),
        ),
    )
    t.tool(
        "Emergency lights.",
        "test_result_get",
        {"test": "emergency_lights"},
        "212 units, 209 pass 30 s test, fail: EL-09-04, EL-14-11, EL-20-02",
    )
    t.tool(
        "Itinatala ang mga deficiency.",
        "deficiency_create",
        {
            "building": "MKT-B",
            "items": [
                "riser 2 residual drop 18 psi",
                "FP-1 packing leak",
                "EX-702 low pressure",
                "EX-2203 missing pin",
                "3 emergency lights failed",
            ],
        },
        js({"ok": True, "ids": ["DF-401", "DF-402", "DF-403", "DF-404", "DF-405"]}),
    )
    t.tool(
        "Binubuo ang report.",
        "report_render",
        {"building": "MKT-B", "period": "2025-Q2", "template": "nfpa25_quarterly"},
        js({"ok": True, "file": "MKT-B_2025Q2_inspection.pdf", "pages": 9}),
    )
    t.tool(
        "Ipinapadala sa building admin.",
        "email_send",
        {
            "to": "admin.towerb@example.ph",
            "subject": "MKT-B Q2 2025 fire protection inspection",
            "attachments": ["MKT-B_2025Q2_inspection.pdf"],
        },
        js({"sent": True}),
    )
    t.say(
        "Naipadala ang Q2 report (9 pahina). Limang deficiency: pagbaba ng residual sa riser "
        "2, packing leak ng "
        "FP-1, EX-702 at EX-2203, at tatlong emergency light."
    )
    t.healthy(
        "A 12-step run with many different tools and targets; the one repeated tool "
        "(test_result_get) is used "
        "for different tests, and every step brings new information toward the report. A long legitimate run "
        "is healthy."
    )


@healthy_case(
    "optometry-clinic-day-long-run",
    "Optometry practice: the agent works through the afternoon's follow-ups: prescriptions, a lens order, "
    "a contact lens trial, recall letters and a stock top-up.",
    domain="optometry practice",
    lang="en",
    ids="anthropic",
    pattern="long legitimate run",
)
def optometry_long(t: Trace) -> None:
    t.user("Clear this afternoon's follow-up list for Dr Okafor.")
    t.tool(
        "Getting the follow-up list.",
        "followups_list",
        {"clinician": "okafor", "date": "2025-07-08"},
        jsi(
            [
                {"patient": "P-2201", "task": "order spectacles"},
                {"patient": "P-2214", "task": "book toric CL trial"},
                {"patient": "P-1987", "task": "send glaucoma recall"},
                {"patient": "P-2030", "task": "send glaucoma recall"},
            ]
        ),
    )
    t.tool(
        "Prescription for P-2201.",
        "patient_rx_get",
        {"patient": "P-2201"},
        js({"od": "-0.75/-0.25x170", "os": "-1.00", "add": "+1.50", "lens": "varifocal"}),
    )
    t.tool(
        "Ordering the varifocals.",
        "lab_order_create",
        {"patient": "P-2201", "lens": "varifocal", "coating": "AR", "frame": "F-3310"},
        js({"order": "LO-7781", "eta": "2025-07-15"}),
    )
    t.tool(
        "Prescription for P-2214.",
        "patient_rx_get",
        {"patient": "P-2214"},
        js({"od": "-2.25/-1.25x10", "os": "-2.00/-1.00x165"}),
    )
    t.tool(
        "Checking trial lens stock.",
        "lens_stock_find",
        {"type": "toric", "sph": -2.25, "cyl": -1.25, "axis": 10},
        js({"matches": [{"sku": "TL-2225-125-010", "qty": 2}]}),
    )
    t.tool(
        "Booking the trial.",
        "appointment_book",
        {"patient": "P-2214", "type": "cl_trial", "date": "2025-07-11", "time": "15:30"},
        js({"booked": True, "id": "AP-6620"}),
    )
    t.batch(
        "Sending both glaucoma recalls.",
        [
            (
                "letter_send",
                {"patient": "P-1987", "template": "glaucoma_recall"},
                js({"sent": True, "channel": "post"}),
                False,
            ),
            (
                "letter_send",
                {"patient": "P-2030", "template": "glaucoma_recall"},
                js({"sent": True, "channel": "email"}),
                False,
            ),
        ],
    )
    t.tool(
        "The trial used our last two of that lens; reordering.",
        "stock_reorder",
        {"sku": "TL-2225-125-010", "qty": 4},
        js({"po": "PO-1180"}),
    )
    t.tool(
        "Marking the list done.",
        "followups_complete",
        {"clinician": "okafor", "date": "2025-07-08"},
        js({"closed": 4}),
    )
    t.say(
        "All four follow-ups are done: varifocals ordered (LO-7781), toric trial booked for "
        "Friday 15:30, both recalls sent, trial stock reordered."
    )
    t.healthy(
        "A 10-step run through different patients and tools; patient_rx_get is called twice "
        "for two different "
        "patients. Each step makes progress on a different follow-up. A long legitimate run is healthy."
    )


@healthy_case(
    "court-transcript-certify-long-run",
    "Court reporting: the agent assembles a certified transcript: sections, speaker fixes, the exhibit and "
    "word indexes, the certificate and the export.",
    domain="court reporting",
    lang="en",
    ids="plain",
    pattern="long legitimate run",
)
def court_long(t: Trace) -> None:
    t.user(
        "Produce the certified transcript of the Okonkwo deposition (DEP-0931) and send it to both counsel."
    )
    t.tool(
        "Loading the draft.",
        "transcript_get",
        {"case": "DEP-0931", "section": "all"},
        "DEP-0931 draft: 214 pages, speakers: Q (Ms. Reyes), A (Mr. Okonkwo), MR. LINDQVIST, "
        "VIDEOGRAPHER; 17 unresolved speaker tags",
    )
    t.tool(
        "Listing unresolved speaker tags.",
        "speaker_tags_unresolved",
        {"case": "DEP-0931"},
        "p.33 l.4, p.33 l.9, p.58 l.12, ... (17 total, all between Ms. Reyes and Mr. Lindqvist)",
    )
    t.tool(
        "Resolving them against the audio diarisation.",
        "speaker_tags_resolve",
        {"case": "DEP-0931", "source": "diarisation"},
        js({"resolved": 17, "remaining": 0}),
    )
    t.tool(
        "Spell-checking proper names.",
        "spellcheck_names",
        {"case": "DEP-0931", "glossary": "DEP-0931-names"},
        "3 fixes: 'Okonquo'->'Okonkwo' (p.12, p.90), 'Lindquist'->'Lindqvist' (p.150)",
    )
    t.tool(
        "Building the exhibit index.",
        "exhibit_index_build",
        {"case": "DEP-0931"},
        "Exhibits 1-9 indexed; Exhibit 6 marked p.101, withdrawn p.104",
    )
    t.tool("Building the word index.", "word_index_build", {"case": "DEP-0931"}, js({"entries": 1873}))
    t.tool(
        "Adding the reporter's certificate.",
        "certificate_add",
        {"case": "DEP-0931", "reporter": "CSR-12044"},
        "certificate added as page 215",
    )
    t.tool(
        "Exporting PDF and PTX.",
        "transcript_export",
        {"case": "DEP-0931", "formats": ["pdf", "ptx"]},
        js({"files": ["DEP-0931.pdf", "DEP-0931.ptx"], "pages": 215}),
    )
    t.batch(
        "Sending to both counsel.",
        [
            (
                "email_send",
                {"to": "reyes@firm-a.example", "attachments": ["DEP-0931.pdf", "DEP-0931.ptx"]},
                js({"sent": True}),
                False,
            ),
            (
                "email_send",
                {"to": "lindqvist@firm-b.example", "attachments": ["DEP-0931.pdf", "DEP-0931.ptx"]},
                js({"sent": True}),
                False,
            ),
        ],
        order=[1, 0],
    )
    t.say(
        "The certified transcript (215 pages, 9 exhibits, 1,873 index entries) went to Ms. "
        "Reyes and Mr. Lindqvist."
    )
    t.healthy(
        "A 10-step production run with a different tool at nearly every step and steady "
        "progress to delivery. "
        "A long legitimate run is healthy."
    )


# ---------------------------------------------------------------------------- a final answer split


@healthy_case(
    "avalanche-bulletin-split-answer",
    "Avalanche forecasting: after reading stations and observations, the agent gives its bulletin summary "
    "in two consecutive messages that cover different parts.",
    domain="avalanche forecasting",
    lang="sl",
    ids="plain",
    pattern="final answer split over messages",
)
def avalanche_split(t: Trace) -> None:
    t.user("Pripravi kratek povzetek plazovnih razmer za Julijske Alpe za jutri.")
    t.tool(
        "Berem podatke postaj.",
        "station_data",
        {"region": "julijske-alpe", "hours": 24},
        csv(
            ("postaja", "novi_sneg_cm", "veter", "T_C"),
            ("Kredarica", 35, "SW 60 km/h", -9),
            ("Vogel", 22, "S 35 km/h", -5),
            ("Kanin", 41, "SW 70 km/h", -10),
        ),
    )
    t.tool(
        "Berem terenska opazovanja.",
        "observations_list",
        {"zone": "julijske-alpe", "hours": 24},
        jsi(
            {
                "observations": [
                    {"tip": "spontani plaz", "visina": 2100, "ekspozicija": "NE", "velikost": 2}
                ],
                "next_token": None,
            }
        ),
    )
    t.say(
        "1/2 — Stopnja nevarnosti: nad 1800 m 3 (znatna), pod 1800 m 2 (zmerna). Novi sneg "
        "22–41 cm ob močnem jugozahodnem vetru."
    )
    t.say(
        "2/2 — Glavni problem je napihan sneg na severnih in vzhodnih pobočjih nad 2000 m; "
        "včeraj spontani plaz velikosti 2 (NE, 2100 m). Priporočilo: izogibajte se strmim "
        "pobočjem z napihanim snegom."
    )
    t.healthy(
        "The final answer is split over two consecutive assistant messages labelled 1/2 and 2/2; they cover "
        "different content (danger levels, then problems and advice). A split final answer "
        "whose parts differ "
        "is not a restatement or a monologue loop."
    )


@healthy_case(
    "spaceweather-briefing-split",
    "Space weather forecasting: the agent answers an operator's briefing request in three messages: "
    "current conditions, the forecast, and the advice for the grid.",
    domain="space weather forecasting",
    lang="vi",
    ids="responses",
    pattern="final answer split over messages",
)
def spaceweather_split(t: Trace) -> None:
    t.user("Cho tôi bản tóm tắt thời tiết không gian để báo cáo cho trung tâm điều độ lưới điện.")
    t.batch(
        "Tôi lấy dữ liệu gió Mặt Trời và dự báo Kp.",
        [
            (
                "solar_wind",
                {"source": "DSCOVR", "window_h": 6},
                js({"speed_kms": 610, "bz_nt": -8.2, "density_cc": 11}),
                False,
            ),
            (
                "kp_forecast",
                {"model": "wsa-enlil"},
                "Kp max (24h) = 6 -> G2; confidence 0.71; CME arrival 2025-06-13T14:00Z ± 6h",
                False,
            ),
        ],
        order=[1, 0],
    )
    t.say("Phần 1 — Hiện tại: gió Mặt Trời 610 km/s, Bz -8,2 nT (hướng nam), mật độ 11 hạt/cm³.")
    t.say(
        "Phần 2 — Dự báo: Kp tối đa 6 (bão địa từ G2) trong 24 giờ tới, CME dự kiến đến "
        "khoảng 14:00 UTC ngày 13/6 ± 6 giờ."
    )
    t.say(
        "Phần 3 — Khuyến nghị: theo dõi dòng cảm ứng địa từ (GIC) ở các máy biến áp 500 kV "
        "phía bắc, hoãn bảo trì đường dây trong khung giờ CME đến."
    )
    t.healthy(
        "Three consecutive assistant messages with nothing between them form one answer in three parts "
        "(conditions, forecast, advice); each part says something new. This is a split final answer, not a "
        "monologue restating one intent."
    )


# ---------------------------------------------------------------------------- one tool per user message


@healthy_case(
    "dive-site-conditions-per-question",
    "Scuba dive centre: the customer asks about three dive sites in three messages and the agent calls the "
    "same conditions tool once for each.",
    domain="scuba dive centre",
    lang="sw",
    ids="openai",
    pattern="same tool for each new user message",
)
def dive_per_message(t: Trace) -> None:
    t.user("Hali ya bahari ikoje kesho Mnemba Atoll kwa kupiga mbizi?")
    t.tool(
        "Naangalia hali ya Mnemba.",
        "site_conditions",
        {"site": "mnemba", "date": "2025-02-14"},
        js({"visibility_m": 20, "current": "wastani", "swell_m": 0.6, "water_c": 28}),
    )
    t.say("Kesho Mnemba: uoni mita 20, mkondo wa wastani, mawimbi 0.6 m, maji 28 °C. Ni siku nzuri.")
    t.user("Na Leven Bank je? Nina cheti cha Advanced.")
    t.tool(
        "Naangalia Leven Bank.",
        "site_conditions",
        {"site": "leven-bank", "date": "2025-02-14"},
        js({"visibility_m": 25, "current": "kali", "swell_m": 1.2, "water_c": 27}),
    )
    t.say(
        "Leven Bank kesho: uoni mita 25 lakini mkondo ni mkali na mawimbi 1.2 m; kwa "
        "Advanced inawezekana ila ni drift dive ngumu."
    )
    t.user("Sawa. Na Boma Reef kwa mwanangu anayeanza?")
    t.tool(
        "Naangalia Boma Reef.",
        "site_conditions",
        {"site": "boma-reef", "date": "2025-02-14"},
        js({"visibility_m": 12, "current": "dhaifu", "swell_m": 0.3, "water_c": 28}),
    )
    t.say("Boma Reef inafaa kwa anayeanza: mkondo dhaifu, mawimbi 0.3 m, kina kifupi; uoni mita 12.")
    t.healthy(
        "site_conditions is called once per user message, each time for the site the user just asked about. "
        "The same tool answering each new user question is healthy."
    )


@healthy_case(
    "tattoo-availability-recheck-on-request",
    "Tattoo studio: the agent checks an artist's Saturday availability, re-checks it identically because "
    "the customer asks, then checks Sunday for the next question.",
    domain="tattoo studio",
    lang="th",
    ids="mistral",
    pattern="same tool for each new user message (identical re-check on request)",
)
def tattoo_per_message(t: Trace) -> None:
    t.user("ช่างเมย์ว่างวันเสาร์นี้ไหมคะ อยากสักลายดอกไม้ที่ข้อมือ ประมาณสองชั่วโมง")
    full = js({"artist": "may", "date": "2025-03-15", "free_slots": []})
    args = {"artist": "may", "date": "2025-03-15", "duration_h": 2}
    t.tool("ตรวจสอบคิวของช่างเมย์วันเสาร์", "artist_availability", args, full)
    t.say("วันเสาร์ที่ 15 ช่างเมย์คิวเต็มแล้วค่ะ")
    t.user("ช่วยเช็คอีกรอบได้ไหมคะ เพื่อนบอกว่าเมื่อเช้ามีคนยกเลิก")
    t.tool("ได้ค่ะ ตรวจสอบอีกครั้ง", "artist_availability", args, full)
    t.say("ตรวจสอบแล้วค่ะ วันเสาร์ยังเต็มอยู่ คิวที่ยกเลิกอาจถูกจองไปแล้ว")
    t.user("ถ้าวันอาทิตย์ล่ะคะ")
    t.tool(
        "ตรวจสอบวันอาทิตย์",
        "artist_availability",
        {"artist": "may", "date": "2025-03-16", "duration_h": 2},
        js({"artist": "may", "date": "2025-03-16", "free_slots": ["13:00", "16:00"]}),
    )
    t.say("วันอาทิตย์ที่ 16 ช่างเมย์ว่าง 13:00 และ 16:00 ค่ะ ต้องการจองเวลาไหนคะ")
    t.healthy(
        "The second artist_availability call is identical to the first and returns the same result, but the "
        "customer explicitly asked for a re-check in a new message; the third call answers a new question. "
        "Identical calls that each answer a new user message are healthy."
    )


@healthy_case(
    "escape-room-bookings-per-question",
    "Escape-room venue: a booking assistant answers three customer questions with the same availability "
    "tool for different rooms and dates, then books.",
    domain="escape-room venue operations",
    lang="en",
    ids="gemini",
    pattern="same tool for each new user message",
)
def escape_per_message(t: Trace) -> None:
    t.user("Do you have the Lighthouse room free this Friday evening for 5 people?")
    t.tool(
        "Checking the Lighthouse on Friday.",
        "availability",
        {"room": "lighthouse", "date": "2025-11-14", "after": "17:00"},
        js({"free": ["20:30"]}),
    )
    t.say("The Lighthouse has one evening slot on Friday, at 20:30.")
    t.user("Hmm, late. What about the Submarine room the same evening?")
    t.tool(
        "Checking the Submarine on Friday.",
        "availability",
        {"room": "submarine", "date": "2025-11-14", "after": "17:00"},
        js({"free": ["18:00", "19:45"]}),
    )
    t.say("The Submarine is free at 18:00 and 19:45 on Friday.")
    t.user("And the Lighthouse on Saturday afternoon?")
    t.tool(
        "Checking the Lighthouse on Saturday.",
        "availability",
        {"room": "lighthouse", "date": "2025-11-15", "after": "12:00"},
        js({"free": ["14:00", "15:45"]}),
    )
    t.say("Saturday afternoon the Lighthouse is free at 14:00 and 15:45.")
    t.user("Book the Lighthouse Saturday 14:00 for 5, name Dana Whitfield.")
    t.tool(
        "Booking.",
        "booking_create",
        {"room": "lighthouse", "date": "2025-11-15", "time": "14:00", "players": 5, "name": "Dana Whitfield"},
        js({"booking": "ER-20457", "total_eur": 125}),
    )
    t.say("Booked: Lighthouse, Saturday 15 November 14:00, 5 players, booking ER-20457 (€125).")
    t.healthy(
        "availability is called once per user question with a different room or date each time, then the "
        "booking is made. The same tool for each new user message is healthy."
    )


# ---------------------------------------------------------------------------- a long valid table


@healthy_case(
    "dairy-herd-long-table",
    "Dairy herd management: the agent answers with a 30-row table of cows, each row different.",
    domain="dairy herd management",
    lang="bn",
    ids="bedrock",
    pattern="long valid table",
)
def dairy_table(t: Trace) -> None:
    t.user("গোয়াল ২-এর সব গাভীর গতকালের দুধের পরিমাণ, দুধ দোয়ানোর সংখ্যা আর দিন-ইন-মিল্ক একটা টেবিলে দাও।")
    rows = []
    for i in range(30):
        cow = f"BD-{2101 + i * 7}"
        kg = round(18.5 + (i * 37 % 23) * 0.6, 1)
        visits = 2 + (i * 5 % 3)
        dim = 12 + (i * 41 % 290)
        rows.append((cow, kg, visits, dim))
    t.tool(
        "গোয়াল ২-এর তথ্য আনছি।",
        "herd.daily_report",
        {"barn": 2, "date": "2025-03-11"},
        csv(("cow", "milk_kg", "visits", "dim"), *rows),
    )
    table = "| গাভী | দুধ (কেজি) | দোয়ানো | দিন-ইন-মিল্ক |\n|---|---|---|---|\n" + "\n".join(
        f"| {c} | {kg} | {v} | {d} |" for c, kg, v, d in rows
    )
    total = round(sum(r[1] for r in rows), 1)
    t.say(f"গোয়াল ২, ১১ মার্চ ২০২৫ (৩০টি গাভী, মোট {total} কেজি):\n\n{table}")
    t.healthy(
        "The final reply is a 30-row markdown table; every row is a different cow with its own figures. A "
        "long table whose rows differ is not degenerate text."
    )
