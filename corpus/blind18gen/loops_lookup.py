"""Loops of look-ups: identical re-calls after empty or unhelpful results, frozen polls, trivially varied
arguments and paraphrased searches whose results overlap."""

from __future__ import annotations

from blind18gen.builder import Trace, cj, ij, loop, md, sj

# --- identical re-calls after empty or unhelpful results ------------------------------------------


@loop("vending-telemetry-empty-recall")
def vending_telemetry(sid: str) -> Trace:
    t = Trace(
        sid,
        "Vending-fleet support agent re-pulls the same empty 24 h telemetry window for one machine four "
        "times.",
        domain="vending machine fleet operations",
        language="en",
        ids="openai",
        started="2026-06-12T07:41:09Z",
    )
    t.user(
        "VM-4471 at Central Station hasn't reported a single sale since yesterday afternoon. Can you check "
        "the telemetry and tell me whether it's connectivity or the machine itself?"
    )
    args = {"machine_id": "VM-4471", "window": "24h"}
    empty = cj({"machine_id": "VM-4471", "window": "24h", "events": [], "last_seen": None})
    calls = [t.act("I'll pull the last 24 hours of telemetry for VM-4471.", ("get_telemetry", args, empty))]
    calls.append(
        t.act(
            "No events came back at all. The ingest may have been lagging, so I'll query the telemetry "
            "again.",
            ("get_telemetry", args, empty),
        )
    )
    calls.append(t.act("Still nothing. Trying the telemetry pull once more.", ("get_telemetry", args, empty)))
    calls.append(t.act("Let me retry the same telemetry query.", ("get_telemetry", args, empty)))
    t.say(
        "I couldn't get any telemetry for VM-4471 in the last 24 hours, so I can't tell yet whether it's "
        "the modem or the vending board. Someone should check the machine on site."
    )
    return t.loop(
        ["identical_call"],
        calls[2],
        f"get_telemetry is called with byte-identical arguments at steps {calls[0]}, {calls[1]}, {calls[2]} "
        f"and {calls[3]} and returns the same empty event list (last_seen null) every time; nothing happens "
        "between the calls that could change the answer (no wait, no other tool such as a modem or "
        "heartbeat check). One re-check after an empty result is defensible; the 3rd identical call at "
        f"step {calls[2]} is the onset.",
    )


@loop("ferry-manifest-recheck-second-turn")
def ferry_manifest(sid: str) -> Trace:
    t = Trace(
        sid,
        "Ferry support agent: after the customer says the car was added in the app, it re-runs the same "
        "manifest search four times in the second turn and never re-reads the booking.",
        domain="coastal ferry operator customer service",
        language="nb",
        ids="anthropic",
        started="2026-06-11T16:02:44Z",
    )
    t.user(
        "Hei! Jeg har booking FJ-88213 på avgangen Halhjem–Sandvikvåg kl. 14.30 i morgen. Er bilen min (EL "
        "48213) registrert på avgangen?"
    )
    booking = ij(
        {
            "reference": "FJ-88213",
            "sailing": "HAL-SAN-20260612-1430",
            "passengers": 2,
            "vehicle": None,
            "status": "confirmed",
        }
    )
    t.act("Jeg slår opp bookingen først.", ("booking.lookup", {"reference": "FJ-88213"}, booking))
    search = {"sailing": "HAL-SAN-20260612-1430", "plate": "EL48213"}
    empty = ij({"sailing": "HAL-SAN-20260612-1430", "plate": "EL48213", "matches": []})
    first = t.act(
        "Bookingen har ingen bil. Jeg sjekker manifestet for avgangen også.",
        ("manifest.vehicle_search", search, empty),
    )
    t.say(
        "Bilen din står verken på bookingen eller i manifestet for avgangen 14.30. Du kan legge den til i "
        "appen under «Mine reiser» → «Endre kjøretøy»."
    )
    t.user("Nå har jeg lagt den til i appen. Kan du sjekke igjen?")
    turn = [t.act("Jeg sjekker manifestet på nytt.", ("manifest.vehicle_search", search, empty))]
    turn.append(
        t.act("Fortsatt ingen treff. Jeg prøver en gang til.", ("manifest.vehicle_search", search, empty))
    )
    turn.append(t.act("Jeg søker i manifestet igjen.", ("manifest.vehicle_search", search, empty)))
    turn.append(t.act("Et nytt søk i manifestet:", ("manifest.vehicle_search", search, empty)))
    t.say("Beklager, jeg finner fortsatt ikke bilen din på avgangen. Prøv å logge ut og inn i appen.")
    return t.loop(
        ["identical_call"],
        turn[2],
        f"The manifest search at step {first} belongs to the first user turn and does not count. In the "
        f"second turn the user asks for a re-check, so step {turn[0]} is a fair 1st call; steps {turn[1]}, "
        f"{turn[2]} and {turn[3]} repeat the byte-identical search with the same empty result and never "
        "re-read the booking (where an app change would show first). Counting from the turn's user "
        f"message, the 3rd identical call is step {turn[2]}, the onset; a detector counting across turns "
        "would fire one step early.",
    )


