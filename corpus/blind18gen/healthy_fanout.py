"""Healthy runs that repeat one tool over new targets: fan-outs (sequential, a parallel batch answered out of
order, sub-agents with different tasks, per-target failures), parameter sweeps and pagination (cursor, offset,
page numbers, next tokens)."""

from __future__ import annotations

from blind18gen.builder import Trace, cj, csv, healthy, ij, md

# --- fan-out ---------------------------------------------------------------------------------------


@healthy("florist-wedding-stock-sequential")
def florist_stock(sid: str) -> Trace:
    t = Trace(
        sid,
        "Florist agent checks stock for six different flowers one by one for a wedding order.",
        domain="florist shop (wire orders and deliveries)",
        language="bg",
        ids="mistral",
        started="2026-06-08T07:00:00Z",
    )
    t.user(
        "Сватба в събота: трябват 120 бели рози, 60 стръка евкалипт, 40 божура, 30 гипсофила, 25 "
        "лизиантуса и 10 кали. Провери наличностите."
    )
    items = [
        ("rose_white", 120, 95, 200, "2026-06-11", "бели рози"),
        ("eucalyptus", 60, 80, 0, "", "евкалипт"),
        ("peony_pink", 40, 18, 50, "2026-06-12", "божури"),
        ("gypsophila", 30, 45, 0, "", "гипсофила"),
        ("lisianthus_white", 25, 25, 40, "2026-06-10", "лизиантус"),
        ("calla_white", 10, 0, 12, "2026-06-12", "кали"),
    ]
    for item, _, on_hand, incoming, date, label in items:
        t.act(
            f"Проверявам: {label}.",
            (
                "stock_check",
                {"item": item},
                csv(["item", "on_hand", "incoming", "incoming_date"], [[item, on_hand, incoming, date]]),
            ),
        )
    t.say(
        "Наличности: евкалипт (80), гипсофила (45) и лизиантус (25) стигат. Белите рози (95 от 120), "
        "божурите (18 от 40) и калите (0 от 10) не стигат сега, но доставките пристигат до петък: рози на "
        "11.06, божури и кали на 12.06."
    )
    return t.healthy(
        "Sequential fan-out: stock_check runs six times, each for a different item with its own result; "
        "that is one look-up per target, not repetition."
    )


@healthy("theme-park-coaster-waits-parallel")
def park_waits(sid: str) -> Trace:
    t = Trace(
        sid,
        "Theme-park agent asks for five coasters' status in one parallel batch; results arrive out of order.",
        domain="theme park ride operations",
        language="pt-BR",
        ids="responses",
        started="2026-07-19T15:05:00Z",
    )
    t.user("Como estão as filas agora nas cinco montanhas-russas?")
    rides = [
        ("thunder-gorge", 35, "open"),
        ("viper-loop", 50, "open"),
        ("mine-runner", 0, "down: sensor fault, ETA 16:00"),
        ("sky-comet", 20, "open"),
        ("kids-dragon", 10, "open"),
    ]
    calls = [
        ("getRideStatus", {"ride": r}, cj({"ride": r, "posted_min": w, "status": s})) for r, w, s in rides
    ]
    t.act("", *calls, order=[3, 0, 4, 1, 2])
    t.say(
        "Filas agora: Viper Loop 50 min, Thunder Gorge 35 min, Sky Comet 20 min, Kids Dragon 10 min. A "
        "Mine Runner está parada por falha de sensor, previsão de volta às 16h."
    )
    return t.healthy(
        "Parallel fan-out: one batch of five getRideStatus calls, each for a different ride, answered out "
        "of order; a two-step run with one answer."
    )


