"""Loops: cycles of period 2 to 5 over tools, pages or files, including edit/undo, upgrade/rollback and
a feature flag toggled back and forth."""

from __future__ import annotations

from blind6gen.builder import JSON, Trace, js, table


def cline_edit_undo() -> JSON:
    t = Trace(
        "blind6-loop-cline-backoff-edit-undo",
        "Cline-style coding agent: lowers a retry backoff to make one test pass, which breaks another, "
        "reverts it, and cycles edit / test / revert / test with the same two failures.",
        ids="anthropic",
        meta={"agent_style": "Cline-like VS Code agent"},
    )
    t.user("npm test is red on src/sync/retry.test.ts. Make it green without changing the test expectations.")
    src = (
        "export const BACKOFF_MS = 2000;\nexport const MAX_RETRIES = 3;\n\nexport async function "
        "withRetry<T>(fn: () => Promise<T>, sleep = defaultSleep): Promise<T> {\n  let attempt = 0;\n  for "
        "(;;) {\n    try {\n      return await fn();\n    } catch (err) {\n      if (++attempt > "
        "MAX_RETRIES) throw err;\n      await sleep(BACKOFF_MS * attempt);\n    }\n  }\n}\n"
    )
    t.call("read_file", {"path": "src/sync/retry.ts"}, src, text="I'll read the retry helper first.")
    t.call(
        "read_file",
        {"path": "src/sync/retry.test.ts"},
        "import { withRetry, BACKOFF_MS } from './retry';\n\ntest('retries three times', async () => {\n  "
        "const fn = jest.fn().mockRejectedValueOnce(new Error('a')).mockRejectedValueOnce(new "
        "Error('b')).mockResolvedValue('ok');\n  await expect(withRetry(fn)).resolves.toBe('ok');\n  "
        "expect(fn).toHaveBeenCalledTimes(3);\n});\n\ntest('backoff is at least one second', () => {\n  "
        "expect(BACKOFF_MS).toBeGreaterThanOrEqual(1000);\n});\n",
        text="",
    )
    run = {"command": "npx jest src/sync/retry.test.ts", "requires_approval": False}
    timeout_fail = (
        "FAIL src/sync/retry.test.ts (6.12 s)\n  ✕ retries three times (5004 ms)\n  ✓ backoff is at "
        "least one second (1 ms)\n\n"
        '  ● retries three times\n\n    thrown: "Exceeded timeout of 5000 ms for a test.\n    Add a '
        "timeout value to this "
        'test to increase the timeout, if this is a long-running test."\n\nTests:       1 failed, 1 '
        "passed, 2 total\n"
    )
    floor_fail = (
        "FAIL src/sync/retry.test.ts (0.91 s)\n  ✓ retries three times (612 ms)\n  ✕ backoff is at least "
        "one second (1 ms)\n\n  ● backoff is at least one second\n\n    "
        "expect(received).toBeGreaterThanOrEqual(expected)\n\n    Expected: >= 1000\n    Received:    200\n"
        "\nTests:       1 failed, 1 passed, 2 total\n"
    )
    t.call("execute_command", run, timeout_fail, error=True, text="Running the test to see the failure.")
    down = {
        "path": "src/sync/retry.ts",
        "diff": (
            "<<<<<<< SEARCH\nexport const BACKOFF_MS = 2000;\n=======\nexport const BACKOFF_MS = 200;\n"
            ">>>>>>> REPLACE"
        ),
    }
    up = {
        "path": "src/sync/retry.ts",
        "diff": (
            "<<<<<<< SEARCH\nexport const BACKOFF_MS = 200;\n=======\nexport const BACKOFF_MS = 2000;\n"
            ">>>>>>> REPLACE"
        ),
    }
    saved = "The content was successfully saved to src/sync/retry.ts."
    a_steps = []
    for cycle in range(4):
        a_steps.append(
            t.call(
                "replace_in_file",
                down,
                saved,
                text=(
                    "The 2 s backoff times three attempts blows the 5 s test timeout. I'll reduce "
                    "BACKOFF_MS to 200."
                )
                if cycle == 0
                else "The timeout is the real problem; lowering the backoff to 200 ms again.",
            )
        )
        t.call("execute_command", run, floor_fail, error=True, text="")
        if cycle == 3:
            break
        t.call(
            "replace_in_file",
            up,
            saved,
            text="That breaks the one-second floor. Reverting BACKOFF_MS to 2000.",
        )
        t.call("execute_command", run, timeout_fail, error=True, text="")
    onset = a_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        f"A period-4 cycle: lower BACKOFF_MS (steps {', '.join(map(str, a_steps))}), test fails on the "
        "one-second floor, revert to 2000, test times out; the same two failures alternate. The fix "
        "(inject the sleep the helper already accepts, or use fake timers) is never tried. The first "
        f"state of the cycle, the edit to 200, comes round for the 3rd time at step {onset}: the onset.",
    )


