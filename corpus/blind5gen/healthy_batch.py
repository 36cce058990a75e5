"""Healthy: pagination and cursors, scrolling a feed, fan-out over many tickets/URLs/files/records
(some failing 'not found' for different targets), searches refined with new results, data exploration,
and parallel batches over different files."""

from __future__ import annotations

from .builder import JSON, Item, Scenario, Trace, jd
from .payloads import Hit, serp, snapshot


def stripe_cursor_pagination() -> Scenario:
    t = Trace(
        "api-cursor-pagination",
        "API agent walks a cursor-paginated transaction list to the end and aggregates it.",
        loop=False,
        style="data-analysis agent (Python sandbox)",
        id_style="call",
    )
    t.user("Total the refunds we issued in May 2024 from the payments API, grouped by reason.")
    rng = t.rng
    reasons = ["requested_by_customer", "duplicate", "fraudulent", "product_not_received"]
    cursor = None
    totals: dict[str, int] = {}
    for page in range(8):
        n = 100 if page < 7 else 37
        items = []
        for k in range(n):
            r = rng.choice(reasons)
            amt = rng.randrange(500, 25000)
            totals[r] = totals.get(r, 0) + amt
            items.append({"id": f"re_{page:02d}{k:03d}", "amount": amt, "reason": r})
        shown = items[:3]
        nxt = None if page == 7 else f"re_{page:02d}099"
        params: JSON = {"created[gte]": 1714521600, "created[lt]": 1717200000, "limit": 100}
        if cursor:
            params["starting_after"] = cursor
        body = jd(
            {
                "object": "list",
                "data": shown,
                "data_omitted": n - 3,
                "has_more": nxt is not None,
                "url": "/v1/refunds",
            }
        )
        t.act(
            "Fetching refunds page by page." if page == 0 else "",
            "http_get",
            {"url": "https://api.payments.example/v1/refunds", "params": params},
            body,
        )
        cursor = nxt
    summary = ", ".join(f"{r}: ${v / 100:,.2f}" for r, v in sorted(totals.items()))
    t.say(f"737 refunds in May 2024. By reason - {summary}.")
    return t.healthy(
        "http_get on the same endpoint eight times, but each request carries a new starting_after "
        "cursor from the "
        "previous page and returns new refunds until has_more is false. Cursor pagination is progress."
    )


def github_issue_pages() -> Scenario:
    t = Trace(
        "mcp-github-issue-pages",
        "MCP GitHub agent pages through open issues (page=1..6) and summarises labels.",
        loop=False,
        style="MCP-tool agent (GitHub)",
        id_style="toolu",
    )
    t.user("Give me a breakdown by label of all open issues in corvid-labs/ingest.")
    rng = t.rng
    labels = ["bug", "enhancement", "docs", "good first issue", "performance", "needs-triage"]
    counts: dict[str, int] = {}
    number = 2140
    for page in range(1, 7):
        n = 30 if page < 6 else 11
        issues = []
        for _ in range(n):
            lab = rng.sample(labels, rng.choice([1, 1, 2]))
            for lb in lab:
                counts[lb] = counts.get(lb, 0) + 1
            issues.append({"number": number, "labels": lab})
            number -= rng.randrange(1, 9)
        t.act(
            "",
            "list_issues",
            {"owner": "corvid-labs", "repo": "ingest", "state": "open", "per_page": 30, "page": page},
            jd([*issues[:5], {"...": f"{n - 5} more issues on this page"}]),
        )
    t.say(
        "161 open issues. "
        + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1]))
        + "."
    )
    return t.healthy(
        "list_issues is called six times with page=1..6; every page holds different issues and the last "
        "page is short, "
        "so the agent stops. Page-number pagination is legitimate repetition."
    )


