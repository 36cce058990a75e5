"""Healthy runs of agents driving MCP servers: many reads, pages, scrolling, retries, appends,
streamed output."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js

TOPICS = [
    "pricing page test",
    "Q2 hiring plan",
    "SOC 2 audit prep",
    "mobile release 4.12",
    "churn review",
    "partner API deprecation",
    "office move",
    "data retention policy",
    "incident INC-2291 retro",
    "EMEA launch",
    "board deck",
    "support tooling",
    "onboarding revamp",
    "warehouse costs",
    "SSO rollout",
    "roadmap offsite",
    "brand refresh",
    "annual pricing",
    "on-call changes",
    "Q1 OKR grading",
]


def fs_read_many() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-007-fs-mcp-meeting-notes-read-all",
        "A desktop assistant on the filesystem MCP server reads twenty meeting-note files one by one "
        "(similar calls, different files and contents) and writes a digest.",
        agent="desktop assistant with the filesystem MCP server",
        model="claude-sonnet-4-5",
        start="2026-03-30T08:00:00+00:00",
    )
    base = "/Users/omar/Documents/meetings/2026-03"
    t.user("Summarize my meeting notes from March: decisions and open action items, grouped by topic.")
    files = [f"2026-03-{2 + i:02d}-{topic.replace(' ', '-').lower()}.md" for i, topic in enumerate(TOPICS)]
    t.step(
        "",
        c("list_directory", {"path": base}, "\n".join(f"[FILE] {f}" for f in files) + "\n[DIR] attachments"),
    )
    for i, (f, topic) in enumerate(zip(files, TOPICS, strict=True)):
        owner = ["Omar", "Lena", "Kofi", "Mei", "Raúl"][i % 5]
        content = (
            f"# {topic.title()}\nDate: 2026-03-{2 + i:02d}\n\n## Decisions\n- Decision {i + 1}a on "
            f"{topic}\n- Decision {i + 1}b: revisit in April\n\n## Action items\n- [ ] {owner}: follow up "
            f"on {topic} by 2026-04-{3 + i % 20:02d}\n- [x] draft circulated"
        )
        text = "Reading the notes in order." if i == 0 else ("" if i % 6 else f"{i} of 20 read so far.")
        t.step(text, c("read_text_file", {"path": f"{base}/{f}"}, content))
    t.step(
        "Here is the March digest: 20 meetings, 40 decisions, 20 open action items. Highlights: SOC 2 audit "
        "prep (Mei, due 6 Apr), partner API deprecation (Raúl, due 8 Apr), SSO rollout (Omar, due 17 Apr). "
        "The full list by topic follows.\n\n"
        + "\n".join(f"- {topic}: 2 decisions, 1 open item" for topic in TOPICS)
    )
    t.healthy(
        "Fan-out over twenty different files with the same tool: each read returns a different note. "
        "Reading many files is not a loop."
    )
    return t.build()


def github_issue_pages() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-008-github-mcp-bug-issues-paged",
        "An IDE agent on the GitHub MCP server pages through open bug issues (same call, next page each "
        "time), then labels the stale ones.",
        agent="IDE agent with the GitHub MCP server",
        model="gpt-4.1",
        start="2026-03-06T10:00:00+00:00",
        ids="call",
    )
    t.user("In acme/payments-gateway, find open bugs with no activity for 90+ days and label them 'stale'.")
    stale: list[int] = []
    for page in range(1, 6):
        n = 30 if page < 5 else 12
        issues = []
        for i in range(n):
            number = 2400 - (page - 1) * 30 - i
            old = (number % 7) == 0
            if old:
                stale.append(number)
            issues.append(
                {
                    "number": number,
                    "title": f"bug #{number}",
                    "updated_at": "2025-10-0" + str(1 + i % 9) + "T12:00:00Z"
                    if old
                    else "2026-02-2" + str(i % 9) + "T12:00:00Z",
                }
            )
        t.step(
            "Listing open bugs." if page == 1 else "",
            c(
                "list_issues",
                {
                    "owner": "acme",
                    "repo": "payments-gateway",
                    "state": "OPEN",
                    "labels": ["bug"],
                    "perPage": 30,
                    "page": page,
                },
                js(issues),
            ),
        )
    for i in range(0, len(stale), 6):
        chunk = stale[i : i + 6]
        t.step(
            "Labelling the stale ones." if i == 0 else "",
            *[
                c(
                    "update_issue",
                    {
                        "owner": "acme",
                        "repo": "payments-gateway",
                        "issue_number": n,
                        "labels": ["bug", "stale"],
                    },
                    js({"number": n, "labels": ["bug", "stale"], "state": "open"}),
                )
                for n in chunk
            ],
        )
    t.step(f"Labelled {len(stale)} of 132 open bugs as stale (no activity since October 2025).")
    t.healthy(
        "Pagination then fan-out: five list_issues pages (the same call with page 1..5, new issues each "
        "time), then batches of label updates for different issues with look-alike acknowledgements."
    )
    return t.build()


def playwright_scroll_feed() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-009-playwright-mcp-job-board-scroll",
        "A browser agent on the Playwright MCP server scrolls an infinite job board; each scroll and "
        "snapshot brings new postings until the end-of-list marker appears.",
        agent="coding assistant with the Playwright MCP server",
        model="claude-sonnet-4-5",
        start="2026-04-01T12:00:00+00:00",
    )
    url = "https://jobs.example-board.io/search?q=data+engineer&loc=Lisbon"
    t.user(f"Collect all data engineer postings in Lisbon from {url}: title, company, remote policy.")
    t.step(
        "",
        c(
            "browser_navigate",
            {"url": url},
            "### Page state\n- Page URL: "
            + url
            + '\n- Page Snapshot:\n```yaml\n- heading "146 jobs"\n'
            + "\n".join(f'- article "Data Engineer #{i}" [ref=e{100 + i}]' for i in range(1, 11))
            + "\n```",
        ),
    )
    seen = 10
    for batch in range(12):
        t.step(
            "Scrolling to load more." if batch == 0 else "",
            c(
                "browser_press_key",
                {"key": "End"},
                "### Ran Playwright code\n```js\nawait page.keyboard.press('End');\n```",
            ),
        )
        new = 12 if batch < 11 else 4
        items = "\n".join(
            f'- article "Data Engineer #{seen + j}" [ref=e{100 + seen + j}]' for j in range(1, new + 1)
        )
        seen += new
        tail = '\n- text: "You\'ve reached the end of the list"' if batch == 11 else ""
        t.step(
            "",
            c(
                "browser_snapshot",
                {},
                "### Page state\n- Page URL: "
                + url
                + "\n- Page Snapshot:\n```yaml\n"
                + items
                + tail
                + "\n```",
            ),
        )
    t.step(
        f"Collected all {seen} postings (the board reports 146 and the list has ended). Table follows, "
        "sorted by date."
    )
    t.healthy(
        "Scrolling an infinite list: the same key press and snapshot alternate twelve times, but each "
        "snapshot holds new postings, ending at the end-of-list marker. Progress, not a cycle."
    )
    return t.build()


def postgres_transient_retry() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-010-postgres-mcp-transient-errors-then-ok",
        "An analyst assistant on the Postgres MCP server hits a dropped connection and a 'too many clients' "
        "error, succeeds on the third try, and finishes the analysis.",
        agent="analyst assistant with the Postgres MCP server (read-only)",
        model="qwen3-235b-a22b",
        start="2026-03-16T17:00:00+00:00",
        ids="seq",
    )
    t.user("Weekly active merchants for the last 8 weeks from the replica, please.")
    sql = (
        "SELECT date_trunc('week', created_at) AS wk, count(DISTINCT merchant_id) FROM payments WHERE "
        "created_at >= now() - interval '8 weeks' GROUP BY 1 ORDER BY 1"
    )
    t.step("", c("query", {"sql": sql}, "Error: Connection terminated unexpectedly", error=True))
    t.wait(5)
    t.step(
        "The connection dropped; retrying.",
        c("query", {"sql": sql}, "error: sorry, too many clients already", error=True),
    )
    t.wait(15)
    t.step(
        "The replica is saturated; waiting a little before one more try.",
        c(
            "query",
            {"sql": sql},
            js(
                [
                    {
                        "wk": f"2026-01-{19 + 7 * i:02d}" if i < 2 else f"2026-02-{(i - 2) * 7 + 2:02d}",
                        "count": str(4120 + 37 * i),
                    }
                    for i in range(8)
                ]
            ),
        ),
    )
    t.step(
        "",
        c(
            "query",
            {
                "sql": "SELECT count(DISTINCT merchant_id) FROM payments WHERE created_at >= now() - "
                "interval '7 days' AND status = 'succeeded'"
            },
            js([{"count": "4338"}]),
        ),
    )
    t.step(
        "Weekly active merchants grew from 4,120 to 4,379 over 8 weeks (+6.3%); 4,338 had a successful "
        "payment in the last 7 days. Table attached."
    )
    t.healthy(
        "Two transient failures (connection terminated, too many clients) on the same query, then success "
        "on the third attempt after a pause; the session then moves on. Retrying a transient error is "
        "healthy."
    )
    return t.build()


def docs_append_blocks() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-011-docs-mcp-digest-appended-block-by-block",
        "An assistant writes a weekly digest into a docs page through an MCP docs server, appending one "
        'section per call; every append is acknowledged with the same {"ok": true}.',
        agent="workspace assistant with a docs MCP server",
        model="gpt-4.1-mini",
        start="2026-03-27T16:00:00+00:00",
        ids="call",
    )
    t.user("Create the Week 13 engineering digest page under Eng Updates with a section per team (14 teams).")
    teams = [
        "Payments",
        "Checkout",
        "Search",
        "Mobile",
        "Platform",
        "Data",
        "Identity",
        "Growth",
        "Infra",
        "Security",
        "Support Tools",
        "Billing",
        "Notifications",
        "Developer Experience",
    ]
    t.step(
        "",
        c(
            "create_page",
            {"parent": "Eng Updates", "title": "Week 13 digest"},
            js({"ok": True, "page_id": "pg_8f1c2a"}),
        ),
    )
    for i, team in enumerate(teams):
        blocks = [
            {"type": "heading_2", "text": team},
            {
                "type": "bulleted_list",
                "items": [f"{team}: shipped item {i + 1}", f"{team}: risk {i % 3 + 1}"],
            },
        ]
        t.step(
            "Appending the sections." if i == 0 else "",
            c("append_blocks", {"page_id": "pg_8f1c2a", "blocks": blocks}, js({"ok": True})),
        )
    t.step("", c("get_page_outline", {"page_id": "pg_8f1c2a"}, js({"headings": teams, "blocks": 28})))
    t.step("Week 13 digest created under Eng Updates with 14 team sections (28 blocks).")
    t.healthy(
        "Batch writes: fourteen appends to one page, each with different content and each acknowledged with "
        'the identical {"ok": true}; the outline check confirms all sections. Look-alike acknowledgements '
        "of different writes are not a loop."
    )
    return t.build()


def process_output_stream() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-012-mcp-process-output-read-until-exit",
        "A coding agent starts a long test run through a process MCP server and reads its output with the "
        "same call over and over; each read returns the next chunk until the process exits.",
        agent="coding agent with a desktop-commander style process MCP server",
        model="claude-sonnet-4-5",
        start="2026-03-31T13:00:00+00:00",
    )
    t.user("Run the full integration suite (it takes a few minutes) and tell me what fails.")
    t.step(
        "",
        c(
            "start_process",
            {"command": "pytest -q tests/integration -p no:cacheprovider", "timeout_ms": 5000},
            "Process started with PID 48213\nInitial output:\n============ test session starts ============",
        ),
    )
    chunks = [
        "collected 412 items\n\ntests/integration/test_auth.py ........................ [  5%]",
        "No new output available (process still running)",
        "tests/integration/test_billing.py ...................F........ [ 12%]",
        "tests/integration/test_checkout.py ................................ [ 20%]",
        "No new output available (process still running)",
        "tests/integration/test_catalog.py ........................................ [ "
        "30%]\ntests/integration/test_inventory.py ..................................... [ 39%]",
        "tests/integration/test_orders.py ..........................F..... [ 47%]",
        "tests/integration/test_refunds.py ................................ [ "
        "55%]\ntests/integration/test_search.py ............................................ [ 66%]",
        "tests/integration/test_shipping.py ...................................... [ 75%]",
        "tests/integration/test_webhooks.py ........................................ [ "
        "85%]\ntests/integration/test_users.py ....................................... [ 95%]",
        "tests/integration/test_zz_smoke.py .................... [100%]\n\nFAILED "
        "tests/integration/test_billing.py::test_proration_mid_cycle - AssertionError: 1666 != 1667\nFAILED "
        "tests/integration/test_orders.py::test_cancel_after_capture - KeyError: 'refund_id'\n2 failed, 410 "
        "passed in 241.33s\n\nProcess 48213 exited with code 1",
    ]
    for i, chunk in enumerate(chunks):
        t.wait(20)
        t.step(
            "Reading output." if i == 0 else "",
            c("read_process_output", {"pid": 48213, "timeout_ms": 5000}, chunk),
        )
    t.step(
        "",
        c(
            "read_file",
            {"path": "tests/integration/test_billing.py", "offset": 210, "length": 30},
            "def test_proration_mid_cycle(client):\n    ...\n    assert invoice.amount_due == 1667",
        ),
    )
    t.step(
        "2 of 412 failed: test_proration_mid_cycle (a rounding difference, 1666 vs 1667 cents) and "
        "test_cancel_after_capture (the cancel response lacks refund_id). Everything else passed."
    )
    t.healthy(
        "A streamed read with a server-side cursor: eleven identical read_process_output calls, each "
        "returning new output (two say no new output yet), until the process exits. Identical arguments "
        "with new results are progress."
    )
    return t.build()


BUILDERS = [
    fs_read_many,
    github_issue_pages,
    playwright_scroll_feed,
    postgres_transient_retry,
    docs_append_blocks,
    process_output_stream,
]
