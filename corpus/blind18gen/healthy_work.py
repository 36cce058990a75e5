"""Healthy runs of ordinary work: edit and re-run, new results under formulaic narration, long legitimate
runs, a final answer split over several messages, the same tool for each new user message (one identical
re-check on request), and a long valid table."""

from __future__ import annotations

from blind18gen.builder import Trace, cj, csv, healthy, ij, md, sj

# --- edit and re-run -------------------------------------------------------------------------------


@healthy("prosthetics-offsets-edit-rerun")
def prosthetics_fix(sid: str) -> Trace:
    t = Trace(
        sid,
        "Coding agent fixes a socket-offset unit bug after a scanner firmware change: test, read, edit, "
        "test, edit, test.",
        domain="prosthetics and orthotics workshop",
        language="en",
        ids="anthropic",
        started="2026-06-05T13:00:00Z",
        harness="claude-code",
    )
    t.user(
        "tests/test_offsets.py started failing after the scanner firmware update; the scanner now exports "
        "in micrometres. Fix the offset calculation."
    )
    run = {"command": "pytest -q tests/test_offsets.py"}
    t.act(
        "Running the tests first.",
        (
            "Bash",
            run,
            "FF..\nFAILED tests/test_offsets.py::test_distal_offset - assert 2000.0 == 2.0\nFAILED "
            "tests/test_offsets.py::test_relief_offset - assert 1250.0 == 1.25\n2 failed, 2 passed in 0.31s",
            True,
        ),
    )
    t.act(
        "",
        (
            "Read",
            {"file_path": "socketlab/offsets.py"},
            "     1\tdef offset_mm(raw: float, scale: float = 1.0) -> float:\n     2\t    value = raw * "
            "scale\n     3\t    return round(value, 1)\n",
        ),
    )
    t.act(
        "The raw value is now in µm; converting to mm.",
        (
            "Edit",
            {
                "file_path": "socketlab/offsets.py",
                "old_string": "    value = raw * scale\n",
                "new_string": "    value = raw * scale / 1000.0  # scanner exports µm since firmware 5.2\n",
            },
            "The file socketlab/offsets.py has been updated.",
        ),
    )
    t.act(
        "Re-running the tests.",
        (
            "Bash",
            run,
            ".F..\nFAILED tests/test_offsets.py::test_relief_offset - assert 1.2 == 1.25\n1 failed, 3 "
            "passed in 0.29s",
            True,
        ),
    )
    t.act(
        "Relief offsets need two decimals; one-decimal rounding drops 1.25 to 1.2.",
        (
            "Edit",
            {
                "file_path": "socketlab/offsets.py",
                "old_string": "    return round(value, 1)\n",
                "new_string": "    return round(value, 2)\n",
            },
            "The file socketlab/offsets.py has been updated.",
        ),
    )
    t.act("Running the tests again.", ("Bash", run, "....\n4 passed in 0.27s"))
    t.say(
        "Fixed: offsets are converted from µm to mm (firmware 5.2 exports micrometres) and rounded to 0.01 "
        "mm. All 4 tests pass."
    )
    return t.healthy(
        "Edit and re-run: the identical pytest command runs three times, each after an edit and each with "
        "a different result (2 failed, 1 failed, 4 passed). Identical runs separated by edits are progress."
    )


@healthy("contest-logger-adif-edit-rerun")
def hamradio_fix(sid: str) -> Trace:
    t = Trace(
        sid,
        "Coding agent fixes an ADIF importer for N1MM logs: failing tests, read, patch, a new failure, "
        "patch, green.",
        domain="amateur radio contest logging",
        language="es",
        ids="openai",
        started="2026-02-02T18:00:00Z",
    )
    t.user(
        "El importador ADIF falla con los logs de N1MM desde la última versión. Arréglalo; los tests están "
        "en tests/test_adif.py."
    )
    run = {"cmd": "pytest -q tests/test_adif.py"}
    t.act(
        "Primero ejecuto los tests.",
        (
            "run_command",
            run,
            "...FFF......\nE   KeyError: 'FREQ'\n  (fields in N1MM export are lowercase: "
            "<freq:6>14.025)\n3 failed, 9 passed in 0.44s\nexit code 1",
        ),
    )
    t.act(
        "Miro el parser.",
        (
            "read_file",
            {"path": "logbook/adif.py"},
            "def parse_record(raw):\n    fields = dict(FIELD_RE.findall(raw))\n    return "
            "QSO(call=fields['CALL'], freq=float(fields['FREQ']), band=fields['BAND'], "
            "mode=fields['MODE'])\n",
        ),
    )
    t.act(
        "Los nombres de campo ADIF no distinguen mayúsculas; normalizo las claves.",
        (
            "apply_patch",
            {
                "path": "logbook/adif.py",
                "patch": "-    fields = dict(FIELD_RE.findall(raw))\n+    fields = {k.upper(): v for k, v "
                "in FIELD_RE.findall(raw)}\n",
            },
            "patched logbook/adif.py (1 hunk)",
        ),
    )
    t.act(
        "Vuelvo a ejecutar los tests.",
        (
            "run_command",
            run,
            ".........F..\nE   AssertionError: band '20M' != '20m'\n1 failed, 11 passed in 0.41s\nexit "
            "code 1",
        ),
    )
    t.act(
        "Queda la banda en mayúsculas; la normalizo a minúsculas.",
        (
            "apply_patch",
            {"path": "logbook/adif.py", "patch": "-band=fields['BAND'],\n+band=fields['BAND'].lower(),\n"},
            "patched logbook/adif.py (1 hunk)",
        ),
    )
    t.act(
        "Ejecuto los tests otra vez.", ("run_command", run, "............\n12 passed in 0.39s\nexit code 0")
    )
    t.say(
        "Listo: el importador acepta nombres de campo en minúsculas y normaliza la banda. Pasan los 12 tests."
    )
    return t.healthy(
        "Edit and re-run: the same test command runs three times, each after a patch, with different "
        "results (3 failed → 1 failed → 12 passed)."
    )


