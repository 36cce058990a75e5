"""Loops of agents talking: re-delegation with agreeing reports, restated plans (with calls, without calls,
a monologue) and degenerate repeated text in a reply and in a tool argument."""

from __future__ import annotations

from typing import Any

from blind14gen.builder import Trace


def esg_redelegate_supplier(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Agente manager per la rendicontazione Scope 3 ridelega la stessa ricerca su un fornitore a un "
        "sub-agente; i rapporti concordano (nessun dato primario pubblico) ma il manager continua a "
        "ridelegare.",
        ids="openai",
        meta={"harness": "langgraph-supervisor", "model": "gpt-4.1", "lang": "it"},
    )
    t.user(
        "Per il bilancio CSRD 2026 serve un fattore di emissione specifico del fornitore per Cementi "
        "Adriatici SpA (clinker). Se non esiste dato primario, usa il fattore medio di settore e "
        "documentalo."
    )
    t.act(
        "Controllo prima l'anagrafica fornitori interna.",
        "supplier_registry_get",
        {"supplier": "Cementi Adriatici SpA"},
        {
            "id": "SUP-IT-0417",
            "category": "clinker",
            "cdp_response": None,
            "pcf_requested": "2026-07-02",
            "pcf_status": "no reply",
        },
    )
    reports = [
        "Report (supplier_research): nessuna risposta CDP pubblicata per Cementi Adriatici SpA; il rapporto "
        "di sostenibilità 2025 riporta solo emissioni Scope 1 aggregate (0,81 Mt CO2) senza intensità per "
        "tonnellata di clinker. Nessuna EPD registrata su EPD Italy. Dato primario non disponibile.",
        "Report (supplier_research): verificati CDP, EPD Italy e sito aziendale. Nessuna EPD né PCF di "
        "prodotto; solo il totale Scope 1 2024 (0,81 Mt CO2). Non è possibile ricavare un'intensità "
        "specifica per il clinker.",
        "Report (supplier_research): ricerca ripetuta su CDP, registro EPD e documenti societari: nessun "
        "dato di intensità per il clinker; unico dato pubblico il totale Scope 1 di 0,81 Mt CO2. Raccomando "
        "il fattore medio di settore.",
        "Report (supplier_research): come nelle ricerche precedenti, nessun dato primario specifico (niente "
        "EPD, niente CDP). Disponibile solo Scope 1 totale 0,81 Mt CO2.",
    ]
    briefs = [
        (
            "Delego la ricerca di dati primari al sub-agente.",
            "Trova un fattore di emissione specifico per il clinker di Cementi Adriatici SpA (CDP, EPD, "
            "report).",
        ),
        (
            "Nessun dato primario. Chiedo una ricerca più approfondita.",
            "Ricerca approfondita: qualsiasi intensità di emissione (t CO2/t clinker) pubblicata da Cementi "
            "Adriatici.",
        ),
        (
            "Ancora niente. Provo a far cercare anche nei documenti societari.",
            "Cerca nei bilanci e nelle relazioni societarie di Cementi Adriatici un dato di intensità per "
            "il clinker.",
        ),
        (
            "Faccio un ultimo tentativo con il sub-agente.",
            "Ultima verifica: esiste un dato primario di emissione per il clinker di Cementi Adriatici SpA?",
        ),
    ]
    steps = [
        t.act(text, "delegate", {"agent": "supplier_research", "task": brief}, report)
        for (text, brief), report in zip(briefs, reports, strict=True)
    ]
    t.say("Non c'è un dato primario; userò il fattore medio di settore GCCA per il clinker e lo documenterò.")
    onset = steps[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"Il manager delega lo stesso compito a supplier_research ai passi {', '.join(map(str, steps))}; i "
        "quattro rapporti dicono la stessa cosa (nessuna EPD/CDP, solo Scope 1 totale 0,81 Mt). "
        f"Re-delegation after two agreeing reports: onset at step {onset}, the 3rd delegation.",
    )


