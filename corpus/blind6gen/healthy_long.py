"""Healthy: long varied sessions, a planner delegating different subtasks with similar briefs, narration
that repeats while each call brings new results, and long repetitive tables, logs and lists that are not
degenerate replies."""

from __future__ import annotations

import unicodedata

from blind6gen.builder import JSON, Trace, js, table


def dbt_long_session() -> JSON:
    t = Trace(
        "blind6-healthy-dbt-subscriptions-long-session",
        "Data-engineering agent builds a new subscriptions mart end to end in ~35 varied steps: "
        "exploration, models, a failing run, a dedupe fix, tests, docs and a PR.",
        ids="uuid",
        meta={"agent_style": "data-engineering agent (dbt, SQL, git)"},
    )
    t.user(
        "Build fct_subscriptions (one row per subscription, with MRR) from the Stripe raw tables, with "
        "tests and docs, and open a PR."
    )
    steps: list[tuple[str, JSON, str, bool, str]] = [
        (
            "shell",
            {"cmd": "git checkout -b feat/fct-subscriptions"},
            "Switched to a new branch 'feat/fct-subscriptions'",
            False,
            "New branch.",
        ),
        (
            "shell",
            {"cmd": "ls models/staging/stripe"},
            "_stripe__sources.yml\nstg_stripe__customers.sql\nstg_stripe__invoices.sql\n",
            False,
            "What exists for Stripe?",
        ),
        (
            "read_file",
            {"path": "models/staging/stripe/_stripe__sources.yml"},
            (
                "sources:\n  - name: stripe\n    schema: raw_stripe\n    tables:\n      - name: customers\n"
                "      - name: invoices\n      - name: subscriptions\n      - name: subscription_items\n   "
                "   - name: prices\n"
            ),
            False,
            "",
        ),
        (
            "read_file",
            {"path": "models/staging/stripe/stg_stripe__invoices.sql"},
            (
                "select id as invoice_id, customer as customer_id, amount_paid / 100.0 as amount_paid, "
                "currency, to_timestamp(created) as created_at\nfrom {{ source('stripe', 'invoices') }}\n"
            ),
            False,
            "Following the existing staging conventions.",
        ),
        (
            "sql",
            {"query": "select count(*), count(distinct id) from raw_stripe.subscriptions"},
            "COUNT(*)  COUNT(DISTINCT ID)\n48213     47990\n",
            False,
            "Profiling subscriptions: there are duplicate ids.",
        ),
        (
            "sql",
            {
                "query": (
                    "select id, _sdc_extracted_at, status from raw_stripe.subscriptions qualify count(*) "
                    "over (partition by id) > 1 order by id limit 6"
                )
            },
            (
                "ID               _SDC_EXTRACTED_AT     STATUS\nsub_1Mx..a01     2025-03-01 02:00      "
                "active\nsub_1Mx..a01     2025-03-02 02:00      past_due\nsub_1Nq..b77     2025-03-01 "
                "02:00      trialing\nsub_1Nq..b77     2025-03-03 02:00      active\n"
            ),
            False,
            "Duplicates are re-extractions; latest row wins.",
        ),
        (
            "sql",
            {"query": "select interval, count(*) from raw_stripe.prices group by 1"},
            "INTERVAL  COUNT(*)\nmonth     41\nyear      17\n",
            False,
            "Price intervals for MRR.",
        ),
        (
            "sql",
            {"query": "select count(*) from raw_stripe.subscription_items where quantity is null"},
            "COUNT(*)\n212\n",
            False,
            "Null quantities?",
        ),
        (
            "write_file",
            {
                "path": "models/staging/stripe/stg_stripe__subscriptions.sql",
                "content": (
                    "with ranked as (\n  select *, row_number() over (partition by id order by "
                    "_sdc_extracted_at desc) as rn\n  from {{ source('stripe', 'subscriptions') }}\n)\n"
                    "select id as subscription_id, customer as customer_id, status, "
                    "to_timestamp(start_date) as started_at, to_timestamp(canceled_at) as canceled_at\n"
                    "from ranked where rn = 1\n"
                ),
            },
            "wrote 318 bytes",
            False,
            "Staging model with latest-row dedupe.",
        ),
        (
            "write_file",
            {
                "path": "models/staging/stripe/stg_stripe__subscription_items.sql",
                "content": (
                    "select id as item_id, subscription as subscription_id, price as price_id, "
                    "coalesce(quantity, 1) as quantity\nfrom {{ source('stripe', 'subscription_items') }}\n"
                ),
            },
            "wrote 171 bytes",
            False,
            "",
        ),
        (
            "write_file",
            {
                "path": "models/staging/stripe/stg_stripe__prices.sql",
                "content": (
                    "select id as price_id, unit_amount / 100.0 as unit_amount, currency, "
                    "recurring_interval as interval\nfrom {{ source('stripe', 'prices') }}\n"
                ),
            },
            "wrote 150 bytes",
            False,
            "",
        ),
        (
            "dbt",
            {
                "args": [
                    "run",
                    "--select",
                    "stg_stripe__subscriptions",
                    "stg_stripe__subscription_items",
                    "stg_stripe__prices",
                ]
            },
            (
                "1 of 3 OK created sql view model staging.stg_stripe__subscriptions\n2 of 3 OK created sql "
                "view model staging.stg_stripe__subscription_items\n3 of 3 ERROR creating sql view model "
                "staging.stg_stripe__prices\n  000904 (42000): SQL compilation error: invalid identifier "
                "'RECURRING_INTERVAL'"
            ),
            True,
            "Running the staging models.",
        ),
        (
            "sql",
            {
                "query": (
                    "select column_name from information_schema.columns where table_schema='RAW_STRIPE' "
                    "and table_name='PRICES' and column_name ilike '%interval%'"
                )
            },
            "COLUMN_NAME\nRECURRING__INTERVAL\nRECURRING__INTERVAL_COUNT\n",
            False,
            "Which interval column exists?",
        ),
        (
            "edit_file",
            {
                "path": "models/staging/stripe/stg_stripe__prices.sql",
                "old": "recurring_interval as interval",
                "new": "recurring__interval as interval, recurring__interval_count as interval_count",
            },
            "edited",
            False,
            "Double underscore from the flattening.",
        ),
        (
            "dbt",
            {"args": ["run", "--select", "stg_stripe__prices"]},
            "1 of 1 OK created sql view model staging.stg_stripe__prices",
            False,
            "",
        ),
        (
            "write_file",
            {
                "path": "models/marts/finance/fct_subscriptions.sql",
                "content": (
                    "with items as (...), mrr as (\n  select subscription_id, sum(case interval when "
                    "'month' then unit_amount * quantity / interval_count when 'year' then unit_amount * "
                    "quantity / (12 * interval_count) end) as mrr\n  from items join prices using "
                    "(price_id) group by 1\n)\nselect s.*, coalesce(m.mrr, 0) as mrr from subs s left join "
                    "mrr m using (subscription_id)\n"
                ),
            },
            "wrote 644 bytes",
            False,
            "Now the mart with MRR normalised to monthly.",
        ),
        (
            "dbt",
            {"args": ["run", "--select", "fct_subscriptions"]},
            "1 of 1 OK created sql table model marts.fct_subscriptions ... [SUCCESS 47990 in 6.21s]",
            False,
            "",
        ),
        (
            "write_file",
            {
                "path": "models/marts/finance/_finance__models.yml",
                "content": (
                    "models:\n  - name: fct_subscriptions\n    columns:\n      - name: subscription_id\n   "
                    "     tests: [unique, not_null]\n      - name: mrr\n        tests:\n          - "
                    "dbt_utils.accepted_range: {min_value: 0}\n      - name: status\n        tests:\n      "
                    "    - accepted_values: {values: [active, past_due, canceled, trialing, incomplete, "
                    "unpaid]}\n"
                ),
            },
            "wrote 402 bytes",
            False,
            "Tests.",
        ),
        (
            "dbt",
            {"args": ["test", "--select", "fct_subscriptions"]},
            (
                "1 of 4 PASS unique_fct_subscriptions_subscription_id\n2 of 4 PASS "
                "not_null_fct_subscriptions_subscription_id\n3 of 4 PASS "
                "dbt_utils_accepted_range_fct_subscriptions_mrr__0\n4 of 4 FAIL 3 "
                "accepted_values_fct_subscriptions_status\nDone. PASS=3 WARN=0 ERROR=1"
            ),
            True,
            "",
        ),
        (
            "sql",
            {"query": "select status, count(*) from marts.fct_subscriptions group by 1 order by 2 desc"},
            (
                "STATUS              COUNT(*)\nactive              31022\ncanceled            14410\n"
                "past_due            1709\ntrialing            846\nincomplete_expired  3\n"
            ),
            False,
            "Which status is unexpected?",
        ),
        (
            "edit_file",
            {
                "path": "models/marts/finance/_finance__models.yml",
                "old": "unpaid]",
                "new": "unpaid, incomplete_expired, paused]",
            },
            "edited",
            False,
            "incomplete_expired and paused are valid Stripe statuses.",
        ),
        (
            "dbt",
            {"args": ["test", "--select", "fct_subscriptions"]},
            "Done. PASS=4 WARN=0 ERROR=0",
            False,
            "",
        ),
        (
            "sql",
            {
                "query": (
                    "select round(sum(mrr), 2) from marts.fct_subscriptions where status in "
                    "('active','past_due')"
                )
            },
            "ROUND(SUM(MRR), 2)\n1184210.55\n",
            False,
            "Sanity check against finance's dashboard (€1.18m MRR).",
        ),
        (
            "read_file",
            {"path": "models/marts/finance/_finance__docs.md"},
            "{% docs mrr_definition %}\nMonthly recurring revenue ...\n{% enddocs %}\n",
            False,
            "",
        ),
        (
            "edit_file",
            {
                "path": "models/marts/finance/_finance__models.yml",
                "old": "  - name: fct_subscriptions\n",
                "new": (
                    "  - name: fct_subscriptions\n    description: One row per Stripe subscription (latest "
                    "state) with MRR.\n"
                ),
            },
            "edited",
            False,
            "Docs.",
        ),
        (
            "edit_file",
            {
                "path": "models/marts/finance/_finance__models.yml",
                "old": "      - name: mrr\n",
                "new": "      - name: mrr\n        description: '{{ doc(\"mrr_definition\") }}'\n",
            },
            "edited",
            False,
            "",
        ),
        ("dbt", {"args": ["docs", "generate"]}, "Catalog written to target/catalog.json", False, ""),
        (
            "dbt",
            {"args": ["build", "--select", "+fct_subscriptions"]},
            "Done. PASS=11 WARN=0 ERROR=0 SKIP=0 TOTAL=11",
            False,
            "Full build of the lineage.",
        ),
        (
            "shell",
            {"cmd": "sqlfluff lint models/staging/stripe models/marts/finance"},
            "L: 4 | P: 81 | LT05 | Line is too long (96 > 80).\nAll Finished!",
            True,
            "Linting SQL.",
        ),
        (
            "edit_file",
            {
                "path": "models/staging/stripe/stg_stripe__subscriptions.sql",
                "old": (
                    "select id as subscription_id, customer as customer_id, status, "
                    "to_timestamp(start_date) as started_at, to_timestamp(canceled_at) as canceled_at"
                ),
                "new": (
                    "select\n  id as subscription_id,\n  customer as customer_id,\n  status,\n  "
                    "to_timestamp(start_date) as started_at,\n  to_timestamp(canceled_at) as canceled_at"
                ),
            },
            "edited",
            False,
            "",
        ),
        (
            "shell",
            {"cmd": "sqlfluff lint models/staging/stripe models/marts/finance"},
            "All Finished! No violations.",
            False,
            "",
        ),
        (
            "shell",
            {
                "cmd": (
                    "git add -A && git commit -m 'Add fct_subscriptions with MRR, Stripe staging models, "
                    "tests and docs'"
                )
            },
            (
                "[feat/fct-subscriptions 4c1e9a2] Add fct_subscriptions with MRR, Stripe staging models, "
                "tests and docs\n 7 files changed, 142 insertions(+)"
            ),
            False,
            "",
        ),
        (
            "shell",
            {"cmd": "git push -u origin feat/fct-subscriptions"},
            "branch 'feat/fct-subscriptions' set up to track 'origin/feat/fct-subscriptions'.",
            False,
            "",
        ),
        (
            "github",
            {
                "action": "create_pull_request",
                "repo": "lumen/dw",
                "head": "feat/fct-subscriptions",
                "base": "main",
                "title": "Add fct_subscriptions (MRR)",
                "body": (
                    "- Stripe staging: subscriptions (deduped to latest extract), items (null qty → 1), "
                    "prices\n- fct_subscriptions with MRR (monthly-normalised)\n- tests + docs\n- MRR "
                    "active+past_due: €1,184,210.55"
                ),
            },
            js({"number": 912, "url": "https://github.com/lumen/dw/pull/912"}),
            False,
            "Opening the PR.",
        ),
    ]
    for name, args, result, error, text in steps:
        t.call(name, args, result, error=error, text=text)
    t.say(
        "PR #912 is open: three Stripe staging models (with latest-extract dedupe), fct_subscriptions with "
        "monthly-normalised MRR (€1.18m active+past_due), tests (all passing after allowing two valid "
        "Stripe statuses), docs, and a clean sqlfluff run."
    )
    return t.healthy(
        "A long session (~35 tool steps) with varied tools and arguments; dbt and SQL are used many times, "
        "but every call does something new and the two failures (a wrong column name, an unexpected status "
        "value) are fixed at once. Long, productive and not repetitive."
    )


