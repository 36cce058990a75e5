"""Loops of travel-booking agents: GDS searches, pricing and PNRs, itineraries, rail bookings."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js


def gds_batch_repeat() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-016-gds-busqueda-ida-vuelta-repetida",
        "A Spanish-speaking travel agent repeats the same parallel outbound/return fare search; the "
        "outbound leg has no availability every time.",
        agent="travel agency booking agent (Amadeus-style self-service tools), Spanish",
        model="gemini-2.5-flash",
        start="2026-03-08T17:05:00+00:00",
        ids="fc",
    )
    t.user(
        "Necesito un vuelo Madrid–Lima el 2 de abril, con regreso el 16 de abril, en business, para dos "
        "adultos. Directo si es posible."
    )
    out_args = {
        "originLocationCode": "MAD",
        "destinationLocationCode": "LIM",
        "departureDate": "2026-04-02",
        "adults": 2,
        "travelClass": "BUSINESS",
        "nonStop": True,
        "max": 5,
    }
    ret_args = {
        "originLocationCode": "LIM",
        "destinationLocationCode": "MAD",
        "departureDate": "2026-04-16",
        "adults": 2,
        "travelClass": "BUSINESS",
        "nonStop": True,
        "max": 5,
    }
    empty = js(
        {
            "meta": {"count": 0},
            "data": [],
            "warnings": [
                {
                    "code": 913,
                    "title": "NO ITINERARY FOUND FOR REQUESTED SEGMENT",
                    "detail": "MAD-LIM 02APR26 C/J nonstop",
                }
            ],
        }
    )
    ret = js(
        {
            "meta": {"count": 2},
            "data": [
                {
                    "id": "1",
                    "itineraries": [
                        {
                            "segments": [
                                {
                                    "carrierCode": "IB",
                                    "number": "6658",
                                    "departure": {"iataCode": "LIM", "at": "2026-04-16T19:55:00"},
                                }
                            ]
                        }
                    ],
                    "price": {"currency": "EUR", "grandTotal": "6342.18"},
                },
                {
                    "id": "2",
                    "itineraries": [
                        {
                            "segments": [
                                {
                                    "carrierCode": "LA",
                                    "number": "2484",
                                    "departure": {"iataCode": "LIM", "at": "2026-04-16T22:10:00"},
                                }
                            ]
                        }
                    ],
                    "price": {"currency": "EUR", "grandTotal": "5988.40"},
                },
            ],
        }
    )

    def batch(text: str) -> int:
        return t.step(
            text, c("flight_offers_search", out_args, empty), c("flight_offers_search", ret_args, ret)
        )

    turns = [batch("Busco la ida y la vuelta a la vez.")]
    t.step(
        "La ida no devuelve resultados. Compruebo el código del aeropuerto de Lima.",
        c(
            "airport_city_search",
            {"keyword": "Lima", "subType": "AIRPORT"},
            js(
                {"data": [{"iataCode": "LIM", "name": "JORGE CHAVEZ INTL", "address": {"countryCode": "PE"}}]}
            ),
        ),
    )
    turns.append(batch("El código LIM es correcto. Repito la búsqueda."))
    turns.append(batch("Sigo sin ver vuelos de ida; puede ser un fallo temporal del proveedor. Reintento."))
    turns.append(batch("Vuelvo a consultar la disponibilidad."))
    turns.append(batch("Una vez más, por si se ha liberado plaza."))
    onset = turns[2]
    t.loop(
        ["identical_call"],
        onset,
        "The same two-call batch (outbound and return, identical arguments) is repeated turn after turn; "
        "the outbound always answers 'NO ITINERARY FOUND' for a nonstop business search and the return leg "
        "the same two offers. The agent never relaxes nonStop, the date or the cabin, nor tells the "
        f"customer. Counting one repeated batch per turn, the 3rd identical batch is at step {onset}, the "
        "onset.",
    )
    return t.build()


def fare_price_pnr_cycle() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-017-fare-price-pnr-unable-to-confirm",
        "A corporate travel agent cycles search -> price -> create PNR; the booking class is closed (UC) "
        "each time but the cached search keeps offering it.",
        agent="corporate travel agent (OpenAI Agents SDK, GDS tools)",
        model="gpt-4.1",
        start="2026-03-10T07:45:00+00:00",
        ids="call",
    )
    t.user("Book Jonas Weber on LH 454 FRA→SFO on 18 March, economy flex, with our ACME corporate code.")
    search_args = {
        "origin": "FRA",
        "destination": "SFO",
        "date": "2026-03-18",
        "carrier": "LH",
        "flight_number": "454",
        "fare_family": "ECONOMY_FLEX",
        "corporate_code": "ACME",
    }
    offer = js(
        {
            "offers": [
                {
                    "offer_id": "of_7Q2LH454M",
                    "flight": "LH454",
                    "booking_class": "M",
                    "fare_basis": "MFLEXDE",
                    "total": "1842.10",
                    "currency": "EUR",
                    "source": "availability-cache",
                    "cached_at": "2026-03-10T06:58:12Z",
                }
            ]
        }
    )
    priced = js(
        {
            "priced": True,
            "offer_id": "of_7Q2LH454M",
            "total": "1842.10",
            "currency": "EUR",
            "last_ticketing_date": "2026-03-12",
        }
    )
    uc = js(
        {"error": {"code": "UC", "detail": "LH 454 M 18MAR FRASFO UC1 - UNABLE TO CONFIRM - CLASS CLOSED"}}
    )
    pnr_args = {
        "offer_id": "of_7Q2LH454M",
        "traveler": {"name": "WEBER/JONAS MR", "profile_id": "ACME-00412"},
    }
    texts = [
        (
            "Searching the flight with the corporate fare.",
            "Pricing the M-class offer.",
            "Creating the booking.",
        ),
        ("Unable to confirm. I'll search again for current availability.", "Pricing it.", "Booking it."),
        ("UC again. Refreshing the search.", "Re-pricing.", "Trying the booking again."),
        ("Let me search once more.", "Pricing.", "Booking."),
    ]
    firsts = []
    for s_text, p_text, b_text in texts:
        firsts.append(t.step(s_text, c("search_fares", search_args, offer)))
        t.step(p_text, c("price_offer", {"offer_id": "of_7Q2LH454M"}, priced))
        t.step(b_text, c("create_pnr", pnr_args, uc, error=True))
    onset = firsts[2]
    t.loop(
        ["alternation"],
        onset,
        "A period-3 cycle: search (the same cached M-class offer), price (same total), create PNR (UC, "
        "class closed). The agent never asks for a live availability check or another booking class. The "
        f"search, the cycle's first state, is visited for the third time at step {onset}, the onset.",
    )
    return t.build()


def itinerary_degenerate_ja() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-018-kyoto-itinerary-text-collapses",
        "A Japanese travel concierge gathers a hotel and trains, then its itinerary reply collapses into "
        "the same sentence repeated.",
        agent="travel concierge chatbot (hotel and rail tools), Japanese",
        model="qwen2.5-72b-instruct",
        start="2026-03-01T11:00:00+00:00",
        ids="seq",
    )
    t.user(
        "3月20日から3泊で京都旅行の行程を作ってください。ホテルは京都駅の近く、1泊2万円以内でお願いします。"
    )
    t.step(
        "",
        c(
            "hotel_search",
            {
                "city": "Kyoto",
                "near": "Kyoto Station",
                "checkin": "2026-03-20",
                "nights": 3,
                "max_rate_jpy": 20000,
            },
            js(
                {
                    "hotels": [
                        {"name": "ホテル京都八条口", "rate_jpy": 16800, "walk_min": 3, "rating": 4.2},
                        {"name": "京都タワーホテル", "rate_jpy": 18500, "walk_min": 2, "rating": 4.0},
                        {
                            "name": "ダイワロイネットホテル京都駅前",
                            "rate_jpy": 19200,
                            "walk_min": 4,
                            "rating": 4.3,
                        },
                    ]
                },
            ),
        ),
    )
    t.step(
        "",
        c(
            "train_schedule",
            {"from": "東京", "to": "京都", "date": "2026-03-20", "after": "07:30"},
            js(
                {
                    "trains": [
                        {"name": "のぞみ7号", "dep": "08:00", "arr": "10:15"},
                        {"name": "のぞみ9号", "dep": "08:21", "arr": "10:36"},
                    ]
                }
            ),
        ),
    )
    loop_sentence = "伏見稲荷大社を参拝した後は、伏見稲荷大社を参拝します。"
    text = (
        "京都3泊の行程案です。\n\n**宿泊**: "
        "ホテル京都八条口（1泊16,800円、京都駅から徒歩3分）\n\n**1日目（3月20日）**: "
        "東京駅8:00発のぞみ7号で京都駅10:15着。"
        "ホテルに荷物を預けて、東寺と京都駅周辺を散策。\n\n**2日目（3月21日）**: "
        "朝は伏見稲荷大社へ。" + loop_sentence * 38 + "伏見稲荷大社を"
    )
    onset = t.step(text)
    t.loop(
        ["degenerate_text"],
        onset,
        f"The reply at step {onset} starts as a sensible itinerary (hotel, day 1 train) and then collapses "
        "on day 2 into one sentence ('after visiting Fushimi Inari, visit Fushimi Inari') repeated 38 "
        "times, cut off mid-sentence. The collapsing reply is the onset.",
    )
    return t.build()


def rail_passengers_schema() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-019-rail-booking-passengers-type",
        "A rail booking agent passes passengers as a number, a string, an object and a list of strings; "
        "every booking returns the same 422 validation body about the passengers field.",
        agent="rail booking agent (European rail distribution API)",
        model="claude-haiku-4-5",
        start="2026-03-12T20:10:00+00:00",
    )
    t.user("Book 2 adults on the 09:01 Eurostar London → Paris on 4 April, Standard Premier.")
    t.step(
        "",
        c(
            "search_journeys",
            {"origin": "GBSPX", "destination": "FRPNO", "date": "2026-04-04", "depart_after": "08:30"},
            js(
                {
                    "journeys": [
                        {
                            "journey_id": "jrn_ES9014_0404",
                            "train": "ES 9014",
                            "dep": "09:01",
                            "arr": "12:20",
                            "fares": {"standard": 78, "standard_premier": 139, "business_premier": 305},
                        }
                    ]
                }
            ),
        ),
    )
    tries = [
        ("Booking two adults in Standard Premier.", 2),
        ("The passengers field was rejected; describing them in words.", "2 adults"),
        ("Using a count object.", {"adults": 2}),
        ("It wants an array. Passing one entry per passenger.", ["adult", "adult"]),
        ("Trying an array with the count.", [2]),
    ]
    messages = [
        "passengers: must be an array of passenger objects",
        "passengers: expected array, received string",
        "passengers: must be an array",
        "passengers[0]: expected object with required property 'age_category'",
        "passengers[0]: expected object, received integer",
    ]
    failures = []
    for (text, pax), msg in zip(tries, messages, strict=True):
        body = js(
            {
                "type": "https://api.rail.example/problems/validation",
                "title": "Unprocessable Entity",
                "status": 422,
                "errors": [{"field": "passengers", "message": msg}],
            }
        )
        failures.append(
            t.step(
                text,
                c(
                    "book_rail",
                    {"journey_id": "jrn_ES9014_0404", "fare_class": "standard_premier", "passengers": pax},
                    "HTTP 422\n" + body,
                    error=True,
                ),
            )
        )
    onset = failures[3]
    t.loop(
        ["error_streak"],
        onset,
        "Schema misuse: the passengers field gets a number, a string, an object and lists of strings or "
        "numbers, and every call returns a 422 on passengers; the agent never looks at the tool schema "
        f"(objects with age_category). The 4th failure, at step {onset}, is the onset.",
    )
    return t.build()


BUILDERS = [gds_batch_repeat, fare_price_pnr_cycle, itinerary_degenerate_ja, rail_passengers_schema]
