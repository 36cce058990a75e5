"""Loops of agents driving MCP servers: filesystem, GitHub, Playwright, Postgres."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js


def fs_search_reordered() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-006-fs-mcp-search-files-same-pattern",
        "A desktop assistant on the filesystem MCP server repeats the same search_files call (keys "
        "sometimes reordered) that finds nothing, never listing the folder it searches.",
        agent="desktop assistant with the filesystem MCP server",
        model="claude-haiku-4-5",
        start="2026-03-14T18:30:00+00:00",
    )
    base = "/Users/mara/Documents/taxes"
    t.user(
        "In my Documents/taxes folder there's the 2025 1099-B from the brokerage. What are the total "
        "proceeds?"
    )
    t.step(
        "Let me see which folders I can access.",
        c(
            "list_allowed_directories",
            {},
            "Allowed directories:\n/Users/mara/Documents\n/Users/mara/Downloads",
        ),
    )
    none = "No matches found"
    hits = [
        t.step(
            "Searching the taxes folder for the form.",
            c("search_files", {"path": base, "pattern": "1099-B"}, none),
        )
    ]
    hits.append(
        t.step(
            "Nothing yet. The search might not have covered subfolders; trying again.",
            c("search_files", {"pattern": "1099-B", "path": base}, none),
        )
    )
    t.step(
        "Let me check the parent folder exists.",
        c(
            "list_directory",
            {"path": "/Users/mara/Documents"},
            "[DIR] invoices\n[DIR] medical\n[DIR] taxes\n[FILE] lease_2025.pdf\n[FILE] passport_scan.jpg",
        ),
    )
    hits.append(
        t.step(
            "The taxes folder is there. The index may be lagging, so I'll search once more.",
            c("search_files", {"path": base, "pattern": "1099-B"}, none),
        )
    )
    hits.append(t.step("", c("search_files", {"pattern": "1099-B", "path": base}, none)))
    hits.append(
        t.step(
            "Searching again for the 1099-B.", c("search_files", {"path": base, "pattern": "1099-B"}, none)
        )
    )
    onset = hits[2]
    t.loop(
        ["identical_call"],
        onset,
        "search_files with the same path and pattern (keys reordered in two calls, canonically identical) "
        f"returns 'No matches found' every time. The 3rd identical search, at step {onset}, is the onset. "
        "The agent lists the parent folder but never the taxes folder itself, where the file has another "
        "name; nothing can change between the searches.",
    )
    return t.build()


def github_draft_string() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-007-github-mcp-pr-draft-as-string",
        "An IDE agent on the GitHub MCP server keeps calling create_pull_request with draft as a string; "
        "every call is rejected with the same invalid-type error while the agent edits the title and body.",
        agent="IDE agent with the GitHub MCP server",
        model="gpt-4.1",
        start="2026-03-05T11:12:00+00:00",
        ids="call",
    )
    t.user(
        "Open a draft PR from feat/retry-budget into main in acme/payments-gateway, with a summary of the "
        "commits."
    )
    t.step(
        "I'll read the commits on the branch first.",
        c(
            "list_commits",
            {"owner": "acme", "repo": "payments-gateway", "sha": "feat/retry-budget", "perPage": 5},
            js(
                [
                    {"sha": "9c1e2ab", "commit": {"message": "retry: add per-merchant retry budget"}},
                    {"sha": "41d07fe", "commit": {"message": "retry: expose budget metrics"}},
                    {"sha": "e02b9c3", "commit": {"message": "docs: retry budget runbook"}},
                ]
            ),
        ),
    )
    body = (
        "## Summary\n- Add a per-merchant retry budget to the capture path\n- Expose retry budget "
        "metrics\n- Runbook for tuning the budget\n\n## Testing\n- unit tests for budget exhaustion"
    )
    tries = [
        ("Creating the draft PR.", "Add per-merchant retry budget", body, "true"),
        (
            "The call was rejected. Perhaps the title format; using a conventional-commit title.",
            "feat(retry): per-merchant retry budget",
            body,
            "True",
        ),
        (
            "Maybe the body is too long for the tool. Shortening it.",
            "feat(retry): per-merchant retry budget",
            "Adds a per-merchant retry budget, metrics and a runbook.",
            "yes",
        ),
        ("Trying with a minimal body.", "feat(retry): retry budget", "Retry budget.", "1"),
        ("Let me retry with the original title.", "Add per-merchant retry budget", body, "draft"),
    ]
    failures = []
    for text, title, b, draft in tries:
        err = (
            'MCP error -32602: Invalid arguments for tool create_pull_request: [\n  {\n    "code": '
            '"invalid_type",\n    "expected": "boolean",\n    "received": "string",\n    "path": [\n      '
            '"draft"\n    ],\n    "message": "Expected boolean, received string"\n  }\n]'
        )
        failures.append(
            t.step(
                text,
                c(
                    "create_pull_request",
                    {
                        "owner": "acme",
                        "repo": "payments-gateway",
                        "title": title,
                        "head": "feat/retry-budget",
                        "base": "main",
                        "body": b,
                        "draft": draft,
                    },
                    err,
                    error=True,
                ),
            )
        )
    onset = failures[3]
    t.loop(
        ["error_streak"],
        onset,
        "Schema misuse: draft is passed as a string ('true', 'True', 'yes', '1', 'draft') and the server "
        "rejects each call with the same invalid_type error on the draft path, which the agent misreads as "
        f"a title or body problem. The 4th failure, at step {onset}, is the onset.",
    )
    return t.build()


def playwright_datepicker_cycle() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-008-playwright-mcp-date-continue-cycle",
        "A browser agent on the Playwright MCP server cycles click date -> click Continue -> snapshot; the "
        "page keeps showing the same validation alert because a session time is never chosen.",
        agent="coding assistant with the Playwright MCP server",
        model="claude-sonnet-4-5",
        start="2026-04-02T09:00:00+00:00",
    )
    url = "https://tickets.pydata-lisbon.example/workshops"
    t.user("Register me (Inês Duarte, ines@example.org) for the Polars workshop on 14 May at " + url)
    t.step(
        "",
        c(
            "browser_navigate",
            {"url": url},
            "### Ran Playwright code\n```js\nawait page.goto('"
            + url
            + "');\n```\n### Page state\n- Page URL: "
            + url
            + "\n- Page Title: Workshops · PyData Lisbon 2026\n- Page Snapshot:\n```yaml\n- heading "
            '"Workshops" [level=1] [ref=e12]\n- link "Polars in production (14–15 May)" [ref=e21]\n- link '
            '"Bayesian A/B testing (15 May)" [ref=e22]\n```',
        ),
    )
    form = (
        '- heading "Polars in production" [level=2] [ref=e40]\n- grid "May 2026" [ref=e50]:\n  - gridcell '
        '"14" [ref=e57]\n  - gridcell "15" [ref=e58]\n- radiogroup "Session time" [ref=e70]:\n  - radio '
        '"09:30–12:30" [ref=e71]\n  - radio "14:00–17:00" [ref=e72]\n- button "Continue" [ref=e88]'
    )
    t.step(
        "Opening the Polars workshop.",
        c(
            "browser_click",
            {"element": "Polars in production link", "ref": "e21"},
            "### Ran Playwright code\n```js\nawait page.getByRole('link', { name: 'Polars in production "
            "(14–15 May)' }).click();\n```\n### Page state\n- Page URL: "
            + url
            + "/polars\n- Page Snapshot:\n```yaml\n"
            + form
            + "\n```",
        ),
    )
    alert = "- alert [ref=e95]: Please choose a session time to continue."
    date_result = (
        "### Ran Playwright code\n```js\nawait page.getByRole('gridcell', { name: '14' "
        "}).click();\n```\n### Page state\n- Page URL: "
        + url
        + "/polars\n- Page Snapshot:\n```yaml\n"
        + form.replace('gridcell "14" [ref=e57]', 'gridcell "14" [selected] [ref=e57]')
        + "\n```"
    )
    cont_result = (
        "### Ran Playwright code\n```js\nawait page.getByRole('button', { name: 'Continue' "
        "}).click();\n```\n### Page state\n- Page URL: "
        + url
        + "/polars\n- Page Snapshot:\n```yaml\n"
        + form
        + "\n"
        + alert
        + "\n```"
    )
    snap = (
        "### Page state\n- Page URL: "
        + url
        + "/polars\n- Page Snapshot:\n```yaml\n"
        + form
        + "\n"
        + alert
        + "\n```"
    )
    texts = [
        ("Selecting 14 May.", "Continuing to the attendee form.", "Let me look at the page."),
        (
            "The date seems to have been reset. Selecting 14 May again.",
            "Continue.",
            "Checking the page state.",
        ),
        ("Selecting the 14th once more.", "Continue.", "Snapshot to see what's wrong."),
        ("I'll pick 14 May again and continue.", "", ""),
    ]
    firsts = []
    for date_text, cont_text, snap_text in texts:
        firsts.append(
            t.step(date_text, c("browser_click", {"element": "14 May date cell", "ref": "e57"}, date_result))
        )
        t.step(cont_text, c("browser_click", {"element": "Continue button", "ref": "e88"}, cont_result))
        t.step(snap_text, c("browser_snapshot", {}, snap))
    onset = firsts[2]
    t.loop(
        ["alternation"],
        onset,
        "A period-3 cycle: click the 14 May cell, click Continue, take a snapshot; the results repeat "
        "exactly and the alert asks for a session time (the radio group the agent never touches). The "
        f"cycle's first state is visited for the third time at step {onset}, the onset.",
    )
    return t.build()


def postgres_case_variants() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-009-postgres-mcp-refund-count-variants",
        "An analyst assistant on the Postgres MCP server rewrites the same count query (case, interval "
        "spelling, IN list, off-by-one day) and always gets 0, never checking which status values exist.",
        agent="analyst assistant with the Postgres MCP server (read-only)",
        model="qwen3-235b-a22b",
        start="2026-03-16T13:00:00+00:00",
        ids="seq",
    )
    t.user("How many orders were refunded in the last 7 days on the prod replica?")
    t.step(
        "Checking the columns of orders first.",
        c(
            "query",
            {
                "sql": "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = "
                "'orders'"
            },
            js(
                [
                    {"column_name": "id", "data_type": "bigint"},
                    {"column_name": "status", "data_type": "text"},
                    {"column_name": "total_cents", "data_type": "integer"},
                    {"column_name": "updated_at", "data_type": "timestamp with time zone"},
                ]
            ),
        ),
    )
    zero = js([{"count": "0"}])
    sqls = [
        (
            "Now the count.",
            "SELECT count(*) FROM orders WHERE status = 'refunded' AND updated_at >= now() - interval '7 "
            "days'",
        ),
        (
            "Zero looks wrong. Maybe the interval syntax; trying a date comparison.",
            "select count(*) from orders where status='refunded' and updated_at > current_date - 7",
        ),
        (
            "Still zero. Using an IN list and a one-week interval.",
            "SELECT COUNT(*) FROM orders WHERE status IN ('refunded') AND updated_at >= NOW() - INTERVAL '1 "
            "week'",
        ),
        (
            "Perhaps refunds posted just outside the window; widening by a day.",
            "SELECT count(*) FROM orders WHERE status = 'refunded' AND updated_at >= now() - interval '8 "
            "days'",
        ),
        (
            "Trailing spaces in status could explain it.",
            "SELECT count(*) FROM orders WHERE trim(status) = 'refunded' AND updated_at >= now() - interval "
            "'7 days'",
        ),
        (
            "Trying LIKE.",
            "SELECT count(*) FROM orders WHERE status LIKE 'refunded' AND updated_at >= now() - interval '7 "
            "days'",
        ),
    ]
    attempts = [t.step(text, c("query", {"sql": sql}, zero)) for text, sql in sqls]
    onset = attempts[3]
    t.loop(
        ["same_tool"],
        onset,
        "The same count is rewritten with trivially different SQL (case, interval syntax, IN list, one "
        "extra day, trim, LIKE) and every result is 0; the agent never looks at the distinct status values "
        f"(they are upper-case). The 4th attempt, at step {onset}, is the onset.",
    )
    return t.build()


def github_file_404() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-010-github-mcp-config-path-guesses",
        "A VS Code agent on the GitHub MCP server guesses path variants of a config file; each "
        "get_file_contents returns 404 and it never lists the directory.",
        agent="Cline-style VS Code agent with the GitHub MCP server",
        model="deepseek-v3.1",
        start="2026-03-19T15:45:00+00:00",
    )
    t.user("In octo-org/edge-proxy, branch release/2.8, what is the burst value in the rate limiter config?")
    guesses = [
        ("I'll read the rate limiter config.", "config/ratelimit.yaml", "release/2.8"),
        ("Not found; perhaps the path needs a leading ./", "./config/ratelimit.yaml", "release/2.8"),
        ("Trying the hyphenated name.", "config/rate-limit.yaml", "release/2.8"),
        ("Maybe the ref must be fully qualified.", "/config/ratelimit.yaml", "refs/heads/release/2.8"),
        ("Trying the .yml extension.", "config/ratelimit.yml", "release/2.8"),
        ("The directory might be capitalised.", "Config/ratelimit.yaml", "release/2.8"),
    ]
    failures = []
    for text, path, ref in guesses:
        failures.append(
            t.step(
                text,
                c(
                    "get_file_contents",
                    {"owner": "octo-org", "repo": "edge-proxy", "path": path, "ref": ref},
                    "failed to get file contents: GET https://api.github.com/repos/octo-org/edge-proxy/"
                    f"contents/{path.lstrip('./')}?ref={ref}: 404 Not Found []",
                    error=True,
                ),
            )
        )
    onset = failures[3]
    t.loop(
        ["error_streak", "same_tool"],
        onset,
        "Six blind guesses at the same file (leading ./, hyphen, fully qualified ref, .yml, capital C), "
        "each a 404. A directory listing or a code search would settle it after the first miss. The 4th "
        f"failure and 4th variant, at step {onset}, is the onset for both kinds.",
    )
    return t.build()


BUILDERS = [
    fs_search_reordered,
    github_draft_string,
    playwright_datepicker_cycle,
    postgres_case_variants,
    github_file_404,
]
