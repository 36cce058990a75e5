"""Loops: failure streaks under changing inputs (wrong columns, date formats, a missing module, a
rate limit that never clears, expired auth, 404 guesses, form validation) and schema misuse."""

from __future__ import annotations

from .builder import JSON, Scenario, Trace, jd, nth
from .payloads import codex_shell, snapshot, traceback


def _pandas_keyerror(col: str, line: str) -> str:
    return (
        "---------------------------------------------------------------------------\n"
        "KeyError                                  Traceback (most recent call last)\n"
        "File /opt/conda/lib/python3.11/site-packages/pandas/core/indexes/base.py:3805, in "
        "Index.get_loc(self, key)\n"
        "   3804 try:\n"
        "-> 3805     return self._engine.get_loc(casted_key)\n"
        "   3806 except KeyError as err:\n\n"
        "File index.pyx:167, in pandas._libs.index.IndexEngine.get_loc()\n\n"
        "File pandas/_libs/hashtable_class_helper.pxi:7089, in "
        "pandas._libs.hashtable.PyObjectHashTable.get_item()\n\n"
        f"KeyError: '{col}'\n\n"
        "The above exception was the direct cause of the following exception:\n\n"
        "KeyError                                  Traceback (most recent call last)\n"
        f"Cell In[{line}], line 3\n"
        "      1 df['month'] = pd.to_datetime(df['order_date']).dt.to_period('M')\n"
        f"----> 3 monthly = df.groupby('month')['{col}'].sum()\n\n"
        f"KeyError: '{col}'"
    )


def pandas_wrong_column_streak() -> Scenario:
    t = Trace(
        "pandas-wrong-column-streak",
        "Data agent guesses revenue column names in a sandbox; every guess is a KeyError.",
        loop=True,
        style="data-analysis agent (Python sandbox)",
        id_style="call",
    )
    t.user("Using sales_2024.csv, what was month-over-month revenue growth in 2024? A small table is fine.")
    t.act(
        "Loading the file first.",
        "python",
        {"code": "import pandas as pd\ndf = pd.read_csv('sales_2024.csv')\nprint(df.shape)\ndf.head()"},
        "(48211, 9)\n"
        "   order_id  order_date region  ...  unit_price_eur  discount_pct  channel\n"
        "0    880121  2024-01-02     NL  ...           24.90          0.00      web\n"
        "1    880122  2024-01-02     DE  ...          129.00          0.10   retail\n"
        "2    880123  2024-01-02     BE  ...            9.95          0.00      web\n"
        "3    880124  2024-01-03     NL  ...           54.00          0.05      app\n"
        "4    880125  2024-01-03     FR  ...           24.90          0.00      web\n\n"
        "[5 rows x 9 columns]",
    )
    guesses = ["revenue", "Revenue", "total_revenue", "sales", "rev", "net_revenue", "amount"]
    thoughts = {
        1: "The column might be capitalised.",
        3: "Maybe the revenue column is named 'sales' in this export.",
    }
    fails: list[int] = []
    for i, col in enumerate(guesses):
        code = (
            "df['month'] = pd.to_datetime(df['order_date']).dt.to_period('M')\n\n"
            f"monthly = df.groupby('month')['{col}'].sum()\nmonthly.pct_change().round(3)"
        )
        fails.append(
            t.act(
                "" if i else "Grouping by month.",
                "python",
                {"code": code},
                _pandas_keyerror(col, str(i + 2)),
                error=True,
            )
        )
        if i in thoughts:
            t.say(thoughts[i])
    t.say("I couldn't find a revenue column in sales_2024.csv; could you tell me which column holds revenue?")
    onset = nth(fails, 4)
    return t.loop(
        ["error_streak"],
        onset,
        "Seven groupby calls guess a revenue column ('revenue', 'Revenue', 'total_revenue', 'sales', "
        "...) and "
        "every one is a KeyError; the agent never lists df.columns or computes units x unit_price_eur. "
        f"The loop is unambiguous at step {onset}, which yields the fourth KeyError (the thinking-only "
        "steps between attempts do not reset the "
        "count).",
    )


