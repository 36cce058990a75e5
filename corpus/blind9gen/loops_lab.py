"""Loops of laboratory agents: LIMS, plate readers, liquid handlers, protocol runners, ELNs."""

from __future__ import annotations

from typing import Any

from .builder import Trace, js, pj


def lims_sample_search_empty() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-001-lims-hemolysis-query-empty",
        "A LIMS copilot looks for plasma aliquots that failed hemolysis QC with a QC code that does not "
        "exist, gets zero rows and re-runs the same query instead of checking the code list.",
        agent="LabWare LIMS copilot (LangChain tool-calling agent)",
        model="gpt-4.1-2025-04-14",
        start=11,
    )
    t.user(
        "Pull every plasma aliquot of study ONC-2291 that failed hemolysis QC since Feb 23 and give me "
        "the freezer positions, I need to pull them for re-draw requests."
    )
    t.act(
        "Let me first confirm the study exists and see which sample types it uses.",
        "lims_get_study",
        {"study_id": "ONC-2291"},
        js(
            {
                "study_id": "ONC-2291",
                "title": "Phase II pembrolizumab + chemo, NSCLC",
                "sponsor": "Aurelia Oncology",
                "sample_types": ["PLASMA_ALIQUOT", "SERUM", "PBMC", "FFPE_BLOCK"],
                "sites": 14,
                "status": "ACTIVE",
            }
        ),
    )
    query = {
        "study": "ONC-2291",
        "sample_type": "PLASMA_ALIQUOT",
        "qc_flag": "HEMOLYSIS_FAIL",
        "received_after": "2026-02-23",
        "fields": ["sample_id", "freezer", "rack", "box", "position"],
    }
    empty = js({"count": 0, "rows": [], "query_ms": 41})
    firsts = [t.act("Now the aliquots flagged for hemolysis in that window.", "lims_query", query, empty)]
    firsts.append(
        t.act(
            "Zero rows is surprising for 14 sites. Sample registration can lag behind QC, so let me "
            "run the same query again.",
            "lims_query",
            dict(reversed(list(query.items()))),
            js({"count": 0, "rows": [], "query_ms": 38}),
        )
    )
    t.act(
        "While that settles, let me make sure the freezer map service is up.",
        "lims_get_freezer_map",
        {"freezer": "F-12", "summary": True},
        js(
            {
                "freezer": "F-12",
                "model": "Thermo TSX -80",
                "racks": 20,
                "occupied_positions": 6112,
                "alarm": None,
            }
        ),
    )
    for text in (
        "The freezer service is fine. Re-running the hemolysis query now.",
        "Still nothing. I'll try once more in case the QC results were posted in the last minute.",
        "Trying the query again with the same parameters.",
    ):
        firsts.append(t.act(text, "lims_query", query, js({"count": 0, "rows": [], "query_ms": 40})))
    t.say(
        "No PLASMA_ALIQUOT samples of ONC-2291 have a hemolysis QC failure since 2026-02-23, so there "
        "is nothing to pull for re-draw."
    )
    onset = firsts[2]
    t.loop(
        ["identical_call"],
        onset,
        f"The same lims_query (keys reordered once, canonically identical) returns zero rows at steps "
        f"{firsts[0]}, {firsts[1]} and {onset}; the third identical call with the same empty result is "
        f"the onset, step {onset}. The agent never lists the QC codes (the flag name is a guess) and ends "
        "with a confident empty answer after two more identical calls.",
    )
    return t.build()


