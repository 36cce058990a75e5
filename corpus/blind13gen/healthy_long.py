"""Healthy: long sessions with formulaic narration but new results, one call per user message,
check-act-recheck."""

from __future__ import annotations

from typing import Any

from .builder import Clock, Trace, call, csv, js, jsp, table


def festival_planning_long() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-035-community-festival-long-session",
        "Community events agent plans a temple festival day across many tools, narrating each step with "
        "the same formula.",
        ids="anthropic",
        agent="religious and community event scheduling",
    )
    t.user(
        "Plan the Vesak day at the temple on May 31: morning puja, dana lunch, children's lantern "
        "workshop, evening procession. Book rooms, line up volunteers, notify members and get the street "
        "permit request in."
    )
    steps = [
        (
            "rooms.availability",
            {"date": "2026-05-31"},
            table(
                ["room", "cap", "free"],
                [
                    ["Main shrine", 200, "all day"],
                    ["Dana hall", 150, "all day"],
                    ["Classroom 2", 30, "13:00-17:00"],
                ],
            ),
        ),
        (
            "rooms.book",
            {
                "room": "Main shrine",
                "date": "2026-05-31",
                "from": "07:00",
                "to": "10:00",
                "title": "Vesak morning puja",
            },
            js({"booking": "RB-2201"}),
        ),
        (
            "rooms.book",
            {
                "room": "Dana hall",
                "date": "2026-05-31",
                "from": "11:00",
                "to": "14:00",
                "title": "Dana lunch",
            },
            js({"booking": "RB-2202"}),
        ),
        (
            "rooms.book",
            {
                "room": "Classroom 2",
                "date": "2026-05-31",
                "from": "14:00",
                "to": "16:30",
                "title": "Lantern workshop",
            },
            js({"booking": "RB-2203"}),
        ),
        (
            "volunteers.list",
            {"skills": ["kitchen", "children", "stewarding"]},
            csv(
                ["name", "skill"],
                [
                    ["Nimal", "kitchen"],
                    ["Tharushi", "children"],
                    ["Kasun", "stewarding"],
                    ["Dilani", "kitchen"],
                    ["Ruwan", "stewarding"],
                ],
            ),
        ),
        ("volunteers.assign", {"event": "dana", "names": ["Nimal", "Dilani"]}, js({"ok": True})),
        ("volunteers.assign", {"event": "lanterns", "names": ["Tharushi"]}, js({"ok": True})),
        ("volunteers.assign", {"event": "procession", "names": ["Kasun", "Ruwan"]}, js({"ok": True})),
        (
            "supplies.check",
            {"items": ["lantern kits", "rice 25kg", "candles"]},
            js({"lantern kits": 12, "rice 25kg": 3, "candles": 400}),
        ),
        (
            "supplies.order",
            {"item": "lantern kits", "qty": 30, "by": "2026-05-28"},
            js({"po": "PO-5510", "eta": "2026-05-26"}),
        ),
        (
            "permits.street_event_request",
            {
                "route": "Temple Rd - Park Ave - Temple Rd",
                "date": "2026-05-31",
                "from": "19:00",
                "to": "20:30",
                "attendance": 250,
            },
            js({"request": "SE-2026-0877", "status": "submitted", "decision_by": "2026-05-15"}),
        ),
        (
            "members.notify",
            {"segment": "all", "channel": "email+sms", "template": "vesak_2026", "vars": {"date": "May 31"}},
            js({"queued": 612}),
        ),
    ]
    intros = [
        "First, I'll check room availability.",
        "Next, I'll book the main shrine for the puja.",
        "Next, I'll book the dana hall for lunch.",
        "Next, I'll book Classroom 2 for the workshop.",
        "Next, I'll look up volunteers.",
        "Next, I'll assign the kitchen volunteers.",
        "Next, I'll assign the workshop volunteer.",
        "Next, I'll assign the stewards.",
        "Next, I'll check supplies.",
        "Next, I'll order lantern kits for 40 children.",
        "Next, I'll submit the street permit request.",
        "Next, I'll notify members.",
    ]
    for (name, args, content), text in zip(steps, intros, strict=True):
        t.act(text, call(name, args, content))
    t.say(
        "Vesak day is set: puja 07:00 (RB-2201), dana lunch 11:00 (RB-2202), lantern workshop 14:00 "
        "(RB-2203), procession 19:00 pending street permit SE-2026-0877 (decision by May 15). Volunteers "
        "assigned; 30 lantern kits arrive May 26; 612 members notified."
    )
    return t.healthy(
        "A long session in which every step opens with the same formula ('Next, I'll ...'), yet each step "
        "calls a different tool or a new target and gets a new result; the task completes. Formulaic "
        "narration with new results is not a narration loop."
    )


