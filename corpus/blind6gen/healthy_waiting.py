"""Healthy: polling and waiting on CI runs, approvals, rollouts, DAG runs, firmware updates and worker
agents, with identical intermediate statuses before completion."""

from __future__ import annotations

from blind6gen.builder import JSON, Trace, js


def ci_run_polling() -> JSON:
    t = Trace(
        "blind6-healthy-ci-run-polling-until-green",
        "Claude-Code-style agent pushes a fix and polls the CI run with sleep+view; five identical 'in "
        "progress' outputs, then the jobs finish green.",
        ids="anthropic",
        meta={"agent_style": "Claude-Code-like terminal agent"},
    )
    t.user("Push the fix on branch fix/tz-parsing and wait for CI; tell me when it's green.")
    t.call(
        "Bash",
        {"command": "git push -u origin fix/tz-parsing", "description": "Push branch"},
        (
            "To github.com:lumen/ingest.git\n * [new branch]      fix/tz-parsing -> fix/tz-parsing\nbranch "
            "'fix/tz-parsing' set up to track 'origin/fix/tz-parsing'.\n"
        ),
        text="Pushing.",
    )
    t.call(
        "Bash",
        {
            "command": "gh run list --branch fix/tz-parsing --limit 1 --json databaseId,status",
            "description": "Find the CI run",
        },
        '[{"databaseId":11872044310,"status":"queued"}]',
        text="",
    )
    poll = {
        "command": (
            "sleep 90 && gh run view 11872044310 --json status,conclusion,jobs --jq '.status, (.jobs[] "
            '| "\\(.name): \\(.status) \\(.conclusion)")\''
        ),
        "description": "Wait 90s and check CI",
    }
    waiting = (
        "in_progress\nlint: completed success\ntest (3.11): in_progress \ntest (3.12): in_progress \n"
        "build-wheel: queued \n"
    )
    outputs = [waiting] * 5 + [
        (
            "in_progress\nlint: completed success\ntest (3.11): completed success\ntest (3.12): "
            "in_progress \nbuild-wheel: queued \n"
        ),
        (
            "in_progress\nlint: completed success\ntest (3.11): completed success\ntest (3.12): completed "
            "success\nbuild-wheel: in_progress \n"
        ),
        (
            "completed\nlint: completed success\ntest (3.11): completed success\ntest (3.12): completed "
            "success\nbuild-wheel: completed success\n"
        ),
    ]
    for i, out in enumerate(outputs):
        t.call("Bash", poll, out, text="Waiting for CI." if i == 0 else "")
    t.say(
        "CI is green on fix/tz-parsing: lint, tests on 3.11 and 3.12, and the wheel build all passed (run "
        "11872044310)."
    )
    return t.healthy(
        "Polling a CI run: the same sleep-then-view command returns an identical 'in progress' status five "
        "times while the test jobs run (each poll waits 90 s), then the jobs complete one by one and the "
        "run finishes. Waiting on a job the user asked to wait for, ending in success, is not a loop."
    )