def plate_reader_door_interlock() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-002-plate-reader-door-interlock",
        "A SiLA 2 instrument agent keeps changing wavelength and gain on an absorbance read that the "
        "reader refuses each time because the chamber door is open, worded differently each time.",
        agent="in-house SiLA 2 orchestration agent (Anthropic tool use)",
        model="claude-sonnet-4-5",
        start=37,
        ids="anthropic",
    )
    t.user(
        "Plate ELISA-0317 is on the reader. Read absorbance at 450 nm with 570 nm reference and save the "
        "raw values to the run folder."
    )
    t.act(
        "Connecting to the reader and checking its state.",
        "sila_get_properties",
        {"server": "spark-reader-02", "feature": "org.silastandard/instruments/PlateReader/v1"},
        js({"DeviceState": "IDLE", "Temperature": 25.1, "PlateLoaded": True, "Lid": "NONE"}),
    )
    errors = [
        "DefinedExecutionError DoorOpen: The measurement chamber door is open. Close it and retry.",
        "ExecutionError (code 0x2A1): interlock active - chamber access door not latched",
        "Measurement rejected by firmware: plate carrier cannot retract while the door sensor reports OPEN",
        "DefinedExecutionError DoorOpen: door must be closed before a measurement can start",
        "Command 'MeasureAbsorbance' aborted: safety interlock (door) engaged",
    ]
    plans = [
        ("Starting the dual-wavelength read.", {"wavelength_nm": 450, "reference_nm": 570, "flashes": 25}),
        (
            "Maybe the reference wavelength is the issue; reading 450 nm alone.",
            {"wavelength_nm": 450, "flashes": 25},
        ),
        (
            "Reducing flashes and setting gain manually in case the optics self-test trips it.",
            {"wavelength_nm": 450, "reference_nm": 570, "flashes": 10, "gain": 100},
        ),
        (
            "Trying the 405 nm filter in case the 450 filter slot is the problem.",
            {"wavelength_nm": 405, "flashes": 25},
        ),
        (
            "Back to 450/570 with a settle time so the carrier can stabilise.",
            {"wavelength_nm": 450, "reference_nm": 570, "flashes": 25, "settle_time_ms": 500},
        ),
    ]
    fails = []
    for (text, params), error in zip(plans, errors, strict=True):
        fails.append(
            t.act(
                text,
                "sila_measure_absorbance",
                {"server": "spark-reader-02", "plate_id": "ELISA-0317", **params},
                error,
                error=True,
            )
        )
        if len(fails) == 2:
            t.act(
                "Let me re-read the device state.",
                "sila_get_properties",
                {"server": "spark-reader-02", "feature": "org.silastandard/instruments/PlateReader/v1"},
                js(
                    {
                        "DeviceState": "ERROR_RECOVERABLE",
                        "Temperature": 25.1,
                        "PlateLoaded": True,
                        "Door": "OPEN",
                    }
                ),
            )
    t.say(
        "The reader keeps refusing the measurement. I'll keep the parameters ready; please check the reader."
    )
    onset = fails[3]
    t.loop(
        ["error_streak"],
        onset,
        "Every read fails with the same cause (chamber door open / interlock), phrased five different "
        "ways; the device state read after the second failure even reports Door OPEN. The agent keeps "
        "changing "
        f"wavelength, flashes and gain, which cannot help. Fourth failure of the same kind: step {onset}.",
    )
    return t.build()


def opentrons_location_schema() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-003-opentrons-location-schema",
        "An agent driving an Opentrons Flex over its HTTP API sends loadLabware with the location as a "
        "string again and again; every 422 says the location must be an object.",
        agent="protocol-runner agent (OpenAI Agents SDK, function tools)",
        model="gpt-4o-2024-11-20",
        start=63,
    )
    t.user("Set up run 7f3c on the Flex: load the Corning 96 flat plate in D1 and a tip rack in C1.")
    t.act(
        "Checking the robot is reachable.",
        "ot_http",
        {"method": "GET", "path": "/health"},
        js(
            {"name": "FLEX-B2", "robot_model": "OT-3 Standard", "api_version": "8.3.0", "fw_version": "v2.14"}
        ),
    )
    t.act(
        "Listing attached instruments.",
        "ot_http",
        {"method": "GET", "path": "/instruments"},
        js(
            {
                "data": [
                    {"mount": "left", "instrumentName": "p1000_single_flex", "ok": True},
                    {"mount": "extension", "instrumentType": "gripper", "ok": True},
                ]
            }
        ),
    )
    t.act(
        "Reading the deck configuration so I know which slots are free.",
        "ot_http",
        {"method": "GET", "path": "/deck_configuration"},
        js(
            {
                "data": {
                    "cutoutFixtures": [
                        {"cutoutId": "cutoutA3", "cutoutFixtureId": "trashBinAdapter"},
                        {"cutoutId": "cutoutD1", "cutoutFixtureId": "singleLeftSlot"},
                        {"cutoutId": "cutoutC1", "cutoutFixtureId": "singleLeftSlot"},
                    ]
                }
            }
        ),
    )
    t.act(
        "Checking the run exists and is idle.",
        "ot_http",
        {"method": "GET", "path": "/runs/7f3c"},
        js(
            {
                "data": {
                    "id": "7f3c",
                    "status": "idle",
                    "current": True,
                    "labware": [],
                    "pipettes": [{"id": "p1", "pipetteName": "p1000_single_flex", "mount": "left"}],
                }
            }
        ),
    )

    def err(loc: Any) -> str:
        return js(
            {
                "status": 422,
                "errors": [
                    {
                        "id": "InvalidRequest",
                        "title": "Invalid Request",
                        "detail": "1 validation error for LoadLabwareCreate\nparams.location\n  Input "
                        "should be a valid "
                        f"dictionary or object to extract fields from [type=model_attributes_type, "
                        f"input_value={loc!r}, input_type={type(loc).__name__}]",
                    }
                ],
            }
        )

    attempts = [
        ("Loading the plate.", "D1", "corning_96_wellplate_360ul_flat"),
        ("Perhaps the load name needs the version suffix.", "D1", "corning_96_wellplate_360ul_flat/2"),
        ("Trying lowercase slot naming.", "d1", "corning_96_wellplate_360ul_flat"),
        (
            "Maybe the API wants the numeric slot for Flex compatibility.",
            10,
            "corning_96_wellplate_360ul_flat",
        ),
        (
            "Let me try the tip rack first, then come back to the plate.",
            "C1",
            "opentrons_flex_96_tiprack_1000ul",
        ),
        ("Trying with the slot spelled out.", "slot D1", "corning_96_wellplate_360ul_flat"),
    ]
    fails = []
    for text, loc, name in attempts:
        body = {
            "data": {
                "commandType": "loadLabware",
                "params": {"location": loc, "loadName": name, "namespace": "opentrons", "version": 1},
            }
        }
        fails.append(
            t.act(text, "ot_http", {"method": "POST", "path": "/runs/7f3c/commands", "body": body}, err(loc))
        )
    t.say(
        "The robot rejects every loadLabware command. The run is probably in a bad state; I suggest "
        "re-creating it."
    )
    onset = fails[3]
    t.loop(
        ["error_streak"],
        onset,
        'Schema misuse: params.location must be an object ({"slotName": "D1"}), and every 422 says so '
        "in the same words. The agent varies the slot spelling and the load name instead. Failures "
        f"at steps {', '.join(map(str, fails))}; the fourth is step {onset}.",
    )
    return t.build()