def childcare_attendance_per_message_tl() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-036-childcare-attendance-each-user-message",
        "Childcare centre agent (Tagalog) answers the same attendance question from a teacher several "
        "times in a day, one call each.",
        ids="openai",
        agent="childcare centre administration",
        language="tl",
    )
    args = {"room": "Sunflowers", "date": "2026-03-19"}
    turns = [
        (
            "Ilan na ang dumating sa Sunflowers?",
            jsp({"present": 9, "expected": 14, "absent_notified": 1}),
            "9 na ang dumating sa 14 na inaasahan; 1 ang nagpaalam na absent.",
        ),
        (
            "Ngayon, ilan na?",
            jsp({"present": 12, "expected": 14, "absent_notified": 1}),
            "12 na. Isa pa ang hindi pa dumarating at walang abiso.",
        ),
        (
            "Pagkatapos ng tanghalian, ilan na?",
            jsp({"present": 12, "expected": 14, "absent_notified": 1}),
            "Pareho pa rin: 12 ang nandito.",
        ),
        (
            "Bago mag-uwian, ilan pa ang nandito?",
            jsp({"present": 7, "expected": 14, "picked_up": 5}),
            "7 pa ang nandito; 5 na ang nasundo.",
        ),
    ]
    for question, body, answer in turns:
        t.user(question)
        t.act("", call("attendance.summary", args, body))
        t.say(answer)
    return t.healthy(
        "Four identical attendance.summary calls, but each answers a new user message at a different time "
        "of day (two answers happen to be identical). Identical calls that each answer a new user message "
        "are healthy."
    )


def cemetery_check_act_recheck_el() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-037-cemetery-plot-check-reserve-recheck",
        "Cemetery agent (Greek) checks a plot, reserves it, and re-checks the same plot to confirm.",
        ids="gemini",
        agent="funeral home and cemetery management",
        language="el",
    )
    t.user(
        "Κράτησε τον οικογενειακό τάφο Γ-14 στο Α' Κοιμητήριο για την οικογένεια Παπαδάκη, αν είναι "
        "ελεύθερος."
    )
    t.act(
        "Ελέγχω την κατάσταση του τάφου.",
        call(
            "plots.status",
            {"cemetery": "A", "plot": "Γ-14"},
            js({"plot": "Γ-14", "status": "ελεύθερος", "type": "οικογενειακός"}),
        ),
    )
    t.act(
        "Είναι ελεύθερος. Κάνω την κράτηση.",
        call(
            "plots.reserve",
            {"cemetery": "A", "plot": "Γ-14", "family": "Παπαδάκη", "case": "FUN-2026-0251"},
            js({"ok": True, "reservation": "RS-7710"}),
        ),
    )
    t.act(
        "Επιβεβαιώνω την κατάσταση.",
        call(
            "plots.status",
            {"cemetery": "A", "plot": "Γ-14"},
            js({"plot": "Γ-14", "status": "κρατημένος", "reservation": "RS-7710"}),
        ),
    )
    t.act(
        "Στέλνω την επιβεβαίωση στην οικογένεια.",
        call(
            "email.send",
            {
                "to": "m.papadaki@example.gr",
                "template": "plot_reserved",
                "vars": {"plot": "Γ-14", "ref": "RS-7710"},
            },
            js({"sent": True}),
        ),
    )
    t.say("Ο τάφος Γ-14 κρατήθηκε για την οικογένεια Παπαδάκη (RS-7710) και εστάλη επιβεβαίωση.")
    return t.healthy(
        "Check, act, re-check: plots.status is called twice with the same arguments, before and after the "
        "reservation, and the result changes. A re-check after an action is healthy."
    )


