"""Healthy sessions of back-office and business agents: reconciliations, alert fan-out, retries, polling."""

from __future__ import annotations

from typing import Any

from .builder import Call, Trace, js


def nostro_recon_long() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-015-nostro-recon-statement-long",
        "A reconciliation agent pages through a day's MT940 lines and matches each to the ledger, "
        "posting matches and raising exceptions: a long run of similar calls, each on a new line.",
        agent="nostro reconciliation agent (SOAP ledger adapter, LangGraph)",
        model="gpt-4o-2024-08-06",
        start=1640,
    )
    t.user(
        "Reconcile the EUR nostro for 2026-03-03: match every statement line you can, raise exceptions for "
        "the rest."
    )
    matched, exceptions = 0, []
    cursor = None
    line_no = 0
    counterparties = [
        "ACME GMBH",
        "BRIGHTWATER BV",
        "NORDLICHT AG",
        "KOWALSKI SP ZOO",
        "LUMEN SRL",
        "OKAPI SA",
        "VELA OY",
        "HARBOR LTD",
    ]
    for page in range(3):
        lines = []
        for _ in range(8):
            line_no += 1
            amount = round(t.rng.uniform(120, 48000), 2)
            lines.append(
                {
                    "line": line_no,
                    "dc": t.rng.choice(["C", "C", "D"]),
                    "amount": amount,
                    "ref": f"PAY{88100 + line_no * 7}",
                    "party": t.rng.choice(counterparties),
                }
            )
        nxt = None if page == 2 else f"p{page + 2}"
        args: dict[str, Any] = {"account": "NOSTRO-EUR-01", "date": "2026-03-03", "page_size": 8}
        if cursor:
            args["cursor"] = cursor
        t.act(
            "Fetching statement lines." if page == 0 else "Next page of statement lines.",
            "swift_list_statement_lines",
            args,
            js({"lines": lines, "next_cursor": nxt, "total": 24}),
        )
        cursor = nxt
        for ln in lines:
            amount = f"{ln['amount']:.2f}"
            found = t.rng.random() < 0.8
            cands = (
                [
                    {
                        "item": f"LI-22{1000 + ln['line'] * 3}",
                        "amount": amount,
                        "reference": ln["ref"],
                        "score": round(t.rng.uniform(0.91, 0.99), 2),
                    }
                ]
                if found
                else []
            )
            t.act(
                f"Line {ln['line']}: {ln['dc']} {amount} {ln['party']}.",
                "ledger_find_candidates",
                {"amount": amount, "currency": "EUR", "reference": ln["ref"], "value_date": "2026-03-03"},
                js({"candidates": cands}),
            )
            if found:
                matched += 1
                t.act(
                    "Posting the match.",
                    "ledger_post_match",
                    {
                        "statement_ref": f"STMT0303/{ln['line']}",
                        "item": cands[0]["item"],
                        "amount": amount,
                        "currency": "EUR",
                    },
                    '<?xml version="1.0"?><soap:Envelope '
                    'xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
                    f"<soap:Body><PostMatchResponse><status>MATCHED</status><matchId>M-{70000 + ln['line']}"
                    "</matchId></PostMatchResponse></soap:Body></soap:Envelope>",
                )
            else:
                exceptions.append(ln["line"])
                t.act(
                    "No ledger candidate; raising an exception.",
                    "recon_create_exception",
                    {"statement_ref": f"STMT0303/{ln['line']}", "amount": amount, "reason": "NO_LEDGER_ITEM"},
                    js({"exception_id": f"EX-{5500 + ln['line']}", "queue": "nostro-eur"}),
                )
    t.say(
        f"EUR nostro 2026-03-03: {matched} of 24 lines matched and posted; {len(exceptions)} exceptions "
        "raised "
        f"(lines {', '.join(map(str, exceptions)) or 'none'})."
    )
    t.healthy(
        f"A long reconciliation ({t.steps} steps): cursor pagination over 24 statement lines, and for "
        "each line a candidate search with its own amount and reference, then a post or an exception. "
        "The acknowledgements look alike but every call is a different line."
    )
    return t.build()


