"""Healthy runs that look repetitive: edit and re-run, formulaic narration with new results, long runs,
re-reads of a changing file, split answers, the same tool per user request, a long valid table."""

from __future__ import annotations

from blind16gen.builder import Trace, call, healthy

# --- edit and re-run ------------------------------------------------------------------------------------


@healthy("home-inspection-template-edit-rerender-hu", style="plain")
def render_iterate(t: Trace) -> None:
    t.user("A Bartók Béla út 41. jelentés PDF-je nem készül el. Javítsd ki.")
    t.step(
        "Renderelek.",
        call(
            "report.render",
            {"job": "HI-2026-1187", "format": "pdf"},
            {"ok": False, "error": "TemplateError: missing field 'defect_category' in finding #14"},
        ),
    )
    t.step(
        "Beállítom a hiba kategóriáját.",
        call(
            "inspection.update_finding",
            {"job": "HI-2026-1187", "finding": 14, "defect_category": "moisture"},
            {"ok": True},
        ),
    )
    t.step(
        "Újra renderelek.",
        call(
            "report.render",
            {"job": "HI-2026-1187", "format": "pdf"},
            {"ok": False, "error": "ImageError: photo_52.heic unsupported format"},
        ),
    )
    t.step(
        "Átalakítom a képet.",
        call("media.convert", {"file": "photo_52.heic", "to": "jpg"}, {"ok": True, "file": "photo_52.jpg"}),
    )
    t.step(
        "Újra renderelek.",
        call(
            "report.render",
            {"job": "HI-2026-1187", "format": "pdf"},
            {"ok": True, "pages": 38, "url": "https://reports.example/HI-2026-1187.pdf"},
        ),
    )
    t.say("Kész: 38 oldalas jelentés. Két hiba volt: hiányzó kategória és egy HEIC-fotó.")
    t.healthy(
        "A home-inspection agent renders, fixes, renders again with a new error, fixes, and succeeds.",
        "Each re-render follows an edit and the error changes; iteration, not a loop.",
    )


@healthy("auto-parts-aces-validate-iterate")
def aces_iterate(t: Trace) -> None:
    t.user("Validate our ACES file for the new brake-pad line and fix whatever blocks the upload.")
    errs = [
        {"valid": False, "errors": ["App 118: BaseVehicle 148223 not in VCdb 2026-09"]},
        {"valid": False, "errors": ["App 231: Position 'Front Left' not allowed for PartType 1684"]},
        {"valid": True, "apps": 412},
    ]
    fixes = [
        call("aces.edit", {"app": 118, "set": {"BaseVehicle": 148224}}, {"ok": True}),
        call("aces.edit", {"app": 231, "set": {"Position": "Front"}}, {"ok": True}),
    ]
    for k, e in enumerate(errs):
        t.step(
            "Validating." if k == 0 else "Re-validating after the fix.",
            call("aces.validate", {"file": "brakepads_2026Q4.xml"}, e),
        )
        if k < len(fixes):
            t.step("Fixing it.", fixes[k])
    t.say("The file validates: 412 applications, two fixes.")
    t.healthy(
        "A parts-catalogue agent validates, fixes and re-validates an ACES file until it passes.",
        "The same validate call, each time after an edit and with a different result.",
    )