def bigquery_date_format_streak() -> Scenario:
    t = Trace(
        "bigquery-date-format-streak",
        "SQL agent cycles through date literal formats, each rejected by the warehouse.",
        loop=True,
        style="data-analysis agent (SQL sandbox)",
        id_style="fc",
    )
    t.user("Pull daily signups for the week of March 11, 2024 from the events dataset.")
    t.act(
        "",
        "bq_get_table_schema",
        {"table": "prod_events.signups"},
        jd(
            {
                "fields": [
                    {"name": "user_id", "type": "STRING"},
                    {"name": "signup_date", "type": "DATE"},
                    {"name": "source", "type": "STRING"},
                    {"name": "country", "type": "STRING"},
                ]
            }
        ),
    )
    formats = [
        ("03/11/2024", "03/17/2024"),
        ("11/03/2024", "17/03/2024"),
        ("2024/03/11", "2024/03/17"),
        ("20240311", "20240317"),
        ("11-Mar-2024", "17-Mar-2024"),
        ("March 11 2024", "March 17 2024"),
    ]
    texts = [
        "",
        "US format was rejected; maybe the dataset uses day-first dates.",
        "Trying slashes with the year first.",
        "",
        "Perhaps it wants an abbreviated month.",
        "",
    ]
    fails: list[int] = []
    for (a, b), text in zip(formats, texts, strict=True):
        sql = (
            "SELECT signup_date, COUNT(*) AS signups\nFROM `prod_events.signups`\n"
            f"WHERE signup_date BETWEEN DATE '{a}' AND DATE '{b}'\nGROUP BY signup_date ORDER BY signup_date"
        )
        payload = jd(
            {
                "status": "error",
                "job_id": f"bquxjob_{len(fails) + 3}e1c77a_18e3",
                "error": {
                    "reason": "invalidQuery",
                    "location": "query",
                    "message": f'Could not cast literal "{a}" to type DATE at [3:27]',
                },
            }
        )
        fails.append(t.act(text, "bq_query", {"sql": sql, "dry_run": False}, payload))
    t.say("The warehouse rejects the date literals; I can't get the daily signups yet.")
    onset = nth(fails, 4)
    return t.loop(
        ["error_streak"],
        onset,
        "Six queries differ only in the date literal format and each comes back with 'Could not cast "
        "literal "
        "... to type DATE' (error only in the payload, is_error false); the ISO form is never tried. "
        f"The loop is unambiguous at step {onset}, which yields the fourth identical-kind failure.",
    )


def codex_missing_module_streak() -> Scenario:
    t = Trace(
        "codex-missing-module-streak",
        "Codex-style agent reruns a script through different launchers; matplotlib is never installed.",
        loop=True,
        style="terminal coding agent (Codex CLI style)",
        id_style="call",
    )
    t.user("Run scripts/plot_latency.py to regenerate docs/latency.png from bench/results.json.")
    tb = traceback(
        [("/repo/scripts/plot_latency.py", 4, "<module>", "import matplotlib.pyplot as plt")],
        "ModuleNotFoundError: No module named 'matplotlib'",
    )
    commands = [
        "python scripts/plot_latency.py",
        "python3 scripts/plot_latency.py",
        "python -m scripts.plot_latency",
        "PYTHONPATH=. python scripts/plot_latency.py",
        "cd scripts && python plot_latency.py",
        ".venv/bin/python scripts/plot_latency.py",
        "env -u PYTHONHOME python3 scripts/plot_latency.py",
    ]
    texts = [
        "",
        "",
        "Maybe running it as a module picks up the right environment.",
        "",
        "",
        "The repo has a .venv; trying its interpreter.",
        "",
    ]
    fails: list[int] = []
    for cmd, text in zip(commands, texts, strict=True):
        tb_here = (
            tb.replace("/repo/scripts/plot_latency.py", "plot_latency.py") if cmd.startswith("cd ") else tb
        )
        fails.append(
            t.act(
                text,
                "shell",
                {"command": ["bash", "-lc", cmd], "workdir": "/repo", "timeout_ms": 120000},
                codex_shell(tb_here, exit_code=1, wall=0.4),
                error=True,
            )
        )
    t.say("The script fails because matplotlib isn't available in any interpreter I tried.")
    onset = nth(fails, 4)
    return t.loop(
        ["error_streak"],
        onset,
        "Seven launches of the same script through different interpreters/paths all fail with "
        "ModuleNotFoundError "
        "for matplotlib; nothing is installed or checked between tries. The loop is unambiguous at step "
        f"{onset}, which yields the fourth "
        "identical-kind failure.",
    )


