"""Healthy runs with failures: retries that succeed, failures then a hand-off."""

from __future__ import annotations

from blind16gen.builder import Trace, call, healthy


@healthy("dns-registrar-503-then-ok")
def dns_retry(t: Trace) -> None:
    t.user("Point status.example.com at the new status page (CNAME to hosted.statuspage.example).")
    args = {
        "zone": "example.com",
        "name": "status",
        "type": "CNAME",
        "value": "hosted.statuspage.example",
        "ttl": 300,
    }
    t.step("Creating the record.", call("registrar.dns_upsert", args, "503 Service Unavailable", error=True))
    t.step("Transient; retrying.", call("registrar.dns_upsert", args, "503 Service Unavailable", error=True))
    t.step(
        "Retrying once more after a pause.",
        call("registrar.dns_upsert", args, {"ok": True, "id": "rr-22190"}),
    )
    t.step(
        "Checking resolution.",
        call(
            "dns.resolve",
            {"name": "status.example.com", "type": "CNAME"},
            {"answer": ["hosted.statuspage.example."]},
        ),
    )
    t.say("status.example.com now resolves to hosted.statuspage.example.")
    t.healthy(
        "A DNS agent retries a record upsert through two 503s and succeeds on the third try.",
        "Two transient failures and a success, then a verification; a retry that works is not a loop.",
    )


@healthy("shelter-microchip-429-tr", style="openai")
def chip_retry(t: Trace) -> None:
    t.user("Yeni gelen köpeğin çipini (900263001234567) ulusal kayıtta sorgula.")
    args = {"chip": "900263001234567"}
    t.step(
        "Sorguluyorum.",
        call("petregistry.lookup", args, {"status": 429, "error": "rate limited", "retry_after": 20}),
    )
    t.step(
        "20 saniye bekleyip tekrar deniyorum.",
        call(
            "petregistry.lookup",
            args,
            {"owner": "Mehmet Y.", "phone": "+90 5** *** 41 18", "registered": "2023-05-11"},
        ),
    )
    t.say("Çip kayıtlı: sahibi Mehmet Y. Telefonla ulaşmayı deneyelim.")
    t.healthy(
        "A shelter agent hits a rate limit on a microchip lookup and succeeds after waiting.",
        "One 429 and a successful retry.",
    )


@healthy("moving-quote-corrected-arg-uk", style="bedrock")
def moving_fix(t: Trace) -> None:
    t.user("Порахуй вартість переїзду 2-кімнатної квартири з Києва до Львова на 20 жовтня.")
    t.step(
        "Рахую.",
        call(
            "quote.calc",
            {"from": "Київ", "to": "Львів", "rooms": "2-кімнатна", "date": "2026-10-20"},
            {"ok": False, "error": "rooms must be an integer"},
        ),
    )
    t.step(
        "Виправляю кількість кімнат.",
        call(
            "quote.calc",
            {"from": "Київ", "to": "Львів", "rooms": 2, "date": "2026-10-20"},
            {"ok": True, "truck": "7.5t", "crew": 3, "price_uah": 21400},
        ),
    )
    t.say("Орієнтовно 21 400 грн: вантажівка 7,5 т, бригада з трьох.")
    t.healthy(
        "A moving-company agent fixes a type error in its quote call and gets the quote.",
        "One schema error, corrected on the next call.",
    )


@healthy("collections-dialer-down-escalate", style="anthropic")
def collections_handoff(t: Trace) -> None:
    t.user("Call-back for account 77-11820 is due at 14:00 CT; schedule it.")
    args = {"account": "77-11820", "date": "2026-10-08", "time": "14:00", "tz": "America/Chicago"}
    err = "502 Bad Gateway: dialer-core unavailable"
    t.step("Scheduling.", call("dialer.schedule_call", args, err, error=True))
    t.step("Retrying.", call("dialer.schedule_call", args, err, error=True))
    t.step(
        "The dialer is down; handing this to the compliance supervisor so the call is not missed.",
        call(
            "tickets.create",
            {
                "queue": "collections-supervisors",
                "priority": "high",
                "summary": "Dialer 502: manual call-back 77-11820 due 14:00 CT",
            },
            {"id": "SUP-3381"},
        ),
    )
    t.say("The dialer is unavailable; I opened SUP-3381 so a supervisor places the 14:00 CT call manually.")
    t.healthy(
        "A debt-collection agent fails twice on a down dialer, then hands the call to a supervisor.",
        "Two identical failures followed by a change of approach (a hand-off); not a streak to stop.",
    )


@healthy("evv-gps-exception-handoff-hi", style="gemini")
def evv_handoff(t: Trace) -> None:
    t.user("श्री गुप्ता की आज की विज़िट का EVV रिकॉर्ड जमा करो, 14:00-14:50।")
    args = {"client": "CL-18802", "start": "14:00", "end": "14:50", "gps": {"lat": 28.6139, "lon": 77.209}}
    err = {"code": "GPS_OUT_OF_RANGE", "detail": "Check-in location 1.9 km from client address on file"}
    t.step("EVV भेज रहा हूँ।", call("evv.submit_visit", args, err, error=True))
    t.step(
        "पता जाँच रहा हूँ।",
        call(
            "clients.get",
            {"client": "CL-18802"},
            {"address": "C-41, Lajpat Nagar", "temp_address": "AIIMS guest house (since 10-05)"},
        ),
    )
    t.step(
        "मरीज़ अस्थायी पते पर हैं; सुपरवाइज़र के लिए अपवाद अनुरोध बना रहा हूँ।",
        call(
            "evv.exception_request",
            {"client": "CL-18802", "visit_date": "2026-10-08", "reason": "temporary address"},
            {"request": "EX-7719", "status": "awaiting_supervisor"},
        ),
    )
    t.say("GPS अस्थायी पते के कारण मेल नहीं खाया; अपवाद अनुरोध EX-7719 सुपरवाइज़र के पास है।")
    t.healthy(
        "A home-health agent hits a GPS mismatch, finds a temporary address and files an exception.",
        "One failure, a diagnosis and a hand-off to a supervisor.",
    )


@healthy("cruise-operator-down-handoff-ja", style="responses")
def cruise_handoff(t: Trace) -> None:
    t.user("11月5日の長崎寄港、軍艦島ツアーを乗客12名分予約してください。")
    args = {"port": "NGS", "date": "2026-11-05", "product": "GUNKAN-AM", "pax": 12}
    err = "Operator API timeout after 30s (operator: Nagasaki Harbour Cruises)"
    for text in ["予約します。", "タイムアウトしました。再試行します。", "もう一度だけ試します。"]:
        t.step(text, call("excursions.book", args, err, error=True))
    t.step(
        "オペレーターのAPIが応答しないため、寄港地デスクに引き継ぎます。",
        call(
            "handoff.shore_desk",
            {"port": "NGS", "note": "GUNKAN-AM 12名 11/5、API timeout x3、電話予約をお願いします"},
            {"ticket": "SD-2290"},
        ),
    )
    t.say("API が応答しないため、寄港地デスク（SD-2290）に電話予約を依頼しました。")
    t.healthy(
        "A shore-excursion agent retries a timed-out booking three times, then hands it to the shore desk.",
        "Three identical failing attempts followed by a hand-off to people; stopping at three is healthy.",
    )
