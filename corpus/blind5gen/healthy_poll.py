"""Healthy: polling a job, CI run, deployment, export or sub-agent until it finishes (with changing or
identical 'pending' results), streaming reads, and retries of transient errors that succeed or are
handed over after two or three tries."""

from __future__ import annotations

from .builder import JSON, Scenario, Trace, jd
from .payloads import serp


def ci_poll_changing() -> Scenario:
    t = Trace(
        "ci-run-poll-until-green",
        "Claude-Code-style agent pushes a fix and polls the CI run until every job completes.",
        loop=False,
        style="terminal coding agent (Claude Code style)",
        id_style="toolu",
    )
    t.user("Push the lint fix on branch fix/ruff-e501 and wait for CI to go green, then tell me.")
    t.act(
        "",
        "Bash",
        {"command": "git push -u origin fix/ruff-e501", "description": "Push branch"},
        "To github.com:corvid-labs/ingest.git\n * [new branch]      fix/ruff-e501 -> fix/ruff-e501\n"
        "branch 'fix/ruff-e501' set up to track 'origin/fix/ruff-e501'.",
    )
    t.act(
        "",
        "Bash",
        {
            "command": "gh run list --branch fix/ruff-e501 --limit 1 --json databaseId,status",
            "description": "Find the CI run",
        },
        '[{"databaseId":9482213,"status":"queued"}]',
    )
    poll = {
        "command": "sleep 45 && gh run view 9482213 --json status,conclusion,jobs --jq '{status, "
        "conclusion, jobs: [.jobs[] | {name, status, conclusion}]}'",
        "description": "Poll CI run",
        "timeout": 120000,
    }
    states: list[tuple[str, str | None, list[tuple[str, str, str | None]]]] = [
        (
            "queued",
            None,
            [
                ("lint", "queued", None),
                ("unit (3.11)", "queued", None),
                ("unit (3.12)", "queued", None),
                ("e2e", "queued", None),
            ],
        ),
        (
            "in_progress",
            None,
            [
                ("lint", "in_progress", None),
                ("unit (3.11)", "queued", None),
                ("unit (3.12)", "queued", None),
                ("e2e", "queued", None),
            ],
        ),
        (
            "in_progress",
            None,
            [
                ("lint", "completed", "success"),
                ("unit (3.11)", "in_progress", None),
                ("unit (3.12)", "in_progress", None),
                ("e2e", "queued", None),
            ],
        ),
        (
            "in_progress",
            None,
            [
                ("lint", "completed", "success"),
                ("unit (3.11)", "completed", "success"),
                ("unit (3.12)", "in_progress", None),
                ("e2e", "queued", None),
            ],
        ),
        (
            "in_progress",
            None,
            [
                ("lint", "completed", "success"),
                ("unit (3.11)", "completed", "success"),
                ("unit (3.12)", "completed", "success"),
                ("e2e", "in_progress", None),
            ],
        ),
        (
            "in_progress",
            None,
            [
                ("lint", "completed", "success"),
                ("unit (3.11)", "completed", "success"),
                ("unit (3.12)", "completed", "success"),
                ("e2e", "in_progress", None),
            ],
        ),
        (
            "completed",
            "success",
            [
                ("lint", "completed", "success"),
                ("unit (3.11)", "completed", "success"),
                ("unit (3.12)", "completed", "success"),
                ("e2e", "completed", "success"),
            ],
        ),
    ]
    texts = [
        "Waiting for the run to start.",
        "",
        "Lint passed; unit tests running.",
        "",
        "",
        "e2e is still running; it usually takes a few minutes.",
        "",
    ]
    for (status, concl, jobs), text in zip(states, texts, strict=True):
        t.act(
            text,
            "Bash",
            poll,
            jd(
                {
                    "status": status,
                    "conclusion": concl,
                    "jobs": [{"name": n, "status": s, "conclusion": c} for n, s, c in jobs],
                },
                indent=2,
            ),
        )
    t.say("CI is green on fix/ruff-e501: lint, unit (3.11, 3.12) and e2e all passed (run 9482213).")
    return t.healthy(
        "The same `sleep 45 && gh run view` command is issued seven times, but it is a poll of a "
        "running CI job: "
        "each result shows jobs advancing (two consecutive polls while e2e runs are identical, as real "
        "polls are) "
        "and the run ends in success. Polling a job until done is not a loop."
    )


