"""Healthy retries: transient errors that clear, a retry with a changed argument that succeeds, two or three
failures followed by another approach or a hand-off to a human."""

from __future__ import annotations

from typing import Any

from blind14gen.builder import Trace


def handling_flight_info_503(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "İstanbul Havalimanı yer hizmetleri ajanı uçuş bilgisi servisinden iki kez 503 alır, bekleyip "
        "yeniden dener ve üçüncü denemede yanıt alıp kapı değişikliğini ekibe bildirir.",
        ids="bedrock",
        meta={"harness": "strands-agents", "model": "anthropic.claude-haiku-4-5", "lang": "tr"},
    )
    t.user("TK1983 (IST-LHR) için kapı değişti mi? Değiştiyse bagaj ve yükleme ekibine haber ver.")
    err = "HTTP 503 Service Unavailable - AODB upstream timeout, retry later"
    t.act(
        "Uçuş bilgisini alıyorum.",
        "aodb_ucus_bilgisi",
        {"ucus": "TK1983", "tarih": "2026-10-06"},
        err,
        error=True,
    )
    t.act("Servis geçici olarak yanıt vermiyor; 20 saniye bekliyorum.", "bekle", {"saniye": 20}, "ok")
    t.act(
        "Tekrar deniyorum.", "aodb_ucus_bilgisi", {"ucus": "TK1983", "tarih": "2026-10-06"}, err, error=True
    )
    t.act("Hâlâ 503. Bir dakika bekleyip son kez deneyeceğim.", "bekle", {"saniye": 60}, "ok")
    t.act(
        "",
        "aodb_ucus_bilgisi",
        {"ucus": "TK1983", "tarih": "2026-10-06"},
        {
            "ucus": "TK1983",
            "std": "14:35",
            "kapi": "F6",
            "onceki_kapi": "D11",
            "durum": "BOARDING 13:55",
            "stand": "F6 köprü",
        },
    )
    t.act(
        "Kapı D11'den F6'ya değişmiş. Ekibe bildiriyorum.",
        "ekip_mesaj_gonder",
        {
            "ekipler": ["bagaj-ist-f", "yukleme-ist-f"],
            "mesaj": "TK1983 IST-LHR kapı değişikliği: D11 -> F6 (köprü). STD 14:35, boarding 13:55.",
        },
        {"ok": True, "teslim": 2},
    )
    t.say("TK1983'ün kapısı D11'den F6'ya değişti; bagaj ve yükleme ekiplerine bildirildi.")
    return t.healthy(
        "Two identical flight-info calls fail with a transient 503; the agent waits (20 s, then 60 s) and "
        "the third attempt succeeds. Retry after a transient error with backoff, then new work: not a loop."
    )


def esg_supplier_api_429(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Scope 3 agent pulling supplier product carbon footprints is rate-limited, honours Retry-After, and "
        "continues through the supplier list.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "model": "gpt-5-mini"},
    )
    t.user(
        "Pull the latest product carbon footprints (PCF) our top 5 packaging suppliers shared on the "
        "exchange."
    )
    suppliers = ["SUP-1102", "SUP-1187", "SUP-1220", "SUP-1304", "SUP-1391"]
    values = [1.42, 0.87, 2.10, 1.05, 0.64]
    for i, (sup, val) in enumerate(zip(suppliers, values, strict=True)):
        args = {"supplier_id": sup, "latest": True}
        ok = {
            "supplier_id": sup,
            "product": "corrugated box 0201",
            "pcf_kgco2e_per_kg": val,
            "method": "PACT v3",
            "period": "2025",
        }
        if i == 2:
            t.act(
                "",
                "pcf_exchange_get",
                args,
                {"error": "rate_limited", "status": 429, "retry_after_seconds": 30},
                error=True,
            )
            t.act("Rate limited; waiting the 30 seconds the exchange asks for.", "sleep", {"seconds": 30}, "")
        t.act("Starting with the first supplier." if i == 0 else "", "pcf_exchange_get", args, ok)
    t.say(
        "PCFs (kg CO2e/kg, PACT v3, 2025): "
        + ", ".join(f"{s} {v}" for s, v in zip(suppliers, values, strict=True))
        + "."
    )
    return t.healthy(
        "A fan-out over five suppliers with one 429 answered by waiting the advertised 30 s and retrying "
        "once, successfully. The retry is a single transient recovery."
    )


