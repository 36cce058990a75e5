# ruff: noqa: E501
"""Healthy scenarios, part A: retries that end, fan-outs, polling, pagination, edit-test progress."""

from __future__ import annotations

from typing import Any

from .builder import Session, js, scenario


def ok(sid: str, description: str, s: Session, notes: str) -> dict[str, Any]:
    return scenario(sid, description, s, loop=False, kinds=["none"], onset=None, notes=notes)


def booking_retry_then_other_flight() -> dict[str, Any]:
    s = Session("blind4-h-booking-switch", "gemini")
    s.say("Hi! How can I help with your travel today?")
    s.user("Book me on the 07:10 from Lisbon to Porto tomorrow, economy. User id rui_m_204.")
    s.call(
        "",
        "search_flights",
        {"origin": "LIS", "destination": "OPO", "date": "2024-05-21"},
        js(
            [
                {"flight": "TP1940", "dep": "07:10", "economy": 2},
                {"flight": "TP1946", "dep": "09:25", "economy": 14},
            ]
        ),
    )
    err = js(
        {
            "error": "SEAT_HOLD_FAILED",
            "flight": "TP1940",
            "message": "Inventory changed during hold; seats no longer available",
        }
    )
    s.call(
        "",
        "book_flight",
        {"user_id": "rui_m_204", "flight": "TP1940", "cabin": "economy", "payment_id": "card_7712"},
        err,
        True,
    )
    s.call(
        "That hold failed; inventory was changing. Let me try once more.",
        "book_flight",
        {"user_id": "rui_m_204", "flight": "TP1940", "cabin": "economy", "payment_id": "card_7712"},
        err,
        True,
    )
    s.say("The 07:10 is now full. The 09:25 (TP1946) has 14 economy seats. Shall I book that instead?")
    s.user("Yes please.")
    s.call(
        "",
        "book_flight",
        {"user_id": "rui_m_204", "flight": "TP1946", "cabin": "economy", "payment_id": "card_7712"},
        js({"status": "confirmed", "pnr": "K7QX2P", "flight": "TP1946", "dep": "2024-05-21T09:25"}),
    )
    s.say("Booked: TP1946 at 09:25 tomorrow, reservation K7QX2P.")
    return ok(
        "blind4-healthy-booking-retry-then-switch-0",
        "Booking fails twice with a seat-hold error; the agent offers another flight, the user agrees, booking succeeds.",
        s,
        "Two identical failing book_flight calls, then a change of approach with the user's consent. Two attempts of a booking are normal; a guard must stay quiet.",
    )


def payment_retry_until_success() -> dict[str, Any]:
    s = Session("blind4-h-payment", "openai")
    s.user("Pay invoice INV-2024-0931 ($412.00) with the company card ending 4417.")
    s.call(
        "",
        "get_invoice",
        {"invoice_id": "INV-2024-0931"},
        js({"id": "INV-2024-0931", "amount": 412.0, "currency": "USD", "status": "open"}),
    )
    args = {
        "invoice_id": "INV-2024-0931",
        "payment_method": "pm_card_4417",
        "amount": 412.0,
        "idempotency_key": "inv-0931-a1",
    }
    s.call(
        "",
        "charge_payment",
        args,
        js(
            {
                "error": {
                    "type": "api_connection_error",
                    "message": "Timed out connecting to processor (gateway 504)",
                    "retryable": True,
                }
            }
        ),
        True,
    )
    s.call(
        "A gateway timeout, marked retryable. Retrying with the same idempotency key so it can't double-charge.",
        "charge_payment",
        args,
        js(
            {
                "error": {
                    "type": "api_connection_error",
                    "message": "Timed out connecting to processor (gateway 504)",
                    "retryable": True,
                }
            }
        ),
        True,
    )
    s.call(
        "",
        "charge_payment",
        args,
        js(
            {
                "id": "ch_3PfX91",
                "status": "succeeded",
                "amount": 412.0,
                "receipt_url": "https://pay.example/r/ch_3PfX91",
            }
        ),
    )
    s.call(
        "",
        "get_invoice",
        {"invoice_id": "INV-2024-0931"},
        js({"id": "INV-2024-0931", "amount": 412.0, "currency": "USD", "status": "paid"}),
    )
    s.say("Paid: INV-2024-0931 is settled (charge ch_3PfX91).")
    return ok(
        "blind4-healthy-payment-retry-succeeds-0",
        "Idempotent payment hits two gateway timeouts, succeeds on the third identical attempt.",
        s,
        "Identical charge_payment calls with identical retryable errors, then success; retrying a transient, idempotent failure is correct behaviour.",
    )


