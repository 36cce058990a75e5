"""Loops of data-engineering agents: dbt Cloud, dbt Core, the Spark history server, Airflow, a lakehouse."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js

RUN_88412 = js(
    {
        "data": {
            "id": 88412,
            "job_definition_id": 70412,
            "status": 20,
            "status_humanized": "Error",
            "in_progress": False,
            "is_complete": True,
            "is_error": True,
            "started_at": "2026-03-11T03:02:11Z",
            "finished_at": "2026-03-11T03:14:52Z",
            "status_message": "Database Error in model stg_payments "
            "(models/staging/stripe/stg_payments.sql)\n  permission denied for schema raw_stripe\n  "
            "compiled Code at target/run/analytics/models/staging/stripe/stg_payments.sql",
            "run_steps": [
                {"index": 1, "name": "Clone git repository", "status_humanized": "Success"},
                {"index": 2, "name": "Invoke dbt with `dbt deps`", "status_humanized": "Success"},
                {
                    "index": 3,
                    "name": "Invoke dbt with `dbt build --select tag:nightly`",
                    "status_humanized": "Error",
                },
            ],
        }
    }
)


def dbt_cloud_run_recheck() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-001-dbt-cloud-errored-run-rechecked",
        "A dbt Cloud agent keeps re-fetching a run that already ended in Error (terminal status, same "
        "message) instead of acting on the permission error it shows.",
        agent="data-platform assistant on the dbt MCP server (LangGraph ReAct)",
        model="gpt-4.1",
        start="2026-03-11T07:40:00+00:00",
        ids="call",
    )
    t.user(
        "Dashboards are stale this morning. The dbt Cloud job prod_nightly (job 70412) seems to have "
        "failed. Find out what broke and rerun it if that's safe."
    )
    t.step(
        "I'll start with the latest runs of job 70412.",
        c(
            "list_job_runs",
            {"job_id": 70412, "limit": 3, "order_by": "-id"},
            js(
                {
                    "data": [
                        {"id": 88412, "status_humanized": "Error", "finished_at": "2026-03-11T03:14:52Z"},
                        {"id": 88390, "status_humanized": "Success", "finished_at": "2026-03-10T03:12:07Z"},
                        {"id": 88371, "status_humanized": "Success", "finished_at": "2026-03-09T03:11:40Z"},
                    ]
                }
            ),
        ),
    )
    args = {"run_id": 88412, "include_related": ["run_steps"]}
    runs = [
        t.step("Run 88412 is the failed one. Pulling its details.", c("get_job_run_details", args, RUN_88412))
    ]
    t.step(
        "The step that failed is the dbt build. Let me see whether run_results.json was produced.",
        c("list_job_run_artifacts", {"run_id": 88412}, js({"data": []})),
    )
    runs.append(
        t.step(
            "No artifacts were written. I'll refresh the run to see if anything changed.",
            c("get_job_run_details", args, RUN_88412),
        )
    )
    runs.append(
        t.step(
            "It still shows Error. dbt Cloud sometimes retries on its own, so I'll check the run again.",
            c("get_job_run_details", {"include_related": ["run_steps"], "run_id": 88412}, RUN_88412),
        )
    )
    t.step(
        "Checking the artifacts once more in case they were uploaded late.",
        c("list_job_run_artifacts", {"run_id": 88412}, js({"data": []})),
    )
    runs.append(
        t.step("Let me re-check the run status before deciding.", c("get_job_run_details", args, RUN_88412))
    )
    runs.append(t.step("", c("get_job_run_details", args, RUN_88412)))
    runs.append(t.step("Still Error. One more look at the run.", c("get_job_run_details", args, RUN_88412)))
    onset = runs[2]
    t.loop(
        ["identical_call"],
        onset,
        "Run 88412 finished at 03:14 with a terminal Error status (is_complete true); every re-fetch "
        f"returns the same body. The third identical get_job_run_details at step {onset} is the onset: "
        "nothing can change, and the agent never acts on 'permission denied for schema raw_stripe' (a "
        "grant problem it could report) nor reruns. Not a poll: the run is not in progress. The artifact "
        "checks in between return the same empty list.",
    )
    return t.build()


def dbt_compile_error() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-002-dbt-build-missing-ref-flag-shuffle",
        "A terminal coding agent in a dbt project re-runs dbt build with different flags; each run fails "
        "with the same compilation error about a missing ref, reported only as an exit code in the output.",
        agent="Claude Code style terminal agent in a dbt Core repository",
        model="claude-sonnet-4-5",
        start="2026-02-24T14:05:00+00:00",
    )
    t.user("CI is red on the analytics repo: `dbt build` fails on fct_orders. Please fix it.")

    def fail(cmd: str, extra: str = "") -> str:
        return (
            f"$ {cmd}\n14:0{t.rng.randint(5, 9)}:{t.rng.randint(10, 59)}  Running with "
            f"dbt=1.9.2\n{extra}14:06:02  Encountered an error:\nCompilation Error\n  Model "
            "'model.analytics.fct_orders' (models/marts/fct_orders.sql) depends on a node named "
            "'stg_order_items' which was not found\n\n[process exited with code 1]"
        )

    failures = [
        t.step(
            "Let me reproduce the failure first.",
            c("Bash", {"command": "dbt build --select fct_orders"}, fail("dbt build --select fct_orders")),
        )
    ]
    t.step(
        "",
        c(
            "Read",
            {"file_path": "models/marts/fct_orders.sql"},
            "     1\twith orders as (\n     2\t    select * from {{ ref('stg_orders') }}\n     3\t),\n     "
            "4\titems as (\n     5\t    select * from {{ ref('stg_order_items') }}\n     6\t)\n     "
            "7\tselect\n     8\t    o.order_id,\n     9\t    o.customer_id,\n    10\t    sum(i.amount) as "
            "order_total\n    11\tfrom orders o\n    12\tjoin items i using (order_id)\n    13\tgroup by 1, "
            "2\n",
        ),
    )
    cmds = [
        (
            "The model looks fine. It may be a stale partial parse; a full refresh should rebuild the graph.",
            "dbt build --select fct_orders --full-refresh",
        ),
        (
            "Maybe packages are out of date. Installing deps and building with parents.",
            "dbt deps && dbt build --select +fct_orders",
        ),
        (
            "Let me try against the ci target in case the dev profile is the problem.",
            "dbt build --select fct_orders --target ci",
        ),
        ("Cleaning target/ and dbt_packages/ before building again.", "dbt clean && dbt build -s fct_orders"),
        ("Disabling partial parsing explicitly.", "dbt build --select fct_orders --no-partial-parse"),
    ]
    for text, cmd in cmds:
        extra = (
            "14:06:01  Installing dbt-labs/dbt_utils\n14:06:01  Installed from version 1.3.0\n"
            if "deps" in cmd
            else ""
        )
        failures.append(t.step(text, c("Bash", {"command": cmd}, fail(cmd, extra))))
    onset = failures[3]
    t.loop(
        ["error_streak"],
        onset,
        "Every build fails with the same compilation error (the ref 'stg_order_items' does not resolve); "
        "the failure shows only as 'process exited with code 1' in the output, is_error is false. The "
        "agent shuffles flags (full refresh, deps, target, clean, partial parse) but never searches for "
        f"the renamed staging model. The 4th failure, at step {onset}, is the onset.",
    )
    return t.build()


def spark_oom_paraphrase() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-003-spark-history-oom-search-paraphrased",
        "A Spark troubleshooting agent rephrases the same log search for an executor OOM and gets the same "
        "two log lines every time.",
        agent="lakehouse job-support agent (Spark history server + YARN tools)",
        model="gemini-2.5-pro",
        start="2026-03-11T06:10:00+00:00",
        ids="fc",
    )
    app = "application_1741651200000_0042"
    t.user(f"The Spark job daily_sessionize ({app}) died at 04:51. Why was executor 14 lost?")
    t.step(
        "Let me get the application summary first.",
        c(
            "spark_get_application",
            {"app_id": app},
            js(
                {
                    "id": app,
                    "name": "daily_sessionize",
                    "attempts": [
                        {
                            "startTime": "2026-03-11T04:02:40GMT",
                            "endTime": "2026-03-11T04:51:09GMT",
                            "completed": True,
                            "sparkUser": "etl",
                        }
                    ],
                    "failedStages": [
                        {
                            "stageId": 37,
                            "numFailedTasks": 212,
                            "failureReason": "Job aborted due to stage failure: ExecutorLostFailure "
                            "(executor 14 exited caused by one of the running tasks)",
                        }
                    ],
                    "executors": {"total": 24, "dead": 3},
                }
            ),
        ),
    )
    lines = (
        "2 matches:\n26/03/11 04:50:58 ERROR YarnScheduler: Lost executor 14 on ip-10-0-3-17.ec2.internal: "
        "Container killed by YARN for exceeding physical memory limits. 18.4 GB of 18 GB physical memory "
        "used. Consider boosting spark.executor.memoryOverhead.\n26/03/11 04:50:58 WARN TaskSetManager: "
        "Lost task 118.0 in stage 37.0 (TID 9121) (ip-10-0-3-17.ec2.internal executor 14): "
        "ExecutorLostFailure (executor 14 exited caused by one of the running tasks) Reason: Container "
        "killed by YARN for exceeding physical memory limits."
    )
    queries = [
        ("Searching the driver log for the OOM on executor 14.", "executor 14 OutOfMemoryError"),
        (
            "That shows a YARN container kill, but I want the actual java.lang.OutOfMemoryError stack trace.",
            "java.lang.OutOfMemoryError executor 14",
        ),
        ("Let me phrase it the way the executor would log it.", "OOM exec-14 Java heap space"),
        ("Trying a broader wording.", "executor 14 out of memory error"),
        ("Perhaps the search is case-sensitive.", "Executor 14 OutOfMemoryError"),
        ("One more variant with the hyphenated executor id.", "executor-14 OutOfMemory"),
    ]
    attempts = [
        t.step(text, c("spark_search_logs", {"app_id": app, "query": q, "source": "driver"}, lines))
        for text, q in queries
    ]
    onset = attempts[3]
    t.loop(
        ["same_tool"],
        onset,
        "The same driver-log search is rephrased (OOM wording, case, hyphens) and returns the same two "
        "lines each time: a YARN memory-overhead kill, which already answers the question. The agent never "
        f"reads the executor's own stderr or the stage metrics. The 4th search, at step {onset}, is the "
        "onset.",
    )
    return t.build()


def airflow_clear_upstream_failed() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-004-airflow-clear-downstream-recheck",
        "An Airflow agent clears the downstream task of a failed DAG run and re-checks it; it stays "
        "upstream_failed because the failing upstream task is never cleared.",
        agent="Airflow operations agent (OpenAI Agents SDK, Airflow REST API tools)",
        model="gpt-4.1-mini",
        start="2026-03-11T08:20:00+00:00",
        ids="call",
    )
    dag, run = "finance_ledger_daily", "scheduled__2026-03-10T00:00:00+00:00"
    t.user(f"DAG {dag}, run {run}: load_gl is stuck in upstream_failed. Please get it through today.")
    t.step(
        "Let me look at the task instances of that run.",
        c(
            "airflow_list_task_instances",
            {"dag_id": dag, "dag_run_id": run},
            js(
                {
                    "task_instances": [
                        {"task_id": "extract_gl", "state": "failed", "try_number": 3},
                        {"task_id": "transform_gl", "state": "upstream_failed", "try_number": 1},
                        {"task_id": "load_gl", "state": "upstream_failed", "try_number": 1},
                    ],
                    "total_entries": 3,
                }
            ),
        ),
    )
    clear_args = {
        "dag_id": dag,
        "dag_run_id": run,
        "task_ids": ["load_gl"],
        "only_failed": False,
        "dry_run": False,
    }
    cleared = js({"task_instances": [{"dag_id": dag, "dag_run_id": run, "task_id": "load_gl"}]})
    ti = js(
        {
            "task_id": "load_gl",
            "dag_id": dag,
            "state": "upstream_failed",
            "try_number": 1,
            "start_date": None,
            "end_date": "2026-03-11T01:07:33+00:00",
            "hostname": "",
        }
    )
    get_args = {"dag_id": dag, "dag_run_id": run, "task_id": "load_gl"}
    clears = []
    texts = [
        ("Clearing load_gl so the scheduler picks it up again.", "Checking whether load_gl got scheduled."),
        ("It went straight back to upstream_failed. Clearing it again.", "Re-checking load_gl."),
        ("Still upstream_failed. Let me clear load_gl one more time.", "Checking the state."),
        ("I'll clear it again; the scheduler may have been busy.", "And checking."),
    ]
    for clear_text, get_text in texts:
        clears.append(t.step(clear_text, c("airflow_clear_task_instances", clear_args, cleared)))
        t.step(get_text, c("airflow_get_task_instance", get_args, ti))
    onset = clears[2]
    t.loop(
        ["alternation"],
        onset,
        "Clear load_gl -> get load_gl -> clear -> get, with the same acknowledgement and the same "
        "upstream_failed state each time: extract_gl is the failed task and is never cleared or inspected. "
        f"The cycle's first state (the clear) is visited for the third time at step {onset}, the onset.",
    )
    return t.build()


def lakehouse_sql_degenerate() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-005-lakehouse-sql-predicate-repeats",
        "A lakehouse SQL agent writes a query whose WHERE clause collapses into the same predicate repeated "
        "until the statement is cut off.",
        agent="lakehouse SQL agent (Databricks SQL statement tools)",
        model="llama-3.3-70b-instruct",
        start="2026-03-02T10:00:00+00:00",
        ids="seq",
    )
    t.user(
        "How many EU orders placed in February 2026 were refunded within 7 days? Use lakehouse.sales.orders."
    )
    t.step(
        "",
        c(
            "describe_table",
            {"table": "lakehouse.sales.orders"},
            "col_name\tdata_type\norder_id\tbigint\ncustomer_id\tbigint\nregion\tstring\ncountry_code\tstring\nplaced_at\ttimestamp\nrefunded_at\ttimestamp\nstatus\tstring\namount_eur\tdecimal(12,2)",
        ),
    )
    t.step(
        "Let me check how region values look.",
        c(
            "execute_statement",
            {
                "statement": "SELECT region, count(*) FROM lakehouse.sales.orders GROUP BY region",
                "wait_timeout": "30s",
            },
            js(
                {
                    "status": {"state": "SUCCEEDED"},
                    "result": {"data_array": [["EU", "418220"], ["NA", "602114"], ["APAC", "190877"]]},
                }
            ),
        ),
    )
    head = (
        "SELECT count(*) AS refunded_within_7d\nFROM lakehouse.sales.orders\nWHERE placed_at >= "
        "'2026-02-01' AND placed_at < '2026-03-01'\n  AND refunded_at IS NOT NULL\n  AND refunded_at <= "
        "placed_at + INTERVAL 7 DAYS\n  AND region = 'EU'"
    )
    statement = head + "\n  AND region = 'EU'" * 96 + "\n  AND reg"
    onset = t.step(
        "Now the count.",
        c(
            "execute_statement",
            {"statement": statement, "wait_timeout": "30s"},
            js(
                {
                    "status": {
                        "state": "FAILED",
                        "error": {
                            "error_code": "PARSE_SYNTAX_ERROR",
                            "message": "[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. "
                            "SQLSTATE: 42601 (line 103, pos 8)",
                        },
                    }
                }
            ),
            error=True,
        ),
    )
    t.loop(
        ["degenerate_text"],
        onset,
        f'At step {onset} the generated SQL collapses: after the sensible filters the same predicate "AND '
        "region = 'EU'\" is repeated 97 times until the statement is cut off mid-word. The degenerate tool "
        "argument is the onset; the parse error is only its consequence.",
    )
    return t.build()


BUILDERS = [
    dbt_cloud_run_recheck,
    dbt_compile_error,
    spark_oom_paraphrase,
    airflow_clear_upstream_failed,
    lakehouse_sql_degenerate,
]