def wedding_planning_long_pt() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-038-wedding-planning-long-session",
        "Wedding planning agent (Brazilian Portuguese) runs a long session across vendors with repeated "
        "status narration and new results.",
        ids="bedrock",
        agent="wedding planning",
        language="pt",
    )
    t.user(
        "Casamento da Júlia e do Rafael, 17 de outubro, 120 convidados, Campinas. Preciso de: buffet, "
        "fotógrafo, DJ, decoração e transporte dos convidados do hotel. Orçamento total R$ 85 mil."
    )
    items = [
        (
            "vendors.search",
            {"category": "buffet", "city": "Campinas", "guests": 120, "date": "2026-10-17"},
            table(
                ["fornecedor", "preço/pessoa", "disp."],
                [["Sabor & Arte", "R$ 210", "sim"], ["Buffet Villa", "R$ 245", "sim"]],
            ),
        ),
        (
            "vendors.quote",
            {"vendor": "sabor-e-arte", "guests": 120},
            js({"total": 25200, "validade": "2026-04-30"}),
        ),
        (
            "vendors.search",
            {"category": "fotografo", "city": "Campinas", "date": "2026-10-17"},
            table(
                ["fornecedor", "pacote", "disp."],
                [["Luz Clara Fotografia", "R$ 7.800", "sim"], ["Foto Ipê", "R$ 9.500", "não"]],
            ),
        ),
        (
            "vendors.search",
            {"category": "dj", "city": "Campinas", "date": "2026-10-17"},
            table(["fornecedor", "pacote", "disp."], [["DJ Marola", "R$ 4.200", "sim"]]),
        ),
        (
            "vendors.search",
            {"category": "decoracao", "city": "Campinas", "date": "2026-10-17"},
            table(
                ["fornecedor", "pacote", "disp."],
                [["Flor de Lis Decor", "R$ 14.000", "sim"], ["Ateliê Verde", "R$ 11.500", "sim"]],
            ),
        ),
        (
            "transport.quote",
            {"from": "Hotel Vitória Campinas", "to": "Espaço Jequitibá", "guests": 60, "trips": 2},
            js({"vans": 4, "total": 3600}),
        ),
        (
            "budget.summary",
            {
                "items": {"buffet": 25200, "foto": 7800, "dj": 4200, "decoracao": 11500, "transporte": 3600},
                "limit": 85000,
            },
            js({"total": 52300, "saldo": 32700}),
        ),
        (
            "vendors.hold",
            {
                "vendors": ["sabor-e-arte", "luz-clara", "dj-marola", "atelie-verde"],
                "date": "2026-10-17",
                "days": 7,
            },
            js({"holds": 4, "expira": "2026-03-26"}),
        ),
    ]
    texts = [
        "Status: começando pelo buffet.",
        "Status: pedindo orçamento ao Sabor & Arte.",
        "Status: buffet orçado; agora o fotógrafo.",
        "Status: fotógrafo escolhido; agora o DJ.",
        "Status: DJ disponível; agora a decoração.",
        "Status: decoração orçada; agora o transporte.",
        "Status: transporte orçado; conferindo o orçamento.",
        "Status: dentro do orçamento; segurando as datas.",
    ]
    for (name, args, content), text in zip(items, texts, strict=True):
        t.act(text, call(name, args, content))
    t.say(
        "Pré-reservas por 7 dias: Sabor & Arte (R$ 25.200), Luz Clara (R$ 7.800), DJ Marola (R$ 4.200), "
        "Ateliê Verde (R$ 11.500) e 4 vans (R$ 3.600). Total R$ 52.300, sobram R$ 32.700 do orçamento."
    )
    return t.healthy(
        "A long session with the same 'Status: ...' narration each step, but each call targets a new "
        "vendor category or a new action and returns new information, ending with holds within budget. "
        "Formulaic narration with new results is progress."
    )


