"""Healthy: coding agents re-running tests and linters after each edit (including identical green output
after refactors), many edits to one file, failures that move as fixes land, a retry after installing a
missing module, and read/patch alternation across many files."""

from __future__ import annotations

from blind6gen.builder import JSON, Trace


def cursor_edit_test_progress() -> JSON:
    t = Trace(
        "blind6-healthy-cursor-edit-test-progress",
        (
            "Cursor-style agent fixes a date-parsing module: five edit/test rounds, failures going 5 → 3 → "
            "2 → 1 → 0."
        ),
        ids="openai",
        meta={"agent_style": "Cursor-like IDE agent"},
    )
    t.user("tests/test_dates.py has 5 failures after the dateutil removal. Fix the parser, not the tests.")
    t.call(
        "read_file",
        {"target_file": "ingest/dates.py", "start_line_one_indexed": 1, "end_line_one_indexed_inclusive": 80},
        (
            "from datetime import datetime\n\nFORMATS = ['%Y-%m-%d', '%d/%m/%Y']\n\ndef parse_date(s: str) "
            "-> datetime:\n    for f in FORMATS:\n        try:\n            return datetime.strptime(s, "
            "f)\n        except ValueError:\n            pass\n    raise ValueError(s)\n"
        ),
        text="Reading the parser.",
    )
    test = {"command": "python -m pytest tests/test_dates.py -q", "is_background": False}
    runs = [
        (
            (
                "FFFFF.....\n5 failed, 5 passed in 0.09s\nFAILED test_iso_with_time, test_iso_with_tz, "
                "test_us_month_name, test_two_digit_year, test_whitespace"
            ),
            None,
        ),
        (
            (
                "..FFF.....\n3 failed, 7 passed in 0.08s\nFAILED test_us_month_name, test_two_digit_year, "
                "test_whitespace"
            ),
            (
                "Handle ISO timestamps with time and offset via fromisoformat first.",
                "    try:\n        return datetime.fromisoformat(s)\n    except ValueError:\n        pass\n",
            ),
        ),
        (
            "...FF.....\n2 failed, 8 passed in 0.08s\nFAILED test_two_digit_year, test_whitespace",
            ("Add '%b %d, %Y' for 'Mar 4, 2025'.", "FORMATS = ['%Y-%m-%d', '%d/%m/%Y', '%b %d, %Y']\n"),
        ),
        (
            "....F.....\n1 failed, 9 passed in 0.07s\nFAILED test_whitespace",
            (
                "Two-digit years: add '%d/%m/%y'.",
                "FORMATS = ['%Y-%m-%d', '%d/%m/%Y', '%d/%m/%y', '%b %d, %Y']\n",
            ),
        ),
        (
            "..........\n10 passed in 0.07s",
            ("Strip surrounding whitespace before parsing.", "    s = s.strip()\n"),
        ),
    ]
    for i, (out, edit) in enumerate(runs):
        if edit:
            t.call(
                "edit_file",
                {
                    "target_file": "ingest/dates.py",
                    "instructions": edit[0],
                    "code_edit": "# ... existing code ...\n" + edit[1] + "# ... existing code ...\n",
                },
                "The apply model made the following changes to the file:\n~ 1-5 lines changed",
                text=edit[0],
            )
        t.call(
            "run_terminal_cmd",
            test,
            out,
            error=i < len(runs) - 1,
            text="Running the tests." if i == 0 else "",
        )
    t.say(
        "All 10 date tests pass. The parser now tries fromisoformat first, supports 'Mar 4, 2025' and "
        "two-digit years, and strips whitespace."
    )
    return t.healthy(
        "Edit → test repeated five times; each edit is different and each test run shows fewer failures "
        "(5, 3, 2, 1, 0). Re-running the same test command after every edit is how the fix is verified."
    )