def reaction_search_paraphrase() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-004-reaction-search-paraphrase",
        "A synthesis-planning agent rephrases the same reaction-database search for a green Suzuki "
        "coupling and gets back the same two entries every time.",
        agent="retrosynthesis assistant (smolagents ToolCallingAgent)",
        model="Qwen2.5-72B-Instruct",
        start=88,
        ids="plain",
    )
    t.user(
        "Find literature conditions for making 4-methoxybiphenyl from 4-bromoanisole and phenylboronic "
        "acid in water at room temperature, ideally ligand-free."
    )
    hits = [
        {
            "rxn_id": "R-118203",
            "yield": "92%",
            "conditions": "Pd(OAc)2 (1 mol%), K2CO3, EtOH/H2O 1:1, 80 °C, 2 h",
            "ref": "Org. Lett. 2009, 11, 3210",
        },
        {
            "rxn_id": "R-550917",
            "yield": "88%",
            "conditions": "Pd(PPh3)4 (3 mol%), Na2CO3, toluene/H2O, reflux, 12 h",
            "ref": "J. Org. Chem. 1998, 63, 461",
        },
    ]
    queries = [
        "Suzuki coupling 4-bromoanisole phenylboronic acid water room temperature ligand-free",
        "ligand free aqueous Suzuki-Miyaura 4-bromoanisole PhB(OH)2 rt",
        "room-temperature Pd-catalysed cross coupling of 4-bromoanisole with phenylboronic acid in H2O",
        "4-methoxybiphenyl from 4-bromoanisole, Suzuki, aqueous, ambient temperature, no phosphine",
        "Suzuki reaction 4-bromoanisole + phenylboronic acid green conditions water rt",
    ]
    steps = []
    for i, q in enumerate(queries):
        order = hits if i % 2 == 0 else list(reversed(hits))
        text = (
            "Searching the reaction database."
            if i == 0
            else t.rng.choice(
                [
                    "Neither hit is room temperature in water. Rephrasing to target ligand-free aqueous "
                    "conditions.",
                    "Same two reactions. Let me phrase it differently to surface greener procedures.",
                    "Still the 80 °C and reflux procedures; another wording might hit other records.",
                ]
            )
        )
        steps.append(
            t.act(
                text,
                "reaction_search",
                {"query": q, "max_results": 10},
                js({"total": 2, "results": order, "source": "ReactionDB 2026.1"}),
            )
        )
        if i == 1:
            t.act(
                "Quickly checking the substrate record for synonyms.",
                "compound_lookup",
                {"name": "4-bromoanisole"},
                js(
                    {
                        "cid": 7730,
                        "smiles": "COc1ccc(Br)cc1",
                        "synonyms": ["p-bromoanisole", "1-bromo-4-methoxybenzene"],
                    }
                ),
            )
    t.say(
        "The database only has two procedures; both need heating. The closest is R-118203 (EtOH/H2O, 80 °C)."
    )
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        "Five paraphrases of one search (word order, 'rt' vs 'room temperature', 'no phosphine' vs "
        "'ligand-free') return the same two records, only reordered. The fourth attempt (the original "
        f"plus three rephrasings) is step {onset}; the agent never tries the synonym it just looked up "
        "or another source.",
    )
    return t.build()