def booking_fail_then_human() -> dict[str, Any]:
    s = Session("blind4-h-transfer", "uuid")
    s.say("Thanks for contacting Sunway Rail. How can I help?")
    s.user("I need to change my ticket SR-88120 to Friday's 18:05 train.")
    s.call(
        "",
        "get_booking",
        {"booking_ref": "SR-88120"},
        js(
            {
                "booking_ref": "SR-88120",
                "train": "IC 512",
                "date": "2024-03-13",
                "fare": "SAVER",
                "changeable": True,
            }
        ),
    )
    e1 = js({"code": "E_FARE_RULE", "message": "Change rejected by fare engine (rule 14B)."})
    s.call(
        "",
        "change_booking",
        {"booking_ref": "SR-88120", "new_train": "IC 518", "new_date": "2024-03-15"},
        e1,
        True,
    )
    s.call(
        "Let me try again with the fare class kept explicitly.",
        "change_booking",
        {"booking_ref": "SR-88120", "new_train": "IC 518", "new_date": "2024-03-15", "keep_fare": "SAVER"},
        e1,
        True,
    )
    s.call(
        "",
        "change_booking",
        {
            "booking_ref": "SR-88120",
            "new_train": "IC 518",
            "new_date": "2024-03-15",
            "keep_fare": "SAVER",
            "waive_fee": False,
        },
        js(
            {
                "code": "E_FARE_RULE",
                "message": "Change rejected by fare engine (rule 14B). Manual handling required.",
            }
        ),
        True,
    )
    s.call(
        "The system needs manual handling. I'm transferring you to a colleague.",
        "transfer_to_human",
        {
            "summary": "Customer wants SR-88120 moved to IC 518 on 2024-03-15; fare engine rejects with rule 14B three times.",
            "priority": "normal",
        },
        js({"status": "queued", "estimated_wait_minutes": 4}),
    )
    s.say("I've passed your request to an agent; expected wait about 4 minutes.")
    return ok(
        "blind4-healthy-change-fails-then-human-0",
        "A ticket change fails three times on a fare rule, then the agent hands over to a human.",
        s,
        "Three failing change_booking attempts (small argument changes) followed by a handoff; the agent stops by itself, which is exactly what a guard would want. Firing here is a false alarm.",
    )


def search_fanout_narrated() -> dict[str, Any]:
    s = Session("blind4-h-fanout", "fc")
    s.user(
        "For each of these libraries give me the latest release version and its date: httpx, pydantic, polars, fastapi, rich, typer, ruff, uv."
    )
    data = [
        ("httpx", "0.27.2", "2024-08-28"),
        ("pydantic", "2.9.2", "2024-09-17"),
        ("polars", "1.9.0", "2024-10-04"),
        ("fastapi", "0.115.0", "2024-09-17"),
        ("rich", "13.9.2", "2024-10-04"),
        ("typer", "0.12.5", "2024-08-24"),
        ("ruff", "0.6.9", "2024-10-03"),
        ("uv", "0.4.20", "2024-10-08"),
    ]
    for i, (lib, ver, d) in enumerate(data):
        text = "Let me search for the first one." if i == 0 else "Let me search for the next one."
        s.call(
            text,
            "web_search",
            {"query": f"{lib} latest release pypi"},
            f"1. {lib} · PyPI — https://pypi.org/project/{lib}/\n   {lib} {ver} — Released: {d}\n2. Releases · {lib} — https://github.com/example/{lib}/releases\n   {ver} ... changelog",
        )
    s.say("\n".join(f"- {lib}: {ver} ({d})" for lib, ver, d in data))
    return ok(
        "blind4-healthy-search-fanout-next-one-0",
        "Eight searches with the same narration ('Let me search for the next one'), each for a different library with new results.",
        s,
        "The narration repeats word for word, but every search has a new subject and returns new facts; this is batch work (one tool over many targets).",
    )


