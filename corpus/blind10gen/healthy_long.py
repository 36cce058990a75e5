"""Healthy: long sessions of similar steps that make progress, repeated narration while every call brings
new results, identical calls that each answer a new user message, and check-act-recheck on a mutating
system (a fleet report, match-by-match analysis in Spanish, a budgeting chat, a hotel night audit, an EV
network sweep in Vietnamese, receipts in Indonesian, a Postgres failover)."""

from __future__ import annotations

from typing import Any

from .builder import C, Trace


def fleet_monthly_report() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-034-fleet-monthly-report-twenty-vans",
        "A fleet telematics agent builds the monthly report: trips and charging sessions for twenty vans, "
        "one by one, then a markdown table with near-identical rows",
        agent="fleet telematics agent (telematics platform API tools, PydanticAI)",
        model="google-gla:gemini-2.5-pro",
        start="2026-10-01T06:00:00+00:00",
        ids="call",
        meta={"harness": "pydantic-ai 1.9", "fleet": "city-vans-sthlm"},
    )
    t.user(
        "Build the September report for all 20 electric vans: km driven, kWh charged, kWh/100 km, and flag "
        "anything unusual."
    )
    vans = list(range(1, 21))
    t.step(
        "",
        C(
            "list_vehicles",
            {"fleet": "city-vans-sthlm", "powertrain": "ev"},
            {"vehicles": [{"id": v, "model": "e-Transit" if v % 3 else "eVito"} for v in vans]},
        ),
    )
    rows = []
    for v in vans:
        km = 1480 + (v * 173) % 900
        kwh = round(km * (0.262 + ((v * 7) % 11) / 400), 1)
        if v == 13:
            kwh = round(km * 0.391, 1)
        t.step(
            "" if v > 1 else "Fetching trips and charging per van.",
            C(
                "get_trips_summary",
                {"vehicle_id": v, "month": "2026-09"},
                {"vehicle_id": v, "trips": 160 + v * 3, "km": km, "drive_hours": round(km / 27.5, 1)},
            ),
        )
        t.step(
            "",
            C(
                "get_charging_sessions",
                {"vehicle_id": v, "month": "2026-09"},
                {"vehicle_id": v, "sessions": 21 + v % 5, "kwh": kwh, "avg_soc_start": 22 + v % 9},
            ),
        )
        rows.append((v, km, kwh, round(100 * kwh / km, 1)))
    t.step(
        "Van 13 uses about 39 kWh/100 km, far above the others. Checking its events.",
        C(
            "get_vehicle_events",
            {"vehicle_id": 13, "since": "2026-09-01", "types": ["dtc", "hvac"]},
            {
                "events": [
                    {
                        "t": "2026-09-03",
                        "type": "dtc",
                        "code": "P0AA6",
                        "text": "Hybrid battery voltage isolation fault",
                    },
                    {"t": "2026-09-03", "type": "hvac", "text": "cabin heater stuck on"},
                ]
            },
        ),
    )
    header = "| Van | km | kWh | kWh/100 km |\n|---|---|---|---|\n"
    table = header + "\n".join(f"| {v} | {km} | {kwh} | {eff} |" for v, km, kwh, eff in rows)
    t.step(
        "September report:\n\n"
        + table
        + "\n\nFlag: van 13 (39.1 kWh/100 km) has had its cabin heater stuck on since 3 September and an "
        "isolation fault code; book it into the workshop.",
        C(
            "save_report",
            {"name": "ev-fleet-2026-09.md", "content": table},
            {"ok": True, "path": "reports/ev-fleet-2026-09.md"},
        ),
    )
    return t.healthy(
        "Forty-three steps of similar calls, two per van over twenty different vans, each returning that "
        "van's data, then one follow-up and a report whose markdown table repeats the same row shape twenty "
        "times. Long, repetitive-looking work that makes progress is healthy."
    )