def refactor_identical_green() -> JSON:
    t = Trace(
        "blind6-healthy-aider-refactor-identical-green-runs",
        "Aider-style agent does a five-step refactor and re-runs the same test command after each step; "
        "the output is byte-identical ('42 passed') every time.",
        ids="short",
        meta={"agent_style": "Aider-like pair programmer"},
    )
    t.user(
        "Refactor billing/invoice.py: extract the tax calculation, the rounding helper and the PDF "
        "rendering into separate modules. Keep tests green after every step."
    )
    t.call(
        "read",
        {"path": "billing/invoice.py"},
        (
            "class Invoice:\n    def total(self): ...\n    def _tax(self): ...\n    def _round(self, x): "
            "...\n    def render_pdf(self): ...\n(318 lines)"
        ),
        text="Reading the module.",
    )
    green = (
        "..........................................                               [100%]\n42 passed in "
        "1.84s\n"
    )
    cmd = {"cmd": "pytest -q tests/billing"}
    t.call("run", cmd, green, text="Baseline.")
    edits = [
        ("billing/tax.py", "Move _tax into billing/tax.py as compute_tax(lines, region)."),
        ("billing/invoice.py", "Call tax.compute_tax from Invoice.total."),
        ("billing/rounding.py", "Extract _round into rounding.round_half_even."),
        ("billing/pdf.py", "Move render_pdf into billing/pdf.py (render_invoice_pdf)."),
        ("billing/invoice.py", "Remove the now-unused private helpers and imports."),
    ]
    for path, what in edits:
        t.call(
            "apply_edit",
            {"path": path, "search_replace": [{"search": "...", "replace": "..."}], "summary": what},
            f"Applied edit to {path}",
            text=what,
        )
        t.call("run", cmd, green, text="")
    t.call(
        "run",
        {"cmd": "git diff --stat"},
        (
            " billing/invoice.py   | 121 +++-------------\n billing/pdf.py       |  74 ++++++++++\n "
            "billing/rounding.py  |  12 ++\n billing/tax.py       |  41 +++++\n 4 files changed, 147 "
            "insertions(+), 101 deletions(-)\n"
        ),
        text="",
    )
    t.say(
        "Done in five steps, tests green after each (42 passed). invoice.py dropped from 318 to ~200 "
        "lines; tax, rounding and PDF rendering now live in their own modules."
    )
    return t.healthy(
        "The same pytest command returns byte-identical output ('42 passed') six times, but every run "
        "follows a different edit: the user asked for tests after every refactor step. Identical green "
        "output after refactors is the expected result, not a loop; counted from the last edit there is "
        "never a second identical run."
    )


