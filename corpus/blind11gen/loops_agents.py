"""Loops: re-delegation to sub-agents, narration with no progress, degenerate text."""

from __future__ import annotations

from .builder import Trace


def notetaker_redelegate_action_items(t: Trace) -> None:
    t.meta("meeting note taker (supervisor with sub-agents)", "OpenAI Agents SDK", ids="openai")
    t.user("Summarize today's pricing sync (recording rec_20261014_pricing) and create follow-up tasks.")
    t.call(
        "get_transcript",
        {"recording_id": "rec_20261014_pricing"},
        {"duration_min": 38, "speakers": ["Lena", "Marco", "Aiko"], "chars": 41230},
    )
    reports = [
        "Action items: (1) Lena drafts the EU price list by Fri; (2) Marco checks FX hedging; (3) Aiko "
        "updates the "
        "pricing page copy.",
        "Found 3 follow-ups — Lena: EU price list (due Friday). Marco: FX hedge review. Aiko: refresh "
        "pricing page text.",
        "Three tasks: EU price list draft (Lena, Friday), FX hedging check (Marco), pricing-page copy "
        "(Aiko).",
        "1. Lena — EU pricing sheet, Fri. 2. Marco — hedging. 3. Aiko — website pricing copy.",
    ]
    steps = []
    for rep in reports:
        steps.append(
            t.call(
                "transfer_to_action_item_extractor",
                {"task": "Extract action items with owners and due dates from rec_20261014_pricing"},
                rep,
                text="Handing action-item extraction to the extractor agent to double-check.",
            )
        )
    t.say("Let me verify the action items once more before creating tasks.")
    on = steps[2]
    t.loop(
        "Note-taker supervisor re-delegates the same action-item extraction four times and never creates "
        "tasks.",
        ["same_tool"],
        on,
        "The first two reports already agree (three items, same owners and dates, phrased differently). "
        "The 3rd "
        f"delegation at step {on} is the onset; no follow-up task is ever created.",
    )


def underwriting_redelegate_risk(t: Trace) -> None:
    t.meta("underwriting orchestrator", "CrewAI", ids="plain")
    t.user("Give me a risk summary for submission SUB-30917 (cold-storage warehouse, Rotterdam).")
    reports = [
        {"risk_score": 62, "drivers": ["ammonia refrigeration", "flood zone B"], "recommendation": "refer"},
        {
            "score": "62/100",
            "key_drivers": ["NH3 refrigeration system", "flood zone B"],
            "advice": "refer to senior",
        },
        {"risk_score": 62, "drivers": ["flood zone B", "ammonia plant"], "recommendation": "refer"},
        {"overall": 62, "notes": "ammonia + zone B flood exposure; refer"},
    ]
    steps = []
    for i, rep in enumerate(reports):
        steps.append(
            t.call(
                "delegate_work",
                {
                    "coworker": "Risk Analyst",
                    "task": "Risk summary for SUB-30917",
                    "context": f"attempt {i + 1}: please be thorough",
                },
                rep,
                text="Asking the Risk Analyst for the summary.",
            )
        )
    on = steps[2]
    t.loop(
        "Underwriting crew manager keeps re-delegating the same risk summary and gets the same verdict.",
        ["same_tool"],
        on,
        f"Every report gives score 62, the same two drivers and 'refer'. The 3rd delegation, at step {on}, "
        "is the "
        f"first after two agreeing reports.",
    )


def marketing_announce_never_publish(t: Trace) -> None:
    t.meta("marketing copy agent (CMS publishing)", "custom ReAct harness", ids="plain")
    t.user("The Q4 webinar announcement is approved. Publish it to the blog now.")
    t.call(
        "cms_get_entry",
        {"entry_id": "webinar-q4"},
        {"status": "approved", "title": "Scaling support with AI"},
    )
    steps = []
    for text in [
        "Great, it's approved. I'll publish the webinar announcement now.",
        "Publishing the Q4 webinar announcement to the blog.",
        "Now I'm going to publish the announcement so it goes live.",
        "I will publish the webinar post now.",
        "Publishing now.",
    ]:
        steps.append(t.say(text))
        t.system("No tool call was made. Call a tool or end the task.")
    on = steps[3]
    t.loop(
        "Marketing agent announces the publish five times without calling the publish tool.",
        ["narration"],
        on,
        "Each reply restates the intent and the harness answers that no tool was called. The 4th "
        "announcement at "
        f"step {on} is the onset.",
    )


def ap_monologue_reconcile(t: Trace) -> None:
    t.meta("accounts-payable agent (3-way match)", "LangGraph", ids="openai")
    t.user(
        "Invoice INV-2026-4471 from Atlas Fasteners doesn't match. Reconcile it against the PO and receipt."
    )
    t.act(
        "Pulling the three documents.",
        ("get_invoice", {"id": "INV-2026-4471"}, {"qty": 500, "unit_price": 0.42, "total": 210.0}, False),
        ("get_po", {"id": "PO-88213"}, {"qty": 500, "unit_price": 0.40}, False),
        ("get_goods_receipt", {"po": "PO-88213"}, {"received_qty": 480}, False),
    )
    steps = []
    for text in [
        "Let me reconcile: the invoice bills 500 units at 0.42, the PO says 0.40 and we received 480.",
        "So to reconcile the PO with the invoice, the price differs (0.42 vs 0.40) and the quantity differs "
        "(500 vs 480).",
        "Reconciling: invoice 500 × 0.42, PO 500 × 0.40, receipt 480. Price and quantity variances.",
        "To reconcile this invoice, I note the price variance of 0.02 and the quantity shortfall of 20 "
        "units.",
        "Let me reconcile again: price 0.42 vs 0.40, quantity 500 vs 480.",
    ]:
        steps.append(t.say(text))
    on = steps[3]
    t.loop(
        "AP agent restates the same reconciliation in consecutive messages without acting.",
        ["narration"],
        on,
        "A monologue: five consecutive assistant messages, nothing in between, each restating the "
        "variances. The "
        f"4th restatement at step {on} is the onset; the agent should place a price/quantity hold.",
    )


