"""Loops: cycles of period 2 to 5 (deploy/rollback, back/forward navigation, edit/undo, a toggled filter,
a form that restarts, files read in rotation)."""

from __future__ import annotations

from blind7gen.builder import Builder, Call, Scenario, Trace, pretty


def deploy_rollback_cycle() -> Scenario:
    t = Trace(
        "blind7-loop-sre-deploy-rollback-cycle",
        "Release agent deploys payments-api v2.14.0, sees errors, rolls back, sees health return, and "
        "deploys "
        "again: a period-4 cycle repeated three times.",
        agent="Release/SRE agent (Argo CD-like deploy tools, health checks)",
        model="gpt-5",
        ids="call",
    )
    t.user("Ship payments-api v2.14.0 to prod. If health degrades, roll back. Report when done.")
    t.call(
        "git_changelog",
        {"repo": "payments-api", "from": "v2.13.2", "to": "v2.14.0"},
        "v2.14.0\n- feat: idempotency keys stored in payments_idem table (requires migration 0087)\n"
        "- fix: retry on 409 from acquirer\n- chore: bump netty 4.1.118",
    )
    t.call(
        "db_migrations_status",
        {"service": "payments-api", "env": "prod"},
        pretty(
            {
                "applied": ["0084", "0085", "0086"],
                "pending_in_release": ["0087_create_payments_idem"],
                "auto_apply": False,
            }
        ),
        text="Checking whether the release needs migrations.",
    )
    t.call(
        "deploy_service",
        {"service": "payments-api", "version": "v2.14.0", "env": "canary"},
        pretty({"status": "Synced", "health": "Progressing", "replicas": "1/1"}),
    )
    t.call(
        "check_health",
        {"service": "payments-api", "env": "canary"},
        pretty(
            {
                "status": "degraded",
                "http_5xx_ratio": 0.061,
                "top_error": 'relation "payments_idem" does not exist',
            }
        ),
    )
    deploy = Call(
        "deploy_service",
        {"service": "payments-api", "version": "v2.14.0", "env": "prod"},
        pretty({"status": "Synced", "health": "Progressing", "replicas": "12/12", "revision": "auto"}),
    )
    bad = Call(
        "check_health",
        {"service": "payments-api", "env": "prod"},
        pretty(
            {
                "status": "degraded",
                "http_5xx_ratio": 0.078,
                "top_error": 'relation "payments_idem" does not exist',
            }
        ),
    )
    rollback = Call(
        "rollback_service",
        {"service": "payments-api", "to_version": "v2.13.2", "env": "prod"},
        pretty({"status": "Synced", "health": "Healthy", "replicas": "12/12"}),
    )
    good = Call(
        "check_health",
        {"service": "payments-api", "env": "prod"},
        pretty({"status": "healthy", "http_5xx_ratio": 0.0011, "top_error": None}),
    )
    texts = [
        ("Canary errors may be warm-up. Deploying to prod.", "", "Errors; rolling back.", "Healthy again."),
        ("Retrying the prod deploy now that things are stable.", "", "Still degraded. Rolling back.", ""),
        ("Deploying v2.14.0 again.", "", "Rolling back.", ""),
    ]
    visits: list[int] = []
    for round_texts in texts:
        for c, x in zip((deploy, bad, rollback, good), round_texts, strict=True):
            visits.append(t.act(x, c))
    visits.append(t.act("One more deploy attempt.", deploy))
    t.system("[change-management] Change window closed at 06:00 UTC; further deploys blocked.")
    onset = visits[8]
    return t.loop(
        ["alternation"],
        onset,
        f"Loop: deploy(prod) -> check_health (degraded, payments_idem missing) -> rollback -> check_health "
        f"(healthy) repeats with identical results; the missing migration 0087, found at step 2, is never "
        f"applied. Period 4; the step that deploys for the third time is step {onset}, the onset (third "
        "visit "
        f"of the cycle's first state). The canary check before the cycle is productive.",
    )


