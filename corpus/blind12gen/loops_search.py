"""Loops of look-ups: identical fruitless calls, paraphrased searches with overlapping results, and a
stream read that keeps asking after the end."""

from __future__ import annotations

from typing import Any

from .builder import Trace, csv_text, js, md_table


def edc_paraphrased_ae_search(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Clinical data manager searches the EDC for a 'headache' adverse event with five paraphrases; every "
        "search returns the same AE record (verbatim term 'Cephalalgia') and the agent never opens it.",
        ids="anthropic",
        meta={"agent": "clinical data management copilot", "domain": "clinical trials", "language": "en"},
    )
    t.user(
        "Site 104 says the headache AE for subject 104-0032 (Visit 3) was never queried by us. Find the AE "
        "record in the EDC for study ONC-2231 and tell me whether a query already exists; if not, raise one."
    )
    t.act(
        "I'll start with the subject summary so I know which forms are populated.",
        "edc_get_subject",
        {"study": "ONC-2231", "subject": "104-0032"},
        {
            "subject": "104-0032",
            "site": "104",
            "arm": "B",
            "status": "ON_TREATMENT",
            "forms": {"DM": 1, "VS": 4, "AE": 1, "CM": 3, "LB": 6},
            "last_visit": "V4 2026-02-16",
        },
    )
    hits = [
        {
            "record": "AE-104-0032-01",
            "form": "AE",
            "verbatim": "Cephalalgia",
            "pt": "Headache",
            "onset": "2026-01-19",
            "visit": "V3",
            "open_queries": 1,
        },
        {
            "record": "CM-104-0032-03",
            "form": "CM",
            "verbatim": "paracetamol 500 mg PRN",
            "indication": "head pain",
        },
    ]
    queries = [
        "104-0032 adverse event headache",
        "headache AE subject 32 site 104",
        "AE headache visit 3 104-0032",
        "subject 104-0032 headache (AE form only)",
        "104-0032 head ache",
    ]
    thoughts = [
        "Searching the AE form for the headache entry.",
        "The hits show a Cephalalgia AE and a concomitant medication, but I don't see a 'headache' AE. "
        "Let me rephrase the search.",
        "Still no entry called headache. I'll anchor the search on the visit instead.",
        "Maybe the search needs the form name. Trying again restricted to AE.",
        "Perhaps it is spelled as two words in the verbatim field.",
    ]
    steps = []
    for i, (q, thought) in enumerate(zip(queries, thoughts, strict=True)):
        order = hits if i % 2 == 0 else list(reversed(hits))
        steps.append(
            t.act(
                thought,
                "edc_search_records",
                {"study": "ONC-2231", "query": q}
                if i != 3
                else {"study": "ONC-2231", "query": q, "form": "AE"},
                {"total": 2 if i != 3 else 1, "hits": order if i != 3 else hits[:1]},
            )
        )
    t.say(
        "I could not find an adverse event recorded as 'headache' for subject 104-0032. The only AE on file "
        "is "
        "'Cephalalgia' (AE-104-0032-01). Please ask the site to confirm the term."
    )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"Five paraphrased edc_search_records calls (steps {steps[0]}-{steps[-1]}) all return the same AE "
        "record AE-104-0032-01 (verbatim 'Cephalalgia', preferred term 'Headache', one open query), which "
        "already answers the user; the agent never opens it and keeps rephrasing. Same tool, varied "
        f"arguments, nothing new: onset at the 4th attempt, step {onset}. The final answer is also wrong.",
    )