def helm_upgrade_rollback() -> JSON:
    t = Trace(
        "blind6-loop-helm-upgrade-rollback",
        "DevOps agent: upgrades a Helm release, sees CrashLoopBackOff, rolls back, and repeats the same "
        "upgrade; only the revision number changes.",
        ids="openai",
        meta={"agent_style": "DevOps agent with kubectl/helm"},
    )
    t.user("Roll out checkout 2.14.0 to the shop namespace. Values are in deploy/values-prod.yaml.")
    t.call(
        "terminal",
        {"cmd": "helm history checkout -n shop --max 3"},
        table(
            ["REVISION", "UPDATED", "STATUS", "CHART", "APP VERSION", "DESCRIPTION"],
            [
                [
                    "11",
                    "Tue Jun 10 09:12:03 2025",
                    "superseded",
                    "checkout-1.8.0",
                    "2.13.2",
                    "Upgrade complete",
                ],
                [
                    "12",
                    "Thu Jun 12 16:40:51 2025",
                    "deployed",
                    "checkout-1.8.1",
                    "2.13.3",
                    "Upgrade complete",
                ],
            ],
        ),
        text="I'll begin by looking at the release history so I know what we can roll back to.",
    )
    revision = 12
    upgrade_cmd = (
        "helm upgrade checkout ./charts/checkout -n shop -f deploy/values-prod.yaml --set image.tag=2.14.0 "
        "--wait=false"
    )
    pods = table(
        ["NAME", "READY", "STATUS", "RESTARTS", "AGE"],
        [
            ["checkout-7f9c6d8b5-k2x9q", "0/1", "CrashLoopBackOff", "3 (18s ago)", "74s"],
            ["checkout-7f9c6d8b5-q8wzt", "0/1", "CrashLoopBackOff", "3 (21s ago)", "74s"],
            ["checkout-6b4d7c9f8-mm2lp", "1/1", "Running", "0", "2d"],
        ],
    )
    u_steps = []
    for i in range(4):
        revision += 1
        u_steps.append(
            t.call(
                "terminal",
                {"cmd": upgrade_cmd},
                (
                    'Release "checkout" has been upgraded. Happy Helming!\nNAME: checkout\nLAST '
                    f"DEPLOYED: Fri Jun 13 10:{14 + 3 * i:02d}:07 2025\nNAMESPACE: shop\nSTATUS: "
                    f"deployed\nREVISION: {revision}\nTEST SUITE: None\n"
                ),
                text="Now I'll upgrade the release to 2.14.0."
                if i == 0
                else (
                    "The rollback restored service. I'll try the 2.14.0 upgrade again; the crash may have "
                    "been a transient startup issue."
                ),
            )
        )
        t.call(
            "terminal",
            {"cmd": "kubectl get pods -n shop -l app.kubernetes.io/name=checkout"},
            pods,
            text="Let me check the new pods.",
        )
        if i == 3:
            break
        revision += 1
        t.call(
            "terminal",
            {"cmd": "helm rollback checkout -n shop"},
            "Rollback was a success! Happy Helming!\n",
            text="The new pods are crash-looping, so I'm rolling back to keep checkout available.",
        )
    onset = u_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        (
            "Period-3 cycle upgrade / get pods / rollback, identical except for Helm's revision counter: "
            f"upgrades at steps {', '.join(map(str, u_steps))}, each followed by the same CrashLoopBackOff "
            "and a rollback. The agent never reads the pod logs or the values diff. The upgrade comes "
            f"round for the 3rd time at step {onset}: the onset."
        ),
    )


