"""Loop scenarios in the twenty English domains (one per domain)."""

from __future__ import annotations

from blind24gen.builder import Builder, Trace, jc, ji, js, lines, scenario, table

SCENARIOS: list[Builder] = []


def _loop(slug: str, **kw: str):
    return scenario(SCENARIOS, slug, loop=True, **kw)


@_loop(
    "rodeo-draw-empty-recheck",
    domain="rodeo stock contracting (bucking-horse draws)",
    language="en",
    harness="operations agent (dotted tools)",
    ids="mistral",
    started="2026-07-21T06:05:00-06:00",
)
def rodeo(t: Trace) -> None:
    t.user(
        "Which of our bucking horses got drawn for saddle bronc in perf 2 at the Cheyenne rodeo? "
        "I need to plan trailer loads."
    )
    q = {"rodeo": "CFD-2026", "event": "SB", "perf": 2}
    t.act("Pulling the perf 2 saddle bronc draw.", "draw.list", q, {"draws": [], "count": 0})
    t.act("Empty. Trying again.", "draw.list", q, {"draws": [], "count": 0})
    onset = t.act("Checking the draw once more.", "draw.list", q, {"draws": [], "count": 0})
    t.act(
        "Let me list our string to cross-reference.",
        "stock.list",
        {"contractor": "Bar T Rodeo Co", "event": "SB"},
        js(
            {
                "horses": [
                    "Dusty Rose",
                    "Night Shift",
                    "Mesa Gold",
                    "Sundown Sal",
                    "Big Medicine",
                    "Slim Chance",
                ],
                "count": 6,
            }
        ),
    )
    t.act("Now the draw again.", "draw.list", q, {"draws": [], "count": 0})
    t.act("Re-pulling the draw for perf 2.", "draw.list", q, {"draws": [], "count": 0})
    t.loop(
        ["identical_call"],
        onset,
        f"The draw is empty every time (most likely not published yet) and the agent re-issues the identical "
        f"call instead of telling the user or checking when draws post; the 3rd identical empty call is "
        f"step {onset}. The stock listing in between does not reset the count.",
        "Rodeo stock agent re-pulls an empty bronc draw with the identical call.",
    )


@_loop(
    "tower-crane-radius-shaving",
    domain="tower crane lift planning",
    language="en",
    harness="site-engineering agent (kebab-case tools)",
    ids="step_scoped",
    started="2026-03-10T07:15:00+00:00",
)
def crane(t: Trace) -> None:
    t.user(
        "Check whether TC-02 on the Harbour Rd site can lift the 4.8 t precast stair unit from the laydown "
        "to "
        "level 6. Radius is about 32 m."
    )
    t.act(
        "Reading the crane configuration.",
        "crane-get-config",
        {"crane_id": "TC-02"},
        ji({"model": "172 EC-B 8", "jib_m": 50, "chart_t": {"26": 5.3, "28": 4.95, "30": 4.55, "32": 4.1}}),
    )
    fails = [
        ("Running the lift check at 32 m.", 32.0, 0.25, 4.1),
        ("Slightly shorter radius.", 31.5, 0.25, 4.2),
        ("Trying 31.8 m with the same rigging.", 31.8, 0.25, 4.14),
        ("Lighter rigging and 31.2 m.", 31.2, 0.2, 4.26),
        ("31.0 m then.", 31.0, 0.2, 4.3),
    ]
    steps = []
    for txt, r, rig, cap in fails:
        body = {"ok": False, "reason": f"total {4.8 + rig:.2f} t exceeds chart {cap:.2f} t at {r} m"}
        steps.append(
            t.act(txt, "lift-plan-check", {"load_t": 4.8, "radius_m": r, "rigging_t": rig}, jc(body))
        )
    onset = steps[3]
    t.loop(
        ["error_streak", "same_tool"],
        onset,
        f"Every check fails in the body for the same reason (capacity at ~31-32 m is about 4.1-4.3 t against "
        f"5 t); shaving tenths of a metre cannot work, the chart needs 28 m or less. The 4th failure is "
        f"step {onset}.",
        "Crane lift-planning agent shaves the radius by tenths while the same capacity check fails.",
    )