def social_feed_scroll() -> Scenario:
    t = Trace(
        "browser-feed-scroll-new-posts",
        "Browser agent scrolls an infinite feed with identical scroll calls, each loading new posts, "
        "until caught up.",
        loop=False,
        style="research/browsing agent",
        id_style="named",
    )
    t.user(
        "Scroll through the #climate-tech feed on forum.example and list every post that mentions a "
        "funding round this week."
    )
    url = "https://forum.example/tag/climate-tech"
    posts = [
        ("Verdant Grid raises $12M Series A for substation sensors", True),
        ("Anyone using heat batteries in food processing?", False),
        ("Kelpwise closes €4.5M seed to scale seaweed feed additive", True),
        ("Job: senior firmware engineer, Oslo", False),
        ("Carbon removal prices dropped again - thoughts?", False),
        ("Ferrolite announces $30M Series B (iron-air storage)", True),
        ("Weekly thread: what are you building?", False),
        ("Sunroute pre-seed: $1.8M for agrivoltaic planning software", True),
        ("Is hydrogen for trucking dead?", False),
        ("Tidal startup Marea gets €6M grant + seed extension", True),
        ("Paper: LCA of sodium-ion vs LFP", False),
        ("Hiring: climate data scientist (remote EU)", False),
        ("Voltfarm raises $9M to electrify tractors", True),
        ("Meetup in Berlin next Thursday", False),
    ]
    t.act(
        "",
        "browser_navigate",
        {"url": url},
        snapshot(
            url,
            "#climate-tech | Forum",
            ['- heading "#climate-tech" [level=1]'] + [f'- article: "{p}"' for p, _ in posts[:2]],
        ),
    )
    i = 2
    for n in range(6):
        chunk = posts[i : i + 2]
        i += 2
        tree = [f'- article: "{p}"' for p, _ in chunk]
        if n == 5:
            tree.append("- status: You're all caught up - no more posts from the last 7 days")
        t.act(
            "Scrolling for more posts." if n == 0 else "",
            "browser_scroll",
            {"direction": "down", "amount": 1500},
            snapshot(url, "#climate-tech | Forum", tree),
        )
    hits = [p for p, f in posts if f]
    t.say("Funding posts this week:\n" + "\n".join(f"- {p}" for p in hits))
    return t.healthy(
        "browser_scroll is called six times with identical arguments, but each call loads two new posts "
        "and the last "
        "one says the feed is caught up, where the agent stops. Same call, new content each time: "
        "scrolling a feed."
    )


def jira_fanout_release_notes() -> Scenario:
    t = Trace(
        "mcp-jira-fanout-release-notes",
        "MCP Jira agent reads fourteen tickets of a release one by one to write release notes.",
        loop=False,
        style="MCP-tool agent (Jira)",
        id_style="toolu",
    )
    t.user("Write release notes for fixVersion 24.6 of the PAY project.")
    keys = [
        f"PAY-{k}"
        for k in (1398, 1401, 1405, 1409, 1411, 1414, 1418, 1420, 1422, 1425, 1427, 1430, 1433, 1436)
    ]
    summaries = [
        "Show SEPA mandate reference on receipts",
        "Retry webhook delivery with exponential backoff",
        "Fix rounding of JPY amounts",
        "Add iDEAL 2.0 redirect flow",
        "Deprecate /v1/charges list filters",
        "Card BIN lookup cache",
        "SEPA mandate API 409 under load",
        "Faster payout reconciliation job",
        "Retry SEPA mandate creation on 409",
        "Accessibility fixes in hosted checkout",
        "Upgrade Stripe SDK to 15.x",
        "Dispute evidence upload size to 20 MB",
        "Audit log for refund overrides",
        "Remove legacy 3DS1 path",
    ]
    t.act(
        "",
        "jira_search",
        {"jql": "project = PAY AND fixVersion = 24.6 ORDER BY key", "fields": ["key"], "max_results": 50},
        jd({"total": len(keys), "issues": [{"key": k} for k in keys]}),
    )
    types = [
        "Story",
        "Bug",
        "Bug",
        "Story",
        "Task",
        "Story",
        "Bug",
        "Story",
        "Story",
        "Bug",
        "Task",
        "Story",
        "Story",
        "Task",
    ]
    for k, s, ty in zip(keys, summaries, types, strict=True):
        t.act(
            "",
            "jira_get_issue",
            {"issue_key": k, "fields": ["summary", "issuetype", "status", "components"]},
            jd(
                {
                    "key": k,
                    "fields": {
                        "summary": s,
                        "issuetype": ty,
                        "status": "Done",
                        "components": [t.rng.choice(["api", "checkout", "payouts", "sepa"])],
                    },
                }
            ),
        )
    feats = [s for s, ty in zip(summaries, types, strict=True) if ty == "Story"]
    fixes = [s for s, ty in zip(summaries, types, strict=True) if ty == "Bug"]
    t.say(
        "## PAY 24.6\n\n### New\n"
        + "\n".join(f"- {s}" for s in feats)
        + "\n\n### Fixed\n"
        + "\n".join(f"- {s}" for s in fixes)
        + "\n\n### Maintenance\n- Stripe SDK 15.x, /v1/charges filter deprecation, legacy 3DS1 removed"
    )
    return t.healthy(
        "jira_get_issue is called fourteen times, once per ticket of the release, each returning a "
        "different issue. "
        "Fan-out over distinct targets is batch work, not a loop."
    )