def legal_three_pages() -> JSON:
    t = Trace(
        "blind6-loop-gdpr-three-page-cycle",
        "Legal research browsing agent: cycles through the same three pages (GDPR Art. 17, Recital 65, an "
        "EDPB page) with the same content, never writing the answer.",
        ids="gemini",
        meta={"agent_style": "legal/compliance research agent with a browser"},
    )
    t.user(
        "Does the GDPR right to erasure require us to delete personal data from backups immediately? Short "
        "memo please."
    )
    t.call(
        "web_search",
        {"q": "GDPR right to erasure backups Article 17 guidance", "num": 5},
        js(
            {
                "results": [
                    {"url": "https://gdpr-info.eu/art-17-gdpr/", "title": "Art. 17 GDPR - Right to erasure"},
                    {
                        "url": "https://gdpr-info.eu/recitals/no-65/",
                        "title": "Recital 65 - Right of rectification and erasure",
                    },
                    {
                        "url": (
                            "https://www.edpb.europa.eu/our-work-tools/our-documents/guidelines/right-erasu"
                            "re-backups_en"
                        ),
                        "title": "EDPB - erasure and backups (FAQ)",
                    },
                ]
            }
        ),
        text="Searching for the provisions and guidance.",
    )
    pages = [
        (
            "https://gdpr-info.eu/art-17-gdpr/",
            (
                "Art. 17 GDPR Right to erasure ('right to be forgotten')\n1. The data subject shall have "
                "the right to obtain from the controller the erasure of personal data concerning him or "
                "her without undue delay and the controller shall have the obligation to erase personal "
                "data without undue delay where one of the following grounds applies: (a) ... (f)\n2. "
                "Where the controller has made the personal data public ... taking account of available "
                "technology and the cost of implementation, shall take reasonable steps ...\n3. Paragraphs "
                "1 and 2 shall not apply to the extent that processing is necessary: (a) ... (e) for the "
                "establishment, exercise or defence of legal claims."
            ),
        ),
        (
            "https://gdpr-info.eu/recitals/no-65/",
            (
                "Recital 65 Right of rectification and erasure\nA data subject should have the right to "
                "have personal data concerning him or her rectified and a 'right to be forgotten' ... "
                "However, the further retention of the personal data should be lawful where it is "
                "necessary ..."
            ),
        ),
        (
            "https://www.edpb.europa.eu/our-work-tools/our-documents/guidelines/right-erasure-backups_en",
            (
                "FAQ: Erasure and backups\nWhere immediate erasure from backups is technically impossible, "
                "controllers should put the data 'beyond use': ensure it is not restored to live systems, "
                "restrict access, and overwrite it in the normal backup rotation, documenting the "
                "retention period. When a backup is restored, erased records must be removed again before "
                "use."
            ),
        ),
    ]
    texts = ["Reading Article 17.", "Now Recital 65.", "And the EDPB guidance on backups."]
    again = [
        "Back to Article 17 to check the exact wording on 'without undue delay'.",
        "Re-reading Recital 65 for the retention nuance.",
        "Checking the EDPB FAQ once more.",
    ]
    a_steps = []
    for rnd in range(4):
        for j, (url, content) in enumerate(pages):
            s = t.call(
                "fetch_page", {"url": url, "max_chars": 6000}, content, text=(texts if rnd == 0 else again)[j]
            )
            if j == 0:
                a_steps.append(s)
            if rnd == 3:
                break
    onset = a_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        "Period-3 cycle over the same three pages (Art. 17, Recital 65, the EDPB backups FAQ) with "
        "identical content every time; the FAQ already answers the question ('beyond use', overwrite in "
        f"rotation). Article 17 is fetched at steps {', '.join(map(str, a_steps))}; its 3rd visit, step "
        f"{onset}, is the onset.",
    )


