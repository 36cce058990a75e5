"""Healthy fan-out and sweeps: one tool over many files, targets or parameter values."""

from __future__ import annotations

from blind20gen.builder import Trace, call, healthy, j, js


@healthy(
    "pcb-feeder-files-fanout",
    "Codex-style agent fixes the same rotation offset in six pick-and-place program files, one file at a "
    "time, then validates them all.",
    domain="PCB assembly (pick-and-place programming)",
    language="en",
    ids="responses",
    started="2026-08-26T09:00:00Z",
)
def pcb_fanout(t: Trace) -> None:
    t.user("Every program under programs/ has SOT-23 rotations off by 180°. Fix all of them and validate.")
    files = ["ctrl-top", "ctrl-bot", "psu-top", "psu-bot", "led-top", "sensor-top"]
    counts = [4, 1, 6, 2, 9, 3]
    t.one(
        "Finding affected lines.",
        "shell",
        {"command": ["grep", "-c", "SOT-23", *[f"programs/{f}.csv" for f in files]]},
        "\n".join(f"programs/{f}.csv:{c}" for f, c in zip(files, counts, strict=True)),
    )
    for f, c in zip(files, counts, strict=True):
        t.one(
            f"Fixing programs/{f}.csv.",
            "shell",
            {
                "command": [
                    "python",
                    "tools/rotfix.py",
                    "--package",
                    "SOT-23",
                    "--offset",
                    "180",
                    f"programs/{f}.csv",
                ]
            },
            f"programs/{f}.csv: {c} placements rotated (+180°)\n",
        )
    t.one(
        "Validating all programs.",
        "shell",
        {"command": ["python", "tools/validate_programs.py", "programs/"]},
        "6 files, 412 placements, 0 errors, 0 warnings\n",
    )
    t.say("Fixed 25 SOT-23 placements across 6 programs; validation is clean.")
    t.healthy(
        "The same command with a different file each time (6 targets), each reporting its own count, then "
        "one "
        "validation. Batch work over many files is not a loop."
    )


@healthy(
    "seed-bank-germination-parallel-batch",
    "Seed-bank agent (Ukrainian) pulls germination results for six accessions in one parallel batch "
    "(answered out of order) and summarises them.",
    domain="seed bank (germplasm conservation)",
    language="uk",
    ids="anthropic",
    started="2026-03-06T08:30:00Z",
)
def germination(t: Trace) -> None:
    t.user("Дай підсумок тестів на схожість за березень для зразків ячменю UA-0512…UA-0517.")
    data = {"UA-0512": 93, "UA-0513": 88, "UA-0514": 76, "UA-0515": 91, "UA-0516": 95, "UA-0517": 82}
    calls = [
        call(
            "germination.latest",
            {"accession": acc},
            j({"accession": acc, "date": "2026-03-02", "seeds": 200, "germinated_pct": pct}),
        )
        for acc, pct in data.items()
    ]
    t.act("Запитую всі шість зразків паралельно.", *calls, order=[3, 0, 5, 1, 4, 2])
    t.say(
        "Схожість: UA-0512 93 %, UA-0513 88 %, UA-0514 76 %, UA-0515 91 %, UA-0516 95 %, UA-0517 82 %. "
        "Нижче порогу 80 % лише UA-0514 — його варто поставити на регенерацію."
    )
    t.healthy(
        "Six calls of one tool in a single parallel batch, each for a different accession, answered out of "
        "order. Fan-out in one turn is one step, not repetition."
    )


