"""Healthy: polling jobs, builds, rollouts and approvals whose intermediate statuses repeat before they
finish; transient errors retried until they succeed, or retried two or three times and then handed off."""

from __future__ import annotations

from typing import Any

from blind7gen.builder import Builder, Call, Scenario, Trace, grid, pretty


def ci_build_poll() -> Scenario:
    t = Trace(
        "blind7-healthy-claude-code-ci-run-poll",
        "Claude Code style agent pushes a fix and polls the GitHub Actions run with the same sleep-and-view "
        "command; five identical 'in_progress' answers, then the run completes green.",
        agent="Claude Code style coding agent (Bash, gh CLI)",
        model="claude-sonnet-4-5",
        ids="toolu",
    )
    t.user("Push the lockfile fix and wait for CI on the PR to go green before telling me.")
    t.call(
        "Bash",
        {"command": "git push origin fix/lockfile-drift", "description": "Push the branch"},
        "To github.com:acme/storefront.git\n   4be81c2..a71f0d9  fix/lockfile-drift -> fix/lockfile-drift",
    )
    t.call(
        "Bash",
        {
            "command": "gh run list --branch fix/lockfile-drift --limit 1 --json databaseId,status,name",
            "description": "Find the CI run",
        },
        '[{"databaseId":13877402211,"name":"ci","status":"queued"}]',
    )
    poll = {
        "command": "sleep 45 && gh run view 13877402211 --json status,conclusion,jobs --jq '{status, "
        "conclusion, jobs: [.jobs[] | {name, status, conclusion}]}'",
        "description": "Wait and check the CI run",
        "timeout": 120000,
    }
    running = pretty(
        {
            "status": "in_progress",
            "conclusion": "",
            "jobs": [
                {"name": "lint", "status": "completed", "conclusion": "success"},
                {"name": "unit (node 20)", "status": "in_progress", "conclusion": ""},
                {"name": "e2e (playwright)", "status": "queued", "conclusion": ""},
            ],
        }
    )
    e2e = pretty(
        {
            "status": "in_progress",
            "conclusion": "",
            "jobs": [
                {"name": "lint", "status": "completed", "conclusion": "success"},
                {"name": "unit (node 20)", "status": "completed", "conclusion": "success"},
                {"name": "e2e (playwright)", "status": "in_progress", "conclusion": ""},
            ],
        }
    )
    done = pretty(
        {
            "status": "completed",
            "conclusion": "success",
            "jobs": [
                {"name": "lint", "status": "completed", "conclusion": "success"},
                {"name": "unit (node 20)", "status": "completed", "conclusion": "success"},
                {"name": "e2e (playwright)", "status": "completed", "conclusion": "success"},
            ],
        }
    )
    for i, res in enumerate([running] * 5 + [e2e] * 3 + [done]):
        t.call("Bash", dict(poll), res, text="Waiting for CI." if i == 0 else "")
    t.say(
        "CI is green on PR #482 (lint, unit, e2e all passed, run 13877402211). The lockfile fix is ready "
        "to merge."
    )
    return t.healthy(
        "Polling: the same sleep-and-view command is issued nine times; the first five answers are "
        "byte-identical "
        "('unit' still in progress), then e2e runs, then the run completes with success and the agent "
        "reports. "
        "The user asked it to wait for CI, each poll includes a 45 s sleep, and the job finishes: a guard "
        "must "
        "not stop this."
    )