@_loop(
    "asbestos-tile-redelegation",
    domain="pre-demolition asbestos surveys",
    language="en",
    harness="orchestrator delegating to sub-agents (Anthropic)",
    ids="anthropic",
    started="2026-04-28T13:00:00+01:00",
)
def asbestos(t: Trace) -> None:
    t.user(
        "Before demolition at 12 Mill Lane, classify the floor tile samples S-04 to S-07 from the lab report "
        "and tell me if the kitchen needs licensed removal."
    )
    r1 = lines(
        "LR-88213 summary:",
        "S-04 kitchen vinyl tile: chrysotile detected | S-05 kitchen adhesive: NAD",
        "S-06 kitchen tile (2nd layer): chrysotile detected | S-07 hall tile: NAD",
        "Kitchen: asbestos-containing floor tiles present (S-04, S-06).",
    )
    r2 = "Checked LR-88213 again: S-04 and S-06 positive (chrysotile), S-05 and S-07 no asbestos detected."
    r3 = "Independent read of LR-88213: positives S-04, S-06 (chrysotile in vinyl); negatives S-05, S-07."
    t.act(
        "Delegating the report read.",
        "spawn_agent",
        {"role": "lab-report-reader", "brief": "Read LR-88213, classify samples S-04..S-07"},
        r1,
    )
    t.act(
        "Asking for a double-check.",
        "spawn_agent",
        {"role": "lab-report-reader", "brief": "Double-check the S-04..S-07 classification in LR-88213"},
        r2,
    )
    onset = t.act(
        "Getting an independent classification.",
        "spawn_agent",
        {"role": "asbestos-analyst", "brief": "Independently classify S-04 to S-07 from LR-88213"},
        r3,
    )
    t.act(
        "One more verification before I answer.",
        "spawn_agent",
        {"role": "asbestos-analyst", "brief": "Verify once more the S-04..S-07 results"},
        "Same result: S-04 and S-06 chrysotile; S-05, S-07 NAD.",
    )
    t.loop(
        ["same_tool"],
        onset,
        f"The first two reports agree (S-04 and S-06 positive) and the question is answerable; the third "
        f"delegation of the same task at step {onset} (under another role name) is the onset.",
        "Asbestos-survey orchestrator keeps re-delegating one lab-report read after reports agree.",
    )


@_loop(
    "bookbinding-signature-toggle",
    domain="hand bookbinding workshop (imposition software)",
    language="en",
    harness="Claude-Code-style coding agent",
    ids="anthropic",
    started="2026-02-03T10:40:00+00:00",
)
def bookbinding(t: Trace) -> None:
    t.user("tests/test_impose.py has a failing test. Fix the imposition code so the suite passes.")
    path = "/work/bindery/impose/layout.py"
    test = {"command": "pytest -q tests/test_impose.py", "description": "Run imposition tests"}
    fail_oct = lines(
        ".F",
        "FAILED tests/test_impose.py::test_octavo_signature - assert 8 == 16",
        "1 failed, 1 passed in 0.12s",
    )
    fail_qua = lines(
        "F.",
        "FAILED tests/test_impose.py::test_quarto_signature - assert 16 == 8",
        "1 failed, 1 passed in 0.12s",
    )
    t.act("Running the tests first.", "Bash", test, fail_oct)
    t.act(
        "Reading the layout module.",
        "Read",
        {"file_path": path},
        lines(
            "     1\t# pages per folded signature",
            "     2\tPAGES_PER_SIGNATURE = 8",
            "     3\t",
            "     4\tdef signature_pages(fmt: str) -> int:",
            "     5\t    return PAGES_PER_SIGNATURE",
        ),
    )

    def edit(text: str, old: str, new: str) -> int:
        return t.act(
            text,
            "Edit",
            {
                "file_path": path,
                "old_string": f"PAGES_PER_SIGNATURE = {old}",
                "new_string": f"PAGES_PER_SIGNATURE = {new}",
            },
            f"The file {path} has been updated.",
        )

    edit("Octavo folds to 16 pages; setting 16.", "8", "16")
    t.act("Re-running.", "Bash", test, fail_qua)
    edit("Quarto broke; restoring 8.", "16", "8")
    t.act("Re-running.", "Bash", test, fail_oct)
    edit("Octavo needs 16, setting it back.", "8", "16")
    t.act("Re-running.", "Bash", test, fail_qua)
    onset = edit("Quarto needs 8 again.", "16", "8")
    t.act("Re-running.", "Bash", test, fail_oct)
    t.loop(
        ["same_tool", "alternation"],
        onset,
        "One constant serves two formats that need 8 and 16 pages; the agent flips it back and forth and "
        "each "
        "flip fails the other test. The test runs in between are read-backs; the 4th toggle is "
        f"step {onset}.",
        "Claude-Code-style agent toggles one constant between 8 and 16 as two tests fail in turn.",
    )


@_loop(
    "container-depot-table-guesses",
    domain="empty-container depots (repair estimates awaiting line approval)",
    language="en",
    harness="Codex-style coding agent (shell argv)",
    ids="openai_responses",
    started="2026-06-16T08:25:00+01:00",
)
def depot(t: Trace) -> None:
    t.user(
        "How many reefer containers at the Felixstowe depot have repair estimates waiting for line approval "
        "for more than 5 days? Use depot.db."
    )
    tables = ["eor", "repair_estimates", "estimates", "eor_estimates", "m_and_r"]
    texts = [
        "Querying the EOR table.",
        "Maybe it is called repair_estimates.",
        "Trying estimates.",
        "eor_estimates then.",
        "Perhaps m_and_r.",
    ]
    steps = []
    for txt, tb in zip(texts, tables, strict=True):
        sql = (
            f"SELECT count(*) FROM {tb} WHERE type='RF' AND status='AWAITING_APPROVAL' "
            "AND julianday('now') - julianday(sent_at) > 5;"
        )
        steps.append(
            t.act(
                txt,
                "shell",
                {"command": ["sqlite3", "depot.db", sql], "workdir": "/srv/depot"},
                f"Error: in prepare, no such table: {tb}\nexit status 1",
                err=True,
            )
        )
    onset = steps[3]
    t.loop(
        ["error_streak", "same_tool"],
        onset,
        f"Table-name guesses all fail with 'no such table'; the agent never runs .tables or .schema. The 4th "
        f"failure of the same kind is step {onset}.",
        "Codex-style agent guesses SQLite table names for container repair estimates.",
    )