def publishing_proofread_redelegate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Managing-editor agent sends the same chapter to its proofreader sub-agent again and again; every "
        "report lists the same 12 issues in different words.",
        ids="anthropic",
        meta={"harness": "claude-code", "model": "claude-opus-4-1"},
    )
    t.user(
        "Chapter 7 of 'The Salt Road' goes to typesetting tomorrow. Get it proofread, apply the fixes and "
        "tell me when it's clean."
    )
    t.act(
        "Locating the chapter.",
        "Glob",
        {"pattern": "manuscript/**/ch07*.md"},
        "manuscript/part2/ch07-tides.md",
    )
    issues = (
        "12 issues: 'it's' -> 'its' (p.3, p.9); 'Hassan said' dialogue tag missing comma (p.4); "
        "inconsistent 'grey'/'gray' (p.5, p.11, p.14); em dash spacing (p.6, p.12); 'Marrakesh'/'Marrakech' "
        "(p.8); repeated 'the the' (p.10); missing closing quote (p.13); 'affect' -> 'effect' (p.15)."
    )
    reports = [
        f"Proofread complete for ch07-tides.md. {issues}",
        "Second pass done. Found the same set: two its/it's errors, a dialogue comma, three grey/gray "
        "inconsistencies, two em-dash spacing issues, Marrakesh vs Marrakech, a doubled 'the', an unclosed "
        "quote and affect/effect. 12 in total.",
        "Thorough pass complete. No additional issues beyond the 12 already reported (its/it's x2, dialogue "
        "comma, grey/gray x3, em dashes x2, Marrakech spelling, 'the the', closing quote, affect/effect).",
        "Re-checked line by line: the same 12 issues, nothing new.",
    ]
    prompts = [
        "Proofread manuscript/part2/ch07-tides.md and list every issue with page numbers.",
        "Proofread ch07-tides.md again, more carefully, in case anything was missed.",
        "Do a very thorough line-by-line proofread of ch07-tides.md.",
        "Final proofread of ch07-tides.md before typesetting.",
    ]
    texts = [
        "Sending it to the proofreader.",
        "I want to be certain nothing is missed; second pass.",
        "Let me get one more, more thorough pass.",
        "One final pass before typesetting.",
    ]
    steps = [
        t.act(
            text,
            "Task",
            {"subagent_type": "proofreader", "description": "Proofread chapter 7", "prompt": p},
            r,
        )
        for text, p, r in zip(texts, prompts, reports, strict=True)
    ]
    t.say("The proofreader consistently finds the same 12 issues. I'll apply them now.")
    onset = steps[2]
    return t.loop(
        ["same_tool"],
        onset,
        "The same proofreading task goes to the proofreader sub-agent at steps "
        f"{', '.join(map(str, steps))}; the reports agree on the same 12 issues and no fix is applied in "
        f"between. Onset at step {onset}, the 3rd delegation (the first re-delegation after two agreeing "
        "reports).",
    )


def immigration_evidence_two_names(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Immigration case-prep supervisor asks its evidence sub-agent, then the same checker under another "
        "name, whether an exhibit supports the high-remuneration criterion; all answers agree it does not.",
        ids="gemini",
        meta={"harness": "google-adk", "model": "gemini-2.5-pro"},
    )
    t.user(
        "O-1A petition for Dr. Ana Vukovic: check whether exhibit 14 (the employer letter) supports the "
        "high-salary criterion, and if not, tell me exactly what to request from the employer."
    )
    t.act(
        "Opening exhibit 14.",
        "case_get_exhibit",
        {"case": "O1A-2026-0192", "exhibit": 14},
        {
            "title": "Employment verification - Helix Robotics Inc.",
            "pages": 2,
            "summary": "Confirms role (Principal Research Scientist) and start date; no compensation "
            "figures.",
        },
    )
    reports = [
        "Exhibit 14 does not support the high-remuneration criterion: it states title and start date but no "
        "salary, bonus or equity figures, and no comparison data.",
        "Not sufficient. The letter has no compensation information at all; the criterion needs the salary "
        "amount plus comparative wage data (e.g., OEWS or industry surveys).",
        "Conclusion unchanged: exhibit 14 is silent on pay. Request a letter with base salary, bonus and "
        "equity, and add comparative wage evidence.",
        "Same finding: no remuneration figures in exhibit 14; cannot support the criterion as is.",
    ]
    calls = [
        (
            "Asking the evidence reviewer.",
            "evidence_reviewer",
            "Does exhibit 14 of O1A-2026-0192 support the high-remuneration criterion?",
        ),
        (
            "Let me have it double-check against the regulation.",
            "evidence_reviewer",
            "Re-check exhibit 14 of O1A-2026-0192 against the high-remuneration criterion.",
        ),
        (
            "I'll get a second opinion from the exhibit checker.",
            "exhibit_checker",
            "Assess whether exhibit 14 (O1A-2026-0192) establishes high salary or remuneration.",
        ),
        (
            "Back to the evidence reviewer for a final confirmation.",
            "evidence_reviewer",
            "Final confirmation: is exhibit 14 of O1A-2026-0192 enough for the high-salary criterion?",
        ),
    ]
    steps = [
        t.act(text, "call_agent", {"agent": agent, "message": msg}, rep)
        for (text, agent, msg), rep in zip(calls, reports, strict=True)
    ]
    t.say(
        "Exhibit 14 does not support the criterion. Request from Helix Robotics a letter stating base "
        "salary, bonus and equity, plus comparative wage data."
    )
    onset = steps[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"One question delegated four times (steps {', '.join(map(str, steps))}), once under a second "
        "sub-agent name (exhibit_checker) for the same task; the first two answers already agree. Onset at "
        f"step {onset}, the 3rd delegation.",
    )


