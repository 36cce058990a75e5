"""Loops of ML, notebook, security, OS-level and release agents."""

from __future__ import annotations

from typing import Any

from .builder import Trace, js, pj


def jupyter_same_cell() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-029-jupyter-rerun-same-cell",
        "A notebook data scientist re-executes an unchanged A/B-test cell several times, getting the "
        "same non-significant p-value every time.",
        agent="notebook agent (Jupyter MCP server, Claude Desktop)",
        model="claude-sonnet-4",
        start=801,
        ids="anthropic",
    )
    t.user(
        "Is the new checkout flow (variant B) significantly better on conversion? Data is in "
        "ab_checkout.parquet."
    )
    t.act(
        "Reading the notebook cells.",
        "read_all_cells",
        {"notebook": "ab_checkout.ipynb"},
        pj(
            [
                {"index": 0, "source": "import pandas as pd\nfrom scipy import stats"},
                {
                    "index": 1,
                    "source": "df = pd.read_parquet('ab_checkout.parquet')\ndf.groupby('variant').size()",
                },
                {
                    "index": 2,
                    "source": "conv = df.groupby('variant')['converted'].agg(['sum','count'])\n"
                    "stats.chi2_contingency([[conv.loc['A','sum'], "
                    "conv.loc['A','count']-conv.loc['A','sum']],\n"
                    "                        [conv.loc['B','sum'], "
                    "conv.loc['B','count']-conv.loc['B','sum']]])",
                },
            ]
        ),
    )
    t.act(
        "Loading the data.",
        "execute_cell",
        {"notebook": "ab_checkout.ipynb", "index": 1},
        "variant\nA    20411\nB    20388\ndtype: int64",
    )
    t.act(
        "Checking for sample-ratio mismatch before testing.",
        "execute_code",
        {"notebook": "ab_checkout.ipynb", "code": "stats.binomtest(20411, 20411 + 20388, 0.5).pvalue"},
        "0.9114",
    )
    t.act(
        "No SRM. Looking at daily conversion by variant for novelty effects.",
        "execute_code",
        {
            "notebook": "ab_checkout.ipynb",
            "code": "df.groupby([df.ts.dt.date, 'variant'])['converted'].mean().unstack().round(4).tail(5)",
        },
        "variant          A       B\nts\n2026-02-24  0.0391  0.0422\n2026-02-25  0.0402  0.0436\n"
        "2026-02-26  0.0385  0.0417\n2026-02-27  0.0399  0.0405\n2026-02-28  0.0394  0.0431",
    )
    out = (
        "Chi2ContingencyResult(statistic=3.042, pvalue=0.0811, dof=1, expected_freq=array([[  812.6, "
        "19598.4],\n"
        "       [  811.4, 19576.6]]))"
    )
    runs = []
    for text in (
        "Running the test.",
        "p = 0.081, just above 0.05. Let me re-run the cell to make sure the result is stable.",
        "Same value. I'll execute it once more to confirm before reporting.",
        "Re-running the chi-square cell one final time.",
    ):
        runs.append(t.act(text, "execute_cell", {"notebook": "ab_checkout.ipynb", "index": 2}, out))
        if len(runs) == 2:
            t.act(
                "Re-reading the cell source.",
                "read_cell",
                {"notebook": "ab_checkout.ipynb", "index": 2},
                "conv = df.groupby('variant')['converted'].agg(['sum','count'])\nstats.chi2_contingency(...)",
            )
    t.say("Variant B is not significantly better at the 5% level (chi-square p = 0.081).")
    onset = runs[2]
    t.loop(
        ["identical_call"],
        onset,
        "The chi-square cell is executed unchanged four times with byte-identical output (a "
        "deterministic computation; nothing is edited in between). The third identical execution is "
        f"step {onset}; re-running cannot change p = 0.0811.",
    )
    return t.build()