@_loop(
    "tobacco-barn-stale-sensor",
    domain="flue-cured tobacco barns (curing stages)",
    language="en",
    harness="farm controller agent (PascalCase tools)",
    ids="padded",
    started="2026-08-14T06:00:00-04:00",
)
def tobacco(t: Trace) -> None:
    t.user(
        "Barn 3 was loaded with tips yesterday. Tell me when yellowing is done so I can start leaf drying."
    )

    def status(text: str, checked: str) -> int:
        return t.act(
            text,
            "GetBarnStatus",
            {"barn": 3},
            {
                "barn": 3,
                "stage": "yellowing",
                "dry_bulb_f": 100,
                "wet_bulb_f": 96,
                "sensor_ts": "2026-08-14T05:40:00Z",
                "checked_at": checked,
            },
        )

    status("Checking barn 3.", "2026-08-14T10:02:10Z")
    t.act("Waiting 30 minutes.", "Wait", {"minutes": 30}, "waited 30 min")
    status("Checking again.", "2026-08-14T10:32:15Z")
    t.act("Another 30 minutes.", "Wait", {"minutes": 30}, "waited 30 min")
    onset = status("Still yellowing; checking.", "2026-08-14T11:02:19Z")
    t.act("Waiting an hour.", "Wait", {"minutes": 60}, "waited 60 min")
    status("Checking barn 3 again.", "2026-08-14T12:02:24Z")
    status("And once more.", "2026-08-14T12:02:31Z")
    t.loop(
        ["identical_call"],
        onset,
        f"A frozen poll: the sensor timestamp never moves past 05:40 (the controller stopped reporting) and "
        f"only checked_at changes; the 3rd identical status at step {onset} is the onset.",
        "Tobacco barn agent keeps polling a curing barn whose sensor reading is stale.",
    )


@_loop(
    "change-ringing-patch-context",
    domain="change ringing (method proving software)",
    language="en",
    harness="Codex-style coding agent (apply_patch)",
    ids="openai_chat",
    started="2026-11-02T19:10:00+00:00",
)
def ringing(t: Trace) -> None:
    t.user("ringing/prove.py reports Cambridge Surprise Major as false. It's true. Fix it.")
    t.act(
        "Reproducing.",
        "shell",
        {"command": ["pytest", "-q", "tests/test_prove.py"]},
        lines(
            "F",
            "FAILED tests/test_prove.py::test_cambridge_major_true - AssertionError: rows repeat at lead 3",
            "1 failed in 0.31s",
        ),
    )
    t.act(
        "Reading prove.py.",
        "shell",
        {"command": ["sed", "-n", "1,40p", "ringing/prove.py"]},
        lines(
            "def prove(method, leads):",
            "\tseen = set()",
            "\tfor r in rows(method, leads):",
            "\t\tif r in seen:",
            "\t\t\treturn Proof(False, r)",
            "\t\tseen.add(r)",
            "\treturn Proof(True)",
        ),
    )
    err = "Error: invalid patch: context not found in ringing/prove.py:\n    for row in rows(method, leads):"
    patches = [
        "    for row in rows(method, leads):\n-        if row in seen:\n+        if row in seen and row != "
        "rounds:",
        "    for row in rows(method, leads):\n-        if row in seen:\n+        if row in seen and not "
        "is_rounds(row):",
        "    for row in rows(method, leads):\n-        if row in seen:\n+        if row in seen and row != "
        "method.rounds:",
        "    for row in rows(method, leads):\n-        if row in seen:\n+        if seen and row in seen - "
        "{rounds}:",
    ]
    steps = []
    for i, p in enumerate(patches):
        body = f"*** Begin Patch\n*** Update File: ringing/prove.py\n@@\n{p}\n*** End Patch"
        txt = [
            "Ignoring rounds at the lead end.",
            "Rewriting the condition.",
            "Using method.rounds.",
            "Set difference instead.",
        ][i]
        steps.append(t.act(txt, "apply_patch", {"input": body}, err, err=True))
    onset = steps[3]
    t.loop(
        ["error_streak"],
        onset,
        "The file indents with tabs and names the variable r; every patch carries a 4-space 'row' context "
        "line "
        "and is rejected the same way. The agent rewrites the added line, not the context. The 4th "
        "rejection "
        f"is step {onset}.",
        "Codex-style agent rewrites a patch whose context line never matches the tab-indented file.",
    )


