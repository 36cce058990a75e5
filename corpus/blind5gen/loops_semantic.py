"""Loops that only meaning reveals: paraphrased searches with overlapping results, re-delegation of one
task with reports that agree, and restated intent (short and long, with and without tool calls)."""

from __future__ import annotations

from .builder import JSON, Scenario, Trace, jd, nth
from .payloads import Hit, serp

_POOL: list[Hit] = [
    (
        "Connection pooling for serverless Postgres - Neonblog",
        "https://neon-blog.example/serverless-pooling",
        "Each Lambda invocation opens its own connection, quickly exhausting max_connections. Use a "
        "pooler ...",
    ),
    (
        "RDS Proxy: managing connections for Lambda | AWS Docs",
        "https://docs.aws.example/rds/proxy-lambda",
        "RDS Proxy pools and shares database connections, improving scalability for serverless applications.",
    ),
    (
        "PgBouncer transaction mode and prepared statements",
        "https://pgbouncer.example/faq#prepared",
        "In transaction pooling mode, session state such as prepared statements is not preserved ...",
    ),
    (
        "Why your serverless app runs out of Postgres connections",
        "https://engblog.example/too-many-clients",
        "FATAL: sorry, too many clients already. We moved to a pooled endpoint and capped concurrency ...",
    ),
    (
        "Stack Overflow: Postgres connection limit with AWS Lambda",
        "https://stackoverflow.example/q/5512098",
        "Set the pool size to 1 per container and reuse the client across invocations ...",
    ),
    (
        "Supavisor vs PgBouncer benchmarks",
        "https://supa-blog.example/supavisor-bench",
        "Supavisor handled 1M client connections in our benchmark; for most apps PgBouncer is enough.",
    ),
]


def paraphrased_search_overlap() -> Scenario:
    t = Trace(
        "research-paraphrased-search-overlap",
        "Research agent paraphrases one search seven times and gets the same handful of pages back.",
        loop=True,
        style="research/browsing agent",
        id_style="call",
    )
    t.user(
        "What's the recommended way to handle Postgres connections from AWS Lambda? Give me a short "
        "recommendation with sources."
    )
    queries = [
        "postgres connection pooling aws lambda best practice",
        "how to pool postgres connections in lambda functions",
        "serverless postgresql connection limits pooling",
        "lambda postgres too many connections fix",
        "best way to manage postgres connections serverless aws",
        "aws lambda postgresql connection management recommendation",
        "postgres lambda connection pool recommended approach",
    ]
    orders = [
        [0, 1, 2, 3, 4],
        [1, 0, 4, 3, 2],
        [3, 0, 1, 4, 2],
        [3, 4, 1, 0, 2],
        [1, 0, 3, 4, 5],
        [1, 4, 0, 3, 2],
        [0, 1, 4, 3, 2],
    ]
    texts = [
        "Let me search for current guidance.",
        "I'll rephrase to catch Lambda-specific articles.",
        "",
        "Let me try another phrasing focused on the error people see.",
        "",
        "",
        "One more search to be thorough.",
    ]
    fmts = ["json", "json", "text", "json", "text", "json", "json"]
    searches: list[int] = []
    for q, order, text, fmt in zip(queries, orders, texts, fmts, strict=True):
        hits = [_POOL[i] for i in order]
        searches.append(
            t.act(text, "web_search", {"query": q}, serp(q, hits, fmt=fmt, took_ms=300 + 17 * len(searches)))
        )
    t.say(
        "Use a connection pooler in front of Postgres (RDS Proxy on AWS, or PgBouncer in transaction "
        "mode), keep "
        "one client per Lambda container and reuse it across invocations. Sources: AWS RDS Proxy docs, "
        "PgBouncer FAQ."
    )
    onset = nth(searches, 4)
    return t.loop(
        ["same_tool"],
        onset,
        f"Seven paraphrases of one question return the same five or six pages in a different order (one "
        "benchmark page appears only at the fifth search); no page is ever opened. The loop is "
        "unambiguous at step "
        f"{onset}, which is the fourth search for the "
        "same thing with nothing new.",
    )


