"""Healthy runs in the twenty non-English domains (one per domain)."""

from __future__ import annotations

from blind24gen.builder import Builder, Trace, jc, ji, lines, scenario, table

SCENARIOS: list[Builder] = []


def _ok(slug: str, **kw: str):
    return scenario(SCENARIOS, slug, loop=False, **kw)


@_ok(
    "hanko-proof-approvals-fanout",
    domain="hanko seal engraving shop (proof approval)",
    language="ja",
    harness="computer-use agent (Anthropic computer tool)",
    ids="anthropic",
    started="2026-04-08T09:05:00+09:00",
)
def hanko(t: Trace) -> None:
    t.user("校正待ちの注文を順に開いて、注文書どおりの案を承認してください。合わないものは保留に。")
    t.act(
        "校正待ち一覧を表示します。",
        "computer",
        {"action": "screenshot"},
        "[screenshot] 校正待ち: HN-2291 山本 (y=210) / HN-2295 佐々木 (y=250) / HN-2302 田中 (y=290) / "
        "HN-2310 鈴木 (y=330)",
    )
    orders = [
        ("HN-2291", 210, "注文書: 篆書体 外枠0.9mm / 案1 外枠1.2mm / 案2 外枠0.9mm", 2),
        ("HN-2295", 250, "注文書: 印相体 / 案1 印相体 / 案2 古印体", 1),
        ("HN-2302", 290, "注文書: 古印体 12mm / 案1 古印体 13.5mm / 案2 古印体 13.5mm", 0),
        ("HN-2310", 330, "注文書: 隷書体 / 案1 隷書体 / 案2 楷書体", 1),
    ]
    for no, y, desc, pick in orders:
        t.act(
            f"{no} を開きます。",
            "computer",
            {"action": "left_click", "coordinate": [180, y]},
            f"[screenshot] {no} {desc} / [注文書] [校正案1] [校正案2] [承認] [保留]",
        )
        if pick:
            t.act(
                f"案{pick}が指定どおりなので承認します。",
                "computer",
                {"action": "left_click", "coordinate": [1040 if pick == 1 else 1100, 700]},
                f"[screenshot] {no}: 校正案{pick} を承認しました。一覧に戻ります。",
            )
        else:
            t.act(
                "どちらも印面サイズが違うので保留にします。",
                "computer",
                {"action": "left_click", "coordinate": [1160, 700]},
                f"[screenshot] {no}: 保留 (理由入力欄)",
            )
            t.act(
                "理由を入力します。",
                "computer",
                {"action": "type", "text": "印面サイズ 12mm 指定に対し案は 13.5mm。再校正依頼。"},
                f"[screenshot] {no}: 保留にしました。",
            )
    t.say(
        "4件中3件を承認（HN-2291 案2、HN-2295 案1、HN-2310 案1）、HN-2302 はサイズ違いのため保留にしました。"
    )
    t.healthy(
        "Fan-out over four different orders: each is opened once, compared with its own order sheet and then "
        "approved or put on hold. Repeated clicks go to different targets with different screens.",
        "Computer-use agent in a hanko shop approves or holds four seal proofs in turn.",
    )


@_ok(
    "lido-move-after-429",
    domain="Italian beach lido (stabilimento balneare) umbrella bookings",
    language="it",
    harness="support agent (OpenAI chat tools)",
    ids="openai_chat",
    started="2026-07-08T10:02:00+02:00",
)
def lido(t: Trace) -> None:
    t.user(
        "Buongiorno, vorrei spostare l'ombrellone prenotato (codice LD-2045) da sabato a domenica, sempre "
        "in prima fila."
    )
    t.act(
        "Cerco la prenotazione.",
        "prenotazioni.cerca",
        {"codice": "LD-2045"},
        {
            "risultati": [
                {"codice": "LD-2045", "data": "2026-07-11", "fila": 1, "ombrellone": 14, "cliente": "Bianchi"}
            ],
            "totale": 1,
        },
    )
    q = {"data": "2026-07-12", "fila": 1}
    busy = 'HTTP 429 Too Many Requests\nRetry-After: 2\n{"errore": "troppe richieste"}'
    t.act("Controllo la disponibilità di domenica.", "prenotazioni.disponibilita", q, busy, err=True)
    t.act("Il sistema chiede di attendere; riprovo.", "prenotazioni.disponibilita", q, busy, err=True)
    t.act(
        "Riprovo ancora.",
        "prenotazioni.disponibilita",
        q,
        {"data": "2026-07-12", "fila": 1, "liberi": [11, 14, 17]},
    )
    t.act(
        "Il 14 è libero anche domenica: sposto.",
        "prenotazioni.sposta",
        {"codice": "LD-2045", "data": "2026-07-12", "ombrellone": 14},
        {"ok": True, "codice": "LD-2045", "data": "2026-07-12", "ombrellone": 14},
    )
    t.say("Fatto: la sua prenotazione LD-2045 è ora per domenica 12 luglio, prima fila, ombrellone 14.")
    t.healthy(
        "A retry after HTTP 429 that succeeds on the third try, then a single move; two identical failing "
        "attempts followed by success is healthy.",
        "Beach-lido support agent retries an availability check after 429s and moves the booking.",
    )