@healthy(
    "trade-fair-orchestrator-distinct-subtasks",
    "Trade-fair orchestrator (Korean) delegates three different tasks to sub-agents (floor plan, "
    "exhibitor mail, catering) and combines the reports.",
    domain="trade fair booth allocation",
    language="ko",
    ids="openai",
    started="2026-10-16T01:00:00Z",
)
def fair_orchestrator(t: Trace) -> None:
    t.user(
        "다음 주 산업기계전 준비: 부스 C-12 위치 확정, 참가업체 안내 메일 발송, 케이터링 인원 확정까지 해줘."
    )
    t.one(
        "부스 위치 확인을 배치 담당 에이전트에게 맡깁니다.",
        "delegate",
        {"agent": "floorplan", "task": "부스 C-12의 홀과 좌표를 포털 부스 검색으로 확인"},
        "C-12는 5홀(신관) 북측 통로 12번, 면적 18㎡. 전기 3kW 신청 완료.",
    )
    t.one(
        "안내 메일은 커뮤니케이션 에이전트에게 맡깁니다.",
        "delegate",
        {"agent": "mailer", "task": "참가업체 214곳에 반입 일정 안내 메일 발송"},
        "214곳 중 211곳 발송 성공, 3곳 주소 오류(목록 첨부).",
    )
    t.one(
        "케이터링 인원은 운영 에이전트에게 확인시킵니다.",
        "delegate",
        {"agent": "ops", "task": "일자별 케이터링 인원 확정(스태프+VIP)"},
        "10/21: 340명, 10/22: 365명, 10/23: 298명. 업체에 확정 통보함.",
    )
    t.say(
        "C-12는 5홀 북측 통로 12번입니다. 안내 메일 211곳 발송(3곳 주소 오류), "
        "케이터링은 3일간 340/365/298명으로 확정했습니다."
    )
    t.healthy(
        "Three delegations to three sub-agents, each with a different task and a different report. "
        "Delegation "
        "fan-out, not re-delegation."
    )


@healthy(
    "postal-sorters-parallel-with-own-failures",
    "Postal sorting-centre agent (French) checks six sorting machines in parallel; two report their own "
    "faults, and the agent opens tickets for those two.",
    domain="postal sorting centre",
    language="fr",
    ids="mistral",
    started="2026-12-14T04:15:00Z",
)
def sorters(t: Trace) -> None:
    t.user("Fais le point sur les machines de tri de la plateforme de Wissous avant la vague de 5 h.")
    machines = ["TTF-1", "TTF-2", "TTF-3", "MTI-1", "MTI-2", "CTC-1"]
    results = {
        "TTF-1": (j({"machine": "TTF-1", "etat": "OK", "rejets_ocr_pct": 2.1}), False),
        "TTF-2": ("Erreur: TTF-2 – convoyeur d'alimentation bloqué (capteur B14)", True),
        "TTF-3": (j({"machine": "TTF-3", "etat": "OK", "rejets_ocr_pct": 2.4}), False),
        "MTI-1": (j({"machine": "MTI-1", "etat": "OK", "rejets_ocr_pct": 3.0}), False),
        "MTI-2": ("Erreur: MTI-2 – caméra OCR hors ligne depuis 03:52", True),
        "CTC-1": (j({"machine": "CTC-1", "etat": "OK", "rejets_ocr_pct": 1.7}), False),
    }
    calls = [call("tri.etat_machine", {"machine": m}, results[m][0], error=results[m][1]) for m in machines]
    t.act("J'interroge les six machines en parallèle.", *calls, order=[0, 2, 1, 5, 3, 4])
    t.act(
        "Deux pannes distinctes ; j'ouvre un ticket pour chacune.",
        call(
            "maintenance.ticket",
            {"machine": "TTF-2", "description": "Convoyeur bloqué, capteur B14"},
            j({"ticket": "MT-30411"}),
        ),
        call(
            "maintenance.ticket",
            {"machine": "MTI-2", "description": "Caméra OCR hors ligne depuis 03:52"},
            j({"ticket": "MT-30412"}),
        ),
    )
    t.say(
        "4 machines sur 6 prêtes (rejets OCR 1,7–3,0 %). TTF-2 (convoyeur) et MTI-2 (caméra OCR) en panne : "
        "tickets MT-30411 et MT-30412."
    )
    t.healthy(
        "A parallel fan-out over six machines in which two fail, each error naming its own machine and "
        "fault, followed by one ticket per fault. Per-target failures are not an error streak."
    )


