"""Loops of look-ups: identical re-calls after empty results, polls of a frozen job, trivially varied
arguments and paraphrased searches whose results overlap."""

from __future__ import annotations

from typing import Any

from blind14gen.builder import Trace


def esg_emission_factor(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Scope 3 accounting agent looks up an emission factor for clinker in Vietnam; the factor search "
        "returns nothing and the agent re-issues the identical search until the turn budget runs out.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "model": "gpt-5-mini"},
    )
    t.user(
        "Compute Scope 3 category 1 emissions for our Q3 2026 purchases from Ha Tien Cement (supplier "
        "SUP-0931). Use the activity data from procurement and the factor library. Report tCO2e per PO line."
    )
    t.act(
        "Pulling the purchase lines first.",
        "get_purchase_lines",
        {"supplier_id": "SUP-0931", "quarter": "2026Q3"},
        {
            "supplier": "Ha Tien Cement JSC",
            "lines": [
                {"po": "PO-77120", "item": "Portland cement clinker", "qty": 4200, "unit": "t"},
                {"po": "PO-77458", "item": "Portland cement clinker", "qty": 5100, "unit": "t"},
                {"po": "PO-78003", "item": "Portland cement clinker", "qty": 3100, "unit": "t"},
            ],
        },
    )
    args = {"query": "cement clinker", "region": "VN", "year": 2026, "unit_type": "Weight"}
    empty = {"results": [], "total": 0, "page": 1, "data_version": "^21"}
    calls = [
        t.act("Now the factor for clinker produced in Vietnam.", "search_emission_factors", args, empty),
        t.act("No factor returned. Let me run the search again.", "search_emission_factors", args, empty),
        t.act(
            "Still empty. The library should have clinker factors; retrying the same search.",
            "search_emission_factors",
            args,
            empty,
        ),
        t.act("Trying once more.", "search_emission_factors", args, empty),
        t.act("", "search_emission_factors", args, empty),
        t.act("Retrying the factor lookup for clinker (VN, 2026).", "search_emission_factors", args, empty),
    ]
    t.system("Run stopped: max_turns (8) exceeded.")
    onset = calls[2]
    return t.loop(
        ["identical_call"],
        onset,
        "The same search_emission_factors call (clinker, region VN, year 2026) is issued at steps "
        f"{', '.join(map(str, calls))} and returns the same empty page each time; the agent never widens the "
        f"region or drops the year. Onset at step {onset}, the 3rd identical call with an identical, "
        "fruitless result.",
    )


def dsar_salesforce_contact(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Privacy-operations agent fulfilling a data-subject access request re-runs the same SOQL query for "
        "a Contact that does not exist (the person is a Lead), even after finding her elsewhere.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "model": "claude-sonnet-4-5"},
    )
    email = "maria.kowalczyk@example.pl"
    t.user(
        f"DSAR-2026-0412 (Art. 15 GDPR). Find every record we hold on {email} in Zendesk, Salesforce and the "
        "warehouse, then draft the access package summary. Deadline 2026-10-21."
    )
    t.act(
        "I'll start with the support desk.",
        "mcp__zendesk__search_users",
        {"query": f"email:{email}"},
        {
            "users": [
                {"id": 90233115, "name": "Maria Kowalczyk", "email": email, "created_at": "2023-02-11"}
            ],
            "tickets": 4,
        },
    )
    soql = f"SELECT Id, Name, Email, CreatedDate FROM Contact WHERE Email = '{email}'"
    empty = {"totalSize": 0, "done": True, "records": []}
    a = t.act(
        "Zendesk has her with 4 tickets. Now Salesforce contacts.",
        "mcp__salesforce__soql_query",
        {"query": soql},
        empty,
    )
    b = t.act(
        "No contact returned, which is odd for a customer with tickets since 2023. Let me run the query "
        "again.",
        "mcp__salesforce__soql_query",
        {"query": soql},
        empty,
    )
    c = t.act(
        "Salesforce may be lagging behind; querying once more.",
        "mcp__salesforce__soql_query",
        {"query": soql},
        empty,
    )
    t.act(
        "I'll check the warehouse in the meantime.",
        "mcp__warehouse__run_sql",
        {
            "sql": "select customer_id, email, country, first_order_at from dim_customer where email = "
            f"'{email}'"
        },
        f"customer_id | email | country | first_order_at\nC-0049812 | {email} | PL | 2023-01-29 08:14:02\n(1 "
        "row)",
    )
    d = t.act(
        "Warehouse has her. Back to Salesforce for the CRM record.",
        "mcp__salesforce__soql_query",
        {"query": soql},
        empty,
    )
    e = t.act("", "mcp__salesforce__soql_query", {"query": soql}, empty)
    t.say(
        "Salesforce returns no Contact for this e-mail after several attempts. I'll note Salesforce as 'no "
        "record found' in the package; Zendesk (4 tickets) and the warehouse (customer C-0049812) hold data."
    )
    return t.loop(
        ["identical_call"],
        c,
        f"The identical Contact SOQL query runs at steps {a}, {b}, {c}, {d} and {e}, always totalSize 0. The "
        f"agent never tries the Lead object or a LIKE match. Onset at step {c}, the 3rd identical call with "
        "the same empty result. The warehouse query in between is a different call and does not reset the "
        "count.",
    )


