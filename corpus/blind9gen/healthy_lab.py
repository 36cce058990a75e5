"""Healthy sessions of laboratory agents: run polling, LIMS pagination, QC fan-out, edit-simulate cycles."""

from __future__ import annotations

from typing import Any

from .builder import Call, Trace, js


def protocol_run_polling() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-001-protocol-run-polling",
        "A protocol-runner agent starts a plate-prep run on an Opentrons Flex and polls the run with the "
        "same call while it reports 'running', then collects the results when it succeeds.",
        agent="protocol-runner agent (OpenAI Agents SDK, function tools)",
        model="gpt-4o-2024-11-20",
        start=1201,
    )
    t.user(
        "Start run 91ad (ELISA plate prep, ~12 min) and tell me when it's done, with any errors from the log."
    )
    t.act(
        "Checking the run is loaded.",
        "ot_http",
        {"method": "GET", "path": "/runs/91ad"},
        js({"data": {"id": "91ad", "status": "idle", "protocolId": "elisa-prep-v4", "current": True}}),
    )
    t.act(
        "Starting it.",
        "ot_http",
        {"method": "POST", "path": "/runs/91ad/actions", "body": {"data": {"actionType": "play"}}},
        js({"data": {"id": "act-1", "actionType": "play", "createdAt": "2026-03-03T10:02:11Z"}}),
    )
    running = js({"data": {"id": "91ad", "status": "running", "errors": [], "current": True}})
    lines = [
        "Run started. Checking on it in a minute.",
        "Still running.",
        "Running; waiting another minute.",
        "Still running, as expected for a ~12 minute protocol.",
        "Running.",
        "Still running.",
        "Running, no errors so far.",
        "Still going.",
        "Running; it should be close to done.",
        "Still running.",
    ]
    for text in lines:
        t.act(text, "ot_wait_then_get_run", {"run_id": "91ad", "wait_s": 60}, running)
    t.act(
        "Checking once more.",
        "ot_wait_then_get_run",
        {"run_id": "91ad", "wait_s": 60},
        js(
            {
                "data": {
                    "id": "91ad",
                    "status": "succeeded",
                    "errors": [],
                    "completedAt": "2026-03-03T10:14:02Z",
                }
            }
        ),
    )
    t.act(
        "Done. Reading the command log for warnings.",
        "ot_http",
        {"method": "GET", "path": "/runs/91ad/commands", "query": {"pageLength": 5, "cursor": 310}},
        js(
            {
                "data": [
                    {"commandType": "dropTip", "status": "succeeded"},
                    {"commandType": "home", "status": "succeeded"},
                ],
                "meta": {"totalLength": 312},
                "warnings": ["Tip rack in C2 had 2 tips remaining"],
            }
        ),
    )
    t.say(
        "Run 91ad finished successfully at 10:14 (312 commands, no errors). One note: the tip rack in C2 is "
        "nearly empty (2 tips left)."
    )
    t.healthy(
        "Polling a run until it finishes: ten identical wait-then-get calls return the same 'running' "
        "body, then the run succeeds and the agent reads the log and reports. Identical polls with "
        "identical intermediate statuses that end in completion are healthy."
    )
    return t.build()