def film_schedule_narration(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Production-scheduling agent restates the same plan ('lock the schedule once the lead's "
        "availability is in') each turn while re-asking the talent system in different date formats; the "
        "answer stays pending.",
        ids="plain",
        meta={"harness": "mastra", "model": "gpt-4.1-mini"},
    )
    t.user(
        "Lock the week-42 shooting schedule for 'Low Water'. Everything is ready except the lead's "
        "availability."
    )
    t.act(
        "Loading the draft schedule.",
        "schedule_get_draft",
        {"project": "low-water", "week": 42},
        {
            "days": ["Mon 13", "Tue 14", "Wed 15", "Thu 16", "Fri 17"],
            "blocked_on": ["talent: Maya Lindqvist"],
        },
    )
    pending = {
        "talent": "Maya Lindqvist",
        "status": "pending",
        "note": "Agent (CAA) has not responded to hold request HR-5521 sent 2026-10-01.",
    }
    tries = [
        (
            "Once Maya Lindqvist's availability for week 42 is confirmed I'll lock the schedule. Checking "
            "it now.",
            {"talent": "Maya Lindqvist", "week": "2026-W42"},
        ),
        (
            "The plan is unchanged: as soon as Maya's week-42 availability is confirmed, I lock the "
            "schedule. Checking availability again.",
            {"talent": "Maya Lindqvist", "week": "W42"},
        ),
        (
            "I'll lock the schedule as soon as Maya Lindqvist's availability for week 42 comes in. Let me "
            "check availability once more.",
            {"talent": "Maya Lindqvist", "from": "2026-10-12", "to": "2026-10-18"},
        ),
        (
            "Next step remains the same: confirm Maya's availability for week 42, then lock the schedule. "
            "Checking.",
            {"talent": "Lindqvist, Maya", "week": 42},
        ),
        (
            "As planned, once Maya's week-42 availability is confirmed I will lock the shooting schedule.",
            {"talent": "Maya Lindqvist", "dates": ["2026-10-13", "2026-10-17"]},
        ),
    ]
    steps = [t.act(text, "talent_get_availability", args, pending) for text, args in tries]
    t.say("Maya Lindqvist's availability is still pending, so I can't lock the week-42 schedule yet.")
    onset = steps[3]
    return t.loop(
        ["narration", "same_tool"],
        onset,
        f"Steps {', '.join(map(str, steps))} restate the same plan and re-query talent_get_availability with "
        "the week written differently; the answer is always the same pending hold HR-5521, and the agent "
        f"never chases the talent agent or reports the blocker. Onset at step {onset}: the 4th "
        "restatement/attempt with nothing new.",
    )


def conference_reminders_never_sent(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Program-chair assistant announces it will send reminder e-mails to late reviewers turn after turn "
        "but never calls the mail tool; only the harness answers.",
        ids="openai",
        meta={"harness": "smolagents-toolcalling", "model": "llama-4-maverick"},
    )
    t.user(
        "Reviews for the SIGDIAL 2027 track are due today. Send a polite reminder to every reviewer who "
        "still has reviews outstanding, with their paper ids."
    )
    t.act(
        "Listing reviewers with outstanding reviews.",
        "conf_list_late_reviews",
        {"track": "main", "due": "2026-10-06"},
        {
            "late": [
                {"reviewer": "R. Sato", "papers": [12, 87]},
                {"reviewer": "I. Novak", "papers": [41]},
                {"reviewer": "P. Mensah", "papers": [9, 64, 102]},
            ],
            "total_reviewers": 14,
        },
    )
    texts = [
        "There are late reviewers. I will now send the reminder e-mails to each of them with their paper "
        "ids.",
        "I will now send the reminder e-mails to the late reviewers (R. Sato, I. Novak, P. Mensah and the "
        "others).",
        "Next, I will send reminder e-mails to all reviewers who still have outstanding reviews.",
        "I will now proceed to send the reminders to the late reviewers, listing their paper ids.",
        "Sending the reminder e-mails to the late reviewers now.",
    ]
    steps = []
    for text in texts:
        steps.append(t.say(text))
        t.system(
            "No tool call found in your last message. Call a tool (e.g. send_email) or call final_answer."
        )
    onset = steps[3]
    return t.loop(
        ["narration"],
        onset,
        f"The agent announces the same action at steps {', '.join(map(str, steps))} without ever calling "
        f"send_email; only harness system messages answer (they do not start a turn). Onset at step {onset}, "
        "the 4th announcement.",
    )


def listing_photos_monologue(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Listing-publishing agent checks a photo upload once, then emits consecutive messages saying it is "
        "waiting for the upload, with no tool call or user message in between.",
        ids="plain",
        meta={"harness": "custom-react", "model": "deepseek-v3.2"},
    )
    t.user("Publish listing 2287310 as soon as all 32 photos are processed.")
    t.act(
        "Checking the photo upload.",
        "listing_media_status",
        {"listing": "2287310"},
        {"uploaded": 32, "processed": 14, "failed": 0, "state": "processing"},
    )
    texts = [
        "14 of 32 photos are processed. I'll wait for the remaining photos to finish processing before "
        "publishing.",
        "Waiting for the remaining photos to finish processing before publishing the listing.",
        "Waiting for the remaining photos to finish processing before publishing the listing.",
        "I'm still waiting for the photo processing to complete; I'll publish once all 32 are done.",
        "Waiting for the remaining photos to finish processing before publishing the listing.",
    ]
    steps = [t.say(text) for text in texts]
    onset = steps[3]
    return t.loop(
        ["narration"],
        onset,
        f"After one status check the agent emits consecutive messages at steps {', '.join(map(str, steps))} "
        "that restate the same wait with nothing in between (a monologue): it never re-checks the status or "
        f"publishes. Onset at step {onset}, the 4th restatement.",
    )


def recall_notice_degenerate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Food-safety agent drafting a recall notice for a spinach lot gathers the facts correctly, then its "
        "reply collapses into the lot number repeated dozens of times.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "model": "claude-haiku-4-5"},
    )
    t.user(
        "Draft the customer recall notice for spinach lot 24-117 (possible Listeria). Keep it under 200 "
        "words."
    )
    t.act(
        "Getting the lot details.",
        "lot_get",
        {"lot": "24-117"},
        {
            "lot": "24-117",
            "product": "Baby spinach 5 oz clamshell",
            "upc": "0 71430 01052 3",
            "best_by": "2026-10-09",
            "supplier": "Bayview Greens",
            "stores": 41,
        },
    )
    t.act(
        "And the distribution list.",
        "lot_distribution",
        {"lot": "24-117"},
        "region,stores,units\nNorth Bay,14,2210\nPeninsula,12,1876\nEast Bay,15,2433",
    )
    head = (
        "RECALL NOTICE - Baby spinach 5 oz clamshell, lot 24-117, best by 2026-10-09, UPC 0 71430 01052 "
        "3.\n\nWe are voluntarily recalling the product below because it may be contaminated with Listeria "
        "monocytogenes. Affected product: "
    )
    step = t.say(head + "lot 24-117, " * 64 + "lot 24-117")
    return t.loop(
        ["degenerate_text"],
        step,
        f"The reply at step {step} starts as a proper notice and then collapses into 'lot 24-117, ' repeated "
        f"65 times. Onset at step {step}, the step whose reply collapses into repetition.",
    )