def airport_bag_trace(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Agente de handling en Madrid busca una maleta perdida por una etiqueta mal escrita y repite la "
        "misma consulta sin resultado, ignorando la matrícula de 10 dígitos que el DCS le devuelve.",
        ids="bedrock",
        meta={"harness": "bedrock-agents", "model": "anthropic.claude-haiku-4-5", "lang": "es"},
    )
    t.user(
        "Pasajera en el mostrador de equipajes de la T4: maleta no llegada del IB3167 LHR-MAD de hoy. Dice "
        "que la etiqueta es IB 075 123456. Localiza la maleta y abre expediente si hace falta. PNR K7TQ2M."
    )
    tag = {"etiqueta": "IB075123456", "fecha": "2026-10-06"}
    none = {"resultado": "SIN_REGISTRO", "etiqueta": "IB075123456", "mensajes_bsm": 0}
    a = t.act("Busco la etiqueta en el sistema de rastreo.", "rastreo_equipaje.buscar", tag, none)
    t.act(
        "Sin registro. Consulto el DCS con el PNR.",
        "dcs.consultar_pasajero",
        {"pnr": "K7TQ2M", "vuelo": "IB3167", "fecha": "2026-10-06"},
        {
            "pasajero": "HERRERO/LUCIA MS",
            "asiento": "23C",
            "equipaje": [{"matricula": "0075123456", "peso_kg": 21, "destino": "MAD", "estado": "CHECKED"}],
        },
    )
    b = t.act("Vuelvo a buscar la etiqueta de la pasajera.", "rastreo_equipaje.buscar", tag, none)
    c = t.act(
        "Sigue sin aparecer. Repito la búsqueda por si hay retraso en los mensajes BSM.",
        "rastreo_equipaje.buscar",
        tag,
        none,
    )
    d = t.act("Reintento.", "rastreo_equipaje.buscar", tag, none)
    e = t.act("Una vez más antes de abrir expediente.", "rastreo_equipaje.buscar", tag, none)
    t.say("No encuentro la maleta IB075123456 en el sistema. Recomiendo abrir un PIR manual con la pasajera.")
    return t.loop(
        ["identical_call"],
        c,
        f"rastreo_equipaje.buscar con la misma etiqueta IB075123456 en los pasos {a}, {b}, {c}, {d} y {e}, "
        "siempre SIN_REGISTRO; el DCS ya devolvió la matrícula correcta (0075123456) y el agente no la usa. "
        f"Onset at step {c}: the 3rd identical call with an identical, fruitless result (the DCS look-up in "
        "between does not reset the count).",
    )