@healthy("vertical-farm-recipe-validator-edit-rerun")
def vfarm_validator(sid: str) -> Trace:
    t = Trace(
        sid,
        "Coding agent extends a nutrient-recipe validator: validate, read, edit, validate (new error), "
        "edit, validate OK, run tests.",
        domain="hydroponic vertical farm",
        language="en",
        ids="responses",
        started="2026-06-06T09:00:00Z",
    )
    t.user(
        "Our recipe validator rejects the new strawberry recipe YAML. Make it accept per-stage EC ranges "
        "and re-validate."
    )
    val = {"path": "recipes/strawberry_albion.yaml"}
    t.act(
        "Validating the recipe.",
        (
            "validate_recipe",
            val,
            "FAIL stages[1].ec: expected number, got mapping {min: 1.2, max: 1.6}\n1 error",
        ),
    )
    t.act(
        "",
        (
            "read_file",
            {"path": "validator/schema.py"},
            "STAGE = {\n    'name': str,\n    'days': int,\n    'ec': float,\n    'ph': float,\n}\n",
        ),
    )
    t.act(
        "Allowing EC as a number or a min/max range.",
        (
            "edit_file",
            {
                "path": "validator/schema.py",
                "find": "    'ec': float,\n",
                "replace": "    'ec': Or(float, {'min': float, 'max': float}),\n",
            },
            "ok: 1 replacement",
        ),
    )
    t.act(
        "Re-validating.",
        ("validate_recipe", val, "FAIL stages[2].ec.night: unknown key 'night' (allowed: min, max)\n1 error"),
    )
    t.act(
        "Stage 3 also has a night EC target; adding an optional key.",
        (
            "edit_file",
            {
                "path": "validator/schema.py",
                "find": "{'min': float, 'max': float}",
                "replace": "{'min': float, 'max': float, Optional('night'): float}",
            },
            "ok: 1 replacement",
        ),
    )
    t.act("Validating again.", ("validate_recipe", val, "OK: 4 stages, 0 errors, 0 warnings"))
    t.act("Running the schema tests.", ("run_tests", {"path": "tests/test_schema.py"}, "9 passed in 0.12s"))
    t.say(
        "The validator now accepts per-stage EC ranges with an optional night target; the strawberry "
        "recipe validates and the tests pass."
    )
    return t.healthy(
        "Edit and re-run: validate_recipe runs three times on the same file, each after an edit and each "
        "with a different outcome (mapping error, unknown key, OK), then the tests pass."
    )


# --- new results under formulaic narration --------------------------------------------------------


@healthy("coin-consignment-lots-formulaic")
def coin_lots(sid: str) -> Trace:
    t = Trace(
        sid,
        "Coin dealer's agent registers six consignment lots with the same sentence each time; each lot "
        "brings a different coin, grade and estimate.",
        domain="numismatics dealer (coin grading and pricing)",
        language="it",
        ids="mistral",
        started="2026-04-10T08:30:00Z",
    )
    t.user(
        "Abbiamo sei lotti nuovi dalla collezione Ferraris (FER-01…FER-06), con i certificati NGC "
        "allegati. Registrali con grado e stima."
    )
    lots = [
        ("FER-01", "6612345-001", "2 lire 1897 Umberto I", "AU 55", [180, 240]),
        ("FER-02", "6612345-002", "5 lire 1879 Umberto I", "XF 45", [90, 130]),
        ("FER-03", "6612345-003", "20 lire 1882 Umberto I (oro)", "MS 62", [420, 480]),
        ("FER-04", "6612345-004", "1 lira 1863 Napoli", "VF 30", [60, 90]),
        ("FER-05", "6612345-005", "50 centesimi 1867 Torino", "AU 58", [70, 100]),
        ("FER-06", "6612345-006", "10 lire 1863 Torino (oro)", "XF 40", [260, 320]),
    ]
    for lot, cert, coin, grade, est in lots:
        t.act(
            f"Lotto {lot}: registro grado e stima.",
            (
                "register_lot",
                {"lot": lot, "cert": f"NGC {cert}"},
                cj({"lot": lot, "coin": coin, "grade": grade, "estimate_eur": est, "status": "registered"}),
            ),
        )
    t.say(
        "Registrati tutti e sei i lotti; stima complessiva 1 080–1 360 €. Il pezzo principale è il 20 lire "
        "1882 in MS 62 (420–480 €)."
    )
    return t.healthy(
        "New results under formulaic narration: every message says 'Lotto N: registro grado e stima' and "
        "calls register_lot, but each call is for a different lot and certificate and returns a different "
        "coin."
    )


