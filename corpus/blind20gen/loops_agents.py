"""Loops of agents: re-delegation, restated plans, announced actions, monologues, degenerate text and
writes re-issued after success."""

from __future__ import annotations

from blind20gen.builder import Trace, j, ji, loop


@loop(
    "swim-meet-seeding-redelegated",
    "Swim-meet orchestrator delegates the seeding of one event to a sub-agent three times and gets the "
    "same heat sheet each time.",
    domain="swim meet entries and seeding",
    language="en",
    ids="openai",
    started="2026-06-20T17:00:00Z",
)
def swim_seed(t: Trace) -> None:
    t.user(
        "Seed the women's 200 free for Saturday's session (8 lanes, circle-seed the top 3 heats) and post it."
    )
    t.one(
        "Getting the entries.",
        "meet.entries",
        {"event": "W200FR"},
        "entries: 61\nfastest: Okafor 1:58.41, Lindqvist 1:59.02, Barros 1:59.77, Chen 2:00.10\n"
        "NT entries: 2",
    )
    report = (
        "Seeded W200FR: 61 swimmers, 8 heats (heat 1 has 5). Circle-seeded heats 6-8: Okafor H8 L4, "
        "Lindqvist H7 L4, Barros H6 L4, Chen H8 L5. NT entries in heat 1 lanes 7-8."
    )
    report2 = (
        "Done. 8 heats for 61 entries; top 3 heats circle-seeded (Okafor heat 8 lane 4, Lindqvist "
        "heat 7 lane 4, Barros heat 6 lane 4, Chen heat 8 lane 5); the 2 NTs swim in heat 1, lanes 7 and 8."
    )
    steps = [
        t.one(
            "Handing seeding to the seeding agent.",
            "delegate",
            {
                "agent": "seeding",
                "task": "Circle-seed W200FR (8 lanes, top 3 heats) from the current entries.",
            },
            report,
        ),
        t.one(
            "Let me have it double-checked.",
            "delegate",
            {"agent": "seeding", "task": "Re-check the W200FR seeding: 8 lanes, circle-seed top 3 heats."},
            report2,
        ),
        t.one(
            "I want to be sure about the circle seeding; asking once more.",
            "delegate",
            {
                "agent": "seeding",
                "task": "Verify circle seeding of the top 3 heats for W200FR and list lanes.",
            },
            report,
        ),
    ]
    t.one(
        "Asking for a final confirmation.",
        "delegate",
        {"agent": "seeding", "task": "Confirm W200FR heat sheet before posting."},
        report2,
    )
    t.loop(
        ["same_tool"],
        steps[2],
        f"Four delegations of the same seeding task return reports that agree on every lane (phrased two "
        f"ways); nothing is posted. The 3rd delegation, after two agreeing reports, is step {steps[2]}.",
    )


@loop(
    "seed-bank-viability-redelegated-two-names",
    "Seed-bank orchestrator (Ukrainian) delegates one viability question to a 'researcher' sub-agent, "
    "then twice to an 'analyst' sub-agent, and gets the same answer each time.",
    domain="seed bank (germplasm conservation)",
    language="uk",
    ids="anthropic",
    started="2026-03-05T10:30:00Z",
)
def seed_bank(t: Trace) -> None:
    t.user("Чи потрібно регенерувати зразок UA-0471 (пшениця, 2009 р.)? Останній тест на схожість — у базі.")
    same = (
        "UA-0471: схожість 71 % (тест 2025-11-02, 200 насінин). Поріг регенерації — 85 % від початкових "
        "94 %, тобто 80 %. 71 % < 80 % → потрібна регенерація."
    )
    same2 = (
        "Зразок UA-0471 має схожість 71 % (листопад 2025). Початкова 94 %, поріг 85 % від неї — це 80 %. "
        "Отже, регенерацію слід запланувати."
    )
    steps = [
        t.one(
            "Доручаю перевірку дослідницькому агенту.",
            "Task",
            {
                "subagent_type": "researcher",
                "description": "Схожість UA-0471",
                "prompt": "Знайди останній тест схожості UA-0471 і порівняй з порогом регенерації.",
            },
            same,
        ),
        t.one(
            "Передам аналітику для перевірки розрахунку.",
            "Task",
            {
                "subagent_type": "analyst",
                "description": "Перевірка UA-0471",
                "prompt": "Перевір, чи UA-0471 нижче порогу регенерації за останнім тестом схожості.",
            },
            same2,
        ),
        t.one(
            "Ще раз попрошу аналітика підтвердити поріг.",
            "Task",
            {
                "subagent_type": "analyst",
                "description": "Поріг UA-0471",
                "prompt": "Підтверди поріг регенерації і схожість UA-0471.",
            },
            same,
        ),
    ]
    t.say("За даними, UA-0471 потребує регенерації, але хочу ще раз переконатися.")
    t.loop(
        ["same_tool"],
        steps[2],
        f"The same viability question goes to 'researcher' and then twice to 'analyst'; the reports agree "
        f"(71 % against an 80 % threshold). A second sub-agent name is still a re-delegation; the 3rd "
        f"delegation is step {steps[2]}, and the final message still does not commit.",
    )


