"""Loops of look-ups: identical re-calls after empty or unhelpful results, frozen polls, trivially varied
arguments and paraphrased searches with overlapping results."""

from __future__ import annotations

from .builder import Trace, csv, js, jsi, jss, loop_case

# ---------------------------------------------------------------------------- identical re-calls


@loop_case(
    "bakery-allergen-sheet-empty",
    "Bakery production: the agent re-reads an empty allergen sheet for one loaf four times instead of "
    "using the recipe it already has.",
    domain="bakery production",
    lang="de",
    ids="openai",
    pattern="identical re-call after empty result",
)
def bakery_allergen_sheet(t: Trace) -> None:
    t.user(
        "Für den Wochenmarkt morgen brauche ich die Allergenkennzeichnung für das Dinkel-Walnussbrot "
        "(Artikel BR-2207). Bitte prüf das Rezept und gib mir die Liste fürs Etikett."
    )
    t.tool(
        "Ich schaue zuerst ins Rezept.",
        "recipe_get",
        {"sku": "BR-2207"},
        js(
            {
                "sku": "BR-2207",
                "name": "Dinkel-Walnussbrot 750 g",
                "ingredients": [
                    {"name": "Dinkelmehl Type 630", "pct": 58.0},
                    {"name": "Wasser", "pct": 31.5},
                    {"name": "Walnusskerne", "pct": 7.0},
                    {"name": "Sauerteig (Roggen)", "pct": 2.0},
                    {"name": "Salz", "pct": 1.2},
                    {"name": "Hefe", "pct": 0.3},
                ],
            }
        ),
    )
    empty = js({"sku": "BR-2207", "declared": [], "may_contain": [], "last_review": None})
    calls = [
        t.tool("Jetzt das hinterlegte Allergenblatt.", "allergen_sheet_get", {"sku": "BR-2207"}, empty),
        t.tool(
            "Das Allergenblatt ist leer. Ich frage es noch einmal ab, vielleicht lag es am Cache.",
            "allergen_sheet_get",
            {"sku": "BR-2207"},
            empty,
        ),
        t.tool("Noch ein Versuch mit dem Allergenblatt.", "allergen_sheet_get", {"sku": "BR-2207"}, empty),
        t.tool("Ich rufe das Allergenblatt erneut ab.", "allergen_sheet_get", {"sku": "BR-2207"}, empty),
    ]
    t.say(
        "Für BR-2207 ist im System kein Allergenblatt gepflegt. Aus dem Rezept ergeben sich Dinkel "
        "(Gluten), Roggen (Gluten) und Walnüsse; bitte vor dem Etikettendruck vom QM freigeben lassen."
    )
    onset = calls[2]
    t.loop(
        ["identical_call"],
        onset,
        f"allergen_sheet_get {{sku: BR-2207}} returns the same empty sheet at steps {calls[0]}, {calls[1]}, "
        f"{calls[2]} and {calls[3]}; nothing changes between the calls and the recipe already holds the "
        f"answer. The 3rd identical call with an identical, fruitless result is at step {onset}, the onset.",
    )


@loop_case(
    "dairy-heat-alert-second-turn",
    "Dairy herd management: the first question is answered cleanly; in the second user turn the agent "
    "re-queries an empty heat-alert list for another cow four times.",
    domain="dairy herd management",
    lang="nl",
    ids="anthropic",
    pattern="identical re-call after empty result (later user turn)",
)
def dairy_heat_alert(t: Trace) -> None:
    t.user("Hoeveel melk gaf koe NL 5312 gisteren, en is ze al tochtig gemeld?")
    t.batch(
        "Ik haal de melkgift en de tochtmeldingen tegelijk op.",
        [
            (
                "herd.milk_yield",
                {"cow": "NL5312", "date": "2025-03-11"},
                "NL5312 | 2025-03-11 | 3 robotbezoeken | 31,4 kg | geleidbaarheid normaal",
                False,
            ),
            ("herd.heat_alerts", {"cow": "NL5312"}, "[]", False),
        ],
        order=[1, 0],
    )
    t.say("NL 5312 gaf gisteren 31,4 kg in drie robotbezoeken; er staat geen tochtmelding voor haar.")
    t.user(
        "En koe NL 7781? De staljongen denkt dat ze tochtig is, de activiteitsmeter zou een melding "
        "moeten geven."
    )
    calls = [t.tool("Ik kijk naar de meldingen voor NL 7781.", "herd.heat_alerts", {"cow": "NL7781"}, "[]")]
    calls.append(
        t.tool(
            "Geen melding. Misschien is die nog niet doorgekomen, ik kijk nog eens.",
            "herd.heat_alerts",
            {"cow": "NL7781"},
            "[]",
        )
    )
    calls.append(t.tool("Nog een keer controleren.", "herd.heat_alerts", {"cow": "NL7781"}, "[]"))
    calls.append(t.tool("Ik vraag de meldingen opnieuw op.", "herd.heat_alerts", {"cow": "NL7781"}, "[]"))
    t.say("Voor NL 7781 staat geen tochtmelding in het systeem. Laat de staljongen haar visueel controleren.")
    onset = calls[2]
    t.loop(
        ["identical_call"],
        onset,
        f"The loop sits in the second user turn: herd.heat_alerts {{cow: NL7781}} returns [] at steps "
        f"{calls[0]}, {calls[1]}, {calls[2]} and {calls[3]} with nothing else done in between. The first "
        f"turn's call was for another cow and a different question, so counts start at the second user "
        f"message; the 3rd identical call is step {onset}, the onset.",
    )