def planner_similar_briefs() -> JSON:
    t = Trace(
        "blind6-healthy-planner-runbook-sections",
        "Multi-agent planner writes an on-call runbook: six delegations to a writer with the same brief "
        "template but different sections and facts; every report is a different section.",
        ids="uuid",
        meta={"agent_style": "multi-agent planner/worker system"},
    )
    t.user(
        "Write an on-call runbook for checkout-api: overview, dashboards, alerts, common failures, "
        "rollback, escalation."
    )
    sections = [
        (
            "Overview",
            (
                "Service: checkout-api (Kotlin, 12 pods, namespace shop). Depends on payments, inventory, "
                "Postgres checkout DB."
            ),
            (
                "## Overview\ncheckout-api turns carts into orders. It runs 12 pods in `shop` and calls "
                "payments and inventory synchronously; state lives in the checkout Postgres DB."
            ),
        ),
        (
            "Dashboards",
            (
                "Grafana: 'Checkout / Golden signals', 'Checkout / DB pool'. Traces in Tempo, "
                "service=checkout-api."
            ),
            (
                "## Dashboards\n- Checkout / Golden signals: latency, errors, traffic, saturation\n- "
                "Checkout / DB pool: pending connections (alert above 10)\n- Tempo: filter "
                "service=checkout-api"
            ),
        ),
        (
            "Alerts",
            "CheckoutHighErrorRate (>2% 5m), CheckoutP99High (>800ms 10m), CheckoutPoolPending (>10).",
            (
                "## Alerts\n| Alert | Condition | First check |\n|---|---|---|\n| CheckoutHighErrorRate | "
                ">2% for 5m | payments status |\n| CheckoutP99High | >800 ms for 10m | DB pool dashboard "
                "|\n| CheckoutPoolPending | >10 pending | DB_POOL_MAX, recent config changes |"
            ),
        ),
        (
            "Common failures",
            (
                "Past incidents: pool exhaustion after config change (OPS-771), payments timeout, "
                "inventory 409 storms."
            ),
            (
                "## Common failures\n1. Pool exhaustion: check DB_POOL_MAX and rollout history.\n2. "
                "Payments timeouts: check payments status page; enable degraded mode flag.\n3. Inventory "
                "409 storms: usually a stuck reservation job; restart inventory-reaper."
            ),
        ),
        (
            "Rollback",
            "Helm release checkout in shop; history kept 10; images tagged by semver.",
            (
                "## Rollback\n`helm history checkout -n shop`, then `helm rollback checkout <REV> -n "
                "shop`. Verify with `kubectl rollout status`. Never roll back across a DB migration "
                "without the DBA."
            ),
        ),
        (
            "Escalation",
            "Primary: #checkout-oncall; secondary: payments team for PSP issues; DBA on-call for DB.",
            (
                "## Escalation\nPage #checkout-oncall first; payments team for PSP errors; DBA on-call for "
                "DB locks or migrations. Incident commander for anything over 15 min customer impact."
            ),
        ),
    ]
    for name, facts, report in sections:
        t.call(
            "delegate",
            {
                "worker": "writer",
                "brief": {
                    "doc": "checkout-api on-call runbook",
                    "section": name,
                    "audience": "on-call engineers",
                    "max_words": 250,
                    "style": "imperative, markdown",
                    "facts": facts,
                },
            },
            report,
            text=f"Section: {name}.",
        )
    t.call(
        "delegate",
        {
            "worker": "reviewer",
            "brief": {
                "doc": "checkout-api on-call runbook",
                "task": "Check the six sections for contradictions and missing commands.",
                "max_words": 150,
            },
        },
        (
            "No contradictions. Suggest adding the exact Grafana URLs and the degraded-mode flag name "
            "(checkout_payments_degraded)."
        ),
        text="Review pass.",
    )
    t.call(
        "write_file",
        {
            "path": "docs/runbooks/checkout-api.md",
            "content": "# checkout-api on-call runbook\n\n" + "\n\n".join(r for _, _, r in sections) + "\n",
        },
        "wrote 2211 bytes",
        text="Assembling.",
    )
    t.say(
        "The runbook is in docs/runbooks/checkout-api.md with six sections. The reviewer suggests adding "
        "the Grafana URLs and the flag name checkout_payments_degraded; I can add those if you give me the "
        "URLs."
    )
    return t.healthy(
        "Six delegations to the same worker share one brief template (same doc, audience, word limit, "
        "style) but each names a different section with different facts, and each report is new content; "
        "then a review and assembly. A planner handing out different subtasks with similar briefs is not "
        "re-delegation."
    )


