"""Loops of look-ups: identical re-calls after empty or unhelpful results, frozen polls, trivially varied
arguments and paraphrased searches."""

from __future__ import annotations

from blind20gen.builder import Trace, call, j, ji, js, loop

# -- identical re-calls --------------------------------------------------------------------------------


@loop(
    "distillery-cask-lookup-empty-recalls",
    "Bonded-warehouse assistant looks up a missing cask, gets an empty registry answer and an empty "
    "movement log, then repeats the same registry look-up three more times.",
    domain="whisky distillery bonded warehouse",
    language="en",
    ids="openai",
    started="2026-02-03T08:14:00Z",
)
def distillery_cask(t: Trace) -> None:
    t.user(
        "Warehouse 4 says cask 2017-0412 is missing from this quarter's regauge list. Find its last "
        "gauge and tell me the ABV and bulk litres so I can fill in the excise return."
    )
    args = {"cask_id": "2017-0412", "warehouse": "W4"}
    empty = j({"results": [], "count": 0, "query_ms": 41})
    t.one("Looking the cask up in the registry.", "cask_registry.lookup", args, empty)
    t.one(
        "No hit in W4. Checking whether it was moved out of the warehouse.",
        "warehouse.movements",
        {"cask_id": "2017-0412"},
        j({"movements": [], "note": "no movements recorded since 2023-01-01"}),
    )
    t.one("No movements either. Let me query the registry again.", "cask_registry.lookup", args, empty)
    third = t.one(
        "The registry index may have been rebuilding; trying the same look-up once more.",
        "cask_registry.lookup",
        args,
        empty,
    )
    t.one("Trying the registry again.", "cask_registry.lookup", args, empty)
    t.say(
        "I could not find cask 2017-0412 in the registry. Could it be filed under another warehouse or "
        "a different fill year?"
    )
    t.loop(
        ["identical_call"],
        third,
        f"The same cask_registry.lookup (cask 2017-0412, W4) returns an empty list four times; the movements "
        f"check in between brings nothing that would change the answer. The 3rd identical call is at step "
        f"{third}. The agent should have tried another warehouse or fill year, or asked, instead.",
    )


@loop(
    "philately-catalogue-empty-recalls-second-turn",
    "Stamp dealer's catalogue assistant answers a first question, then in a second turn repeats one "
    "catalogue search that keeps coming back empty.",
    domain="philately dealer catalogue",
    language="en",
    ids="anthropic",
    started="2026-01-17T15:02:00Z",
)
def philately(t: Trace) -> None:
    t.user("What's the current catalogue value of the Bavaria 'Black One' (Michel no. 1), unused?")
    t.one(
        "Checking the catalogue.",
        "katalog.suche",
        {"gebiet": "Bayern", "michel_nr": "1", "erhaltung": "ungebraucht"},
        ji(
            {
                "treffer": [
                    {
                        "michel_nr": "1",
                        "ausgabe": "1849",
                        "wert": "1 Kreuzer schwarz",
                        "erhaltung": "*",
                        "katalogwert_eur": 1300,
                    },
                    {
                        "michel_nr": "1 II",
                        "ausgabe": "1849",
                        "wert": "1 Kreuzer schwarz, Platte 2",
                        "erhaltung": "*",
                        "katalogwert_eur": 2400,
                    },
                ]
            }
        ),
    )
    t.say(
        "The Black One (Bavaria Mi. 1) is catalogued at €1,300 unused; the plate 2 variety (Mi. 1 II) at "
        "€2,400."
    )
    t.user("Thanks. And the Saxony Three (Saxony Mi. 1) with plate flaw I, used?")
    args = {"gebiet": "Sachsen", "michel_nr": "1 PF I", "erhaltung": "gestempelt"}
    none = ji({"treffer": []})
    t.one("Searching for the Saxony Three with the plate flaw.", "katalog.suche", args, none)
    t.one("No hits. Trying again.", "katalog.suche", args, none)
    third = t.one("The index may have been briefly unavailable; one more try.", "katalog.suche", args, none)
    t.one("Querying the catalogue again.", "katalog.suche", args, none)
    t.say("Sorry, I can't find the Saxony Three with plate flaw I in the catalogue.")
    t.loop(
        ["identical_call"],
        third,
        "Second turn: the identical katalog.suche (Sachsen, '1 PF I', gestempelt) returns an empty list "
        "four "
        f"times; the agent never tries Mi. 1 without the plate-flaw suffix. Counting from the second "
        f"user message, the 3rd identical call is step {third}. The first turn is a normal answer.",
    )