@loop_case(
    "parcel-locker-telemetry-from-batch",
    "Parcel locker network: a status call first made in a parallel batch (answered out of order) is "
    "repeated verbatim four more times while the telemetry stays empty.",
    domain="parcel locker network",
    lang="pl",
    ids="bedrock",
    pattern="identical re-call after empty result (starts in a parallel batch)",
)
def parcel_locker(t: Trace) -> None:
    t.user(
        "Klientka zgłasza, że paczkomat WAW-112 nie otwiera skrytki dla przesyłki 6203 9981 4410. "
        "Sprawdź stan automatu i kod odbioru."
    )
    empty = js({"locker_id": "WAW-112", "telemetry": None, "last_seen": None, "note": "brak danych"})
    first = t.batch(
        "Sprawdzam jednocześnie automat i kod odbioru.",
        [
            ("locker_status", {"locker_id": "WAW-112"}, empty, False),
            (
                "pickup_code",
                {"parcel": "620399814410"},
                js(
                    {
                        "parcel": "620399814410",
                        "code": "418227",
                        "compartment": "B14",
                        "valid_until": "2025-06-04T20:00:00+02:00",
                    }
                ),
                False,
            ),
        ],
        order=[1, 0],
    )
    calls = [first]
    for text in (
        "Kod jest ważny, ale telemetria automatu jest pusta. Sprawdzam status ponownie.",
        "Nadal brak danych, jeszcze raz.",
        "Ponawiam zapytanie o stan automatu.",
        "Sprawdzam WAW-112 jeszcze raz.",
    ):
        calls.append(t.tool(text, "locker_status", {"locker_id": "WAW-112"}, empty))
    t.say(
        "Kod 418227 do skrytki B14 jest ważny do 4 czerwca 20:00. Automat WAW-112 nie przesyła telemetrii, "
        "więc nie potrafię stwierdzić, czy skrytka działa."
    )
    onset = calls[2]
    t.loop(
        ["identical_call"],
        onset,
        f"locker_status {{locker_id: WAW-112}} is first called inside the parallel batch of step {calls[0]} "
        f"and then re-issued unchanged at steps {', '.join(map(str, calls[1:]))}, always answered 'brak "
        f"danych'. The parallel call counts as the 1st, so the 3rd identical call, at step {onset}, is the "
        f"onset.",
    )