def narrating_resume_review() -> JSON:
    t = Trace(
        "blind6-healthy-resume-review-same-narration",
        "Recruiting agent screens ten applicants, saying 'Reviewing the next resume.' before every fetch; "
        "each resume is different and each gets its own note.",
        ids="openai",
        meta={"agent_style": "recruiting agent (ATS)"},
    )
    t.user(
        "Screen the 10 new applicants for REQ-2310 (Analytics Engineer: dbt, SQL, Looker). Add a note with "
        "a 1-5 score to each and give me the top 3."
    )
    applicants = [
        ("APP-9101", "Hana Kim", 5, "4 yrs dbt at a fintech, LookML, led a warehouse migration"),
        ("APP-9102", "Marco Rossi", 2, "BI analyst, Tableau only, basic SQL"),
        ("APP-9103", "Olu Adeyemi", 4, "dbt + Snowflake 2 yrs, some Looker"),
        ("APP-9104", "Sofia Lind", 3, "strong SQL, Airflow, no BI tool"),
        ("APP-9105", "Raj Patel", 5, "Analytics engineer, dbt core contributor, Looker certified"),
        ("APP-9106", "Emma Brown", 1, "marketing coordinator, no SQL"),
        ("APP-9107", "Yusuf Demir", 3, "data analyst, SQL, Power BI, learning dbt"),
        ("APP-9108", "Camille Roux", 4, "dbt, BigQuery, Looker Studio, 3 yrs"),
        ("APP-9109", "Piotr Zieliński", 2, "backend Java dev, some SQL"),
        ("APP-9110", "Aisha Bello", 4, "analytics engineer, dbt + Looker, 18 months"),
    ]
    t.call(
        "ats_list_applicants",
        {"req_id": "REQ-2310", "stage": "new"},
        js({"applicants": [{"id": a, "name": n} for a, n, _, _ in applicants]}),
        text="Listing new applicants.",
    )
    for app, name, score, summary in applicants:
        t.call(
            "ats_get_resume",
            {"applicant_id": app, "format": "text"},
            f"{name}\n{summary}.\nEducation: ...\nSkills: ...",
            text="Reviewing the next resume.",
        )
        t.call(
            "ats_add_note",
            {"applicant_id": app, "note": f"Screen score {score}/5: {summary}.", "visibility": "hiring_team"},
            js({"ok": True}),
            text="",
        )
    t.say(
        "Top 3 for REQ-2310: Raj Patel (5/5, dbt contributor, Looker certified), Hana Kim (5/5, dbt + "
        "LookML, led a migration), then Olu Adeyemi / Camille Roux / Aisha Bello tied at 4/5; I'd pick "
        "Camille for Looker depth. All 10 have a scored note."
    )
    return t.healthy(
        "The narration 'Reviewing the next resume.' is repeated word for word ten times, but each message "
        "fetches a different applicant's resume and is followed by its own note; the answer uses them all. "
        "Repeated narration over calls that each bring new results is not a narration loop."
    )