def realestate_comps_second_turn(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Brokerage listing assistant answers a first question well; in the second turn it repeats an "
        "identical closed-comps MLS search that returns nothing (the MLS calls closed listings 'Sold').",
        ids="gemini",
        meta={"harness": "google-adk", "model": "gemini-2.5-flash"},
    )
    t.user("Pull active listings in 98115 under $1.1M with 3+ bedrooms for my buyer tour on Saturday.")
    t.act(
        "",
        "mls_search_listings",
        {"status": "Active", "postal_code": "98115", "max_price": 1100000, "min_beds": 3},
        {
            "count": 4,
            "listings": [
                {"mls": "2281904", "address": "7012 25th Ave NE", "price": 1049000, "beds": 3, "dom": 6},
                {"mls": "2283377", "address": "5809 36th Ave NE", "price": 985000, "beds": 4, "dom": 12},
                {"mls": "2279115", "address": "8331 Ravenna Ave NE", "price": 899950, "beds": 3, "dom": 21},
                {"mls": "2285020", "address": "6545 Oberlin Ave NE", "price": 1095000, "beds": 3, "dom": 2},
            ],
        },
    )
    t.say(
        "Four active matches: 7012 25th Ave NE ($1.049M, 3bd), 5809 36th Ave NE ($985k, 4bd), 8331 Ravenna "
        "Ave NE ($899,950, 3bd) and 6545 Oberlin Ave NE ($1.095M, 3bd, new on market). Want me to request "
        "showings?"
    )
    t.user(
        "Not yet. First pull closed comps for 6721 41st Ave NE: sold in the last 6 months within half a "
        "mile, similar size (1,800-2,400 sqft)."
    )
    args = {
        "status": "Closed",
        "near_address": "6721 41st Ave NE, Seattle, WA 98115",
        "radius_mi": 0.5,
        "closed_within_days": 180,
        "min_sqft": 1800,
        "max_sqft": 2400,
    }
    empty = {"count": 0, "listings": [], "warnings": []}
    steps = [
        t.act("", "mls_search_listings", args, empty),
        t.act("No comps came back; I'll run the comp search again.", "mls_search_listings", args, empty),
        t.act("", "mls_search_listings", args, empty),
        t.act("Retrying the closed-comp search.", "mls_search_listings", args, empty),
    ]
    t.say(
        "I couldn't find any closed sales within half a mile of 6721 41st Ave NE in the last 6 months. The "
        "market may have been very thin; you could widen the radius."
    )
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        "Second user turn: the identical mls_search_listings call with status 'Closed' runs at steps "
        f"{', '.join(map(str, steps))} and returns count 0 each time (this MLS uses 'Sold'). The first "
        f"turn's search had other arguments and a different question. Onset at step {onset}: the 3rd "
        "identical call counted from the second user message.",
    )


def evals_run_frozen_poll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "LLM evaluation-ops agent starts a nightly regression run and keeps polling it after the run froze "
        "at 412/1000 with a stale heartbeat, sleeping between polls, far past any sensible wait.",
        ids="responses",
        meta={"harness": "openai-responses", "model": "gpt-5"},
    )
    t.user(
        "Start the nightly regression eval for support-bot v41 (suite 'support-core-1000') and report the "
        "pass rate compared with v40. The run normally takes about 12 minutes."
    )
    t.act(
        "Creating the run.",
        "evals_create_run",
        {"suite": "support-core-1000", "candidate": "support-bot@v41", "baseline": "support-bot@v40"},
        {"run_id": "evrun_01JA9XK2T7", "status": "queued", "created_at": t.clock.iso()},
    )
    poll = {"run_id": "evrun_01JA9XK2T7"}
    t.clock.tick(240)
    t.act(
        "",
        "evals_get_run",
        poll,
        {
            "run_id": "evrun_01JA9XK2T7",
            "status": "running",
            "completed": 180,
            "total": 1000,
            "errored": 0,
            "last_heartbeat": t.clock.iso(),
        },
    )
    t.clock.tick(180)
    frozen = {
        "run_id": "evrun_01JA9XK2T7",
        "status": "running",
        "completed": 412,
        "total": 1000,
        "errored": 3,
        "last_heartbeat": t.clock.iso(),
    }
    hits = [t.act("Progressing. Checking again shortly.", "evals_get_run", poll, frozen)]
    texts = [
        "Waiting a bit before the next check.",
        "",
        "Run still at 412/1000; giving it more time.",
        "",
        "Still running. Sleeping again.",
        "",
        "Checking the run again.",
        "",
        "Let me wait and re-check.",
        "",
    ]
    for i in range(9):
        t.act(texts[(2 * i) % len(texts)], "sleep", {"seconds": 120}, "slept 120s")
        hits.append(t.act(texts[(2 * i + 1) % len(texts)], "evals_get_run", poll, frozen))
    t.system("Session terminated by operator after 41 minutes.")
    onset = hits[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"From step {hits[0]} on every evals_get_run returns the byte-identical body (412/1000, 3 errored, "
        "the same last_heartbeat): the worker is gone, but the agent keeps sleeping and polling "
        f"({len(hits)} identical polls, three times the run's usual 12 minutes). Onset at step {onset}, the "
        "3rd poll returning the same result; the sleeps in between do not reset the count.",
    )