def aml_alert_fanout() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-016-aml-alert-queue-fanout",
        "An AML triage agent works through ten alerts in a queue: reads each, checks what the scenario "
        "needs, and closes or escalates it with a rationale.",
        agent="AML alert triage agent (case-management REST tools, Gemini)",
        model="gemini-2.5-pro",
        start=1690,
        ids="gemini",
    )
    t.user(
        "Clear today's low-score alert queue (score < 50). Close obvious false positives, escalate anything "
        "real."
    )
    ids = [f"AL-56{k:02d}" for k in range(10, 20)]
    t.act(
        "Listing the queue.",
        "aml_list_alerts",
        {"queue": "low", "max_score": 50},
        js({"alerts": [{"alert_id": a, "score": 20 + 3 * i} for i, a in enumerate(ids)]}),
    )
    scenarios = [
        "RAPID_MOVEMENT",
        "HIGH_RISK_COUNTRY",
        "STRUCTURING_CASH_DEP",
        "ROUND_AMOUNTS",
        "NEW_ACCOUNT_HIGH_VOL",
    ]
    escalated = []
    for i, a in enumerate(ids):
        sc = t.rng.choice(scenarios)
        t.act(
            f"Reading {a}.",
            "aml_get_alert",
            {"alert_id": a},
            js({"alert_id": a, "scenario": sc, "customer": f"C-9{1000 + 37 * i}", "score": 20 + 3 * i}),
        )
        real = t.rng.random() < 0.25
        if real:
            escalated.append(a)
            t.act(
                f"{a} needs a closer look: {sc.lower().replace('_', ' ')} with no business rationale.",
                "aml_escalate",
                {"alert_id": a, "to": "L2", "rationale": f"{sc}: pattern not explained by profile"},
                js({"alert_id": a, "status": "ESCALATED", "case": f"CASE-{31000 + i}"}),
            )
        else:
            t.act(
                f"Closing {a}: activity matches the customer's profile.",
                "aml_close_alert",
                {
                    "alert_id": a,
                    "disposition": "FALSE_POSITIVE",
                    "rationale": f"{sc}: consistent with KYC profile",
                },
                js({"alert_id": a, "status": "CLOSED"}),
            )
    t.say(
        f"Queue cleared: {10 - len(escalated)} alerts closed as false positives, {len(escalated)} escalated "
        "to L2 "
        f"({', '.join(escalated) or 'none'})."
    )
    t.healthy(
        "Fan-out over a queue: ten different alerts, each read and then closed or escalated with its own "
        "rationale; similar calls, always a new id."
    )
    return t.build()


def kyc_rate_limit_retry() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-017-kyc-vendor-429-then-ok",
        "A KYC orchestrator's identity-verification call is rate limited three times (429 bodies with "
        "Retry-After), waits as told, and succeeds on the fourth attempt.",
        agent="KYC onboarding orchestrator (OpenAI Agents SDK, agents as tools)",
        model="gpt-4.1",
        start=1720,
    )
    t.user("Run identity verification for APP-31002 and finish onboarding if it passes.")
    args = {"application_id": "APP-31002", "document": "DOC-1", "selfie": "SELFIE-1"}
    t.act(
        "Submitting the document and selfie to the IDV vendor.",
        "idv_verify",
        args,
        js({"status": 429, "error": "rate_limited", "message": "Too many requests", "retry_after_s": 4}),
    )
    t.act("Rate limited; waiting 4 s as the vendor asks.", "wait", {"seconds": 4}, "waited 4 s")
    t.act(
        "Retrying.",
        "idv_verify",
        args,
        js({"status": 429, "error": "rate_limited", "message": "Too many requests", "retry_after_s": 8}),
    )
    t.act("Backing off 8 s.", "wait", {"seconds": 8}, "waited 8 s")
    t.act(
        "Retrying.",
        "idv_verify",
        args,
        js({"status": 429, "error": "rate_limited", "message": "Too many requests", "retry_after_s": 15}),
    )
    t.act("Backing off 15 s.", "wait", {"seconds": 15}, "waited 15 s")
    t.act(
        "Retrying.",
        "idv_verify",
        args,
        js(
            {
                "status": 200,
                "result": "PASS",
                "doc_authenticity": 0.97,
                "face_match": 0.95,
                "liveness": "PASS",
            }
        ),
    )
    t.act(
        "Passed. Completing onboarding.",
        "kyc_complete",
        {"application_id": "APP-31002", "decision": "APPROVE"},
        js({"application_id": "APP-31002", "status": "APPROVED", "account": "NL12RABO0301122334"}),
    )
    t.say(
        "APP-31002 verified (document 0.97, face 0.95, liveness pass) after three rate-limit waits; "
        "onboarding "
        "approved."
    )
    t.healthy(
        "A retry that succeeds: three 429 bodies with growing Retry-After, the agent waits as told each "
        "time, and the fourth identical call passes; onboarding completes."
    )
    return t.build()