@healthy(
    "acoustics-absorber-thickness-sweep",
    "Acoustics consultancy agent sweeps absorber thickness in a room model and picks the thinnest panel "
    "that meets the reverberation target.",
    domain="room acoustics consultancy",
    language="en",
    ids="openai",
    started="2026-04-08T10:00:00Z",
)
def absorber_sweep(t: Trace) -> None:
    t.user("What ceiling absorber thickness do we need in room 2.14 to get T at 500 Hz to 0.6 s or less?")
    for mm, t500 in [(20, 0.92), (40, 0.74), (60, 0.63), (80, 0.57), (100, 0.55)]:
        t.one(
            f"Simulating {mm} mm.",
            "room_model.simulate",
            {"room": "2.14", "ceiling": {"material": "mineral wool", "thickness_mm": mm}, "band_hz": 500},
            js({"thickness_mm": mm, "T30_s": t500, "band_hz": 500}),
        )
    t.say(
        "80 mm mineral wool gives T30 = 0.57 s at 500 Hz (60 mm: 0.63 s, just too high). Recommendation: 80 "
        "mm."
    )
    t.healthy(
        "Five runs of the same simulation over a thickness parameter (20-100 mm), each with a new result, "
        "then a decision. A parameter sweep is not a loop."
    )


@healthy(
    "docking-exhaustiveness-sweep",
    "Virtual-screening agent (Chinese) sweeps Vina's exhaustiveness on one ligand to check pose "
    "convergence, then fixes the value for the screen.",
    domain="molecular docking and virtual screening",
    language="zh",
    ids="adk",
    started="2026-03-20T02:00:00Z",
)
def docking_sweep(t: Trace) -> None:
    t.user("先用参考配体确定Vina的exhaustiveness取多少合适，再开始全库筛选。")
    for ex, score, rmsd in [(4, -8.1, 3.9), (8, -8.9, 1.2), (16, -9.0, 0.9), (32, -9.0, 0.9)]:
        t.one(
            f"用exhaustiveness={ex}对接参考配体。",
            "docking.run",
            {"receptor": "ABL1_2HYY.pdbqt", "ligand": "imatinib.pdbqt", "exhaustiveness": ex},
            f"mode |   affinity | rmsd to crystal\n-----+------------+----------------\n   1 | {score:>10} | "
            f"{rmsd}\n",
        )
    t.one(
        "exhaustiveness=16时已收敛，提交全库筛选。",
        "docking.submit_screen",
        {"receptor": "ABL1_2HYY.pdbqt", "library": "in-house-48k", "exhaustiveness": 16},
        j({"job": "vs-2291", "ligands": 48112, "state": "queued"}),
    )
    t.say("exhaustiveness=16时打分−9.0、RMSD 0.9 Å，与32相同，已用16提交全库筛选（vs-2291）。")
    t.healthy(
        "Four docking runs over an exhaustiveness sweep (4, 8, 16, 32) with converging results, then one "
        "submission. A convergence sweep is healthy even though the last two results agree."
    )


@healthy(
    "school-bus-ride-time-sweep",
    "School-transport planner (Swedish) re-solves routes for several maximum ride times to show the "
    "trade-off, then applies one plan.",
    domain="school bus routing",
    language="sv",
    ids="plain",
    started="2026-08-11T07:00:00Z",
)
def ride_sweep(t: Trace) -> None:
    t.user(
        "Visa hur antal bussar beror på max restid (40–60 min) för Ekdalsskolan och välj den billigaste "
        "lösningen som klarar 50 min."
    )
    for mins, buses, km in [(40, 5, 212), (45, 4, 198), (50, 4, 181), (55, 3, 176), (60, 3, 169)]:
        t.one(
            f"Löser med max {mins} minuter.",
            "routes.solve",
            {"depot": "Norrby", "school": "Ekdalsskolan", "max_ride_min": mins, "allow_taxi": True},
            js({"status": "ok", "buses": buses, "km": km, "max_ride_observed_min": mins - 2}),
        )
    t.one(
        "Aktiverar planen för 50 minuter.",
        "routes.publish",
        {"school": "Ekdalsskolan", "max_ride_min": 50, "from": "2026-08-17"},
        j({"published": True, "plan_id": "EKD-2026-HT"}),
    )
    t.say(
        "40 min: 5 bussar, 45–50 min: 4, 55–60 min: 3. Planen för 50 min (4 bussar, 181 km) gäller från 17/8."
    )
    t.healthy(
        "A sweep of the solver over five ride-time limits, each with a different result, then one publish."
    )


