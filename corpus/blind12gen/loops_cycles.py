"""Loops that go round: A/B alternations, longer cycles and flags toggled back and forth (with and
without reads between the toggles)."""

from __future__ import annotations

from typing import Any

from .builder import Clock, Trace, csv_text, js


def queue_maintenance_toggle(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Game live-ops agent flips the ranked queue's maintenance flag on and off five times in a row, "
        "arguing with itself, before leaving it as it was.",
        ids="openai",
        meta={"agent": "live-ops assistant", "domain": "game server operations", "language": "en"},
    )
    clock = Clock("2026-03-19T18:02:00Z")
    t.user(
        "Ranked EU is throwing matchmaking timeouts. Put the queue in maintenance if it's needed, otherwise "
        "leave it."
    )
    t.act(
        "Checking the queue.",
        "queue_status",
        {"queue": "ranked_eu"},
        {
            "queue": "ranked_eu",
            "players_waiting": 4120,
            "avg_wait_s": 212,
            "timeouts_5m": 37,
            "maintenance": False,
        },
    )
    thoughts = [
        "37 timeouts in five minutes is high. Enabling maintenance.",
        "Wait: maintenance drops all 4,120 waiting players from the queue. That's worse; reverting.",
        "But the timeouts will keep frustrating players. Enabling maintenance again.",
        "On reflection, dropping the queue during peak hours will cause a flood of tickets. Turning it off.",
        "Timeouts are a bigger issue for ranked integrity. Maintenance on.",
    ]
    steps = []
    for i, th in enumerate(thoughts):
        on = i % 2 == 0
        steps.append(
            t.act(
                th,
                "set_queue_flag",
                {"queue": "ranked_eu", "maintenance": on},
                {
                    "ok": True,
                    "queue": "ranked_eu",
                    "maintenance": on,
                    "changed_at": clock.tick(t.rng.randint(9, 25)),
                },
            )
        )
    t.act(
        "I'll leave it off for now and let the on-call engineer decide.",
        "set_queue_flag",
        {"queue": "ranked_eu", "maintenance": False},
        {"ok": True, "queue": "ranked_eu", "maintenance": False, "changed_at": clock.tick(14)},
    )
    t.say("I've left ranked_eu out of maintenance. The timeouts need an engineer to look at the matchmaker.")
    onset = steps[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        f"set_queue_flag toggles maintenance true/false at steps {steps[0]}-{steps[-1] + 1}; the "
        "acknowledgements "
        "differ only in the changed_at timestamp and no new information arrives between flips (no read at "
        f"all). A flag toggled back and forth: onset at the 4th toggle, step {onset}.",
    )


def step_export_heal(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "CAD agent alternates between a STEP export that fails on a non-manifold body and a heal operation "
        "that heals nothing, four rounds.",
        ids="anthropic",
        meta={"agent": "CAD export assistant", "domain": "3D CAD design", "language": "en"},
    )
    t.user("Export the housing assembly HSG-90 as STEP AP242 for the supplier, please.")
    exp_args = {"assembly": "HSG-90", "schema": "AP242", "units": "mm"}
    exp_fail = {
        "ok": False,
        "error": "GeometryError: body 'lid_v3' is non-manifold (edges E118, E119 shared by more than 2 "
        "faces)",
    }
    heal_args = {"body": "lid_v3", "tolerance_mm": 0.01}
    heal_res = {
        "body": "lid_v3",
        "healed_faces": 0,
        "remaining_issues": ["non-manifold edge E118", "non-manifold edge E119"],
    }
    ex, he = [], []
    ex.append(t.act("Exporting.", "export_step", exp_args, exp_fail))
    he.append(t.act("The lid body needs healing first.", "heal_geometry", heal_args, heal_res))
    ex.append(t.act("Healing done; exporting again.", "export_step", exp_args, exp_fail))
    he.append(t.act("Still non-manifold. Healing once more.", "heal_geometry", heal_args, heal_res))
    ex.append(t.act("Export again now.", "export_step", exp_args, exp_fail))
    he.append(t.act("Healing lid_v3.", "heal_geometry", heal_args, heal_res))
    ex.append(t.act("Exporting.", "export_step", exp_args, exp_fail))
    t.say("The export keeps failing on lid_v3. Someone needs to fix the lid geometry by hand.")
    onset = ex[2]
    return t.loop(
        ["alternation", "error_streak"],
        onset,
        f"export_step (same failure) and heal_geometry (0 faces healed) alternate at steps {ex[0]}-{ex[-1]}. "
        f"A B A B [A]: the export visits its state for the third time at step {onset}, the onset (the error "
        f"streak alone would reach its 4th failure only at step {ex[3]}; the earliest convention wins).",
    )