@loop(
    "histopathology-slide-qc-redelegated",
    "Histopathology lab orchestrator (Romanian) sends the same slide-scan QC task to a sub-agent three "
    "times and gets the same list of blurred slides.",
    domain="histopathology slide scanning",
    language="ro",
    ids="adk",
    started="2026-01-22T12:15:00Z",
)
def histo(t: Trace) -> None:
    t.user(
        "Verifică lotul de scanare L-2026-0122 și spune-mi ce lame trebuie rescanate înainte de raportare."
    )
    rep = (
        "Lot L-2026-0122: 48 lame. Rescanare: H-3318-B2 (focus 31 %), H-3320-A1 (focus 44 %), H-3327-C4 "
        "(bandă)."
    )
    rep2 = (
        "Din 48 de lame, 3 necesită rescanare: H-3318-B2 (focalizare 31 %), H-3320-A1 (44 %) și H-3327-C4 "
        "(artefact de bandă)."
    )
    steps = []
    for text, instr, report in [
        (
            "Trimit controlul de calitate agentului de QC.",
            "Controlează calitatea scanărilor din lotul L-2026-0122.",
            rep,
        ),
        ("Vreau o a doua verificare.", "Reverifică lamele din L-2026-0122 care trebuie rescanate.", rep2),
        ("Încă o dată, ca să fiu sigur.", "Listează lamele din L-2026-0122 sub pragul de focalizare.", rep),
    ]:
        steps.append(t.one(text, "agents.run", {"agent": "qc-lame", "instructiuni": instr}, report))
    t.say("Trei lame trebuie rescanate: H-3318-B2, H-3320-A1 și H-3327-C4.")
    t.loop(
        ["same_tool"],
        steps[2],
        f"The QC task is delegated three times with reworded instructions and the reports agree on the same "
        f"three slides. The 3rd delegation is step {steps[2]}. The answer is right, but the third run was "
        f"pointless.",
    )


@loop(
    "hatchery-incubator-recheck-plan",
    "Poultry hatchery agent (Thai) restates the same plan to re-check an incubator before adjusting it, "
    "each time reading the same temperature over a different window.",
    domain="poultry hatchery",
    language="th",
    ids="mistral",
    started="2026-04-30T22:10:00Z",
)
def hatchery(t: Trace) -> None:
    t.user("ตู้ฟัก INC-07 วันที่18ของรอบฟัก อุณหภูมิสูงไปไหม ถ้าสูงให้ลดลง0.2องศา")
    reading = j({"unit": "INC-07", "temp_c": 37.9, "rh_pct": 55, "setpoint_c": 37.7, "day": 18})
    steps = []
    for text, window in [
        ("ฉันจะตรวจสอบอุณหภูมิตู้ฟักก่อนแล้วค่อยปรับค่าตั้ง", "1h"),
        ("เพื่อความแน่ใจฉันจะตรวจสอบอุณหภูมิตู้ฟักอีกครั้งก่อนปรับค่าตั้ง", "2h"),
        ("ก่อนปรับค่าตั้งฉันจะตรวจสอบอุณหภูมิตู้ฟักอีกรอบหนึ่ง", "30m"),
        ("ฉันจะตรวจสอบอุณหภูมิตู้ฟักอีกครั้งเพื่อยืนยันก่อนปรับค่าตั้ง", "4h"),
        ("ขอตรวจสอบอุณหภูมิอีกครั้งก่อนปรับ", "1h"),
    ]:
        steps.append(
            t.one(text, "incubator.readings", {"unit": "INC-07", "window": window, "agg": "mean"}, reading)
        )
    t.loop(
        ["narration", "same_tool"],
        steps[3],
        f"Every message restates 'check the temperature before adjusting the setpoint' and reads INC-07 over "
        f"a different window; the answer is always 37.9 °C against 37.7, yet the setpoint is never changed. "
        f"The 4th restatement is step {steps[3]}.",
    )


