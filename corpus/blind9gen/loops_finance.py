"""Loops of back-office and business agents: KYC, AML, reconciliation, property, ads, grants."""

from __future__ import annotations

from typing import Any

from .builder import Trace, js


def kyc_redelegation() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-015-kyc-passport-redelegation",
        "A KYC onboarding orchestrator keeps sending the same passport scan to its document-verification "
        "sub-agent; each report names the same MRZ check-digit failure in different words.",
        agent="KYC onboarding orchestrator (OpenAI Agents SDK, agents as tools)",
        model="gpt-4.1",
        start=410,
    )
    t.user(
        "Onboard applicant APP-30917 (retail account). Documents are uploaded; run the standard KYC checks."
    )
    t.act(
        "Loading the application.",
        "kyc_get_application",
        {"application_id": "APP-30917"},
        js(
            {
                "application_id": "APP-30917",
                "name": "Maarten de Vries",
                "nationality": "NLD",
                "dob": "1987-04-12",
                "documents": [
                    {"id": "DOC-1", "type": "PASSPORT", "file": "s3://kyc-intake/APP-30917/passport.jpg"}
                ],
                "risk_tier": "standard",
            }
        ),
    )
    t.act(
        "Running sanctions and PEP screening in parallel with document checks; screening first.",
        "screening_check",
        {"name": "Maarten de Vries", "dob": "1987-04-12", "lists": ["EU", "OFAC", "UN", "PEP"]},
        js({"hits": [], "lists_checked": 4, "screened_at": "2026-03-03T09:12:44Z"}),
    )
    reports = [
        "Passport NLD, MRZ parsed. Line 2 date-of-birth check digit is 7, computed 4: MRZ integrity FAIL. "
        "Face match 0.93. Recommend a new scan or manual review.",
        "MRZ check on DOC-1: DOB field 870412 has check digit 7 but should be 4. Other check digits OK. "
        "Result: document integrity failed; face similarity 0.93.",
        "DOC-1 verification: the birth-date check digit on MRZ line 2 does not validate (7 vs 4). Photo "
        "match 0.93 (pass). Overall: FAIL, manual review suggested.",
        "Result unchanged: MRZ line 2 DOB check digit invalid (found 7, expected 4); face match 0.93.",
    ]
    asks = [
        (
            "Delegating the passport to the document verifier.",
            "Verify passport DOC-1 for APP-30917: MRZ, security features, face match against selfie.",
        ),
        (
            "A check-digit failure is often an OCR slip. Asking for a re-verification.",
            "Re-verify DOC-1 for APP-30917; the MRZ failure may be an OCR error.",
        ),
        (
            "I'd like a third opinion before failing a customer.",
            "Please verify the passport of APP-30917 again, carefully re-reading the MRZ.",
        ),
        ("Trying once more.", "Verify DOC-1 (APP-30917) passport MRZ and face match."),
    ]
    steps = []
    for (text, task), report in zip(asks, reports, strict=True):
        steps.append(t.act(text, "document_verifier", {"input": task, "document": "DOC-1"}, report))
    t.say("The passport keeps failing the MRZ check. I'll leave APP-30917 pending.")
    onset = steps[2]
    t.loop(
        ["same_tool"],
        onset,
        "The same scan goes to the same sub-agent four times. The first two reports already agree (DOB "
        "check digit 7 vs 4, face match 0.93), so the third delegation, "
        f"step {onset}, is the onset. The agent never asks the applicant for a new scan or routes to "
        "manual review, the two options the reports name.",
    )
    return t.build()