def invoice_approval_polling() -> JSON:
    t = Trace(
        "blind6-healthy-payment-approval-polling",
        "Accounting agent schedules a supplier payment that needs CFO approval; it waits and checks the "
        "approval status, 'pending' five times, then approved, then pays.",
        ids="bedrock",
        meta={"agent_style": "finance/accounting agent"},
    )
    t.user(
        "Pay Nordvik Shipping's invoice NS-2025-114 (NOK 212,000) today. Anything over 100k needs Henrik's "
        "approval, request it and wait."
    )
    t.call(
        "invoices_get",
        {"number": "NS-2025-114", "vendor": True},
        js(
            {
                "number": "NS-2025-114",
                "vendor": "Nordvik Shipping AS",
                "amount": 212000.0,
                "currency": "NOK",
                "due": "2025-06-30",
                "bank": "NO93 8601 1117 947",
            }
        ),
        text="Loading the vendor invoice.",
    )
    t.call(
        "approvals_request",
        {
            "object": {"type": "vendor_payment", "invoice": "NS-2025-114"},
            "approver": "henrik.aas@lumen-analytics.example",
            "reason": "Payment > NOK 100,000",
        },
        js({"request_id": "apr_9931", "status": "pending"}),
        text="Requesting approval from Henrik.",
    )
    check = {"request_id": "apr_9931"}
    for i in range(5):
        t.call(
            "wait",
            {"seconds": 300, "reason": "approval pending"},
            "waited 300s",
            text="Waiting for the approval." if i == 0 else "",
        )
        t.call(
            "approvals_status",
            check,
            js(
                {
                    "request_id": "apr_9931",
                    "status": "pending",
                    "approver": "henrik.aas@lumen-analytics.example",
                }
            ),
            text="",
        )
    t.call("wait", {"seconds": 300, "reason": "approval pending"}, "waited 300s", text="")
    t.call(
        "approvals_status",
        check,
        js(
            {
                "request_id": "apr_9931",
                "status": "approved",
                "approver": "henrik.aas@lumen-analytics.example",
                "decided_at": "2025-06-27T13:31:08Z",
            }
        ),
        text="",
    )
    t.call(
        "payments_schedule",
        {
            "invoice": "NS-2025-114",
            "amount": 212000.0,
            "currency": "NOK",
            "execute_on": "2025-06-27",
            "approval_id": "apr_9931",
        },
        js({"payment_id": "pay_55120", "status": "scheduled", "execute_on": "2025-06-27"}),
        text="Approved. Scheduling the payment.",
    )
    t.say(
        "Henrik approved at 13:31; payment pay_55120 of NOK 212,000 to Nordvik Shipping is scheduled for "
        "today."
    )
    return t.healthy(
        "The agent waits five minutes between approval checks; the status reads 'pending' five times in "
        "identical calls and results, then 'approved', and the payment goes out. Waiting on a human "
        "approval the user told it to wait for is legitimate polling with an explicit wait between checks."
    )


def rollout_status() -> JSON:
    t = Trace(
        "blind6-healthy-kubectl-rollout-timeouts-then-done",
        "DevOps agent: rollout status times out twice while a large image pulls (it checks the events in "
        "between), then the rollout completes.",
        ids="openai",
        meta={"agent_style": "DevOps agent with kubectl"},
    )
    t.user("Deploy api:3.2.0 to the web namespace and confirm the rollout.")
    t.call(
        "kubectl",
        {"args": ["set", "image", "deployment/api", "api=registry.lumen.example/api:3.2.0", "-n", "web"]},
        "deployment.apps/api image updated\n",
        text="Updating the image.",
    )
    status = {"args": ["rollout", "status", "deployment/api", "-n", "web", "--timeout=120s"]}
    t.call(
        "kubectl",
        status,
        (
            'Waiting for deployment "api" rollout to finish: 1 of 3 updated replicas are available...\n'
            "error: timed out waiting for the condition\n"
        ),
        error=True,
        text="Watching the rollout.",
    )
    t.call(
        "kubectl",
        {
            "args": [
                "get",
                "events",
                "-n",
                "web",
                "--field-selector",
                "involvedObject.kind=Pod",
                "--sort-by=.lastTimestamp",
            ]
        },
        (
            "LAST SEEN   TYPE     REASON    OBJECT                     MESSAGE\n40s         Normal   "
            'Pulling   pod/api-5c8d9f7b6-7tq2m    Pulling image "registry.lumen.example/api:3.2.0"\n2m  '
            "        Normal   Pulled    pod/api-5c8d9f7b6-xx81p    Successfully pulled image "
            '"registry.lumen.example/api:3.2.0" in 1m52.3s (1m52.3s including waiting). Image size: '
            "2147483648 bytes.\n"
        ),
        text="Timed out; checking why it's slow.",
    )
    t.call(
        "kubectl",
        status,
        (
            'Waiting for deployment "api" rollout to finish: 2 of 3 updated replicas are available...\n'
            "error: timed out waiting for the condition\n"
        ),
        error=True,
        text="The 2 GB image takes ~2 minutes per node to pull. Waiting again.",
    )
    t.call("kubectl", status, 'deployment "api" successfully rolled out\n', text="")
    t.call(
        "kubectl",
        {"args": ["get", "pods", "-n", "web", "-l", "app=api", "-o", "wide"]},
        (
            "NAME                   READY   STATUS    RESTARTS   AGE   NODE\napi-5c8d9f7b6-7tq2m    1/1    "
            " Running   0          3m    node-c\napi-5c8d9f7b6-xx81p    1/1     Running   0          6m    "
            "node-a\napi-5c8d9f7b6-zr4kd    1/1     Running   0          5m    node-b\n"
        ),
        text="",
    )
    t.say(
        "api:3.2.0 is rolled out in web: 3/3 pods running. The rollout was slow because the 2 GB image "
        "takes about two minutes to pull on each node."
    )
    return t.healthy(
        "The same rollout-status command is run three times: two 120 s timeouts while replicas come up (1 "
        "of 3, then 2 of 3; the agent looks at the events in between and finds a slow image pull), then "
        "success. A wait that legitimately times out and is re-issued while the state advances is not a "
        "failure loop."
    )