@loop(
    "lighthouse-lamp-status-restated-plan",
    "Aids-to-navigation maintenance agent (Indonesian) keeps announcing it will check a lighthouse lamp "
    "and schedule a technician, but only re-reads the status with different fields.",
    domain="lighthouse and aids-to-navigation maintenance",
    language="id",
    ids="bedrock",
    started="2026-08-14T01:25:00Z",
)
def lighthouse(t: Trace) -> None:
    t.user("Suar Tanjung Priok-03 dilaporkan padam semalam. Tolong cek dan jadwalkan teknisi.")
    status = ji(
        {
            "stasiun": "TPR-03",
            "lampu_utama": "GAGAL",
            "lampu_cadangan": "AKTIF",
            "karakter": "Fl(2) W 10s",
            "baterai_v": 12.6,
            "terakhir": "2026-08-14T00:58:12Z",
        }
    )
    steps = []
    for text, fields in [
        ("Saya akan memeriksa status lampu, lalu menjadwalkan teknisi.", ["lampu"]),
        ("Saya akan memeriksa status lampu dan daya, kemudian menjadwalkan teknisi.", ["lampu", "daya"]),
        ("Baik, saya periksa status lampu sekali lagi lalu menjadwalkan teknisi.", ["semua"]),
        ("Saya akan memastikan status lampu dulu, setelah itu menjadwalkan teknisi.", ["lampu", "karakter"]),
    ]:
        steps.append(t.one(text, "aton.status", {"stasiun": "TPR-03", "bidang": fields}, status))
    t.say("Saya akan memeriksa status lampu lalu menjadwalkan teknisi.")
    t.loop(
        ["narration", "same_tool"],
        steps[3],
        f"Four messages announce 'check the lamp, then schedule a technician'; each re-reads the same status "
        f"(main lamp failed, standby on) with different fields, and no technician is ever scheduled. The 4th "
        f"restatement is step {steps[3]}.",
    )


@loop(
    "prison-visit-booking-announced-never-made",
    "Correctional-facility visitation assistant finds an open slot, then announces four times that it is "
    "booking it without ever calling the booking tool; the harness nudges in between.",
    domain="correctional facility visitation scheduling",
    language="en",
    ids="plain",
    started="2026-09-08T14:40:00Z",
)
def prison_visit(t: Trace) -> None:
    t.user(
        "I'm Ana Reyes, approved visitor for inmate #48211-C. Please book me a visit this Saturday morning."
    )
    t.one(
        "Checking visitor approval.",
        "visits.check_visitor",
        {"inmate": "48211-C", "visitor": "Ana Reyes"},
        j({"approved": True, "relationship": "sister", "id_verified": True}),
    )
    t.one(
        "Looking for Saturday morning slots.",
        "visits.open_slots",
        {"inmate": "48211-C", "date": "2026-09-12"},
        "slot_id | time  | room | capacity_left\nSAT-0900 | 09:00 | V2 | 0\nSAT-1000 | 10:00 | V2 | 3\n"
        "SAT-1100 | 11:00 | V1 | 1\n",
    )
    steps = [t.say("The 10:00 slot has room. I'll book SAT-1000 for you now.")]
    nudge = "[harness] No tool call was made in the last turn. Continue the task or give a final answer."
    for text in [
        "Booking the Saturday 10:00 visit (SAT-1000) for Ana Reyes now.",
        "I'm now booking slot SAT-1000 at 10:00 on Saturday for you.",
        "Proceeding to book the 10:00 Saturday slot, SAT-1000.",
    ]:
        t.system(nudge)
        steps.append(t.say(text))
    t.system(nudge)
    t.loop(
        ["narration"],
        steps[3],
        f"After two useful look-ups, the agent announces the SAT-1000 booking four times without calling any "
        f"tool; only harness nudges (system messages, not a new turn) come in between. The 4th announcement "
        f"is step {steps[3]}.",
    )