def match_by_match_es() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-035-scouting-match-by-match-es",
        "A sports analytics agent (Spanish) goes through a player's last twelve matches with the same "
        "narration ('Reviso el siguiente partido') and a new match each step",
        agent="sports analytics copilot (PydanticAI agent, match-event warehouse tools)",
        model="openai:gpt-4.1",
        start="2026-04-23T18:00:00+00:00",
        ids="call",
        meta={"harness": "pydantic-ai 1.9", "warehouse": "duckdb:events_2025_26"},
    )
    t.user(
        "Analiza los últimos 12 partidos de Valverde: pases progresivos y recuperaciones por partido, y "
        "dime si hay una tendencia."
    )
    t.step(
        "",
        C(
            "list_matches",
            {"player_id": 4417, "last": 12},
            {
                "matches": [
                    {"match_id": 88100 + i, "rival": r}
                    for i, r in enumerate(
                        [
                            "Sevilla",
                            "Getafe",
                            "Betis",
                            "Osasuna",
                            "Valencia",
                            "Celta",
                            "Girona",
                            "Athletic",
                            "Villarreal",
                            "Mallorca",
                            "Rayo",
                            "Real Sociedad",
                        ]
                    )
                ]
            },
        ),
    )
    prog = [5, 7, 4, 6, 8, 6, 9, 7, 8, 10, 9, 11]
    rec = [6, 4, 7, 5, 6, 3, 5, 4, 6, 4, 5, 3]
    for i in range(12):
        t.step(
            "Reviso el siguiente partido." if i else "Reviso el primer partido.",
            C(
                "match_player_stats",
                {"match_id": 88100 + i, "player_id": 4417},
                {
                    "match_id": 88100 + i,
                    "minutes": 90 - (i % 3) * 8,
                    "progressive_passes": prog[i],
                    "recoveries": rec[i],
                },
            ),
        )
    t.step(
        "Tendencia clara: los pases progresivos suben de ~5-6 en los primeros partidos a 9-11 en los "
        "últimos cuatro, mientras las recuperaciones bajan de 6-7 a 3-5. Está jugando más adelantado."
    )
    return t.healthy(
        "Twelve steps repeat the same narration and the same tool, but each asks for a different match and "
        "brings new numbers; the agent then draws a conclusion. Repeated wording with new results is not a "
        "narration loop."
    )


def budget_chat_new_turns() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-036-budget-balance-asked-each-turn",
        "A budgeting chat where the user asks for the balance several times during the day; the agent calls "
        "the same balance tool once per question, sometimes with the same answer",
        agent="personal finance budgeting agent (PydanticAI, bank-feed tools)",
        model="anthropic:claude-haiku-4-5",
        start="2026-04-02T07:30:00+00:00",
        ids="toolu",
        meta={"harness": "pydantic-ai 1.9", "profile": "household"},
    )
    bal = {"account": "household", "currency": "SEK"}
    t.user("Morning! What's the household account balance?")
    t.step(
        "",
        C("get_balance", bal, {"available": 18420.11, "booked": 18420.11, "as_of": "2026-04-02T06:00:00Z"}),
    )
    t.step("18,420.11 SEK available.")
    t.user("How much have we spent on groceries so far in April?")
    t.step(
        "",
        C(
            "sum_transactions",
            {"account": "household", "category": "groceries", "from": "2026-04-01"},
            {"total": -1466.40, "count": 3},
        ),
    )
    t.step("1,466.40 SEK on groceries across three purchases.")
    t.user("And the balance again? I want to move money to savings.")
    t.step(
        "",
        C("get_balance", bal, {"available": 18420.11, "booked": 18420.11, "as_of": "2026-04-02T06:00:00Z"}),
    )
    t.step("Still 18,420.11 SEK; nothing new has been booked since this morning.")
    t.user("Move 5,000 to savings.")
    t.step(
        "",
        C(
            "transfer",
            {"from": "household", "to": "savings", "amount": 5000, "currency": "SEK"},
            {"status": "booked", "id": "tr_8812"},
        ),
    )
    t.step("Done: 5,000 SEK moved to savings.")
    t.user("What's the balance now?")
    t.step(
        "",
        C("get_balance", bal, {"available": 13420.11, "booked": 13420.11, "as_of": "2026-04-02T12:14:09Z"}),
    )
    t.step("13,420.11 SEK.")
    t.user("Evening check — balance?")
    t.step(
        "",
        C("get_balance", bal, {"available": 13420.11, "booked": 13420.11, "as_of": "2026-04-02T12:14:09Z"}),
    )
    t.step("13,420.11 SEK; no new transactions since midday.")
    t.user("And one last time before bed, sorry!")
    t.step(
        "",
        C("get_balance", bal, {"available": 13420.11, "booked": 13420.11, "as_of": "2026-04-02T12:14:09Z"}),
    )
    t.step("Still 13,420.11 SEK.")
    return t.healthy(
        "get_balance is called five times with identical arguments (three times with an identical result in "
        "a row), but every call answers a new user message; counts start at each user message. Healthy."
    )


