"""Healthy runs of travel agents: a flexible-date sweep, a ticketing poll, a retried seat, 'check
again' turns."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from .builder import Trace, c, js


def fare_date_sweep() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-018-gds-flexible-date-sweep",
        "A travel agent searches the same route for seven departure dates (same call shape, different dates "
        "and fares), picks the cheapest and places a hold.",
        agent="travel agency booking agent (Amadeus-style self-service tools)",
        model="gemini-2.5-flash",
        start="2026-03-08T18:00:00+00:00",
        ids="fc",
    )
    t.user("Cheapest economy fare BCN→JFK for one adult, any day from 20 to 26 May, returning 7 days later.")
    fares = {20: 612.40, 21: 588.10, 22: 571.95, 23: 640.00, 24: 702.30, 25: 559.80, 26: 598.25}
    for day, price in fares.items():
        t.step(
            "Sweeping the dates." if day == 20 else "",
            c(
                "flight_offers_search",
                {
                    "originLocationCode": "BCN",
                    "destinationLocationCode": "JFK",
                    "departureDate": f"2026-05-{day}",
                    "returnDate": (date(2026, 5, day) + timedelta(days=7)).isoformat(),
                    "adults": 1,
                    "travelClass": "ECONOMY",
                    "max": 3,
                },
                js(
                    {
                        "meta": {"count": 3},
                        "data": [
                            {
                                "id": "1",
                                "price": {"currency": "EUR", "grandTotal": f"{price:.2f}"},
                                "validatingAirlineCodes": [["DL", "IB", "UA"][day % 3]],
                            }
                        ],
                    }
                ),
            ),
        )
    t.step(
        "25 May is cheapest. Pricing it.",
        c(
            "flight_offers_price",
            {"offer_id": "1", "departureDate": "2026-05-25"},
            js(
                {
                    "data": {
                        "flightOffers": [
                            {"price": {"grandTotal": "559.80"}, "lastTicketingDate": "2026-03-11"}
                        ]
                    }
                }
            ),
        ),
    )
    t.step(
        "",
        c(
            "create_hold",
            {"offer_id": "1", "traveler": {"name": "GARCIA/NURIA MS"}},
            js({"ok": True, "pnr": "7XK2QP", "hold_until": "2026-03-11T23:59:00Z"}),
        ),
    )
    t.step(
        "Cheapest: 25 May out, 1 June back, EUR 559.80 with Delta. Held under PNR 7XK2QP until 11 March. "
        "Other days ranged from EUR 571.95 (22 May) to 702.30 (24 May)."
    )
    t.healthy(
        "A date sweep: seven searches of one route differing only in the dates, each with a different fare, "
        "then a choice and a hold. Similar calls over different inputs are progress."
    )
    return t.build()


def ticketing_poll() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-019-pnr-ticketing-status-polled",
        "A corporate travel agent issues a ticket and polls the ticketing queue (identical 'PENDING' "
        "answers) until the e-ticket number comes back, then sends the itinerary.",
        agent="corporate travel agent (OpenAI Agents SDK, GDS tools)",
        model="gpt-4.1",
        start="2026-03-10T08:30:00+00:00",
        ids="call",
    )
    t.user("Jonas's seat on LH 456 (the 13:35) is confirmed as PNR 5TRW2L. Please ticket it and email him.")
    t.step(
        "",
        c(
            "issue_ticket",
            {"pnr": "5TRW2L", "form_of_payment": "corporate_card"},
            js({"request_id": "tkt-31a0", "status": "PENDING"}),
        ),
    )
    for i in range(5):
        t.wait(30)
        t.step(
            "Ticketing is queued; checking." if i == 0 else "",
            c(
                "ticketing_status",
                {"request_id": "tkt-31a0"},
                js({"request_id": "tkt-31a0", "status": "PENDING"}),
            ),
        )
    t.wait(30)
    t.step(
        "",
        c(
            "ticketing_status",
            {"request_id": "tkt-31a0"},
            js({"request_id": "tkt-31a0", "status": "TICKETED", "eticket": "220-4412907731"}),
        ),
    )
    t.step(
        "",
        c(
            "send_itinerary_email",
            {"pnr": "5TRW2L", "to": "jonas.weber@acme.example"},
            js({"ok": True, "message_id": "<itn-5TRW2L@travel.acme>"}),
        ),
    )
    t.step("Ticketed: e-ticket 220-4412907731 for LH 456 FRA→SFO on 18 March; itinerary emailed to Jonas.")
    t.healthy(
        "A ticketing poll: five identical PENDING answers thirty seconds apart, then TICKETED, after which "
        "the agent moves on. A poll that completes is healthy."
    )
    return t.build()


def seat_retry_fr() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-020-siege-reessai-apres-503",
        "A French-speaking airline assistant's seat assignment fails twice with a 503 from the seat "
        "service, then succeeds on the third try.",
        agent="airline customer assistant (reservation tools), French",
        model="mistral-large-2411",
        start="2026-03-12T07:15:00+00:00",
        ids="seq",
    )
    t.user("Bonjour, pouvez-vous me mettre côté hublot sur mon vol AF1148 de demain ? Réservation QZ7P4M.")
    t.step(
        "",
        c(
            "get_seat_map",
            {"pnr": "QZ7P4M", "flight": "AF1148", "date": "2026-03-13"},
            js({"available_windows": ["12A", "14F", "21A"], "current_seat": "17C"}),
        ),
    )
    args = {"pnr": "QZ7P4M", "flight": "AF1148", "seat": "12A", "passenger": 1}
    unavailable = (
        'HTTP 503 Service Unavailable\n{"erreur": "Service de placement momentanément indisponible"}'
    )
    t.step("Je vous place en 12A, hublot à l'avant.", c("assign_seat", args, unavailable, error=True))
    t.wait(4)
    t.step(
        "Le service de placement ne répond pas ; je réessaie.",
        c("assign_seat", args, unavailable, error=True),
    )
    t.wait(12)
    t.step("", c("assign_seat", args, js({"ok": True, "seat": "12A", "boarding_pass_updated": True})))
    t.step(
        "C'est fait : vous êtes en 12A (hublot) sur l'AF1148 de demain. Votre carte d'embarquement est à "
        "jour."
    )
    t.healthy(
        "A retry that succeeds: two 503 answers from the seat service, then success on the third identical "
        "call. Retrying a transient error is healthy."
    )
    return t.build()


def upgrade_check_again_ja() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-021-upgrade-waitlist-checked-per-request",
        "A Japanese airline chat agent checks an upgrade waitlist each time the traveller asks again; the "
        "identical calls each answer a new user message, and the last one is confirmed.",
        agent="airline chat agent (loyalty and upgrade tools), Japanese",
        model="claude-haiku-4-5",
        start="2026-03-18T06:00:00+00:00",
    )
    args = {"pnr": "JL4KQ2", "flight": "JL005", "date": "2026-03-20", "cabin": "business"}
    t.user("3月20日のJL005、ビジネスクラスへのアップグレードの状況を教えてください。予約番号はJL4KQ2です。")
    t.step("", c("check_upgrade_status", args, js({"status": "waitlisted", "position": 4})))
    t.step("現在キャンセル待ちの4番目です。出発が近づくと順番が動くことがあります。")
    t.user("ありがとうございます。もう一度確認してもらえますか？")
    t.step("", c("check_upgrade_status", args, js({"status": "waitlisted", "position": 4})))
    t.step("確認しましたが、まだ4番目のままです。")
    t.user("夕方になりました。もう一度確認してもらえますか？")
    t.step("", c("check_upgrade_status", args, js({"status": "waitlisted", "position": 2})))
    t.step("2番目まで上がりました。")
    t.user("出発前日です。最後にもう一度お願いします。")
    t.step("", c("check_upgrade_status", args, js({"status": "confirmed", "seat": "7A"})))
    t.step("アップグレードが確定しました！ビジネスクラス7A席です。よいご旅行を。")
    t.healthy(
        "Four identical status checks, two with identical results, but each one answers a new user message "
        "asking to check again. Counts start at each user message, so this is healthy."
    )
    return t.build()


BUILDERS = [fare_date_sweep, ticketing_poll, seat_retry_fr, upgrade_check_again_ja]