def canary_rollout_wait_poll() -> Scenario:
    t = Trace(
        "blind7-healthy-sre-canary-rollout-wait-poll",
        "SRE agent promotes a canary rollout and alternates a wait tool with a status check; the paused "
        "status "
        "repeats four times, then steps advance and the rollout becomes healthy.",
        agent="SRE release agent (Argo Rollouts-like tools)",
        model="gpt-5-mini",
        ids="call",
    )
    t.user(
        "Roll out search-api 5.2.0 with the standard canary and keep an eye on it until it's fully promoted."
    )
    t.call(
        "rollout_set_image",
        {"rollout": "search-api", "namespace": "search", "image": "registry.internal/search-api:5.2.0"},
        pretty({"rollout": "search-api", "revision": 41, "status": "Progressing"}),
    )
    status = {"rollout": "search-api", "namespace": "search"}
    paused = pretty(
        {
            "phase": "Paused",
            "step": "3/8",
            "setWeight": 20,
            "message": "CanaryPauseStep (10m)",
            "analysis": "Running",
        }
    )
    step5 = pretty(
        {
            "phase": "Paused",
            "step": "5/8",
            "setWeight": 50,
            "message": "CanaryPauseStep (10m)",
            "analysis": "Successful",
        }
    )
    healthy = pretty(
        {
            "phase": "Healthy",
            "step": "8/8",
            "setWeight": 100,
            "message": "Rollout is fully promoted",
            "analysis": "Successful",
        }
    )
    seq = [paused] * 4 + [step5] * 3 + [healthy]
    for i, res in enumerate(seq):
        t.call(
            "wait",
            {"seconds": 150},
            "waited 150s",
            text="Waiting for the first canary step." if i == 0 else "",
        )
        t.call("rollout_status", dict(status), res)
    t.call(
        "metrics_query",
        {
            "expr": 'sum(rate(http_requests_total{app="search-api",code=~"5.."}[10m])) / '
            'sum(rate(http_requests_total{app="search-api"}[10m]))'
        },
        pretty({"value": 0.0007}),
    )
    t.say(
        "search-api 5.2.0 is fully promoted (revision 41). Canary analysis passed at 20% and 50%; 5xx "
        "ratio is 0.07%."
    )
    return t.healthy(
        "Polling a canary: wait(150 s) and rollout_status alternate sixteen times; 'Paused 3/8' comes "
        "back four "
        "times in a row and 'Paused 5/8' three times, then the rollout is Healthy. An A/B alternation with "
        "identical results on both sides for a while, but the pauses are timed canary steps and the status "
        "advances; the user asked to watch until promotion."
    )


def finance_approval_poll() -> Scenario:
    t = Trace(
        "blind7-healthy-finance-je-approval-poll",
        "Close agent submits a journal entry for approval and checks the approval status six times (pending, "
        "unchanged) until the controller approves, then posts it.",
        agent="Finance close agent (ERP journal and approval tools)",
        model="gemini-2.5-pro",
        ids="fc",
    )
    t.user(
        "Post the February bonus accrual JE (DR 6110 / CR 2160, 212,400 USD) once Marta approves it. I'm "
        "out this afternoon; just get it done."
    )
    t.call(
        "erp_create_journal",
        {
            "company": "US01",
            "period": "2026-02",
            "lines": [
                {"account": "6110", "debit": 212400.00, "memo": "Feb bonus accrual"},
                {"account": "2160", "credit": 212400.00, "memo": "Feb bonus accrual"},
            ],
            "attachments": ["bonus_calc_feb.xlsx"],
        },
        pretty({"journal_id": "JE-2026-02-0187", "status": "draft"}),
    )
    t.call(
        "approval_submit",
        {
            "object": "JE-2026-02-0187",
            "approver": "marta.lindqvist",
            "note": "Per bonus model v3; see attachment.",
        },
        pretty({"request_id": "APR-55810", "status": "pending", "approver": "marta.lindqvist"}),
    )
    pending = pretty(
        {"request_id": "APR-55810", "status": "pending", "approver": "marta.lindqvist", "comments": []}
    )
    for i in range(6):
        t.call(
            "approval_get_status",
            {"request_id": "APR-55810"},
            pending,
            text="Waiting for Marta's approval (checking every 15 minutes)." if i == 0 else "Still pending.",
        )
    t.call(
        "approval_get_status",
        {"request_id": "APR-55810"},
        pretty(
            {
                "request_id": "APR-55810",
                "status": "approved",
                "approver": "marta.lindqvist",
                "comments": ["OK – matches model v3"],
            }
        ),
    )
    t.call(
        "erp_post_journal",
        {"journal_id": "JE-2026-02-0187"},
        pretty({"journal_id": "JE-2026-02-0187", "status": "posted", "document_no": "1900004412"}),
    )
    t.say(
        "Marta approved APR-55810 ('OK – matches model v3'); JE-2026-02-0187 is posted as document "
        "1900004412."
    )
    return t.healthy(
        "Polling an approval: approval_get_status returns the identical 'pending' answer six times before it "
        "turns 'approved', and the agent then posts the entry. The user explicitly asked it to wait for the "
        "approval; identical intermediate statuses are expected while a human decides."
    )