def night_audit_rooms() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-037-night-audit-room-charges",
        "A hotel night-audit agent posts room and tax charges to 22 occupied rooms one at a time, with a "
        "harness reminder after every result, then closes the business day",
        agent="hotel night-audit agent (OpenAI Agents SDK, property-management system tools)",
        model="gpt-4.1-mini",
        start="2026-08-15T00:30:00+00:00",
        meta={
            "harness": "openai-agents 0.6 (with an output guardrail reminder)",
            "property": "harbour-hotel-gbg",
        },
    )
    t.user("Run the night audit for 14 August: post room and tax to every occupied room, then roll the date.")
    rooms = [
        f"{floor}{n:02d}"
        for floor in (3, 5, 7, 9, 12)
        for n in (1, 4, 7, 9, 11)
        if not (floor == 12 and n > 4)
    ]
    t.step(
        "",
        C(
            "list_in_house",
            {"date": "2026-08-14"},
            {
                "rooms": [
                    {"room": r, "folio": f"F-{77000 + i}", "rate_sek": 1490 + (i % 4) * 200}
                    for i, r in enumerate(rooms)
                ]
            },
        ),
    )
    reminder = "Reminder: do not post charges to rooms with status 'checked_out' or 'complimentary'."
    for i, room in enumerate(rooms):
        rate = 1490 + (i % 4) * 200
        t.step(
            "Posting room and tax per room." if i == 0 else "",
            C(
                "post_charge",
                {
                    "folio": f"F-{77000 + i}",
                    "code": "ROOM",
                    "amount_sek": rate,
                    "description": f"Room {room} 2026-08-14",
                },
                {"ok": True, "charge_id": "ch_" + t.hexid(10), "posted_at": t.stamp()},
            ),
        )
        t.step(
            "",
            C(
                "post_charge",
                {
                    "folio": f"F-{77000 + i}",
                    "code": "VAT12",
                    "amount_sek": round(rate * 0.12, 2),
                    "description": f"VAT 12% room {room} 2026-08-14",
                },
                {"ok": True, "charge_id": "ch_" + t.hexid(10), "posted_at": t.stamp()},
            ),
        )
        t.system(reminder)
    t.step(
        "",
        C(
            "run_trial_balance",
            {"date": "2026-08-14"},
            {
                "balanced": True,
                "room_revenue_sek": sum(1490 + (i % 4) * 200 for i in range(len(rooms))),
                "rooms_posted": len(rooms),
            },
        ),
    )
    t.step("", C("roll_business_date", {"from": "2026-08-14"}, {"ok": True, "business_date": "2026-08-15"}))
    t.step(
        f"Night audit done: room and VAT posted to {len(rooms)} rooms, trial balance balanced, business "
        "date is now 15 August."
    )
    return t.healthy(
        f"{2 * len(rooms)} steps post a room charge and a VAT charge to each of {len(rooms)} different "
        "folios (look-alike acknowledgements), each room followed by the same harness reminder, which is "
        "the harness's own constant text rather than model repetition. A long batch of writes over "
        "different rooms is healthy."
    )