@loop_case(
    "court-reporter-exhibit-index",
    "Court reporting: the exhibit index has no admission entry for one exhibit and the agent asks it the "
    "same question five times.",
    domain="court reporting",
    lang="en",
    ids="plain",
    pattern="identical re-call after unhelpful result",
)
def court_exhibit(t: Trace) -> None:
    t.user(
        "Finalize the certified transcript for Hale v. Marroquin, day 2. The exhibit list must show P-14 "
        "with the page where it was admitted."
    )
    t.tool(
        "Pulling the day-2 exhibit section first.",
        "transcript_get",
        {"case": "CV-2291", "day": 2, "section": "exhibits"},
        "EXHIBITS (Day 2)\n"
        "P-11  Lease agreement dated 3/2/2021 ........ marked 212  admitted 214\n"
        "P-12  Email chain, Hale to Marroquin ......... marked 219  admitted 221\n"
        "P-13  Photographs (6) of unit 4B ............. marked 240  admitted 243\n"
        "P-14  Repair invoice, Castle Plumbing ........ marked 251  admitted ---\n",
    )
    miss = (
        '<?xml version="1.0"?>\n<exhibitSearch case="CV-2291" exhibit="P-14">\n'
        '  <result count="0"/>\n  <message>No admission entry for exhibit P-14</message>\n</exhibitSearch>'
    )
    args = {"case": "CV-2291", "exhibit": "P-14"}
    calls = [
        t.tool("P-14 has no admission page. Checking the exhibit index.", "exhibit_index_search", args, miss)
    ]
    calls.append(t.tool("Let me query the exhibit index again.", "exhibit_index_search", args, miss))
    calls.append(t.tool("Trying the exhibit index once more.", "exhibit_index_search", args, miss))
    calls.append(t.tool("Checking the index for P-14 again.", "exhibit_index_search", args, miss))
    calls.append(t.tool("One more lookup of P-14.", "exhibit_index_search", args, miss))
    t.say(
        "The index has no admission entry for P-14; it was marked at page 251 but I cannot confirm it "
        "was admitted. The transcript cannot be certified with P-14 listed as admitted."
    )
    onset = calls[2]
    t.loop(
        ["identical_call"],
        onset,
        f"exhibit_index_search {{case: CV-2291, exhibit: P-14}} is issued at steps "
        f"{', '.join(map(str, calls))} with the same 'no admission entry' answer each time; the transcript "
        f"already showed the gap. The 3rd identical call is step {onset}, the onset (one re-check is "
        f"defensible, a third is not).",
    )


# ---------------------------------------------------------------------------- frozen polls


@loop_case(
    "prepress-preflight-stuck",
    "Commercial offset prepress: a preflight job stops at 41 of 96 pages and the agent keeps waiting and "
    "polling the frozen status.",
    domain="commercial offset prepress",
    lang="it",
    ids="responses",
    pattern="frozen poll",
)
def prepress_preflight(t: Trace) -> None:
    t.user(
        "Lancia il preflight del catalogo primavera (profilo PDF/X-4) e dimmi quando è pronto per "
        "l'imposizione."
    )
    t.tool(
        "Avvio il preflight.",
        "preflight.start",
        {"file": "catalogo_primavera_2025.pdf", "profile": "PDF/X-4"},
        js({"job": "PF-88121", "state": "queued"}),
    )
    polls = [
        t.tool(
            "Controllo lo stato.",
            "preflight.status",
            {"job": "PF-88121"},
            js({"job": "PF-88121", "state": "running", "pages_checked": 12, "pages": 96}),
        )
    ]
    frozen = js(
        {
            "job": "PF-88121",
            "state": "running",
            "pages_checked": 41,
            "pages": 96,
            "updated": "2025-04-02T09:14:51Z",
        }
    )
    for wait, text in (
        (30, "Attendo 30 secondi e ricontrollo."),
        (60, "Ancora in corso, aspetto un minuto."),
        (60, "Aspetto ancora un minuto."),
        (120, "Attendo due minuti e riprovo."),
    ):
        t.tool(text, "wait", {"seconds": wait}, f"waited {wait}s")
        polls.append(t.tool("Stato del preflight:", "preflight.status", {"job": "PF-88121"}, frozen))
    t.say("Il preflight PF-88121 è ancora in esecuzione a pagina 41 di 96. Ti aggiorno appena termina.")
    onset = polls[3]
    t.loop(
        ["identical_call"],
        onset,
        f"preflight.status {{job: PF-88121}} returns the byte-identical result (41/96 pages, same "
        f"'updated' time) from step {polls[1]} on, at steps {polls[1]}, {polls[2]}, {polls[3]} and "
        f"{polls[4]}; the waits in between do not reset the count. The first poll that returned it counts "
        f"as the 1st, so the 3rd is step {onset}, the onset. The job is frozen; the agent should report "
        f"or escalate instead of polling on.",
    )


