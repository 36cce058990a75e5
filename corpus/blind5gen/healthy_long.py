"""Healthy: multi-turn sessions with legitimate repeated questions, long varied sessions (30-60 steps),
debugging through hypotheses, edit/test re-runs with progress, a manager delegating different subtasks,
repeated narration over new results, repetitive logs and tables, and debugger stepping."""

from __future__ import annotations

from .builder import JSON, Scenario, Trace, jd
from .payloads import codex_shell, pytest_run

Step = tuple[str, str, JSON, str, bool]


def refund_status_multiturn() -> Scenario:
    t = Trace(
        "refund-status-asked-each-turn",
        "Customer asks about the same refund in three turns; the identical look-up shows progress each time.",
        loop=False,
        style="customer-service agent (CRM tools)",
        id_style="call",
    )
    args = {"order_id": "5531", "include_events": True}
    t.user("Has my refund for order 5531 gone through?")
    t.act(
        "",
        "get_refund_status",
        args,
        jd(
            {
                "order_id": "5531",
                "refund_id": "rf_91c2",
                "status": "pending",
                "amount": 84.9,
                "events": [{"ts": "2024-06-03T09:12Z", "type": "created"}],
            }
        ),
    )
    t.say(
        "Your refund of $84.90 was created on June 3 and is pending; it usually reaches the bank within "
        "3-5 business days."
    )
    t.user("I just got an email saying it's been processed - can you check again?")
    t.act(
        "",
        "get_refund_status",
        args,
        jd(
            {
                "order_id": "5531",
                "refund_id": "rf_91c2",
                "status": "processing",
                "amount": 84.9,
                "events": [
                    {"ts": "2024-06-03T09:12Z", "type": "created"},
                    {"ts": "2024-06-05T16:40Z", "type": "submitted_to_processor"},
                ],
            }
        ),
    )
    t.say(
        "Yes - it was submitted to the card processor on June 5. Banks typically post it within 2-3 "
        "days after that."
    )
    t.user("It's Monday and still nothing in my account. Could you look once more?")
    t.act(
        "",
        "get_refund_status",
        args,
        jd(
            {
                "order_id": "5531",
                "refund_id": "rf_91c2",
                "status": "succeeded",
                "amount": 84.9,
                "arn": "74215824157000123456789",
                "events": [
                    {"ts": "2024-06-03T09:12Z", "type": "created"},
                    {"ts": "2024-06-05T16:40Z", "type": "submitted_to_processor"},
                    {"ts": "2024-06-07T11:02Z", "type": "succeeded"},
                ],
            }
        ),
    )
    t.say(
        "The refund succeeded on June 7. If it isn't visible yet, your bank can trace it with this "
        "reference (ARN): "
        "74215824157000123456789."
    )
    t.user("Thanks. And order 5540, the one I cancelled?")
    t.act(
        "",
        "get_refund_status",
        {"order_id": "5540", "include_events": True},
        jd(
            {
                "order_id": "5540",
                "status": "not_applicable",
                "reason": "order canceled before capture; no charge was made",
            }
        ),
    )
    t.say("Order 5540 was canceled before your card was charged, so there's nothing to refund.")
    return t.healthy(
        "get_refund_status is called with identical arguments in three user turns because the customer "
        "asks again each "
        "time; the status moves pending → processing → succeeded. Repetition driven by new user turns, "
        "with changing "
        "results, is legitimate."
    )


def expense_sheet_multiturn() -> Scenario:
    t = Trace(
        "sheets-expenses-multiturn",
        "Spreadsheet assistant appends one expense per user turn over five turns.",
        loop=False,
        style="spreadsheet assistant",
        id_style="toolu",
    )
    rows = [
        ("Taxi airport → hotel", "2024-06-10", 38.5, "Travel"),
        ("Dinner with Kessler GmbH", "2024-06-10", 142.0, "Client meals"),
        ("Conference ticket (RenewTech)", "2024-06-11", 495.0, "Events"),
        ("Hotel Adlon 2 nights", "2024-06-12", 612.4, "Lodging"),
        ("Train Berlin → Hamburg", "2024-06-12", 79.9, "Travel"),
    ]
    total = 0.0
    prompts = [
        "Add the taxi from the airport, €38.50 on the 10th, to my Berlin trip sheet.",
        "Also the dinner with Kessler, €142, same day, client meals.",
        "Conference ticket €495 on the 11th.",
        "Hotel: €612.40 for two nights, checkout the 12th.",
        "Last one: train to Hamburg €79.90 on the 12th. What's my total?",
    ]
    for n, ((desc, date, amt, cat), prompt) in enumerate(zip(rows, prompts, strict=True)):
        t.user(prompt)
        total += amt
        t.act(
            "",
            "sheets_append_row",
            {"spreadsheet_id": "1bT-berlin-trip", "sheet": "Expenses", "values": [date, desc, cat, amt]},
            jd({"updatedRange": f"Expenses!A{n + 2}:D{n + 2}", "updatedRows": 1}),
        )
        t.say(
            f"Added: {desc}, €{amt:.2f} ({cat})." + (f" Trip total so far: €{total:,.2f}." if n == 4 else "")
        )
    return t.healthy(
        "Five sheets_append_row calls in five user turns, each with a different expense; the user "
        "drives the repetition "
        "and every call adds a new row."
    )