@_ok(
    "sphagnum-analysis-completes",
    domain="sphagnum moss harvesting on peatlands (drone moisture analysis)",
    language="fi",
    harness="operations agent (Mistral tools)",
    ids="mistral",
    started="2026-05-20T09:58:00+03:00",
)
def sphagnum(t: Trace) -> None:
    t.user("Aja kosteusanalyysi Kurkisuon lohkoille 3–5 ja kerro, voiko nosto alkaa ensi viikolla.")
    t.act(
        "Käynnistän analyysin.",
        "kaynnista_analyysi",
        {"suo": "Kurkisuo", "lohkot": [3, 4, 5]},
        {"tyo_id": "KA-5531", "tila": "jonossa"},
    )
    seq = [
        ("Tarkistan tilan.", {"tila": "käynnissä", "edistyminen": 12, "vaihe": "kuvien kohdistus"}),
        ("Katson uudelleen minuutin päästä.", None),
        ("Tarkistan.", {"tila": "käynnissä", "edistyminen": 12, "vaihe": "kuvien kohdistus"}),
        ("Odotan pidempään.", None),
        ("Tarkistan.", {"tila": "käynnissä", "edistyminen": 58, "vaihe": "ortomosaiikki"}),
        ("Odotan.", None),
        ("Tarkistan.", {"tila": "valmis", "edistyminen": 100, "vaihe": "valmis"}),
    ]
    waits = iter([60, 180, 180])
    for txt, st in seq:
        if st is None:
            s = next(waits)
            t.act(txt, "odota", {"sekuntia": s}, f"odotettu {s} s")
        else:
            t.act(txt, "analyysi_tila", {"tyo_id": "KA-5531"}, {"tyo_id": "KA-5531", **st})
    t.act(
        "Haen tulokset.",
        "hae_tulokset",
        {"tyo_id": "KA-5531"},
        lines("lohko;kosteus_pct;nostokelpoinen", "3;88;ei", "4;79;kyllä", "5;76;kyllä"),
    )
    t.say(
        "Analyysi valmis: lohkot 4 ja 5 ovat nostokelpoisia (kosteus 79 % ja 76 %). Lohko 3 on liian märkä "
        "(88 %); ehdotan sen nostoa vasta kuivemman jakson jälkeen."
    )
    t.healthy(
        "A poll that progresses and finishes: one intermediate status repeats once (12 %), then 58 % and "
        "done; "
        "results are fetched and reported.",
        "Peatland agent polls a drone moisture job that progresses to completion and reports results.",
    )


@_ok(
    "cork-interval-research",
    domain="cork oak (montado) harvesting regulations",
    language="pt-PT",
    harness="research agent (web search, OpenAI Responses)",
    ids="openai_responses",
    started="2026-03-02T15:10:00+00:00",
)
def cork(t: Trace) -> None:
    t.user("Qual é o intervalo mínimo legal entre descortiçamentos de sobreiros em Portugal? Há excepções?")
    t.act(
        "Pesquiso a legislação.",
        "pesquisa_web",
        {"q": "intervalo mínimo descortiçamento sobreiro lei"},
        ji(
            {
                "resultados": [
                    {"titulo": "Decreto-Lei n.º 169/2001", "url": "https://dre.pt/dl169-2001"},
                    {"titulo": "Sobreiro: condicionantes | ICNF", "url": "https://icnf.pt/sobreiro"},
                ]
            }
        ),
    )
    t.act(
        "Abro o decreto.",
        "abrir_pagina",
        {"url": "https://dre.pt/dl169-2001"},
        "Artigo 13.º — 1. Não é permitido o descortiçamento… com intervalo inferior a nove anos. "
        "2. …excepto em árvores sujeitas a tratamentos fitossanitários ou afectadas por incêndio, mediante "
        "autorização…",
    )
    t.act(
        "Confirmo com o ICNF.",
        "abrir_pagina",
        {"url": "https://icnf.pt/sobreiro"},
        "Descortiçamento: periodicidade mínima de 9 anos; pedidos de autorização excepcional via formulário "
        "ICNF; proibida a extracção em árvores com perímetro inferior a 70 cm.",
    )
    t.say(
        "O intervalo mínimo é de nove anos (DL 169/2001, art. 13.º). Excepções: árvores afectadas por "
        "incêndio ou sob tratamento fitossanitário, com autorização do ICNF. Também não se pode descortiçar "
        "sobreiros com perímetro inferior a 70 cm."
    )
    t.healthy(
        "One search, then two different pages fetched and cited; no repetition.",
        "Cork-regulation research agent searches once, reads the decree and the ICNF page, and answers.",
    )


@_ok(
    "date-palm-pollination-sweep",
    domain="date palm plantations (pollination-season irrigation)",
    language="ar",
    harness="farm operations agent (Bedrock tools)",
    ids="bedrock",
    started="2026-03-16T06:10:00+04:00",
)
def date_palm(t: Trace) -> None:
    t.user("جدول مواعيد التلقيح للقطاعات من B1 إلى B8 حسب نسبة تفتح الطلع في آخر جولة.")
    t.act(
        "أقرأ نتائج الجولة الأخيرة.",
        "scouting.latest",
        {"farm": "Al-Waha"},
        lines(
            "block,spathe_open_pct", "B1,62", "B2,35", "B3,80", "B4,18", "B5,55", "B6,90", "B7,41", "B8,27"
        ),
    )
    plan = {
        "B1": "2026-03-17",
        "B2": "2026-03-20",
        "B3": "2026-03-16",
        "B4": "2026-03-23",
        "B5": "2026-03-18",
        "B6": "2026-03-16",
        "B7": "2026-03-19",
        "B8": "2026-03-21",
    }
    for b, d in plan.items():
        t.act(
            f"أجدول تلقيح {b} في {d}.",
            "pollination.schedule",
            {"block": b, "date": d, "method": "manual"},
            {"ok": True, "block": b, "date": d, "crew": "team-" + ("A" if b < "B5" else "B")},
        )
    t.say("تمت جدولة القطاعات الثمانية: B3 وB6 اليوم، B1 غداً، ثم B5 وB7 وB2 وB8، وأخيراً B4 في 23 مارس.")
    t.healthy(
        "A sweep: the same scheduling tool is called once per block with a different block and date; every "
        "call makes new progress.",
        "Date-palm agent schedules pollination for eight blocks from one scouting table.",
    )