def gpu_oom_batch_sizes() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-030-gpu-job-oom-batch-shuffle",
        "An ML-ops agent keeps resubmitting a fine-tune with slightly different batch sizes and learning "
        "rates; every run dies with CUDA out of memory, reported only in the job output.",
        agent="training ops agent (Slurm/GPU queue tools, OpenAI Agents SDK)",
        model="o3",
        start=829,
    )
    t.user(
        "Fine-tune llama-3.1-8b on the support-tickets set with 8k context on one H100 node. Get a run going."
    )
    t.act(
        "Checking the config.",
        "read_file",
        {"path": "configs/ft_support_8k.yaml"},
        "model: meta-llama/Llama-3.1-8B\nmax_seq_len: 8192\nper_device_batch_size: 64\n"
        "gradient_checkpointing: false\nlr: 2.0e-5\nepochs: 2\nprecision: bf16\n",
    )
    t.act(
        "Tokenizing the dataset and checking sequence lengths.",
        "run_command",
        {"cmd": "python scripts/prepare.py --data data/support_tickets.jsonl --max-len 8192 --stats"},
        "wrote data/support_tickets.tok (41,208 examples)\nlength p50=1,912 p95=6,870 max=8,192 "
        "truncated=0.8%\n[exit 0]",
    )

    def oom(alloc: str, free: str, bs: int) -> str:
        return (
            f"job 88{bs:03d} finished: exit_code=1\n--- tail of stderr ---\nTraceback (most recent call "
            "last):\n"
            '  File "/opt/train/run.py", line 212, in <module>\n    trainer.train()\n'
            '  File "/opt/venv/lib/python3.11/site-packages/transformers/trainer.py", line 2241, in train\n'
            f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {alloc} GiB. GPU 0 has a total "
            f"capacity of 79.11 GiB of which {free} GiB is free. Process 31022 has 77.9 GiB memory in use."
        )

    tries = [
        ("Submitting with the config as is.", {"per_device_batch_size": 64}, oom("4.00", "1.21", 64)),
        ("Lowering the batch size to 56.", {"per_device_batch_size": 56}, oom("3.50", "1.40", 56)),
        (
            "Batch 48 and a slightly lower lr.",
            {"per_device_batch_size": 48, "lr": 1.5e-5},
            oom("3.00", "1.62", 48),
        ),
        (
            "Trying 60 with lr back at 2e-5, maybe 48 was unlucky fragmentation.",
            {"per_device_batch_size": 60},
            oom("3.75", "1.33", 60),
        ),
        (
            "Batch 40 with bf16 explicitly.",
            {"per_device_batch_size": 40, "precision": "bf16"},
            oom("2.50", "1.70", 40),
        ),
    ]
    fails = []
    for text, overrides, result in tries:
        fails.append(
            t.act(
                text,
                "gpu_queue_run",
                {"config": "configs/ft_support_8k.yaml", "overrides": overrides, "gpus": 1, "wait": True},
                result,
            )
        )
        if len(fails) == 2:
            t.act(
                "Checking the node's GPU.",
                "gpu_queue_nodes",
                {"partition": "h100"},
                js({"nodes": [{"name": "gpu-h100-07", "gpus": 8, "free": 6, "mem_gib": 80}]}),
            )
    t.say("Every run runs out of GPU memory. The 8k context may not fit on one GPU.")
    onset = fails[3]
    t.loop(
        ["error_streak"],
        onset,
        "Five runs fail with the same CUDA OOM (exit_code=1 and the traceback appear only in the content). "
        "Batch sizes 64/56/48/60/40 and small lr changes cannot help while gradient checkpointing is off "
        "at 8k context and the per-device batch stays huge. The fourth failure is "
        f"step {onset}.",
    )
    return t.build()


def tracker_filter_paraphrase() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-031-tracker-runs-filter-paraphrase",
        "An agent asks an experiment tracker for the runs of a sweep with four equivalent filter "
        "spellings, always getting the same six finished runs instead of the 24 it expects.",
        agent="experiment analysis agent (W&B-style public API tools, Gemini)",
        model="gemini-2.5-flash",
        start=856,
        ids="gemini",
    )
    t.user("The lr sweep 'sweep-lr-v2' had 24 runs. Give me a table of final val loss per learning rate.")
    runs = js(
        {
            "project": "acme/llm-ft",
            "count": 6,
            "runs": [
                {"id": f"r{i}", "config": {"lr": lr}, "summary": {"val/loss": loss}, "state": "finished"}
                for i, (lr, loss) in enumerate(
                    [(1e-5, 1.412), (2e-5, 1.377), (3e-5, 1.369), (5e-5, 1.388), (8e-5, 1.431), (1e-4, 1.502)]
                )
            ],
        }
    )
    filters = [
        ("Querying the sweep's runs.", {"tags": "sweep-lr-v2", "state": "finished"}),
        (
            "Only 6. Maybe the tag filter needs the $in form.",
            {"tags": {"$in": ["sweep-lr-v2"]}, "state": "finished"},
        ),
        ("Trying an explicit $and.", {"$and": [{"tags": "sweep-lr-v2"}, {"state": "finished"}]}),
        ("Trying $eq on the state.", {"tags": "sweep-lr-v2", "state": {"$eq": "finished"}}),
        (
            "Listing by tag with a larger page size.",
            {"tags": {"$in": ["sweep-lr-v2"]}, "state": "finished", "per_page": 200},
        ),
    ]
    steps = []
    for i, (text, flt) in enumerate(filters):
        steps.append(t.act(text, "tracker_runs_search", {"project": "acme/llm-ft", "filters": flt}, runs))
        if i == 0:
            t.act(
                "Checking the sweep object.",
                "tracker_get_sweep",
                {"project": "acme/llm-ft", "sweep": "lr-v2"},
                js({"sweep": "lr-v2", "run_count": 24, "state": "FINISHED", "method": "grid"}),
            )
    t.say("Only six runs of sweep-lr-v2 are available; here is their val loss by lr.")
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        "Four equivalent spellings of the same filter (tag and state=finished) return the same six runs; "
        "the other 18 are crashed or killed, which the state filter itself excludes, and the agent never "
        f"drops it. The fourth attempt is step {onset}.",
    )
    return t.build()