def support_kb_paraphrase() -> Scenario:
    t = Trace(
        "support-kb-paraphrase-loop",
        "Support agent rephrases a knowledge-base search while the same three articles come back.",
        loop=True,
        style="customer-service agent (CRM tools)",
        id_style="toolu",
    )
    t.system(
        "You are a support agent for Pageturn, an ebook store. Tools: search_kb, get_order, "
        "issue_refund, escalate."
    )
    t.user(
        "I bought 'The Glass Orchard' yesterday by mistake, I already downloaded it but haven't read "
        "it. Can I get a refund? Order PT-77120."
    )
    articles = {
        "KB-112": "Refunds for digital purchases: eligible within 14 days if the title has not been "
        "opened more than ...",
        "KB-087": "How to return a physical book: print the label from Orders > Return ...",
        "KB-230": "Accidental purchases: contact support with your order number; we review each case ...",
    }
    queries = [
        "refund digital purchase",
        "refund policy for ebooks already downloaded",
        "can a customer get money back for a downloaded ebook",
        "digital goods return policy",
        "ebook refund after download accidental",
        "refund downloaded book not read",
    ]
    orders = [
        ["KB-112", "KB-230", "KB-087"],
        ["KB-112", "KB-087", "KB-230"],
        ["KB-230", "KB-112", "KB-087"],
        ["KB-112", "KB-087", "KB-230"],
        ["KB-230", "KB-112", "KB-087"],
        ["KB-112", "KB-230", "KB-087"],
    ]
    texts = [
        "I'm sorry about the accidental purchase! Let me look up our refund policy for ebooks so I can "
        "give you an "
        "accurate answer.",
        "The first article talks about digital purchases in general, but I want to make sure the "
        "download doesn't "
        "change things. Let me search the knowledge base specifically for ebooks that were already "
        "downloaded.",
        "I'm still seeing the same general articles. I'd like to find guidance that speaks directly to "
        "customers "
        "getting their money back after downloading, so let me phrase the search that way.",
        "These results keep pointing at the same three articles. To be thorough, I'll search for the general "
        "digital goods return policy in case there is a separate page for it.",
        "I want to be certain before I promise anything, so let me search once more for the "
        "accidental-purchase case "
        "combined with downloads.",
        "Let me do one final search on refunds for downloaded books that haven't been read yet.",
    ]
    searches = []
    for q, order, text in zip(queries, orders, texts, strict=True):
        payload = jd(
            {
                "results": [
                    {"id": a, "title": articles[a].split(":")[0], "excerpt": articles[a]} for a in order
                ]
            }
        )
        searches.append(t.act(text, "search_kb", {"query": q, "limit": 3}, payload))
    t.say(
        "Based on our policy (KB-112), digital purchases can be refunded within 14 days if the title "
        "hasn't been read. Let me process that."
    )
    onset = nth(searches, 4)
    return t.loop(
        ["same_tool"],
        onset,
        "Six rephrasings of the same knowledge-base question return the same three articles (KB-112, "
        "KB-230, "
        "KB-087) in a different order; the answer was in the first result. The loop is unambiguous at "
        f"step {onset}, which is the fourth search "
        "that brings nothing new; the long narration between searches does not change that.",
    )


def redelegate_short_reports() -> Scenario:
    t = Trace(
        "manager-redelegate-short-reports",
        "Manager asks its researcher the same fee question again and again; every report agrees.",
        loop=True,
        style="multi-agent manager",
        id_style="fc",
    )
    t.user("Compare card processing fees for EU consumer cards between Stripe and Adyen for a 40 EUR basket.")
    asks = [
        "What is Stripe's standard fee for EU consumer cards?",
        "What does Stripe charge for a standard EU consumer card payment?",
        "Confirm Stripe's standard pricing for EU consumer cards.",
        "What is Stripe's fee for EU cards (consumer, standard)?",
        "Please double-check Stripe's standard EU consumer card fee.",
    ]
    reports = [
        "Stripe standard pricing for EU consumer cards: 1.5% + €0.25 per successful charge "
        "(stripe.com/ie/pricing).",
        "1.5% + €0.25 for standard EEA consumer cards. Source: Stripe pricing page (IE).",
        "Confirmed: 1.5% + 25 cents per transaction on standard European consumer cards.",
        "Stripe: 1.5% plus €0.25 for standard EU cards, per their public pricing page.",
        "Stripe's standard EU consumer card fee is 1.5% + €0.25.",
    ]
    sends = []
    for i, (ask, report) in enumerate(zip(asks, reports, strict=True)):
        text = "Starting with Stripe." if i == 0 else ""
        sends.append(t.act(text, "ask_researcher", {"question": ask}, report))
    t.act(
        "",
        "ask_researcher",
        {"question": "What is Adyen's fee for EU consumer cards under Interchange++?"},
        "Adyen: interchange (0.2% for EU consumer debit/0.3% credit) + scheme fees + €0.11 processing "
        "fee; some methods add a markup.",
    )
    t.say(
        "For a €40 basket: Stripe ≈ €0.85 (1.5% + €0.25); Adyen ≈ €0.23-0.27 plus scheme fees "
        "(Interchange++ + €0.11)."
    )
    onset = nth(sends, 3)
    return t.loop(
        ["same_tool"],
        onset,
        "The researcher is asked for Stripe's EU fee five times with reworded questions, and every "
        "report says "
        f"1.5% + €0.25 (phrased differently). The loop is unambiguous at step {onset}, which is the "
        "third delegation, sent after two reports "
        "that already agree.",
    )