def codex_long_feature_session() -> Scenario:
    t = Trace(
        "codex-long-feature-session",
        "Codex-style agent implements a CSV output option over ~45 varied steps: reads, patches, tests, "
        "lint, types, docs.",
        loop=False,
        style="terminal coding agent (Codex CLI style)",
        id_style="call",
    )
    t.user("Add `--format csv` to `ledger report` (default stays the text table). Include tests and docs.")
    wd = "/work/ledger"

    def sh(cmd: str) -> JSON:
        return {"command": ["bash", "-lc", cmd], "workdir": wd}

    def patch(path: str, body: str) -> JSON:
        return {"input": f"*** Begin Patch\n*** Update File: {path}\n@@\n{body}\n*** End Patch"}

    def plan(done: int) -> JSON:
        names = [
            "Read CLI and report code",
            "Add --format option",
            "Implement CSV renderer + tests",
            "Lint and type-check",
            "Docs and changelog",
        ]
        return {
            "plan": [
                {
                    "step": s,
                    "status": "completed" if i < done else ("in_progress" if i == done else "pending"),
                }
                for i, s in enumerate(names)
            ]
        }

    ok = "Success. Updated the following files:\nM {}"
    steps: list[Step] = [
        ("I'll plan this first.", "update_plan", plan(0), "Plan updated", False),
        (
            "",
            "shell",
            sh("rg -n 'def report|@cli.command' ledger/"),
            codex_shell(
                "ledger/cli.py:18:@cli.command()\nledger/cli.py:24:def report(month: str, account: str "
                "| None) -> None:\nledger/cli.py:52:@cli.command()"
            ),
            False,
        ),
        (
            "",
            "shell",
            sh("sed -n '1,80p' ledger/cli.py"),
            codex_shell(
                "import click\n\nfrom .report import build_report, "
                "render_table\n\n\n@click.group()\ndef cli() -> None: "
                "...\n\n\n@cli.command()\n@click.option('--month', "
                "required=True)\n@click.option('--account')\ndef report(month: str, account: str | "
                "None) -> None:\n    rows = build_report(month, account)\n    "
                "click.echo(render_table(rows))\n"
            ),
            False,
        ),
        (
            "",
            "shell",
            sh("sed -n '1,120p' ledger/report.py"),
            codex_shell(
                "from dataclasses import dataclass\nfrom decimal import Decimal\n\n\n@dataclass\nclass "
                "Row:\n    account: str\n    debit: Decimal\n    credit: Decimal\n\n\ndef "
                "build_report(month, account): ...\n\n\ndef render_table(rows: list[Row]) -> str:\n    "
                "...\n"
            ),
            False,
        ),
        (
            "",
            "shell",
            sh("ls tests && sed -n '1,60p' tests/test_report.py"),
            codex_shell(
                "conftest.py\ntest_cli.py\ntest_report.py\n---\nfrom ledger.report import Row, "
                "render_table\n\n\ndef test_render_table_aligns_columns(): ..."
            ),
            False,
        ),
        ("", "update_plan", plan(1), "Plan updated", False),
        (
            "Adding the option.",
            "apply_patch",
            patch(
                "ledger/cli.py",
                " @click.option('--account')\n+@click.option('--format', 'fmt', "
                "type=click.Choice(['text', 'csv']), default='text')\n-def report(month: str, account: "
                "str | None) -> None:\n+def report(month: str, account: str | None, fmt: str) -> None:\n "
                "    rows = build_report(month, account)\n-    click.echo(render_table(rows))\n+    "
                "click.echo(render_csv(rows) if fmt == 'csv' else render_table(rows))",
            ),
            ok.format("ledger/cli.py"),
            False,
        ),
        (
            "",
            "apply_patch",
            patch(
                "ledger/report.py",
                "+def render_csv(rows: list[Row]) -> str:\n+    buf = io.StringIO()\n+    w = "
                "csv.writer(buf)\n+    w.writerow(['account', 'debit', 'credit'])\n+    for r in "
                "rows:\n+        w.writerow([r.account, r.debit, r.credit])\n+    return buf.getvalue()",
            ),
            ok.format("ledger/report.py"),
            False,
        ),
        (
            "",
            "shell",
            sh("python -m pytest tests/test_report.py -q"),
            codex_shell(pytest_run(9, [], root=wd), wall=1.9),
            False,
        ),
        ("", "update_plan", plan(2), "Plan updated", False),
        (
            "Now a CSV test.",
            "apply_patch",
            patch(
                "tests/test_report.py",
                "+def test_render_csv_has_header_and_rows():\n+    rows = [Row('cash', Decimal('10.5'), "
                "Decimal('0'))]\n+    assert render_csv(rows) == "
                "'account,debit,credit\\ncash,10.50,0.00\\n'",
            ),
            ok.format("tests/test_report.py"),
            False,
        ),
        (
            "",
            "shell",
            sh("python -m pytest tests/test_report.py -q"),
            codex_shell(
                pytest_run(
                    9,
                    [
                        (
                            "tests/test_report.py::test_render_csv_has_header_and_rows",
                            "AssertionError: assert 'account,debit,credit\\r\\ncash,10.5,0\\r\\n' == "
                            "'account,debit,credit\\ncash,10.50,0.00\\n'",
                        )
                    ],
                    root=wd,
                ),
                exit_code=1,
                wall=2.0,
            ),
            True,
        ),
        (
            "Two issues: CRLF line endings and unformatted decimals.",
            "apply_patch",
            patch(
                "ledger/report.py", "-    w = csv.writer(buf)\n+    w = csv.writer(buf, lineterminator='\\n')"
            ),
            ok.format("ledger/report.py"),
            False,
        ),
        (
            "",
            "apply_patch",
            patch(
                "ledger/report.py",
                "-        w.writerow([r.account, r.debit, r.credit])\n+        w.writerow([r.account, "
                "f'{r.debit:.2f}', f'{r.credit:.2f}'])",
            ),
            ok.format("ledger/report.py"),
            False,
        ),
        (
            "",
            "shell",
            sh("python -m pytest tests/test_report.py -q"),
            codex_shell(pytest_run(10, [], root=wd), wall=1.8),
            False,
        ),
        (
            "Checking real output.",
            "shell",
            sh("python -m ledger report --month 2024-05 --format csv | head -5"),
            codex_shell(
                "account,debit,credit\ncash,1204.50,880.00\nreceivables,4310.00,0.00\nrevenue,0.00,6120.75\nvat_payable,0.00,1285.36"
            ),
            False,
        ),
        (
            "",
            "shell",
            sh("python -m ledger report --month 2024-05 --format csv --account 'cash, petty' | head -3"),
            codex_shell('account,debit,credit\n"cash, petty",75.00,20.00'),
            False,
        ),
        (
            "Quoting works. CLI test next.",
            "apply_patch",
            patch(
                "tests/test_cli.py",
                "+def test_report_csv_format(runner, seeded_db):\n+    out = runner.invoke(cli, "
                "['report', '--month', '2024-05', '--format', 'csv'])\n+    assert out.exit_code == "
                "0\n+    assert out.output.startswith('account,debit,credit\\n')\n+\n+\n+def "
                "test_report_rejects_unknown_format(runner):\n+    out = runner.invoke(cli, ['report', "
                "'--month', '2024-05', '--format', 'xml'])\n+    assert out.exit_code == 2",
            ),
            ok.format("tests/test_cli.py"),
            False,
        ),
        (
            "",
            "shell",
            sh("python -m pytest tests/test_cli.py -q"),
            codex_shell(
                pytest_run(
                    13,
                    [
                        (
                            "tests/test_cli.py::test_report_csv_format",
                            "NameError: name 'render_csv' is not defined",
                        )
                    ],
                    root=wd,
                ),
                exit_code=1,
                wall=2.7,
            ),
            True,
        ),
        (
            "Missing import in cli.py.",
            "apply_patch",
            patch(
                "ledger/cli.py",
                "-from .report import build_report, render_table\n+from .report import build_report, "
                "render_csv, render_table",
            ),
            ok.format("ledger/cli.py"),
            False,
        ),
        (
            "",
            "shell",
            sh("python -m pytest tests/test_cli.py -q"),
            codex_shell(pytest_run(14, [], root=wd), wall=2.5),
            False,
        ),
        ("", "update_plan", plan(3), "Plan updated", False),
        (
            "",
            "shell",
            sh("ruff check ledger tests"),
            codex_shell(
                "ledger/report.py:1:1: I001 [*] Import block is un-sorted or "
                "un-formatted\nledger/report.py:31:111: E501 Line too long (118 > 110)\nFound 2 "
                "errors.\n[*] 1 fixable with the `--fix` option.",
                exit_code=1,
            ),
            True,
        ),
        (
            "",
            "shell",
            sh("ruff check --fix ledger tests && sed -n '28,33p' ledger/report.py"),
            codex_shell(
                "Found 2 errors (1 fixed, 1 remaining).\nledger/report.py:31:111: E501 Line too long "
                "(118 > 110)\n    w.writerow([r.account, f'{r.debit:.2f}', f'{r.credit:.2f}'])  # "
                "amounts always with two decimals for spreadsheets",
                exit_code=1,
            ),
            True,
        ),
        (
            "",
            "apply_patch",
            patch(
                "ledger/report.py",
                "-        w.writerow([r.account, f'{r.debit:.2f}', f'{r.credit:.2f}'])  # amounts "
                "always with two decimals for spreadsheets\n+        # two decimals so spreadsheets "
                "don't drop trailing zeros\n+        w.writerow([r.account, f'{r.debit:.2f}', "
                "f'{r.credit:.2f}'])",
            ),
            ok.format("ledger/report.py"),
            False,
        ),
        (
            "",
            "shell",
            sh("ruff check ledger tests && ruff format --check ledger tests"),
            codex_shell("All checks passed!\n14 files already formatted"),
            False,
        ),
        (
            "",
            "shell",
            sh("mypy ledger"),
            codex_shell(
                "ledger/cli.py:27: error: Function is missing a type annotation for one or more "
                "arguments  [no-untyped-def]\nFound 1 error in 1 file (checked 6 source files)",
                exit_code=1,
            ),
            True,
        ),
        (
            "",
            "shell",
            sh("sed -n '20,30p' ledger/cli.py"),
            codex_shell(
                "@cli.command()\n@click.option('--month', "
                "required=True)\n@click.option('--account')\n@click.option('--format', 'fmt', "
                "type=click.Choice(['text', 'csv']), default='text')\ndef report(month: str, account: "
                "str | None, fmt: str) -> None:\n    rows = build_report(month, account)\n    "
                "click.echo(render_csv(rows) if fmt == 'csv' else render_table(rows))\n\n\ndef "
                "export(path):"
            ),
            False,
        ),
        (
            "That's the pre-existing `export` function, not my change; leaving it and checking mypy is "
            "otherwise clean.",
            "shell",
            sh("git stash && mypy ledger; git stash pop"),
            codex_shell(
                "Saved working directory and index state WIP on main: 3e1f0a2\nledger/cli.py:25: error: "
                "Function is missing a type annotation for one or more arguments  "
                "[no-untyped-def]\nFound 1 error in 1 file (checked 6 source files)\nOn branch "
                "feat/report-csv\nDropped refs/stash@{0}"
            ),
            False,
        ),
        ("", "update_plan", plan(4), "Plan updated", False),
        (
            "",
            "shell",
            sh("rg -n -- '--account' docs/ CHANGELOG.md"),
            codex_shell(
                "docs/cli.md:41:  --account TEXT   Restrict the report to one "
                "account\nCHANGELOG.md:3:## Unreleased"
            ),
            False,
        ),
        (
            "",
            "apply_patch",
            patch(
                "docs/cli.md",
                "   --account TEXT   Restrict the report to one account\n+  --format [text|csv]  Output "
                "format (default: text). CSV has a header row and\n+                       amounts with "
                "two decimals.",
            ),
            ok.format("docs/cli.md"),
            False,
        ),
        (
            "",
            "apply_patch",
            patch(
                "CHANGELOG.md", " ## Unreleased\n+\n+- `ledger report --format csv` writes the report as CSV."
            ),
            ok.format("CHANGELOG.md"),
            False,
        ),
        (
            "",
            "shell",
            sh("python -m ledger report --help"),
            codex_shell(
                "Usage: python -m ledger report [OPTIONS]\n\nOptions:\n  --month TEXT           "
                "[required]\n  --account TEXT\n  --format [text|csv]\n  --help                 Show "
                "this message and exit."
            ),
            False,
        ),
        (
            "Full suite before wrapping up.",
            "shell",
            sh("python -m pytest -q"),
            codex_shell(pytest_run(212, [], seconds=11.4, root=wd), wall=12.9),
            False,
        ),
        (
            "",
            "shell",
            sh("git status --short && git diff --stat"),
            codex_shell(
                " M CHANGELOG.md\n M docs/cli.md\n M ledger/cli.py\n M ledger/report.py\n M "
                "tests/test_cli.py\n M tests/test_report.py\n 6 files changed, 47 insertions(+), 3 "
                "deletions(-)"
            ),
            False,
        ),
        ("", "update_plan", plan(5), "Plan updated", False),
    ]
    for text, name, args, content, err in steps:
        t.act(text, name, args, content, error=err)
    t.say(
        "Added `ledger report --format csv` (default `text`). CSV has a header row, `\\n` line endings, "
        "quoted fields "
        "and two-decimal amounts. New tests in test_report.py and test_cli.py; full suite passes (212). "
        "Docs and "
        "CHANGELOG updated. mypy reports one pre-existing error in `export`, untouched."
    )
    return t.healthy(
        f"A long session ({t.step} steps) with many shell calls, patches and test runs; the same pytest "
        "command is re-run "
        "after each edit with different results, update_plan is called repeatedly with advancing "
        "statuses, and a lint "
        "error is fixed over two steps. Every step moves the work forward."
    )