def nmap_host_down() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-032-pentest-nmap-host-down",
        "A pentest agent on an authorised engagement re-runs the same nmap scan against a host that drops "
        "ping probes; every run says the host seems down.",
        agent="pentest assistant (Kali tool server, OpenAI function calling)",
        model="gpt-4.1",
        start=880,
    )
    t.user(
        "Scope: 10.20.4.0/24 (signed RoE attached). Start with the app servers 10.20.4.11-17: open ports and "
        "service versions. .17 is the payroll app, the most important one."
    )
    for host, ports in (
        (11, ["22/tcp open ssh OpenSSH 9.6p1", "443/tcp open https nginx 1.24.0"]),
        (12, ["22/tcp open ssh OpenSSH 9.6p1", "8080/tcp open http Jetty 10.0.20"]),
        (13, []),
        (14, ["22/tcp open ssh OpenSSH 8.9p1", "5432/tcp open postgresql PostgreSQL 14.11"]),
        (15, ["3389/tcp open ms-wbt-server Microsoft Terminal Services"]),
        (16, ["22/tcp open ssh OpenSSH 9.6p1", "443/tcp open https Apache httpd 2.4.58"]),
    ):
        ip = f"10.20.4.{host}"
        body = (
            f"Nmap scan report for {ip}\nHost is up (0.0011s latency).\n" + "\n".join(ports)
            if ports
            else f"Nmap scan report for {ip}\nHost is up (0.0009s latency).\nAll 10000 scanned ports are "
            "closed"
        )
        t.act(
            f"Scanning {ip}.",
            "nmap_scan",
            {"target": ip, "ports": "1-10000", "flags": ["-sS", "-sV", "-T4"]},
            body,
        )

    def down(sec: str) -> str:
        return (
            "Starting Nmap 7.95 ( https://nmap.org ) at 2026-03-03 10:14 UTC\nNote: Host seems down. If it "
            "is "
            "really up, but blocking our ping probes, try -Pn\nNmap done: 1 IP address (0 hosts up) scanned "
            "in "
            f"{sec} seconds"
        )

    scan = {"target": "10.20.4.17", "ports": "1-10000", "flags": ["-sS", "-sV", "-T4"]}
    runs = [t.act("Now the payroll server, 10.20.4.17.", "nmap_scan", scan, down("3.04"))]
    runs.append(
        t.act("Host seems down. It may have been busy; scanning again.", "nmap_scan", scan, down("3.05"))
    )
    t.act(
        "Checking reachability.",
        "run_command",
        {"cmd": "ping -c 3 10.20.4.17"},
        "PING 10.20.4.17 56(84) bytes of data.\n\n--- 10.20.4.17 ping statistics ---\n3 packets transmitted, "
        "0 received, 100% packet loss, time 2046ms\n",
    )
    for text, sec in (
        ("No ping replies either. Re-running the scan.", "3.04"),
        ("Scanning once more.", "3.06"),
        ("One more attempt at the scan.", "3.04"),
    ):
        runs.append(t.act(text, "nmap_scan", scan, down(sec)))
    t.say(
        "Results for .11-.16 are above. 10.20.4.17 appears to be down; I'll move to the next hosts in scope."
    )
    onset = runs[2]
    t.loop(
        ["identical_call"],
        onset,
        "The six other hosts are scanned once each (a fan-out). On .17 the identical nmap command runs "
        "five times; every output says 'Host seems down ... try -Pn' "
        "(only the elapsed time differs). The tool's own hint is never followed. The third identical "
        f"scan is step {onset}.",
    )
    return t.build()


