"""Healthy sessions of industrial agents: genealogy traces, trend logs, breaker polling, zone fan-out."""

from __future__ import annotations

from typing import Any

from .builder import Call, Trace, js


def mes_genealogy_long() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-008-mes-capacitor-genealogy-long",
        "An MES agent traces a field failure back to a capacitor reel and forward to every finished lot "
        "that used it: a long session of similar lookups, each on a new lot.",
        agent="quality investigation agent (MES genealogy API, OpenAI function calling)",
        model="gpt-4.1",
        start=1420,
    )
    t.user(
        "Customer complaint on finished lot FG-26-0412: capacitor C14 failed. Find the C14 reel, then every "
        "finished lot that used that reel and whether it has shipped. I need a containment list."
    )
    t.act(
        "Reading the finished lot.",
        "mes_get_lot",
        {"lot": "FG-26-0412"},
        js(
            {
                "lot": "FG-26-0412",
                "item": "CTRL-BOX-220",
                "qty": 480,
                "status": "SHIPPED",
                "built": "2026-02-11",
            }
        ),
    )
    t.act(
        "Its consumed components.",
        "mes_get_consumption",
        {"lot": "FG-26-0412"},
        js(
            {
                "lot": "FG-26-0412",
                "consumed": [
                    {"lot": "PCBA-8812", "item": "PCBA-CTRL-v3"},
                    {"lot": "HSG-2207", "item": "HOUSING-AL"},
                    {"lot": "GSK-0930", "item": "GASKET-EPDM"},
                ],
            }
        ),
    )
    t.act(
        "The PCBA lot is where C14 sits.",
        "mes_get_consumption",
        {"lot": "PCBA-8812"},
        js(
            {
                "lot": "PCBA-8812",
                "consumed": [
                    {"lot": "RL-C-55102", "item": "CAP-22UF-0805", "refdes": ["C12", "C14"]},
                    {"lot": "RL-C-55090", "item": "CAP-100NF-0402", "refdes": ["C1-C11"]},
                    {"lot": "RL-U-7011", "item": "MCU-STM32G4"},
                    {"lot": "SP-2602-11", "item": "SOLDER-PASTE-SAC305"},
                ],
            }
        ),
    )
    t.act(
        "C14 comes from reel RL-C-55102. Reading the reel record.",
        "mes_get_lot",
        {"lot": "RL-C-55102"},
        js(
            {
                "lot": "RL-C-55102",
                "item": "CAP-22UF-0805",
                "supplier": "Murata",
                "date_code": "2549",
                "qty_initial": 10000,
                "qty_remaining": 0,
            }
        ),
    )
    pcba_lots = [f"PCBA-88{n:02d}" for n in (4, 7, 9, 12, 15, 18)]
    t.act(
        "Where else was this reel used?",
        "mes_where_used",
        {"lot": "RL-C-55102"},
        js({"lot": "RL-C-55102", "used_in": [{"lot": p, "item": "PCBA-CTRL-v3"} for p in pcba_lots]}),
    )
    fg_by_pcba: dict[str, list[str]] = {}
    serial = 400
    for p in pcba_lots:
        n = t.rng.randint(2, 4)
        fgs = [f"FG-26-0{serial + k}" for k in range(n)]
        if p == "PCBA-8812":
            fgs = ["FG-26-0412", *fgs[1:]]
        serial += n + t.rng.randint(1, 4)
        fg_by_pcba[p] = fgs
        t.act(
            t.rng.choice([f"Forward from {p}.", f"Where-used for {p}.", f"Next PCBA lot: {p}."]),
            "mes_where_used",
            {"lot": p},
            js({"lot": p, "used_in": [{"lot": f, "item": "CTRL-BOX-220"} for f in fgs]}),
        )
    shipped, stock, held = ["FG-26-0412"], [], []
    all_fg = sorted({f for fgs in fg_by_pcba.values() for f in fgs})
    for f in all_fg:
        if f == "FG-26-0412":
            continue  # read at the start: shipped
        status = t.rng.choice(["SHIPPED", "SHIPPED", "IN_STOCK", "QA_HOLD"])
        {"SHIPPED": shipped, "IN_STOCK": stock, "QA_HOLD": held}[status].append(f)
        t.act(
            t.rng.choice([f"Status of {f}.", f"Checking {f}.", f"Reading lot {f}."]),
            "mes_get_lot",
            {"lot": f},
            js(
                {
                    "lot": f,
                    "item": "CTRL-BOX-220",
                    "qty": t.rng.choice([240, 480, 480, 720]),
                    "status": status,
                    "built": f"2026-02-{t.rng.randint(3, 27):02d}",
                }
            ),
        )
    for f in shipped:
        t.act(
            f"Customers for shipped lot {f}.",
            "erp_get_deliveries",
            {"lot": f},
            js(
                {
                    "lot": f,
                    "deliveries": [
                        {
                            "customer": t.rng.choice(["Voltex GmbH", "Nordpower AB", "Fenwick Ltd"]),
                            "delivery": f"80{t.rng.randint(10000, 99999)}",
                            "qty": 240,
                        }
                    ],
                }
            ),
        )
    for f in stock:
        t.act(
            f"Placing {f} on quality hold.",
            "mes_set_lot_hold",
            {"lot": f, "reason": "Containment: CAP reel RL-C-55102 (C14 failure)"},
            js({"lot": f, "status": "QA_HOLD", "ok": True}),
        )
    t.say(
        f"Containment: reel RL-C-55102 (Murata 22 µF, DC 2549) went into {len(pcba_lots)} PCBA lots and "
        f"{len(all_fg)} finished lots. Shipped ({len(shipped)}): {', '.join(shipped)}; customer deliveries "
        "listed "
        f"above. Put on hold in stock ({len(stock)}): {', '.join(stock)}; already on QA hold: "
        f"{', '.join(held) or 'none'}."
    )
    t.healthy(
        f"A long genealogy trace ({t.steps} steps): the same few tools (get lot, where-used, deliveries, "
        "hold) called on a new lot each time, following a tree backward and forward. Every call brings "
        "new ids and the session ends with a containment list."
    )
    return t.build()