def mls_geocode_then_parcel(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Listing assistant fails twice to geocode a new-construction address, then switches to a county "
        "parcel lookup and completes the listing location.",
        ids="gemini",
        meta={"harness": "vercel-ai-sdk", "model": "gemini-2.5-flash"},
    )
    t.user("Add map coordinates to draft listing 2288004 (new construction, 11820 NE 150th Ln, Woodinville).")
    t.act(
        "Geocoding the address.",
        "geocode",
        {"address": "11820 NE 150th Ln, Woodinville, WA 98072"},
        {"status": "ZERO_RESULTS"},
    )
    t.act(
        "No result; new streets are often missing. Trying with the county.",
        "geocode",
        {"address": "11820 NE 150th Ln, Woodinville, King County, WA"},
        {"status": "ZERO_RESULTS"},
    )
    t.act(
        "The geocoder doesn't know this street yet. Using the county parcel record instead.",
        "county_parcel_lookup",
        {"county": "King", "situs_address": "11820 NE 150TH LN"},
        {"parcel": "1526059087", "lat": 47.7352, "lon": -122.1741, "platted": "2026-05-14"},
    )
    t.act(
        "Setting the coordinates from the parcel centroid.",
        "mls_update_listing",
        {"listing": "2288004", "lat": 47.7352, "lon": -122.1741, "location_source": "parcel 1526059087"},
        {"ok": True},
    )
    t.say(
        "Listing 2288004 now has coordinates 47.7352, -122.1741 from King County parcel 1526059087 (the "
        "street is too new for the geocoder)."
    )
    return t.healthy(
        "Two failed geocodes (the second with a rewritten address), then a different tool that succeeds. "
        "Two failures before changing approach is healthy."
    )


def wealth_order_handoff(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Wealth-management rebalancing agent has two order rejections for different reasons, checks the "
        "restriction list and hands the trade to the human advisor.",
        ids="openai",
        meta={"harness": "langchain", "model": "gpt-4.1"},
    )
    t.user(
        "Rebalance account U8812034 to the model: sell 1,200 ASML and buy the model ETF with the proceeds."
    )
    t.act(
        "Placing the sell order.",
        "oms_place_order",
        {"account": "U8812034", "symbol": "ASML NA", "side": "SELL", "qty": 1200, "type": "MARKET"},
        {"status": "REJECTED", "reason": "MARKET_CLOSED", "detail": "Euronext Amsterdam opens 09:00 CET"},
    )
    t.act(
        "The market is closed; queueing a limit order for the open instead.",
        "oms_place_order",
        {
            "account": "U8812034",
            "symbol": "ASML NA",
            "side": "SELL",
            "qty": 1200,
            "type": "LIMIT",
            "limit": 612.4,
            "tif": "DAY",
            "session": "next_open",
        },
        {
            "status": "REJECTED",
            "reason": "RESTRICTED_SECURITY",
            "detail": "Account is on the restriction list for ASML NA",
        },
    )
    t.act(
        "A restriction, not a mechanical problem. Checking why.",
        "compliance_get_restrictions",
        {"account": "U8812034"},
        {
            "restrictions": [
                {
                    "symbol": "ASML NA",
                    "type": "INSIDER_BLACKOUT",
                    "until": "2026-10-16",
                    "owner": "compliance@firm",
                }
            ]
        },
    )
    t.act(
        "The client is in an insider blackout until 16 Oct. Handing this to the advisor.",
        "crm_create_task",
        {
            "account": "U8812034",
            "assignee": "advisor:l.meyer",
            "priority": "high",
            "title": "Rebalance blocked: ASML insider blackout until 2026-10-16",
            "body": "Sell of 1,200 ASML NA rejected (RESTRICTED_SECURITY). Please confirm with compliance "
            "and the client whether to rebalance after the blackout or use another sleeve.",
        },
        {"ok": True, "task_id": "TSK-66120"},
    )
    t.say(
        "I couldn't sell ASML: the account is in an insider blackout until 16 Oct. I created task TSK-66120 "
        "for Laura Meyer to decide with compliance; nothing was traded."
    )
    return t.healthy(
        "Two rejected orders with different reasons (market closed, then a restriction), one compliance "
        "look-up, then a hand-off to a human. A few failures followed by escalation is the behaviour we "
        "want."
    )