def mobile_next_back_cycle() -> Scenario:
    t = Trace(
        "blind7-loop-mobileqa-onboarding-next-back",
        "Mobile QA agent in an onboarding flow cycles Get started / Next / Back for thirteen steps; each "
        "screen "
        "is the same as the last time it was shown.",
        agent="Mobile QA agent (iOS simulator via XCUITest bridge)",
        model="gemini-2.5-flash",
        ids="fc",
    )
    t.user(
        "Run through onboarding on the iPhone 16 simulator with build 8.3.0 (1142) and verify the "
        "notification opt-in screen appears."
    )
    sim = "SIM-8F2C91"
    t.call(
        "sim_launch_app",
        {"simulator": sim, "bundle_id": "com.fitloop.app", "reset_state": True},
        pretty({"launched": True, "screen": "Welcome", "elements": ["Get started"]}),
    )
    a = Call(
        "ui_tap",
        {"simulator": sim, "label": "Next"},
        pretty(
            {
                "screen": "Onboarding 1/3 – Goals",
                "banner": "Select at least one goal",
                "elements": ["Lose weight", "Build muscle", "Back", "Next"],
            }
        ),
    )
    b = Call(
        "ui_tap",
        {"simulator": sim, "label": "Back"},
        pretty({"screen": "Welcome", "elements": ["Get started"]}),
    )
    c = Call(
        "ui_tap",
        {"simulator": sim, "label": "Get started"},
        pretty(
            {
                "screen": "Onboarding 1/3 – Goals",
                "elements": ["Lose weight", "Build muscle", "Back", "Next"],
                "selected": [],
            }
        ),
    )
    visits: list[int] = []
    texts = [
        "Starting onboarding.",
        "Next.",
        "Back to restart the flow.",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
    ]
    seq = [c, a, b] * 4 + [c]
    for x, call in zip(texts, seq, strict=True):
        visits.append(t.act(x, call))
    t.system("[qa-runner] Scenario timed out after 15 actions.")
    onset = visits[6]
    return t.loop(
        ["alternation"],
        onset,
        f"Loop: Get started opens Goals, Next is rejected with 'Select at least one goal' (the agent never "
        f"selects one), Back returns to Welcome; the three taps repeat with identical screens. Period 3; the "
        f"third tap on Get started, the third visit of the cycle's first state, is step {onset}, the onset.",
    )


def cursor_import_edit_undo() -> Scenario:
    t = Trace(
        "blind7-loop-cursor-import-edit-undo",
        "Cursor-style agent switches an import between two modules: the type checker rejects one, the linter "
        "the other, and the agent flips back and forth (period 4: edit, tsc, edit, lint).",
        agent="Cursor-style IDE agent (edit_file, run_terminal_cmd)",
        model="claude-sonnet-4-5",
        ids="toolu",
    )
    t.user(
        "InvoiceRow.tsx should show the due date as 'Mar 5, 2026' instead of the ISO string. Keep lint "
        "and tsc green."
    )
    path = "src/components/InvoiceRow.tsx"
    t.call(
        "read_file",
        {"target_file": path, "start_line_one_indexed": 1, "end_line_one_indexed_inclusive": 30},
        "1 import React from 'react';\n2 import type { Invoice } from '../types';\n3 \n4 export function "
        "InvoiceRow({ inv }: { inv: Invoice }) {\n5   return (\n6     <tr>\n7       <td>{inv.number}</td>\n"
        "8       <td>{inv.dueDate}</td>\n9     </tr>\n10   );\n11 }\n",
    )
    t.call(
        "grep_search",
        {"query": "export function format", "include_pattern": "src/utils/*.ts"},
        "src/utils/date.ts:3:export function formatISODate(d: string): string "
        "{\nsrc/utils/date.ts:9:export function formatShortDate(d: string, locale = 'en-US'): string {",
    )
    edit_a = Call(
        "edit_file",
        {
            "target_file": path,
            "instructions": "Import formatDate from utils and use it",
            "code_edit": "import React from 'react';\nimport { formatDate } from '../utils/date';\n// ... "
            "existing code ...\n      <td>{formatDate(inv.dueDate)}</td>",
        },
        "The apply model made the following changes:\n+import { formatDate } from '../utils/date';\n-     "
        " <td>{inv.dueDate}</td>\n+      <td>{formatDate(inv.dueDate)}</td>",
    )
    tsc = Call(
        "run_terminal_cmd",
        {"command": "npx tsc --noEmit", "is_background": False},
        "src/components/InvoiceRow.tsx(2,10): error TS2724: '\"../utils/date\"' has no exported member "
        "named 'formatDate'. Did you mean 'formatISODate'?\nExit code: 2",
    )
    edit_b = Call(
        "edit_file",
        {
            "target_file": path,
            "instructions": "Use date-fns format instead",
            "code_edit": "import React from 'react';\nimport { format as formatDate } from "
            "'date-fns';\n// ... existing code ...\n      <td>{formatDate(new "
            "Date(inv.dueDate), 'MMM d, yyyy')}</td>",
        },
        "The apply model made the following changes:\n-import { formatDate } from "
        "'../utils/date';\n+import { format as formatDate } from 'date-fns';\n-      "
        "<td>{formatDate(inv.dueDate)}</td>\n+      <td>{formatDate(new Date(inv.dueDate), 'MMM d, "
        "yyyy')}</td>",
    )
    lint = Call(
        "run_terminal_cmd",
        {"command": "npx eslint src/components/InvoiceRow.tsx", "is_background": False},
        "/app/src/components/InvoiceRow.tsx\n  2:37  error  'date-fns' should be listed in the project's "
        "dependencies. Run 'npm i -S date-fns' to add it  import/no-extraneous-dependencies\n\n✖ 1 "
        "problem (1 error, 0 warnings)\nExit code: 1",
    )
    texts = [
        ("Using the shared date util.", "", "The util name differs; switching to date-fns.", ""),
        ("date-fns isn't a dependency; going back to the local util.", "", "Back to date-fns.", ""),
        ("Reverting to ../utils/date.", "", "", ""),
    ]
    visits: list[int] = []
    for round_texts in texts:
        for c, x in zip((edit_a, tsc, edit_b, lint), round_texts, strict=True):
            visits.append(t.act(x, c))
    t.user("Stop. You keep flipping between the same two imports. Use formatShortDate from utils.")
    onset = visits[8]
    return t.loop(
        ["alternation"],
        onset,
        f"Loop: edit to '../utils/date' formatDate -> tsc TS2724 -> edit to date-fns -> eslint "
        f"no-extraneous-dependencies, three times over with identical edits and errors (the grep at step 2 "
        "already showed formatShortDate). Period 4; the third identical edit back to the local util, the "
        "third "
        f"visit of the first state, is step {onset}, the onset.",
    )