def aml_three_cycle() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-016-aml-alert-three-step-cycle",
        "An AML triage agent cycles through the alert, the account's transactions and the customer "
        "profile, getting the same three results on every lap.",
        agent="AML alert triage agent (case-management REST tools, Gemini)",
        model="gemini-2.5-pro",
        start=444,
        ids="gemini",
    )
    t.user("Triage AL-5519, AL-5520 and AL-5521 and close or escalate each with a rationale.")
    for alert_id, scenario, account, note in (
        ("AL-5519", "ROUND_AMOUNTS", "NL02RABO0123456789", "monthly rent transfers of exactly EUR 2,000"),
        (
            "AL-5520",
            "HIGH_RISK_COUNTRY",
            "NL55INGB0001234567",
            "one tuition payment to a university in Istanbul",
        ),
    ):
        t.act(
            f"Reading {alert_id}.",
            "aml_get_alert",
            {"alert_id": alert_id},
            js({"alert_id": alert_id, "scenario": scenario, "account": account, "score": 38}),
        )
        t.act(
            "Checking the underlying transactions.",
            "aml_search_transactions",
            {"account": account, "days": 30},
            js({"account": account, "window_days": 30, "count": 14, "flagged": note}),
        )
        t.act(
            f"{alert_id} is explained by the transactions ({note}). Closing it.",
            "aml_close_alert",
            {"alert_id": alert_id, "disposition": "FALSE_POSITIVE", "rationale": note},
            js({"alert_id": alert_id, "status": "CLOSED"}),
        )
    alert = js(
        {
            "alert_id": "AL-5521",
            "scenario": "STRUCTURING_CASH_DEP",
            "account": "NL91ABNA0417164300",
            "customer": "C-88410",
            "score": 71,
            "trigger": "9 cash deposits EUR 9,000-9,900 in 12 days",
        }
    )
    txns = js(
        {
            "account": "NL91ABNA0417164300",
            "window_days": 30,
            "count": 23,
            "cash_deposits": 9,
            "cash_total_eur": 85200,
            "largest": 9900,
            "branches": ["Utrecht C", "Utrecht Oost", "Zeist"],
        }
    )
    profile = js(
        {
            "customer": "C-88410",
            "segment": "SME",
            "business": "used-car dealer",
            "kyc_refresh": "2025-06",
            "expected_cash_monthly_eur": 40000,
            "prior_alerts": 1,
        }
    )
    thoughts = [
        ("Now AL-5521.", "Pulling the account's recent transactions.", "Now the customer profile."),
        (
            "The profile says a cash business; let me re-read the alert trigger to weigh that.",
            "Re-checking the deposits against the trigger.",
            "Checking the expected cash volume again.",
        ),
        (
            "Let me look at the alert once more to be precise about the scenario.",
            "And the transactions again.",
            "And the profile.",
        ),
        ("Reviewing the alert again.", "Transactions again.", "Profile again."),
    ]
    visits = []
    for a, b, c in thoughts:
        visits.append(t.act(a, "aml_get_alert", {"alert_id": "AL-5521"}, alert))
        t.act(b, "aml_search_transactions", {"account": "NL91ABNA0417164300", "days": 30}, txns)
        t.act(c, "crm_get_customer_profile", {"customer": "C-88410"}, profile)
    t.say(
        "AL-5519 and AL-5520 closed. I need more information before recommending on AL-5521; leaving it open."
    )
    onset = visits[2]
    t.loop(
        ["alternation"],
        onset,
        "The first two alerts are handled properly. On AL-5521 a period-3 cycle (alert, transactions, "
        "profile) repeats with byte-identical results on every lap; "
        "nothing new enters after the first lap, and the agent never compares cash totals to the expected "
        f"volume or writes a disposition. The alert is read for the third time at step {onset}, the onset.",
    )
    return t.build()


