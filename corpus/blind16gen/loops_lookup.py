"""Loops of look-ups: identical re-calls after empty results, frozen polls, trivially varied arguments,
paraphrased searches with overlapping results."""

from __future__ import annotations

from blind16gen.builder import Trace, call, loop

# --- identical re-calls after empty or unhelpful results -------------------------------------------------


@loop("pharmacovigilance-duplicate-check-empty", style="anthropic")
def pv_duplicate(t: Trace) -> None:
    t.user(
        "New spontaneous report PV-IN-2026-10-0412 came in from the call centre. Check whether it duplicates "
        "an existing case before you book it in Argus."
    )
    t.step(
        "Reading the intake form first.",
        call(
            "intake.get_form",
            {"intake_id": "PV-IN-2026-10-0412"},
            {
                "reporter": "HCP (pharmacist)",
                "product": "VELORIMAB 150 mg",
                "event_verbatim": "liver stopped working, admitted ICU",
                "onset_date": "2026-09-14",
                "patient": {"age": 61, "sex": "F", "initials": "M.K."},
            },
        ),
    )
    args = {"product": "VELORIMAB", "event_pt": "Hepatic failure", "onset_date": "2026-09-14", "sex": "F"}
    empty = {"matches": [], "searched": "safety_db.cases", "total": 0}
    t.step(
        "Searching the safety database for a case with the same product, event and onset.",
        call("safety_db.find_cases", args, empty),
    )
    t.step(
        "No match. The index can lag a few minutes behind the intake queue, so I'll search again.",
        call("safety_db.find_cases", args, empty),
    )
    s = t.step(
        "Still nothing. Let me run the duplicate search once more to be sure.",
        call("safety_db.find_cases", args, empty),
    )
    t.step("Running it again.", call("safety_db.find_cases", args, empty))
    t.step("One more check before I conclude.", call("safety_db.find_cases", args, empty))
    t.say("I could not find a duplicate. The case looks new; please confirm before I book it in.")
    t.loop(
        ["identical_call"],
        s,
        "A PV agent re-runs the same duplicate search five times with an empty result each time.",
        "The same safety_db.find_cases call with byte-identical arguments returns an empty match "
        "list each time. "
        f"One re-check for index lag is defensible; the 3rd identical call at step {s} is the "
        "onset. It never "
        "tries a wider search (a different PT, the initials, a date window).",
    )


@loop("self-storage-unit-search-empty-pl", style="plain")
def storage_units(t: Trace) -> None:
    t.user("Klient pyta o wolny boks 3x3 w placówce Wrocław-Krzyki od 1 listopada. Sprawdź i zaproponuj coś.")
    args = {"facility": "WRO-02", "size": "3x3", "status": "available", "from": "2026-11-01"}
    res = {"units": [], "waitlist": 4, "facility": "WRO-02"}
    t.step("Sprawdzam dostępne boksy 3x3.", call("units.search", args, res))
    t.step("Brak wolnych boksów. Sprawdzę ponownie, może coś się zwolniło.", call("units.search", args, res))
    s = t.step("Nadal pusto. Ponawiam wyszukiwanie.", call("units.search", args, res))
    t.step("Sprawdzam jeszcze raz.", call("units.search", args, res))
    t.say("Niestety nie ma wolnych boksów 3x3 w WRO-02 od 1 listopada; na liście oczekujących są 4 osoby.")
    t.loop(
        ["identical_call"],
        s,
        "A self-storage desk agent repeats one unit search four times with the same empty answer.",
        "units.search with identical arguments returns no units every time; the 3rd identical call "
        f"at step {s} "
        "is the onset. Nothing changed between calls and the agent never tried another size or facility.",
    )