def finance_filter_toggle() -> Scenario:
    t = Trace(
        "blind7-loop-finance-filter-view-toggle",
        "AP aging agent toggles a spreadsheet filter view on and off, each time reading the same summary "
        "row, "
        "for ten steps without deciding which total to report.",
        agent="Finance close agent (Google Sheets-like API)",
        model="gpt-4o",
        ids="call",
    )
    t.user(
        "What is our open AP over 60 days as of Feb 28? The AP Aging tab has a saved 'Open items' filter "
        "view."
    )
    ss = "1hAPaging-2026-02"
    t.call(
        "sheets_get_metadata",
        {"spreadsheet_id": ss},
        pretty(
            {
                "sheets": [{"title": "AP Aging", "rows": 1480}],
                "filter_views": [{"id": "fv_9031", "title": "Open items", "enabled": False}],
            }
        ),
    )
    on_summary = pretty(
        {
            "range": "'AP Aging'!A1:F2",
            "values": [
                ["Bucket", "0-30", "31-60", "61-90", "90+", "Total"],
                ["SUBTOTAL(visible)", "182,330.10", "74,905.00", "31,220.45", "12,870.00", "301,325.55"],
            ],
        }
    )
    off_summary = pretty(
        {
            "range": "'AP Aging'!A1:F2",
            "values": [
                ["Bucket", "0-30", "31-60", "61-90", "90+", "Total"],
                ["SUBTOTAL(visible)", "611,004.77", "198,116.30", "88,402.15", "40,115.90", "937,639.12"],
            ],
        }
    )
    read = {"spreadsheet_id": ss, "range": "'AP Aging'!A1:F2"}
    steps: list[int] = []
    texts = [
        "Enabling the Open items view.",
        "Those totals look low; let me compare without the filter.",
        "Turning the filter back on to confirm.",
        "Comparing again without the filter.",
        "",
        "",
        "Re-enabling to double-check.",
        "",
        "",
        "",
    ]
    for i, x in enumerate(texts):
        enabled = i % 2 == 0
        msg = f"Filter view 'Open items' {'enabled' if enabled else 'disabled'}."
        steps.append(
            t.act(
                x,
                Call(
                    "sheets_set_filter_view",
                    {"spreadsheet_id": ss, "filter_view_id": "fv_9031", "enabled": enabled},
                    pretty({"ok": True, "message": msg}),
                ),
                Call("sheets_read_range", dict(read), on_summary if enabled else off_summary),
            )
        )
    t.system("[runner] Tool-call limit (24) reached.")
    onset = steps[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        "Loop: each step toggles filter view fv_9031 (on, off, on, off, …) and re-reads the same summary "
        "row, "
        "which alternates between the same two sets of totals; the answer (61-90 plus 90+ with the "
        "open-items "
        f"view: 44,090.45) was available after the first read. The 4th toggle is step {onset}, the onset.",
    )


