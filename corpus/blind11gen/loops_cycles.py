"""Loops: A/B and longer cycles, toggles."""

from __future__ import annotations

from .builder import Trace


def testgen_read_edit_test_cycle(t: Trace) -> None:
    t.meta("test-generation agent", "Claude Code", ids="anthropic")
    t.user("Add unit tests for billing/proration.py; make them pass.")
    src = "def prorate(amount, days_used, days_in_period):\n    return amount * days_used / days_in_period\n"
    v1 = "assert prorate(100, 10, 30) == 33.33"
    v2 = "assert prorate(100, 10, 30) == 33.34"
    fail1 = (
        "FAILED tests/test_proration.py::test_partial - assert 33.333333333333336 == 33.34\n1 failed in 0.21s"
    )
    fail2 = (
        "FAILED tests/test_proration.py::test_partial - assert 33.333333333333336 == 33.33\n1 failed in 0.20s"
    )
    cur = v1
    t.call(
        "Write",
        {
            "file_path": "tests/test_proration.py",
            "content": f"from billing.proration import prorate\n\ndef test_partial():\n    {v2}\n",
        },
        "File created",
    )
    firsts = []
    for i in range(4):
        firsts.append(
            t.call("Read", {"file_path": "billing/proration.py"}, src, text="Reading the implementation.")
        )
        new, old = (v1, v2) if i % 2 == 0 else (v2, v1)
        t.call(
            "Edit",
            {"file_path": "tests/test_proration.py", "old_string": old, "new_string": new},
            "Edited",
            text="Adjusting the expected value.",
        )
        cur = new
        t.call(
            "Bash",
            {"command": "pytest tests/test_proration.py -q"},
            fail2 if cur == v1 else fail1,
            text="Running the test.",
        )
    on = firsts[2]
    t.loop(
        "Test-generation agent cycles read, flip the expected value, run the test, with the test failing "
        "each time.",
        ["alternation"],
        on,
        "A period-3 cycle (Read, Edit, Bash) whose edits flip 33.33/33.34 back and forth; pytest fails "
        "either way "
        f"because prorate does not round at all; neither expected value can pass. The first state (Read) is "
        f"visited for the third time at step {on}.",
    )


def admin_console_tab_ab(t: Trace) -> None:
    t.meta("browser agent on a SaaS admin console", "browser-use", ids="plain")
    t.user("Remove the contractor group from the 'Finance-Prod' app assignment in the admin console.")
    users = "Page 'Users' — 412 users. Tabs: Users | Groups | Apps"
    groups = "Page 'Groups' — 38 groups (contractors, finance, eng…). Tabs: Users | Groups | Apps"
    steps = []
    for _ in range(4):
        steps.append(
            t.call(
                "click", {"selector": "nav >> text=Users"}, users, text="Opening Users to find assignment."
            )
        )
        t.call("click", {"selector": "nav >> text=Groups"}, groups, text="Checking Groups instead.")
    on = steps[2]
    t.loop(
        "Browser agent flips between the Users and Groups tabs without ever opening Apps.",
        ["alternation"],
        on,
        "A/B cycle of the same two clicks with the same pages; the assignment lives under Apps. The first "
        "state "
        f"(Users) is visited for the third time at step {on}.",
    )


def cms_preview_toggle(t: Trace) -> None:
    t.meta("marketing copy agent (CMS publishing)", "Mastra", ids="openai")
    t.user("Check how the new landing page hero looks on mobile before we publish.")
    steps = []
    for i in range(6):
        on_off = i % 2 == 0
        steps.append(
            t.call(
                "cms_set_preview",
                {"entry_id": "lp-spring", "preview": on_off},
                {
                    "ok": True,
                    "preview": on_off,
                    "url": "https://preview.cms.example/lp-spring" if on_off else None,
                },
                text="Toggling preview mode." if on_off else "Turning preview off to refresh.",
            )
        )
    on = steps[3]
    t.loop(
        "Marketing agent toggles CMS preview on and off without ever fetching the preview.",
        ["same_tool", "alternation"],
        on,
        "preview true/false alternates six times and nothing is inspected in between. The 4th toggle at "
        f"step {on} "
        f"is the onset.",
    )