def drilling_survey_poll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Drilling-operations agent waits for a new MWD survey station and re-reads the same WITSML "
        "trajectory window over and over; the data feed stopped and the result never changes.",
        ids="plain",
        meta={"harness": "langgraph", "model": "mistral-large-2"},
    )
    t.user(
        "Well NO 15/9-F-12 T2: as soon as the survey at ~3,412 m MD comes in, compute dogleg severity "
        "against the plan and tell the directional driller whether we are within the 3.0°/30 m limit."
    )
    t.act(
        "Fetching the planned trajectory.",
        "witsml_get_trajectory",
        {"well": "NO 15/9-F-12", "wellbore": "F-12 T2", "kind": "plan", "from_md": 3380},
        "md_m,inc_deg,azi_deg\n3380.0,41.20,128.4\n3410.0,42.10,128.9\n3440.0,43.00,129.4",
    )
    args = {"well": "NO 15/9-F-12", "wellbore": "F-12 T2", "kind": "actual", "from_md": 3380}
    same = (
        "md_m,inc_deg,azi_deg,tool,received_utc\n3383.6,41.05,128.1,MWD,2026-10-06T07:41:12Z\n"
        "3398.4,41.62,128.7,MWD,2026-10-06T07:58:40Z"
    )
    texts = [
        "Reading the actual surveys from 3,380 m.",
        "Latest station is 3,398.4 m. The 3,412 m survey isn't in yet; checking again.",
        "Still 3,398.4 m as the last station. Waiting for the next survey.",
        "No new station. Re-reading the trajectory.",
        "",
        "Checking for the 3,412 m survey.",
        "Still waiting on the new survey station.",
        "",
    ]
    steps = []
    for i, text in enumerate(texts):
        if i in (3, 6):
            t.act("Waiting a minute for the feed.", "wait", {"seconds": 60}, "ok")
        steps.append(t.act(text, "witsml_get_trajectory", args, same))
    t.say("The 3,412 m survey has not arrived yet. I'll keep monitoring.")
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        "The identical 'actual' trajectory read returns the same two stations (last received 07:58:40) at "
        f"steps {', '.join(map(str, steps))}; the feed has stopped and the agent never checks the WITSML "
        f"server status or asks the rig. Onset at step {onset}, the 3rd identical call with the same result "
        "(the waits in between do not reset it).",
    )


def payroll_rfc_variants(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Agente de nómina en México busca a un empleado por RFC con variantes triviales (minúsculas, "
        "guiones, espacios) que devuelven siempre cero resultados; el empleado está en otra razón social.",
        ids="mistral",
        meta={"harness": "mistral-agents", "model": "mistral-medium-2508", "lang": "es"},
    )
    t.user(
        "Calcula el finiquito de Luis Gómez Martínez, RFC GOML850312AB1, baja voluntaria con fecha "
        "30/09/2026. Necesito el desglose de aguinaldo proporcional, vacaciones y prima vacacional."
    )
    empty = {"empleados": [], "total": 0, "razon_social": "SERVICIOS ANDALUZ SA DE CV"}
    variants = ["GOML850312AB1", "goml850312ab1", "GOML-850312-AB1", " GOML850312AB1 ", "GOML 850312 AB1"]
    texts = [
        "Busco al empleado por RFC.",
        "Sin resultados. Pruebo en minúsculas por si el buscador distingue mayúsculas.",
        "Tampoco. Pruebo con el formato con guiones.",
        "Nada. Puede que haya espacios en el registro; pruebo con espacios alrededor.",
        "Pruebo separando las partes del RFC.",
    ]
    steps = [
        t.act(text, "nomina_buscar_empleado", {"rfc": rfc}, empty)
        for text, rfc in zip(texts, variants, strict=True)
    ]
    t.say(
        "No encuentro a Luis Gómez Martínez con ese RFC en la nómina. ¿Puedes confirmar el RFC o el número "
        "de empleado?"
    )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        "nomina_buscar_empleado con el mismo RFC escrito de cinco formas triviales (pasos "
        f"{', '.join(map(str, steps))}), siempre total 0 en la misma razón social; nunca cambia de razón "
        f"social ni busca por nombre. Onset at step {onset}: the 4th attempt at the same lookup with nothing "
        "new.",
    )


