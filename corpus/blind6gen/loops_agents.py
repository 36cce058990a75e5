"""Loops: a planner re-delegating nearly the same task to a worker whose reports agree, and an agent
announcing an action it never takes."""

from __future__ import annotations

from blind6gen.builder import JSON, Trace, js


def planner_redelegate_market_size() -> JSON:
    t = Trace(
        "blind6-loop-planner-redelegate-market-size",
        "Multi-agent planner: after two useful delegations, it sends the analyst worker the same "
        "market-sizing task six times; every report gives the same figures in different words.",
        ids="uuid",
        meta={"agent_style": "multi-agent planner/worker system", "workers": ["analyst", "writer"]},
    )
    t.user(
        "Prepare a one-page brief on the residential heat-pump market in the EU for our board: size, "
        "growth, top 5 makers."
    )
    t.call(
        "delegate",
        {
            "worker": "analyst",
            "task": "List the top 5 heat-pump manufacturers by EU unit share in 2023 with sources.",
            "output": "markdown table",
        },
        (
            "| Rank | Maker | Share 2023 | Source |\n|---|---|---|---|\n| 1 | Daikin | ~15% | EHPA/BSRIA "
            "|\n| 2 | Vaillant | ~10% | BSRIA |\n| 3 | Bosch | ~9% | BSRIA |\n| 4 | NIBE | ~8% | company "
            "report |\n| 5 | Mitsubishi Electric | ~7% | BSRIA |"
        ),
        text="Plan: (1) makers, (2) growth, (3) market size, (4) writer drafts the brief. Delegating (1).",
    )
    t.call(
        "delegate",
        {
            "worker": "analyst",
            "task": "Summarise 2022-2024 growth of EU heat-pump sales and the reasons for the 2024 slowdown.",
            "output": "5 bullets",
        },
        (
            "- 2022: +39% (record, gas price shock)\n- 2023: roughly flat to -5% (~3.0m units)\n- 2024: "
            "about -20% to -25% in key markets\n- Drivers: subsidy uncertainty (DE), lower gas prices, "
            "high interest rates\n- Outlook: recovery expected 2025-26 with EU REPowerEU targets"
        ),
        text="Delegating (2).",
    )
    task = {
        "worker": "analyst",
        "task": "Estimate the size of the EU residential heat-pump market in 2023 (units and EUR).",
        "output": "figures with sources",
    }
    reports = [
        (
            "EU heat-pump sales in 2023: about 3.0 million units (EHPA, 21 countries). Market value "
            "roughly EUR 14-15 billion at average installed equipment prices. Residential share ~90%."
        ),
        (
            "Roughly 3 million heat pumps were sold in Europe in 2023 per the EHPA market report; at an "
            "average of ~EUR 4,800 per unit that is a market of about EUR 14.5bn. Most of it (around nine "
            "in ten units) is residential."
        ),
        (
            "Answer: ~3.0m units / ~EUR 14.5bn (2023). Source: EHPA European Heat Pump Market and "
            "Statistics Report 2024. Residential ≈ 90%."
        ),
        (
            "I looked at this again from scratch. The European Heat Pump Association counts close to three "
            "million units sold in 2023 across the 21 markets it tracks, a slight decline from 2022. "
            "Valuing the equipment at typical prices gives something in the region of fourteen to fifteen "
            "billion euros. The residential segment dominates at roughly ninety percent. I did not find a "
            "more authoritative figure; Eurostat does not publish unit sales."
        ),
        "3.0 million units, EUR 14-15bn, 2023, EHPA. Same as before.",
        (
            "Units: ~3,000,000 (EHPA 2024 report, 2023 data). Value: ~€14.5 billion. Residential: ~90%. "
            "Confidence: medium (value estimated from average prices)."
        ),
    ]
    texts = [
        "Delegating (3), the market size.",
        "I want to double-check the size with a fresh run before it goes to the board.",
        "Let me get one more independent estimate of the market size.",
        "The estimates are close but let me ask again with emphasis on the EUR value.",
        "Delegating the market size once more to be certain.",
        "One more confirmation run on the market size.",
    ]
    steps: list[int] = []
    for i, (report, text) in enumerate(zip(reports, texts, strict=True)):
        args = dict(task)
        if i == 3:
            args["task"] = (
                "Estimate the size of the EU residential heat-pump market in 2023 (units and EUR). Focus "
                "on the EUR value."
            )
        if i == 5:
            args["notes"] = "independent estimate please"
        steps.append(t.call("delegate", args, report, text=text))
    onset = steps[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"Two different subtasks (steps 1-2) are fine. From step {steps[0]} the planner delegates the same "
        f"market-sizing task {len(steps)} times; every report agrees (~3.0m units, ~EUR 14.5bn, ~90% "
        "residential), phrased from one line to a paragraph, and the writer is never called. "
        f"Re-delegation after two agreeing reports: onset at the 3rd delegation, step {onset}.",
    )