@loop("cinema-kdm-lookup-after-batch")
def cinema_kdm(sid: str) -> Trace:
    t = Trace(
        sid,
        "Cinema booth agent checks shows and KDM keys in one parallel batch, then repeats the same empty "
        "key look-up three more times.",
        domain="cinema exhibition (DCP and KDM management)",
        language="es",
        ids="gemini",
        started="2026-05-14T18:20:00Z",
    )
    t.user(
        "Mañana tenemos la preventa de «La última marea» en la Sala 3. ¿Está cargada la KDM para el "
        "servidor de esa sala?"
    )
    shows = sj(
        {
            "screen": "SALA-3",
            "date": "2026-05-15",
            "shows": [
                {
                    "time": "19:30",
                    "cpl": "LaUltimaMarea_FTR-1_F_ES-XX_51_2K_20260401_SMPTE_OV",
                    "status": "scheduled",
                },
                {
                    "time": "22:15",
                    "cpl": "LaUltimaMarea_FTR-1_F_ES-XX_51_2K_20260401_SMPTE_OV",
                    "status": "scheduled",
                },
            ],
        }
    )
    keys = {"title": "LaUltimaMarea_FTR-1_F_ES-XX_51_2K_20260401_SMPTE_OV", "screen": "SALA-3"}
    empty = sj({"screen": "SALA-3", "server_serial": "IMB-S2-418822", "keys": []})
    calls = [
        t.act(
            "Consulto a la vez la programación de la sala y el almacén de claves.",
            ("tms__list_shows", {"screen": "SALA-3", "date": "2026-05-15"}, shows),
            ("kdm__find_keys", keys, empty),
            order=[1, 0],
        )
    ]
    calls.append(
        t.act(
            "No aparece ninguna KDM. Vuelvo a consultar el almacén de claves.",
            ("kdm__find_keys", keys, empty),
        )
    )
    calls.append(t.act("Sigue vacío; lo consulto otra vez.", ("kdm__find_keys", keys, empty)))
    calls.append(t.act("Repito la búsqueda de la clave.", ("kdm__find_keys", keys, empty)))
    t.say(
        "No encuentro ninguna KDM para «La última marea» en la Sala 3. Habría que pedirla a la "
        "distribuidora antes de mañana."
    )
    return t.loop(
        ["identical_call"],
        calls[2],
        f"kdm__find_keys is first issued inside the parallel batch of step {calls[0]} (that counts as the "
        f"1st call) and repeated byte-identically at steps {calls[1]}, {calls[2]} and {calls[3]}, always "
        "with the same empty key list; no inbox import or distributor request happens in between. The 3rd "
        f"identical call, step {calls[2]}, is the onset.",
    )