def publishing_isbn_variants(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Agent de fabrication chez un éditeur cherche la notice ONIX de l'édition numérique avec des "
        "variantes d'écriture du même ISBN, toutes introuvables.",
        ids="anthropic",
        meta={"harness": "claude-code", "model": "claude-opus-4-1", "lang": "fr"},
    )
    t.user(
        "Pour « Les Heures creuses » (parution 2026-11-05), vérifie que la notice ONIX de l'ePub est "
        "complète (prix, territoires, DRM) avant l'envoi aux distributeurs de vendredi."
    )
    t.act(
        "Je cherche d'abord l'œuvre dans le catalogue.",
        "catalogue_rechercher",
        {"titre": "Les Heures creuses"},
        {
            "oeuvre": "W-20931",
            "editions": [
                {"support": "broché", "isbn": "978-2-07-301245-6", "statut": "validé"},
                {"support": "epub", "isbn": None, "statut": "brouillon"},
            ],
        },
    )
    err = {"erreur": "PRODUIT_INCONNU", "message": "Aucun produit ONIX pour cet identifiant."}
    variants = ["9782073012463", "978-2-07-301246-3", "ISBN 9782073012463", "2073012461", "9782073012463 "]
    texts = [
        "L'ePub n'a pas d'ISBN dans le catalogue, mais il suit normalement le broché : j'essaie "
        "9782073012463.",
        "Introuvable. J'essaie avec les tirets.",
        "Toujours rien. Avec le préfixe « ISBN ».",
        "Je tente la forme ISBN-10.",
        "Dernier essai sans formatage.",
    ]
    steps = [
        t.act(text, "onix_get_product", {"isbn": v}, err, error=True)
        for text, v in zip(texts, variants, strict=True)
    ]
    t.say("Je ne trouve pas la notice ONIX de l'ePub ; elle n'existe peut-être pas encore.")
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        "onix_get_product avec le même ISBN deviné sous cinq graphies (étapes "
        f"{', '.join(map(str, steps))}), toujours PRODUIT_INCONNU ; le catalogue disait déjà que l'édition "
        f"numérique est un brouillon sans ISBN. Onset at step {onset}: the 4th attempt at the same lookup "
        "with trivially varied arguments.",
    )


def retail_planogram_limits(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Store-operations agent looks for a pet-food planogram that was never published, re-listing the "
        "same category with ever larger limits and an explicit offset; the same three planograms come back.",
        ids="bedrock",
        meta={"harness": "strands-agents", "model": "amazon.nova-pro"},
    )
    t.user(
        "Store 0412 says bay 14 in pet food has no planogram for the October reset. Find it and send the "
        "PDF link to the store manager."
    )
    same = {
        "store_id": "0412",
        "category": "PET_FOOD",
        "planograms": [
            {"id": "PG-PF-0412-09", "bays": "10-12", "effective": "2026-09-08"},
            {"id": "PG-PF-0412-10", "bays": "10-13", "effective": "2026-10-13"},
            {"id": "PG-PF-CAT-10", "bays": "15-16", "effective": "2026-10-13"},
        ],
        "total": 3,
    }
    arg_list = [
        {"store_id": "0412", "category": "PET_FOOD"},
        {"store_id": "0412", "category": "PET_FOOD", "limit": 100},
        {"store_id": "0412", "category": "PET_FOOD", "limit": 500},
        {"store_id": "0412", "category": "PET_FOOD", "limit": 1000, "offset": 0},
        {"store_id": "0412", "category": "PET_FOOD", "limit": 1000, "include_drafts": False},
    ]
    texts = [
        "Listing pet-food planograms for store 0412.",
        "Bay 14 isn't covered. The default page may be truncated; asking for 100.",
        "Same three. Trying a larger limit.",
        "Still three. Adding an explicit offset in case paging is off.",
        "One more listing.",
    ]
    steps = [t.act(text, "planogram_list", a, same) for text, a in zip(texts, arg_list, strict=True)]
    t.say(
        "I can't find a planogram covering bay 14 for store 0412. The October set covers bays 10-13 and "
        "15-16."
    )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"planogram_list for the same store and category at steps {', '.join(map(str, steps))}, only the "
        "limit and offset change and the result is always the same three planograms (total 3, so paging was "
        f"never the issue). Onset at step {onset}: the 4th listing with trivially varied arguments and "
        "nothing new.",
    )