@healthy("dcim-script-pytest-edit-rerun", style="anthropic")
def dcim_pytest(t: Trace) -> None:
    t.user("tests/test_pdu_budget.py fails after the N+N change. Fix the budget calculation.")
    t.step(
        "",
        call(
            "Bash",
            {"command": "pytest -q tests/test_pdu_budget.py"},
            "F.\nFAILED tests/test_pdu_budget.py::test_redundant_limit - assert 17.2 == 8.6\n1 "
            "failed, 1 passed",
        ),
    )
    t.step(
        "", call("Read", {"file_path": "dcim/budget.py"}, "def redundant_limit(a, b):\n    return a + b\n")
    )
    t.step(
        "",
        call(
            "Edit",
            {
                "file_path": "dcim/budget.py",
                "old_string": "    return a + b",
                "new_string": "    return min(a, b)",
            },
            "Edited dcim/budget.py",
        ),
    )
    t.step(
        "",
        call(
            "Bash",
            {"command": "pytest -q tests/test_pdu_budget.py"},
            ".F\nFAILED tests/test_pdu_budget.py::test_headroom - assert -1.2 == 0.0\n1 failed, 1 passed",
        ),
    )
    t.step(
        "",
        call(
            "Edit",
            {
                "file_path": "dcim/budget.py",
                "old_string": "headroom = limit - load",
                "new_string": "headroom = max(limit - load, 0.0)",
            },
            "Edited dcim/budget.py",
        ),
    )
    t.step("", call("Bash", {"command": "pytest -q tests/test_pdu_budget.py"}, "..\n2 passed"))
    t.say("Fixed: the N+N limit is the smaller feed, and headroom is clamped at zero. Both tests pass.")
    t.healthy(
        "A coding agent re-runs the same test command after each edit until it passes.",
        "Identical runs separated by edits with different results.",
    )


# --- formulaic narration with new results --------------------------------------------------------------


@healthy("trademark-class-by-class-es", style="mistral")
def tm_classes(t: Trace) -> None:
    t.user("Busca marcas parecidas a NUBORA en las clases 3, 5, 30, 32 y 44.")
    found = {3: ["NUBORÉ"], 5: [], 30: ["NUBORA CAFÉ", "NUVORA"], 32: ["NUBRA"], 44: []}
    for cls, marks in found.items():
        t.step(
            f"Reviso la clase {cls}.",
            call("tm_search.query", {"q": "NUBORA", "classes": [cls]}, {"hits": marks, "count": len(marks)}),
        )
    t.say("Conflictos: NUBORÉ (3), NUBORA CAFÉ y NUVORA (30), NUBRA (32). Nada en 5 y 44.")
    t.healthy(
        "A trademark agent checks five classes one by one with the same sentence each time.",
        "The narration is formulaic but each search is for another class and the results differ.",
    )


@healthy("research-data-doi-metadata-fi", style="gemini")
def doi_meta(t: Trace) -> None:
    t.user(
        "Tarkista, että kaikilla hankkeen viidellä aineistolla on lisenssi ja ORCID-tunnisteet metatiedoissa."
    )
    dois = [
        "10.23729/fd-7731",
        "10.23729/fd-7732",
        "10.23729/fd-7740",
        "10.23729/fd-7755",
        "10.23729/fd-7761",
    ]
    meta = [(True, 3), (True, 2), (False, 2), (True, 0), (True, 4)]
    for d, (lic, orc) in zip(dois, meta, strict=True):
        t.step(
            "Tarkistan seuraavan aineiston metatiedot.",
            call(
                "datacite.get",
                {"doi": d},
                {"doi": d, "rightsList": ["CC-BY-4.0"] if lic else [], "orcid_creators": orc},
            ),
        )
    t.say("Puutteet: fd-7740 ilman lisenssiä, fd-7755 ilman ORCID-tunnisteita.")
    t.healthy(
        "A data-curation agent checks five DOIs with the same sentence before each call.",
        "Identical narration, but each call reads a different DOI with new metadata.",
    )


@healthy("orchestra-parts-per-movement-it", style="mistral")
def parts_movements(t: Trace) -> None:
    t.user("Verifica che per la Quarta di Čajkovskij ci siano tutte le parti per ogni movimento.")
    miss = {1: [], 2: ["Fagotto 2"], 3: [], 4: ["Trombone basso", "Piatti"]}
    for mvt, m in miss.items():
        t.step(
            "Controllo il movimento successivo.",
            call("library.parts_check", {"work": "Tchaikovsky 4", "mvt": mvt}, {"mvt": mvt, "missing": m}),
        )
    t.say("Mancano: Fagotto 2 nel II, Trombone basso e Piatti nel IV.")
    t.healthy(
        "An orchestra-library agent checks parts per movement with the same sentence each time.",
        "Formulaic narration over four different movements with different results.",
    )