def eln_append_italian() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-005-eln-append-duplicate-italian",
        "Un agente ELN (in italiano) registra più volte la stessa voce di titolazione perché non "
        "riconosce la conferma; ogni conferma cambia solo id e orario.",
        agent="assistente quaderno elettronico di laboratorio (Gemini function calling)",
        model="gemini-2.5-flash",
        start=120,
        ids="gemini",
    )
    t.user(
        "Registra nel quaderno TIT-2026, pagina 14, l'esito della titolazione del lotto 44B: 0,1021 M "
        "NaOH, media di tre repliche, RSD 0,4%. Operatore: G. Ferri."
    )
    entry = {
        "notebook": "TIT-2026",
        "page": 14,
        "section": "Risultati",
        "text": "Lotto 44B - titolazione NaOH: 0,1021 M (media n=3), RSD 0,4%. Operatore: G. Ferri.",
    }
    ack_ids = ["V-88121", "V-88127", "V-88130", "V-88134", "V-88139"]
    writes = []
    texts = [
        "Registro la voce nel quaderno.",
        "La risposta non riporta il testo salvato; per sicurezza la registro di nuovo.",
        "Non vedo ancora la conferma del contenuto. Riprovo a salvare la voce.",
        "Salvo nuovamente la voce per essere certo che sia registrata.",
        "Ultimo tentativo di registrazione della voce.",
    ]
    for i, text in enumerate(texts):
        t.clock.tick(5, 30)
        writes.append(
            t.act(
                text,
                "eln_append_entry",
                entry,
                js(
                    {
                        "esito": "ok",
                        "id_voce": ack_ids[i],
                        "salvato_alle": t.clock.stamp(),
                        "versione_pagina": 31 + i,
                    }
                ),
            )
        )
        if i == 2:
            t.act(
                "Controllo la pagina.",
                "eln_get_page",
                {"notebook": "TIT-2026", "page": 14},
                js(
                    {
                        "pagina": 14,
                        "voci": [
                            {"id": v, "sezione": "Risultati", "testo": entry["text"]} for v in ack_ids[:3]
                        ],
                        "firmata": False,
                    }
                ),
            )
    t.say("Voce registrata nel quaderno TIT-2026, pagina 14.")
    onset = writes[2]
    t.loop(
        ["identical_call"],
        onset,
        "The same eln_append_entry write is acknowledged each time ('esito: ok'); only the new entry id, "
        f"the timestamp and the page version change (volatile fields). The third identical write is step "
        f"{onset}. The page read right after it already shows three copies, and two more writes follow.",
    )
    return t.build()