def research_fanout_some_404() -> Scenario:
    t = Trace(
        "research-fanout-some-404",
        "Research agent fetches ten candidate sources; three different URLs are dead, the rest feed the "
        "answer.",
        loop=False,
        style="research/browsing agent",
        id_style="call",
    )
    t.user(
        "Collect the official EV charging connector standards each of these countries mandates: NL, DE, "
        "FR, NO, ES, IT, PL, SE, DK, BE."
    )
    sources = [
        (
            "NL",
            "https://www.rvo.example/ev-laadinfra",
            "Type 2 (AC) and CCS2 (DC) required for public chargers per AFIR.",
        ),
        ("DE", "https://www.bmdv.example/ladesaeulenverordnung", "LSV: Type 2 for AC, CCS (Combo 2) for DC."),
        ("FR", "https://www.ecologie.example/irve-normes", None),
        (
            "NO",
            "https://www.vegvesen.example/elbil-lading",
            "CCS2 standard for new fast chargers; CHAdeMO no longer required.",
        ),
        ("ES", "https://www.miteco.example/puntos-recarga", "RD 184/2022: Type 2 + CCS2 for public points."),
        ("IT", "https://www.mit.example/infrastrutture-ricarica", None),
        (
            "PL",
            "https://www.gov-pl.example/elektromobilnosc",
            "Type 2 and CCS2 per AFIR, Act on Electromobility.",
        ),
        ("SE", "https://www.energimyndigheten.example/laddinfrastruktur", "Type 2 / CCS2 per EU AFIR."),
        ("DK", "https://www.ens.example/ladestandere", None),
        ("BE", "https://economie.example/laadpalen", "Type 2 AC, CCS2 DC, per AFIR and royal decree."),
    ]
    found: dict[str, str] = {}
    for country, url, body in sources:
        if body is None:
            t.act(
                "",
                "fetch_url",
                {"url": url},
                f"HTTP 404 Not Found: {url}\n<html><title>Page not found</title>...</html>",
                error=True,
            )
        else:
            found[country] = body
            t.act(
                "",
                "fetch_url",
                {"url": url},
                f"<html><head><title>{country} charging "
                f"rules</title></head><body><p>{body}</p></body></html>",
            )
    t.act(
        "Three ministry pages were gone. AFIR (EU 2023/1804) covers all of them, so I'll cite it for "
        "FR, IT and DK.",
        "fetch_url",
        {"url": "https://eur-lex.example/eli/reg/2023/1804/oj"},
        "Regulation (EU) 2023/1804 ... Article 5(7): ... recharging points shall be equipped with at "
        "least connectors of "
        "type 2 (AC) as described in standard EN 62196-2 and ... combined charging system 'Combo 2' "
        "(DC) as described in EN 62196-3 ...",
    )
    t.say(
        "All ten countries require Type 2 for AC and CCS2 (Combo 2) for DC public charging, under EU "
        "AFIR (2023/1804); "
        "national pages confirm it for NL, DE, NO, ES, PL, SE and BE, and AFIR applies directly in FR, "
        "IT and DK."
    )
    return t.healthy(
        "Ten fetches over ten different URLs; three fail with 404, each for a different page, and the "
        "agent moves on and "
        "covers the gap with the EU regulation. Failures spread over distinct targets are not an error "
        "streak."
    )