def swift_recon_soap_fault() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-017-recon-amount-soap-fault",
        "A reconciliation agent posts a statement match to a SOAP ledger with the amount written as "
        "text in ever different formats; every reply is the same xs:decimal fault.",
        agent="nostro reconciliation agent (SOAP ledger adapter, LangGraph)",
        model="gpt-4o-2024-08-06",
        start=470,
    )
    t.user("Reconcile yesterday's EUR nostro statement against the open ledger items and post the matches.")
    t.act(
        "Fetching the statement.",
        "swift_get_statement",
        {"account": "NOSTRO-EUR-01", "date": "2026-03-03"},
        ":20:STMT0303\n:25:DEUTDEFFXXX/0099123400\n:28C:61/1\n:60F:C260302EUR1795019,62\n"
        ":61:2603030303C48210,55NTRFNONREF//PAY88102\n:86:/ORDP/NORDLICHT AG/REMI/INV 2026-098\n"
        ":61:2603030303D2990,00NCHGNONREF//FEE0302\n:86:/REMI/CORRESPONDENT FEES FEB\n"
        ":61:2603030303C1250,00NTRFNONREF//PAY88120\n:86:/ORDP/ACME GMBH/REMI/INV 2026-117\n"
        ":62F:C260303EUR1841490,17",
    )
    for ref, line, item, amount in (
        ("INV 2026-098", 1, "LI-220790", "48210.55"),
        ("CORRESPONDENT FEES FEB", 2, "LI-220802", "2990.00"),
    ):
        t.act(
            f"Line {line}: looking for the ledger item for {ref}.",
            "ledger_find_candidates",
            {"reference": ref, "currency": "EUR", "value_date": "2026-03-03"},
            js({"candidates": [{"item": item, "amount": amount, "reference": ref, "score": 0.98}]}),
        )
        t.act(
            "Posting the match.",
            "ledger_post_match",
            {"statement_ref": f"STMT0303/61/{line}", "item": item, "amount": amount, "currency": "EUR"},
            '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
            f"<soap:Body><PostMatchResponse><status>MATCHED</status><matchId>M-6620{line}</matchId>"
            "</PostMatchResponse></soap:Body></soap:Envelope>",
        )
    t.act(
        "Line 3: ACME GMBH, INV 2026-117. Reading the open item.",
        "ledger_get_item",
        {"item": "LI-220817"},
        js(
            {
                "item": "LI-220817",
                "amount": "1250.00",
                "currency": "EUR",
                "counterparty": "ACME GMBH",
                "reference": "INV 2026-117",
                "status": "OPEN",
            }
        ),
    )

    def fault(value: str) -> str:
        return (
            '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
            "<soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>Schema validation "
            f"failed: cvc-datatype-valid.1.2.1: '{value}' is not a valid value for 'decimal'.</faultstring>"
            "<detail><field>PostMatchRequest/amount</field></detail></soap:Fault></soap:Body></soap:Envelope>"
        )

    tries = [
        ("Posting the match with the amount as it appears on the statement.", "1250,00"),
        ("The ledger may not like the comma; using a thousands separator.", "1,250.00"),
        ("Trying the European format with a thousands dot.", "1.250,00"),
        ("Adding the currency to the amount.", "EUR 1250,00"),
        ("Trying with a space as thousands separator.", "1 250,00"),
    ]
    fails = []
    for text, value in tries:
        fails.append(
            t.act(
                text,
                "ledger_post_match",
                {"statement_ref": "STMT0303/61/3", "item": "LI-220817", "amount": value, "currency": "EUR"},
                fault(value),
            )
        )
    t.say("The ledger service rejects the match. The SOAP adapter may be misconfigured.")
    onset = fails[3]
    t.loop(
        ["error_streak"],
        onset,
        "Two lines post normally with decimal amounts taken from the ledger. For the third the agent copies "
        "the MT940 amount; schema misuse: it must be a plain xs:decimal (1250.00), as the ledger item shows. "
        "The agent tries five textual formats and every reply is the same SOAP fault on "
        f"PostMatchRequest/amount (in the body, is_error false). The fourth failure is step {onset}.",
    )
    return t.build()


def property_filters_equivalent() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-018-property-workorders-equivalent-filters",
        "A property-management assistant re-lists work orders with equivalent status filters hoping to "
        "find the ones the manager sees; it always gets the same three.",
        agent="property management assistant (REST tools, Claude)",
        model="claude-3-5-sonnet",
        start=501,
        ids="anthropic",
    )
    t.user(
        "How many maintenance requests at 220 Elm St are older than 30 days and still not done? I count at "
        "least eight in the portal."
    )
    rows = js(
        {
            "property_id": "P-220ELM",
            "total": 3,
            "work_orders": [
                {
                    "id": "WO-7712",
                    "unit": "3B",
                    "category": "plumbing",
                    "status": "open",
                    "created": "2026-01-09",
                },
                {
                    "id": "WO-7730",
                    "unit": "1A",
                    "category": "appliance",
                    "status": "open",
                    "created": "2026-01-17",
                },
                {
                    "id": "WO-7781",
                    "unit": "4C",
                    "category": "hvac",
                    "status": "open",
                    "created": "2026-01-28",
                },
            ],
        }
    )
    tries = [
        (
            "Listing open work orders created before Jan 31.",
            {"status": "open", "created_before": "2026-01-31"},
        ),
        (
            "Only three; maybe the status filter is case-sensitive.",
            {"status": "OPEN", "created_before": "2026-01-31"},
        ),
        ("Passing the status as a list.", {"status": ["open"], "created_before": "2026-01-31"}),
        (
            "Maybe the date needs a time component.",
            {"status": "open", "created_before": "2026-01-31T23:59:59"},
        ),
        ("Trying 'Open' as it appears in the portal.", {"status": "Open", "created_before": "2026-02-01"}),
    ]
    steps = []
    for i, (text, filters) in enumerate(tries):
        steps.append(t.act(text, "pm_list_work_orders", {"property_id": "P-220ELM", **filters}, rows))
        if i == 2:
            t.act(
                "Checking the property id is right.",
                "pm_get_property",
                {"property_id": "P-220ELM"},
                js({"property_id": "P-220ELM", "address": "220 Elm St", "units": 18, "manager": "R. Okafor"}),
            )
    t.say("I only find three open requests older than 30 days (WO-7712, WO-7730, WO-7781).")
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        "The same query with equivalent filters (status case, list vs string, a time on the date, "
        "a date one day later) returns the same three rows every time. The user's other requests are "
        "probably in statuses such as in_progress or on_hold, which are never tried. The fourth "
        f"attempt is step {onset}.",
    )
    return t.build()


