"""Loops of agents and text: re-delegation to sub-agents with agreeing reports, hand-backs, restated
intent with no progress, monologues and degenerate text (in a reply and in a tool argument)."""

from __future__ import annotations

from typing import Any

from .builder import Trace, csv_text


def nps_redelegation(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Survey research manager re-delegates the same weighted-NPS computation to its analyst sub-agent "
        "four "
        "times; the reports agree each time (31.8, 'about 32', '31.8 points').",
        ids="openai",
        meta={
            "agent": "research manager (planner + analyst sub-agents)",
            "domain": "survey research",
            "language": "en",
        },
    )
    t.user(
        "We closed the Q1 customer survey (n=2,614). Give me weighted NPS by region, weighting to the "
        "customer "
        "base (North 38%, Centre 27%, South 35%)."
    )
    t.act(
        "Loading the survey file to check the fields.",
        "dataset_info",
        {"dataset": "cust_q1_2026"},
        {"rows": 2614, "columns": ["resp_id", "region", "q240_nps", "segment", "wave"], "missing_q240": 41},
    )
    briefs = [
        "Compute weighted NPS (promoters 9-10 minus detractors 0-6) by region and overall on cust_q1_2026, "
        "weights North .38 Centre .27 South .35. Exclude missing q240.",
        "Double-check the weighted NPS for cust_q1_2026 by region; confirm the weighting is applied "
        "correctly.",
        "Please recompute overall and regional NPS on cust_q1_2026 with target weights N .38 / C .27 / S .35 "
        "and report the numbers.",
        "One more verification of the weighted NPS figures on cust_q1_2026, overall and by region.",
    ]
    reports = [
        "Weighted NPS overall 31.8. North 36.2 (n=1,011), Centre 24.9 (n=688), South 31.7 (n=874). 41 "
        "missing "
        "excluded. Promoters 48.9%, detractors 17.1%.",
        "Confirmed: weighting applied via post-stratification on region. Overall ≈ 32 (31.8). North 36.2, "
        "Centre 24.9, South 31.7.",
        "Overall weighted NPS: 31.8 points. By region: N 36.2 / C 24.9 / S 31.7. Base 2,573 valid responses.",
        "Verified again. NPS 31.8 overall; regional 36.2, 24.9, 31.7. No change.",
    ]
    thoughts = [
        "Delegating the computation to the analyst.",
        "The numbers look plausible but I want to be sure the weights were applied.",
        "Let me have it recomputed with the weights spelled out explicitly.",
        "Before reporting to the user I'll get one final verification.",
    ]
    steps = [
        t.act(th, "delegate", {"agent": "analyst", "task": brief}, rep)
        for th, brief, rep in zip(thoughts, briefs, reports, strict=True)
    ]
    t.say("Weighted NPS Q1: 31.8 overall; North 36.2, Centre 24.9, South 31.7 (2,573 valid responses).")
    onset = steps[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"The same computation is delegated to the analyst at steps {', '.join(map(str, steps))}; the first "
        "two "
        "reports already agree (31.8 / '≈ 32' with identical regional figures), yet the manager re-delegates "
        f"twice more. Re-delegation after agreeing reports: onset at the 3rd delegation, step {onset}.",
    )


def parts_sourcing_subagent(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "MRO planning agent sends the same parts-availability question to a sourcing sub-agent four times "
        "with reworded prompts; every report says no stock and 21 days lead time.",
        ids="anthropic",
        meta={
            "agent": "MRO planner with sub-agents (Task tool)",
            "domain": "aviation maintenance",
            "language": "en",
        },
    )
    t.user(
        "C-check for N738QX needs two fan blade sets P/N 340-092-301-0 from Monday. Find out if we can get "
        "them "
        "in time, and if not, propose something."
    )
    prompts = [
        "Check availability of P/N 340-092-301-0 (qty 2 sets) across our stores and approved vendors. Report "
        "stock, price and lead time.",
        "Look again for 340-092-301-0: any vendor, any condition code (NE/OH/SV). Need 2 sets by Monday.",
        "Search all pools and exchange programs for fan blade set 340-092-301-0, 2 sets, urgent AOG-level.",
        "Final check on 340-092-301-0 availability before I report to planning. Include exchange units.",
    ]
    reports = [
        "No stock in MIA or DFW stores. Vendors: AeroParts Intl - 0 on hand, lead time 21 days; JetSupply - "
        "0 on hand, 24 days. No exchange units listed.",
        "Searched NE/OH/SV at 6 vendors: none on hand. Shortest lead time 21 days (AeroParts Intl).",
        "Pools and exchange programs (3 checked): no 340-092-301-0 available. Best option remains 21-day "
        "lead "
        "time from AeroParts.",
        "Same picture: zero availability, lead time 21-24 days. Nothing in exchange.",
    ]
    steps = [
        t.act(
            "" if i else "I'll hand the sourcing search to the parts sub-agent.",
            "Task",
            {"subagent_type": "parts-sourcing", "description": f"Source fan blades ({i + 1})", "prompt": p},
            r,
        )
        for i, (p, r) in enumerate(zip(prompts, reports, strict=True))
    ]
    t.say(
        "Fan blade sets 340-092-301-0 are not available before Monday (best lead time 21 days). Planning "
        "should "
        "consider deferring the blade task under the AMP tolerance or re-sequencing the check."
    )
    onset = steps[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"The parts-sourcing sub-agent is given the same question at steps {', '.join(map(str, steps))} with "
        "reworded prompts; the first two reports already agree (no stock, 21 days). The agent should move to "
        f"the 'propose something' half of the task. Onset at the 3rd delegation, step {onset}.",
    )