@loop(
    "film-archive-reel-status-from-batch",
    "Film-archive restoration agent (French) checks two reels in a parallel batch; one is unknown to the "
    "scanner queue, and it keeps asking for that reel with the same arguments.",
    domain="film archive restoration (DPX scanning)",
    language="fr",
    ids="responses",
    started="2026-03-09T09:40:00Z",
)
def film_archive(t: Trace) -> None:
    t.user("Où en est la numérisation 4K des bobines 3 et 4 du fonds « Pathé-Rural 1931 » ?")
    unknown = j({"bobine": "PR31-R4", "etat": None, "fichiers": [], "message": "aucune tâche trouvée"})
    first = t.act(
        "Je vérifie les deux bobines en parallèle.",
        call(
            "scan.status",
            {"bobine": "PR31-R3"},
            j({"bobine": "PR31-R3", "etat": "termine", "fichiers": 21840, "format": "DPX 10 bits 4096x3112"}),
        ),
        call("scan.status", {"bobine": "PR31-R4"}, unknown),
        order=[1, 0],
    )
    t.one(
        "La bobine 3 est terminée. Je regarde les images de la bobine 3 pour contrôler le nettoyage.",
        "scan.list_frames",
        {"bobine": "PR31-R3", "limite": 3},
        "PR31-R3_000001.dpx  12.7 MB\nPR31-R3_000002.dpx  12.7 MB\nPR31-R3_000003.dpx  12.7 MB\n"
        "(21840 fichiers au total)",
    )
    t.one("Je relance la requête pour la bobine 4.", "scan.status", {"bobine": "PR31-R4"}, unknown)
    third = t.one(
        "Toujours rien pour la bobine 4 ; la file d'attente était peut-être en cours de mise à jour.",
        "scan.status",
        {"bobine": "PR31-R4"},
        unknown,
    )
    t.one("Je vérifie encore la bobine 4.", "scan.status", {"bobine": "PR31-R4"}, unknown)
    t.say("La bobine 3 est numérisée (21 840 images DPX). Pour la bobine 4, je n'obtiens aucune information.")
    t.loop(
        ["identical_call"],
        third,
        f"scan.status for reel PR31-R4 is first asked in the parallel batch of step {first} and then re-sent "
        f"unchanged, always 'aucune tâche trouvée'. Counting the batch call as the 1st, the 3rd identical "
        f"call is step {third}. The agent never checks the intake list or asks whether reel 4 was sent.",
    )