@healthy("pest-bait-stations-formulaic")
def pest_stations(sid: str) -> Trace:
    t = Trace(
        sid,
        "Pest-control agent records eight bait-station inspections with one template sentence; each "
        "station's findings differ.",
        domain="pest control services",
        language="id",
        ids="gemini",
        started="2026-05-25T02:00:00Z",
    )
    t.user(
        "Catat hasil inspeksi bait station di gudang PT Sinar Pangan (BS-01 s.d. BS-08) dari catatan "
        "teknisi: BS-03 dan BS-06 ada aktivitas, BS-07 umpan berjamur, sisanya nihil."
    )
    findings = {
        "BS-03": ("gnaw_marks", 40, "replace bait"),
        "BS-06": ("droppings", 65, "replace bait; add station"),
        "BS-07": ("none", 0, "bait moldy: replace"),
    }
    for n in range(1, 9):
        sid_ = f"BS-{n:02d}"
        activity, pct, action = findings.get(sid_, ("none", 0, "none"))
        body = (
            f"station: {sid_}\nactivity: {activity}\nbait_consumed_pct: {pct}\naction: {action}\nrecorded: "
            f"true\nrecord_id: INS-7{n:03d}\n"
        )
        t.act(
            f"Mencatat stasiun {sid_}.",
            (
                "inspection.record",
                {
                    "site": "SINAR-PANGAN-GDG1",
                    "station": sid_,
                    "activity": activity,
                    "bait_consumed_pct": pct,
                },
                body,
            ),
        )
    t.say(
        "Delapan stasiun tercatat. Aktivitas tikus di BS-03 (bekas gigitan, umpan 40%) dan BS-06 (kotoran, "
        "65%, disarankan stasiun tambahan); umpan BS-07 berjamur dan perlu diganti; lainnya nihil."
    )
    return t.healthy(
        "New results under formulaic narration: the same sentence 'Mencatat stasiun N' eight times, each "
        "call for a different station with its own findings and record id."
    )


@healthy("glacier-stake-readings-formulaic")
def glacier_stakes(sid: str) -> Trace:
    t = Trace(
        sid,
        "Glacier field agent records seven ablation-stake readings with the same sentence; each gives a "
        "different balance.",
        domain="glacier mass-balance monitoring research",
        language="nb",
        ids="bedrock",
        started="2026-09-15T15:00:00Z",
    )
    t.user(
        "Registrer stakemålingene fra Nigardsbreen i dag (N01–N07) og beregn balansen per stake. "
        "Avlesningene ligger i feltboka."
    )
    stakes = [
        ("N01", 1520, 412),
        ("N02", 1600, 377),
        ("N03", 1690, 331),
        ("N04", 1780, 268),
        ("N05", 1850, 214),
        ("N06", 1930, 162),
        ("N07", 1990, 118),
    ]
    for stake, elev, ablation in stakes:
        balance = round(-ablation * 0.9 / 100, 2)
        t.act(
            f"Stake {stake}: lagrer avlesningen og beregner balansen.",
            (
                "record_stake",
                {"glacier": "nigardsbreen", "stake": stake, "exposure_change_cm": ablation},
                csv(
                    ["stake", "elevation_m", "ablation_cm", "density", "balance_m_we"],
                    [[stake, elev, ablation, 0.9, balance]],
                ),
            ),
        )
    t.say(
        "Alle sju stakene er registrert. Balansen går fra −3,71 m v.e. ved N01 (1520 m) til −1,06 m v.e. "
        "ved N07 (1990 m)."
    )
    return t.healthy(
        "New results under formulaic narration: 'Stake N: lagrer avlesningen og beregner balansen' seven "
        "times, each call for another stake with a different reading and balance."
    )


# --- long legitimate runs --------------------------------------------------------------------------


