"""Failure streaks: rewritten inputs that hit the same error class, schema misuse, identical failing calls."""

from __future__ import annotations

import json
from typing import Any

from blind14gen.builder import Trace


def dsar_export_scope(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Privacy-operations agent exports three systems fine, then keeps rewriting the identity-service "
        "export request (id, e-mail, format, date range) while it answers 403 insufficient_scope every time.",
        ids="bedrock",
        meta={"harness": "bedrock-agentcore", "model": "anthropic.claude-sonnet-4-5"},
    )
    t.user("DSAR-2026-0433: export all account data for subject SUBJ-88410 (jonas.berg@example.se) as a ZIP.")
    for system, files in (("crm", 6), ("support", 11), ("billing", 4)):
        t.act(
            f"Exporting from {system}." if system == "crm" else "",
            "system_export",
            {"system": system, "subject_id": "SUBJ-88410"},
            {"ok": True, "system": system, "files": files, "path": f"s3://dsar/0433/{system}/"},
        )
    forbidden = (
        'HTTP 403 Forbidden\n{"error": "insufficient_scope", "error_description": "The access token '
        'lacks scope privacy.export", "required_scope": "privacy.export"}'
    )
    attempts = [
        ("Requesting the export.", {"subject_id": "SUBJ-88410", "format": "zip"}),
        (
            "Forbidden. Maybe the subject id isn't accepted here; using the e-mail instead.",
            {"email": "jonas.berg@example.se", "format": "zip"},
        ),
        (
            "Still 403. Trying JSON instead of ZIP in case ZIP exports are restricted.",
            {"subject_id": "SUBJ-88410", "format": "json"},
        ),
        (
            "Let me limit the export to the last 24 months; large exports might need more rights.",
            {"subject_id": "SUBJ-88410", "format": "json", "from": "2024-10-01", "to": "2026-10-06"},
        ),
        (
            "Trying with both identifiers.",
            {"subject_id": "SUBJ-88410", "email": "jonas.berg@example.se", "format": "zip"},
        ),
        ("One more attempt with the minimal payload.", {"subject_id": "SUBJ-88410"}),
    ]
    steps = [t.act(text, "identity_export_user_data", args, forbidden, error=True) for text, args in attempts]
    t.say("The export keeps failing with 403. I'm unable to complete the DSAR export.")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        "identity_export_user_data fails with the same 403 insufficient_scope (missing privacy.export) at "
        f"steps {', '.join(map(str, steps))}; each attempt rewrites the identifiers or format, none "
        f"addresses the token scope, and nobody is asked for it. Onset at step {onset}: the 4th failure of "
        "the same kind.",
    )


