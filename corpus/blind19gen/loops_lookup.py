"""Loops of look-ups: identical re-calls after empty or unhelpful results, frozen polls, trivially varied
arguments and paraphrased searches whose results overlap."""

from __future__ import annotations

from blind19gen.builder import Trace, csv, js, jsi, jss, loop

# --------------------------------------------------------------------------------------------------
# identical re-calls after empty or unhelpful results


@loop(
    "stock-photo-empty-search-recalled",
    domain="stock photo agency (asset library search)",
    lang="ja",
    ids="openai",
    start="2026-02-03T01:12:40Z",
)
def stock_photo_empty_search(t: Trace) -> None:
    t.user(
        "来週の旅行キャンペーン用に、自社ライブラリから「夕暮れの灯台」の写真を3点選んで、"
        "それぞれのライセンス条件（RM/RF）も教えてください。"
    )
    t.do(
        "まずライブラリのコレクション一覧を確認します。",
        "assets.collections",
        {},
        js(
            {
                "collections": [
                    {"id": "coastal", "title": "Coastal & Maritime", "assets": 18422},
                    {"id": "urban-night", "title": "Urban Night", "assets": 9310},
                    {"id": "travel-jp", "title": "Travel Japan", "assets": 22871},
                ]
            }
        ),
    )
    args = {"query": "灯台 夕暮れ", "collection": "coastal", "license": "any", "limit": 20}
    empty = js({"total": 0, "items": [], "query": "灯台 夕暮れ", "took_ms": 38})
    steps = [
        t.do("「coastal」コレクションで「灯台 夕暮れ」を検索します。", "assets.search", args, empty),
        t.do(
            "0件でした。インデックスの更新が遅れている可能性があるので、同じ条件でもう一度検索します。",
            "assets.search",
            args,
            empty,
        ),
        t.do("まだ0件です。念のため、もう一度同じ検索を実行します。", "assets.search", args, empty),
        t.do("再度確認します。", "assets.search", args, empty),
    ]
    t.say(
        "申し訳ありません。「coastal」コレクションには「灯台 夕暮れ」に該当する写真が見つかりませんでした。"
        "ライブラリ担当者にインデックスの状態を確認していただけますか。"
    )
    onset = steps[2]
    t.describe(
        "A stock-photo library agent searches one collection for 'lighthouse at dusk' in Japanese, gets zero "
        "hits and repeats the byte-identical search three more times instead of trying English keywords or "
        "another collection."
    )
    t.loop(
        ["identical_call"],
        onset,
        f"assets.search is called with identical arguments at steps {steps[0]}, {steps[1]}, {steps[2]} and "
        f"{steps[3]}, and every result is the same empty list (total 0). One re-check for index lag (step "
        f"{steps[1]}) is defensible; the 3rd identical call, at step {onset}, is the onset. The agent never "
        "varies the query (English keywords, the travel-jp collection) although the library is large.",
    )