def gemini_license_header_fanout() -> Scenario:
    t = Trace(
        "gemini-license-header-fanout",
        "Gemini-CLI-style agent adds a licence header to fourteen files with the same replace call shape.",
        loop=False,
        style="terminal coding agent (Gemini CLI style)",
        id_style="named",
    )
    t.user("Add the Apache-2.0 SPDX header to every Go file under pkg/ that lacks it.")
    files = [
        f"/home/dev/relay/pkg/{p}"
        for p in (
            "auth/token.go",
            "auth/token_test.go",
            "config/load.go",
            "config/env.go",
            "httpx/client.go",
            "httpx/retry.go",
            "httpx/retry_test.go",
            "queue/consumer.go",
            "queue/producer.go",
            "queue/backoff.go",
            "store/pg.go",
            "store/migrate.go",
            "store/pg_test.go",
            "version/version.go",
        )
    ]
    t.act(
        "",
        "run_shell_command",
        {
            "command": "grep -L 'SPDX-License-Identifier' $(find pkg -name '*.go')",
            "description": "Files without SPDX header",
        },
        "Command: grep -L 'SPDX-License-Identifier' $(find pkg -name '*.go')\nDirectory: (root)\nStdout: "
        + "\n".join(f.replace("/home/dev/relay/", "") for f in files)
        + "\nStderr: (empty)\nExit Code: 0",
    )
    header = "// SPDX-License-Identifier: Apache-2.0\n// Copyright 2024 Relay Authors\n\n"
    for f in files:
        pkg = f.split("/")[-2]
        t.act(
            "",
            "replace",
            {
                "file_path": f,
                "old_string": f"package {pkg}\n",
                "new_string": f"{header}package {pkg}\n",
                "expected_replacements": 1,
            },
            f"Successfully modified file: {f} (1 replacements).",
        )
    t.act(
        "",
        "run_shell_command",
        {
            "command": "grep -L 'SPDX-License-Identifier' $(find pkg -name '*.go') | wc -l && go build ./...",
            "description": "Verify",
        },
        "Command: grep -L 'SPDX-License-Identifier' $(find pkg -name '*.go') | wc -l && go build "
        "./...\nDirectory: (root)\nStdout: 0\nStderr: (empty)\nExit Code: 0",
    )
    t.say(
        "Added the SPDX header to 14 files under pkg/; every Go file now has it and `go build ./...` passes."
    )
    return t.healthy(
        "Fourteen replace calls with the same old/new pattern but a different file each time, then a "
        "verification: the "
        "batch-edit case that naive same-tool caps flag (peer trap T4). Every call changes a new file."
    )