def dependency_whack_a_mole() -> dict[str, Any]:
    s = Session("blind4-h-deps", "anthropic")
    s.user("Set up the dev environment for this repo and run the tests.")
    s.call(
        "",
        "Bash",
        {"command": "pip install -e '.[dev]'"},
        "Building wheel for psycopg2 (setup.py) ... error\n  Error: pg_config executable not found.\n  pg_config is required to build psycopg2 from source.\nERROR: Failed building wheel for psycopg2\nexit status 1",
        True,
    )
    s.call(
        "Need libpq headers.",
        "Bash",
        {"command": "sudo apt-get install -y libpq-dev"},
        "Reading package lists... Done\nSetting up libpq-dev (15.6-0+deb12u1) ...\n",
        False,
    )
    s.call(
        "",
        "Bash",
        {"command": "pip install -e '.[dev]'"},
        "Building wheel for python-ldap (setup.py) ... error\n  Modules/constants.h:7:10: fatal error: lber.h: No such file or directory\nERROR: Failed building wheel for python-ldap\nexit status 1",
        True,
    )
    s.call(
        "Now the LDAP headers.",
        "Bash",
        {"command": "sudo apt-get install -y libldap2-dev libsasl2-dev"},
        "Setting up libsasl2-dev (2.1.28+dfsg-10) ...\nSetting up libldap-dev:amd64 (2.5.13+dfsg-5) ...",
        False,
    )
    s.call(
        "",
        "Bash",
        {"command": "pip install -e '.[dev]'"},
        "  error: command 'x86_64-linux-gnu-gcc' failed: No such file or directory\nERROR: Failed building wheel for cryptography-vectors\nexit status 1",
        True,
    )
    s.call(
        "A compiler is missing.",
        "Bash",
        {"command": "sudo apt-get install -y build-essential"},
        "Setting up build-essential (12.9) ...",
        False,
    )
    log = "\n".join(
        f"Collecting {p}\n  Using cached {p}-{v}-py3-none-any.whl ({k} kB)"
        for p, v, k in [
            ("alembic", "1.13.2", 233),
            ("sqlalchemy", "2.0.35", 1883),
            ("psycopg2", "2.9.9", 486),
            ("python-ldap", "3.4.4", 377),
            ("pytest", "8.3.3", 342),
            ("pytest-cov", "5.0.0", 21),
            ("mypy", "1.11.2", 2610),
            ("ruff", "0.6.9", 10020),
            ("hypothesis", "6.112.2", 467),
            ("factory-boy", "3.3.1", 36),
        ]
        * 6
    )
    s.call(
        "",
        "Bash",
        {"command": "pip install -e '.[dev]'"},
        log
        + "\nSuccessfully installed alembic-1.13.2 factory-boy-3.3.1 hypothesis-6.112.2 mypy-1.11.2 psycopg2-2.9.9 pytest-8.3.3 pytest-cov-5.0.0 python-ldap-3.4.4 ruff-0.6.9 sqlalchemy-2.0.35 app-0.1.0",
    )
    s.call(
        "",
        "Bash",
        {"command": "pytest -q"},
        "........................................................................ [ 62%]\n...........................................                              [100%]\n115 passed in 7.41s",
    )
    s.say(
        "Environment ready (needed libpq-dev, libldap2-dev/libsasl2-dev and build-essential); 115 tests pass."
    )
    return ok(
        "blind4-healthy-dependency-whack-a-mole-0",
        "pip install fails three times, each on a different missing system package; each fix is followed by a new error until it installs, with a long repetitive install log.",
        s,
        "The same install command is re-run after each fix and fails three times, but each failure names a different missing dependency and the agent fixes it in between; the final long, repetitive pip log is normal output.",
    )


def poll_ci_until_done() -> dict[str, Any]:
    s = Session("blind4-h-poll-ci", "openai")
    s.user("Re-run the failed CI workflow on PR #412 and tell me the result.")
    s.call(
        "",
        "rerun_workflow",
        {"repo": "acme/web", "run_id": 9918231},
        js({"new_run_id": 9918877, "status": "queued"}),
    )
    statuses = [
        "queued",
        "in_progress",
        "in_progress",
        "in_progress",
        "in_progress",
        "in_progress",
        "in_progress",
    ]
    for i, st in enumerate(statuses):
        s.call(
            "" if i else "I'll poll until it finishes.",
            "get_workflow_run",
            {"repo": "acme/web", "run_id": 9918877, "wait_seconds": 60},
            js({"id": 9918877, "status": st, "conclusion": None}),
        )
    s.call(
        "",
        "get_workflow_run",
        {"repo": "acme/web", "run_id": 9918877, "wait_seconds": 60},
        js({"id": 9918877, "status": "completed", "conclusion": "success", "duration_s": 512}),
    )
    s.say("The re-run passed (8.5 minutes).")
    return ok(
        "blind4-healthy-poll-ci-until-success-0",
        "CI run polled eight times with identical arguments; six identical 'in_progress' results, then 'completed/success'.",
        s,
        "Polling a job in flight: identical calls and (for a while) identical results are expected while the run is in progress, and each poll waits 60 s. The poll ends when the status becomes terminal.",
    )


def poll_export_progress() -> dict[str, Any]:
    s = Session("blind4-h-poll-export", "counter")
    s.user("Export all 2023 tickets to CSV and give me the download link.")
    s.call(
        "",
        "start_export",
        {"entity": "tickets", "filter": {"created_year": 2023}, "format": "csv"},
        js({"export_id": "exp_51", "state": "queued"}),
    )
    states = [
        ("queued", 0),
        ("queued", 0),
        ("processing", 12),
        ("processing", 37),
        ("processing", 37),
        ("processing", 64),
        ("processing", 91),
    ]
    for st, pct in states:
        s.call(
            "Waiting for the export.",
            "get_export",
            {"export_id": "exp_51"},
            js({"export_id": "exp_51", "state": st, "percent": pct}),
        )
    s.call(
        "Waiting for the export.",
        "get_export",
        {"export_id": "exp_51"},
        js(
            {
                "export_id": "exp_51",
                "state": "done",
                "percent": 100,
                "url": "https://files.example/exp_51.csv",
                "rows": 48211,
            }
        ),
    )
    s.say("Done: 48,211 tickets at https://files.example/exp_51.csv")
    return ok(
        "blind4-healthy-poll-export-repeated-narration-0",
        "Export job polled eight times with the same narration; results repeat ('queued' twice, 37% twice) and then finish.",
        s,
        "A poll of a running job; repeated identical results and repeated narration are normal while the job progresses. It terminates with a download link.",
    )


