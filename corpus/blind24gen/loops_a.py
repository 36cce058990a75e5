"""Loop scenarios in the twenty non-English domains (one per domain)."""

from __future__ import annotations

from blind24gen.builder import Builder, Trace, jc, ji, lines, scenario, table

SCENARIOS: list[Builder] = []


def _loop(slug: str, **kw: str):
    return scenario(SCENARIOS, slug, loop=True, **kw)


@_loop(
    "hanko-proof-tab-flip",
    domain="hanko seal engraving shop (proof approval)",
    language="ja",
    harness="computer-use agent (Anthropic computer tool)",
    ids="anthropic",
    started="2026-04-07T10:12:00+09:00",
)
def hanko(t: Trace) -> None:
    t.user(
        "注文番号 HN-2291 の実印、校正案1と案2のどちらが注文書の指定どおりか確認して、"
        "合っている方を承認してください。"
    )
    t.act(
        "管理画面を確認します。",
        "computer",
        {"action": "screenshot"},
        "[screenshot] 印鑑工房 管理画面 / 注文 HN-2291 山本 様 / タブ: [注文書] (120,88) [校正案1] (220,88) "
        "[校正案2] (320,88) / 右下: [この案で承認] (1040,700)",
    )
    a = {"action": "left_click", "coordinate": [220, 88]}
    b = {"action": "left_click", "coordinate": [320, 88]}
    ra = "[screenshot] 校正案1: 篆書体 / 文字「山本」/ 外枠 1.2mm / 印面 15.0mm 丸"
    rb = "[screenshot] 校正案2: 篆書体 / 文字「山本」/ 外枠 0.9mm / 印面 15.0mm 丸"
    t.act("校正案1を開きます。", "computer", a, ra)
    t.act("校正案2と比べます。", "computer", b, rb)
    t.act("もう一度案1の外枠を見ます。", "computer", a, ra)
    t.act("案2の外枠も再確認します。", "computer", b, rb)
    onset = t.act("案1に戻って比較します。", "computer", a, ra)
    t.act("案2をもう一度表示します。", "computer", b, rb)
    t.act("念のため案1を確認します。", "computer", a, ra)
    t.act("案2を確認します。", "computer", b, rb)
    t.loop(
        ["alternation"],
        onset,
        f"The agent flips between the two proof tabs with identical screenshots and never opens the order "
        f"sheet tab that states the required frame width; the third visit to proof 1 at step {onset} makes "
        f"the A/B cycle unambiguous (A B A B [A]).",
        "Computer-use agent in a hanko shop admin flips between two seal proofs without opening the order.",
    )


@_loop(
    "lido-booking-code-recheck",
    domain="Italian beach lido (stabilimento balneare) umbrella bookings",
    language="it",
    harness="support agent (OpenAI chat tools)",
    ids="openai_chat",
    started="2026-07-08T09:31:00+02:00",
)
def lido(t: Trace) -> None:
    t.user(
        "Buongiorno, ho prenotato un ombrellone in prima fila per sabato, codice LD-2O45. "
        "Posso spostarlo a domenica? E che tempo è previsto domenica a Cesenatico?"
    )
    q = {"codice": "LD-2O45"}
    empty = {"risultati": [], "totale": 0}
    t.act("Cerco la prenotazione.", "prenotazioni.cerca", q, empty)
    t.act(
        "Intanto controllo il meteo di domenica.",
        "meteo.previsioni",
        {"localita": "Cesenatico", "data": "2026-07-12"},
        {
            "localita": "Cesenatico",
            "data": "2026-07-12",
            "cielo": "sereno",
            "max_c": 31,
            "vento_kmh": 9,
            "bandiera": "bianca",
        },
    )
    t.act("Riprovo la ricerca della prenotazione.", "prenotazioni.cerca", q, empty)
    onset = t.act("Il gestionale a volte è lento, ricontrollo.", "prenotazioni.cerca", q, empty)
    t.act("Provo ancora una volta con lo stesso codice.", "prenotazioni.cerca", q, empty)
    t.act("Ricerco la prenotazione LD-2O45.", "prenotazioni.cerca", q, empty)
    t.loop(
        ["identical_call"],
        onset,
        f"The booking code as typed contains a letter O; every search returns an empty list and the agent "
        f"repeats the byte-identical search instead of asking the guest or trying LD-2045. The weather "
        f"call in between does not reset the count: the 3rd identical empty search is step {onset}.",
        "Beach-lido support agent re-runs the same empty booking search around a weather lookup.",
    )


@_loop(
    "sphagnum-moisture-job-frozen",
    domain="sphagnum moss harvesting on peatlands (drone moisture analysis)",
    language="fi",
    harness="operations agent (Mistral tools)",
    ids="mistral",
    started="2026-05-19T09:58:00+03:00",
)
def sphagnum(t: Trace) -> None:
    t.user(
        "Aja kosteusanalyysi Kurkisuon lohkoille 3–5 ja kerro, voiko rahkasammalen nosto alkaa ensi viikolla."
    )
    t.act(
        "Käynnistän analyysin.",
        "kaynnista_analyysi",
        {"suo": "Kurkisuo", "lohkot": [3, 4, 5]},
        {"tyo_id": "KA-5518", "tila": "jonossa"},
    )

    def poll(text: str, at: str) -> int:
        return t.act(
            text,
            "analyysi_tila",
            {"tyo_id": "KA-5518"},
            {
                "tyo_id": "KA-5518",
                "tila": "käynnissä",
                "edistyminen": 41,
                "vaihe": "ortomosaiikki",
                "tarkistettu": at,
            },
        )

    poll("Tarkistan tilan.", "09:59:40")
    t.act("Odotan minuutin.", "odota", {"sekuntia": 60}, "odotettu 60 s")
    poll("Katson uudelleen.", "10:00:45")
    t.act("Odotan kaksi minuuttia.", "odota", {"sekuntia": 120}, "odotettu 120 s")
    onset = poll("Tarkistan analyysin tilan.", "10:02:51")
    t.act("Odotan viisi minuuttia.", "odota", {"sekuntia": 300}, "odotettu 300 s")
    poll("Tarkistan taas.", "10:07:58")
    poll("Vielä kerran.", "10:08:02")
    t.loop(
        ["identical_call"],
        onset,
        f"A frozen poll: the job stays at 41 % in the same phase; only 'tarkistettu' changes. Sleeps between "
        f"polls do not reset the count, so the 3rd identical status at step {onset} is the onset.",
        "Peatland agent keeps polling a drone moisture job stuck at 41 % with waits in between.",
    )