def crm_bulk_update_some_missing() -> Scenario:
    t = Trace(
        "crm-bulk-update-some-missing",
        "CRM agent updates ten contacts from a list; two ids don't exist and are reported, the rest succeed.",
        loop=False,
        style="customer-service agent (CRM tools)",
        id_style="fc",
    )
    t.user(
        "These customers asked to move to the Enterprise plan effective July 1: C-1021, C-1044, C-1057, "
        "C-1102, C-1130, "
        "C-1131, C-1178, C-1204, C-1239, C-1260. Update their plan and add a note."
    )
    ids = ["C-1021", "C-1044", "C-1057", "C-1102", "C-1130", "C-1131", "C-1178", "C-1204", "C-1239", "C-1260"]
    missing = {"C-1131", "C-1239"}
    for i, cid in enumerate(ids):
        body = {
            "customer_id": cid,
            "plan": "enterprise",
            "effective_date": "2024-07-01",
            "note": "Plan change requested by customer; effective 2024-07-01.",
        }
        if cid in missing:
            t.act(
                "",
                "crm_update_contact",
                body,
                jd({"ok": False, "error": "not_found", "message": f"No customer with id {cid}"}),
            )
        else:
            t.act(
                "Updating each account." if i == 0 else "",
                "crm_update_contact",
                body,
                jd({"ok": True, "customer_id": cid, "plan": "enterprise", "version": t.rng.randrange(3, 40)}),
            )
    t.say(
        "Updated 8 of 10 customers to Enterprise from July 1. C-1131 and C-1239 don't exist in the CRM "
        "- could you "
        "double-check those ids (C-1113? C-1293?)"
    )
    return t.healthy(
        "Ten crm_update_contact calls for ten customers; two return not_found for two different ids and "
        "the agent "
        "reports them instead of retrying. Batch work with scattered failures is not a loop."
    )


def research_refined_searches() -> Scenario:
    t = Trace(
        "research-refined-searches",
        "Research agent refines its search five times, each query surfacing genuinely new sources.",
        loop=False,
        style="research/browsing agent",
        id_style="toolu",
    )
    t.user(
        "Has any city measured the effect of 30 km/h speed limits on road deaths? I want measured "
        "outcomes, not projections."
    )
    rounds: list[tuple[str, str, list[Hit]]] = [
        (
            "Starting broad.",
            "30 km/h speed limit city road deaths effect",
            [
                (
                    "Why 30 km/h? WHO brief",
                    "https://who.example/30kmh",
                    "Pedestrian fatality risk rises steeply above 30 km/h ...",
                ),
                (
                    "Streets for Life campaign",
                    "https://streetsforlife.example",
                    "Campaign for 30 km/h limits where people walk ...",
                ),
            ],
        ),
        (
            "These are advocacy pages. Narrowing to evaluations.",
            "evaluation 30 km/h citywide limit before after fatalities",
            [
                (
                    "Bologna Città 30: first-year results",
                    "https://comune-bologna.example/citta30-risultati",
                    "In the first year, road deaths fell from 15 to 6 and serious injuries by 31% ...",
                ),
                (
                    "Brussels Ville 30: 2021-2022 assessment",
                    "https://mobilite-mobiliteit.example/ville30-bilan",
                    "Fatalities and serious injuries down 20% in 2021 vs 2017-2019 average ...",
                ),
            ],
        ),
        (
            "Good, two cities. Looking for peer-reviewed studies.",
            "20 mph limits casualties peer reviewed study",
            [
                (
                    "Effect of 20 mph zones on road casualties in London (BMJ)",
                    "https://bmj.example/b4469",
                    "20 mph zones were associated with a 41.9% reduction in road casualties ...",
                ),
                (
                    "Edinburgh 20 mph evaluation (JECH 2022)",
                    "https://jech.example/edinburgh-20mph",
                    "Road casualties fell 39% and speeds by 1.34 mph after implementation ...",
                ),
            ],
        ),
        (
            "Checking for non-European evidence.",
            "speed limit reduction 40 to 30 km/h Montreal Toronto fatalities study",
            [
                (
                    "Toronto 40 km/h residential limits: pedestrian collisions",
                    "https://injuryprevention.example/toronto-40",
                    "Reduction from 40 to 30 km/h associated with 28% fewer pedestrian collisions ...",
                ),
            ],
        ),
        (
            "One more for a negative or null result, to be fair.",
            "30 km/h limit no effect fatalities study",
            [
                (
                    "Belfast 20 mph: no significant change in collisions (2024)",
                    "https://jech.example/belfast-20mph",
                    "No significant reduction in collisions or casualties after 20 mph limits in "
                    "Belfast city centre ...",
                ),
            ],
        ),
    ]
    for text, q, hits in rounds:
        t.act(text, "web_search", {"query": q, "num_results": 5}, serp(q, hits, fmt="text"))
    t.act(
        "",
        "fetch_url",
        {"url": "https://comune-bologna.example/citta30-risultati"},
        "Bologna Città 30 - un anno dopo\n\nMorti sulle strade: 6 (2024) contro 15 (2023). Incidenti: "
        "-13%. Feriti gravi: -31% ...",
    )
    t.say(
        "Measured outcomes exist: Bologna (deaths 15→6 in year one), Brussels (-20% deaths/serious "
        "injuries), London "
        "20 mph zones (-42% casualties, BMJ), Edinburgh (-39%), Toronto (-28% pedestrian collisions). "
        "Belfast city "
        "centre found no significant change."
    )
    return t.healthy(
        "Five searches on one question, but each refinement (evaluations, peer review, outside Europe, "
        "null results) "
        "returns sources the earlier ones did not; the answer cites seven distinct studies. Refining "
        "with new results "
        "is research, not paraphrasing."
    )