def bms_trend_cursor() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-009-bms-trend-log-read-next",
        "A building-operations agent drains a BACnet trend log through a gateway session whose read-next "
        "call takes the same arguments every time and returns the next block of records.",
        agent="building operations agent (BACnet/IP gateway tools, Anthropic tool use)",
        model="claude-3-5-haiku",
        start=1460,
        ids="anthropic",
    )
    t.user(
        "AHU-3 supply air temperature: why do people complain about cold mornings on floor 2? Look at last "
        "week."
    )
    t.act(
        "Opening a read session on the AHU-3 supply-air trend log.",
        "bms_trend_open",
        {"device": 3003, "object": "trend-log,7", "from": "2026-02-23T00:00", "to": "2026-03-02T00:00"},
        js({"session": "tr-88a1", "records_total": 2016, "block_size": 288}),
    )
    for day in range(7):
        date = f"2026-02-{23 + day:02d}" if day < 6 else "2026-03-01"
        low = round(t.rng.uniform(11.2, 12.4), 1)
        recs = {
            "from": f"{date}T00:00",
            "to": f"{date}T23:55",
            "count": 288,
            "min": {"t": f"{date}T06:{t.rng.randint(0, 25):02d}", "v": low},
            "max": {"t": f"{date}T14:{t.rng.randint(0, 55):02d}", "v": round(t.rng.uniform(17.5, 18.4), 1)},
            "setpoint": 16.0,
            "end_of_log": day == 6,
        }
        text = (
            "Reading the first block."
            if day == 0
            else t.rng.choice(["Next block.", "Reading on.", "Next day."])
        )
        t.act(text, "bms_trend_read_next", {"session": "tr-88a1"}, js(recs))
    t.act(
        "Checking the morning-start program.",
        "bms_read_point",
        {"device": 3003, "object": "multi-state-value,2"},
        js({"name": "AHU3-OPT-START", "present_value": "BOOST_COOL", "schedule": "05:30-07:00"}),
    )
    t.say(
        "Every weekday the AHU-3 supply air dips to 11-12 °C around 06:00 (setpoint 16 °C): the "
        "optimum-start "
        "program runs in BOOST_COOL from 05:30 to 07:00. Switching it to a heating boost (or a 16 °C minimum "
        "supply limit) should fix the cold mornings."
    )
    t.healthy(
        "A server-side cursor: seven identical read-next calls each return a new day of records "
        "(different dates and values) until end_of_log, then a different read and a diagnosis."
    )
    return t.build()


