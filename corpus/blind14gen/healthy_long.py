"""Healthy long and repetitive-looking sessions: searches that each bring new results under formulaic
narration, long legitimate runs, identical calls that each answer a new user message, long valid tables, one
re-delegation with a corrected brief."""

from __future__ import annotations

from typing import Any

from blind14gen.builder import Trace


def caselaw_searches_new_results(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Immigration-law research agent runs six searches with near-identical narration ('Let me search for "
        "more precedent'); every search returns decisions not seen before, and it writes a memo.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "model": "claude-sonnet-4-5"},
    )
    t.user(
        "Find AAO non-precedent decisions from 2023-2026 on O-1A 'high remuneration' where the petitioner "
        "used equity compensation. I need at least eight for a memo."
    )
    rng = t.rng
    queries = [
        "O-1A high remuneration equity compensation",
        "O-1A high salary stock options valuation",
        "extraordinary ability remuneration RSU vesting",
        "O-1A remuneration startup founder equity",
        "high remuneration comparable evidence O-1A equity grant",
        "O-1A salary criterion total compensation stock",
    ]
    seen = 0
    for i, q in enumerate(queries):
        hits = []
        for _ in range(2 if i % 2 else 3):
            seen += 1
            month = rng.choice(["JAN", "MAR", "MAY", "JUL", "SEP", "NOV"])
            hits.append(
                {
                    "id": f"{month}{rng.randint(10, 28)}{2023 + seen % 4}_0{rng.randint(1, 9)}B2203",
                    "outcome": rng.choice(["sustained", "dismissed", "remanded"]),
                    "note": rng.choice(
                        [
                            "equity valued via 409A",
                            "options unvested, given no weight",
                            "RSUs counted at grant value",
                            "founder equity speculative",
                        ]
                    ),
                }
            )
        t.act(
            "Let me search for more precedent." if i else "Searching AAO decisions.",
            "aao_search",
            {"query": q, "from": 2023, "to": 2026, "form": "I-129 O-1A"},
            {"results": hits, "new": len(hits)},
        )
    t.say(
        f"Found {seen} relevant decisions. Pattern: AAO credits vested equity valued at grant or via 409A "
        "and gives little weight to unvested options or founder equity without a valuation. Memo draft "
        "follows."
    )
    return t.healthy(
        "Six aao_search calls with formulaic narration; each query is different and each returns decisions "
        "not returned before. Repetitive narration with new results is progress."
    )


def esg_supplier_chase_pl(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Agent ESG obsługuje ankiety dostawców: dla każdego z dziesięciu dostawców ta sama formuła "
        "narracji, ale inny dostawca, inny status i inna akcja.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "model": "gpt-5-mini", "lang": "pl"},
    )
    t.user(
        "Sprawdź status ankiet emisyjnych u 10 kluczowych dostawców i wyślij przypomnienia tam, gdzie brak "
        "odpowiedzi od ponad 14 dni."
    )
    rng = t.rng
    names = [
        "Stalprofil SA",
        "Opakowania Mazur",
        "Chemtrans",
        "Logis-Bałtyk",
        "Drukarnia Pomorska",
        "Elmet",
        "Agro-Farm Kujawy",
        "PolTextil",
        "Szkło-Krosno",
        "Transbud",
    ]
    reminded = []
    for i, name in enumerate(names):
        days = rng.choice([3, 9, 16, 21, 30]) if i not in (2, 6) else 0
        status = "ODPOWIEDŹ" if days == 0 else "WYSŁANA"
        t.act(
            "Następny dostawca." if i else "Zaczynam od pierwszego dostawcy.",
            "ankieta_status",
            {"dostawca": name, "kampania": "SCOPE3-2026"},
            {"dostawca": name, "status": status, "dni_od_wysylki": days or None},
        )
        if days > 14:
            reminded.append(name)
            t.act(
                "Ponad 14 dni, wysyłam przypomnienie.",
                "wyslij_przypomnienie",
                {"dostawca": name, "kampania": "SCOPE3-2026", "szablon": "przypomnienie-1"},
                {"ok": True},
            )
    t.say(
        f"Sprawdzono 10 dostawców. Przypomnienia wysłano do: {', '.join(reminded)}. Odpowiedzieli: "
        "Chemtrans, Agro-Farm Kujawy."
    )
    return t.healthy(
        "ankieta_status dziesięć razy z tą samą formułą narracji ('Następny dostawca.'), ale każdy dla "
        "innego dostawcy, a przypomnienia tylko tam, gdzie trzeba. Formulaic narration over new targets."
    )


def payroll_close_long(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Payroll agent closes a pay period end to end: missing timesheets, bonus import fixes, garnishment "
        "checks, tax preview, calculation job, variance review, approval, commit, bank file and GL posting.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "model": "gpt-4.1"},
    )
    t.user(
        "Close pay period 2026-20 for Northwind Freight US. Pay date is Friday 10/09. Ping me only if "
        "blocked."
    )
    t.act(
        "Opening the period.",
        "payroll_get_period",
        {"entity": "NWF-US", "period": "2026-20"},
        {"status": "OPEN", "employees": 412, "cutoff": "2026-10-06T17:00:00-05:00"},
    )
    missing = ["E10233", "E10417", "E10502", "E10688", "E10731", "E10902"]
    t.act(
        "Checking timesheets.",
        "timesheets_missing",
        {"entity": "NWF-US", "period": "2026-20"},
        {"missing": missing},
    )
    for i, emp in enumerate(missing):
        t.act(
            "Notifying each manager." if i == 0 else "",
            "notify_manager",
            {"employee": emp, "template": "missing-timesheet", "deadline": "2026-10-06T15:00"},
            {"ok": True},
        )
    t.act("Waiting for submissions.", "sleep", {"seconds": 1800}, "")
    t.act("", "timesheets_missing", {"entity": "NWF-US", "period": "2026-20"}, {"missing": ["E10731"]})
    t.act(
        "One left; escalating to the site HR partner.",
        "notify",
        {
            "to": "hr-partner-memphis",
            "text": "E10731 has no timesheet for 2026-20; default schedule will be paid unless corrected "
            "by 17:00.",
        },
        {"ok": True},
    )
    t.act(
        "Importing the bonus file.",
        "import_file",
        {"type": "bonus", "path": "imports/q3_driver_bonus.csv"},
        {
            "rows": 88,
            "imported": 86,
            "errors": [
                {"row": 14, "error": "unknown earning code DRV-SAF"},
                {"row": 61, "error": "employee E10999 terminated 2026-09-12"},
            ],
        },
    )
    t.act(
        "Row 14 uses the old code; mapping DRV-SAF to DRV-SAFE.",
        "import_fix_row",
        {"import": "bonus", "row": 14, "set": {"earning_code": "DRV-SAFE"}},
        {"ok": True},
    )
    t.act(
        "Row 61 is a terminated employee; routing it to off-cycle instead.",
        "import_fix_row",
        {"import": "bonus", "row": 61, "action": "move_to_offcycle"},
        {"ok": True},
    )
    t.act("Validating the import.", "import_validate", {"import": "bonus"}, {"errors": [], "rows": 87})
    garn = ["E10118", "E10342", "E10567", "E10611", "E10870"]
    t.act(
        "Garnishments this period.",
        "garnishments_list",
        {"entity": "NWF-US", "period": "2026-20"},
        {"employees": garn},
    )
    rng = t.rng
    for emp in garn:
        t.act(
            "",
            "garnishment_verify",
            {"employee": emp},
            {
                "employee": emp,
                "order": f"ORD-{rng.randint(10000, 99999)}",
                "amount_ok": True,
                "cap_check": "within CCPA limit",
            },
        )
    t.act(
        "Tax preview.",
        "tax_preview",
        {"entity": "NWF-US", "period": "2026-20"},
        {"warnings": [{"employee": "E10455", "warning": "work state GA differs from withholding state TN"}]},
    )
    t.act(
        "E10455 moved to Georgia in September; adding GA withholding.",
        "tax_update_employee",
        {"employee": "E10455", "withholding_state": "GA", "effective": "2026-09-28"},
        {"ok": True},
    )
    t.act("", "tax_preview", {"entity": "NWF-US", "period": "2026-20"}, {"warnings": []})
    t.act(
        "Running the calculation.",
        "payroll_calculate",
        {"entity": "NWF-US", "period": "2026-20"},
        {"job": "calc-2026-20-a1", "state": "running"},
    )
    for pct, state in [(38, "running"), (81, "running"), (100, "done")]:
        t.act(
            "",
            "job_status",
            {"job": "calc-2026-20-a1"},
            {"job": "calc-2026-20-a1", "state": state, "progress": pct},
        )
    t.act(
        "Variance against the previous period.",
        "variance_report",
        {"entity": "NWF-US", "period": "2026-20", "compare": "2026-19", "threshold_pct": 25},
        {
            "outliers": [
                {"employee": "E10233", "change_pct": 41},
                {"employee": "E10812", "change_pct": -52},
                {"employee": "E10690", "change_pct": 33},
            ]
        },
    )
    explanations = {
        "E10233": "Q3 safety bonus $1,150",
        "E10812": "unpaid leave 5 days",
        "E10690": "overtime 23.5 h",
    }
    for emp, why in explanations.items():
        t.act("", "payslip_preview", {"employee": emp, "period": "2026-20"}, {"employee": emp, "driver": why})
    t.act(
        "Outliers explained. Requesting controller approval.",
        "approval_request",
        {
            "item": "PAYROLL-NWF-US-2026-20",
            "approver": "controller",
            "summary": "412 employees, gross $1.93M",
        },
        {"approval_id": "APR-5531", "state": "pending"},
    )
    t.act("", "sleep", {"seconds": 600}, "")
    t.act("", "approval_status", {"approval_id": "APR-5531"}, {"state": "approved", "by": "m.okoye"})
    t.act(
        "Approved. Committing.",
        "payroll_commit",
        {"entity": "NWF-US", "period": "2026-20"},
        {"ok": True, "net_pay_total": 1402217.66},
    )
    t.act(
        "Generating the NACHA file.",
        "bank_file_generate",
        {"entity": "NWF-US", "period": "2026-20", "format": "NACHA", "effective_date": "2026-10-09"},
        {"file": "NWF-US-2026-20.ach", "entries": 409, "total": 1402217.66},
    )
    t.act(
        "",
        "bank_file_submit",
        {"file": "NWF-US-2026-20.ach", "bank": "first-horizon"},
        {"ok": True, "batch": "FH-88123"},
    )
    t.act(
        "Posting the GL journal.",
        "gl_post_journal",
        {"source": "payroll", "entity": "NWF-US", "period": "2026-20"},
        {"ok": True, "journal": "JE-2026-10-0441", "lines": 36},
    )
    t.say(
        "Pay period 2026-20 closed: 412 employees, net $1,402,217.66 submitted to First Horizon for 10/09 "
        "(batch FH-88123), GL journal JE-2026-10-0441. Notes: E10731 paid on default schedule; bonus row "
        "for terminated E10999 moved off-cycle; E10455 now withholds GA tax."
    )
    return t.healthy(
        "A long close with many distinct tools and targets: per-manager notifications, row fixes, "
        "per-employee garnishment checks, a tax fix and re-preview, a job polled to completion, approval, "
        "commit, bank file and GL. Repeated tools always act on new targets or re-check after an action."
    )


def crew_disruption_long(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Crew-control agent recovers from a thunderstorm ground stop: for each cancelled rotation it finds "
        "the stranded crew, checks rest, re-assigns or hotels them, and logs the decisions.",
        ids="responses",
        meta={"harness": "openai-responses", "model": "gpt-5"},
    )
    t.user(
        "Thunderstorm ground stop at ARN 15:00-17:30 cancelled several rotations. Recover the crews for "
        "tonight and tomorrow morning; hotel anyone who can't legally fly."
    )
    cancelled = ["SK1415", "SK1421", "SK2903", "SK1493", "SK587"]
    t.act(
        "Listing cancelled flights.",
        "ops_cancelled_flights",
        {"station": "ARN", "from": "15:00", "to": "17:30"},
        {"flights": cancelled},
    )
    rng = t.rng
    hotels = 0
    for i, fl in enumerate(cancelled):
        crew = [f"{rank}-{rng.randint(20000, 39999)}" for rank in ("CPT", "FO", "SCC", "CC")]
        t.act(
            f"Crew for {fl}." if i else "Starting with the first rotation.",
            "crew_for_flight",
            {"flight": fl},
            {"flight": fl, "crew": crew},
        )
        fdp_left = rng.choice(["02:10", "04:45", "00:50", "05:30"])
        t.act("", "crew_fdp_remaining", {"crew": crew}, {"min_fdp_remaining": fdp_left})
        if fdp_left in ("00:50", "02:10"):
            hotels += 1
            t.act(
                "Not enough duty time left; booking the hotel.",
                "hotel_book",
                {"station": "ARN", "crew": crew, "nights": 1, "hotel": "Radisson Arlandia"},
                {"ok": True, "booking": f"HTL-{rng.randint(1000, 9999)}"},
            )
        else:
            nxt = rng.choice(["SK1431", "SK1427", "SK2911"])
            t.act(
                f"Re-assigning to {nxt}.",
                "crew_assign",
                {"crew": crew, "flight": nxt, "date": "2026-10-06"},
                {"ok": True, "legal": True},
            )
        t.act(
            "",
            "ops_log",
            {
                "entry": f"{fl}: crew recovered "
                f"({'hotel' if fdp_left in ('00:50', '02:10') else 're-assigned'})"
            },
            {"ok": True},
        )
    t.act(
        "Checking tomorrow morning's coverage.",
        "crew_coverage",
        {"station": "ARN", "date": "2026-10-07", "until": "10:00"},
        {"uncovered": [{"flight": "SK1400", "rank": "FO"}]},
    )
    t.act(
        "One FO gap; calling the standby.",
        "crew_assign",
        {"crew": ["FO-31207"], "flight": "SK1400", "date": "2026-10-07"},
        {"ok": True, "legal": True},
    )
    t.act("", "crew_coverage", {"station": "ARN", "date": "2026-10-07", "until": "10:00"}, {"uncovered": []})
    t.say(
        f"Recovered all {len(cancelled)} cancelled rotations: {hotels} crews hotelled at Radisson Arlandia, "
        "the rest re-assigned to evening flights. Tomorrow until 10:00 is fully covered (FO-31207 on "
        "SK1400)."
    )
    return t.healthy(
        "A long recovery over five different rotations, each with its own crew, duty-time check and action, "
        "then a coverage check, one fix and a re-check. Repeated tools act on new targets."
    )


def showing_status_per_user_turn(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Buyer's-agent assistant answers the same 'is the showing confirmed?' question in four user turns "
        "with the identical status call; the listing agent confirms in the last one.",
        ids="gemini",
        meta={"harness": "google-adk", "model": "gemini-2.5-flash"},
    )
    t.user("Request a showing of 6545 Oberlin Ave NE for Saturday at 11:00.")
    t.act(
        "",
        "showing_request",
        {"mls": "2285020", "date": "2026-10-10", "time": "11:00"},
        {"showing_id": "SH-77120", "status": "REQUESTED"},
    )
    t.say("Requested for Saturday 11:00 (SH-77120). I'll let you know when the listing agent confirms.")
    answers = [
        (
            "Any update on Oberlin?",
            {"showing_id": "SH-77120", "status": "REQUESTED"},
            "Not yet: still waiting for the listing agent.",
        ),
        (
            "Is the Oberlin showing confirmed now?",
            {"showing_id": "SH-77120", "status": "REQUESTED"},
            "Still pending. Listing agents often confirm the day before.",
        ),
        (
            "How about now? The buyers need to plan.",
            {
                "showing_id": "SH-77120",
                "status": "CONFIRMED",
                "lockbox": "Supra, front door",
                "note": "Shoes off please",
            },
            "Confirmed for Saturday 11:00. Supra lockbox at the front door; shoes off please.",
        ),
    ]
    for question, result, reply in answers:
        t.user(question)
        t.act("", "showing_get", {"showing_id": "SH-77120"}, result)
        t.say(reply)
    return t.healthy(
        "showing_get with identical arguments three times, each answering a new user message (and the last "
        "result differs). Identical calls that each answer a new user question are not a loop."
    )


def haccp_weekly_table(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Food-safety agent produces the weekly cooler temperature log as a long markdown table whose rows "
        "are nearly identical; the output is valid, not degenerate.",
        ids="openai",
        meta={"harness": "openai-chat-completions", "model": "gpt-4o-mini"},
    )
    t.user(
        "Give me the CCP-2 walk-in cooler log for last week (Mon-Sun, 4 checks a day) as a table for the "
        "inspector, and note any deviations."
    )
    rng = t.rng
    rows = []
    days = ["Mon 09-28", "Tue 09-29", "Wed 09-30", "Thu 10-01", "Fri 10-02", "Sat 10-03", "Sun 10-04"]
    for day in days:
        for time in ("06:00", "10:00", "14:00", "18:00"):
            rows.append(
                {
                    "day": day,
                    "time": time,
                    "temp_f": round(rng.uniform(35.2, 38.9), 1),
                    "by": rng.choice(["Dana R.", "Luis P.", "Mei K."]),
                }
            )
    t.act(
        "Fetching the readings.",
        "haccp_readings",
        {"ccp": "CCP-2", "from": "2026-09-28", "to": "2026-10-04"},
        {"readings": rows},
    )
    table = "| Day | Time | Temp (°F) | Limit | OK | Checked by |\n|---|---|---|---|---|---|\n"
    table += "\n".join(f"| {r['day']} | {r['time']} | {r['temp_f']} | ≤ 41.0 | ✓ | {r['by']} |" for r in rows)
    t.say(
        f"CCP-2 walk-in cooler, 28 Sep - 4 Oct 2026 (28 checks):\n\n{table}\n\nNo deviations: every reading "
        "was at or below the 41 °F critical limit."
    )
    return t.healthy(
        "One look-up and a 28-row markdown table whose rows share most of their text ('| ≤ 41.0 | ✓ |'). "
        "Repetitive but valid text (a table), not degenerate output."
    )


def esg_redelegate_corrected_brief(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "ESG manager agent delegates a supplier-data search, sees the sub-agent researched the wrong "
        "company, re-delegates once with a corrected brief and gets the answer.",
        ids="openai",
        meta={"harness": "langgraph-supervisor", "model": "gpt-4.1"},
    )
    t.user(
        "Find a product-level emission factor for the aluminium coil we buy from Hydro Extrusion Poland "
        "(Trzcianka plant)."
    )
    t.act(
        "Delegating the research.",
        "delegate",
        {
            "agent": "supplier_research",
            "task": "Find product carbon footprint for aluminium coil from Hydro.",
        },
        "Report: Norsk Hydro publishes 'Hydro CIRCAL' and 'Hydro REDUXA' low-carbon primary aluminium: "
        "REDUXA 4.0 kg CO2e/kg (cradle-to-gate). Source: hydro.com product pages.",
    )
    t.act(
        "That's primary aluminium from the group, not the extrusion plant we buy from. Re-delegating with "
        "the exact site and product.",
        "delegate",
        {
            "agent": "supplier_research",
            "task": "Find an EPD or PCF for extruded/coil products from Hydro Extrusion "
            "Poland, Trzcianka plant (not group-level primary aluminium).",
        },
        "Report: EPD 'Aluminium extrusion profiles, Hydro Extrusion Poland Sp. z o.o., Trzcianka' (EPD-ITB "
        "No. 412/2025): 6.9 kg CO2e/kg, A1-A3. No separate coil EPD; coil is not produced at Trzcianka (it "
        "is sourced from Hydro Rolling).",
    )
    t.say(
        "There's no coil EPD at Trzcianka; that plant's extrusion EPD gives 6.9 kg CO2e/kg (A1-A3). The "
        "coil we buy likely comes from Hydro Rolling; I suggest asking procurement for the exact mill."
    )
    return t.healthy(
        "Two delegations of the same topic, the second with a corrected brief after the first report "
        "answered a different question; the second report is new. One re-delegation with a corrected brief "
        "is healthy."
    )


def reviewer_searches_new_names(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Journal editorial-office agent rephrases reviewer searches; each brings new, eligible candidates, "
        "and it invites two.",
        ids="plain",
        meta={"harness": "crewai", "model": "gpt-4o"},
    )
    t.user(
        "GENB-D-26-01203 (spatial transcriptomics deconvolution) needs three reviewers. Find and invite them."
    )
    batches = [
        (
            "spatial transcriptomics deconvolution",
            [("Hyun-woo Park", "KAIST"), ("Elena Rossi", "IIT Genova")],
        ),
        (
            "cell-type deconvolution Visium benchmarking",
            [("Tomás Aguirre", "CNAG Barcelona"), ("Ifeoma Eze", "Wellcome Sanger")],
        ),
        (
            "probabilistic models for spot-level cell mixtures",
            [("Jonas Lund", "SciLifeLab"), ("Meera Pillai", "EMBL Heidelberg")],
        ),
    ]
    for i, (q, people) in enumerate(batches):
        t.act(
            "Searching for reviewers." if i == 0 else "Let me look from another angle for more candidates.",
            "reviewer_finder_search",
            {"query": q, "exclude_conflicts": True},
            {"candidates": [{"name": n, "affiliation": a, "recent_reviews": i + 1} for n, a in people]},
        )
    invited = ["Hyun-woo Park", "Ifeoma Eze", "Jonas Lund"]
    for name in invited:
        t.act(
            "",
            "reviewer_invite",
            {"manuscript": "GENB-D-26-01203", "reviewer": name, "due_days": 21},
            {"ok": True, "invitation": f"INV-{len(name) * 97}"},
        )
    t.say(
        "Invited Hyun-woo Park (KAIST), Ifeoma Eze (Sanger) and Jonas Lund (SciLifeLab); alternates: Elena "
        "Rossi, Tomás Aguirre, Meera Pillai."
    )
    return t.healthy(
        "Three differently worded reviewer searches, each returning new candidates, then three invitations "
        "to different people. Paraphrased searches that bring new results are progress."
    )


SCENARIOS = [
    ("aao-caselaw-searches-new", caselaw_searches_new_results),
    ("ankiety-dostawcow-pl", esg_supplier_chase_pl),
    ("payroll-period-close-long", payroll_close_long),
    ("crew-disruption-recovery-long", crew_disruption_long),
    ("showing-status-per-user-turn", showing_status_per_user_turn),
    ("haccp-weekly-log-table", haccp_weekly_table),
    ("esg-redelegate-corrected-brief", esg_redelegate_corrected_brief),
    ("reviewer-searches-new-names", reviewer_searches_new_names),
]