def ban_lookup_identical_tr(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Game live-ops agent (Turkish) re-runs the same player lookup four times looking for ban details the "
        "lookup does not carry, then finally queries the sanctions service.",
        ids="openai",
        meta={"agent": "live-ops moderation assistant", "domain": "game server operations", "language": "tr"},
    )
    t.user(
        "KaraKurt#4412 adlı oyuncu hile yüzünden haksız yere banlandığını söylüyor. Ban kaydını bul ve "
        "itirazı "
        "değerlendir."
    )
    card = (
        "player_id: 7731-ae09\nhandle: KaraKurt#4412\nregion: eu-central\nlevel: 212\naccount_age_days: "
        "1404\n"
        "status: SUSPENDED\nsanction_ref: -> sanctions service\nlast_login: 2026-03-02 21:47 UTC\n"
    )
    texts = [
        "Önce oyuncunun hesabına bakıyorum.",
        "Hesap askıya alınmış. Ban gerekçesini görmek için oyuncu kaydına tekrar bakayım.",
        "Kayıtta gerekçe görünmüyor; belki alanlar eksik yüklendi, bir kez daha sorguluyorum.",
        "Yine aynı. Bir daha deneyeyim, belki ban ayrıntıları bu sefer gelir.",
    ]
    steps = [t.act(x, "player_lookup", {"handle": "KaraKurt#4412"}, card) for x in texts]
    t.act(
        "Ayrıntılar yaptırım servisinde olmalı.",
        "sanctions_list",
        {"player_id": "7731-ae09"},
        js(
            {
                "sanctions": [
                    {
                        "id": "SAN-558120",
                        "type": "BAN_30D",
                        "reason": "aimbot_signature",
                        "detector": "anticheat-v9",
                        "evidence": ["replay 3390211", "replay 3390218"],
                        "issued": "2026-03-02T21:52:10Z",
                        "appealable": True,
                    }
                ]
            }
        ),
    )
    t.say(
        "Ban kaydı SAN-558120: 30 günlük ban, anti-hile v9 tarafından aimbot imzası nedeniyle verilmiş, iki "
        "replay kanıt olarak bağlı. İtiraz mümkün; replay'lerin insan incelemesine gönderilmesini öneriyorum."
    )
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"player_lookup with the identical handle at steps {', '.join(map(str, steps))}, each returning the "
        "same card that only points to the sanctions service. A double-check is defensible; the 3rd "
        "identical "
        f"fruitless call (step {onset}) is the onset. The agent recovers on its own after the 4th call, "
        "which "
        "a guard firing at the onset would have saved.",
    )


def marc_paraphrase_pl(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Library cataloguing agent (Polish) searches the OPAC for a 1986 first edition with title/author "
        "variants; the results overlap (a 1989 reprint and two anthologies) and never change.",
        ids="gemini",
        meta={"agent": "cataloguing assistant", "domain": "library and archives", "language": "pl"},
    )
    t.user(
        "Sprawdź, czy mamy w katalogu pierwsze wydanie „Ludzi na moście” Szymborskiej (Czytelnik, 1986). "
        "Jeśli "
        "nie, dopisz je do listy dezyderatów."
    )
    rec = {
        "b1": (
            '<record id="b1402231"><f tag="245">Ludzie na moście / Wisława Szymborska</f>'
            '<f tag="264">Warszawa : Czytelnik, 1989</f><f tag="250">Wyd. 2</f></record>'
        ),
        "b2": (
            '<record id="b1177020"><f tag="245">Wiersze wybrane / Wisława Szymborska</f>'
            '<f tag="264">Warszawa : PIW, 1990</f></record>'
        ),
        "b3": (
            '<record id="b2050114"><f tag="245">Poezje zebrane / Szymborska, Wisława</f>'
            '<f tag="264">Kraków : Znak, 2016</f></record>'
        ),
        "b4": (
            '<record id="b0998410"><f tag="245">Wszelki wypadek / Wisława Szymborska</f>'
            '<f tag="264">Warszawa : Czytelnik, 1972</f></record>'
        ),
    }

    def res(keys: list[str]) -> str:
        body = "".join(rec[k] for k in keys)
        return f'<?xml version="1.0" encoding="UTF-8"?><results count="{len(keys)}">{body}</results>'

    attempts = [
        ("Szukam w katalogu.", {"q": "Ludzie na moście Szymborska"}, ["b1", "b2", "b3"]),
        (
            "Jest tylko wydanie drugie z 1989. Spróbuję wyszukiwania po polach.",
            {"title": "Ludzie na moście", "author": "Szymborska, Wisława"},
            ["b1", "b3", "b2"],
        ),
        (
            "Może rok wydania pomoże zawęzić.",
            {"q": "Szymborska Wisława 1986 Czytelnik"},
            ["b1", "b4", "b2", "b3"],
        ),
        (
            "Spróbuję bez polskich znaków, czasem indeks ich nie normalizuje.",
            {"q": "Ludzie na moscie", "year": "1986"},
            ["b1", "b2", "b3"],
        ),
        (
            "Jeszcze wariant z samym tytułem w cudzysłowie.",
            {"q": '"Ludzie na moście"'},
            ["b1", "b3"],
        ),
    ]
    steps = [t.act(text, "opac_search", args, res(keys)) for text, args, keys in attempts]
    t.say(
        "W katalogu jest tylko wydanie drugie (1989, b1402231). Nie znalazłam pierwszego wydania z 1986 — "
        "czy mam je dopisać do dezyderatów?"
    )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        "The first opac_search already showed that only the 1989 second edition is held; the next four "
        "searches (title/author fields, year, unaccented, quoted) return the same overlapping records (one "
        "adds "
        "an unrelated 1972 title). Paraphrased searches with nothing new: onset at the 4th attempt, "
        f"step {onset}. The agent should have added the desideratum instead of searching on.",
    )