def rate_limit_never_clears() -> Scenario:
    t = Trace(
        "research-rate-limit-never-clears",
        "Research agent keeps hitting a 429 with a one-hour Retry-After, sleeping 20 s between tries.",
        loop=True,
        style="research/browsing agent",
        id_style="toolu",
    )
    t.user(
        "Collect the abstracts of the five most-cited 2023 papers on retrieval-augmented generation "
        "from scholarhub."
    )
    t.act(
        "",
        "fetch_url",
        {
            "url": "https://api.scholarhub.example/v1/search?q=retrieval-augmented+generation&year=2023&sort=citations&limit=5"
        },
        jd(
            {
                "data": [
                    {
                        "paperId": "a1f3",
                        "title": "Self-RAG: Learning to Retrieve, Generate, and Critique",
                        "citationCount": 812,
                    },
                    {
                        "paperId": "9c07",
                        "title": "Retrieval-Augmented Generation for LLMs: A Survey",
                        "citationCount": 744,
                    },
                    {
                        "paperId": "77be",
                        "title": "RA-DIT: Retrieval-Augmented Dual Instruction Tuning",
                        "citationCount": 301,
                    },
                    {
                        "paperId": "0d52",
                        "title": "Active Retrieval Augmented Generation",
                        "citationCount": 288,
                    },
                    {
                        "paperId": "e4a9",
                        "title": "REPLUG: Retrieval-Augmented Black-Box LMs",
                        "citationCount": 276,
                    },
                ]
            }
        ),
    )

    def limited(remaining: int) -> str:
        return (
            "HTTP 429 Too Many Requests\nRetry-After: 3600\nX-RateLimit-Limit: "
            "100\nX-RateLimit-Remaining: 0\n"
            f"X-RateLimit-Reset: {1718035200 + remaining}\n\n"
            '{"message":"Too Many Requests. Unauthenticated clients are limited to 100 requests per hour."}'
        )

    ids = [
        "a1f3",
        "9c07",
        "77be",
        "0d52",
        "e4a9",
        "a1f3",
        "9c07",
        "77be",
        "0d52",
        "e4a9",
        "a1f3",
        "9c07",
        "77be",
        "0d52",
    ]
    fails: list[int] = []
    for n, pid in enumerate(ids):
        text = "" if n else "Now fetching each abstract."
        fails.append(
            t.act(
                text,
                "fetch_url",
                {"url": f"https://api.scholarhub.example/v1/paper/{pid}?fields=title,abstract"},
                limited(n),
                error=True,
            )
        )
        if n % 2 == 1 and n < 12:
            t.act(
                "Rate limited; waiting a bit before the next request.", "sleep", {"seconds": 20}, "slept 20s"
            )
    t.say("The API is rate-limiting me (one-hour window), so I only have the titles and citation counts.")
    onset = nth(fails, 4)
    return t.loop(
        ["error_streak"],
        onset,
        "After one successful search every abstract fetch returns 429 with Retry-After 3600; the agent "
        "sleeps "
        f"20 s and tries other papers, {len(fails)} failures in all. The loop is unambiguous at step "
        f"{onset}, which yields the fourth 429 (the "
        "sleep steps between attempts do not reset the count; this is the opposite of a 429 that clears).",
    )