@healthy("circus-bologna-subagents-different-tasks")
def circus_subagents(sid: str) -> Trace:
    t = Trace(
        sid,
        "Touring-circus agent launches three sub-agents with different tasks (permits, lodging, trucks) in "
        "parallel and merges their reports.",
        domain="touring circus logistics",
        language="it",
        ids="anthropic",
        started="2026-05-05T08:00:00Z",
        harness="claude-code",
    )
    t.user(
        "Prepara la tappa di Bologna (3–9 agosto): permessi per il tendone al Parco Nord, alloggio per 38 "
        "artisti e trasporto dell'attrezzatura (12 camion)."
    )
    tasks = [
        (
            "Permessi Bologna",
            "Quali autorizzazioni servono per un tendone da circo al Parco Nord di Bologna dal 3 al 9 "
            "agosto 2026 (suolo pubblico, pubblico spettacolo, CPVLPS)? Elenca uffici, moduli e scadenze.",
            "Servono: concessione di suolo pubblico (Comune, 30 giorni prima), licenza di pubblico "
            "spettacolo art. 68 TULPS e parere della Commissione di vigilanza (CCVLPS, 45 giorni prima), "
            "certificato di collaudo della struttura. Domanda CCVLPS entro il 19 giugno.",
        ),
        (
            "Alloggio artisti",
            "Trova alloggio per 38 artisti a Bologna dal 2 al 9 agosto 2026, entro 5 km dal Parco Nord, "
            "budget 45 €/notte a persona.",
            "Opzioni: Ostello Dopa (22 posti, 38 €/notte), Residence Fiera (8 appartamenti × 2, 44 €/notte "
            "a persona). Totale 38 posti; opzione bloccata fino al 20 maggio.",
        ),
        (
            "Trasporto camion",
            "Organizza il trasferimento di 12 camion di attrezzatura da Verona a Bologna il 1 agosto 2026: "
            "percorso, permessi per trasporti eccezionali, parcheggio.",
            "Percorso A22-A1 (150 km), nessun trasporto eccezionale (tutti sotto 44 t e 2,55 m). "
            "Parcheggio camion al Parco Nord, area C, concordato con il gestore per il 1–10 agosto.",
        ),
    ]
    calls = [
        ("Task", {"description": d, "subagent_type": "general-purpose", "prompt": p}, r) for d, p, r in tasks
    ]
    t.act("Divido il lavoro tra tre sub-agenti.", *calls, order=[2, 0, 1])
    t.act(
        "Salvo il piano della tappa.",
        (
            "Write",
            {
                "file_path": "/docs/tappe/2026-08-bologna.md",
                "content": "# Bologna 3–9 agosto\n- Permessi: suolo pubblico (entro 4/7), CCVLPS (entro "
                "19/6)\n- Alloggio: Ostello Dopa 22 + Residence Fiera 16 (opzione fino al 20/5)\n- Camion: "
                "A22-A1 il 1/8, parcheggio area C\n",
            },
            "File created successfully at: /docs/tappe/2026-08-bologna.md",
        ),
    )
    t.say(
        "Piano pronto: la scadenza più vicina è la domanda alla CCVLPS entro il 19 giugno; l'alloggio per "
        "38 persone è opzionato fino al 20 maggio; i 12 camion viaggiano il 1 agosto senza permessi "
        "speciali."
    )
    return t.healthy(
        "Sub-agents with different tasks: three Task calls in one batch, each with its own brief (permits, "
        "lodging, trucks) and its own report, answered out of order, then one write and the answer. Not a "
        "re-delegation."
    )


@healthy("vending-payment-restart-per-target-failures")
def vending_restart(sid: str) -> Trace:
    t = Trace(
        sid,
        "Vending agent restarts payment modules on four machines in one batch; two fail for their own "
        "reasons and get a field ticket.",
        domain="vending machine fleet operations",
        language="nl",
        ids="openai",
        started="2026-06-13T05:20:00Z",
    )
    t.user("Herstart de betaalmodules van de automaten op Utrecht Centraal die vannacht zijn vastgelopen.")
    t.act(
        "Ik haal de storingen van vannacht op.",
        (
            "list_incidents",
            {"site": "UTR-CS", "since": "2026-06-13T00:00:00+02:00", "type": "payment_module"},
            cj(
                {
                    "incidents": [
                        {"machine": m, "since": s}
                        for m, s in [
                            ("VM-2201", "02:14"),
                            ("VM-2204", "02:15"),
                            ("VM-2207", "03:40"),
                            ("VM-2210", "04:02"),
                        ]
                    ]
                }
            ),
        ),
    )
    results = [
        ("VM-2201", cj({"machine": "VM-2201", "ok": True, "payment_module": "online"}), False),
        ("VM-2204", "VM-2204: restart failed: modem offline since 02:15 (no route to host)", True),
        ("VM-2207", cj({"machine": "VM-2207", "ok": True, "payment_module": "online"}), False),
        ("VM-2210", "VM-2210: restart refused: firmware update 3.8.1 in progress (62%)", True),
    ]
    t.act(
        "Ik herstart de vier betaalmodules tegelijk.",
        *[("restart_payment_module", {"machine": m}, c, e) for m, c, e in results],
        order=[2, 0, 3, 1],
    )
    t.act(
        "VM-2204 is offline; daar moet een monteur heen. VM-2210 is bezig met een update, die laat ik "
        "afmaken.",
        (
            "create_field_ticket",
            {"machine": "VM-2204", "issue": "modem offline since 02:15, payment module stuck"},
            cj({"ticket": "FT-40512", "eta": "2026-06-13T10:00:00+02:00"}),
        ),
    )
    t.say(
        "VM-2201 en VM-2207 zijn weer online. VM-2204 is offline (monteursbon FT-40512, rond 10:00). "
        "VM-2210 installeert firmware 3.8.1 en komt daarna vanzelf terug."
    )
    return t.healthy(
        "Fan-out with per-target failures: four restarts in one batch, answered out of order; the two "
        "failures name their own machines and different causes (modem offline, firmware update), so they "
        "are not an error streak, and each gets a sensible follow-up."
    )