@loop("glacier-fetch-javascript-wall")
def glacier_fetch(sid: str) -> Trace:
    t = Trace(
        sid,
        "Research agent keeps fetching the same JavaScript-only data page for a glacier's mass balance "
        "instead of opening the other sources its search returned.",
        domain="glacier mass-balance monitoring research",
        language="en",
        ids="responses",
        started="2026-03-02T09:15:31Z",
    )
    t.user("Find the most recent published annual mass balance for Hintereisferner and cite the source.")
    results = cj(
        {
            "results": [
                {
                    "title": "Fluctuations of Glaciers Browser – Hintereisferner",
                    "url": "https://wgms.ch/data-exploration/?glacier=491",
                },
                {
                    "title": "Hintereisferner mass balance series – Universität Innsbruck",
                    "url": "https://www.uibk.ac.at/acinn/research/ice-and-climate/hef-mass-balance.html",
                },
                {
                    "title": "Record mass loss on Austrian glaciers (press release)",
                    "url": "https://www.oeaw.ac.at/news/gletscherbericht-2025",
                },
            ]
        }
    )
    t.act("", ("web_search", {"query": "Hintereisferner annual mass balance latest"}, results))
    page = (
        '<!doctype html><html><head><title>FoG Browser</title></head><body><div id="root"></div>'
        "<noscript>This application requires JavaScript to run. Please enable JavaScript in your browser."
        '</noscript><script src="/static/js/main.7c1e.js"></script></body></html>'
    )
    url = {"url": "https://wgms.ch/data-exploration/?glacier=491"}
    calls = [t.act("The WGMS browser should have the official series. Opening it.", ("fetch_url", url, page))]
    calls.append(t.act("The page body was empty; fetching it again.", ("fetch_url", url, page)))
    calls.append(t.act("Retrying the WGMS page.", ("fetch_url", url, page)))
    calls.append(t.act("One more attempt at the data page.", ("fetch_url", url, page)))
    t.say(
        "I couldn't read the mass-balance value: the WGMS data browser only renders with JavaScript. The "
        "series is maintained by the University of Innsbruck if you want to check it manually."
    )
    return t.loop(
        ["identical_call"],
        calls[2],
        f"fetch_url on the same WGMS address at steps {calls[0]}, {calls[1]}, {calls[2]} and {calls[3]} "
        "returns the same JavaScript-only shell (no data, no error flag); the search at step 1 offered an "
        "Innsbruck page and a press release that were never opened. One re-fetch is defensible; the 3rd "
        f"identical fetch at step {calls[2]} is the onset.",
    )


# --- frozen polls -----------------------------------------------------------------------------------


