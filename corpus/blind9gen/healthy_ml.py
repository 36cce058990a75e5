"""Healthy sessions of ML, notebook, security, OS-level and release agents."""

from __future__ import annotations

from typing import Any

from .builder import Call, Trace, js, pj


def gpu_job_queue_poll() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-029-gpu-job-queued-then-runs",
        "A training-ops agent submits a fine-tune, polls it through identical 'QUEUED' statuses and then "
        "epoch progress, and reports the final metrics.",
        agent="training ops agent (Slurm/GPU queue tools, OpenAI Agents SDK)",
        model="o3",
        start=2080,
    )
    t.user(
        "Submit the support-tickets fine-tune (configs/ft_support_4k.yaml) and tell me the eval loss when "
        "done."
    )
    t.act(
        "Submitting.",
        "gpu_queue_submit",
        {"config": "configs/ft_support_4k.yaml", "gpus": 8, "partition": "h100"},
        js({"job_id": 771204, "state": "QUEUED", "position": 6}),
    )
    queued = js({"job_id": 771204, "state": "QUEUED", "reason": "Resources"})
    for text in (
        "Checking the job.",
        "Queued behind other jobs.",
        "Still queued.",
        "Queued; waiting.",
        "Still waiting for resources.",
        "Queued.",
    ):
        t.act(text, "gpu_queue_status", {"job_id": 771204, "wait_s": 120}, queued)
    for epoch, loss in ((1, 1.612), (2, 1.448), (3, 1.401)):
        t.act(
            "Checking.",
            "gpu_queue_status",
            {"job_id": 771204, "wait_s": 120},
            js({"job_id": 771204, "state": "RUNNING", "epoch": f"{epoch}/3", "train_loss": loss}),
        )
    t.act(
        "Checking.",
        "gpu_queue_status",
        {"job_id": 771204, "wait_s": 120},
        js({"job_id": 771204, "state": "COMPLETED", "exit_code": 0, "elapsed": "01:47:12"}),
    )
    t.act(
        "Reading the eval metrics.",
        "read_file",
        {"path": "runs/771204/eval.json"},
        pj({"eval_loss": 1.386, "eval_ppl": 4.0, "rougeL": 0.412}),
    )
    t.say(
        "Job 771204 completed in 1h47 (after ~12 min in the queue). Eval loss 1.386 (perplexity 4.0), "
        "ROUGE-L 0.412."
    )
    t.healthy(
        "Polling a queued job: six identical status calls return the same 'QUEUED' body, then running "
        "epochs with new losses, then completion and metrics."
    )
    return t.build()


def jupyter_edit_rerun() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-030-jupyter-fix-and-rerun",
        "A notebook agent runs a cohort-retention cell, fixes a different error after each run by editing "
        "the cell, and re-runs it until it produces the table and chart.",
        agent="notebook agent (Jupyter MCP server, Claude Desktop)",
        model="claude-sonnet-4",
        start=2110,
        ids="anthropic",
    )
    t.user("Build the monthly cohort retention table from events.parquet in retention.ipynb and plot it.")
    nb = {"notebook": "retention.ipynb"}
    t.act(
        "Running the retention cell.",
        "execute_cell",
        {**nb, "index": 2},
        "KeyError: 'signup_month'\n---> 3 cohorts = df.groupby('signup_month')",
        error=True,
    )
    t.act(
        "The column doesn't exist yet; deriving it from signup_at.",
        "edit_cell",
        {
            **nb,
            "index": 2,
            "source": "df['signup_month'] = df['signup_at'].dt.to_period('M')\ncohorts = "
            "df.groupby('signup_month')",
        },
        "cell 2 updated",
    )
    t.act(
        "Re-running.",
        "execute_cell",
        {**nb, "index": 2},
        "AttributeError: Can only use .dt accessor with datetimelike values",
        error=True,
    )
    t.act(
        "signup_at is a string; parsing it first.",
        "edit_cell",
        {
            **nb,
            "index": 2,
            "source": "df['signup_at'] = pd.to_datetime(df['signup_at'], utc=True)\n"
            "df['signup_month'] = df['signup_at'].dt.to_period('M')\ncohorts = df.groupby('signup_month')",
        },
        "cell 2 updated",
    )
    t.act(
        "Re-running.",
        "execute_cell",
        {**nb, "index": 2},
        "UserWarning: Converting to PeriodArray/Index representation will drop timezone information.\n"
        "signup_month   m0     m1     m2     m3\n2025-10       1.00   0.41   0.33   0.29\n"
        "2025-11       1.00   0.44   0.35    NaN\n2025-12       1.00   0.39    NaN    NaN",
    )
    t.act(
        "Works. Plotting the heatmap.",
        "execute_cell",
        {**nb, "index": 3},
        "<Figure size 800x400 with 2 Axes>  [image/png 48 KB]",
    )
    t.say(
        "Cohort retention table built (Oct-Dec cohorts; month-1 retention 39-44%) and plotted as a heatmap "
        "in cell 3."
    )
    t.healthy(
        "Edit and re-run: the same cell is executed three times, each after an edit, with a different "
        "outcome each time (KeyError, AttributeError, success), then a new cell."
    )
    return t.build()