# --- long legitimate runs ------------------------------------------------------------------------------


@healthy("election-proofs-fourteen-precincts", indent=True)
def proofs_long(t: Trace) -> None:
    t.user("Proof-check the ballots for all 14 precincts of District 9 and list any that fail.")
    fails = {"P-904": "Contest 3 header misspelled", "P-911": "Candidate order not per lot draw"}
    for n in range(901, 915):
        p = f"P-{n}"
        res = {"precinct": p, "passed": p not in fails}
        if p in fails:
            res["issue"] = fails[p]
        t.step("", call("ballots.validate", {"district": 9, "precinct": p}, res))
    t.say("12 of 14 pass. P-904: contest 3 header misspelled. P-911: candidate order not per lot draw.")
    t.healthy(
        "An election-office agent validates fourteen precinct proofs, one call each.",
        "Long but every call targets a new precinct.",
    )


@healthy("winery-topping-twelve-barrels-fr", style="anthropic")
def topping_long(t: Trace) -> None:
    t.user(
        "Ouille les barriques du rang 3 (B-301 à B-312) avec le vin de la cuve T-6 et consigne les volumes."
    )
    for n in range(301, 313):
        b = f"B-{n}"
        add = 2 + (n * 7) % 4
        t.step(
            "",
            call(
                "cellar.top_up",
                {"vessel": b, "source": "T-6", "litres": add},
                {"vessel": b, "added_l": add, "source_remaining_l": 900 - (n - 300) * 3},
            ),
        )
    t.step("", call("cellar.log", {"action": "topping", "row": 3, "source": "T-6"}, {"logged": True}))
    t.say("12 barriques ouillées depuis T-6 ; journal mis à jour.")
    t.healthy(
        "A cellar agent tops up twelve barrels one by one, then logs the operation.",
        "Twelve writes to twelve different vessels; a long legitimate run.",
    )


@healthy("blood-bank-rebalancing-cs", style="bedrock")
def rebalance_long(t: Trace) -> None:
    t.user("Proveď ranní vyrovnání zásob erytrocytů mezi Brnem, Jihlavou a Znojmem.")
    sites = ["Brno", "Jihlava", "Znojmo"]
    groups = ["0-", "0+", "A-", "A+", "B+"]
    for s in sites:
        t.step(
            f"Zásoby {s}.",
            call(
                "inventory.by_group",
                {"site": s},
                {g: (len(s) * (k + 3)) % 17 + 2 for k, g in enumerate(groups)},
            ),
        )
    moves = [("Brno", "Znojmo", "0-", 2), ("Jihlava", "Znojmo", "A+", 3), ("Brno", "Jihlava", "B+", 1)]
    for src, dst, g, n in moves:
        t.step(
            f"Převod {g} {src} → {dst}.",
            call(
                "transfer.create",
                {"from": src, "to": dst, "group": g, "units": n},
                {"transfer": f"TR-{src[:2]}{dst[:2]}-{g}", "status": "scheduled"},
            ),
        )
    for s in sites:
        t.step(
            f"Kontrola {s}.",
            call("inventory.by_group", {"site": s, "include_incoming": True}, {"ok": True, "below_par": []}),
        )
    t.say("Tři převody naplánovány; po příjezdu budou všechna místa nad minimem.")
    t.healthy(
        "A blood-bank agent reads three sites, schedules three transfers and re-checks each site.",
        "Reads, writes and re-checks over different sites; the re-checks include incoming units and differ.",
    )


# --- re-reading a changing file ------------------------------------------------------------------------