def ruff_rerun_after_fixes() -> JSON:
    t = Trace(
        "blind6-healthy-ruff-rerun-after-fixes",
        "OpenHands-style agent fixes lint errors file by file, re-running ruff after each fix; the count "
        "drops 7 → 4 → 2 → 0.",
        ids="openai",
        meta={"agent_style": "OpenHands-like CodeAct agent"},
    )
    t.user("Make `ruff check src/` pass.")
    lint = {"command": "ruff check src/"}
    outs = [
        (
            "src/api/views.py:3:1: F401 [*] `json` imported but unused\nsrc/api/views.py:88:5: E722 Do not "
            "use bare `except`\nsrc/api/views.py:120:9: F841 Local variable `resp` is assigned to but "
            "never used\nsrc/core/cache.py:14:1: I001 [*] Import block is un-sorted or un-formatted\n"
            "src/core/cache.py:52:20: E711 Comparison to `None` should be `cond is None`\n"
            "src/core/tasks.py:7:1: F401 [*] `os` imported but unused\nsrc/core/tasks.py:61:13: B006 Do "
            "not use mutable data structures for argument defaults\nFound 7 errors.\n[*] 3 fixable with "
            "the `--fix` option."
        ),
        (
            "src/api/views.py:88:5: E722 Do not use bare `except`\nsrc/api/views.py:120:9: F841 Local "
            "variable `resp` is assigned to but never used\nsrc/core/cache.py:52:20: E711 Comparison to "
            "`None` should be `cond is None`\nsrc/core/tasks.py:61:13: B006 Do not use mutable data "
            "structures for argument defaults\nFound 4 errors."
        ),
        (
            "src/core/cache.py:52:20: E711 Comparison to `None` should be `cond is None`\n"
            "src/core/tasks.py:61:13: B006 Do not use mutable data structures for argument defaults\nFound "
            "2 errors."
        ),
        "All checks passed!",
    ]
    fixes = [
        {"command": "ruff check src/ --fix"},
        {
            "command": "str_replace",
            "path": "/workspace/src/api/views.py",
            "old_str": "    except:\n        resp = None\n        log.warning('fetch failed')",
            "new_str": "    except httpx.HTTPError:\n        log.warning('fetch failed')",
        },
        {
            "command": "str_replace",
            "path": "/workspace/src/core/cache.py",
            "old_str": "if entry == None:",
            "new_str": "if entry is None:",
        },
    ]
    t.call("execute_bash", lint, outs[0], error=True, text="")
    t.call("execute_bash", fixes[0], "Found 7 errors (3 fixed, 4 remaining).", error=True, text="")
    t.call("execute_bash", lint, outs[1], error=True, text="")
    t.call(
        "str_replace_editor",
        fixes[1],
        (
            "The file /workspace/src/api/views.py has been edited. Here's the result of running `cat -n` "
            "on a snippet:\n    86\t    try:\n    87\t        data = client.get(url).json()\n    88\t    "
            "except httpx.HTTPError:\n    89\t        log.warning('fetch failed')"
        ),
        text="",
    )
    t.call("execute_bash", lint, outs[2], error=True, text="")
    t.call("str_replace_editor", fixes[2], "The file /workspace/src/core/cache.py has been edited.", text="")
    t.call(
        "str_replace_editor",
        {
            "command": "str_replace",
            "path": "/workspace/src/core/tasks.py",
            "old_str": "def schedule(job, tags=[]):",
            "new_str": "def schedule(job, tags=None):\n    tags = tags or []",
        },
        "The file /workspace/src/core/tasks.py has been edited.",
        text="",
    )
    t.call("execute_bash", lint, outs[3], text="")
    t.say(
        "ruff check src/ now passes (7 issues fixed: 3 auto-fixed imports, bare except, unused variable, "
        "None comparison, mutable default)."
    )
    return t.healthy(
        "The same lint command runs four times, each after a different fix, and reports 7, 4, 2, then 0 "
        "errors. Re-running a linter after each fix is verification with visible progress."
    )