def laytime_sof_overlap(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Chartering agent computing laytime rewrites the statement-of-facts events again and again; the "
        "calculator rejects each with the same overlapping-interval error (reported in the body, not as a "
        "tool error).",
        ids="openai",
        meta={"harness": "langchain", "model": "gpt-4.1"},
        indent=2,
    )
    t.user(
        "MV Nordic Tern, voyage 26-114, discharge at Santos. Compute laytime and demurrage from the "
        "attached SOF under the GENCON 94 terms in the fixture recap (laytime 72 h SHINC, demurrage USD "
        "18,500/day pro rata)."
    )
    t.act(
        "Reading the fixture recap.",
        "fixture_get_recap",
        {"voyage": "26-114"},
        {"laytime_hours": 72, "terms": "SHINC", "demurrage_usd_per_day": 18500, "nor_turn_time_hours": 6},
    )

    def ev(name: str, start: str, end: str) -> dict[str, str]:
        return {"event": name, "from": start, "to": end}

    base = [
        ev("NOR tendered", "2026-09-28T06:00", "2026-09-28T06:00"),
        ev("Waiting for berth", "2026-09-28T06:00", "2026-09-30T14:30"),
        ev("Shifting to berth", "2026-09-30T13:45", "2026-09-30T16:10"),
        ev("Discharging", "2026-09-30T16:10", "2026-10-04T09:20"),
    ]
    versions = [
        base,
        [*base[:2], ev("Shifting to berth", "2026-09-30T14:00", "2026-09-30T16:10"), base[3]],
        [ev("NOR tendered", "2026-09-28T06:00", "2026-09-28T06:01"), base[1], base[2], base[3]],
        [*base[:2], ev("Shifting", "2026-09-30T13:45", "2026-09-30T16:10"), base[3]],
        [base[1], base[2], base[3]],
    ]
    texts = [
        "Calculating laytime from the SOF events.",
        "It says shifting overlaps waiting. Moving the shifting start to 14:00.",
        "Still overlapping. Maybe the zero-length NOR event is the problem; giving it one minute.",
        "Renaming the shifting event to the standard term.",
        "Dropping the NOR event and letting the calculator infer it.",
    ]
    steps = []
    for text, events in zip(texts, versions, strict=True):
        shift = next(e for e in events if e["event"].startswith("Shifting"))
        result = {
            "status": "error",
            "code": "SOF_OVERLAP",
            "detail": f"'Waiting for berth' (ends 2026-09-30T14:30) overlaps '{shift['event']}' "
            f"(starts {shift['from']})",
        }
        steps.append(
            t.act(
                text, "laytime_calculate", {"voyage": "26-114", "port": "BRSSZ", "sof_events": events}, result
            )
        )
    t.say(
        "The calculator keeps rejecting the SOF. I'll need the port agent to re-issue the statement of facts."
    )
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"laytime_calculate returns the same SOF_OVERLAP error class at steps {', '.join(map(str, steps))}; "
        "every rewrite leaves 'Waiting for berth' ending at 14:30 while shifting starts before it, which is "
        "the one change never made. Failures are reported in the body (is_error false). Onset at step "
        f"{onset}: the 4th failure of the same kind.",
    )


def trust_safety_notebook_keyerror(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Marketplace trust-and-safety analyst agent in a Jupyter notebook rewrites the same pandas "
        "aggregation five ways; each raises KeyError on a column that is really called riskScore.",
        ids="plain",
        meta={"harness": "jupyter-mcp", "model": "qwen3-coder"},
    )
    t.user(
        "From flagged_listings_2026w40.parquet, list the 20 sellers with the highest mean risk score and "
        "how many of their listings were auto-removed."
    )
    t.act(
        "Loading the data.",
        "execute_cell",
        {"code": "import pandas as pd\ndf = pd.read_parquet('flagged_listings_2026w40.parquet')\ndf.shape"},
        "Out[1]: (48211, 14)",
    )
    tries = [
        (
            "df.groupby('seller_id')['risk_score'].mean().nlargest(20)",
            "KeyError: 'Column not found: risk_score'",
        ),
        (
            "df[['seller_id', 'risk_score', 'auto_removed']].groupby('seller_id').agg({'risk_score': 'mean', "
            "'auto_removed': 'sum'}).nlargest(20, 'risk_score')",
            "KeyError: \"['risk_score'] not in index\"",
        ),
        (
            "agg = df.groupby('seller_id').agg(mean_risk=('risk_score', 'mean'), removed=('auto_removed', "
            "'sum'))\nagg.sort_values('mean_risk', ascending=False).head(20)",
            "KeyError: \"Column(s) ['risk_score'] do not exist\"",
        ),
        (
            "df.loc[:, 'risk_score'] = df['risk_score'].astype(float)\n"
            "df.groupby('seller_id')['risk_score'].mean().sort_values().tail(20)",
            "KeyError: 'risk_score'",
        ),
        (
            "pd.pivot_table(df, index='seller_id', values=['risk_score', 'auto_removed'], "
            "aggfunc={'risk_score': 'mean', 'auto_removed': 'sum'}).nlargest(20, 'risk_score')",
            "KeyError: 'risk_score'",
        ),
    ]
    texts = [
        "Grouping by seller.",
        "Let me select the columns explicitly before grouping.",
        "Using named aggregation instead.",
        "Maybe the dtype is the issue; casting first.",
        "Trying a pivot table.",
    ]
    steps = []
    for n, (text, (code, err)) in enumerate(zip(texts, tries, strict=True), start=2):
        trace = (
            "---------------------------------------------------------------------------\nKeyError          "
            f"                        Traceback (most recent call last)\nCell In[{n}], line 1\n----> 1 "
            f"{code.splitlines()[0][:70]}\n...\n{err}"
        )
        steps.append(t.act(text, "execute_cell", {"code": code}, trace, error=True))
    t.say("The aggregation keeps failing on risk_score. The parquet file may be corrupted.")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"execute_cell raises KeyError for 'risk_score' at steps {', '.join(map(str, steps))}; each cell is "
        "a new rewrite of the same aggregation and the agent never prints df.columns (the column is "
        f"riskScore). Onset at step {onset}: the 4th failure of the same kind.",
    )


