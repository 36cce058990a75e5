"""Loops in English sessions (one per domain, twenty domains)."""

from __future__ import annotations

import json
from typing import Any

from .builder import C, Trace
from .registry import loop


def j(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


@loop("pigeon-arrivals-second-turn")
def pigeon_arrivals_second_turn(sid: str) -> Trace:
    t = Trace(
        sid,
        "A pigeon-racing club agent answers one question, then re-reads an empty arrivals list in a second "
        "turn.",
        domain="pigeon racing (race results, loft clock arrivals)",
        language="English",
        harness="club assistant, OpenAI-style function tools",
        ids="openai_chat",
        start="2026-06-14T20:10:00+01:00",
    )
    t.user("Who won Saturday's 312 km race from Péronne?")
    t.step(
        "Looking up the race result.",
        C(
            "race.results",
            {"race_id": "R-2026-31", "top": 3},
            "pos | loft | ring          | velocity (m/min)\n"
            "1   | L017 | GB26N04411    | 1412.6\n2   | L044 | GB25N19907    | 1409.3\n"
            "3   | L102 | GB26N00872    | 1398.1",
        ),
    )
    t.step("Loft L017 won with 1412.6 m/min; loft L044 was a close second at 1409.3.")
    t.user("Thanks. What were loft 44's clocked arrivals for that race?")
    empty = j({"race_id": "R-2026-31", "loft": "44", "arrivals": []})
    steps = []
    for tx in (
        "Fetching loft 44's clock arrivals.",
        "Nothing came back, maybe the clock upload is still syncing. Trying again.",
        "Still empty. One more try.",
        "Retrying the arrivals lookup.",
    ):
        steps.append(t.step(tx, C("clock.arrivals", {"race_id": "R-2026-31", "loft": "44"}, empty)))
    t.step("Sorry, I can't find any clocked arrivals for loft 44 in that race.")
    return t.loop(
        ["identical_call"],
        steps[2],
        "In the second turn the agent asks for loft '44' although the results it just read call it L044; the "
        f"list is empty and it re-sends the identical call. Counting from the second user message, the 3rd "
        f"identical call, step {steps[2]}, is the onset.",
    )


@loop("rowing-seat-swap-edit-cycle")
def rowing_seat_swap_edit_cycle(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Claude-Code-style agent swaps two seat rules back and forth in a crew-seating module; tests flip.",
        domain="rowing club boathouse (crew seating, boat bookings)",
        language="English",
        harness="Claude-Code-style coding agent (Read/Edit/Bash)",
        ids="anthropic",
        start="2026-04-04T07:20:00+01:00",
    )
    t.user(
        "tests/test_seating.py has two failing tests after the eight got a new cox. Fix seating.py so both "
        "pass."
    )
    t.step(
        "Reading the seating module.",
        C(
            "Read",
            {"file_path": "/repo/boathouse/seating.py"},
            "     1\tdef seat_order(crew):\n     2\t    rowers = sorted(crew, key=lambda r: r.erg_2k)\n"
            "     3\t    stroke, bow = rowers[0], rowers[-1]\n     4\t    return [bow, *rowers[1:-1], "
            "stroke]\n",
        ),
    )
    a = (
        "Edit",
        {
            "file_path": "/repo/boathouse/seating.py",
            "old_string": "    stroke, bow = rowers[0], rowers[-1]",
            "new_string": "    bow, stroke = rowers[0], rowers[-1]",
        },
        "The file /repo/boathouse/seating.py has been updated.",
    )
    c = (
        "Edit",
        {
            "file_path": "/repo/boathouse/seating.py",
            "old_string": "    bow, stroke = rowers[0], rowers[-1]",
            "new_string": "    stroke, bow = rowers[0], rowers[-1]",
        },
        "The file /repo/boathouse/seating.py has been updated.",
    )
    run = {
        "command": "cd /repo/boathouse && python -m pytest -q tests/test_seating.py",
        "description": "Run tests",
    }
    fail_b = (
        "F.\n___ test_stroke_is_fastest ___\nE   AssertionError: assert 'Okoye' == 'Lindqvist'\n"
        "1 failed, 1 passed in 0.08s"
    )
    fail_d = (
        ".F\n___ test_bow_is_lightest ___\nE   AssertionError: assert 'Lindqvist' == 'Okoye'\n"
        "1 failed, 1 passed in 0.08s"
    )
    a_steps = []
    for rnd in range(3):
        a_steps.append(t.step("Swapping bow and stroke.", C(*a)))
        if rnd == 2:
            break
        t.step("Running the tests.", C("Bash", dict(run), fail_b, error=True))
        t.step("That broke stroke. Reverting the swap.", C(*c))
        t.step("Running the tests again.", C("Bash", dict(run), fail_d, error=True))
    t.step("Running the tests.", C("Bash", dict(run), fail_b, error=True))
    return t.loop(
        ["alternation"],
        a_steps[2],
        "The two tests need different sort keys (stroke by erg time, bow by weight); the agent only swaps "
        "the same two lines back and forth and the failures alternate. Edit, test, revert, test, then [Edit] "
        f"again: the third identical swap, step {a_steps[2]}, is the onset.",
    )


@loop("pearl-grade-rejected-in-body")
def pearl_grade_rejected_in_body(sid: str) -> Trace:
    t = Trace(
        sid,
        "A pearl-farm agent keeps rewriting a grade value the harvest API rejects in its body.",
        domain="pearl farming (oyster lines, harvest grading)",
        language="English",
        harness="farm ops agent with dotted tools",
        ids="padded",
        start="2026-05-02T06:40:00+09:30",
    )
    t.user(
        "Record today's harvest grade for line 14, panel C: the nucleated South Sea pearls came out top "
        "quality."
    )
    t.step(
        "Getting the panel record.",
        C(
            "lines.panel",
            {"line": 14, "panel": "C"},
            j({"line": 14, "panel": "C", "oysters": 60, "nucleated": "2024-08-11", "harvested": 57}),
        ),
    )
    grades = ["A+", "Grade A", "top", "AA-", "AAA+"]
    texts = [
        "Recording the grade as A+.",
        "Sorry about that. Spelling it out.",
        "My apologies, trying the plain word from the request.",
        "Apologies again; trying a double-A variant.",
        "Trying the highest grade with a plus.",
    ]
    steps = []
    for tx, g in zip(texts, grades, strict=True):
        body = j(
            {"status": "error", "code": "INVALID_GRADE", "message": "grade must be one of AAA, AA, A, B, C"}
        )
        steps.append(t.step(tx, C("harvest.grade", {"line": 14, "panel": "C", "grade": g}, body)))
    return t.loop(
        ["same_tool", "error_streak"],
        steps[3],
        "The body lists the valid grades every time, yet the agent tries new spellings; each rejection is "
        f"only in the content (is_error false). The 4th failure, step {steps[3]}, is the onset.",
    )


@loop("stonemason-mcp-invalid-params")
def stonemason_mcp_invalid_params(sid: str) -> Trace:
    t = Trace(
        sid,
        "A cathedral restoration agent sends flat arguments to an MCP tool that wants a nested block object.",
        domain="cathedral stonemasonry restoration (block survey, courses)",
        language="English",
        harness="MCP tool agent (mcp__server__tool names)",
        ids="anthropic",
        start="2026-10-20T08:00:00+00:00",
    )
    t.user(
        "Log the replacement block for the north transept buttress: course 23, position 7, Clipsham "
        "limestone, bed height 305 mm."
    )
    t.step(
        "Checking the survey entry first.",
        C(
            "mcp__masonry__survey_get",
            {"elevation": "N-transept-buttress-2", "course": 23},
            j({"course": 23, "positions": 11, "condition": {"7": "spalled, replace"}, "stone": "Clipsham"}),
        ),
    )
    err = (
        "MCP error -32602: Invalid params: data must have required property 'block'; "
        "data must NOT have additional properties"
    )
    attempts = [
        {"course": 23, "position": 7, "stone": "Clipsham", "bed_height_mm": 305},
        {"course": "23", "position": "7", "stone_type": "Clipsham limestone", "bed_height": 305},
        {"block_id": "N-23-07", "stone": "Clipsham", "bed_height_mm": 305},
        {"elevation": "N-transept-buttress-2", "course": 23, "position": 7, "bed_height_mm": 305},
        {"block_course": 23, "block_position": 7, "block_stone": "Clipsham", "block_bed_height_mm": 305},
    ]
    texts = [
        "Logging the block.",
        "Trying the field names as strings with a fuller stone name.",
        "Maybe it takes a block id instead.",
        "Adding the elevation.",
        "Prefixing the fields with block_.",
    ]
    steps = [
        t.step(tx, C("mcp__masonry__log_block", a, err, error=True))
        for tx, a in zip(texts, attempts, strict=True)
    ]
    return t.loop(
        ["error_streak"],
        steps[3],
        f"The error says the arguments must sit inside a 'block' object; the agent keeps reshaping flat "
        f"arguments. Schema misuse: the 4th identical -32602 failure, step {steps[3]}, is the onset.",
    )


@loop("vinyl-noise-redelegated-renamed")
def vinyl_noise_redelegated_renamed(sid: str) -> Trace:
    t = Trace(
        sid,
        "A pressing-plant orchestrator re-delegates one noise diagnosis, the third time to a renamed "
        "sub-agent.",
        domain="vinyl record pressing (stampers, QC)",
        language="English",
        harness="orchestrator delegating to sub-agents (agents.run)",
        ids="adk",
        start="2026-02-26T15:30:00-05:00",
    )
    t.user("Why is side B of catalogue SPR-114 noisy in QC? I need a cause and a fix for the press crew.")
    brief = (
        "Diagnose the surface noise on side B of SPR-114 from the QC log and press data; give cause and fix."
    )
    reports = [
        "Cause: stamper B-3 worn (pressings 400–620 show the noise, none before). Fix: replace stamper B-3.",
        "Noise starts at pressing ~400, all from stamper B-3; earlier pressings are clean. Replace B-3.",
        "Stamper B-3 is worn from roughly the 400th pressing on. Recommend a new stamper.",
        "Side B noise traces to stamper B-3 (pressings 400 onward). Replace it.",
    ]
    agents = ["qc-analyst", "qc-analyst", "audio-inspector", "audio-inspector"]
    texts = [
        "Asking the QC analyst.",
        "Let me have it double-checked.",
        "Getting an independent view from the audio inspector.",
        "Asking the audio inspector to confirm once more.",
    ]
    steps = []
    for tx, agent, rep in zip(texts, agents, reports, strict=True):
        steps.append(t.step(tx, C("agents.run", {"agent": agent, "input": brief}, j({"output": rep}))))
    return t.loop(
        ["same_tool"],
        steps[2],
        "Two reports already agree (worn stamper B-3 from about pressing 400); the same brief goes out "
        f"again to a differently named sub-agent. The 3rd delegation, step {steps[2]}, is the onset.",
    )


@loop("comic-pull-list-never-added")
def comic_pull_list_never_added(sid: str) -> Trace:
    t = Trace(
        sid,
        "A comic-shop agent says it is adding a series to a pull list but only ever reads.",
        domain="comic-book shop (pull lists, subscriptions)",
        language="English",
        harness="shop support agent, Mistral-style function calls",
        ids="mistral",
        start="2026-08-19T16:05:00-07:00",
    )
    t.user("Hi, please add Saga to my pull list starting with #67. My customer number is 20431.")
    t.step(
        "Let me pull up your account.",
        C("customers.get", {"customer": 20431}, j({"customer": 20431, "name": "R. Ibarra", "box": "I-12"})),
    )
    reads = [
        (
            "I'll add Saga #67 to your pull list now.",
            C(
                "series.get",
                {"title": "Saga"},
                j({"series_id": "IMG-SAGA", "next_issue": 67, "foc": "2026-08-24"}),
            ),
        ),
        (
            "Adding Saga to your pull list now.",
            C(
                "pull_list.get",
                {"customer": 20431},
                j({"customer": 20431, "series": ["Monstress", "Paper Girls"]}),
            ),
        ),
        (
            "I'm adding Saga #67 to your pull list now.",
            C(
                "customers.get",
                {"customer": 20431},
                j({"customer": 20431, "name": "R. Ibarra", "box": "I-12"}),
            ),
        ),
        (
            "Now adding Saga to your pull list.",
            C(
                "series.get",
                {"title": "Saga"},
                j({"series_id": "IMG-SAGA", "next_issue": 67, "foc": "2026-08-24"}),
            ),
        ),
        (
            "Adding it now.",
            C(
                "pull_list.get",
                {"customer": 20431},
                j({"customer": 20431, "series": ["Monstress", "Paper Girls"]}),
            ),
        ),
    ]
    steps = [t.step(tx, call) for tx, call in reads]
    return t.loop(
        ["narration"],
        steps[3],
        f"From step {steps[0]} every message announces the add, but the agent only cycles through reads it "
        f"already has and never calls pull_list.add. The 4th announcement, step {steps[3]}, is the onset.",
    )


@loop("boardgame-cafe-frozen-capture")
def boardgame_cafe_frozen_capture(sid: str) -> Trace:
    t = Trace(
        sid,
        "A board-game café agent polls a payment stuck in requires_capture; only the check time changes.",
        domain="board-game café (table bookings, deposits)",
        language="English",
        harness="booking agent, OpenAI-style function tools",
        ids="openai_chat",
        start="2026-12-05T18:45:00+00:00",
    )
    t.user("Table 9 for six at 7pm tonight, the group paid the deposit online. Can you confirm the booking?")
    times = ["18:46:02", "18:46:09", "18:46:15", "18:46:22", "18:46:30"]
    steps = []
    for i, tm in enumerate(times):
        body = j(
            {
                "intent": "pi_3Pq9Hc2eZvKYlo2C0xT7",
                "amount": 3000,
                "currency": "gbp",
                "status": "requires_capture",
                "checked_at": f"2026-12-05T{tm}Z",
            }
        )
        tx = "Checking the deposit." if i == 0 else "The deposit still isn't settled; checking again."
        steps.append(t.step(tx, C("payments.status", {"intent": "pi_3Pq9Hc2eZvKYlo2C0xT7"}, body)))
    return t.loop(
        ["identical_call"],
        steps[2],
        "The deposit is authorised and waits for the café to capture it; the agent re-polls instead of "
        "calling "
        f"a capture, and only the volatile checked_at changes. The 3rd identical status, step {steps[2]}, "
        f"is the onset.",
    )


@loop("bailbond-reminder-channel-toggle")
def bailbond_reminder_channel_toggle(sid: str) -> Trace:
    t = Trace(
        sid,
        "A bail-bond agent switches a defendant's court-reminder channel between SMS and voice repeatedly.",
        domain="bail bonds (court-date reminders, check-ins)",
        language="English",
        harness="case agent with dotted tools, Bedrock tool use",
        ids="bedrock",
        start="2026-03-11T10:00:00-06:00",
    )
    t.user("Make sure D-5521 gets reminders for the March 19 hearing in the way that actually reaches him.")
    t.step(
        "Checking his contact notes.",
        C(
            "defendants.get",
            {"id": "D-5521"},
            j(
                {
                    "id": "D-5521",
                    "phone": "+1-505-555-0148",
                    "reminder_channel": "voice",
                    "notes": [
                        "prefers texts",
                        "prepaid plan, texting sometimes disabled",
                        "missed 1 call in Jan",
                    ],
                }
            ),
        ),
    )

    def toggle(ch: str, tx: str) -> int:
        return t.step(
            tx,
            C(
                "reminders.set_channel",
                {"defendant": "D-5521", "channel": ch},
                j({"ok": True, "channel": ch}),
            ),
        )

    def check(ch: str) -> None:
        t.step(
            "Reading the setting back.",
            C("reminders.get_channel", {"defendant": "D-5521"}, j({"channel": ch})),
        )

    toggles = [toggle("sms", "He prefers texts, switching to SMS.")]
    check("sms")
    toggles.append(toggle("voice", "But texting is sometimes disabled on his plan; back to voice."))
    check("voice")
    toggles.append(toggle("sms", "He missed a call in January, so SMS is safer."))
    toggles.append(toggle("voice", "Texts may not arrive though. Voice again."))
    toggles.append(toggle("sms", "On balance SMS."))
    return t.loop(
        ["same_tool", "alternation"],
        toggles[3],
        f"The same three notes are weighed again each time and the channel flips SMS/voice; the agent never "
        f"sets both channels or asks. Read-backs do not count; the 4th toggle, step {toggles[3]}, is the "
        "onset.",
    )


@loop("skiptrace-name-variants")
def skiptrace_name_variants(sid: str) -> Trace:
    t = Trace(
        sid,
        "A skip-tracing agent searches one person under trivially different spellings; the same stale "
        "record returns.",
        domain="private investigation (skip tracing)",
        language="English",
        harness="investigator agent, OpenAI Responses function calls",
        ids="openai_responses",
        start="2026-09-23T13:15:00-04:00",
    )
    t.user(
        "Find a current address for John Okafor, about 44, last known in Dayton OH. Client has a signed "
        "release."
    )
    rec = (
        "1 record\nname,age,city,state,last_seen,source\n"
        '"Okafor, John O.",44,Dayton,OH,2019-04,utility-connect\n'
    )
    variants = [
        {"name": "John Okafor", "state": "OH"},
        {"name": "J. Okafor", "state": "OH"},
        {"name": "Okafor, John", "state": "OH"},
        {"name": "JOHN OKAFOR", "state": "Ohio"},
        {"name": "John  Okafor", "state": "OH", "age": 44},
    ]
    texts = [
        "Searching the people index.",
        "Only a 2019 hit. Trying the initial.",
        "Trying last-name-first.",
        "Uppercase and the full state name.",
        "Adding the age.",
    ]
    steps = [t.step(tx, C("people_search", v, rec)) for tx, v in zip(texts, variants, strict=True)]
    return t.loop(
        ["same_tool"],
        steps[3],
        "Each search is a cosmetic variant of the first and returns the same 2019 record; the agent never "
        "moves "
        f"to other sources (court records, vehicle registrations, a neighbour canvass). The 4th attempt, "
        f"step {steps[3]}, is the onset.",
    )


@loop("zipline-narration-stutters")
def zipline_narration_stutters(sid: str) -> Trace:
    t = Trace(
        sid,
        "A zip-line park agent's narration beside a sensible tool call collapses into one repeated phrase.",
        domain="zip-line adventure park (brake logs, line inspections)",
        language="English",
        harness="Gemini-CLI-style agent with snake_case tools",
        ids="gemini_cli",
        start="2026-06-02T08:05:00-07:00",
    )
    t.user("Line 3's magnetic brake felt soft yesterday. Check its log and tell me if it should close today.")
    t.step(
        "Listing the brake logs.",
        C("list_brake_logs", {"line": 3, "days": 2}, "line3-2026-06-01.csv\nline3-2026-06-02.csv"),
    )
    s = t.step(
        "Checking the brake log for line 3. " * 24,
        C(
            "read_brake_log",
            {"file": "line3-2026-06-01.csv"},
            "time,rider_kg,entry_kmh,exit_kmh\n10:02,81,52,11\n10:40,95,55,17\n11:15,102,56,21\n",
        ),
    )
    return t.loop(
        ["degenerate_text"],
        s,
        f"The tool call at step {s} is sensible, but the text beside it is one sentence repeated 24 times; "
        f"the onset is that step.",
    )


@loop("haunted-export-dialog-cycle")
def haunted_export_dialog_cycle(sid: str) -> Trace:
    t = Trace(
        sid,
        "A computer-use agent in a haunted attraction's rota app cycles Export, Escape, screenshot.",
        domain="haunted attractions (scare-actor rotas)",
        language="English",
        harness="computer-use agent (computer tool)",
        ids="anthropic",
        start="2026-10-24T16:00:00-05:00",
    )
    t.user(
        "Export tonight's scare-actor rota from the ops portal as a PDF and tell me who is on the crypt maze."
    )
    roster = (
        "Screenshot: Ops portal > Rota > Sat 24 Oct. Table of 22 actors by zone; 'Crypt maze' rows: "
        "Dana V., Ike M., Rosa P. Buttons: Export (1120,80), Print (1210,80)."
    )
    t.step("Taking a screenshot.", C("computer", {"action": "screenshot"}, roster))
    firsts = []
    for rnd in range(3):
        firsts.append(
            t.step(
                "Clicking Export.",
                C(
                    "computer",
                    {"action": "left_click", "coordinate": [1120, 80]},
                    "Screenshot: modal 'Export failed: your session has expired, please sign in again.' [OK]",
                ),
            )
        )
        if rnd == 2:
            break
        t.step(
            "Dismissing the dialog.",
            C(
                "computer",
                {"action": "key", "text": "Escape"},
                "Screenshot: modal closed, rota table visible.",
            ),
        )
        t.step("Checking the page.", C("computer", {"action": "screenshot"}, roster))
    t.step(
        "Dismissing the dialog again.",
        C("computer", {"action": "key", "text": "Escape"}, "Screenshot: modal closed, rota table visible."),
    )
    return t.loop(
        ["alternation"],
        firsts[2],
        "The export fails on an expired session every time; the agent dismisses the modal, looks, and clicks "
        "Export again, never signing in (and never just reading the crypt-maze names it can see). A B C A "
        f"B C [A]: the third Export click, step {firsts[2]}, is the onset.",
    )


@loop("dubbing-align-timecode-streak")
def dubbing_align_timecode_streak(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Gemini-CLI agent in a dubbing studio keeps rewriting timecodes for an alignment script that "
        "crashes.",
        domain="voice dubbing studio (loop lines, ADR alignment)",
        language="English",
        harness="Gemini-CLI-style coding agent (run_shell_command)",
        ids="gemini_cli",
        start="2026-01-13T11:20:00+01:00",
    )
    t.user("Align the Italian loop lines for reel 4 scene 12 to picture. The cue sheet is in cues/r4.csv.")
    starts = ["01:04:12:05", "01:04:12.05", "1:04:12:05", "01:04:12:5", "01:04:12;05"]
    texts = [
        "Running the aligner.",
        "It wants a different separator, trying a dot for frames.",
        "Maybe no leading zero on the hour.",
        "Dropping the zero-padding on frames.",
        "Trying drop-frame notation.",
    ]
    steps = []
    for tx, tc in zip(texts, starts, strict=True):
        tb = (
            "Traceback (most recent call last):\n"
            '  File "/studio/tools/align_loops.py", line 88, in <module>\n    main()\n'
            '  File "/studio/tools/align_loops.py", line 61, in main\n    start = reel_offset(args.start, '
            "fps=25)\n"
            '  File "/studio/tools/timecode.py", line 23, in reel_offset\n'
            '    raise ValueError(f"timecode {tc} is outside reel 4 (00:00:00:00-00:19:59:24)")\n'
            f"ValueError: timecode {tc} is outside reel 4 (00:00:00:00-00:19:59:24)\n"
        )
        cmd = f"python tools/align_loops.py --reel 4 --scene 12 --cues cues/r4.csv --start {tc}"
        steps.append(
            t.step(
                tx,
                C(
                    "run_shell_command",
                    {"command": cmd},
                    f"Command: {cmd}\nExit Code: 1\nStderr:\n{tb}",
                    error=True,
                ),
            )
        )
    return t.loop(
        ["same_tool", "error_streak"],
        steps[3],
        f"The error says the start must be reel-relative (00:..), but the agent only reformats the absolute "
        f"timecode; every run fails with the same ValueError. The 4th failure, step {steps[3]}, is the "
        "onset.",
    )


@loop("barbershop-batch-repeated")
def barbershop_batch_repeated(sid: str) -> Trace:
    t = Trace(
        sid,
        "A barbershop booking agent repeats the same three-shop availability batch with an ambiguous date.",
        domain="barbershop chain (chair availability, bookings)",
        language="English",
        harness="booking agent, OpenAI-style parallel function calls",
        ids="openai_chat",
        start="2026-10-16T09:00:00+01:00",
    )
    t.user("Any of your Leeds shops free for a skin fade on 10/17 after 5pm?")
    shops = ["LDS-HEADROW", "LDS-KIRKGATE", "LDS-CHAPELTOWN"]
    empty = j({"slots": [], "note": "date parsed as 2026-10-17? no: month 17 invalid, defaulted to none"})
    steps = []
    for tx in (
        "Checking all three Leeds shops.",
        "No slots anywhere, let me check again.",
        "Still nothing. Checking once more.",
        "One more pass over the shops.",
    ):
        calls = [
            C("availability", {"shop": s, "date": "10/17", "after": "17:00", "service": "skin_fade"}, empty)
            for s in shops
        ]
        steps.append(t.step(tx, *calls, order=[2, 0, 1]))
    return t.loop(
        ["identical_call"],
        steps[2],
        f"The date '10/17' is not parsed (the note says so) and all three shops return nothing; the agent "
        "repeats the identical batch. Counting one repeat per turn, the 3rd identical batch, step "
        f"{steps[2]}, is the onset.",
    )


@loop("shearing-sql-cosmetic-variants")
def shearing_sql_cosmetic_variants(sid: str) -> Trace:
    t = Trace(
        sid,
        "A shearing contractor's SQL agent re-runs one query with cosmetic changes; each returns zero rows.",
        domain="sheep shearing contractors (sheds, tallies, gangs)",
        language="English",
        harness="SQL data agent (query over SQLite)",
        ids="plain",
        start="2026-11-28T19:30:00+13:00",
    )
    t.user("What was each shearer's tally at Glenmore Station last week?")
    sqls = [
        "SELECT shearer, SUM(count) FROM tallies WHERE shed = 'Glenmore Station' AND day >= date('now','-7 "
        "day') GROUP BY shearer;",
        "select shearer, sum(count) as total from tallies where shed = 'Glenmore Station' and day >= "
        "date('now', '-7 days') group by shearer",
        "SELECT t.shearer, SUM(t.count) AS total FROM tallies t WHERE t.shed = 'Glenmore Station' AND "
        "t.day >= date('now','-7 day') GROUP BY t.shearer ORDER BY total DESC;",
        "SELECT shearer, SUM(count) FROM tallies WHERE shed LIKE 'Glenmore Station' AND day >= "
        "date('now','-7 day') GROUP BY 1;",
        "SELECT shearer, SUM(count) FROM tallies WHERE TRIM(shed) = 'Glenmore Station' AND day >= "
        "date('now','-7 day') GROUP BY shearer;",
    ]
    texts = [
        "Querying the tallies.",
        "No rows. Reformatting the query.",
        "Adding an alias and ordering.",
        "Using LIKE for the shed.",
        "Trimming whitespace on the shed name.",
    ]
    steps = [
        t.step(tx, C("query", {"sql": s}, "shearer | total\n--------+------\n(0 rows)"))
        for tx, s in zip(texts, sqls, strict=True)
    ]
    return t.loop(
        ["same_tool"],
        steps[3],
        "The sheds table spells it 'Glenmore Stn'; the agent only reformats the same query and never "
        f"looks at the distinct shed names. The 4th attempt with no new rows, step {steps[3]}, is the onset.",
    )


@loop("blacksmith-handoff-queue-closed")
def blacksmith_handoff_queue_closed(sid: str) -> Trace:
    t = Trace(
        sid,
        "A forge's support agent re-sends an identical hand-off to a human queue that is closed.",
        domain="blacksmith forge (commissions, gate and railing quotes)",
        language="English",
        harness="support agent with hand-off tool",
        ids="mistral",
        start="2026-05-09T18:20:00+01:00",
    )
    t.user(
        "I want to commission a hand-forged garden gate, about 1.2 m wide. Can I talk to the smith about "
        "design?"
    )
    t.step(
        "Checking the commission book.",
        C(
            "commissions.lead_time",
            {"type": "gate"},
            j({"type": "gate", "lead_time_weeks": 9, "deposit_pct": 30}),
        ),
    )
    args = {
        "queue": "commissions",
        "summary": "Customer wants a hand-forged garden gate ~1.2 m; design talk.",
    }
    body = j({"transferred": False, "reason": "queue closed until Mon 08:00", "queue_position": None})
    steps = []
    for tx in (
        "Transferring you to the smith.",
        "The transfer didn't go through, trying again.",
        "Retrying the transfer.",
        "Trying the hand-off once more.",
        "Re-sending the transfer.",
    ):
        steps.append(t.step(tx, C("handoff.to_human", dict(args), body)))
    return t.loop(
        ["identical_call", "error_streak"],
        steps[3],
        "The hand-off fails in the body (queue closed until Monday) and the agent re-sends it unchanged "
        "instead "
        f"of taking a message or a call-back time. Identical calls failing identically: the 4th failure, "
        f"step {steps[3]}, is the onset.",
    )


@loop("scrapyard-ticket-row-repeats")
def scrapyard_ticket_row_repeats(sid: str) -> Trace:
    t = Trace(
        sid,
        "A scrap-yard agent's summary table repeats one weight-ticket row over and over.",
        domain="scrap-metal yard (weight tickets, grades)",
        language="English",
        harness="yard office agent, Bedrock tool use",
        ids="bedrock",
        start="2026-04-15T15:55:00-04:00",
    )
    t.user("Summarise today's weight tickets for copper grades.")
    t.step(
        "Pulling today's tickets.",
        C(
            "tickets.list",
            {"date": "2026-04-15", "grade_prefix": "CU"},
            "ticket,grade,net_lb,price_lb\nT-5512,CU-1,412,3.85\nT-5517,CU-2,958,3.52\nT-5523,CU-1,77,3.85\n"
            "T-5530,CU-INS,1340,1.60\n",
        ),
    )
    row = "| T-5512 | CU-1 | 412 lb | $3.85 |\n"
    s = t.step("| Ticket | Grade | Net | Price |\n|---|---|---|---|\n" + row * 36)
    return t.loop(
        ["degenerate_text"],
        s,
        f"The list has four different tickets, but the reply at step {s} repeats the first row 36 times; "
        f"unlike a real table the rows are identical. The onset is that step.",
    )


@loop("tennis-courts-stringing-ab")
def tennis_courts_stringing_ab(sid: str) -> Trace:
    t = Trace(
        sid,
        "A tennis club agent alternates between the court list and the stringing queue without booking.",
        domain="tennis club (court bookings, racquet stringing)",
        language="English",
        harness="club desk agent, OpenAI Responses function calls",
        ids="openai_responses",
        start="2026-07-07T07:50:00+02:00",
    )
    t.user("Book me an indoor court at 6pm tomorrow and check whether my racquet will be restrung by then.")
    a = C(
        "courts.list",
        {"date": "2026-07-08", "indoor": True},
        "court | 17:00 | 18:00 | 19:00\n------+-------+-------+------\nI1    | busy  | free  | busy\n"
        "I2    | free  | busy  | free",
    )
    b = C(
        "stringing.queue",
        {"member": "M-3318"},
        j({"member": "M-3318", "racquet": "Pure Aero", "position": 2, "ready_by": "2026-07-08T16:00"}),
    )
    a_steps = []
    for rnd in range(3):
        a_steps.append(t.step("Checking indoor courts for tomorrow.", C(a.name, dict(a.args), a.result)))
        if rnd == 2:
            break
        t.step("And the stringing queue.", C(b.name, dict(b.args), b.result))
    t.step("Let me look at the stringing queue again.", C(b.name, dict(b.args), b.result))
    return t.loop(
        ["alternation"],
        a_steps[2],
        f"Both answers are in hand after the first pair (I1 free at 18:00; racquet ready at 16:00), but the "
        "agent re-reads them in turn and never books. A B A B [A]: the third court listing, step "
        f"{a_steps[2]}, is the onset.",
    )


@loop("hotsauce-ph-test-fails-on")
def hotsauce_ph_test_fails_on(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Claude-Code agent at a hot-sauce maker makes cosmetic edits while the same pH test keeps failing.",
        domain="hot-sauce manufacturing (batch pH, acidification)",
        language="English",
        harness="Claude-Code-style coding agent (Read/Edit/Bash)",
        ids="anthropic",
        start="2026-08-27T10:10:00-05:00",
    )
    t.user(
        "test_batch_safe fails for the habanero-mango recipe. Equilibrium pH must be under 4.6. Fix the "
        "calculator."
    )
    run = {"command": "pytest -q tests/test_ph.py::test_batch_safe", "description": "Run the pH test"}
    fail = (
        "F                                                                        [100%]\n"
        "    def test_batch_safe():\n        r = load('habanero-mango')\n"
        ">       assert equilibrium_ph(r) < 4.6\nE       assert 4.71 < 4.6\n"
        "tests/test_ph.py:19: AssertionError\n1 failed in 0.05s"
    )
    fails = [t.step("Reproducing.", C("Bash", dict(run), fail, error=True))]
    t.step(
        "Reading the calculator.",
        C(
            "Read",
            {"file_path": "/repo/sauce/ph.py"},
            "  1\tdef equilibrium_ph(r):\n  2\t    # weighted mean of ingredient pH\n"
            "  3\t    return sum(i.ph * i.grams for i in r) / sum(i.grams for i in r)\n",
        ),
    )
    edits = [
        (
            "Clarifying the comment.",
            "    # weighted mean of ingredient pH",
            "    # mass-weighted mean pH of ingredients",
        ),
        (
            "Renaming for clarity.",
            "    return sum(i.ph * i.grams for i in r) / sum(i.grams for i in r)",
            "    total = sum(i.grams for i in r)\n    return sum(i.ph * i.grams for i in r) / total",
        ),
        (
            "Rounding the result.",
            "    return sum(i.ph * i.grams for i in r) / total",
            "    return round(sum(i.ph * i.grams for i in r) / total, 2)",
        ),
    ]
    for tx, old, new in edits:
        t.step(
            tx,
            C(
                "Edit",
                {"file_path": "/repo/sauce/ph.py", "old_string": old, "new_string": new},
                "The file /repo/sauce/ph.py has been updated.",
            ),
        )
        fails.append(t.step("Re-running the test.", C("Bash", dict(run), fail, error=True)))
    t.step(
        "Adding a type hint.",
        C(
            "Edit",
            {
                "file_path": "/repo/sauce/ph.py",
                "old_string": "def equilibrium_ph(r):",
                "new_string": "def equilibrium_ph(r: list) -> float:",
            },
            "The file /repo/sauce/ph.py has been updated.",
        ),
    )
    t.step("Re-running the test.", C("Bash", dict(run), fail, error=True))
    return t.loop(
        ["error_streak"],
        fails[3],
        "pH is logarithmic, so a mass-weighted mean of pH values is the wrong model; the edits are "
        "cosmetic and "
        f"the test fails identically each time. Counting the reproduction as the 1st failure, the 4th, step "
        f"{fails[3]}, is the onset.",
    )


@loop("snailfarm-scroll-at-end")
def snailfarm_scroll_at_end(sid: str) -> Trace:
    t = Trace(
        sid,
        "A computer-use agent keeps scrolling a snail-farm humidity log that has reached its end.",
        domain="snail farming (heliciculture, humidity logs)",
        language="English",
        harness="computer-use agent (computer_use tool)",
        ids="openai_chat",
        start="2026-06-21T21:00:00+02:00",
    )
    t.user("In the greenhouse controller web page, find the last time humidity in pen 4 dropped below 80%.")
    t.step(
        "Screenshot first.",
        C(
            "computer_use",
            {"action": "screenshot"},
            "Screenshot: Controller > Pen 4 > Humidity log, rows 1–20 of 56 (newest first), all ≥ 84%.",
        ),
    )
    t.step(
        "Scrolling down.",
        C(
            "computer_use",
            {"action": "scroll", "direction": "down", "amount": 10},
            "Screenshot: rows 21–40, values 83–88%.",
        ),
    )
    end = "Screenshot: rows 41–56 of 56, values 85–91%. 'End of log (retention 14 days)'."
    steps = []
    for tx in ("Scrolling further.", "Scrolling more.", "Still looking; scrolling.", "Scrolling down again."):
        steps.append(
            t.step(tx, C("computer_use", {"action": "scroll", "direction": "down", "amount": 10}, end))
        )
    return t.loop(
        ["identical_call"],
        steps[2],
        f"The log ends at row 56 and never drops below 80% within its 14-day retention; each further scroll "
        f"shows the same last page. The first scroll that reached the end counts as the 1st, so the 3rd, "
        f"step {steps[2]}, is the onset.",
    )


@loop("cobbler-price-table-reread")
def cobbler_price_table_reread(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Gemini-CLI agent for a shoe-repair shop announces a price edit and only reads the file at new "
        "offsets.",
        domain="cobbler and shoe-repair shops (resole price list)",
        language="English",
        harness="Gemini-CLI-style coding agent (read_file/replace)",
        ids="gemini_cli",
        start="2026-02-03T12:40:00+00:00",
    )
    t.user("Raise the Goodyear-welt resole prices in prices.yaml by 8%, rounded to the pound.")
    reads = [
        (
            0,
            40,
            "resole:\n  blake:\n    leather: 85\n    rubber: 70\n  goodyear_welt:\n    leather: 145\n    "
            "rubber: 120\n",
        ),
        (0, 20, "resole:\n  blake:\n    leather: 85\n    rubber: 70\n  goodyear_welt:\n    leather: 145\n"),
        (4, 10, "  goodyear_welt:\n    leather: 145\n    rubber: 120\n    dainite: 130\n"),
        (
            0,
            60,
            "resole:\n  blake:\n    leather: 85\n    rubber: 70\n  goodyear_welt:\n    leather: 145\n    "
            "rubber: 120\n    dainite: 130\nheels:\n  top_piece: 22\n",
        ),
        (4, 8, "  goodyear_welt:\n    leather: 145\n    rubber: 120\n    dainite: 130\n"),
    ]
    steps = []
    for off, lim, body in reads:
        tx = "I'll now update the Goodyear-welt resole prices in prices.yaml. First let me read the section."
        steps.append(
            t.step(
                tx, C("read_file", {"absolute_path": "/shop/prices.yaml", "offset": off, "limit": lim}, body)
            )
        )
    return t.loop(
        ["narration", "same_tool"],
        steps[3],
        "The three welt prices (145, 120, 130) are on screen from the third read on; every message "
        "repeats the "
        f"same intent and issues another read of the same lines, and replace is never called. The 4th "
        f"restatement and read, step {steps[3]}, is the onset.",
    )