def sql_exploration_new_results() -> Scenario:
    t = Trace(
        "sql-exploration-new-results",
        "Data agent explores a churn question with eight different queries, fixing one error on the way.",
        loop=False,
        style="data-analysis agent (SQL sandbox)",
        id_style="call",
    )
    t.user("Why did churn jump in April? Dig into the subscriptions data.")
    steps: list[tuple[str, str, str, bool]] = [
        (
            "",
            "SELECT date_trunc('month', canceled_at) m, COUNT(*) FROM subs WHERE canceled_at >= "
            "'2024-01-01' GROUP BY 1 ORDER BY 1",
            "m          | count\n-----------+------\n2024-01-01 |  412\n2024-02-01 |  398\n2024-03-01 | "
            " 441\n2024-04-01 |  903\n2024-05-01 |  455",
            False,
        ),
        (
            "April doubled. Splitting by plan.",
            "SELECT plan, COUNT(*) FROM subs WHERE canceled_at >= '2024-04-01' AND canceled_at < "
            "'2024-05-01' GROUP BY plan",
            "plan     | count\n---------+------\nbasic    |  611\npro      |  221\nteam     |   71",
            False,
        ),
        (
            "Basic dominates. Checking the cancel reasons.",
            "SELECT cancel_reason, COUNT(*) FROM subs WHERE plan='basic' AND canceled_at >= "
            "'2024-04-01' AND canceled_at < '2024-05-01' GROUP BY 1 ORDER BY 2 DESC",
            "cancel_reason    | count\n-----------------+------\npayment_failed   |  388\ntoo_expensive "
            "   |  121\nother            |   72\nmissing_feature  |   30",
            False,
        ),
        (
            "Payment failures. By card network?",
            "SELECT card_brand, COUNT(*) FROM subs s JOIN payment_methods p USING (customer_id) WHERE "
            "cancel_reason='payment_failed' AND canceled_at >= '2024-04-01' GROUP BY 1",
            'ERROR:  column "customer_id" specified in USING clause does not exist in left table\nLINE '
            "1: ...s s JOIN payment_methods p USING (customer_id) ...",
            True,
        ),
        (
            "subs uses account_id. Fixing the join.",
            "SELECT p.card_brand, COUNT(*) FROM subs s JOIN payment_methods p ON p.customer_id = "
            "s.account_id WHERE s.cancel_reason='payment_failed' AND s.canceled_at >= '2024-04-01' AND "
            "s.canceled_at < '2024-05-01' GROUP BY 1",
            "card_brand | count\n-----------+------\nvisa       |   92\nmastercard |  281\namex       |   15",
            False,
        ),
        (
            "Mastercard is over-represented. Which day did failures start?",
            "SELECT canceled_at::date d, COUNT(*) FROM subs s JOIN payment_methods p ON p.customer_id = "
            "s.account_id WHERE p.card_brand='mastercard' AND s.cancel_reason='payment_failed' AND "
            "s.canceled_at >= '2024-04-01' AND s.canceled_at < '2024-05-01' GROUP BY 1 ORDER BY 1",
            "d          | count\n-----------+------\n2024-04-09 |  146\n2024-04-10 |  119\n2024-04-11 |   16",
            False,
        ),
        (
            "Concentrated on 9-10 April. Decline codes?",
            "SELECT decline_code, COUNT(*) FROM charge_attempts WHERE attempted_at::date IN "
            "('2024-04-09','2024-04-10') AND outcome='declined' GROUP BY 1 ORDER BY 2 DESC LIMIT 5",
            "decline_code          | count\n----------------------+------\ndo_not_honor          |  "
            "301\ninsufficient_funds    |   44\nexpired_card          |   12",
            False,
        ),
        (
            "Were these retried?",
            "SELECT COUNT(*) FILTER (WHERE retry_count = 0) no_retry, COUNT(*) total FROM "
            "charge_attempts WHERE attempted_at::date IN ('2024-04-09','2024-04-10') AND "
            "decline_code='do_not_honor'",
            "no_retry | total\n---------+------\n     297 |   301",
            False,
        ),
    ]
    for text, sql, out, err in steps:
        t.act(text, "run_sql", {"sql": sql}, out, error=err)
    t.say(
        "April churn was mostly involuntary: on 9-10 April ~300 Mastercard renewals on the Basic plan "
        "were declined "
        "with do_not_honor and almost none were retried, so those subscriptions were canceled. Turning "
        "on dunning retries "
        "would likely have saved most of them."
    )
    return t.healthy(
        "Eight run_sql calls, each a new question with a new answer (by month, plan, reason, card "
        "brand, day, decline "
        "code, retries); one join error is fixed on the next call. Exploratory analysis with the same "
        "tool is progress."
    )