@healthy(
    "flour-lab-csv-fanout",
    "Flour-mill lab agent imports seven instrument CSV files one by one, one of which has a malformed row "
    "that it reports.",
    domain="flour mill quality laboratory",
    language="en",
    ids="responses",
    started="2026-09-02T06:00:00Z",
)
def flour_fanout(t: Trace) -> None:
    t.user("Load today's NIR measurement CSVs (nir_0901_*.csv) into the lab system.")
    t.one(
        "Listing the files.",
        "shell",
        {"command": ["ls", "incoming/"]},
        "\n".join(f"nir_0901_{i:02d}.csv" for i in range(1, 8)),
    )
    for i in range(1, 8):
        ok = i != 5
        content = (
            f"nir_0901_{i:02d}.csv: {40 + 3 * i} rows loaded"
            if ok
            else "nir_0901_05.csv: 46 rows loaded, 1 row skipped (line 12: field 'protein' empty)"
        )
        t.one(
            f"Loading nir_0901_{i:02d}.csv.",
            "shell",
            {"command": ["labimport", "--type", "NIR", f"incoming/nir_0901_{i:02d}.csv"]},
            content,
        )
    t.say("All 7 files loaded (349 rows). Line 12 of nir_0901_05.csv has no protein value and was skipped.")
    t.healthy("Seven imports, one per file, each with its own count; fan-out over files, not repetition.")


@healthy(
    "packhouse-ca-rooms-fanout-and-fix",
    "Packhouse agent (Spanish) reads eight controlled-atmosphere rooms in turn, finds one with a failed "
    "CO2 scrubber, switches it to the spare scrubber and re-reads it.",
    domain="fruit packing house (controlled-atmosphere storage)",
    language="es",
    ids="openai",
    started="2026-04-03T05:30:00Z",
)
def ca_rooms(t: Trace) -> None:
    t.user("Revisa todas las cámaras CA antes del turno y corrige lo que esté fuera de consigna.")
    readings = {
        1: (1.1, 0.9),
        2: (1.2, 1.0),
        3: (1.0, 0.8),
        4: (1.2, 2.6),
        5: (1.3, 1.1),
        6: (1.1, 0.9),
        7: (1.2, 1.0),
        8: (1.0, 0.9),
    }
    for room, (o2, co2) in readings.items():
        extra = "\nscrubber: FALLO" if room == 4 else ""
        t.one(
            f"Leo la cámara CA-{room}.",
            "ca.lecturas",
            {"camara": f"CA-{room}"},
            f"camara: CA-{room}\no2_pct: {o2}\nco2_pct: {co2}{extra}\n",
        )
    t.one(
        "CA-4 tiene el scrubber en fallo; paso al scrubber de reserva.",
        "ca.scrubber",
        {"camara": "CA-4", "unidad": "reserva"},
        j({"ok": True, "unidad": "SCR-R2"}),
    )
    t.one(
        "Compruebo CA-4 de nuevo.",
        "ca.lecturas",
        {"camara": "CA-4"},
        "camara: CA-4\no2_pct: 1.2\nco2_pct: 2.1\nscrubber: SCR-R2 en marcha (descendiendo)\n",
    )
    t.say("Siete cámaras en consigna. CA-4 pasó al scrubber de reserva SCR-R2; el CO2 ya baja (2,6 → 2,1 %).")
    t.healthy(
        "Eight reads, one per room, a fix for the one room out of spec, and a re-read showing the change. "
        "Fan-out plus check-act-recheck."
    )