def ev_network_sweep_vi() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-038-ev-network-sweep-reset-verify-vi",
        "A charging-network agent (Vietnamese) checks eighteen charge points, resets the three that are "
        "faulted, and re-checks each after its reset",
        agent="EV charging network operations agent (Google ADK LlmAgent, CSMS gRPC tools)",
        model="gemini-2.5-flash",
        start="2026-06-01T01:00:00+00:00",
        ids="adk",
        meta={"harness": "google-adk 1.18", "csms": "csms.ev-example.vn:443"},
    )
    t.user("Kiểm tra toàn bộ 18 trụ sạc ở khu Thủ Đức. Trụ nào lỗi thì reset mềm rồi xác nhận lại.")
    cps = [f"CP-07{i:02d}" for i in range(1, 19)]
    faulted = {"CP-0704": "GroundFailure", "CP-0711": "InternalError", "CP-0716": "PowerMeterFailure"}
    for i, cp in enumerate(cps):
        status = "Faulted" if cp in faulted else ("Charging" if i % 3 == 0 else "Available")
        t.step(
            "Kiểm tra từng trụ." if i == 0 else "",
            C(
                "get_charge_point",
                {"charge_point_id": cp},
                {
                    "id": cp,
                    "status": status,
                    "error_code": faulted.get(cp, "NoError"),
                    "last_heartbeat": f"2026-06-01T00:5{i % 10}:1{i % 6}Z",
                },
            ),
        )
    for cp, code in faulted.items():
        t.step(
            f"{cp} báo {code}. Reset mềm.",
            C("reset", {"charge_point_id": cp, "type": "Soft"}, {"status": "Accepted"}),
        )
        t.wait(90)
        after = "Available" if cp != "CP-0716" else "Faulted"
        t.step(
            "Xác nhận lại sau khi reset.",
            C(
                "get_charge_point",
                {"charge_point_id": cp},
                {"id": cp, "status": after, "error_code": "NoError" if after == "Available" else code},
            ),
        )
    t.step(
        "",
        C(
            "create_work_order",
            {"charge_point_id": "CP-0716", "issue": "PowerMeterFailure persists after soft reset"},
            {"work_order": "WO-3318", "priority": "high"},
        ),
    )
    t.step(
        "Đã kiểm tra 18 trụ: 15 bình thường. CP-0704 và CP-0711 hoạt động lại sau khi reset mềm; CP-0716 "
        "vẫn lỗi đồng hồ điện, đã tạo phiếu WO-3318 cho kỹ thuật."
    )
    return t.healthy(
        "Eighteen get_charge_point calls over eighteen different charge points, then for each faulted one a "
        "reset and a re-check of the same charge point (check, act, re-check: the results differ), and a "
        "work order for the one that stays faulted. Healthy."
    )


def receipts_ocr_id() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-039-expense-receipts-ocr-id",
        "A travel-expense agent (Indonesian) OCRs eleven receipts, re-scans one blurry receipt at a higher "
        "resolution, and files the expense report",
        agent="travel expense reporting agent (Mastra agent, OCR and expense platform tools)",
        model="gpt-4.1-mini",
        start="2026-03-23T03:00:00+00:00",
        ids="short",
        meta={"harness": "mastra 0.18", "employee": "r.wijaya"},
    )
    t.user(
        "Tolong buat laporan pengeluaran perjalanan dinas ke Surabaya (16–19 Maret) dari foto struk yang "
        "saya unggah, lalu ajukan."
    )
    files = [f"IMG_20260316_{i:02d}.jpg" for i in range(1, 12)]
    t.step("", C("list_uploads", {"folder": "receipts/2026-03-surabaya"}, {"files": files}))
    amounts = [
        1_250_000,
        85_000,
        420_000,
        1_875_000,
        64_500,
        230_000,
        97_000,
        1_875_000,
        152_000,
        310_000,
        48_000,
    ]
    cats = [
        "Tiket pesawat",
        "Taksi",
        "Makan",
        "Hotel",
        "Kopi",
        "Makan",
        "Taksi",
        "Hotel",
        "Makan",
        "Makan klien",
        "Parkir",
    ]
    lines = []
    for i, (f, amt, cat) in enumerate(zip(files, amounts, cats, strict=True)):
        if i == 6:
            t.step(
                "",
                C(
                    "ocr_receipt",
                    {"file": f"receipts/2026-03-surabaya/{f}", "dpi": 150},
                    {"error": "LOW_CONFIDENCE", "confidence": 0.41, "text": "T..SI BL.E B..D 9?.000"},
                    True,
                ),
            )
            t.step(
                "Struk ini buram; saya pindai ulang dengan resolusi lebih tinggi.",
                C(
                    "ocr_receipt",
                    {"file": f"receipts/2026-03-surabaya/{f}", "dpi": 400, "enhance": True},
                    {
                        "merchant": "Taksi Blue Bird",
                        "amount_idr": amt,
                        "date": "2026-03-18",
                        "confidence": 0.93,
                    },
                ),
            )
        else:
            t.step(
                "Memindai struk satu per satu." if i == 0 else "",
                C(
                    "ocr_receipt",
                    {"file": f"receipts/2026-03-surabaya/{f}", "dpi": 150},
                    {
                        "merchant": f"{cat} #{i + 1}",
                        "amount_idr": amt,
                        "date": f"2026-03-{16 + i % 4}",
                        "confidence": round(0.9 + (i % 5) / 100, 2),
                    },
                ),
            )
        lines.append({"category": cat, "amount_idr": amt})
    t.step(
        "",
        C(
            "create_expense_report",
            {"title": "Dinas Surabaya 16–19 Maret", "currency": "IDR", "lines": lines},
            {"report_id": "ER-6120", "total_idr": sum(amounts), "policy_warnings": []},
        ),
    )
    t.step("", C("submit_report", {"report_id": "ER-6120", "approver": "manager"}, {"state": "submitted"}))
    total = f"{sum(amounts):,}".replace(",", ".")
    t.step(f"Laporan ER-6120 (11 struk, total Rp {total}) sudah diajukan ke atasan.")
    return t.healthy(
        "Eleven ocr_receipt calls over eleven different receipts; one low-confidence read is retried once "
        "with different settings and succeeds. Then the report is created and submitted. Healthy."
    )