def deploy_poll_identical_pending() -> Scenario:
    t = Trace(
        "deploy-poll-identical-pending",
        "Release agent polls a deployment that reports an identical 'pending' five times, with growing "
        "waits, until it succeeds.",
        loop=False,
        style="MCP-tool agent (deployment)",
        id_style="toolu",
    )
    t.user("Deploy build 2024.06.11-3 of checkout-api to production and confirm it's healthy.")
    t.act(
        "Starting the production deployment.",
        "create_deployment",
        {
            "service": "checkout-api",
            "environment": "production",
            "build": "2024.06.11-3",
            "strategy": "canary",
        },
        jd(
            {"deployment_id": "dep_7f3a21", "status": "pending", "queued_behind": ["dep_7f2e90 (search-api)"]}
        ),
    )
    pending = jd(
        {
            "deployment_id": "dep_7f3a21",
            "status": "pending",
            "reason": "waiting for deploy slot (1 ahead in queue)",
        }
    )
    waits = [30, 60, 120, 120, 180]
    for i, w in enumerate(waits):
        t.act(
            "Queued behind another deploy; waiting before checking again." if i == 0 else "",
            "wait",
            {"seconds": w},
            f"Waited {w} seconds.",
        )
        t.act("", "get_deployment_status", {"deployment_id": "dep_7f3a21"}, pending)
    t.act("", "wait", {"seconds": 180}, "Waited 180 seconds.")
    t.act(
        "",
        "get_deployment_status",
        {"deployment_id": "dep_7f3a21"},
        jd(
            {
                "deployment_id": "dep_7f3a21",
                "status": "in_progress",
                "canary": {"traffic_pct": 10, "error_rate": 0.0008, "p95_ms": 212},
            }
        ),
    )
    t.act("", "wait", {"seconds": 300}, "Waited 300 seconds.")
    t.act(
        "",
        "get_deployment_status",
        {"deployment_id": "dep_7f3a21"},
        jd(
            {
                "deployment_id": "dep_7f3a21",
                "status": "succeeded",
                "canary": {"traffic_pct": 100, "error_rate": 0.0006, "p95_ms": 205},
                "finished_at": "2024-06-11T14:52:10Z",
            }
        ),
    )
    t.act(
        "",
        "get_service_health",
        {"service": "checkout-api", "environment": "production"},
        jd({"healthy_instances": 12, "total_instances": 12, "error_rate_5m": 0.0005, "p95_ms_5m": 198}),
    )
    t.say(
        "Deployed 2024.06.11-3 to production (dep_7f3a21). 12/12 instances healthy, error rate 0.05%, "
        "p95 198 ms."
    )
    return t.healthy(
        "get_deployment_status is called with the same arguments and returns a byte-identical 'pending' "
        "five times in a "
        "row, but every poll follows an explicit wait with growing back-off (30 s to 180 s), the queue "
        "reason explains "
        "the delay, and the deployment moves on to in_progress and succeeded. Waiting on an external "
        "queue is polling, "
        "not a loop; a guard that needs identical results to fire must still not stop this."
    )