def travel_subagent_fare_check() -> JSON:
    t = Trace(
        "blind6-loop-travel-fare-subagent-redispatch",
        "Travel planner: dispatches a fare-checking sub-agent with the same nested brief again and again; "
        "each report names the same fare, written differently.",
        ids="openai",
        meta={"agent_style": "multi-agent travel planner"},
    )
    t.user(
        "Business class Frankfurt–San Francisco, out 8 Sep back 19 Sep, flexible ticket. What's the best "
        "fare? Don't book yet."
    )
    brief: JSON = {
        "agent": "fare_checker",
        "brief": {
            "route": ["FRA", "SFO"],
            "dates": {"out": "2025-09-08", "back": "2025-09-19"},
            "cabin": "business",
            "fare_rules": {"changeable": True, "refundable": "preferred"},
            "pax": 1,
        },
    }
    reports = [
        js(
            {
                "status": "done",
                "best": {
                    "carrier": "LH",
                    "flights": ["LH454", "LH455"],
                    "total_eur": 4212.0,
                    "fare_basis": "JNCFLEX",
                },
                "alternatives": 3,
            }
        ),
        js(
            {
                "status": "done",
                "summary": (
                    "Cheapest flexible business: Lufthansa LH 454/455 at 4,212 EUR return (fare JNCFLEX). "
                    "United via EWR is 4,890."
                ),
            }
        ),
        js(
            {
                "status": "done",
                "summary": "Best flexible J fare found: €4212 on Lufthansa nonstop (LH454 out, LH455 back).",
            }
        ),
        js(
            {
                "status": "done",
                "summary": (
                    "I rechecked all carriers. The lowest changeable business fare remains Lufthansa's "
                    "nonstop, about four thousand two hundred twelve euros round trip."
                ),
            }
        ),
        js({"status": "done", "best": {"carrier": "Lufthansa", "total": "EUR 4.212,00", "nonstop": True}}),
        js({"status": "done", "summary": "LH454/LH455, 4212.00 EUR, flexible. No change since last check."}),
        js({"status": "done", "summary": "Same result: Lufthansa nonstop, €4,212."}),
    ]
    texts = [
        "Sending the fare checker.",
        "Let me have it double-check the fare.",
        "Re-dispatching to confirm the price is stable.",
        "Asking for one more sweep across carriers.",
        "Dispatching again to verify.",
        "",
        "One last verification.",
    ]
    steps: list[int] = []
    for i, (report, text) in enumerate(zip(reports, texts, strict=True)):
        args: JSON = {**brief, "brief": {**brief["brief"], "carriers": "all"}} if i == 3 else brief
        steps.append(t.call("spawn_agent", args, report, text=text))
    onset = steps[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"From step {steps[0]} the planner spawns the fare checker {len(steps)} times with the same nested "
        "brief (once adding carriers: all); every report names the same Lufthansa nonstop at EUR 4,212, "
        "written as 4212.0, 4,212 EUR, €4212, 'four thousand two hundred twelve euros' and 4.212,00. "
        f"Re-delegation after two agreeing reports: onset at the 3rd dispatch, step {onset}.",
    )


def coding_task_subagent() -> JSON:
    t = Trace(
        "blind6-loop-coding-task-subagent-same-diagnosis",
        "Claude-Code-style coding agent: hands the same 'find why the flaky test fails' task to a "
        "sub-agent six times; reports range from a paragraph to a line and all name the same race.",
        ids="anthropic",
        meta={"agent_style": "Claude-Code-like terminal agent with a Task sub-agent tool"},
    )
    t.user("test_order_events_are_emitted_in_order is flaky in CI (fails ~1 in 5). Find and fix the cause.")
    t.call(
        "Bash",
        {
            "command": "pytest tests/events/test_ordering.py -q -p no:randomly --count 20 2>&1 | tail -5",
            "description": "Reproduce the flake",
        },
        (
            "....F.......F.......\nFAILED tests/events/test_ordering.py::test_order_events_are_emitted_in_o"
            "rder - AssertionError: ['paid', 'created'] != ['created', 'paid']\n2 failed, 18 passed in "
            "4.33s\n"
        ),
        error=True,
        text="Reproducing locally.",
    )
    long_report = (
        "I investigated the flaky test. The events are published from two places: `OrderService.create()` "
        "publishes `created` via `bus.publish_async` (fire-and-forget on the thread pool), while "
        "`PaymentHandler.on_authorised()` publishes `paid` synchronously. When the payment stub resolves "
        "immediately (as in the test), the synchronous `paid` can reach the subscriber before the "
        "thread-pool task delivers `created`. Relevant lines: app/orders/service.py:88 (publish_async) and "
        "app/payments/handler.py:41 (publish). Suggested fix: publish `created` synchronously, or have the "
        "bus preserve per-aggregate ordering."
    )
    reports = [
        long_report,
        (
            "Root cause: `created` goes through publish_async (thread pool) in app/orders/service.py:88, "
            "`paid` through the synchronous publish in app/payments/handler.py:41, so `paid` can win the "
            "race. Make `created` synchronous or add per-order sequencing."
        ),
        "Race between async publish of 'created' (service.py:88) and sync publish of 'paid' (handler.py:41).",
        "Same finding as before: ordering race, async vs sync publish. service.py:88 / handler.py:41.",
        (
            "The flake is caused by `created` being published asynchronously while `paid` is published "
            "synchronously; the subscriber can see `paid` first. Fix at app/orders/service.py:88."
        ),
        "Confirmed again: async `created` vs sync `paid`. No second cause found.",
    ]
    prompt = (
        "Investigate why tests/events/test_ordering.py::test_order_events_are_emitted_in_order is flaky. "
        "Read the code paths that publish 'created' and 'paid' and report the root cause with file:line "
        "references."
    )
    texts = [
        "I'll delegate the investigation to a sub-agent.",
        "Let me have a fresh sub-agent confirm the root cause before I change anything.",
        "I'll ask once more to be sure there isn't a second cause.",
        "Let me get another independent look.",
        "One more investigation pass.",
        "Before editing, one final confirmation from a sub-agent.",
    ]
    steps = [
        t.call(
            "Task",
            {
                "description": "Investigate flaky ordering test"
                if i % 2 == 0
                else "Find flaky test root cause",
                "prompt": prompt,
                "subagent_type": "general-purpose",
            },
            r,
            text=text,
        )
        for i, (r, text) in enumerate(zip(reports, texts, strict=True))
    ]
    onset = steps[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"From step {steps[0]} the same investigation prompt goes to a Task sub-agent {len(steps)} times "
        "(only the short description alternates). The first two reports already agree on the cause and "
        "the fix location; later ones repeat it in shorter or longer words, and no edit is made. Onset at "
        f"the 3rd delegation, step {onset}.",
    )