@_loop(
    "knitting-gauge-arg-variants",
    domain="knitting pattern publishing (size grading)",
    language="en",
    harness="pattern-design assistant (plain call ids)",
    ids="plain",
    started="2026-01-18T20:30:00+00:00",
)
def knitting(t: Trace) -> None:
    t.user(
        "Our sweater pattern says 22 sts / 10 cm. What cast-on do I need for a 96 cm chest in size L with "
        "2x2 rib? "
        "The calc tool keeps giving a weird number."
    )
    res = {"stitches": 211.2, "rounded": 211, "note": "odd count; 2x2 rib in the round needs a multiple of 4"}
    calls = [
        ("Running the calculator.", {"gauge_sts_per_10cm": 22, "width_cm": 96}),
        ("Maybe it wants floats.", {"gauge_sts_per_10cm": 22.0, "width_cm": 96}),
        ("Passing strings.", {"gauge_sts_per_10cm": "22", "width_cm": "96"}),
        ("Asking it to round.", {"width_cm": 96, "gauge_sts_per_10cm": 22, "round": True}),
        ("With a float width.", {"gauge_sts_per_10cm": 22, "width_cm": 96.0}),
    ]
    steps = [t.act(txt, "calc_stitches", args, res) for txt, args in calls]
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        "Type and key-order variants of the same inputs give the same 211.2; the note already says to "
        "round to "
        f"a multiple of 4 (212). The 4th attempt at step {onset} is the onset.",
        "Knitting-pattern assistant re-runs a stitch calculator with trivially varied arguments.",
    )


@_loop(
    "hyperbaric-schedule-contra-ab",
    domain="hyperbaric oxygen therapy centre (chamber scheduling)",
    language="en",
    harness="clinic scheduling agent (Bedrock)",
    ids="bedrock",
    started="2026-09-04T15:20:00-05:00",
)
def hyperbaric(t: Trace) -> None:
    t.user(
        "Book Mr. Okafor (MRN 550193) into the multiplace chamber for 20 sessions from Monday, 08:00, if "
        "cleared."
    )
    a = (
        "chamber.get_schedule",
        {"chamber": "MP-1", "week": "2026-W37"},
        table(
            ["day", "08:00 seats", "10:30 seats"],
            [["Mon", "3/12", "9/12"], ["Tue", "4/12", "9/12"], ["Wed", "2/12", "8/12"]],
        ),
    )
    b = (
        "patient.get_contraindications",
        {"mrn": "550193"},
        {"mrn": "550193", "cleared": True, "notes": "ENT clearance 2026-09-02; chest X-ray clear"},
    )
    texts = [
        "Checking chamber availability.",
        "Checking clearance.",
        "Rechecking the 08:00 seats.",
        "Confirming clearance notes.",
        "Looking at the schedule again.",
        "Clearance once more.",
        "Schedule again before booking.",
    ]
    steps = [t.act(txt, *(a if i % 2 == 0 else b)) for i, txt in enumerate(texts)]
    onset = steps[4]
    t.loop(
        ["alternation"],
        onset,
        f"An A/B cycle of two reads with unchanged results (seats free, patient cleared) and no booking; the "
        f"third visit to the schedule at step {onset} is the onset (A B A B [A]).",
        "Hyperbaric clinic agent alternates two reads without ever booking the sessions.",
    )


@_loop(
    "yellow-fever-transit-searches",
    domain="travel vaccination clinic (entry requirements)",
    language="en",
    harness="research agent (web search)",
    ids="kimi",
    started="2026-09-30T11:00:00+01:00",
)
def travelvax(t: Trace) -> None:
    t.user(
        "I'm flying Lisbon → Nairobi → Zanzibar in October. Do I need a yellow fever certificate for "
        "Zanzibar "
        "if my layover in Nairobi is 14 hours?"
    )
    a = {
        "title": "Travel requirements - Ministry of Health Zanzibar",
        "url": "https://mohz.go.tz/travel",
        "snippet": "Yellow fever certificate required for travellers arriving from countries with risk…",
    }
    b = {
        "title": "Country list: yellow fever vaccination requirements (WHO)",
        "url": "https://who.int/ith/yf-list",
        "snippet": "…including transit exceeding 12 hours at the airport of a country with risk…",
    }
    c = {
        "title": "Zanzibar YF card after Nairobi? - travel forum",
        "url": "https://forum.example/t/99",
        "snippet": "they checked mine at the airport…",
    }
    d = {
        "title": "Tanzania - Traveler view | CDC",
        "url": "https://cdc.gov/travel/tanzania",
        "snippet": "Required if traveling from a country with risk for YF transmission…",
    }
    e = {
        "title": "Kenya yellow fever risk map",
        "url": "https://fitfortravel.example/kenya",
        "snippet": "Kenya: risk in most areas; Nairobi city low risk…",
    }
    qs = [
        ("Searching.", "Zanzibar yellow fever certificate transit Kenya", [a, b, c, d]),
        ("Refining.", "yellow fever vaccination required Tanzania arriving from Kenya layover", [b, a, d, e]),
        (
            "Checking the transit rule.",
            "Tanzania yellow fever rule transit more than 12 hours Kenya",
            [a, d, b],
        ),
        ("Another phrasing.", "do I need yellow fever card Zanzibar after Nairobi stopover", [c, a, b]),
        ("One more search.", "Zanzibar entry yellow fever requirement 12 hour transit", [a, b, d]),
    ]
    steps = [t.act(txt, "search", {"query": q}, ji(r)) for txt, q, r in qs]
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        f"Paraphrased searches return the same five sources reshuffled (the WHO snippet already states the "
        f"12-hour transit rule) and nothing is fetched; the 4th search at step {onset} adds nothing.",
        "Travel-vaccination research agent paraphrases a yellow-fever search over overlapping results.",
    )