def rent_roll_late_fees() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-018-late-fees-batch-post",
        "A property-management assistant posts late fees to twelve units in parallel batches after "
        "checking each balance; the acknowledgements look alike.",
        agent="property management assistant (REST tools, Claude)",
        model="claude-3-5-sonnet",
        start=1750,
        ids="anthropic",
    )
    t.user("Post the March late fee (5% of rent, max $75) for every unit at Linden Court that is past due.")
    units = [f"{f}{u}" for f in (1, 2, 3) for u in "ABCDE"]
    rents = {u: t.rng.choice([1150, 1240, 1380, 1460, 1620, 1890]) for u in units}
    late = sorted(t.rng.sample(units, 12))
    t.act(
        "Getting the rent roll with balances.",
        "pm_rent_roll",
        {"property_id": "P-LINDEN", "as_of": "2026-03-06"},
        js(
            {"units": [{"unit": u, "rent": rents[u], "balance": rents[u] if u in late else 0} for u in units]}
        ),
    )
    for start in range(0, 12, 4):
        calls = []
        for u in late[start : start + 4]:
            fee = min(round(rents[u] * 0.05, 2), 75.0)
            calls.append(
                Call(
                    "pm_post_charge",
                    {
                        "property_id": "P-LINDEN",
                        "unit": u,
                        "code": "LATE_FEE",
                        "amount": fee,
                        "memo": "March 2026 late fee",
                    },
                    js({"ok": True, "charge_id": f"CH-{40120 + units.index(u)}", "unit": u}),
                )
            )
        t.batch(f"Posting late fees for {', '.join(late[start : start + 4])}.", calls)
    t.say(f"Late fees posted to 12 past-due units ({', '.join(late)}), 5% of rent capped at $75.")
    t.healthy(
        "Batch writes: twelve charges in three parallel batches, each for a different unit and amount; "
        "the 'ok' acknowledgements look alike, and the session ends after one pass."
    )
    return t.build()


def ads_report_poll() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-019-ads-async-report-poll",
        "A paid-media agent requests an asynchronous performance report and polls it through identical "
        "'pending' statuses until it is ready, then downloads and summarises it.",
        agent="paid media optimizer (Meta Marketing API tools, OpenAI Agents SDK)",
        model="gpt-4.1-mini",
        start=1780,
    )
    t.user("Which ad sets wasted the most budget last month? Use the async insights report.")
    t.act(
        "Creating the report.",
        "meta_create_async_report",
        {
            "account": "act_88120",
            "level": "adset",
            "date_preset": "last_month",
            "fields": ["adset_name", "spend", "actions", "cost_per_action_type"],
        },
        js({"report_run_id": "6011928833", "async_status": "Job Not Started", "async_percent_completion": 0}),
    )
    pending = js(
        {"report_run_id": "6011928833", "async_status": "Job Not Started", "async_percent_completion": 0}
    )
    for text in (
        "Checking the report.",
        "Not started yet.",
        "Still queued.",
        "Waiting on the queue.",
        "Still not started.",
        "Queued.",
    ):
        t.act(text, "meta_get_async_report", {"report_run_id": "6011928833"}, pending)
    for pct in (35, 80):
        t.act(
            "Checking.",
            "meta_get_async_report",
            {"report_run_id": "6011928833"},
            js(
                {
                    "report_run_id": "6011928833",
                    "async_status": "Job Running",
                    "async_percent_completion": pct,
                }
            ),
        )
    t.act(
        "Checking.",
        "meta_get_async_report",
        {"report_run_id": "6011928833"},
        js({"report_run_id": "6011928833", "async_status": "Job Completed", "async_percent_completion": 100}),
    )
    t.act(
        "Downloading.",
        "meta_get_report_rows",
        {"report_run_id": "6011928833", "limit": 50},
        js(
            {
                "rows": [
                    {"adset_name": "Retarget 30d", "spend": 4120.5, "purchases": 3},
                    {"adset_name": "Broad 25-54", "spend": 6240.0, "purchases": 71},
                    {"adset_name": "Lookalike 1%", "spend": 2980.2, "purchases": 2},
                ]
            }
        ),
    )
    t.say(
        "Worst value last month: 'Lookalike 1%' ($2,980 for 2 purchases, ~$1,490 each) and 'Retarget 30d' "
        "($4,120 for 3). 'Broad 25-54' is efficient (~$88 per purchase)."
    )
    t.healthy(
        "Polling an async report: six identical 'Job Not Started' reads, then running at 35% and 80%, "
        "then completed; the agent downloads and answers."
    )
    return t.build()