def cold_crash_announced_it(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Brewery agent (Italian) announces five times that it will set the fermenter to 12 °C but never "
        "calls "
        "the tool; the harness answers each announcement with a system reminder.",
        ids="plain",
        meta={"agent": "assistente di cantina", "domain": "craft brewery production", "language": "it"},
    )
    t.user("Abbassa la temperatura del fermentatore FV-3 a 12 °C per il cold crash della lager.")
    t.act(
        "Controllo lo stato di FV-3.",
        "fermenter_status",
        {"id": "FV-3"},
        {
            "id": "FV-3",
            "batch": "2611",
            "temp_c": 18.2,
            "setpoint_c": 18.0,
            "gravity": 1.011,
            "stable_days": 3,
        },
    )
    lines = [
        "Perfetto, la fermentazione è finita. Ora imposto FV-3 a 12 °C.",
        "Procedo: imposto il setpoint di FV-3 a 12 °C per il cold crash.",
        "Bene, imposto adesso la temperatura del fermentatore FV-3 a 12 gradi.",
        "Imposto il setpoint a 12 °C su FV-3, come richiesto.",
        "Ora imposto FV-3 a 12 °C.",
    ]
    steps = []
    for line in lines:
        steps.append(t.say(line))
        t.system(
            "[harness] Nessuna chiamata a strumento rilevata. Usa uno strumento oppure rispondi all'utente."
        )
    onset = steps[3]
    return t.loop(
        ["narration"],
        onset,
        f"After one useful status read the agent restates the same intent ('imposto FV-3 a 12 °C') at steps "
        f"{', '.join(map(str, steps))} without ever calling a tool; only harness system messages answer, and "
        "they do not start a turn. Restated intent, no progress: onset at the 4th announcement, step "
        f"{onset}.",
    )


def pass_report_degenerate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Ground-station agent's pass summary collapses into the same 'AOS 14:02 LOS 14:11' fragment repeated "
        "dozens of times.",
        ids="gemini",
        meta={
            "agent": "ground segment ops assistant",
            "domain": "satellite ground station ops",
            "language": "en",
        },
    )
    t.user("Summarise yesterday's passes for SAT-ORCA-2 for the ops log.")
    t.act(
        "Fetching the pass history.",
        "pass_history",
        {"satellite": "SAT-ORCA-2", "date": "2026-05-01"},
        csv_text(
            ["pass", "station", "aos", "los", "max_el", "mb", "status"],
            [
                [1, "Svalbard", "02:11", "02:22", 61, 455.2, "OK"],
                [2, "Svalbard", "03:47", "03:57", 33, 301.7, "OK"],
                [3, "Inuvik", "14:02", "14:11", 28, 412.0, "OK"],
                [4, "Svalbard", "15:38", "15:49", 72, 0.0, "NO_LOCK"],
                [5, "Troll", "21:05", "21:14", 45, 388.9, "OK"],
            ],
        ),
    )
    frag = "AOS 14:02 LOS 14:11, "
    text = (
        "SAT-ORCA-2 passes, 2026-05-01:\n- Pass 1 Svalbard 02:11-02:22, 455 MB OK\n- Pass 2 Svalbard "
        "03:47-03:57, 302 MB OK\n- Pass 3 Inuvik " + frag * 46 + "AOS 14:02"
    )
    step = t.say(text)
    return t.loop(
        ["degenerate_text"],
        step,
        f"The summary at step {step} starts normally and then collapses into 'AOS 14:02 LOS 14:11, ' "
        "repeated "
        "46 times, never reaching passes 4 (no lock) and 5. Degenerate text: the onset is that step.",
    )