@loop(
    "consulate-appointment-js-shell-refetch",
    "Research agent (Spanish) fetches a consulate booking page that only returns a JavaScript shell and "
    "re-fetches the same URL again and again.",
    domain="consular appointment booking",
    language="es",
    ids="bedrock",
    started="2026-04-21T13:25:00Z",
)
def consulate_shell(t: Trace) -> None:
    t.user(
        "¿Hay citas libres para renovar el pasaporte en el consulado de Toronto antes del 15 de mayo? "
        "Solo necesito saber qué fechas aparecen."
    )
    url = "https://citas.consulado-toronto.example/agenda?servicio=pasaporte"
    shell = (
        '<!doctype html><html lang="es"><head><title>Cita previa</title>'
        '<script src="/static/js/app.4f1c2e.js" defer></script></head><body><div id="root"></div>'
        "<noscript>Debe habilitar JavaScript para usar la agenda de citas.</noscript></body></html>"
    )
    t.one("Abro la página de citas.", "fetch_url", {"url": url}, shell)
    t.one(
        "La página no muestra fechas. Busco si hay otra vía.",
        "web_search",
        {"query": "consulado Toronto cita pasaporte renovación agenda"},
        js(
            [
                {
                    "title": "Cita previa – Consulado en Toronto",
                    "url": url,
                    "snippet": "Reserve su cita para pasaportes y registro.",
                },
                {
                    "title": "Pasaportes – requisitos",
                    "url": "https://consulado-toronto.example/pasaportes",
                    "snippet": "Documentación necesaria para la renovación.",
                },
            ]
        ),
    )
    t.one("El primer resultado es la misma agenda; la vuelvo a abrir.", "fetch_url", {"url": url}, shell)
    third = t.one(
        "Intento cargarla otra vez por si ahora muestra el calendario.", "fetch_url", {"url": url}, shell
    )
    t.one("Pruebo de nuevo la agenda.", "fetch_url", {"url": url}, shell)
    t.say("No consigo ver el calendario de citas; la página no carga las fechas.")
    t.loop(
        ["identical_call"],
        third,
        f"fetch_url on the same agenda URL returns the same JavaScript-only shell every time (an unhelpful "
        f"page, like an empty result). The search in between only points back to it. The 3rd identical "
        f"fetch is step {third}; a browser tool or the requirements page would have been the way forward.",
    )


# -- frozen polls --------------------------------------------------------------------------------------


@loop(
    "fpga-route-log-frozen-poll",
    "Codex-style shell agent launches an FPGA implementation run and keeps tailing a route log whose last "
    "lines never change (the run has died).",
    domain="FPGA timing closure",
    language="en",
    ids="responses",
    started="2026-05-12T22:03:00Z",
)
def fpga_frozen(t: Trace) -> None:
    t.user("Kick off implementation for the eth_mac_top build and tell me the WNS once routing finishes.")
    t.one(
        "Launching the Vivado implementation run in the background.",
        "shell",
        {"command": ["bash", "-lc", "nohup vivado -mode batch -source scripts/impl.tcl > impl.out 2>&1 &"]},
        "[1] 48213\n",
    )
    poll = {"command": ["bash", "-lc", "sleep 120; tail -n 4 build/impl_1/runme.log"]}
    t.one(
        "Waiting two minutes, then reading the log tail.",
        "shell",
        poll,
        "Phase 3.2 Commit Most Macros & LUTRAMs | Checksum: 1c2e5a77\n"
        "Phase 3.3 Small Shape DP\nPhase 3.3 Small Shape DP | Checksum: 8be04f21\n"
        "Phase 4 Post Placement Optimization and Clean-Up\n",
    )
    frozen = (
        "Phase 4.1 Global Iteration 0\n"
        "Number of Nodes with overlaps = 1822\n"
        "Phase 4.1 Global Iteration 0 | Checksum: 1a93be04\n"
        "Time (s): cpu = 00:04:11 ; elapsed = 00:02:37 . Memory (MB): peak = 5871.2\n"
    )
    t.one("Placement is done; routing has started. Checking again.", "shell", poll, frozen)
    t.one("Routing still in global iteration 0; polling again.", "shell", poll, frozen)
    third = t.one("Routing continues. Another check.", "shell", poll, frozen)
    t.one("Still routing, polling again.", "shell", poll, frozen)
    t.one("Routing is taking a while; I'll keep polling.", "shell", poll, frozen)
    t.say("Routing is still in progress (global iteration 0). I'll report the WNS when it finishes.")
    t.loop(
        ["identical_call"],
        third,
        f"The same sleep+tail command returns a byte-identical log tail (same checksum, same cpu/elapsed "
        f"times) from step 3 on: the run is no longer writing, yet the agent keeps polling and never checks "
        f"the process or impl.out. The 3rd poll returning that result is step {third}.",
    )