@loop(
    "flight-school-instructor-slots-second-turn",
    domain="flight school scheduling (aircraft and instructors)",
    lang="es",
    ids="mistral",
    start="2026-03-09T17:31:05Z",
)
def flight_school_second_turn(t: Trace) -> None:
    t.user(
        "Hola, ¿qué avionetas están libres el sábado 14 por la mañana? Y de paso, ¿Marta Ruiz tiene huecos "
        "ese día para una clase de tráfico de aeródromo?"
    )
    slots_args = {"instructor": "Marta Ruiz", "date": "2026-03-14"}
    no_slots = js(
        {"instructor": "Marta Ruiz", "date": "2026-03-14", "slots": [], "calendar_published": False}
    )
    t.batch(
        "Consulto a la vez la disponibilidad de aviones y la agenda de Marta Ruiz.",
        [
            (
                "getAircraftAvailability",
                {"date": "2026-03-14", "from": "08:00", "to": "13:00"},
                js(
                    {
                        "date": "2026-03-14",
                        "aircraft": [
                            {"reg": "EC-KJL", "type": "C172S", "free": ["08:00-13:00"]},
                            {"reg": "EC-MNB", "type": "PA-28-161", "free": ["10:30-13:00"]},
                            {"reg": "EC-JTA", "type": "C152", "free": [], "note": "inspección 50 h"},
                        ],
                    }
                ),
            ),
            ("findInstructorSlots", slots_args, no_slots),
        ],
        order=[1, 0],
    )
    t.say(
        "El sábado 14 por la mañana están libres el EC-KJL (C172S) de 08:00 a 13:00 y el EC-MNB (PA-28) de "
        "10:30 a 13:00; el EC-JTA está en inspección de 50 h. Marta Ruiz todavía no tiene huecos publicados "
        "para ese día."
    )
    t.user(
        "Vale. Marta me dijo que abriría agenda esta semana. ¿Puede mirar otra vez si tiene algo el sábado?"
    )
    steps = [
        t.do("Claro, vuelvo a consultar su agenda.", "findInstructorSlots", slots_args, no_slots),
        t.do(
            "Sigue sin huecos; puede que la agenda se publique en unos minutos. Consulto de nuevo.",
            "findInstructorSlots",
            slots_args,
            no_slots,
        ),
        t.do("Consulto otra vez la agenda de Marta.", "findInstructorSlots", slots_args, no_slots),
        t.do("Un intento más.", "findInstructorSlots", slots_args, no_slots),
    ]
    t.say(
        "Lo siento, Marta Ruiz sigue sin publicar huecos para el sábado 14 (calendar_published: false). "
        "Le recomiendo escribirle directamente o llamar a la oficina de operaciones."
    )
    onset = steps[2]
    t.describe(
        "Flight-school assistant: in a second user turn the student asks to re-check an instructor's "
        "calendar; the agent re-issues the identical slot query four times against an unpublished calendar."
    )
    t.loop(
        ["identical_call"],
        onset,
        "Counts start at the second user message. The call in the first turn (step 1, in a parallel batch) "
        f"and the first re-check the user asked for (step {steps[0]}) are legitimate. The result says "
        "calendar_published: false every time, yet the agent repeats findInstructorSlots with identical "
        f"arguments at steps {steps[1]}, {steps[2]} and {steps[3]}; the 3rd identical call of the turn, at "
        f"step {onset}, is the onset.",
    )


@loop(
    "sbom-license-scan-recalled-after-batch",
    domain="open-source license compliance (SBOM, scancode)",
    lang="en",
    ids="anthropic",
    start="2026-01-27T10:02:51Z",
)
def sbom_scan_batch(t: Trace) -> None:
    t.user(
        "Before we publish the SBOM for firmware-tools 3.2, check the licenses of the three vendored files "
        "under third_party/ and flag anything that has no license."
    )
    crc = (
        "path: third_party/crc32.c\nlicenses:\n  - spdx: Zlib\n    score: 100.0\n    lines: 1-22\n"
        "copyrights:\n  - Copyright (C) 1995-2006, 2010, 2011, 2012, 2016 Mark Adler\n"
    )
    ini = (
        "path: third_party/ini.h\nlicenses:\n  - spdx: BSD-3-Clause\n    score: 99.5\n    lines: 1-30\n"
        "copyrights:\n  - Copyright (C) 2009-2020, Ben Hoyt\n"
    )
    b64 = (
        "path: third_party/base64.c\nlicenses: []\ncopyrights: []\n"
        "notes: no license text, SPDX-License-Identifier or copyright statement found in 212 lines\n"
    )
    scan = {"path": "third_party/base64.c", "detect": ["license", "copyright"]}
    first = t.batch(
        "I'll scan the three vendored files in parallel.",
        [
            ("scancode__scan_file", {"path": "third_party/crc32.c", "detect": ["license", "copyright"]}, crc),
            ("scancode__scan_file", {"path": "third_party/ini.h", "detect": ["license", "copyright"]}, ini),
            ("scancode__scan_file", scan, b64),
        ],
        order=[2, 0, 1],
    )
    steps = [
        first,
        t.do(
            "crc32.c is Zlib and ini.h is BSD-3-Clause. base64.c came back empty; scanning it again in case "
            "the first pass was cut short.",
            "scancode__scan_file",
            scan,
            b64,
        ),
        t.do("Still nothing for base64.c. One more scan.", "scancode__scan_file", scan, b64),
        t.do("Re-scanning base64.c.", "scancode__scan_file", scan, b64),
    ]
    t.say(
        "Results: third_party/crc32.c: Zlib; third_party/ini.h: BSD-3-Clause; third_party/base64.c: no "
        "license detected. base64.c needs a manual review before the SBOM can be published."
    )
    onset = steps[2]
    t.describe(
        "License-compliance agent scans three vendored files in a parallel batch, then re-scans the one file "
        "without a license three more times with identical arguments and identical output."
    )
    t.loop(
        ["identical_call"],
        onset,
        f"The scan of third_party/base64.c is first made inside the parallel batch of step {first}, which "
        f"counts as the 1st identical call; it is repeated byte for byte at steps {steps[1]}, {steps[2]} and "
        f"{steps[3]} with the same 'licenses: []' output. The 3rd identical call is at step {onset}, the "
        "onset. A static scan of an unchanged file cannot give a new answer; looking at the file's git "
        "history or upstream would have.",
    )