def month_end_long_tables() -> JSON:
    t = Trace(
        "blind6-healthy-month-end-close-long-tables",
        "Accounting agent runs a month-end close: a long trial-balance table, a close log with forty "
        "near-identical 'posted' lines, and a final reply with a long, regular markdown table.",
        ids="bedrock",
        meta={"agent_style": "finance/accounting agent"},
    )
    t.user(
        "Run the May close for entity LUM-DE: post the recurring accruals, then give me the trial balance "
        "by account class."
    )
    accounts = [(f"{4000 + i * 10}", f"Revenue line {i + 1}") for i in range(8)] + [
        (f"{6000 + i * 10}", f"Opex {n}")
        for i, n in enumerate(
            [
                "rent",
                "utilities",
                "software",
                "travel",
                "payroll",
                "payroll taxes",
                "insurance",
                "legal",
                "audit",
                "marketing",
                "cloud",
                "contractors",
            ]
        )
    ]
    tb_rows = [
        [a, n, f"{t.rng.uniform(1000, 90000):,.2f}", f"{t.rng.uniform(0, 5000):,.2f}"] for a, n in accounts
    ]
    t.call(
        "gl_trial_balance",
        {"entity": "LUM-DE", "period": "2025-05", "stage": "pre_close"},
        table(["account", "name", "debit", "credit"], tb_rows),
        text="Pre-close trial balance.",
    )
    log = "\n".join(
        (
            f"2025-06-02T07:{i // 6:02d}:{(i * 7) % 60:02d}Z INFO accrual ACR-{1200 + i} posted to "
            f"{t.rng.choice([a for a, _ in accounts])} amount {t.rng.uniform(100, 9000):.2f} EUR OK"
        )
        for i in range(40)
    )
    t.call(
        "gl_run_recurring_accruals",
        {"entity": "LUM-DE", "period": "2025-05"},
        log + "\nSUMMARY: 40 accruals posted, 0 failed",
        text="Posting recurring accruals.",
    )
    t.call(
        "gl_lock_period",
        {"entity": "LUM-DE", "period": "2025-05", "scope": "subledgers"},
        js({"locked": True, "scope": "subledgers"}),
        text="Locking subledgers.",
    )
    tb2 = [
        [a, n, f"{t.rng.uniform(1000, 95000):,.2f}", f"{t.rng.uniform(0, 5000):,.2f}"] for a, n in accounts
    ]
    t.call(
        "gl_trial_balance",
        {"entity": "LUM-DE", "period": "2025-05", "stage": "post_close"},
        table(["account", "name", "debit", "credit"], tb2),
        text="Post-close trial balance.",
    )
    md = "| Account | Name | Debit | Credit |\n|---|---|---|---|\n" + "\n".join(
        f"| {a} | {n} | {d} | {c} |" for a, n, d, c in tb2
    )
    t.say(
        "May close for LUM-DE: 40 recurring accruals posted (0 failures), subledgers locked.\n\n"
        f"Post-close trial balance:\n\n{md}\n\nRevenue (4xxx) and opex (6xxx) classes are listed in full; "
        "totals balance."
    )
    return t.healthy(
        "Long, regular outputs: a 20-row trial balance twice, a close log with forty near-identical "
        "'posted ... OK' lines, and a final markdown table of twenty similar rows. Repetitive structure in "
        "logs and tables is not degenerate text; every row carries different data and the task completes."
    )