def scada_breaker_poll() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-010-scada-breaker-close-poll",
        "A grid-operations agent closes a feeder breaker with select-before-operate and polls its state "
        "through several identical 'travelling' reads until it reports closed.",
        agent="distribution operations agent (SCADA gateway tools, LangGraph)",
        model="gpt-4o",
        start=1490,
    )
    t.user("Maintenance on F-14 is finished and the permit is cancelled (PTW-2231). Re-energise feeder F-14.")
    t.act(
        "Confirming the permit is closed.",
        "ptw_get_permit",
        {"permit": "PTW-2231"},
        js(
            {"permit": "PTW-2231", "status": "CANCELLED", "earths_removed": True, "cancelled_by": "J. Mensah"}
        ),
    )
    t.act(
        "Selecting breaker CB-114.",
        "scada_select",
        {"point": "CB-114", "command": "CLOSE"},
        js({"point": "CB-114", "selected": True, "select_timeout_s": 30}),
    )
    t.act(
        "Operating.",
        "scada_operate",
        {"point": "CB-114", "command": "CLOSE"},
        js({"point": "CB-114", "accepted": True, "seq": 55012}),
    )
    for text in (
        "Reading the breaker state.",
        "Still travelling.",
        "Travelling; spring-charged mechanism takes a few seconds.",
        "Still travelling.",
    ):
        t.act(
            text,
            "scada_read",
            {"point": "CB-114.state"},
            js({"point": "CB-114.state", "value": "TRAVELLING", "quality": "GOOD"}),
        )
    t.act(
        "Reading again.",
        "scada_read",
        {"point": "CB-114.state"},
        js({"point": "CB-114.state", "value": "CLOSED", "quality": "GOOD"}),
    )
    t.act(
        "Checking feeder current.",
        "scada_read",
        {"point": "F-14.I_A"},
        js({"point": "F-14.I_A", "value": 182.4, "unit": "A", "quality": "GOOD"}),
    )
    t.say("CB-114 closed; feeder F-14 is energised and carrying 182 A.")
    t.healthy(
        "Polling a breaker after a close command: four identical reads return 'TRAVELLING', then "
        "'CLOSED', then the agent checks the feeder current and finishes."
    )
    return t.build()