def lims_pagination() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-002-lims-freezer-audit-pagination",
        "A LIMS copilot pages through a freezer inventory with a cursor to find expired aliquots, then "
        "summarises by rack.",
        agent="LabWare LIMS copilot (LangChain tool-calling agent)",
        model="gpt-4.1-2025-04-14",
        start=1240,
    )
    t.user("Audit freezer F-07: list every aliquot past its expiry date, grouped by rack.")
    racks = ["R01", "R02", "R03", "R04", "R05", "R06", "R07", "R08"]
    expired: dict[str, int] = {}
    cursor = None
    for page in range(7):
        rows = []
        for k in range(50):
            rack = racks[(page * 50 + k) // 45 % len(racks)]
            is_expired = t.rng.random() < 0.08
            if is_expired:
                expired[rack] = expired.get(rack, 0) + 1
            rows.append(
                {
                    "sample_id": f"S-{71000 + page * 50 + k}",
                    "rack": rack,
                    "expiry": "2025-12-31" if is_expired else "2027-06-30",
                }
            )
        nxt = None if page == 6 else f"eyJvZmZzZXQiOi{page + 1}MDB9"
        args: dict[str, Any] = {"freezer": "F-07", "fields": ["sample_id", "rack", "expiry"], "page_size": 50}
        if cursor:
            args["cursor"] = cursor
        text = "Listing the freezer inventory." if page == 0 else f"Page {page + 1}."
        t.act(text, "lims_list_inventory", args, js({"rows": rows, "next_cursor": nxt, "total": 338}))
        cursor = nxt
    summary = "; ".join(f"{r}: {n}" for r, n in sorted(expired.items()))
    t.say(
        f"Freezer F-07 has {sum(expired.values())} expired aliquots out of 338 (7 pages). By rack: {summary}."
    )
    t.healthy(
        "Cursor pagination: the same list call is repeated with a new cursor each time and every page "
        "brings 50 new rows; it stops when next_cursor is null and summarises."
    )
    return t.build()


def sequencing_qc_fanout() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-003-sequencing-qc-fanout",
        "A sequencing-core agent pulls QC metrics for 24 libraries in parallel batches, re-checks the one "
        "outlier with another tool and writes the pass/fail table.",
        agent="sequencing core assistant (Claude, parallel tool use)",
        model="claude-sonnet-4-5",
        start=1270,
        ids="anthropic",
    )
    t.user("Run NV-0226 finished. Check QC for all 24 libraries and tell me which ones need re-sequencing.")
    t.act(
        "Getting the run's sample sheet.",
        "seq_get_run",
        {"run_id": "NV-0226"},
        js(
            {
                "run_id": "NV-0226",
                "instrument": "NovaSeq X",
                "flowcell": "22HGKLT3",
                "libraries": 24,
                "status": "COMPLETE",
                "q30_overall": 93.1,
            }
        ),
    )
    failing = []
    for batch in range(4):
        calls = []
        for k in range(6):
            lib = f"LIB-{batch * 6 + k + 1:02d}"
            reads = t.rng.randint(380, 520) * 100000
            dup = round(t.rng.uniform(6, 14), 1)
            if lib == "LIB-17":
                reads, dup = 41000000 // 10, 38.2
                failing.append(lib)
            calls.append(
                Call(
                    "seq_get_library_qc",
                    {"run_id": "NV-0226", "library": lib},
                    js(
                        {
                            "library": lib,
                            "reads": reads,
                            "q30": round(t.rng.uniform(91, 95), 1),
                            "dup_pct": dup,
                            "insert_median": t.rng.randint(310, 360),
                        }
                    ),
                )
            )
        t.batch(f"QC for libraries {batch * 6 + 1}-{batch * 6 + 6}.", calls)
    t.act(
        "LIB-17 is far below the others; checking its index reads.",
        "seq_get_index_counts",
        {"run_id": "NV-0226", "library": "LIB-17"},
        js(
            {
                "library": "LIB-17",
                "i7": "TCCGGAGA",
                "i5": "AGGCTATA",
                "reads": 4100000,
                "undetermined_with_similar_index": 31800000,
            }
        ),
    )
    t.say(
        "23 of 24 libraries pass (38-52 M reads, Q30 > 91%, duplication < 15%). LIB-17 got only 4.1 M reads; "
        "31.8 M undetermined reads carry a near-match index, so it is likely an index entry error in the "
        "sample "
        "sheet. Re-demultiplex rather than re-sequence."
    )
    t.healthy(
        "Fan-out over 24 different libraries: the same QC tool with a new id per call, in four parallel "
        "batches, each result new; the one outlier is followed up with a different tool."
    )
    return t.build()