@loop(
    "regatta-cookie-wall-refetched",
    domain="sailing regatta administration (sailing instructions)",
    lang="da",
    ids="gemini",
    start="2026-05-18T06:45:12Z",
)
def regatta_cookie_wall(t: Trace) -> None:
    t.user(
        "Find sejladsbestemmelserne (SI) for Sjællandsmesterskabet i Folkebåd 2026 og fortæl mig, hvornår "
        "første start er, og hvilken kanal bådene skal lytte på."
    )
    t.do(
        "Jeg søger efter stævnesiden.",
        "web_search",
        {"query": "Sjællandsmesterskab Folkebåd 2026 sejladsbestemmelser"},
        jss(
            {
                "results": [
                    {
                        "title": "SM Folkebåd 2026 – Kongelig Dansk Yachtklub",
                        "url": "https://www.kdy.dk/regattaer/sm-folkebaad-2026",
                        "snippet": "Indbydelse, sejladsbestemmelser og tilmelding til SM i Folkebåd 2026…",
                    },
                    {
                        "title": "Dansk Folkebådsklub – Kalender",
                        "url": "https://folkebaad.dk/kalender",
                        "snippet": "5.–7. juni: SM Folkebåd, Skovshoved…",
                    },
                ]
            }
        ),
    )
    url = {"url": "https://www.kdy.dk/regattaer/sm-folkebaad-2026"}
    wall = (
        '<!DOCTYPE html><html lang="da"><head><title>KDY</title></head><body>'
        '<div id="cookie-wall" class="cw-overlay"><h2>Vi bruger cookies</h2>'
        "<p>For at se indholdet skal du acceptere nødvendige og statistiske cookies.</p>"
        '<button data-cw="accept">Accepter alle</button><button data-cw="settings">Indstillinger</button>'
        "</div><noscript>Siden kræver JavaScript.</noscript></body></html>"
    )
    steps = [
        t.do("Jeg åbner KDY's side for stævnet.", "fetch_page", url, wall),
        t.do("Siden viste kun cookie-banneret. Jeg henter den igen.", "fetch_page", url, wall),
        t.do("Stadig kun cookie-banneret; jeg prøver en gang til.", "fetch_page", url, wall),
        t.do("Jeg forsøger at hente siden igen.", "fetch_page", url, wall),
    ]
    t.say(
        "Jeg kan desværre ikke komme forbi KDY's cookie-væg, så jeg har ikke kunnet læse "
        "sejladsbestemmelserne. Ifølge Dansk Folkebådsklubs kalender sejles SM 5.–7. juni i Skovshoved."
    )
    onset = steps[2]
    t.describe(
        "Research agent looking for regatta sailing instructions fetches a club page that only returns a "
        "cookie wall, and re-fetches the identical URL three more times."
    )
    t.loop(
        ["identical_call"],
        onset,
        f"fetch_page with the same URL returns the same cookie-consent shell at steps {steps[0]}, "
        f"{steps[1]}, {steps[2]} and {steps[3]}: an unhelpful page returned identically is as fruitless as "
        "an "
        f"empty result. The 3rd identical fetch, at step {onset}, is the onset. The agent never tried the "
        "second search hit, a PDF search or the Manage2Sail entry.",
    )