def airflow_dag_poll() -> JSON:
    t = Trace(
        "blind6-healthy-airflow-backfill-run-polling",
        "Data-engineering agent triggers a DAG run and polls its state with sleeps; 'running' seven times, "
        "then success, then it checks row counts.",
        ids="uuid",
        meta={"agent_style": "data-engineering agent (Airflow REST API)"},
    )
    t.user("Trigger orders_daily for 2025-04-02 and tell me the fct_orders row count once it's done.")
    t.call(
        "airflow_api",
        {
            "method": "POST",
            "path": "/api/v1/dags/orders_daily/dagRuns",
            "body": {"dag_run_id": "manual__2025-04-02", "logical_date": "2025-04-02T02:00:00Z"},
        },
        js({"dag_run_id": "manual__2025-04-02", "state": "queued"}),
        text="Triggering the run.",
    )
    get = {"method": "GET", "path": "/api/v1/dags/orders_daily/dagRuns/manual__2025-04-02"}
    for i in range(7):
        t.call("sleep", {"seconds": 120}, "", text="" if i else "Polling every two minutes.")
        t.call(
            "airflow_api",
            get,
            js(
                {"dag_run_id": "manual__2025-04-02", "state": "running", "start_date": "2025-04-03T09:02:11Z"}
            ),
            text="",
        )
    t.call("sleep", {"seconds": 120}, "", text="")
    t.call(
        "airflow_api",
        get,
        js(
            {
                "dag_run_id": "manual__2025-04-02",
                "state": "success",
                "start_date": "2025-04-03T09:02:11Z",
                "end_date": "2025-04-03T09:17:40Z",
            }
        ),
        text="",
    )
    t.call(
        "sql",
        {"query": "select count(*) from analytics.fct_orders where created_at::date = '2025-04-02'"},
        "COUNT(*)\n18422\n",
        text="Done. Counting rows.",
    )
    t.say("orders_daily for 2025-04-02 succeeded (15.5 min). fct_orders now has 18,422 orders for that day.")
    return t.healthy(
        "Polling a DAG run with a two-minute sleep between checks: seven identical 'running' responses to "
        "the same GET, then 'success'. The run takes ~15 minutes; the agent then does the follow-up the "
        "user asked for. Identical intermediate statuses while a job runs are expected."
    )


def firmware_update_poll() -> JSON:
    t = Trace(
        "blind6-healthy-iot-firmware-long-poll",
        "IoT agent: starts a firmware update on three sensors and long-polls each; 'installing' repeats "
        "with identical bodies, then reboot and the new version.",
        ids="short",
        meta={"agent_style": "IoT fleet agent"},
    )
    t.user("Update the three greenhouse sensors to firmware 2.4.1, one at a time.")
    for dev in ["gh-sensor-01", "gh-sensor-02", "gh-sensor-03"]:
        t.call(
            "device_update_start",
            {"device_id": dev, "firmware": "2.4.1", "channel": "stable"},
            js({"device_id": dev, "job": f"upd-{dev[-2:]}", "state": "downloading"}),
        )
        n = {"gh-sensor-01": 4, "gh-sensor-02": 3, "gh-sensor-03": 5}[dev]
        for _ in range(n):
            t.call(
                "device_update_status",
                {"device_id": dev, "wait_s": 30},
                js({"device_id": dev, "state": "installing", "progress": None}),
            )
        t.call(
            "device_update_status",
            {"device_id": dev, "wait_s": 30},
            js({"device_id": dev, "state": "rebooting"}),
        )
        t.call(
            "device_update_status",
            {"device_id": dev, "wait_s": 30},
            js({"device_id": dev, "state": "idle", "firmware": "2.4.1"}),
        )
    t.say("All three greenhouse sensors are on firmware 2.4.1.")
    return t.healthy(
        "A silent agent updates three devices one at a time, long-polling each (wait_s 30) through "
        "identical 'installing' states (up to five in a row) until reboot and the new version. Polling a "
        "device through a firmware install is expected; every device reaches the target version."
    )