@loop("wind-farm-inspection-images-second-turn-de", style="gemini")
def wind_inspection(t: Trace) -> None:
    t.user("Fass mir bitte die Störungen von Anlage T07 seit Montag zusammen.")
    t.step(
        "",
        call(
            "scada.alarms",
            {"turbine": "T07", "since": "2026-10-05T00:00:00Z"},
            "ts,code,text\n2026-10-05T03:12Z,YAW-211,Yaw motor overcurrent\n"
            "2026-10-06T17:40Z,PIT-034,Pitch battery test failed\n2026-10-07T08:02Z,YAW-211,Yaw "
            "motor overcurrent\n",
        ),
        call(
            "inspection.images",
            {"turbine": "T07", "campaign": "2026-Q3"},
            {"images": [], "note": "campaign not ingested"},
        ),
    )
    t.say(
        "Seit Montag drei Alarme: zweimal YAW-211 (Überstrom Giermotor) und einmal PIT-034 "
        "(Pitch-Batterietest). Inspektionsbilder für Q3 sind noch nicht eingespielt."
    )
    t.user("Und die Rotorblatt-Inspektion von Q3? Gibt es da Befunde an Blatt B?")
    args = {"turbine": "T07", "campaign": "2026-Q3"}
    res = {"images": [], "note": "campaign not ingested"}
    t.step("Ich rufe die Inspektionsbilder von T07 für Q3 ab.", call("inspection.images", args, res))
    t.step("Keine Bilder. Ich frage noch einmal ab.", call("inspection.images", args, res))
    s = t.step("Immer noch leer, ich versuche es erneut.", call("inspection.images", args, res))
    t.step("Noch ein Versuch.", call("inspection.images", args, res))
    t.say("Für T07 liegen keine Q3-Inspektionsbilder vor.")
    t.loop(
        ["identical_call"],
        s,
        "A wind-farm agent re-fetches inspection images that the system says are not ingested, four times.",
        "Counted from the second user turn (the run in turn 1 does not count): the same "
        "inspection.images call "
        "returns 'campaign not ingested' each time, so the 3rd identical call of the turn at step "
        f"{s} is the "
        "onset. The note already tells the agent why the list is empty.",
    )


@loop("cruise-excursion-availability-ja", style="responses")
def cruise_avail(t: Trace) -> None:
    t.user("11月3日の神戸寄港で、MS Auroraの乗客向けに姫路城ツアーの空きを確認してください。")
    args = {"port": "UKB", "date": "2026-11-03", "ship": "MS Aurora", "product": "HIMEJI-HALF"}
    none = "No departures loaded for this port/date."
    t.step(
        "寄港情報と在庫を同時に確認します。",
        call("excursions.availability", args, none),
        call(
            "port.info",
            {"port": "UKB"},
            {"port": "Kobe", "berth": "Kobe Port Terminal", "all_aboard": "17:30"},
        ),
        order=[1, 0],
    )
    t.step("在庫が見つかりません。もう一度確認します。", call("excursions.availability", args, none))
    s = t.step("まだ表示されません。再確認します。", call("excursions.availability", args, none))
    t.step("念のためもう一度。", call("excursions.availability", args, none))
    t.say("11月3日の神戸発姫路城ツアーの出発便は登録されていません。")
    t.loop(
        ["identical_call"],
        s,
        "A shore-excursion agent re-checks availability that is not loaded, the same call four times.",
        "excursions.availability with identical arguments keeps answering 'No departures loaded'; the first "
        f"call sits in a parallel batch, and the 3rd identical call at step {s} is the onset.",
    )


# --- polling a frozen job -----------------------------------------------------------------------------------


@loop("dcim-capacity-job-frozen", style="plain")
def dcim_frozen(t: Trace) -> None:
    t.user(
        "Run the Q4 power-capacity forecast for hall B2 and tell me which rows exceed 80% of the PDU budget."
    )
    t.step(
        "Starting the forecast job.",
        call(
            "dcim.run_forecast",
            {"hall": "B2", "horizon": "2026-Q4"},
            {"job_id": "cap-8812", "state": "queued"},
        ),
    )
    t.step(
        "",
        call(
            "dcim.job_status",
            {"job_id": "cap-8812"},
            {"state": "running", "progress": 0.31, "heartbeat": "2026-10-02T09:12:51Z"},
        ),
    )
    frozen = {"state": "running", "progress": 0.42, "heartbeat": "2026-10-02T09:14:07Z"}
    t.step("", call("dcim.job_status", {"job_id": "cap-8812"}, frozen))
    t.step("Waiting a minute.", call("sleep", {"seconds": 60}, "slept 60s"))
    t.step("", call("dcim.job_status", {"job_id": "cap-8812"}, frozen))
    t.step("Waiting a minute.", call("sleep", {"seconds": 60}, "slept 60s"))
    s = t.step("", call("dcim.job_status", {"job_id": "cap-8812"}, frozen))
    t.step("Waiting a minute.", call("sleep", {"seconds": 60}, "slept 60s"))
    t.step("", call("dcim.job_status", {"job_id": "cap-8812"}, frozen))
    t.step("Waiting a minute.", call("sleep", {"seconds": 60}, "slept 60s"))
    t.step("", call("dcim.job_status", {"job_id": "cap-8812"}, frozen))
    t.loop(
        ["identical_call"],
        s,
        "A DCIM agent keeps polling a forecast job whose progress and heartbeat have stopped.",
        "The job reaches progress 0.42 with heartbeat 09:14:07 and stays there: progress and heartbeat never "
        f"move again. The 3rd poll returning the frozen status, at step {s}, is the onset; the "
        "sleeps between "
        "polls do not reset the count. The agent should report the stalled job or cancel it.",
    )