@_loop(
    "cork-harvest-interval-searches",
    domain="cork oak (montado) harvesting regulations",
    language="pt-PT",
    harness="research agent (web search, OpenAI Responses)",
    ids="openai_responses",
    started="2026-03-02T14:05:00+00:00",
)
def cork(t: Trace) -> None:
    t.user("Qual é o intervalo mínimo legal entre descortiçamentos de sobreiros em Portugal? Há excepções?")
    a = {
        "titulo": "Decreto-Lei n.º 169/2001 - Protecção do sobreiro e da azinheira",
        "url": "https://dre.pt/dl169-2001",
        "excerto": "…não é permitido o descortiçamento de sobreiros com periodicidade inferior a nove anos…",
    }
    b = {
        "titulo": "Perguntas frequentes - APCOR",
        "url": "https://apcor.pt/faq",
        "excerto": "A cortiça é extraída de nove em nove anos…",
    }
    c = {
        "titulo": "Sobreiro: condicionantes | ICNF",
        "url": "https://icnf.pt/sobreiro",
        "excerto": "…salvo autorização em casos de árvores afectadas por incêndio…",
    }
    d = {
        "titulo": "Tiradas de cortiça: o que diz a lei",
        "url": "https://montado-vivo.pt/blog/tiradas",
        "excerto": "nove anos, no mínimo, entre tiradas…",
    }
    e = {
        "titulo": "Fórum agrícola - descortiçar antes do prazo?",
        "url": "https://forum-agro.pt/t/8812",
        "excerto": "alguém sabe se o ICNF autoriza…",
    }
    searches = [
        ("Vou pesquisar a legislação.", "intervalo mínimo descortiçamento sobreiro lei", [a, b, c, d]),
        ("Procuro confirmação.", "sobreiros lei prazo entre descortiçamentos 9 anos", [b, a, d, e]),
        (
            "Mais uma pesquisa para as excepções.",
            "descortiçamento periodicidade legal Portugal sobreiro",
            [a, c, b],
        ),
        ("Reformulo a pesquisa.", "quantos anos entre tiradas de cortiça legislação", [d, a, b, c]),
        (
            "Pesquiso as excepções de outra forma.",
            "Decreto-Lei sobreiro intervalo tiradas cortiça excepções",
            [a, b, c],
        ),
        ("Outra formulação.", "regras descortiçamento antes dos nove anos autorização", [c, a, e, b]),
    ]
    steps = [t.act(txt, "pesquisa_web", {"q": q}, ji({"resultados": r})) for txt, q, r in searches]
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        "Paraphrased searches return the same five pages reshuffled; the agent never opens the decree or "
        "the "
        f"ICNF page that carry the answer and the exception. The 4th search at step {onset} brings nothing "
        "new.",
        "Cork-regulation research agent paraphrases one web search over overlapping results, never fetching.",
    )


@_loop(
    "date-palm-irrigation-toggle",
    domain="date palm plantations (pollination-season irrigation)",
    language="ar",
    harness="farm operations agent (Bedrock tools)",
    ids="bedrock",
    started="2026-03-15T06:40:00+04:00",
)
def date_palm(t: Trace) -> None:
    t.user("اضبط ري القطاع B7 في مزرعة النخيل على نظام يناسب فترة التلقيح، لا نريد رطوبة زائدة حول الطلع.")
    t.act(
        "أتحقق من الوضع الحالي.",
        "irrigation.get_mode",
        {"block": "B7"},
        {"block": "B7", "mode": "flood", "interval_days": 5, "soil_moisture_pct": 31},
    )

    def set_mode(text: str, mode: str) -> int:
        return t.act(
            text,
            "irrigation.set_mode",
            {"block": "B7", "mode": mode},
            {"ok": True, "block": "B7", "mode": mode},
        )

    set_mode("أحوّل إلى الري بالتنقيط لتقليل الرطوبة.", "drip")
    t.act(
        "أتأكد من التغيير.",
        "irrigation.get_mode",
        {"block": "B7"},
        {"block": "B7", "mode": "drip", "interval_days": 1, "soil_moisture_pct": 31},
    )
    set_mode("التنقيط قد لا يكفي النخيل الكبيرة في هذا الحر، أعيده إلى الغمر.", "flood")
    set_mode("لكن الغمر يرفع الرطوبة حول الطلع، أرجع إلى التنقيط.", "drip")
    t.act(
        "أراجع الوضع.",
        "irrigation.get_mode",
        {"block": "B7"},
        {"block": "B7", "mode": "drip", "interval_days": 1, "soil_moisture_pct": 30},
    )
    onset = set_mode("أخشى على الري العميق للجذور، أعود إلى الغمر.", "flood")
    set_mode("الأفضل التنقيط خلال التلقيح.", "drip")
    set_mode("سأعيده إلى الغمر احتياطاً.", "flood")
    t.loop(
        ["same_tool", "alternation"],
        onset,
        f"The agent toggles block B7 between drip and flood without new information (read-backs are not "
        f"toggles); the 4th toggle at step {onset} is the onset. It should pick one mode or ask the farm "
        "manager.",
        "Date-palm irrigation agent toggles one block between drip and flood irrigation.",
    )