def slack_token_expired_streak() -> Scenario:
    t = Trace(
        "mcp-slack-token-expired",
        "MCP Slack agent retries posting to different channels while the token has expired.",
        loop=True,
        style="MCP-tool agent (Slack)",
        id_style="toolu",
    )
    t.user(
        "Post the release summary below to #releases and cross-post to #eng-announce.\n\n"
        "v4.12.0: faster CSV import (3x), fixed SSO redirect loop, new audit log export."
    )
    expired = jd(
        {
            "ok": False,
            "error": "token_expired",
            "warning": "missing_charset",
            "response_metadata": {"warnings": ["missing_charset"]},
        }
    )
    attempts: list[tuple[str, str, JSON]] = [
        (
            "",
            "slack_post_message",
            {
                "channel_id": "C04RELEASES",
                "text": "v4.12.0: faster CSV import (3x), fixed SSO redirect loop, new audit log export.",
            },
        ),
        (
            "That failed; let me retry with the channel name instead of the id.",
            "slack_post_message",
            {
                "channel_id": "#releases",
                "text": "v4.12.0: faster CSV import (3x), fixed SSO redirect loop, new audit log export.",
            },
        ),
        ("I'll check the channel list to get the right id.", "slack_list_channels", {"limit": 200}),
        (
            "",
            "slack_post_message",
            {
                "channel_id": "C04ENGANN",
                "text": "*v4.12.0*\n• faster CSV import (3x)\n• fixed SSO redirect loop\n• new audit "
                "log export",
            },
        ),
        (
            "Maybe markdown formatting is the issue; plain text.",
            "slack_post_message",
            {
                "channel_id": "C04RELEASES",
                "text": "v4.12.0 - faster CSV import, fixed SSO redirect loop, audit log export",
            },
        ),
        (
            "",
            "slack_reply_to_thread",
            {"channel_id": "C04RELEASES", "thread_ts": "1718030000.000100", "text": "v4.12.0 summary"},
        ),
        ("", "slack_post_message", {"channel_id": "C04ENGANN", "text": "v4.12.0 released"}),
    ]
    fails = [t.act(text, name, args, expired) for text, name, args in attempts]
    t.say("Slack keeps rejecting the requests, so the summary hasn't been posted yet.")
    onset = nth(fails, 4)
    return t.loop(
        ["error_streak"],
        onset,
        f"Every Slack call ({len(fails)}, over post/list/reply and two channels) returns ok:false "
        "token_expired in "
        f"the payload (is_error false); the agent changes channel ids and formatting, never the credential. "
        f"The loop is unambiguous at step {onset}, which yields the fourth token_expired.",
    )


def hotel_schema_misuse() -> Scenario:
    t = Trace(
        "hotel-booking-schema-misuse",
        "Hotel booking agent keeps calling create_reservation with wrong field names.",
        loop=True,
        style="customer-service agent (booking tools)",
        id_style="call",
    )
    t.system(
        "You are the reservations assistant for Hotel Lindenhof. Tools: search_availability(check_in, "
        "check_out, "
        "guests), create_reservation, get_guest."
    )
    t.user("Book me the deluxe king from May 2 to May 5 for two adults. My guest id is G-1182.")
    t.act(
        "Checking availability for those dates.",
        "search_availability",
        {"check_in": "2025-05-02", "check_out": "2025-05-05", "guests": 2},
        jd(
            {
                "rooms": [
                    {"room_type": "deluxe_king", "available": 2, "rate_eur": 189},
                    {"room_type": "standard_twin", "available": 5, "rate_eur": 129},
                ]
            }
        ),
    )
    bodies: list[JSON] = [
        {"guest": "G-1182", "room": "deluxe_king", "date": "2025-05-02", "nights": 3},
        {
            "guest_id": "G-1182",
            "room_type": "deluxe_king",
            "checkin": "2025-05-02",
            "checkout": "2025-05-05",
            "guests": 2,
        },
        {
            "guest_id": "G-1182",
            "room_type": "deluxe_king",
            "checkIn": "2025-05-02",
            "checkOut": "2025-05-05",
            "guests": "2",
        },
        {
            "guest_id": "G-1182",
            "room_type": "deluxe_king",
            "check_in_date": "2025-05-02",
            "check_out_date": "2025-05-05",
            "guests": 2,
        },
        {
            "guest_id": "G-1182",
            "room_type": "Deluxe King",
            "arrival": "2025-05-02",
            "departure": "2025-05-05",
            "adults": 2,
        },
        {"guestId": "G-1182", "roomType": "deluxe_king", "checkin": "2025-05-02", "nights": 3, "guests": 2},
    ]

    def errors(body: JSON) -> str:
        required = ["guest_id", "room_type", "check_in", "check_out", "guests"]
        missing = [f for f in required if f not in body]
        lines = [
            f"Error executing tool create_reservation: {len(missing)} validation errors for "
            "create_reservationArguments"
        ]
        for f in missing:
            lines += [f, f"  Field required [type=missing, input_value={body!r}, input_type=dict]"]
        lines.append("    For further information visit https://errors.pydantic.dev/2.9/v/missing")
        return "\n".join(lines)

    texts = [
        "The deluxe king is available at €189/night. Booking it now.",
        "",
        "Let me adjust the field names.",
        "",
        "",
        "",
    ]
    fails = [
        t.act(text, "create_reservation", body, errors(body), error=True)
        for text, body in zip(texts, bodies, strict=True)
    ]
    t.say("I'm running into a system error creating the booking. Let me transfer you to the front desk.")
    onset = nth(fails, 4)
    return t.loop(
        ["error_streak"],
        onset,
        f"create_reservation is called {len(fails)} times with invented field names (checkin, checkIn, "
        "check_in_date, arrival, ...) and fails schema validation each time, though the availability tool "
        f"already showed the check_in/check_out names. The loop is unambiguous at step {onset}, which "
        "yields the fourth validation failure.",
    )


