"""Healthy: pagination, cursors, spool reads, scrolling."""

from __future__ import annotations

from .builder import Trace


def zendesk_cursor_pages(t: Trace) -> None:
    t.meta("customer-success agent (Zendesk-like help desk)", "OpenAI Agents SDK", ids="openai")
    t.user("Count open tickets tagged 'billing' for Acme Corp and list the oldest one.")
    cursor = None
    for page in range(6):
        args = {"query": "organization:acme status:open tags:billing", "page[size]": 100}
        if cursor:
            args["page[after]"] = cursor
        cursor = f"eyJvIjo{page}MDB9" if page < 5 else None
        res = {
            "results": [{"id": 40000 + page * 100 + i} for i in range(3)],
            "meta": {"has_more": page < 5, "after_cursor": cursor},
        }
        t.call("search_tickets", args, res, text="Fetching the next page.")
    t.say("Acme has 512 open billing tickets; the oldest is #40000, opened in March.")
    t.healthy(
        "Help-desk agent pages through ticket search results with a cursor.",
        "Same tool, a new cursor each time, new ticket ids each page; pagination, not a loop.",
    )


def warehouse_page_token(t: Trace) -> None:
    t.meta("data-quality agent on a warehouse", "PydanticAI", ids="plain")
    t.user("Pull all rows of analytics.refunds with negative amounts and summarize by channel.")
    t.call(
        "run_query",
        {"sql": "SELECT * FROM analytics.refunds WHERE amount < 0"},
        {"job_id": "q1", "total_rows": 2500},
    )
    for i in range(5):
        t.call(
            "get_query_results",
            {"job_id": "q1", "page_token": f"p{i}" if i else None, "max_results": 500},
            {
                "rows": 500,
                "channels": {"web": 200 + i, "pos": 300 - i},
                "next_page_token": f"p{i + 1}" if i < 4 else None,
            },
        )
    t.say("2,500 negative-amount refunds: web 1,010, pos 1,490.")
    t.healthy("Agent reads query results page by page.", "Page tokens advance and each page has new rows.")


def audit_log_scroll_to_end(t: Trace) -> None:
    t.meta("browser agent on a SaaS admin console", "browser-use", ids="plain")
    t.user("Find when the SSO certificate was last rotated in the admin audit log.")
    t.call("navigate", {"url": "https://admin.example-saas.com/audit?type=sso"}, "Audit log loaded (25 rows)")
    for i in range(5):
        rows = [f"2026-0{9 - i}-{10 + j} sso.{['login', 'config.view', 'login'][j]}" for j in range(3)]
        t.call(
            "scroll", {"direction": "down"}, {"new_rows": rows, "at_bottom": False}, text="Scrolling the log."
        )
    t.call(
        "scroll",
        {"direction": "down"},
        {"new_rows": ["2026-04-02 sso.certificate.rotate by admin@acme"], "at_bottom": True},
    )
    t.say("The SSO certificate was last rotated on 2026-04-02 by admin@acme.")
    t.healthy(
        "Browser agent scrolls an audit log, each scroll bringing new rows, and stops at the end.",
        "Identical scroll calls with new content each time; the agent stops once it reaches the bottom.",
    )


def config_scan_offsets(t: Trace) -> None:
    t.meta("cloud configuration scanner", "AutoGen", ids="plain")
    t.user("List all high-severity misconfigurations from the latest scan.")
    for off in range(0, 250, 50):
        n = 50 if off < 200 else 17
        t.call(
            "list_findings",
            {"scan": "scan-1014", "severity": "HIGH", "offset": off, "limit": 50},
            {"findings": [f"F-{off + i}" for i in range(3)], "returned": n, "total": 217},
            text=f"Fetching findings {off}-{off + 49}.",
        )
    t.say("217 high-severity findings; the biggest groups are public S3 ACLs and open security groups.")
    t.healthy(
        "Scanner pages findings by offset to the total.", "Offsets advance and pages differ; pagination."
    )


def job_log_spool_reads(t: Trace) -> None:
    t.meta("dependency migration agent", "Codex-style harness", ids="openai")
    t.user("Run the full monorepo upgrade script and tell me which packages failed.")
    t.call("exec_command", {"cmd": "./scripts/upgrade-all.sh", "background": True}, {"session_id": 7})
    chunks = [
        "[1/40] @acme/ui ... ok\n[2/40] @acme/api ... ok",
        "[3/40] @acme/auth ... ok\n[12/40] @acme/billing ... FAILED (peer dep)",
        "[20/40] @acme/search ... ok",
        "[33/40] @acme/etl ... FAILED (node 18 required)",
        "[40/40] @acme/docs ... ok\nDone: 38 ok, 2 failed",
    ]
    for chunk in chunks:
        t.call("read_output", {"session_id": 7}, chunk, text="Reading more output.")
    t.say("38 packages upgraded; @acme/billing (peer dependency) and @acme/etl (needs Node 18) failed.")
    t.healthy(
        "Migration agent reads a background job's output in identical calls, each returning the next chunk.",
        "read_output has identical arguments but each result is new content (a spool); healthy.",
    )


def git_log_paging(t: Trace) -> None:
    t.meta("dependency migration agent", "OpenHands SDK", ids="plain")
    t.user("When did we last change the lodash version in repo frontend-legacy? Check history.")
    for skip in [0, 50, 100, 150]:
        out = f"{skip + 1}..{skip + 50}: " + (
            "50 commits, none touching lodash" if skip < 150 else "a81c2e bump lodash 4.17.21"
        )
        t.call("bash", {"command": f"git log --oneline --skip={skip} -n 50 -- package.json"}, out)
    t.say("lodash was last bumped to 4.17.21 in commit a81c2e.")
    t.healthy(
        "Agent pages git history with --skip.", "Different windows of history, found the answer; healthy."
    )


SCENARIOS = [
    zendesk_cursor_pages,
    warehouse_page_token,
    audit_log_scroll_to_end,
    config_scan_offsets,
    job_log_spool_reads,
    git_log_paging,
]