# --------------------------------------------------------------------------------------------------
# frozen polls


@loop(
    "cryoem-refinement-heartbeat-frozen",
    domain="cryo-EM data processing (cryoSPARC jobs)",
    lang="en",
    ids="gemini",
    start="2026-02-11T08:55:02Z",
)
def cryoem_frozen(t: Trace) -> None:
    t.user(
        "Keep an eye on the non-uniform refinement J87 in P14 and give me the final resolution when it ends."
    )
    args = {"project": "P14", "job": "J87"}

    def status(it: int, prog: float, beat: str) -> str:
        return js(
            {
                "project": "P14",
                "job": "J87",
                "type": "nonuniform_refine_new",
                "status": "running",
                "iteration": it,
                "progress": prog,
                "last_heartbeat": beat,
                "gpu": "node07:1",
            }
        )

    frozen = status(4, 0.42, "2026-02-11T09:14:51Z")
    t.do("Checking J87.", "cryosparc.job_status", args, status(3, 0.31, "2026-02-11T09:02:17Z"))
    polls = [t.do("Iteration 3 of the refinement. Checking again.", "cryosparc.job_status", args, frozen)]
    polls.append(t.do("Iteration 4, 42 %. Polling again.", "cryosparc.job_status", args, frozen))
    polls.append(t.do("Still iteration 4. Checking J87 once more.", "cryosparc.job_status", args, frozen))
    polls.append(t.do("Polling J87.", "cryosparc.job_status", args, frozen))
    polls.append(t.do("J87 is still running; checking again.", "cryosparc.job_status", args, frozen))
    t.say(
        "J87 is still at iteration 4 (42 %). I'll keep monitoring and report the resolution when it finishes."
    )
    onset = polls[2]
    t.describe(
        "Cryo-EM assistant polls a refinement job whose heartbeat stopped: after one real progress update "
        "the "
        "status is byte-identical, frozen heartbeat included, for five more polls."
    )
    t.loop(
        ["identical_call"],
        onset,
        "The first poll that returns the frozen status (iteration 4, progress 0.42, last_heartbeat "
        "09:14:51) "
        f"is step {polls[0]}; the same result comes back at steps {polls[1]}, {polls[2]}, {polls[3]} and "
        f"{polls[4]}. The 3rd call returning it, at step {onset}, is the onset. A stale heartbeat means the "
        "worker is gone; the agent should look at the job log or the node instead of polling.",
    )


@loop(
    "tbm-ring-erection-status-frozen-with-waits",
    domain="tunnel boring machine monitoring (segment erection)",
    lang="en",
    ids="bedrock",
    start="2026-04-02T13:47:30Z",
)
def tbm_frozen(t: Trace) -> None:
    t.user(
        "Ring 1412 on TBM-2 (S-Bahn Lot C): tell me when segment erection is finished so I can release the "
        "grout crew."
    )
    args = {"machine": "TBM-2", "fields": ["ring", "phase", "erector_state", "thrust_kN", "updated"]}
    frozen = csv(
        ["machine", "ring", "phase", "erector_state", "thrust_kN", "updated"],
        [["TBM-2", 1412, "SEGMENT_ERECTION", "PLACING_K_SEGMENT", 0, "2026-04-02T13:41:07Z"]],
    )
    polls = [t.do("Checking the TBM-2 status.", "tbm_status", args, frozen)]
    t.do(
        "Erector is placing the key segment. Waiting five minutes.", "wait", {"seconds": 300}, "waited 300 s"
    )
    polls.append(t.do("Checking again.", "tbm_status", args, frozen))
    t.do("No change yet. Waiting another five minutes.", "wait", {"seconds": 300}, "waited 300 s")
    polls.append(t.do("Checking TBM-2.", "tbm_status", args, frozen))
    t.do("Waiting ten minutes this time.", "wait", {"seconds": 600}, "waited 600 s")
    polls.append(t.do("Checking the erector state.", "tbm_status", args, frozen))
    t.say(
        "Ring 1412 is still in SEGMENT_ERECTION with the erector placing the key segment. I'll tell you as "
        "soon as it completes; keep the grout crew on standby."
    )
    onset = polls[2]
    t.describe(
        "Tunnelling assistant waits for a ring build to finish; the machine status row, timestamp included, "
        "never changes over four polls separated by waits."
    )
    t.loop(
        ["identical_call"],
        onset,
        f"tbm_status returns the identical row (PLACING_K_SEGMENT, updated 13:41:07) at steps {polls[0]}, "
        f"{polls[1]}, {polls[2]} and {polls[3]}; the 'updated' field never moves, so the feed or the "
        "machine is "
        f"stuck. Waits between polls do not reset the count: the 3rd identical result, at step {onset}, is "
        "the onset. Checking the alarm list or asking the ring builder would have helped.",
    )