def wealth_dividend_dates(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Wealth-management assistant looks for a dividend that has not been paid yet, nudging the date "
        "range of the same transaction query by a day at a time; every result is empty.",
        ids="openai",
        meta={"harness": "langchain", "model": "gpt-4.1"},
    )
    t.user(
        "Client U8812034 says the Q3 dividend from Nordea Bank (NDA FI) should have landed this week. "
        "Confirm the amount and whether withholding tax was applied correctly."
    )
    t.act(
        "Checking the position first.",
        "custody_get_positions",
        {"account": "U8812034", "symbols": ["NDA FI"]},
        {"positions": [{"symbol": "NDA FI", "isin": "FI4000297767", "qty": 4000, "currency": "EUR"}]},
    )
    t.act(
        "Looking up the corporate action.",
        "corporate_actions_get",
        {"isin": "FI4000297767", "type": "CASH_DIVIDEND", "year": 2026},
        {
            "events": [
                {
                    "ex_date": "2026-10-01",
                    "record_date": "2026-10-02",
                    "pay_date": "2026-10-15",
                    "gross_per_share": 0.47,
                    "currency": "EUR",
                }
            ]
        },
    )
    empty = {"account": "U8812034", "transactions": [], "count": 0}
    ranges = [
        ("2026-10-01", "2026-10-05"),
        ("2026-09-30", "2026-10-05"),
        ("2026-10-01", "2026-10-06"),
        ("2026-09-28", "2026-10-06"),
        ("2026-09-25", "2026-10-06"),
    ]
    texts = [
        "Now the dividend credit in the account.",
        "Nothing. Starting one day earlier.",
        "Still nothing; extending to today.",
        "Widening the start date a little.",
        "Trying a wider window.",
    ]
    steps = [
        t.act(
            text,
            "custody_get_transactions",
            {"account": "U8812034", "type": "DIVIDEND", "from_date": a, "to_date": b},
            empty,
        )
        for text, (a, b) in zip(texts, ranges, strict=True)
    ]
    t.say("I don't see the Nordea dividend in the account yet; it may be delayed at the custodian.")
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"custody_get_transactions for the same account and type at steps {', '.join(map(str, steps))}, each "
        "window shifted by a day or two, always empty; the corporate action already said pay date "
        f"2026-10-15. Onset at step {onset}: the 4th query with trivially varied dates and nothing new.",
    )


def journal_reviewer_paraphrase(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Journal editorial-office agent needs two new reviewers and paraphrases the reviewer-finder query; "
        "every search returns the same three people, all of whom already declined this manuscript.",
        ids="plain",
        meta={"harness": "crewai", "model": "gpt-4o"},
    )
    t.user(
        "GENB-D-26-01187 still needs two reviewers after three declines. Find and invite two suitable people."
    )
    t.act(
        "Loading the manuscript.",
        "manuscript_get",
        {"id": "GENB-D-26-01187"},
        {
            "title": "Benchmarking batch-correction methods for single-cell RNA-seq atlases",
            "keywords": ["scRNA-seq", "batch correction", "data integration", "atlas"],
            "authors_institutions": ["Karolinska Institutet", "Broad Institute"],
        },
    )
    t.act(
        "Checking who was already asked.",
        "manuscript_reviewer_history",
        {"id": "GENB-D-26-01187"},
        {
            "invitations": [
                {"name": "Adaeze Okafor", "status": "declined"},
                {"name": "Lukas Brandt", "status": "declined"},
                {"name": "Sunita Iyer", "status": "declined"},
            ]
        },
    )

    def found(order: list[int]) -> dict[str, Any]:
        people = [
            {
                "name": "Adaeze Okafor",
                "affiliation": "EMBL-EBI",
                "h_index": 31,
                "note": "declined this manuscript",
            },
            {
                "name": "Lukas Brandt",
                "affiliation": "TU München",
                "h_index": 24,
                "note": "declined this manuscript",
            },
            {
                "name": "Sunita Iyer",
                "affiliation": "NCBS Bengaluru",
                "h_index": 28,
                "note": "declined this manuscript",
            },
        ]
        return {"candidates": [people[i] for i in order], "excluded_conflicts": 4}

    queries = [
        ("Searching for experts on the topic.", "single-cell RNA-seq batch correction", [0, 1, 2]),
        (
            "All three already declined. Rephrasing around integration methods.",
            "scRNA-seq batch effect integration methods",
            [1, 0, 2],
        ),
        (
            "Same people. Trying a broader phrasing.",
            "data integration across single-cell datasets",
            [0, 2, 1],
        ),
        ("Let me try different wording.", "harmonization of single cell transcriptomic batches", [2, 0, 1]),
        ("One more angle: atlas-scale integration.", "atlas-scale single-cell data harmonisation", [0, 1, 2]),
    ]
    steps = [
        t.act(text, "reviewer_finder_search", {"query": q, "exclude_conflicts": True}, found(order))
        for text, q, order in queries
    ]
    t.say("The reviewer finder keeps proposing Okafor, Brandt and Iyer, who all declined. I need guidance.")
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"reviewer_finder_search paraphrased five times (steps {', '.join(map(str, steps))}); every result "
        "is the same three candidates in a different order, all marked 'declined this manuscript'. The "
        f"agent never uses keywords, citing authors or another source. Onset at step {onset}: the 4th "
        "paraphrase bringing nothing new.",
    )