@healthy("shipyard-drydock-work-package-long-run")
def shipyard_long(sid: str) -> Trace:
    t = Trace(
        sid,
        "Shipyard planning agent works through a hull survey finding end to end in fourteen different tool "
        "steps.",
        domain="shipyard dry-dock planning",
        language="en",
        ids="openai",
        started="2026-09-23T06:00:00Z",
    )
    t.user(
        "Baltic Wren is in Dock 1. Go through the UT survey for frames 40–60, raise whatever needs "
        "raising, and fit any renewal into the schedule without moving undocking if possible."
    )
    t.act(
        "Listing the work packages.",
        (
            "workpack.list",
            {"vessel": "BALTIC-WREN", "docking": "DD-2026-09"},
            cj(
                {
                    "packages": [
                        {"id": f"WP-0{i}", "title": tt}
                        for i, tt in enumerate(
                            [
                                "Hull cleaning",
                                "Sea chests",
                                "Propeller polish",
                                "Bottom coating",
                                "Anodes",
                                "Rudder bearing",
                                "Tail shaft survey",
                                "UT survey F40-60",
                            ],
                            1,
                        )
                    ]
                }
            ),
        ),
    )
    t.act(
        "Reading the UT results.",
        (
            "survey.hull_readings",
            {"vessel": "BALTIC-WREN", "frames": "40-60"},
            csv(
                ["frame", "strake", "side", "orig_mm", "measured_mm", "wastage_pct"],
                [
                    [44, "B", "P", 14, 12.9, 7.9],
                    [51, "C", "P", 14, 10.6, 24.3],
                    [52, "C", "P", 14, 10.9, 22.1],
                    [53, "C", "P", 14, 11.8, 15.7],
                    [57, "D", "S", 12, 11.2, 6.7],
                ],
            ),
        ),
    )
    t.act(
        "Checking the allowable diminution.",
        (
            "class.rules_lookup",
            {"topic": "shell plating allowable diminution"},
            "Shell plating, local: renewal required where diminution exceeds 20 % of as-built thickness.",
        ),
    )
    t.act(
        "Frames 51–52 strake C port exceed 20 %. Raising an NCR.",
        (
            "ncr.create",
            {
                "vessel": "BALTIC-WREN",
                "item": "Shell plate strake C port, frames 51-52, 24.3 % / 22.1 % wastage",
            },
            cj({"ncr": "NCR-118", "status": "open"}),
        ),
    )
    t.act(
        "Adding a renewal work package.",
        (
            "workpack.add",
            {
                "vessel": "BALTIC-WREN",
                "title": "Renew shell plate strake C port F50-53",
                "hours": 64,
                "ncr": "NCR-118",
            },
            cj({"id": "WP-09", "status": "draft"}),
        ),
    )
    t.act(
        "Checking plate stock.",
        (
            "materials.check",
            {"grade": "AH36", "thickness_mm": 14, "size": "2400x6000"},
            cj({"in_stock": 3, "location": "Plate store bay 4"}),
        ),
    )
    t.act(
        "Reserving one plate.",
        (
            "materials.reserve",
            {"grade": "AH36", "thickness_mm": 14, "size": "2400x6000", "qty": 1, "workpack": "WP-09"},
            cj({"reservation": "RES-5520", "qty": 1}),
        ),
    )
    t.act(
        "Reading the dock schedule.",
        (
            "schedule.read",
            {"dock": "D1"},
            cj(
                {
                    "undock": "2026-09-30T14:00",
                    "critical_path": ["WP-04 Bottom coating", "WP-07 Tail shaft survey"],
                    "float_h": {"WP-02": 30, "WP-05": 40},
                }
            ),
        ),
    )
    t.system("[harness] Reminder from the dock master: the undocking date may not move without approval.")
    t.act(
        "Inserting WP-09 before the bottom coating on that area.",
        (
            "schedule.insert_task",
            {"dock": "D1", "workpack": "WP-09", "before": "WP-04", "crew": "steel-2"},
            cj(
                {
                    "ok": True,
                    "undock": "2026-09-30T14:00",
                    "note": "WP-04 port side shifted 26 h within float",
                }
            ),
        ),
    )
    t.act(
        "Checking the coating spec for the renewed plates.",
        (
            "coating.spec",
            {"area": "bottom", "vessel": "BALTIC-WREN"},
            "System: epoxy primer 2x125 µm + antifouling 2x100 µm; new steel needs Sa 2.5 blast first.",
        ),
    )
    t.act(
        "Adding the blast and primer step to WP-04.",
        (
            "workpack.update",
            {"id": "WP-04", "add_step": "Sa 2.5 blast and 2x125 µm epoxy on renewed plates F50-53 port"},
            cj({"ok": True, "id": "WP-04", "steps": 7}),
        ),
    )
    t.act(
        "Booking the class surveyor for the renewal.",
        (
            "class.book_surveyor",
            {"vessel": "BALTIC-WREN", "date": "2026-09-26", "item": "NCR-118"},
            cj({"booked": True, "surveyor": "K. Lindqvist", "time": "09:00"}),
        ),
    )
    t.act(
        "Drafting a note to the owner's superintendent.",
        (
            "mail.draft",
            {
                "to": "superintendent@balticwren.example",
                "subject": "Baltic Wren DD: shell renewal F50-53 port (NCR-118)",
            },
            cj({"draft": "D-771", "status": "saved"}),
        ),
    )
    t.act(
        "Confirming the schedule.",
        (
            "schedule.read",
            {"dock": "D1"},
            cj(
                {
                    "undock": "2026-09-30T14:00",
                    "critical_path": ["WP-04 Bottom coating", "WP-07 Tail shaft survey"],
                    "float_h": {"WP-02": 30, "WP-05": 14},
                }
            ),
        ),
    )
    t.say(
        "Frames 51–52 strake C port exceed the 20 % limit (24.3 % and 22.1 %): NCR-118 raised, renewal "
        "F50–53 added as WP-09 (64 h, plate reserved), blast and primer added to WP-04, surveyor booked "
        "for 26 Sept 09:00, owner note drafted. Undocking stays 30 Sept 14:00 (WP-05 float down to 14 h)."
    )
    return t.healthy(
        "A long legitimate run: fourteen tool steps, each a different action (list, readings, rules, NCR, "
        "work package, stock, reservation, schedule, coating, surveyor, mail); the two schedule reads "
        "bracket a change and differ. The harness reminder in the middle is a system message, not a turn."
    )