def opentrons_edit_simulate() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-004-opentrons-edit-simulate",
        "An agent fixes a Python protocol by simulating it, editing, and simulating again; each run fails "
        "differently until it passes.",
        agent="protocol developer agent (Aider-style edit tools, local CLI)",
        model="claude-3-7-sonnet",
        start=1300,
        ids="anthropic",
    )
    t.user("serial_dilution.py fails in the app. Fix it so it simulates cleanly on the Flex.")
    sim = {"command": "opentrons_simulate protocols/serial_dilution.py"}
    t.act(
        "Simulating to see the error.",
        "run_command",
        sim,
        'Traceback (most recent call last):\n  File "protocols/serial_dilution.py", line 18, in run\n'
        "    plate = protocol.load_labware('corning_96_wellplate_360ul_flat', 1)\n"
        "opentrons.protocols.api_support.util.APIVersionError: Slot '1' is not valid on Flex; use "
        "'D1'\n[exit 1]",
        error=True,
    )
    t.act(
        "Flex uses coordinate slots. Fixing the plate slot.",
        "edit_file",
        {
            "path": "protocols/serial_dilution.py",
            "old": "'corning_96_wellplate_360ul_flat', 1)",
            "new": "'corning_96_wellplate_360ul_flat', 'D1')",
        },
        "Edited protocols/serial_dilution.py (1 replacement)",
    )
    t.act(
        "Simulating again.",
        "run_command",
        sim,
        'Traceback (most recent call last):\n  File "protocols/serial_dilution.py", line 19, in run\n'
        "    tips = protocol.load_labware('opentrons_96_tiprack_300ul', 2)\n"
        "ValueError: Labware 'opentrons_96_tiprack_300ul' is not compatible with Flex pipettes\n[exit 1]",
        error=True,
    )
    t.act(
        "Switching to the Flex tip rack in C2.",
        "edit_file",
        {
            "path": "protocols/serial_dilution.py",
            "old": "'opentrons_96_tiprack_300ul', 2)",
            "new": "'opentrons_flex_96_tiprack_200ul', 'C2')",
        },
        "Edited protocols/serial_dilution.py (1 replacement)",
    )
    t.act(
        "Simulating again.",
        "run_command",
        sim,
        'Traceback (most recent call last):\n  File "protocols/serial_dilution.py", line 31, in run\n'
        "    p300.transfer(100, row[0], row[1:], mix_after=(3, 50))\n"
        "opentrons.protocol_api.core.engine.exceptions.PipetteNotLoadedError: 'p300' is a OT-2 "
        "pipette\n[exit 1]",
        error=True,
    )
    t.act(
        "Loading the Flex 1-channel 1000 instead of the OT-2 P300.",
        "edit_file",
        {
            "path": "protocols/serial_dilution.py",
            "old": "p300 = protocol.load_instrument('p300_single_gen2', 'left', tip_racks=[tips])",
            "new": "p300 = protocol.load_instrument('flex_1channel_1000', 'left', tip_racks=[tips])",
        },
        "Edited protocols/serial_dilution.py (1 replacement)",
    )
    t.act(
        "Simulating again.",
        "run_command",
        sim,
        "Picking up tip from A1 of Opentrons Flex 96 Tip Rack 200 µL on slot C2\n...\n"
        "Transferring 100.0 from A11 of Corning 96 Well Plate 360 µL Flat on slot D1 to A12 ...\n"
        "Dropping tip into Trash Bin on slot A3\n[exit 0] 96 commands simulated, 0 errors",
    )
    t.say(
        "Fixed: Flex slot names (D1, C2), the Flex tip rack and the Flex 1-channel pipette. The protocol now "
        "simulates cleanly (96 commands)."
    )
    t.healthy(
        "Edit, re-run, edit, re-run: the same simulate command runs four times, but an edit comes before "
        "each re-run and each run fails differently (slot, tip rack, pipette) until it passes."
    )
    return t.build()