@_loop(
    "probate-inventory-pseudo-call",
    domain="probate estate administration (court inventories)",
    language="en",
    harness="legal-ops agent under a runner that nudges on missing tool calls",
    ids="anthropic",
    started="2026-05-12T09:45:00-07:00",
)
def probate(t: Trace) -> None:
    t.user(
        "Assets are all valued now. Please file the estate inventory for the Estate of Harold Brennan "
        "(case PR-2025-1184) on the county court portal."
    )
    t.act(
        "Pulling the asset list.",
        "estate.get_assets",
        {"case": "PR-2025-1184"},
        ji(
            {
                "assets": [
                    {"item": "Residence, 4410 Alder Ct", "value": 486000, "valued": True},
                    {"item": "Checking, First Valley Bank", "value": 38200, "valued": True},
                    {"item": "1998 Ford F-150", "value": 6200, "valued": True},
                    {"item": "Brokerage account", "value": 82000, "valued": True},
                ],
                "total": 612400,
            }
        ),
    )
    nudge = "[runner] No tool call was made in the last turn. If you intended to act, call a tool."
    texts = [
        'Everything is valued. Filing the inventory now.\n\n<probate.file_inventory case="PR-2025-1184" '
        'total="612400"/>',
        "Understood. Filing the inventory on the court portal now: <probate.file_inventory "
        'case="PR-2025-1184"/>',
        "I'll file the estate inventory for case PR-2025-1184 now.",
        "Submitting the inventory for the Brennan estate to the county court portal.",
        "Filing the Brennan inventory now.",
    ]
    steps = []
    for i, txt in enumerate(texts):
        steps.append(t.say(txt))
        if i < len(texts) - 1:
            t.system(nudge)
    onset = steps[3]
    t.loop(
        ["narration"],
        onset,
        f"The agent announces the filing (twice as a pseudo tool call written into its text) and never calls "
        f"probate.file_inventory; the runner's nudges change nothing. The 4th announcement is step {onset}.",
        "Probate agent writes the filing call into its text and re-announces it under runner nudges.",
    )


@_loop(
    "crowdfunding-survey-resend",
    domain="reward-crowdfunding fulfilment (pledge-manager surveys)",
    language="en",
    harness="fulfilment agent (Mistral)",
    ids="mistral",
    started="2026-10-11T16:00:00+00:00",
)
def crowdfunding(t: Trace) -> None:
    t.user(
        "Send the pledge-manager survey to All-in backers of the Tidewater campaign who haven't had one yet."
    )
    t.act(
        "Counting backers without a survey.",
        "backers.count",
        {"campaign": "tidewater", "tier": "all-in", "survey_sent": False},
        {"count": 1284},
    )
    args = {"campaign": "tidewater", "tier": "all-in", "template": "pledge-manager-v2"}
    t.act("Sending the surveys.", "surveys.send", args, {"queued": 1284, "batch_id": "sv_8f21c0"})
    t.act(
        "To be safe, sending again so nobody is missed.",
        "surveys.send",
        args,
        {"queued": 1284, "batch_id": "sv_90ab77"},
    )
    onset = t.act(
        "Re-sending to make sure the batch went out.",
        "surveys.send",
        args,
        {"queued": 1284, "batch_id": "sv_a3c012"},
    )
    t.act(
        "Checking who is still without a survey.",
        "backers.count",
        {"campaign": "tidewater", "tier": "all-in", "survey_sent": False},
        {"count": 0},
    )
    t.act(
        "Sending once more to be thorough.", "surveys.send", args, {"queued": 1284, "batch_id": "sv_b7e4d9"}
    )
    t.loop(
        ["identical_call"],
        onset,
        "A write re-issued after success: every send queues 1,284 surveys again (only the batch id "
        "differs), "
        f"mailing backers repeatedly. The 3rd identical send at step {onset} is the onset.",
        "Crowdfunding agent re-sends the same survey batch to 1,284 backers after it succeeded.",
    )