def export_long_poll() -> Scenario:
    t = Trace(
        "data-export-long-poll",
        "Data agent starts a warehouse export, long-polls its progress, then analyses the file.",
        loop=False,
        style="data-analysis agent (Python sandbox)",
        id_style="call",
    )
    t.user("Export last year's clickstream for the EU site and tell me the median session length.")
    t.act(
        "",
        "start_export",
        {"dataset": "clickstream_eu", "from": "2023-01-01", "to": "2023-12-31", "format": "parquet"},
        jd({"job_id": "exp_55c1", "state": "RUNNING", "progress": 0.0}),
    )
    progress = [0.06, 0.19, 0.31, 0.44, 0.58, 0.71, 0.86, 0.97]
    for p in progress:
        t.act(
            "",
            "get_export_status",
            {"job_id": "exp_55c1", "wait_seconds": 30},
            jd(
                {
                    "job_id": "exp_55c1",
                    "state": "RUNNING",
                    "progress": p,
                    "rows_written": int(p * 418_220_117),
                }
            ),
        )
    t.act(
        "",
        "get_export_status",
        {"job_id": "exp_55c1", "wait_seconds": 30},
        jd(
            {
                "job_id": "exp_55c1",
                "state": "DONE",
                "progress": 1.0,
                "rows_written": 418220117,
                "files": ["s3://exports/exp_55c1/part-0000.parquet", "... 63 more"],
            }
        ),
    )
    t.act(
        "Export finished. Computing session lengths with DuckDB over the parquet files.",
        "run_python",
        {
            "code": 'import duckdb\ncon = duckdb.connect()\nprint(con.sql("""\nSELECT median(dur) AS '
            "median_s, avg(dur) AS mean_s FROM (\n"
            "  SELECT session_id, epoch(max(ts) - min(ts)) AS dur\n  FROM "
            '\'s3://exports/exp_55c1/*.parquet\' GROUP BY session_id)\n""").fetchall())'
        },
        "[(252.0, 611.4)]",
    )
    t.say(
        "The median EU session in 2023 lasted 252 s (4 min 12 s); the mean is 611 s, pulled up by long "
        "sessions."
    )
    return t.healthy(
        "Nine identical long-poll calls (wait_seconds 30) on a running export; the progress field grows "
        "on every call "
        "and the job finishes. A server-side long poll is the textbook legitimate repetition."
    )


def manager_polls_subagent() -> Scenario:
    t = Trace(
        "manager-polls-subagent",
        "Manager launches two sub-agents in the background and polls them, some polls repeating 'running'.",
        loop=False,
        style="multi-agent manager",
        id_style="fc",
    )
    t.user("Draft a competitive brief on three note-taking apps: pricing, sync, offline support.")
    t.act(
        "I'll split research and pricing between two sub-agents running in parallel.",
        "spawn_subagent",
        {
            "role": "researcher",
            "task": "Sync and offline support of Obsidian, Notion and Bear, with sources.",
            "background": True,
        },
        jd({"task_id": "t-81", "state": "running"}),
    )
    t.act(
        "",
        "spawn_subagent",
        {
            "role": "pricing_analyst",
            "task": "Current consumer and team pricing of Obsidian, Notion and Bear (USD).",
            "background": True,
        },
        jd({"task_id": "t-82", "state": "running"}),
    )
    polls: list[tuple[str, JSON]] = [
        ("t-81", {"task_id": "t-81", "state": "running", "note": "reading sources (2/7)"}),
        ("t-82", {"task_id": "t-82", "state": "running", "note": "reading sources (1/3)"}),
        ("t-81", {"task_id": "t-81", "state": "running", "note": "reading sources (5/7)"}),
        (
            "t-82",
            {
                "task_id": "t-82",
                "state": "done",
                "report": "Obsidian: free; Sync $4/mo; Publish $8/mo. Notion: Free, Plus $10, "
                "Business $15 per seat/mo. Bear: free; Pro $2.99/mo or $29.99/yr.",
            },
        ),
        ("t-81", {"task_id": "t-81", "state": "running", "note": "reading sources (5/7)"}),
        ("t-81", {"task_id": "t-81", "state": "running", "note": "writing report"}),
        (
            "t-81",
            {
                "task_id": "t-81",
                "state": "done",
                "report": "Obsidian: local Markdown files, full offline; sync via paid Sync or "
                "third-party. Notion: cloud-first; offline pages must be marked available offline "
                "(2024). Bear: Apple-only, "
                "iCloud sync, full offline.",
            },
        ),
    ]
    for i, (tid, payload) in enumerate(polls):
        text = (
            "Checking on both."
            if i == 0
            else ("Pricing is in; waiting for the researcher." if i == 4 else "")
        )
        if i in (2, 4, 5):
            t.act("", "wait", {"seconds": 60}, "ok")
        t.act(text, "check_subtask", {"task_id": tid}, jd(payload))
    t.say(
        "## Note-taking apps: brief\n\n| App | Price (individual) | Sync | Offline |\n|---|---|---|---|\n"
        "| Obsidian | Free; Sync $4/mo | Paid Sync or 3rd party | Full (local files) |\n"
        "| Notion | Free; Plus $10/mo | Cloud-native | Pages marked offline only |\n"
        "| Bear | Free; Pro $2.99/mo | iCloud | Full (Apple only) |"
    )
    return t.healthy(
        "check_subtask is polled seven times over two background sub-agents; two consecutive polls of "
        "t-81 return the "
        "same 'running (5/7)' (with a wait between), but both tasks report done and the brief gets "
        "written. Polling "
        "background workers with waits is legitimate."
    )