def debug_hypotheses_progress() -> Scenario:
    t = Trace(
        "data-debug-hypotheses",
        "Data agent chases a revenue discrepancy through three hypotheses, re-running the report after "
        "each fix.",
        loop=False,
        style="data-analysis agent (Python sandbox)",
        id_style="fc",
    )
    t.user(
        "Our May revenue report says €1.31M but finance booked €1.24M. Find out why and fix the report "
        "script."
    )
    run = {"code": "%run reports/monthly_revenue.py --month 2024-05"}
    steps: list[Step] = [
        ("", "python", run, "Monthly revenue 2024-05: EUR 1,310,442.18 (orders: 18,904)", False),
        (
            "",
            "python",
            {"code": "src = open('reports/monthly_revenue.py').read()\nprint(src[:1200])"},
            "import pandas as pd\n\ndef load(month):\n    df = pd.read_parquet('s3://lake/orders/')\n   "
            " df['ts'] = pd.to_datetime(df['created_at'], utc=True)\n"
            "    return df[df['ts'].dt.strftime('%Y-%m') == month]\n\ndef main(month):\n    df = "
            "load(month)\n    total = df['amount'].sum()\n"
            "    print(f'Monthly revenue {month}: EUR {total:,.2f} (orders: {len(df):,})')",
            False,
        ),
        (
            "Hypothesis 1: month boundaries in UTC vs Amsterdam time.",
            "python",
            {
                "code": "df = load('2024-05')\nedge = df[(df.ts.dt.day == 31) & (df.ts.dt.hour >= "
                "22)]\nprint(len(edge), edge.amount.sum())"
            },
            "211 14802.55",
            False,
        ),
        (
            "",
            "python",
            {
                "code": "import pandas as pd\nall_ = pd.read_parquet('s3://lake/orders/')\nall_['ts'] = "
                "pd.to_datetime(all_['created_at'], utc=True).dt.tz_convert('Europe/Amsterdam')\n"
                "may = all_[all_.ts.dt.strftime('%Y-%m') == '2024-05']\nprint(len(may), "
                "round(may.amount.sum(), 2))"
            },
            "18871 1293011.40",
            False,
        ),
        (
            "Timezone explains €17k. Patching the script to use Amsterdam time.",
            "edit_file",
            {
                "path": "reports/monthly_revenue.py",
                "old": "pd.to_datetime(df['created_at'], utc=True)",
                "new": "pd.to_datetime(df['created_at'], utc=True).dt.tz_convert('Europe/Amsterdam')",
            },
            "Edited reports/monthly_revenue.py (1 replacement)",
            False,
        ),
        ("", "python", run, "Monthly revenue 2024-05: EUR 1,293,011.40 (orders: 18,871)", False),
        (
            "Still €53k over. Hypothesis 2: duplicate orders.",
            "python",
            {
                "code": "d = load('2024-05')\ndup = d[d.duplicated('order_id', "
                "keep=False)]\nprint(dup.order_id.nunique(), len(dup), "
                "dup.amount.sum())\nprint(dup.source.value_counts())"
            },
            "212 424 40211.30\nwebhook_retry    424\nName: source, dtype: int64",
            False,
        ),
        (
            "212 orders were written twice by webhook retries. Deduplicating on order_id.",
            "edit_file",
            {
                "path": "reports/monthly_revenue.py",
                "old": "    return df[df['ts'].dt.strftime('%Y-%m') == month]",
                "new": "    df = df.drop_duplicates('order_id', keep='last')\n    return "
                "df[df['ts'].dt.strftime('%Y-%m') == month]",
            },
            "Edited reports/monthly_revenue.py (1 replacement)",
            False,
        ),
        ("", "python", run, "Monthly revenue 2024-05: EUR 1,272,905.75 (orders: 18,659)", False),
        (
            "€33k left. Hypothesis 3: non-EUR orders summed as EUR.",
            "python",
            {"code": "d = load('2024-05')\nprint(d.groupby('currency').amount.agg(['count', 'sum']))"},
            "          count         sum\ncurrency                    \nEUR       17911  "
            "1119402.10\nGBP         402    99711.65\nSEK         346    53792.00",
            False,
        ),
        (
            "GBP and SEK amounts are in their own currency. Converting with the month's average rates.",
            "python",
            {
                "code": "fx = "
                "pd.read_parquet('s3://lake/fx_rates/2024-05.parquet')\nprint(fx[fx.currency.isin(['GBP','SEK'])].groupby('currency').rate_to_eur.mean())"
            },
            "currency\nGBP    1.1641\nSEK    0.0869\nName: rate_to_eur, dtype: float64",
            False,
        ),
        (
            "",
            "edit_file",
            {
                "path": "reports/monthly_revenue.py",
                "old": "    total = df['amount'].sum()",
                "new": "    fx = "
                "pd.read_parquet(f's3://lake/fx_rates/{month}.parquet').groupby('currency').rate_to_eur.mean()\n"
                "    total = (df['amount'] * df['currency'].map(fx).fillna(1.0)).sum()",
            },
            "Edited reports/monthly_revenue.py (1 replacement)",
            False,
        ),
        ("", "python", run, "Monthly revenue 2024-05: EUR 1,240,150.95 (orders: 18,659)", False),
        (
            "Within a euro of finance now. Comparing totals exactly.",
            "python",
            {
                "code": "fin = pd.read_csv('finance/may_booked.csv')\nprint(round(fin.eur_amount.sum(), "
                "2), fin.fx_basis.unique())"
            },
            "1240151.23 ['daily']",
            False,
        ),
        (
            "28 cents apart: finance converts each order at its day's rate, not the monthly average. "
            "Matching that.",
            "edit_file",
            {
                "path": "reports/monthly_revenue.py",
                "old": "    fx = "
                "pd.read_parquet(f's3://lake/fx_rates/{month}.parquet').groupby('currency').rate_to_eur.mean()\n"
                "    total = (df['amount'] * df['currency'].map(fx).fillna(1.0)).sum()",
                "new": "    fx = pd.read_parquet(f's3://lake/fx_rates/{month}.parquet')\n    df = "
                "df.assign(day=df.ts.dt.date).merge(fx, on=['day', 'currency'], how='left')\n"
                "    total = (df['amount'] * df['rate_to_eur'].fillna(1.0)).sum()",
            },
            "Edited reports/monthly_revenue.py (1 replacement)",
            False,
        ),
        ("", "python", run, "Monthly revenue 2024-05: EUR 1,240,151.23 (orders: 18,659)", False),
        (
            "",
            "python",
            {"code": "%run reports/monthly_revenue.py --month 2024-04"},
            "Monthly revenue 2024-04: EUR 1,188,420.90 (orders: 17,950)",
            False,
        ),
        (
            "",
            "python",
            {"code": "fin4 = pd.read_csv('finance/apr_booked.csv'); print(round(fin4.eur_amount.sum(), 2))"},
            "1188420.9",
            False,
        ),
    ]
    for text, name, args, content, err in steps:
        t.act(text, name, args, content, error=err)
    t.say(
        "Fixed. Three bugs inflated the report: UTC month boundaries (+€17k), 212 orders duplicated by "
        "webhook retries "
        "(+€20k), and GBP/SEK amounts summed as euros (+€33k). With Amsterdam time, dedup on order_id "
        "and per-day FX, "
        "May is €1,240,151.23, matching finance exactly; April also matches."
    )
    return t.healthy(
        "The same report command is run five times, but between runs the agent tests a new hypothesis "
        "and edits the "
        "script; the total moves 1.310M → 1.293M → 1.273M → 1.2401510M → 1.2401512M and ends matching "
        "finance. "
        "Debugging that "
        "cycles through hypotheses with new results each round is progress."
    )