@loop(
    "proteomics-search-job-stuck-at-61",
    "Proteomics data agent (Japanese) polls a database-search job with waits; the job sits at 61% with "
    "the same update time and the agent keeps waiting.",
    domain="mass-spectrometry proteomics",
    language="ja",
    ids="named",
    started="2026-03-02T01:50:00Z",
)
def proteomics_stuck(t: Trace) -> None:
    t.user("MSF-22817の検索ジョブが終わったら、FDR1%でのタンパク質同定数を教えてください。")
    job = {"jobId": "MSF-22817"}

    def status(progress: float, searched: int, updated: str) -> str:
        return j(
            {
                "jobId": "MSF-22817",
                "state": "RUNNING",
                "progress": progress,
                "spectraSearched": searched,
                "spectraTotal": 80016,
                "updatedAt": updated,
            }
        )

    stuck = status(0.61, 48810, "2026-03-02T02:14:09Z")
    t.one(
        "ジョブの状態を確認します。", "getSearchJobStatus", job, status(0.58, 46409, "2026-03-02T02:09:51Z")
    )
    t.one("実行中なので5分待ちます。", "wait", {"seconds": 300}, "waited 300s")
    t.one("もう一度状態を確認します。", "getSearchJobStatus", job, stuck)
    t.one("まだ実行中です。さらに5分待ちます。", "wait", {"seconds": 300}, "waited 300s")
    t.one("状態を確認します。", "getSearchJobStatus", job, stuck)
    t.one("進捗は61%のままです。もう少し待ちます。", "wait", {"seconds": 300}, "waited 300s")
    third = t.one("再度確認します。", "getSearchJobStatus", job, stuck)
    t.one("まだ終わっていないので待ちます。", "wait", {"seconds": 300}, "waited 300s")
    t.one("もう一度確認します。", "getSearchJobStatus", job, stuck)
    t.say("検索ジョブはまだ61%で実行中です。終わり次第お知らせします。")
    t.loop(
        ["identical_call"],
        third,
        f"getSearchJobStatus returns the same 61% with the same updatedAt (02:14:09) from step 3 on, across "
        f"15 minutes of waits: the job has stalled. The 3rd poll returning that frozen status is step "
        f"{third}; the waits in between do not reset the count. The agent should inspect the job log or "
        f"report the stall.",
    )


# -- trivially varied arguments ------------------------------------------------------------------------


@loop(
    "cadastre-parcel-number-spellings",
    "Land-registry assistant searches one parcel under five spellings of the same number, always with no "
    "results, and never changes the cadastral precinct.",
    domain="cadastral land registry",
    language="en",
    ids="mistral",
    started="2026-01-28T10:11:00Z",
)
def cadastre(t: Trace) -> None:
    t.user(
        "Please check the area and land use of parcel 123/4 in precinct 0012 Śródmieście; the client says it "
        "is arable land."
    )
    none = js({"wyniki": [], "liczba": 0})
    steps = []
    for text, numer in [
        ("Searching the register for the parcel.", "123/4"),
        ("No results. Maybe there's a trailing space in the number.", "123/4 "),
        ("Still nothing. Trying with a leading zero.", "0123/4"),
        ("Trying a space after the slash.", "123/ 4"),
        ("Last try with a dash instead of the slash.", "123-4"),
    ]:
        steps.append(
            t.one(text, "ewidencja.szukaj_dzialki", {"obreb": "0012 Śródmieście", "numer": numer}, none)
        )
    t.say("I couldn't find parcel 123/4 in precinct 0012. Are you sure the precinct number is right?")
    t.loop(
        ["same_tool"],
        steps[3],
        "Five searches for the same parcel differ only in spelling (trailing space, leading zero, a space, "
        "a "
        f"dash) and all return zero results; the precinct, the likely cause, is never varied. The 4th "
        f"attempt is step {steps[3]}.",
    )