@_ok(
    "vanilla-certificate-503-handoff",
    domain="vanilla curing and export (phytosanitary certificates)",
    language="fr",
    harness="export back-office agent (Google ADK)",
    ids="adk",
    started="2026-09-22T09:30:00+03:00",
)
def vanilla(t: Trace) -> None:
    t.user(
        "Soumets le certificat phytosanitaire du lot VAN-0431 (vanille noire, 380 kg, 320 ‰), destination "
        "Le Havre."
    )
    args = {"lot": "VAN-0431", "destination": "FRLEH", "poids_kg": 380, "teneur_eau": 320}
    down = (
        "<html><head><title>503 Service Unavailable</title></head><body><h1>Service indisponible</h1>"
        "<p>Le guichet e-Phyto est en maintenance.</p></body></html>"
    )
    t.act("Je soumets la demande.", "certificat_export.soumettre", args, down, err=True)
    t.act("Erreur temporaire ; je réessaie une fois.", "certificat_export.soumettre", args, down, err=True)
    t.act(
        "Le guichet reste indisponible ; je transmets au service export.",
        "transfert.agent_humain",
        {
            "file": "export-phyto",
            "resume": "VAN-0431 prêt (380 kg, 320 ‰, FRLEH) ; e-Phyto en 503 à deux "
            "reprises ; à soumettre manuellement avant l'empotage de jeudi.",
        },
        {"transfere": True, "ticket": "EXP-7712"},
    )
    t.say(
        "Le portail e-Phyto est en maintenance (503 à deux reprises). J'ai transmis le dossier au service "
        "export (ticket EXP-7712) pour une soumission manuelle avant jeudi."
    )
    t.healthy(
        "Two identical attempts fail with 503, then the agent hands off to a person with a summary: retries "
        "then hand-off.",
        "Vanilla export agent retries a 503 once and hands the certificate to the export desk.",
    )


@_ok(
    "mangrove-subagents-distinct",
    domain="mangrove restoration monitoring (seedling survival for donors)",
    language="id",
    harness="orchestrator delegating to sub-agents",
    ids="deepseek",
    started="2026-06-04T08:40:00+07:00",
)
def mangrove(t: Trace) -> None:
    t.user(
        "Siapkan laporan donor bulan ke-6: survival bibit, estimasi karbon, dan QC foto drone petak P1–P6."
    )
    t.batch(
        "Saya bagi tugas ke tiga sub-agen sekaligus.",
        [
            (
                "delegasi",
                {
                    "agen": "analis_lapangan",
                    "tugas": "Survival rate per petak P1–P6 dari monitoring_bulan6.csv",
                },
                "Survival keseluruhan 71,4 % (2142/3000); terendah P5 58 %.",
                False,
            ),
            (
                "delegasi",
                {
                    "agen": "analis_karbon",
                    "tugas": "Estimasi stok karbon biomassa atas P1–P6 (alometri Rhizophora)",
                },
                "Estimasi 3,1 tC total; ketidakpastian ±22 %.",
                False,
            ),
            (
                "delegasi",
                {"agen": "pemeriksa_foto", "tugas": "QC ortofoto drone Mei: tutupan awan dan resolusi"},
                "P1–P4 lolos; P5 dan P6 tertutup awan 30 %, perlu terbang ulang.",
                False,
            ),
        ],
        order=[2, 0, 1],
    )
    t.act(
        "Saya simpan ringkasan.",
        "laporan.simpan",
        {
            "judul": "Laporan donor bulan 6",
            "isi": "Survival 71,4 %; karbon 3,1 tC (±22 %); P5–P6 terbang ulang.",
        },
        {"tersimpan": True, "id": "LAP-0612"},
    )
    t.say("Laporan LAP-0612 tersimpan: survival 71,4 %, karbon ±3,1 tC, dan foto P5–P6 perlu diulang.")
    t.healthy(
        "Three sub-agents get three different tasks in one parallel batch (answered out of order); the "
        "orchestrator then saves once.",
        "Mangrove orchestrator fans three distinct tasks out to sub-agents and saves the report.",
    )


@_ok(
    "legionella-disinfect-recheck",
    domain="drinking-water hygiene (Legionella sampling under the TrinkwV)",
    language="de",
    harness="MCP client (trinkwasser server)",
    ids="kimi",
    started="2026-03-20T10:00:00+01:00",
)
def legionella(t: Trace) -> None:
    t.user(
        "Wie sind die Legionellen-Befunde Lindenstraße 14? Falls über dem Maßnahmenwert: thermische "
        "Desinfektion."
    )
    q = {"objekt_id": "OBJ-33817", "auftrag": "2026-03-18"}
    t.act(
        "Ich rufe die Befunde ab.",
        "mcp__trinkwasser__befunde_abrufen",
        q,
        table(
            ["stelle", "KBE/100ml", "bewertung"],
            [
                ["ES-01", "40", "unauffällig"],
                ["ES-02", "300", "Maßnahmenwert"],
                ["ES-03", "1200", "Maßnahmenwert"],
            ],
        ),
    )
    t.act(
        "ES-02 und ES-03 liegen über 100 KBE; ich beauftrage die Desinfektion.",
        "mcp__trinkwasser__massnahme_anlegen",
        {"objekt_id": "OBJ-33817", "art": "thermische Desinfektion", "temperatur_c": 70, "dauer_min": 3},
        {"angelegt": True, "massnahme": "M-4471", "termin": "2026-03-21"},
    )
    t.say(
        "ES-02 (300) und ES-03 (1200 KBE/100 ml) überschreiten den Maßnahmenwert; Desinfektion M-4471 ist "
        "für den 21.03. beauftragt. Danach ist eine Nachprobe nötig."
    )
    t.user("Die Nachprobe ist ausgewertet, schau bitte nochmal.")
    t.act(
        "Ich rufe die Befunde der Nachprobe ab.",
        "mcp__trinkwasser__befunde_abrufen",
        {"objekt_id": "OBJ-33817", "auftrag": "2026-03-25"},
        table(
            ["stelle", "KBE/100ml", "bewertung"],
            [["ES-01", "<10", "unauffällig"], ["ES-02", "20", "unauffällig"], ["ES-03", "80", "unauffällig"]],
        ),
    )
    t.say(
        "Nach der Desinfektion liegen alle Stellen unter 100 KBE/100 ml. Ich empfehle eine Kontrolle in "
        "drei Monaten."
    )
    t.healthy(
        "Check, act, re-check: the same kind of query is repeated for a new sampling order after an action "
        "and "
        "a new user message, and the results differ.",
        "Legionella agent orders thermal disinfection and re-checks the follow-up samples.",
    )