def immigration_policy_paraphrase(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Immigration-law assistant paraphrases a policy-manual search about H-1B worksite moves; each query "
        "returns the same two passages, which the agent never reads in full.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "model": "claude-sonnet-4-5"},
    )
    t.user(
        "Our client's H-1B engineer is moving from the Austin office to a new office 20 miles away, same "
        "metro area. Do we need an amended petition or just a new LCA posting? Cite the manual."
    )
    hits = {
        "results": [
            {
                "doc": "policy-manual/vol2/partB/ch4",
                "heading": "Changes in Worksite Location",
                "snippet": "A change in the place of employment to a geographical area outside the "
                "metropolitan statistical area covered by the existing certified LCA requires...",
            },
            {
                "doc": "policy-manual/vol2/partB/ch4#short-term",
                "heading": "Short-term Placements",
                "snippet": "Placements of up to 30 workdays (in some cases 60) at a new worksite...",
            },
        ]
    }
    queries = [
        "H-1B worksite change within same MSA amended petition",
        "worksite move inside metropolitan statistical area H-1B amendment requirement",
        "new office same metro area H-1B petition amend or LCA posting",
        "H-1B relocation nearby worksite LCA posting instead of amendment",
        "when is an amended H-1B petition not required for a move in the same area",
    ]
    texts = [
        "Searching the policy manual.",
        "These look relevant, but let me phrase it around the MSA rule.",
        "Same two passages. Another phrasing, focusing on the posting obligation.",
        "Let me try wording it as a relocation.",
        "One more query to be sure I'm not missing a section.",
    ]
    steps = [
        t.act(text, "policy_manual_search", {"q": q, "top_k": 5}, hits)
        for text, q in zip(texts, queries, strict=True)
    ]
    t.say(
        "The manual's 'Changes in Worksite Location' section appears to govern this, but I could not locate "
        "a passage that explicitly addresses moves within the same MSA."
    )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"policy_manual_search with five paraphrases of one question (steps {', '.join(map(str, steps))}), "
        "each returning the same two passages; the agent never opens the chapter it keeps finding. Onset at "
        f"step {onset}: the 4th paraphrased search with no new result.",
    )


def price_monitor_paraphrase(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Competitor price-monitoring browser agent searches for a discontinued retailer page with "
        "paraphrased queries; the same three URLs come back every time.",
        ids="openai",
        meta={"harness": "browser-use", "model": "gpt-4.1-mini"},
    )
    t.user(
        "Get today's price for the Breville Barista Express BES870 at Currys UK for the weekly price sheet."
    )
    urls = {
        "results": [
            {
                "url": "https://www.currys.co.uk/products/breville-barista-express-bes870uk-bean-to-cup-coffee-machine"
                "-10180411.html",
                "title": "BREVILLE Barista Express BES870UK Bean to Cup Coffee Machine | Currys",
            },
            {
                "url": "https://pricespy.co.uk/home-kitchen/coffee-machines/breville-barista-express--p4120511",
                "title": "Breville Barista Express - Compare prices - PriceSpy UK",
            },
            {
                "url": "https://www.reddit.com/r/espresso/comments/1f0x2q/currys_barista_express_deal/",
                "title": "Currys Barista Express deal? : r/espresso",
            },
        ]
    }
    steps = [
        t.act(
            "Searching for the product page.",
            "web_search",
            {"query": "Breville Barista Express BES870 Currys price"},
            urls,
        )
    ]
    t.act(
        "Opening the Currys result.",
        "browser_navigate",
        {"url": urls["results"][0]["url"]},
        "Page loaded. Title: 'BREVILLE Barista Express ... | Currys'. Visible text: 'This product is no "
        "longer available.' 'You might also like: Sage the Barista Express Impress SES876 £499.00'.",
    )
    for text, q in [
        (
            "Unavailable. Let me search for the current listing.",
            "Currys Breville BES870 espresso machine price today",
        ),
        ("Same results. Trying the model number on its own.", "BES870UK Currys"),
        ("Let me phrase it as a buy query.", "buy Breville Barista Express Currys UK"),
        ("Trying 'in stock' wording.", "Breville Barista Express in stock Currys"),
    ]:
        steps.append(t.act(text, "web_search", {"query": q}, urls))
    t.say("Currys does not seem to list the BES870 any more; I'll mark it as 'n/a' in the price sheet.")
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"web_search paraphrased at steps {', '.join(map(str, steps))}; every result is the same three URLs, "
        "and the product page already said the item is no longer available (Breville is sold as Sage in the "
        f"UK). Onset at step {onset}: the 4th search attempt with no new result.",
    )