def sweep_fanout() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-031-hparam-sweep-launch-fanout",
        "An ML-ops agent launches a 12-point learning-rate by batch-size grid, one submit per point with "
        "alike acknowledgements, then checks the sweep summary as it fills in.",
        agent="training ops agent (W&B-style sweeps + GPU queue, Gemini)",
        model="gemini-2.5-pro",
        start=2140,
        ids="gemini",
    )
    t.user(
        "Run a grid over lr {1e-5, 2e-5, 3e-5, 5e-5} x batch {16, 32, 64} on the 1B model, tag it "
        "sweep-lr-v3, "
        "and tell me the best config."
    )
    grid = [(lr, bs) for lr in (1e-5, 2e-5, 3e-5, 5e-5) for bs in (16, 32, 64)]
    for start in range(0, 12, 4):
        calls = [
            Call(
                "gpu_queue_submit",
                {
                    "config": "configs/ft_1b.yaml",
                    "overrides": {"lr": lr, "batch_size": bs},
                    "tags": ["sweep-lr-v3"],
                    "gpus": 1,
                },
                js({"job_id": 772000 + grid.index((lr, bs)), "state": "QUEUED"}),
            )
            for lr, bs in grid[start : start + 4]
        ]
        t.batch(f"Submitting grid points {start + 1}-{start + 4}.", calls)
    for done, best in ((4, 1.402), (9, 1.377), (12, 1.371)):
        t.act(
            "Checking the sweep.",
            "tracker_sweep_summary",
            {"project": "acme/llm-ft", "tag": "sweep-lr-v3"},
            js({"finished": done, "total": 12, "best": {"lr": 3e-5, "batch_size": 32, "val_loss": best}}),
        )
    t.say("All 12 runs finished. Best: lr 3e-5, batch 32 (val loss 1.371); lr 5e-5 was unstable at batch 16.")
    t.healthy(
        "Fan-out: twelve submits with different overrides (batched four at a time) and alike 'QUEUED' "
        "acknowledgements, then summary reads whose progress changes (4, 9, 12 finished)."
    )
    return t.build()


def pentest_host_fanout() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-032-pentest-subnet-host-fanout",
        "A pentest agent on an authorised engagement scans a /28 host by host with the same flags, then "
        "runs version detection on the interesting services.",
        agent="pentest assistant (Kali tool server, OpenAI function calling)",
        model="gpt-4.1",
        start=2170,
    )
    t.user(
        "Scope 10.30.8.0/28 per the RoE. Map open ports on every host, then fingerprint anything web or "
        "database."
    )
    found: dict[str, list[int]] = {}
    for h in range(1, 15):
        ip = f"10.30.8.{h}"
        ports = sorted(t.rng.sample([22, 80, 443, 445, 3306, 5432, 8080, 3389], t.rng.randint(0, 3)))
        if ports:
            found[ip] = ports
        body = (
            (
                "Nmap scan report for "
                + ip
                + "\nHost is up (0.0012s latency).\n"
                + "\n".join(f"{p}/tcp open" for p in ports)
            )
            if ports
            else (
                f"Nmap scan report for {ip}\nHost is up (0.0009s latency).\nAll 1000 scanned ports are "
                "filtered"
            )
        )
        t.act(
            f"Scanning {ip}.",
            "nmap_scan",
            {"target": ip, "ports": "top-1000", "flags": ["-sS", "-Pn", "-T4"]},
            body,
        )
    interesting = {ip: [p for p in ps if p in (80, 443, 8080, 3306, 5432)] for ip, ps in found.items()}
    interesting = {ip: ps for ip, ps in interesting.items() if ps}
    for ip, ps in interesting.items():
        t.act(
            f"Fingerprinting {ip}.",
            "nmap_scan",
            {"target": ip, "ports": ",".join(map(str, ps)), "flags": ["-sV", "-Pn"]},
            "\n".join(
                f"{p}/tcp open "
                f"{t.rng.choice(['nginx 1.24.0', 'Apache httpd 2.4.58', 'PostgreSQL 15.4', 'MySQL 8.0.36'])}"
                for p in ps
            ),
        )
    t.say(
        f"{len(found)} of 14 hosts expose services; {len(interesting)} run web or database services, "
        "fingerprinted "
        "above. Next: web content discovery on the nginx/Apache hosts."
    )
    t.healthy(
        "Fan-out over targets: the same scan with the same flags on fourteen different hosts, each with "
        "its own result, then targeted version scans."
    )
    return t.build()