def pagination_repos() -> dict[str, Any]:
    s = Session("blind4-h-pages", "gemini")
    s.user("Count how many repositories in the 'northwind' org are archived.")
    total = 0
    for p in range(1, 10):
        n = 100 if p < 9 else 37
        arch = [3, 7, 0, 12, 5, 9, 1, 4, 2][p - 1]
        total += arch
        items = [{"name": f"nw-svc-{(p - 1) * 100 + k:03d}", "archived": k < arch} for k in range(3)]
        s.call(
            "Fetching the next page." if p > 1 else "",
            "list_org_repos",
            {"org": "northwind", "per_page": 100, "page": p},
            js({"page": p, "count": n, "archived_on_page": arch, "sample": items, "has_next": p < 9}),
        )
    s.say(f"{total} of 837 repositories in northwind are archived.")
    return ok(
        "blind4-healthy-pagination-nine-pages-0",
        "Nine pages of one listing, identical narration, page number increments and each page has new content.",
        s,
        "Pagination: same tool, argument shape identical except the page number, every result new, ends when has_next is false.",
    )


def read_many_files() -> dict[str, Any]:
    s = Session("blind4-h-reads", "anthropic")
    s.user("Give me an overview of how the plugin system works in this repo.")
    s.call(
        "",
        "Glob",
        {"pattern": "src/plugins/**/*.py"},
        "\n".join(
            f"/repo/src/plugins/{f}"
            for f in [
                "__init__.py",
                "registry.py",
                "loader.py",
                "hooks.py",
                "base.py",
                "builtin/csv_export.py",
                "builtin/s3_upload.py",
                "builtin/slack_notify.py",
                "builtin/pdf_render.py",
                "builtin/metrics.py",
            ]
        ),
    )
    for f, body in [
        ("__init__.py", "from .registry import registry\nfrom .base import Plugin"),
        (
            "registry.py",
            "class Registry:\n    def __init__(self):\n        self._by_name = {}\n    def register(self, cls): ...",
        ),
        (
            "loader.py",
            "def load_entrypoints(group='app.plugins'):\n    for ep in entry_points(group=group): registry.register(ep.load())",
        ),
        ("hooks.py", "HOOKS = ('on_start', 'on_record', 'on_finish')"),
        ("base.py", "class Plugin(ABC):\n    name: ClassVar[str]\n    def on_start(self, ctx): ..."),
    ]:
        s.call(
            "",
            "Read",
            {"file_path": f"/repo/src/plugins/{f}"},
            "\n".join(f"{i:>6}→{line}" for i, line in enumerate(body.splitlines(), 1)),
        )
    for f in ["csv_export", "s3_upload", "slack_notify", "pdf_render", "metrics"]:
        s.call(
            "",
            "Read",
            {"file_path": f"/repo/src/plugins/builtin/{f}.py"},
            f"     1→from ..base import Plugin\n     2→\n     3→\n     4→class {f.title().replace('_', '')}(Plugin):\n     5→    name = '{f}'\n     6→    def on_record(self, ctx, rec): ...\n",
        )
    s.call(
        "",
        "Grep",
        {"pattern": "app.plugins", "path": "pyproject.toml", "output_mode": "content"},
        '[project.entry-points."app.plugins"]\ncsv_export = "app.plugins.builtin.csv_export:CsvExport"',
    )
    s.say(
        "Plugins subclass `Plugin` (base.py), are discovered via the `app.plugins` entry-point group (loader.py) and stored in a name-keyed `Registry`; hooks are on_start/on_record/on_finish. Five built-ins ship in builtin/."
    )
    return ok(
        "blind4-healthy-read-many-files-0",
        "Coding CLI reads twelve different files in a row with the same tool.",
        s,
        "Same tool, different targets, all new content. Sequential reads of many files are exploration, not a loop.",
    )


def edit_test_until_pass() -> dict[str, Any]:
    s = Session("blind4-h-edit-test", "anthropic")
    s.user("Make tests/test_slugify.py pass.")
    run = {"command": "pytest tests/test_slugify.py -q", "description": "Run slugify tests"}
    outs = [
        (
            "FFFF\nFAILED test_basic - AssertionError: assert 'Hello World' == 'hello-world'\nFAILED test_unicode - ...\nFAILED test_trim - ...\nFAILED test_repeat_dashes - ...\n4 failed in 0.05s",
            True,
        ),
        (
            "..FF\nFAILED test_trim - AssertionError: assert '-hello-' == 'hello'\nFAILED test_repeat_dashes - AssertionError: assert 'a--b' == 'a-b'\n2 failed, 2 passed in 0.04s",
            True,
        ),
        (
            "...F\nFAILED test_repeat_dashes - AssertionError: assert 'a--b' == 'a-b'\n1 failed, 3 passed in 0.04s",
            True,
        ),
        ("....\n4 passed in 0.03s", False),
    ]
    edits = [
        (
            "return s",
            "return re.sub(r'[^a-z0-9]+', '-', unicodedata.normalize('NFKD', s).encode('ascii', 'ignore').decode().lower())",
        ),
        ("decode().lower())", "decode().lower()).strip('-')"),
        ("r'[^a-z0-9]+'", "r'[^a-z0-9]+|-{2,}'"),
    ]
    s.call(
        "",
        "Read",
        {"file_path": "/repo/src/text/slugify.py"},
        "     1→import re\n     2→import unicodedata\n     3→\n     4→\n     5→def slugify(s: str) -> str:\n     6→    return s\n",
    )
    s.call("", "Bash", run, outs[0][0], True)
    for i, (old, new) in enumerate(edits):
        s.call(
            "",
            "Edit",
            {"file_path": "/repo/src/text/slugify.py", "old_string": old, "new_string": new},
            "The file /repo/src/text/slugify.py has been updated.",
        )
        s.call("", "Bash", run, outs[i + 1][0], outs[i + 1][1])
    s.say("All four slugify tests pass.")
    return ok(
        "blind4-healthy-edit-test-until-pass-0",
        "Edit -> test repeated three times; failures shrink from 4 to 2 to 1 to 0.",
        s,
        "The same test command is re-run after each edit; each edit is different and each run shows progress. Edit-test alternation with changing results is the canonical false-positive trap.",
    )