@loop_case(
    "hydro-gate-ack-pending",
    "Hydropower reservoir operations: a spillway gate command is never acknowledged and the agent polls "
    "the same PENDING_ACK status five times.",
    domain="hydropower reservoir operations",
    lang="en",
    ids="gemini",
    pattern="frozen poll",
)
def hydro_gate(t: Trace) -> None:
    t.user("Open spillway gate SP-2 at Tverrelva dam to 40 cm and confirm once it is there.")
    t.tool(
        "Sending the gate command.",
        "gate_command",
        {"gate": "SP-2", "opening_cm": 40},
        js({"command_id": "GC-5519", "state": "SENT"}),
    )
    pending = "GC-5519 SP-2 target=40cm state=PENDING_ACK sent=2025-10-14T06:02:11Z ack=- position=0cm"
    polls = [
        t.tool("Checking the command status.", "gate_command_status", {"command_id": "GC-5519"}, pending)
    ]
    for text in (
        "Not acknowledged yet; checking again.",
        "Still pending. Polling again.",
        "Polling the gate command again.",
        "Checking GC-5519 once more.",
    ):
        polls.append(t.tool(text, "gate_command_status", {"command_id": "GC-5519"}, pending))
    t.say("Gate SP-2 has not acknowledged command GC-5519; it still reads 0 cm. Please check the RTU link.")
    onset = polls[2]
    t.loop(
        ["identical_call"],
        onset,
        f"gate_command_status {{command_id: GC-5519}} gives the identical PENDING_ACK line at steps "
        f"{', '.join(map(str, polls))}; the position never moves. The first poll returning it is the 1st, so "
        f"the 3rd, step {onset}, is the onset of a frozen poll.",
    )


# ---------------------------------------------------------------------------- trivially varied arguments


@loop_case(
    "optometry-toric-axis-variants",
    "Optometry practice: a toric lens stock search is repeated with equivalent axis and number spellings, "
    "always empty.",
    domain="optometry practice",
    lang="en",
    ids="mistral",
    pattern="trivially varied arguments",
)
def optometry_toric(t: Trace) -> None:
    t.user("Need toric contacts for Mrs Ruiz: sphere -2.25, cylinder -0.75, axis 180. Anything in stock?")
    none = js({"matches": [], "message": "no stock for requested parameters"})
    variants = [
        ("Searching lens stock.", {"type": "toric", "sph": -2.25, "cyl": -0.75, "axis": 180}),
        ("Axis 180 is the same as 0; trying 0.", {"type": "toric", "sph": -2.25, "cyl": -0.75, "axis": 0}),
        ("Maybe the axis has to be a string.", {"type": "toric", "sph": -2.25, "cyl": -0.75, "axis": "180"}),
        (
            "Trying again with the brand left open.",
            {"type": "toric", "sph": -2.25, "cyl": -0.75, "axis": 180, "brand": None},
        ),
        ("Sphere as text this time.", {"type": "toric", "sph": "-2.25", "cyl": "-0.75", "axis": 180}),
    ]
    steps = [t.tool(text, "lens_stock_find", args, none) for text, args in variants]
    t.say("No toric lens at -2.25 / -0.75 x 180 is in stock.")
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        f"lens_stock_find is re-run at steps {', '.join(map(str, steps))} with the same prescription written "
        f"differently (axis 0 vs 180, numbers as strings, a null brand); every answer is the same empty "
        f"match list. The 4th attempt (the original plus three trivial variants) is step {onset}, the onset.",
    )


@loop_case(
    "toll-plate-spellings-404",
    "Road toll back office: a licence plate look-up fails with 404 and the agent retries it in five "
    "spellings of the same plate.",
    domain="road toll back office",
    lang="pt",
    ids="openai",
    pattern="trivially varied arguments (also an error streak)",
)
def toll_plate(t: Trace) -> None:
    t.user(
        "Reclamação 55102: o cliente diz que não passou na portagem A1 Alverca no dia 3. Verifica a "
        "matrícula AA-12-BC."
    )
    err = "HTTP 404 plate_not_found: matrícula não encontrada no registo de veículos"
    variants = [
        ("Consulto a matrícula.", "AA-12-BC"),
        ("Tento sem hífenes.", "AA12BC"),
        ("Talvez seja sensível a maiúsculas.", "aa-12-bc"),
        ("Com espaços em vez de hífenes.", "AA 12 BC"),
        ("Mais uma vez no formato original.", "AA-12-BC "),
    ]
    steps = [t.tool(text, "plate_lookup", {"plate": plate}, err, error=True) for text, plate in variants]
    t.say("Não consigo encontrar a matrícula AA-12-BC no registo; a reclamação 55102 fica pendente.")
    onset = steps[3]
    t.loop(
        ["same_tool", "error_streak"],
        onset,
        f"plate_lookup fails with the same 404 at steps {', '.join(map(str, steps))}; each retry only "
        f"re-spells the same plate (hyphens, case, spaces, a trailing blank). The 4th attempt and the 4th "
        f"failure fall on the same step, step {onset}, the onset for both kinds.",
    )


