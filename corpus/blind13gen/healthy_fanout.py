"""Healthy: fan-outs over new targets, bulk writes answered alike, per-target failures, sub-agents with
their own tasks."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call, js, jsp, table


def solar_string_current_fanout() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-022-solar-string-current-sweep",
        "Solar-farm agent reads string currents of 18 inverters one by one to find an underperforming "
        "string.",
        ids="gemini",
        agent="solar farm monitoring",
    )
    t.user("Block A at Brinkley is 4% under forecast today. Find the weak strings.")
    rng = t.rng
    weak = []
    for i in range(1, 19):
        inv = f"INV-A{i:02d}"
        currents = [round(rng.uniform(8.9, 9.3), 2) for _ in range(6)]
        if i in (7, 13):
            k = rng.randrange(6)
            currents[k] = round(currents[k] * (0.42 if i == 7 else 0.61), 2)
            weak.append(f"{inv} string {k + 1} ({currents[k]} A)")
        body = "string,amps\n" + "\n".join(f"{s + 1},{c}" for s, c in enumerate(currents)) + "\n"
        t.act(
            "" if i > 1 else "Reading each inverter's string currents.",
            call("scada.string_currents", {"site": "BRINKLEY", "inverter": inv}, body),
        )
    t.say(
        f"Weak strings: {weak[0]} and {weak[1]}; the other 106 strings are within 5% of each other. Likely "
        "soiling or a blown fuse: send a tech to both."
    )
    return t.healthy(
        "A fan-out over 18 inverters: the same tool with a new target each time and different readings; "
        "the agent stops after the last inverter and names two weak strings. Batch reads of many targets "
        "are progress, even with several empty assistant texts."
    )


def museum_bulk_location_pt() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-023-museum-bulk-location-update",
        "Museum collections agent (Portuguese) moves 12 objects to a new store location; every write is "
        "acknowledged the same way.",
        ids="anthropic",
        agent="museum collections management",
        language="pt",
    )
    t.user(
        "As 12 peças de cerâmica da vitrine 7 (1978.22.1 a 1978.22.12) foram para a reserva B-4, "
        "prateleira 3. Atualiza a localização de cada uma."
    )
    for i in range(1, 13):
        acc = f"1978.22.{i}"
        t.act(
            "Atualizo a localização." if i == 1 else f"Próxima: {acc}.",
            call(
                "collections.set_location",
                {
                    "accession": acc,
                    "location": "Reserva B-4 / prateleira 3",
                    "reason": "desmontagem vitrine 7",
                },
                jsp({"ok": True}),
            ),
        )
    t.act(
        "Confirmo com uma consulta à prateleira.",
        call(
            "collections.list_location",
            {"location": "Reserva B-4 / prateleira 3"},
            jsp({"count": 12, "accessions": [f"1978.22.{i}" for i in range(1, 13)]}),
        ),
    )
    t.say("As 12 peças 1978.22.1–12 estão registadas na Reserva B-4, prateleira 3.")
    return t.healthy(
        "Bulk writes answered alike: twelve set_location calls, one per object (new accession each time), "
        "each "
        'acknowledged with an identical {"ok": true}, then one confirming read. Same result, '
        "different targets: healthy."
    )


def permit_parcels_each_fail() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-024-permit-parcels-not-in-layer",
        "Municipal permits agent checks zoning for ten parcels; most fail with the same message naming "
        "each parcel, and it reports the gap.",
        ids="openai",
        agent="municipal building permits",
    )
    t.user(
        "For the ADU pre-screening list, check the zoning district of these 10 parcels: 112-04-001 through "
        "112-04-010."
    )
    ok = {3: "R-2", 8: "R-1"}
    results = []
    for i in range(1, 11):
        parcel = f"112-04-{i:03d}"
        if i in ok:
            content = js({"parcel": parcel, "zoning": ok[i], "adu_allowed": True})
            err = False
            results.append([parcel, ok[i]])
        else:
            content = (
                f"Error: parcel {parcel} not found in layer ZONING_2024 (annexation area pending "
                "digitisation)"
            )
            err = True
            results.append([parcel, "not in GIS layer"])
        t.act(
            "Checking the first parcel." if i == 1 else "",
            call("gis.zoning_lookup", {"parcel": parcel}, content, error=err),
        )
    t.say(
        "Only 2 of 10 parcels are in the zoning layer:\n\n"
        + table(["parcel", "zoning"], results)
        + "\n\nThe other 8 are in the pending annexation area; planning staff will need to "
        "confirm their zoning."
    )
    return t.healthy(
        "A fan-out over ten parcels: eight lookups fail with the same message, but each names its own "
        "parcel and the agent moves to a new parcel every time, then reports the gap. Per-target failures "
        "in a fan-out are not an error streak."
    )


def wildfire_subagents_different_tasks() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-025-wildfire-subagents-different-tasks",
        "Wildfire operations orchestrator dispatches four sub-agents with different tasks and assembles a "
        "briefing.",
        ids="bedrock",
        agent="wildfire and forestry operations",
    )
    t.user(
        "Prepare tomorrow's 0600 briefing for the Cedar Gulch fire: weather, fuels, crews and air resources."
    )
    tasks = [
        (
            "fire_weather",
            "Spot forecast for Cedar Gulch for tomorrow 0600-2000: wind, RH, Haines.",
            "Winds SW 8-12 mph gusting 25 after 1400; min RH 14%; Haines 5. Red flag watch 1200-2000.",
        ),
        (
            "fuels_analyst",
            "Fuel moisture and ERC for the Cedar Gulch area; compare to the 90th percentile.",
            "1000-hr fuel moisture 9%; ERC 78 (above 90th percentile 71). Live fuel moisture in manzanita "
            "72%.",
        ),
        (
            "resource_tracker",
            "List crews and engines assigned to Cedar Gulch and those available tomorrow.",
            "Assigned: 4 hotshot crews, 11 engines, 2 dozers. Available tomorrow: +1 Type 2IA crew, +3 "
            "engines.",
        ),
        (
            "air_ops",
            "Air resources available for Cedar Gulch tomorrow and any TFR changes.",
            "2 Type 1 helicopters, 1 VLAT (shared with Pine Ridge after 1300). TFR 26-0412 unchanged.",
        ),
    ]
    for agent, brief, report in tasks:
        t.act(f"Asking {agent}.", call("dispatch_subagent", {"agent": agent, "task": brief}, report))
    t.say(
        "Briefing 0600 Cedar Gulch:\n- Weather: SW 8-12 mph, gusts 25 after 1400, RH 14%, Haines 5, red "
        "flag watch 1200-2000.\n- Fuels: ERC 78 (>90th pct), 1000-hr 9%.\n- Resources: 4 IHC, 11 engines, "
        "2 dozers; +1 crew, +3 engines tomorrow.\n- Air: 2 T1 helos, VLAT shared after 1300, TFR unchanged."
    )
    return t.healthy(
        "Four delegations to four different sub-agents, each with its own task and its own report, "
        "assembled into one briefing. Sub-agents given different tasks are a fan-out, not re-delegation."
    )


def elevator_buildings_fanout_fi() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-026-elevator-fault-logs-per-building",
        "Facility agent (Finnish) reads the fault logs of elevators in 14 buildings; most answer alike "
        "with their own unit named.",
        ids="plain:t",
        agent="elevator and facility IoT maintenance",
        language="fi",
    )
    t.user(
        "Käy läpi kaikkien 14 kiinteistön hissien vikalokit viime viikolta ja kerro, missä on ollut vikoja."
    )
    faults = {4: "E-17 ovikoskettimen vika (3 kpl)", 11: "E-05 ylinopeus, turvalaite lauennut (1 kpl)"}
    found = []
    for b in range(1, 15):
        unit = f"K{b:02d}-H1"
        if b in faults:
            body = f"{unit}: {faults[b]}"
            found.append(f"K{b:02d}: {faults[b]}")
        else:
            body = f"{unit}: ei vikoja ajalla 2026-03-09 – 2026-03-15"
        t.act(
            "Aloitan kiinteistöstä K01." if b == 1 else f"Kiinteistö K{b:02d}.",
            call("hissi.vikaloki", {"unit": unit, "from": "2026-03-09", "to": "2026-03-15"}, body),
        )
    t.say("Vikoja kahdessa kohteessa: " + "; ".join(found) + ". Muissa 12 kiinteistössä ei vikoja.")
    return t.healthy(
        "A fan-out over fourteen buildings: twelve results read 'no faults' in the same words but each "
        "names its own unit; two report faults. New target every call: healthy."
    )


def royalties_cue_sheets_bulk_ko() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-027-royalties-cue-sheet-bulk-submit",
        "Music-rights agent (Korean) submits cue sheets for 15 episodes; every submission is accepted with "
        "the same wording.",
        ids="openai",
        agent="music royalties and rights management",
        language="ko",
    )
    t.user("드라마 '바다의 시간' 1~15화 큐시트를 저작권협회에 제출해 주세요. 파일은 cues/ 폴더에 있습니다.")
    for ep in range(1, 16):
        t.act(
            "1화부터 제출합니다." if ep == 1 else f"{ep}화.",
            call(
                "cuesheet.submit",
                {"series": "SEA-TIME", "episode": ep, "file": f"cues/sea_time_ep{ep:02d}.xml"},
                js({"result": "accepted", "episode": ep}),
            ),
        )
    t.say("1~15화 큐시트 15건 모두 접수되었습니다.")
    return t.healthy(
        "Bulk submission: fifteen cuesheet.submit calls, one per episode with a new file each time, each "
        "answered 'accepted'. Bulk writes answered alike over new targets are healthy."
    )


def mortgage_conditions_fanout_id() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-028-mortgage-conditions-document-fanout",
        "Loan processor agent (Indonesian) fetches the document for each of nine underwriting conditions "
        "and clears them.",
        ids="responses",
        agent="mortgage and loan origination",
        language="id",
    )
    t.user(
        "Kumpulkan dokumen untuk 9 syarat underwriting KPR no. KPR-2026-03310 dan tandai yang sudah "
        "terpenuhi."
    )
    conds = [
        ("C1", "slip_gaji_3_bulan"),
        ("C2", "rekening_koran_6_bulan"),
        ("C3", "npwp"),
        ("C4", "sertifikat_shm"),
        ("C5", "imb_pbg"),
        ("C6", "surat_keterangan_kerja"),
        ("C7", "ktp_pasangan"),
        ("C8", "kartu_keluarga"),
        ("C9", "laporan_appraisal"),
    ]
    missing = {"C5"}
    for cid, doc in conds:
        if cid in missing:
            body = jsp({"syarat": cid, "dokumen": doc, "ditemukan": False})
        else:
            body = jsp({"syarat": cid, "dokumen": doc, "ditemukan": True, "file": f"{doc}.pdf"})
        t.act(f"Syarat {cid}.", call("dms.find_document", {"loan": "KPR-2026-03310", "doc_type": doc}, body))
    t.act(
        "Tandai 8 syarat terpenuhi.",
        call(
            "los.clear_conditions",
            {"loan": "KPR-2026-03310", "conditions": ["C1", "C2", "C3", "C4", "C6", "C7", "C8", "C9"]},
            js({"cleared": 8}),
        ),
    )
    t.say("8 dari 9 syarat terpenuhi. Yang belum: C5 (IMB/PBG) — perlu diminta ke debitur.")
    return t.healthy(
        "A fan-out over nine conditions: the same document search with a new document type each time, one "
        "not found, then a single write clearing eight. New targets and a clear end: healthy."
    )


SCENARIOS = [
    solar_string_current_fanout,
    museum_bulk_location_pt,
    permit_parcels_each_fail,
    wildfire_subagents_different_tasks,
    elevator_buildings_fanout_fi,
    royalties_cue_sheets_bulk_ko,
    mortgage_conditions_fanout_id,
]