@loop("sawmill-kiln-frozen-poll")
def sawmill_kiln(sid: str) -> Trace:
    t = Trace(
        sid,
        "Sawmill agent polls a kiln-drying cycle whose status freezes (same progress, same moisture, same "
        "update time) and keeps waiting and polling.",
        domain="sawmill kiln drying",
        language="fi",
        ids="bedrock",
        started="2026-06-11T06:55:00Z",
    )
    t.user("Seuraa kuivaamo 2:n ajoa (erä K2-0611) ja ilmoita, kun puun kosteus on alle 18 %.")
    args = {"kilnId": "K2", "batch": "K2-0611"}

    def status(progress: int, mc: float, at: str) -> str:
        return cj(
            {
                "kilnId": "K2",
                "batch": "K2-0611",
                "phase": "drying",
                "progress": progress,
                "mcPercent": mc,
                "updatedAt": at,
            }
        )

    wait = ("waitSeconds", {"seconds": 600}, "waited 600 s")
    t.act("Haen ajon tilan.", ("getKilnCycle", args, status(41, 24.8, "2026-06-11T10:02:00Z")))
    t.act("Kosteus 24,8 %. Odotan kymmenen minuuttia.", wait)
    t.act("Tarkistan tilan.", ("getKilnCycle", args, status(58, 21.1, "2026-06-11T10:12:05Z")))
    t.act("Kuivuminen etenee. Odotan taas.", wait)
    frozen = status(63, 19.9, "2026-06-11T10:21:40Z")
    polls = [t.act("Tarkistan tilan.", ("getKilnCycle", args, frozen))]
    t.act("19,9 %, lähellä rajaa. Odotan vielä.", wait)
    polls.append(t.act("Tarkistan tilan.", ("getKilnCycle", args, frozen)))
    t.act("Ei muutosta. Odotan.", wait)
    polls.append(t.act("Tarkistan tilan uudelleen.", ("getKilnCycle", args, frozen)))
    t.act("Odotan vielä kymmenen minuuttia.", wait)
    polls.append(t.act("Tarkistan tilan.", ("getKilnCycle", args, frozen)))
    t.say("Kosteus on edelleen 19,9 %. Ajo ei ole vielä tavoitteessa; jatkan seurantaa myöhemmin.")
    return t.loop(
        ["identical_call"],
        polls[2],
        f"From step {polls[0]} on, getKilnCycle returns a frozen status: progress 63, moisture 19.9 % and "
        f"the same updatedAt 10:21:40 at steps {polls[0]}, {polls[1]}, {polls[2]} and {polls[3]}, although "
        "ten minutes pass between polls; the controller has stopped reporting and the agent never notices "
        "the stale timestamp. The first call that returned it counts as the 1st, waits do not reset the "
        f"count, so the 3rd poll returning the frozen status, step {polls[2]}, is the onset. The earlier "
        "polls (41 % and 58 %) were real progress.",
    )


@loop("ivf-timelapse-job-stuck-in-queue")
def ivf_timelapse(sid: str) -> Trace:
    t = Trace(
        sid,
        "Embryology lab agent polls a time-lapse annotation job that stays at queue position 3, back to "
        "back.",
        domain="IVF embryology laboratory",
        language="ja",
        ids="openai",
        started="2026-06-11T00:12:00Z",
    )
    t.user(
        "タイムラプスのアノテーションジョブ TL-20260611-07 が終わったら、胚 E1〜E6 の KID "
        "スコアをまとめてください。"
    )
    queued = (
        "job_id: TL-20260611-07\nstate: queued\nqueue_position: 3\nworker: null\nsubmitted_at: "
        "2026-06-11T08:40:00+09:00\n"
    )
    args = {"job_id": "TL-20260611-07"}
    polls = [t.act("ジョブの状態を確認します。", ("timelapse.job_status", args, queued))]
    polls.append(t.act("まだキュー待ちです。もう一度確認します。", ("timelapse.job_status", args, queued)))
    polls.append(t.act("状態を再確認します。", ("timelapse.job_status", args, queued)))
    polls.append(t.act("もう一度ジョブの状態を見ます。", ("timelapse.job_status", args, queued)))
    polls.append(t.act("再度確認します。", ("timelapse.job_status", args, queued)))
    t.say("ジョブはキュー位置 3 のまま進んでいません。KID スコアはまだ出せません。")
    return t.loop(
        ["identical_call"],
        polls[2],
        f"timelapse.job_status is polled back to back at steps {', '.join(map(str, polls))} and returns the "
        "byte-identical YAML every time (queued, position 3, no worker, same submitted_at): the queue is "
        "not moving and nothing else is tried (no worker or queue check, no escalation). The first poll "
        f"returning it counts as the 1st, so the 3rd, step {polls[2]}, is the onset.",
    )


# --- trivially varied arguments -------------------------------------------------------------------