def gtfs_publish_cycle_hi(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Transit scheduling agent (Hindi) goes round a three-step cycle (read route, optimise blocks, "
        "publish "
        "draft) three times; the optimiser returns the same 14h35 block and the publish is rejected each "
        "time.",
        ids="gemini",
        meta={
            "agent": "transit scheduling assistant",
            "domain": "public transit scheduling",
            "language": "hi",
        },
    )
    t.user("रूट 42 की नई समय-सारिणी के ब्लॉक्स ऑप्टिमाइज़ करो और ड्राफ्ट प्रकाशित कर दो।")
    route = {
        "route_id": "42",
        "service": "weekday",
        "trips": 118,
        "first_departure": "04:52",
        "last_arrival": "00:47",
        "depot": "Kalkaji",
    }
    a, b, c = [], [], []
    for i in range(3):
        a.append(
            t.act(
                ["पहले रूट 42 का डेटा देखता हूँ।", "फिर से रूट का डेटा देखता हूँ।", "रूट 42 का डेटा दोबारा।"][i],
                "gtfs.get_route",
                {"route_id": "42"},
                route,
            )
        )
        plan_id = f"opt-42-{'abc'[i]}"
        b.append(
            t.act(
                "ब्लॉक्स ऑप्टिमाइज़ कर रहा हूँ (अधिकतम ड्यूटी 14 घंटे)।",
                "blocks.optimize",
                {"route_id": "42", "max_duty_h": 14},
                {
                    "plan_id": plan_id,
                    "blocks": 23,
                    "longest": {"block": "B-7", "duty": "14h35"},
                    "deadhead_km": 61.4,
                    "warnings": ["soft constraint max_duty_h relaxed for B-7 (no feasible split)"],
                },
            )
        )
        c.append(
            t.act(
                "ड्राफ्ट प्रकाशित कर रहा हूँ।",
                "schedule.publish_draft",
                {"route_id": "42", "plan_id": plan_id},
                "REJECTED: block B-7 duty 14h35 exceeds the 14h limit (labour rule LR-3)",
                error=True,
            )
        )
        if i == 2:
            break
    a.append(t.act("एक बार और रूट देखता हूँ।", "gtfs.get_route", {"route_id": "42"}, route))
    t.say("ड्राफ्ट प्रकाशित नहीं हो पा रहा: ब्लॉक B-7 14 घंटे की सीमा से ज़्यादा है। योजनाकार को देखना होगा।")
    onset = a[2]
    return t.loop(
        ["alternation"],
        onset,
        "A period-3 cycle: gtfs.get_route (same route), blocks.optimize (same 23-block plan with B-7 at "
        "14h35; "
        "only the plan id changes, a volatile field) and schedule.publish_draft (same rejection), at steps "
        f"{a[0]}-{c[-1]}. A B C A B C [A]: the read visits its state for the third time at step {onset}, the "
        f"onset. The publish is rejected only three times before the agent stops at step {a[3]}, so the "
        "error-streak rule never applies.",
    )


def invoice_payments_ab(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Veterinary clinic billing agent alternates between the same invoice and the same payment list "
        "without resolving a double-charge complaint (the second charge is already voided).",
        ids="openai",
        meta={"agent": "clinic front-desk assistant", "domain": "veterinary practice", "language": "en"},
    )
    t.user(
        "Mrs. Okafor says she was charged twice for Biscuit's dental cleaning last Friday. Can you sort it "
        "out?"
    )
    t.act(
        "Finding the client.",
        "find_client",
        {"name": "Okafor", "pet": "Biscuit"},
        {
            "client_id": "C-5512",
            "name": "Adaeze Okafor",
            "pets": [{"id": "P-9031", "name": "Biscuit", "species": "dog"}],
        },
    )
    inv = {
        "invoice": "INV-30981",
        "date": "2026-03-13",
        "lines": [
            {"code": "DENT-2", "desc": "Dental scale & polish, grade 2", "amount": 389.00},
            {"code": "ANES-S", "desc": "Anaesthesia, small dog", "amount": 142.50},
        ],
        "total": 531.50,
        "balance": 0.0,
    }
    pays = {
        "payments": [
            {
                "id": "PAY-77120",
                "amount": 531.50,
                "method": "card *4471",
                "status": "SETTLED",
                "at": "2026-03-13 16:02",
            },
            {
                "id": "PAY-77121",
                "amount": 531.50,
                "method": "card *4471",
                "status": "VOIDED",
                "at": "2026-03-13 16:03",
            },
        ]
    }
    texts_a = [
        "Pulling the invoice.",
        "Back to the invoice to compare line items against the two payments.",
        "Let me look at the invoice again.",
    ]
    texts_b = [
        "And the payments on the account.",
        "Checking the payments again to see which one is the duplicate.",
        "And the payments once more.",
    ]
    a, b = [], []
    for i in range(3):
        a.append(t.act(texts_a[i], "get_invoice", {"client_id": "C-5512", "invoice": "INV-30981"}, inv))
        b.append(t.act(texts_b[i], "get_payments", {"client_id": "C-5512", "since": "2026-03-13"}, pays))
    t.say(
        "There are two payments of $531.50 on the 13th. I'd suggest refunding one of them; shall I raise a "
        "refund request?"
    )
    onset = a[2]
    return t.loop(
        ["alternation"],
        onset,
        "get_invoice and get_payments alternate with identical arguments and results at steps "
        f"{a[0]}-{b[-1]}. "
        f"A B A B [A]: the invoice read is visited for the third time at step {onset}, the onset. The second "
        "payment is VOIDED, so there was no double charge; the suggested refund would be wrong.",
    )


def clash_oscillation(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Construction BIM agent moves two ducts up to clear a sprinkler main, hits a beam, moves them back "
        "down, and repeats: a period-4 cycle of clash runs and moves.",
        ids="plain",
        meta={
            "agent": "BIM coordination assistant",
            "domain": "construction project management",
            "language": "en",
        },
    )
    t.user("Resolve clash group CG-17 in the Level 3 MEP model (supply ducts vs. sprinkler main).")
    low = (
        "clash run CG-17 (L3-MEP vs L3-FP, L3-STR) - 2 hard clashes\n"
        "  D-301 x SPR-M2  overlap 38 mm  @ grid C/4\n"
        "  D-302 x SPR-M2  overlap 38 mm  @ grid C/5\n"
    )
    high = (
        "clash run CG-17 (L3-MEP vs L3-FP, L3-STR) - 2 hard clashes\n"
        "  D-301 x BM-3.14  overlap 12 mm  @ grid C/4\n"
        "  D-302 x BM-3.14  overlap 12 mm  @ grid C/5\n"
    )
    run_args = {"model": "L3-MEP", "group": "CG-17", "against": ["L3-FP", "L3-STR"]}
    runs, ups, downs = [], [], []
    for i in range(2):
        runs.append(
            t.act(
                "Running the clash test." if i == 0 else "Re-running the clashes.", "clash_run", run_args, low
            )
        )
        ups.append(
            t.act(
                "Raising both ducts 50 mm to clear the sprinkler main.",
                "move_elements",
                {"ids": ["D-301", "D-302"], "dz_mm": 50},
                {"moved": 2, "new_bottom_elev_mm": 3215},
            )
        )
        runs.append(t.act("Checking the result.", "clash_run", run_args, high))
        downs.append(
            t.act(
                "Now they hit beam BM-3.14. Lowering them back 50 mm.",
                "move_elements",
                {"ids": ["D-301", "D-302"], "dz_mm": -50},
                {"moved": 2, "new_bottom_elev_mm": 3165},
            )
        )
    runs.append(t.act("Re-running the clashes.", "clash_run", run_args, low))
    t.say(
        "I can't find a duct elevation that clears both the sprinkler main and the beam; this needs the "
        "coordinator."
    )
    onset = runs[4]
    return t.loop(
        ["alternation"],
        onset,
        "A period-4 oscillation: clash_run (sprinkler clash), move +50 mm, clash_run (beam clash), move -50 "
        "mm, "
        f"and around again (steps {runs[0]}-{runs[-1]}). A B C D A B C D [A]: the first state (clash_run "
        "with "
        f"the sprinkler clashes) is visited for the third time at step {onset}, the onset. There was no "
        "attempt at a different fix (rerouting, resizing).",
    )


def vlan_toggle_with_pings(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Telecom agent toggles a customer port between VLAN 110 and 120, pinging the CPE after each change; "
        "the ping always fails the same way.",
        ids="bedrock",
        meta={"agent": "NOC provisioning agent", "domain": "telecom network provisioning", "language": "en"},
    )
    t.user(
        "Business customer at CPE 44:A1:F0:9C:11:02 lost connectivity after last night's VLAN migration. "
        "Fix it."
    )
    t.act(
        "Reading the access port.",
        "get_port",
        {"port": "ams-agg2/0/7"},
        "interface ams-agg2/0/7\n description CUST-88120-KLM-LOGISTICS\n switchport access vlan 120\n "
        "state up/up  speed 1G  errors 0\n",
    )
    loss = "PING 10.120.44.2: 5 packets transmitted, 0 received, 100% packet loss"
    toggles = []
    vlans = [110, 120, 110, 120, 110]
    texts = [
        "The migration moved customers from 110 to 120; maybe this one should stay on 110.",
        "110 didn't help. Back to 120 as in the migration plan.",
        "Trying 110 again; the first ping may have been too early.",
        "Reverting to 120.",
        "110 once more, waiting longer before the ping.",
    ]
    for v, text in zip(vlans, texts, strict=True):
        toggles.append(
            t.act(
                text,
                "set_port_vlan",
                {"port": "ams-agg2/0/7", "vlan": v},
                {"ok": True, "port": "ams-agg2/0/7", "vlan": v},
            )
        )
        t.act("", "ping_cpe", {"mac": "44:A1:F0:9C:11:02"}, loss)
    t.say("The CPE does not answer on either VLAN. I've left the port on 110; escalating to field service.")
    onset = toggles[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        f"set_port_vlan flips the port between 110 and 120 at steps {', '.join(map(str, toggles))}, with a "
        "ping "
        "after each flip that fails identically: the reads bring nothing new, so they do not make the "
        "toggles "
        f"progress. A flag toggled back and forth: onset at the 4th toggle, step {onset}.",
    )


def training_plan_cycle(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Fitness coaching agent cycles through load metrics, plan generation and plan validation three "
        "times; "
        "the generator returns the same plan and validation rejects it the same way.",
        ids="mistral",
        meta={"agent": "endurance coaching assistant", "domain": "fitness coaching", "language": "en"},
    )
    t.user(
        "My watch says my training load is 'strained'. Adjust next week's plan so I still get my long run in."
    )
    metrics = csv_text(
        ["metric", "value"],
        [
            ["acute_load_7d", 612],
            ["chronic_load_28d", 401],
            ["acwr", 1.53],
            ["hrv_rmssd_ms", 38],
            ["status", "strained"],
        ],
    )
    plan = js(
        {
            "week": "2026-W19",
            "sessions": [
                {"day": "Mon", "type": "rest"},
                {"day": "Tue", "type": "easy", "km": 8},
                {"day": "Wed", "type": "intervals", "km": 10},
                {"day": "Fri", "type": "easy", "km": 6},
                {"day": "Sun", "type": "long", "km": 24},
            ],
            "planned_load": 540,
        }
    )
    reject = {
        "valid": False,
        "violations": ["projected ACWR 1.51 on Wed exceeds 1.5", "intervals within 48h of strained status"],
    }
    a, b, c = [], [], []
    for i in range(3):
        a.append(
            t.act(
                "Checking your load metrics." if i == 0 else "Re-reading the metrics.",
                "get_load_metrics",
                {"days": 28},
                metrics,
            )
        )
        if i == 2:
            break
        b.append(
            t.act(
                "Generating a reduced week.",
                "generate_plan",
                {"week": "2026-W19", "target": "reduce", "keep": ["long_run"]},
                plan,
            )
        )
        c.append(t.act("Validating it.", "validate_plan", {"week": "2026-W19"}, reject))
    b.append(
        t.act(
            "Generating again.",
            "generate_plan",
            {"week": "2026-W19", "target": "reduce", "keep": ["long_run"]},
            plan,
        )
    )
    t.say("I couldn't produce a valid plan for next week. Try taking an extra rest day and check back.")
    onset = a[2]
    return t.loop(
        ["alternation"],
        onset,
        "get_load_metrics, generate_plan and validate_plan repeat with identical arguments and results "
        "(steps "
        f"{a[0]}-{b[-1]}): the generator ignores the validation feedback and nobody changes the request. "
        f"A B C A B C [A]: the metrics read is visited for the third time at step {onset}, the onset.",
    )


def era5_station_ab_cs(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Climate data agent (Czech) alternates between an ERA5 fetch and a station fetch for the same month, "
        "getting the same two totals each time and 'double-checking' the discrepancy.",
        ids="dashed",
        meta={"agent": "klimatologický asistent", "domain": "weather and climate data", "language": "cs"},
    )
    t.user("Porovnej srážky z ERA5 a ze stanice Praha-Ruzyně za červenec 2025 a řekni, jestli si odpovídají.")
    era = {"source": "ERA5 single levels", "var": "tp", "grid": "0.25°", "month": "2025-07", "total_mm": 71.8}
    sta = "wmo;month;precip_mm;days_wet\n11518;2025-07;88.4;12\n"
    texts_a = ["Stahuji ERA5.", "Rozdíl je přes 16 mm, ověřím znovu ERA5.", "Pro jistotu ještě jednou ERA5."]
    texts_b = ["A stanici 11518.", "A znovu stanici.", "A stanici."]
    a, b = [], []
    for i in range(3):
        a.append(
            t.act(texts_a[i], "era5_fetch", {"var": "tp", "lat": 50.1, "lon": 14.26, "month": "2025-07"}, era)
        )
        b.append(
            t.act(texts_b[i], "station_fetch", {"wmo": "11518", "month": "2025-07", "var": "precip"}, sta)
        )
    t.say("ERA5 dává 71,8 mm, stanice 88,4 mm. Hodnoty si příliš neodpovídají.")
    onset = a[2]
    return t.loop(
        ["alternation"],
        onset,
        "era5_fetch and station_fetch alternate with identical arguments and results (steps "
        f"{a[0]}-{b[-1]}); "
        "'double-checking' cannot change reanalysis or station totals. A B A B [A]: the ERA5 fetch is "
        "visited "
        f"for the third time at step {onset}, the onset.",
    )


SCENARIOS = [
    ("queue-maintenance-toggle", queue_maintenance_toggle),
    ("step-export-heal-ab", step_export_heal),
    ("gtfs-publish-cycle-hi", gtfs_publish_cycle_hi),
    ("invoice-payments-ab", invoice_payments_ab),
    ("clash-duct-oscillation", clash_oscillation),
    ("vlan-toggle-pings", vlan_toggle_with_pings),
    ("training-plan-cycle", training_plan_cycle),
    ("era5-station-ab-cs", era5_station_ab_cs),
]