def redelegate_units() -> Scenario:
    t = Trace(
        "manager-redelegate-units",
        "Manager re-sends one cost estimate to its analyst; reports restate the same figure in other units.",
        loop=True,
        style="multi-agent manager",
        id_style="call",
    )
    t.system(
        "You coordinate sub-agents (analyst, writer) via delegate_task. Each call blocks until the "
        "sub-agent reports."
    )
    t.user(
        "Estimate what our logging pipeline costs per year on AWS (CloudWatch + Kinesis + S3) and write "
        "a short memo."
    )
    briefs = [
        "Estimate the annual AWS cost of the logging pipeline (CloudWatch Logs ingestion, Kinesis "
        "Firehose, S3 "
        "storage) from the billing export in s3://finops/cur/2024-05/.",
        "Please estimate the yearly AWS spend for the logging pipeline: CloudWatch Logs, Kinesis "
        "Firehose and S3. "
        "Use the May 2024 billing export.",
        "Work out the annual cost of logging on AWS (CloudWatch + Firehose + S3), based on the 2024-05 "
        "cost and "
        "usage report.",
        "I need the yearly cost of the logging pipeline on AWS (CloudWatch Logs, Firehose, S3). Use the "
        "CUR for May.",
        "Re-estimate the annual logging pipeline cost (CloudWatch, Kinesis Firehose, S3) from the May CUR.",
    ]
    reports = [
        "## Logging pipeline cost (from CUR 2024-05)\n\n| Service | May 2024 |\n|---|---|\n| CloudWatch "
        "Logs ingestion | $9,870 |\n"
        "| Kinesis Firehose | $2,610 |\n| S3 (Standard + IA) | $1,720 |\n| **Total** | **$14,200** |\n\n"
        "Annualised: about **$170,400 per year** assuming flat volume. CloudWatch ingestion is ~70% of "
        "the bill.",
        "Monthly run-rate is roughly 14.2k USD (CloudWatch ≈ 9.9k, Firehose ≈ 2.6k, S3 ≈ 1.7k). Over "
        "twelve months "
        "that is ≈ 170k USD. Main driver: CloudWatch Logs ingestion at $0.50/GB for ~19.7 TB.",
        "Annual estimate: 0.17M USD (USD 170,400). Breakdown per month: CWL 9,870; KDF 2,610; S3 1,720. "
        "No growth assumed.",
        "The pipeline costs $14.2K a month, i.e. $170K/yr. CloudWatch Logs dominates (~$118K/yr), then "
        "Firehose "
        "(~$31K/yr) and S3 (~$21K/yr).",
        "Yearly: ~USD 170 thousand. (Monthly: 14,200.) Same breakdown as before: CloudWatch ~70%, "
        "Firehose ~18%, S3 ~12%.",
    ]
    texts = [
        "I'll have the analyst pull the numbers from the billing export.",
        "Before the memo, I want the estimate re-checked with a clearer brief.",
        "The figures look consistent, but let me get one more estimate to be safe.",
        "",
        "Let me ask for a final re-estimate before writing.",
    ]
    sends = []
    for brief, report, text in zip(briefs, reports, texts, strict=True):
        sends.append(t.act(text, "delegate_task", {"agent": "analyst", "task": brief}, report))
    t.act(
        "",
        "delegate_task",
        {
            "agent": "writer",
            "task": "Write a 150-word memo: logging pipeline costs ~$170k/yr, 70% CloudWatch ingestion; "
            "suggest S3-first routing.",
        },
        "Memo: Our AWS logging pipeline costs about $170k a year ...",
    )
    t.say("Here is the memo. The pipeline costs about $170k/yr, mostly CloudWatch Logs ingestion.")
    onset = nth(sends, 3)
    return t.loop(
        ["same_tool"],
        onset,
        f"The same estimate is delegated to the analyst five times with reworded briefs; every report gives "
        "$14.2k/month = ~$170k/year, restated as 14.2k USD, 0.17M USD, $170K/yr. The loop is "
        "unambiguous at step "
        f"{onset}, which is the third delegation, after two reports that already agree.",
    )