def many_edits_one_file() -> JSON:
    t = Trace(
        "blind6-healthy-openhands-nine-edits-one-file",
        "OpenHands-style agent renames a field across one large models file with nine str_replace edits, "
        "then the tests pass.",
        ids="openai",
        meta={"agent_style": "OpenHands-like CodeAct agent"},
    )
    t.user(
        "Rename `cust_ref` to `customer_reference` everywhere in app/models.py (it's used in 9 places) and "
        "keep tests green."
    )
    t.call(
        "execute_bash",
        {"command": "grep -n cust_ref app/models.py"},
        "\n".join(
            f"{n}:    {s}"
            for n, s in [
                (41, "cust_ref = Column(String(32), index=True)"),
                (77, "def by_cust_ref(cls, ref):"),
                (78, "    return cls.query.filter_by(cust_ref=ref).first()"),
                (132, "'cust_ref': self.cust_ref,"),
                (160, "if not self.cust_ref:"),
                (161, "    raise ValueError('cust_ref required')"),
                (203, "Index('ix_orders_cust_ref', 'cust_ref')"),
                (244, "self.cust_ref = data['cust_ref']"),
                (290, "return f'<Order {self.id} {self.cust_ref}>'"),
            ]
        ),
        text="",
    )
    edits = [
        (
            "cust_ref = Column(String(32), index=True)",
            "customer_reference = Column('cust_ref', String(32), index=True)",
            41,
        ),
        ("def by_cust_ref(cls, ref):", "def by_customer_reference(cls, ref):", 77),
        ("filter_by(cust_ref=ref)", "filter_by(customer_reference=ref)", 78),
        ("'cust_ref': self.cust_ref,", "'customer_reference': self.customer_reference,", 132),
        ("if not self.cust_ref:", "if not self.customer_reference:", 160),
        ("raise ValueError('cust_ref required')", "raise ValueError('customer_reference required')", 161),
        ("Index('ix_orders_cust_ref', 'cust_ref')", "Index('ix_orders_cust_ref', 'customer_reference')", 203),
        ("self.cust_ref = data['cust_ref']", "self.customer_reference = data['customer_reference']", 244),
        (
            "return f'<Order {self.id} {self.cust_ref}>'",
            "return f'<Order {self.id} {self.customer_reference}>'",
            290,
        ),
    ]
    for old, new, line in edits:
        t.call(
            "str_replace_editor",
            {"command": "str_replace", "path": "/workspace/app/models.py", "old_str": old, "new_str": new},
            (
                "The file /workspace/app/models.py has been edited. Here's the result of running `cat -n` "
                f"on a snippet of /workspace/app/models.py:\n   {line - 1}\t...\n   {line}\t    {new}\n   "
                f"{line + 1}\t...\nReview the changes and make sure they are as expected. Edit the file "
                "again if necessary."
            ),
            text="",
        )
    t.call(
        "execute_bash",
        {"command": "grep -rn cust_ref app/ tests/ | grep -v \"Column('cust_ref'\\|ix_orders_cust_ref\""},
        "tests/test_models.py:22:    o = Order(cust_ref='C-1')",
        text="",
    )
    t.call(
        "str_replace_editor",
        {
            "command": "str_replace",
            "path": "/workspace/tests/test_models.py",
            "old_str": "Order(cust_ref='C-1')",
            "new_str": "Order(customer_reference='C-1')",
        },
        "The file /workspace/tests/test_models.py has been edited.",
        text="",
    )
    t.call(
        "execute_bash",
        {"command": "python -m pytest -q"},
        "........................................................ [100%]\n56 passed in 3.02s",
        text="",
    )
    t.say(
        "Renamed cust_ref → customer_reference in all 9 places (the DB column name is kept via "
        "Column('cust_ref', ...), so no migration is needed) and in one test. 56 tests pass."
    )
    return t.healthy(
        "Nine consecutive str_replace calls on the same file, each replacing a different occurrence and "
        "each acknowledged with the same message shape; then the one stray test is fixed and the suite "
        "passes. Many incremental edits to one file are normal."
    )