@loop(
    "packhouse-ca-room-monologue",
    "Fruit packhouse agent (Spanish) reads a controlled-atmosphere room, then writes four consecutive "
    "messages restating that it will review the room, with nothing in between.",
    domain="fruit packing house (controlled-atmosphere storage)",
    language="es",
    ids="openai",
    started="2026-04-02T11:11:00Z",
)
def packhouse(t: Trace) -> None:
    t.user("La cámara CA-4 de manzanas Fuji tiene el CO2 alto según el turno de noche. ¿Qué hacemos?")
    t.one(
        "Leo la atmósfera de la cámara CA-4.",
        "ca.lecturas",
        {"camara": "CA-4"},
        "camara: CA-4\nvariedad: Fuji\no2_pct: 1.2\nco2_pct: 2.6\nconsigna_co2_pct: 1.0\nscrubber: FALLO\n",
    )
    steps = []
    for text in [
        "Voy a revisar la cámara CA-4: el CO2 está en 2,6 % frente a una consigna de 1,0 %.",
        "Revisaré la cámara CA-4, donde el CO2 (2,6 %) supera la consigna (1,0 %).",
        "Primero revisaré la cámara CA-4, porque el CO2 está por encima de la consigna.",
        "Voy a revisar la cámara CA-4 para ver por qué el CO2 está en 2,6 %.",
    ]:
        steps.append(t.say(text))
    t.loop(
        ["narration"],
        steps[3],
        f"After the reading at step 1 (scrubber FALLO), four consecutive assistant messages, with no tool "
        f"call or user message between them, restate the same intention to review CA-4. The first follows "
        f"the tool result; the 4th restatement is step {steps[3]}.",
    )


@loop(
    "rail-wagon-reply-degenerates",
    "Rail-freight tracking agent (Russian) looks up a wagon, then its reply collapses into one sentence "
    "repeated over and over.",
    domain="rail freight wagon tracking",
    language="ru",
    ids="responses",
    started="2026-12-01T06:05:00Z",
)
def rail_wagon(t: Trace) -> None:
    t.user("Где сейчас вагон 52917364 с углём для ТЭЦ-2 и когда он прибудет?")
    t.one(
        "Смотрю дислокацию вагона.",
        "wagons.locate",
        {"wagon": "52917364"},
        j(
            {
                "wagon": "52917364",
                "station": "Тайшет",
                "operation": "прибытие",
                "time": "2026-12-01T03:44:00+08:00",
                "train": "2417",
                "eta_destination": "2026-12-03T10:00:00+08:00",
                "destination": "Иркутск-Сортировочный",
            }
        ),
    )
    sentence = "Вагон 52917364 находится на станции Тайшет. "
    onset = t.say(
        "Вагон 52917364 с углём прибыл на станцию Тайшет сегодня в 03:44 в составе поезда 2417. "
        + sentence * 28
    )
    t.loop(
        ["degenerate_text"],
        onset,
        f"The reply at step {onset} starts with a correct summary and then repeats the same sentence 28 "
        f"times; the ETA the user asked for is never given.",
    )


@loop(
    "wind-tunnel-report-argument-degenerates",
    "Wind-tunnel test agent writes the run report through a document tool; the content argument "
    "collapses into one sentence repeated dozens of times.",
    domain="wind tunnel testing",
    language="en",
    ids="anthropic",
    started="2026-10-20T15:50:00Z",
)
def wind_report(t: Trace) -> None:
    t.user("Write up run 1142 (NACA 4412, Re 1.0e6) as a short report in reports/run1142.md.")
    t.one(
        "Fetching the run summary.",
        "daq.run_summary",
        {"run": 1142},
        "alpha_deg,CL,CD\n-4,-0.07,0.0091\n0,0.41,0.0083\n4,0.87,0.0094\n8,1.26,0.0128\n12,1.51,0.0197\n"
        "14,1.55,0.0262\n16,1.43,0.0410\n",
    )
    body = (
        "# Run 1142 – NACA 4412, Re = 1.0e6\n\nCL rises from -0.07 at -4° to a maximum of 1.55 at 14°, then "
        "drops to 1.43 at 16° (stall).\n\n"
        + "The lift coefficient increases linearly with angle of attack. "
        * 36
    )
    onset = t.one(
        "Writing the report.",
        "docs.write",
        {"path": "reports/run1142.md", "content": body},
        j({"ok": True, "bytes": len(body.encode())}),
    )
    t.say("Report written to reports/run1142.md.")
    t.loop(
        ["degenerate_text"],
        onset,
        f"The content argument of docs.write at step {onset} repeats one sentence 36 times after a two-line "
        f"summary; the drag data and stall discussion never appear. The degenerate text is in the tool "
        f"argument, and the tool accepted it.",
    )