@loop("coin-catalogue-case-variants")
def coin_catalogue(sid: str) -> Trace:
    t = Trace(
        sid,
        "Coin dealer's agent re-runs a catalogue search with case and whitespace variants of one query, "
        "zero hits each time, ignoring the tool's hint to filter by mint.",
        domain="numismatics dealer (coin grading and pricing)",
        language="it",
        ids="mistral",
        started="2026-04-08T10:05:12Z",
    )
    t.user(
        "Un cliente ci porta una 1 lira 1863 di Vittorio Emanuele II, zecca di Napoli. Trovami la "
        "quotazione nel catalogo."
    )
    queries = [
        "1 lira 1863 Napoli",
        "1 Lira 1863 Napoli",
        "lira 1863 napoli ",
        "1 lira 1863  Napoli",
        "1 LIRA 1863 NAPOLI",
    ]
    texts = [
        "Cerco la moneta nel catalogo.",
        "Nessun risultato. Riprovo con la maiuscola.",
        "Ancora niente; provo senza il valore.",
        "Riprovo la ricerca.",
        "Provo tutto in maiuscolo.",
    ]
    steps = []
    for text, q in zip(texts, queries, strict=True):
        body = (
            f"0 risultati per «{q}».\nSuggerimento: le monete del Regno d'Italia sono indicizzate per zecca "
            "(N = Napoli, M = Milano, T = Torino) e anno; usa i filtri zecca/anno."
        )
        steps.append(t.act(text, ("catalog_search", {"query": q}, body)))
    t.say("Non riesco a trovare la 1 lira 1863 di Napoli nel catalogo. Forse non è ancora stata inserita.")
    return t.loop(
        ["same_tool"],
        steps[3],
        f"catalog_search runs five times (steps {steps[0]}-{steps[4]}) with the same query in different "
        "case and spacing; every result is '0 risultati' with the same hint to use the mint/year filters, "
        f"which the agent never does. The variants are trivial, so the 4th attempt, step {steps[3]}, is the "
        "onset.",
    )


@loop("olive-lot-id-variants-failing")
def olive_lot(sid: str) -> Trace:
    t = Trace(
        sid,
        "Olive-mill agent retries an acidity look-up with spelling variants of a lot id; every call fails "
        "with the same lot-not-found error.",
        domain="olive oil mill laboratory",
        language="el",
        ids="plain",
        started="2026-11-03T15:22:00Z",
    )
    t.user("Βρες μου την οξύτητα της παρτίδας L-2611-03 (σημερινή έκθλιψη), θέλω να τη βάλω στο δελτίο.")
    variants = ["L-2611-03", "l-2611-03", "L2611-03", "L-2611-3", "2611-03"]
    texts = [
        "Ψάχνω την παρτίδα στο εργαστήριο.",
        "Δεν βρέθηκε. Δοκιμάζω με πεζά.",
        "Δοκιμάζω χωρίς την παύλα.",
        "Ίσως χωρίς το μηδενικό.",
        "Δοκιμάζω μόνο τον αριθμό.",
    ]
    steps = []
    for text, lot in zip(texts, variants, strict=True):
        err = f"LotNotFound: no lab sample registered for lot '{lot}' (lab.acidity)"
        steps.append(t.act(text, ("lab.acidity", {"lot": lot}, err, True)))
    t.say("Δεν μπορώ να βρω την παρτίδα στο σύστημα του εργαστηρίου.")
    return t.loop(
        ["same_tool", "error_streak"],
        steps[3],
        "lab.acidity is retried with trivial spellings of one lot id (case, dash, a dropped zero) at steps "
        f"{', '.join(map(str, steps))}; each fails with the same LotNotFound error, and the agent never "
        "lists today's samples to see whether the sample was registered at all. The 4th attempt and the "
        f"4th failure fall on the same step, step {steps[3]}, the onset.",
    )


