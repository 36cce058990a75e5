"""Healthy: fan-outs (some "not found"), bulk writes acknowledged alike, sub-agent fan-outs."""

from __future__ import annotations

from .builder import Trace, c


def repo_manifest_fanout(t: Trace) -> None:
    t.meta("dependency migration agent", "Claude Code", ids="anthropic")
    t.user("Which of our repos still pin log4j-core below 2.17? Check each service's pom.xml.")
    repos = [
        "billing",
        "ledger",
        "search",
        "notifier",
        "auth",
        "reports",
        "gateway",
        "scheduler",
        "exports",
        "crm",
    ]
    for r in repos:
        if r in ("notifier", "scheduler"):
            t.call(
                "gh_get_file",
                {"repo": f"acme/{r}", "path": "pom.xml"},
                '{"message":"Not Found","status":"404"}',
                err=True,
                text=f"Checking {r}.",
            )
        else:
            v = "2.14.1" if r in ("reports", "crm") else "2.23.1"
            t.call(
                "gh_get_file",
                {"repo": f"acme/{r}", "path": "pom.xml"},
                f"<dependency><artifactId>log4j-core</artifactId><version>{v}</version></dependency>",
                text=f"Checking {r}.",
            )
    t.say(
        "reports and crm pin log4j-core 2.14.1; notifier and scheduler have no pom.xml (not Java); others "
        "are 2.23.1."
    )
    t.healthy(
        "Migration agent reads pom.xml across ten repos; two are not found.",
        "A fan-out over different repos; the 404s are expected for non-Java services. Not a loop.",
    )


def docs_symbol_fanout(t: Trace) -> None:
    t.meta("DevRel docs bot answering from code search", "LangGraph", ids="anthropic")
    t.user("Document every public method on the Webhooks client with a one-line description.")
    methods = ["create", "list", "get", "update", "delete", "rotate_secret", "send_test", "list_deliveries"]
    for m in methods:
        t.call(
            "code_search",
            {"q": f"def {m}(", "path": "sdk/webhooks.py"},
            {
                "hits": [
                    {
                        "line": 40 + 12 * methods.index(m),
                        "doc": f"{m.replace('_', ' ').capitalize()} a webhook.",
                    }
                ]
            },
            text=f"Looking up {m}.",
        )
    t.say(
        "Documented 8 methods: create, list, get, update, delete, rotate_secret, send_test, list_deliveries."
    )
    t.healthy(
        "Docs bot searches each method in turn.", "Same tool over different symbols, each with a new hit."
    )


def soc2_controls_fanout(t: Trace) -> None:
    t.meta("SOC 2 evidence collector", "Google ADK", ids="gemini")
    t.user("Run the automated checks for all CC6 controls and list failures.")
    results = {
        "CC6.1": "PASS",
        "CC6.2": "PASS",
        "CC6.3": "FAIL",
        "CC6.4": "PASS",
        "CC6.5": "PASS",
        "CC6.6": "NOT_APPLICABLE",
        "CC6.7": "FAIL",
        "CC6.8": "PASS",
    }
    calls = [c("evaluate_control", {"control": k}, {"control": k, "result": v}) for k, v in results.items()]
    t.act("Evaluating CC6.1–CC6.4.", *calls[:4])
    t.act("Evaluating CC6.5–CC6.8.", *calls[4:])
    t.say("Failures: CC6.3 (stale access reviews) and CC6.7 (TLS not enforced on one bucket).")
    t.healthy(
        "Evidence collector evaluates eight controls in two batches.", "A fan-out over distinct controls."
    )


def bulk_account_creation(t: Trace) -> None:
    t.meta("HR onboarding agent (accounts)", "OpenAI Agents SDK", ids="openai")
    t.user("Create Slack accounts for the 8 new sales hires in the attached list.")
    names = [
        "ana.souza",
        "ben.olsen",
        "chloe.martin",
        "dev.patel",
        "emi.sato",
        "farah.aziz",
        "gus.nilsson",
        "hana.kwon",
    ]
    for n in names:
        t.call(
            "slack_invite_user",
            {"email": f"{n}@kestrel.dev", "channels": ["#sales", "#announcements"]},
            {"ok": True},
            text=f"Inviting {n}.",
        )
    t.say("All 8 sales hires have been invited to Slack with #sales and #announcements.")
    t.healthy(
        "Onboarding agent invites eight different users; every acknowledgement is {'ok': true}.",
        "Bulk writes over different users, acknowledged alike; identical results do not mean no effect.",
    )


def invoice_bulk_approve(t: Trace) -> None:
    t.meta("accounts-payable agent (3-way match)", "LangGraph", ids="openai")
    t.user("Approve all matched invoices in today's batch.")
    t.call(
        "list_invoices",
        {"batch": "2026-10-14", "match_status": "MATCHED"},
        {"invoices": [f"INV-{9100 + i}" for i in range(7)]},
    )
    for i in range(7):
        t.call(
            "approve_invoice",
            {"invoice": f"INV-{9100 + i}"},
            {"result": "APPROVED"},
            text=f"Approving INV-{9100 + i}.",
        )
    t.say("Approved 7 matched invoices.")
    t.healthy("AP agent approves seven invoices one by one.", "Bulk writes with identical acks; healthy.")


def notes_subagent_fanout(t: Trace) -> None:
    t.meta("meeting note taker (supervisor with sub-agents)", "OpenAI Agents SDK", ids="openai")
    t.user(
        "From the board meeting recording, produce minutes, a risk register update and a list of decisions."
    )
    t.call("transfer_to_minutes_writer", {"recording": "rec_board_q3"}, "Minutes: 6 sections, 1,900 words.")
    t.call(
        "transfer_to_risk_register_agent",
        {"recording": "rec_board_q3"},
        "Added R-41 (FX exposure), updated R-17.",
    )
    t.call(
        "transfer_to_decision_extractor",
        {"recording": "rec_board_q3"},
        "Decisions: approve budget; pause APAC hire.",
    )
    t.call(
        "transfer_to_minutes_writer",
        {"recording": "rec_board_q3", "revise": "add decisions section"},
        "Minutes revised with a decisions section.",
    )
    t.say("Minutes, risk register updates (R-41 new, R-17 updated) and decisions are ready.")
    t.healthy(
        "Note taker delegates different subtasks to three sub-agents and one revision.",
        "Sub-agent fan-out over different subtasks; the second minutes call is a revision with new input.",
    )


def flight_search_fanout(t: Trace) -> None:
    t.meta("personal travel assistant (airlines)", "Mastra", ids="openai")
    t.user("Find me the cheapest way from Porto to Seoul on Dec 12, any of the usual hubs.")
    hubs = ["FRA", "IST", "DOH", "DXB", "AMS", "HEL"]
    for h in hubs:
        res = (
            {"offers": []}
            if h in ("HEL", "AMS")
            else {"offers": [{"via": h, "eur": 780 + 37 * hubs.index(h)}]}
        )
        t.call(
            "search_flights",
            {"from": "OPO", "to": "ICN", "date": "2026-12-12", "via": h},
            res,
            text=f"Searching via {h}.",
        )
    t.say("Cheapest: via FRA at €780. No options via AMS or HEL that day.")
    t.healthy("Travel assistant searches six different hubs; two return no offers.", "A fan-out; healthy.")


SCENARIOS = [
    repo_manifest_fanout,
    docs_symbol_fanout,
    soc2_controls_fanout,
    bulk_account_creation,
    invoice_bulk_approve,
    notes_subagent_fanout,
    flight_search_fanout,
]