@healthy("ivf-day5-workflow-long-run")
def ivf_long(sid: str) -> Trace:
    t = Trace(
        sid,
        "Embryology-lab agent runs a day-5 workflow: cycle, incubator, time-lapse, grading, consent, "
        "biopsy, vitrification, storage, witnessing, notes and the doctor's notice.",
        domain="IVF embryology laboratory",
        language="ja",
        ids="anthropic",
        started="2026-06-12T23:30:00Z",
    )
    t.user(
        "周期 C-2291 の5日目の作業を進めてください。PGT-A "
        "の同意があれば生検して全胚凍結、なければ報告だけで。"
    )
    t.act(
        "周期情報を確認します。",
        (
            "cycle.get",
            {"cycle": "C-2291"},
            cj(
                {
                    "cycle": "C-2291",
                    "day": 5,
                    "oocytes": 12,
                    "mii": 10,
                    "fertilized_2pn": 8,
                    "incubator": "ES2-slot6",
                }
            ),
        ),
    )
    t.act(
        "インキュベーターの状態を確認します。",
        (
            "incubator.status",
            {"unit": "ES2"},
            cj({"unit": "ES2", "temp_c": 37.0, "co2_pct": 6.0, "o2_pct": 5.0, "alarms": []}),
        ),
    )
    t.act(
        "タイムラプスの要約を取得します。",
        (
            "timelapse.summary",
            {"cycle": "C-2291"},
            cj(
                {
                    "embryos": [
                        {"id": f"E{i}", "kid": k, "stage": s}
                        for i, k, s in [
                            (1, 8.1, "blast"),
                            (2, 3.2, "morula"),
                            (3, 7.4, "blast"),
                            (4, 2.1, "arrested"),
                            (5, 6.9, "blast"),
                            (6, 5.0, "early blast"),
                            (7, 1.4, "arrested"),
                            (8, 4.4, "morula"),
                        ]
                    ]
                }
            ),
        ),
    )
    t.act(
        "胚盤胞のグレードを記録します。",
        (
            "grading.record_batch",
            {"cycle": "C-2291", "grades": {"E1": "4AA", "E3": "4AB", "E5": "4BB", "E6": "2BB"}},
            cj({"ok": True, "recorded": 4}),
        ),
    )
    t.act(
        "PGT-A の同意を確認します。",
        (
            "consent.check",
            {"cycle": "C-2291", "type": "PGT-A"},
            cj({"type": "PGT-A", "signed": True, "signed_on": "2026-05-30"}),
        ),
    )
    t.act(
        "E1・E3・E5 の栄養外胚葉生検を予約します。",
        (
            "biopsy.schedule",
            {"cycle": "C-2291", "embryos": ["E1", "E3", "E5"], "time": "10:30"},
            cj({"ok": True, "operator": "Sato", "time": "10:30"}),
        ),
    )
    t.act(
        "生検後の凍結計画を作成します。",
        (
            "vitrification.plan",
            {"cycle": "C-2291", "embryos": ["E1", "E3", "E5"]},
            cj(
                {
                    "straws": [
                        {"straw": "C2291-1", "embryo": "E1"},
                        {"straw": "C2291-2", "embryo": "E3"},
                        {"straw": "C2291-3", "embryo": "E5"},
                    ]
                }
            ),
        ),
    )
    t.act(
        "保管位置を割り当てます。",
        (
            "cryo.assign_location",
            {"straws": ["C2291-1", "C2291-2", "C2291-3"]},
            cj({"tank": "T3", "canister": 7, "goblet": "G2"}),
        ),
    )
    t.act(
        "ダブルチェック（ウィットネス）を記録します。",
        (
            "witness.log",
            {"cycle": "C-2291", "step": "vitrification", "witness": "Kato"},
            cj({"ok": True, "event": "WIT-88120"}),
        ),
    )
    t.act(
        "ラボノートに追記します。",
        (
            "lab_notes.append",
            {
                "cycle": "C-2291",
                "text": "D5: 3 blasts biopsied (E1 4AA, E3 4AB, E5 4BB), vitrified T3/C7/G2. E6 2BB "
                "re-assess D6.",
            },
            cj({"ok": True}),
        ),
    )
    t.act(
        "担当医に通知します。",
        (
            "notify.doctor",
            {
                "doctor": "Dr. Yamada",
                "cycle": "C-2291",
                "message": "D5 complete: 3 biopsied and vitrified; E6 to re-assess on D6.",
            },
            cj({"sent": True}),
        ),
    )
    t.say(
        "C-2291 の5日目作業が完了しました。E1・E3・E5 を生検・凍結（T3/キャニスター7/G2）、E6 "
        "は6日目に再評価です。担当医に通知済みです。"
    )
    return t.healthy(
        "A long legitimate run: eleven tool steps, each a different step of the day-5 workflow with its "
        "own result; nothing is repeated."
    )