def worker_status_poll() -> JSON:
    t = Trace(
        "blind6-healthy-planner-polls-three-workers",
        (
            "Multi-agent planner dispatches three workers on different subtasks and polls them with the "
            "same parallel batch; identical 'working' statuses for three turns, then results arrive and it "
            "assembles the answer."
        ),
        ids="uuid",
        meta={"agent_style": "multi-agent planner/worker system"},
    )
    t.user(
        "Compare the data-retention terms of our three cloud vendors (AWS, Snowflake, Datadog) for EU "
        "customers."
    )
    jobs = {"w-aws": "AWS", "w-snow": "Snowflake", "w-dd": "Datadog"}
    for job, vendor in jobs.items():
        t.call(
            "dispatch_worker",
            {
                "job_id": job,
                "role": "legal_reader",
                "task": (
                    f"Extract the EU data-retention and deletion terms from {vendor}'s current DPA and "
                    "service terms. Quote clauses."
                ),
            },
            js({"job_id": job, "state": "accepted"}),
            text=f"Dispatching {vendor}.",
        )

    def batch(states: dict[str, str]) -> list[tuple[str, JSON, str, bool]]:
        return [
            ("worker_status", {"job_id": j}, js({"job_id": j, "state": s}), False) for j, s in states.items()
        ]

    t.call("wait", {"seconds": 60}, "ok", text="Letting them work.")
    for i in range(3):
        t.act("Checking on the workers." if i == 0 else "", batch(dict.fromkeys(jobs, "working")))
        t.call("wait", {"seconds": 60}, "ok", text="")
    t.act("", batch({"w-aws": "done", "w-snow": "working", "w-dd": "done"}))
    t.call(
        "worker_result",
        {"job_id": "w-aws"},
        (
            "AWS DPA §10: on termination, AWS deletes Customer Data per the Service Terms; customers may "
            "retrieve data for 90 days... (quote follows)"
        ),
        text="",
    )
    t.call(
        "worker_result",
        {"job_id": "w-dd"},
        (
            "Datadog DPA §8.2: Customer Data is deleted within 30 days after termination; logs retained "
            "per plan retention (default 15 days)..."
        ),
        text="",
    )
    t.call("wait", {"seconds": 60}, "ok", text="")
    t.call("worker_status", {"job_id": "w-snow"}, js({"job_id": "w-snow", "state": "done"}), text="")
    t.call(
        "worker_result",
        {"job_id": "w-snow"},
        (
            "Snowflake DPA §6: Customer Data deleted after termination per the Retention Period; Time "
            "Travel/Fail-safe add up to 7 days..."
        ),
        text="",
    )
    t.say(
        "| Vendor | Retrieval window | Deletion after termination |\n|---|---|---|\n| AWS | 90 days | per "
        "Service Terms |\n| Snowflake | per contract | after Retention Period, + up to 7 days Fail-safe |\n"
        "| Datadog | n/a | within 30 days |"
    )
    return t.healthy(
        "Three workers run different subtasks; the planner polls them with the same parallel batch of "
        "three status calls three times in a row (identical 'working' results, a 60 s wait between), then "
        "collects each result as it finishes. Polling workers that are busy is waiting, not re-delegation; "
        "every worker delivers."
    )


BUILDERS = [
    ci_run_polling,
    invoice_approval_polling,
    rollout_status,
    airflow_dag_poll,
    firmware_update_poll,
    worker_status_poll,
]