def oscillating_tests_progress() -> JSON:
    t = Trace(
        "blind6-healthy-cline-moving-failures-progress",
        "Cline-style agent: edit/test alternation where the failing tests change after each fix (one fix "
        "exposes another), ending green.",
        ids="anthropic",
        meta={"agent_style": "Cline-like VS Code agent"},
    )
    t.user("The cart discount tests fail after the promo engine upgrade. Fix the engine adapter.")
    run = {"command": "npx vitest run src/cart", "requires_approval": False}
    t.call(
        "execute_command",
        run,
        (
            "FAIL src/cart/discount.test.ts > percent promo applies to subtotal\nFAIL "
            "src/cart/discount.test.ts > stacked promos cap at 50%\nTests  2 failed | 14 passed (16)"
        ),
        error=True,
        text="Let me run the cart tests to see which ones fail.",
    )
    t.call(
        "read_file",
        {"path": "src/cart/promoAdapter.ts"},
        (
            "export function applyPromos(cart: Cart, promos: Promo[]) {\n  const engine = new "
            "PromoEngine({ version: 3 });\n  return engine.evaluate(cart.total, promos);\n}\n"
        ),
        text="",
    )
    t.call(
        "replace_in_file",
        {
            "path": "src/cart/promoAdapter.ts",
            "diff": (
                "<<<<<<< SEARCH\n  return engine.evaluate(cart.total, promos);\n=======\n  return "
                "engine.evaluate(cart.subtotal, promos);\n>>>>>>> REPLACE"
            ),
        },
        "The content was successfully saved to src/cart/promoAdapter.ts.",
        text="v3 expects the subtotal, not the total with shipping.",
    )
    t.call(
        "execute_command",
        run,
        (
            "FAIL src/cart/discount.test.ts > stacked promos cap at 50%\nFAIL src/cart/discount.test.ts > "
            "free shipping promo leaves subtotal unchanged\nTests  2 failed | 14 passed (16)"
        ),
        error=True,
        text="",
    )
    t.call(
        "replace_in_file",
        {
            "path": "src/cart/promoAdapter.ts",
            "diff": (
                "<<<<<<< SEARCH\n  return engine.evaluate(cart.subtotal, promos);\n=======\n  const "
                "itemPromos = promos.filter((p) => p.kind !== 'shipping');\n  return "
                "engine.evaluate(cart.subtotal, itemPromos);\n>>>>>>> REPLACE"
            ),
        },
        "The content was successfully saved to src/cart/promoAdapter.ts.",
        text="Shipping promos must not be evaluated against the subtotal.",
    )
    t.call(
        "execute_command",
        run,
        "FAIL src/cart/discount.test.ts > stacked promos cap at 50%\nTests  1 failed | 15 passed (16)",
        error=True,
        text="",
    )
    t.call(
        "replace_in_file",
        {
            "path": "src/cart/promoAdapter.ts",
            "diff": (
                "<<<<<<< SEARCH\n  const engine = new PromoEngine({ version: 3 });\n=======\n  const "
                "engine = new PromoEngine({ version: 3, maxStackPct: 50 });\n>>>>>>> REPLACE"
            ),
        },
        "The content was successfully saved to src/cart/promoAdapter.ts.",
        text="v3 dropped the default 50% stacking cap; setting it explicitly.",
    )
    t.call("execute_command", run, "Tests  16 passed (16)", text="")
    t.say(
        "All 16 cart tests pass. Three adapter changes for engine v3: evaluate on subtotal, exclude "
        "shipping promos from item evaluation, and set maxStackPct: 50 explicitly."
    )
    return t.healthy(
        "replace_in_file / execute_command alternate four times, which looks like an A/B cycle, but each "
        "edit is different and the failing set changes each run (2 → 2 different → 1 → 0). Edit→test with "
        "moving failures is progress."
    )


def retry_after_install() -> JSON:
    t = Trace(
        "blind6-healthy-pytest-retry-after-install",
        "Codex-style agent: pytest fails on a missing module, the agent installs it and re-runs the "
        "identical command, fixes the two real failures and re-runs green.",
        ids="uuid",
        meta={"agent_style": "Codex-CLI-like terminal agent"},
    )
    t.user("Run the scheduler tests and fix whatever is broken.")
    cmd = {"command": ["bash", "-lc", "pytest -q tests/scheduler"], "workdir": "/repo", "timeout_ms": 120000}
    t.call(
        "shell",
        cmd,
        (
            "Exit code: 2\nOutput:\nImportError while importing test module "
            "'/repo/tests/scheduler/test_cron.py'.\nE   ModuleNotFoundError: No module named 'freezegun'\n"
            "1 error in 0.31s"
        ),
        error=True,
        text="",
    )
    t.call(
        "shell",
        {
            "command": [
                "bash",
                "-lc",
                "grep -n freezegun requirements-dev.txt; pip install -r requirements-dev.txt",
            ],
            "workdir": "/repo",
            "timeout_ms": 120000,
        },
        (
            "Exit code: 0\nOutput:\n7:freezegun==1.5.1\nSuccessfully installed freezegun-1.5.1 "
            "python-dateutil-2.9.0.post0"
        ),
        text="freezegun is a dev dependency that isn't installed.",
    )
    t.call(
        "shell",
        cmd,
        (
            "Exit code: 1\nOutput:\n..F.....F..\nFAILED "
            "tests/scheduler/test_cron.py::test_next_run_dst_spring - AssertionError: 03:30 != 02:30\n"
            "FAILED tests/scheduler/test_cron.py::test_next_run_dst_fall\n2 failed, 9 passed in 0.44s"
        ),
        error=True,
        text="",
    )
    t.call(
        "apply_patch",
        {
            "patch": (
                "*** Begin Patch\n*** Update File: scheduler/cron.py\n@@\n-    nxt = base + "
                "timedelta(days=1)\n+    nxt = (base.replace(tzinfo=None) + "
                "timedelta(days=1)).replace(tzinfo=base.tzinfo)\n+    nxt = "
                "nxt.astimezone(ZoneInfo(tz)).replace(fold=0)\n*** End Patch"
            )
        },
        "Success. Updated the following files:\nM scheduler/cron.py",
        text="Daily schedules must add a wall-clock day, not 24 hours, across DST.",
    )
    t.call("shell", cmd, "Exit code: 0\nOutput:\n...........\n11 passed in 0.39s", text="")
    t.say(
        "Installed the missing dev dependency (freezegun), then fixed the DST handling in "
        "scheduler/cron.py (add a calendar day in local time). 11/11 scheduler tests pass."
    )
    return t.healthy(
        "The identical pytest command runs three times, but the environment or code changes before each "
        "re-run (install, then a patch) and the output differs every time: import error, 2 failures, "
        "green. A retry after fixing the environment is not a repeat."
    )