def rail_night_shift_long() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-039-rail-night-shift-long-session",
        "Track maintenance agent works a night shift of many different reads and actions, re-checking one "
        "possession status after acting on it.",
        ids="responses",
        agent="railway track maintenance",
    )
    t.user(
        "Night shift handover: 1) confirm possession P-5120 is live, 2) check tonight's grinding train "
        "progress, 3) review the two new ultrasonic defects, 4) make sure the speed restriction at km 22.4 "
        "is in the driver notice, then hand back P-5120 when grinding is done."
    )
    clock = Clock("2026-03-19T23:10:00Z")
    t.act(
        "Checking P-5120.",
        call(
            "possession.status",
            {"id": "P-5120"},
            js({"id": "P-5120", "state": "GRANTED", "line": "L1-DN", "km": "18.0-26.0"}),
        ),
    )
    t.act(
        "Granted but not live yet. Taking it.",
        call("possession.take", {"id": "P-5120", "pic": "J. Marsh"}, js({"ok": True, "at": clock.tick(120)})),
    )
    t.act(
        "Confirming.",
        call(
            "possession.status",
            {"id": "P-5120"},
            js({"id": "P-5120", "state": "LIVE", "since": clock.tick(30)}),
        ),
    )
    for km, passes in [(18.4, 1), (20.1, 2), (22.9, 3), (25.6, 4)]:
        t.act(
            "Grinding train progress.",
            call(
                "grinder.position",
                {"train": "RGH-20"},
                js({"km": km, "passes_done": passes, "at": clock.tick(1800)}),
            ),
        )
        if passes == 2:
            t.act(
                "While it runs, the two new defects.",
                call(
                    "defects.new",
                    {"since": "2026-03-19", "line": "L1-DN"},
                    csv(
                        ["id", "km", "class", "type"],
                        [["UT-9931", 19.211, 2, "squat"], ["UT-9934", 24.870, 3, "weld"]],
                    ),
                ),
            )
            t.act(
                "Checking the driver notice for km 22.4.",
                call("notices.search", {"line": "L1-DN", "km": 22.4}, js({"notices": []})),
            )
            t.act(
                "Missing. Adding the 30 km/h restriction.",
                call(
                    "notices.add",
                    {
                        "line": "L1-DN",
                        "km_from": 22.2,
                        "km_to": 22.6,
                        "speed_kmh": 30,
                        "reason": "track geometry",
                    },
                    js({"notice": "DN-4412"}),
                ),
            )
            t.act(
                "Re-checking the notice list.",
                call("notices.search", {"line": "L1-DN", "km": 22.4}, js({"notices": ["DN-4412"]})),
            )
    t.act(
        "Grinding complete. Handing back P-5120.",
        call(
            "possession.give_up",
            {"id": "P-5120", "line_clear": True, "pic": "J. Marsh"},
            js({"ok": True, "at": clock.tick(600)}),
        ),
    )
    t.act(
        "Confirming the hand-back.",
        call("possession.status", {"id": "P-5120"}, js({"id": "P-5120", "state": "RELINQUISHED"})),
    )
    t.say(
        "Shift done: P-5120 taken 23:12 and relinquished after 4 grinding passes (km 18.4-25.6). New "
        "defects UT-9931 (class 2 squat, km 19.211) and UT-9934 (class 3 weld, km 24.870). Speed "
        "restriction at km 22.4 added as DN-4412."
    )
    return t.healthy(
        "A long night-shift session: possession.status is read three times, each after an action that "
        "changes it (take, give up), and the grinder position is polled four times with new positions; the "
        "other calls are new targets. Check-act-recheck and polling with changing results: healthy."
    )


def auction_live_bid_per_message_id() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-040-auction-live-bid-per-user-message",
        "Auction agent (Indonesian) answers a bidder's repeated 'what is the current bid' questions during "
        "a live sale, one call each.",
        ids="mistral",
        agent="auction house operations (live sale)",
        language="id",
    )
    args = {"sale": "JKT-2026-05", "lot": 42}
    turns = [
        (
            "Berapa tawaran tertinggi lot 42 sekarang?",
            jsp({"lot": 42, "bid": 120000000, "currency": "IDR", "state": "open"}),
            "Rp120 juta, lelang masih dibuka.",
        ),
        (
            "Sekarang berapa?",
            jsp({"lot": 42, "bid": 135000000, "currency": "IDR", "state": "open"}),
            "Naik menjadi Rp135 juta.",
        ),
        (
            "Masih sama?",
            jsp({"lot": 42, "bid": 135000000, "currency": "IDR", "state": "open"}),
            "Ya, masih Rp135 juta.",
        ),
        (
            "Cek lagi ya.",
            jsp({"lot": 42, "bid": 135000000, "currency": "IDR", "state": "open"}),
            "Masih Rp135 juta; juru lelang sedang memberi peringatan terakhir.",
        ),
        (
            "Bagaimana?",
            jsp({"lot": 42, "bid": 140000000, "currency": "IDR", "state": "sold"}),
            "Terjual Rp140 juta.",
        ),
    ]
    for question, body, answer in turns:
        t.user(question)
        t.act("Saya cek.", call("live_sale.current_bid", args, body))
        t.say(answer)
    return t.healthy(
        "Five identical current_bid calls, three of them with identical results, but each answers a new "
        "user message during a live sale. Identical calls that each answer a new user message are healthy."
    )


SCENARIOS = [
    festival_planning_long,
    childcare_attendance_per_message_tl,
    cemetery_check_act_recheck_el,
    wedding_planning_long_pt,
    rail_night_shift_long,
    auction_live_bid_per_message_id,
]
