"""Loops: identical and paraphrased look-ups, id variants, a track stream read past its end."""

from __future__ import annotations

from typing import Any

from .builder import Clock, Trace, call, csv, js, jsp, table


def museum_loan_search_fr() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-001-museum-loan-history-identical-search",
        "Museum collections agent (French) repeats one loan-history search that keeps returning zero hits.",
        ids="anthropic",
        agent="museum collections management",
        language="fr",
    )
    t.user(
        "Le musée des Beaux-Arts de Lyon demande l'objet 1987.114.3 en prêt pour l'automne. Retrouve "
        "l'historique des prêts de cet objet et la date du dernier constat d'état, s'il te plaît."
    )
    search = {"query": "1987.114.3", "modules": ["prets", "expositions"], "limit": 25}

    def empty(ms: int) -> str:
        return js({"total": 0, "hits": [], "took_ms": ms, "index": "coll-fr-v4"})

    s1 = t.act(
        "Je cherche d'abord les prêts liés au numéro d'inventaire.",
        call("collections_search", search, empty(38)),
    )
    t.act(
        "Aucun résultat. Je vérifie que la fiche objet existe bien.",
        call(
            "collections_get_object",
            {"accession": "1987.114.3"},
            js(
                {
                    "accession": "1987.114.3",
                    "titre": "Nature morte aux citrons",
                    "artiste": "Anonyme, école flamande",
                    "localisation": "Réserve R2, rayonnage 14",
                    "mouvements": {"module": "mouvements", "nb": 6},
                    "constat_etat": {"dernier": "2023-11-08", "par": "C. Morel"},
                },
                indent=2,
            ),
        ),
    )
    s2 = t.act(
        "La fiche existe. Je relance la recherche des prêts, l'index était peut-être en cours de mise à "
        "jour.",
        call("collections_search", search, empty(41)),
    )
    s3 = t.act(
        "Toujours rien. Je réessaie la même recherche une dernière fois.",
        call("collections_search", search, empty(36)),
    )
    t.act("Encore zéro. Je relance.", call("collections_search", search, empty(40)))
    t.act("Je retente la recherche des prêts.", call("collections_search", search, empty(39)))
    t.say(
        "Je ne trouve aucun prêt enregistré pour 1987.114.3. Le dernier constat d'état date du 8 novembre "
        "2023 (C. Morel)."
    )
    return t.loop(
        ["identical_call"],
        s3,
        f"The same collections_search (same query, modules and limit) returns zero hits at steps {s1}, {s2} "
        f"and {s3} and twice more; only took_ms changes. The object record already said its history lives "
        "in the 'mouvements' module (6 entries), which the agent never opens. One re-check after reading "
        f"the record is defensible; the third identical fruitless call at step {s3} is the onset.",
    )