def ad_creative_iterate_turkish() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-020-ad-creative-policy-iterate-turkish",
        "Bir reklam asistanı yeni bir metni politika kontrolünden geçirene kadar düzenliyor; her turda "
        "farklı bir sorunu düzeltiyor.",
        agent="reklam metni asistanı (Google Ads API araçları, Gemini)",
        model="gemini-2.5-flash",
        start=1810,
        ids="gemini",
    )
    t.user(
        "Bahar kampanyası için duyarlı arama reklamı hazırla: 3 başlık, 2 açıklama. Politika onayından "
        "geçsin."
    )
    drafts = [
        (
            ["BAHAR İNDİRİMİ BAŞLADI!!!", "Klimalarda %40'a Varan İndirim Sizi Bekliyor", "Ücretsiz Montaj"],
            ["Hemen alın.", "Stoklar sınırlı."],
            js(
                {
                    "approved": False,
                    "issues": [
                        {"policy": "EXCESSIVE_CAPITALIZATION", "field": "headline_1"},
                        {"policy": "PUNCTUATION", "field": "headline_1"},
                        {"policy": "TEXT_TOO_LONG", "field": "headline_2", "limit": 30},
                    ],
                }
            ),
        ),
        (
            ["Bahar İndirimi Başladı", "Klimalarda %40'a Varan", "Ücretsiz Montaj"],
            ["Hemen alın.", "Stoklar sınırlı."],
            js(
                {
                    "approved": False,
                    "issues": [
                        {
                            "policy": "UNSUBSTANTIATED_CLAIM",
                            "field": "headline_2",
                            "detail": "Percentage discount needs landing page evidence",
                        }
                    ],
                }
            ),
        ),
        (
            ["Bahar İndirimi Başladı", "Klimalarda Bahar Fırsatı", "Ücretsiz Montaj"],
            ["Enerji verimli klimalar, ücretsiz montajla.", "Stoklar sınırlı, hemen inceleyin."],
            js({"approved": True, "issues": []}),
        ),
    ]
    for i, (heads, descs, verdict) in enumerate(drafts):
        t.act(
            "Taslağı oluşturuyorum." if i == 0 else "Taslağı güncelliyorum.",
            "ads_upsert_rsa_draft",
            {
                "ad_group_id": "15501220",
                "headlines": heads,
                "descriptions": descs,
                "final_url": "https://klimadunyasi.example/bahar",
            },
            js({"draft_id": "d-7710", "revision": i + 1}),
        )
        t.act("Politika kontrolü.", "ads_policy_check", {"draft_id": "d-7710"}, verdict)
    t.act(
        "Onaylandı; reklamı yayına alıyorum.",
        "ads_publish_draft",
        {"draft_id": "d-7710"},
        js({"ad_id": "6901155", "status": "ENABLED"}),
    )
    t.say(
        "Reklam yayında (6901155). Büyük harf ve uzunluk sorunlarını, ardından kanıtsız indirim iddiasını "
        "düzelttim."
    )
    t.healthy(
        "Iterating on an artifact: upsert draft, policy check, three rounds, and each revision fixes a "
        "different finding (capitals and length, then the unsupported claim) until it is approved and "
        "published."
    )
    return t.build()


def grant_multi_turn_lookups() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-021-grant-record-each-question",
        "A grant-writing assistant fetches the same opportunity record once for each of the user's "
        "follow-up questions and answers each one from it.",
        agent="nonprofit grant writing assistant (Grants.gov-style tools, Claude)",
        model="claude-opus-4-1",
        start=1840,
        ids="anthropic",
    )
    record = js(
        {
            "id": "359870",
            "number": "USDA-RUS-DLT-26",
            "title": "Distance Learning and Telemedicine",
            "closeDate": "2026-05-01",
            "awardFloor": 50000,
            "awardCeiling": 1000000,
            "costSharing": "15% minimum match required",
            "eligibility": ["public libraries", "nonprofits", "tribes"],
            "contact": "dlt@usda.gov",
        }
    )
    qa = [
        ("What's the deadline for the USDA DLT grant?", "The deadline is May 1, 2026."),
        ("And the minimum and maximum award?", "Awards range from $50,000 to $1,000,000."),
        ("Do we need a match?", "Yes, a minimum 15% match is required."),
        (
            "Are county libraries eligible?",
            "Yes, public libraries are eligible; county systems qualify as public libraries.",
        ),
    ]
    for question, answer in qa:
        t.user(question)
        t.act("Checking the opportunity record.", "grants_get_opportunity", {"id": "359870"}, record)
        t.say(answer)
    t.healthy(
        "Identical calls that each answer a new user message: the same record is fetched once per "
        "question (four user turns), and each reply answers that question. Counts start at each user message."
    )
    return t.build()


SCENARIOS = [
    nostro_recon_long,
    aml_alert_fanout,
    kyc_rate_limit_retry,
    rent_roll_late_fees,
    ads_report_poll,
    ad_creative_iterate_turkish,
    grant_multi_turn_lookups,
]