@_loop(
    "vanilla-export-moisture-format",
    domain="vanilla curing and export (phytosanitary certificates)",
    language="fr",
    harness="export back-office agent (Google ADK)",
    ids="adk",
    started="2026-09-22T08:15:00+03:00",
)
def vanilla(t: Trace) -> None:
    t.user(
        "Soumets la demande de certificat phytosanitaire pour le lot VAN-0427 (vanille noire, gousses "
        "16-18 cm, 420 kg, teneur en eau 32 %), destination Hambourg."
    )
    t.act(
        "Je consulte le lot.",
        "lots.consulter",
        {"lot": "VAN-0427"},
        {
            "lot": "VAN-0427",
            "produit": "vanille noire",
            "poids_kg": 420,
            "longueur_cm": "16-18",
            "humidite_mesuree": "32,0 %",
            "region": "SAVA",
        },
    )
    base = {"lot": "VAN-0427", "destination": "DEHAM", "poids_kg": 420}
    rejet = {
        "statut": "rejeté",
        "erreurs": [{"champ": "teneur_eau", "message": "valeur attendue en pour mille (entier, ex. 320)"}],
    }
    tries = [
        ("Je soumets la demande.", "32 %"),
        ("Je corrige le format de l'humidité.", 32),
        ("Essayons avec une virgule décimale.", "32,0"),
        ("Peut-être en fraction.", 0.32),
        ("Je reformule la valeur.", "32.0%"),
    ]
    steps = [
        t.act(txt, "certificat_export.soumettre", {**base, "teneur_eau": v}, jc(rejet)) for txt, v in tries
    ]
    onset = steps[3]
    t.loop(
        ["error_streak", "same_tool"],
        onset,
        f"Each submission is rejected in the body (is_error false) for the same field, whose message says "
        f"what it expects (per mille, 320); the agent rewrites the percentage instead. The 4th rejection of "
        f"the same kind is step {onset}.",
        "Vanilla export agent rewrites a moisture value in percent forms after the same rejection.",
    )


@_loop(
    "mangrove-survival-redelegation",
    domain="mangrove restoration monitoring (seedling survival for donors)",
    language="id",
    harness="orchestrator delegating to sub-agents",
    ids="deepseek",
    started="2026-06-03T13:20:00+07:00",
)
def mangrove(t: Trace) -> None:
    t.user(
        "Hitung tingkat kelangsungan hidup bibit mangrove (Rhizophora) di petak P1–P6 dari data monitoring "
        "bulan ke-6, lalu simpan ringkasannya untuk laporan donor."
    )
    rep1 = lines(
        "Hasil (monitoring_bulan6.csv):",
        "P1 82% | P2 76% | P3 64% | P4 71% | P5 58% | P6 77%",
        "Total: 2.142 hidup dari 3.000 ditanam = 71,4%. Kematian tertinggi di P5 (teritip, genangan).",
    )
    rep2 = lines(
        "Verifikasi selesai. Angka sama: keseluruhan 71,4 % (2142/3000).",
        "Per petak: P1 0,82; P2 0,76; P3 0,64; P4 0,71; P5 0,58; P6 0,77.",
    )
    rep3 = (
        "Survival keseluruhan ≈ 71 %; P5 terendah (58 %), P1 tertinggi (82 %). Tidak ada selisih dengan "
        "hitungan sebelumnya."
    )
    t.act(
        "Saya delegasikan perhitungan ke analis lapangan.",
        "delegasi",
        {
            "agen": "analis_lapangan",
            "tugas": "Hitung survival rate bibit Rhizophora per petak P1–P6 dari monitoring_bulan6.csv",
        },
        rep1,
    )
    t.act(
        "Saya minta verifikasi independen.",
        "delegasi",
        {
            "agen": "analis_data",
            "tugas": "Verifikasi survival rate per petak P1–P6 dari monitoring_bulan6.csv",
        },
        rep2,
    )
    onset = t.act(
        "Untuk memastikan, saya minta dihitung ulang.",
        "delegasi",
        {
            "agen": "analis_lapangan",
            "tugas": "Tolong hitung ulang tingkat kelangsungan hidup per petak P1–P6 (monitoring bulan 6)",
        },
        rep3,
    )
    t.act(
        "Saya minta satu pemeriksaan lagi ke analis statistik.",
        "delegasi",
        {"agen": "analis_statistik", "tugas": "Cek angka survival P1–P6 bulan ke-6"},
        "Dikonfirmasi: 71,4 % keseluruhan; rincian per petak sama dengan laporan sebelumnya.",
    )
    t.act(
        "Sekali lagi agar laporan donor benar-benar akurat.",
        "delegasi",
        {"agen": "analis_data", "tugas": "Validasi akhir survival rate P1–P6"},
        "Validasi: 71,4 %. Tidak ada perubahan.",
    )
    t.loop(
        ["same_tool"],
        onset,
        "Two sub-agent reports already agree (71.4 %, same per-plot figures), yet the orchestrator "
        "delegates "
        f"the same count again and again to renamed sub-agents and never saves the summary. The 3rd "
        f"delegation at step {onset} is the onset.",
        "Mangrove orchestrator re-delegates one survival count after sub-agent reports agree.",
    )


