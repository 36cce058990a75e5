"""Loops of look-ups: identical re-calls after empty results (one in a later user turn), polls of a frozen
job, trivially varied arguments and paraphrased searches whose results overlap."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call


def dental_imaging_empty(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Dental front-office agent re-queries the imaging bridge for a patient's bitewings after it keeps "
        "returning no studies (same sync time every time).",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "domain": "dental practice management"},
    )
    t.user(
        "Mrs. Okafor (DOB 1979-03-02) is in chair 3 for her recall. Pull her last bitewing X-rays so "
        "Dr. Lindqvist can compare, and tell me if she's due for new ones under her plan."
    )
    t.say(
        "Looking up the patient and her plan's frequency limits.",
        call(
            "pms_find_patient",
            {"last_name": "Okafor", "dob": "1979-03-02"},
            {
                "patients": [
                    {
                        "patient_id": "P-20418",
                        "name": "Chioma Okafor",
                        "dob": "1979-03-02",
                        "plan": "DeltaCare PPO 2200",
                        "last_recall": "2025-10-21",
                    }
                ]
            },
        ),
        call(
            "insurance_frequency_limits",
            {"plan": "DeltaCare PPO 2200", "codes": ["D0274", "D0272"]},
            {"D0274": "1 per 12 months", "D0272": "1 per 12 months", "shared_limit": True},
        ),
    )
    t.say(
        "",
        call(
            "pms_get_ledger_procedures",
            {"patient_id": "P-20418", "codes": ["D0274", "D0272", "D0210"]},
            {"procedures": [{"code": "D0274", "desc": "bitewings - four images", "date": "2024-11-04"}]},
        ),
    )
    find = {"patient_id": "P-20418", "modality": "IO", "series": "BW"}
    empty = {"studies": [], "bridge": "dexis-sync", "last_sync": "2026-10-13T22:00:04Z"}
    texts = [
        "The ledger shows four bitewings on 2024-11-04. Fetching them from the imaging bridge.",
        "No studies came back. The bridge may still be indexing - trying again.",
        "Still nothing. One more query in case the sync just caught up.",
        "Empty again. Re-querying the imaging bridge.",
        "Let me query the imaging bridge once more for the bitewings.",
    ]
    steps = [t.say(text, call("imaging_find_studies", find, empty)) for text in texts]
    t.say(
        "I couldn't retrieve the 2024-11-04 bitewings from the imaging bridge - it returns no studies for "
        "P-20418. On the plan, bitewings are covered once per 12 months and the last set was 23 months ago, "
        "so she is due for a new set today."
    )
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"imaging_find_studies is called five times with identical arguments and gets the same empty list "
        f"with the same last_sync each time; the 3rd identical call, at step {onset}, is the onset. The "
        "agent "
        "never widens the modality/series filter or checks the bridge status.",
    )


def car_rental_pl_second_turn(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Polish car-rental desk agent: in the third user turn it re-checks SUV availability at the airport "
        "again and again with identical arguments and zero results.",
        ids="mistral",
        meta={"harness": "mistral-agents", "domain": "car rental", "language": "pl"},
    )
    t.user(
        "Dzień dobry, mam rezerwację KR-88412. Chciałbym zmienić auto na SUV-a, odbiór 14 listopada na "
        "lotnisku w Balicach."
    )
    t.say(
        "",
        call(
            "get_reservation",
            {"reservation_id": "KR-88412"},
            {
                "reservation_id": "KR-88412",
                "customer": "Tomasz Wrona",
                "pickup": {"branch": "KRK-APT", "date": "2026-11-14", "time": "09:30"},
                "return": {"branch": "KRK-APT", "date": "2026-11-18"},
                "car_class": "COMPACT",
                "status": "confirmed",
            },
        ),
    )
    suv = {"branch": "KRK-APT", "car_class": "SUV", "date": "2026-11-14"}
    none = {"branch": "KRK-APT", "date": "2026-11-14", "car_class": "SUV", "available": 0, "units": []}
    t.say("Sprawdzam dostępność SUV-ów w Balicach na 14.11.", call("fleet_availability", suv, none))
    t.say(
        "Niestety na 14 listopada nie ma wolnych SUV-ów na lotnisku w Balicach. Mogę sprawdzić kombi albo "
        "oddział w centrum (ul. Pawia)."
    )
    t.user("To sprawdź kombi na lotnisku.")
    t.say(
        "",
        call(
            "fleet_availability",
            {"branch": "KRK-APT", "car_class": "ESTATE", "date": "2026-11-14"},
            {
                "available": 2,
                "units": [
                    {"model": "Skoda Octavia Combi", "plate": "KR 4W112", "price_day_pln": 219},
                    {"model": "Toyota Corolla TS", "plate": "KR 7P390", "price_day_pln": 229},
                ],
            },
        ),
    )
    t.say("Są dwa kombi: Skoda Octavia Combi (219 zł/dzień) i Toyota Corolla TS (229 zł/dzień).")
    t.user("Hmm, jednak wolałbym SUV-a. Sprawdź jeszcze raz SUV-y na lotnisku, może coś się zwolniło.")
    texts = [
        "Sprawdzam ponownie SUV-y w Balicach.",
        "Nadal zero. System floty czasem aktualizuje się z opóźnieniem, sprawdzę jeszcze raz.",
        "Może teraz coś się pojawiło - sprawdzam.",
        "Jeszcze jedna próba dla SUV-ów na 14.11.",
        "Sprawdzam dostępność SUV-ów jeszcze raz.",
    ]
    steps = [t.say(text, call("fleet_availability", suv, none)) for text in texts]
    t.say("Niestety nadal nie ma wolnych SUV-ów na lotnisku 14 listopada.")
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        "In the third user turn fleet_availability(KRK-APT, SUV, 2026-11-14) is repeated five times with "
        "the "
        "same empty answer. Counting from that turn's user message (the user asked for one re-check), the "
        "3rd "
        f"identical call at step {onset} is the onset; the identical call in the first turn does not count, "
        "so "
        "a detector that counts across turns would fire one step early.",
    )


def seismology_ja_dataselect(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Japanese seismology assistant re-requests the same FDSN dataselect window for IU.ANMO that keeps "
        "answering 204 No Content.",
        ids="gemini",
        meta={"harness": "google-adk", "domain": "seismology", "language": "ja"},
    )
    t.user(
        "2026-10-12 03:41 UTCの宮城県沖M5.9の地震について、IU.ANMOとII.PFOのBHZ波形を取得して、"
        "P波の到着時刻を読み取ってください。"
    )
    t.say(
        "まずイベント情報と観測点メタデータを取得します。",
        call(
            "fdsn_event",
            {"starttime": "2026-10-12T03:40:00", "endtime": "2026-10-12T03:43:00", "minmagnitude": 5.5},
            {
                "events": [
                    {
                        "id": "us7000q2kd",
                        "time": "2026-10-12T03:41:17.420Z",
                        "lat": 38.41,
                        "lon": 142.08,
                        "depth_km": 44.0,
                        "mag": 5.9,
                        "magType": "mww",
                    }
                ]
            },
        ),
        call(
            "fdsn_station",
            {"network": "IU,II", "station": "ANMO,PFO", "level": "channel", "channel": "BHZ"},
            "IU|ANMO|00|BHZ|34.9459|-106.4572|1850.0|40.0\nII|PFO|00|BHZ|33.6107|-116.4555|1280.0|40.0",
        ),
        answer_order=[1, 0],
    )
    t.say(
        "",
        call(
            "fdsn_dataselect",
            {
                "network": "II",
                "station": "PFO",
                "channel": "BHZ",
                "start": "2026-10-12T03:50:00",
                "end": "2026-10-12T04:50:00",
            },
            "OK: 1 trace, II.PFO.00.BHZ, 3600.0 s @ 40.0 Hz, saved to /tmp/ii_pfo_bhz.mseed",
        ),
    )
    t.say(
        "",
        call(
            "phase_pick",
            {"file": "/tmp/ii_pfo_bhz.mseed", "phase": "P", "method": "aic"},
            {"pick": "2026-10-12T03:52:01.83Z", "snr": 14.2, "quality": "A"},
        ),
    )
    anmo = {
        "network": "IU",
        "station": "ANMO",
        "channel": "BHZ",
        "start": "2026-10-12T03:50:00",
        "end": "2026-10-12T04:50:00",
    }
    no_data = "HTTP 204 No Content (no data matched the request for IU.ANMO.*.BHZ in the time window)"
    texts = [
        "PFOのP波は03:52:01.83です。次にANMOの波形を取得します。",
        "データがありません。もう一度取得してみます。",
        "まだデータが返ってきません。再度リクエストします。",
        "ANMOの波形をもう一度取得します。",
        "念のため、もう一度同じ時間窓で取得します。",
    ]
    steps = [t.say(text, call("fdsn_dataselect", anmo, no_data)) for text in texts]
    t.say(
        "II.PFOのP波到着時刻は2026-10-12T03:52:01.83Z（品質A）です。IU.ANMOはこの時間窓のデータが"
        "取得できませんでした。"
    )
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"The same fdsn_dataselect request for IU.ANMO is sent five times and answers 204 No Content every "
        f"time; the 3rd identical call, at step {onset}, is the onset. The agent never tries location code "
        "'10', another channel or the availability service.",
    )


def genealogy_parish_same_results(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Genealogy MCP agent re-runs an identical parish-register search hoping a third child will appear; "
        "it keeps getting the same two baptisms.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "domain": "genealogy research"},
    )
    t.user(
        "My great-grandmother said Jan Nowak and Katarzyna (née Kowalczyk) had three children baptised in "
        "Wadowice in the 1880s. Can you find all three baptism records?"
    )
    search = {
        "surname": "Nowak",
        "parents": ["Jan", "Katarzyna Kowalczyk"],
        "parish": "Wadowice, Ofiarowania NMP",
        "record_type": "baptism",
        "years": "1880-1890",
    }
    two = {
        "total": 2,
        "records": [
            {"id": "ark:/61903/1:1:Q2KL-7V9", "name": "Józef Nowak", "date": "1882-02-19", "page": 41},
            {"id": "ark:/61903/1:1:Q2KL-8PD", "name": "Maria Nowak", "date": "1885-07-03", "page": 112},
        ],
    }
    first = t.say(
        "Searching the Wadowice baptism registers for children of Jan Nowak and Katarzyna Kowalczyk.",
        call("mcp__familysearch__search_records", search, two),
    )
    t.say(
        "Two so far. Opening Maria's entry to check the parents' details.",
        call(
            "mcp__familysearch__get_record",
            {"id": "ark:/61903/1:1:Q2KL-8PD"},
            {
                "name": "Maria Nowak",
                "baptism": "1885-07-03",
                "father": "Jan Nowak, agricola, dom 214",
                "mother": "Katarzyna z d. Kowalczyk",
                "godparents": ["Wojciech Gil", "Agnieszka Gil"],
            },
        ),
    )
    texts = [
        "The third child should also be in these registers. Searching again.",
        "Still only Józef and Maria. Running the search once more.",
        "Let me repeat the search for the third child.",
    ]
    steps = [t.say(text, call("mcp__familysearch__search_records", search, two)) for text in texts]
    t.say(
        "I found two baptisms: Józef (1882-02-19) and Maria (1885-07-03). The third child does not appear "
        "in the Wadowice registers for 1880-1890; it may have been baptised in a neighbouring parish."
    )
    onset = steps[1]
    return t.loop(
        ["identical_call"],
        onset,
        f"The identical search (steps {first}, {steps[0]}, {steps[1]}, {steps[2]}) returns the same two "
        "records each time; a get_record call in between does not reset the count. The 3rd identical call, "
        "at "
        f"step {onset}, is the onset. Widening the years or the parish was the obvious next move.",
    )


def labelling_export_frozen(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Data-labelling ops agent keeps polling an export job whose progress and heartbeat have frozen at "
        "62 %, sleeping between polls.",
        ids="anthropic",
        meta={"harness": "claude-code", "domain": "data labelling operations"},
    )
    t.user(
        "Export the 'retail-shelf-v7' bounding-box project as COCO once QA review is done and upload it to "
        "gs://ml-train/retail/v7/."
    )
    t.say(
        "",
        call(
            "labelops_get_project",
            {"project": "retail-shelf-v7"},
            {"tasks": 50000, "annotated": 50000, "qa_reviewed": 50000, "qa_rejected": 0, "state": "ready"},
        ),
    )
    t.say(
        "QA is complete. Starting the export.",
        call(
            "labelops_create_export",
            {"project": "retail-shelf-v7", "format": "coco", "include_images": False},
            {"export_id": "EXP-5531", "status": "queued"},
        ),
    )
    status = {"export_id": "EXP-5531"}
    t.say(
        "",
        call(
            "labelops_get_export_status",
            status,
            {
                "status": "running",
                "progress": 0.41,
                "items_written": 20500,
                "heartbeat": "2026-10-14T09:12:30Z",
            },
        ),
    )
    frozen = {
        "status": "running",
        "progress": 0.62,
        "items_written": 31000,
        "heartbeat": "2026-10-14T09:13:31Z",
    }
    polls = []
    for seconds in (60, 60, 120, 120, 300, 300):
        t.say("", call("Bash", {"command": f"sleep {seconds}", "description": "Wait for export"}, ""))
        polls.append(
            t.say(
                "Still running, waiting a bit longer." if polls else "",
                call("labelops_get_export_status", status, frozen),
            )
        )
    t.say("The export is still running at 62 %. I'll keep waiting for it to finish before uploading.")
    onset = polls[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"From the poll at step {polls[0]} the export status is frozen: same progress, same items_written "
        "and "
        f"the same heartbeat timestamp on every poll. Counting the first frozen poll as the 1st, the 3rd "
        f"poll returning the frozen status, at step {onset}, is the onset; the sleeps between polls do not "
        "reset it. The heartbeat never moves, so the worker is dead.",
    )


def newsletter_de_frozen_send(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "German newsletter-platform agent polls a campaign whose send counter is stuck at 18,200 of 41,000.",
        ids="openai",
        style="tight",
        meta={"harness": "langgraph", "domain": "newsletter platform", "language": "de"},
    )
    t.user(
        "Bitte prüf, ob der Oktober-Newsletter an die Liste 'Kunden DACH' komplett raus ist, und schick mir "
        "dann nach einer Stunde die Öffnungsrate."
    )
    t.say(
        "",
        call(
            "campaigns_list",
            {"status": "sending"},
            {"campaigns": [{"id": 7781, "name": "Oktober-Newsletter 2026", "list": "Kunden DACH"}]},
        ),
    )
    get = {"campaign_id": 7781}
    t.say(
        "",
        call(
            "campaigns_get",
            get,
            {
                "id": 7781,
                "status": "sending",
                "sent": 12000,
                "total": 41000,
                "updated_at": "2026-10-14T10:02:11Z",
            },
        ),
    )
    stuck = {
        "id": 7781,
        "status": "sending",
        "sent": 18200,
        "total": 41000,
        "updated_at": "2026-10-14T10:04:40Z",
    }
    polls = [t.say("Der Versand läuft noch.", call("campaigns_get", get, stuck))]
    polls.append(t.say("", call("campaigns_get", get, stuck)))
    polls.append(
        t.say("Noch 18.200 von 41.000 versendet. Ich prüfe erneut.", call("campaigns_get", get, stuck))
    )
    t.say("Ich warte fünf Minuten.", call("wait", {"seconds": 300}, "waited 300s"))
    polls.append(t.say("", call("campaigns_get", get, stuck)))
    t.say("", call("wait", {"seconds": 600}, "waited 600s"))
    polls.append(t.say("Versand läuft weiter, ich prüfe noch einmal.", call("campaigns_get", get, stuck)))
    polls.append(t.say("", call("campaigns_get", get, stuck)))
    t.say(
        "Der Oktober-Newsletter wird noch versendet (18.200 von 41.000). Sobald er durch ist, melde ich die "
        "Öffnungsrate."
    )
    onset = polls[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"The send counter and updated_at freeze from the poll at step {polls[0]}; every later campaigns_get "
        f"returns the same object. The 3rd poll returning the frozen status, at step {onset}, is the onset; "
        "the waits between later polls do not reset it. The agent never checks the send log or the queue.",
    )


def library_things_case_variants(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Library-of-things assistant searches the catalogue for 'pressure washer' in trivially different "
        "spellings, always getting zero items.",
        ids="plain",
        meta={"harness": "vercel-ai-sdk", "domain": "library of things"},
    )
    t.user(
        "Does the Northside Library of Things have a pressure washer I can borrow this weekend? Member "
        "LT-30917."
    )
    t.say(
        "",
        call(
            "member_lookup",
            {"member_id": "LT-30917"},
            {"member_id": "LT-30917", "status": "active", "holds": 0, "max_loans": 3, "loans": 1},
        ),
    )
    zero = {"branch": "northside", "total": 0, "items": []}
    queries = ["pressure washer", "Pressure Washer", "pressure-washer", "pressure washers", "pressurewasher"]
    texts = [
        "Your membership is active. Searching the catalogue.",
        "",
        "Trying a hyphenated spelling.",
        "Maybe it's listed in the plural.",
        "One more spelling.",
    ]
    steps = [
        t.say(text, call("catalog_search", {"q": q, "branch": "northside"}, zero))
        for text, q in zip(texts, queries, strict=True)
    ]
    t.say("Sorry - Northside doesn't have a pressure washer in its catalogue right now.")
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"Five catalog_search calls differ only in case, hyphenation, a plural or a missing space, and all "
        f"return zero items; the 4th attempt, at step {onset}, is the onset. A synonym ('power washer') or "
        "the "
        "category browse was never tried.",
    )


def esports_ko_match_id(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Korean esports tournament-ops agent looks a match up by its display code in trivially different "
        "spellings; the API needs the internal id listed in the tournament response.",
        ids="responses",
        meta={"harness": "openai-agents-sdk", "domain": "esports tournament operations", "language": "ko"},
    )
    t.user("LCK 챌린저스 리그 그랜드 파이널(GF-07) 경기 결과를 가져와서 공지 초안을 작성해 주세요.")
    t.say(
        "토너먼트 정보를 먼저 확인하겠습니다.",
        call(
            "get_tournament",
            {"slug": "lck-cl-2026-fall"},
            {
                "slug": "lck-cl-2026-fall",
                "stages": [
                    {
                        "name": "Playoffs",
                        "matches": [
                            {"id": "m_88121", "display_code": "SF-05"},
                            {"id": "m_88122", "display_code": "SF-06"},
                            {"id": "m_88127", "display_code": "GF-07"},
                        ],
                    }
                ],
            },
        ),
    )
    null = {"data": None, "errors": []}
    codes = ["GF-07", "gf-07", "GF07", "GF-7", "Gf-07"]
    texts = [
        "그랜드 파이널 경기를 조회합니다.",
        "결과가 비어 있네요. 소문자로 다시 조회합니다.",
        "하이픈 없이 다시 시도합니다.",
        "숫자 형식을 바꿔서 다시 조회합니다.",
        "",
    ]
    steps = [
        t.say(text, call("get_match", {"match_id": code}, null))
        for text, code in zip(texts, codes, strict=True)
    ]
    t.say("죄송합니다. GF-07 경기 정보를 찾을 수 없어 공지 초안을 작성하지 못했습니다.")
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"get_match is called with five spellings of the display code 'GF-07' and always returns null data; "
        f"the internal id m_88127 was in the tournament response at step 1. The 4th attempt, at step "
        f"{onset}, is the onset.",
    )


def ocean_erddap_time_variants(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Oceanography agent rewrites an ERDDAP tabledap time constraint for an Argo float that stopped "
        "reporting; every variant fails with 'no matching results'.",
        ids="openai",
        meta={"harness": "smolagents", "domain": "oceanography"},
    )
    t.user(
        "Pull the last 10 days of temperature/salinity profiles for Argo float 6903271 from our ERDDAP and "
        "plot T-S."
    )
    t.say(
        "",
        call(
            "erddap_search",
            {"q": "argo profiles"},
            {
                "datasets": [
                    {"id": "ArgoFloats", "title": "Argo float profiles (real time)", "type": "tabledap"}
                ]
            },
        ),
    )
    fail = (
        'Error {\n    code=404;\n    message="Not Found: Your query produced no matching results. '
        '(nRows = 0)";\n}'
    )
    variants = [
        {"platform_number": '"6903271"', "time>=": "2026-10-04T00:00:00Z"},
        {"platform_number": '"6903271"', "time>=": "2026-10-04"},
        {"platform_number": '"6903271"', "time>=": "now-10days"},
        {"platform_number": "6903271", "time>=": "2026-10-03T23:59:59Z"},
        {"time>=": "2026-10-04T00:00:00Z", "platform_number": '"6903271"', "time<=": "now"},
    ]
    texts = [
        "Requesting the profiles.",
        "No rows. Perhaps the time needs to be a plain date.",
        "Trying ERDDAP's relative time syntax.",
        "Maybe the quoting of platform_number is the problem.",
        "Adding an explicit upper bound.",
    ]
    steps = [
        t.say(
            text,
            call(
                "erddap_tabledap",
                {"dataset": "ArgoFloats", "variables": ["time", "pres", "temp", "psal"], "constraints": v},
                fail,
                error=True,
            ),
        )
        for text, v in zip(texts, variants, strict=True)
    ]
    t.say("ERDDAP keeps returning no rows for float 6903271 in the last 10 days, so I can't plot T-S yet.")
    onset = steps[3]
    return t.loop(
        ["same_tool", "error_streak"],
        onset,
        f"Five erddap_tabledap calls rewrite only the time constraint or the quoting and all fail with the "
        f"same 404 'no matching results'; the 4th attempt and 4th failure coincide at step {onset}. The "
        "float's "
        "last report date was never checked (no query without the time bound).",
    )


def ux_paraphrase_pricing(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Customer-interview synthesis agent paraphrases the same transcript search six times and gets the "
        "same three participants back in different orders.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "domain": "customer interview synthesis"},
    )
    t.user(
        "From the 24 Q3 churn interviews, pull every quote where customers talk about being confused by "
        "pricing, and tell me how many distinct participants raised it."
    )
    snippets = {
        "P04": "honestly I couldn't tell what the Team plan gave me over Pro",
        "P11": "the per-seat thing - we got billed for seats nobody used",
        "P17": "I read the pricing page twice and still didn't know which tier",
    }
    orders = [
        ["P04", "P11", "P17"],
        ["P11", "P04", "P17"],
        ["P17", "P04", "P11"],
        ["P04", "P17", "P11"],
        ["P11", "P17", "P04"],
        ["P17", "P11", "P04"],
    ]
    queries = [
        "confused by pricing",
        "customers didn't understand pricing tiers",
        "pricing page unclear plan differences",
        "hard to tell which plan to pick cost",
        "billing confusion seat-based pricing",
        "price plans tiers confusing",
    ]
    texts = [
        "I'll search the transcripts for pricing confusion.",
        "Three hits. Let me phrase it differently to catch quotes that don't use the word 'confused'.",
        "Same three. Trying language about the pricing page.",
        "Let me try another angle on plan choice.",
        "Maybe billing-related wording surfaces more participants.",
        "One broader query.",
    ]
    steps = []
    for k, (text, q, order) in enumerate(zip(texts, queries, orders, strict=True)):
        hits = [
            {
                "participant": p,
                "interview": f"churn-q3-{p.lower()}",
                "quote": snippets[p],
                "score": round(0.81 - 0.04 * i - 0.01 * k, 2),
            }
            for i, p in enumerate(order)
        ]
        steps.append(t.say(text, call("search_transcripts", {"query": q, "limit": 10}, {"hits": hits})))
    t.say(
        "Three distinct participants (P04, P11, P17) raised pricing confusion: plan differences (P04, P17) "
        "and per-seat billing (P11)."
    )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"Six paraphrased search_transcripts queries return the same three quotes (only order and scores "
        f"change); nothing new after the first. The 4th attempt, at step {onset}, is the onset.",
    )


def bounty_dedupe_paraphrase(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Bug-bounty triage agent checks a new IDOR report for duplicates with five paraphrased searches "
        "that return the same two earlier reports.",
        ids="mistral",
        style="tight",
        meta={"harness": "mastra", "domain": "bug bounty triage"},
    )
    t.user("Triage new report #20455 on the acme-payments program. Is it a duplicate?")
    t.say(
        "",
        call(
            "get_report",
            {"id": 20455},
            {
                "id": 20455,
                "title": "Any user can read other customers' invoices via /api/v2/invoices/{id}",
                "weakness": "IDOR",
                "asset": "api.acme-pay.example",
                "submitted": "2026-10-13",
            },
        ),
    )
    same = {
        "results": [
            {
                "id": 18822,
                "title": "IDOR on invoice download endpoint",
                "state": "resolved",
                "closed": "2026-04-02",
            },
            {
                "id": 19107,
                "title": "Invoice PDFs readable across accounts",
                "state": "duplicate",
                "of": 18822,
            },
        ]
    }
    queries = [
        "IDOR invoices",
        "insecure direct object reference invoice endpoint",
        "access other users invoices by changing id",
        "invoice id enumeration authorization bypass",
        "/api/v2/invoices horizontal privilege escalation",
    ]
    texts = [
        "Searching past reports for invoice IDOR.",
        "Two matches, but let me make sure nothing else is similar.",
        "Searching with wording from the report itself.",
        "",
        "One more search using the endpoint path.",
    ]
    steps = [
        t.say(text, call("search_reports", {"program": "acme-payments", "query": q}, same))
        for text, q in zip(texts, queries, strict=True)
    ]
    t.say(
        "Likely related to #18822 (resolved in April); #19107 was a duplicate of it. This may be a "
        "regression rather than a duplicate - please confirm against the fix."
    )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"Five reworded search_reports queries return exactly the same two reports (#18822, #19107); the 4th "
        f"attempt, at step {onset}, is the onset. The agent never opens #18822 to compare the endpoint.",
    )


def campaign_es_kb_paraphrase(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Spanish political-campaign volunteer assistant rephrases a knowledge-base search five times, always "
        "getting the same three documents, and never opens them.",
        ids="bedrock",
        meta={"harness": "bedrock-agents", "domain": "political campaign canvassing", "language": "es"},
    )
    t.user(
        "Mañana salgo a tocar puertas en el distrito 7. ¿Qué dice el guion sobre cómo hablar con votantes "
        "indecisos y qué no podemos decir sobre el otro candidato?"
    )
    docs = {
        "documentos": [
            {"id": "G-12", "titulo": "Guion puerta a puerta 2026 (v3)", "relevancia": 0.82},
            {"id": "G-04", "titulo": "Preguntas frecuentes del voluntariado", "relevancia": 0.74},
            {"id": "L-02", "titulo": "Normas legales de contacto con votantes", "relevancia": 0.69},
        ]
    }
    queries = [
        "guion puerta a puerta votantes indecisos",
        "cómo hablar con indecisos en la puerta",
        "argumentario votantes no decididos distrito 7",
        "qué decir a un votante indeciso",
        "script canvassing undecided voters",
    ]
    texts = [
        "Busco en la base de conocimiento de la campaña.",
        "Voy a reformular la búsqueda para encontrar la parte concreta sobre indecisos.",
        "Pruebo con otros términos.",
        "Otra formulación más directa.",
        "Quizá el guion está en inglés.",
    ]
    steps = [
        t.say(text, call("kb_search", {"query": q, "top_k": 3}, docs))
        for text, q in zip(texts, queries, strict=True)
    ]
    t.say(
        "Los documentos relevantes son el Guion puerta a puerta (G-12), las preguntas frecuentes (G-04) y "
        "las "
        "normas legales (L-02). Te recomiendo revisarlos antes de salir."
    )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        "Five reworded kb_search calls return the same three documents with the same scores; kb_get was "
        "never "
        f"called to read G-12 or L-02. The 4th attempt, at step {onset}, is the onset.",
    )


def abtest_zh_registry_paraphrase(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Chinese A/B-testing assistant searches the experiment registry with paraphrases that return the "
        "same "
        "two experiments, never opening the one it needs.",
        ids="openai",
        meta={"harness": "autogen", "domain": "A/B test analysis", "language": "zh"},
    )
    t.user("帮我找一下之前做过的结账按钮颜色实验，看看结论是什么。我们想再测一次绿色按钮。")
    found = {
        "total": 2,
        "items": [
            {"id": "EXP-2291", "name": "结账按钮 绿色 vs 蓝色", "status": "concluded", "ended": "2025-03-28"},
            {"id": "EXP-2310", "name": "结算页按钮文案（立即支付 vs 去结算）", "status": "concluded"},
        ],
    }
    queries = [
        "结账按钮颜色",
        "结算按钮 颜色 实验",
        "checkout button color",
        "购物车 按钮 配色 A/B",
        "绿色按钮 转化率",
    ]
    texts = [
        "我先在实验库里搜索。",
        "换个说法再搜一次，确认没有遗漏。",
        "用英文关键词试试。",
        "",
        "再换一个角度搜索。",
    ]
    steps = [
        t.say(text, call("experiments_search", {"text": q, "limit": 20}, found))
        for text, q in zip(texts, queries, strict=True)
    ]
    t.say("之前做过的按钮颜色实验是 EXP-2291（绿色 vs 蓝色，2025年3月结束）。建议查看该实验的报告后再决定。")
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"Five experiments_search queries (Chinese and English paraphrases) return the same two experiments; "
        f"experiments_get was never called for EXP-2291's result. The 4th attempt, at step {onset}, is the "
        "onset.",
    )


SCENARIOS = [
    ("dental-imaging-empty", dental_imaging_empty),
    ("car-rental-pl-suv-recheck", car_rental_pl_second_turn),
    ("seismology-ja-dataselect-204", seismology_ja_dataselect),
    ("genealogy-parish-same-two", genealogy_parish_same_results),
    ("labelling-export-frozen", labelling_export_frozen),
    ("newsletter-de-send-stuck", newsletter_de_frozen_send),
    ("library-things-spellings", library_things_case_variants),
    ("esports-ko-match-code", esports_ko_match_id),
    ("ocean-erddap-time-variants", ocean_erddap_time_variants),
    ("ux-interviews-paraphrase", ux_paraphrase_pricing),
    ("bounty-dedupe-paraphrase", bounty_dedupe_paraphrase),
    ("campaign-es-kb-paraphrase", campaign_es_kb_paraphrase),
    ("abtest-zh-registry-paraphrase", abtest_zh_registry_paraphrase),
]