@loop("ectd-validation-frozen-ko", style="anthropic", indent=True)
def ectd_frozen(t: Trace) -> None:
    t.user("시퀀스 0007 eCTD 검증이 끝나면 오류 목록을 정리해 주세요.")
    t.step(
        "검증 상태를 확인합니다.",
        call(
            "ectd.validation_status",
            {"submission": "0007"},
            {"status": "VALIDATING", "checked": 120, "total": 498},
        ),
    )
    t.step(
        "진행 중입니다. 다시 확인합니다.",
        call(
            "ectd.validation_status",
            {"submission": "0007"},
            {"status": "VALIDATING", "checked": 211, "total": 498},
        ),
    )
    frozen = {"status": "VALIDATING", "checked": 211, "total": 498}
    t.step("계속 진행 중입니다.", call("ectd.validation_status", {"submission": "0007"}, frozen))
    s = t.step("조금 더 기다려 보겠습니다.", call("ectd.validation_status", {"submission": "0007"}, frozen))
    t.step("다시 확인합니다.", call("ectd.validation_status", {"submission": "0007"}, frozen))
    t.step("다시 확인합니다.", call("ectd.validation_status", {"submission": "0007"}, frozen))
    t.loop(
        ["identical_call"],
        s,
        "A regulatory-publishing agent polls an eCTD validation that is stuck at 211 of 498 files.",
        "The first two polls show progress (120, then 211 files); from then on the status is frozen "
        "at 211/498. "
        f"The 3rd poll returning the frozen status, at step {s}, is the onset.",
    )


# --- trivially varied arguments -----------------------------------------------------------------------------


@loop("auto-parts-fitment-variants")
def fitment(t: Trace) -> None:
    t.user("Customer needs front brake pads for a 2019 Toyota Corolla SE, 2.0L. Find a part number we stock.")
    res = {"results": [], "catalog": "ACES 2026-09", "hint": "no application rows for this vehicle"}
    attempts = [
        {"make": "Toyota", "model": "Corolla", "year": 2019, "part": "brake pad front"},
        {"make": "Toyota", "model": "corolla", "year": 2019, "part": "brake pad front"},
        {"make": "TOYOTA", "model": "COROLLA ", "year": "2019", "part": "brake pad front"},
        {"make": "Toyota", "model": "Corolla", "year": 2019, "part": "front brake pad"},
        {"make": "Toyota", "model": "Corolla", "year": 2019, "part": "brake pads, front"},
    ]
    steps = [
        t.step(
            "Looking up fitment." if i == 0 else "No results; adjusting the query slightly.",
            call("fitment.lookup", a, res),
        )
        for i, a in enumerate(attempts)
    ]
    t.say("I couldn't find a stocked pad for that vehicle.")
    t.loop(
        ["same_tool"],
        steps[3],
        "A parts-counter agent re-queries fitment with case, whitespace and word-order variants of "
        "one vehicle.",
        "Each fitment.lookup differs only trivially (case, a trailing space, the year as a string, "
        "word order) "
        f"and each returns the same empty result; the 4th attempt at step {steps[3]} is the onset. "
        "The engine or "
        "sub-model (SE, 2.0L) that the catalogue needs is never supplied.",
    )


@loop("blood-bank-oneg-variants-cs", style="mistral")
def blood_variants(t: Trace) -> None:
    t.user("Potřebujeme na zítřejší operaci 6 jednotek erytrocytů 0 negativní v Brně. Zjisti zásobu.")
    res = {
        "site": "Brno",
        "jednotky": [
            {"id": "CZ26-118842", "exp": "2026-10-16"},
            {"id": "CZ26-118907", "exp": "2026-10-19"},
            {"id": "CZ26-119013", "exp": "2026-10-21"},
        ],
        "celkem": 3,
    }
    variants = ["O-neg RBC", "0 neg RBC", "O NEG erytrocyty", "O− RBC", "ORh- RBC"]
    steps = [
        t.step(
            "Zjišťuji zásobu." if i == 0 else "Jen 3 jednotky; zkusím jiný zápis krevní skupiny.",
            call("inventory.query", {"product": v, "site": "Brno"}, res),
        )
        for i, v in enumerate(variants)
    ]
    t.say("V Brně jsou k dispozici jen 3 jednotky 0 negativní.")
    t.loop(
        ["same_tool"],
        steps[3],
        "A blood-bank agent re-spells the blood group in the same inventory query, getting the same 3 units.",
        "The product string changes only in spelling (O/0, neg/NEG/−, Rh-) and every result lists "
        "the same three "
        f"units; the 4th attempt at step {steps[3]} is the onset. Asking other sites or the supplier was the "
        "way forward.",
    )