@_loop(
    "legionella-sample-schema",
    domain="drinking-water hygiene (Legionella sampling under the TrinkwV)",
    language="de",
    harness="MCP client (trinkwasser server)",
    ids="kimi",
    started="2026-03-17T15:44:00+01:00",
)
def legionella(t: Trace) -> None:
    t.user(
        "Lege für die Legionellen-Untersuchung im Objekt Lindenstraße 14 eine Probe an: Entnahmestelle "
        "Warmwasser-Austritt Speicher (PWH), Probenahme morgen 8 Uhr, Zweck b (orientierend)."
    )
    t.act(
        "Ich suche das Objekt.",
        "mcp__trinkwasser__objekt_suchen",
        {"adresse": "Lindenstraße 14"},
        ji(
            {
                "objekt_id": "OBJ-33817",
                "entnahmestellen": [
                    {"id": "ES-01", "bez": "Austritt Trinkwassererwärmer PWH"},
                    {"id": "ES-02", "bez": "Zirkulation Rücklauf PWH-C"},
                    {"id": "ES-03", "bez": "Entfernteste Entnahmestelle 3. OG, Bad links"},
                ],
            }
        ),
    )
    fail = jc(
        {
            "angelegt": False,
            "fehler": {
                "feld": "entnahmestelle",
                "meldung": "Objekt {id, bez} erwartet, Zeichenkette erhalten",
            },
        }
    )
    name = "mcp__trinkwasser__probe_anlegen"
    tries = [
        (
            "Ich lege die Probe an.",
            {
                "entnahmestelle": "Austritt Trinkwassererwärmer PWH",
                "termin": "2026-03-18T08:00",
                "zweck": "b",
            },
        ),
        (
            "Vielleicht stört das Datumsformat.",
            {
                "entnahmestelle": "Austritt Trinkwassererwärmer PWH",
                "termin": "18.03.2026 08:00",
                "zweck": "b",
            },
        ),
        (
            "Ich schreibe den Zweck groß.",
            {
                "entnahmestelle": "Austritt Trinkwassererwärmer PWH",
                "termin": "2026-03-18T08:00",
                "zweck": "B",
            },
        ),
        (
            "Ich nehme die ID der Entnahmestelle.",
            {"entnahmestelle": "ES-01", "termin": "2026-03-18T08:00", "zweck": "b"},
        ),
        (
            "Dann mit kürzerer Bezeichnung.",
            {"entnahmestelle": "Speicher PWH", "termin": "2026-03-18T08:00", "zweck": "b"},
        ),
    ]
    steps = [t.act(txt, name, {"objekt_id": "OBJ-33817", **args}, fail) for txt, args in tries]
    onset = steps[3]
    t.loop(
        ["error_streak"],
        onset,
        f"Schema misuse reported only in the body (is_error false): the field wants an object but the agent "
        f"keeps sending strings while changing other fields. The 4th identical rejection is step {onset}.",
        "Legionella sampling agent keeps passing a string where the MCP tool wants an object.",
    )


@_loop(
    "scaffold-contract-never-created",
    domain="scaffolding hire (rental contracts)",
    language="nl",
    harness="sales back-office agent (camelCase tools)",
    ids="hex8",
    started="2026-02-24T11:02:00+01:00",
)
def scaffold(t: Trace) -> None:
    t.user(
        "Maak een huurovereenkomst voor Bouwbedrijf De Vries: 120 steigerpalen 3 m, 200 koppelingen, "
        "60 vloerdelen, 6 weken vanaf 2 maart, project Kerkstraat Zwolle."
    )
    stock = {
        "steigerpaal-3m": {"artikel": "steigerpaal-3m", "beschikbaar": 340, "gereserveerd": 60},
        "koppeling-haaks": {"artikel": "koppeling-haaks", "beschikbaar": 910, "gereserveerd": 150},
        "vloerdeel-3m": {"artikel": "vloerdeel-3m", "beschikbaar": 155, "gereserveerd": 40},
    }
    order = ["steigerpaal-3m", "koppeling-haaks", "vloerdeel-3m"]
    texts = [
        "Ik controleer eerst de voorraad en maak daarna de overeenkomst aan.",
        "Palen zijn er genoeg. Nu de koppelingen.",
        "Alles is op voorraad. Ik maak nu de huurovereenkomst aan.",
        "Ik maak nu de huurovereenkomst voor De Vries aan.",
        "Ik ga de overeenkomst nu aanmaken, project Kerkstraat.",
        "Nu maak ik de huurovereenkomst aan: 6 weken vanaf 2 maart.",
        "De overeenkomst wordt nu aangemaakt.",
    ]
    steps = [
        t.act(txt, "getStock", {"artikel": order[i % 3]}, stock[order[i % 3]]) for i, txt in enumerate(texts)
    ]
    onset = steps[5]
    t.loop(
        ["narration", "alternation"],
        onset,
        f"From step {steps[2]} on the agent announces the contract every turn but only re-reads the same "
        "three "
        f"stock items (a period-3 cycle) and never calls a create tool; the 4th announcement at step {onset} "
        f"is the onset (the cycle's third visit follows one step later).",
        "Scaffolding-hire agent announces a rental contract every turn while re-reading stock.",
    )