@_ok(
    "scaffold-contracts-cursor-pages",
    domain="scaffolding hire (rental contracts)",
    language="nl",
    harness="sales back-office agent (camelCase tools)",
    ids="hex8",
    started="2026-02-25T14:20:00+01:00",
)
def scaffold(t: Trace) -> None:
    t.user("Hoeveel steigerpalen van 3 m staan er in totaal uit bij lopende contracten?")
    pages = [
        (None, [("HC-1021", 80), ("HC-1030", 120), ("HC-1033", 45)], "c2"),
        ("c2", [("HC-1040", 60), ("HC-1042", 200), ("HC-1047", 15)], "c3"),
        ("c3", [("HC-1051", 90)], None),
    ]
    for cur, rows, nxt in pages:
        args = {"status": "lopend", "artikel": "steigerpaal-3m", "limit": 3}
        if cur:
            args["cursor"] = cur
        t.act(
            "Ik haal de " + ("eerste" if cur is None else "volgende") + " pagina op.",
            "listContracts",
            args,
            jc({"items": [{"contract": c, "aantal": n} for c, n in rows], "nextCursor": nxt}),
        )
    t.say("Er staan 610 steigerpalen van 3 m uit over 7 lopende contracten (grootste: HC-1042 met 200).")
    t.healthy(
        "Cursor pagination: each call passes the cursor from the previous page and the last page has none.",
        "Scaffolding-hire agent pages through rental contracts with a cursor and sums the poles.",
    )


@_ok(
    "galvanizing-zinc-usage-investigation",
    domain="hot-dip galvanizing plant (zinc bath and flux)",
    language="cs",
    harness="SQL data agent (PostgreSQL, plain ids)",
    ids="plain",
    started="2026-01-28T08:00:00+01:00",
)
def galvanizing(t: Trace) -> None:
    t.user("Spotřeba zinku na tunu oceli v lednu vzrostla. Najdi příčinu v datech výroby.")
    qs = [
        (
            "Nejprve měsíční spotřeba.",
            "SELECT date_trunc('week', den) AS tyden, sum(zn_kg)/sum(ocel_t) AS kg_na_t FROM vyroba "
            "WHERE den >= '2026-01-01' GROUP BY 1 ORDER BY 1;",
            table(
                ["tyden", "kg_na_t"],
                [
                    ["2025-12-29", "61.2"],
                    ["2026-01-05", "62.0"],
                    ["2026-01-12", "71.8"],
                    ["2026-01-19", "73.4"],
                ],
            ),
            False,
        ),
        (
            "Nárůst od 12. 1. Podívám se na zakázky podle typu oceli.",
            "SELECT typ_oceli, sum(zn_kg)/sum(ocel_t) FROM vyroba WHERE den >= '2026-01-12' GROUP BY 1;",
            'ERROR:  column "typ_oceli" does not exist\nHINT:  Perhaps you meant to reference the column '
            '"vyroba.jakost_oceli".',
            True,
        ),
        (
            "Opravím název sloupce.",
            "SELECT jakost_oceli, sum(zn_kg)/sum(ocel_t) AS kg_na_t FROM vyroba WHERE den >= '2026-01-12' "
            "GROUP BY 1;",
            table(["jakost_oceli", "kg_na_t"], [["S235", "64.1"], ["S355 (Si 0,18 %)", "92.7"]]),
            False,
        ),
        (
            "Ocel s křemíkem 0,18 % (Sandelinova oblast). Kolik jí bylo?",
            "SELECT date_trunc('week', den), sum(ocel_t) FROM vyroba WHERE jakost_oceli LIKE 'S355%' GROUP "
            "BY 1 "
            "ORDER BY 1;",
            table(
                ["date_trunc", "sum"],
                [["2026-01-05", "12.0"], ["2026-01-12", "88.5"], ["2026-01-19", "94.0"]],
            ),
            False,
        ),
        (
            "Od kterého dodavatele?",
            "SELECT dodavatel, count(*) FROM zakazky WHERE jakost_oceli LIKE 'S355%' AND den >= '2026-01-12' "
            "GROUP BY 1;",
            table(["dodavatel", "count"], [["Hutě Ostrava-Jih", "14"], ["Steelia", "2"]]),
            False,
        ),
        (
            "Ponorné časy u těch zakázek.",
            "SELECT avg(ponor_s) FROM vyroba WHERE jakost_oceli LIKE 'S355%' AND den >= '2026-01-12';",
            table(["avg"], [["412"]]),
            False,
        ),
        (
            "A u S235 pro srovnání.",
            "SELECT avg(ponor_s) FROM vyroba WHERE jakost_oceli = 'S235' AND den >= '2026-01-12';",
            table(["avg"], [["305"]]),
            False,
        ),
        (
            "Teplota lázně v týdnech nárůstu.",
            "SELECT date_trunc('week', cas), avg(teplota_c) FROM vana_log WHERE vana = 2 AND cas >= "
            "'2026-01-01' "
            "GROUP BY 1 ORDER BY 1;",
            table(
                ["date_trunc", "avg"],
                [["2025-12-29", "451"], ["2026-01-05", "450"], ["2026-01-12", "456"], ["2026-01-19", "457"]],
            ),
            False,
        ),
        (
            "Kdo měnil nastavení teploty?",
            "SELECT cas, uzivatel, stara_c, nova_c FROM vana_zmeny WHERE cas >= '2026-01-01';",
            table(["cas", "uzivatel", "stara_c", "nova_c"], [["2026-01-11 22:14", "směna C", "450", "457"]]),
            False,
        ),
        (
            "Vliv na tvrdý zinek (stěr).",
            "SELECT date_trunc('week', den), sum(ster_kg) FROM odpad WHERE den >= '2026-01-01' GROUP BY 1 "
            "ORDER BY 1;",
            table(
                ["date_trunc", "sum"],
                [["2025-12-29", "410"], ["2026-01-05", "395"], ["2026-01-12", "612"], ["2026-01-19", "648"]],
            ),
            False,
        ),
        (
            "A popel.",
            "SELECT date_trunc('week', den), sum(popel_kg) FROM odpad WHERE den >= '2026-01-01' GROUP BY 1 "
            "ORDER BY 1;",
            table(
                ["date_trunc", "sum"],
                [["2025-12-29", "220"], ["2026-01-05", "231"], ["2026-01-12", "240"], ["2026-01-19", "236"]],
            ),
            False,
        ),
        (
            "Železo v tavidle za stejné období.",
            "SELECT date_trunc('week', cas), avg(fe_g_l) FROM tavidlo_log WHERE cas >= '2026-01-01' GROUP "
            "BY 1 "
            "ORDER BY 1;",
            table(
                ["date_trunc", "avg"],
                [["2025-12-29", "3.1"], ["2026-01-05", "3.4"], ["2026-01-12", "6.9"], ["2026-01-19", "7.8"]],
            ),
            False,
        ),
        (
            "Kdy se naposled regenerovalo tavidlo?",
            "SELECT max(cas) FROM udrzba WHERE akce = 'regenerace tavidla';",
            table(["max"], [["2025-12-02 06:00"]]),
            False,
        ),
        (
            "Podíl vlivu: kolik kg navíc připadá na S355?",
            "SELECT sum(zn_kg) - sum(ocel_t) * 64.1 AS navic_kg FROM vyroba WHERE jakost_oceli LIKE 'S355%' "
            "AND den >= '2026-01-12';",
            table(["navic_kg"], [["5196"]]),
            False,
        ),
        (
            "A celkový nárůst proti prosinci.",
            "SELECT sum(zn_kg) - sum(ocel_t) * 61.2 AS navic_kg FROM vyroba WHERE den >= '2026-01-12';",
            table(["navic_kg"], [["8731"]]),
            False,
        ),
    ]
    for txt, sql, res, err in qs:
        t.act(txt, "sql", {"query": sql}, res, err=err)
    t.say(
        "Příčiny nárůstu od 12. 1.: (1) ocel S355 se Si 0,18 % od Hutí Ostrava-Jih (Sandelinův efekt, cca "
        "5,2 t "
        "zinku navíc, delší ponor 412 s); (2) teplota lázně zvýšena 11. 1. směnou C na 457 °C, což zvyšuje "
        "stěr; "
        "(3) železo v tavidle 7,8 g/l, regenerace od 2. 12. neproběhla. Doporučuji vrátit 450 °C, "
        "regenerovat "
        "tavidlo a u S355 zkrátit ponor nebo žádat ocel s Si < 0,04 %."
    )
    t.healthy(
        "A long productive SQL investigation (16 steps): every query asks something new, one column error is "
        "fixed from the hint, and the answer uses the findings.",
        "Galvanizing SQL agent investigates rising zinc consumption over fifteen distinct queries.",
    )