def transient_503_then_ok() -> dict[str, Any]:
    s = Session("blind4-h-503", "fc")
    s.user("Fetch the latest exchange rates (base EUR) from our rates service and tell me EUR→JPY.")
    args = {"url": "https://rates.internal.example/v2/latest?base=EUR", "timeout": 10}
    e = 'HTTP 503 Service Unavailable\nRetry-After: 2\n{"error":"upstream warming up"}'
    s.call("", "fetch_url", args, e, True)
    s.call("Service is warming up; retrying after the suggested delay.", "fetch_url", args, e, True)
    s.call("", "fetch_url", args, e, True)
    s.call(
        "",
        "fetch_url",
        args,
        js(
            {
                "base": "EUR",
                "date": "2024-10-11",
                "rates": {"USD": 1.0937, "JPY": 163.21, "GBP": 0.8371, "CHF": 0.9389},
            }
        ),
    )
    s.say("EUR→JPY is 163.21 (rates of 2024-10-11).")
    return ok(
        "blind4-healthy-transient-503-three-retries-0",
        "Three identical 503 responses with Retry-After, then the fourth identical request succeeds.",
        s,
        "Retrying a transient 503 that advertises Retry-After is correct; the identical streak ends in success. A guard that blocks the tool after three identical errors would break this.",
    )


def manager_fanout_subtasks() -> dict[str, Any]:
    s = Session("blind4-h-mgr-fanout", "openai")
    s.user(
        "Prepare a due-diligence pack on Velora Robotics: financials, leadership, patents, litigation, and customer sentiment."
    )
    topics = [
        (
            "financials",
            "Velora Robotics raised $48M Series B (Mar 2024, lead: Northstar Ventures). Revenue est. $11-14M ARR. Burn ~ $1.9M/month per a leaked deck; runway ~20 months.",
        ),
        (
            "leadership",
            "CEO Dana Whitlock (ex-Boston Dynamics, 9 yrs). CTO Imran Qureshi (PhD CMU). CFO hired Jan 2024 (Lena Park, ex-Stripe). Two VP departures in 2023.",
        ),
        (
            "patents",
            "14 granted US patents, 6 pending. Core: US 11,482,xxx gripper compliance control. Two continuation families. No oppositions found.",
        ),
        (
            "litigation",
            "One open case: former distributor breach-of-contract claim (D. Mass., filed 2023-11), damages sought $2.3M. No IP suits.",
        ),
        (
            "customer sentiment",
            "G2 rating 4.4/5 (38 reviews). Praise: integration speed. Complaints: spare-parts lead time (6-8 weeks). Reddit threads mostly positive.",
        ),
    ]
    for i, (t, rep) in enumerate(topics):
        brief = f"You are a research sub-agent. Subject: Velora Robotics — {t}. Use public sources only, cite each claim, and return at most 200 words."
        s.call(
            "Delegating the next workstream." if i else "I'll split this into five workstreams.",
            "delegate_task",
            {"agent": "researcher", "task": brief},
            f"Report ({t}):\n{rep}\nSources: [1] [2] [3]",
        )
    s.say(
        "Due-diligence pack assembled: financials, leadership, patents, litigation and sentiment (see sections)."
    )
    return ok(
        "blind4-healthy-manager-fanout-five-topics-0",
        "Manager delegates five sub-tasks with one brief template and different subjects; each report is new.",
        s,
        "Briefs share a template but the subject differs and every report brings new facts; this is delegation fan-out, not re-delegation.",
    )


def manager_redelegate_once() -> dict[str, Any]:
    s = Session("blind4-h-mgr-once", "anthropic")
    s.user("Have the data agent compute median order value by region for September.")
    s.call(
        "",
        "ask_agent",
        {
            "agent_name": "data_agent",
            "message": "Compute median order value by region for September 2024 from orders table.",
        },
        "I computed median order_value by region for September 2023 (the most recent complete September in orders_archive): EMEA 61.20, NA 74.80, APAC 55.10.",
    )
    s.call(
        "That used 2023 and the archive table. Re-briefing with the exact table and year.",
        "ask_agent",
        {
            "agent_name": "data_agent",
            "message": "Please recompute: median order value by region for September 2024 (2024-09-01..2024-09-30), table analytics.orders (not the archive). Return region, median, n.",
        },
        "region | median | n\nEMEA | 63.40 | 18,221\nNA | 77.15 | 24,980\nAPAC | 57.90 | 9,304\nSource: analytics.orders, created_at in 2024-09.",
    )
    s.say("September 2024 median order value: EMEA 63.40, NA 77.15, APAC 57.90.")
    return ok(
        "blind4-healthy-manager-redelegate-once-corrected-0",
        "Manager re-delegates once with a corrected brief after the first report used the wrong year; the second report succeeds.",
        s,
        "One re-delegation with a materially corrected brief (year, table) and a different, successful report. Two delegations are not a loop.",
    )