@_loop(
    "galvanizing-bath-three-cycle",
    domain="hot-dip galvanizing plant (zinc bath and flux)",
    language="cs",
    harness="process-support agent (dotted tools)",
    ids="plain",
    started="2026-01-27T07:10:00+01:00",
)
def galvanizing(t: Trace) -> None:
    t.user(
        "Díly zakázky Z-7781 mají po pozinkování drsný povrch. Zkontroluj lázeň a tavidlo a navrhni úpravu."
    )
    a = ("vana.teplota", {"vana": 2}, {"vana": 2, "teplota_C": 452, "cil_C": 450, "Al_pct": 0.005})
    b = (
        "vana.nastav_teplotu",
        {"vana": 2, "cil_C": 450},
        {"ok": True, "zmena": False, "poznamka": "cílová teplota již 450 °C"},
    )
    c = (
        "tavidlo.koncentrace",
        {"nadrz": "T2"},
        {"nadrz": "T2", "ZnCl2_NH4Cl_g_l": 410, "Fe_g_l": 7.8, "pH": 4.6},
    )
    texts = [
        "Zjistím teplotu lázně.",
        "Nastavím cílovou teplotu na 450 °C.",
        "Zkontroluji tavidlo.",
        "Ověřím teplotu po nastavení.",
        "Pro jistotu znovu nastavím 450 °C.",
        "Ještě jednou tavidlo.",
        "Teplota lázně znovu.",
        "Nastavím 450 °C.",
        "Tavidlo.",
    ]
    cyc = [a, b, c]
    steps = [t.act(txt, *cyc[i % 3]) for i, txt in enumerate(texts)]
    onset = steps[6]
    t.loop(
        ["alternation"],
        onset,
        f"A period-3 cycle (read bath temperature, set the same setpoint, read flux) with identical results; "
        f"the flux iron content (7.8 g/l) that explains rough coatings is never acted on. The third visit to "
        f"the cycle's first state is step {onset}.",
        "Galvanizing agent cycles bath read, no-op setpoint, flux read with identical results.",
    )


@_loop(
    "cave-survey-reduce-keyerror",
    domain="cave surveying (survey-leg reduction scripts)",
    language="es",
    harness="Gemini-CLI-style coding agent",
    ids="gemini_cli",
    started="2026-10-04T18:22:00+02:00",
)
def cave(t: Trace) -> None:
    t.user(
        "El script reduce.py falla al procesar la poligonal de la Sima del Trave (data/trave.svx). Arréglalo."
    )
    cmd = {"command": "python reduce.py data/trave.svx", "description": "Reducir la poligonal"}
    tb = lines(
        "Command: python reduce.py data/trave.svx",
        "Directory: (root)",
        "Stdout: leídas 214 visuales",
        "Stderr: Traceback (most recent call last):",
        '  File "/home/espeleo/topo/reduce.py", line 58, in <module>',
        "    main(sys.argv[1])",
        '  File "/home/espeleo/topo/reduce.py", line 41, in main',
        "    x0, y0, z0 = coords[leg.desde]",
        "KeyError: 'T12'",
        "Error: (none)",
        "Exit Code: 1",
        "Signal: (none)",
    )
    t.act("Reproduzco el fallo.", "run_shell_command", cmd, tb)
    t.act(
        "Leo el script.",
        "read_file",
        {"absolute_path": "/home/espeleo/topo/reduce.py"},
        lines(
            "import sys",
            "from svx import read_legs",
            "",
            "def main(path):",
            "    legs = read_legs(path)",
            "    coords = {legs[0].desde: (0.0, 0.0, 0.0)}",
            "    for leg in legs:",
            "        x0, y0, z0 = coords[leg.desde]",
            "        coords[leg.hasta] = project(x0, y0, z0, leg)",
        ),
    )
    edits = [
        (
            "Añado un comentario y renombro la variable para aclarar.",
            "    for leg in legs:",
            "    # recorrer visuales en orden\n    for leg in legs:",
        ),
        ("Normalizo los nombres con strip().", "coords[leg.desde]", "coords[leg.desde.strip()]"),
        (
            "Uso un OrderedDict para conservar el orden.",
            "coords = {legs[0].desde: (0.0, 0.0, 0.0)}",
            "coords = OrderedDict({legs[0].desde: (0.0, 0.0, 0.0)})",
        ),
        (
            "Convierto a str por si viene otro tipo.",
            "coords[leg.desde.strip()]",
            "coords[str(leg.desde).strip()]",
        ),
    ]
    steps = []
    for txt, old, new in edits:
        t.act(
            txt,
            "replace",
            {"file_path": "/home/espeleo/topo/reduce.py", "old_string": old, "new_string": new},
            "Successfully modified file: /home/espeleo/topo/reduce.py (1 replacements).",
        )
        steps.append(t.act("Vuelvo a ejecutar.", "run_shell_command", cmd, tb))
    onset = steps[2]
    t.loop(
        ["error_streak"],
        onset,
        "Every run fails with the same KeyError 'T12' (the failing reproduction is the 1st failure); the "
        "edits "
        "in between are cosmetic and never look at the survey file (a leg names 't12' in lower case). The "
        "4th "
        f"identical failure is step {onset}.",
        "Gemini-CLI-style agent makes cosmetic edits to a cave-survey script that keeps raising KeyError.",
    )