def ad_copy_degenerate_turkish() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-019-ad-copy-degenerate-turkish",
        "Bir reklam metni asistanı yaz kampanyası için başlık yazarken cevabı tek bir ifadenin "
        "tekrarına dönüşüyor.",
        agent="reklam metni asistanı (Google Ads API araçları, açık ağırlıklı model)",
        model="Qwen2.5-32B-Instruct-AWQ",
        start=530,
        ids="plain",
    )
    t.user(
        "Yaz kampanyası için 5 başlık (en fazla 30 karakter) ve 2 açıklama yaz; sonra onayımla reklam "
        "grubuna ekle."
    )
    t.act(
        "Mevcut reklamlara bakıyorum.",
        "ads_list_ads",
        {"customer_id": "512-880-1290", "ad_group_id": "14477120"},
        js(
            {
                "ads": [
                    {
                        "id": "6881",
                        "headlines": ["Klima Fırsatları", "Ücretsiz Montaj"],
                        "status": "ENABLED",
                        "ctr": 0.031,
                    }
                ]
            }
        ),
    )
    loop_text = (
        "İşte önerilerim:\n\nBaşlıklar:\n1. Yaz İndirimi Başladı\n2. Serin Kal, Az Öde\n3. "
        + "Şimdi Al, Şimdi Kazan! " * 38
        + "Şimdi Al,"
    )
    onset = t.say(loop_text)
    t.system("[generation stopped: max_tokens=512]")
    t.say("Özür dilerim. " + "Şimdi Al, Şimdi Kazan! " * 12)
    t.loop(
        ["degenerate_text"],
        onset,
        f"The reply at step {onset} starts a proper list, then collapses into 'Şimdi Al, Şimdi Kazan!' "
        "repeated until the token limit; the retry after the harness message degenerates the same way.",
    )
    return t.build()


def campaign_pause_toggle() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-020-campaign-pause-enable-toggle",
        "A paid-media agent pauses and re-enables a campaign over and over, reading an unchanged pacing "
        "projection between flips.",
        agent="paid media optimizer (Meta Marketing API tools, OpenAI Agents SDK)",
        model="gpt-4.1-mini",
        start=555,
    )
    t.user("Spring Sale is overspending. Keep it on pace for the €1,500/day budget without killing delivery.")
    spend = 1184.3

    def pacing(status: str) -> str:
        return js(
            {
                "campaign_id": "120211",
                "status": status,
                "daily_budget_eur": 1500,
                "spend_today_eur": round(spend, 1),
                "hour": 14,
                "projected_eur": 2030,
                "delivery": "LEARNING_LIMITED",
            }
        )

    t.act("Reading today's pacing.", "meta_get_pacing", {"campaign_id": "120211"}, pacing("ACTIVE"))
    flips = []
    plan = [
        ("PAUSED", "Projected €2,030 is well above budget. Pausing the campaign."),
        ("ACTIVE", "Pausing hurts learning. Re-activating."),
        ("PAUSED", "Still projected over. Pausing again."),
        ("ACTIVE", "A pause resets delivery; activating again so it keeps learning."),
        ("PAUSED", "It will overspend. Pausing."),
        ("ACTIVE", "Turning it back on."),
    ]
    for status, text in plan:
        flips.append(
            t.act(
                text,
                "meta_update_campaign",
                {"campaign_id": "120211", "status": status},
                js({"success": True, "id": "120211"}),
            )
        )
        if status == "ACTIVE":
            spend += t.rng.uniform(3, 9)
        t.act("Checking pacing.", "meta_get_pacing", {"campaign_id": "120211"}, pacing(status))
    t.say("I've kept the campaign running; keep an eye on spend this afternoon.")
    onset = flips[3]
    t.loop(
        ["same_tool", "alternation"],
        onset,
        "The campaign status is flipped PAUSED/ACTIVE six times and the pacing report read after every "
        "flip barely moves (same projection, a few euros of spend); lowering the bid cap or setting a spend "
        "limit, the obvious middle ground, is "
        f"never tried. The fourth toggle is step {onset}, the onset.",
    )
    return t.build()