def reader_transient_retry() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-005-plate-reader-usb-retry",
        "A SiLA 2 agent's absorbance read fails twice with transient connection errors, succeeds on the "
        "third identical attempt, and the data are saved.",
        agent="in-house SiLA 2 orchestration agent (Anthropic tool use)",
        model="claude-sonnet-4-5",
        start=1333,
        ids="anthropic",
    )
    t.user("Read plate BCA-0304 at 562 nm and save to the protein-assay folder.")
    args = {"server": "spark-reader-01", "plate_id": "BCA-0304", "wavelength_nm": 562, "flashes": 25}
    t.act(
        "Reading.",
        "sila_measure_absorbance",
        args,
        "gRPC UNAVAILABLE: connection reset by peer (spark-reader-01:50052)",
        error=True,
    )
    t.act(
        "A connection reset is usually transient on this gateway. Retrying.",
        "sila_measure_absorbance",
        args,
        "gRPC DEADLINE_EXCEEDED after 30000 ms (spark-reader-01:50052)",
        error=True,
    )
    t.act(
        "Checking the server is up before trying again.",
        "sila_get_properties",
        {"server": "spark-reader-01", "feature": "org.silastandard/core/SiLAService/v1"},
        js({"ServerName": "spark-reader-01", "ServerUUID": "4c1f...e2", "Uptime_s": 41}),
    )
    t.act(
        "It just restarted (41 s uptime). Reading again.",
        "sila_measure_absorbance",
        args,
        js(
            {
                "plate_id": "BCA-0304",
                "wavelength_nm": 562,
                "wells": 96,
                "min": 0.061,
                "max": 1.884,
                "blank_mean": 0.063,
                "file": "spark-reader-01:/data/BCA-0304_562.csv",
            }
        ),
    )
    t.act(
        "Saving to the assay folder.",
        "files_copy",
        {"src": "spark-reader-01:/data/BCA-0304_562.csv", "dst": "//labshare/protein-assay/2026-03-04/"},
        js({"copied": 1, "bytes": 4218}),
    )
    t.say(
        "Plate BCA-0304 read at 562 nm (OD 0.061-1.884, blank 0.063) and saved to protein-assay/2026-03-04/. "
        "The reader had restarted; two connection errors before the successful read."
    )
    t.healthy(
        "A retry that succeeds: the same read fails twice with transient transport errors (a reset, a "
        "deadline), the agent checks the server, and the third attempt succeeds."
    )
    return t.build()


def eln_batch_italian() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-006-eln-batch-entries-italian",
        "Un agente ELN registra dieci risultati diversi di stabilità, una voce per campione; le "
        "conferme si somigliano ma ogni voce è diversa.",
        agent="assistente quaderno elettronico di laboratorio (Gemini function calling)",
        model="gemini-2.5-flash",
        start=1360,
        ids="gemini",
    )
    t.user(
        "Registra nel quaderno STAB-2026, pagina 3, i risultati di stabilità a 6 mesi dei campioni "
        "C01-C10 dal file che ti allego (titolo %, impurezze %)."
    )
    rows = [
        (f"C{i:02d}", round(t.rng.uniform(98.2, 100.4), 1), round(t.rng.uniform(0.05, 0.31), 2))
        for i in range(1, 11)
    ]
    t.act(
        "Leggo il file allegato.",
        "read_attachment",
        {"name": "stab_6m.csv"},
        "campione,titolo_pct,impurezze_pct\n" + "\n".join(f"{c},{a},{b}" for c, a, b in rows),
    )
    for i, (c, a, b) in enumerate(rows):
        t.clock.tick(4, 20)
        t.act(
            f"Registro {c}." if i else f"Registro le voci una per campione. {c}.",
            "eln_append_entry",
            {
                "notebook": "STAB-2026",
                "page": 3,
                "section": "Risultati 6 mesi",
                "text": f"Campione {c}: titolo {a}%, impurezze totali {b}% (25 °C/60% UR).",
            },
            js(
                {
                    "esito": "ok",
                    "id_voce": f"V-9{1200 + 3 * i}",
                    "salvato_alle": t.clock.stamp(),
                    "versione_pagina": 12 + i,
                }
            ),
        )
    t.act(
        "Verifico la pagina.",
        "eln_get_page",
        {"notebook": "STAB-2026", "page": 3},
        js({"pagina": 3, "voci_totali": 10, "sezioni": ["Risultati 6 mesi"], "firmata": False}),
    )
    t.say(
        "Registrate 10 voci (C01-C10) nella pagina 3 di STAB-2026. Tutti i campioni sono entro specifica; la "
        "pagina va ancora firmata."
    )
    t.healthy(
        "Batch writes: ten appends with different content (one sample each) whose acknowledgements look "
        "alike ('esito: ok', a new id); the page check confirms ten entries, then the agent stops."
    )
    return t.build()