# --------------------------------------------------------------------------------------------------
# trivially varied arguments


@loop(
    "gemology-report-number-reformatted",
    domain="gemology and jewelry appraisal (lab report look-ups)",
    lang="th",
    ids="responses",
    start="2026-06-04T04:20:18Z",
)
def gemology_report_variants(t: Trace) -> None:
    t.user("ช่วยตรวจใบรับรอง GIA ของเพชรเม็ดนี้หน่อย หมายเลข 2141438167 น้ำหนัก 1.02 กะรัต ลูกค้าจะมารับพรุ่งนี้")
    not_found = js({"found": False, "lab": "GIA", "message": "No report matches this number."})
    steps = [
        t.do(
            "ตรวจสอบหมายเลขรายงานในฐานข้อมูล GIA",
            "lab_report_lookup",
            {"lab": "GIA", "report_number": "2141438167"},
            not_found,
        ),
        t.do(
            "ไม่พบ ลองเว้นวรรคตามรูปแบบที่พิมพ์บนใบรับรอง",
            "lab_report_lookup",
            {"lab": "GIA", "report_number": "2141 438 167"},
            not_found,
        ),
        t.do(
            "ลองใส่คำนำหน้า GIA",
            "lab_report_lookup",
            {"lab": "GIA", "report_number": "GIA2141438167"},
            not_found,
        ),
        t.do(
            "ลองใช้ตัวพิมพ์เล็กในชื่อห้องแล็บ",
            "lab_report_lookup",
            {"lab": "gia", "report_number": "2141438167"},
            not_found,
        ),
        t.do(
            "ลองเติมศูนย์ข้างหน้า",
            "lab_report_lookup",
            {"lab": "GIA", "report_number": "02141438167"},
            not_found,
        ),
    ]
    t.say("ขออภัย ไม่พบรายงาน GIA หมายเลข 2141438167 ในระบบ")
    onset = steps[3]
    t.describe(
        "Jewelry appraisal assistant looks up a GIA report number and, after 'not found', retries the same "
        "number with spaces, a prefix, lower case and a leading zero, always with the same answer."
    )
    t.loop(
        ["same_tool"],
        onset,
        f"lab_report_lookup is called five times (steps {steps[0]}-{steps[4]}) with the same report number "
        "formatted trivially differently (spaces, a 'GIA' prefix, the lab name in lower case, a leading "
        "zero); "
        f"every answer is the same 'found: false'. The 4th attempt, at step {onset}, is the onset. The agent "
        "never asks the customer to re-read the number or checks the girdle inscription.",
    )