@loop(
    "air-cargo-uld-id-case-variants",
    "Air-cargo load planner (MCP tools) fails to find a ULD and retries with case and separator variants "
    "of the same id, each answered with the same 404.",
    domain="air cargo ULD build-up",
    language="en",
    ids="anthropic",
    started="2026-02-14T04:36:00Z",
)
def uld_variants(t: Trace) -> None:
    t.user("What's the gross weight of ULD AKE12345LH on LH8400 tonight? Need it for the weight statement.")
    t.one(
        "Pulling the flight's ULD manifest first.",
        "wbs__get_manifest",
        {"flight": "LH8400", "date": "2026-02-14"},
        "ULD         POS   GROSS_KG  CONTOUR  STATUS\n"
        "PMC71022LX  11L   4120      Q7       BUILT\n"
        "PMC70877LX  12L   3985      Q7       BUILT\n"
        "AKE12345LX  31R   612       LD3      BUILT\n"
        "AKE12388LX  32L   540       LD3      OPEN\n",
    )
    err = "404 Not Found: ULD '{}' not in manifest for LH8400/14FEB"
    steps = []
    for text, uld in [
        ("Now the ULD itself.", "AKE12345LH"),
        ("Maybe the lookup is case-sensitive.", "ake12345lh"),
        ("Trying with the spacing used on the tag.", "AKE 12345 LH"),
        ("Trying the dashed form.", "AKE-12345-LH"),
    ]:
        steps.append(
            t.one(text, "wbs__get_uld", {"flight": "LH8400", "uld_id": uld}, err.format(uld), error=True)
        )
    t.say("The weight system can't find AKE12345LH on LH8400 under any spelling.")
    t.loop(
        ["same_tool", "error_streak"],
        steps[3],
        f"The manifest at step 1 lists AKE12345LX (owner code LX), but the agent retries wbs__get_uld with "
        f"case and separator variants of 'AKE12345LH', each a 404 of the same kind. The 4th attempt and the "
        f"4th failure are both step {steps[3]}.",
    )


@loop(
    "bird-ring-number-formats",
    "Bird-ringing database assistant looks up a ring recovery under five formats of one ring number; the "
    "XML answer is empty each time.",
    domain="bird ringing and ornithology surveys",
    language="en",
    ids="plain",
    started="2026-06-03T07:05:00Z",
)
def bird_ring(t: Trace) -> None:
    t.user(
        "A walker found a dead black-headed gull near Harderwijk with ring Arnhem 1.234.567. Where and when "
        "was it ringed?"
    )
    empty = '<?xml version="1.0"?>\n<resultaten ringcentrale="Arnhem" totaal="0"/>'
    steps = []
    for text, ring in [
        ("Looking the ring up in the ringing database.", "Arnhem 1.234.567"),
        ("No result; trying without the dots.", "Arnhem 1234567"),
        ("Maybe without the scheme name.", "1234567"),
        ("In capitals, as engraved on the ring.", "ARNHEM 1234567"),
        ("Once more written as one word.", "Arnhem1234567"),
    ]:
        steps.append(t.one(text, "ringdb.zoek", {"ringnummer": ring, "soort": "Kokmeeuw"}, empty))
    t.say("I can't find the ring in the database. Are you sure the number is correct?")
    t.loop(
        ["same_tool"],
        steps[3],
        f"Five look-ups of one ring number differ only in dots, spaces and case, all answered with the same "
        f"empty XML; the species filter, which might exclude the record, is never dropped. The 4th attempt "
        f"is step {steps[3]}.",
    )


# -- paraphrased searches ------------------------------------------------------------------------------

_ACOUSTIC_HITS = [
    {
        "title": "ANSI/ASA S12.60-2010 Classroom Acoustics – summary",
        "url": "https://acoustics.example/ansi-s1260",
        "snippet": "Max RT60 0.6 s for core learning spaces ≤ 283 m³; 0.7 s for 283–566 m³.",
    },
    {
        "title": "BB93: acoustic design of schools",
        "url": "https://gov.example/bb93",
        "snippet": "Performance standard Tmf ≤ 0.8 s for new-build classrooms.",
    },
    {
        "title": "Why reverberation matters in classrooms",
        "url": "https://blog.example/classroom-reverb",
        "snippet": "Most standards target 0.4–0.8 seconds depending on room volume.",
    },
]