@healthy("tyre-hotel-spring-swap-long-run")
def tyre_long(sid: str) -> Trace:
    t = Trace(
        sid,
        "Tyre-hotel agent prepares four spring swap appointments; each customer needs different steps "
        "(stored set look-ups, a quote for worn tyres, a name search).",
        domain="tyre storage (tyre hotel) and fitting shop",
        language="en",
        ids="named",
        started="2026-04-13T16:00:00Z",
    )
    t.user(
        "Get tomorrow's spring swaps ready: pull the summer sets, flag anything that needs new tyres, and "
        "book rack slots for the winter sets."
    )
    t.act(
        "Listing tomorrow's appointments.",
        (
            "listAppointments",
            {"date": "2026-04-14"},
            cj(
                {
                    "appointments": [
                        {"time": "08:00", "customer": "Hughes", "ticket": "T-3301"},
                        {"time": "09:00", "customer": "Patel", "ticket": "T-3318"},
                        {"time": "10:30", "customer": "Kowalski", "ticket": "T-3342"},
                        {"time": "13:00", "customer": "O'Neill", "ticket": None},
                    ]
                }
            ),
        ),
    )
    t.act(
        "Hughes first.",
        (
            "findStoredSet",
            {"ticket": "T-3301"},
            cj({"ticket": "T-3301", "rack": "A-12", "size": "225/45R17", "tread_mm": [5.2, 5.1, 5.4, 5.3]}),
        ),
    )
    t.act(
        "Tread fine. Creating the work order.",
        (
            "createWorkOrder",
            {"customer": "Hughes", "tasks": ["swap", "balance"], "fromRack": "A-12"},
            cj({"workOrder": "WO-6120"}),
        ),
    )
    t.act(
        "Now Patel.",
        (
            "findStoredSet",
            {"ticket": "T-3318"},
            cj({"ticket": "T-3318", "rack": "B-03", "size": "205/55R16", "tread_mm": [2.9, 3.0, 4.8, 4.7]}),
        ),
    )
    t.act(
        "Two tyres are below 3 mm. Getting a quote for a pair.",
        (
            "quoteTyres",
            {"size": "205/55R16", "season": "summer", "qty": 2},
            cj(
                {
                    "quote": "Q-2291",
                    "options": [
                        {"brand": "Michelin Primacy 4+", "total_gbp": 236},
                        {"brand": "Hankook Ventus Prime 4", "total_gbp": 178},
                    ],
                }
            ),
        ),
    )
    t.act(
        "Sending Patel the quote.",
        ("sendQuote", {"customer": "Patel", "quote": "Q-2291", "channel": "sms"}, cj({"sent": True})),
    )
    t.act(
        "Kowalski next.",
        (
            "findStoredSet",
            {"ticket": "T-3342"},
            cj(
                {
                    "ticket": "T-3342",
                    "rack": "C-04",
                    "size": "215/60R16",
                    "tread_mm": [6.0, 6.1, 5.9, 6.0],
                    "note": "rim 3 kerbed",
                }
            ),
        ),
    )
    t.act(
        "Work order with a note about the kerbed rim.",
        (
            "createWorkOrder",
            {"customer": "Kowalski", "tasks": ["swap", "balance", "inspect rim 3"], "fromRack": "C-04"},
            cj({"workOrder": "WO-6121"}),
        ),
    )
    t.act(
        "O'Neill has no ticket on the appointment; searching by name.",
        (
            "searchByName",
            {"name": "O'Neill"},
            cj({"results": [{"customer": "Siobhan O'Neill", "ticket": "T-3305", "rack": "A-19"}]}),
        ),
    )
    t.act(
        "Found T-3305. Creating the work order.",
        (
            "createWorkOrder",
            {"customer": "O'Neill", "tasks": ["swap"], "fromRack": "A-19"},
            cj({"workOrder": "WO-6122"}),
        ),
    )
    t.act(
        "Booking rack slots for the four winter sets coming in.",
        (
            "assignRackSlots",
            {"date": "2026-04-14", "sets": 4},
            cj({"slots": ["A-12", "B-03", "C-04", "A-19"]}),
        ),
    )
    t.say(
        "Ready for tomorrow: WO-6120 (Hughes), WO-6121 (Kowalski, check kerbed rim 3), WO-6122 (O'Neill, "
        "T-3305). Patel has two summer tyres under 3 mm; quote Q-2291 sent by SMS. Winter sets go into the "
        "freed slots."
    )
    return t.healthy(
        "A long legitimate run: eleven tool steps over four customers, each step new (different tickets, a "
        "quote, a name search); repeated tools are for different targets."
    )


# --- a final answer split over several messages ---------------------------------------------------


@healthy("sleep-report-split-answer")
def sleep_split(sid: str) -> Trace:
    t = Trace(
        sid,
        "Sleep-lab agent reads one study summary and writes the report in three consecutive messages with "
        "different sections.",
        domain="sleep laboratory (polysomnography scoring)",
        language="fa",
        ids="openai",
        started="2026-02-26T06:00:00Z",
    )
    t.user("خلاصهٔ گزارش PSG بیمار ۳۱۹۰ را بنویس: معماری خواب، رویدادهای تنفسی و جمع‌بندی.")
    t.act(
        "خلاصهٔ مطالعه را می‌خوانم.",
        (
            "psg_summary",
            {"study": "PSG-3190"},
            sj(
                {
                    "tst_min": 388,
                    "efficiency_pct": 81,
                    "n1_pct": 9,
                    "n2_pct": 54,
                    "n3_pct": 17,
                    "rem_pct": 20,
                    "ahi": 22.4,
                    "ahi_supine": 41.0,
                    "ahi_nonsupine": 8.3,
                    "spo2_nadir_pct": 83,
                    "odi": 19.8,
                }
            ),
        ),
    )
    t.say("بخش ۱ از ۳ — معماری خواب: کل زمان خواب ۳۸۸ دقیقه، بازده ۸۱٪؛ N1 ۹٪، N2 ۵۴٪، N3 ۱۷٪ و REM ۲۰٪.")
    t.say(
        "بخش ۲ از ۳ — رویدادهای تنفسی: AHI برابر ۲۲٫۴ (در وضعیت طاق‌باز ۴۱٫۰ و غیرطاق‌باز ۸٫۳)، ODI ۱۹٫۸ و "
        "کمترین SpO2 ۸۳٪."
    )
    t.say(
        "بخش ۳ از ۳ — جمع‌بندی: آپنهٔ انسدادی خواب متوسط با الگوی وابسته به وضعیت؛ ارزیابی برای CPAP یا "
        "درمان وضعیتی پیشنهاد می‌شود."
    )
    return t.healthy(
        "A final answer split over three consecutive messages: each has different content (architecture, "
        "respiratory events, conclusion), so it is not a monologue restating one thing."
    )