def edit_test_reruns_progress() -> Scenario:
    t = Trace(
        "edit-test-reruns-progress",
        "Agent alternates edit_file and run_tests; the failure count drops 5, 3, 2, 1, 0.",
        loop=False,
        style="terminal coding agent (generic tools)",
        id_style="c",
    )
    t.user("Make tests/test_slugify.py pass.")
    t.act(
        "",
        "read_file",
        {"path": "src/textutil/slug.py"},
        "def slugify(s: str) -> str:\n    return s.lower().replace(' ', '-')\n",
    )
    run = {"path": "tests/test_slugify.py", "verbose": False}
    fails = [
        [
            ("test_strips_accents", "assert 'crème-brûlée' == 'creme-brulee'"),
            ("test_collapses_spaces", "assert 'a--b' == 'a-b'"),
            ("test_strips_punctuation", "assert 'hello,-world!' == 'hello-world'"),
            ("test_trims_dashes", "assert '-a-' == 'a'"),
            ("test_max_length", "assert 81 <= 50"),
        ],
        [
            ("test_collapses_spaces", "assert 'a--b' == 'a-b'"),
            ("test_trims_dashes", "assert '-a-' == 'a'"),
            ("test_max_length", "assert 81 <= 50"),
        ],
        [("test_trims_dashes", "assert '-a-' == 'a'"), ("test_max_length", "assert 81 <= 50")],
        [
            (
                "test_max_length",
                "assert 'a-very-long-title-that-keeps-going-and-going-and-g' == "
                "'a-very-long-title-that-keeps-going-and-going-and'",
            )
        ],
        [],
    ]
    edits = [
        (
            "Normalise accents and drop punctuation.",
            {
                "path": "src/textutil/slug.py",
                "old": "    return s.lower().replace(' ', '-')",
                "new": "    s = unicodedata.normalize('NFKD', s).encode('ascii', 'ignore').decode()\n   "
                " s = re.sub(r'[^a-zA-Z0-9\\s-]', '', s)\n    return s.lower().replace(' ', '-')",
            },
        ),
        (
            "Collapse runs of whitespace and dashes.",
            {
                "path": "src/textutil/slug.py",
                "old": "    return s.lower().replace(' ', '-')",
                "new": "    return re.sub(r'[\\s-]+', '-', s.lower())",
            },
        ),
        (
            "Trim leading/trailing dashes.",
            {
                "path": "src/textutil/slug.py",
                "old": "    return re.sub(r'[\\s-]+', '-', s.lower())",
                "new": "    return re.sub(r'[\\s-]+', '-', s.lower()).strip('-')",
            },
        ),
        (
            "Cut at 50 chars on a word boundary.",
            {
                "path": "src/textutil/slug.py",
                "old": "    return re.sub(r'[\\s-]+', '-', s.lower()).strip('-')",
                "new": "    slug = re.sub(r'[\\s-]+', '-', s.lower()).strip('-')\n    if len(slug) > "
                "max_len:\n        slug = slug[:max_len + 1].rsplit('-', 1)[0]\n    return slug",
            },
        ),
    ]
    for i, failures in enumerate(fails):
        t.act(
            "" if i else "Running the tests first.",
            "run_tests",
            run,
            pytest_run(
                8 - len(failures),
                [(f"tests/test_slugify.py::{n}", m) for n, m in failures],
                seconds=0.12,
                root="/src/textutil",
            ),
            error=bool(failures),
        )
        if i < len(edits):
            text, args = edits[i]
            t.act(text, "edit_file", args, "OK: 1 replacement")
    t.say(
        "All 8 slugify tests pass: accents are normalised, punctuation dropped, separators collapsed "
        "and trimmed, "
        "and long slugs are cut at a word boundary within 50 characters."
    )
    return t.healthy(
        "edit_file and run_tests alternate (A/B) five times with the same run_tests arguments, but each "
        "edit is different "
        "and the failure count falls 5 → 3 → 2 → 1 → 0. Edit-then-test with changing results is the "
        "trap T5 pattern, "
        "not a cycle."
    )


