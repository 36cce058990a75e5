"""Loops: cycles over tools or pages (A/B, A/B/C, period 4) and undo/redo edits."""

from __future__ import annotations

from .builder import JSON, Scenario, Trace, jd, nth
from .payloads import codex_shell, pytest_run, snapshot


def browser_tab_pingpong() -> Scenario:
    t = Trace(
        "browser-tab-pingpong",
        "Travel browser agent switches between two fare tabs over and over without booking.",
        loop=True,
        style="web-shopping browser agent",
        id_style="named",
    )
    t.user(
        "Book the cheaper of the two Lisbon-Porto train options for Friday 14 June, second class, one adult."
    )
    cp = snapshot(
        "https://www.cp.example/en/buy?from=LIS&to=OPO&date=2024-06-14",
        "Buy tickets | CP",
        [
            '- heading "Lisboa Sta. Apolónia → Porto Campanhã" [level=1]',
            '- row "AP 121 · 08:39 → 11:29 · 2nd class €31.20 · Select" [ref=e40]',
            '- row "IC 521 · 09:09 → 12:21 · 2nd class €25.10 · Select" [ref=e41]',
        ],
    )
    tl = snapshot(
        "https://trainline.example/book/results?orig=lisbon&dest=porto&date=2024-06-14",
        "Lisbon to Porto | Trainline",
        [
            '- heading "Lisbon → Porto, Fri 14 Jun" [level=1]',
            '- row "08:39 Alfa Pendular · 2h50 · €33.45 (incl. €2.25 booking fee) · Select" [ref=e77]',
            '- row "09:09 Intercidades · 3h12 · €27.35 (incl. €2.25 booking fee) · Select" [ref=e78]',
        ],
    )
    t.act(
        "", "browser_navigate", {"url": "https://www.cp.example/en/buy?from=LIS&to=OPO&date=2024-06-14"}, cp
    )
    t.act(
        "",
        "browser_tab_new",
        {"url": "https://trainline.example/book/results?orig=lisbon&dest=porto&date=2024-06-14"},
        tl,
    )
    texts = [
        "Back to the operator's tab to compare.",
        "And the reseller again.",
        "Let me compare the operator's price once more.",
        "",
        "",
        "",
        "",
        "",
    ]
    visits: list[int] = []
    for i, text in enumerate(texts):
        idx = i % 2
        visits.append(t.act(text, "browser_tab_select", {"index": idx}, cp if idx == 0 else tl))
    t.say("The operator's own site is cheaper (IC 521 at €25.10 vs €27.35).")
    onset = nth(visits, 5)
    return t.loop(
        ["alternation"],
        onset,
        f"After both fare pages are open the agent switches tab 0 / tab 1 {len(visits)} times; each tab "
        "shows the "
        "same snapshot it showed before and nothing is selected. The loop is unambiguous at step "
        f"{onset}, which visits tab 0 for the third time "
        "(A B A B [A]).",
    )


def shop_three_page_cycle() -> Scenario:
    t = Trace(
        "shop-three-product-cycle",
        "Shopping agent cycles through the same three product pages without deciding.",
        loop=True,
        style="web-shopping browser agent",
        id_style="call",
    )
    t.user(
        "I want a stand mixer under $350 with at least a 5-quart bowl. Pick the best one on "
        "kitchenmart.example and add it to my cart."
    )
    t.act(
        "",
        "shop_search",
        {"query": "stand mixer 5 quart", "max_price": 350, "sort": "rating"},
        jd(
            {
                "results": [
                    {"sku": "KM-4471", "name": "Artisan Mini 5qt", "price": 329.0, "rating": 4.7},
                    {"sku": "KM-2290", "name": "Hamiltown ProMix 5.3qt", "price": 219.0, "rating": 4.5},
                    {"sku": "KM-9013", "name": "Cuisio Precision 5.5qt", "price": 299.0, "rating": 4.6},
                ]
            }
        ),
    )
    pages = {
        "KM-4471": jd(
            {
                "sku": "KM-4471",
                "name": "Artisan Mini 5qt",
                "price": 329.0,
                "bowl_qt": 5.0,
                "watts": 325,
                "speeds": 10,
                "warranty_years": 1,
                "reviews": 2841,
                "in_stock": True,
            }
        ),
        "KM-2290": jd(
            {
                "sku": "KM-2290",
                "name": "Hamiltown ProMix 5.3qt",
                "price": 219.0,
                "bowl_qt": 5.3,
                "watts": 500,
                "speeds": 7,
                "warranty_years": 1,
                "reviews": 911,
                "in_stock": True,
            }
        ),
        "KM-9013": jd(
            {
                "sku": "KM-9013",
                "name": "Cuisio Precision 5.5qt",
                "price": 299.0,
                "bowl_qt": 5.5,
                "watts": 500,
                "speeds": 12,
                "warranty_years": 3,
                "reviews": 1306,
                "in_stock": True,
            }
        ),
    }
    order = ["KM-4471", "KM-2290", "KM-9013"] * 3
    texts = [
        "Opening each candidate.",
        "",
        "",
        "Let me revisit the Artisan to weigh the reviews against the warranty.",
        "",
        "",
        "Comparing again before deciding.",
        "",
        "",
    ]
    visits = [
        t.act(text, "shop_get_product", {"sku": sku}, pages[sku])
        for sku, text in zip(order, texts, strict=True)
    ]
    t.say("All three meet the requirements; the Cuisio Precision has the longest warranty.")
    onset = nth(visits, 7)
    return t.loop(
        ["alternation"],
        onset,
        "The three product pages are opened in the same order three times (A B C A B C A B C) and "
        "return the "
        f"same data each time; no product is added to the cart. The loop is unambiguous at step {onset}, "
        "which opens the first product for the "
        "third time (A B C A B C [A]).",
    )


