"""Loops: the same write repeated, and mixtures of patterns."""

from __future__ import annotations

from .builder import Trace


def zendesk_duplicate_internal_note(t: Trace) -> None:
    t.meta("customer-success agent (Zendesk-like help desk)", "LangGraph", ids="openai")
    t.user("Add an internal note on ticket 55102 that the customer was offered a 20% credit.")
    args = {
        "ticket_id": 55102,
        "comment": {"body": "Offered 20% service credit (approved by TL).", "public": False},
    }
    steps = []
    for i, text in enumerate(
        [
            "Adding the note.",
            "Adding the internal note.",
            "Saving the note.",
            "Making sure the note is saved.",
            "Adding it again.",
        ]
    ):
        ack = {
            "ticket": {"id": 55102, "updated_at": f"2026-10-14T09:1{i}:0{i}Z"},
            "audit": {"id": 7700120 + 13 * i, "events": [{"type": "Comment", "public": False}]},
        }
        steps.append(t.call("update_ticket", args, ack, text=text))
    on = steps[2]
    t.loop(
        "Help-desk agent posts the same internal note five times; every acknowledgement succeeds.",
        ["identical_call"],
        on,
        "Identical writes whose acknowledgements differ only in audit id and timestamp. The 3rd identical "
        "write at "
        f"step {on} is the onset; the ticket now carries duplicate notes.",
    )


def followup_email_resent(t: Trace) -> None:
    t.meta("meeting note taker with follow-ups", "Google ADK", ids="gemini")
    t.user("Send the follow-up email from the vendor call to the three attendees.")
    args = {
        "to": ["ana@vendor.pt", "j.kim@ourco.com", "l.meyer@ourco.com"],
        "subject": "Follow-up: vendor call",
        "body": "Thanks all. Next steps: contract redline by Oct 20; pilot kickoff Oct 27.",
    }
    steps = []
    for i in range(4):
        steps.append(
            t.call(
                "gmail_send",
                args,
                {"id": f"18f2c9a0{i}e{7 * i}b", "labelIds": ["SENT"]},
                text="Sending the follow-up email.",
            )
        )
    t.say("The follow-up email has been sent.")
    on = steps[2]
    t.loop(
        "Note taker sends the same follow-up email four times.",
        ["identical_call"],
        on,
        "Each send succeeds with only a new message id; the agent resends anyway. The 3rd identical send "
        "at step "
        f"{on} is the onset.",
    )


def access_request_duplicate_tickets(t: Trace) -> None:
    t.meta("HR onboarding agent (access requests)", "OpenAI Agents SDK", ids="openai")
    t.user("Open an access request for new hire Tomás Ruiz: GitHub org, Snowflake ANALYST role, VPN.")
    fields = {
        "project": "ITACCESS",
        "issuetype": "Access Request",
        "summary": "Access for Tomás Ruiz (new hire)",
        "description": "GitHub org membership; Snowflake ANALYST; VPN profile",
    }
    steps = []
    for i in range(5):
        steps.append(
            t.call(
                "jira_create_issue",
                {"fields": fields},
                {"id": str(30118 + i), "key": f"ITACCESS-{912 + i}", "self": "https://jira/…"},
                text="Creating the access request.",
            )
        )
    on = steps[2]
    t.loop(
        "Onboarding agent creates the same access-request issue five times.",
        ["identical_call"],
        on,
        "Same fields each time; acknowledgements differ only in the new key. The 3rd identical write at "
        f"step {on} "
        f"is the onset; five duplicate tickets land in the IT queue.",
    )


def customs_entry_refiled(t: Trace) -> None:
    t.meta("customs paperwork agent", "Semantic Kernel", ids="plain")
    t.user("File the export declaration for shipment HAM-5531 (machinery parts to Brazil).")
    decl = {"shipment": "HAM-5531", "hs": "8483.40", "value_eur": 48200, "incoterm": "FCA", "dest": "BR"}
    steps = []
    for i in range(4):
        steps.append(
            t.call(
                "atlas_submit_declaration",
                {"declaration": decl},
                {"status": "RECEIVED", "mrn": f"26DE7{3201 + i}EX0A9", "message": "Declaration received"},
                text="Submitting the export declaration.",
            )
        )
    on = steps[2]
    t.loop(
        "Customs agent submits the same export declaration four times; each gets a new MRN.",
        ["identical_call"],
        on,
        "A repeated write whose acknowledgements differ only in a volatile MRN; the 3rd submission at step "
        f"{on} is "
        f"the onset, and duplicate declarations now need cancelling.",
    )


