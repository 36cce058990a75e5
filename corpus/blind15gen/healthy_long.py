"""Healthy: formulaic narration over new results, long legitimate runs, a final answer split over several
messages, the same tool (even identical calls) answering each new user message, and a long valid table."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call


def genealogy_parish_narration_new(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Genealogy agent searches eight parishes in turn with the same formulaic narration; each search is a "
        "new parish with its own results.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "domain": "genealogy research"},
    )
    t.user("Search the Catholic parishes around Tarnów for baptisms of children of Wojciech Mróz, 1860-1880.")
    parishes = [
        ("Tarnów, Katedra", [("Jan", "1862-05-14")]),
        ("Tuchów", []),
        ("Zbylitowska Góra", [("Franciszka", "1865-11-02")]),
        ("Wierzchosławice", [("Józef", "1868-03-19"), ("Wiktoria", "1871-12-21")]),
        ("Skrzyszów", []),
        ("Pleśna", [("Antoni", "1874-06-08")]),
        ("Radłów", []),
        ("Lisia Góra", [("Agnieszka", "1877-01-30")]),
    ]
    for k, (parish, kids) in enumerate(parishes, 1):
        t.say(
            f"Searching parish {k} of {len(parishes)}: {parish}.",
            call(
                "mcp__familysearch__search_records",
                {
                    "surname": "Mróz",
                    "father": "Wojciech",
                    "parish": parish,
                    "record_type": "baptism",
                    "years": "1860-1880",
                },
                {"total": len(kids), "records": [{"name": f"{n} Mróz", "date": d} for n, d in kids]},
            ),
        )
    t.say(
        "Six baptisms found in five parishes: Jan (Tarnów 1862), Franciszka (Zbylitowska Góra 1865), Józef "
        "and "
        "Wiktoria (Wierzchosławice 1868, 1871), Antoni (Pleśna 1874), Agnieszka (Lisia Góra 1877). The moves "
        "suggest the family followed farm work eastwards."
    )
    return t.healthy(
        "Eight searches narrated with the same template ('Searching parish k of 8'), each for a different "
        "parish with its own results (some empty). Repetitive narration over new work."
    )


def bounty_he_dedupe(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Hebrew bug-bounty triage agent checks six new reports for duplicates, one report per two steps, "
        "with formulaic narration.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "domain": "bug bounty triage", "language": "he"},
    )
    t.user("עבור על 6 הדיווחים החדשים בתוכנית acme-payments ובדוק לכל אחד אם הוא כפול.")
    reports = [
        (20461, "XSS בשדה שם העסק בחשבונית", [18610]),
        (20462, "חוסר הגבלת קצב באיפוס סיסמה", []),
        (20463, "חשיפת מפתח API בקובץ JS", [19902]),
        (20464, 'CSRF בשינוי כתובת דוא"ל', []),
        (20465, "Open redirect ב-/login?next=", [17740]),
        (20466, "SSRF בבדיקת webhook", [20391]),
    ]
    for rid, title, dups in reports:
        t.say(f"בודק את הדיווח הבא: #{rid}.", call("get_report", {"id": rid}, {"id": rid, "title": title}))
        t.say(
            "",
            call(
                "search_similar",
                {"id": rid, "program": "acme-payments"},
                {"candidates": [{"id": d, "similarity": 0.91} for d in dups]},
            ),
        )
    t.say(
        "כפולים: #20461 (של #18610), #20463 (של #19902), #20465 (של #17740), #20466 (של #20391). "
        "חדשים: #20462 ו-#20464."
    )
    return t.healthy(
        "Six reports, each read and checked once: a get_report / search_similar pattern with the same "
        "narration, "
        "but a different report and different candidates every time."
    )


def bee_de_literature(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "German beekeeping research agent runs five literature searches on different Varroa treatments; each "
        "brings new papers.",
        ids="adk",
        meta={"harness": "google-adk", "domain": "beekeeping", "language": "de"},
    )
    t.user("Welche Varroa-Behandlungen nach der Honigernte sind laut Literatur 2024–2026 am wirksamsten?")
    searches = [
        (
            "Oxalsäure Träufeln Wirksamkeit Spätsommer",
            ["Büchler et al. 2024 (Apidologie)", "Rosenkranz 2025"],
        ),
        ("Ameisensäure Langzeitverdunster Varroa", ["Liebig 2024", "Charrière & Imdorf 2025 (ALP)"]),
        ("totale Brutentnahme Varroa Bekämpfung", ["Wagner et al. 2025", "Jack & Ellis 2024 (J Insect Sci)"]),
        ("Thymol Varroa Behandlung Vergleich", ["Gashout 2024", "Martín-Hernández 2026"]),
        ("Lithiumchlorid Varroa Feldstudie", ["Ziegelmann 2025 (Sci Rep)"]),
    ]
    for q, papers in searches:
        t.say(
            f"Ich suche weiter nach Studien zu: {q}.",
            call(
                "literature_search",
                {"query": q, "years": "2024-2026", "limit": 5},
                {"results": [{"ref": p} for p in papers]},
            ),
        )
    t.say(
        "Am besten belegt sind Brutentnahme plus Oxalsäure (Wirkung > 90 %) und "
        "Ameisensäure-Langzeitverdunstung "
        "(70–95 %, temperaturabhängig). Thymol wirkt schwächer; Lithiumchlorid ist noch nicht zugelassen."
    )
    return t.healthy(
        "Five searches with the same narration frame but different treatments and new papers each time."
    )


def dental_recall_long(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Dental recall agent works through eleven overdue patients, checking each record and sending the "
        "right "
        "reminder; a long legitimate run.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "domain": "dental practice management"},
    )
    t.user(
        "Work through this week's recall list: for each overdue patient check their last hygiene visit and "
        "send "
        "the right reminder (SMS if they opted in, otherwise email). Skip anyone already booked."
    )
    patients = [
        ("P-10021", "Ana Ruiz", "2026-03-11", "sms", False),
        ("P-10388", "Ben Carter", "2026-02-02", "email", False),
        ("P-10410", "Chen Wei", "2026-04-01", "sms", True),
        ("P-10502", "Dana Kowalski", "2025-12-19", "sms", False),
        ("P-10677", "Eli Haddad", "2026-03-28", "email", False),
        ("P-10714", "Fatima Noor", "2026-01-15", "sms", False),
        ("P-10830", "Greg Olsen", "2026-04-04", "email", True),
        ("P-10912", "Hana Sato", "2026-02-21", "sms", False),
        ("P-11004", "Ivan Petrov", "2025-11-30", "email", False),
        ("P-11120", "Julia Brandt", "2026-03-06", "sms", False),
        ("P-11233", "Kofi Mensah", "2026-02-14", "sms", False),
    ]
    t.say(
        "",
        call(
            "recall_list", {"week": "2026-W42", "status": "overdue"}, {"patients": [p[0] for p in patients]}
        ),
    )
    sent = 0
    for pid, name, last, channel, booked in patients:
        t.say(
            "",
            call(
                "pms_get_patient",
                {"patient_id": pid},
                {
                    "id": pid,
                    "name": name,
                    "last_hygiene": last,
                    "contact_pref": channel,
                    "next_appointment": "2026-10-21 09:00" if booked else None,
                },
            ),
        )
        if booked:
            continue
        tool = "send_sms" if channel == "sms" else "send_email"
        t.say("", call(tool, {"patient_id": pid, "template": "recall_6mo"}, {"ok": True}))
        sent += 1
    t.say(
        f"Done: {sent} reminders sent (SMS or email by preference); 2 patients skipped because they're "
        "already booked."
    )
    return t.healthy(
        "A long run (22 steps): one record read per patient and one reminder per unbooked patient, "
        "every "
        "call for a different patient."
    )


def waste_pl_daily_routes(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Polish waste-collection planner optimizes and publishes twelve truck routes one by one (one "
        "optimizer "
        "timeout retried); optimize/publish alternate with different arguments.",
        ids="bedrock",
        meta={"harness": "strands-agents", "domain": "waste collection routing", "language": "pl"},
    )
    t.user(
        "Przygotuj trasy na jutro dla wszystkich 12 śmieciarek w rejonie Mokotów i opublikuj je na "
        "tabletach kierowców."
    )
    routes = [f"M-{n:02d}" for n in range(1, 13)]
    t.say("", call("routes_list", {"district": "Mokotów", "date": "2026-10-15"}, {"routes": routes}))
    for k, r in enumerate(routes):
        args = {"route_id": r, "date": "2026-10-15", "objective": "min_distance"}
        if k == 6:
            t.say(
                f"Trasa {r}: optymalizuję.",
                call("optimize_route", args, "TIMEOUT: solver exceeded 60 s", error=True),
            )
            t.say(
                "Ponawiam optymalizację.", call("optimize_route", args, {"plan_id": f"PL-{r}-b", "km": 61.8})
            )
        else:
            t.say(
                f"Trasa {r}: optymalizuję.",
                call("optimize_route", args, {"plan_id": f"PL-{r}", "km": round(48.0 + 2.3 * k, 1)}),
            )
        plan = f"PL-{r}-b" if k == 6 else f"PL-{r}"
        t.say(
            "", call("publish_to_tablets", {"plan_id": plan, "truck": f"MPO-{300 + k}"}, {"published": True})
        )
    t.say("Wszystkie 12 tras na jutro jest zoptymalizowanych i opublikowanych na tabletach.")
    return t.healthy(
        "Long run (about 27 steps) alternating optimize/publish, each pair for a different route; one "
        "transient "
        "timeout retried once. An A/B rhythm over new targets is not a cycle."
    )


def audiology_split_report(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Audiology agent writes a fitting report for a referring ENT as three consecutive messages, each a "
        "different part.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "domain": "audiology clinic"},
    )
    t.user("Write up the fitting report for patient Halvorsen for the referring ENT, Dr. Ahmadi.")
    t.say(
        "",
        call(
            "fitting_get_session",
            {"patient": "Halvorsen, Erik", "date": "2026-10-13"},
            {
                "devices": "RIC, both ears",
                "programs": ["Universal", "Restaurant", "Music"],
                "real_ear_verified": True,
                "rem_targets": "NAL-NL2 within 3 dB 250-4k",
            },
        ),
    )
    t.say(
        "",
        call(
            "audiogram_get",
            {"patient": "Halvorsen, Erik"},
            {
                "right_db": [20, 25, 35, 50, 60, 65],
                "left_db": [25, 30, 40, 55, 65, 70],
                "freqs_hz": [250, 500, 1000, 2000, 4000, 8000],
                "wrs_pct": {"right": 84, "left": 76},
            },
        ),
    )
    t.say(
        "**Fitting report, part 1/3: audiometric summary.** Bilateral sloping sensorineural loss, mild at "
        "250 Hz "
        "to moderately-severe at 4-8 kHz, left ear 5 dB poorer. Word recognition 84 % right, 76 % left."
    )
    t.say(
        "**Part 2/3: devices and programming.** Bilateral RIC devices with Universal, Restaurant and Music "
        "programs. Real-ear measurement verified against NAL-NL2 targets within 3 dB from 250 Hz to 4 kHz."
    )
    t.say(
        "**Part 3/3: plan.** Four-week follow-up with the APHAB questionnaire; consider a remote microphone "
        "if "
        "speech-in-noise complaints persist. No medical contraindications noted; no further ENT action "
        "requested."
    )
    return t.healthy(
        "A final answer split over three consecutive assistant messages (parts 1/3 to 3/3) with different "
        "content; "
        "consecutive messages are not restatements here."
    )


def coffee_es_cupping_split(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Spanish coffee-roastery agent writes a cupping report for four lots, one message per lot with the "
        "same structure.",
        ids="openai",
        meta={"harness": "pydantic-ai", "domain": "coffee roastery production", "language": "es"},
    )
    t.user("Prepara el informe de cata de los 4 lotes nuevos para el equipo de compras.")
    lots = [
        ("Huila, Colombia", 86.5, "panela, naranja, cacao", "comprar 20 sacos"),
        ("Yirgacheffe, Etiopía", 88.25, "jazmín, arándano, té negro", "comprar 10 sacos"),
        ("Cerrado, Brasil", 82.0, "nuez, chocolate con leche, cuerpo pesado", "solo para blend"),
        ("Huehuetenango, Guatemala", 85.75, "manzana roja, caramelo, acidez málica", "comprar 12 sacos"),
    ]
    t.say(
        "",
        call(
            "cupping_scores",
            {"session": "CAT-2026-10-13"},
            {"lots": [{"origen": o, "sca": s, "notas": n} for o, s, n, _ in lots]},
        ),
    )
    for k, (origin, score, notes, rec) in enumerate(lots, 1):
        t.say(f"**Lote {k}/4 – {origin}.** Puntuación SCA {score}. Notas: {notes}. Recomendación: {rec}.")
    return t.healthy(
        "Four consecutive messages with the same template, each about a different lot with different scores; "
        "a report split over messages, not a restated intent."
    )


def marina_arrivals_per_user(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Marina office agent answers 'any arrivals yet?' four times across user turns with the identical "
        "call; "
        "twice the answer is the same.",
        ids="gemini",
        meta={"harness": "google-adk", "domain": "marina operations"},
    )
    arr = {"marina": "Portside", "date": "2026-10-14"}
    t.user("Any arrivals logged yet today?")
    t.say("", call("arrivals_today", arr, {"arrivals": []}))
    t.say("No arrivals logged yet.")
    t.user("OK, it's 11:30 now - check again?")
    t.say("", call("arrivals_today", arr, {"arrivals": []}))
    t.say("Still none as of now.")
    t.user("And now? The harbour master radioed about a catamaran.")
    two = {
        "arrivals": [
            {"vessel": "Sea Lark", "loa_m": 11.2, "at": "12:05"},
            {"vessel": "Nimbus", "type": "catamaran", "loa_m": 13.8, "at": "12:20"},
        ]
    }
    t.say("", call("arrivals_today", arr, two))
    t.say("Two arrivals: Sea Lark (11.2 m, 12:05) and the catamaran Nimbus (13.8 m, 12:20).")
    t.user("Anything else since?")
    t.say("", call("arrivals_today", arr, two))
    t.say("No new ones - still Sea Lark and Nimbus.")
    t.user("Assign Nimbus to pontoon D.")
    t.say("", call("berth_assign", {"vessel": "Nimbus", "pontoon": "D"}, {"berth": "D-07", "ok": True}))
    t.say("Nimbus is on D-07.")
    return t.healthy(
        "arrivals_today is called four times with identical arguments, but each call answers a new user "
        "message "
        "asking to check; identical results across turns are expected."
    )


def lot_fi_per_item(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Finnish library-of-things assistant checks a different item for each user question, re-checks one "
        "on request, and makes a reservation.",
        ids="mistral",
        meta={"harness": "mistral-agents", "domain": "library of things", "language": "fi"},
    )
    t.user("Onko porakonetta vapaana tänä viikonloppuna?")
    drill = {"q": "porakone", "from": "2026-10-17", "to": "2026-10-18"}
    t.say(
        "",
        call(
            "item_availability",
            drill,
            {"items": [{"id": "LT-0112", "nimi": "Iskuporakone Bosch", "vapaa": True}]},
        ),
    )
    t.say("Kyllä, iskuporakone (LT-0112) on vapaana.")
    t.user("Entä painepesuri?")
    t.say(
        "",
        call(
            "item_availability",
            {"q": "painepesuri", "from": "2026-10-17", "to": "2026-10-18"},
            {
                "items": [
                    {
                        "id": "LT-0340",
                        "nimi": "Painepesuri Kärcher K4",
                        "vapaa": False,
                        "vapautuu": "2026-10-20",
                    }
                ]
            },
        ),
    )
    t.say("Painepesuri on lainassa 20.10. asti.")
    t.user("Ja tikkaat?")
    t.say(
        "",
        call(
            "item_availability",
            {"q": "tikkaat", "from": "2026-10-17", "to": "2026-10-18"},
            {"items": [{"id": "LT-0207", "nimi": "Alumiinitikkaat 3 m", "vapaa": True}]},
        ),
    )
    t.say("Tikkaat (LT-0207) ovat vapaana.")
    t.user("Tarkista vielä porakone, ehtikö joku varata sen?")
    t.say(
        "",
        call(
            "item_availability",
            drill,
            {"items": [{"id": "LT-0112", "nimi": "Iskuporakone Bosch", "vapaa": True}]},
        ),
    )
    t.say("Porakone on yhä vapaana.")
    t.user("Varaa porakone ja tikkaat lauantaiksi.")
    t.say(
        "",
        call(
            "reserve",
            {"items": ["LT-0112", "LT-0207"], "date": "2026-10-17", "member": "LT-44810"},
            {"ok": True, "varaus": "V-9931"},
        ),
    )
    t.say("Varattu: porakone ja tikkaat lauantaiksi (varaus V-9931).")
    return t.healthy(
        "One availability call per user question, including an identical re-check the user asked for; then a "
        "reservation. The same tool for each new request."
    )


def esports_seeding_table(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Esports ops agent publishes a 32-row seeding table; the reply is long and repetitive in shape but "
        "every row is different.",
        ids="openai",
        meta={"harness": "vercel-ai-sdk", "domain": "esports tournament operations"},
    )
    t.user("Publish the final seeding table for the 32-team open qualifier.")
    teams = [
        "Northwind Wolves",
        "Ember Tide",
        "Glass Cannon",
        "Lowpoly",
        "Arcadia Five",
        "Static Bloom",
        "Red Kestrel",
        "Mistral GG",
        "Paper Tigers",
        "Quiet Storm",
        "Sundial",
        "Ironclad Owls",
        "Frostbyte",
        "Saltwater",
        "Nova Rising",
        "Parallax",
        "Kite Runners",
        "Obsidian",
        "Lumen",
        "Half Step",
        "Blue Harbor",
        "Hex Key",
        "Tundra",
        "Velvet Ace",
        "Copperhead",
        "Wayfarers",
        "Sable Nine",
        "Cinder",
        "Pale Horse",
        "Midnight Oil",
        "Ground Zero",
        "Tailwind",
    ]
    rows = [
        {
            "seed": k,
            "team": team,
            "record": f"{max(0, 5 - (k - 1) // 6)}-{min(5, (k - 1) // 6)}",
            "round_diff": 14 - k,
        }
        for k, team in enumerate(teams, 1)
    ]
    t.say("", call("standings_get", {"event": "open-qualifier-2026-10"}, {"teams": 32, "final": True}))
    table = "| Seed | Team | Record | Round diff |\n|---|---|---|---|\n" + "\n".join(
        f"| {r['seed']} | {r['team']} | {r['record']} | {r['round_diff']:+d} |" for r in rows
    )
    t.say(
        "Final seeding:\n\n" + table,
        call(
            "publish_seeding",
            {"event": "open-qualifier-2026-10", "seeds": [r["team"] for r in rows]},
            {"ok": True, "url": "https://esports.example/open-qualifier-2026-10/seeding"},
        ),
    )
    t.say("Published at https://esports.example/open-qualifier-2026-10/seeding.")
    return t.healthy(
        "A 32-row markdown table shares one row template, but each row has a different team and numbers; "
        "repetitive valid text, not degenerate output."
    )


SCENARIOS = [
    ("genealogy-eight-parishes", genealogy_parish_narration_new),
    ("bounty-he-six-reports", bounty_he_dedupe),
    ("bee-de-varroa-literature", bee_de_literature),
    ("dental-recall-run", dental_recall_long),
    ("waste-pl-twelve-routes", waste_pl_daily_routes),
    ("audiology-report-three-parts", audiology_split_report),
    ("coffee-es-cupping-by-lot", coffee_es_cupping_split),
    ("marina-arrivals-per-turn", marina_arrivals_per_user),
    ("lot-fi-item-per-turn", lot_fi_per_item),
    ("esports-seeding-table", esports_seeding_table),
]