def patent_prior_art_paraphrase() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-002-patent-prior-art-paraphrased-search",
        "Patent prosecution agent rephrases one prior-art query; every rephrasing returns the same five "
        "documents.",
        ids="openai",
        agent="patent prosecution",
    )
    t.user(
        "Office action on app 17/482,113 rejects claim 1 over Nakamura. Before I draft the response, find "
        "the closest art on a crosslinked binder for prelithiated silicon anodes, priority before "
        "2021-06-30."
    )
    docs = [
        ("US10833312B2", "Silicon anode with polyacrylic binder", "2020-11-10"),
        ("CN110504443A", "Prelithiated negative electrode and preparation", "2019-11-26"),
        ("EP3605720A1", "Binder composition for Si-based electrodes", "2020-02-05"),
        ("JP2019212345A", "Negative electrode active material layer", "2019-12-12"),
        ("KR1020190082311A", "Lithium secondary battery anode", "2019-07-09"),
    ]

    def hits(order: list[int], extra: tuple[str, str, str] | None = None) -> str:
        rows = [[k + 1, *docs[i], f"0.{91 - 3 * k}"] for k, i in enumerate(order)]
        if extra:
            rows.append([6, *extra, "0.52"])
        return "5 of 212 results\n\n" + table(["#", "pub", "title", "date", "score"], rows)

    base = {"cpc": "H01M4/62", "before": "2021-06-30", "limit": 5}
    attempts = []
    attempts.append(
        t.act(
            "Searching the prior-art index.",
            call(
                "prior_art.search",
                {"q": "silicon anode prelithiation crosslinked binder", **base},
                hits([0, 1, 2, 3, 4]),
            ),
        )
    )
    t.act(
        "US10833312B2 is top; let me read its claims.",
        call(
            "prior_art.get_claims",
            {"pub": "US10833312B2"},
            "1. An anode comprising silicon particles and a polyacrylic acid binder, wherein the binder is "
            "not crosslinked ...\n2. The anode of claim 1, wherein ...",
        ),
    )
    queries = [
        "crosslinked polymeric binder for prelithiated silicon negative electrode",
        "lithium pre-doping of Si anode with cross-linked binder network",
        "anode binder network silicon lithium compensation crosslinking agent",
        "pre-lithiated Si electrode binder cross linking",
    ]
    orders = [[1, 0, 2, 4, 3], [0, 2, 1, 3, 4], [2, 1, 0, 3, 4], [1, 2, 0, 4, 3]]
    texts = [
        "Not the binder we need. Trying a different phrasing to surface other documents.",
        "Same set. Maybe 'pre-doping' is the term used in Asian filings.",
        "Still the same five. Let me rephrase around 'lithium compensation'.",
        "Same documents again; one more variant with 'cross linking' split.",
    ]
    extra = ("CN112234567A", "Battery separator coating", "2021-01-05")
    for k, (q, order, text) in enumerate(zip(queries, orders, texts, strict=True)):
        attempts.append(
            t.act(text, call("prior_art.search", {"q": q, **base}, hits(order, extra if k == 2 else None)))
        )
    t.say(
        "The closest art appears to be US10833312B2, CN110504443A and EP3605720A1; none discloses a "
        "crosslinked binder on a prelithiated anode."
    )
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"Five paraphrases of one prior-art query (steps {', '.join(map(str, attempts))}) return the same "
        "five publications in shuffled order (one irrelevant separator patent appears once, ranked sixth). "
        "The original plus three rephrasings that add nothing is the convention: the 4th attempt at step "
        f"{onset} is the onset. Changing CPC class, date range or searching citations of Nakamura would be "
        "progress.",
    )


def mining_hole_id_variants_ru() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-003-mining-drillhole-id-variants",
        "Geology agent (Russian) queries the drillhole database with spelling variants of one hole id; all "
        "return no rows.",
        ids="mistral",
        agent="mining geology (drillhole database)",
        language="ru",
    )
    t.user(
        "Нужны интервалы с Au > 1 г/т по скважине DDH-22-041 для обновления разреза 7. Выгрузи их, "
        "пожалуйста."
    )
    header = ["hole_id", "from_m", "to_m", "Au_gpt", "Cu_pct"]

    def empty() -> str:
        return csv(header, []) + "-- 0 rows (12 ms)\n"

    sql = "SELECT hole_id, from_m, to_m, Au_gpt, Cu_pct FROM assays WHERE hole_id = '{}' AND Au_gpt > 1"
    variants = ["DDH-22-041", "ddh-22-041", None, "DDH22041", "DDH-22-41", "DDH_22_041", "DDH-022-041"]
    texts = [
        "Запрашиваю пробы по скважине.",
        "Пусто. Возможно, идентификаторы хранятся в нижнем регистре.",
        "Проверю структуру таблицы.",
        "Колонка hole_id — текст. Попробую без дефисов.",
        "Тоже пусто. Может быть, номер без ведущего нуля.",
        "Попробую с подчёркиваниями.",
        "Последний вариант — трёхзначный год.",
    ]
    attempts = []
    for v, text in zip(variants, texts, strict=True):
        if v is None:
            t.act(
                text,
                call(
                    "drillhole_db.describe",
                    {"table": "assays"},
                    "column   | type    | note\nhole_id  | text    | FK collars.hole_id\nfrom_m   | "
                    "numeric |\nto_m     | numeric |\nAu_gpt   | numeric | fire assay\nCu_pct   | numeric "
                    "| ICP\n",
                ),
            )
            continue
        attempts.append(t.act(text, call("drillhole_db.query", {"sql": sql.format(v)}, empty())))
    t.say("Не удалось найти скважину DDH-22-041 ни в одном написании. Возможно, её нет в базе.")
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        "The agent re-runs the same assay query with spelling variants of one hole id (steps "
        f"{', '.join(map(str, attempts))}); each returns a header and 0 rows. The schema shows hole_id is a "
        "foreign key to collars, so listing collars with LIKE '%22%041%' would settle it, but it never "
        f"does. Original plus three variants with nothing new: the 4th attempt, step {onset}, is the onset.",
    )