@_loop(
    "jury-deferral-flag-toggle",
    domain="jury summons administration (deferrals)",
    language="en",
    harness="court-clerk assistant (camelCase tools)",
    ids="openai_chat",
    started="2026-02-19T08:30:00-05:00",
)
def jury(t: Trace) -> None:
    t.user(
        "Juror 20931 asked to defer from the March 9 panel to the June term because of surgery. "
        "Policy allows one deferral. Process it."
    )
    rec = {"jurorId": 20931, "panel": "2026-03-09", "deferralsUsed": 1, "deferred": False}
    t.act("Looking up the juror.", "getJuror", {"jurorId": 20931}, rec)

    def flag(text: str, on: bool) -> int:
        res = {"ok": True, "deferred": on}
        if on:
            res["warning"] = "exceeds deferral limit (1 used)"
        return t.act(
            text, "setDeferral", {"jurorId": 20931, "deferred": on, "to": "2026-06" if on else None}, res
        )

    flag("Deferring to June.", True)
    flag("That exceeds the one-deferral limit; reverting.", False)
    t.act("Reading back.", "getJuror", {"jurorId": 20931}, rec)
    flag("Surgery is a medical reason, so deferring after all.", True)
    onset = flag("Policy says one deferral, undoing it.", False)
    flag("Medical grounds should override; deferring.", True)
    t.loop(
        ["same_tool", "alternation"],
        onset,
        f"The agent toggles the deferral flag between policy and the medical reason instead of routing the "
        f"exception to the jury clerk; the 4th toggle is step {onset} (the read-back is not a toggle).",
        "Jury-administration assistant toggles a juror's deferral flag on and off.",
    )


@_loop(
    "food-truck-permit-scroll-end",
    domain="food truck mobile-vending permits",
    language="en",
    harness="browser agent (browser-use style actions)",
    ids="adk",
    started="2026-06-08T13:12:00-07:00",
)
def foodtruck(t: Trace) -> None:
    t.user(
        "On the city permit portal, find whether Smokin' Tacos LLC's vending permit lists a fire inspection "
        "date."
    )
    t.act(
        "Opening the portal.",
        "go_to_url",
        {"url": "https://permits.example-city.gov/mobile-vending"},
        "Page loaded. Mobile Vending Permits (sorted by permit no.) MV-0001 Aloha Bowls ... MV-0025 Bao Now. "
        "Search box [index 4]",
    )
    t.act("Scrolling.", "scroll_down", {"amount": 1000}, "MV-0026 Curry Up ... MV-0050 Dumpling Depot")
    t.act("Scrolling further.", "scroll_down", {"amount": 1000}, "MV-0051 El Güero ... MV-0075 Pho Real")
    end = (
        "MV-0076 Ramen Road ... MV-0082 Waffle Wagon. End of page. Page 1 of 4 [Next › index 57] "
        "[Search index 4]"
    )
    t.act("Scrolling.", "scroll_down", {"amount": 1000}, end)
    t.act("Scrolling to find Smokin' Tacos.", "scroll_down", {"amount": 1000}, end)
    onset = t.act("Still looking; scrolling down.", "scroll_down", {"amount": 1000}, end)
    t.act("Scrolling more.", "scroll_down", {"amount": 1000}, end)
    t.loop(
        ["identical_call"],
        onset,
        f"The list ends at MV-0082 on page 1 of 4 and the agent keeps scrolling instead of using Next or the "
        f"search box; counting from the first scroll that reached the end, the 3rd is step {onset}.",
        "Browser agent keeps scrolling at the end of a permit list page instead of paging or searching.",
    )


@_loop(
    "consignment-payout-test-rerun",
    domain="consignment resale stores (consignor payouts)",
    language="en",
    harness="Gemini-CLI-style coding agent",
    ids="gemini_cli",
    started="2026-03-25T14:50:00-04:00",
)
def consignment(t: Trace) -> None:
    t.user(
        "The payout split for consignors is off by a cent on some items. Fix src/payouts.ts so the tests "
        "pass."
    )
    t.act(
        "Reading the payout code.",
        "read_file",
        {"absolute_path": "/repo/src/payouts.ts"},
        lines(
            "export function consignorShare(price: number, pct: number): number {",
            "  return Math.round(price * pct * 100) / 100;",
            "}",
        ),
    )
    t.act(
        "Switching to floor rounding.",
        "replace",
        {
            "file_path": "/repo/src/payouts.ts",
            "old_string": "Math.round(price * pct * 100)",
            "new_string": "Math.floor(price * pct * 100)",
        },
        "Successfully modified file: /repo/src/payouts.ts (1 replacements).",
    )
    cmd = {"command": "npm test -- payouts", "description": "Run payout tests"}
    out = lines(
        "Command: npm test -- payouts",
        "Directory: (root)",
        "Stdout: FAIL src/payouts.test.ts",
        "  ● consignorShare › splits 24.69 at 50%",
        "    expect(received).toBe(expected)",
        "    Expected: 12.35",
        "    Received: 12.34",
        "Tests: 1 failed, 7 passed, 8 total",
        "Stderr: (empty)",
        "Error: (none)",
        "Exit Code: 1",
        "Signal: (none)",
    )
    texts = [
        "Running the tests.",
        "Might be flaky; running again.",
        "Re-running the payout tests.",
        "Running once more.",
        "Again.",
    ]
    steps = [t.act(txt, "run_shell_command", cmd, out) for txt in texts]
    onset = steps[3]
    t.loop(
        ["identical_call", "error_streak"],
        onset,
        f"No edit after the first run: the same test command fails identically each time. Identical calls "
        f"failing identically are labelled at the 4th failure, step {onset}.",
        "Gemini-CLI-style agent re-runs the same failing test with no edit in between.",
    )