@loop(
    "microbiology-report-resent",
    "Clinical microbiology assistant (Hebrew) sends an antibiogram to the ordering physician, gets a "
    "delivered acknowledgement, and sends the identical report twice more.",
    domain="clinical microbiology (susceptibility testing)",
    language="he",
    ids="openai",
    started="2026-02-11T09:05:00Z",
)
def micro(t: Trace) -> None:
    t.user('שלח לד"ר לוי את האנטיביוגרם של הזמנה MB-55120 (תרבית שתן).')
    t.one(
        "שולף את התוצאות.",
        "results.antibiogram",
        {"order": "MB-55120"},
        "organism: E. coli  >10^5 CFU/mL\nantibiotic      MIC   S/I/R\nampicillin      >32   R\n"
        "nitrofurantoin  16    S\nciprofloxacin   0.5   I\nceftriaxone     ≤1    S\n",
    )
    args = {"order": "MB-55120", "to": "dr.levi@hospital.example", "format": "pdf"}
    steps = []
    for i, text in enumerate(
        ['שולח את הדוח לד"ר לוי.', "שולח שוב כדי לוודא שהדוח הגיע.", "שולח פעם נוספת ליתר ביטחון."]
    ):
        steps.append(
            t.one(
                text,
                "results.send",
                args,
                j({"ok": True, "status": "delivered", "message_id": f"m-{7731 + i}"}),
            )
        )
    t.say('הדוח נשלח לד"ר לוי.')
    t.loop(
        ["identical_call"],
        steps[2],
        f"The identical send is repeated after a 'delivered' acknowledgement; the replies differ only in the "
        f"message id, a volatile field. The physician now has three copies. The 3rd identical send is step "
        f"{steps[2]}.",
    )


@loop(
    "antiquarian-listing-created-thrice",
    "Antiquarian bookseller assistant (Danish) creates a marketplace listing, gets a listing id, and "
    "creates the same listing twice more.",
    domain="antiquarian bookselling",
    language="da",
    ids="named",
    started="2026-11-19T19:20:00Z",
)
def antiquarian(t: Trace) -> None:
    t.user("Sæt førsteudgaven af Karen Blixens 'Syv fantastiske fortællinger' (1935) til salg for 4.800 kr.")
    t.one(
        "Jeg finder bogen i lageret.",
        "lager.find",
        {"titel": "Syv fantastiske fortællinger"},
        ji(
            {
                "sku": "KB-1935-01",
                "forfatter": "Karen Blixen",
                "aar": 1935,
                "udgave": "1. udgave",
                "stand": "god, let solplettet ryg",
                "hylde": "C4",
            }
        ),
    )
    args = {
        "sku": "KB-1935-01",
        "pris_dkk": 4800,
        "kanal": "marketplace",
        "beskrivelse": "Karen Blixen: Syv fantastiske fortællinger. 1. udgave, Reitzel 1935. God stand.",
    }
    steps = []
    for i, text in enumerate(
        [
            "Jeg opretter annoncen.",
            "Jeg opretter annoncen igen for at være sikker.",
            "Opretter annoncen én gang til.",
        ]
    ):
        steps.append(
            t.one(
                text,
                "listing.create",
                args,
                j({"status": "created", "listing_id": f"L-9031{i + 1}", "kanal": "marketplace"}),
            )
        )
    t.say("Bogen er sat til salg for 4.800 kr.")
    t.loop(
        ["identical_call"],
        steps[2],
        f"listing.create is called three times with identical arguments after the first succeeded; the "
        f"replies differ only in the new listing id. A single copy is now listed three times. The 3rd "
        f"identical call is step {steps[2]}.",
    )