@loop_case(
    "dive-tank-fill-id-variants",
    "Scuba dive centre: a tank's fill record is looked up under four spellings of its id, never found.",
    domain="scuba dive centre",
    lang="id",
    ids="anthropic",
    pattern="trivially varied arguments",
)
def dive_tank(t: Trace) -> None:
    t.user(
        "Tolong cek apakah tabung AL80-017 sudah diisi nitrox 32% untuk penyelam besok pagi, sekalian "
        "hasil analisis O2-nya."
    )
    none = "Tidak ada catatan pengisian untuk tabung yang diminta."
    variants = [
        ("Saya cek log pengisian.", {"tank": "AL80-017"}),
        ("Mungkin nolnya tidak dipakai.", {"tank": "AL80-17"}),
        ("Coba huruf kecil.", {"tank": "al80-017"}),
        ("Coba dengan spasi.", {"tank": "AL80 017"}),
    ]
    steps = [t.tool(text, "fill_log_lookup", args, none) for text, args in variants]
    t.say("Catatan pengisian untuk AL80-017 tidak ditemukan; minta staf menganalisis tabung secara manual.")
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        f"fill_log_lookup is called at steps {', '.join(map(str, steps))} with the same tank id re-spelled "
        f"(dropped zero, lower case, a space) and returns the same 'no record' line. The 4th attempt, step "
        f"{onset}, is the onset.",
    )


# ---------------------------------------------------------------------------- paraphrased searches


@loop_case(
    "crossword-clue-paraphrases",
    "Crossword construction: the agent searches the clue database with five paraphrases and keeps "
    "getting the same three published clues for OSLO.",
    domain="crossword construction",
    lang="fr",
    ids="plain",
    pattern="paraphrased searches with overlapping results",
)
def crossword_clue(t: Trace) -> None:
    t.user(
        "Il me faut une nouvelle définition pour OSLO (grille du samedi, niveau difficile), pas une de "
        "celles déjà publiées."
    )
    rows = {
        "4411": "4411;Capitale nordique;2024-11-02",
        "5120": "5120;Ville au fond du fjord;2025-01-18",
        "6032": "6032;Capitale de la Norvège;2023-07-09",
    }
    head = "id;definition;publiee_le"
    searches = [
        ("Je cherche dans la base de définitions.", "capitale de la Norvège", ["4411", "5120", "6032"]),
        ("Autre formulation.", "ville capitale norvégienne", ["5120", "6032", "4411"]),
        ("Avec le mot lui-même.", "Oslo définition difficile", ["4411", "5120"]),
        ("Formulation plus cryptique.", "capitale scandinave en quatre lettres", ["4411", "6032", "5120"]),
        ("Encore une autre piste.", "énigme Norvège capitale", ["6032", "4411"]),
    ]
    steps = [
        t.tool(text, "clue_db.search", {"query": q}, "\n".join([head, *(rows[i] for i in ids)]))
        for text, q, ids in searches
    ]
    t.say("Je ne trouve que les trois définitions déjà publiées pour OSLO.")
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        f"clue_db.search is run at steps {', '.join(map(str, steps))} with paraphrases of the same query; "
        f"every answer is a subset of the same three published clues, so no search adds anything. The 4th "
        f"search, step {onset}, is the onset (the original plus three rephrasings).",
    )