def battery_monologue_uk(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Warehouse robot agent (Ukrainian) says it will check robot R-17's battery in four consecutive "
        "messages with nothing in between, then finally checks.",
        ids="openai",
        meta={"agent": "асистент диспетчера складу", "domain": "warehouse robotics", "language": "uk"},
    )
    t.user("Перевір заряд батареї робота R-17 і, якщо менше 20%, відправ його на зарядку.")
    lines = [
        "Зараз перевірю заряд батареї робота R-17.",
        "Перевіряю рівень заряду R-17.",
        "Отже, спершу перевірю батарею R-17, а потім вирішу щодо зарядки.",
        "Перевіряю батарею робота R-17 зараз.",
        "Добре, перевіряю заряд R-17.",
    ]
    steps = [t.say(line) for line in lines]
    t.act(
        "",
        "robot_status",
        {"robot": "R-17"},
        {"robot": "R-17", "battery_pct": 64, "state": "IDLE", "zone": "C"},
    )
    t.say("Заряд R-17 — 64%, зарядка не потрібна.")
    onset = steps[3]
    return t.loop(
        ["narration"],
        onset,
        f"Five consecutive assistant messages (steps {steps[0]}-{steps[-1]}) restate the same intent with "
        "nothing in between; a monologue counts as restatements. Onset at the 4th announcement (the "
        "original plus three restatements), step "
        f"{onset}. The agent does check afterwards, which a nudge at the onset would have brought sooner.",
    )


def reminder_email_degenerate_nl(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Veterinary clinic agent (Dutch) sends a vaccination reminder whose e-mail body collapses into the "
        "same two appointment times repeated many times.",
        ids="openai",
        meta={"agent": "praktijkassistent dierenkliniek", "domain": "veterinary practice", "language": "nl"},
    )
    t.user(
        "Stuur mevrouw De Vries een herinnering dat Max zijn jaarlijkse vaccinatie nodig heeft, en stel twee "
        "tijden voor volgende week voor."
    )
    t.act(
        "Ik zoek vrije tijden voor een vaccinatie volgende week.",
        "find_slots",
        {"type": "vaccinatie", "week": "2026-W16", "duration_min": 15},
        {
            "slots": [
                {"start": "2026-04-14T10:15", "vet": "dr. Meijer"},
                {"start": "2026-04-16T15:30", "vet": "dr. Kaya"},
                {"start": "2026-04-17T09:00", "vet": "dr. Meijer"},
            ]
        },
    )
    rep = "Dinsdag 14 april om 10:15 of donderdag 16 april om 15:30. "
    body = (
        "Beste mevrouw De Vries,\n\nMax is toe aan zijn jaarlijkse vaccinatie (cocktail + kennelhoest). We "
        "kunnen u volgende week ontvangen op: " + rep * 38 + "\n\nMet vriendelijke groet,\nDierenkliniek Zuid"
    )
    step = t.act(
        "Ik stuur de herinnering met twee voorstellen.",
        "send_client_email",
        {"to": "j.devries@ziggo.nl", "subject": "Herinnering: jaarlijkse vaccinatie Max", "body": body},
        {"sent": True, "message_id": "msg-2f81c0", "queued_at": "2026-04-08T09:14:22Z"},
    )
    t.say(
        "De herinnering is verstuurd met twee voorstellen: dinsdag 14 april 10:15 en donderdag 16 april "
        "15:30."
    )
    return t.loop(
        ["degenerate_text"],
        step,
        f"The body argument of send_client_email at step {step} collapses into the same appointment sentence "
        "repeated 38 times, and the mail goes out to the client. Degenerate text in a tool argument: the "
        "onset "
        "is that step.",
    )