def vms_track_past_end_nb() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-004-fisheries-vms-track-read-past-end",
        "Fisheries compliance agent (Norwegian) keeps reading a VMS track stream after it reported end of "
        "data.",
        ids="plain:c",
        agent="fisheries and maritime compliance",
        language="nb",
    )
    t.user(
        "Sjekk om fartøyet LK-218-H var inne i det stengte feltet ved Malangsgrunnen (69.55–69.70 N, "
        "17.20–17.60 Ø) mellom 10. og 12. februar."
    )
    args = {"vessel": "LK-218-H", "from": "2026-02-10T00:00:00Z", "to": "2026-02-12T00:00:00Z", "batch": 4}
    clock = Clock("2026-02-10T00:00:00Z")
    lat, lon = 69.31, 16.88

    def batch() -> str:
        nonlocal lat, lon
        rows = []
        for _ in range(4):
            lat = round(lat + 0.03, 3)
            lon = round(lon + 0.05, 3)
            rows.append({"ts": clock.tick(3 * 3600), "lat": lat, "lon": lon, "sog": 9.4})
        return jsp({"positions": rows, "eof": False})

    eof = jsp({"positions": [], "eof": True})
    t.act("Leser sporet fra VMS.", call("vms__read_track", args, batch()))
    t.act("Neste del av sporet.", call("vms__read_track", args, batch()))
    t.act("Fortsetter.", call("vms__read_track", args, batch()))
    e1 = t.act("Henter resten.", call("vms__read_track", args, eof))
    e2 = t.act(
        "Tomt svar. Kanskje serveren trenger litt tid — prøver igjen.", call("vms__read_track", args, eof)
    )
    e3 = t.act("Fortsatt tomt. Leser en gang til.", call("vms__read_track", args, eof))
    e4 = t.act("Prøver en gang til for å være sikker på at alt er med.", call("vms__read_track", args, eof))
    t.say(
        "Sporet når 69.67 N / 17.48 Ø den 11. februar kl. 12:00, altså innenfor det stengte feltet. Jeg "
        "anbefaler å åpne en kontrollsak."
    )
    return t.loop(
        ["identical_call"],
        e3,
        "vms__read_track is a server-side cursor: the first three identical calls bring new positions "
        f"(healthy). At step {e1} it answers eof=true with no positions; steps {e2}, {e3} and {e4} repeat "
        "the call and get the same empty eof answer. The first call that reached the end counts as the "
        f"1st, so the 3rd identical end-of-data answer, at step {e3}, is the onset.",
    )


def royalties_title_variants_ko() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-005-royalties-work-title-variants",
        "Music-rights agent (Korean) searches the PRO repertoire with spellings of one title; the same two "
        "unrelated works return.",
        ids="bedrock",
        agent="music royalties and rights management",
        language="ko",
    )
    t.user(
        "'Midnight Harbor'(작곡 한지수)의 저작물 등록 여부를 확인해 주세요. 스트리밍 정산에서 이 곡만 "
        "미배분으로 나옵니다."
    )
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<works count="2" query="{q}">\n'
        '  <work iswc="T-345.246.800-1" title="MIDNIGHT HARBOUR LIGHTS" writers="PARK MINHO" '
        'society="KOMCA"/>\n'
        '  <work iswc="T-912.004.117-6" title="HARBOR AT MIDNIGHT" writers="LEE DAHYE; J. '
        'OKAFOR" society="KOMCA"/>\n'
        "</works>"
    )
    tries = [
        ("Midnight Harbor", "레퍼토리에서 제목으로 검색하겠습니다."),
        ("Midnight Harbour", "두 건 모두 다른 곡입니다. 영국식 철자로 다시 찾아보겠습니다."),
        (None, "녹음 쪽 ISRC를 먼저 확인해 보겠습니다."),
        ("MIDNIGHT HARBOR", "ISRC에는 연결된 ISWC가 없습니다. 대문자로 다시 검색합니다."),
        ("Midnight Harbor (Radio Edit)", "버전명이 붙어 등록됐을 수 있으니 다시 찾겠습니다."),
        ("Midnight-Harbor", "하이픈 표기로 한 번 더 검색하겠습니다."),
    ]
    attempts = []
    for title, text in tries:
        if title is None:
            t.act(
                text,
                call(
                    "isrc_lookup",
                    {"isrc": "KRA402600117"},
                    '<recording isrc="KRA402600117" title="Midnight Harbor" artist="SOAH" '
                    'duration="PT3M41S">\n'
                    '  <work_link iswc="" status="UNMATCHED"/>\n</recording>',
                ),
            )
            continue
        attempts.append(
            t.act(
                text,
                call(
                    "repertoire_search",
                    {"title": title, "writer": "HAN JISU", "society": "KOMCA"},
                    xml.format(q=title),
                ),
            )
        )
    t.say("여러 표기로 찾아봤지만 'Midnight Harbor'는 등록되어 있지 않은 것 같습니다.")
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"Five title spellings (steps {', '.join(map(str, attempts))}) return the same two unrelated works "
        "by other writers; the ISRC lookup already showed the recording has no linked work (UNMATCHED), so "
        "the productive move is a new work registration or a writer-based search. The 4th attempt, step "
        f"{onset}, is the onset.",
    )