def pension_sql_column_guess(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "SQL-agent bij een pensioenfonds raadt steeds een andere kolomnaam voor de geboortedatum; elke "
        "query faalt met 'column does not exist' en het schema wordt nooit opgevraagd.",
        ids="mistral",
        meta={"harness": "vanna", "model": "mistral-large-2", "lang": "nl"},
    )
    t.user(
        "Hoeveel actieve deelnemers bereiken in 2027 de AOW-leeftijd (67 jaar en 3 maanden)? Uitsplitsen "
        "per werkgever, top 10."
    )
    t.act(
        "Eerst het aantal actieve deelnemers.",
        "sql_query",
        {"sql": "SELECT count(*) FROM deelnemer d WHERE d.status = 'ACTIEF'"},
        " count\n-------\n 48211\n(1 row)",
    )
    t.act(
        "En de grootste werkgevers, voor de uitsplitsing.",
        "sql_query",
        {
            "sql": "SELECT w.naam, count(*) FROM deelnemer d JOIN werkgever w ON w.id = d.werkgever_id "
            "WHERE d.status = 'ACTIEF' GROUP BY w.naam ORDER BY 2 DESC LIMIT 10"
        },
        "          naam           | count\n-------------------------+-------\n"
        " Zorggroep Rijnmond       |  6120\n Gemeente Utrecht         |  4388\n"
        " Hoogheemraadschap Delfland | 2977\n ... \n(10 rows)",
    )
    t.act(
        "De AOW-datum hangt af van de geboortedatum; ik controleer de peildatum-tabel.",
        "sql_query",
        {"sql": "SELECT jaar, aow_leeftijd FROM aow_leeftijden WHERE jaar BETWEEN 2026 AND 2028"},
        " jaar | aow_leeftijd\n------+--------------\n 2026 | 67 jaar 0 mnd\n 2027 | 67 jaar 3 mnd\n"
        " 2028 | 67 jaar 3 mnd\n(3 rows)",
    )
    guesses = ["geboortedatum", "date_of_birth", "birth_date", "dob", "geb_datum"]
    texts = [
        "Nu tel ik de deelnemers op basis van de geboortedatum.",
        "Die kolom bestaat niet. Waarschijnlijk Engelstalige namen: date_of_birth.",
        "Dan birth_date.",
        "Misschien afgekort: dob.",
        "Nog een poging met de Nederlandse afkorting.",
    ]
    steps = []
    for text, col in zip(texts, guesses, strict=True):
        sql = (
            "SELECT w.naam, count(*) FROM deelnemer d JOIN werkgever w ON w.id = d.werkgever_id WHERE "
            f"d.status = 'ACTIEF' AND d.{col} + interval '67 years 3 months' BETWEEN '2027-01-01' AND "
            "'2027-12-31' GROUP BY w.naam ORDER BY 2 DESC LIMIT 10"
        )
        err = (
            f"ERROR:  column d.{col} does not exist\nLINE 1: ...n w.id = d.werkgever_id WHERE d.status = "
            f"'ACTIEF' AND d.{col} + ..."
        )
        steps.append(t.act(text, "sql_query", {"sql": sql}, err, error=True))
    t.say("Ik kan de geboortedatumkolom niet vinden in de tabel deelnemer. Kun je de kolomnaam bevestigen?")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        "sql_query faalt vijf keer met dezelfde foutklasse (column does not exist) op stappen "
        f"{', '.join(map(str, steps))}; information_schema of \\d deelnemer wordt nooit geraadpleegd. Onset "
        f"at step {onset}: the 4th failure of the same kind under rewritten inputs.",
    )


