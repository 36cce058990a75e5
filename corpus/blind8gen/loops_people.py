"""Loops of recruiting and voice agents: ATS notes, interview scheduling, phone lines in Hindi and Spanish."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js


def ats_note_duplicates() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-025-ats-note-added-again",
        "A recruiting coordinator agent adds the same private note to a candidate again and again because "
        "the activity feed it checks does not list private notes; each add is acknowledged with a new note "
        "id.",
        agent="recruiting coordinator agent (Greenhouse-style Harvest API tools)",
        model="gpt-4.1-mini",
        start="2026-03-18T12:00:00+00:00",
        ids="call",
    )
    t.user("Log on Dana Whitfield's profile that she can start June 1 and wants a remote-first setup.")
    t.step(
        "",
        c(
            "search_candidates",
            {"name": "Dana Whitfield"},
            js({"candidates": [{"id": 48211907, "name": "Dana Whitfield", "application_ids": [73310442]}]}),
        ),
    )
    body = "Availability: can start 2026-06-01. Preference: remote-first (open to 1 office day/month)."
    note = {"candidate_id": 48211907, "body": body, "visibility": "private"}
    feed = js(
        {
            "notes": [],
            "emails": [{"subject": "Onsite confirmation", "to": "dana.w@example.com"}],
            "activities": [{"body": "Moved to Offer stage", "created_at": "2026-03-17T16:40:00Z"}],
        }
    )
    adds = []
    texts = [
        ("Adding the note.", "Let me confirm it appears on her profile."),
        ("The note isn't in the feed. Adding it again.", "Checking the feed."),
        ("Still missing from the feed; it may not have saved. Adding it once more.", ""),
        ("Adding the note again to make sure it's recorded.", "Checking."),
    ]
    for i, (add_text, feed_text) in enumerate(texts):
        ack = js(
            {
                "id": 9911201 + i,
                "created_at": f"2026-03-18T12:0{1 + 2 * i}:1{i}Z",
                "body": body,
                "visibility": "private",
                "user": {"name": "Recruiting Bot"},
            }
        )
        adds.append(t.step(add_text, c("add_candidate_note", note, ack)))
        if feed_text:
            t.step(feed_text, c("get_activity_feed", {"candidate_id": 48211907}, feed))
    onset = adds[2]
    t.loop(
        ["identical_call"],
        onset,
        "The same note write is repeated and acknowledged every time (only the new note id and timestamp "
        "differ); the activity feed the agent checks never lists private notes, so its check cannot "
        f"succeed and each retry adds a duplicate. The 3rd identical write, at step {onset}, is the onset.",
    )
    return t.build()


def interview_slot_narration() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-026-panel-slot-search-restated",
        "A scheduling agent restates the same plan (find a 45-minute panel slot on Thursday) each step and "
        "widens the window trivially; every search is empty because one panelist is out all day.",
        agent="interview scheduling agent (calendar tools)",
        model="claude-haiku-4-5",
        start="2026-03-09T08:00:00+00:00",
    )
    t.user(
        "Schedule a 45-minute onsite panel for Priya Raman with Tomás, Wen and Aisha this Thursday, March 12."
    )
    people = ["priya.raman@example.com", "tomas@acme.io", "wen@acme.io", "aisha@acme.io"]
    empty = js({"slots": [], "blocking": {"aisha@acme.io": "Out of office (all day)"}})
    plan = [
        (
            "I'll look for a 45-minute slot on Thursday where Priya and all three panelists are free.",
            "09:00-17:00",
        ),
        (
            "I'll look for a 45-minute window on Thursday when Priya, Tomás, Wen and Aisha are all "
            "available.",
            "08:30-17:30",
        ),
        ("Let me find a 45-minute slot on Thursday that works for the whole panel and Priya.", "09:00-18:00"),
        ("Looking for a common 45-minute slot on Thursday for Priya and the panel.", "9am-5pm"),
        ("I'll search for a Thursday slot of 45 minutes where all four are free.", "08:00-17:00"),
        ("Let me look for a 45-minute Thursday slot for Priya with Tomás, Wen and Aisha.", "08:00-19:00"),
    ]
    attempts = [
        t.step(
            text,
            c(
                "find_common_slots",
                {
                    "attendees": people,
                    "date": "2026-03-12",
                    "duration_min": 45,
                    "window": window,
                    "tz": "Europe/Lisbon",
                },
                empty,
            ),
        )
        for text, window in plan
    ]
    onset = attempts[3]
    t.loop(
        ["narration", "same_tool"],
        onset,
        "Each step restates the same intent in new words and calls the slot finder with a trivially wider "
        "window; every answer is empty and names the blocker (Aisha out of office all day). The agent "
        f"never proposes another day or asks the user. The 4th restatement and search, at step {onset}, is "
        "the onset.",
    )
    return t.build()


def voice_hindi_monologue() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-027-isp-voice-agent-hindi-monologue",
        "A Hindi phone agent for an internet provider tells the caller, message after message, that it is "
        "registering the complaint, and never calls the ticket tool.",
        agent="ISP customer-care voice agent (speech pipeline, Hindi)",
        model="gpt-4o-mini",
        start="2026-03-15T05:40:00+00:00",
        ids="call",
    )
    t.user("नमस्ते, मेरा इंटरनेट दो दिन से बंद है। मेरा नंबर 98204 55117 है।")
    t.step(
        "",
        c(
            "lookup_account",
            {"phone": "+919820455117"},
            js(
                {
                    "account_id": "MH-2290417",
                    "name": "सुरेश पाटिल",
                    "plan": "Fiber 100 Mbps",
                    "area_outage": {
                        "id": "OUT-5521",
                        "area": "Thane West",
                        "eta": "2026-03-15T18:00:00+05:30",
                    },
                    "open_tickets": [],
                }
            ),
        ),
    )
    t.step(
        "धन्यवाद सुरेश जी, मैंने आपका खाता देख लिया है। ठाणे वेस्ट में अभी एक आउटेज चल रहा है, जिसके शाम छह "
        "बजे तक ठीक होने की उम्मीद है।"
    )
    t.user("ठीक है, लेकिन क्या आप मेरी शिकायत दर्ज कर सकते हैं ताकि मुझे बिल में छूट मिले?")
    lines = [
        "जी बिल्कुल, मैं अभी आपके लिए शिकायत दर्ज कर रहा हूँ, कृपया लाइन पर बने रहें।",
        "मैं आपकी शिकायत दर्ज कर रहा हूँ, बस एक क्षण।",
        "आपकी शिकायत दर्ज की जा रही है, कृपया प्रतीक्षा करें।",
        "मैं अभी आपकी शिकायत दर्ज कर रहा हूँ, सुरेश जी।",
        "कृपया लाइन पर बने रहें, मैं आपकी शिकायत दर्ज कर रहा हूँ।",
        "बस एक पल, आपकी शिकायत दर्ज हो रही है।",
    ]
    steps = []
    for line in lines:
        t.wait(6)
        steps.append(t.step(line))
    onset = steps[3]
    t.loop(
        ["narration"],
        onset,
        "After the caller asks for a complaint, the agent says six times in a row, with nothing in "
        "between, that it is registering it, and never calls create_ticket; the caller's silence adds no "
        f"user message, so this is a monologue. The 4th restatement, at step {onset}, is the onset.",
    )
    return t.build()


def voice_transfer_closed() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-028-banca-transferencia-cola-cerrada",
        "A Spanish bank phone agent tries to transfer a Saturday-night caller to one queue after another; "
        "each transfer fails with a Spanish error saying the queue is closed outside business hours.",
        agent="bank phone agent (telephony tools), Spanish",
        model="gemini-2.5-flash",
        start="2026-03-14T21:40:00+00:00",
        ids="fc",
    )
    t.user("Hola, quiero hablar con alguien de tarjetas. Me han cobrado dos veces la misma compra.")
    t.step(
        "",
        c(
            "identify_caller",
            {"ani": "+34611402938"},
            js({"cliente": "Marta Gil Serrano", "id_cliente": "C-0081723", "tarjetas": ["VISA ****4410"]}),
        ),
    )
    queues = [
        (
            "Le paso con el departamento de tarjetas.",
            "tarjetas",
            "La cola 'tarjetas' está cerrada fuera del horario de atención (L-V 08:00–20:00).",
        ),
        (
            "Pruebo con tarjetas de crédito.",
            "tarjetas_credito",
            "Fuera de horario: la cola tarjetas_credito no acepta transferencias en este momento.",
        ),
        (
            "Le paso con atención al cliente.",
            "atencion_cliente",
            "Cola cerrada. Horario: lunes a viernes de 8 a 20 h.",
        ),
        (
            "Intento con reclamaciones.",
            "reclamaciones",
            "No es posible transferir: servicio no disponible en este horario.",
        ),
        ("Pruebo la cola general.", "general", "La cola 'general' está cerrada (horario 08:00–20:00)."),
        (
            "Intento de nuevo con tarjetas.",
            "tarjetas",
            "La cola 'tarjetas' está cerrada fuera del horario de atención (L-V 08:00–20:00).",
        ),
    ]
    failures = []
    for text, queue, msg in queues:
        failures.append(
            t.step(
                text,
                c(
                    "transfer_call",
                    {"queue": queue, "id_cliente": "C-0081723"},
                    js({"resultado": "error", "codigo": "COLA_CERRADA", "mensaje": msg}),
                ),
            )
        )
        t.wait(20)
    onset = failures[3]
    t.loop(
        ["error_streak"],
        onset,
        "On a Saturday at 21:40 every transfer fails because the queues are closed; the error is in "
        "Spanish, in the content only, and worded differently each time. The agent keeps trying other "
        "queues instead of offering a callback, blocking the card or opening a dispute itself. The 4th "
        f"failure, at step {onset}, is the onset.",
    )
    return t.build()


BUILDERS = [ats_note_duplicates, interview_slot_narration, voice_hindi_monologue, voice_transfer_closed]