def elevator_fault_log_reordered_de() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-006-elevator-fault-log-reordered-args",
        "Facility maintenance agent (German) re-reads one elevator fault log with the same arguments in "
        "changing key order.",
        ids="gemini",
        agent="elevator and facility IoT maintenance",
        language="de",
    )
    t.user(
        "Aufzug E-07 im Haus C bleibt laut Hausmeister seit Montag zwischen den Etagen stehen. Was sagt "
        "das Störprotokoll?"
    )
    log = (
        "2026-03-02T06:14:11Z E-07 INFO  door cycle count=184223\n2026-03-02T06:14:11Z E-07 INFO  no fault "
        "records since 2026-03-01T00:00:00Z\n-- 0 Störungen im Zeitraum"
    )
    s1 = t.act(
        "Ich lese das Störprotokoll.",
        call("elevator.getFaultLog", {"unit": "E-07", "since": "2026-03-01"}, log),
    )
    t.act(
        "Keine Störungen protokolliert. Ich schaue mir den Steuerungszustand an.",
        call(
            "elevator.getControllerState",
            {"unit": "E-07"},
            js(
                {
                    "unit": "E-07",
                    "mode": "normal",
                    "car": {"floor": 3, "door": "closed"},
                    "doorZoneSensor": "intermittent",
                }
            ),
        ),
    )
    s2 = t.act(
        "Der Türzonensensor meldet 'intermittent'. Ich prüfe das Protokoll nochmals.",
        call("elevator.getFaultLog", {"since": "2026-03-01", "unit": "E-07"}, log),
    )
    s3 = t.act(
        "Weiterhin nichts. Noch einmal das Protokoll.",
        call("elevator.getFaultLog", {"unit": "E-07", "since": "2026-03-01"}, log),
    )
    t.act("Ich lese es erneut.", call("elevator.getFaultLog", {"since": "2026-03-01", "unit": "E-07"}, log))
    t.say("Das Störprotokoll enthält keine Einträge. Eventuell liegt ein Problem mit dem Türzonensensor vor.")
    return t.loop(
        ["identical_call"],
        s3,
        "elevator.getFaultLog is called four times with the same unit and since (keys in changing order, "
        f"canonically identical) and always returns 'no fault records'. The re-read at step {s2} after "
        f"seeing the sensor state is a defensible double-check; the 3rd identical call at step {s3} is the "
        f"onset (first at step {s1}). Ordering a sensor test or a technician visit would have been progress.",
    )


