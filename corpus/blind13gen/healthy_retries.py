"""Healthy: transient failures that then succeed; two or three failures, then another approach or a
hand-off."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call, js, jsp


def spectrum_503_then_success() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-015-spectrum-api-503-retry",
        "Spectrum licensing agent retries a frequency-coordination lookup after two 503s; the third "
        "attempt succeeds.",
        ids="openai",
        agent="spectrum licensing",
    )
    t.user(
        "Pull the coordination record for frequency 6.525 GHz near 40.71N 74.00W so I can start the PCN "
        "for the new link."
    )
    args = {"freq_ghz": 6.525, "lat": 40.71, "lon": -74.0, "radius_km": 80}
    unavailable = (
        "HTTP 503 Service Unavailable\nRetry-After: 20\n<html><body>upstream maintenance</body></html>"
    )
    t.act("Querying the coordination database.", call("coord_db.query", args, unavailable, error=True))
    t.act("503 with Retry-After 20s. Waiting and retrying.", call("sleep", {"seconds": 20}, ""))
    t.act("Retrying.", call("coord_db.query", args, unavailable, error=True))
    t.act("Still in maintenance. Waiting a bit longer.", call("sleep", {"seconds": 60}, ""))
    t.act(
        "Retrying.",
        call(
            "coord_db.query",
            args,
            js(
                {
                    "records": [
                        {"callsign": "WQRT881", "freq_ghz": 6.5251, "dist_km": 12.4, "az_deg": 211},
                        {"callsign": "WPNJ340", "freq_ghz": 6.5456, "dist_km": 57.9, "az_deg": 44},
                    ]
                },
                indent=2,
            ),
        ),
    )
    t.say(
        "Two existing links are nearby: WQRT881 on 6.5251 GHz at 12.4 km (co-channel, needs analysis) and "
        "WPNJ340 on 6.5456 GHz at 57.9 km. Include both in the PCN."
    )
    return t.healthy(
        "A transient outage: two identical queries fail with 503 and Retry-After, the agent waits and the "
        "third identical query succeeds. Retries after a transient error that then succeed are healthy."
    )


def rail_429_backoff_de() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-016-rail-defect-api-rate-limit",
        "Track maintenance agent (German) hits a 429 while reading rail defect reports, backs off, and "
        "continues.",
        ids="anthropic",
        agent="railway track maintenance",
        language="de",
    )
    t.user(
        "Liste alle Ultraschall-Schienenfehler der Klasse 1 auf der Strecke 6100 zwischen km 12 und km 30."
    )
    sections = [(12, 18), (18, 24), (24, 30)]
    found = {
        (12, 18): [{"km": 14.212, "klasse": 1, "typ": "Kopfquerriss"}],
        (18, 24): [],
        (24, 30): [{"km": 27.880, "klasse": 1, "typ": "Stegriss an Laschenbohrung"}],
    }
    for k, (a, b) in enumerate(sections):
        args = {"strecke": 6100, "von_km": a, "bis_km": b, "klasse": 1}
        if k == 1:
            t.act(
                f"Abschnitt km {a}–{b}.",
                call(
                    "defects.query",
                    args,
                    jsp({"error": "rate_limited", "status": 429, "retry_after_s": 10}),
                    error=True,
                ),
            )
            t.act("Rate-Limit; ich warte 10 Sekunden.", call("sleep", {"seconds": 10}, ""))
        t.act(
            f"Abschnitt km {a}–{b}." if k != 1 else "Erneuter Versuch für km 18–24.",
            call("defects.query", args, jsp({"befunde": found[(a, b)]})),
        )
    t.say(
        "Klasse-1-Fehler auf 6100 (km 12–30): km 14,212 Kopfquerriss; km 27,880 Stegriss an Laschenbohrung."
    )
    return t.healthy(
        "A sweep over three track sections; one query hits a 429, the agent waits as told and the "
        "identical retry succeeds. One retry after a rate limit is healthy, and the other calls target new "
        "sections."
    )


def funeral_obituary_portal_then_email() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-017-funeral-obituary-portal-then-email",
        "Funeral home agent fails twice to publish an obituary through a newspaper portal, then e-mails "
        "the classifieds desk instead.",
        ids="plain:call_",
        agent="funeral home and cemetery management",
    )
    t.user(
        "Publish Margaret Hollis's obituary in the Valley Courier for Saturday's edition. The text is "
        "approved."
    )
    args = {
        "paper": "valley-courier",
        "edition": "2026-03-21",
        "case": "FUN-2026-0240",
        "text_ref": "obit_v3",
    }
    t.act(
        "Submitting through the Courier's obituary portal.",
        call(
            "newspaper_portal.submit", args, "<html><body><h1>502 Bad Gateway</h1></body></html>", error=True
        ),
    )
    t.act(
        "Gateway error; trying once more.",
        call(
            "newspaper_portal.submit", args, "<html><body><h1>502 Bad Gateway</h1></body></html>", error=True
        ),
    )
    t.act(
        "The portal is down. Saturday's deadline is today at 5 pm, so I'll send it to the classifieds desk "
        "by e-mail.",
        call(
            "email.send",
            {
                "to": "obituaries@valleycourier.example",
                "subject": "Obituary for Saturday 3/21: Margaret Hollis",
                "attachments": ["obit_v3.docx", "hollis_photo.jpg"],
            },
            js({"status": "sent"}),
        ),
    )
    t.say(
        "The portal was returning 502, so I e-mailed the obituary and photo to the Courier's obituaries "
        "desk for Saturday."
    )
    return t.healthy(
        "Two identical portal submissions fail with 502, then the agent changes approach (e-mail to the "
        "desk) and finishes. Two failed attempts followed by a change of approach are healthy."
    )


def permit_gis_timeouts_handoff_tl() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-018-permit-gis-timeouts-handoff",
        "Municipal permits agent (Tagalog) gets three GIS timeouts on a parcel lookup and hands the case "
        "to a human clerk.",
        ids="bedrock",
        agent="municipal building permits",
        language="tl",
    )
    t.user(
        "Pakisuri kung nasa flood zone ang lote 045-12-0087 para sa aplikasyon ng building permit ni G. "
        "Dizon."
    )
    args = {"parcel": "045-12-0087", "layers": ["flood_zone", "zoning"]}
    for text in [
        "Titingnan ko sa GIS.",
        "Nag-timeout. Susubukan ko ulit.",
        "Nag-timeout ulit. Isang beses pa.",
    ]:
        t.act(
            text,
            call(
                "gis.parcel_overlay", args, "Error: upstream GIS server timed out after 30000 ms", error=True
            ),
        )
    t.act(
        "Hindi gumagana ang GIS. Ipapasa ko ito sa zoning clerk para manu-manong suriin.",
        call(
            "cases.assign",
            {
                "case": "BP-2026-00412",
                "to": "zoning_clerk",
                "note": "GIS overlay timeout x3; kailangan ng manual flood-zone check para sa 045-12-0087",
            },
            js({"ok": True, "assigned_to": "R. Santos"}),
        ),
    )
    t.say(
        "Hindi maabot ang GIS server, kaya ipinasa ko ang kaso kay R. Santos (zoning clerk) para sa manual "
        "na pagsusuri."
    )
    return t.healthy(
        "Three identical lookups time out, then the agent stops and hands the case to a human clerk with a "
        "clear note. Two or three identical attempts at a failing call followed by a hand-off are healthy."
    )


def apparel_upload_adapts() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-019-apparel-techpack-upload-adapts",
        "Apparel PLM agent fixes each upload error in turn (too large, wrong format) and the third upload "
        "succeeds.",
        ids="gemini",
        agent="apparel product lifecycle management",
    )
    t.user("Upload the SS26-DR-203 tech pack to the Hanoi factory portal so they can start the proto.")
    t.act(
        "Uploading the tech pack.",
        call(
            "factory_portal.upload",
            {"factory": "HN-07", "style": "SS26-DR-203", "file": "SS26-DR-203_techpack.pdf"},
            js({"error": "FILE_TOO_LARGE", "limit_mb": 25, "size_mb": 61.4}),
            error=True,
        ),
    )
    t.act(
        "61 MB; the limit is 25. Compressing the images in the PDF.",
        call(
            "pdf.compress",
            {"file": "SS26-DR-203_techpack.pdf", "image_dpi": 150},
            js({"out": "SS26-DR-203_techpack_150dpi.pdf", "size_mb": 18.9}),
        ),
    )
    t.act(
        "Uploading the compressed file.",
        call(
            "factory_portal.upload",
            {"factory": "HN-07", "style": "SS26-DR-203", "file": "SS26-DR-203_techpack_150dpi.pdf"},
            js(
                {
                    "error": "UNSUPPORTED_FORMAT",
                    "detail": "tech packs must be uploaded as .xlsx with the PLM template",
                }
            ),
            error=True,
        ),
    )
    t.act(
        "They want the PLM spreadsheet export instead.",
        call(
            "plm.export_techpack",
            {"style": "SS26-DR-203", "format": "xlsx", "template": "factory_v2"},
            js({"out": "SS26-DR-203_techpack.xlsx"}),
        ),
    )
    t.act(
        "Uploading the spreadsheet.",
        call(
            "factory_portal.upload",
            {"factory": "HN-07", "style": "SS26-DR-203", "file": "SS26-DR-203_techpack.xlsx"},
            js({"ok": True, "doc_id": "HN07-DOC-55120"}),
        ),
    )
    t.say("The tech pack is on the Hanoi portal (doc HN07-DOC-55120) as the PLM spreadsheet export.")
    return t.healthy(
        "Two upload failures with different causes, each answered by a real fix (compress, then export in "
        "the required format), then success. Failures with different errors and changing approaches are "
        "progress."
    )


def zoo_token_refresh_ar() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-020-zoo-token-expired-refresh",
        "Zoo records agent (Arabic) gets an expired-token error, refreshes the token, and the retried call "
        "succeeds.",
        ids="mistral",
        agent="zoo animal care records",
        language="ar",
    )
    t.user("اطبع تقرير الأوزان الشهري لقطيع الغزلان الريم في حظيرة الصحراء-1.")
    args = {"enclosure": "Desert-1", "species": "Gazella marica", "month": "2026-02"}
    t.act(
        "أطلب التقرير.",
        call("reports.weights", args, js({"error": "token_expired", "code": 401}), error=True),
    )
    t.act("انتهت صلاحية الرمز. أجدده.", call("auth.refresh", {}, js({"ok": True, "expires_in": 3600})))
    t.act(
        "أعيد طلب التقرير.",
        call(
            "reports.weights",
            args,
            "gan,name,kg_feb01,kg_feb28\nGAN 19-0311,ريم-1,18.2,18.6\nGAN 20-0107,ريم-2,16.9,17.1\nGAN "
            "22-0450,ريم-4,12.3,13.4\n",
        ),
    )
    t.say("التقرير: جميع الغزلان الثلاث زاد وزنها في فبراير، وأكبر زيادة عند ريم-4 (+1.1 كغ).")
    return t.healthy(
        "An expired token: the call fails once, the agent refreshes the token, and the identical retry "
        "succeeds. A retry after fixing the cause is healthy."
    )


def wedding_payment_declined_ro() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-021-wedding-deposit-card-declined",
        "Wedding planning agent (Romanian) has a deposit card declined twice, asks the couple for another "
        "method, and pays.",
        ids="openai",
        agent="wedding planning",
        language="ro",
    )
    t.user(
        "Plătește avansul de 3.000 lei pentru formația „Nunta Veselă” pentru 5 septembrie, cu cardul salvat."
    )
    args = {"vendor": "nunta-vesela", "amount_ron": 3000, "method": "card_saved_4471", "ref": "WED-2026-0905"}
    t.act("Efectuez plata.", call("payments.pay", args, js({"status": "declined", "reason": "do_not_honor"})))
    t.act(
        "Banca a refuzat. Încerc o dată, uneori e o eroare temporară.",
        call("payments.pay", args, js({"status": "declined", "reason": "do_not_honor"})),
    )
    t.say("Banca refuză cardul salvat (do_not_honor). Aveți alt card sau preferați transfer bancar?")
    t.user("Folosește cardul care se termină în 9023.")
    t.act(
        "Plătesc cu cardul 9023.",
        call(
            "payments.pay",
            {**args, "method": "card_saved_9023"},
            js({"status": "paid", "receipt": "PAY-88410"}),
        ),
    )
    t.say("Avansul de 3.000 lei pentru „Nunta Veselă” a fost plătit (chitanța PAY-88410).")
    return t.healthy(
        "Two identical payments are declined (content only), then the agent stops and asks the user, who "
        "gives another card; the payment succeeds. Two failures followed by a hand-off to the user are "
        "healthy."
    )


SCENARIOS = [
    spectrum_503_then_success,
    rail_429_backoff_de,
    funeral_obituary_portal_then_email,
    permit_gis_timeouts_handoff_tl,
    apparel_upload_adapts,
    zoo_token_refresh_ar,
    wedding_payment_declined_ro,
]
