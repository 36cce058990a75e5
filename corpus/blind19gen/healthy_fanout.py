"""Healthy runs over many targets: fan-outs (sequential, a parallel batch answered out of order, sub-agents
with different tasks, per-target failures), parameter sweeps and pagination (cursor, offset, page numbers,
next tokens)."""

from __future__ import annotations

from blind19gen.builder import Trace, csv, healthy, js, jsi, jss, md_table

# --------------------------------------------------------------------------------------------------
# fan-out


@healthy(
    "sbom-license-scan-sequential-fanout",
    domain="open-source license compliance (SBOM, scancode)",
    lang="en",
    ids="anthropic",
    start="2026-01-28T09:14:22Z",
)
def sbom_fanout(t: Trace) -> None:
    t.user(
        "Scan every file under vendor/ in firmware-tools for licenses and write an SPDX summary to "
        "sbom/vendor.spdx.json."
    )
    t.do(
        "Listing vendor/.",
        "fs__list",
        {"path": "vendor", "recursive": True},
        "vendor/cJSON.c\nvendor/cJSON.h\nvendor/lz4.c\nvendor/lz4.h\nvendor/sha256.c\nvendor/tinycbor/cborencoder.c",
    )
    found = [
        ("vendor/cJSON.c", "MIT", "Copyright (c) 2009-2017 Dave Gamble and cJSON contributors"),
        ("vendor/cJSON.h", "MIT", "Copyright (c) 2009-2017 Dave Gamble and cJSON contributors"),
        ("vendor/lz4.c", "BSD-2-Clause", "Copyright (c) 2011-2020, Yann Collet"),
        ("vendor/lz4.h", "BSD-2-Clause", "Copyright (c) 2011-2020, Yann Collet"),
        ("vendor/sha256.c", "LicenseRef-public-domain", "Brad Conte (brad AT bradconte.com)"),
        ("vendor/tinycbor/cborencoder.c", "MIT", "Copyright (C) 2016 Intel Corporation"),
    ]
    for path, spdx, holder in found:
        t.do(
            f"Scanning {path}.",
            "scancode__scan_file",
            {"path": path, "detect": ["license", "copyright"]},
            f"path: {path}\nlicenses:\n  - spdx: {spdx}\n    score: 100.0\ncopyrights:\n  - {holder}\n",
        )
    t.do(
        "Writing the summary.",
        "fs__write",
        {
            "path": "sbom/vendor.spdx.json",
            "content": jsi(
                {
                    "spdxVersion": "SPDX-2.3",
                    "files": [{"fileName": p, "licenseConcluded": s} for p, s, _ in found],
                }
            ),
        },
        "wrote 812 bytes",
    )
    t.say(
        "All six vendored files have licenses (MIT x3, BSD-2-Clause x2, public domain x1); summary written "
        "to sbom/vendor.spdx.json."
    )
    t.describe(
        "License-compliance agent scans six different vendored files one per step, then writes an SPDX "
        "summary."
    )
    t.healthy(
        "The same tool is called six times in a row, each on a new file with a new result, and the run "
        "ends with the summary. Sequential fan-out is healthy."
    )


@healthy(
    "knarr-series-race-results-parallel-out-of-order",
    domain="sailing regatta administration (series scoring)",
    lang="nb",
    ids="openai",
    start="2026-07-05T16:40:37Z",
)
def regatta_parallel(t: Trace) -> None:
    t.user("Hent resultatene fra seilas 3-6 i NM Knarr og regn ut sammenlagtlista med én strykning.")
    results = {
        3: "sail_no,pos\nNOR 132,1\nNOR 98,3\nNOR 141,2\n...",
        4: "sail_no,pos\nNOR 132,2\nNOR 98,1\nNOR 141,5\n...",
        5: "sail_no,pos\nNOR 132,4\nNOR 98,2\nNOR 141,1\n...",
        6: "sail_no,pos\nNOR 132,1\nNOR 98,6\nNOR 141,3\n...",
    }
    t.batch(
        "Henter de fire seilasene parallelt.",
        [("scoring.race_result", {"event": "nm-knarr-2026", "race": r}, results[r]) for r in (3, 4, 5, 6)],
        order=[3, 1, 0, 2],
    )
    t.do(
        "Regner ut sammenlagt med én strykning.",
        "scoring.compute_series",
        {"event": "nm-knarr-2026", "races": [1, 2, 3, 4, 5, 6], "discards": 1},
        csv(["rank", "sail_no", "net"], [[1, "NOR 132", 9], [2, "NOR 141", 14], [3, "NOR 98", 15]]),
    )
    t.say(
        "Sammenlagt etter seks seilaser (én strykning): 1. NOR 132 (9 p), 2. NOR 141 (14 p), 3. NOR 98 (15 "
        "p)."
    )
    t.describe(
        "Regatta scorer fetches four race results in one parallel batch, answered out of order, then "
        "computes the series."
    )
    t.healthy(
        "Four calls to one tool with four different race numbers in one step; the answers arrive out of "
        "order. Parallel fan-out over new targets is healthy."
    )