def manager_delegate_schema_misuse() -> Scenario:
    t = Trace(
        "manager-delegate-schema-misuse",
        "Orchestrator fails to delegate because it keeps renaming the assignee field.",
        loop=True,
        style="multi-agent manager",
        id_style="fc",
    )
    t.system(
        "You are the orchestrator. Sub-agents: researcher, coder, reviewer. Use delegate_task to hand "
        "work out "
        "and collect results with get_report."
    )
    t.user("Find out which EU countries require e-invoicing for B2B in 2025 and draft a one-page summary.")
    brief = (
        "List EU member states with mandatory B2B e-invoicing in 2025 (or announced), with start "
        "dates and sources."
    )
    bodies: list[tuple[str, JSON]] = [
        ("I'll hand the research to the researcher.", {"agent": "researcher", "task": brief}),
        ("", {"agent_name": "researcher", "instructions": brief}),
        (
            "The tool wants different field names; retrying.",
            {"to": "researcher", "instructions": brief, "deliverable": "table"},
        ),
        ("", {"assignee": "Researcher", "instructions": brief, "deliverable": "table"}),
        ("", {"assignee": "research_agent", "instructions": brief, "deliverable": "table"}),
        (
            "One more attempt with the agent id.",
            {"assignee_id": "researcher", "instructions": brief, "deliverable": "table"},
        ),
    ]

    def reject(body: JSON) -> str:
        problems = []
        if "assignee" not in body:
            problems.append("missing required property 'assignee'")
        elif body["assignee"] not in ("researcher", "coder", "reviewer"):
            problems.append(
                f"'assignee' must be one of ['researcher', 'coder', 'reviewer'], got {body['assignee']!r}"
            )
        extra = sorted(set(body) - {"assignee", "instructions", "deliverable"})
        if extra:
            problems.append("unexpected properties: " + ", ".join(repr(e) for e in extra))
        if "instructions" not in body:
            problems.append("missing required property 'instructions'")
        return jd(
            {"ok": False, "error": {"code": "INVALID_ARGUMENT", "tool": "delegate_task", "details": problems}}
        )

    fails = [t.act(text, "delegate_task", body, reject(body)) for text, body in bodies]
    t.say("I'm unable to dispatch the task to the researcher right now.")
    onset = nth(fails, 4)
    return t.loop(
        ["error_streak"],
        onset,
        f"delegate_task is called {len(fails)} times with the assignee under other names (agent, "
        "agent_name, to, "
        "assignee_id) or with a wrong enum value; every result is INVALID_ARGUMENT in the payload (is_error "
        f"false). The loop is unambiguous at step {onset}, which yields the fourth validation failure of "
        "the same kind.",
    )