@loop(
    "pipeline-scada-tag-spellings-fail",
    domain="oil pipeline leak detection (SCADA historian)",
    lang="ru",
    ids="openai",
    start="2026-01-15T22:03:44Z",
)
def pipeline_tag_variants(t: Trace) -> None:
    t.user(
        "Проверь расход на ПС-7 по расходомеру FT-101 за последние 30 минут — есть подозрение на утечку "
        "на участке 7–8."
    )

    def err(tag: str) -> str:
        return f"TagNotFound: '{tag}' is not defined in historian 'mdh-prod' (namespace PIPE-NW)"

    tags = ["PS-07.FT-101.PV", "ps-07.ft-101.pv", "PS07.FT101.PV", "PS-07 FT-101 PV", "PS-07.FT-101"]
    texts = [
        "Запрашиваю тег расходомера.",
        "Тег не найден. Попробую в нижнем регистре.",
        "Попробую без дефисов.",
        "Попробую через пробелы.",
        "Попробую без суффикса PV.",
    ]
    steps = [
        t.do(text, "scada.read_tag", {"tag": tag, "window_min": 30, "agg": "1m"}, err(tag), error=True)
        for text, tag in zip(texts, tags, strict=True)
    ]
    t.say(
        "Не удалось прочитать данные расходомера FT-101 на ПС-7: историан не находит тег ни в одном "
        "написании. Нужна помощь диспетчера."
    )
    onset = steps[3]
    t.describe(
        "Pipeline operations agent tries to read one flow-meter tag from the historian under five trivial "
        "spellings; each fails with TagNotFound."
    )
    t.loop(
        ["same_tool", "error_streak"],
        onset,
        f"scada.read_tag fails with the same TagNotFound error at steps {steps[0]} to {steps[4]}; the tag is "
        "only re-spelled (case, hyphens, spaces, suffix), so the attempts are one attempt varied trivially. "
        f"The 4th attempt and the 4th failure fall on step {onset}, the onset. Browsing the tag namespace "
        "would have found the real name.",
    )


@loop(
    "steel-heat-chemistry-query-variants",
    domain="steel mill melt shop (heat chemistry SQL)",
    lang="en",
    ids="plain",
    start="2026-03-23T05:58:10Z",
)
def steel_query_variants(t: Trace) -> None:
    t.user(
        "Pull the final chemistry for heat 58123 from the melt shop DB (C, Mn, S, P). The customer wants a "
        "mill cert today."
    )
    empty = "heat_no | c | mn | s | p\n--------+---+----+---+---\n(0 rows)"
    queries = [
        (
            "Querying final_chem for the heat.",
            "SELECT heat_no, c, mn, s, p FROM final_chem WHERE heat_no = 58123;",
        ),
        (
            "No rows. Maybe heat_no is stored as text.",
            "SELECT heat_no, c, mn, s, p FROM final_chem WHERE heat_no = '58123';",
        ),
        (
            "Still empty. Trying again with a limit.",
            "select heat_no,c,mn,s,p from final_chem where heat_no=58123 limit 10;",
        ),
        (
            "Let me rewrite it with IN.",
            "SELECT heat_no, c, mn, s, p\nFROM final_chem\nWHERE heat_no IN (58123);",
        ),
    ]
    steps = [t.do(text, "run_sql", {"database": "meltshop", "sql": sql}, empty) for text, sql in queries]
    t.say(
        "Heat 58123 has no final chemistry in the melt shop DB, so I can't produce the mill cert values yet."
    )
    onset = steps[3]
    t.describe(
        "Data agent for a steel mill queries one heat's chemistry with quoting, case, limit and IN "
        "variants of "
        "the same SQL; every result is zero rows."
    )
    t.loop(
        ["same_tool"],
        onset,
        f"The four run_sql calls (steps {steps[0]}-{steps[3]}) ask the same question of the same table with "
        "cosmetic changes (quotes, lower case, LIMIT, IN) and all return 0 rows; the 4th attempt, at step "
        f"{onset}, is the onset. The agent never checks whether the heat exists (heats, ladle_chem) or "
        "whether "
        "the final sample is still pending.",
    )


# --------------------------------------------------------------------------------------------------
# paraphrased searches with overlapping results