def claude_undo_redo_edit() -> Scenario:
    t = Trace(
        "claude-undo-redo-boundary-edit",
        "Claude-Code-style agent flips a comparison operator back and forth, each flip failing a "
        "different test.",
        loop=True,
        style="terminal coding agent (Claude Code style)",
        id_style="toolu",
    )
    t.user("tests/test_window.py is failing. Fix the sliding window so the whole suite passes.")
    t.act(
        "I'll read the implementation first.",
        "Read",
        {"file_path": "/home/dev/metrics/src/metrics/window.py"},
        "    20→    def add(self, ts: float, value: float) -> None:\n    21→        "
        "self._items.append((ts, value))\n"
        "    22→        cutoff = ts - self.width\n    23→        while self._items and "
        "self._items[0][0] <= cutoff:\n"
        "    24→            self._items.popleft()\n",
    )
    run = {"command": "python -m pytest tests/test_window.py -q", "description": "Run window tests"}
    fail_a = pytest_run(
        11,
        [
            (
                "tests/test_window.py::test_item_on_boundary_is_kept",
                "E       assert 2 == 3\nE        +  where 2 = len(<Window width=10 items=2>)",
            )
        ],
        root="/home/dev/metrics",
    )
    fail_b = pytest_run(
        11,
        [
            (
                "tests/test_window.py::test_item_past_width_is_dropped",
                "E       assert 3 == 2\nE        +  where 3 = len(<Window width=10 items=3>)",
            )
        ],
        root="/home/dev/metrics",
    )
    t.act("", "Bash", run, fail_a, error=True)
    edit_a: JSON = {
        "file_path": "/home/dev/metrics/src/metrics/window.py",
        "old_string": "while self._items and self._items[0][0] <= cutoff:",
        "new_string": "while self._items and self._items[0][0] < cutoff:",
    }
    edit_b: JSON = {**edit_a, "old_string": edit_a["new_string"], "new_string": edit_a["old_string"]}
    ok = (
        "The file /home/dev/metrics/src/metrics/window.py has been updated. Here's the result of "
        "running `cat -n` "
        "on a snippet of the edited file:\n    23→        while self._items and self._items[0][0] {op} "
        "cutoff:"
    )
    cycle: list[tuple[str, str, JSON, str, bool]] = [
        (
            "The boundary item should be kept, so use a strict comparison.",
            "Edit",
            edit_a,
            ok.format(op="<"),
            False,
        ),
        ("", "Bash", run, fail_b, True),
        (
            "Now the other test fails; the original `<=` must have been right. Reverting.",
            "Edit",
            edit_b,
            ok.format(op="<="),
            False,
        ),
        ("", "Bash", run, fail_a, True),
        ("The boundary test needs `<`.", "Edit", edit_a, ok.format(op="<"), False),
        ("", "Bash", run, fail_b, True),
        ("", "Edit", edit_b, ok.format(op="<="), False),
        ("", "Bash", run, fail_a, True),
        ("Switching to `<` again.", "Edit", edit_a, ok.format(op="<"), False),
        ("", "Bash", run, fail_b, True),
    ]
    steps = [t.act(text, name, args, content, error=err) for text, name, args, content, err in cycle]
    t.say("The two tests seem to contradict each other; one of them may be wrong.")
    onset = nth(steps, 9)
    return t.loop(
        ["alternation"],
        onset,
        "A period-4 cycle: edit `<=`→`<`, test (boundary test passes, drop test fails), edit back, test "
        "(the "
        "other failure), again and again. The edits and both failure outputs repeat exactly. The loop "
        f"is unambiguous at step {onset}, which "
        "applies the `<` edit for the third time (A B C D A B C D [A]).",
    )