def review_bot_error_and_flip(t: Trace) -> None:
    t.meta("code-review bot on pull requests", "goose", ids="plain")
    t.user("Approve PR #418 in infra/terraform if the plan is clean.")
    plan_err = "Error: Error acquiring the state lock\nLock Info: ID: 6c1f… Who: ci@runner-12\n[exit 1]"
    firsts = []
    for _ in range(3):
        firsts.append(
            t.call("run_terraform_plan", {"dir": "envs/prod", "pr": 418}, plan_err, text="Running the plan.")
        )
        t.call(
            "get_pr_checks",
            {"repo": "infra/terraform", "pr": 418},
            {"checks": [{"name": "plan", "conclusion": "failure"}]},
            text="Checking CI.",
        )
    on = firsts[2]
    t.loop(
        "Review bot alternates running a locked terraform plan and reading the failed check.",
        ["alternation", "error_streak"],
        on,
        "A/B cycle; the plan fails on the state lock each time (content only). run_terraform_plan is "
        "visited for "
        f"the third time at step {on}, before a 4th plan failure could occur.",
    )


def risk_dashboard_later_turn(t: Trace) -> None:
    t.meta("read-only risk dashboard assistant", "PydanticAI", ids="anthropic")
    t.user("What's our current net delta on the EUR/USD book?")
    t.call(
        "get_risk_snapshot",
        {"book": "FX-EURUSD", "metric": "net_delta"},
        {"net_delta_eur": -12400000, "as_of": "2026-10-14T13:02:11Z"},
    )
    t.say("Net delta is -€12.4M as of 13:02 UTC.")
    t.user("Break it down by desk: London vs New York.")
    args = {"book": "FX-EURUSD", "metric": "net_delta", "group_by": "desk_region"}
    res = {
        "error": None,
        "rows": [],
        "note": "group_by 'desk_region' not available; available: desk, trader, tenor",
    }
    steps = []
    for text in [
        "Grouping by desk region.",
        "Trying the breakdown again.",
        "Fetching the breakdown once more.",
        "Let me get the desk breakdown.",
    ]:
        steps.append(t.call("get_risk_snapshot", args, res, text=text))
    on = steps[2]
    t.loop(
        "Risk assistant re-requests an unavailable grouping in the second user turn, with the same empty "
        "result.",
        ["identical_call"],
        on,
        f"The first turn is fine. Counting from the second user message, the identical call returns the same "
        f"'not available' note; the 3rd at step {on} is the onset (group_by 'desk' was offered).",
    )


def warehouse_upsert_verify_cycle(t: Trace) -> None:
    t.meta("data-quality remediation agent", "AutoGen", ids="openai")
    t.user("Fix the vendor country for vendor_id 4410 in dim_vendor: it should be 'PT', not 'ES'.")
    firsts = []
    for _ in range(3):
        firsts.append(
            t.call(
                "run_sql",
                {"sql": "UPDATE staging.dim_vendor SET country = 'PT' WHERE vendor_id = 4410"},
                {"rows_affected": 1},
                text="Updating the country.",
            )
        )
        t.call(
            "run_sql",
            {"sql": "SELECT country FROM marts.dim_vendor WHERE vendor_id = 4410"},
            {"rows": [{"country": "ES"}]},
            text="Verifying in the mart.",
        )
    on = firsts[2]
    t.loop(
        "Agent updates the staging table and verifies in the mart, which never changes, in a repeated A/B "
        "cycle.",
        ["alternation", "identical_call"],
        on,
        "The update hits staging while the check reads the mart (rebuilt nightly); both results repeat "
        "exactly. "
        f"The update is visited for the third time at step {on}, which is also the 3rd identical write.",
    )


def trading_quote_paraphrase_mixture(t: Trace) -> None:
    t.meta("read-only trading dashboard assistant", "Mastra", ids="openai")
    t.user("Show me the VaR limit utilisation for the rates desk today.")
    res = {"error": "FORBIDDEN", "message": "scope risk.limits.read required"}
    steps = []
    variants = [
        {"desk": "rates", "metric": "var_utilisation"},
        {"desk": "Rates", "metric": "VaR_util", "date": "today"},
        {"desk_id": "RATES-LDN", "metric": "var_limit_usage"},
        {"desk": "rates", "metric": "var", "include_limits": True},
        {"desk": "rates", "metric": "var_utilisation", "as_of": "2026-10-14"},
    ]
    for v in variants:
        steps.append(t.call("query_dashboard", v, res, err=True, text="Querying the limits panel."))
    t.say("I can't reach the limits panel right now.")
    on = steps[3]
    t.loop(
        "Dashboard assistant rewords a limits query five times; every one fails on the same missing scope.",
        ["error_streak", "same_tool"],
        on,
        "The FORBIDDEN error names the missing scope; rewording cannot fix permissions. The 4th failure "
        "(also the "
        f"4th variant) at step {on} is the onset.",
    )


SCENARIOS = [
    zendesk_duplicate_internal_note,
    followup_email_resent,
    access_request_duplicate_tickets,
    customs_entry_refiled,
    review_bot_error_and_flip,
    risk_dashboard_later_turn,
    warehouse_upsert_verify_cycle,
    trading_quote_paraphrase_mixture,
]