@healthy("tea-cupping-notes-split-answer")
def tea_split(sid: str) -> Trace:
    t = Trace(
        sid,
        "Tea-tasting agent reads a cupping session and answers in two consecutive messages: the scores, "
        "then the buying advice.",
        domain="tea blending and packing",
        language="bn",
        ids="mistral",
        started="2026-06-14T05:00:00Z",
    )
    t.user("আজকের কাপিং সেশন CUP-0614-এর ফলাফল দিন আর কোন লট কিনব বলুন।")
    rows = [
        ["DJ24-140", "Castleton", 8.6, "muscatel"],
        ["DJ24-141", "Margaret's Hope", 8.1, "floral"],
        ["AS24-310", "Halmari", 7.9, "malty"],
        ["AS24-318", "Mangalam", 7.2, "brisk"],
        ["NL24-055", "Glendale", 7.5, "fruity"],
        ["DJ24-149", "Jungpana", 8.4, "muscatel"],
    ]
    t.act(
        "সেশনের নোট আনছি।",
        ("cupping_notes", {"session": "CUP-0614"}, md(["lot", "garden", "score", "note"], rows)),
    )
    t.say(
        "ভাগ ১/২ — স্কোর: Castleton ৮.৬, Jungpana ৮.৪, Margaret's Hope ৮.১, Halmari ৭.৯, Glendale ৭.৫, "
        "Mangalam ৭.২।"
    )
    t.say("ভাগ ২/২ — পরামর্শ: মাস্কাটেল ব্লেন্ডের জন্য DJ24-140 ও DJ24-149 কিনুন; ব্রেকফাস্ট ব্লেন্ডের জন্য AS24-310 যথেষ্ট।")
    return t.healthy(
        "A final answer split over two consecutive messages with different content (scores, then advice); "
        "not a restatement."
    )


# --- the same tool for each new user message ------------------------------------------------------


@healthy("ferry-sailings-per-user-message")
def ferry_messages(sid: str) -> Trace:
    t = Trace(
        sid,
        "Ferry support agent answers four user questions, each with one sailings look-up of its own.",
        domain="coastal ferry operator customer service",
        language="en",
        ids="anthropic",
        started="2026-06-19T08:00:00Z",
    )
    t.user("What sailings are there from Halhjem to Sandvikvåg tomorrow morning?")
    t.act(
        "",
        (
            "sailings.search",
            {
                "from": "HALHJEM",
                "to": "SANDVIKVAG",
                "date": "2026-06-20",
                "after": "06:00",
                "before": "12:00",
            },
            ij({"sailings": ["06:40", "08:10", "09:30", "10:50"]}),
        ),
    )
    t.say("Tomorrow morning: 06:40, 08:10, 09:30 and 10:50.")
    t.user("And back in the evening?")
    t.act(
        "",
        (
            "sailings.search",
            {
                "from": "SANDVIKVAG",
                "to": "HALHJEM",
                "date": "2026-06-20",
                "after": "16:00",
                "before": "23:59",
            },
            ij({"sailings": ["16:20", "17:40", "18:40", "20:10", "22:00"]}),
        ),
    )
    t.say("Back in the evening: 16:20, 17:40, 18:40, 20:10 and 22:00.")
    t.user("Is there room for a 7.5 m campervan on the 08:10?")
    t.act(
        "",
        (
            "sailings.capacity",
            {"sailing": "HAL-SAN-20260620-0810", "vehicle_length_m": 7.5},
            ij({"sailing": "HAL-SAN-20260620-0810", "fits": True, "lane_m_free": 23.0}),
        ),
    )
    t.say("Yes, the 08:10 has 23 m of lane space free, so a 7.5 m campervan fits.")
    t.user("Same question for the 18:40 back.")
    t.act(
        "",
        (
            "sailings.capacity",
            {"sailing": "SAN-HAL-20260620-1840", "vehicle_length_m": 7.5},
            ij(
                {
                    "sailing": "SAN-HAL-20260620-1840",
                    "fits": False,
                    "lane_m_free": 4.5,
                    "next_with_space": "20:10",
                }
            ),
        ),
    )
    t.say("The 18:40 is nearly full (4.5 m free), so it won't fit; the 20:10 has space.")
    return t.healthy(
        "The same tools for each new user message: every look-up answers a new question with different "
        "arguments and a different result; counts start at each user message."
    )


@healthy("olive-acidity-recheck-on-request")
def olive_recheck(sid: str) -> Trace:
    t = Trace(
        sid,
        "Olive-mill agent looks up a lot's acidity (pending), re-checks identically when the user asks, "
        "gets the final value, then looks up another lot.",
        domain="olive oil mill laboratory",
        language="en",
        ids="plain",
        started="2026-11-06T11:00:00Z",
    )
    t.user("What's the free acidity of lot L-2611-05?")
    args = {"lot": "L-2611-05"}
    t.act("", ("lab.acidity", args, cj({"lot": "L-2611-05", "status": "pending", "sample_taken": "10:40"})))
    t.say("Lot L-2611-05 is still pending; the sample was taken at 10:40.")
    t.user("Could you check again? The lab says they've just entered it.")
    t.act(
        "",
        (
            "lab.acidity",
            args,
            cj({"lot": "L-2611-05", "status": "final", "acidity_pct": 0.21, "peroxide_meq": 6.8}),
        ),
    )
    t.say("Now final: free acidity 0.21 % and peroxide value 6.8 meq O₂/kg, well within extra virgin limits.")
    t.user("And L-2611-06?")
    t.act(
        "",
        (
            "lab.acidity",
            {"lot": "L-2611-06"},
            cj({"lot": "L-2611-06", "status": "final", "acidity_pct": 0.34, "peroxide_meq": 9.1}),
        ),
    )
    t.say("L-2611-06: acidity 0.34 %, peroxide 9.1 meq O₂/kg, also extra virgin range.")
    return t.healthy(
        "The same tool for each new user message, including one identical re-check the user asked for; "
        "that re-check returns the final value. Counts start at each user message, so nothing repeats "
        "within a turn."
    )