@healthy("cad-incident-log-rereads-sr", style="gemini")
def cad_rereads(t: Trace) -> None:
    t.user("Прати инцидент 26-4490 и јави ми кад екипа стигне.")
    log = ["19:02 пријава", "19:03 ALS-12 упућен", "19:09 ALS-12 на путу", "19:14 ALS-12 на лицу места"]
    for k in range(1, 5):
        t.step(
            "Читам дневник инцидента.", call("cad.incident_log", {"incident": "26-4490"}, "\n".join(log[:k]))
        )
    t.say("ALS-12 је стигао у 19:14.")
    t.healthy(
        "A dispatch assistant re-reads an incident log that grows with each read.",
        "Identical calls whose result changes each time (a live log).",
    )


@healthy("coworking-sheet-reread-pt", style="responses")
def sheet_reread(t: Trace) -> None:
    t.user(
        "A Joana está a preencher a folha de reservas de outubro. Avisa-me quando a sala Ipê tiver todas as "
        "sextas ocupadas."
    )
    rows = [
        "data,sala,membro\n2026-10-02,Ipê,Lúcia\n",
        "data,sala,membro\n2026-10-02,Ipê,Lúcia\n2026-10-09,Ipê,Rui\n",
        "data,sala,membro\n2026-10-02,Ipê,Lúcia\n2026-10-09,Ipê,Rui\n2026-10-16,Ipê,Beatriz\n2026-10-23,Ipê,Rui\n",
        "data,sala,membro\n2026-10-02,Ipê,Lúcia\n2026-10-09,Ipê,Rui\n2026-10-16,Ipê,Beatriz\n2026-10-23,Ipê,Rui\n"
        "2026-10-30,Ipê,Tomás\n",
    ]
    for r in rows:
        t.step("Leio a folha.", call("sheets.read", {"sheet": "reservas-2026-10", "range": "A:C"}, r))
    t.say("Todas as sextas de outubro da sala Ipê estão ocupadas.")
    t.healthy(
        "A coworking agent re-reads a booking sheet a colleague is filling in until a condition holds.",
        "The same read returns more rows each time.",
    )


# --- split final answer --------------------------------------------------------------------------------


@healthy("ledes-summary-split-nl", style="responses")
def ledes_split(t: Trace) -> None:
    t.user("Geef een overzicht van de LEDES-facturen van september voor Verzekeraar Noord.")
    t.step(
        "",
        call(
            "ledes.summary",
            {"client": "Verzekeraar Noord", "month": "2026-09"},
            {"invoices": 4, "total_eur": 48210.0, "rejected_lines": 3},
        ),
    )
    t.say("Deel 1 — Totalen: 4 facturen, samen € 48.210,00.")
    t.say("Deel 2 — Afgewezen regels: 3 (twee UTBMS-codes, één tarief boven het afgesproken maximum).")
    t.say("Deel 3 — Advies: corrigeer de codes vóór 15 oktober en vraag akkoord voor het tarief.")
    t.healthy(
        "A legal-billing agent gives its answer in three consecutive messages with different content.",
        "Consecutive messages, but each carries a new part of the answer.",
    )


@healthy("pv-narrative-split-de", style="anthropic")
def pv_split(t: Trace) -> None:
    t.user("Schreib die Fallbeschreibung für Fall DE-26-3310 (Hepatotoxizität unter VELORIMAB).")
    t.step(
        "",
        call(
            "safety_db.get_case",
            {"case": "DE-26-3310"},
            {"age": 58, "sex": "M", "onset": "2026-08-30", "alt_u_l": 812, "outcome": "recovering"},
        ),
    )
    t.say("Abschnitt 1: 58-jähriger Patient, Beginn der Reaktion am 30.08.2026 unter VELORIMAB 150 mg.")
    t.say("Abschnitt 2: ALT 812 U/l, Absetzen des Präparats, stationäre Aufnahme.")
    t.say("Abschnitt 3: Ausgang: in Besserung. Kausalität laut Melder: wahrscheinlich.")
    t.healthy(
        "A pharmacovigilance agent writes a case narrative in three consecutive messages.",
        "A split final answer, each part new.",
    )