@loop("moving-truck-depot-spelling-uk", style="bedrock")
def moving_truck(t: Trace) -> None:
    t.user(
        "Забронюй вантажівку 7,5 т на 14 жовтня з депо на Лівому березі Києва для переїзду родини Коваленків."
    )
    depots = ["Київ-Лівобережна", "Київ Лівобережна", "Kyiv-Livoberezhna", "KYIV-LIVOBEREZHNA", "Лівобережна"]
    steps = []
    for i, d in enumerate(depots):
        steps.append(
            t.step(
                "Бронюю вантажівку." if i == 0 else "Депо не знайдено; пробую інше написання.",
                call(
                    "truck.reserve",
                    {"depot": d, "size": "7.5t", "date": "2026-10-14"},
                    {"ok": False, "error": "DEPOT_NOT_FOUND", "depot": d},
                ),
            )
        )
    t.say("Не вдалося забронювати: система не знаходить депо.")
    t.loop(
        ["same_tool", "error_streak"],
        steps[3],
        "A moving-company agent re-spells a depot name in the same reservation call, failing every time.",
        "Each truck.reserve differs only in the spelling of the depot and fails with "
        "DEPOT_NOT_FOUND (reported in "
        f"the body). The 4th attempt and the 4th failure fall on step {steps[3]}, the onset; a "
        "depot list was "
        "never looked up.",
    )


# --- paraphrased searches with overlapping results ---------------------------------------------------------

TM_HITS = [
    {"mark": "LUMIK", "reg": "UK00003812455", "classes": [9, 42], "status": "Registered"},
    {"mark": "LUMIQ AI", "reg": "EU018904231", "classes": [9], "status": "Opposed"},
    {"mark": "LUMIQUE", "reg": "WO1712090", "classes": [9, 35], "status": "Registered"},
]


@loop("trademark-clearance-paraphrases")
def tm_paraphrase(t: Trace) -> None:
    t.user("Clearance search for LUMIQ (software, class 9) in the UK and EU. Summarise conflicts.")
    queries = [
        "LUMIQ software class 9",
        "LUMIQ mark class 9 computer software",
        "marks similar to LUMIQ in Nice class 9",
        "LUMIQ OR LUMIK OR LUMIQUE class:9",
        "phonetic equivalents of LUMIQ downloadable software",
    ]
    steps = []
    for i, q in enumerate(queries):
        hits = TM_HITS if i != 1 else TM_HITS[:2]
        text = (
            "Searching the registers." if i == 0 else "Let me phrase the search differently to be thorough."
        )
        steps.append(
            t.step(
                text,
                call(
                    "tm_search.query",
                    {"q": q, "offices": ["UKIPO", "EUIPO", "WIPO"]},
                    {"hits": hits, "count": len(hits)},
                ),
            )
        )
    t.say("Three potentially conflicting marks: LUMIK, LUMIQ AI and LUMIQUE.")
    t.loop(
        ["same_tool"],
        steps[3],
        "A trademark agent rephrases one clearance search five times and gets the same three marks back.",
        "Every paraphrase returns the same marks (LUMIK, LUMIQ AI, LUMIQUE, one time a subset); no "
        "query adds a "
        f"hit. The 4th attempt at step {steps[3]} is the onset.",
    )