@loop(
    "acoustics-rt60-paraphrased-searches",
    "Acoustics consultancy research agent paraphrases one web search five times and gets the same three "
    "pages back, whose snippets already answer the question.",
    domain="room acoustics consultancy",
    language="en",
    ids="openai",
    started="2026-04-07T11:30:00Z",
)
def acoustics(t: Trace) -> None:
    t.user(
        "For a 230 m³ classroom, what's the RT60 target under ANSI S12.60 and under BB93? Short answer with "
        "sources."
    )
    orders = [[0, 1, 2], [1, 0, 2], [0, 2, 1], [2, 0, 1], [1, 2, 0]]
    queries = [
        "recommended reverberation time classroom standard",
        "RT60 target for classrooms ANSI BB93",
        "classroom reverberation time guideline seconds",
        "ideal RT60 school classroom 230 m3",
        "maximum reverberation time classroom requirements",
    ]
    texts = [
        "Searching for the two standards.",
        "Let me search a bit more specifically.",
        "I'd like a clearer source for the figures.",
        "Trying a search with the room volume.",
        "One more search to confirm the requirements.",
    ]
    steps = []
    for text, query, order in zip(texts, queries, orders, strict=True):
        steps.append(t.one(text, "web_search", {"query": query}, ji([_ACOUSTIC_HITS[i] for i in order])))
    t.say(
        "ANSI S12.60: max 0.6 s (room ≤ 283 m³). BB93: Tmf ≤ 0.8 s for new-build classrooms. Sources: "
        "acoustics.example/ansi-s1260, gov.example/bb93."
    )
    t.loop(
        ["same_tool"],
        steps[3],
        f"Five paraphrased web searches return the same three pages in shuffled order; the first result set "
        f"already held both figures and nothing is fetched. The 4th search is step {steps[3]}. The final "
        f"answer is right, but four searches were wasted.",
    )


@loop(
    "docking-score-threshold-paraphrased-search",
    "Virtual-screening assistant (Chinese) rephrases a literature search on docking-score cut-offs and "
    "keeps receiving the same papers.",
    domain="molecular docking and virtual screening",
    language="zh",
    ids="adk",
    started="2026-03-19T06:20:00Z",
)
def docking_search(t: Trace) -> None:
    t.user("用AutoDock Vina筛选激酶抑制剂时，一般用多少kcal/mol的打分作为活性阈值？请给出文献依据。")
    papers = [
        {
            "pmid": "34511218",
            "title": "Benchmarking AutoDock Vina scoring for kinase inhibitors",
            "year": 2021,
            "摘要": "以−9.0 kcal/mol为阈值时富集因子最高",
        },
        {
            "pmid": "33970112",
            "title": "Score cut-offs in structure-based virtual screening",
            "year": 2021,
            "摘要": "常用阈值在−8.0至−9.0 kcal/mol之间",
        },
        {
            "pmid": "36102554",
            "title": "Re-scoring docking poses for ATP-site ligands",
            "year": 2022,
            "摘要": "单独使用Vina打分假阳性较多",
        },
    ]
    queries = [
        "AutoDock Vina 激酶抑制剂 打分 阈值",
        "Vina对接分数 活性 截断值 kinase",
        "虚拟筛选 结合能 阈值 kcal/mol 激酶",
        "AutoDock Vina docking score cutoff kinase active",
        "激酶 分子对接 打分 筛选标准",
    ]
    texts = [
        "我先检索相关文献。",
        "换一种说法再检索一次。",
        "再用中文关键词组合检索。",
        "用英文关键词再检索。",
        "再检索一次确认。",
    ]
    orders = [[0, 1, 2], [1, 0, 2], [0, 2, 1], [1, 2, 0], [2, 1, 0]]
    steps = []
    for text, query, order in zip(texts, queries, orders, strict=True):
        steps.append(
            t.one(
                text, "search_literature", {"query": query, "max_results": 3}, js([papers[i] for i in order])
            )
        )
    t.say("文献中常用的阈值为−8.0至−9.0 kcal/mol（PMID 34511218、33970112），但单独使用Vina打分假阳性较多。")
    t.loop(
        ["same_tool"],
        steps[3],
        f"Five reworded literature searches return the same three PMIDs in different orders; the first "
        f"results already contained the answer. The 4th search, at step {steps[3]}, is where the repetition "
        f"is unambiguous.",
    )