def long_iterative_file_edit() -> dict[str, Any]:
    s = Session("blind4-h-long-edit", "anthropic")
    s.user(
        "Refactor src/report.py: split build_report into smaller functions, add type hints, keep tests green after each change."
    )
    s.call(
        "",
        "Read",
        {"file_path": "/repo/src/report.py"},
        "     1→def build_report(rows, fmt, tz=None):\n     2→    # 180 lines of mixed parsing, grouping, formatting\n     3→    ...\n",
    )
    s.call("", "Bash", {"command": "pytest -q tests/test_report.py"}, "..........\n10 passed in 0.31s")
    parts = [
        "parse_rows",
        "normalise_timezones",
        "group_by_day",
        "compute_totals",
        "format_markdown",
        "format_csv",
        "format_json",
        "render_header",
        "render_footer",
        "apply_locale",
        "validate_options",
        "sort_groups",
        "write_output",
        "build_report signature",
    ]
    for i, p in enumerate(parts):
        s.call(
            f"Extracting {p}." if i < 13 else "Adding type hints to the public signature.",
            "Edit",
            {
                "file_path": "/repo/src/report.py",
                "old_string": f"    # --- {p} block ---",
                "new_string": f"    {p.split()[0]}(...)  # extracted",
            },
            "The file /repo/src/report.py has been updated.",
        )
        res = f"..........\n10 passed in 0.3{i % 10}s"
        err = False
        if i == 5:
            res, err = (
                '....F.....\nFAILED tests/test_report.py::test_csv_quotes - AssertionError: assert \'a,"b"\' == \'a,"""b"""\'\n1 failed, 9 passed',
                True,
            )
        s.call("", "Bash", {"command": "pytest -q tests/test_report.py"}, res, err)
        if i == 5:
            s.call(
                "The CSV quoting changed; using csv.writer instead of manual joins.",
                "Edit",
                {
                    "file_path": "/repo/src/report.py",
                    "old_string": "','.join(cells)",
                    "new_string": "_csv_line(cells)",
                },
                "The file /repo/src/report.py has been updated.",
            )
            s.call(
                "", "Bash", {"command": "pytest -q tests/test_report.py"}, "..........\n10 passed in 0.32s"
            )
    s.call("", "Bash", {"command": "mypy src/report.py"}, "Success: no issues found in 1 source file")
    s.say("build_report is now composed of 13 helpers with type hints; tests and mypy pass.")
    return ok(
        "blind4-healthy-long-iterative-refactor-0",
        "A 34-step refactor of one file: edit, run the same tests, edit, run, one regression fixed on the way.",
        s,
        "Long session with the same test command run after every edit and mostly identical '10 passed' output; each edit is different and the file changes each time. Re-running tests after each change is the trap T5.",
    )


def code_fails_twice_then_works() -> dict[str, Any]:
    s = Session("blind4-h-code-twice", "openai")
    s.user("Plot weekly active users from events.csv and save it as wau.png.")
    s.call(
        "",
        "python_interpreter",
        {
            "code": "import pandas as pd\ne = pd.read_csv('events.csv')\ne['ts'] = pd.to_datetime(e['timestamp'])\nprint(e.head())"
        },
        "Traceback (most recent call last):\n  File \"<stdin>\", line 3, in <module>\nKeyError: 'timestamp'",
        True,
    )
    s.call(
        "Let me check the columns.",
        "python_interpreter",
        {
            "code": "import pandas as pd\ne = pd.read_csv('events.csv')\nprint(e.columns.tolist())\ne['ts'] = pd.to_datetime(e['event_time'], unit='s')\nw = e.set_index('ts').resample('W')['user_id'].nunique()\nw.plot().figure.savefig('wau.png')"
        },
        "['event_time', 'user_id', 'event']\nTraceback (most recent call last):\n  File \"<stdin>\", line 4, in <module>\nValueError: non convertible value 2024-03-01T08:12:44Z with the unit 's'",
        True,
    )
    s.call(
        "event_time is an ISO string, not epoch seconds.",
        "python_interpreter",
        {
            "code": "import pandas as pd\ne = pd.read_csv('events.csv', parse_dates=['event_time'])\nw = e.set_index('event_time').resample('W')['user_id'].nunique()\nax = w.plot(title='Weekly active users')\nax.figure.savefig('wau.png', dpi=120)\nprint(w.tail(3))"
        },
        "event_time\n2024-06-16 00:00:00+00:00    4121\n2024-06-23 00:00:00+00:00    4307\n2024-06-30 00:00:00+00:00    3980\nFreq: W-SUN, Name: user_id, dtype: int64",
    )
    s.say("Saved wau.png; WAU was ~4,000-4,300 in late June.")
    return ok(
        "blind4-healthy-code-two-different-errors-0",
        "Code agent fails twice for different reasons (missing column, wrong datetime unit) and succeeds on the third snippet.",
        s,
        "Two consecutive failures with different error types, each fixed by what the previous error revealed, then success. Well below any error-streak threshold.",
    )