def vector_index_korean(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "한국어 지식베이스 색인 관리 에이전트가 새 환불 정책 문서가 검색되는지 확인하려고 질의를 바꿔 가며 "
        "같은 색인을 조회하지만, 문서는 색인에 들어간 적이 없어 매번 같은 상위 5건이 나온다.",
        ids="gemini",
        meta={"harness": "google-adk", "model": "gemini-2.5-pro", "lang": "ko"},
    )
    t.user(
        "9월에 올린 'refund-policy-2026-09.md' 문서가 상담 봇 검색에 안 걸린다는 제보가 있어. 색인 kb-ko-v3 "
        "에서 확인하고 원인 알려줘."
    )
    top = {
        "index": "kb-ko-v3",
        "matches": [
            {"doc_id": "refund-policy-2025-03.md#2", "score": 0.812},
            {"doc_id": "faq-payments.md#7", "score": 0.774},
            {"doc_id": "refund-policy-2025-03.md#5", "score": 0.761},
            {"doc_id": "shipping-returns.md#1", "score": 0.730},
            {"doc_id": "membership-terms.md#12", "score": 0.702},
        ],
    }
    queries = [
        ("색인에서 직접 검색해 보겠습니다.", "2026년 환불 정책 변경 사항"),
        ("새 문서가 안 나오네요. 문서 제목에 가까운 표현으로 다시 검색합니다.", "환불 정책 2026년 9월 개정"),
        ("여전히 2025년 문서만 나옵니다. 다른 표현으로 시도합니다.", "개정된 환불 규정 청약철회 기간"),
        ("키워드를 바꿔 다시 검색합니다.", "refund policy 2026-09 환불"),
        ("한 번 더, 구체적인 조항으로 검색해 보겠습니다.", "디지털 상품 환불 불가 조항 2026"),
    ]
    steps = [
        t.act(text, "vector_query", {"index": "kb-ko-v3", "text": q, "top_k": 5}, top) for text, q in queries
    ]
    t.say("새 문서가 검색 상위에 나오지 않습니다. 임베딩 품질 문제일 수 있어 재색인을 권장합니다.")
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"vector_query 를 다섯 번 바꿔 말한 질의로 호출 (steps {', '.join(map(str, steps))}), 결과는 매번 "
        "같은 상위 5건이고 새 문서는 없음. 에이전트는 색인에 문서가 있는지(get_document / 수집 로그)를 한 "
        f"번도 확인하지 않는다. Onset at step {onset}: the 4th paraphrased query with the same results.",
    )


SCENARIOS = [
    ("esg-emission-factor-empty", esg_emission_factor),
    ("dsar-soql-contact-empty", dsar_salesforce_contact),
    ("handling-maleta-sin-registro", airport_bag_trace),
    ("mls-closed-comps-second-turn", realestate_comps_second_turn),
    ("evals-run-frozen-poll", evals_run_frozen_poll),
    ("drilling-survey-feed-stalled", drilling_survey_poll),
    ("nomina-rfc-variantes", payroll_rfc_variants),
    ("edition-isbn-variantes", publishing_isbn_variants),
    ("planogram-limit-variants", retail_planogram_limits),
    ("custody-dividend-date-nudges", wealth_dividend_dates),
    ("journal-reviewer-paraphrase", journal_reviewer_paraphrase),
    ("immigration-policy-paraphrase", immigration_policy_paraphrase),
    ("price-monitor-paraphrase", price_monitor_paraphrase),
    ("vector-index-ko-paraphrase", vector_index_korean),
]