@loop("tyre-hotel-plate-variants")
def tyre_plate(sid: str) -> Trace:
    t = Trace(
        sid,
        "Tyre-hotel counter agent searches stored wheel sets by one plate written four ways; the tool "
        "normalises them all to the same empty result.",
        domain="tyre storage (tyre hotel) and fitting shop",
        language="en",
        ids="named",
        started="2026-10-27T08:31:55Z",
    )
    t.user("Customer's at the counter to collect the winter set. Plate GX-812-T. Which rack is it in?")
    plates = ["GX-812-T", "gx812t", "GX 812 T", "GX-812-t"]
    texts = [
        "Looking the plate up in storage.",
        "Nothing found; trying it without dashes, lowercase.",
        "Trying with spaces instead.",
        "Maybe the last letter was stored lowercase.",
    ]
    body = cj(
        {
            "query_normalized": "GX812T",
            "results": [],
            "hint": "no stored set for this plate; search by customer name or storage ticket number",
        }
    )
    steps = [
        t.act(text, ("findStoredSet", {"plate": p}, body)) for text, p in zip(texts, plates, strict=True)
    ]
    t.say("I can't find a stored set for GX-812-T. Could you ask the customer for the storage ticket?")
    return t.loop(
        ["same_tool"],
        steps[3],
        f"findStoredSet runs at steps {', '.join(map(str, steps))} with the same plate in four spellings; "
        "the tool echoes the same normalised query GX812T and the same empty result and hint (search by "
        f"name or ticket) every time. Nothing new comes back, so the 4th attempt, step {steps[3]}, is the "
        "onset.",
    )


# --- paraphrased searches with overlapping results ------------------------------------------------


@loop("volcano-so2-paraphrased-search")
def volcano_search(sid: str) -> Trace:
    t = Trace(
        sid,
        "Volcano-observatory research agent paraphrases one SO2-flux search five times and gets the same "
        "reports back without opening any.",
        domain="volcano observatory (gas monitoring)",
        language="id",
        ids="responses",
        started="2026-06-10T02:40:00Z",
    )
    t.user("Cari data fluks SO2 Gunung Merapi untuk minggu lalu (pengukuran DOAS), dari sumber resmi.")
    base = [
        {
            "title": "Laporan Aktivitas Gunung Merapi 29 Mei – 4 Juni 2026",
            "url": "https://www.bpptkg.esdm.go.id/laporan/mingguan/2026-06-05",
        },
        {
            "title": "MAGMA Indonesia – Merapi, evaluasi mingguan",
            "url": "https://magma.esdm.go.id/v1/gunung-api/laporan/merapi",
        },
        {
            "title": "Merapi masih Siaga, guguran lava ke barat daya",
            "url": "https://regional.kompas.com/read/2026/06/06/merapi-siaga",
        },
    ]
    extra = {
        "title": "Merapi Siaga: BPPTKG catat 112 guguran",
        "url": "https://jogja.tribunnews.com/2026/06/05/merapi",
    }
    queries = [
        "fluks SO2 Merapi minggu lalu DOAS",
        "emisi SO2 Gunung Merapi DOAS Juni 2026",
        "Merapi sulfur dioxide flux DOAS June 2026",
        "data SO2 Merapi BPPTKG pekan lalu",
        "laporan fluks gas Merapi terbaru",
    ]
    orders = [[0, 1, 2], [1, 0, 2], [0, 2, 1], [0, 1, 2], [1, 2, 0]]
    texts = [
        "Saya cari laporannya.",
        "Hasilnya belum menyebut angka. Saya ubah kata kuncinya.",
        "Coba dalam bahasa Inggris.",
        "Saya coba sebut BPPTKG langsung.",
        "Satu kali lagi dengan kata kunci lain.",
    ]
    steps = []
    for i, (text, q, order) in enumerate(zip(texts, queries, orders, strict=True)):
        res = [base[j] for j in order] + ([extra] if i in (1, 3) else [])
        steps.append(t.act(text, ("web_search", {"query": q}, cj({"query": q, "results": res}))))
    t.say("Saya belum menemukan angka fluks SO2 minggu lalu; laporan mingguan BPPTKG kemungkinan memuatnya.")
    return t.loop(
        ["same_tool"],
        steps[3],
        f"Five paraphrases of one query (steps {', '.join(map(str, steps))}) return the same three official "
        "and news pages in shuffled order, twice plus one near-duplicate news item; the weekly BPPTKG "
        "report that should hold the number is never opened. The 4th attempt at the same search, step "
        f"{steps[3]}, is the onset.",
    )