def station_stream_after_end(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Weather-data agent reads a station observation stream; after the stream reports its end it keeps "
        "calling next and gets the same end marker again and again.",
        ids="bedrock",
        meta={"agent": "climate data analyst", "domain": "weather and climate data", "language": "en"},
    )
    t.user(
        "Pull the hourly observations for synop station 10384 from 3 to 5 February 2026 and give me the "
        "maximum gust and when it happened."
    )
    t.act(
        "Opening a query on the observation service.",
        "obs_open_query",
        {
            "station": "10384",
            "from": "2026-02-03T00:00Z",
            "to": "2026-02-05T23:00Z",
            "params": ["ff", "fx", "dd"],
        },
        {"stream": "q-55f1", "rows_expected": 72},
    )
    header = ["time", "ff_ms", "fx_ms", "dd_deg"]
    rng = t.rng
    got = 0
    for day in ("03", "04", "05"):
        rows = []
        for h in range(24):
            ff = round(4 + rng.random() * 6 + (5 if day == "04" and 10 <= h <= 16 else 0), 1)
            fx = round(ff * (1.4 + rng.random() * 0.3), 1)
            rows.append([f"2026-02-{day}T{h:02d}:00Z", ff, fx, rng.choice([230, 240, 250, 260, 270])])
        got += 24
        t.act(
            "" if day != "03" else "Reading the stream.",
            "obs_stream_next",
            {"stream": "q-55f1"},
            csv_text(header, rows) + f"# rows {got}/72\n",
        )
    end = "# end of stream q-55f1 (0 rows)\n"
    texts = [
        "Got 72 rows. Reading once more in case of late corrections.",
        "Nothing came back. Let me read again, the service may be buffering.",
        "Still empty; one more read to be sure the stream is complete.",
        "Trying the stream again.",
    ]
    ends = [t.act(x, "obs_stream_next", {"stream": "q-55f1"}, end) for x in texts]
    t.say("The maximum gust was on 4 February in the early afternoon; all 72 hourly rows are in.")
    onset = ends[2]
    return t.loop(
        ["identical_call"],
        onset,
        "After the three data pages the stream is exhausted: obs_stream_next returns the identical end "
        "marker "
        f"at steps {', '.join(map(str, ends))}. The first call that reached the end counts as the 1st; the "
        f"3rd identical call returning the same end marker is the onset, step {onset}. The final answer also "
        "skips the figure the user asked for.",
    )


def olt_port_filters_nl(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Telecom provisioning agent (Dutch) looks for a free port on a full OLT with four equivalent filters "
        "while the inventory already shows a second OLT with free ports.",
        ids="dashed",
        meta={
            "agent": "fiber provisioning agent",
            "domain": "telecom network provisioning",
            "language": "nl",
        },
    )
    t.user(
        "Klant op Dorpsstraat 14, Zwolle krijgt glasvezel. Zoek een vrije PON-poort in wijkcentrale ZL-03 en "
        "reserveer die voor order FTTH-88120."
    )
    t.act(
        "Eerst de OLT's in ZL-03 opvragen.",
        "inventory.list_olts",
        {"site": "ZL-03"},
        md_table(
            ["olt", "model", "pon_ports", "in_use", "state"],
            [["ZL-03-OLT1", "MA5800-X7", 128, 128, "active"], ["ZL-03-OLT2", "MA5800-X7", 128, 97, "active"]],
        ),
    )
    empty = {"ports": [], "count": 0}
    attempts = [
        ("Ik zoek een vrije poort op OLT1.", {"olt": "ZL-03-OLT1", "status": "free"}),
        ("Geen resultaat. Misschien heet het veld 'state'.", {"olt": "ZL-03-OLT1", "state": "available"}),
        ("Nog steeds niets; ik probeer de vlag free_only.", {"olt": "zl-03-olt1", "free_only": True}),
        ("Misschien was de limiet te laag.", {"olt": "ZL-03-OLT1", "status": "FREE", "limit": 500}),
        (
            "Laatste poging met een bredere statusfilter.",
            {"olt": "ZL-03-OLT1", "status": ["free", "reserved"]},
        ),
    ]
    steps = [t.act(text, "inventory.find_ports", args, empty) for text, args in attempts]
    t.say("Er zijn in ZL-03 geen vrije PON-poorten beschikbaar; de order moet wachten op uitbreiding.")
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        "The inventory shows OLT1 full (128/128) and OLT2 with 31 free ports, yet the agent queries OLT1 "
        "five "
        "times with equivalent filters (status/state/free_only/case/limit), always count 0. Varied "
        "arguments, "
        f"no new result: onset at the 4th attempt, step {onset}. Its conclusion is wrong.",
    )