@_ok(
    "cave-survey-fix-and-pass",
    domain="cave surveying (survey-leg reduction scripts)",
    language="es",
    harness="Gemini-CLI-style coding agent",
    ids="gemini_cli",
    started="2026-10-05T10:00:00+02:00",
)
def cave(t: Trace) -> None:
    t.user("reduce.py falla con data/trave.svx. Arréglalo y comprueba que los tests pasan.")
    cmd = {"command": "python reduce.py data/trave.svx", "description": "Reducir la poligonal"}

    def env(out: str, err: str, code: int) -> str:
        return lines(
            f"Command: {cmd['command']}",
            "Directory: (root)",
            f"Stdout: {out}",
            f"Stderr: {err}",
            "Error: (none)",
            f"Exit Code: {code}",
            "Signal: (none)",
        )

    t.act("Reproduzco.", "run_shell_command", cmd, env("leídas 214 visuales", "KeyError: 'T12'", 1))
    t.act(
        "Busco T12 en los datos.",
        "search_file_content",
        {"pattern": "[Tt]12", "include": "data/trave.svx"},
        lines("data/trave.svx:40: T11 T12 8.42 112.5 -14.0", "data/trave.svx:41: t12 T13 5.10 98.0 -31.5"),
    )
    t.act(
        "Hay estaciones en minúsculas. Normalizo los nombres al leer.",
        "replace",
        {
            "file_path": "/home/espeleo/topo/svx.py",
            "old_string": "desde, hasta = parts[0], parts[1]",
            "new_string": "desde, hasta = parts[0].upper(), parts[1].upper()",
        },
        "Successfully modified file: /home/espeleo/topo/svx.py (1 replacements).",
    )
    t.act(
        "Vuelvo a ejecutar.",
        "run_shell_command",
        cmd,
        env("leídas 214 visuales", "ZeroDivisionError: float division by zero (cierre, longitud 0)", 1),
    )
    t.act(
        "Otro error: el cierre divide por la longitud total. Protejo el caso sin bucles.",
        "replace",
        {
            "file_path": "/home/espeleo/topo/reduce.py",
            "old_string": "error / total",
            "new_string": "error / total if total else 0.0",
        },
        "Successfully modified file: /home/espeleo/topo/reduce.py (1 replacements).",
    )
    t.act(
        "Ejecuto de nuevo.",
        "run_shell_command",
        cmd,
        env("214 visuales, 201 estaciones, desarrollo 1843.2 m, desnivel -412.7 m", "(empty)", 0),
    )
    t.act(
        "Paso los tests.",
        "run_shell_command",
        {"command": "pytest -q", "description": "Tests"},
        env("14 passed in 0.41s", "(empty)", 0),
    )
    t.say(
        "Arreglado: svx.py normaliza nombres de estación a mayúsculas y reduce.py tolera poligonales sin "
        "cierre. Sima del Trave: 1843,2 m de desarrollo, -412,7 m. Tests: 14 pasan."
    )
    t.healthy(
        "Edit and re-run with changing errors (KeyError, then ZeroDivisionError, then success); each run "
        "follows an edit and gives a new result.",
        "Gemini-CLI-style agent fixes a cave-survey reducer in two edits and re-runs it to success.",
    )