@healthy(
    "tour-advance-subagents-different-tasks",
    domain="concert tour logistics (advance, freight, permits)",
    lang="fr",
    ids="anthropic",
    start="2026-09-02T08:05:50Z",
)
def tour_subagents(t: Trace) -> None:
    t.user(
        "Prépare le dossier d'avance pour la date de Lyon (Halle Tony Garnier, 22/10) : horaires de "
        "déchargement, "
        "transport du fret depuis Bruxelles, et autorisations de travail pour l'équipe britannique."
    )
    t.batch(
        "Je confie les trois volets à des sous-agents en parallèle.",
        [
            (
                "Task",
                {
                    "description": "Lyon venue advance",
                    "prompt": "Halle Tony Garnier, 22/10 : horaires de déchargement, quais, restrictions.",
                    "subagent_type": "venue-advance",
                },
                "Déchargement 07:00, 3 quais, accès camions par l'avenue Tony Garnier, couvre-feu bruit "
                "23:00.",
            ),
            (
                "Task",
                {
                    "description": "Freight Brussels-Lyon",
                    "prompt": "Deux semi-remorques Bruxelles -> Lyon pour le 22/10 au matin : "
                    "transporteur, départ, coût.",
                    "subagent_type": "freight",
                },
                "Transporteur Van Moer, départ 21/10 14:00, arrivée 22/10 06:15, 2 x 2 480 EUR.",
            ),
            (
                "Task",
                {
                    "description": "UK crew work permits",
                    "prompt": "Équipe de 9 techniciens britanniques, une date en France : autorisation de "
                    "travail nécessaire ?",
                    "subagent_type": "immigration",
                },
                "Pas d'autorisation de travail pour une prestation artistique de courte durée ; vérifier "
                "l'A1 pour chacun (7 reçus, 2 manquants : J. Price, S. Okoye).",
            ),
        ],
        order=[1, 2, 0],
    )
    t.do(
        "J'écris la feuille d'avance.",
        "Write",
        {
            "file_path": "advance/2026-10-22_lyon.md",
            "content": "# Lyon – Halle Tony Garnier – 22/10\n- Déchargement 07:00, 3 quais, couvre-feu "
            "23:00\n"
            "- Fret : Van Moer, départ Bruxelles 21/10 14:00, arrivée 06:15\n- Équipe UK : A1 manquants J. "
            "Price, S. Okoye\n",
        },
        "File created successfully at: advance/2026-10-22_lyon.md",
    )
    t.say(
        "Le dossier Lyon est prêt (advance/2026-10-22_lyon.md). Reste à obtenir les certificats A1 de J. "
        "Price et S. Okoye."
    )
    t.describe(
        "Tour orchestrator sends three sub-agents three different tasks in one parallel batch, then writes "
        "the advance sheet."
    )
    t.healthy(
        "Three delegations in one step, each with a different brief and a different report, followed by "
        "the deliverable. Sub-agents with different tasks are not re-delegation."
    )