def ad_search_with_reads(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Aviation maintenance agent searches airworthiness directives four times with paraphrased queries "
        "(the same three ADs each time), re-reading one AD in between.",
        ids="openai",
        meta={"agent": "MRO planning assistant", "domain": "aviation maintenance", "language": "en"},
    )
    t.user(
        "Tail N738QX (737-800, CFM56-7B26) goes into C-check on Monday. List open ADs that affect the fan "
        "blades so planning can add the task cards."
    )
    ads = [
        {
            "ad": "2024-08-06",
            "title": "CFM56-7B fan blade dovetail ultrasonic inspection",
            "status": "active",
        },
        {"ad": "2022-04-13", "title": "CFM56-7B fan blade coating and lubrication", "status": "active"},
        {
            "ad": "2019-11-21",
            "title": "CFM56-7B fan blade replacement (superseded by 2024-08-06)",
            "status": "superseded",
        },
    ]
    s1 = t.act(
        "Searching the AD database.",
        "ad_search",
        {"query": "CFM56-7B fan blade"},
        {"results": ads, "count": 3},
    )
    body = (
        "AD 2024-08-06 - Applicability: CFM56-7B engines, all serial numbers. Required: UT inspection of fan "
        "blade dovetails at 1,600 CSLI; repeat every 1,600 cycles. Compliance per engine ESN. Supersedes AD "
        "2019-11-21."
    )
    t.act("Reading the newest AD.", "read_document", {"doc": "AD 2024-08-06"}, body)
    s3 = t.act(
        "Let me make sure I have all of them with the exact engine model.",
        "ad_search",
        {"query": "fan blade CFM56-7B26"},
        {"results": [ads[1], ads[0], ads[2]], "count": 3},
    )
    s4 = t.act(
        "And a search on the inspection wording.",
        "ad_search",
        {"query": "CFM56 7B fan blade inspection dovetail"},
        {"results": [ads[0], ads[2], ads[1]], "count": 3},
    )
    t.act("Re-reading 2024-08-06 for the interval.", "read_document", {"doc": "AD 2024-08-06"}, body)
    s6 = t.act(
        "One more search in capitals in case the index is case-sensitive.",
        "ad_search",
        {"query": "CFM56-7B FAN BLADE AD"},
        {"results": ads, "count": 3},
    )
    t.say(
        "Open fan-blade ADs for N738QX: 2024-08-06 (dovetail UT, repeat 1,600 cycles) and 2022-04-13 "
        "(coating "
        "and lubrication). 2019-11-21 is superseded."
    )
    return t.loop(
        ["same_tool"],
        s6,
        f"ad_search four times (steps {s1}, {s3}, {s4}, {s6}) with paraphrases of one query, each returning "
        "the "
        "same three ADs; the re-read of AD 2024-08-06 in between brings nothing new either. Reads of another "
        f"tool between attempts do not reset the count: onset at the 4th search, step {s6}.",
    )