@loop("research-data-related-datasets-fi", style="gemini")
def datacite_paraphrase(t: Trace) -> None:
    t.user(
        "Etsi aineistolle 10.23729/fd-7731 aiemmin julkaistut sukulaisaineistot, jotta voin lisätä ne "
        "metatietoihin suhteella IsSupplementTo."
    )
    hits = {
        "data": [
            {"doi": "10.23729/fd-6120", "title": "Järvisedimenttien siitepölysarjat, Kuusamo 2019"},
            {"doi": "10.5281/zenodo.8812044", "title": "Pollen counts from Lake Kuusamo cores"},
        ],
        "meta": {"total": 2},
    }
    queries = [
        "Kuusamo sedimentti siitepöly",
        "siitepölyaineisto Kuusamon järvisedimentit",
        "pollen Kuusamo lake sediment",
        "Kuusamo järvi siitepölysarja aineisto",
        "sediment cores pollen northern Finland Kuusamo",
    ]
    steps = [
        t.step(
            "Haen DataCitesta." if i == 0 else "Kokeilen toista hakumuotoilua, jos löytyisi lisää.",
            call("datacite.search", {"query": q, "resource_type": "Dataset"}, hits),
        )
        for i, q in enumerate(queries)
    ]
    t.say("Löysin kaksi sukulaisaineistoa: 10.23729/fd-6120 ja 10.5281/zenodo.8812044.")
    t.loop(
        ["same_tool"],
        steps[3],
        "A data-curation agent paraphrases one DataCite search in Finnish and English, always the "
        "same two DOIs.",
        "Each query rewords the same topic and returns the same two DOIs; the 4th attempt at step "
        f"{steps[3]} is "
        "the onset.",
    )


@loop("orchestra-library-parts-search-it", style="mistral")
def orchestra_paraphrase(t: Trace) -> None:
    t.user(
        "Ci servono le parti d'archi della Quinta di Mahler con arcate già segnate, per il concerto del 22."
    )
    res = {
        "items": [
            {"id": "LIB-0442", "edition": "Peters 1904", "bowings": "Concertmaster 2011", "sets": 1},
            {"id": "LIB-0519", "edition": "Kalmus A1614", "bowings": "none", "sets": 2},
        ]
    }
    queries = [
        "Mahler Sinfonia 5 parti archi arcate",
        "Mahler 5 string parts bowed",
        "Sinfonia n. 5 Mahler set archi con arcate",
        "Mahler Symphony No.5 strings marked bowings",
        "Mahler quinta parti archi segnate",
    ]
    steps = [
        t.step(
            "Cerco in archivio." if i == 0 else "Riformulo la ricerca.",
            call("library.catalog_search", {"q": q}, res),
        )
        for i, q in enumerate(queries)
    ]
    t.say("Abbiamo un solo set con arcate (LIB-0442, Peters) e due set Kalmus senza.")
    t.loop(
        ["same_tool"],
        steps[3],
        "An orchestra-library agent rewords one catalogue search in Italian and English, same two items.",
        "All five searches return LIB-0442 and LIB-0519 and nothing else; the 4th attempt at step "
        f"{steps[3]} is "
        "the onset.",
    )


@loop("aid-warehouse-customs-kb-ar", style="anthropic")
def aid_kb(t: Trace) -> None:
    t.user("ما هو إجراء الإعفاء الجمركي لشحنة الأدوية الإنسانية القادمة إلى ميناء العقبة؟")
    chunks = {
        "chunks": [
            {
                "doc": "SOP-LOG-07",
                "section": "4.2",
                "text": "Humanitarian exemption requires MoPIC letter and "
                "donation certificate; submit via ASYCUDA with code 4071.",
            },
            {
                "doc": "SOP-LOG-07",
                "section": "4.3",
                "text": "Medicines additionally need JFDA import permit.",
            },
        ]
    }
    queries = [
        "إعفاء جمركي أدوية إنسانية العقبة",
        "customs exemption humanitarian medicines Aqaba",
        "إجراءات إعفاء شحنات الأدوية من الجمارك",
        "humanitarian cargo duty exemption procedure Jordan",
        "إعفاء جمركي شحنة تبرعات طبية",
    ]
    steps = [
        t.step(
            "أبحث في قاعدة المعرفة." if i == 0 else "سأعيد صياغة البحث للتأكد.",
            call("kb.search", {"query": q, "top_k": 2}, chunks),
        )
        for i, q in enumerate(queries)
    ]
    t.say(
        "الإجراء: خطاب من وزارة التخطيط وشهادة تبرع، والتقديم عبر ASYCUDA بالرمز 4071، مع تصريح "
        "استيراد من JFDA."
    )
    t.loop(
        ["same_tool"],
        steps[3],
        "An aid-logistics agent paraphrases one KB search in Arabic and English, same two chunks.",
        "Every query returns SOP-LOG-07 sections 4.2 and 4.3 and nothing else; the answer was already in the "
        f"first result. The 4th attempt at step {steps[3]} is the onset.",
    )