def verify_across_sources() -> dict[str, Any]:
    s = Session("blind4-h-verify", "fc")
    s.user(
        "Is it true that the Golden Gate Bridge's main span is 1,280 m? Double-check with independent sources."
    )
    s.call(
        "",
        "web_search",
        {"query": "Golden Gate Bridge main span length meters"},
        "1. Golden Gate Bridge - Wikipedia — https://en.wikipedia.org/wiki/Golden_Gate_Bridge\n   Main span 4,200 ft (1,280 m)\n2. Bridge Design & Construction Statistics — https://www.goldengate.org/bridge/history-research/statistics-data/\n   Length of suspension span ... 4,200 feet",
    )
    s.call(
        "Checking the bridge district's own statistics page.",
        "find_in_page",
        {
            "url": "https://www.goldengate.org/bridge/history-research/statistics-data/",
            "query": "suspension span",
        },
        "Length of suspension span including main span and side spans: 1.2 miles (6,450 ft / 1,966 m). Length of main span portion of suspension bridge: 4,200 ft (1,280 m)",
    )
    s.call(
        "And an engineering reference.",
        "web_search",
        {"query": "Golden Gate Bridge 4200 ft main span ASCE landmark"},
        "1. Golden Gate Bridge | ASCE — https://www.asce.org/about-civil-engineering/history-and-heritage/historic-landmarks/golden-gate-bridge\n   ...at 4,200 feet, the longest main span in the world until 1964...",
    )
    s.say("Yes: 4,200 ft ≈ 1,280 m, confirmed by Wikipedia, the Golden Gate Bridge district and ASCE.")
    return ok(
        "blind4-healthy-verify-one-fact-three-sources-0",
        "Agent checks one figure against three independent sources and answers.",
        s,
        "Verification of one fact from different sources; each call targets a different source and it stops after three. Compare with re-checking the same sentence.",
    )


def long_sql_exploration() -> dict[str, Any]:
    s = Session("blind4-h-long-sql", "uuid")
    s.user("Investigate why conversion dropped in week 32. Use the warehouse; be thorough.")
    qs = [
        (
            "SELECT week, sessions, orders, orders::float/sessions AS cr FROM mart.weekly_funnel WHERE week BETWEEN 28 AND 34 ORDER BY week",
            "week|sessions|orders|cr\n28|412031|12120|0.0294\n29|405882|11904|0.0293\n30|419004|12377|0.0295\n31|421550|12301|0.0292\n32|438912|10417|0.0237\n33|425101|12296|0.0289\n34|418220|12241|0.0293",
        ),
        (
            "SELECT device, week, cr FROM mart.weekly_funnel_by_device WHERE week IN (31,32) ORDER BY device, week",
            "device|week|cr\ndesktop|31|0.0381\ndesktop|32|0.0377\nmobile|31|0.0241\nmobile|32|0.0158\ntablet|31|0.0290\ntablet|32|0.0284",
        ),
        (
            "SELECT os, week, cr FROM mart.weekly_funnel_by_os WHERE week IN (31,32) AND device='mobile'",
            "os|week|cr\nandroid|31|0.0236\nandroid|32|0.0231\nios|31|0.0247\nios|32|0.0082",
        ),
        (
            "SELECT app_version, count(*) FROM events.sessions WHERE week=32 AND os='ios' GROUP BY 1 ORDER BY 2 DESC LIMIT 5",
            "app_version|count\n7.14.0|121044\n7.13.2|30112\n7.13.1|4120",
        ),
        (
            "SELECT app_version, cr FROM mart.cr_by_app_version WHERE week=32 AND os='ios'",
            "app_version|cr\n7.14.0|0.0031\n7.13.2|0.0244\n7.13.1|0.0251",
        ),
        (
            "SELECT step, sessions FROM mart.checkout_steps WHERE week=32 AND app_version='7.14.0' ORDER BY step_order",
            "step|sessions\ncart|31877\naddress|30911\npayment|30102\nconfirm|402\nthank_you|377",
        ),
        (
            "SELECT error_code, count(*) FROM events.client_errors WHERE week=32 AND app_version='7.14.0' AND screen='payment' GROUP BY 1 ORDER BY 2 DESC",
            "error_code|count\nAPPLEPAY_SHEET_DISMISSED|28110\nTOKENIZE_TIMEOUT|1033\nNETWORK|210",
        ),
        (
            "SELECT min(ts), max(ts) FROM events.client_errors WHERE error_code='APPLEPAY_SHEET_DISMISSED' AND app_version='7.14.0'",
            "min|max\n2024-08-05 09:02:11|2024-08-12 16:40:03",
        ),
        (
            "SELECT version, released_at, rolled_back_at FROM ops.app_releases WHERE platform='ios' ORDER BY released_at DESC LIMIT 3",
            "version|released_at|rolled_back_at\n7.14.1|2024-08-12 15:30|\n7.14.0|2024-08-05 08:00|2024-08-12 15:30\n7.13.2|2024-07-22 08:00|",
        ),
        (
            "SELECT week, cr FROM mart.cr_by_app_version WHERE os='ios' AND app_version='7.14.1' AND week=33",
            "week|cr\n33|0.0249",
        ),
    ]
    texts = [
        "Start with the weekly funnel.",
        "Split by device.",
        "Mobile dropped; by OS.",
        "iOS collapsed. Which app versions?",
        "Conversion per version.",
        "Where in checkout do 7.14.0 users drop?",
        "Payment → confirm. Client errors on the payment screen?",
        "When did these errors occur?",
        "Matches a release window? Checking releases.",
        "Did the fix restore conversion?",
    ]
    for t, (q, out) in zip(texts, qs, strict=True):
        s.call(t, "run_sql", {"query": q}, out)
        s.say("Noted: " + out.splitlines()[1].replace("|", " / ") + " — moving on.")
    s.call(
        "Double-checking that nothing else changed that week (marketing spend).",
        "run_sql",
        {"query": "SELECT channel, week, spend FROM mart.marketing_spend WHERE week IN (31,32)"},
        "channel|week|spend\nsearch|31|182000\nsearch|32|183500\nsocial|31|90000\nsocial|32|91200",
    )
    s.say(
        "Root cause: iOS app 7.14.0 (released Aug 5) broke Apple Pay at the payment step; conversion on iOS fell to 0.3% until 7.14.1 rolled it back on Aug 12. Marketing spend was flat."
    )
    return ok(
        "blind4-healthy-long-sql-investigation-0",
        "A 22-step data investigation drilling down with eleven different queries and short notes between them.",
        s,
        "Long session, one tool (run_sql) used throughout, assistant notes follow a repeated template ('Noted: ... — moving on.'), but every query is new and narrows the cause. A chatty guard must stay quiet.",
    )