def dependency_update_list() -> JSON:
    t = Trace(
        "blind6-healthy-dependency-bump-long-list",
        "Coding agent bumps 22 npm dependencies, runs the build and tests, and reports a long list where "
        "every line starts with 'Bumped'.",
        ids="anthropic",
        meta={"agent_style": "Renovate-like coding agent"},
    )
    t.user(
        "Update all minor/patch npm dependencies in apps/admin, make sure build and tests pass, and list "
        "what changed."
    )
    pkgs = [
        ("react", "18.2.0", "18.3.1"),
        ("react-dom", "18.2.0", "18.3.1"),
        ("vite", "5.2.0", "5.4.11"),
        ("@vitejs/plugin-react", "4.2.1", "4.3.4"),
        ("typescript", "5.4.5", "5.7.2"),
        ("vitest", "1.5.0", "1.6.0"),
        ("@testing-library/react", "15.0.2", "15.0.7"),
        ("zod", "3.22.4", "3.24.1"),
        ("ky", "1.2.4", "1.7.3"),
        ("date-fns", "3.6.0", "3.6.0"),
        ("clsx", "2.1.0", "2.1.1"),
        ("eslint", "9.1.1", "9.17.0"),
        ("prettier", "3.2.5", "3.4.2"),
        ("@tanstack/react-query", "5.32.0", "5.62.8"),
        ("react-router-dom", "6.23.0", "6.28.1"),
        ("msw", "2.2.14", "2.7.0"),
        ("tailwindcss", "3.4.3", "3.4.17"),
        ("postcss", "8.4.38", "8.4.49"),
        ("autoprefixer", "10.4.19", "10.4.20"),
        ("lucide-react", "0.372.0", "0.469.0"),
        ("@types/react", "18.2.79", "18.3.18"),
        ("@types/react-dom", "18.2.25", "18.3.5"),
        ("jsdom", "24.0.0", "24.1.3"),
    ]
    outdated = {p: {"current": a, "wanted": b, "latest": b} for p, a, b in pkgs if a != b}
    t.call(
        "run",
        {"cmd": "cd apps/admin && npm outdated --json"},
        js(outdated, indent=2),
        text="What's outdated?",
    )
    t.call(
        "run",
        {"cmd": "cd apps/admin && npm update --save"},
        f"changed {len(outdated) + 14} packages, and audited 812 packages in 19s\nfound 0 vulnerabilities",
        text="Updating within semver ranges.",
    )
    t.call(
        "run",
        {"cmd": "cd apps/admin && npm run build"},
        (
            "vite v5.4.11 building for production...\n✓ 1432 modules transformed.\ndist/index.html 0.61 "
            "kB\ndist/assets/index-Cq1x.js 412.08 kB │ gzip: 131.77 kB\n✓ built in 6.88s"
        ),
        text="Build.",
    )
    t.call(
        "run",
        {"cmd": "cd apps/admin && npx vitest run"},
        " Test Files  38 passed (38)\n      Tests  214 passed (214)\n   Duration  11.42s",
        text="Tests.",
    )
    lines = "\n".join(f"- Bumped `{p}` from {a} to {b}" for p, a, b in pkgs if a != b)
    t.say(
        f"All minor/patch updates applied in apps/admin; build OK and 214/214 tests pass.\n\n{lines}\n\n"
        "`date-fns` was already current. No major upgrades were made."
    )
    return t.healthy(
        "The final reply is a 22-line list where every line starts 'Bumped `pkg` from x to y': a list with "
        "a long shared prefix, each line different. The tool steps are varied and succeed. Repetitive list "
        "structure is not a degenerate reply."
    )