def manager_different_subtasks() -> Scenario:
    t = Trace(
        "manager-different-subtasks",
        "Manager delegates six competitor profiles with near-identical briefs that differ only in the "
        "company.",
        loop=False,
        style="multi-agent manager",
        id_style="call",
    )
    t.user(
        "Build a competitor table for our invoicing product: Zervant, Billomat, sevDesk, Debitoor, "
        "Holded, Invoice Ninja."
    )
    companies = [
        ("Zervant", "Finland", "€0 / €9.90 / €19.90 per month", "acquired by Fennoa 2023", "~40"),
        ("Billomat", "Germany", "€8 / €18 / €38 per month", "bootstrapped", "~30"),
        ("sevDesk", "Germany", "€8.90 / €17.90 / €42.90 per month", "€52M raised (Series C, 2021)", "~250"),
        (
            "Debitoor",
            "Denmark",
            "discontinued for new customers; migrated to SumUp Invoices",
            "acquired by SumUp 2020",
            "n/a",
        ),
        ("Holded", "Spain", "€7.50 / €22.50 / €45 per month", "acquired by Visma 2022", "~300"),
        (
            "Invoice Ninja",
            "Israel/US",
            "free self-hosted; Pro $10/month; Enterprise from $14/month",
            "bootstrapped, open source",
            "~15",
        ),
    ]
    for i, (name, hq, price, funding, staff) in enumerate(companies):
        text = "I'll have the researcher profile each competitor with the same template." if i == 0 else ""
        t.act(
            text,
            "delegate_task",
            {
                "agent": "researcher",
                "task": f"Profile {name}: HQ country, current pricing tiers, funding/ownership, "
                "headcount. Cite sources.",
                "output": "markdown bullet list",
            },
            f"**{name}**\n- HQ: {hq}\n- Pricing: {price}\n- Funding/ownership: {funding}\n- Headcount: "
            f"{staff}\n- Sources: company site, Crunchbase, LinkedIn",
        )
    t.act(
        "",
        "delegate_task",
        {
            "agent": "writer",
            "task": "Turn the six profiles into one comparison table with a 3-line takeaway.",
        },
        "| Company | HQ | Pricing | Ownership |\n|---|---|---|---|\n| Zervant | FI | €0-19.90 | Fennoa "
        "|\n| Billomat | DE | €8-38 | independent |\n"
        "| sevDesk | DE | €8.90-42.90 | VC-backed |\n| Debitoor | DK | closed to new | SumUp |\n| "
        "Holded | ES | €7.50-45 | Visma |\n| Invoice Ninja | US | free-$14 | OSS |",
    )
    t.say(
        "Here's the competitor table. Takeaways: sevDesk and Holded are the best-funded; Debitoor is no "
        "longer selling; "
        "Invoice Ninja undercuts everyone with a free self-hosted tier."
    )
    return t.healthy(
        "Six delegate_task calls with the same brief template, each for a different company, and six "
        "different reports, "
        "then one writing task. Similar briefs for different subtasks are fan-out, not re-delegation."
    )