def read_patch_migration() -> JSON:
    t = Trace(
        "blind6-healthy-codex-read-patch-eight-files",
        "Codex-style agent migrates eight modules from requests to httpx, alternating read and patch for "
        "each file, then runs the tests.",
        ids="uuid",
        meta={"agent_style": "Codex-CLI-like terminal agent"},
    )
    t.user("Migrate the clients/ package from requests to httpx (sync client is fine).")
    files = [
        "clients/base.py",
        "clients/github.py",
        "clients/jira.py",
        "clients/slack.py",
        "clients/pagerduty.py",
        "clients/statuspage.py",
        "clients/sentry.py",
        "clients/opsgenie.py",
    ]
    t.call(
        "shell",
        {"command": ["bash", "-lc", "rg -l '^import requests' clients/"], "workdir": "/repo"},
        "Exit code: 0\nOutput:\n" + "\n".join(files),
        text="",
    )
    for f in files:
        name = f.split("/")[1][:-3]
        t.call(
            "shell",
            {"command": ["bash", "-lc", f"sed -n '1,60p' {f}"], "workdir": "/repo"},
            (
                f"import requests\n\nclass {name.capitalize()}Client:\n    def __init__(self, token):\n    "
                "    self.s = requests.Session()\n        self.s.headers['Authorization'] = f'Bearer "
                "{token}'\n    def get(self, path):\n        r = self.s.get(self.BASE + path, "
                "timeout=10)\n        r.raise_for_status()\n        return r.json()\n"
            ),
            text="",
        )
        t.call(
            "apply_patch",
            {
                "patch": (
                    f"*** Begin Patch\n*** Update File: {f}\n@@\n-import requests\n+import httpx\n@@\n-    "
                    "    self.s = requests.Session()\n+        self.s = httpx.Client(timeout=10)\n*** End "
                    "Patch"
                )
            },
            f"Success. Updated the following files:\nM {f}",
            text="",
        )
    t.call(
        "shell",
        {"command": ["bash", "-lc", "pytest -q tests/clients"], "workdir": "/repo", "timeout_ms": 120000},
        "Exit code: 0\nOutput:\n........................\n24 passed in 1.12s",
        text="",
    )
    t.say(
        "Migrated all 8 client modules to httpx.Client (timeouts moved to the client). 24 client tests pass."
    )
    return t.healthy(
        "Read and patch alternate sixteen times, an A/B pattern of tools, but every pair targets a "
        "different file; fan-out over eight files with the same two-step shape, ending with a green test "
        "run."
    )


BUILDERS = [
    cursor_edit_test_progress,
    refactor_identical_green,
    ruff_rerun_after_fixes,
    many_edits_one_file,
    oscillating_tests_progress,
    retry_after_install,
    read_patch_migration,
]