def warehouse_query_poll_and_fetch() -> Scenario:
    t = Trace(
        "blind7-healthy-bi-warehouse-async-query-poll",
        "BI agent submits a heavy warehouse query asynchronously, polls its status (five identical RUNNING "
        "answers), then fetches four result partitions with the same call shape.",
        agent="BI agent (Snowflake-like SQL API)",
        model="gpt-4.1",
        ids="call",
    )
    t.user("Give me 2025 revenue by month and channel for all markets. It's a big table, take your time.")
    sql = (
        "SELECT DATE_TRUNC('month', order_ts) AS month, channel, market, SUM(net_revenue_usd) AS revenue\n"
        "FROM analytics.fct_orders\nWHERE order_ts >= '2025-01-01' AND order_ts < '2026-01-01'\nGROUP BY "
        "1, 2, 3\nORDER BY 1, 2, 3"
    )
    t.call(
        "sql_submit",
        {"statement": sql, "warehouse": "BI_XL", "async": True},
        pretty({"statementHandle": "01b2c3d4-0000-7e91-0000-4a1100a6f2b2", "status": "RUNNING"}),
    )
    running = pretty(
        {"status": "RUNNING", "message": "Statement is still executing.", "stats": {"rowsProduced": 0}}
    )
    for i in range(5):
        t.call(
            "sql_get_status",
            {"statementHandle": "01b2c3d4-0000-7e91-0000-4a1100a6f2b2"},
            running,
            text="Running; checking again shortly." if i == 0 else "",
        )
    t.call(
        "sql_get_status",
        {"statementHandle": "01b2c3d4-0000-7e91-0000-4a1100a6f2b2"},
        pretty(
            {
                "status": "SUCCESS",
                "resultSetMetaData": {"numRows": 1728, "partitionInfo": [{"rowCount": 432}] * 4},
            }
        ),
    )
    months = [
        "2025-01",
        "2025-02",
        "2025-03",
        "2025-04",
        "2025-05",
        "2025-06",
        "2025-07",
        "2025-08",
        "2025-09",
        "2025-10",
        "2025-11",
        "2025-12",
    ]
    channels = ["direct", "marketplace", "partner", "retail"]
    for p in range(4):
        rows = []
        for k in range(6):
            m = months[(p * 3 + k // 2) % 12]
            rows.append(
                [
                    m,
                    channels[(p + k) % 4],
                    ["US", "DE", "BR", "KR", "JP", "FR"][k],
                    f"{t.rng.uniform(80_000, 2_400_000):,.2f}",
                ]
            )
        body = grid(["month", "channel", "market", "revenue"], rows) + f"\n… (432 rows in partition {p})"
        t.call(
            "sql_get_result",
            {"statementHandle": "01b2c3d4-0000-7e91-0000-4a1100a6f2b2", "partition": p},
            body,
        )
    t.say(
        "All 1,728 rows fetched (12 months × 4 channels × 36 markets). Direct is the largest channel in "
        "every month; "
        "marketplace grew fastest (+38% Dec vs Jan). Want a chart or a pivot by market?"
    )
    return t.healthy(
        "Polling then pagination: sql_get_status returns the identical RUNNING payload five times before "
        "SUCCESS, "
        "then sql_get_result fetches partitions 0-3 with the same call shape and new rows each time. The "
        "query "
        "completes and the agent answers."
    )


def devicefarm_run_poll() -> Scenario:
    t = Trace(
        "blind7-healthy-mobileqa-devicefarm-run-poll",
        "Mobile QA agent schedules a 48-test device-farm run, polls it (three identical 'RUNNING 0/48' "
        "answers, "
        "then progress), and investigates the two failures with different artifacts.",
        agent="Mobile QA agent (AWS Device Farm-like API)",
        model="claude-sonnet-4-5",
        ids="toolu",
    )
    t.user(
        "Run the regression suite for build 8.3.0 (1142) on the top-5 Android devices and tell me what "
        "failed."
    )
    arn = "arn:aws:devicefarm:us-west-2:1234:run:5f1c/8c2e"
    t.call(
        "devicefarm_schedule_run",
        {
            "project": "fitloop-android",
            "app_upload": "fitloop-8.3.0-1142.apk",
            "test_package": "regression-espresso.zip",
            "device_pool": "top5-android",
        },
        pretty({"run": {"arn": arn, "status": "SCHEDULING", "totalJobs": 5}}),
    )
    for res in [{"status": "RUNNING", "counters": {"total": 48, "passed": 0, "failed": 0}}] * 3 + [
        {"status": "RUNNING", "counters": {"total": 48, "passed": 17, "failed": 1}},
        {"status": "RUNNING", "counters": {"total": 48, "passed": 39, "failed": 2}},
        {"status": "COMPLETED", "result": "FAILED", "counters": {"total": 48, "passed": 46, "failed": 2}},
    ]:
        t.call("devicefarm_get_run", {"arn": arn}, pretty({"run": res}))
    t.call(
        "devicefarm_list_tests",
        {"arn": arn, "filter": {"result": "FAILED"}},
        pretty(
            {
                "tests": [
                    {
                        "name": "WorkoutTimerTest#pauseResumeKeepsElapsed",
                        "device": "Galaxy S24 (Android 14)",
                        "artifact": "art-1",
                    },
                    {
                        "name": "OnboardingTest#notificationOptInShown",
                        "device": "Pixel 8 (Android 15)",
                        "artifact": "art-2",
                    },
                ]
            }
        ),
    )
    t.act(
        "Pulling both failure logs.",
        Call(
            "devicefarm_get_artifact",
            {"arn": arn, "artifact": "art-1", "type": "LOGCAT"},
            "03-05 10:14:02.118 E/TestRunner: java.lang.AssertionError: expected:<00:45> but "
            "was:<00:44>\n\tat WorkoutTimerTest.pauseResumeKeepsElapsed(WorkoutTimerTest.kt:88)",
        ),
        Call(
            "devicefarm_get_artifact",
            {"arn": arn, "artifact": "art-2", "type": "LOGCAT"},
            "03-05 10:21:40.552 E/TestRunner: androidx.test.espresso.NoMatchingViewException: No views in "
            'hierarchy found matching: with text: is "Allow notifications"\n'
            "03-05 10:21:40.553 I/PermissionController: POST_NOTIFICATIONS auto-granted (test harness flag)",
        ),
        shuffle=True,
    )
    t.say(
        "46/48 passed. Failures: (1) WorkoutTimerTest on Galaxy S24 is off by one second after "
        "pause/resume — likely a rounding bug; "
        "(2) the notification opt-in screen is skipped on Pixel 8 because the harness auto-grants "
        "POST_NOTIFICATIONS, so that test is environment-related."
    )
    return t.healthy(
        "Polling a device-farm run: three identical 'RUNNING 0/48' answers, then changing counters, then "
        "COMPLETED; the follow-up fetches two different artifacts in one parallel batch. Every poll is "
        "expected "
        "and the session ends with a useful report."
    )


def crm_rate_limit_retry() -> Scenario:
    t = Trace(
        "blind7-healthy-crm-batch-update-429-retry",
        "CRM agent updates 40 contacts in batches of 10; one batch hits HTTP 429 twice and succeeds on "
        "the third "
        "identical try after the Retry-After delay.",
        agent="RevOps agent (HubSpot-like batch API)",
        model="gpt-4o-mini",
        ids="call",
    )
    t.user("Set lifecycle stage to 'customer' for the 40 contacts in the Q1 closed-won list.")
    ids = [str(510_200 + 37 * i) for i in range(40)]
    t.call(
        "crm_list_memberships",
        {"list_id": "Q1-closed-won", "limit": 100},
        pretty({"total": 40, "contact_ids": ids}),
    )
    batches = [ids[i : i + 10] for i in range(0, 40, 10)]
    for n, batch in enumerate(batches):
        args = {
            "objectType": "contacts",
            "inputs": [{"id": cid, "properties": {"lifecyclestage": "customer"}} for cid in batch],
        }
        if n == 2:
            for wait in (2, 4):
                t.call(
                    "crm_batch_update",
                    args,
                    pretty(
                        {
                            "status": "error",
                            "category": "RATE_LIMITS",
                            "message": "You have reached your secondly limit.",
                            "policyName": "SECONDLY",
                            "retryAfterSeconds": wait,
                        }
                    ),
                    error=True,
                    text=f"Rate limited; retrying after {wait}s.",
                )
        t.call(
            "crm_batch_update",
            args,
            pretty(
                {
                    "status": "COMPLETE",
                    "results": [{"id": cid, "lifecyclestage": "customer"} for cid in batch[:3]]
                    + [{"...": f"{len(batch) - 3} more"}],
                }
            ),
            text=f"Batch {n + 1} of 4." if n != 2 else "",
        )
    t.say(
        "All 40 contacts are now lifecycle stage 'customer' (batch 3 needed two retries after rate limiting)."
    )
    return t.healthy(
        "Transient error retried: batch 3 gets HTTP 429 twice (with increasing Retry-After) and the "
        "identical "
        "third call succeeds; the other batches have the same call shape with different ids. Two retries "
        "after "
        "a rate limit, then success, is exactly what a client should do."
    )


def ehr_503_handoff_de() -> Scenario:
    t = Trace(
        "blind7-healthy-healthcare-ehr-503-handoff-de",
        "German patient-portal agent finds a slot, booking fails three times with 503, and the agent "
        "hands the "
        "booking to the human scheduling team and tells the patient.",
        agent="Patient-portal assistant (HIS booking API, task queue)",
        model="claude-haiku-4-5",
        ids="toolu",
    )
    t.user(
        "Hallo, ich möchte meinen Termin zur Blutabnahme bei Dr. Yilmaz buchen, gerne "
        "Donnerstagvormittag. Patientennummer 4410-8837."
    )
    t.call(
        "his_get_patient",
        {"patient_id": "4410-8837"},
        pretty({"name": "Lukas Brandt", "insurance": "TK", "phone_verified": True}),
    )
    t.call(
        "his_find_slots",
        {
            "provider": "dr-yilmaz-allg",
            "date_from": "2026-03-12",
            "date_to": "2026-03-12",
            "visit_type": "labor",
        },
        pretty(
            {
                "slots": [
                    {"slot_id": "S-7781", "start": "2026-03-12T08:40:00+01:00"},
                    {"slot_id": "S-7784", "start": "2026-03-12T09:20:00+01:00"},
                ]
            }
        ),
        text="Ich suche freie Termine am Donnerstag.",
    )
    book = {"slot_id": "S-7781", "patient_id": "4410-8837", "visit_type": "labor"}
    err = (
        "<html><head><title>503 Service Unavailable</title></head><body><h1>Service "
        "Unavailable</h1><p>The booking backend is temporarily unavailable (upstream: "
        "his-gw-02).</p></body></html>"
    )
    texts = [
        "Ich buche 08:40 Uhr für Sie.",
        "Der Buchungsdienst antwortet gerade nicht. Ich versuche es noch einmal.",
        "Noch ein letzter Versuch.",
    ]
    for x in texts:
        t.call("his_book_slot", dict(book), err, error=True, text=x)
    t.call(
        "task_create",
        {
            "queue": "terminvergabe",
            "priority": "normal",
            "title": "Blutabnahme Dr. Yilmaz – Buchung fehlgeschlagen (503)",
            "body": "Patient 4410-8837 (Lukas Brandt) wünscht Slot S-7781 am 12.03. 08:40. Online-Buchung "
            "3x mit 503 fehlgeschlagen. Bitte manuell buchen und Patient per SMS bestätigen.",
        },
        pretty({"task_id": "TV-20931", "status": "open"}),
        text="Ich gebe die Buchung an unser Terminteam weiter.",
    )
    t.say(
        "Die Online-Buchung ist gerade gestört. Ich habe den Termin am Donnerstag, 12.03., um 08:40 Uhr "
        "für Sie beim Terminteam "
        "hinterlegt (Vorgang TV-20931); Sie erhalten die Bestätigung per SMS. Bitte kommen Sie nüchtern."
    )
    return t.healthy(
        "Three identical booking attempts fail with HTTP 503, then the agent changes approach (hands the "
        "booking "
        "to the human scheduling queue) and informs the patient. Three failed retries of a transient error "
        "followed by a hand-off is the behaviour we want, not a loop."
    )


def gov_form_transient_retry() -> Scenario:
    t = Trace(
        "blind7-healthy-browser-dmv-renewal-transient-retry",
        "Browser agent renews a vehicle registration on a state DMV site; the payment submit returns a "
        "502 page "
        "once and a 'try again' banner once, and the third submit succeeds.",
        agent="Browser agent (computer-use style: navigate, fill, click, read page)",
        model="gpt-5",
        ids="call",
    )
    t.user(
        "Renew the registration for plate 8KQW214 on the California DMV site. Use the saved card ending 4417."
    )
    t.call(
        "browser_navigate",
        {"url": "https://www.dmv.ca.gov/wasapp/ivrr/"},
        "Page: 'Vehicle Registration Renewal' – fields: License Plate Number, Last 5 digits of VIN",
    )
    t.act(
        "",
        Call("browser_fill", {"selector": "#plate", "text": "8KQW214"}, "ok"),
        Call("browser_fill", {"selector": "#vin5", "text": "31207"}, "ok"),
        Call(
            "browser_click",
            {"selector": "button#continue"},
            "Page: 'Renewal details' – 2019 Honda Civic, fees due $232.00, smog: not required this year. "
            "Button: Continue to payment",
        ),
    )
    t.call(
        "browser_click",
        {"selector": "text=Continue to payment"},
        "Page: 'Payment' – saved card •••• 4417 selected. Button: Submit payment",
    )
    submit = {"selector": "button#submit-payment"}
    t.call(
        "browser_click",
        dict(submit),
        "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad "
        "Gateway</h1></center><hr><center>nginx</center></body></html>",
        text="Submitting payment.",
    )
    t.call(
        "browser_navigate",
        {"url": "https://www.dmv.ca.gov/wasapp/ivrr/payment"},
        "Page: 'Payment' – banner: 'We could not process your request. No payment was taken. Please try "
        "again.' saved card •••• 4417 selected.",
        text="Gateway error. Checking whether the payment went through before retrying.",
    )
    t.call(
        "browser_click",
        dict(submit),
        "Page: 'Payment' – banner: 'System is busy. Please try again in a moment.'",
    )
    t.call(
        "browser_click",
        dict(submit),
        "Page: 'Confirmation' – Transaction #RR-2026-0311-88412. Amount $232.00 charged to •••• 4417. "
        "Your new sticker will be mailed within 10 business days.",
    )
    t.say(
        "Done: registration for 8KQW214 renewed, $232.00 charged to card •••• 4417, confirmation "
        "RR-2026-0311-88412. The sticker arrives by mail within 10 business days."
    )
    return t.healthy(
        "Transient failures retried: the payment submit gets a 502 page, the agent checks that no payment "
        "was "
        "taken, the identical submit gets a 'system busy' banner, and the third attempt succeeds. Two "
        "failures "
        "then success, with a sensible check in between."
    )


def grafana_502_switch() -> Scenario:
    t = Trace(
        "blind7-healthy-sre-grafana-502-switch-datasource",
        "SRE agent's Grafana proxy query returns 502 twice; it switches to the Prometheus API directly and "
        "finishes the latency investigation.",
        agent="SRE on-call agent (Grafana, Prometheus, kubectl tools)",
        model="gpt-5-mini",
        ids="call",
    )
    t.user("p99 latency on cart-api alert fired (1.8s > 800ms). What's going on?")
    q = {
        "datasource": "prom-prod",
        "expr": "histogram_quantile(0.99, sum by (le, route) "
        '(rate(http_server_duration_seconds_bucket{app="cart-api"}[5m])))',
        "range": "1h",
        "step": "60s",
    }
    bad = (
        '{"message":"Bad Gateway","traceID":"7f1d0c2e9a"}\nHTTP 502 from '
        "/api/datasources/proxy/uid/prom-prod/api/v1/query_range"
    )
    t.call("grafana_query", dict(q), bad, error=True, text="Checking p99 by route.")
    t.call("grafana_query", dict(q), bad, error=True, text="Grafana proxy 502; one retry.")
    t.call(
        "prometheus_query_range",
        {
            "url": "http://prometheus-prod.monitoring:9090",
            "query": q["expr"],
            "start": "now-1h",
            "end": "now",
            "step": "60s",
        },
        pretty(
            {
                "status": "success",
                "data": {
                    "result": [
                        {
                            "metric": {"route": "POST /cart/items"},
                            "values_tail": [["10:52", "1.91"], ["10:53", "1.84"]],
                        },
                        {
                            "metric": {"route": "GET /cart"},
                            "values_tail": [["10:52", "0.12"], ["10:53", "0.11"]],
                        },
                    ]
                },
            }
        ),
        text="Going to Prometheus directly instead of through Grafana.",
    )
    t.call(
        "prometheus_query_range",
        {
            "url": "http://prometheus-prod.monitoring:9090",
            "query": 'sum by (pool) (rate(redis_client_wait_seconds_sum{app="cart-api"}[5m]))',
            "start": "now-1h",
            "end": "now",
            "step": "60s",
        },
        pretty(
            {
                "status": "success",
                "data": {
                    "result": [
                        {
                            "metric": {"pool": "inventory-lock"},
                            "values_tail": [["10:52", "1.62"], ["10:53", "1.70"]],
                        }
                    ]
                },
            }
        ),
    )
    t.call(
        "kubectl",
        {"args": ["-n", "cart", "logs", "deploy/cart-api", "--since=15m", "--tail=5"]},
        "WARN lock inventory:sku:88120 held 1.6s by worker-7 (bulk import job)\nWARN lock "
        "inventory:sku:88120 held 1.7s by worker-7 (bulk import job)",
    )
    t.say(
        "POST /cart/items p99 is ~1.9s because requests wait ~1.7s on the Redis inventory lock held by "
        "the bulk import job (worker-7). "
        "Other routes are fine. Pause or reschedule the import; Grafana's proxy is also returning 502s "
        "(separate issue)."
    )
    return t.healthy(
        "Two identical Grafana queries fail with 502 (one retry), then the agent changes approach and "
        "queries "
        "Prometheus directly; the investigation progresses to a root cause. One retry then a switch is "
        "healthy."
    )


def codex_pip_timeout_retry() -> Scenario:
    t = Trace(
        "blind7-healthy-codex-pip-timeout-retry",
        "Codex-style agent's dependency install times out once; a retry with longer timeouts succeeds and "
        "the "
        "task continues to green tests.",
        agent="Codex CLI-style coding agent (shell)",
        model="gpt-5-codex",
        ids="call",
    )
    wd = "/workspace/geo-tiles"

    def sh(cmd: str) -> dict[str, Any]:
        return {"command": ["bash", "-lc", cmd], "workdir": wd}

    t.user("Add shapely 2.x support (drop the 1.8 shims) and make the tests pass.")
    t.call(
        "shell",
        sh("pip install -e '.[dev]' 'shapely>=2.0,<3'"),
        "Collecting shapely<3,>=2.0\n  Downloading shapely-2.0.7-cp312-cp312-manylinux_2_17_x86_64.whl "
        "(2.5 MB)\n"
        "     ━━━━━━━━━━━━━━━━━╸━━━━━━━━━━━━━━━━━━━━━━ 1.1/2.5 MB 210.3 kB/s eta 0:00:07\n"
        "ERROR: Exception:\npip._vendor.urllib3.exceptions.ReadTimeoutError: "
        "HTTPSConnectionPool(host='files.pythonhosted.org', port=443): Read timed out.",
        error=True,
    )
    t.call(
        "shell",
        sh("pip install --retries 5 --timeout 60 -e '.[dev]' 'shapely>=2.0,<3'"),
        "Successfully installed geo-tiles-0.9.0 shapely-2.0.7",
        text="Network timeout; retrying with longer timeouts.",
    )
    t.call(
        "shell",
        sh("rg -n 'shapely_compat|_HAS_SHAPELY2|from shapely.geos' src"),
        "src/geo_tiles/compat.py:3:_HAS_SHAPELY2 = "
        "shapely.__version__.startswith('2')\nsrc/geo_tiles/clip.py:5:from geo_tiles.compat import "
        "shapely_compat\n"
        "src/geo_tiles/clip.py:41:    geom = shapely_compat.make_valid(geom)",
    )
    t.call(
        "apply_patch",
        {
            "input": "*** Begin Patch\n*** Delete File: src/geo_tiles/compat.py\n*** Update File: "
            "src/geo_tiles/clip.py\n@@\n-from geo_tiles.compat import shapely_compat\n+from "
            "shapely import make_valid\n@@\n-    geom = shapely_compat.make_valid(geom)\n+    "
            "geom = make_valid(geom)\n*** End Patch"
        },
        "Success. Updated the following files:\nD src/geo_tiles/compat.py\nM src/geo_tiles/clip.py",
    )
    t.call("shell", sh("python -m pytest -q"), "..................................\n34 passed in 2.41s")
    t.say(
        "Dropped the shapely 1.8 shims (compat.py removed, clip.py uses shapely.make_valid); 34 tests "
        "pass on shapely 2.0.7. The first install hit a PyPI read timeout and succeeded on retry."
    )
    return t.healthy(
        "One transient network failure (ReadTimeoutError), one retry with longer timeouts that succeeds, "
        "then "
        "normal progress to passing tests. Not a loop."
    )


BUILDERS: list[Builder] = [
    ci_build_poll,
    canary_rollout_wait_poll,
    finance_approval_poll,
    warehouse_query_poll_and_fetch,
    devicefarm_run_poll,
    crm_rate_limit_retry,
    ehr_503_handoff_de,
    gov_form_transient_retry,
    grafana_502_switch,
    codex_pip_timeout_retry,
]