def codex_stream_build_output() -> Scenario:
    t = Trace(
        "codex-stream-build-output",
        "Codex-style agent reads a long build's output through identical write_stdin polls, each with "
        "new lines.",
        loop=False,
        style="terminal coding agent (Codex CLI style)",
        id_style="call",
    )
    t.user("Run the production build and tell me if the bundle-size budget passes.")
    t.act(
        "",
        "exec_command",
        {"cmd": "npm run build:prod", "workdir": "/work/storefront", "yield_time_ms": 10000},
        "Process running with session ID 3\nOutput:\n> storefront@4.2.0 build:prod\n> vite build --mode "
        "production\n\n"
        "vite v5.2.11 building for production...",
    )
    chunks = [
        "transforming (212) src/components/cart/CartDrawer.tsx",
        "transforming (845) node_modules/date-fns/esm/locale/nl/index.js",
        "transforming (1411) src/pages/checkout/PaymentStep.tsx",
        "✓ 2203 modules transformed.\nrendering chunks (1)...",
        "rendering chunks (14)...\ncomputing gzip size (3)...",
        "dist/index.html                          1.92 kB │ gzip:  0.81 kB\n"
        "dist/assets/index-3f9a1c.css           88.40 kB │ gzip: 14.02 kB\n"
        "dist/assets/vendor-react-81bd2e.js    142.11 kB │ gzip: 45.60 kB",
        "dist/assets/checkout-a41f09.js         61.03 kB │ gzip: 19.88 kB\n"
        "dist/assets/index-9c2e7d.js           231.77 kB │ gzip: 71.34 kB\n✓ built in 93.21s",
        "\n> storefront@4.2.0 postbuild\n> size-limit\n\n  Package size limit: 250 kB\n  Size:          "
        "     236.71 kB with all dependencies, minified and gzipped",
        "  Loading time:       4.7 s  on slow 3G\n  Running time:       1.1 s  on Snapdragon "
        "410\n\nProcess exited with code 0",
    ]
    for i, chunk in enumerate(chunks):
        text = "Build is running; reading output." if i == 0 else ""
        t.act(
            text, "write_stdin", {"session_id": 3, "chars": "", "yield_time_ms": 15000}, f"Output:\n{chunk}"
        )
    t.say(
        "The production build succeeded in 93 s and the bundle is 236.7 kB gzipped, under the 250 kB budget."
    )
    return t.healthy(
        "write_stdin with the same arguments is called nine times; it is how the harness streams a "
        "running process, "
        "and every call returns new output until the process exits. Identical arguments with new "
        "results are a "
        "streaming read, not a loop."
    )