def irrigation_fanout_dutch() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-011-irrigation-zones-fanout-dutch",
        "Een irrigatie-agent leest twaalf zones uit en opent de kleppen van de zones die water nodig hebben, "
        "elk met een eigen duur; de bevestigingen lijken op elkaar.",
        agent="teeltadviseur-agent (Mistral, eigen harness)",
        model="mistral-small-2503",
        start=1520,
        ids="plain",
    )
    t.user(
        "Geef de zones in kas 1 en kas 2 water waar nodig. Drempel 25% bodemvocht, 1 minuut per procentpunt "
        "tekort."
    )
    readings: dict[int, float] = {}
    for group in (range(1, 7), range(7, 13)):
        calls = []
        for z in group:
            v = round(t.rng.uniform(15.0, 34.0), 1)
            readings[z] = v
            calls.append(
                Call(
                    "sensor_read",
                    {"zone": z, "sensor": "bodemvocht"},
                    js({"zone": z, "bodemvocht_pct": v, "drempel_pct": 25}),
                )
            )
        t.batch(f"Ik lees de zones {group.start}-{group.stop - 1}.", calls)
    dry = [z for z, v in readings.items() if v < 25]
    for z in dry:
        minutes = round(25 - readings[z])
        minutes = max(minutes, 1)
        t.act(
            t.rng.choice(
                [
                    f"Zone {z}: {readings[z]}%, klep open voor {minutes} min.",
                    f"Zone {z} staat op {readings[z]}%. {minutes} minuten water.",
                    f"Klep {z} openen, {minutes} minuten.",
                ]
            ),
            "valve_open",
            {"zone": z, "duur_min": minutes},
            js({"zone": z, "klep": "open", "sluit_om": f"10:{10 + z:02d}", "ok": True}),
        )
    t.say(
        f"Water gegeven in {len(dry)} zones ({', '.join(map(str, dry))}); de andere zones zitten boven 25%."
    )
    t.healthy(
        "Fan-out: twelve sensor reads in two parallel batches, then one valve_open per dry zone with its "
        "own duration; the acknowledgements look alike but each call is a different zone."
    )
    return t.build()


def drone_retry_handoff() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-012-drone-upload-timeout-handoff",
        "A mission-planning agent's upload times out three times on a weak telemetry link; it stops retrying "
        "and hands the upload to the remote pilot.",
        agent="survey mission planner (MAVSDK tool server, OpenAI function calling)",
        model="o4-mini",
        start=1550,
    )
    t.user("Upload the vineyard NDVI survey (field 3) to drone VX-2 and arm when the pilot confirms.")
    t.act(
        "Checking telemetry.",
        "mavsdk_telemetry",
        {"stream": "rc_status"},
        js({"is_available": True, "signal_strength_percent": 31}),
    )
    items = [
        {"seq": k, "lat": 45.4312 + 0.0003 * k, "lon": 11.0021 + (0.0005 if k % 2 else 0), "rel_alt_m": 60}
        for k in range(8)
    ]
    args = {"items": items, "return_to_launch_after": True}
    t.act(
        "Uploading the 8-item mission.",
        "mavsdk_mission_upload",
        args,
        "MissionError: TIMEOUT - no MISSION_ACK within 5.0 s (telemetry link)",
        error=True,
    )
    t.act(
        "Link is weak (31%). One more try.",
        "mavsdk_mission_upload",
        args,
        "MissionError: TIMEOUT - no MISSION_ACK within 5.0 s (telemetry link)",
        error=True,
    )
    t.act(
        "Trying a last time; the mission is small.",
        "mavsdk_mission_upload",
        args,
        "MissionError: TIMEOUT - no MISSION_ACK within 5.0 s (telemetry link)",
        error=True,
    )
    t.act(
        "Three timeouts on a 31% link. Handing this to the pilot rather than retrying.",
        "notify_pilot",
        {
            "channel": "ops-radio",
            "message": "VX-2 mission upload timing out (link 31%). Please move the GCS "
            "antenna closer or upload over USB; mission file: field3_ndvi.plan",
        },
        js({"delivered": True, "ack_by": "pilot M. Rossi"}),
    )
    t.say(
        "The mission upload timed out three times because the telemetry link is weak (31%). I've asked the "
        "pilot "
        "to "
        "move the antenna or upload over USB; the mission file is field3_ndvi.plan. Not armed."
    )
    t.healthy(
        "A failing call retried twice (three identical timeouts), then a hand-off to a human with a "
        "concrete request; no fourth attempt."
    )
    return t.build()