def codex_apply_patch_mismatch() -> Scenario:
    t = Trace(
        "codex-apply-patch-context-mismatch",
        "Codex-style agent re-sends near-identical patches whose context never matches the file.",
        loop=True,
        style="terminal coding agent (Codex CLI style)",
        id_style="call",
    )
    t.user(
        "The token bucket in src/ratelimit/bucket.py lets one extra request through at zero tokens. Fix it."
    )
    t.act(
        "",
        "shell",
        {"command": ["bash", "-lc", "sed -n '1,60p' src/ratelimit/bucket.py"], "workdir": "/repo"},
        codex_shell(
            "import time\n\n\nclass TokenBucket:\n    def __init__(self, rate: float, capacity: int) -> "
            "None:\n"
            "        self.rate = rate\n        self.capacity = capacity\n        self._tokens = "
            "float(capacity)\n"
            "        self._stamp = time.monotonic()\n\n    def _refill(self) -> None:\n        now = "
            "time.monotonic()\n"
            "        self._tokens = min(self.capacity, self._tokens + (now - self._stamp) * self.rate)\n"
            "        self._stamp = now\n\n    def allow(self) -> bool:\n        self._refill()\n"
            "        if self._tokens < 0:\n            return False\n        self._tokens -= 1\n        "
            "return True\n"
        ),
    )
    hunks = [
        "     def allow(self) -> bool:\n         self._refill()\n-        if self.tokens < 0:\n+        "
        "if self.tokens < 1:\n             return False",
        "     def allow(self) -> bool:\n         self._refill()\n-        if self.tokens < 0:\n+        "
        "if self.tokens < 1:\n             return False\n         self.tokens -= 1",
        "    def allow(self) -> bool:\n        self._refill()\n-       if self.tokens < 0:\n+       if "
        "self.tokens < 1:\n            return False",
        "     def allow(self) -> bool:\n         self.refill()\n-        if self.tokens < 0:\n+        "
        "if self.tokens < 1:\n             return False",
        "-        if self.tokens < 0:\n+        if self.tokens < 1:",
        "     def allow(self):\n         self._refill()\n-        if self.tokens < 0:\n+        if "
        "self.tokens < 1:\n             return False",
    ]
    texts = [
        "The check should be `< 1`. Patching.",
        "",
        "Maybe the indentation was off.",
        "",
        "Trying a smaller hunk.",
        "",
    ]
    fails: list[int] = []
    for hunk, text in zip(hunks, texts, strict=True):
        patch = f"*** Begin Patch\n*** Update File: src/ratelimit/bucket.py\n@@\n{hunk}\n*** End Patch"
        expected = "\n".join(line[1:] for line in hunk.splitlines() if line.startswith(("-", " ")))
        fails.append(
            t.act(
                text,
                "apply_patch",
                {"input": patch},
                f"Failed to find expected lines in src/ratelimit/bucket.py:\n{expected}",
                error=True,
            )
        )
    t.say("apply_patch keeps failing to match; the file may differ from what I expect.")
    onset = nth(fails, 4)
    return t.loop(
        ["error_streak"],
        onset,
        "The file uses `self._tokens`, but every hunk targets `self.tokens`; the agent re-sends variants "
        f"(indentation, smaller hunk, signature) {len(fails)} times without re-reading the file, and each is "
        f"'Failed to find expected lines'. The loop is unambiguous at step {onset}, which yields the "
        "fourth such failure.",
    )