def dependency_pin_cycle(t: Trace) -> None:
    t.meta("dependency migration agent", "OpenHands SDK", ids="plain")
    t.user("Bump pydantic to v2 in services/quotes and get the build green.")
    err_v2 = (
        "ImportError: cannot import name 'validator' from 'pydantic.v1.compat' "
        "(fastapi 0.95 requires v1)\n[exit 1]"
    )
    err_v1 = "ERROR: quotes-core 3.0 requires pydantic>=2.4\n[exit 1]"
    firsts = []
    for _ in range(3):
        firsts.append(
            t.call(
                "edit_file",
                {
                    "path": "services/quotes/requirements.txt",
                    "old": "pydantic==1.10.17",
                    "new": "pydantic==2.9.2",
                },
                "ok",
                text="Pinning pydantic 2.",
            )
        )
        t.call("run", {"cmd": "pip install -r services/quotes/requirements.txt && pytest -q"}, err_v2)
        t.call(
            "edit_file",
            {
                "path": "services/quotes/requirements.txt",
                "old": "pydantic==2.9.2",
                "new": "pydantic==1.10.17",
            },
            "ok",
            text="Reverting to pydantic 1 for fastapi.",
        )
        t.call("run", {"cmd": "pip install -r services/quotes/requirements.txt && pytest -q"}, err_v1)
    on = firsts[2]
    t.loop(
        "Migration agent pins pydantic 2, fails, pins 1, fails, and repeats the period-4 cycle.",
        ["alternation"],
        on,
        "Edit-install-revert-install, each leg failing on the other constraint (fastapi needs v1, "
        "quotes-core "
        f"needs v2); fastapi is never bumped. The first state is visited for the third time at step {on}.",
    )


def calendar_time_toggle(t: Trace) -> None:
    t.meta("meeting assistant (calendar follow-ups)", "Google ADK", ids="gemini")
    t.user("Move the design review so that both Amal (Berlin) and Tom (Austin) can attend on Thursday.")
    t.call(
        "get_free_busy",
        {"attendees": ["amal@orbit.io", "tom@orbit.io"], "date": "2026-10-22"},
        {"amal@orbit.io": {"busy": ["13:00-17:00 CEST"]}, "tom@orbit.io": {"busy": ["08:00-12:00 CDT"]}},
    )
    steps = []
    for i in range(6):
        start = "2026-10-22T10:00:00+02:00" if i % 2 == 0 else "2026-10-22T17:00:00+02:00"
        conflict = "tom@orbit.io" if i % 2 == 0 else "amal@orbit.io"
        steps.append(
            t.call(
                "update_event",
                {"event_id": "evt_9xk2", "start": start, "duration_min": 45},
                {"updated": True, "start": start, "warnings": [f"{conflict} has a conflict"]},
                text="Moving the review to avoid the conflict.",
            )
        )
    on = steps[3]
    t.loop(
        "Meeting assistant moves one event back and forth between two slots that each conflict for one "
        "attendee.",
        ["same_tool", "alternation"],
        on,
        "The start flips 10:00/17:00 CEST and each write warns about the other attendee. The 4th toggle at "
        "step "
        f"{on} is the onset; 16:00 CEST-ish slots or asking the user were the alternatives.",
    )