def codex_patch_test_revert_cycle() -> Scenario:
    t = Trace(
        "codex-patch-test-revert-cycle",
        "Codex-style agent applies a patch, sees the same failure, reverts with git, and repeats.",
        loop=True,
        style="terminal coding agent (Codex CLI style)",
        id_style="call",
    )
    t.user("`cargo test parse_duration` fails on '1h30m'. Please fix src/duration.rs.")
    t.act(
        "",
        "shell",
        {
            "command": ["bash", "-lc", "rg -n 'fn parse_duration' -A 25 src/duration.rs"],
            "workdir": "/work/timekeeper",
        },
        codex_shell(
            "14:pub fn parse_duration(s: &str) -> Result<Duration, ParseError> {\n15-    let mut total "
            "= 0u64;\n"
            "16-    let mut num = String::new();\n17-    for c in s.chars() {\n18-        if "
            "c.is_ascii_digit() {\n"
            "19-            num.push(c);\n20-            continue;\n21-        }\n22-        let n: u64 "
            "= num.parse().map_err(|_| ParseError::Number)?;\n"
            "23-        total += match c { 'h' => n * 3600, 'm' => n * 60, 's' => n, _ => return "
            "Err(ParseError::Unit(c)) };\n"
            "24-    }\n25-    Ok(Duration::from_secs(total))\n26-}"
        ),
    )
    patch = {
        "input": "*** Begin Patch\n*** Update File: src/duration.rs\n@@\n             continue;\n         }\n"
        "+        num.clear();\n         let n: u64 = num.parse().map_err(|_| ParseError::Number)?;\n"
        "*** End Patch"
    }
    patch_ok = "Success. Updated the following files:\nM src/duration.rs"
    test = {
        "command": ["bash", "-lc", "cargo test parse_duration 2>&1 | tail -15"],
        "workdir": "/work/timekeeper",
    }
    fail = codex_shell(
        "running 3 tests\ntest duration::tests::parse_duration_minutes ... ok\n"
        "test duration::tests::parse_duration_hours ... ok\ntest duration::tests::parse_duration_mixed "
        "... FAILED\n\n"
        "failures:\n\n---- duration::tests::parse_duration_mixed stdout ----\n"
        "thread 'duration::tests::parse_duration_mixed' panicked at src/duration.rs:58:9:\n"
        "assertion `left == right` failed\n  left: Err(Number)\n right: Ok(5400s)\n\n"
        "failures:\n    duration::tests::parse_duration_mixed\n\ntest result: FAILED. 2 passed; 1 "
        "failed; 0 ignored",
        exit_code=101,
        wall=6.8,
    )
    revert = {
        "command": ["bash", "-lc", "git checkout -- src/duration.rs && git status --short"],
        "workdir": "/work/timekeeper",
    }
    cycle: list[tuple[str, str, JSON, str, bool]] = [
        ("The digit buffer is never cleared between units. Patching.", "apply_patch", patch, patch_ok, False),
        ("", "shell", test, fail, True),
        ("Still failing; reverting to start clean.", "shell", revert, codex_shell(""), False),
        ("", "apply_patch", patch, patch_ok, False),
        ("", "shell", test, fail, True),
        ("", "shell", revert, codex_shell(""), False),
        ("Re-applying the buffer fix.", "apply_patch", patch, patch_ok, False),
        ("", "shell", test, fail, True),
        ("", "shell", revert, codex_shell(""), False),
        ("", "apply_patch", patch, patch_ok, False),
    ]
    steps = [t.act(text, name, args, content, error=err) for text, name, args, content, err in cycle]
    t.say("The mixed case still fails after the fix.")
    onset = nth(steps, 7)
    return t.loop(
        ["alternation"],
        onset,
        "A period-3 cycle: the same patch, the same failing test (Err(Number) for '1h30m'), a git "
        "checkout that "
        f"undoes the patch, over and over. The loop is unambiguous at step {onset}, which applies the "
        "patch for the third time (A B C A B C [A]).",
    )