def apt_lock_identical() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-033-apt-lock-identical",
        "An OS-level agent re-runs the same apt-get install while unattended-upgrades holds the dpkg "
        "lock; it never waits or checks the lock holder.",
        agent="sysadmin agent (shell tool, Goose)",
        model="gpt-4o-mini",
        start=903,
        ids="plain",
    )
    t.user("Install PostgreSQL 16 on this VM and start it.")
    cmd = {"command": "sudo apt-get install -y postgresql-16"}
    lock = (
        "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 2231 (unattended-upgr)\n"
        "N: Be aware that removing the lock file is not a solution and may break your system.\n"
        "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process "
        "using it?\n"
        "[exit code 100]"
    )
    fails = [t.act("Installing.", "shell", cmd, lock, error=True)]
    fails.append(t.act("The lock is busy. Retrying.", "shell", cmd, lock, error=True))
    t.act(
        "Checking disk space meanwhile.",
        "shell",
        {"command": "df -h /"},
        "Filesystem      Size  Used Avail Use% Mounted on\n/dev/sda1        39G  7.9G   29G  22% /\n",
    )
    for text in ("Retrying the install.", "Trying again.", "Retrying apt-get install.", "Once more."):
        fails.append(t.act(text, "shell", cmd, lock, error=True))
    t.say("apt is locked by another process. Please retry later.")
    onset = fails[3]
    t.loop(
        ["error_streak", "identical_call"],
        onset,
        "The same install fails six times with the same dpkg lock error, which names the holder (PID 2231, "
        "unattended-upgrades). The agent never waits for it or checks on it. Identical failures: the "
        f"fourth is step {onset}.",
    )
    return t.build()


def release_notes_redelegation() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-034-release-notes-redelegation",
        "A release-manager agent asks its changelog sub-agent for the 4.2.0 notes four times; the drafts "
        "list the same changes.",
        agent="release manager (Claude Code with Task sub-agents)",
        model="claude-opus-4-5",
        start=930,
        ids="anthropic",
    )
    t.user(
        "Prepare the App Store submission for 4.2.0: release notes (max 4000 chars), version bump, build "
        "upload."
    )
    t.act(
        "Listing commits since 4.1.3.",
        "Bash",
        {"command": "git log --oneline v4.1.3..HEAD | head -40", "description": "Commits since last release"},
        "a91c2e0 Offline mode for saved articles\n7be10f4 Fix crash when rotating on iPad split view\n"
        "51d0c33 Dark mode contrast fixes in settings\nc03e9aa Bump Sentry SDK to 8.40\n"
        "e8b1f27 Faster cold start (lazy font loading)\n",
    )
    drafts = [
        "What's new in 4.2.0\n• Read saved articles offline\n• Faster app start\n• Better contrast in dark "
        "mode "
        "settings\n• Fixed a crash when rotating in iPad split view",
        "Version 4.2.0\n- Saved articles now work offline\n- The app starts faster\n- Dark mode: improved "
        "contrast "
        "in Settings\n- Fix: crash on rotation in iPad Split View",
        "4.2.0\n• Offline reading for saved articles\n• Quicker launch\n• Improved dark-mode contrast in "
        "Settings\n"
        "• Fixed iPad split-view rotation crash",
        "What's New\n• Save articles and read them offline\n• Launches faster\n• Dark mode settings are "
        "easier to "
        "read\n• Fixed a crash when rotating an iPad in Split View",
    ]
    prompts = [
        (
            "Delegating the notes to the changelog writer.",
            "Write App Store release notes for 4.2.0 from commits v4.1.3..HEAD. User-facing only, friendly "
            "tone.",
        ),
        (
            "Let me get a version with a bit more polish.",
            "Draft polished App Store 'What's New' text for 4.2.0 (v4.1.3..HEAD), user-facing, friendly.",
        ),
        (
            "I'll ask for one more draft to compare.",
            "Please write the 4.2.0 release notes for the App Store from the commits since v4.1.3.",
        ),
        (
            "One more pass, a little more concise.",
            "Write concise App Store release notes for 4.2.0 covering v4.1.3..HEAD.",
        ),
    ]
    steps = []
    for (text, prompt), draft in zip(prompts, drafts, strict=True):
        steps.append(
            t.act(
                text,
                "Task",
                {
                    "description": "Write 4.2.0 release notes",
                    "prompt": prompt,
                    "subagent_type": "changelog-writer",
                },
                draft,
            )
        )
    t.say("I have four drafts of the notes. Let me know which one you prefer, then I'll bump the version.")
    onset = steps[2]
    t.loop(
        ["same_tool"],
        onset,
        "The same task goes to the same sub-agent four times. The first two drafts already say the same "
        "four things in different words, so the third delegation, "
        f"step {onset}, is the onset. The version bump and upload are never started.",
    )
    return t.build()


SCENARIOS = [
    jupyter_same_cell,
    gpu_oom_batch_sizes,
    tracker_filter_paraphrase,
    nmap_host_down,
    apt_lock_identical,
    release_notes_redelegation,
]