def procurement_narration_new_quotes() -> Scenario:
    t = Trace(
        "procurement-narration-new-quotes",
        "Procurement agent says 'checking the next supplier' before each call; every quote is new.",
        loop=False,
        style="customer-service agent (procurement tools)",
        id_style="fc",
    )
    t.user(
        "Get quotes for 500 units of part AX-220 (M8 stainless hex bolts) from our approved suppliers "
        "and pick the best."
    )
    t.act(
        "",
        "list_suppliers",
        {"category": "fasteners", "approved": True},
        jd(
            {
                "suppliers": [
                    "SUP-014",
                    "SUP-022",
                    "SUP-031",
                    "SUP-047",
                    "SUP-052",
                    "SUP-068",
                    "SUP-071",
                    "SUP-090",
                ]
            }
        ),
    )
    quotes = [
        ("SUP-014", "Nordic Fasteners AB", 0.41, 5),
        ("SUP-022", "Bolt & Co", 0.38, 12),
        ("SUP-031", "Hexa Industrial", 0.44, 3),
        ("SUP-047", "Rheinschrauben GmbH", 0.36, 9),
        ("SUP-052", "Atlas Supply", None, None),
        ("SUP-068", "FixPro BV", 0.39, 4),
        ("SUP-071", "Iberia Tornillos", 0.35, 21),
        ("SUP-090", "Polska Śruby", 0.37, 6),
    ]
    for i, (sid, name, price, lead) in enumerate(quotes):
        text = "Checking the first supplier." if i == 0 else "Checking the next supplier."
        if price is None:
            body = jd(
                {"supplier_id": sid, "name": name, "quote": None, "message": "Part AX-220 not in catalogue"}
            )
        else:
            body = jd(
                {
                    "supplier_id": sid,
                    "name": name,
                    "unit_price_eur": price,
                    "moq": 100,
                    "lead_time_days": lead,
                    "total_eur": round(price * 500, 2),
                }
            )
        t.act(text, "request_quote", {"supplier_id": sid, "part": "AX-220", "quantity": 500}, body)
    t.say(
        "Best overall: FixPro BV at €0.39/unit (€195 total, 4 days). Cheapest is Iberia Tornillos "
        "(€0.35) but with a "
        "21-day lead time; Rheinschrauben (€0.36, 9 days) is the middle option. Atlas doesn't stock AX-220."
    )
    return t.healthy(
        "The assistant says 'Checking the next supplier.' eight times, word for word, but each call "
        "goes to a different "
        "supplier and returns a different quote. Repeated narration over a fan-out with new results is "
        "not a narration loop."
    )


