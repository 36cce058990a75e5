"""Healthy: transient retries that succeed, failing calls retried briefly then handed off."""

from __future__ import annotations

from .builder import Trace


def ocr_503_then_ok(t: Trace) -> None:
    t.meta("accounts-payable agent (invoice OCR)", "LangGraph", ids="openai")
    t.user("Extract the totals from invoice inv-80211 and match it to its PO.")
    args = {"doc_id": "inv-80211", "dpi": 300}
    t.call(
        "ocr_extract",
        args,
        "HTTP 503 Service Unavailable: upstream OCR pool busy",
        err=True,
        text="Running OCR.",
    )
    t.call(
        "ocr_extract",
        args,
        "HTTP 503 Service Unavailable: upstream OCR pool busy",
        err=True,
        text="Retrying.",
    )
    t.call(
        "ocr_extract",
        args,
        {"vendor": "Kappa Office", "total": 1290.5, "po": "PO-77102"},
        text="Retrying once more.",
    )
    t.call("get_po", {"id": "PO-77102"}, {"total": 1290.5, "status": "received"})
    t.say("Invoice inv-80211 matches PO-77102 (1,290.50); ready for approval.")
    t.healthy(
        "AP agent retries OCR twice after transient 503s and succeeds on the third attempt.",
        "Two identical failures then success: a transient retry, not a loop.",
    )


def intercom_429_backoff(t: Trace) -> None:
    t.meta("customer-success agent (Intercom-like messenger)", "Vercel AI SDK", ids="openai")
    t.user("Reply to conversation 88120 that their data export is ready.")
    args = {"conversation_id": "88120", "body": "Your data export is ready in Settings → Exports."}
    t.call(
        "reply_conversation", args, '{"errors":[{"code":"rate_limit_exceeded"}],"retry_after":20}', err=True
    )
    t.call("sleep", {"seconds": 20}, "slept 20s", text="Rate limited; waiting 20 seconds as instructed.")
    t.call("reply_conversation", args, {"type": "conversation_part", "id": "cp_9912"})
    t.say("Replied to the customer.")
    t.healthy("Support agent honours retry_after once and succeeds.", "One 429, a wait, success.")


def laptop_order_handoff(t: Trace) -> None:
    t.meta("HR onboarding agent (laptops)", "OpenAI Agents SDK", ids="openai")
    t.user("Order a MacBook Pro 14 for new hire Chen Wei, ship to the Singapore office.")
    args = {"sku": "MBP14-M5-32", "ship_to": "SG-office", "employee": "chen.wei"}
    err = {"status": "rejected", "reason": "SKU MBP14-M5-32 out of stock in region APAC"}
    t.call("order_hardware", args, err, text="Placing the order.")
    t.call("order_hardware", args, err, text="Trying once more in case stock refreshed.")
    t.call(
        "create_ticket",
        {
            "queue": "IT-Procurement",
            "summary": "MBP14 out of stock APAC for new hire Chen Wei",
            "priority": "high",
        },
        {"key": "PROC-2231"},
        text="Handing this to procurement.",
    )
    t.say("The laptop is out of stock in APAC; I opened PROC-2231 for procurement to source one.")
    t.healthy(
        "Onboarding agent retries a failing hardware order twice, then hands off to procurement.",
        "Two identical failures followed by a hand-off to humans: healthy.",
    )