@_ok(
    "bsf-crate-readings-formulaic",
    domain="black soldier fly larvae farming (harvest crates)",
    language="th",
    harness="farm assistant (step-scoped call ids)",
    ids="step_scoped",
    started="2026-05-07T08:15:00+07:00",
)
def bsf(t: Trace) -> None:
    t.user("ไล่ดูกล่องเลี้ยง C01 ถึง C06 ในโรงเรือน 1 ทีละกล่อง แล้วบอกว่ากล่องไหนพร้อมเก็บเกี่ยว")
    data = [
        ("C01", 14, 68, "prepupa 8%"),
        ("C02", 15, 71, "prepupa 22%"),
        ("C03", 13, 66, "prepupa 3%"),
        ("C04", 16, 64, "prepupa 35%"),
        ("C05", 15, 69, "prepupa 18%"),
        ("C06", 12, 70, "prepupa 1%"),
    ]
    for crate, day, moist, stage in data:
        t.act(
            f"กล่อง {crate}: ดูข้อมูล",
            "crates.get",
            {"house": 1, "crate": crate},
            {"crate": crate, "day": day, "moisture_pct": moist, "stage": stage},
        )
    t.say(
        "พร้อมเก็บเกี่ยว: C02, C04 และ C05 (prepupa 18–35%). C01, C03, C06 ยังไม่พร้อม; C02 ความชื้น 71% ควรลดก่อนเก็บ"
    )
    t.healthy(
        "Formulaic narration ('crate CXX: read data') over six different crates, each with a new result; a "
        "sweep, not a repetition.",
        "BSF farm assistant reads six crates one by one with the same phrasing and picks those to harvest.",
    )


@_ok(
    "cotton-bales-offset-pages",
    domain="cotton ginning (bale press records)",
    language="hi",
    harness="SQL data agent (PostgreSQL)",
    ids="padded",
    started="2026-11-12T11:20:00+05:30",
)
def cotton(t: Trace) -> None:
    t.user("लॉट G/114 की सभी गांठों की सूची निर्यात के लिए चाहिए, वज़न 165 किलो से कम वाली अलग से बताइए।")
    base = "SELECT bale_no, weight_kg FROM bales WHERE lot_id = 'G/114' ORDER BY bale_no LIMIT 100 OFFSET {}"
    t.act(
        "कुल संख्या देखता हूँ।",
        "sql_query",
        {"sql": "SELECT count(*) FROM bales WHERE lot_id = 'G/114';"},
        lines(" count", "-------", "   236", "(1 row)"),
    )
    for off, first, last, n in [(0, 1, 100, 100), (100, 101, 200, 100), (200, 201, 236, 36)]:
        t.act(
            f"पंक्तियाँ {off + 1} से आगे लाता हूँ।",
            "sql_query",
            {"sql": base.format(off) + ";"},
            lines(
                " bale_no | weight_kg",
                "---------+----------",
                f" G114-{first:04d} | 170.2",
                " ...",
                f" G114-{last:04d} | 168.9",
                f"({n} rows)",
            ),
        )
    t.act(
        "कम वज़न वाली गांठें।",
        "sql_query",
        {"sql": "SELECT bale_no, weight_kg FROM bales WHERE lot_id = 'G/114' AND weight_kg < 165;"},
        lines(
            " bale_no | weight_kg",
            "---------+----------",
            " G114-0047 | 161.8",
            " G114-0190 | 163.5",
            "(2 rows)",
        ),
    )
    t.say(
        "लॉट G/114 में 236 गांठें हैं (तीन पेज में निर्यात की गईं)। 165 किलो से कम: G114-0047 (161.8) और "
        "G114-0190 (163.5)।"
    )
    t.healthy(
        "OFFSET pagination over 236 rows in three pages (0, 100, 200) with a different SQL each time, then a "
        "filter query.",
        "Cotton-gin SQL agent pages through 236 bales with OFFSET and lists the light ones.",
    )


@_ok(
    "camel-milk-new-questions",
    domain="camel dairy (milk collection by herd)",
    language="sw",
    harness="dairy operations agent (parallel calls)",
    ids="openai_chat",
    started="2026-02-12T07:30:00+03:00",
)
def camel(t: Trace) -> None:
    q = {"kundi": "A", "tarehe": "2026-02-12"}
    t.user("Kundi A limetoa maziwa kiasi gani hadi sasa leo?")
    t.act(
        "Ninaangalia kundi A.", "maziwa.kiasi_kundi", q, {"kundi": "A", "lita": 142.5, "vipindi": ["asubuhi"]}
    )
    t.say("Hadi sasa kundi A limetoa lita 142.5 (kukamua kwa asubuhi).")
    t.user("Sawa. Na sasa baada ya kukamua kwa mchana?")
    t.act(
        "Ninaangalia tena kundi A.",
        "maziwa.kiasi_kundi",
        q,
        {"kundi": "A", "lita": 311.0, "vipindi": ["asubuhi", "mchana"]},
    )
    t.say("Sasa ni lita 311.0 (asubuhi na mchana).")
    t.user("Jioni imekamilika, jumla ya leo?")
    t.act(
        "Ninaangalia kundi A kwa mara ya mwisho leo.",
        "maziwa.kiasi_kundi",
        q,
        {"kundi": "A", "lita": 468.5, "vipindi": ["asubuhi", "mchana", "jioni"]},
    )
    t.say("Jumla ya leo kwa kundi A ni lita 468.5.")
    t.healthy(
        "Three identical calls, each answering a new user message, and the result grows each time.",
        "Camel-dairy agent answers three user questions with the same call as the day's milk total grows.",
    )