def berth_schedule_reordered(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Port terminal agent re-reads the same berth schedule four times (arguments in different key orders) "
        "before answering a shipping line about an early arrival.",
        ids="anthropic",
        meta={"agent": "terminal planning assistant", "domain": "port terminal operations", "language": "en"},
    )
    t.user(
        "The agent for MSC Aurelia (IMO 9839284) asks if berth B7 is free for an early arrival on 11 April. "
        "Check and draft the reply."
    )
    table = md_table(
        ["berth", "window_utc", "vessel", "status"],
        [
            ["B7", "2026-04-10 19:00 - 2026-04-11 14:00", "CMA CGM Lisbon", "CONFIRMED"],
            ["B7", "2026-04-11 14:00 - 2026-04-11 16:30", "-", "crane maintenance QC-12"],
            ["B7", "2026-04-11 16:30 -", "-", "FREE"],
        ],
    )
    s1 = t.act(
        "Checking the berth schedule.",
        "berth_schedule",
        {"terminal": "RTM-Euromax", "berth": "B7", "date": "2026-04-11"},
        table,
    )
    t.act(
        "And the vessel's current ETA.",
        "vessel_eta",
        {"imo": "9839284"},
        {"imo": "9839284", "name": "MSC AURELIA", "eta": "2026-04-11T06:10:00Z", "source": "AIS+agent"},
    )
    s3 = t.act(
        "B7 is occupied until 14:00 and QC-12 is in maintenance until 16:30. Let me re-check the schedule.",
        "berth_schedule",
        {"date": "2026-04-11", "berth": "B7", "terminal": "RTM-Euromax"},
        table,
    )
    s4 = t.act(
        "Re-checking B7 once more before I answer.",
        "berth_schedule",
        {"berth": "B7", "terminal": "RTM-Euromax", "date": "2026-04-11"},
        table,
    )
    s5 = t.act(
        "To be certain about the window, I'll pull B7 again.",
        "berth_schedule",
        {"terminal": "RTM-Euromax", "date": "2026-04-11", "berth": "B7"},
        table,
    )
    t.say(
        "Draft: 'Dear agent, B7 is not available before 16:30 UTC on 11 April (previous call until 14:00, "
        "crane maintenance until 16:30). With ETA 06:10 the vessel would wait at anchor; earliest berthing "
        "16:30 UTC.'"
    )
    return t.loop(
        ["identical_call"],
        s4,
        f"berth_schedule with canonically identical arguments (keys reordered) at steps {s1}, {s3}, {s4} and "
        f"{s5}, identical table each time. The 3rd identical call is the onset, step {s4}; nothing between "
        "the calls could have changed the schedule.",
    )


def question_bank_vi(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Survey research agent (Vietnamese) searches a question bank with Vietnamese paraphrases of 'NPS'; "
        "every search returns the same English-only NPS item and a CSAT item.",
        ids="gemini",
        meta={"agent": "survey design assistant", "domain": "survey research", "language": "vi"},
    )
    t.user(
        "Trong ngân hàng câu hỏi, tìm câu hỏi NPS chuẩn bằng tiếng Việt để dùng cho khảo sát khách hàng quý "
        "2."
    )
    q240 = {
        "id": "Q-240",
        "text_en": "How likely are you to recommend us to a friend? (0-10)",
        "langs": ["en"],
    }
    q118 = {
        "id": "Q-118",
        "text_vi": "Bạn hài lòng thế nào với dịch vụ?",
        "langs": ["vi", "en"],
        "type": "CSAT",
    }
    q305 = {"id": "Q-305", "text_vi": "Bạn có giới thiệu sản phẩm cho đồng nghiệp không?", "type": "yes/no"}
    attempts = [
        ("Tìm theo từ khóa NPS.", {"text": "NPS"}, [q240]),
        (
            "Chỉ có bản tiếng Anh. Tìm bằng tiếng Việt.",
            {"text": "khả năng giới thiệu", "lang": "vi"},
            [q240, q118],
        ),
        (
            "Thử cách diễn đạt khác.",
            {"text": "sẵn lòng giới thiệu cho bạn bè", "lang": "vi"},
            [q118, q240, q305],
        ),
        ("Có thể câu hỏi ghi thang điểm 0-10.", {"text": "giới thiệu thương hiệu 0-10"}, [q240, q118]),
        ("Thử cụm từ đầy đủ.", {"text": "Net Promoter Score tiếng Việt", "lang": "vi"}, [q240]),
    ]
    steps = [
        t.act(text, "question_bank.search", args, {"items": items, "total": len(items)})
        for text, args, items in attempts
    ]
    t.say(
        "Ngân hàng câu hỏi chỉ có câu NPS Q-240 bằng tiếng Anh; chưa có bản tiếng Việt. Tôi đề xuất dịch "
        "Q-240 "
        "và gửi duyệt."
    )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        "The first search already returns the NPS item Q-240 (English only). Four Vietnamese paraphrases "
        "follow "
        "and return the same Q-240 plus the unrelated CSAT Q-118 (and once a yes/no item): overlapping "
        "results, "
        f"no new information. Onset at the 4th attempt, step {onset}.",
    )


SCENARIOS = [
    ("edc-ae-paraphrase", edc_paraphrased_ae_search),
    ("ban-lookup-repeat-tr", ban_lookup_identical_tr),
    ("opac-first-edition-pl", marc_paraphrase_pl),
    ("obs-stream-after-end", station_stream_after_end),
    ("olt-port-filters-nl", olt_port_filters_nl),
    ("ad-search-paraphrase", ad_search_with_reads),
    ("berth-schedule-reread", berth_schedule_reordered),
    ("question-bank-nps-vi", question_bank_vi),
]