def gov_form_restart_cycle_de() -> Scenario:
    t = Trace(
        "blind7-loop-browser-gov-form-session-restart",
        "Browser agent on a German city portal: step 2 always bounces to 'Sitzung abgelaufen' and back to "
        "step "
        "1, and the agent restarts the same three-page path over and over.",
        agent="Browser agent (headless Chromium, cookie storage disabled)",
        model="gpt-4.1",
        ids="call",
    )
    t.user("Buche mir im Bürgerbüro Köln einen Termin zur Ummeldung, irgendwann nächste Woche vormittags.")
    base = "https://termine.stadt-koeln.de/buergerbuero"
    nav = Call(
        "browser_navigate",
        {"url": f"{base}/start"},
        "Seite: 'Terminvereinbarung Bürgerbüro – Schritt 1: Anliegen wählen'\n[x] Ummeldung (1 "
        "Person)\nButton: 'Weiter'",
    )
    to2 = Call(
        "browser_click",
        {"selector": "text=Weiter"},
        "Seite: 'Schritt 2: Standort wählen'\n( ) Bürgerbüro Chorweiler ( ) Bürgerbüro Ehrenfeld ( ) "
        "Bürgerbüro Kalk\nButton: 'Weiter'",
    )
    expired = Call(
        "browser_click",
        {"selector": "text=Weiter"},
        "Seite: 'Sitzung abgelaufen'\nIhre Sitzung ist abgelaufen oder Cookies sind deaktiviert. Bitte "
        "beginnen Sie erneut.\nLink: 'Zur Startseite'",
    )
    t.call(
        "browser_set_options",
        {"user_agent": "Mozilla/5.0 (X11; Linux x86_64)", "cookies": "session-only"},
        "ok",
        text="Browser einrichten.",
    )
    visits: list[int] = []
    texts = [
        "Ich öffne die Terminseite.",
        "",
        "Standort Ehrenfeld, weiter.",
        "Die Sitzung ist abgelaufen. Ich beginne neu.",
        "",
        "",
        "Neuer Versuch.",
        "",
        "",
        "",
        "",
        "",
    ]
    seq = [nav, to2, expired] * 4
    for x, c in zip(texts, seq, strict=True):
        visits.append(t.act(x, c))
    t.say("Das Terminportal lässt sich gerade nicht bedienen; bitte versuchen Sie es später erneut.")
    onset = visits[6]
    return t.loop(
        ["alternation"],
        onset,
        f"Loop: navigate to start -> Weiter (step 2 page) -> Weiter ('Sitzung abgelaufen … Cookies sind "
        "deaktiviert'), repeated four times with identical pages; the message names the cause (cookies), "
        "which "
        "the agent set to session-only itself at step 1 and never changes. Period 3; the third "
        "navigation to "
        f"the start page, the third visit of the cycle's first state, is step {onset}, the onset.",
    )