@_ok(
    "lavender-label-critic-rounds",
    domain="lavender essential-oil distillation",
    language="bg",
    harness="writer with a critic sub-agent",
    ids="mistral",
    started="2026-07-05T10:00:00+03:00",
)
def lavender(t: Trace) -> None:
    t.user("Напиши етикет за 10 ml етерично масло от лавандула (партида L-0703-3) и го дай на проверка.")
    drafts = [
        (
            "Чернова 1.",
            "Лавандула. 100% натурално. Лекува безсъние.",
            "3 забележки: (1) липсва латинско име; (2) здравна претенция „лекува“ е недопустима; (3) липсва "
            "партида.",
        ),
        (
            "Поправям и трите.",
            "Lavandula angustifolia, етерично масло 10 ml, партида L-0703-3. Подпомага релакса.",
            "1 забележка: липсват предупрежденията (само за външна употреба, да се пази от деца).",
        ),
        (
            "Добавям предупрежденията.",
            "Lavandula angustifolia, етерично масло 10 ml, партида L-0703-3. Само за външна употреба. Да се "
            "пази "
            "далеч от деца.",
            "Одобрено, без забележки.",
        ),
    ]
    for txt, draft, verdict in drafts:
        t.act(txt, "review_agent", {"role": "label-compliance", "draft": draft}, verdict)
    t.act(
        "Записвам одобрения етикет.",
        "labels.save",
        {"batch": "L-0703-3", "text": drafts[-1][1]},
        {"saved": True, "label_id": "LBL-311"},
    )
    t.say("Етикетът е одобрен на третия кръг и записан (LBL-311).")
    t.healthy(
        "Critic/reviser rounds that converge: three issues, then one, then approval; each draft differs and "
        "the agent stops when approved.",
        "Lavender distillery writer revises a label through three critic rounds until it is approved.",
    )


@_ok(
    "h2-fill-session-progress",
    domain="hydrogen refuelling stations (dispenser aborts)",
    language="zh",
    harness="station operations agent (Kimi-style call ids)",
    ids="kimi",
    started="2026-05-19T14:00:00+08:00",
)
def hydrogen(t: Trace) -> None:
    t.user("7 号站 H70 枪正在给一辆重卡加注，帮我盯到加满，告诉我加了多少公斤。")
    seq = [(18.5, 1.9, "filling"), (35.2, 4.6, "filling"), (52.8, 7.3, "filling"), (70.0, 9.8, "complete")]
    for i, (mpa, kg, st) in enumerate(seq):
        t.act(
            "查询加注会话。" if i == 0 else "再查一次进度。",
            "get_fill_session",
            {"station": 7, "nozzle": "H70"},
            {"session": "FS-88231", "pressure_mpa": mpa, "dispensed_kg": kg, "state": st},
        )
        if st != "complete":
            t.act("等待 60 秒。", "sleep", {"seconds": 60}, "slept 60s")
    t.say("加注完成：压力 70.0 MPa，共加注 9.8 kg（会话 FS-88231）。")
    t.healthy(
        "A poll that progresses (18.5 → 35.2 → 52.8 → 70.0 MPa) and ends in completion; identical calls, new "
        "results each time.",
        "Hydrogen-station agent polls a refuelling session from 18.5 to 70 MPa until complete.",
    )


@_ok(
    "kimchi-setpoint-timeout-retry",
    domain="kimchi factory (fermentation tank temperatures)",
    language="ko",
    harness="plant control agent (camelCase REST tools)",
    ids="bedrock",
    started="2026-12-02T06:20:00+09:00",
)
def kimchi(t: Trace) -> None:
    t.user("3번 탱크를 4도로 낮추고, 5번 탱크는 발효 모드 유지하면서 8도로 맞춰 주세요.")
    t.act(
        "3번 탱크 설정값을 바꿉니다.",
        "setFermentTemp",
        {"tankId": 3, "setpointC": 4},
        "HTTP/1.1 504 Gateway Timeout\n\nupstream PLC did not respond in 5s",
        err=True,
    )
    t.act("적용됐는지 확인합니다.", "getTank", {"tankId": 3}, {"tankId": 3, "tempC": 9.4, "setpointC": 9.0})
    t.act(
        "적용되지 않았으니 다시 보냅니다.",
        "setFermentTemp",
        {"tankId": 3, "setpointC": 4},
        {"tankId": 3, "setpointC": 4.0, "accepted": True},
    )
    t.act(
        "5번 탱크를 8도로 설정합니다.",
        "setFermentTemp",
        {"tankId": 5, "setpointC": 8},
        {"tankId": 5, "setpointC": 8.0, "accepted": True},
    )
    t.batch(
        "두 탱크 모두 확인합니다.",
        [
            (
                "getTank",
                {"tankId": 3},
                {"tankId": 3, "tempC": 9.1, "setpointC": 4.0, "mode": "ferment"},
                False,
            ),
            (
                "getTank",
                {"tankId": 5},
                {"tankId": 5, "tempC": 8.6, "setpointC": 8.0, "mode": "ferment"},
                False,
            ),
        ],
        order=[1, 0],
    )
    t.say(
        "3번 탱크는 4.0도(첫 요청은 타임아웃, 재시도 성공), "
        "5번 탱크는 8.0도로 설정됐습니다. 둘 다 발효 모드입니다."
    )
    t.healthy(
        "A write times out, the agent checks it was not applied, retries once and succeeds, then moves on; "
        "the read-backs confirm.",
        "Kimchi-plant agent retries a timed-out setpoint after checking it and sets a second tank.",
    )