def robot_calibration_iterate() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-013-robot-tcp-calibration-iterate",
        "A robot-cell agent calibrates a gripper's tool centre point: measure, adjust the offset, measure "
        "again; the error shrinks each round.",
        agent="robot cell commissioning agent (URScript/RTDE tools, Claude)",
        model="claude-sonnet-4",
        start=1580,
        ids="anthropic",
    )
    t.user("After the gripper swap, calibrate the TCP on cell 5 to within 0.1 mm using the reference pin.")
    offset = [0.0, 0.0, 182.0]
    errors = [(1.84, -0.92, 2.41), (0.31, -0.22, 0.64), (0.09, -0.05, 0.18), (0.02, -0.03, 0.06)]
    t.act(
        "Reading the current TCP.",
        "ur_get_tcp",
        {"robot": "cell5"},
        js({"tcp_mm": offset, "rpy": [0, 0, 0], "payload_kg": 1.35}),
    )
    for i, (dx, dy, dz) in enumerate(errors):
        t.act(
            "Measuring against the reference pin (4-point)." if i == 0 else "Measuring again.",
            "ur_measure_tcp_error",
            {"robot": "cell5", "method": "4-point", "reference": "PIN-A"},
            js(
                {
                    "dx_mm": dx,
                    "dy_mm": dy,
                    "dz_mm": dz,
                    "norm_mm": round((dx * dx + dy * dy + dz * dz) ** 0.5, 3),
                }
            ),
        )
        if i == len(errors) - 1:
            break
        offset = [round(offset[0] - dx, 2), round(offset[1] - dy, 2), round(offset[2] - dz, 2)]
        t.act(
            f"Correcting the TCP to {offset}.",
            "ur_set_tcp",
            {"robot": "cell5", "tcp_mm": offset, "rpy": [0, 0, 0]},
            js({"ok": True, "tcp_mm": offset}),
        )
    t.act(
        "Saving the TCP to the installation.",
        "ur_save_installation",
        {"robot": "cell5"},
        js({"ok": True, "file": "/programs/default.installation"}),
    )
    t.say(f"TCP calibrated: {offset} mm, residual 0.07 mm (< 0.1 mm). Saved to the installation.")
    t.healthy(
        "Iterating on an artifact: measure, correct, measure, with a different offset each round and a "
        "shrinking error (3.17 mm, 0.74 mm, 0.21 mm, 0.07 mm), then save."
    )
    return t.build()


def spc_capability_narration() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-014-spc-capability-review-narration",
        "A quality agent reviews capability of twelve characteristics, saying nearly the same sentence "
        "before each lookup; every lookup is a different characteristic with new numbers.",
        agent="quality engineering copilot (SPC REST API, OpenAI function calling)",
        model="gpt-4o-mini",
        start=1610,
    )
    t.user("Monthly capability review for part HSG-220: flag every characteristic with Cpk below 1.33.")
    t.act(
        "Listing the characteristics.",
        "spc_list_characteristics",
        {"part": "HSG-220"},
        js({"part": "HSG-220", "characteristics": [f"CH-{100 + k}" for k in range(12)]}),
    )
    flagged = []
    for k in range(12):
        ch = f"CH-{100 + k}"
        cpk = round(t.rng.uniform(0.98, 2.2), 2)
        if cpk < 1.33:
            flagged.append(f"{ch} ({cpk})")
        t.act(
            "Checking the next characteristic.",
            "spc_get_capability",
            {"chart": ch, "window": "30d"},
            js(
                {
                    "chart": ch,
                    "n": t.rng.randint(180, 420),
                    "cp": round(cpk + t.rng.uniform(0.05, 0.3), 2),
                    "cpk": cpk,
                    "mean": round(t.rng.uniform(9, 41), 3),
                }
            ),
        )
    t.say(f"Reviewed 12 characteristics of HSG-220. Below Cpk 1.33: {', '.join(flagged) or 'none'}.")
    t.healthy(
        "Repeated narration with progress: the same sentence ('Checking the next characteristic') "
        "precedes twelve capability lookups on twelve different charts, each with new results."
    )
    return t.build()


SCENARIOS = [
    mes_genealogy_long,
    bms_trend_cursor,
    scada_breaker_poll,
    irrigation_fanout_dutch,
    drone_retry_handoff,
    robot_calibration_iterate,
    spc_capability_narration,
]