@healthy(
    "hvac-technician-notifications-per-target-failures",
    domain="HVAC service dispatch (technician notifications)",
    lang="fi",
    ids="bedrock",
    start="2026-01-22T05:20:04Z",
)
def hvac_per_target(t: Trace) -> None:
    t.user("Lähetä kaikille huomisen asentajille heidän työlistansa tekstiviestinä.")
    t.do(
        "Haen huomisen työt.",
        "list_jobs",
        {"date": "2026-01-23"},
        csv(
            ["tech_id", "name", "jobs"],
            [
                ["T-104", "Mikko Salo", 3],
                ["T-118", "Jari Mäkelä", 4],
                ["T-131", "Sanna Virta", 2],
                ["T-140", "Aino Laine", 3],
                ["T-221", "Pekka Rinne", 2],
            ],
        ),
    )
    t.batch(
        "Lähetän viestit rinnakkain.",
        [
            (
                "notify_technician",
                {"tech_id": "T-104", "date": "2026-01-23"},
                "InvalidParameter: phone number '+358 40 12 345' for T-104 is not a valid E.164 number",
                True,
            ),
            ("notify_technician", {"tech_id": "T-118", "date": "2026-01-23"}, js({"sent": True, "jobs": 4})),
            ("notify_technician", {"tech_id": "T-131", "date": "2026-01-23"}, js({"sent": True, "jobs": 2})),
            ("notify_technician", {"tech_id": "T-140", "date": "2026-01-23"}, js({"sent": True, "jobs": 3})),
            (
                "notify_technician",
                {"tech_id": "T-221", "date": "2026-01-23"},
                "Conflict: T-221 Pekka Rinne is on leave 2026-01-23 (HR absence)",
                True,
            ),
        ],
        order=[2, 4, 0, 3, 1],
    )
    t.do(
        "Pekka Rinne on lomalla; siirrän hänen kaksi työtään Sanna Virralle, jolla on tilaa.",
        "reassign_jobs",
        {"from": "T-221", "to": "T-131", "date": "2026-01-23"},
        js({"moved": ["HJ-20977", "HJ-20981"], "notified": True}),
    )
    t.say(
        "Viestit lähtivät T-118:lle, T-131:lle ja T-140:lle. T-221:n työt siirrettiin Sanna Virralle "
        "(ilmoitettu). T-104:n puhelinnumero on virheellinen; korjaa se, niin lähetän listan uudelleen."
    )
    t.describe(
        "HVAC dispatcher notifies five technicians in one parallel batch; two fail for target-specific "
        "reasons, one is handled by reassigning jobs."
    )
    t.healthy(
        "The two failures name different targets and different causes (an invalid phone number, a "
        "technician on leave); each is handled once. Per-target failures in a fan-out are not an error "
        "streak."
    )


# --------------------------------------------------------------------------------------------------
# parameter sweeps