def apt_lock_wait_success() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-033-apt-lock-wait-then-install",
        "An OS-level agent hits the dpkg lock twice, waits for unattended-upgrades to finish, and the "
        "install then succeeds.",
        agent="sysadmin agent (shell tool, Goose)",
        model="gpt-4o-mini",
        start=2200,
        ids="plain",
    )
    t.user("Install PostgreSQL 16 on this VM and make sure it's running.")
    cmd = {"command": "sudo apt-get install -y postgresql-16"}
    lock = (
        "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 2231 (unattended-upgr)\n"
        "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend)\n[exit code 100]"
    )
    t.act("Installing.", "shell", cmd, lock, error=True)
    t.act(
        "Locked by unattended-upgrades. Retrying once in case it just finished.",
        "shell",
        cmd,
        lock,
        error=True,
    )
    t.act(
        "Still held. Waiting for the upgrade process to exit.",
        "shell",
        {"command": "while pgrep -x unattended-upgr >/dev/null; do sleep 5; done; echo done"},
        "done\n[exit code 0, 74 s]",
    )
    t.act(
        "Installing again.",
        "shell",
        cmd,
        "Reading package lists...\nSetting up postgresql-16 (16.6-0ubuntu0.24.04.1) ...\n"
        "Creating new PostgreSQL cluster 16/main ...\n[exit code 0]",
    )
    t.act(
        "Checking the service.",
        "shell",
        {"command": "systemctl is-active postgresql && pg_lsclusters"},
        "active\nVer Cluster Port Status Owner    Data directory              Log file\n"
        "16  main    5432 online postgres /var/lib/postgresql/16/main "
        "/var/log/postgresql/postgresql-16-main.log",
    )
    t.say(
        "PostgreSQL 16 is installed and running (cluster 16/main on 5432). The first two attempts waited on "
        "unattended-upgrades."
    )
    t.healthy(
        "Two identical failures on a lock, then a change of approach (wait for the lock holder to exit) "
        "and the same install succeeds."
    )
    return t.build()


def app_review_poll_long() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-034-app-store-review-poll",
        "A release-management agent submits an iOS build for review, polls App Store Connect through many "
        "identical 'waiting for review' statuses, then releases in phases and confirms.",
        agent="release manager (App Store Connect API tools, Claude Code)",
        model="claude-opus-4-5",
        start=2230,
        ids="anthropic",
    )
    t.user(
        "Submit 4.2.0 (build 1187) for review and release it with phased rollout as soon as it's approved."
    )
    t.act(
        "Attaching the build to the version.",
        "asc_patch",
        {
            "path": "/v1/appStoreVersions/av-420",
            "body": {"data": {"relationships": {"build": {"data": {"type": "builds", "id": "b-1187"}}}}},
        },
        js(
            {
                "data": {
                    "id": "av-420",
                    "attributes": {"versionString": "4.2.0", "appStoreState": "PREPARE_FOR_SUBMISSION"},
                }
            }
        ),
    )
    t.act(
        "Submitting for review.",
        "asc_post",
        {"path": "/v1/reviewSubmissions", "body": {"platform": "IOS", "version": "av-420"}},
        js({"data": {"id": "rs-9921", "attributes": {"state": "WAITING_FOR_REVIEW"}}}),
    )
    waiting = js({"data": {"id": "av-420", "attributes": {"appStoreState": "WAITING_FOR_REVIEW"}}})
    for _ in range(10):
        t.act(
            t.rng.choice(
                ["Checking review status.", "Still waiting for review.", "Waiting.", "Polling again."]
            ),
            "asc_get",
            {"path": "/v1/appStoreVersions/av-420", "wait_s": 900},
            waiting,
        )
    for state in ("IN_REVIEW", "IN_REVIEW", "PENDING_DEVELOPER_RELEASE"):
        t.act(
            "Checking.",
            "asc_get",
            {"path": "/v1/appStoreVersions/av-420", "wait_s": 900},
            js({"data": {"id": "av-420", "attributes": {"appStoreState": state}}}),
        )
    t.act(
        "Approved. Enabling phased release.",
        "asc_post",
        {"path": "/v1/appStoreVersionPhasedReleases", "body": {"version": "av-420", "state": "ACTIVE"}},
        js({"data": {"id": "pr-420", "attributes": {"phasedReleaseState": "ACTIVE", "currentDayNumber": 1}}}),
    )
    t.act(
        "Releasing.",
        "asc_post",
        {"path": "/v1/appStoreVersionReleaseRequests", "body": {"version": "av-420"}},
        js({"data": {"id": "rr-420"}}),
    )
    t.act(
        "Confirming.",
        "asc_get",
        {"path": "/v1/appStoreVersions/av-420", "wait_s": 0},
        js({"data": {"id": "av-420", "attributes": {"appStoreState": "READY_FOR_SALE"}}}),
    )
    t.say(
        "4.2.0 (1187) was approved after ~2.5 h in the queue and is live with a 7-day phased rollout (day 1)."
    )
    t.healthy(
        "Long polling of a review queue: ten identical reads return WAITING_FOR_REVIEW, then IN_REVIEW "
        "twice, then approval; the agent releases and confirms READY_FOR_SALE."
    )
    return t.build()


SCENARIOS = [
    gpu_job_queue_poll,
    jupyter_edit_rerun,
    sweep_fanout,
    pentest_host_fanout,
    apt_lock_wait_success,
    app_review_poll_long,
]