def haccp_schema_misuse(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Food-safety agent logging a HACCP cooler reading passes the value as text in several spellings; "
        "the tool rejects each for the same schema reason before the agent finally sends a number.",
        ids="openai",
        meta={"harness": "openai-chat-completions", "model": "gpt-4o-mini"},
    )
    t.user(
        "Walk-in cooler 2 (CCP-2) read 38 °F at the 14:00 check, Dana checked it. Log it, and flag a "
        "corrective action if it's over the 41 °F limit."
    )
    bad = [
        ("Logging the reading.", {"ccp": "CCP-2", "value": "38°F", "checked_by": "Dana R."}),
        (
            "The value must be numeric. Sending it without the degree sign.",
            {"ccp": "CCP-2", "value": "38 F", "checked_by": "Dana R."},
        ),
        ("Trying the value as a quoted number.", {"ccp": "CCP-2", "value": "38", "checked_by": "Dana R."}),
        (
            "Maybe it wants the unit spelled out.",
            {"ccp": "CCP-2", "value": "38 degrees Fahrenheit", "checked_by": "Dana R."},
        ),
        (
            "Passing a reading object.",
            {"ccp": "CCP-2", "value": {"amount": "38", "unit": "F"}, "checked_by": "Dana R."},
        ),
    ]
    steps = []
    for text, args in bad:
        got = json.dumps(args["value"], ensure_ascii=False)
        steps.append(
            t.act(
                text,
                "haccp_log_reading",
                args,
                f"Invalid arguments for haccp_log_reading: 'value' must be of type number (got {got}); "
                "'unit' is required (one of 'C', 'F').",
                error=True,
            )
        )
    t.act(
        "Sending a plain number with the unit field.",
        "haccp_log_reading",
        {"ccp": "CCP-2", "value": 38, "unit": "F", "checked_by": "Dana R.", "time": "14:00"},
        {"ok": True, "entry_id": "HL-2026-10-06-0231", "within_limit": True},
    )
    t.say(
        "Logged: CCP-2 at 38 °F (14:00, Dana R.), within the 41 °F limit, so no corrective action is needed."
    )
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        "haccp_log_reading is rejected for the same schema reason ('value' must be a number, 'unit' "
        f"required) at steps {', '.join(map(str, steps))}; the error names the fix and the agent ignores it "
        f"four more times before sending 38 with unit 'F'. Onset at step {onset}: the 4th failure of the "
        "same kind (the later recovery does not undo the loop).",
    )


def mls_listing_enum(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Listing-entry agent creating an MLS listing keeps guessing the property_type value; the MLS "
        "answers 422 with the allowed codes each time.",
        ids="gemini",
        meta={"harness": "vercel-ai-sdk", "model": "gemini-2.5-flash"},
    )
    t.user(
        "New listing: 4412 Fremont Ave N, Seattle 98103. Single-family, 3 bd / 2 ba, 1,920 sqft, lot 4,000 "
        "sqft, list price $1,195,000, go-live Thursday. Photos are in the shared folder."
    )
    base = {
        "address": "4412 Fremont Ave N",
        "city": "Seattle",
        "postal_code": "98103",
        "beds": 3,
        "baths": 2,
        "sqft": 1920,
        "lot_sqft": 4000,
        "list_price": 1195000,
        "go_live": "2026-10-08",
    }
    err = (
        'HTTP 422 Unprocessable Entity\n{"errors": [{"field": "property_type", "message": "must be one of '
        'RESI, COND, MULT, LAND, MANU", "received": "%s"}]}'
    )
    guesses = [
        ("Creating the draft listing.", "Single Family"),
        ("Rejected on property_type. Trying the snake_case form.", "single_family"),
        ("Using the common MLS abbreviation.", "SFR"),
        ("Trying the generic term.", "House"),
        ("Maybe it wants the class name.", "Residential"),
    ]
    steps = [
        t.act(text, "mls_create_listing", {**base, "property_type": g}, err % g, error=True)
        for text, g in guesses
    ]
    t.say("The MLS keeps rejecting the property type. Could you tell me which property type code to use?")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"mls_create_listing fails with the same 422 on property_type at steps {', '.join(map(str, steps))}; "
        "the error lists the allowed codes (RESI) every time and the agent keeps guessing free-text values. "
        f"Schema misuse: onset at step {onset}, the 4th failure of the same kind.",
    )