@loop("pest-policy-paraphrased-search")
def pest_policy(sid: str) -> Trace:
    t = Trace(
        sid,
        "Pest-control support agent rephrases a policy search five times and gets the same two articles, "
        "never opening them.",
        domain="pest control services",
        language="ko",
        ids="anthropic",
        started="2026-05-20T01:10:00Z",
    )
    t.user(
        "어린이집 바로 옆 음식점에서 쥐 방제 요청이 왔어요. 건물 외부에 살서제 미끼상자를 설치해도 되는지 "
        "회사 정책을 확인해 주세요."
    )
    rows = [
        ["PC-114", "외부 미끼상자(살서제) 설치 기준", "2025-11-03"],
        ["PC-090", "민감 시설 인접 현장 안전수칙", "2026-02-17"],
    ]
    queries = [
        "어린이집 인근 살서제 미끼상자 설치",
        "보육시설 근처 쥐약 사용 규정",
        "민감시설 살서제 제한",
        "어린이집 쥐 방제 정책",
        "어린이집 인접 외부 미끼 설치 가능 여부",
    ]
    texts = [
        "정책 문서를 검색해 보겠습니다.",
        "다른 표현으로 다시 검색하겠습니다.",
        "'민감시설'이라는 용어로 찾아보겠습니다.",
        "좀 더 넓게 검색해 보겠습니다.",
        "마지막으로 한 번 더 검색하겠습니다.",
    ]
    steps = []
    for i, (text, q) in enumerate(zip(texts, queries, strict=True)):
        table = md(["문서", "제목", "개정일"], rows if i % 2 == 0 else rows[::-1])
        steps.append(t.act(text, ("policy__search", {"query": q}, f"검색 결과 2건\n\n{table}")))
    t.say(
        "정책에서 어린이집 인접 설치에 대한 명확한 조항을 찾지 못했습니다. 팀장님께 확인해 보시는 게 "
        "좋겠습니다."
    )
    return t.loop(
        ["same_tool"],
        steps[3],
        f"policy__search is called with five rephrasings (steps {', '.join(map(str, steps))}) and returns "
        "the same two documents PC-114 and PC-090 each time (only their order changes); the agent never "
        f"opens either (policy__get), which is where the answer would be. The 4th attempt, step {steps[3]}, "
        "is the onset.",
    )