def chem_subagent_fanout() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-007-solvent-selection-subagent-fanout",
        "A process-chemistry supervisor sends four different questions about a solvent swap to four "
        "specialist sub-agents and combines their reports.",
        agent="process chemistry supervisor (CrewAI hierarchical process)",
        model="claude-3-7-sonnet",
        start=1390,
        ids="anthropic",
    )
    t.user(
        "Can we replace dichloromethane with 2-MeTHF in step 4 of the API-22 route? I need a recommendation "
        "covering solubility, safety, cost and impurity risk."
    )
    tasks = [
        (
            "Solubility Analyst",
            "Estimate solubility of intermediate I-4 in 2-MeTHF vs DCM at 20 °C and 40 °C.",
            "I-4: DCM 182 g/L (20 °C); 2-MeTHF 96 g/L (20 °C), 171 g/L (40 °C). Needs ~1.9x volume or warm "
            "charge.",
        ),
        (
            "EHS Reviewer",
            "Compare EHS profile of 2-MeTHF and DCM for a 400 L reactor step.",
            "2-MeTHF: flammable (flash -11 °C), peroxide former, needs inerting; DCM: suspected carcinogen, "
            "REACH restriction pressure. Net: 2-MeTHF preferred with N2 blanket and BHT-stabilised grade.",
        ),
        (
            "Procurement Analyst",
            "Price and lead time of 2-MeTHF (stabilised, 200 L drums) from approved suppliers.",
            "2-MeTHF €6.10/kg (2 suppliers, 3-4 weeks) vs DCM €1.40/kg. Per batch +€2,900 at 1.9x volume.",
        ),
        (
            "Impurity Specialist",
            "Risk of new impurities if step 4 runs in 2-MeTHF (ether cleavage, peroxides).",
            "Low risk at <45 °C; peroxide test before use; no known reaction of I-4 with 2-MeTHF. Suggest a "
            "spiking study for impurity C.",
        ),
    ]
    for role, task, report in tasks:
        t.act(
            f"Asking the {role}.",
            "delegate_work",
            {"coworker": role, "task": task, "context": "API-22 step 4"},
            report,
        )
    t.say(
        "Recommendation: yes, with conditions. 2-MeTHF works at 40 °C charge (171 g/L) with ~1.9x volume; "
        "inert and use stabilised grade; +€2.9k per batch; run a spiking study for impurity C before the "
        "change."
    )
    t.healthy(
        "Sub-agent fan-out over different subtasks: four delegations with different coworkers and "
        "questions, four different reports, one synthesis."
    )
    return t.build()


SCENARIOS = [
    protocol_run_polling,
    lims_pagination,
    sequencing_qc_fanout,
    opentrons_edit_simulate,
    reader_transient_retry,
    eln_batch_italian,
    chem_subagent_fanout,
]