def offer_email_never_sent() -> JSON:
    t = Trace(
        "blind6-loop-offer-email-announced-never-sent",
        "Recruiting agent: prepares and gets approval for an offer, then keeps saying it will send the "
        "offer e-mail now while the harness reminds it that no tool was called.",
        ids="openai",
        meta={"agent_style": "recruiting agent running autonomously in a harness"},
    )
    t.system(
        "Autonomous mode. Tools: ats_get_candidate, docs_render_template, approvals_request, email_send, "
        "finish."
    )
    t.user(
        "Priya Raman accepted verbally. Generate her offer letter from the standard template (EUR 92k, "
        "start 1 July), get Marta's approval and email it to Priya."
    )
    t.call(
        "ats_get_candidate",
        {"candidate_id": "CAN-40877"},
        js(
            {
                "id": "CAN-40877",
                "name": "Priya Raman",
                "email": "priya.raman@example.org",
                "req": "REQ-2288",
                "stage": "offer",
            }
        ),
        text="Getting the candidate record.",
    )
    t.call(
        "docs_render_template",
        {
            "template": "offer_letter_de_v4",
            "data": {
                "name": "Priya Raman",
                "title": "Analytics Engineer",
                "salary_eur": 92000,
                "start_date": "2025-07-01",
                "manager": "Marta Kowalczyk",
            },
        },
        js({"document_id": "doc_88c1", "pages": 3, "pdf_url": "https://docs.internal.example/doc_88c1.pdf"}),
        text="Rendering the offer letter.",
    )
    t.call(
        "approvals_request",
        {
            "document_id": "doc_88c1",
            "approver": "marta.kowalczyk@lumen-analytics.example",
            "note": "Offer for Priya Raman, REQ-2288",
        },
        js(
            {
                "approval_id": "apr_5512",
                "status": "approved",
                "approved_by": "Marta Kowalczyk",
                "at": "2025-05-28T10:02:44Z",
            }
        ),
        text="Requesting approval.",
    )
    lines = [
        "Marta approved it. I'll now send the offer email to Priya with the PDF attached.",
        "Sending the offer email to Priya now.",
        "Next step: email the approved offer letter (doc_88c1) to priya.raman@example.org.",
        "I will now send Priya the offer email with the attachment.",
        "Now sending the offer letter email to Priya.",
        "I'll send the email to Priya with the approved offer now.",
        "Proceeding to email the offer to Priya Raman.",
        "Sending the offer email now.",
    ]
    steps: list[int] = []
    for line in lines:
        steps.append(t.say(line))
        t.system(
            "[harness] No tool call in the last message. Call a tool to continue, or call finish() when "
            "the task is complete."
        )
    onset = steps[3]
    return t.loop(
        ["narration"],
        onset,
        f"After three productive steps, from step {steps[0]} the agent announces sending the offer e-mail "
        f"{len(lines)} times in different words but never calls email_send (or finish); the harness "
        "answers each with the same reminder. Announced action never taken: onset at the 4th restatement, "
        f"step {onset}.",
    )


BUILDERS = [
    planner_redelegate_market_size,
    travel_subagent_fare_check,
    coding_task_subagent,
    offer_email_never_sent,
]