def crew_publish_locked_handoff(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Crew-control agent's roster publish is blocked by another planner's lock twice; after a short wait "
        "it notifies the duty manager instead of retrying further.",
        ids="responses",
        meta={"harness": "openai-responses", "model": "gpt-5-mini"},
    )
    t.user(
        "Publish the reserve assignment FO-31207 -> P4471 (approved by the duty manager) to the crew roster."
    )
    locked = {"ok": False, "error": "ROSTER_LOCKED", "locked_by": "planner a.holm", "since": "07:41"}
    args = {"crew_id": "FO-31207", "pairing": "P4471", "date": "2026-10-07", "approval": "DM-2026-10-06-14"}
    t.act("Publishing.", "roster_publish_assignment", args, locked)
    t.act("The roster is locked by another planner. Waiting two minutes.", "sleep", {"seconds": 120}, "")
    t.act("", "roster_publish_assignment", args, locked)
    t.act(
        "Still locked since 07:41; I won't keep retrying. Notifying the duty manager.",
        "notify",
        {
            "to": "duty-manager-arn",
            "channel": "ops-chat",
            "text": "Cannot publish FO-31207 on P4471 (2026-10-07): roster locked by a.holm since 07:41. "
            "Please ask a.holm to release the lock or publish manually.",
        },
        {"ok": True},
    )
    t.say(
        "Not published: the roster is locked by a.holm. The duty manager has been notified with the details."
    )
    return t.healthy(
        "Two identical publish attempts fail with the same lock error, separated by a wait; the agent then "
        "hands off to a human. Two failures and an escalation are healthy."
    )


def nomina_otra_razon_social(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Agente de nómina no encuentra al empleado en la razón social por defecto, busca en la otra razón "
        "social del grupo y calcula el finiquito.",
        ids="mistral",
        meta={"harness": "mistral-agents", "model": "mistral-medium-2508", "lang": "es"},
    )
    t.user(
        "Calcula el finiquito de Rosa Elena Tapia Núñez, RFC TANR900514KJ2, baja voluntaria al 30/09/2026."
    )
    t.act(
        "Busco a la empleada por RFC.",
        "nomina_buscar_empleado",
        {"rfc": "TANR900514KJ2"},
        {"empleados": [], "total": 0, "razon_social": "SERVICIOS ANDALUZ SA DE CV"},
    )
    t.act(
        "No está en la razón social por defecto; el grupo tiene dos. Busco en la otra.",
        "nomina_buscar_empleado",
        {"rfc": "TANR900514KJ2", "razon_social": "OPERADORA ANDALUZ SA DE CV"},
        {
            "empleados": [
                {
                    "num": "OA-00712",
                    "nombre": "TAPIA NUÑEZ ROSA ELENA",
                    "alta": "2021-02-15",
                    "salario_diario": 742.50,
                }
            ],
            "total": 1,
        },
    )
    t.act(
        "Encontrada. Calculo el finiquito.",
        "nomina_calcular_finiquito",
        {"num": "OA-00712", "fecha_baja": "2026-09-30", "causa": "RENUNCIA"},
        {
            "aguinaldo_proporcional": 9113.59,
            "vacaciones_pendientes": 8910.00,
            "prima_vacacional": 2227.50,
            "dias_pendientes": 0,
            "total_bruto": 20251.09,
            "isr": 1873.22,
            "neto": 18377.87,
        },
    )
    t.say(
        "Finiquito de Rosa Elena Tapia Núñez (OA-00712): aguinaldo proporcional $9,113.59, vacaciones "
        "$8,910.00, prima vacacional $2,227.50; total bruto $20,251.09, ISR $1,873.22, neto $18,377.87."
    )
    return t.healthy(
        "One empty look-up, then the same tool with a meaningful new argument (the group's other company) "
        "that finds the employee; the task completes. A retry with variation that succeeds."
    )


SCENARIOS = [
    ("handling-ucus-503-retry-tr", handling_flight_info_503),
    ("pcf-exchange-429-backoff", esg_supplier_api_429),
    ("mls-geocode-then-parcel", mls_geocode_then_parcel),
    ("rebalance-restricted-handoff", wealth_order_handoff),
    ("roster-locked-notify-dm", crew_publish_locked_handoff),
    ("nomina-otra-razon-social", nomina_otra_razon_social),
]