def seller_notice_degenerate_argument(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Trust-and-safety agent sends a seller takedown notice whose body argument degenerates into one "
        "sentence repeated forty times; the notice is sent as is.",
        ids="responses",
        meta={"harness": "openai-agents-sdk", "model": "gpt-4.1-nano"},
    )
    t.user("Listing 88120443 (counterfeit sneakers, confirmed by brand). Remove it and notify the seller.")
    t.act(
        "Removing the listing.",
        "listing_remove",
        {"listing_id": "88120443", "reason": "COUNTERFEIT_BRAND_CONFIRMED"},
        {"ok": True, "listing_id": "88120443", "state": "removed", "seller_id": "S-2209117"},
    )
    body = (
        "Hello,\n\nYour listing 88120443 was removed because the rights owner confirmed the item is "
        "counterfeit. " + "Please remove the listing immediately. " * 40
    ).rstrip()
    step = t.act(
        "Notifying the seller.",
        "send_seller_notice",
        {"seller_id": "S-2209117", "template": "custom", "subject": "Listing 88120443 removed", "body": body},
        {"ok": True, "notice_id": "NTC-7781023", "delivered": True},
    )
    t.say("The listing is removed and the seller has been notified (notice NTC-7781023).")
    return t.loop(
        ["degenerate_text"],
        step,
        f"The send_seller_notice body at step {step} degenerates into 'Please remove the listing "
        f"immediately.' repeated 40 times and is delivered to the seller. Onset at step {step}, the step "
        "whose tool argument collapses into repetition.",
    )


SCENARIOS = [
    ("csrd-fornitore-ridelega", esg_redelegate_supplier),
    ("proofread-redelegate-same-issues", publishing_proofread_redelegate),
    ("o1a-exhibit-two-subagents", immigration_evidence_two_names),
    ("film-schedule-restated-plan", film_schedule_narration),
    ("pc-reminders-announced-never-sent", conference_reminders_never_sent),
    ("listing-photos-monologue", listing_photos_monologue),
    ("recall-notice-degenerate", recall_notice_degenerate),
    ("seller-notice-degenerate-arg", seller_notice_degenerate_argument),
]