def airflow_five_step_cycle() -> JSON:
    t = Trace(
        "blind6-loop-airflow-dbt-five-step-cycle",
        "Data-engineering agent: a period-5 cycle (task log, DAG file, raw table freshness, dbt run, model "
        "SQL) repeated with identical results; the missing source named in the error is never fixed.",
        ids="uuid",
        meta={"agent_style": "data-engineering agent (Airflow, dbt, SQL)"},
    )
    t.user("orders_daily failed last night at load_fct_orders. Get it green and backfill 2025-04-02.")
    err = (
        "Database Error in model fct_orders (models/marts/fct_orders.sql)\n  002003 (42S02): SQL "
        "compilation error:\n  Object 'RAW.SHOP.ORDERS_V2' does not exist or not authorized.\n  compiled "
        "code at target/run/lumen_dw/models/marts/fct_orders.sql"
    )
    cycle: list[tuple[str, JSON, str, bool, str]] = [
        (
            "airflow",
            {"args": ["tasks", "logs", "orders_daily", "load_fct_orders", "2025-04-02"]},
            (
                "[2025-04-03, 02:14:09 UTC] {subprocess.py:93} INFO - Running with dbt=1.8.7\n[2025-04-03, "
                "02:14:31 UTC] {subprocess.py:93} INFO - 1 of 1 ERROR creating sql table model "
                "marts.fct_orders\n"
            )
            + err
            + "\n[2025-04-03, 02:14:32 UTC] {taskinstance.py:2905} ERROR - Task failed with exception",
            False,
            "Reading the failed task's log.",
        ),
        (
            "read_file",
            {"path": "dags/orders_daily.py"},
            (
                "with DAG('orders_daily', schedule='0 2 * * *', catchup=False) as dag:\n    extract = "
                "PythonOperator(task_id='extract_shop', python_callable=extract_shop)\n    load = "
                "BashOperator(task_id='load_fct_orders', bash_command='dbt build --select fct_orders "
                "--target prod')\n    extract >> load\n"
            ),
            False,
            "Now the DAG definition.",
        ),
        (
            "sql",
            {
                "query": "select max(_loaded_at) as last_load, count(*) from raw.shop.orders",
                "role": "TRANSFORMER",
            },
            "LAST_LOAD                 COUNT(*)\n2025-04-03 02:09:51.204   1882214\n",
            False,
            "Is raw data fresh?",
        ),
        (
            "dbt",
            {"args": ["run", "--select", "fct_orders", "--target", "prod"]},
            (
                "03:40:12  1 of 1 START sql table model marts.fct_orders ........ [RUN]\n03:40:14  1 of 1 "
                "ERROR creating sql table model marts.fct_orders .. [ERROR in 1.9s]\n"
            )
            + err,
            True,
            "Re-running the model.",
        ),
        (
            "read_file",
            {"path": "models/marts/fct_orders.sql"},
            (
                "{{ config(materialized='table') }}\nselect o.id as order_id, o.created_at, o.total_price "
                "as total_eur, o.financial_status\nfrom {{ source('shop', 'orders_v2') }} o\nwhere o.test "
                "= false\n"
            ),
            False,
            "Looking at the model SQL.",
        ),
    ]
    again = [
        "Back to the task log.",
        "Re-checking the DAG.",
        "Raw freshness again.",
        "Trying the model again.",
        "Re-reading the model.",
    ]
    a_steps = []
    for rnd in range(7):
        for j, (name, args, result, error, text) in enumerate(cycle):
            s = t.call(name, args, result, error=error, text=text if rnd == 0 else again[j])
            if j == 0:
                a_steps.append(s)
            if rnd == 6:
                break
    onset = a_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        "Period-5 cycle (task log, DAG file, raw freshness query, dbt run, model SQL) repeated six times "
        "with identical results; the model reads source orders_v2 while raw data lands in "
        "raw.shop.orders, and no edit is ever made. Convention extended to period 5: the first state of "
        f"the cycle (the task log) is visited for the 3rd time at step {onset}, the onset. Cycle starts: "
        f"{', '.join(map(str, a_steps))}.",
    )