def pg_failover_recheck() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-040-pg-failover-check-promote-recheck",
        "A DBA agent checks replication, promotes the replica during a planned failover, re-checks the same "
        "status views (now different), and re-reads a config file after the operator edits it",
        agent="DBA agent (OpenAI Agents SDK, psql, Patroni and file tools)",
        model="gpt-4.1-2025-04-14",
        start="2026-03-11T02:00:00+00:00",
        meta={"harness": "openai-agents 0.6", "cluster": "prod-eu-pg16 (Patroni)"},
    )
    t.user(
        "Planned switchover tonight: make pg-replica-1 the leader, confirm replication is healthy "
        "afterwards, and check that pgbouncer points at the new leader."
    )
    status = {"command": "patronictl -c /etc/patroni.yml list"}
    t.step(
        "",
        C(
            "shell",
            status,
            "+ Cluster: prod-eu-pg16 ----+---------+-----------+----+-----------+\n| Member       | Host    "
            " | Role    | State     | TL | Lag in MB |\n| pg-primary   | 10.0.1.10 | Leader  | running   | "
            "41 |           |\n| pg-replica-1 | 10.0.1.11 | Replica | streaming | 41 |         0 |",
        ),
    )
    t.step(
        "Lag is 0. Switching over.",
        C(
            "shell",
            {
                "command": "patronictl -c /etc/patroni.yml switchover --leader pg-primary --candidate "
                "pg-replica-1 --force"
            },
            'Successfully switched over to "pg-replica-1"',
        ),
    )
    t.step(
        "Re-checking the cluster.",
        C(
            "shell",
            status,
            "| pg-primary   | 10.0.1.10 | Replica | stopped   |    | unknown |\n| pg-replica-1 | 10.0.1.11 "
            "| Leader  | running   | 42 |           |",
        ),
    )
    t.wait(30)
    t.step(
        "The old primary is still rejoining.",
        C(
            "shell",
            status,
            "| pg-primary   | 10.0.1.10 | Replica | streaming | 42 |         0 |\n| pg-replica-1 | "
            "10.0.1.11 | Leader  | running   | 42 |",
        ),
    )
    cfg = {"path": "/etc/pgbouncer/pgbouncer.ini", "grep": "prod_eu ="}
    t.step("", C("read_file", cfg, "prod_eu = host=10.0.1.10 port=5432 dbname=app"))
    t.step(
        "pgbouncer still points at the old primary (10.0.1.10). I don't have write access to that file; "
        "please change it to 10.0.1.11 and reload, and I'll re-check."
    )
    t.user("Done, edited and reloaded.")
    t.step("", C("read_file", cfg, "prod_eu = host=10.0.1.11 port=5432 dbname=app"))
    t.step(
        "",
        C(
            "psql",
            {"host": "pgbouncer", "sql": "SELECT inet_server_addr(), pg_is_in_recovery();"},
            " inet_server_addr | pg_is_in_recovery\n------------------+-------------------\n 10.0.1.11      "
            "  | f",
        ),
    )
    t.step(
        "Switchover complete: pg-replica-1 leads on timeline 42, the old primary streams with 0 lag, and "
        "pgbouncer now reaches the new leader."
    )
    return t.healthy(
        "patronictl list is run three times and the config read twice, but around actions that change them "
        "(a switchover, the old primary rejoining, an operator edit): check, act, re-check on a mutating "
        "system, with different results each time. Healthy."
    )


SCENARIOS = [
    fleet_monthly_report,
    match_by_match_es,
    budget_chat_new_turns,
    night_audit_rooms,
    ev_network_sweep_vi,
    receipts_ocr_id,
    pg_failover_recheck,
]