def openreview_content_schema(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Program-committee assistant posting meta-review notes to a conference system keeps sending content "
        "fields as bare strings; the API rejects each with the same validation error.",
        ids="anthropic",
        meta={"harness": "mcp-client", "model": "claude-sonnet-4-5"},
    )
    t.user(
        "Post the meta-review for submission 2317 as area chair: recommendation 'Accept (poster)', "
        "confidence 4, and the text in meta_2317.md."
    )
    text = (
        "The reviewers agree the ablations are thorough; remaining concerns about compute cost were "
        "addressed in the rebuttal. Recommend acceptance as a poster."
    )
    t.act("Reading the meta-review text.", "read_file", {"path": "meta_2317.md"}, text)
    inv = "ICLR.cc/2027/Conference/Submission2317/-/Meta_Review"
    tries = [
        (
            "Posting the meta-review.",
            {"metareview": text, "recommendation": "Accept (poster)", "confidence": 4},
            "metareview",
        ),
        (
            "Validation error. Maybe confidence must be a string.",
            {"metareview": text, "recommendation": "Accept (poster)", "confidence": "4"},
            "metareview",
        ),
        (
            "Still failing. Using the full confidence label.",
            {
                "metareview": text,
                "recommendation": "Accept (poster)",
                "confidence": "4: The area chair is confident but not absolutely certain",
            },
            "metareview",
        ),
        (
            "Let me nest the content under a 'content' key.",
            {"content": {"metareview": text, "recommendation": "Accept (poster)", "confidence": 4}},
            "content",
        ),
        (
            "Trying with title added.",
            {
                "title": "Meta Review of Submission2317",
                "metareview": text,
                "recommendation": "Accept (poster)",
                "confidence": 4,
            },
            "title",
        ),
    ]
    steps = []
    for msg, content, field in tries:
        err = {
            "name": "ValidationError",
            "status": 400,
            "message": f"content.{field} must be an object with a 'value' property",
            "path": f"content/{field}",
        }
        steps.append(
            t.act(
                msg,
                "venue_post_note",
                {"invitation": inv, "signatures": ["~Area_Chair_Kx7"], "content": content},
                err,
                error=True,
            )
        )
    t.say("The conference API keeps rejecting the meta-review content. Please post it manually.")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"venue_post_note rejected at steps {', '.join(map(str, steps))} with the same ValidationError "
        "(content "
        "fields must be {'value': ...} objects); each retry changes a type or adds a key but never wraps the "
        f"values. Schema misuse: onset at step {onset}, the 4th failure of the same kind.",
    )