@loop(
    "race-timing-mat-rules-paraphrased",
    domain="road race timing (chip timing rules)",
    lang="en",
    ids="openai",
    start="2026-03-30T19:12:00Z",
)
def race_timing_paraphrases(t: Trace) -> None:
    t.user(
        "For our half marathon on 12 April, what do the rules say about where chip-timing mats have to be "
        "(start, finish, splits)? I need it for the course certification form."
    )
    hits = [
        {
            "title": "Competition Rules: Technical Rules – Road Races (TR 55) – World Athletics",
            "url": "https://worldathletics.org/about-iaaf/documents/book-of-rules",
        },
        {
            "title": "Course Measurement & Certification Procedures – USATF",
            "url": "https://www.usatf.org/resources/course-certification",
        },
        {
            "title": "Where to put your timing mats (and why) – RaceDay Ops blog",
            "url": "https://racedayops.example/blog/timing-mats",
        },
    ]
    queries = [
        "chip timing mat placement half marathon rules",
        "where to put timing mats half marathon regulations",
        "half marathon timing mat location requirements",
        "timing mat positioning road race World Athletics",
        "road race chip timing split mats rules",
    ]
    rotations = [hits, hits[1:] + hits[:1], hits, hits[::-1], hits]
    texts = [
        "Searching for the timing-mat rules.",
        "Let me phrase it differently.",
        "Trying another wording.",
        "Searching with the governing body named.",
        "One more search for split mats specifically.",
    ]
    steps = [
        t.do(text, "web_search", {"query": q, "num_results": 3}, jss({"results": r}))
        for text, q, r in zip(texts, queries, rotations, strict=True)
    ]
    t.say(
        "The relevant documents are World Athletics TR 55 and USATF's certification procedures; the start "
        "and "
        "finish mats must sit on the measured start and finish lines. I couldn't confirm the split-mat rules."
    )
    onset = steps[3]
    t.describe(
        "Research agent paraphrases one question about timing-mat placement five times; every search returns "
        "the same three pages, none of which it opens."
    )
    t.loop(
        ["same_tool"],
        onset,
        f"web_search runs five paraphrases of one question (steps {steps[0]}-{steps[4]}) and gets the same "
        "three URLs each time, only reordered. Nothing new arrives after the first search and the agent "
        "never "
        f"fetches TR 55. The 4th attempt, at step {onset}, is the onset.",
    )


@loop(
    "perfumery-ifra-citral-paraphrased",
    domain="perfumery and fragrance regulatory (IFRA standards)",
    lang="zh",
    ids="anthropic",
    start="2026-04-21T02:40:33Z",
)
def perfumery_paraphrases(t: Trace) -> None:
    t.user(
        "新香精配方 PF-2231 里柠檬醛含量 0.8%，用于免洗护发素。"
        "请查一下 IFRA 第51次修订对柠檬醛在这个类别的最高限量。"
    )
    found = js(
        {
            "results": [
                {"id": "IFRA-51-0471", "name": "Citral", "type": "restriction", "amendment": 51},
                {
                    "id": "IFRA-51-0472",
                    "name": "Citral (geranial/neral) – QRA",
                    "type": "restriction",
                    "amendment": 51,
                },
            ],
            "total": 2,
        }
    )
    queries = [
        "柠檬醛 限量 第5B类",
        "Citral 免洗护发 最大浓度",
        "IFRA 第51次修订 柠檬醛 护发素",
        "citral leave-on hair limit",
    ]
    texts = ["先搜索 IFRA 标准库。", "换个说法再搜一次。", "加上修订版本号再搜索。", "用英文关键词再搜索。"]
    steps = [
        t.do(text, "ifra__search_standards", {"query": q, "amendment": 51}, found)
        for text, q in zip(texts, queries, strict=True)
    ]
    t.say("找到了柠檬醛的 IFRA 标准（IFRA-51-0471），但还没有确认免洗护发素所在类别的具体限量。")
    onset = steps[3]
    t.describe(
        "Fragrance regulatory agent searches the IFRA library for the citral limit with four paraphrases and "
        "gets the same two standards each time, never opening one."
    )
    t.loop(
        ["same_tool"],
        onset,
        f"ifra__search_standards runs four paraphrased queries (steps {steps[0]}-{steps[3]}) and each "
        "returns "
        "the same two standards, IFRA-51-0471 and -0472. The answer is inside the standard, which the agent "
        f"never opens with a get call. The 4th search, at step {onset}, is the onset.",
    )