def grant_deadline_later_turn() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-021-grant-deadline-second-turn",
        "A grant-writing assistant does good work in the first turn; in the second turn it re-fetches the "
        "same forecast record again and again looking for a deadline that is not there.",
        agent="nonprofit grant writing assistant (Grants.gov-style tools, Claude)",
        model="claude-opus-4-1",
        start=590,
        ids="anthropic",
    )
    t.user(
        "Find federal funding for broadband access in rural libraries; we're a county library system in Ohio."
    )
    t.act(
        "Searching open and forecasted opportunities.",
        "grants_search",
        {"keyword": "library broadband rural", "status": ["posted", "forecasted"], "rows": 10},
        js(
            {
                "hitCount": 3,
                "oppHits": [
                    {
                        "id": "360114",
                        "number": "IMLS-2026-LB21",
                        "title": "Laura Bush 21st Century Librarian Program",
                        "status": "posted",
                        "closeDate": "2026-04-15",
                    },
                    {
                        "id": "360552",
                        "number": "IMLS-2026-DIGI",
                        "title": "Digital Inclusion Grants for Libraries",
                        "status": "forecasted",
                        "closeDate": None,
                    },
                    {
                        "id": "359870",
                        "number": "USDA-RUS-DLT-26",
                        "title": "Distance Learning and Telemedicine",
                        "status": "posted",
                        "closeDate": "2026-05-01",
                    },
                ],
            }
        ),
    )
    detail = js(
        {
            "id": "360552",
            "number": "IMLS-2026-DIGI",
            "status": "forecasted",
            "synopsis": "Supports libraries expanding public broadband and device lending in underserved "
            "areas.",
            "estimatedPostDate": "2026-04",
            "estimatedCloseDate": None,
            "costSharing": "unknown",
            "contact": "digital-inclusion@imls.gov",
            "awardCeiling": 500000,
        }
    )
    t.act(
        "The Digital Inclusion forecast looks like the best fit; reading it.",
        "grants_get_opportunity",
        {"id": "360552"},
        detail,
    )
    t.say(
        "Best fit: IMLS Digital Inclusion Grants (forecast, up to $500k, expected to post in April 2026). "
        "Also relevant: USDA Distance Learning and Telemedicine (closes May 1)."
    )
    t.user("What's the deadline for the IMLS one, and does it need a cost match?")
    calls = []
    for text in (
        "Let me pull the opportunity record for the deadline and cost-sharing fields.",
        "The close date is empty. Fetching the record again in case it was updated.",
        "Still no close date. Re-fetching the opportunity.",
        "Checking the record once more for the deadline.",
    ):
        calls.append(t.act(text, "grants_get_opportunity", {"id": "360552"}, detail))
    t.say("The IMLS record does not list a deadline or cost-sharing yet.")
    onset = calls[2]
    t.loop(
        ["identical_call"],
        onset,
        "The first turn is healthy (one read of the forecast record). After the second user message "
        "the same record is fetched four times with the same result (estimatedCloseDate null, costSharing "
        f"unknown). Counting from that message, the third identical call is step {onset}; the answer "
        "(forecast, not posted yet, ask the contact) was clear from the first fetch.",
    )
    return t.build()


SCENARIOS = [
    kyc_redelegation,
    aml_three_cycle,
    swift_recon_soap_fault,
    property_filters_equivalent,
    ad_copy_degenerate_turkish,
    campaign_pause_toggle,
    grant_deadline_later_turn,
]