# --- same tool per new user request --------------------------------------------------------------------


@healthy("golf-teesheet-per-user-request-sv", style="gemini")
def golf_requests(t: Trace) -> None:
    t.user("Finns det en tid för fyra på lördag runt nio?")
    args = {"date": "2026-10-17", "from": "08:30", "to": "09:30", "players": 4}
    t.step("", call("tee_sheet.search", args, {"slots": ["09:20"]}))
    t.say("Ja, 09:20 är ledig.")
    t.user("Och på söndag?")
    t.step("", call("tee_sheet.search", {**args, "date": "2026-10-18"}, {"slots": []}))
    t.say("Söndag är fullbokat mellan 08:30 och 09:30.")
    t.user("Kolla lördag igen, min kollega kanske tog 09:20.")
    t.step("", call("tee_sheet.search", args, {"slots": []}))
    t.say("09:20 på lördag är nu tagen.")
    t.healthy(
        "A golf-club agent searches the tee sheet once per user question, one call repeated on request.",
        "Each call answers a new user message; the identical re-check was asked for and its result changed.",
    )


@healthy("auto-parts-lookups-per-customer")
def parts_requests(t: Trace) -> None:
    vehicles = [
        ("Honda", "Civic", 2018, "oil filter", ["15400-PLM-A02"]),
        ("Ford", "F-150", 2021, "cabin air filter", ["FP-65"]),
        ("Subaru", "Outback", 2016, "wiper blade front", ["SOA591U3210", "SOA591U3220"]),
    ]
    for make, model, year, part, hits in vehicles:
        t.user(f"Next customer: {year} {make} {model}, needs a {part}.")
        t.step(
            "",
            call(
                "fitment.lookup",
                {"make": make, "model": model, "year": year, "part": part},
                {"results": hits},
            ),
        )
        t.say(f"{part.capitalize()} for the {year} {make} {model}: {', '.join(hits)}.")
    t.healthy(
        "A parts-counter agent runs one fitment lookup per customer request.",
        "The same tool with different vehicles, each a new user turn.",
    )


@healthy("shelter-animal-per-request-tr", style="openai")
def shelter_requests(t: Trace) -> None:
    for name, tag, status in [
        ("Karabaş", "2026-0087", "sahiplendirilebilir"),
        ("Pamuk", "2026-0091", "karantinada"),
        ("Zeytin", "2026-0102", "tedavide"),
    ]:
        t.user(f"{name} ne durumda?")
        t.step("", call("animals.get", {"tag": tag}, {"name": name, "status": status}))
        t.say(f"{name}: {status}.")
    t.healthy(
        "A shelter agent answers three user questions about three animals with one call each.",
        "The same tool per new user request.",
    )


# --- a long valid table --------------------------------------------------------------------------------


@healthy("aid-distribution-table-ar", style="mistral")
def aid_table(t: Trace) -> None:
    t.user("أعد قائمة التوزيع لمخيم الزعتري، القطاع 5، لكل الكتل من 1 إلى 18.")
    t.step(
        "",
        call(
            "beneficiaries.by_block",
            {"camp": "Zaatari", "sector": 5},
            {"blocks": [{"block": b, "households": 40 + (b * 7) % 23} for b in range(1, 19)]},
        ),
    )
    rows = ["| الكتلة | الأسر | سلال غذائية | مستلزمات نظافة |", "|---|---|---|---|"]
    for b in range(1, 19):
        h = 40 + (b * 7) % 23
        rows.append(f"| {b} | {h} | {h} | {h} |")
    t.say("قائمة التوزيع للقطاع 5:\n\n" + "\n".join(rows) + "\n\nسلة غذائية ومستلزمات نظافة لكل أسرة.")
    t.healthy(
        "An aid-logistics agent replies with an 18-row distribution table whose rows look alike.",
        "A long table with similar rows is valid output, not degenerate text: each row is a different block.",
    )