# --- parameter sweeps -------------------------------------------------------------------------------


@healthy("vertical-farm-basil-ppfd-sweep")
def vfarm_sweep(sid: str) -> Trace:
    t = Trace(
        sid,
        "Vertical-farm agent sweeps light intensity over five values in a growth model and recommends one.",
        domain="hydroponic vertical farm",
        language="en",
        ids="openai",
        started="2026-06-05T10:00:00Z",
    )
    t.user(
        "For the basil trial, simulate yield and energy at PPFD 200, 250, 300, 350 and 400 µmol/m²/s with "
        "a 16 h photoperiod and recommend one."
    )
    rows = [(200, 2.41, 9.2), (250, 2.88, 11.5), (300, 3.21, 13.8), (350, 3.37, 16.1), (400, 3.44, 18.4)]
    for ppfd, y, kwh in rows:
        t.act(
            f"Simulating PPFD {ppfd}.",
            (
                "growmodel.simulate",
                {"crop": "basil_genovese", "ppfd": ppfd, "photoperiod_h": 16},
                cj(
                    {"ppfd": ppfd, "yield_kg_m2": y, "energy_kwh_m2": kwh, "g_per_kwh": round(y * 1000 / kwh)}
                ),
            ),
        )
    table = md(["PPFD", "kg/m²", "kWh/m²", "g/kWh"], [[p, y, k, round(y * 1000 / k)] for p, y, k in rows])
    t.say(
        f"{table}\n\nRecommendation: 300 µmol/m²/s. Yield rises only 5 % beyond it while energy rises 17 % "
        "(350) and 33 % (400); 300 is near the best grams per kWh without giving up much yield."
    )
    return t.healthy(
        "A parameter sweep: growmodel.simulate runs five times with PPFD 200 to 400, each result new, and "
        "ends in a table and a recommendation."
    )


@healthy("balloon-winds-aloft-altitude-sweep")
def balloon_sweep(sid: str) -> Trace:
    t = Trace(
        sid,
        "Balloon-flight agent checks winds aloft at five altitudes to find one that carries the balloon "
        "north.",
        domain="hot-air balloon flight operations",
        language="tr",
        ids="bedrock",
        started="2026-06-14T16:30:00Z",
    )
    t.user(
        "Yarın 05:00 için Göreme üzerinde 1000 ile 5000 feet arasındaki rüzgârı kontrol et; hangi irtifada "
        "kuzeye gidebiliriz?"
    )
    winds = [(1000, 200, 5), (2000, 185, 7), (3000, 170, 9), (4000, 230, 11), (5000, 250, 14)]
    for alt, direction, kt in winds:
        t.act(
            f"{alt} ft kontrol ediliyor.",
            (
                "winds.aloft",
                {"site": "GOREME", "altitude_ft": alt, "valid": "2026-06-15T05:00:00+03:00"},
                f"{alt} ft: from {direction:03d}° at {kt} kt (towards {(direction + 180) % 360:03d}°)",
            ),
        )
    t.say(
        "Kuzeye taşıyan rüzgâr alçakta: 1000 ft'te 200°'den 5 kt (020° yönüne), 2000 ft'te 185°'den 7 kt "
        "ve 3000 ft'te 170°'den 9 kt. 4000 ft üstünde rüzgâr kuzeydoğuya döner ve 11–14 kt'a çıkar. "
        "2000–3000 ft bandı uygun."
    )
    return t.healthy(
        "A parameter sweep over five altitudes with winds.aloft; each result is different and all are used "
        "in the answer."
    )