@_loop(
    "party-tent-date-formats",
    domain="party and event equipment rental (tents, tables)",
    language="en",
    harness="customer support agent (hex ids)",
    ids="hex8",
    started="2026-06-20T10:10:00-05:00",
)
def party(t: Trace) -> None:
    t.user("Do you have the 20x40 frame tent available for July 4th? Also need 12 round tables.")
    res = {"item": "tent-20x40-frame", "owned": 2, "reserved": 2, "available": 0}
    calls = [
        ("Let me check availability for the 20x40 frame tent on July 4.", "2026-07-04"),
        ("Let me check availability for the 20x40 frame tent for July 4th.", "07/04/2026"),
        ("Let me check the 20x40 frame tent availability on July 4 again.", "July 4, 2026"),
        ("Let me check availability for the 20x40 tent on the 4th of July.", "2026-07-04T00:00:00"),
        ("Let me check availability of the 20x40 frame tent for July 4.", "4 Jul 2026"),
    ]
    steps = [
        t.act(txt, "inventory.check_availability", {"item": "tent-20x40-frame", "date": d}, res)
        for txt, d in calls
    ]
    onset = steps[3]
    t.loop(
        ["same_tool", "narration"],
        onset,
        f"The answer (0 of 2 available, both reserved) is the same in every date format; the agent restates "
        f"the same intent and re-checks instead of offering alternatives or the tables. The 4th attempt is "
        f"step {onset}.",
        "Party-rental agent re-checks a fully booked tent with reformatted dates, restating its intent.",
    )


@_loop(
    "dog-show-entry-reg-number",
    domain="dog shows (conformation entries)",
    language="en",
    harness="browser agent (Playwright MCP)",
    ids="openai_responses",
    started="2026-08-01T19:25:00-04:00",
)
def dogshow(t: Trace) -> None:
    t.user(
        "Enter Maple (our Cavalier King Charles Spaniel bitch, AKC reg. TS44218903) in Bred-by-Exhibitor at "
        "the "
        "Valley Kennel Club show on the entry site. The form is already open."
    )
    t.act(
        "Taking a snapshot of the form.",
        "mcp__playwright__browser_snapshot",
        {},
        lines(
            '- combobox "Breed" [ref=e9]: King Charles Spaniel (English Toy)',
            '- textbox "AKC Registration No." [ref=e12]',
            '- combobox "Class" [ref=e15]: Bred-by-Exhibitor',
            '- button "Submit entry" [ref=e20]',
        ),
    )
    err = lines(
        "- alert: No AKC record TS44218903 for the selected breed", '- button "Submit entry" [ref=e20]'
    )
    numbers = ["TS44218903", "TS 44218903", "TS-44218903", "ts44218903", "44218903"]
    texts = [
        "Entering the registration number and submitting.",
        "Maybe it needs a space.",
        "Trying a hyphen.",
        "Lower case.",
        "Digits only.",
    ]
    steps = []
    for txt, n in zip(texts, numbers, strict=True):
        steps.append(
            t.batch(
                txt,
                [
                    (
                        "mcp__playwright__browser_type",
                        {"ref": "e12", "text": n, "element": "AKC Registration No."},
                        "Typed.",
                        False,
                    ),
                    (
                        "mcp__playwright__browser_click",
                        {"ref": "e20", "element": "Submit entry"},
                        err.replace("TS44218903", n),
                        False,
                    ),
                ],
            )
        )
    onset = steps[3]
    t.loop(
        ["error_streak", "same_tool"],
        onset,
        f"The alert says the breed is wrong (the combobox shows King Charles Spaniel, not Cavalier), but the "
        f"agent rewrites the registration number; the 4th identical rejection is step {onset}.",
        "Dog-show entry agent rewrites a registration number while the breed dropdown is wrong.",
    )


@_loop(
    "summer-camp-cabins-degenerate",
    domain="summer camps (cabin assignments)",
    language="en",
    harness="camp office assistant (step-scoped ids)",
    ids="step_scoped",
    started="2026-06-29T09:05:00-04:00",
)
def camp(t: Trace) -> None:
    t.user("Assign the 6 new Week-3 campers to cabins with open bunks, keeping siblings together.")
    t.act(
        "Getting unassigned campers.",
        "roster.get",
        {"week": 3, "status": "unassigned"},
        table(
            ["camper", "age", "sibling_of"],
            [
                ["Ava Lin", 10, "Max Lin"],
                ["Max Lin", 11, "Ava Lin"],
                ["Noor Haddad", 9, ""],
                ["Eli Brooks", 12, ""],
                ["June Park", 10, ""],
                ["Theo Park", 10, "June Park"],
            ],
        ),
    )
    t.act(
        "Checking open bunks.",
        "cabins.open_bunks",
        {"week": 3},
        lines("cabin,open,ages", "Birch,2,9-11", "Cedar,3,10-12", "Aspen,1,8-10"),
    )
    text = (
        "Assigning now: Lins to Birch, Parks and Eli to Cedar, Noor to Aspen. " + "Siblings together. " * 45
    )
    onset = t.act(
        text,
        "cabins.assign",
        {
            "week": 3,
            "assignments": {
                "Birch": ["Ava Lin", "Max Lin"],
                "Cedar": ["June Park", "Theo Park", "Eli Brooks"],
                "Aspen": ["Noor Haddad"],
            },
        },
        {"ok": True, "assigned": 6},
    )
    t.say("Done.")
    t.loop(
        ["degenerate_text"],
        onset,
        f"The call itself is sensible, but the narration beside it at step {onset} collapses into one phrase "
        f"repeated 45 times.",
        "Camp office assistant's narration beside a correct assignment call degenerates into repetition.",
    )