@loop_case(
    "transplant-policy-search-paraphrases",
    "Organ transplant allocation: five paraphrased knowledge-base searches about virtual crossmatch "
    "return the same two policy documents, which are never opened.",
    domain="organ transplant allocation",
    lang="en",
    ids="bedrock",
    pattern="paraphrased searches with overlapping results",
)
def transplant_search(t: Trace) -> None:
    t.user(
        "What does our protocol say about virtual crossmatch when donor typing is only low resolution? "
        "I need it for the kidney offer on case T-2291."
    )
    a = {"doc": "TX-POL-014", "section": "3.2", "title": "Virtual crossmatch", "score": 0.81}
    b = {
        "doc": "TX-POL-009",
        "section": "2.1",
        "title": "HLA typing requirements for deceased donors",
        "score": 0.77,
    }
    queries = [
        ("Searching the policy base.", "virtual crossmatch low resolution donor typing", [a, b]),
        ("Rephrasing.", "low-res HLA typing virtual XM policy", [b, a]),
        ("Another wording.", "virtual crossmatch acceptance when typing is not high resolution", [a, b]),
        ("Trying with the organ named.", "kidney virtual crossmatch intermediate resolution typing", [a, b]),
        ("Short form.", "VXM low resolution", [a]),
    ]
    steps = [t.tool(text, "policy_kb_search", {"q": q}, jsi({"results": res})) for text, q, res in queries]
    t.say(
        "The searches keep pointing to TX-POL-014 §3.2 and TX-POL-009 §2.1; I could not find a direct answer."
    )
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        f"policy_kb_search runs at steps {', '.join(map(str, steps))} with reworded queries and returns the "
        f"same two documents (TX-POL-014 §3.2, TX-POL-009 §2.1) every time; the agent never opens them. "
        f"The 4th search, step {onset}, is the onset.",
    )


@loop_case(
    "spaceweather-procedure-search",
    "Space weather forecasting: the agent looks for the Kp forecast procedure with four paraphrases that "
    "return the same two documents.",
    domain="space weather forecasting",
    lang="ja",
    ids="openai",
    pattern="paraphrased searches with overlapping results",
)
def spaceweather_search(t: Trace) -> None:
    t.user("明日のKp指数予報の根拠を、社内の予報手順書から探して要約してください。")
    r1 = {"id": "SWX-OPS-03", "title": "地磁気擾乱予報の手順", "updated": "2024-09-30"}
    r2 = {"id": "SWX-OPS-07", "title": "CME到来時刻の推定", "updated": "2025-02-14"}
    queries = [
        ("手順書を検索します。", "Kp指数 予報 手順", [r1, r2]),
        ("言い換えて検索します。", "地磁気指数 予測方法", [r1, r2]),
        ("英語でも検索します。", "Kp forecast procedure", [r2, r1]),
        ("もう一度、別の表現で。", "翌日 Kp 予報 根拠 手順書", [r1, r2]),
    ]
    steps = [t.tool(text, "docs_search", {"query": q}, jss({"hits": res})) for text, q, res in queries]
    t.say("関連しそうな手順書は SWX-OPS-03 と SWX-OPS-07 ですが、根拠の記述はまだ確認できていません。")
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        f"docs_search is re-run at steps {', '.join(map(str, steps))} with Japanese and English paraphrases "
        f"and always returns SWX-OPS-03 and SWX-OPS-07, which the agent never reads. The 4th search, step "
        f"{onset}, is the onset.",
    )


@loop_case(
    "sewer-defect-code-search",
    "Sewer CCTV inspection: the agent searches the defect catalogue four ways for a fine-root code and "
    "gets the same three root codes.",
    domain="sewer CCTV inspection",
    lang="en",
    ids="gemini",
    pattern="paraphrased searches with overlapping results",
)
def sewer_search(t: Trace) -> None:
    t.user(
        "The CCTV survey of segment ST-044 shows fine root intrusion at 23.4 m. Find the right defect code "
        "in our catalogue."
    )
    rows = {
        "BBA": ("BBA", "Roots", "general"),
        "BBAA": ("BBAA", "Roots - tap root", "single"),
        "BBAC": ("BBAC", "Roots - complex mass", "mass"),
    }
    searches = [
        ("Searching the catalogue.", "fine root intrusion", ["BBA", "BBAA", "BBAC"]),
        ("Different wording.", "thin roots in pipe", ["BBA", "BBAC"]),
        ("Trying the term hair roots.", "hair roots joint", ["BBAA", "BBA", "BBAC"]),
        ("One more phrasing.", "roots fine at joint", ["BBA", "BBAA", "BBAC"]),
    ]
    steps = [
        t.tool(
            text,
            "defect_catalog_search",
            {"text": q},
            csv(("code", "description", "extent"), *(rows[c] for c in codes)),
        )
        for text, q, codes in searches
    ]
    t.say("The catalogue search only returns BBA, BBAA and BBAC; none is specific to fine roots.")
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        f"defect_catalog_search is called at steps {', '.join(map(str, steps))} with rephrasings of 'fine "
        f"roots' and returns the same three codes in varying order. The 4th search, step {onset}, is the "
        f"onset.",
    )