@_loop(
    "bsf-harvest-summary-degenerate",
    domain="black soldier fly larvae farming (harvest crates)",
    language="th",
    harness="farm assistant (step-scoped call ids)",
    ids="step_scoped",
    started="2026-05-06T16:45:00+07:00",
)
def bsf(t: Trace) -> None:
    t.user("สรุปผลผลิตหนอนแมลงวันลาย (BSF) รอบนี้ของโรงเรือน 2 ให้หน่อย และบอกว่ากล่องไหนความชื้นเกิน 70%")
    t.act(
        "ดึงสรุปผลผลิต",
        "harvest.summary",
        {"house": 2, "cycle": "2026-W18"},
        {"house": 2, "cycle": "2026-W18", "crates": 8, "larvae_kg": 412.6, "frass_kg": 1180.0},
    )
    t.act(
        "ดูความชื้นรายกล่อง",
        "crates.moisture",
        {"house": 2},
        lines(
            "crate,moisture_pct",
            "C01,66",
            "C02,74",
            "C03,68",
            "C04,65",
            "C05,69",
            "C06,67",
            "C07,72",
            "C08,64",
        ),
    )
    onset = t.say(
        "สรุปโรงเรือน 2 รอบ 2026-W18: ได้หนอน 412.6 กก. มูลหนอน 1,180 กก. กล่องที่ความชื้นเกินคือ C02 และ "
        "C07 " + "ตรวจสอบความชื้นแล้วกล่องC02ความชื้นเกิน" * 28
    )
    t.loop(
        ["degenerate_text"],
        onset,
        f"The reply at step {onset} starts with a correct summary and then collapses into one phrase "
        "repeated "
        f"28 times.",
        "BSF farm assistant's harvest summary collapses into one repeated Thai phrase.",
    )


@_loop(
    "cotton-gin-lot-id-variants",
    domain="cotton ginning (bale press records)",
    language="hi",
    harness="SQL data agent (PostgreSQL)",
    ids="padded",
    started="2026-11-12T10:05:00+05:30",
)
def cotton(t: Trace) -> None:
    t.user("लॉट G-114 की आज तक कितनी गांठें (bales) प्रेस हुई हैं? और उनका औसत वज़न बताइए।")
    zero = lines(" count | avg_kg", "-------+--------", "     0 |", "(1 row)")
    queries = [
        ("क्वेरी चलाता हूँ।", "SELECT count(*), avg(weight_kg) AS avg_kg FROM bales WHERE lot_id = 'G-114';"),
        (
            "शायद केस का फ़र्क है।",
            "SELECT count(*), avg(weight_kg) AS avg_kg FROM bales WHERE lower(lot_id) = 'g-114';",
        ),
        (
            "स्पेस हटाकर देखता हूँ।",
            "SELECT count(*), avg(weight_kg) AS avg_kg FROM bales WHERE trim(lot_id) = 'G-114';",
        ),
        (
            "LIKE से कोशिश करता हूँ।",
            "SELECT count(*), avg(weight_kg) AS avg_kg FROM bales WHERE lot_id LIKE 'G-114%';",
        ),
        (
            "ILIKE से फिर देखता हूँ।",
            "SELECT count(*), avg(weight_kg) AS avg_kg FROM bales WHERE lot_id ILIKE '%g-114%';",
        ),
        ("अंत में स्पेस के साथ।", "SELECT count(*), avg(weight_kg) AS avg_kg FROM bales WHERE lot_id = 'G-114 ';"),
    ]
    steps = [t.act(txt, "sql_query", {"sql": q}, zero) for txt, q in queries]
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        "Case, whitespace and LIKE variants of one filter all return 0 rows; the agent never looks at how "
        "lot "
        f"ids are stored (SELECT DISTINCT lot_id). The 4th variant at step {onset} is the onset.",
        "Cotton-gin SQL agent varies one lot-id filter trivially, always getting zero rows.",
    )


@_loop(
    "camel-dairy-batch-repeat",
    domain="camel dairy (milk collection by herd)",
    language="sw",
    harness="dairy operations agent (parallel calls)",
    ids="openai_chat",
    started="2026-02-11T07:30:00+03:00",
)
def camel(t: Trace) -> None:
    t.user(
        "Nipe jumla ya maziwa ya ngamia yaliyokamuliwa leo kwa kundi A na kundi B, na ulinganishe na jana."
    )

    def both(text: str) -> int:
        return t.batch(
            text,
            [
                (
                    "maziwa.kiasi_kundi",
                    {"kundi": "A", "tarehe": "2026-02-11"},
                    {"kundi": "A", "tarehe": "2026-02-11", "lita": 0, "rekodi": []},
                    False,
                ),
                (
                    "maziwa.kiasi_kundi",
                    {"kundi": "B", "tarehe": "2026-02-11"},
                    {"kundi": "B", "tarehe": "2026-02-11", "lita": 0, "rekodi": []},
                    False,
                ),
            ],
            order=[1, 0],
        )

    both("Ninaangalia makundi yote mawili kwa pamoja.")
    both("Hakuna rekodi bado, ninaangalia tena.")
    onset = both("Ninajaribu tena kwa makundi A na B.")
    both("Labda data imechelewa, naangalia tena.")
    both("Mara nyingine tena.")
    t.loop(
        ["identical_call"],
        onset,
        "The same parallel batch (herds A and B, today) returns no records each turn; a batch repeated "
        "exactly "
        f"counts one repeated call per turn, so the 3rd identical batch at step {onset} is the onset. The "
        "agent "
        f"never checks yesterday or the upload status.",
        "Camel-dairy agent repeats an identical two-call batch that keeps returning no milk records.",
    )