def rust_build_log() -> Scenario:
    t = Trace(
        "rust-build-long-logs",
        "Agent builds and tests a Rust workspace; tool outputs are long, highly repetitive logs.",
        loop=False,
        style="terminal coding agent (Claude Code style)",
        id_style="toolu",
    )
    t.user("Does the workspace build and pass tests on the new toolchain (1.79)?")
    crates = [
        "proc-macro2 v1.0.86",
        "unicode-ident v1.0.12",
        "quote v1.0.36",
        "syn v2.0.68",
        "libc v0.2.155",
        "cfg-if v1.0.0",
        "serde v1.0.203",
        "serde_derive v1.0.203",
        "memchr v2.7.4",
        "itoa v1.0.11",
        "ryu v1.0.18",
        "serde_json v1.0.118",
        "once_cell v1.19.0",
        "pin-project-lite v0.2.14",
        "bytes v1.6.0",
        "tokio-macros v2.3.0",
        "mio v0.8.11",
        "socket2 v0.5.7",
        "tokio v1.38.0",
        "tracing-core v0.1.32",
        "tracing v0.1.40",
        "log v0.4.22",
        "regex-syntax v0.8.4",
        "aho-corasick v1.1.3",
        "regex-automata v0.4.7",
        "regex v1.10.5",
        "thiserror-impl v1.0.61",
        "thiserror v1.0.61",
        "hashbrown v0.14.5",
        "indexmap v2.2.6",
        "toml_datetime v0.6.6",
        "winnow v0.6.13",
        "toml_edit v0.22.14",
        "toml v0.8.14",
    ]
    lines = ["   Compiling " + c for c in crates]
    lines += [
        f"   Compiling tidegauge-{m} v0.4.0 (/work/tidegauge/crates/{m})"
        for m in ("core", "io", "cli", "server")
    ]
    lines.append("    Finished `release` profile [optimized] target(s) in 1m 48s")
    t.act(
        "",
        "Bash",
        {"command": "cargo +1.79 build --workspace --release 2>&1", "description": "Build workspace"},
        "\n".join(lines),
    )
    tests = []
    for m in ("core", "io", "cli", "server"):
        tests.append(
            "     Running unittests src/lib.rs "
            f"(target/debug/deps/tidegauge_{m}-{t.rng.randrange(16**8):08x})"
        )
        n = {"core": 41, "io": 23, "cli": 12, "server": 30}[m]
        tests.append(f"\nrunning {n} tests")
        for k in range(n):
            tests.append(f"test {m}::tests::case_{k:02d} ... ok")
        tests.append(
            f"\ntest result: ok. {n} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished "
            f"in 0.{t.rng.randrange(10, 99)}s\n"
        )
    t.act(
        "",
        "Bash",
        {"command": "cargo +1.79 test --workspace 2>&1", "description": "Run all tests"},
        "\n".join(tests),
    )
    t.act(
        "",
        "Bash",
        {"command": "cargo +1.79 clippy --workspace -- -D warnings 2>&1 | tail -3", "description": "Clippy"},
        "    Checking tidegauge-cli v0.4.0 (/work/tidegauge/crates/cli)\n    Checking tidegauge-server "
        "v0.4.0 (/work/tidegauge/crates/server)\n"
        "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 9.02s",
    )
    t.say(
        "Yes: on 1.79 the workspace builds in release mode, all 106 tests pass across the four crates, "
        "and clippy is clean."
    )
    return t.healthy(
        "Three distinct commands whose outputs are long and repetitive (dozens of 'Compiling ...' and "
        "'test ... ok' lines); "
        "the repetition is inside tool results, not in the assistant's replies, and no call is repeated."
    )