def research_retry_503_success() -> Scenario:
    t = Trace(
        "research-retry-503-success",
        "Research agent retries one fetch after two 503s; the third attempt succeeds.",
        loop=False,
        style="research/browsing agent",
        id_style="toolu",
    )
    t.user("What does the ECB's latest monetary policy statement say about rate cuts?")
    t.act(
        "",
        "web_search",
        {"query": "ECB monetary policy statement June 2024"},
        serp(
            "ECB monetary policy statement June 2024",
            [
                (
                    "Monetary policy statement - 6 June 2024",
                    "https://www.ecb.example/press/pressconf/2024/html/ecb.is240606.en.html",
                    "Today the Governing Council decided to lower the three key ECB interest rates by "
                    "25 basis points ...",
                ),
                (
                    "ECB cuts rates for first time since 2019",
                    "https://news.example/ecb-cuts-june-2024",
                    "The European Central Bank lowered its deposit rate to 3.75% ...",
                ),
            ],
            fmt="text",
        ),
    )
    url = {"url": "https://www.ecb.example/press/pressconf/2024/html/ecb.is240606.en.html"}
    t.act(
        "",
        "fetch_url",
        url,
        "HTTP 503 Service Unavailable\n<html><body><h1>503</h1>The server is temporarily busy. Please "
        "try again.</body></html>",
        error=True,
    )
    t.act("The ECB site is busy. Waiting briefly and retrying.", "sleep", {"seconds": 10}, "done")
    t.act(
        "",
        "fetch_url",
        url,
        "HTTP 503 Service Unavailable\n<html><body><h1>503</h1>The server is temporarily busy. Please "
        "try again.</body></html>",
        error=True,
    )
    t.act("", "sleep", {"seconds": 30}, "done")
    t.act(
        "",
        "fetch_url",
        url,
        "Monetary policy statement\nChristine Lagarde, President of the ECB, Luis de Guindos, "
        "Vice-President\n"
        "Frankfurt am Main, 6 June 2024\n\nToday the Governing Council decided to lower the three key "
        "ECB interest rates "
        "by 25 basis points. ... we are not pre-committing to a particular rate path. ... the Governing "
        "Council will "
        "continue to follow a data-dependent and meeting-by-meeting approach ...",
    )
    t.say(
        "On 6 June 2024 the ECB cut its three key rates by 25 bp (deposit rate to 3.75%), but said it is not "
        "pre-committing to further cuts and will decide meeting by meeting based on data."
    )
    return t.healthy(
        "The same fetch fails twice with a transient 503, the agent waits (10 s, 30 s) and the third "
        "try succeeds. "
        "Two identical failures followed by success is a retry, not an error streak."
    )


def github_429_backoff_success() -> Scenario:
    t = Trace(
        "mcp-github-429-backoff",
        "MCP GitHub agent hits a secondary rate limit twice, backs off, and completes a code search sweep.",
        loop=False,
        style="MCP-tool agent (GitHub)",
        id_style="toolu",
    )
    t.user(
        "Find every repo in the corvid-labs org that still calls the deprecated `legacy_auth.login(` "
        "function."
    )
    limited = jd(
        {
            "message": "You have exceeded a secondary rate limit. Please wait a few minutes before you "
            "try again.",
            "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
            "status": "403",
        }
    )
    q = {"q": 'org:corvid-labs "legacy_auth.login(" language:python', "per_page": 100}
    t.act("", "search_code", q, limited, error=True)
    t.act("Secondary rate limit; backing off for a minute.", "sleep", {"seconds": 60}, "slept 60s")
    t.act("", "search_code", q, limited, error=True)
    t.act("Still limited; waiting two minutes.", "sleep", {"seconds": 120}, "slept 120s")
    t.act(
        "",
        "search_code",
        q,
        jd(
            {
                "total_count": 5,
                "items": [
                    {"repository": "corvid-labs/ingest", "path": "ingest/auth.py"},
                    {"repository": "corvid-labs/ingest", "path": "scripts/backfill.py"},
                    {"repository": "corvid-labs/reports", "path": "reports/client.py"},
                    {"repository": "corvid-labs/admin-tools", "path": "admin/cli.py"},
                    {"repository": "corvid-labs/admin-tools", "path": "admin/sync.py"},
                ],
            }
        ),
    )
    t.act(
        "",
        "search_code",
        {"q": 'org:corvid-labs "legacy_auth.login(" language:jupyter-notebook', "per_page": 100},
        jd(
            {
                "total_count": 1,
                "items": [{"repository": "corvid-labs/notebooks", "path": "exploration/2023-auth.ipynb"}],
            }
        ),
    )
    t.say(
        "Four repositories still call `legacy_auth.login(`: ingest (2 files), reports, admin-tools (2 "
        "files) and one "
        "notebook in notebooks/exploration/2023-auth.ipynb."
    )
    return t.healthy(
        "search_code is rate-limited twice with the same error; the agent backs off (60 s, 120 s) and "
        "the third "
        "identical call succeeds, then the work moves on. A rate limit that clears after back-off is a "
        "transient error."
    )