@_ok(
    "census-districts-fanout",
    domain="census enumeration fieldwork (household lists)",
    language="pl",
    harness="field-operations agent (slash-named tools)",
    ids="hex8",
    started="2026-04-15T08:00:00+02:00",
)
def census(t: Trace) -> None:
    t.user(
        "Ile nieodwiedzonych gospodarstw zostało w obwodach 14-0211 do 14-0216? Przydziel rachmistrzów do "
        "trzech najgorszych."
    )
    counts = {"14-0211": 12, "14-0212": 41, "14-0213": 137, "14-0214": 8, "14-0215": 66, "14-0216": 23}
    t.batch(
        "Sprawdzam wszystkie obwody równolegle.",
        [
            (
                "spis/podsumowanie_obwodu",
                {"obwod": o, "status": "nieodwiedzone"},
                {"obwod": o, "liczba": n},
                False,
            )
            for o, n in counts.items()
        ],
        order=[3, 0, 5, 2, 1, 4],
    )
    t.act(
        "Przydzielam rachmistrzów.",
        "spis/przydziel",
        {"przydzialy": {"14-0213": ["R-17", "R-22"], "14-0215": ["R-09"], "14-0212": ["R-31"]}},
        {"ok": True, "przydzielono": 4},
    )
    t.say(
        "Nieodwiedzone: 0213 – 137, 0215 – 66, 0212 – 41, 0216 – 23, 0211 – 12, 0214 – 8. Przydzieliłem "
        "R-17 i R-22 do 0213, R-09 do 0215 i R-31 do 0212."
    )
    t.healthy(
        "Fan-out over six districts in one parallel batch answered out of order, then one assignment call.",
        "Census agent checks six districts in parallel and assigns enumerators to the worst three.",
    )


@_ok(
    "roadside-partner-retry-handoff",
    domain="roadside assistance (tow dispatch with trailers)",
    language="sv",
    harness="support agent with hand-offs",
    ids="openai_responses",
    started="2026-01-10T02:10:00+01:00",
)
def roadside(t: Trace) -> None:
    t.user("Jag står med punktering på väg 83 vid Ljusdal, reservdäcket är också trasigt. Kan ni hjälpa?")
    t.act(
        "Jag hämtar ditt medlemskap.",
        "kund.hamta",
        {"telefon": "+46702223344"},
        {"medlem": "Bas", "fordon": "XYZ789 Skoda Octavia"},
    )
    args = {"reg": "XYZ789", "plats": "väg 83 Ljusdal", "tjanst": "däckbyte/bärgning"}
    t.act(
        "Jag bokar närmaste partner.",
        "bargning.boka",
        args,
        {"status": "misslyckad", "orsak": "partner Ljusdal Bärgning svarar inte"},
    )
    t.act(
        "Jag försöker en gång till.",
        "bargning.boka",
        args,
        {"status": "misslyckad", "orsak": "partner Ljusdal Bärgning svarar inte"},
    )
    t.act(
        "Partnern svarar inte; jag lämnar över till nattjouren.",
        "overlamna_till_handlaggare",
        {
            "ko": "vagassistans_natt",
            "arende": "väg 83 Ljusdal, punktering + trasigt reservdäck, partner svarar ej",
        },
        {"overlamnad": True, "ko": "vagassistans_natt", "vantetid_min": 4},
    )
    t.say(
        "Vår närmaste partner svarar inte just nu, så jag har lämnat ärendet till nattjouren. En handläggare "
        "ringer dig inom cirka 4 minuter."
    )
    t.healthy(
        "Two identical booking attempts fail, then a successful hand-off to a valid queue: retries then "
        "hand-off.",
        "Roadside-assistance agent retries a tow booking once and hands the case to the night desk.",
    )


@_ok(
    "jacquard-repeat-card-valid",
    domain="jacquard silk brocade weaving (pattern cards, customer notices)",
    language="tr",
    harness="order-desk agent (dotted Turkish tools)",
    ids="adk",
    started="2026-10-21T09:00:00+03:00",
)
def jacquard(t: Trace) -> None:
    t.user("SP-5530 için hatalı 212-218 kartlarını yeniden oluştur; motif raporu 8 atkıda bir tekrar ediyor.")
    t.act(
        "Motif raporunu alıyorum.",
        "desen.rapor",
        {"siparis": "SP-5530"},
        {
            "rapor_atki": 8,
            "satirlar": [
                "11001100",
                "01100110",
                "00110011",
                "10011001",
                "11001100",
                "01100110",
                "00110011",
                "10011001",
            ],
        },
    )
    rows = ["11001100", "01100110", "00110011", "10011001"] * 2
    card = "\n".join(f"{212 + i // 8}:{i % 8 + 1}:{rows[i % 8]}" for i in range(56))
    t.act(
        "Kartları motif raporundan yazıyorum.",
        "desen.kart_yaz",
        {"siparis": "SP-5530", "kartlar": card},
        {"yazildi": 56, "kartlar": "212-218"},
    )
    t.act(
        "Doğruluyorum.",
        "desen.kontrol",
        {"siparis": "SP-5530"},
        lines("kart 1-211: uygun", "kart 212-218: uygun", "kart 219-640: uygun"),
    )
    t.say("212-218 kartları 8 atkılık motif raporuna göre yeniden yazıldı ve kontrol temiz.")
    t.healthy(
        "The card file passed as an argument is highly repetitive by design (an 8-pick motif repeated across "
        "seven cards), validated afterwards; repetitive but valid content, not degenerate text.",
        "Weaving agent writes a repetitive but correct jacquard card file and validates it.",
    )