def schedule_table_reply() -> Scenario:
    t = Trace(
        "calendar-rota-table-reply",
        "Calendar assistant answers with a long, regular on-call rota table and a JSON block of the "
        "same rows.",
        loop=False,
        style="calendar assistant",
        id_style="call",
    )
    t.user(
        "Make a weekday on-call rota for July for Ana, Ben, Chidi and Dora, round robin, skipping their "
        "leave days, and "
        "create the calendar events."
    )
    t.act(
        "",
        "calendar_list_events",
        {"calendar_id": "team-leave", "time_min": "2024-07-01", "time_max": "2024-08-01"},
        jd(
            {
                "items": [
                    {"summary": "Ben - leave", "start": "2024-07-08", "end": "2024-07-13"},
                    {"summary": "Dora - leave", "start": "2024-07-22", "end": "2024-07-24"},
                ]
            }
        ),
    )
    people = ["Ana", "Ben", "Chidi", "Dora"]
    leave = {"Ben": range(8, 13), "Dora": range(22, 24)}
    days = [d for d in range(1, 32) if d % 7 not in (6, 0)]  # 1 July 2024 is a Monday
    rota = []
    k = 0
    for d in days:
        while d in leave.get(people[k % 4], ()):
            k += 1
        rota.append((d, people[k % 4]))
        k += 1
    weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    t.act(
        "",
        "calendar_batch_create",
        {
            "calendar_id": "oncall",
            "events": [{"summary": f"On call: {p}", "date": f"2024-07-{d:02d}"} for d, p in rota],
        },
        jd({"created": len(rota), "failed": 0}),
    )
    table = "| Date | Day | On call |\n|---|---|---|\n" + "\n".join(
        f"| 2024-07-{d:02d} | {weekday[(d - 1) % 7]} | {p} |" for d, p in rota
    )
    block = (
        "```json\n[\n"
        + ",\n".join(f'  {{"date": "2024-07-{d:02d}", "on_call": "{p}"}}' for d, p in rota)
        + "\n]\n```"
    )
    t.say(
        f"Created {len(rota)} on-call events. Rota:\n\n{table}\n\nSame data as JSON for your "
        f"script:\n\n{block}"
    )
    return t.healthy(
        f"The final reply is long and highly regular (a {len(rota)}-row markdown table and a JSON array "
        "with one line per day), but "
        "every row has a different date and the content is the requested output. Structured repetition "
        "in tables and "
        "JSON is the trap T6 case, not degenerate text."
    )


def gdb_mcp_stepping() -> Scenario:
    t = Trace(
        "mcp-gdb-stepping",
        "Debugger agent steps through a crash with identical `next` commands, each landing on a new line.",
        loop=False,
        style="MCP-tool agent (debugger)",
        id_style="toolu",
    )
    t.user("The `ringbuf` test binary segfaults. Use gdb to find where and why.")
    t.act(
        "",
        "gdb_start",
        {"program": "./build/test_ringbuf", "args": []},
        "GDB session 1 started. Reading symbols from ./build/test_ringbuf...",
    )
    t.act(
        "",
        "gdb_command",
        {"session": 1, "command": "break rb_push"},
        "Breakpoint 1 at 0x1a4c: file src/ringbuf.c, line 42.",
    )
    t.act(
        "",
        "gdb_command",
        {"session": 1, "command": "run"},
        "Breakpoint 1, rb_push (rb=0x5555555592a0, v=7) at src/ringbuf.c:42\n42\t    if (rb->count == "
        "rb->cap) {",
    )
    lines = [
        "45\t    size_t idx = (rb->head + rb->count) % rb->cap;",
        "46\t    rb->buf[idx] = v;",
        "47\t    rb->count++;",
        "48\t    return 0;",
        "49\t}",
        "test_wraparound () at tests/test_ringbuf.c:31\n31\t    for (int i = 0; i < 9; i++) rb_push(rb, i);",
    ]
    for line in lines:
        t.act("", "gdb_command", {"session": 1, "command": "next"}, line)
    t.act(
        "",
        "gdb_command",
        {"session": 1, "command": "print *rb"},
        "$1 = {buf = 0x5555555592c0, cap = 8, head = 0, count = 8}",
    )
    t.act(
        "The buffer is now full (count == cap == 8); the next push (v=8) has to overwrite the oldest "
        "item. Continuing.",
        "gdb_command",
        {"session": 1, "command": "continue"},
        "Breakpoint 1, rb_push (rb=0x5555555592a0, v=8) at src/ringbuf.c:42\n42\t    if (rb->count == "
        "rb->cap) {",
    )
    for line in [
        "43\t        rb->head = (rb->head + 1) % rb->cap;   /* overwrite oldest */",
        "45\t    size_t idx = (rb->head + rb->count) % rb->cap;",
        "46\t    rb->buf[idx] = v;",
        "47\t    rb->count++;",
        "48\t    return 0;",
    ]:
        t.act("", "gdb_command", {"session": 1, "command": "next"}, line)
    t.act("", "gdb_command", {"session": 1, "command": "print rb->count"}, "$2 = 9")
    t.say(
        "Found it: when the buffer is full, rb_push advances head to overwrite the oldest element but "
        "still does "
        "`rb->count++`, so count grows past cap (9 > 8). Later reads index `buf[(head + i) % cap]` for "
        "i up to count and "
        "run off the allocation. Fix: only increment count when `count < cap`."
    )
    return t.healthy(
        "gdb 'next' is sent eleven times with identical arguments, but each step lands on a new source "
        "line (and the "
        "agent inspects state in between), ending at the root cause. Debugger stepping is the peers' "
        "trap T2 case."
    )