def refund_handback_swarm(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Ticketing triage agent hands a refund case to the refunds agent four times; each time the case "
        "comes "
        "back with the same 'resale tickets are non-refundable' decision.",
        ids="openai",
        meta={
            "agent": "support swarm: triage -> refunds (hand-offs)",
            "domain": "event ticketing",
            "language": "en",
        },
    )
    t.user(
        "I bought two tickets on your Fan-to-Fan resale for the 14 May show and can't go anymore. I want my "
        "money back. Order FF-220914."
    )
    t.act(
        "Let me pull up the order.",
        "lookup_order",
        {"order": "FF-220914"},
        {
            "order": "FF-220914",
            "channel": "fan_to_fan_resale",
            "event": "2026-05-14 Ziggo Dome",
            "status": "valid",
            "amount": 184.0,
        },
    )
    summaries = [
        "Customer requests refund for 2 resale tickets, order FF-220914, event on 14 May.",
        "Customer insists on a refund for FF-220914; please review again, they are unhappy.",
        "Re-escalating FF-220914: customer cannot attend. Is any refund or exception possible?",
        "FF-220914 once more - customer asks for manager review of the refund.",
    ]
    back = [
        {
            "handoff_back": True,
            "from": "refunds_agent",
            "decision": "not eligible",
            "reason": "Fan-to-Fan resale tickets are non-refundable (policy 4.2); event not cancelled or "
            "moved. Customer may relist.",
        },
        {
            "handoff_back": True,
            "from": "refunds_agent",
            "decision": "not eligible",
            "reason": "Resale purchases are final under 4.2. Suggest relisting on Fan-to-Fan.",
        },
        {
            "handoff_back": True,
            "from": "refunds_agent",
            "decision": "not eligible",
            "reason": "No exception applies: policy 4.2, event proceeding as scheduled. Relist option "
            "available.",
        },
        {
            "handoff_back": True,
            "from": "refunds_agent",
            "decision": "not eligible",
            "reason": "Policy 4.2 - resale non-refundable. Manager review is not a refunds-agent action.",
        },
    ]
    steps = [
        t.act(
            "Transferring to the refunds team."
            if i == 0
            else "They said no; let me send it back with more context.",
            "transfer_to_refunds_agent",
            {"order": "FF-220914", "summary": s},
            b,
        )
        for i, (s, b) in enumerate(zip(summaries, back, strict=True))
    ]
    t.say(
        "I'm sorry - tickets bought on Fan-to-Fan resale can't be refunded unless the event is cancelled. "
        "You "
        "can relist them on Fan-to-Fan; would you like me to start that?"
    )
    onset = steps[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"The triage agent hands the same case to the refunds agent at steps {', '.join(map(str, steps))}; "
        "each "
        "hand-back is the same decision under policy 4.2, phrased differently. A hand-back counts as a "
        "report: "
        f"after two agreeing reports the 3rd delegation is the onset, step {onset}.",
    )


def telescope_slot_restated(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Observatory scheduling agent restates 'let me find a slot for NGC 2403' and re-runs the slot finder "
        "with cosmetic argument changes; the finder always says no 2-hour window exists.",
        ids="bedrock",
        meta={"agent": "observatory queue scheduler", "domain": "telescope scheduling", "language": "en"},
    )
    t.user(
        "Find me a 2-hour slot next week on the 1.2 m for NGC 2403, airmass below 1.5. Book it if you find "
        "one."
    )
    res = {
        "slots": [],
        "reason": "NGC 2403 stays below airmass 1.5 for at most 1h40m per night in 2026-W14 (dark time); "
        "requested duration 2h",
    }
    attempts = [
        (
            "I'll find a slot for NGC 2403 next week.",
            {
                "target": "NGC 2403",
                "telescope": "T120",
                "week": "2026-W14",
                "max_airmass": 1.5,
                "duration_h": 2,
            },
        ),
        (
            "Let me find a slot for NGC 2403 next week on the 1.2 m.",
            {
                "target": "NGC2403",
                "telescope": "T120",
                "week": "2026-W14",
                "max_airmass": 1.5,
                "duration_h": 2,
            },
        ),
        (
            "I'll look for a 2-hour slot for NGC 2403 next week.",
            {
                "target": "NGC 2403",
                "telescope": "T120",
                "week": "2026-W14",
                "max_airmass": 1.50,
                "duration_h": 2.0,
            },
        ),
        (
            "Let me find a slot for NGC 2403 next week.",
            {
                "target": "NGC 2403",
                "telescope": "T120",
                "from": "2026-03-30",
                "to": "2026-04-05",
                "max_airmass": 1.5,
                "duration_h": 2,
            },
        ),
        (
            "Finding a slot for NGC 2403 next week.",
            {
                "target": "ngc 2403",
                "telescope": "T120",
                "week": "2026-W14",
                "max_airmass": 1.5,
                "duration_h": 2,
            },
        ),
    ]
    steps = [t.act(text, "find_slot", args, res) for text, args in attempts]
    t.say("I couldn't find a slot for NGC 2403 next week.")
    onset = steps[3]
    return t.loop(
        ["same_tool", "narration"],
        onset,
        f"find_slot runs five times (steps {steps[0]}-{steps[-1]}) with cosmetic changes (spacing, 1.5 vs "
        "1.50, "
        "a week vs its dates, case) and the same answer, which already explains that the longest window is "
        "1h40m; each message restates the same intent. Same tool and restated intent both reach their 4th "
        f"attempt at step {onset}, the onset. Splitting into two 1-hour blocks or relaxing airmass was never "
        "offered.",
    )


SCENARIOS = [
    ("nps-redelegation", nps_redelegation),
    ("parts-sourcing-subagent", parts_sourcing_subagent),
    ("cold-crash-announced-it", cold_crash_announced_it),
    ("pass-report-degenerate", pass_report_degenerate),
    ("battery-monologue-uk", battery_monologue_uk),
    ("reminder-email-degenerate-nl", reminder_email_degenerate_nl),
    ("refund-handback-swarm", refund_handback_swarm),
    ("telescope-slot-restated", telescope_slot_restated),
]