def meeting_summary_degenerate(t: Trace) -> None:
    t.meta("video-meeting note taker", "Vercel AI SDK", ids="openai")
    t.user("Write the summary of the onboarding retro call for the team channel.")
    t.call(
        "get_transcript",
        {"meeting_id": "m-7741"},
        {"chars": 22010, "excerpt": "…we should follow up with IT…"},
    )
    t.say("Here is a draft outline: decisions, blockers, follow-ups.")
    loop_text = "**Summary — onboarding retro**\n\n- Laptops arrived late for two hires.\n" + (
        "- Follow up with IT about the laptops. " * 40
    )
    on = t.say(loop_text)
    t.loop(
        "Meeting note taker's summary collapses into one follow-up line repeated forty times.",
        ["degenerate_text"],
        on,
        f"The reply at step {on} starts normally and then repeats the same bullet forty times.",
    )


def cms_draft_body_degenerate(t: Trace) -> None:
    t.meta("marketing copy agent (CMS publishing)", "PydanticAI", ids="anthropic")
    t.user("Draft a 300-word product update post about the new invoice-export feature.")
    t.call("cms_get_style_guide", {"brand": "ledgerly"}, {"tone": "friendly, concise", "max_words": 350})
    body = (
        "Exporting invoices just got easier. With the new export feature you can send invoices to your "
        "accounting "
        "tool in one click. " + "Export invoices in one click, " * 60
    )
    on = t.call(
        "cms_create_draft",
        {"title": "Invoice export is here", "body": body, "locale": "en-US"},
        {"entry_id": "7Qm1x", "status": "draft", "words": 452},
    )
    t.say("Draft created.")
    t.loop(
        "Copy agent's draft body argument degenerates into one phrase repeated sixty times.",
        ["degenerate_text"],
        on,
        f"The tool argument written at step {on} collapses into 'Export invoices in one click,' sixty times.",
    )


def logistics_reply_degenerate_th(t: Trace) -> None:
    t.meta("เอเจนต์ติดตามพัสดุ", "LangGraph", ids="plain", language="th")
    t.user("ช่วยสรุปสถานะเอกสารศุลกากรของชิปเมนต์ SHP-2210 ให้หน่อย")
    t.call(
        "get_customs_status",
        {"shipment": "SHP-2210"},
        {"ใบขนสินค้า": "ยื่นแล้ว", "ใบอนุญาต": "รอ อย.", "ใบรับรองถิ่นกำเนิด": "ครบ"},
    )
    text = "สรุปสถานะ SHP-2210: ใบขนสินค้ายื่นแล้ว ใบรับรองถิ่นกำเนิดครบ " + "รอใบอนุญาต อย. " * 50
    on = t.say(text)
    t.loop(
        "Customs status reply in Thai collapses into one phrase repeated fifty times.",
        ["degenerate_text"],
        on,
        f"The reply at step {on} repeats 'รอใบอนุญาต อย.' fifty times after a correct opening.",
    )


def helpdesk_reset_narration_lookups(t: Trace) -> None:
    t.meta("IT helpdesk agent (password resets)", "Microsoft Agent Framework", ids="openai")
    t.user("I'm locked out of my account, username r.osei. Please reset my password.")
    info = {"user": "r.osei", "status": "LOCKED_OUT", "mfa": "enrolled", "last_login": "2026-10-11"}
    steps = []
    for fields in [
        ["status"],
        ["status", "mfa"],
        ["mfa", "status", "last_login"],
        ["status", "last_login"],
        ["status"],
    ]:
        steps.append(
            t.call(
                "get_user",
                {"username": "r.osei", "fields": fields},
                {k: info[k] for k in ["user", *fields]},
                text="I'll reset the password now; first confirming the account is locked.",
            )
        )
    on = steps[3]
    t.loop(
        "Helpdesk agent keeps announcing the reset while re-reading the same locked status with different "
        "fields.",
        ["narration", "same_tool"],
        on,
        f"Every step restates 'I'll reset the password now' and fetches the same LOCKED_OUT status through a "
        f"different field list; no reset is made. The 4th attempt at step {on} is the onset.",
    )


SCENARIOS = [
    notetaker_redelegate_action_items,
    underwriting_redelegate_risk,
    marketing_announce_never_publish,
    ap_monologue_reconcile,
    meeting_summary_degenerate,
    cms_draft_body_degenerate,
    logistics_reply_degenerate_th,
    helpdesk_reset_narration_lookups,
]