def narration_check_order_short() -> Scenario:
    t = Trace(
        "support-narration-check-order",
        "Support agent says 'let me check the order' turn after turn; varied look-ups return the same "
        "status.",
        loop=True,
        style="customer-service agent (CRM tools)",
        id_style="call",
    )
    t.user("Where is my order ORD-5521? It was supposed to arrive Monday.")
    status = {
        "order_id": "ORD-5521",
        "status": "label_created",
        "carrier": "DHL",
        "tracking": "JD014600003817",
    }
    track = jd(
        {
            "tracking": "JD014600003817",
            "events": [{"ts": "2024-06-07T16:02:00Z", "desc": "Shipment information received"}],
            "estimated_delivery": None,
        }
    )
    calls: list[tuple[str, str, JSON, str]] = [
        ("Let me check the order status.", "get_order", {"order_id": "ORD-5521"}, jd(status)),
        ("Let me check on that shipment.", "track_shipment", {"tracking_number": "JD014600003817"}, track),
        (
            "Let me check the order status again.",
            "get_order_events",
            {"order_id": "ORD-5521"},
            jd({"events": [{"ts": "2024-06-07T15:58:11Z", "type": "label_created"}]}),
        ),
        (
            "Let me check the shipment status once more.",
            "track_shipment",
            {"tracking_number": "JD014600003817", "carrier": "dhl"},
            track,
        ),
        (
            "Let me check the order.",
            "get_order",
            {"order_id": "ORD-5521", "include": ["shipments"]},
            jd({**status, "shipments": [{"tracking": "JD014600003817", "status": "label_created"}]}),
        ),
        (
            "Let me check the status one more time.",
            "track_shipment",
            {"tracking_number": "JD014600003817"},
            track,
        ),
        (
            "Let me check the order status.",
            "get_order_events",
            {"order_id": "ORD-5521", "limit": 50},
            jd({"events": [{"ts": "2024-06-07T15:58:11Z", "type": "label_created"}]}),
        ),
    ]
    steps = [t.act(text, name, args, content) for text, name, args, content in calls]
    t.say("Your order has a shipping label but DHL hasn't picked it up yet.")
    onset = nth(steps, 4)
    return t.loop(
        ["narration"],
        onset,
        f"Every turn opens with 'Let me check the order/shipment status (again)' and the look-ups (order, "
        "events, tracking, in rotation) all say 'label created, no carrier scan'. The loop is "
        "unambiguous at step "
        f"{onset}, which is the fourth restatement of the same intent with nothing new.",
    )