def aider_two_file_reread() -> JSON:
    t = Trace(
        "blind6-loop-django-settings-two-file-reread",
        "Aider-style agent: alternates between reading the base and production settings files, unchanged, "
        "while promising to find the database misconfiguration.",
        ids="short",
        meta={"agent_style": "Aider-like pair programmer"},
    )
    t.user("Why does production end up on SQLite instead of Postgres? Fix it.")
    t.call(
        "run",
        {
            "cmd": (
                'DJANGO_SETTINGS_MODULE=shop.settings.production python -c "from django.conf import '
                "settings; print(settings.DATABASES['default']['ENGINE'])\""
            )
        },
        "django.db.backends.sqlite3\n",
        text="Confirming what production resolves to.",
    )
    base = (
        "import environ\nenv = environ.Env()\nBASE_DIR = Path(__file__).resolve().parent.parent.parent\n\n"
        "DATABASES = {\n    'default': env.db('DATABASE_URL', "
        "default=f'sqlite:///{BASE_DIR}/db.sqlite3'),\n}\n"
    )
    prod = (
        "from .base import *  # noqa\n\nDEBUG = False\nALLOWED_HOSTS = env.list('ALLOWED_HOSTS')\n# "
        "Postgres comes from DATABASE_URL, set in the systemd unit\n"
    )
    reads = [
        ("shop/settings/base.py", base, "Let me look at base settings."),
        ("shop/settings/production.py", prod, "And production."),
        ("shop/settings/base.py", base, "I need to double-check how DATABASES is built in base."),
        ("shop/settings/production.py", prod, "And whether production overrides it."),
        ("shop/settings/base.py", base, "Checking base again for the default."),
        ("shop/settings/production.py", prod, "Re-reading production."),
        ("shop/settings/base.py", base, "Back to base.py."),
        ("shop/settings/production.py", prod, "production.py once more."),
        ("shop/settings/base.py", base, ""),
        ("shop/settings/production.py", prod, ""),
    ]
    steps = [t.call("read", {"path": p}, c, text=text) for p, c, text in reads]
    onset = steps[4]
    return t.loop(
        ["alternation"],
        onset,
        f"Period-2 cycle from step {steps[0]}: base.py and production.py are read alternately {len(steps)} "
        "times, unchanged. The answer is visible after the first two reads (DATABASE_URL falls back to "
        "SQLite and is only set in the systemd unit); the agent never checks the unit or the environment. "
        f"A B A B [A]: the 3rd read of base.py, step {onset}, is the onset.",
    )


def feature_flag_toggle() -> JSON:
    t = Trace(
        "blind6-loop-checkout-flag-toggle",
        "E-commerce ops agent: flips a checkout feature flag off and on repeatedly, arguing both ways, "
        "without measuring anything between flips.",
        ids="bedrock",
        meta={"agent_style": "e-commerce back-office / ops agent"},
    )
    t.user(
        "Payment failures went up after we rolled out checkout_v2. Decide whether to turn the flag off and "
        "do it."
    )
    t.call(
        "payments_error_rate",
        {"window": "1h", "group_by": "checkout_version"},
        js({"v1": {"attempts": 412, "failed": 3}, "v2": {"attempts": 1930, "failed": 79}}),
        text="Comparing failure rates by checkout version.",
    )
    t.call(
        "flags_get",
        {"flag": "checkout_v2", "environment": "production"},
        js({"flag": "checkout_v2", "enabled": True, "rollout_pct": 100, "version": 41}),
        text="",
    )
    reasons = [
        (False, "v2 fails at 4.1% vs 0.7% on v1. Turning checkout_v2 off."),
        (True, "On reflection, v1 only had 412 attempts, too few to compare. Turning the flag back on."),
        (False, "But 79 failures is clearly worse; switching it off again."),
        (True, "Disabling may strand carts created on v2. Re-enabling."),
        (False, "Customer impact matters more. Off."),
        (True, "Actually the finance team wanted v2 live this week. On."),
        (False, "No, failures are too high. Off again."),
    ]
    steps: list[int] = []
    version = 41
    for i, (enabled, text) in enumerate(reasons):
        version += 1
        steps.append(
            t.call(
                "flags_update",
                {"flag": "checkout_v2", "environment": "production", "enabled": enabled},
                js(
                    {
                        "flag": "checkout_v2",
                        "environment": "production",
                        "enabled": enabled,
                        "version": version,
                        "updated_at": f"2025-05-20T14:{2 + i:02d}:11Z",
                    }
                ),
                text=text,
            )
        )
    onset = steps[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        f"From step {steps[0]} the agent toggles checkout_v2 off/on {len(steps)} times with nothing "
        "measured in between; only the flag version and timestamp change. A flag toggled back and forth: "
        f"onset at the 4th toggle, step {onset}.",
    )


BUILDERS = [
    cline_edit_undo,
    helm_upgrade_rollback,
    legal_three_pages,
    airflow_five_step_cycle,
    aider_two_file_reread,
    feature_flag_toggle,
]