def hamilton_deck_cycle() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-006-liquid-handler-deck-cycle",
        "A liquid-handler agent switches between two deck layouts, each failing validation for its own "
        "reason, and keeps going back and forth.",
        agent="VENUS method assistant (LangGraph ReAct agent)",
        model="gpt-4.1-mini",
        start=151,
    )
    t.user("Validate the PCR setup method on STAR-3 so we can run it this afternoon.")
    t.act(
        "Opening the method to see which deck layouts it references.",
        "venus_read_method",
        {"path": "C:/Methods/PCR/pcr_setup.med"},
        pj(
            {
                "method": "pcr_setup",
                "layouts": ["PCR_setup_v3.lay", "PCR_setup_v3_alt.lay"],
                "channels": 8,
                "steps": 42,
                "last_modified": "2026-02-27",
            }
        ),
    )
    err_a = js(
        {
            "valid": False,
            "errors": [
                {"code": "DECK_COLLISION", "msg": "TIP_CAR_480 at track 7 overlaps PLT_CAR_L5 at track 12"}
            ],
        }
    )
    err_b = js(
        {
            "valid": False,
            "errors": [{"code": "UNREACHABLE", "msg": "Cos_96_PCR at track 1 not reachable by channel 8"}],
        }
    )
    visits = []
    texts_a = [
        "Loading the main layout.",
        "The alternative layout has a reach problem, so the main one is better; reloading it.",
        "Let me go back to the main layout again and re-check the collision.",
        "Switching back to PCR_setup_v3.",
    ]
    texts_b = [
        "Collision on the main layout. The alternative layout moves the tip carrier; trying it.",
        "Still the collision. Trying the alternative layout again.",
        "Trying the alternative once more.",
    ]
    for round_ in range(4):
        visits.append(
            t.act(
                texts_a[round_],
                "venus_set_deck_layout",
                {"layout": "PCR_setup_v3.lay"},
                js({"ok": True, "layout": "PCR_setup_v3.lay"}),
            )
        )
        t.act("Validating.", "venus_validate_deck", {"method": "pcr_setup"}, err_a)
        if round_ < 3:
            t.act(
                texts_b[round_],
                "venus_set_deck_layout",
                {"layout": "PCR_setup_v3_alt.lay"},
                js({"ok": True, "layout": "PCR_setup_v3_alt.lay"}),
            )
            t.act("Validating.", "venus_validate_deck", {"method": "pcr_setup"}, err_b)
    t.say("Neither layout validates. Someone needs to move the tip carrier on STAR-3 manually.")
    onset = visits[2]
    t.loop(
        ["alternation"],
        onset,
        "A four-step cycle: set layout A, validate (collision), set layout B, validate (unreachable), "
        "with the same results each time. Layout A is set for the third time at step "
        f"{onset}, the onset; nothing is edited in either layout between visits.",
    )
    return t.build()


def hplc_redelegation() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-007-hplc-purity-redelegation",
        "A QC supervisor agent sends the same peak-purity task to its chromatography sub-agent four "
        "times; the reports agree every time.",
        agent="QC release supervisor (CrewAI hierarchical process)",
        model="claude-3-7-sonnet",
        start=170,
        ids="anthropic",
    )
    t.user(
        "Batch B-7731 needs release today. Confirm main-peak purity from the HPLC-DAD run and draft the "
        "release note."
    )
    t.act(
        "Getting the batch record first.",
        "lims_get_batch",
        {"batch": "B-7731"},
        js(
            {
                "batch": "B-7731",
                "product": "API-22 hydrochloride",
                "hplc_run": "SEQ-2026-0412",
                "spec": {"purity_min_pct": 99.0, "single_impurity_max_pct": 0.15},
            }
        ),
    )
    reports = [
        "Main peak at 6.42 min. Purity angle 0.212 < purity threshold 0.298: spectrally homogeneous. "
        "Area% 99.41; largest impurity RRT 1.18 at 0.09%.",
        "Re-checked SEQ-2026-0412 inj 2. Main peak 6.42 min, PA 0.21 vs PT 0.30 -> pure. Area 99.4%, "
        "max impurity 0.09% (RRT 1.18).",
        "Purity passes: angle 0.212, threshold 0.298 at 6.42 min. Assay area% 99.41. No impurity above "
        "0.10%.",
        "Confirmed again: 6.42 min peak is pure (0.212 < 0.298); 99.41 area%; RRT 1.18 impurity 0.09%.",
    ]
    tasks = [
        "Evaluate main-peak purity for batch B-7731 from HPLC-DAD sequence SEQ-2026-0412.",
        "Double-check the peak purity of B-7731 (SEQ-2026-0412), be thorough.",
        "Please verify again whether the B-7731 main peak is spectrally pure; release depends on it.",
        "One more independent verification of B-7731 main-peak purity, SEQ-2026-0412.",
    ]
    lead = [
        "Delegating the chromatography review.",
        "Release decisions need certainty; asking for a second look.",
        "I want to be fully sure before release.",
        "Getting one more confirmation.",
    ]
    steps = []
    for text, task, report in zip(lead, tasks, reports, strict=True):
        steps.append(
            t.act(
                text,
                "delegate_work",
                {"coworker": "Chromatography Analyst", "task": task, "context": "batch B-7731"},
                report,
            )
        )
    t.say("Purity confirmed by four reviews. Drafting the release note next.")
    onset = steps[2]
    t.loop(
        ["same_tool"],
        onset,
        "The same task goes to the same sub-agent four times; the first two reports already agree "
        f"(6.42 min, 0.212 < 0.298, 99.41%). The third delegation, step {onset}, is the onset; the fourth "
        "adds nothing either, and the release note is never drafted.",
    )
    return t.build()


SCENARIOS = [
    lims_sample_search_empty,
    plate_reader_door_interlock,
    opentrons_location_schema,
    reaction_search_paraphrase,
    eln_append_italian,
    hamilton_deck_cycle,
    hplc_redelegation,
]
