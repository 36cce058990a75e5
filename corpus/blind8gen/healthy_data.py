"""Healthy runs of data-engineering agents: polls that finish, edit-and-rerun, backfill fan-out, paging."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js


def airflow_poll_success() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-001-airflow-dag-run-polled-to-success",
        "An Airflow agent triggers a DAG run and polls it with the same call while it is queued and running "
        "(identical answers), until it succeeds; then it reports the task timings.",
        agent="Airflow operations agent (OpenAI Agents SDK, Airflow REST API tools)",
        model="gpt-4.1-mini",
        start="2026-03-11T09:00:00+00:00",
        ids="call",
    )
    dag = "customer_360_refresh"
    t.user(f"Trigger {dag} for today with full_refresh=false and tell me when it's done.")
    run = "manual__2026-03-11T09:00:41+00:00"
    t.step(
        "Triggering the run.",
        c(
            "airflow_trigger_dag_run",
            {"dag_id": dag, "conf": {"full_refresh": False}},
            js(
                {
                    "dag_id": dag,
                    "dag_run_id": run,
                    "state": "queued",
                    "logical_date": "2026-03-11T09:00:41+00:00",
                }
            ),
        ),
    )
    args = {"dag_id": dag, "dag_run_id": run}
    queued = js({"dag_run_id": run, "state": "queued", "start_date": None, "end_date": None})
    running = js(
        {"dag_run_id": run, "state": "running", "start_date": "2026-03-11T09:01:30+00:00", "end_date": None}
    )
    states = [queued, queued, *[running] * 8]
    texts = [
        "Checking the run.",
        "Still queued; the pool may be busy. Checking again shortly.",
        "Running. I'll check again in a minute.",
        "",
        "Still running.",
        "",
        "Still running; the transform tasks usually take a few minutes.",
        "",
        "Still running.",
        "",
    ]
    for text, state in zip(texts, states, strict=True):
        t.wait(60)
        t.step(text, c("airflow_get_dag_run", args, state))
    t.wait(60)
    t.step(
        "",
        c(
            "airflow_get_dag_run",
            args,
            js(
                {
                    "dag_run_id": run,
                    "state": "success",
                    "start_date": "2026-03-11T09:01:30+00:00",
                    "end_date": "2026-03-11T09:11:52+00:00",
                }
            ),
        ),
    )
    t.step(
        "It succeeded. Getting task durations for the summary.",
        c(
            "airflow_list_task_instances",
            args,
            js(
                {
                    "task_instances": [
                        {"task_id": "extract_crm", "state": "success", "duration": 88.2},
                        {"task_id": "extract_events", "state": "success", "duration": 131.5},
                        {"task_id": "build_profiles", "state": "success", "duration": 356.0},
                        {"task_id": "publish", "state": "success", "duration": 41.7},
                    ]
                }
            ),
        ),
    )
    t.step(
        f"Done: {dag} ({run}) succeeded at 09:11:52 UTC after about 10 minutes. build_profiles was the "
        "longest task (5m56s); extract_crm 1m28s, extract_events 2m12s, publish 42s."
    )
    t.healthy(
        "Polling a triggered run: the same get_dag_run call returns identical 'queued' and 'running' bodies "
        "ten times (about a minute apart), then 'success', after which the agent reports and stops. A guard "
        "must not fire on a poll that is waiting for a live job."
    )
    return t.build()


def dbt_cloud_poll_artifacts() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-002-dbt-cloud-job-polled-then-artifacts",
        "A dbt Cloud agent triggers a job, polls it through queued, starting and running (some identical "
        "answers), then reads run_results.json and reports the slowest models.",
        agent="data-platform assistant on the dbt MCP server (LangGraph ReAct)",
        model="gpt-4.1",
        start="2026-03-12T06:30:00+00:00",
        ids="call",
    )
    t.user(
        "Kick off job 70412 (prod_nightly) now that the grant is fixed, and tell me which models were "
        "slowest."
    )
    t.step(
        "",
        c(
            "trigger_job_run",
            {"job_id": 70412, "cause": "Rerun after raw_stripe grant fix"},
            js({"data": {"id": 88437, "status_humanized": "Queued"}}),
        ),
    )
    args = {"run_id": 88437}
    seq = [
        ("Queued", None),
        ("Queued", None),
        ("Starting", None),
        ("Running", "Invoke dbt with `dbt deps`"),
        ("Running", "Invoke dbt with `dbt build --select tag:nightly`"),
        ("Running", "Invoke dbt with `dbt build --select tag:nightly`"),
        ("Running", "Invoke dbt with `dbt build --select tag:nightly`"),
        ("Success", None),
    ]
    for status, step_name in seq:
        t.wait(45)
        body: dict[str, Any] = {
            "id": 88437,
            "status_humanized": status,
            "in_progress": status != "Success",
            "is_complete": status == "Success",
        }
        if step_name:
            body["current_step"] = step_name
        t.step(
            "Checking the run." if status != "Success" else "",
            c("get_job_run_details", args, js({"data": body})),
        )
    t.step(
        "Succeeded. Reading run_results.json.",
        c(
            "get_job_run_artifact",
            {"run_id": 88437, "path": "run_results.json"},
            js(
                {
                    "results": [
                        {
                            "unique_id": "model.analytics.fct_sessions",
                            "status": "success",
                            "execution_time": 412.8,
                        },
                        {
                            "unique_id": "model.analytics.fct_orders",
                            "status": "success",
                            "execution_time": 201.3,
                        },
                        {
                            "unique_id": "model.analytics.stg_payments",
                            "status": "success",
                            "execution_time": 38.9,
                        },
                        {
                            "unique_id": "test.analytics.unique_fct_orders_order_id",
                            "status": "pass",
                            "execution_time": 4.1,
                        },
                    ],
                    "elapsed_time": 842.6,
                }
            ),
        ),
    )
    t.step(
        "Run 88437 succeeded in 14 min. Slowest: fct_sessions (6m53s), fct_orders (3m21s), stg_payments "
        "(39s). All tests passed."
    )
    t.healthy(
        "Polling a job through Queued, Starting and Running: several identical answers in a row, then "
        "Success, artifacts and a report. A poll that ends in completion is healthy."
    )
    return t.build()


def spark_poll_fail_diagnose() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-003-spark-job-polled-fails-diagnosed",
        "A lakehouse job agent submits a Spark job, polls it while RUNNING (identical answers), sees it "
        "fail, reads the driver log once and hands a concrete fix back to the user.",
        agent="lakehouse job-support agent (Spark submit + history tools)",
        model="gemini-2.5-pro",
        start="2026-03-12T07:00:00+00:00",
        ids="fc",
    )
    t.user(
        "Rerun daily_sessionize for 2026-03-11 with spark.executor.memoryOverhead=4g and tell me how it goes."
    )
    app = "application_1741737600000_0007"
    t.step(
        "",
        c(
            "spark_submit",
            {
                "job": "daily_sessionize",
                "args": ["--date", "2026-03-11"],
                "conf": {"spark.executor.memoryOverhead": "4g"},
            },
            js({"app_id": app, "state": "ACCEPTED"}),
        ),
    )
    running = js({"app_id": app, "state": "RUNNING", "final_status": "UNDEFINED"})
    for i in range(7):
        t.wait(120)
        t.step(
            "Job is running; checking again in two minutes." if i % 3 == 0 else "",
            c("yarn_app_status", {"app_id": app}, running),
        )
    t.wait(120)
    t.step(
        "",
        c(
            "yarn_app_status",
            {"app_id": app},
            js(
                {
                    "app_id": app,
                    "state": "FINISHED",
                    "final_status": "FAILED",
                    "diagnostics": "User class threw exception: org.apache.spark.SparkException: Job aborted "
                    "due to stage failure: Task 88 in stage 41.0 failed 4 times",
                }
            ),
        ),
    )
    t.step(
        "It failed at a different stage this time. Reading the driver log around stage 41.",
        c(
            "spark_search_logs",
            {"app_id": app, "query": "stage 41.0 failed", "source": "driver"},
            "26/03/12 07:15:02 ERROR TaskSetManager: Task 88 in stage 41.0 failed 4 times; aborting "
            "job\nCaused by: java.io.FileNotFoundException: "
            "s3://lake-raw/events/dt=2026-03-11/part-00088.parquet (No such file or directory)",
        ),
    )
    t.step(
        "The memory fix worked (stage 37 passed), but the job now fails on a missing input file, "
        "s3://lake-raw/events/dt=2026-03-11/part-00088.parquet. That partition looks incomplete upstream. I "
        "suggest re-running the events ingest for 2026-03-11 before retrying; I haven't retried to avoid "
        "writing a partial sessionization."
    )
    t.healthy(
        "Seven identical RUNNING polls, then a terminal FAILED: the agent reads the log once, finds a new "
        "cause and hands back a recommendation. Polling followed by a single diagnosis is healthy."
    )
    return t.build()


def dbt_test_edit_rerun() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-004-dbt-test-edit-rerun-green",
        "A terminal coding agent fixes failing dbt tests: it re-runs the same dbt test command after each "
        "edit, and the failures change until everything passes.",
        agent="Claude Code style terminal agent in a dbt Core repository",
        model="claude-sonnet-4-5",
        start="2026-02-25T10:00:00+00:00",
    )
    t.user("stg_payments has failing tests in CI (unique and not_null on payment_id). Fix the model.")
    cmd = {"command": "dbt test --select stg_payments"}
    t.step(
        "Running the tests.",
        c(
            "Bash",
            cmd,
            "$ dbt test --select stg_payments\n10:00:41  1 of 3 FAIL 14 "
            "unique_stg_payments_payment_id\n10:00:41  2 of 3 FAIL 3 "
            "not_null_stg_payments_payment_id\n10:00:41  3 of 3 PASS "
            "accepted_values_stg_payments_status\nDone. PASS=1 WARN=0 ERROR=2 SKIP=0 TOTAL=3\n[process "
            "exited with code 1]",
        ),
    )
    t.step(
        "",
        c(
            "Read",
            {"file_path": "models/staging/stripe/stg_payments.sql"},
            "     1\tselect\n     2\t    id as payment_id,\n     3\t    order_id,\n     4\t    amount / "
            "100.0 as amount,\n     5\t    status,\n     6\t    created as created_at\n     7\tfrom {{ "
            "source('stripe', 'payments') }}\n",
        ),
    )
    t.step(
        "Duplicates come from Stripe retries with the same id; keeping the latest row per id.",
        c(
            "Edit",
            {
                "file_path": "models/staging/stripe/stg_payments.sql",
                "old_string": "from {{ source('stripe', 'payments') }}",
                "new_string": "from {{ source('stripe', 'payments') }}\nqualify "
                "row_number() over (partition by id order by _loaded_at desc) = 1",
            },
            "The file models/staging/stripe/stg_payments.sql has been updated.",
        ),
    )
    t.step(
        "Re-running the tests.",
        c(
            "Bash",
            cmd,
            "$ dbt test --select stg_payments\n10:03:12  1 of 3 PASS "
            "unique_stg_payments_payment_id\n10:03:12  2 of 3 FAIL 3 "
            "not_null_stg_payments_payment_id\n10:03:12  3 of 3 PASS "
            "accepted_values_stg_payments_status\nDone. PASS=2 WARN=0 ERROR=1 SKIP=0 TOTAL=3\n[process "
            "exited with code 1]",
        ),
    )
    t.step(
        "Unique passes now. Three rows have a null id; let me see them.",
        c(
            "Bash",
            {
                "command": "dbt show --inline \"select * from {{ source('stripe','payments') }} where id is "
                'null"'
            },
            "| id | order_id | amount | status | created | _loaded_at |\n| null | 88120 | 0 | test | "
            "2025-11-02 | ... |\n| null | 88121 | 0 | test | 2025-11-02 | ... |\n| null | 88129 | 0 | test "
            "| 2025-11-03 | ... |",
        ),
    )
    t.step(
        "They are Stripe test-mode rows. Filtering them out.",
        c(
            "Edit",
            {
                "file_path": "models/staging/stripe/stg_payments.sql",
                "old_string": "qualify row_number()",
                "new_string": "where id is not null and status != 'test'\nqualify row_number()",
            },
            "The file models/staging/stripe/stg_payments.sql has been updated.",
        ),
    )
    t.step(
        "Re-running the tests.",
        c(
            "Bash",
            cmd,
            "$ dbt test --select stg_payments\n10:05:40  1 of 3 PASS "
            "unique_stg_payments_payment_id\n10:05:40  2 of 3 PASS "
            "not_null_stg_payments_payment_id\n10:05:40  3 of 3 PASS "
            "accepted_values_stg_payments_status\nDone. PASS=3 WARN=0 ERROR=0 SKIP=0 TOTAL=3",
        ),
    )
    t.step(
        "Building downstream to be sure.",
        c(
            "Bash",
            {"command": "dbt build --select stg_payments+"},
            "$ dbt build --select stg_payments+\n...\nDone. PASS=11 WARN=0 ERROR=0 SKIP=0 TOTAL=11",
        ),
    )
    t.step(
        "Fixed: stg_payments keeps the latest row per payment id and drops Stripe test-mode rows. All 3 "
        "tests and the 11 downstream nodes pass."
    )
    t.healthy(
        "The same dbt test command runs three times, each after an edit, and the failures shrink (2 -> 1 -> "
        "0). Re-running tests after each edit is progress, not a loop."
    )
    return t.build()


def dagster_backfill_fanout() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-005-dagster-february-partitions-fanout",
        "A Dagster agent launches one run per February partition (28 similar calls with look-alike "
        "acknowledgements), watches the backfill progress, relaunches two failed days once each and "
        "finishes.",
        agent="Dagster orchestration agent (GraphQL tools)",
        model="claude-sonnet-4-5",
        start="2026-03-02T08:00:00+00:00",
    )
    t.user(
        "Re-materialize daily_revenue for every day of February 2026, then confirm all partitions are green."
    )
    t.step(
        "",
        c(
            "get_asset_partitions",
            {"asset_key": "daily_revenue", "start": "2026-02-01", "end": "2026-02-28"},
            js({"partitions": 28, "missing": 0, "stale": 28}),
        ),
    )
    for day in range(1, 29):
        key = f"2026-02-{day:02d}"
        text = (
            "Launching one run per partition."
            if day == 1
            else ("" if day % 7 else f"Launched through {key}.")
        )
        t.step(
            text,
            c(
                "launch_partition_run",
                {"job": "daily_revenue_job", "partition_key": key},
                js({"ok": True, "run_id": f"r-{t.rng.randrange(16**8):08x}", "status": "QUEUED"}),
            ),
        )
    progress = [(0, 28, 0), (0, 28, 0), (9, 19, 0), (17, 9, 2), (22, 4, 2), (26, 0, 2)]
    for done, queued, failed in progress:
        t.wait(180)
        t.step(
            "Checking progress." if done < 26 else "",
            c(
                "get_runs_summary",
                {"job": "daily_revenue_job", "created_after": "2026-03-02T08:00:00Z"},
                js(
                    {
                        "success": done,
                        "queued_or_running": queued,
                        "failure": failed,
                        "failed_partitions": ["2026-02-14", "2026-02-22"] if failed else [],
                    }
                ),
            ),
        )
    t.step(
        "Two failed. Reading the error for 14 Feb.",
        c(
            "get_run_logs",
            {"job": "daily_revenue_job", "partition_key": "2026-02-14", "level": "ERROR"},
            "snowflake.connector.errors.OperationalError: 000625 (57014): Statement reached its statement "
            "or warehouse timeout of 600 second(s) and was canceled.",
        ),
    )
    t.step(
        "A warehouse timeout, likely contention with the other 27 runs. Relaunching the two failed days.",
        c(
            "launch_partition_run",
            {"job": "daily_revenue_job", "partition_key": "2026-02-14"},
            js({"ok": True, "run_id": "r-5c01e9aa", "status": "QUEUED"}),
        ),
        c(
            "launch_partition_run",
            {"job": "daily_revenue_job", "partition_key": "2026-02-22"},
            js({"ok": True, "run_id": "r-5c01ea02", "status": "QUEUED"}),
        ),
    )
    t.wait(300)
    t.step(
        "",
        c(
            "get_runs_summary",
            {"job": "daily_revenue_job", "created_after": "2026-03-02T08:00:00Z"},
            js(
                {
                    "success": 28,
                    "queued_or_running": 0,
                    "failure": 2,
                    "failed_partitions": [],
                    "note": "2 earlier failures superseded by successful reruns",
                }
            ),
        ),
    )
    t.step(
        "",
        c(
            "get_asset_partitions",
            {"asset_key": "daily_revenue", "start": "2026-02-01", "end": "2026-02-28"},
            js({"partitions": 28, "missing": 0, "stale": 0}),
        ),
    )
    t.step(
        "All 28 February partitions of daily_revenue are materialized and fresh. 14 and 22 Feb hit a "
        "warehouse timeout on the first try and succeeded on relaunch."
    )
    t.healthy(
        "A long fan-out: 28 launches with the same shape and look-alike acknowledgements, each for a "
        "different partition, then progress checks whose counts move, one targeted relaunch of two failed "
        "days, and a final verification. Work over many targets is not a loop."
    )
    return t.build()


def warehouse_pagination() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-006-warehouse-table-inventory-paged",
        "A data-catalog agent pages through a warehouse's table list with a cursor (same call shape, a new "
        "page each time) and reports tables without owners.",
        agent="data catalog agent (warehouse metadata tools)",
        model="gpt-4.1-mini",
        start="2026-03-05T15:00:00+00:00",
        ids="call",
    )
    t.user("List every table in ANALYTICS.MARTS that has no owner tag, so I can chase owners.")
    cursor: str | None = None
    unowned: list[str] = []
    pages = 7
    for page in range(pages):
        tables = [
            f"{prefix}_{page * 25 + i:03d}"
            for i, prefix in enumerate(["fct", "dim", "agg", "rpt", "fct"] * 5)
        ]
        owners = {
            name: (None if (page * 25 + i) % 11 == 3 else "team-" + ["growth", "finance", "ops"][i % 3])
            for i, name in enumerate(tables)
        }
        unowned += [n for n, o in owners.items() if o is None]
        nxt = f"eyJvZmZzZXQiOiAi{(page + 1) * 25:03d}In0" if page < pages - 1 else None
        args: dict[str, Any] = {"database": "ANALYTICS", "schema": "MARTS", "limit": 25}
        if cursor:
            args["cursor"] = cursor
        t.step(
            "Listing tables with their tags." if page == 0 else "",
            c(
                "list_tables",
                args,
                js({"tables": [{"name": n, "owner": o} for n, o in owners.items()], "next_cursor": nxt}),
            ),
        )
        cursor = nxt
    t.step(f"{len(unowned)} of 175 tables in ANALYTICS.MARTS have no owner tag: " + ", ".join(unowned) + ".")
    t.healthy(
        "Cursor pagination: seven list_tables calls of the same shape, each with the previous page's cursor "
        "and returning new tables, ending when next_cursor is null."
    )
    return t.build()


BUILDERS = [
    airflow_poll_success,
    dbt_cloud_poll_artifacts,
    spark_poll_fail_diagnose,
    dbt_test_edit_rerun,
    dagster_backfill_fanout,
    warehouse_pagination,
]