@_loop(
    "lavender-yield-monologue",
    domain="lavender essential-oil distillation",
    language="bg",
    harness="distillery assistant",
    ids="mistral",
    started="2026-07-04T17:10:00+03:00",
)
def lavender(t: Trace) -> None:
    t.user(
        "Изчисли добива на етерично масло от партидите лавандула от 3 юли и кажи дали е над средното за "
        "сезона."
    )
    t.act(
        "Вземам дневника на дестилацията.",
        "distillation.batch_log",
        {"date": "2026-07-03"},
        lines(
            "batch;flowers_kg;oil_l",
            "L-0703-1;1450;17.1",
            "L-0703-2;1380;15.9",
            "L-0703-3;1520;18.4",
            "season_avg_yield_pct;1.12",
        ),
    )
    t.say(
        "Ще изчисля добива за всяка партида, като разделя литрите масло на килограмите цвят, и ще го сравня "
        "със средното за сезона."
    )
    t.say(
        "Добре, сега ще изчисля добива на масло за всяка партида от 3 юли и след това ще сравня със "
        "сезонното средно."
    )
    t.say("Следва изчисляване на добива: масло спрямо цвят за всяка партида, после сравнение със средното.")
    onset = t.say(
        "Ще пресметна добива на етерично масло по партиди и ще го съпоставя със сезонната средна стойност."
    )
    t.say("Сега ще изчисля добива за трите партиди и ще го сравня със средното за сезона.")
    t.loop(
        ["narration"],
        onset,
        f"After one read the agent restates the same plan in consecutive messages without computing anything "
        f"(a monologue); the 4th restatement at step {onset} is the onset.",
        "Lavender distillery assistant restates its yield calculation plan without ever doing it.",
    )


@_loop(
    "h2-station-four-table-cycle",
    domain="hydrogen refuelling stations (dispenser aborts)",
    language="zh",
    harness="SQL data agent (Kimi-style call ids)",
    ids="kimi",
    started="2026-05-18T09:00:00+08:00",
)
def hydrogen(t: Trace) -> None:
    t.user("查一下上周五 7 号加氢站 35MPa 加注机为什么有三次加注中断。")
    qa = (
        "SELECT ts, nozzle, code FROM dispenser_events WHERE station=7 AND day='2026-05-15' AND "
        "event='abort';"
    )
    qb = "SELECT max(discharge_mpa), avg(temp_c) FROM compressor_log WHERE station=7 AND day='2026-05-15';"
    qc = "SELECT min(temp_c), max(temp_c) FROM precooler_log WHERE station=7 AND day='2026-05-15';"
    qd = "SELECT code, text FROM alarm_codes WHERE code='E-214';"
    ra = table(
        ["ts", "nozzle", "code"],
        [["08:14:02", "H35", "E-214"], ["11:40:37", "H35", "E-214"], ["16:05:11", "H35", "E-214"]],
    )
    rb = table(["max", "avg"], [["44.8", "31.2"]])
    rc = table(["min", "max"], [["-34.1", "-31.7"]])
    rd = table(["code", "text"], [["E-214", "车辆通信超时 (IrDA)"]])
    cyc = [(qa, ra), (qb, rb), (qc, rc), (qd, rd)]
    texts = [
        "先看中断事件。",
        "再看压缩机。",
        "看预冷温度。",
        "查报警代码含义。",
        "再核对一次中断事件。",
        "压缩机数据再确认。",
        "预冷再看一下。",
        "报警代码再查一遍。",
        "重新看中断事件。",
        "压缩机。",
    ]
    steps = [t.act(txt, "run_sql", {"query": cyc[i % 4][0]}, cyc[i % 4][1]) for i, txt in enumerate(texts)]
    onset = steps[8]
    t.loop(
        ["alternation"],
        onset,
        "A period-4 cycle over four queries with identical results; the answer (E-214, an IrDA "
        "communication "
        f"timeout with the vehicle) was already in the 4th result. The third visit to the first query is "
        f"step {onset}.",
        "Hydrogen-station SQL agent cycles four queries with identical results after finding the cause.",
    )


@_loop(
    "kimchi-tank-setpoint-schema",
    domain="kimchi factory (fermentation tank temperatures)",
    language="ko",
    harness="plant control agent (camelCase REST tools)",
    ids="bedrock",
    started="2026-12-01T06:20:00+09:00",
)
def kimchi(t: Trace) -> None:
    t.user("3번 숙성 탱크 온도를 4도로 낮춰 주세요. 배추김치 출하 전 저온 숙성 들어갑니다.")
    t.act(
        "탱크 상태를 확인합니다.",
        "getTank",
        {"tankId": 3},
        {"tankId": 3, "tempC": 9.5, "setpointC": 9.0, "mode": "ferment", "product": "배추김치"},
    )
    err = lines(
        "HTTP/1.1 400 Bad Request",
        "Content-Type: application/problem+json",
        "",
        jc({"title": "Validation failed", "errors": {"body.setpointC": ["required", "number"]}}),
    )
    tries = [
        ("설정 온도를 4도로 바꿉니다.", {"tankId": 3, "temp": "4도"}),
        ("숫자로 다시 보냅니다.", {"tankId": 3, "temp": 4}),
        ("필드 이름을 바꿔 봅니다.", {"tankId": "3", "temperature": 4}),
        ("다른 이름으로 시도합니다.", {"tankId": 3, "temp_c": 4.0}),
        ("targetTemp로 보내 봅니다.", {"tankId": 3, "targetTemp": 4}),
    ]
    steps = [t.act(txt, "setFermentTemp", args, err, err=True) for txt, args in tries]
    onset = steps[3]
    t.loop(
        ["error_streak", "same_tool"],
        onset,
        f"Schema misuse: the 400 body names the required field (setpointC, a number), which the agent had "
        f"even read from getTank, but it keeps guessing other names. The 4th identical validation failure is "
        f"step {onset}.",
        "Kimchi-plant agent guesses argument names for a setpoint call after the same 400 error.",
    )