@healthy("sawmill-sawing-pattern-diameter-sweep")
def sawmill_sweep(sid: str) -> Trace:
    t = Trace(
        sid,
        "Sawmill agent optimises the sawing pattern for seven log diameter classes and tabulates yields.",
        domain="sawmill kiln drying",
        language="fi",
        ids="named",
        started="2026-06-01T06:00:00Z",
    )
    t.user(
        "Laske sahausasetteen optimaalinen kuviointi tukkiläpimitoille 18–30 cm (2 cm välein) ja kerro "
        "saantoprosentit."
    )
    results = [
        (18, "2x 50x100", 48.2),
        (20, "2x 50x125", 50.1),
        (22, "2x 50x150", 51.7),
        (24, "4x 38x125", 52.9),
        (26, "2x 63x150 + 2x 25x100", 53.8),
        (28, "2x 63x175 + 2x 25x100", 54.6),
        (30, "4x 50x150", 55.3),
    ]
    for d, pattern, y in results:
        t.act(
            f"Läpimitta {d} cm.",
            (
                "optimizePattern",
                {"diameterCm": d, "species": "spruce"},
                csv(["diameter_cm", "pattern", "yield_pct"], [[d, pattern, y]]),
            ),
        )
    t.say(
        md(
            ["Läpimitta (cm)", "Asete", "Saanto (%)"],
            [[d, p, str(y).replace(".", ",")] for d, p, y in results],
        )
        + "\n\nSaanto nousee 48,2 %:sta (18 cm) 55,3 %:iin (30 cm)."
    )
    return t.healthy(
        "A parameter sweep: optimizePattern runs for seven diameters, each with a new pattern and yield; "
        "the run ends with the table."
    )


# --- pagination ------------------------------------------------------------------------------------


@healthy("casino-jackpot-events-cursor")
def casino_cursor(sid: str) -> Trace:
    t = Trace(
        sid,
        "Casino data agent pages through last night's jackpot events with a cursor and lists the large ones.",
        domain="casino slot-floor analytics",
        language="zh-Hant",
        ids="openai",
        started="2026-06-14T03:00:00Z",
    )
    t.user("拉出昨晚 B 區所有大獎事件，列出超過 HK$50,000 的。")
    pages = [
        (
            [("B-114", 23500), ("B-207", 88000), ("B-031", 12000), ("B-118", 51200), ("B-090", 9800)],
            "eyJvIjo1fQ",
        ),
        (
            [("B-207", 15000), ("B-044", 132000), ("B-161", 7600), ("B-019", 44900), ("B-114", 60500)],
            "eyJvIjoxMH0",
        ),
        ([("B-202", 18800), ("B-077", 50100), ("B-150", 26000)], None),
    ]
    cursor = None
    for i, (events, nxt) in enumerate(pages):
        args = {"zone": "B", "type": "jackpot", "date": "2026-06-13"}
        if cursor:
            args["cursor"] = cursor
        body = cj({"events": [{"machine": m, "amount_hkd": a} for m, a in events], "next_cursor": nxt})
        t.act("查詢大獎事件。" if i == 0 else "還有下一頁。", ("query_events", args, body))
        cursor = nxt
    t.say(
        "共 13 筆大獎，其中超過 HK$50,000 的有 5 筆：B-044 HK$132,000、B-207 HK$88,000、B-114 "
        "HK$60,500、B-118 HK$51,200、B-077 HK$50,100。"
    )
    return t.healthy(
        "Cursor pagination: three query_events calls, the 2nd and 3rd carrying the previous page's "
        "next_cursor, until the cursor is null; every page is new."
    )


@healthy("contest-log-offset-pages")
def hamradio_offset(sid: str) -> Trace:
    t = Trace(
        sid,
        "Contest-logging agent reads a 40 m log in three offset pages and counts DXCC entities.",
        domain="amateur radio contest logging",
        language="en",
        ids="plain",
        started="2026-01-11T10:00:00Z",
    )
    t.user("Pull all our 40 m QSOs from the CQ WW CW log and count the unique DXCC entities.")
    pages = [
        (0, [("0001", "DL1ABC", "DL"), ("0002", "OH2XX", "OH"), ("0003", "JA1YAA", "JA")], 500, 212),
        (500, [("0501", "K3LR", "K"), ("0502", "EA8RM", "EA8"), ("0503", "4X4DK", "4X")], 500, 57),
        (1000, [("1001", "VK2GR", "VK"), ("1002", "ZS6A", "ZS"), ("1003", "PY2YU", "PY")], 288, 19),
    ]
    for offset, sample, n, new in pages:
        body = (
            csv(["qso", "call", "dxcc"], [list(r) for r in sample])
            + f"... ({n} rows, offset {offset}; {new} DXCC entities not seen in earlier pages)\n"
        )
        t.act(
            f"Fetching rows from offset {offset}.",
            ("fetch_log", {"contest": "CQWW-CW-2025", "band": 40, "offset": offset, "limit": 500}, body),
        )
    t.say(
        "The 40 m log has 1,288 QSOs across 288 unique DXCC entities (212 in the first 500, 57 and 19 more "
        "after)."
    )
    return t.healthy(
        "Offset pagination: fetch_log runs at offsets 0, 500 and 1000, and the last page is short (288 "
        "rows), so the agent stops there. Each page is new data."
    )