@loop("sleep-lab-hypopnea-paraphrased-search")
def sleep_hypopnea(sid: str) -> Trace:
    t = Trace(
        sid,
        "Sleep-lab agent searches the scoring guidelines with paraphrases in two languages and keeps "
        "getting the same rule entries.",
        domain="sleep laboratory (polysomnography scoring)",
        language="he",
        ids="gemini",
        started="2026-02-23T07:48:00Z",
    )
    t.user(
        "בבדיקת ה-PSG של מטופל 4471 הטכנאי סימן היפופניאות לפי קריטריון 4%. תבדוק בהנחיות איזה כלל חל "
        "אצלנו ב-2026: 3% או 4%?"
    )
    hits = [
        {
            "id": "AASM-3.0-HYP-1A",
            "title": "Hypopnea rule 1A (recommended): ≥30% drop, ≥3% desaturation or arousal",
            "score": 0.83,
        },
        {"id": "LAB-SOP-12", "title": "Lab SOP 12: scoring respiratory events (rev. 2024-09)", "score": 0.79},
        {"id": "AASM-3.0-HYP-1B", "title": "Hypopnea rule 1B (acceptable): ≥4% desaturation", "score": 0.74},
    ]
    queries = [
        "hypopnea 3% 4% rule",
        "hypopnea desaturation criterion 3 percent versus 4 percent",
        "כלל היפופניאה 3% או 4%",
        "scoring hypopnea 4% rule 1B",
        "איזה קריטריון היפופניאה במעבדה שלנו",
    ]
    texts = ["אחפש בהנחיות.", "אנסה ניסוח אחר.", "אחפש בעברית.", "אחפש את כלל 1B במפורש.", "עוד ניסוח אחד."]
    steps = []
    for i, (text, q) in enumerate(zip(texts, queries, strict=True)):
        res = hits if i % 2 == 0 else [hits[1], hits[0], hits[2]]
        steps.append(t.act(text, ("guidelines.search", {"q": q}, sj({"q": q, "results": res}))))
    t.say("לא מצאתי תשובה חד-משמעית בחיפוש. ייתכן שכדאי לשאול את המנהלת הרפואית של המעבדה.")
    return t.loop(
        ["same_tool"],
        steps[3],
        f"guidelines.search is rephrased five times (steps {', '.join(map(str, steps))}), in English and "
        "Hebrew, and always returns the same three entries, among them the lab's own SOP 12 that settles "
        f"the question; the agent never opens it. The 4th attempt at the same search, step {steps[3]}, is "
        "the onset.",
    )


@loop("circus-permit-paraphrased-search")
def circus_permit(sid: str) -> Trace:
    t = Trace(
        sid,
        "Touring-circus logistics agent paraphrases a permit search four times and answers vaguely without "
        "opening any result.",
        domain="touring circus logistics",
        language="en",
        ids="openai",
        started="2026-05-02T13:00:00Z",
    )
    t.user(
        "We're putting up the big top in Lyon (Parc de Parilly) from 12 to 20 September. Find out what "
        "permit the city requires for a temporary chapiteau and who we should contact."
    )
    r1 = "1. Chapiteaux, tentes et structures (CTS) – sécurité incendie – service-public.fr\n   https://www.service-public.fr/professionnels-entreprises/vosdroits/F32400"
    r2 = "2. Occupation temporaire du domaine public – Ville de Lyon\n   https://www.lyon.fr/demarche/occupation-temporaire-du-domaine-public"
    r3 = "3. Le cirque revient à Parilly (Le Progrès, 2019)\n   https://www.leprogres.fr/rhone/2019/09/04/le-cirque-revient-a-parilly"
    r4 = "4. Parc de Parilly – Métropole de Lyon (événements)\n   https://www.grandlyon.com/services/parc-de-parilly"
    queries = [
        "Lyon temporary circus tent permit",
        "Lyon chapiteau autorisation temporaire",
        "permit big top Lyon Parc de Parilly",
        "Lyon city hall temporary structure circus authorization",
    ]
    bodies = [f"{r1}\n{r2}\n{r3}", f"{r2}\n{r1}\n{r3}", f"{r4}\n{r1}\n{r3}", f"{r1}\n{r2}\n{r4}"]
    texts = ["Searching.", "Trying the French term.", "Adding the venue.", "Rephrasing once more."]
    steps = [
        t.act(text, ("web_search", {"q": q}, body))
        for text, q, body in zip(texts, queries, bodies, strict=True)
    ]
    t.say(
        "You will likely need a temporary occupation permit from the city and a CTS safety check. I'd "
        "contact the Ville de Lyon events office."
    )
    return t.loop(
        ["same_tool"],
        steps[3],
        f"Four paraphrases of the same question (steps {', '.join(map(str, steps))}) return overlapping "
        "result lists built from the same four pages (CTS rules, the city's public-domain form, the park "
        "page, an old news item); none is opened, and the answer stays a guess. The 4th attempt, step "
        f"{steps[3]}, is the onset.",
    )