@_loop(
    "census-cursor-not-passed",
    domain="census enumeration fieldwork (household lists)",
    language="pl",
    harness="field-operations agent (slash-named tools)",
    ids="hex8",
    started="2026-04-14T08:50:00+02:00",
)
def census(t: Trace) -> None:
    t.user(
        "Wypisz wszystkie gospodarstwa domowe w obwodzie spisowym 14-0213 oznaczone jako 'nieodwiedzone', "
        "żebym mógł rozdzielić je między rachmistrzów."
    )
    args = {"obwod": "14-0213", "status": "nieodwiedzone", "limit": 50}
    page = jc(
        {
            "wyniki": [
                {"id": "GD-140213-0007", "adres": "ul. Polna 3"},
                {"id": "GD-140213-0011", "adres": "ul. Polna 9"},
                {"id": "GD-140213-0019", "adres": "ul. Lipowa 2/4"},
                "... (47 więcej)",
            ],
            "zwrocono": 50,
            "lacznie": 137,
            "nastepny_kursor": "eyJvZmZzZXQiOjUwfQ",
        }
    )
    t.act("Pobieram listę.", "spis/lista_gospodarstw", args, page)
    t.act("Pobieram następną stronę.", "spis/lista_gospodarstw", args, page)
    onset = t.act("Kolejna strona wyników.", "spis/lista_gospodarstw", args, page)
    t.act("Pobieram dalsze gospodarstwa.", "spis/lista_gospodarstw", args, page)
    t.act("Następna strona.", "spis/lista_gospodarstw", args, page)
    t.loop(
        ["identical_call"],
        onset,
        f"Pagination that never advances: the agent asks for 'the next page' without passing nastepny_kursor "
        f"and gets the same first 50 of 137 households each time. The 3rd identical call is step {onset}.",
        "Census agent requests the next page without the cursor and keeps getting page one.",
    )


@_loop(
    "roadside-handoff-queue-names",
    domain="roadside assistance (tow dispatch with trailers)",
    language="sv",
    harness="support agent with hand-offs",
    ids="openai_responses",
    started="2026-01-09T23:41:00+01:00",
)
def roadside(t: Trace) -> None:
    t.user(
        "Bilen har fått motorstopp på E4 norr om Gävle, vid avfart 192. Jag har en släpvagn. Kan ni skicka "
        "bärgning?"
    )
    t.act(
        "Jag hämtar ditt medlemskap.",
        "kund.hamta",
        {"telefon": "+46701234567"},
        {"medlem": "Plus", "fordon": "ABC123 Volvo V90", "slap_tackt": True},
    )
    t.act(
        "Jag bokar bärgning.",
        "bargning.boka",
        {"reg": "ABC123", "plats": "E4 avfart 192", "slap": True},
        {"status": "kräver_manuell", "orsak": "släpvagn > 750 kg kräver jourhandläggare"},
    )
    fail = {
        "overlamnad": False,
        "fel": "okänd kö",
        "tillgangliga_koer": ["vagassistans_natt", "skador", "medlemsservice"],
    }
    tries = [
        ("Jag lämnar över till jourhandläggaren.", "bargning_jour"),
        ("Jag försöker med rätt stavning.", "bärgning_jour"),
        ("Ett annat namn på kön.", "Bärgning-Jour"),
        ("Jag provar den korta varianten.", "jour"),
        ("Jag försöker igen.", "bargningsjour"),
    ]
    steps = [
        t.act(txt, "overlamna_till_handlaggare", {"ko": ko, "arende": "E4-192 släp"}, {**fail, "ko": ko})
        for txt, ko in tries
    ]
    onset = steps[3]
    t.loop(
        ["error_streak", "same_tool"],
        onset,
        f"Each hand-off fails in the body with 'okänd kö', and the body lists the valid queues "
        f"(vagassistans_natt is the night desk); the agent keeps inventing spellings. The 4th failure is "
        f"step {onset}, while a stranded driver waits.",
        "Roadside-assistance agent retries a hand-off with invented queue names after the same error.",
    )


@_loop(
    "jacquard-delay-message-degenerate",
    domain="jacquard silk brocade weaving (pattern cards, customer notices)",
    language="tr",
    harness="order-desk agent (dotted Turkish tools)",
    ids="adk",
    started="2026-10-20T14:30:00+03:00",
)
def jacquard(t: Trace) -> None:
    t.user(
        "Bursa'daki müşteriye ipek brokar siparişinin (SP-5530) desen kartlarında hata olduğunu ve teslimin "
        "5 gün kayacağını bildiren nazik bir mesaj gönder."
    )
    t.act(
        "Siparişi açıyorum.",
        "siparis.getir",
        {"no": "SP-5530"},
        {
            "no": "SP-5530",
            "musteri": "Yılmaz Tekstil",
            "yetkili": "Ahmet Yılmaz",
            "metraj": 180,
            "teslim": "2026-10-27",
        },
    )
    t.act(
        "Desen kartı kontrolüne bakıyorum.",
        "desen.kontrol",
        {"siparis": "SP-5530"},
        lines(
            "kart 1-211: uygun",
            "kart 212-218: atkı sırası 2 kayık (yeniden delinecek)",
            "kart 219-640: uygun",
        ),
    )
    metin = (
        "Sayın Ahmet Bey, SP-5530 numaralı ipek brokar siparişinizin desen kartlarında (212-218) bir hata "
        "tespit ettik; kartlar yeniden hazırlanıyor ve teslim 1 Kasım 2026'ya kayacaktır. "
        + "Tekrar özür dileriz. "
        * 36
    )
    onset = t.act(
        "Mesajı gönderiyorum.",
        "musteri.mesaj_gonder",
        {"alici": "Yılmaz Tekstil", "metin": metin},
        {"gonderildi": True, "mesaj_id": "MSG-22871"},
    )
    t.say("Mesaj gönderildi.")
    t.loop(
        ["degenerate_text"],
        onset,
        f"The message text passed as a tool argument at step {onset} collapses into one apology repeated 36 "
        f"times, and it was sent to the customer.",
        "Weaving order-desk agent sends a customer notice whose text degenerates into a repeated apology.",
    )