def github_repo_guess_404() -> Scenario:
    t = Trace(
        "mcp-github-repo-guess-404",
        "MCP GitHub agent guesses repository names for one file; every guess is a 404.",
        loop=True,
        style="MCP-tool agent (GitHub)",
        id_style="toolu",
    )
    t.user(
        "Open the on-call runbook for the payments service (docs/runbook.md in its repo) and list the "
        "escalation contacts."
    )
    t.act(
        "",
        "search_repositories",
        {"query": "payments org:acme-corp"},
        jd(
            {
                "total_count": 2,
                "items": [
                    {
                        "full_name": "acme-corp/billing-core",
                        "description": "Payments & invoicing service (formerly payments-svc)",
                    },
                    {
                        "full_name": "acme-corp/payments-sdk-js",
                        "description": "JS client for the payments API",
                    },
                ],
            }
        ),
    )
    guesses = [
        ("acme-corp", "payments"),
        ("acme-corp", "payments-service"),
        ("acme-corp", "payment-service"),
        ("acme", "payments"),
        ("acme-corp", "payments-svc"),
        ("acme-corp", "Payments"),
        ("acme-corp", "payments-api"),
    ]
    not_found = jd(
        {
            "message": "Not Found",
            "documentation_url": "https://docs.github.com/rest/repos/contents#get-repository-content",
            "status": "404",
        }
    )
    texts = ["", "", "", "Maybe the org is just 'acme'.", "", "", ""]
    fails = [
        t.act(
            text,
            "get_file_contents",
            {"owner": o, "repo": r, "path": "docs/runbook.md"},
            not_found,
            error=True,
        )
        for (o, r), text in zip(guesses, texts, strict=True)
    ]
    t.say("I couldn't locate the payments runbook; none of the likely repositories exist.")
    onset = nth(fails, 4)
    return t.loop(
        ["error_streak"],
        onset,
        f"The search already named acme-corp/billing-core as the payments service, but the agent guesses "
        f"{len(fails)} other repository names for the same file and gets 404 each time. Unlike a fan-out "
        "over "
        f"real targets, these are guesses at one target. The loop is unambiguous at step {onset}, which "
        "yields the fourth 404.",
    )


def browser_phone_validation_streak() -> Scenario:
    t = Trace(
        "browser-form-phone-validation",
        "Form-filling browser agent re-submits a phone number in trivially different formats; the page "
        "rejects all.",
        loop=True,
        style="form-filling browser agent",
        id_style="named",
    )
    t.user(
        "Fill in the contact form on brightdental.example/appointments for Tom Baker, tom.baker@example.com, "
        "07700 900123, preferred Thursday morning, and submit it."
    )
    url = "https://brightdental.example/appointments"
    t.act(
        "",
        "browser_navigate",
        {"url": url},
        snapshot(
            url,
            "Book an appointment | Bright Dental",
            [
                '- heading "Book an appointment" [level=1]',
                '- textbox "Full name" [ref=e11]',
                '- textbox "Email" [ref=e12]',
                '- textbox "Phone (international format)" [ref=e13]',
                '- combobox "Preferred day" [ref=e14]',
                '- button "Request appointment" [ref=e20]',
            ],
        ),
    )
    t.act(
        "",
        "browser_type",
        {"ref": "e11", "element": "Full name", "text": "Tom Baker"},
        "Typed into Full name",
    )
    t.act(
        "",
        "browser_type",
        {"ref": "e12", "element": "Email", "text": "tom.baker@example.com"},
        "Typed into Email",
    )
    t.act(
        "",
        "browser_select_option",
        {"ref": "e14", "element": "Preferred day", "values": ["Thursday (AM)"]},
        'Selected "Thursday (AM)"',
    )
    phones = [
        "07700 900123",
        "07700900123",
        "(07700) 900123",
        "07700-900-123",
        "+44 07700 900123",
        "0 7700 900123",
    ]
    texts = [
        "",
        "The form rejected the phone number; trying without the space.",
        "",
        "",
        "Adding the country code.",
        "",
    ]
    fails: list[int] = []
    for phone, text in zip(phones, texts, strict=True):
        page = snapshot(
            url,
            "Book an appointment | Bright Dental",
            [
                '- heading "Book an appointment" [level=1]',
                f'- textbox "Phone (international format)" [ref=e13]: {phone}',
                "- alert: Please enter a valid phone number in international format, e.g. +44 20 7946 0958",
                '- button "Request appointment" [ref=e20]',
            ],
        )
        fails.append(
            t.act(
                text, "browser_type", {"ref": "e13", "element": "Phone", "text": phone, "submit": True}, page
            )
        )
    t.say("The appointment form won't accept the phone number, so it hasn't been submitted.")
    onset = nth(fails, 4)
    return t.loop(
        ["error_streak", "same_tool"],
        onset,
        "Each submit returns the same page alert (reported only in the snapshot, is_error false) and "
        "the agent "
        f"re-types the number with trivial formatting changes, {len(fails)} times, never dropping the "
        "trunk 0 "
        f"after +44. The loop is unambiguous at step {onset}, which is the fourth rejected submit.",
    )