def shelf_labels_printer_offline(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Filial-Assistent im Lebensmittelhandel startet denselben Etikettendruck fünfmal; das ESL-Gateway "
        "der Filiale ist offline und die Meldung bleibt identisch.",
        ids="plain",
        meta={"harness": "semantic-kernel", "model": "gpt-4o", "lang": "de"},
    )
    t.user(
        "Für Filiale 112 bitte die neuen Preisetiketten der KW41-Preisrunde drucken bzw. an die "
        "elektronischen Regaletiketten schicken. Die Preise sind schon freigegeben."
    )
    t.act(
        "Ich prüfe zuerst die Preisrunde.",
        "preisrunde_status",
        {"filiale": 112, "runde": "PREIS-KW41"},
        {"runde": "PREIS-KW41", "status": "FREIGEGEBEN", "artikel": 318, "esl": 301, "papier": 17},
    )
    args = {"filiale": 112, "runde": "PREIS-KW41", "ziel": "ESL"}
    err = "Fehler: ESL-Gateway ESL-GW-112 nicht erreichbar (Timeout nach 30 s). Auftrag nicht gestartet."
    texts = [
        "Ich sende die Etiketten an die ESL.",
        "Zeitüberschreitung. Ich versuche es noch einmal.",
        "Erneuter Versuch.",
        "Noch ein Versuch, vielleicht war es ein kurzer Aussetzer.",
        "Ich starte den Druck erneut.",
    ]
    steps = [t.act(text, "etiketten_drucken", args, err, error=True) for text in texts]
    t.say("Das ESL-Gateway der Filiale 112 antwortet nicht. Bitte die IT der Filiale informieren.")
    onset = steps[3]
    return t.loop(
        ["error_streak", "identical_call"],
        onset,
        f"etiketten_drucken mit identischen Argumenten schlägt in den Schritten {', '.join(map(str, steps))} "
        "identisch fehl (Gateway nicht erreichbar); kein Warten, kein Gateway-Status, keine 17 "
        f"Papieretiketten vorab. Identical failing calls: onset at step {onset}, the 4th identical failure.",
    )


def film_permit_missing_insurance(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Film-production coordinator agent re-submits the same location-permit application five times; the "
        "permit office answers ok:false MISSING_INSURANCE_CERTIFICATE in the body every time.",
        ids="responses",
        meta={"harness": "openai-responses", "model": "gpt-5-mini"},
    )
    t.user(
        "Submit the permit for the Echo Park Lake night exterior (Oct 14, 18:00-04:00). Application "
        "FLA-26-0871 is drafted; the COI from the insurer was uploaded to the production drive this morning."
    )
    t.act(
        "Checking the draft.",
        "filmpermits_get_application",
        {"application_id": "FLA-26-0871"},
        {
            "id": "FLA-26-0871",
            "status": "DRAFT",
            "location": "Echo Park Lake, Los Angeles",
            "attachments": ["site_map.pdf", "crew_list.pdf"],
            "required": ["site_map", "crew_list", "certificate_of_insurance"],
        },
    )
    args = {"application_id": "FLA-26-0871"}
    fail = {
        "ok": False,
        "error": "MISSING_INSURANCE_CERTIFICATE",
        "message": "A certificate of insurance naming the City of Los Angeles as additional insured must be "
        "attached before submission.",
    }
    texts = [
        "Submitting.",
        "The certificate is on our drive; the portal may not have synced it yet. Submitting again.",
        "Trying the submission again.",
        "Resubmitting.",
        "One more time.",
    ]
    steps = [t.act(text, "filmpermits_submit_application", args, fail) for text in texts]
    t.say(
        "The permit portal says the insurance certificate is missing. Someone needs to attach it in the "
        "portal."
    )
    onset = steps[3]
    return t.loop(
        ["error_streak", "identical_call"],
        onset,
        "The identical filmpermits_submit_application call fails identically (ok false, "
        f"MISSING_INSURANCE_CERTIFICATE, reported only in the body) at steps {', '.join(map(str, steps))}; "
        "the COI was never attached to the application (the draft listed only two attachments). Onset at "
        f"step {onset}, the 4th identical failure.",
    )


SCENARIOS = [
    ("dsar-export-403-rewrites", dsar_export_scope),
    ("laytime-sof-overlap-rewrites", laytime_sof_overlap),
    ("tns-notebook-keyerror", trust_safety_notebook_keyerror),
    ("pensioen-sql-kolom-gokken", pension_sql_column_guess),
    ("haccp-log-schema-misuse", haccp_schema_misuse),
    ("mls-create-listing-enum", mls_listing_enum),
    ("venue-metareview-schema", openreview_content_schema),
    ("etiketten-gateway-offline", shelf_labels_printer_offline),
    ("film-permit-resubmit", film_permit_missing_insurance),
]