def onboarding_bulk_es() -> JSON:
    t = Trace(
        "blind6-healthy-onboarding-bulk-es",
        "Spanish-speaking helpdesk agent onboards six new hires: account, two groups and a licence each; "
        "same call shapes and similar narration for every person.",
        ids="gemini",
        meta={"agent_style": "IT helpdesk agent (directory, licences)", "language": "es"},
    )
    t.user(
        "Da de alta a los seis nuevos del equipo de Ventas que empiezan el lunes (lista en el ticket "
        "HD-48500): cuenta, grupos 'ventas' y 'crm-users', y licencia E3."
    )
    hires = [
        ("Lucía", "Gómez"),
        ("Javier", "Martín"),
        ("Carmen", "Ruiz"),
        ("Diego", "Navarro"),
        ("Paula", "Serrano"),
        ("Andrés", "Molina"),
    ]
    t.call(
        "tickets_get",
        {"ticket_id": "HD-48500"},
        js(
            {
                "id": "HD-48500",
                "new_hires": [f"{n} {a}" for n, a in hires],
                "start_date": "2025-09-01",
                "department": "Ventas",
            }
        ),
        text="Leo el ticket.",
    )
    for i, (nombre, apellido) in enumerate(hires):
        ascii_name = unicodedata.normalize("NFKD", apellido.lower()).encode("ascii", "ignore").decode()
        sam = f"{nombre[0].lower()}.{ascii_name}"
        t.call(
            "directorio_crear_usuario",
            {
                "nombre": nombre,
                "apellido": apellido,
                "usuario": sam,
                "departamento": "Ventas",
                "fecha_alta": "2025-09-01",
            },
            js({"ok": True, "usuario": sam}),
            text=f"Creo la cuenta de {nombre} {apellido}.",
        )
        t.act(
            "",
            [
                ("grupos_agregar_miembro", {"grupo": "ventas", "usuario": sam}, js({"ok": True}), False),
                ("grupos_agregar_miembro", {"grupo": "crm-users", "usuario": sam}, js({"ok": True}), False),
            ],
        )
        t.call(
            "licencias_asignar",
            {"usuario": sam, "sku": "E3"},
            js({"ok": True, "sku": "E3", "restantes": len(hires) - 1 - i}),
            text="",
        )
    t.call(
        "tickets_comment",
        {
            "ticket_id": "HD-48500",
            "body": (
                "Altas completadas: 6 cuentas, grupos ventas y crm-users, licencia E3. Quedan 0 licencias "
                "E3 libres."
            ),
            "internal": False,
        },
        js({"ok": True}),
        text="",
    )
    t.say(
        "Listo: seis cuentas creadas con los grupos 'ventas' y 'crm-users' y licencia E3. Aviso: con estas "
        "altas no quedan licencias E3 libres."
    )
    return t.healthy(
        "Six people, each with the same sequence (create account, add to two groups, assign licence) and "
        "similar narration; every call targets a different user and is acknowledged alike. Bulk onboarding "
        "is fan-out, not a loop."
    )


BUILDERS = [
    dbt_long_session,
    planner_similar_briefs,
    narrating_resume_review,
    month_end_long_tables,
    dependency_update_list,
    onboarding_bulk_es,
]