def dq_schema_check_ab(t: Trace) -> None:
    t.meta("data-quality agent on a warehouse", "LangGraph", ids="openai")
    t.user("Add a uniqueness check on invoice_number in finance.ap_invoices and run it.")
    schema = {"columns": ["invoice_id", "vendor_id", "invoice_no", "amount", "currency", "received_at"]}
    err = {
        "success": False,
        "exception_info": {
            "raised_exception": True,
            "exception_message": "Column 'invoice_number' not found in table",
        },
    }
    firsts = []
    for _ in range(4):
        firsts.append(
            t.call(
                "describe_table", {"table": "finance.ap_invoices"}, schema, text="Checking the table schema."
            )
        )
        t.call(
            "run_expectation",
            {
                "table": "finance.ap_invoices",
                "expectation": "expect_column_values_to_be_unique",
                "column": "invoice_number",
            },
            err,
            text="Running the uniqueness check.",
        )
    on = firsts[2]
    t.loop(
        "Data-quality agent alternates describing the table and running a check on a column that does not "
        "exist.",
        ["alternation", "error_streak"],
        on,
        "The schema shows invoice_no, yet the check keeps using invoice_number and fails the same way. A/B "
        "cycle: "
        f"describe_table is visited for the third time at step {on}, before the 4th failure.",
    )


def soc2_bucket_cycle(t: Trace) -> None:
    t.meta("SOC 2 evidence collector (cloud config scan)", "AutoGen", ids="plain")
    t.user("Collect evidence for CC6.7: all S3 buckets holding customer data must enforce TLS.")
    t.call("list_buckets", {"tag": "data-class=customer"}, {"buckets": ["cust-exports-prod"]})
    pol = {
        "Statement": [
            {
                "Effect": "Allow",
                "Principal": {"AWS": "arn:aws:iam::4411:role/exporter"},
                "Action": "s3:PutObject",
            }
        ]
    }
    chk = {
        "control": "CC6.7",
        "result": "INSUFFICIENT_EVIDENCE",
        "reason": "no aws:SecureTransport deny statement",
    }
    firsts = []
    for _ in range(3):
        firsts.append(
            t.call("get_bucket_policy", {"bucket": "cust-exports-prod"}, pol, text="Reading the policy.")
        )
        t.call("get_bucket_encryption", {"bucket": "cust-exports-prod"}, {"SSEAlgorithm": "aws:kms"})
        t.call(
            "evaluate_control",
            {"control": "CC6.7", "bucket": "cust-exports-prod"},
            chk,
            text="Evaluating the control again.",
        )
    on = firsts[2]
    t.loop(
        "Evidence collector cycles policy, encryption and control evaluation on one bucket with the same "
        "verdict.",
        ["alternation"],
        on,
        "A period-3 cycle with unchanged results; the verdict already says the TLS deny statement is "
        "missing, "
        f"which is the finding to record. The first state is visited for the third time at step {on}.",
    )


def license_assign_toggle_ko(t: Trace) -> None:
    t.meta("HR 온보딩 에이전트", "Semantic Kernel", ids="plain", language="ko")
    t.user("신입 이도윤 님에게 디자인 툴 라이선스를 배정해 주세요. 남은 좌석이 부족하면 알려 주세요.")
    steps = []
    for i in range(6):
        if i % 2 == 0:
            res = {"결과": "배정됨", "사용자": "doyun.lee", "남은_좌석": 0, "경고": "좌석 초과: 청구 대상"}
            steps.append(
                t.call(
                    "assign_license",
                    {"user": "doyun.lee", "sku": "design-pro"},
                    res,
                    text="라이선스를 배정합니다.",
                )
            )
        else:
            res = {"결과": "해제됨", "사용자": "doyun.lee", "남은_좌석": 1}
            steps.append(
                t.call(
                    "unassign_license",
                    {"user": "doyun.lee", "sku": "design-pro"},
                    res,
                    text="좌석 초과 경고가 있어 해제합니다.",
                )
            )
    on = steps[3]
    t.loop(
        "Onboarding agent assigns and unassigns the same license because the last seat triggers an overage "
        "warning.",
        ["same_tool", "alternation"],
        on,
        "The license is toggled six times; the user asked to be told about a seat shortage, which the "
        "agent never "
        f"does. The 4th toggle at step {on} is the onset.",
    )


SCENARIOS = [
    testgen_read_edit_test_cycle,
    admin_console_tab_ab,
    cms_preview_toggle,
    dependency_pin_cycle,
    calendar_time_toggle,
    dq_schema_check_ab,
    soc2_bucket_cycle,
    license_assign_toggle_ko,
]