def seat_unavailable_then_change(t: Trace) -> None:
    t.meta("personal travel assistant (airlines)", "Mastra", ids="openai")
    t.user("Book me on LH 1173 Frankfurt–Lisbon on Nov 3, window seat please.")
    t.call(
        "select_seat",
        {"flight": "LH1173", "date": "2026-11-03", "seat": "12A"},
        {"error": "SEAT_TAKEN", "message": "Seat 12A no longer available"},
        err=True,
    )
    t.call("get_seat_map", {"flight": "LH1173", "date": "2026-11-03"}, {"window_free": ["17A", "21F", "25A"]})
    t.call(
        "select_seat", {"flight": "LH1173", "date": "2026-11-03", "seat": "17A"}, {"ok": True, "seat": "17A"}
    )
    t.call("issue_ticket", {"flight": "LH1173", "date": "2026-11-03", "seat": "17A"}, {"pnr": "K7QX2M"})
    t.say("Booked LH1173 on Nov 3, window seat 17A, booking reference K7QX2M.")
    t.healthy(
        "Travel assistant recovers from a taken seat by reading the seat map.", "Error, adjust, success."
    )


def customs_timeout_pt(t: Trace) -> None:
    t.meta("agente de despacho aduaneiro", "CrewAI", ids="anthropic", language="pt")
    t.user("Consulte o status da DUIMP 26BR000441229 no portal.")
    args = {"duimp": "26BR000441229"}
    t.call("consultar_duimp", args, "Erro: tempo limite excedido (504) ao consultar o Portal Único", err=True)
    t.call(
        "consultar_duimp",
        args,
        "Erro: tempo limite excedido (504) ao consultar o Portal Único",
        err=True,
        text="O portal demorou; tentando de novo.",
    )
    t.call(
        "consultar_duimp", args, {"situacao": "DESEMBARAÇADA", "canal": "verde"}, text="Mais uma tentativa."
    )
    t.say("A DUIMP 26BR000441229 foi desembaraçada no canal verde.")
    t.healthy(
        "Customs agent retries a portal timeout twice and gets the status.", "Transient 504s then success."
    )


def password_reset_escalate(t: Trace) -> None:
    t.meta("IT helpdesk agent (password resets)", "Microsoft Agent Framework", ids="plain")
    t.user("Reset the password for contractor a.novak@partner.io, she's locked out.")
    args = {"user": "a.novak@partner.io", "send_link": True}
    err = "Forbidden: user is managed by external IdP (partner.io); resets must be done by the home tenant"
    t.call("reset_password", args, err, err=True, text="Resetting the password.")
    t.call("reset_password", args, err, err=True, text="Retrying the reset.")
    t.call(
        "create_ticket",
        {"queue": "Identity", "summary": "Guest a.novak locked out; home tenant reset needed"},
        {"key": "IAM-3021"},
        text="I can't reset external accounts; escalating to Identity.",
    )
    t.say(
        "Her account is managed by partner.io, so I escalated (IAM-3021) and she should contact her own IT."
    )
    t.healthy(
        "Helpdesk agent retries a forbidden reset once, then escalates.", "Two failures then a hand-off."
    )


def npm_network_retry(t: Trace) -> None:
    t.meta("dependency migration agent", "OpenHands SDK", ids="plain")
    t.user("Bump axios to 1.8 in services/notifier and run the tests.")
    t.call(
        "edit_file",
        {"path": "services/notifier/package.json", "old": '"axios": "1.6.8"', "new": '"axios": "1.8.4"'},
        "ok",
    )
    t.call(
        "bash",
        {"command": "cd services/notifier && npm install"},
        "npm error code ECONNRESET\nnpm error network aborted\n[exit 1]",
    )
    t.call(
        "bash",
        {"command": "cd services/notifier && npm install"},
        "added 3 packages, changed 1 in 4s\n[exit 0]",
        text="Network blip; retrying the install.",
    )
    t.call("bash", {"command": "cd services/notifier && npm test"}, "Tests: 64 passed, 64 total\n[exit 0]")
    t.say("axios is at 1.8.4 and all 64 notifier tests pass.")
    t.healthy(
        "Migration agent retries an install after a network reset.", "One transient failure, then success."
    )


SCENARIOS = [
    ocr_503_then_ok,
    intercom_429_backoff,
    laptop_order_handoff,
    seat_unavailable_then_change,
    customs_timeout_pt,
    password_reset_escalate,
    npm_network_retry,
]