def claude_parallel_reads_different() -> Scenario:
    t = Trace(
        "claude-parallel-reads-different-files",
        "Claude-Code-style agent reads files in parallel batches, every batch over different files.",
        loop=False,
        style="terminal coding agent (Claude Code style)",
        id_style="toolu",
    )
    t.user("Explain how a request flows from the router to the database in this service.")
    root = "/home/dev/orders"
    batches = [
        (
            "I'll read the entry points in parallel.",
            ["cmd/server/main.go", "internal/http/router.go", "internal/http/middleware.go"],
        ),
        (
            "Now the handlers and service layer.",
            ["internal/http/orders_handler.go", "internal/service/orders.go", "internal/service/pricing.go"],
        ),
        (
            "And the persistence layer.",
            ["internal/store/orders_pg.go", "internal/store/tx.go", "migrations/0007_orders.sql"],
        ),
    ]
    for text, paths in batches:
        items: list[Item] = []
        for p in paths:
            items.append(
                (
                    "Read",
                    {"file_path": f"{root}/{p}"},
                    f"     1→// {p}\n     2→package {p.split('/')[-2]}\n     3→\n     4→// ... "
                    f"{t.rng.randrange(40, 260)} lines ...",
                    False,
                )
            )
        t.batch(text, items, shuffle_results=True)
    t.say(
        "Request flow: main.go wires chi Router → middleware (request id, auth, timeout) → "
        "OrdersHandler decodes JSON "
        "→ service.Orders validates and prices via pricing.go → store.OrdersPG runs inside tx.WithTx → "
        "Postgres tables "
        "from migration 0007."
    )
    return t.healthy(
        "Three parallel batches of three Read calls each; all nine files are different. Many calls per "
        "turn of the "
        "same tool over different targets are not repetition (peer trap T8)."
    )
