"""Healthy runs in English sessions (the loop domains of ``loops_b``)."""

from __future__ import annotations

import json
from typing import Any

from .builder import C, Trace
from .registry import healthy


def j(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


@healthy("pigeon-arrivals-check-again")
def pigeon_arrivals_check_again(sid: str) -> Trace:
    t = Trace(
        sid,
        "A pigeon-racing agent re-reads a loft's arrivals each time the user asks; more birds are clocked "
        "each time.",
        domain="pigeon racing (loft clock arrivals)",
        language="English",
        harness="club assistant, OpenAI-style function tools",
        ids="openai_chat",
        start="2026-06-13T17:30:00+01:00",
    )
    args = {"race_id": "R-2026-31", "loft": "L044"}
    counts = [
        ["GB25N19907 16:41:07"],
        ["GB25N19907 16:41:07", "GB26N02214 16:44:52", "GB24N77310 16:45:10"],
        ["GB25N19907 16:41:07", "GB26N02214 16:44:52", "GB24N77310 16:45:10", "GB26N02230 17:02:33"],
    ]
    questions = [
        "How many of loft L044's birds are home from Péronne?",
        "Check again please, more should be in by now.",
        "And now? The last one is a yearling.",
    ]
    for q, arr in zip(questions, counts, strict=True):
        t.user(q)
        t.step("Checking the clock arrivals.", C("clock.arrivals", dict(args), j({**args, "arrivals": arr})))
        t.step(f"{len(arr)} of 5 birds clocked so far; latest {arr[-1].split()[1]}.")
    return t.healthy(
        "The identical call runs three times, each answering a new user message, and each returns more "
        "arrivals. Counts start at each user message; the results change."
    )


@healthy("rowing-booking-checker-long")
def rowing_booking_checker_long(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Claude-Code agent builds a boat-booking conflict checker over 18 productive steps.",
        domain="rowing club boathouse (boat bookings, coaching launches)",
        language="English",
        harness="Claude-Code-style coding agent (Glob/Read/Write/Edit/Bash)",
        ids="anthropic",
        start="2026-04-05T09:00:00+01:00",
    )
    t.user(
        "Add a conflict checker to boathouse/bookings.py: no boat double-booked, every crew outing on the "
        "tideway "
        "needs a launch booked in the same slot, and juniors need a coach. Add tests and keep the old "
        "tests green."
    )
    repo = "/repo/boathouse"
    t.step(
        "Looking at the package.",
        C(
            "Glob",
            {"pattern": "boathouse/**/*.py"},
            "boathouse/__init__.py\nboathouse/bookings.py\nboathouse/seating.py\ntests/test_seating.py",
        ),
    )
    t.step(
        "Reading bookings.py.",
        C(
            "Read",
            {"file_path": f"{repo}/boathouse/bookings.py"},
            "  1\tfrom dataclasses import dataclass\n  2\t\n  3\t@dataclass\n  4\tclass Booking:\n  5\t    "
            "boat: str\n  6\t    start: int\n  7\t    end: int\n  8\t    crew: list[str]\n  9\t    water: "
            "str = 'lake'\n",
        ),
    )
    t.step(
        "Checking how members are modelled.",
        C(
            "Grep",
            {"pattern": "junior|coach", "path": repo, "output_mode": "content"},
            "boathouse/seating.py:4:    junior: bool = False\nboathouse/seating.py:5:    coach: bool = False",
        ),
    )
    t.step(
        "Reading the member model.",
        C(
            "Read",
            {"file_path": f"{repo}/boathouse/seating.py", "limit": 12},
            "  1\t@dataclass\n  2\tclass Rower:\n  3\t    name: str\n  4\t    junior: bool = False\n  5\t  "
            "  coach: bool = False\n  6\t    erg_2k: float = 0.0\n",
        ),
    )
    t.step(
        "Running the existing tests first.",
        C(
            "Bash",
            {"command": "cd /repo && python -m pytest -q", "description": "Baseline"},
            "..\n2 passed in 0.05s",
        ),
    )
    t.step(
        "Adding the overlap helper and a launch flag.",
        C(
            "Edit",
            {
                "file_path": f"{repo}/boathouse/bookings.py",
                "old_string": "    water: str = 'lake'\n",
                "new_string": "    water: str = 'lake'\n    launch: bool = False\n    coach: str | None = "
                "None\n\n\ndef overlaps(a, b):\n    return a.start < b.end and b.start < a.end\n",
            },
            "The file has been updated.",
        ),
    )
    t.step(
        "Writing the checker.",
        C(
            "Edit",
            {
                "file_path": f"{repo}/boathouse/bookings.py",
                "old_string": "    return a.start < b.end and b.start < a.end\n",
                "new_string": "    return a.start < b.end and b.start < a.end\n\n\ndef conflicts(bookings, "
                "members):\n    out = []\n    for i, a in enumerate(bookings):\n        for "
                "b in bookings[i + 1:]:\n            if a.boat == b.boat and overlaps(a, "
                "b):\n                out.append(('double', a.boat))\n    return out\n",
            },
            "The file has been updated.",
        ),
    )
    t.step(
        "Tests for double booking.",
        C(
            "Write",
            {
                "file_path": f"{repo}/tests/test_bookings.py",
                "content": "from boathouse.bookings import Booking, conflicts\n\ndef test_double():\n    a "
                "= Booking('Isis', 9, 11, ['A'])\n    b = Booking('Isis', 10, 12, ['B'])\n    "
                "assert conflicts([a, b], {}) == [('double', 'Isis')]\n\ndef "
                "test_back_to_back_ok():\n    a = Booking('Isis', 9, 10, ['A'])\n    b = "
                "Booking('Isis', 10, 11, ['B'])\n    assert conflicts([a, b], {}) == []\n",
            },
            "File created successfully.",
        ),
    )
    t.step(
        "Running them.",
        C(
            "Bash",
            {"command": "cd /repo && python -m pytest -q tests/test_bookings.py", "description": "New tests"},
            "..\n2 passed in 0.03s",
        ),
    )
    t.step(
        "Adding the tideway launch rule.",
        C(
            "Edit",
            {
                "file_path": f"{repo}/boathouse/bookings.py",
                "old_string": "    return out\n",
                "new_string": "    launches = [b for b in bookings if b.boat.startswith('launch')]\n    "
                "for a in bookings:\n        if a.water == 'tideway' and not "
                "a.boat.startswith('launch'):\n            if not any(overlaps(a, l) for l "
                "in launches):\n                out.append(('no_launch', a.boat))\n    return out\n",
            },
            "The file has been updated.",
        ),
    )
    t.step(
        "A test for it.",
        C(
            "Edit",
            {
                "file_path": f"{repo}/tests/test_bookings.py",
                "old_string": "    assert conflicts([a, b], {}) == []\n",
                "new_string": "    assert conflicts([a, b], {}) == []\n\ndef "
                "test_tideway_needs_launch():\n    a = Booking('Thames', 7, 9, ['A'], "
                "water='tideway')\n    assert conflicts([a], {}) == [('no_launch', 'Thames')]\n",
            },
            "The file has been updated.",
        ),
    )
    t.step(
        "Running the file.",
        C(
            "Bash",
            {"command": "cd /repo && python -m pytest -q tests/test_bookings.py", "description": "New tests"},
            "...\n3 passed in 0.03s",
        ),
    )
    t.step(
        "Now the junior coach rule.",
        C(
            "Edit",
            {
                "file_path": f"{repo}/boathouse/bookings.py",
                "old_string": "                out.append(('no_launch', a.boat))\n",
                "new_string": "                out.append(('no_launch', a.boat))\n        if "
                "any(members[n].junior for n in a.crew if n in members) and not a.coach:\n   "
                "         out.append(('no_coach', a.boat))\n",
            },
            "The file has been updated.",
        ),
    )
    t.step(
        "Test for juniors.",
        C(
            "Edit",
            {
                "file_path": f"{repo}/tests/test_bookings.py",
                "old_string": "from boathouse.bookings import Booking, conflicts\n",
                "new_string": "from boathouse.bookings import Booking, conflicts\nfrom boathouse.seating "
                "import Rower\n\ndef test_junior_needs_coach():\n    a = Booking('Kit', 9, "
                "10, ['J'])\n    assert conflicts([a], {'J': Rower('J', junior=True)}) == "
                "[('no_coach', 'Kit')]\n",
            },
            "The file has been updated.",
        ),
    )
    t.step(
        "Running the whole suite.",
        C(
            "Bash",
            {"command": "cd /repo && python -m pytest -q", "description": "All tests"},
            "......\n6 passed in 0.06s",
        ),
    )
    t.step(
        "Linting.",
        C(
            "Bash",
            {"command": "cd /repo && ruff check boathouse tests", "description": "Lint"},
            "boathouse/bookings.py:22:35: E741 Ambiguous variable name: `l`\nFound 1 error.",
        ),
    )
    t.step(
        "Renaming the variable.",
        C(
            "Edit",
            {
                "file_path": f"{repo}/boathouse/bookings.py",
                "old_string": "any(overlaps(a, l) for l in launches)",
                "new_string": "any(overlaps(a, launch) for launch in launches)",
            },
            "The file has been updated.",
        ),
    )
    t.step(
        "Lint and tests once more.",
        C(
            "Bash",
            {
                "command": "cd /repo && ruff check boathouse tests && python -m pytest -q",
                "description": "Lint and test",
            },
            "All checks passed!\n......\n6 passed in 0.06s",
        ),
    )
    t.step(
        "Done. conflicts() in boathouse/bookings.py reports double bookings, tideway outings without an "
        "overlapping launch, and junior crews without a coach; four new tests, six in total, all passing, "
        "lint clean."
    )
    return t.healthy(
        "19 steps of reading, editing, writing tests and running them; the same test command recurs only "
        "after "
        "edits and with new results (2, 3, 6 passed, a lint error fixed). Long productive coding session."
    )


@healthy("pearl-water-temp-sweep")
def pearl_water_temp_sweep(sid: str) -> Trace:
    t = Trace(
        sid,
        "A pearl-farm agent sweeps the line-lowering temperature threshold in a nacre growth model.",
        domain="pearl farming (nacre growth model, line depth)",
        language="English",
        harness="farm ops agent with dotted tools",
        ids="padded",
        start="2026-01-15T06:00:00+09:30",
    )
    t.user("At what water temperature should we lower the lines to 8 m this summer? Use the growth model.")
    rows = [(29.0, 0.41, 3.2), (29.5, 0.43, 2.4), (30.0, 0.44, 1.9), (30.5, 0.44, 3.7), (31.0, 0.42, 6.1)]
    for thr, nacre, mort in rows:
        t.step(
            f"Running the model with a {thr} °C threshold.",
            C(
                "model.nacre_growth",
                {"season": "2026-27", "lower_at_c": thr, "depth_m": 8},
                j({"lower_at_c": thr, "nacre_mm_per_month": nacre, "oyster_mortality_pct": mort}),
            ),
        )
    t.step(
        "Lower the lines at 30.0 °C: nacre growth is at its peak (0.44 mm/month) and mortality is lowest "
        "(1.9%). Waiting until 30.5 °C keeps growth but almost doubles mortality."
    )
    return t.healthy(
        "Five runs of one model, each with a new threshold and a new result, then a choice. A sweep."
    )


@healthy("stonemason-survey-files-fanout")
def stonemason_survey_files_fanout(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Claude-Code agent reads twelve stone-survey files in batches and lists blocks to replace.",
        domain="cathedral stonemasonry restoration (elevation surveys)",
        language="English",
        harness="Claude-Code-style agent (Glob/Read)",
        ids="anthropic",
        start="2026-10-21T09:00:00+00:00",
    )
    t.user(
        "Go through the north transept survey files and list every block marked 'replace', with its course."
    )
    files = [f"survey/N-transept/course-{c:02d}.md" for c in range(18, 30)]
    t.step("Finding the survey files.", C("Glob", {"pattern": "survey/N-transept/*.md"}, "\n".join(files)))
    marked = {
        21: "pos 3 replace (frost)",
        23: "pos 7 replace (spalled)",
        27: "pos 2 replace; pos 9 replace (iron cramp)",
    }
    for start in (0, 4, 8):
        batch = []
        for f in files[start : start + 4]:
            c = int(f[-5:-3])
            note = marked.get(c, "all positions sound or re-point only")
            batch.append(
                C("Read", {"file_path": f"/repo/{f}"}, f"# Course {c}\nStone: Clipsham\nCondition: {note}\n")
            )
        t.step(f"Reading courses {18 + start}–{21 + start}.", *batch, order=[2, 0, 3, 1])
    t.step(
        "Blocks to replace: course 21 pos 3 (frost); course 23 pos 7 (spalled); course 27 pos 2 and pos 9 "
        "(iron cramp)."
    )
    return t.healthy(
        "Twelve reads of twelve different files, four per step, answered out of order. Batch work over new "
        "targets (fan-out), not a loop."
    )


@healthy("vinyl-subagents-corrected-brief")
def vinyl_subagents_corrected_brief(sid: str) -> Trace:
    t = Trace(
        sid,
        "A pressing-plant orchestrator delegates different tasks and re-delegates once with a corrected "
        "brief.",
        domain="vinyl record pressing (test pressings, labels, scheduling)",
        language="English",
        harness="orchestrator delegating to sub-agents (agents.run)",
        ids="adk",
        start="2026-02-27T09:00:00-05:00",
    )
    t.user(
        "Get SPR-115 ready to press next week: test-pressing approval status, label proofs, and a press slot."
    )
    t.step(
        "Asking the QC analyst about the test pressing.",
        C(
            "agents.run",
            {"agent": "qc-analyst", "input": "Status of the SPR-115 test-pressing approval."},
            j({"output": "Approved by the label on 24 Feb; no notes."}),
        ),
    )
    t.step(
        "Asking the label checker about proofs.",
        C(
            "agents.run",
            {"agent": "label-checker", "input": "Check the SPR-115 label proofs."},
            j({"output": "Which proofs? Two versions exist: v2 (matte) and v3 (gloss)."}),
        ),
    )
    t.step(
        "Re-sending with the version the client signed.",
        C(
            "agents.run",
            {
                "agent": "label-checker",
                "input": "Check the SPR-115 label proofs, version v3 (gloss, signed 25 Feb): matrix "
                "numbers, centre hole, bleed.",
            },
            j({"output": "v3 ok: matrix SPR-115-A1/B1 match, bleed 3 mm, centre hole clear."}),
        ),
    )
    t.step(
        "Asking the scheduler for a slot.",
        C(
            "agents.run",
            {
                "agent": "press-scheduler",
                "input": "Book a press slot next week for SPR-115, 500 copies, 140 g black.",
            },
            j({"output": "Press 2, Tue 3 Mar 06:00–10:30, stamper set A1/B1."}),
        ),
    )
    t.step(
        "SPR-115 is ready: test pressing approved (24 Feb), label proofs v3 checked, press 2 on Tue 3 Mar "
        "06:00–10:30."
    )
    return t.healthy(
        "Three sub-agents with different tasks; the one re-delegation answers the sub-agent's question "
        "with a corrected brief and gets a new report. Healthy orchestration."
    )


@healthy("comic-refund-handoff")
def comic_refund_handoff(sid: str) -> Trace:
    t = Trace(
        sid,
        "A comic-shop agent checks the policy and the order, then hands a refund dispute to a person.",
        domain="comic-book shop (pre-orders, refunds)",
        language="English",
        harness="shop support agent, Mistral-style function calls",
        ids="mistral",
        start="2026-08-20T11:00:00-07:00",
    )
    t.user(
        "My pre-ordered variant cover of Monstress #60 arrived with a crease. I want a refund, not a "
        "replacement."
    )
    t.step(
        "Checking the order.",
        C(
            "orders.get",
            {"customer": 20431, "item": "Monstress #60 var B"},
            j({"order": "O-8812", "paid": 14.99, "status": "picked_up", "picked_up": "2026-08-18"}),
        ),
    )
    t.step(
        "Checking the damaged-item policy.",
        C(
            "policy.lookup",
            {"topic": "damaged variant covers"},
            "Variant covers: replacement if a copy is available; refunds need manager approval within 7 "
            "days of pick-up.",
        ),
    )
    t.step(
        "A refund needs a manager. Handing this over.",
        C(
            "handoff.to_human",
            {
                "queue": "store-manager",
                "summary": "O-8812 Monstress #60 var B creased; customer wants refund (picked up 18 Aug, "
                "within 7 days).",
            },
            j({"transferred": True, "ticket": "SM-301", "eta": "today before 6pm"}),
        ),
    )
    t.step(
        "I've passed your refund request to the store manager (ticket SM-301); you'll hear back today "
        "before 6pm."
    )
    return t.healthy(
        "Three different calls, then a successful hand-off because the policy requires a manager. "
        "Hand-off, not a loop."
    )


@healthy("boardgame-deposit-captured")
def boardgame_deposit_captured(sid: str) -> Trace:
    t = Trace(
        sid,
        "A board-game café agent captures a deposit and polls until the payment succeeds.",
        domain="board-game café (deposits, bookings)",
        language="English",
        harness="booking agent, OpenAI-style function tools",
        ids="openai_chat",
        start="2026-12-06T18:30:00+00:00",
    )
    t.user("Table 4 for eight at 7:30, they paid the deposit. Confirm it please.")
    pi = {"intent": "pi_3Pr2Lk8eZvKYlo2C1aB9"}
    t.step(
        "Checking the deposit.",
        C("payments.status", dict(pi), j({**pi, "status": "requires_capture", "amount": 4000})),
    )
    t.step(
        "It's authorised; capturing it.", C("payments.capture", dict(pi), j({**pi, "status": "processing"}))
    )
    t.step("Checking the capture.", C("payments.status", dict(pi), j({**pi, "status": "processing"})))
    t.step(
        "Checking again.", C("payments.status", dict(pi), j({**pi, "status": "succeeded", "captured": 4000}))
    )
    t.step(
        "Confirming the table.",
        C(
            "bookings.confirm",
            {"table": 4, "time": "19:30", "party": 8},
            j({"ok": True, "booking": "BG-1206-04"}),
        ),
    )
    t.step("Table 4 for eight at 7:30pm is confirmed (BG-1206-04); the £40 deposit is captured.")
    return t.healthy(
        "The status is polled three times, but the agent captures in between and the status moves from "
        "requires_capture to processing to succeeded. Progressing poll."
    )


@healthy("bailbond-efile-errors-ask-user")
def bailbond_efile_errors_ask_user(sid: str) -> Trace:
    t = Trace(
        sid,
        "A bail-bond agent's court e-filing fails twice for different reasons, then it asks for a missing "
        "number.",
        domain="bail bonds (court e-filing, bond forms)",
        language="English",
        harness="case agent with dotted tools, Bedrock tool use",
        ids="bedrock",
        start="2026-03-12T14:00:00-06:00",
    )
    t.user("File the surety bond form for D-5521 with the county court.")
    base = {"defendant": "D-5521", "bond_amount": 25000, "surety": "Sandia Bail LLC"}
    t.step(
        "Filing the bond.",
        C(
            "court.efile_bond",
            dict(base),
            'HTTP 422 Unprocessable Entity\n{"errors":[{"field":"case_number","message":"required"}]}',
            error=True,
        ),
    )
    t.step(
        "It needs the case number; looking it up.",
        C(
            "defendants.get",
            {"id": "D-5521"},
            j({"id": "D-5521", "cases": ["D-202-CR-2026-0077", "D-202-CR-2025-1190 (closed)"]}),
        ),
    )
    t.step(
        "Filing with the open case.",
        C(
            "court.efile_bond",
            {**base, "case_number": "D-202-CR-2026-0077"},
            'HTTP 409 Conflict\n{"errors":[{"message":"a bond is already posted on this case by another '
            'surety"}]}',
            error=True,
        ),
    )
    t.step(
        "Another surety already posted a bond on that case. I need your guidance before filing anything "
        "else: is "
        "this a replacement bond (surrender of the other surety) or should it be filed on a different case?"
    )
    return t.healthy(
        "Two filings fail for different reasons (missing field, then a conflict); the agent fixes the "
        "first and asks the user about the second instead of retrying. Healthy."
    )


@healthy("skiptrace-sources-research")
def skiptrace_sources_research(sid: str) -> Trace:
    t = Trace(
        sid,
        "A skip-tracing agent works through fifteen different sources and lands on a current address.",
        domain="private investigation (skip tracing, public records)",
        language="English",
        harness="investigator agent, OpenAI Responses function calls",
        ids="openai_responses",
        start="2026-09-24T09:00:00-04:00",
    )
    t.user(
        "Locate Maria Delacroix-Voss, 38, formerly of Tulsa OK. Signed release on file. I need a current "
        "address."
    )
    steps = [
        (
            "Starting with the people index.",
            "people_search",
            {"name": "Maria Delacroix-Voss", "state": "OK"},
            "1 record: Delacroix-Voss, Maria, 38, Tulsa OK, last seen 2024-02",
        ),
        (
            "Checking for a maiden-name record.",
            "people_search",
            {"name": "Maria Delacroix", "age_range": [36, 40]},
            "3 records: Tulsa OK (2019), Shreveport LA (2025-06), Mobile AL (2011)",
        ),
        (
            "Shreveport is recent. Checking Louisiana court records.",
            "court_records",
            {"name": "Maria Delacroix", "state": "LA"},
            "Caddo Parish civil 2025-08: landlord–tenant, defendant Maria Delacroix, 4410 Line Ave Apt 6",
        ),
        (
            "Opening the filing.",
            "fetch",
            {"url": "https://caddo.example/civil/2025-CV-3318"},
            "Eviction dismissed 2025-09-02; defendant address 4410 Line Ave Apt 6, Shreveport LA 71106",
        ),
        (
            "Vehicle registrations.",
            "vehicle_lookup",
            {"name": "Maria Delacroix", "state": "LA"},
            "2019 Honda CR-V, registered 2025-10 to 1207 Erie St, Shreveport LA 71108",
        ),
        (
            "A newer address. Checking utilities.",
            "utility_connect",
            {"address": "1207 Erie St, Shreveport LA 71108"},
            "electric connect 2025-09-28, name M. Delacroix",
        ),
        (
            "Property records for Erie St.",
            "property_records",
            {"address": "1207 Erie St, Shreveport LA"},
            "owner: Erie Street Rentals LLC; single-family rental",
        ),
        (
            "Voter roll.",
            "voter_lookup",
            {"name": "Maria Delacroix", "parish": "Caddo"},
            "registered 2025-11-04, 1207 Erie St",
        ),
        (
            "Professional licences.",
            "license_lookup",
            {"name": "Maria Delacroix", "state": "LA"},
            "LA Board of Nursing: RN license active, employer Ochsner LSU Health Shreveport",
        ),
        (
            "Social profiles.",
            "web_search",
            {"q": '"Maria Delacroix" nurse Shreveport'},
            "LinkedIn: Maria Delacroix RN, Ochsner LSU Health, since Oct 2025",
        ),
        (
            "Opening the profile.",
            "fetch",
            {"url": "https://linkedin.example/in/maria-delacroix-rn"},
            "Maria Delacroix, RN · Shreveport · formerly Saint Francis Tulsa",
        ),
        (
            "Confirming identity against Tulsa.",
            "employment_history",
            {"name": "Maria Delacroix-Voss", "employer": "Saint Francis Health System"},
            "RN 2016–2024, Tulsa",
        ),
        (
            "Postal forwarding.",
            "ncoa_lookup",
            {"name": "Maria Delacroix-Voss", "old_address": "2230 S Yale Ave, Tulsa OK"},
            "forward to 4410 Line Ave Apt 6 (2024-03); superseded by 1207 Erie St (2025-10)",
        ),
        (
            "Phone for the new address.",
            "phone_append",
            {"name": "Maria Delacroix", "address": "1207 Erie St, Shreveport LA"},
            "(318) 555-0192, mobile, first seen 2025-10",
        ),
        (
            "Last check: any recent filings at Erie St.",
            "court_records",
            {"address": "1207 Erie St, Shreveport LA"},
            "no records",
        ),
    ]
    for tx, name, args, res in steps:
        t.step(tx, C(name, args, res))
    t.step(
        "Current address: 1207 Erie St, Shreveport LA 71108 (vehicle registration Oct 2025, utility "
        "connect 28 Sep "
        "2025, voter registration Nov 2025, postal forwarding). She now uses 'Maria Delacroix', works as "
        "an RN at Ochsner LSU Health Shreveport; mobile (318) 555-0192."
    )
    return t.healthy(
        "Sixteen steps over fifteen different sources (two people searches with different names, two "
        "different court queries), each bringing new facts that converge. Long productive research."
    )


@healthy("zipline-brake-reset-recheck")
def zipline_brake_reset_recheck(sid: str) -> Trace:
    t = Trace(
        sid,
        "A zip-line agent reads a brake log, has the brake serviced, waits for the work order and re-reads "
        "the log.",
        domain="zip-line adventure park (brake service)",
        language="English",
        harness="Gemini-CLI-style agent with snake_case tools",
        ids="gemini_cli",
        start="2026-06-03T07:30:00-07:00",
    )
    t.user("Line 3's brake was soft again. Get it serviced and confirm from the log before we open at 9.")
    log = {"file": "line3-latest.csv"}
    t.step(
        "Reading the latest brake log.",
        C("read_brake_log", dict(log), "time,rider_kg,entry_kmh,exit_kmh\n07:10,test-90,55,22\n"),
    )
    t.step(
        "Exit speed 22 km/h is above the 15 limit. Opening a work order.",
        C(
            "create_work_order",
            {"line": 3, "task": "magnetic brake gap check"},
            j({"wo": "WO-771", "status": "assigned", "tech": "Ruiz"}),
        ),
    )
    t.step(
        "Checking the work order.",
        C("get_work_order", {"wo": "WO-771"}, j({"wo": "WO-771", "status": "in_progress"})),
    )
    t.step(
        "Checking again.",
        C(
            "get_work_order",
            {"wo": "WO-771"},
            j({"wo": "WO-771", "status": "done", "note": "gap reset 12 mm to 8 mm; test ride logged"}),
        ),
    )
    t.step(
        "Re-reading the brake log for the test ride.",
        C(
            "read_brake_log",
            dict(log),
            "time,rider_kg,entry_kmh,exit_kmh\n07:10,test-90,55,22\n08:21,test-90,55,11\n",
        ),
    )
    t.step("Line 3 is fine to open: after the gap reset the 90 kg test ride exits at 11 km/h (limit 15).")
    return t.healthy(
        "The same log is read twice, before and after the service, and the second read has the new test "
        "ride; the work-order poll progresses to done. Check, act, re-check."
    )


@healthy("haunted-rota-entry-long")
def haunted_rota_entry_long(sid: str) -> Trace:
    t = Trace(
        sid,
        "A computer-use agent enters five scare-actor shifts into a rota app over 16 steps.",
        domain="haunted attractions (scare-actor rota entry)",
        language="English",
        harness="computer-use agent (computer tool)",
        ids="anthropic",
        start="2026-10-25T14:00:00-05:00",
    )
    t.user("Add Sunday's crypt-maze shifts: Dana 6–10pm, Ike 6–10pm, Rosa 7–11pm, Theo 6–9pm, Wen 8–11pm.")
    t.step(
        "Screenshot.",
        C(
            "computer",
            {"action": "screenshot"},
            "Rota > Sun 25 Oct, empty crypt-maze table, 'Add shift' (1040,80).",
        ),
    )
    people = [
        ("Dana", "18:00", "22:00"),
        ("Ike", "18:00", "22:00"),
        ("Rosa", "19:00", "23:00"),
        ("Theo", "18:00", "21:00"),
        ("Wen", "20:00", "23:00"),
    ]
    for n, (name, a, b) in enumerate(people, 1):
        t.step(
            f"Add shift for {name}.",
            C(
                "computer",
                {"action": "left_click", "coordinate": [1040, 80]},
                "Dialog 'New shift': Actor, Zone, Start, End.",
            ),
        )
        t.step(
            f"Typing {name}'s details.",
            C(
                "computer",
                {"action": "type", "text": f"{name}\tCrypt maze\t{a}\t{b}"},
                f"Fields filled: {name}, Crypt maze, {a}, {b}.",
            ),
        )
        t.step(
            "Saving.",
            C(
                "computer",
                {"action": "key", "text": "Return"},
                f"Saved. Crypt-maze table has {n} shift{'s' if n > 1 else ''}.",
            ),
        )
    t.step(
        "Checking the table.",
        C(
            "computer",
            {"action": "screenshot"},
            "Crypt maze Sun 25 Oct: Dana 18–22, Ike 18–22, Rosa 19–23, Theo 18–21, Wen 20–23. Coverage "
            "18:00–23:00.",
        ),
    )
    t.step("All five crypt-maze shifts are in for Sunday; the maze is covered from 6pm to 11pm.")
    return t.healthy(
        "Five rounds of click, type, save, each for a different actor, with the table growing each time; "
        "18 steps in all. A repeated routine over new targets, not a cycle."
    )


@healthy("dubbing-aligner-edit-rerun")
def dubbing_aligner_edit_rerun(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Gemini-CLI agent fixes a timecode parser and re-runs the aligner; the errors change, then it "
        "passes.",
        domain="voice dubbing studio (ADR alignment tooling)",
        language="English",
        harness="Gemini-CLI-style coding agent (read_file/replace/run_shell_command)",
        ids="gemini_cli",
        start="2026-01-14T10:00:00+01:00",
    )
    t.user(
        "align_loops.py rejects reel-relative timecodes with 25 fps drop notation. Fix it and align reel 4 "
        "scene 12."
    )
    cmd = "python tools/align_loops.py --reel 4 --scene 12 --cues cues/r4.csv --start 00:04:12:05"
    t.step(
        "Reproducing.",
        C(
            "run_shell_command",
            {"command": cmd},
            f"Command: {cmd}\nExit Code: 1\nStderr:\nValueError: bad frame field '05' (expected 0-24)",
            error=True,
        ),
    )
    t.step(
        "Reading the parser.",
        C(
            "read_file",
            {"absolute_path": "/studio/tools/timecode.py"},
            "def parse(tc, fps):\n    h, m, s, f = tc.split(':')\n    if not 0 <= int(f) < fps - 1:\n      "
            "  raise ValueError(...)\n",
        ),
    )
    t.step(
        "Off-by-one in the frame bound.",
        C(
            "replace",
            {
                "file_path": "/studio/tools/timecode.py",
                "old_string": "if not 0 <= int(f) < fps - 1:",
                "new_string": "if not 0 <= int(f) < fps:",
            },
            "Successfully modified file: /studio/tools/timecode.py (1 replacements).",
        ),
    )
    t.step(
        "Re-running.",
        C(
            "run_shell_command",
            {"command": cmd},
            f"Command: {cmd}\nExit Code: 1\nStderr:\nKeyError: 'IT_r4s12_L07'",
            error=True,
        ),
    )
    t.step(
        "A cue id is missing. Checking the cue sheet.",
        C(
            "run_shell_command",
            {"command": "grep -c L07 cues/r4.csv; grep -n 'r4s12' cues/r4.csv | head -3"},
            'Command: grep ...\nExit Code: 0\nStdout:\n1\n14:IT_r4s12_l07,00:04:31:10,"Non adesso."',
        ),
    )
    t.step(
        "The cue sheet uses lowercase ids; normalising case in the loader.",
        C(
            "replace",
            {
                "file_path": "/studio/tools/align_loops.py",
                "old_string": "cues[row['id']] = row",
                "new_string": "cues[row['id'].upper()] = row",
            },
            "Successfully modified file: /studio/tools/align_loops.py (1 replacements).",
        ),
    )
    t.step(
        "Re-running.",
        C(
            "run_shell_command",
            {"command": cmd},
            f"Command: {cmd}\nExit Code: 0\nStdout:\naligned 23/23 loop lines, max offset 2 frames, wrote "
            "out/r4s12_it.edl",
        ),
    )
    t.step(
        "Fixed the frame bound (0–24 at 25 fps) and case-insensitive cue ids; all 23 loop lines are "
        "aligned in out/r4s12_it.edl."
    )
    return t.healthy(
        "The same command runs three times, each after a fix, with a different outcome (ValueError, "
        "KeyError, success). Edit and re-run."
    )


@healthy("barbershop-shops-fanout-book")
def barbershop_shops_fanout_book(sid: str) -> Trace:
    t = Trace(
        sid,
        "A barbershop agent checks six shops in one parallel batch and books the best slot.",
        domain="barbershop chain (availability, bookings)",
        language="English",
        harness="booking agent, OpenAI-style parallel function calls",
        ids="openai_chat",
        start="2026-10-16T10:00:00+01:00",
    )
    t.user("Beard trim and skin fade, any Manchester shop, Saturday 17 October after 5pm.")
    shops = {
        "MCR-NQ": [],
        "MCR-ANCOATS": ["17:30"],
        "MCR-DIDSBURY": ["18:15", "19:00"],
        "MCR-CHORLTON": [],
        "MCR-SALFORD": ["17:00"],
        "MCR-DEANSGATE": [],
    }
    calls = [
        C(
            "availability",
            {"shop": s, "date": "2026-10-17", "after": "17:00", "service": "fade_beard"},
            j({"shop": s, "slots": v}),
        )
        for s, v in shops.items()
    ]
    t.step("Checking all six Manchester shops.", *calls, order=[4, 1, 5, 0, 3, 2])
    t.step(
        "Salford at 17:00 is the earliest. Booking it.",
        C(
            "book",
            {"shop": "MCR-SALFORD", "date": "2026-10-17", "time": "17:00", "service": "fade_beard"},
            j({"ok": True, "ref": "BB-4471"}),
        ),
    )
    t.step("Booked: Salford, Saturday 17 October at 5pm, skin fade and beard trim (ref BB-4471).")
    return t.healthy("Six availability calls over six different shops in one batch, then a booking. Fan-out.")


@healthy("shearing-tallies-offset-pages")
def shearing_tallies_offset_pages(sid: str) -> Trace:
    t = Trace(
        sid,
        "A shearing contractor's SQL agent pages tallies with LIMIT/OFFSET, then aggregates.",
        domain="sheep shearing contractors (tallies, pay)",
        language="English",
        harness="SQL data agent (query over SQLite)",
        ids="plain",
        start="2026-11-29T07:00:00+13:00",
    )
    t.user(
        "Export last week's raw tallies for Glenmore Stn so I can check the pay run, then give totals per "
        "shearer."
    )
    t.step(
        "Finding the shed's exact name.",
        C(
            "query",
            {"sql": "SELECT DISTINCT shed FROM tallies WHERE shed LIKE 'Glenmore%';"},
            "shed\n-----\nGlenmore Stn\n(1 row)",
        ),
    )
    pages = [
        "day | shearer | run | count\n2026-11-23 | Hemi | 1 | 112\n2026-11-23 | Kara | 1 | 98\n... (50 rows)",
        "day | shearer | run | count\n2026-11-25 | Hemi | 2 | 109\n2026-11-25 | Sione | 2 | 121\n... (50 "
        "rows)",
        "day | shearer | run | count\n2026-11-27 | Kara | 4 | 103\n2026-11-27 | Sione | 4 | 118\n... (22 "
        "rows)",
    ]
    for n, body in enumerate(pages):
        sql = (
            "SELECT day, shearer, run, count FROM tallies WHERE shed = 'Glenmore Stn' AND day >= "
            f"date('now','-7 day') ORDER BY day, run, shearer LIMIT 50 OFFSET {n * 50};"
        )
        t.step(f"Page {n + 1} of the raw tallies.", C("query", {"sql": sql}, body))
    t.step(
        "Totals per shearer.",
        C(
            "query",
            {
                "sql": "SELECT shearer, SUM(count) AS total FROM tallies WHERE shed = 'Glenmore Stn' AND "
                "day >= date('now','-7 day') GROUP BY shearer ORDER BY total DESC;"
            },
            "shearer | total\nSione | 2291\nHemi | 2174\nKara | 1986\n(3 rows)",
        ),
    )
    t.step(
        "122 tally rows exported in three pages. Totals at Glenmore Stn last week: Sione 2,291, Hemi "
        "2,174, Kara 1,986."
    )
    return t.healthy(
        "One query paged with OFFSET 0, 50, 100; each page new, the last short. Pagination, then an "
        "aggregate."
    )


@healthy("blacksmith-harness-reminders")
def blacksmith_harness_reminders(sid: str) -> Trace:
    t = Trace(
        sid,
        "A forge's quoting agent works through a railing quote while the harness repeats the same reminder.",
        domain="blacksmith forge (railing quotes)",
        language="English",
        harness="support agent; harness injects constant system reminders",
        ids="mistral",
        start="2026-05-10T10:00:00+01:00",
    )
    t.user("Quote me a hand-forged stair railing, 4.2 m run, scroll balusters, 900 mm high, painted black.")
    reminder = "[system] Reminder: quotes must include VAT and a lead time. Do not promise delivery dates."
    work = [
        (
            "Getting the per-metre rates.",
            "rates.get",
            {"item": "stair_railing", "style": "scroll"},
            j({"per_m": 385, "height_mm": 900}),
        ),
        ("Paint finish cost.", "rates.get", {"item": "finish", "style": "paint_black"}, j({"per_m": 42})),
        (
            "Fixings and site visit.",
            "rates.get",
            {"item": "fixings_site", "style": "stair"},
            j({"flat": 180}),
        ),
        ("Lead time.", "commissions.lead_time", {"type": "railing"}, j({"lead_time_weeks": 7})),
    ]
    for tx, name, args, res in work:
        t.step(tx, C(name, args, res))
        t.system(reminder)
    t.step(
        "Your quote: railing 4.2 m × £385 = £1,617; black paint 4.2 m × £42 = £176.40; fixings and site "
        "visit £180. Subtotal £1,973.40, VAT £394.68, total £2,368.08. Lead time about 7 weeks from deposit."
    )
    return t.healthy(
        "The harness repeats one identical system reminder after every step; the agent's own calls are all "
        "different and the quote completes. Harness repetition is not the model looping."
    )


@healthy("scrapyard-ticket-narration")
def scrapyard_ticket_narration(sid: str) -> Trace:
    t = Trace(
        sid,
        "A scrap-yard agent reads tickets one by one and narrates each in the same sentence pattern.",
        domain="scrap-metal yard (weight tickets, payouts)",
        language="English",
        harness="yard office agent, Bedrock tool use",
        ids="bedrock",
        start="2026-04-16T16:00:00-04:00",
    )
    t.user("Go through this afternoon's five open tickets and tell me the payout for each, then the total.")
    tickets = [
        ("T-5541", "CU-1", 230, 3.85),
        ("T-5542", "AL-CAST", 610, 0.52),
        ("T-5544", "BRASS-Y", 188, 2.40),
        ("T-5547", "SS-304", 402, 0.61),
        ("T-5549", "CU-2", 95, 3.52),
    ]
    total = 0.0
    prev = ""
    for tid, grade, lb, price in tickets:
        t.step(
            (prev + " " if prev else "") + f"Reading {tid}.",
            C(
                "tickets.get",
                {"ticket": tid},
                j({"ticket": tid, "grade": grade, "net_lb": lb, "price_lb": price}),
            ),
        )
        pay = round(lb * price, 2)
        total += pay
        prev = f"Ticket {tid}: {grade}, {lb} lb at ${price:.2f}, payout ${pay:,.2f}."
    t.step(prev + f" Total payout for the five tickets: ${total:,.2f}.")
    return t.healthy(
        "Every step uses the same sentence pattern ('Ticket X: grade, weight, payout') over a different "
        "ticket. Formulaic narration over new results."
    )


@healthy("tennis-stringing-mark-ready")
def tennis_stringing_mark_ready(sid: str) -> Trace:
    t = Trace(
        sid,
        "A tennis club agent alternates reading and updating stringing jobs for four different members.",
        domain="tennis club (racquet stringing queue)",
        language="English",
        harness="club desk agent, OpenAI Responses function calls",
        ids="openai_responses",
        start="2026-07-08T15:00:00+02:00",
    )
    t.user(
        "The stringer finished this morning's batch: members M-3318, M-2204, M-4410, M-1097. Mark them "
        "ready and text them."
    )
    jobs = [
        ("M-3318", "Pure Aero", 24),
        ("M-2204", "Blade 98", 23),
        ("M-4410", "Ezone 100", 25),
        ("M-1097", "Speed MP", 24),
    ]
    for m, r, kg in jobs:
        t.step(
            f"Checking {m}'s job.",
            C(
                "stringing.queue",
                {"member": m},
                j({"member": m, "racquet": r, "tension_kg": kg, "status": "in_progress"}),
            ),
        )
        t.step(
            f"Marking {m} ready and texting.",
            C(
                "stringing.mark_ready",
                {"member": m, "notify": "sms"},
                j({"member": m, "status": "ready", "sms": "sent"}),
            ),
        )
    t.step("All four racquets are marked ready and the members have been texted.")
    return t.healthy(
        "An A/B pattern (read job, mark ready), but each pair is for a different member and each write "
        "changes state. Batch work, not alternation."
    )


@healthy("hotsauce-titration-job-progress")
def hotsauce_titration_job_progress(sid: str) -> Trace:
    t = Trace(
        sid,
        "A hot-sauce QA agent polls an autotitrator job whose progress advances until the pH result is in.",
        domain="hot-sauce manufacturing (batch pH, autotitrator)",
        language="English",
        harness="QA agent with dotted tools",
        ids="named",
        start="2026-08-28T08:30:00-05:00",
    )
    t.user("Batch HM-0828 is bottled. Run the equilibrium pH check and tell me if it can ship.")
    t.step(
        "Starting the titration.",
        C(
            "titrator.start",
            {"batch": "HM-0828", "method": "eq_ph"},
            j({"job": "TT-5520", "status": "started"}),
        ),
    )
    states = [
        {"job": "TT-5520", "status": "running", "progress": "sample 1/3"},
        {"job": "TT-5520", "status": "running", "progress": "sample 2/3"},
        {"job": "TT-5520", "status": "running", "progress": "sample 3/3"},
        {"job": "TT-5520", "status": "done", "ph": [3.92, 3.95, 3.93], "mean": 3.93},
    ]
    for i, st in enumerate(states):
        t.step(
            "Checking the job." if i == 0 else "Checking again.",
            C("titrator.status", {"job": "TT-5520"}, j(st)),
        )
        if i < len(states) - 1:
            t.step("Waiting a minute.", C("wait", {"seconds": 60}, "ok"))
    t.step("HM-0828 equilibrium pH is 3.93 (three samples 3.92–3.95), well under 4.6. It can ship.")
    return t.healthy(
        "Four polls of one job with waits between; the progress changes every time and it ends done. "
        "Progressing poll."
    )


@healthy("snailfarm-scroll-to-answer")
def snailfarm_scroll_to_answer(sid: str) -> Trace:
    t = Trace(
        sid,
        "A computer-use agent scrolls a humidity log; each scroll shows new rows and it stops at the answer.",
        domain="snail farming (greenhouse humidity logs)",
        language="English",
        harness="computer-use agent (computer_use tool)",
        ids="openai_chat",
        start="2026-06-22T08:00:00+02:00",
    )
    t.user("In the controller page, when did pen 2's humidity last drop below 80%?")
    t.step(
        "Screenshot.",
        C(
            "computer_use",
            {"action": "screenshot"},
            "Pen 2 humidity log, rows 1–20 of 64 (newest first), 84–90%.",
        ),
    )
    scrolls = ["rows 21–40, 82–88%.", "rows 41–60, 81–86%; row 58: 2026-06-12 14:20, 78%."]
    for s in scrolls:
        t.step(
            "Scrolling down.",
            C("computer_use", {"action": "scroll", "direction": "down", "amount": 10}, "Screenshot: " + s),
        )
    t.step("Pen 2 last dropped below 80% on 12 June at 14:20 (78%).")
    return t.healthy(
        "Two identical scroll calls, each showing new rows; the agent stops as soon as it finds the "
        "answer. Not a loop."
    )


@healthy("cobbler-price-update-long")
def cobbler_price_update_long(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Gemini-CLI agent raises welt resole prices across YAML, templates and tests over 16 steps.",
        domain="cobbler and shoe-repair shops (price list, receipts)",
        language="English",
        harness="Gemini-CLI-style coding agent "
        "(glob/search_file_content/read_file/replace/run_shell_command)",
        ids="gemini_cli",
        start="2026-02-04T09:00:00+00:00",
    )
    t.user(
        "Raise the Goodyear-welt resole prices by 8%, rounded to the pound, everywhere they appear, and "
        "keep tests passing."
    )
    t.step(
        "Finding where the prices live.",
        C(
            "search_file_content",
            {"pattern": "goodyear_welt|Goodyear"},
            "prices.yaml:5:  goodyear_welt:\ntemplates/price_board.html:12:Goodyear "
            "welt\ntests/test_quote.py:8:    assert quote('goodyear_welt', 'leather') == "
            "145\nshop/quote.py:3:PRICES = load('prices.yaml')",
        ),
    )
    t.step(
        "Reading prices.yaml.",
        C(
            "read_file",
            {"absolute_path": "/shop/prices.yaml"},
            "resole:\n  blake:\n    leather: 85\n    rubber: 70\n  goodyear_welt:\n    leather: 145\n    "
            "rubber: 120\n    dainite: 130\n",
        ),
    )
    edits = [
        ("leather: 145", "leather: 157"),
        ("rubber: 120", "rubber: 130"),
        ("dainite: 130", "dainite: 140"),
    ]
    for old, new in edits:
        t.step(
            f"{old} → {new}.",
            C(
                "replace",
                {"file_path": "/shop/prices.yaml", "old_string": f"    {old}", "new_string": f"    {new}"},
                "Successfully modified file: /shop/prices.yaml (1 replacements).",
            ),
        )
    t.step(
        "Reading the price board template.",
        C(
            "read_file",
            {"absolute_path": "/shop/templates/price_board.html", "offset": 8, "limit": 8},
            "<tr><td>Goodyear welt</td><td>£145</td><td>£120</td><td>£130</td></tr>",
        ),
    )
    t.step(
        "The board hard-codes prices; switching it to the YAML values.",
        C(
            "replace",
            {
                "file_path": "/shop/templates/price_board.html",
                "old_string": "<td>£145</td><td>£120</td><td>£130</td>",
                "new_string": "<td>£{{ p.goodyear_welt.leather }}</td><td>£{{ p.goodyear_welt.rubber "
                "}}</td><td>£{{ p.goodyear_welt.dainite }}</td>",
            },
            "Successfully modified file: /shop/templates/price_board.html (1 replacements).",
        ),
    )
    t.step(
        "Running the tests.",
        C(
            "run_shell_command",
            {"command": "pytest -q"},
            "Command: pytest -q\nExit Code: 1\nStdout:\nF....\nE   assert 157 == 145\n1 failed, 4 passed",
            error=True,
        ),
    )
    t.step(
        "Updating the expected price in the test.",
        C(
            "replace",
            {"file_path": "/shop/tests/test_quote.py", "old_string": "== 145", "new_string": "== 157"},
            "Successfully modified file: /shop/tests/test_quote.py (1 replacements).",
        ),
    )
    t.step(
        "Tests again.",
        C(
            "run_shell_command",
            {"command": "pytest -q"},
            "Command: pytest -q\nExit Code: 0\nStdout:\n.....\n5 passed",
        ),
    )
    t.step(
        "Checking the board renders.",
        C(
            "run_shell_command",
            {
                "command": "python -m shop.render_board > /tmp/board.html && grep -o 'Goodyear welt.*' "
                "/tmp/board.html"
            },
            "Command: ...\nExit Code: 0\nStdout:\nGoodyear "
            "welt</td><td>£157</td><td>£130</td><td>£140</td></tr>",
        ),
    )
    t.step(
        "Any other copies of the old prices?",
        C(
            "search_file_content",
            {"pattern": "£145|£120\\b"},
            "docs/receipts/sample.txt:4:Goodyear welt resole (leather) £145",
        ),
    )
    t.step(
        "Reading the sample receipt.",
        C(
            "read_file",
            {"absolute_path": "/shop/docs/receipts/sample.txt"},
            "Cobbler & Co\nSample receipt\n\nGoodyear welt resole (leather) £145\nHeel top piece £22\n",
        ),
    )
    t.step(
        "Updating the sample.",
        C(
            "replace",
            {
                "file_path": "/shop/docs/receipts/sample.txt",
                "old_string": "(leather) £145",
                "new_string": "(leather) £157",
            },
            "Successfully modified file: /shop/docs/receipts/sample.txt (1 replacements).",
        ),
    )
    t.step(
        "Final test run.",
        C(
            "run_shell_command",
            {"command": "pytest -q"},
            "Command: pytest -q\nExit Code: 0\nStdout:\n.....\n5 passed",
        ),
    )
    t.step(
        "Checking the diff.",
        C(
            "run_shell_command",
            {"command": "git diff --stat"},
            "Command: git diff --stat\nExit Code: 0\nStdout:\n docs/receipts/sample.txt | 2 +-\n "
            "prices.yaml | 6 +++---\n templates/price_board.html | 2 +-\n tests/test_quote.py | 2 +-\n 4 "
            "files changed, 6 insertions(+), 6 deletions(-)",
        ),
    )
    t.step(
        "Welt resoles are now £157 leather, £130 rubber, £140 Dainite (+8%, rounded). The price board "
        "reads from prices.yaml; the test and sample receipt are updated; 5 tests pass."
    )
    return t.healthy(
        "17 steps of searching, reading, editing different places and testing; the repeated test command "
        "follows edits and its result changes. Long productive coding session."
    )