def narration_long_spreadsheet() -> Scenario:
    t = Trace(
        "sheets-narration-long-verify",
        "Spreadsheet assistant narrates the same long verification plan while re-reading equivalent ranges.",
        loop=True,
        style="spreadsheet assistant",
        id_style="toolu",
    )
    t.user("Check that the Q2 totals on the Summary sheet match the April, May and June tabs.")
    t.act(
        "",
        "sheets_read_range",
        {"spreadsheet_id": "1Qx9-budget-2024", "range": "April!F2:F40"},
        jd({"range": "April!F2:F40", "values": [[v] for v in [1200, 880, 4310, 95, 2250]], "sum_hint": 8735}),
    )
    plans = [
        "To make sure the Q2 totals are right, I'll now verify the figures on the Summary sheet against "
        "the monthly "
        "tabs: I'll read the Summary totals column, add up the April, May and June values, and compare "
        "each line.",
        "Next, I'm going to verify the Summary sheet's Q2 totals against the monthly tabs. I'll read "
        "the totals "
        "column on Summary and compare it, line by line, with the sums of the April, May and June columns.",
        "Let me now verify that the Q2 totals on Summary match the monthly tabs. My approach: read the "
        "totals on "
        "the Summary sheet, then compare each one with the April + May + June values.",
        "I'll verify the Summary sheet totals for Q2 against April, May and June. To do this I'll read "
        "Summary's "
        "totals column and compare each figure with the three monthly values.",
        "Now I'll verify the Q2 figures on the Summary sheet by reading its totals and comparing them "
        "with the sum of "
        "the April, May and June tabs, line by line.",
        "To verify the Q2 totals, I'll read the Summary sheet's totals and check them against the "
        "April, May and "
        "June tabs one line at a time.",
    ]
    ranges = [
        "Summary!B2:B14",
        "Summary!B2:B15",
        "'Summary'!B2:B14",
        "Summary!B:B",
        "Summary!$B$2:$B$14",
        "summary!B2:B14",
    ]
    totals = [[v] for v in [8735, 9120, 10404, 3120, 770, 15502, 6010, 4488, 905, 1200, 2210, 7777, 69361]]
    steps = []
    for plan, rng in zip(plans, ranges, strict=True):
        steps.append(
            t.act(
                plan,
                "sheets_read_range",
                {"spreadsheet_id": "1Qx9-budget-2024", "range": rng},
                jd({"range": "Summary!B2:B14", "values": totals}),
            )
        )
    t.say("The Summary totals column reads 13 values ending with 69,361.")
    onset = nth(steps, 4)
    return t.loop(
        ["narration", "same_tool"],
        onset,
        "Six long paragraphs restate the same verification plan, each followed by a read of the same "
        "Summary "
        "totals through equivalent range spellings (B2:B14, 'Summary', B:B, $B$2, lower case) that "
        "returns the "
        f"same 13 values; May and June are never read. The loop is unambiguous at step {onset}, which is "
        "the fourth restatement and fourth read.",
    )


def narration_without_tools() -> Scenario:
    t = Trace(
        "narration-without-tools",
        "Coding agent announces it will write the migration, turn after turn, and never calls a tool.",
        loop=True,
        style="terminal coding agent (Claude Code style)",
        id_style="toolu",
    )
    t.user("Add a nullable `archived_at` timestamp to the projects table with an Alembic migration.")
    t.act(
        "Let me look at the existing migrations first.",
        "Bash",
        {"command": "ls migrations/versions | tail -5", "description": "List latest migrations"},
        "2024_05_02_1130_a41c9e_add_project_owner.py\n2024_05_10_0915_7be2f0_index_projects_slug.py\n"
        "2024_05_21_1402_c0d3aa_drop_legacy_flags.py\n2024_06_01_0844_19ffe4_add_project_color.py\n"
        "2024_06_04_1710_d5e8b1_add_tasks_due_at.py",
    )
    t.act(
        "",
        "Read",
        {"file_path": "/home/dev/tracker/migrations/versions/2024_06_04_1710_d5e8b1_add_tasks_due_at.py"},
        '     1→"""add tasks.due_at"""\n     2→from alembic import op\n     3→import sqlalchemy as sa\n '
        "    4→\n"
        '     5→revision = "d5e8b1"\n     6→down_revision = "19ffe4"\n     7→\n     8→def upgrade() -> '
        "None:\n"
        '     9→    op.add_column("tasks", sa.Column("due_at", sa.DateTime(timezone=True), nullable=True))\n'
        '    10→\n    11→def downgrade() -> None:\n    12→    op.drop_column("tasks", "due_at")\n',
    )
    lines = [
        "I'll write the migration now, following the same pattern as d5e8b1.",
        "Now I'll write the migration file for archived_at.",
        "I'll now write the Alembic migration adding archived_at to projects.",
        "Let me write the migration now.",
        "Actually, I'll write the migration now, with down_revision d5e8b1.",
        "I'll write the migration file now.",
        "Now writing the migration.",
    ]
    steps = [t.say(line) for line in lines]
    onset = nth(steps, 4)
    return t.loop(
        ["narration"],
        onset,
        f"After two useful reads the agent announces 'I'll write the migration now' {len(steps)} times "
        "in a row "
        f"and never calls Write or Bash. The loop is unambiguous at step {onset}, which is the fourth "
        "restatement of the same intent.",
    )