def refund_retry_then_human() -> Scenario:
    t = Trace(
        "refund-retry-then-human",
        "Support agent retries a refund that times out at the gateway, then hands the case to a human.",
        loop=False,
        style="customer-service agent (CRM tools)",
        id_style="call",
    )
    t.system("You are a support agent for Brightwear. Refunds over $200 need a human if the gateway fails.")
    t.user("I returned the rain jacket two weeks ago (order BW-40917) and still haven't been refunded.")
    t.act(
        "",
        "get_order",
        {"order_id": "BW-40917"},
        jd(
            {
                "order_id": "BW-40917",
                "items": [{"sku": "RJ-220-M", "name": "Stormline rain jacket", "price": 249.0}],
                "return": {"status": "received", "received_at": "2024-05-29"},
                "refund": None,
                "payment": "visa ****4411",
            }
        ),
    )
    args = {
        "order_id": "BW-40917",
        "amount": 249.0,
        "reason": "return_received",
        "idempotency_key": "rf-BW-40917-1",
    }
    timeout = jd(
        {
            "status": "error",
            "code": "gateway_timeout",
            "message": "Payment gateway did not respond within 15s",
            "retryable": True,
        }
    )
    t.act(
        "Your return arrived on May 29, so you're due $249. Processing the refund now.",
        "process_refund",
        args,
        timeout,
    )
    t.act(
        "The payment gateway timed out; retrying with the same idempotency key so you can't be refunded "
        "twice.",
        "process_refund",
        args,
        timeout,
    )
    t.act("", "process_refund", args, timeout)
    t.act(
        "The gateway is still failing. I'm handing this to a colleague who can issue it manually.",
        "transfer_to_human_agent",
        {
            "summary": "Refund $249 for BW-40917 (return received 2024-05-29). process_refund timed out "
            "3x at the gateway "
            "(idempotency key rf-BW-40917-1); please issue manually.",
            "priority": "high",
        },
        jd({"ticket": "HND-20931", "queue": "payments", "eta_minutes": 20}),
    )
    t.say(
        "I've escalated your refund (ticket HND-20931) to our payments team; they'll issue it manually "
        "within the hour."
    )
    return t.healthy(
        "process_refund is called three times with the same idempotency key and fails with a retryable "
        "gateway "
        "timeout each time; after the third the agent hands over to a human with a summary. Three tries "
        "then a change "
        "of approach is correct behaviour (the error-streak convention needs a fourth failure)."
    )