def assistant_mail_calendar_pingpong() -> Scenario:
    t = Trace(
        "assistant-mail-calendar-pingpong",
        "Executive assistant alternates between one mail search and one calendar listing, results unchanged.",
        loop=True,
        style="calendar assistant",
        id_style="fc",
    )
    t.user("Dana emailed about moving the team offsite. Put it in my calendar on the date she proposed.")
    mail_args = {"q": "from:dana.whitfield subject:offsite newer_than:14d", "max_results": 5}
    mail = jd(
        {
            "messages": [
                {
                    "id": "18f2a9c0",
                    "from": "Dana Whitfield",
                    "subject": "Re: Offsite",
                    "snippet": "Either the 20th or the 27th works for the venue, whichever suits the "
                    "team better. I'll confirm once",
                }
            ]
        }
    )
    cal_args = {
        "calendar_id": "primary",
        "time_min": "2024-06-17T00:00:00Z",
        "time_max": "2024-06-29T00:00:00Z",
        "q": "offsite",
    }
    cal = jd({"items": [], "next_page_token": None})
    texts = [
        "Let me find Dana's email.",
        "She mentions two dates. Let me see if anything is already scheduled.",
        "Nothing in the calendar. Let me re-read her message for the exact date.",
        "Checking the calendar again for an offsite entry.",
        "",
        "",
        "Let me look at the email once more.",
        "",
    ]
    steps: list[int] = []
    for i, text in enumerate(texts):
        if i % 2 == 0:
            steps.append(t.act(text, "gmail_search", mail_args, mail))
        else:
            steps.append(t.act(text, "calendar_list_events", cal_args, cal))
    t.say("Dana proposed the 20th or the 27th but hasn't confirmed. Which should I block?")
    onset = nth(steps, 5)
    return t.loop(
        ["alternation"],
        onset,
        f"The assistant alternates one Gmail search and one calendar listing {len(steps)} times; the "
        "mail always "
        "shows two candidate dates and the calendar is always empty, so only asking the user helps. The "
        "loop is unambiguous at step "
        f"{onset}, which runs the mail search for the third time (A B A B [A]).",
    )


def calendar_reschedule_pingpong() -> Scenario:
    t = Trace(
        "calendar-reschedule-pingpong",
        "Calendar agent moves a meeting between 14:00 and 15:00 and back, each slot conflicting.",
        loop=True,
        style="calendar assistant",
        id_style="c",
    )
    t.user("Move the vendor demo (tomorrow 11:00) to the afternoon so that everyone can attend.")
    t.act(
        "",
        "get_event",
        {"event_id": "evt_88a1"},
        jd(
            {
                "id": "evt_88a1",
                "summary": "Vendor demo - Lumatrace",
                "start": "2024-06-12T11:00:00+02:00",
                "end": "2024-06-12T12:00:00+02:00",
                "attendees": ["me", "priya@corp.example", "jonas@corp.example", "sales@lumatrace.example"],
            }
        ),
    )
    two = {
        "event_id": "evt_88a1",
        "start": "2024-06-12T14:00:00+02:00",
        "end": "2024-06-12T15:00:00+02:00",
        "notify": False,
    }
    three = {
        "event_id": "evt_88a1",
        "start": "2024-06-12T15:00:00+02:00",
        "end": "2024-06-12T16:00:00+02:00",
        "notify": False,
    }
    at_two = jd(
        {
            "updated": True,
            "warnings": [
                {"type": "conflict", "attendee": "priya@corp.example", "event": "Design review 14:00-15:00"}
            ],
        }
    )
    at_three = jd(
        {
            "updated": True,
            "warnings": [
                {"type": "conflict", "attendee": "jonas@corp.example", "event": "1:1 with Marta 15:00-15:30"}
            ],
        }
    )
    texts = [
        "Trying 14:00.",
        "Priya has a design review at 14:00; moving it to 15:00.",
        "Jonas has a 1:1 at 15:00. 14:00 might be better.",
        "Priya conflicts again; back to 15:00.",
        "",
        "",
        "",
    ]
    steps = []
    for i, text in enumerate(texts):
        args, res = (two, at_two) if i % 2 == 0 else (three, at_three)
        steps.append(t.act(text, "update_event", args, res))
    t.say("Both afternoon slots conflict with someone; the demo is currently at 14:00.")
    onset = nth(steps, 5)
    return t.loop(
        ["alternation"],
        onset,
        f"update_event alternates the demo between 14:00 and 15:00 {len(steps)} times; each slot reports the "
        "same conflict every time, and no other slot or free/busy query is tried. The loop is "
        "unambiguous at step "
        f"{onset}, which moves it to 14:00 for the third time (A B A B [A]).",
    )