def archaeology_second_turn_fi() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-007-archaeology-finds-filter-second-turn",
        "Excavation records agent (Finnish) answers one question, then in a second turn varies a finds "
        "filter that the server ignores.",
        ids="responses",
        agent="archaeology excavation records",
        language="fi",
    )
    t.user("Listaa kaivausalueen 3 kontekstit ja kerro, mikä niistä on vanhin.")
    finds = [
        {"find": "F-3312", "context": 1043, "material": "bone", "desc": "nautaeläimen lapaluu"},
        {"find": "F-3313", "context": 1043, "material": "flint", "desc": "kaavin"},
        {"find": "F-3317", "context": 1043, "material": "charcoal", "desc": "näyte C14"},
    ]
    t.act(
        "Haen alueen 3 kontekstit.",
        call(
            "finds_register.contexts",
            {"trench": 3},
            js(
                {
                    "trench": 3,
                    "contexts": [1040, 1041, 1043, 1044, 1046],
                    "matrix": "1040>1041>1043>1044>1046",
                }
            ),
        ),
    )
    t.act(
        "Tarkistan alimman kontekstin.",
        call(
            "finds_register.context",
            {"id": 1046},
            js({"id": 1046, "type": "fill", "phase": "IIa", "date": "n. 800–900 jKr."}),
        ),
    )
    t.say(
        "Alueella 3 on viisi kontekstia (1040–1046). Stratigrafisesti vanhin on 1046, täyttökerros "
        "vaiheesta IIa."
    )
    t.user("Kiitos. Löytyykö kontekstista 1043 keramiikkaa?")
    variants = [
        ({"context": 1043, "material": "pottery"}, "Haen kontekstin 1043 keramiikkalöydöt."),
        (
            {"context": 1043, "material": "keramiikka"},
            "Tuloksissa ei ole keramiikkaa. Kokeilen suomenkielistä termiä.",
        ),
        ({"context": 1043, "material": "ceramic"}, "Sama lista. Ehkä arvo on 'ceramic'."),
        ({"context": 1043, "q": "ruukku"}, "Kokeilen vapaatekstihakua."),
        ({"context": 1043, "type": "sherd"}, "Vielä tyyppikentällä."),
    ]
    attempts = [
        t.act(text, call("finds_register.search", args, js({"count": 3, "results": finds})))
        for args, text in variants
    ]
    t.say("Kontekstista 1043 ei näytä löytyvän keramiikkaa; löydöt ovat luuta, piitä ja hiiltä.")
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        "The first turn is healthy. In the second turn the agent varies the filter of "
        f"finds_register.search (steps {', '.join(map(str, attempts))}); the server ignores every filter "
        "and returns the same three finds of context 1043 each time. Counting from the second user "
        f"message, the 4th attempt at step {onset} is the onset. The answer was already in the first result "
        "(no pottery among three finds).",
    )


def spectrum_license_recheck() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-008-spectrum-license-identical-recheck",
        "Spectrum licensing agent keeps re-reading the same license page after another tool already "
        "answered the question.",
        ids="openai",
        agent="spectrum licensing",
    )
    t.user(
        "We filed a modification last week to add 4940-4990 MHz to WQXZ482 (county public safety). Has the "
        "license been updated yet?"
    )
    page = (
        '<div class="license-summary">\n  <h2>WQXZ482 &mdash; COUNTY OF MARLOW</h2>\n'
        "  <table>\n    <tr><th>Status</th><td>Active</td></tr>\n    <tr><th>Radio Service</th><td>PW - "
        "Public Safety Pool</td></tr>\n    <tr><th>Expiration</th><td>06/14/2031</td></tr>\n    "
        "<tr><th>Frequencies</th><td>155.7450, 156.0900, 453.2125, 458.2125 MHz</td></tr>\n  "
        "</table>\n</div>"
    )
    s1 = t.act("Checking the license record.", call("uls_license_lookup", {"callsign": "WQXZ482"}, page))
    t.act(
        "No 4.9 GHz yet. Let me look for the pending application.",
        call(
            "uls_application_search",
            {"callsign": "WQXZ482", "status": "any"},
            table(
                ["file_no", "purpose", "status", "received"],
                [
                    ["0011223344", "MD - Modification", "Pending", "03/09/2026"],
                    ["0009876512", "RO - Renewal", "Granted", "05/30/2021"],
                ],
            ),
        ),
    )
    s2 = t.act(
        "The modification is pending. Let me re-check the license itself.",
        call("uls_license_lookup", {"callsign": "WQXZ482"}, page),
    )
    s3 = t.act(
        "Same frequencies. Checking once more in case it just updated.",
        call("uls_license_lookup", {"callsign": "WQXZ482"}, page),
    )
    t.act("Re-checking.", call("uls_license_lookup", {"callsign": "WQXZ482"}, page))
    t.act("One more look at the license record.", call("uls_license_lookup", {"callsign": "WQXZ482"}, page))
    t.say(
        "Not yet: the license still lists only VHF/UHF frequencies. Modification 0011223344 is pending "
        "since 03/09/2026."
    )
    return t.loop(
        ["identical_call"],
        s3,
        "The answer came at step 2 (application 0011223344 pending). The agent then re-reads the same "
        "license page four more times with identical arguments and an identical result (first read at step "
        f"{s1}, re-reads from step {s2}). One re-check is defensible; the 3rd identical call at step {s3} "
        "is the onset.",
    )


SCENARIOS = [
    museum_loan_search_fr,
    patent_prior_art_paraphrase,
    mining_hole_id_variants_ru,
    vms_track_past_end_nb,
    royalties_title_variants_ko,
    elevator_fault_log_reordered_de,
    archaeology_second_turn_fi,
    spectrum_license_recheck,
]