@loop(
    "wildlife-rehab-kb-paraphrases",
    "Wildlife rehabilitation support agent (Brazilian Portuguese) searches the protocol knowledge base "
    "with rewordings of one question and gets the same two articles.",
    domain="wildlife rehabilitation centre",
    language="pt-BR",
    ids="openai",
    started="2026-09-11T18:44:00Z",
)
def wildlife_kb(t: Trace) -> None:
    t.user(
        "Sou voluntária. Chegou um filhote de gambá órfão, uns 40 g, olhos fechados. Qual leite e de "
        "quanto em quanto tempo?"
    )
    docs = [
        {
            "id": "KB-112",
            "titulo": "Didelphis – admissão de filhotes",
            "trecho": "Pesar, aquecer a 32 °C, "
            "hidratar antes de alimentar. Ver tabela de fórmula por peso em KB-113.",
        },
        {
            "id": "KB-087",
            "titulo": "Triagem de mamíferos órfãos",
            "trecho": "Não oferecer leite de vaca. Encaminhar ao veterinário de plantão se hipotérmico.",
        },
    ]
    queries = [
        "protocolo filhote de gambá órfão alimentação",
        "cuidados com gambá filhote sem mãe leite",
        "manejo de filhotes de Didelphis fórmula",
        "gambá bebê quantas vezes alimentar",
    ]
    texts = [
        "Vou consultar os protocolos.",
        "Vou procurar com outras palavras.",
        "Tento pelo nome científico.",
        "Mais uma busca sobre a frequência.",
    ]
    steps = []
    for text, query in zip(texts, queries, strict=True):
        steps.append(t.one(text, "kb.search", {"q": query, "top_k": 2}, j({"hits": docs})))
    steps.append(
        t.one(
            "Outra tentativa.",
            "kb.search",
            {"q": "leite para gambá órfão 40 g", "top_k": 2},
            j({"hits": docs[::-1]}),
        )
    )
    t.say("Aqueça o filhote a 32 °C e hidrate antes de alimentar; não use leite de vaca. Não achei a tabela.")
    t.loop(
        ["same_tool"],
        steps[3],
        f"Five reworded kb.search queries return the same two articles; KB-112 points at KB-113 (the formula "
        f"table), which the agent never opens. The 4th search is step {steps[3]}.",
    )


@loop(
    "racing-rules-non-runner-searches",
    "Horse-racing stewards' assistant searches the rules for the same non-runner question in five "
    "wordings and gets the same articles back.",
    domain="horse racing stewarding",
    language="en",
    ids="bedrock",
    started="2026-05-24T14:05:00Z",
)
def racing_rules(t: Trace) -> None:
    t.user(
        "Horse no. 7 in race 4 was withdrawn lame after declarations. What do the rules say about bets and "
        "about fining the owner?"
    )
    hits = "\n".join(
        [
            "Rule 64 - Withdrawal after declaration of runners: veterinary certificate required.",
            "Rule 66 - Deductions on fixed-odds bets (Rule 4).",
            "Rule 112 - Financial penalties for owners: from 200 to 1,000 euros.",
        ]
    )
    queries = [
        "horse withdrawn after declarations",
        "non-runner lame rules",
        "late withdrawal horse owner penalty",
        "non-runner after declarations bets fine",
        "withdrawn lame after declared runners",
    ]
    texts = [
        "Searching the rules of racing.",
        "Trying other terms.",
        "Looking for the part on penalties.",
        "Combining bets and fines.",
        "One last search.",
    ]
    steps = []
    for text, query in zip(texts, queries, strict=True):
        steps.append(t.one(text, "rules.search", {"text": query}, hits))
    t.say("Rules 64, 66 and 112 apply: vet certificate, Rule 4 deductions on bets, and a fine of €200-1,000.")
    t.loop(
        ["same_tool"],
        steps[3],
        f"Five paraphrased rule searches return the identical three rule headings; the agent never opens a "
        f"rule to read the details. The 4th search is step {steps[3]}.",
    )