def restaurant_retry_switch() -> Scenario:
    t = Trace(
        "restaurant-booking-switch-approach",
        "Booking assistant fails on two time slots, checks availability, and books the slot the user "
        "accepts.",
        loop=False,
        style="customer-service agent (booking tools)",
        id_style="named",
    )
    t.user("Book Osteria Lupo for 4 people this Saturday at 7:30pm, or 8 if that's taken.")
    t.act(
        "",
        "book_table",
        {"restaurant_id": "osteria-lupo", "date": "2024-06-15", "time": "19:30", "party_size": 4},
        jd({"ok": False, "error": "slot_unavailable", "message": "No table for 4 at 19:30"}),
    )
    t.act(
        "7:30 is taken. Trying 8.",
        "book_table",
        {"restaurant_id": "osteria-lupo", "date": "2024-06-15", "time": "20:00", "party_size": 4},
        jd({"ok": False, "error": "slot_unavailable", "message": "No table for 4 at 20:00"}),
    )
    t.act(
        "Both are taken; let me see what's actually free that evening.",
        "get_availability",
        {"restaurant_id": "osteria-lupo", "date": "2024-06-15", "party_size": 4},
        jd({"slots": ["17:45", "18:00", "21:15", "21:30"], "waitlist_open": True}),
    )
    t.say(
        "Saturday 7:30 and 8:00 are full. Free slots for 4: 5:45, 6:00, 9:15 or 9:30pm. I can also put "
        "you on the "
        "waitlist for 7:30. What would you like?"
    )
    t.user("9:15 is fine.")
    t.act(
        "",
        "book_table",
        {"restaurant_id": "osteria-lupo", "date": "2024-06-15", "time": "21:15", "party_size": 4},
        jd({"ok": True, "confirmation": "LUPO-7Q2K", "time": "21:15"}),
    )
    t.say("Booked: Osteria Lupo, Saturday 15 June at 9:15pm for 4 (confirmation LUPO-7Q2K).")
    return t.healthy(
        "Two booking attempts fail (different times, as the user asked), then the agent switches to an "
        "availability "
        "look-up, asks the user and books. Retrying twice then changing approach is healthy."
    )


def sql_timeout_retry_variation() -> Scenario:
    t = Trace(
        "sql-timeout-retry-variation",
        "SQL agent's heavy query times out twice; each retry narrows it, and a rollup table answers it.",
        loop=False,
        style="data-analysis agent (SQL sandbox)",
        id_style="fc",
    )
    t.user("What's the daily active user count trend for May 2024?")
    timeout = (
        'ERROR:  canceling statement due to statement timeout\nCONTEXT:  while scanning relation "events"\n'
        "HINT:  statement_timeout is 30s for role analyst_ro"
    )
    t.act(
        "",
        "run_sql",
        {
            "sql": "SELECT date_trunc('day', ts) d, COUNT(DISTINCT user_id) FROM events WHERE ts >= "
            "'2024-05-01' AND ts < '2024-06-01' GROUP BY 1 ORDER BY 1"
        },
        timeout,
        error=True,
    )
    t.act(
        "Full scan timed out. Restricting to the event types that mark activity.",
        "run_sql",
        {
            "sql": "SELECT date_trunc('day', ts) d, COUNT(DISTINCT user_id) FROM events WHERE ts >= "
            "'2024-05-01' AND ts < '2024-06-01' AND type IN ('session_start','page_view') GROUP "
            "BY 1 ORDER BY 1"
        },
        timeout,
        error=True,
    )
    t.act(
        "Still too heavy. Checking for a pre-aggregated table.",
        "run_sql",
        {"sql": "SELECT table_name FROM information_schema.tables WHERE table_schema = 'rollups'"},
        "table_name\n------------------\ndaily_active_users\nweekly_retention\nmonthly_revenue\n(3 rows)",
    )
    rows = "\n".join(
        f"2024-05-{d:02d} | {41_200 + d * 130 + (d % 7 in (5, 6)) * -6100:>6}" for d in range(1, 32)
    )
    t.act(
        "",
        "run_sql",
        {
            "sql": "SELECT day, dau FROM rollups.daily_active_users WHERE day BETWEEN '2024-05-01' AND "
            "'2024-05-31' ORDER BY day"
        },
        f"day        |  dau\n-----------+-------\n{rows}\n(31 rows)",
    )
    t.say(
        "DAU grew steadily through May 2024, from about 41.3k to 45.2k on weekdays, with weekend dips "
        "of about 6k."
    )
    return t.healthy(
        "Two statement timeouts in a row, but each retry changes the query (a narrower filter, then a "
        "catalogue "
        "look-up) and the rollup table answers the question. Retries with variation after a "
        "transient-looking "
        "timeout are healthy."
    )