@healthy(
    "dft-encut-sweep",
    domain="materials science DFT calculations (convergence sweeps)",
    lang="zh",
    ids="gemini",
    start="2026-01-07T03:33:48Z",
)
def dft_sweep(t: Trace) -> None:
    t.user("对 LiFePO4 做 ENCUT 收敛测试：400 到 600 eV，步长 50，给出每个原子的能量差。")
    energies = {400: -191.0342, 450: -191.1126, 500: -191.1498, 550: -191.1652, 600: -191.1725}
    for encut, e in energies.items():
        t.do(
            f"计算 ENCUT = {encut} eV。",
            "vasp_single_point",
            {"structure": "LiFePO4_Pnma.vasp", "encut": encut, "kpoints": [4, 6, 8], "ldau": True},
            js({"encut": encut, "e_total_ev": e, "n_atoms": 28, "elapsed_s": 410 + encut // 2}),
        )
    rows = [[k, v, round((v - energies[600]) / 28 * 1000, 2)] for k, v in energies.items()]
    t.say(
        "ENCUT 收敛结果（相对 600 eV，meV/atom）：\n\n"
        + md_table(["ENCUT (eV)", "E (eV)", "ΔE"], rows)
        + "\n\n500 eV 起差值 < 1 meV/atom。"
    )
    t.describe(
        "DFT assistant runs a five-point ENCUT sweep, one single-point calculation per value, and "
        "tabulates the convergence."
    )
    t.healthy(
        "Five calls to one tool that differ only in the swept value, each with a new energy, then a "
        "summary. A parameter sweep is healthy."
    )


@healthy(
    "signal-cycle-length-sweep",
    domain="traffic signal timing (cycle length sweep)",
    lang="en",
    ids="responses",
    start="2026-04-09T15:11:30Z",
)
def signal_sweep(t: Trace) -> None:
    t.user(
        "Sweep cycle lengths from 90 to 140 s on the Elm Ave PM model and tell me which gives the lowest "
        "delay with v/c under 0.9 everywhere."
    )
    out = {
        90: (47.8, 1.04),
        100: (42.9, 0.98),
        110: (41.2, 0.97),
        120: (36.4, 0.89),
        130: (34.1, 0.86),
        140: (35.0, 0.83),
    }
    for cycle, (delay, vc) in out.items():
        t.do(
            f"Simulating a {cycle} s cycle.",
            "signals.simulate",
            {"corridor": "ELM-PM", "cycle_s": cycle, "optimize": ["splits", "offsets"], "period": "PM"},
            js({"cycle_s": cycle, "avg_delay_s_veh": delay, "v_c_max": vc, "critical": "Elm/Main"}),
        )
    rows = [[c, d, v] for c, (d, v) in out.items()]
    t.say(
        md_table(["Cycle (s)", "Delay (s/veh)", "max v/c"], rows)
        + "\n\n130 s gives the lowest delay (34.1 s/veh) with v/c 0.86, meeting both targets."
    )
    t.describe("Traffic engineer sweeps six cycle lengths through the simulator and picks the best.")
    t.healthy(
        "Six simulate calls, each with a different cycle length and a different result, then a decision. "
        "Healthy sweep."
    )


@healthy(
    "chocolate-tempering-working-temperature-sweep",
    domain="chocolate manufacturing (tempering)",
    lang="nl",
    ids="named",
    start="2026-10-06T06:48:19Z",
)
def chocolate_sweep(t: Trace) -> None:
    t.user(
        "Zoek de beste werktemperatuur voor de nieuwe pure 70% (lot CH-7044) op tempermachine T2: probeer "
        "30,5 tot 32,0 °C en meet de temperindex."
    )
    trials = {
        30.5: (3.6, "overtemperd"),
        31.0: (4.4, "licht overtemperd"),
        31.5: (5.1, "goed"),
        32.0: (6.2, "ondertemperd"),
    }
    for temp, (ti, verdict) in trials.items():
        t.do(
            f"Proef bij {temp} °C.",
            "runTemperTrial",
            {"machine": "T2", "lot": "CH-7044", "meltC": 45.0, "coolC": 27.5, "workC": temp},
            js({"workC": temp, "temperIndex": ti, "slope": round(ti / 10, 2), "verdict": verdict}),
        )
    t.say(
        "Bij 31,5 °C is de temperindex 5,1 (goed); 31,0 is licht overtemperd en 32,0 ondertemperd. Advies: "
        "werktemperatuur 31,5 °C voor CH-7044."
    )
    t.describe(
        "Chocolate-production assistant runs four tempering trials at different working temperatures and "
        "recommends one."
    )
    t.healthy(
        "Four trials with different working temperatures and different temper indices; the agent stops "
        "when it has bracketed the optimum. Healthy sweep."
    )


# --------------------------------------------------------------------------------------------------
# pagination


@healthy(
    "htr-transcriptions-cursor-pagination",
    domain="digital humanities (HTR transcription export)",
    lang="en",
    ids="gemini",
    start="2026-02-26T10:20:55Z",
)
def htr_cursor(t: Trace) -> None:
    t.user(
        "Export the list of all transcribed pages of the Öhringen baptism register 1760-1780 with their "
        "HTR confidence, so we can pick pages for manual correction."
    )
    pages = [
        ("", "c_01H", list(range(1, 51)), 0.84),
        ("c_01H", "c_02K", list(range(51, 101)), 0.79),
        ("c_02K", "c_03Q", list(range(101, 151)), 0.73),
        ("c_03Q", None, list(range(151, 177)), 0.88),
    ]
    for cursor, nxt, nums, conf in pages:
        args = {"collection": "KB-Oehr-T-1760-1780", "limit": 50}
        if cursor:
            args["cursor"] = cursor
        t.do(
            "Fetching the first page of results."
            if not cursor
            else f"Fetching the next page (cursor {cursor}).",
            "htr.list_pages",
            args,
            js(
                {
                    "pages": [{"page": nums[0], "conf": conf}, "…", {"page": nums[-1], "conf": conf}],
                    "count": len(nums),
                    "next_cursor": nxt,
                }
            ),
        )
    t.do(
        "All 176 pages listed. Writing the CSV.",
        "files.write_csv",
        {"path": "exports/oehringen_T_1760-1780_conf.csv", "rows": 176},
        js({"ok": True, "bytes": 3311}),
    )
    t.say(
        "Exported 176 pages to exports/oehringen_T_1760-1780_conf.csv. Pages 101-150 have the lowest mean "
        "confidence (0.73) and are the first candidates for correction."
    )
    t.describe(
        "Archive assistant pages through 176 transcribed pages with a cursor, 50 at a time, and writes a CSV."
    )
    t.healthy(
        "Each list call carries the cursor returned by the previous one and returns new pages until "
        "next_cursor is null. Cursor pagination is healthy."
    )


@healthy(
    "food-bank-households-offset-pagination",
    domain="food bank distribution (household registry SQL)",
    lang="en",
    ids="mistral",
    start="2026-05-13T14:02:41Z",
)
def food_bank_offset(t: Trace) -> None:
    t.user(
        "Give me every household registered for the St. Brigid's mobile pantry with a dietary flag, so the "
        "volunteers can pre-pack."
    )
    base = (
        "SELECT household_id, size, dietary_flag FROM registrations WHERE site = 'st-brigid-lot' AND "
        "dietary_flag IS NOT NULL ORDER BY household_id LIMIT 40 OFFSET {}"
    )
    counts = [(0, 40, "H-1002", "H-1188"), (40, 40, "H-1191", "H-1420"), (80, 13, "H-1433", "H-1561")]
    for off, n, lo, hi in counts:
        t.do(
            "Querying the first 40." if off == 0 else f"Next 40 (offset {off}).",
            "run_sql",
            {"sql": base.format(off)},
            f"household_id | size | dietary_flag\n{lo} | 4 | halal\n… | … | …\n{hi} | 2 | diabetic\n({n} "
            "rows)",
        )
    t.say(
        "93 households have a dietary flag (3 pages of results). I've grouped them by flag for the "
        "pre-pack list: halal 31, diabetic 24, gluten-free 19, vegetarian 12, low-sodium 7."
    )
    t.describe(
        "Food bank data agent pages through registrations with LIMIT/OFFSET until a short page ends the list."
    )
    t.healthy(
        "Three queries that differ only by offset, each returning new households; the last page is short, "
        "so paging stops. Offset pagination is healthy."
    )


@healthy(
    "pawn-shop-inventory-page-numbers",
    domain="pawn shop inventory",
    lang="en",
    ids="plain",
    start="2026-03-04T16:30:08Z",
)
def pawn_pages(t: Trace) -> None:
    t.user(
        "Which forfeited watches have been in inventory for more than 90 days? I want to move them to the "
        "online auction."
    )
    pages = [
        (1, [("W-1120", "Tissot PRX", 141), ("W-1131", "Seiko SKX007", 122)]),
        (2, [("W-1178", "Casio G-Shock GW-5000", 97), ("W-1190", "Omega Seamaster 2531.80", 95)]),
        (3, [("W-1203", "Citizen Promaster", 91)]),
        (4, []),
    ]
    for page, items in pages:
        t.do(
            f"Page {page}.",
            "inventory.list",
            {"category": "watches", "status": "forfeited", "min_days": 90, "page": page, "per_page": 25},
            jss(
                {
                    "page": page,
                    "items": [{"sku": s, "title": n, "days": d} for s, n, d in items],
                    "has_more": page < 4,
                }
            ),
        )
    t.say(
        "Five forfeited watches are over 90 days: W-1120 Tissot PRX (141), W-1131 Seiko SKX007 (122), "
        "W-1178 G-Shock GW-5000 (97), W-1190 Omega Seamaster (95), W-1203 Citizen Promaster (91)."
    )
    t.describe("Pawn-shop assistant reads the forfeited-watch inventory page by page until an empty page.")
    t.healthy(
        "Page numbers 1 to 4, each a new page; the empty fourth page ends the list (has_more false). "
        "Healthy pagination."
    )


@healthy(
    "tbm-ring-logs-next-token",
    domain="tunnel boring machine monitoring (ring build logs)",
    lang="el",
    ids="bedrock",
    start="2026-04-03T06:00:47Z",
)
def tbm_next_token(t: Trace) -> None:
    t.user(
        "Φέρε μου τα logs κατασκευής δακτυλίων του TBM-2 για χθες και βρες ποιοι δακτύλιοι χρειάστηκαν "
        "πάνω από 60 λεπτά."
    )
    tokens = [
        (None, "eyJyIjoxNDA1fQ", 1398, 1405),
        ("eyJyIjoxNDA1fQ", "eyJyIjoxNDExfQ", 1406, 1411),
        ("eyJyIjoxNDExfQ", None, 1412, 1414),
    ]
    slow = {1403: 64, 1409: 71, 1412: 188}
    for token, nxt, lo, hi in tokens:
        args = {"machine": "TBM-2", "date": "2026-04-02", "max_results": 8}
        if token:
            args["next_token"] = token
        rows = [
            [r, slow.get(r, 38 + (r % 7)), "OK" if r != 1412 else "K-SEGMENT DELAY"]
            for r in range(lo, hi + 1)
        ]
        body = csv(["ring", "build_min", "status"], rows)
        t.do(
            "Ζητώ την πρώτη σελίδα." if not token else "Συνεχίζω με το επόμενο token.",
            "get_ring_logs",
            args,
            body + f"\nNextToken: {nxt or 'null'}",
        )
    t.say(
        "Χθες κατασκευάστηκαν 17 δακτύλιοι (1398–1414). Πάνω από 60 λεπτά: 1403 (64′), 1409 (71′) και 1412 "
        "(188′, καθυστέρηση στο κλειδί)."
    )
    t.describe(
        "Tunnelling analyst pages through a day's ring logs with NextToken and reports the slow rings."
    )
    t.healthy(
        "Each call passes the token from the previous response and gets new rings until NextToken is null. "
        "Healthy pagination."
    )