def docs_period5_rereads() -> Scenario:
    t = Trace(
        "blind7-loop-claude-code-docs-period5-rereads",
        "Claude Code style session: a productive first turn (fix, tests, commit), then a docs request in "
        "which "
        "the agent reads the same five files in the same order three times without editing anything.",
        agent="Claude Code style coding agent (Read/Edit/Bash/Grep)",
        model="claude-opus-4-1",
        ids="toolu",
    )
    root = "/home/dev/tidyup"
    t.user("`tidyup clean --older-than 30d` crashes on empty directories. Fix it and add a test.")
    t.call(
        "Grep",
        {"pattern": "def clean", "path": root, "output_mode": "content", "-n": True},
        f"{root}/tidyup/commands.py:42:def clean(path: Path, older_than: timedelta, dry_run: bool = "
        "False) -> int:",
    )
    t.call(
        "Read",
        {"file_path": f"{root}/tidyup/commands.py", "offset": 40, "limit": 30},
        "    40→\n    41→@app.command()\n    42→def clean(path: Path, older_than: timedelta, dry_run: "
        "bool = False) -> int:\n"
        "    43→    newest = max(p.stat().st_mtime for p in path.iterdir())\n    44→    if time.time() - "
        "newest < "
        "older_than.total_seconds():\n    45→        return 0\n    46→    ...\n",
    )
    t.call(
        "Edit",
        {
            "file_path": f"{root}/tidyup/commands.py",
            "old_string": "    newest = max(p.stat().st_mtime for p in path.iterdir())",
            "new_string": "    newest = max((p.stat().st_mtime for p in path.iterdir()), "
            "default=path.stat().st_mtime)",
        },
        f"The file {root}/tidyup/commands.py has been updated.",
    )
    t.call(
        "Edit",
        {
            "file_path": f"{root}/tests/test_commands.py",
            "old_string": "# --- clean ---",
            "new_string": "# --- clean ---\n\ndef test_clean_empty_dir(tmp_path):\n    assert "
            "clean(tmp_path, timedelta(days=30)) == 0\n",
        },
        f"The file {root}/tests/test_commands.py has been updated.",
    )
    t.call(
        "Bash",
        {"command": "cd /home/dev/tidyup && python -m pytest -q", "description": "Run the test suite"},
        "........................                                                 [100%]\n24 passed in 0.62s",
    )
    t.call(
        "Bash",
        {
            "command": "cd /home/dev/tidyup && git commit -am 'clean: handle empty directories' && git "
            "log --oneline -1",
            "description": "Commit the fix",
        },
        "[main 4c1d2e9] clean: handle empty directories\n 2 files changed, 5 insertions(+), 1 "
        "deletion(-)\n4c1d2e9 clean: handle empty directories",
    )
    t.say(
        "Fixed: `clean` now uses `max(..., default=...)` so empty directories no longer crash; added "
        "`test_clean_empty_dir`; all 24 tests pass; committed as 4c1d2e9."
    )
    t.user("Thanks. Now document the --dry-run flag in the README and the docs site.")
    files = [
        (
            "README.md",
            "# tidyup\n\nA tiny CLI to clean old files.\n\n## Usage\n\n```\ntidyup clean PATH "
            "--older-than 30d\n```\n",
        ),
        ("docs/index.md", "# tidyup\n\nSee [Usage](usage.md) and [Configuration](config.md).\n"),
        (
            "docs/usage.md",
            "# Usage\n\n## clean\n\n`tidyup clean PATH --older-than DURATION`\n\nDeletes files older than "
            "DURATION.\n",
        ),
        (
            "mkdocs.yml",
            "site_name: tidyup\nnav:\n  - Home: index.md\n  - Usage: usage.md\n  - Configuration: "
            "config.md\n",
        ),
        (
            "tidyup/commands.py",
            "    41→@app.command()\n    42→def clean(path: Path, older_than: timedelta, dry_run: bool = "
            'False) -> int:\n    43→    """Delete files older than OLDER_THAN. With --dry-run, only list '
            'them."""\n',
        ),
    ]
    visits: list[int] = []
    texts = [
        "Let me look at the existing docs.",
        "",
        "",
        "",
        "",
        "Let me review the structure once more before editing.",
        "",
        "",
        "",
        "",
        "I'll check the files again to place the section correctly.",
        "",
        "",
        "",
    ]
    for i, x in enumerate(texts):
        name, body = files[i % 5]
        visits.append(t.act(x, Call("Read", {"file_path": f"{root}/{name}"}, body)))
    t.user("[Request interrupted by user] You've read those files three times. Just add the section.")
    onset = visits[10]
    return t.loop(
        ["alternation"],
        onset,
        f"Loop in the second user turn: README.md, docs/index.md, docs/usage.md, mkdocs.yml and "
        f"tidyup/commands.py are read in the same order again and again with identical content and no edit "
        f"(a period-5 cycle). Counting from the second user message, the third read of README.md, the third "
        f"visit of the cycle's first state, is step {onset}, the onset. The first turn (fix, test, "
        "commit) is "
        f"productive and unaffected.",
    )


BUILDERS: list[Builder] = [
    deploy_rollback_cycle,
    mobile_next_back_cycle,
    cursor_import_edit_undo,
    finance_filter_toggle,
    gov_form_restart_cycle_de,
    docs_period5_rereads,
]