@healthy("cheese-cave-inventory-page-numbers")
def cheese_pages(sid: str) -> Trace:
    t = Trace(
        sid,
        "Cheese-cave agent lists wheels over 14 months in three numbered pages for a Christmas selection.",
        domain="cheese affinage cave",
        language="fr",
        ids="gemini",
        started="2026-10-20T07:30:00Z",
    )
    t.user(
        "Liste-moi toutes les meules de Comté de la cave 2 qui ont plus de 14 mois d'affinage, pour la "
        "sélection de Noël."
    )
    wheels = [
        (f"C2-{r}-{n:02d}", f"2025-0{m}-{d:02d}", age, note)
        for r, n, m, d, age, note in [
            ("A", 3, 5, 2, 17, 16.5),
            ("A", 7, 5, 9, 17, 17.0),
            ("A", 12, 6, 1, 16, 15.5),
            ("B", 1, 6, 8, 16, 16.0),
            ("B", 4, 6, 15, 16, 17.5),
            ("B", 9, 6, 22, 15, 15.0),
            ("C", 2, 7, 3, 15, 16.0),
            ("C", 5, 7, 10, 15, 16.5),
            ("C", 8, 7, 17, 15, 14.5),
            ("D", 1, 7, 24, 14, 15.5),
            ("D", 6, 8, 1, 14, 16.0),
            ("D", 9, 8, 8, 14, 17.0),
        ]
    ]
    header = ["Meule", "Moulage", "Âge (mois)", "Note"]
    pages = [wheels[0:5], wheels[5:10], wheels[10:12]]
    for i, rows in enumerate(pages, 1):
        t.act(
            "Je consulte l'inventaire." if i == 1 else f"Page {i}.",
            (
                "cave_inventory",
                {"cave": 2, "min_age_months": 14, "page": i, "per_page": 5},
                md(header, [list(r) for r in rows]) + f"\n\nPage {i}/3 · 12 meules",
            ),
        )
    best = [w for w in wheels if w[3] >= 16.5]
    t.say(
        "12 meules d'au moins 14 mois en cave 2. Les mieux notées pour Noël : "
        + ", ".join(f"{w[0]} ({w[2]} mois, {w[3]})" for w in best)
        + "."
    )
    return t.healthy(
        "Page-number pagination: cave_inventory pages 1, 2 and 3 of 3, each with different wheels, then "
        "the answer."
    )


@healthy("lottery-offline-retailers-next-token")
def lottery_tokens(sid: str) -> Trace:
    t = Trace(
        sid,
        "Lottery-operations agent lists offline retail terminals in Tartu across three next-token pages.",
        domain="lottery draw operations",
        language="et",
        ids="responses",
        started="2026-06-17T06:00:00Z",
    )
    t.user("Leia kõik Tartu müügipunktid, mille terminal pole viimase 48 tunni jooksul ühendust võtnud.")
    pages = [
        ([("R-1102", "Kaubamaja kiosk", 51), ("R-1140", "Annelinna Selver", 73)], "AAEC01"),
        ([("R-1177", "Tasku R-kiosk", 49), ("R-1203", "Ropka Rimi", 96)], "AAEC02"),
        ([("R-1251", "Raadi tankla", 60)], None),
    ]
    token = None
    for i, (items, nxt) in enumerate(pages):
        args = {"city": "Tartu", "offline_hours_min": 48}
        if token:
            args["nextToken"] = token
        body = ij({"items": [{"id": a, "name": b, "offline_h": c} for a, b, c in items], "nextToken": nxt})
        t.act("Päring." if i == 0 else "Järgmine leht.", ("retailers.list", args, body))
        token = nxt
    t.say(
        "Tartus on 5 müügipunkti, mille terminal on olnud üle 48 tunni vaikne: Ropka Rimi (96 h), "
        "Annelinna Selver (73 h), Raadi tankla (60 h), Kaubamaja kiosk (51 h) ja Tasku R-kiosk (49 h)."
    )
    return t.healthy(
        "Next-token pagination: three retailers.list calls, each passing the previous nextToken, until it "
        "is null; each page lists different retailers."
    )