def long_browser_form() -> dict[str, Any]:
    s = Session("blind4-h-browser-form", "counter")
    s.user(
        "Fill in the conference registration at events.example/register with my details: Dr. Amara Nwosu, Univ. of Leeds, a.nwosu@leeds.example, vegetarian, workshop W3, invoice to the university."
    )
    s.call(
        "",
        "navigate",
        {"url": "https://events.example/register"},
        "Step 1 of 4: Personal details\n[f1] input 'Title' [f2] input 'First name' [f3] input 'Last name' [f4] input 'Email' [f5] input 'Affiliation' [b1] button 'Next'",
    )
    for eid, val in [
        ("f1", "Dr."),
        ("f2", "Amara"),
        ("f3", "Nwosu"),
        ("f4", "a.nwosu@leeds.example"),
        ("f5", "University of Leeds"),
    ]:
        s.call("", "type", {"element_id": eid, "text": val}, f"Typed into {eid}.")
    s.call(
        "",
        "click",
        {"element_id": "b1"},
        "Step 2 of 4: Catering\n[c1] radio 'No preference' [c2] radio 'Vegetarian' [c3] radio 'Vegan' [c4] textarea 'Allergies' [b2] button 'Next'",
    )
    s.call("", "click", {"element_id": "c2"}, "Selected 'Vegetarian'.")
    s.call(
        "",
        "click",
        {"element_id": "b2"},
        "Step 3 of 4: Workshops\n[w1] checkbox 'W1 Causal inference' [w2] checkbox 'W2 Bayesian workflows' [w3] checkbox 'W3 Reproducible pipelines' (12 seats left) [b3] button 'Next'",
    )
    s.call("", "click", {"element_id": "w3"}, "Checked 'W3 Reproducible pipelines'.")
    s.call(
        "",
        "click",
        {"element_id": "b3"},
        "Step 4 of 4: Billing\n[p1] radio 'Card' [p2] radio 'Invoice' [b4] button 'Review'",
    )
    s.call(
        "",
        "click",
        {"element_id": "p2"},
        "Selected 'Invoice'. New fields: [i1] input 'Organisation' [i2] input 'PO number (optional)' [i3] input 'Billing email'",
    )
    for eid, val in [("i1", "University of Leeds"), ("i3", "accounts.payable@leeds.example")]:
        s.call("", "type", {"element_id": eid, "text": val}, f"Typed into {eid}.")
    s.call(
        "",
        "click",
        {"element_id": "b4"},
        "Review\nDr. Amara Nwosu · University of Leeds · a.nwosu@leeds.example\nCatering: Vegetarian · Workshop: W3\nBilling: Invoice to University of Leeds\n[b5] button 'Submit'",
    )
    s.call(
        "",
        "click",
        {"element_id": "b5"},
        "Registration complete. Confirmation REG-24-08812 sent to a.nwosu@leeds.example.",
    )
    s.say("Registered (REG-24-08812): vegetarian, workshop W3, invoiced to the University of Leeds.")
    return ok(
        "blind4-healthy-browser-multistep-form-0",
        "Browser agent fills a four-page form: many type/click calls with different element ids and values.",
        s,
        "Long run of click/type with varied element ids; each action changes the page state. Many same-tool calls are not a loop when targets differ.",
    )