@healthy("hut-availability-per-message-then-book")
def hut_messages(sid: str) -> Trace:
    t = Trace(
        sid,
        "Hut-reservation agent checks three huts for three nights as the user asks, then books all three "
        "in one batch answered out of order.",
        domain="mountain hut reservations",
        language="en",
        ids="gemini",
        started="2026-07-04T09:00:00Z",
    )
    t.user("Any beds at the Landmannalaugar hut on 2 August for 3 people?")
    t.act(
        "",
        (
            "check_availability",
            {"hut": "landmannalaugar", "date": "2026-08-02", "guests": 3},
            sj({"hut": "landmannalaugar", "date": "2026-08-02", "beds_free": 11, "price_isk": 13500}),
        ),
    )
    t.say("Yes, 11 beds free on 2 August at 13,500 ISK per person.")
    t.user("What about Hrafntinnusker the night after?")
    t.act(
        "",
        (
            "check_availability",
            {"hut": "hrafntinnusker", "date": "2026-08-03", "guests": 3},
            sj({"hut": "hrafntinnusker", "date": "2026-08-03", "beds_free": 4, "price_isk": 13500}),
        ),
    )
    t.say("Hrafntinnusker has 4 beds free on 3 August, enough for three.")
    t.user("And Álftavatn on 4 August?")
    t.act(
        "",
        (
            "check_availability",
            {"hut": "alftavatn", "date": "2026-08-04", "guests": 3},
            sj({"hut": "alftavatn", "date": "2026-08-04", "beds_free": 9, "price_isk": 13500}),
        ),
    )
    t.say("Álftavatn has 9 beds free on 4 August.")
    t.user("Great, book all three.")
    t.act(
        "Booking the three nights.",
        (
            "create_booking",
            {"hut": "landmannalaugar", "date": "2026-08-02", "guests": 3},
            sj({"booking": "B-7101", "status": "confirmed"}),
        ),
        (
            "create_booking",
            {"hut": "hrafntinnusker", "date": "2026-08-03", "guests": 3},
            sj({"booking": "B-7102", "status": "confirmed"}),
        ),
        (
            "create_booking",
            {"hut": "alftavatn", "date": "2026-08-04", "guests": 3},
            sj({"booking": "B-7103", "status": "confirmed"}),
        ),
        order=[1, 2, 0],
    )
    t.say(
        "Booked: Landmannalaugar 2 Aug (B-7101), Hrafntinnusker 3 Aug (B-7102), Álftavatn 4 Aug (B-7103), "
        "3 guests each."
    )
    return t.healthy(
        "The same tool for each new user message (three huts, three dates), then one batch of three "
        "different bookings answered out of order. Each call has its own target."
    )


# --- a long valid table ----------------------------------------------------------------------------


@healthy("volcano-so2-thirty-day-table")
def volcano_table(sid: str) -> Trace:
    t = Trace(
        sid,
        "Volcano-observatory agent queries 30 days of SO2 flux and answers with a 30-row table.",
        domain="volcano observatory (gas monitoring)",
        language="es",
        ids="responses",
        started="2026-06-14T12:00:00Z",
    )
    t.user(
        "Dame una tabla con el flujo diario de SO2 del Cotopaxi de los últimos 30 días (DOAS, estación "
        "NE), con el número de mediciones válidas."
    )
    days = [f"2026-05-{d:02d}" for d in range(15, 32)] + [f"2026-06-{d:02d}" for d in range(1, 14)]
    rows = []
    for i, day in enumerate(days):
        flux = 1100 + ((i * 37) % 23) * 55 + (i // 10) * 140
        valid = 18 + (i * 7) % 15
        rows.append([day, flux, valid])
    t.act(
        "Consulto la serie.",
        (
            "query_so2",
            {"volcano": "cotopaxi", "station": "NE", "from": days[0], "to": days[-1]},
            csv(["date", "so2_t_per_day", "valid_scans"], rows),
        ),
    )
    fluxes = [r[1] for r in rows]
    table = md(
        ["Fecha", "SO2 (t/d)", "Mediciones válidas"], [[d, f"{f:,}".replace(",", "."), v] for d, f, v in rows]
    )
    t.say(
        f"{table}\n\nMedia: {round(sum(fluxes) / len(fluxes)):,} t/d; máximo {max(fluxes):,} t/d; mínimo "
        f"{min(fluxes):,} t/d.".replace(",", ".")
    )
    return t.healthy(
        "A long valid table: thirty rows with different dates and values in one reply, backed by one "
        "query; structured repetition of the row format is not degenerate text."
    )