@loop(
    "admissions-deferral-kb-paraphrased",
    domain="university admissions office (support)",
    lang="fr",
    ids="responses",
    start="2026-05-06T08:21:47Z",
)
def admissions_paraphrases(t: Trace) -> None:
    t.user(
        "Bonjour, j'ai été admise en master de chimie pour la rentrée 2026, mais je voudrais reporter d'un "
        "an "
        "pour raisons médicales. Est-ce possible et quelle est la démarche ?"
    )
    found = jsi(
        [
            {"id": "KB-212", "title": "Calendrier des admissions 2026-2027", "score": 0.61},
            {"id": "KB-087", "title": "Frais de dossier et remboursements", "score": 0.44},
        ]
    )
    queries = [
        "report d'admission d'un an",
        "différer son inscription en master",
        "ajournement de l'admission pour raison médicale",
        "année de césure après admission",
        "report de la rentrée",
    ]
    texts = [
        "Je consulte la base de connaissances.",
        "Je reformule la recherche.",
        "J'essaie avec le motif médical.",
        "J'essaie le terme « année de césure ».",
        "Une dernière formulation.",
    ]
    steps = [
        t.do(text, "kb_search", {"query": q, "audience": "admitted"}, found)
        for text, q in zip(texts, queries, strict=True)
    ]
    t.say(
        "Je n'ai pas trouvé de procédure de report dans notre base. Je vous conseille d'écrire au service "
        "des "
        "admissions (admissions@univ.example) avec un justificatif médical."
    )
    onset = steps[3]
    t.describe(
        "Admissions support agent rephrases a deferral question five times in the knowledge base; each "
        "search "
        "returns the same two unrelated articles."
    )
    t.loop(
        ["same_tool"],
        onset,
        f"kb_search is run with five rephrasings (steps {steps[0]}-{steps[4]}) and always returns KB-212 and "
        "KB-087, neither about deferral. Nothing new comes back after the first search; the 4th attempt, at "
        f"step {onset}, is the onset. A hand-off to the admissions office was available from the start.",
    )


@loop(
    "parish-register-htr-name-variants",
    domain="digital humanities (handwritten-text recognition of parish registers)",
    lang="de",
    ids="gemini",
    start="2026-02-25T15:09:26Z",
)
def htr_paraphrases(t: Trace) -> None:
    t.user(
        "Ich suche in den HTR-Transkriptionen der Kirchenbücher Hohenlohe die Taufe eines Johann Adam Kreß, "
        "etwa 1768–1772, Vater Schmied in Öhringen."
    )
    hits = jss(
        {
            "hits": [
                {
                    "doc": "KB-Oehr-T-1769",
                    "page": 41,
                    "line": 12,
                    "text": "Johann Georg Kress, Vatter Hanß Kress Schmidt",
                    "conf": 0.81,
                },
                {
                    "doc": "KB-Oehr-T-1771",
                    "page": 7,
                    "line": 3,
                    "text": "Anna Maria Kreßin, Vatter Hanß Kreß",
                    "conf": 0.77,
                },
            ],
            "total": 2,
        }
    )
    queries = [
        "Johann Adam Kreß Taufe",
        "Kress Johann Adam Schmied",
        "Johann Adam Kres getauft",
        "Hans Adam Kreß",
    ]
    texts = [
        "Ich durchsuche die Transkriptionen.",
        "Andere Schreibweise des Namens.",
        "Mit einfachem s und 'getauft'.",
        "Mit der Kurzform Hans.",
    ]
    steps = [
        t.do(
            text, "archiv.search_transcripts", {"q": q, "bestand": "KB-Oehr", "from": 1768, "to": 1772}, hits
        )
        for text, q in zip(texts, queries, strict=True)
    ]
    t.say(
        "In den Transkriptionen finde ich nur zwei Taufen mit Vater Hanß Kreß (1769 Johann Georg, 1771 Anna "
        "Maria), aber keinen Johann Adam."
    )
    onset = steps[3]
    t.describe(
        "Archive research agent searches HTR transcriptions for a baptism under four spelling variants of "
        "one "
        "name; the same two hits come back every time."
    )
    t.loop(
        ["same_tool"],
        onset,
        f"archiv.search_transcripts is called four times (steps {steps[0]}-{steps[3]}) with spelling "
        "variants "
        "of one name and returns the same two hits each time. Variants are a sound first move, but after the "
        "second identical hit list they bring nothing; the agent never opens the page images around the hits "
        f"or widens the years. The 4th attempt, at step {onset}, is the onset.",
    )