@_loop(
    "emulator-grep-read-run-cycle",
    domain="retro-console emulator development (CPU test ROMs)",
    language="en",
    harness="Claude-Code-style coding agent",
    ids="anthropic",
    started="2026-12-12T21:40:00+00:00",
)
def emulator(t: Trace) -> None:
    t.user("blargg's cpu_instrs test 09 (op r,r) fails on our Game Boy emulator. Find out why and fix it.")
    a = (
        "Grep",
        {"pattern": "fn sbc", "path": "src/cpu", "output_mode": "content", "-n": True},
        "src/cpu/alu.rs:88:    pub fn sbc(&mut self, v: u8) {",
    )
    b = (
        "Read",
        {"file_path": "/repo/src/cpu/alu.rs", "offset": 86, "limit": 12},
        lines(
            "    86\t",
            "    87\t    // SBC A,r",
            "    88\t    pub fn sbc(&mut self, v: u8) {",
            "    89\t        let c = self.f.carry as u8;",
            "    90\t        let r = self.a.wrapping_sub(v).wrapping_sub(c);",
            "    91\t        self.f.half = (self.a & 0x0f) < (v & 0x0f);",
            "    92\t        self.f.carry = (self.a as u16) < (v as u16);",
            "    93\t        self.a = r;",
        ),
    )
    c = (
        "Bash",
        {"command": "cargo run --release -q -- roms/09-op_r_r.gb", "description": "Run test ROM 09"},
        lines("09-op r,r", "", "98 99 9A 9B 9C 9D 9F", "", "Failed"),
    )
    texts = [
        "Finding the SBC implementation.",
        "Reading it.",
        "Running the ROM.",
        "Searching for sbc again.",
        "Re-reading the function.",
        "Running the test ROM again.",
        "Grepping for sbc once more.",
        "Reading alu.rs again.",
        "Running ROM 09.",
    ]
    cyc = [a, b, c]
    steps = [t.act(txt, *cyc[i % 3]) for i, txt in enumerate(texts)]
    onset = steps[6]
    t.loop(
        ["alternation", "identical_call"],
        onset,
        "A period-3 cycle Grep → Read → Bash with identical results and no edit (the half-carry and carry "
        "lines "
        f"ignore the carry-in, which the failing opcodes 98-9F show). The third visit to the Grep is "
        f"step {onset}.",
        "Claude-Code-style agent cycles grep, read and test ROM run without ever editing.",
    )


@_loop(
    "lilypond-tuplet-rewrites",
    domain="music engraving with LilyPond (orchestral parts)",
    language="en",
    harness="coding agent (snake_case run/edit tools)",
    ids="padded",
    started="2026-04-19T22:15:00+02:00",
)
def lilypond(t: Trace) -> None:
    t.user("score.ly stopped compiling after I added the triplets in bar 12 of the flute part. Fix it.")
    cmd = {"cmd": "lilypond -o build score.ly"}
    err = lines(
        "GNU LilyPond 2.24.4",
        "Processing `score.ly'",
        "Parsing...",
        "parts/flute.ly:14:1: error: syntax error, unexpected '}'",
        "}",
        "^",
        'fatal error: failed files: "score.ly"',
    )
    t.act("Compiling to see the error.", "run", cmd, err, err=True)
    rewrites = [
        ("Rewriting the triplet with \\tuplet.", "\\tuplet 3/2 { e''8 d'' c'' }"),
        ("Using the older \\times syntax.", "\\times 2/3 { e''8 d'' c'' }"),
        ("Adding the span duration.", "\\tuplet 3/2 8 { e''8 d'' c'' }"),
        ("Putting the tuplet in its own braces.", "{ \\tuplet 3/2 { e''8 d'' c'' } }"),
    ]
    steps = []
    for txt, code in rewrites:
        t.act(
            txt,
            "edit_file",
            {"path": "parts/flute.ly", "line": 12, "replace_with": f"  {code} b'4 c''2 |"},
            "edited parts/flute.ly:12",
        )
        steps.append(t.act("Recompiling.", "run", cmd, err, err=True))
    onset = steps[2]
    t.loop(
        ["error_streak"],
        onset,
        f"The parser fails on the part's final brace (line 14) because an extra brace earlier closes the "
        "block; each edit rewrites the triplet on line 12 and the same syntax error returns. Counting the "
        "first compile as the 1st failure, "
        f"the 4th is step {onset}.",
        "LilyPond agent rewrites a triplet four ways while a stray brace on the line before breaks parsing.",
    )
