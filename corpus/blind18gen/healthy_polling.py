"""Healthy runs that wait or re-check: polling that finishes (one with byte-identical intermediate statuses,
one whose progress pauses, one with a reminder sent between polls), a check-act-recheck, and re-reading a file
or log that changes."""

from __future__ import annotations

from blind18gen.builder import Trace, cj, csv, healthy, ij

# --- polling that finishes --------------------------------------------------------------------------


@healthy("cinema-dcp-ingest-poll-completes")
def cinema_ingest(sid: str) -> Trace:
    t = Trace(
        sid,
        "Cinema booth agent ingests a DCP, polls copy and hash verification to completion, then checks the "
        "KDM window for the evening show.",
        domain="cinema exhibition (DCP and KDM management)",
        language="en",
        ids="openai",
        started="2026-05-22T13:02:00Z",
    )
    t.user(
        "Ingest the DCP for 'Harbor Lights' from the USB drive into the library and confirm it plays in "
        "Screen 5 tonight."
    )
    t.act(
        "Starting the ingest from the USB drive.",
        (
            "tms__ingest_start",
            {"source": "usb://sdb1/HarborLights_FTR-1_F_EN-XX_51_2K_20260510_SMPTE_OV", "target": "library"},
            cj({"job": "ING-3391", "state": "copying", "progress": 0}),
        ),
    )
    statuses = [
        {"job": "ING-3391", "state": "copying", "progress": 23, "eta_s": 840},
        {"job": "ING-3391", "state": "copying", "progress": 61, "eta_s": 420},
        {"job": "ING-3391", "state": "verifying", "progress": 40, "eta_s": 150},
        {
            "job": "ING-3391",
            "state": "complete",
            "hash_check": "ok",
            "cpl": "urn:uuid:7d0e5a44-2c1b-4f8e-9a31-5f6b0c2d9e17",
        },
    ]
    texts = [
        "Checking progress.",
        "Copy is moving; checking again.",
        "Copy done, hashes being verified.",
        "Checking.",
    ]
    for text, status in zip(texts, statuses, strict=True):
        t.act(text, ("tms__ingest_status", {"job": "ING-3391"}, cj(status)))
    t.act(
        "Ingest complete. Checking the KDM covers Screen 5 at 20:00.",
        (
            "tms__kdm_check",
            {
                "cpl": "urn:uuid:7d0e5a44-2c1b-4f8e-9a31-5f6b0c2d9e17",
                "screen": "SCREEN-5",
                "at": "2026-05-22T20:00:00",
            },
            cj(
                {
                    "valid": True,
                    "not_before": "2026-05-20T00:00:00",
                    "not_after": "2026-06-05T23:59:00",
                    "server": "SCREEN-5",
                }
            ),
        ),
    )
    t.say(
        "'Harbor Lights' is ingested (hash check OK) and its KDM is valid for Screen 5 tonight, until 5 June."
    )
    return t.healthy(
        "Polling that finishes: tms__ingest_status is called four times with identical arguments, but "
        "every result is new (23 % → 61 % copying → verifying 40 % → complete), and the run ends with a "
        "KDM check and an answer."
    )


@healthy("glacier-dem-job-identical-statuses")
def glacier_dem(sid: str) -> Trace:
    t = Trace(
        sid,
        "Glacier-monitoring agent long-polls a DEM differencing job; three intermediate statuses are "
        "byte-identical before the job succeeds.",
        domain="glacier mass-balance monitoring research",
        language="de",
        ids="responses",
        started="2026-10-02T07:00:00Z",
    )
    t.user(
        "Starte die DEM-Differenzierung für die Pasterze (September 2023 gegen September 2026) und gib mir "
        "die mittlere Höhenänderung, sobald sie fertig ist."
    )
    t.act(
        "Ich starte den Job.",
        (
            "start_job",
            {"pipeline": "dem_diff", "glacier": "pasterze", "epochs": ["2023-09", "2026-09"]},
            ij({"job_id": "dd-5521", "state": "queued"}),
        ),
    )
    running = ij({"job_id": "dd-5521", "state": "running", "stage": "coregistration"})
    args = {"job_id": "dd-5521", "wait_s": 60}
    t.act("Ich warte auf den Status (Long-Poll, 60 s).", ("job_status", args, running))
    t.act("Die Koregistrierung läuft noch; ich warte weiter.", ("job_status", args, running))
    t.act("Noch in der Koregistrierung. Weiter warten.", ("job_status", args, running))
    t.act(
        "Ich frage erneut ab.",
        (
            "job_status",
            args,
            ij(
                {
                    "job_id": "dd-5521",
                    "state": "succeeded",
                    "result": {
                        "mean_dh_m": -7.84,
                        "area_km2": 14.9,
                        "volume_change_km3": -0.117,
                        "void_fill_pct": 3.2,
                    },
                }
            ),
        ),
    )
    t.say(
        "Fertig: Die Pasterze hat zwischen September 2023 und September 2026 im Mittel 7,84 m an Höhe "
        "verloren (14,9 km², Volumenänderung −0,117 km³; 3,2 % der Fläche interpoliert)."
    )
    return t.healthy(
        "Polling a job to completion with identical intermediate statuses: three long-polls return "
        "byte-identical 'running/coregistration', which is normal for a long stage, and the fourth returns "
        "the result. The run ends with the answer, so there is nothing to stop."
    )


@healthy("sawmill-kiln-progress-pauses-then-completes")
def sawmill_conditioning(sid: str) -> Trace:
    t = Trace(
        sid,
        "Sawmill agent follows a kiln run whose progress holds at 85 % during conditioning (phase time "
        "still advancing) and then completes.",
        domain="sawmill kiln drying",
        language="sv",
        ids="bedrock",
        started="2026-07-02T05:10:00Z",
    )
    t.user(
        "Följ torkomgången i kammare 3 (sats K3-0702) tills konditioneringen är klar och meddela "
        "slutfuktkvoten."
    )
    args = {"kilnId": "K3", "batch": "K3-0702"}
    wait = ("waitSeconds", {"seconds": 900}, "waited 900 s")
    statuses = [
        {
            "phase": "drying",
            "progress": 72,
            "mcPercent": 16.1,
            "phaseElapsedMin": 610,
            "updatedAt": "2026-07-02T08:00:10Z",
        },
        {
            "phase": "drying",
            "progress": 80,
            "mcPercent": 14.9,
            "phaseElapsedMin": 625,
            "updatedAt": "2026-07-02T08:15:12Z",
        },
        {
            "phase": "conditioning",
            "progress": 85,
            "mcPercent": 13.2,
            "phaseElapsedMin": 5,
            "updatedAt": "2026-07-02T08:30:11Z",
        },
        {
            "phase": "conditioning",
            "progress": 85,
            "mcPercent": 12.9,
            "phaseElapsedMin": 20,
            "updatedAt": "2026-07-02T08:45:09Z",
        },
        {
            "phase": "conditioning",
            "progress": 85,
            "mcPercent": 12.6,
            "phaseElapsedMin": 35,
            "updatedAt": "2026-07-02T09:00:14Z",
        },
        {
            "phase": "complete",
            "progress": 100,
            "mcPercent": 12.1,
            "phaseElapsedMin": 50,
            "updatedAt": "2026-07-02T09:15:08Z",
        },
    ]
    for i, status in enumerate(statuses):
        t.act("Jag hämtar status." if i == 0 else "Ny avläsning.", ("getKilnCycle", args, cj(status)))
        if i < len(statuses) - 1:
            t.act("Väntar en kvart.", wait)
    t.say("Klart: sats K3-0702 är färdigkonditionerad med slutfuktkvot 12,1 %.")
    return t.healthy(
        "Polling that finishes with progress that pauses: progress holds at 85 % for three polls during "
        "conditioning, but the moisture keeps falling, the phase timer and update time advance, and the "
        "run completes at 100 %; the waits between polls are the intended rhythm."
    )


@healthy("lottery-certification-poll-with-reminder")
def lottery_certification(sid: str) -> Trace:
    t = Trace(
        sid,
        "Lottery-operations agent waits for the auditor's certification of a draw, sends a reminder "
        "between polls, then publishes.",
        domain="lottery draw operations",
        language="cs",
        ids="plain",
        started="2026-06-13T18:10:00Z",
    )
    t.user("Počkej na certifikaci losování 2262 auditorem a pak zveřejni výsledky na webu.")

    def status(state: str, extra: str = "") -> str:
        return (
            f'<certification draw="2262">\n  <state>{state}</state>\n  <auditor>Ing. Novotná</auditor>\n'
            f"  <requested>2026-06-13T20:05:00+02:00</requested>\n{extra}</certification>"
        )

    args = {"draw": 2262}
    t.act("Zjistím stav certifikace.", ("draw.certification_status", args, status("awaiting_auditor")))
    t.act(
        "Auditorka ještě nezačala. Pošlu jí připomínku.",
        (
            "notify.send_reminder",
            {"to": "auditor.novotna", "draw": 2262, "channel": "sms"},
            cj({"sent": True, "channel": "sms"}),
        ),
    )
    t.act("Znovu kontroluji stav.", ("draw.certification_status", args, status("awaiting_auditor")))
    t.act("Kontroluji znovu.", ("draw.certification_status", args, status("in_review")))
    t.act(
        "Probíhá kontrola. Kontroluji za chvíli.",
        (
            "draw.certification_status",
            args,
            status(
                "certified",
                "  <signed>2026-06-13T20:41:00+02:00</signed>\n  <signature_valid>true</signature_valid>\n",
            ),
        ),
    )
    t.act(
        "Certifikováno. Zveřejňuji výsledky.",
        (
            "web.publish_results",
            {"draw": 2262},
            cj({"published": True, "url": "https://loterie.example.cz/vysledky/2262"}),
        ),
    )
    t.say("Losování 2262 je certifikováno (podpis platný) a výsledky jsou zveřejněny.")
    return t.healthy(
        "Polling that finishes, with a reminder between polls: the second poll repeats the first status "
        "(awaiting_auditor) after an SMS reminder, then the state moves to in_review and certified, and "
        "the results are published. The repeats are waiting on a person, not a loop."
    )


@healthy("cgm-reader-sync-then-metrics")
def cgm_sync(sid: str) -> Trace:
    t = Trace(
        sid,
        "Diabetes-clinic agent waits for a reader upload to sync, then reports time-in-range.",
        domain="diabetes clinic (continuous glucose monitoring)",
        language="en",
        ids="anthropic",
        started="2026-06-15T09:20:00Z",
    )
    t.user(
        "Patient 20977's reader was just uploaded at the front desk. Once the sync finishes, give me time "
        "in range for the last 14 days."
    )
    args = {"patient_id": "20977"}
    t.act(
        "Checking the sync.", ("cgm__sync_status", args, "Sync in progress: 3,112 of 4,032 readings received")
    )
    t.act("Still syncing.", ("cgm__sync_status", args, "Sync in progress: 3,870 of 4,032 readings received"))
    t.act(
        "Almost there.",
        (
            "cgm__sync_status",
            args,
            "Sync complete: 4,032 readings (2026-06-01 → 2026-06-14), sensor wear 96%",
        ),
    )
    t.system("[harness] Patient record access logged (audit id A-7781).")
    t.act(
        "Sync complete. Pulling the 14-day metrics.",
        (
            "cgm__metrics",
            {"patient_id": "20977", "days": 14},
            "TIR 70-180: 68% | TBR <70: 3.1% (<54: 0.4%) | TAR >180: 28.9% | GMI 7.2% | CV 34%",
        ),
    )
    t.say(
        "Over 1–14 June (sensor wear 96%): time in range 68%, below range 3.1% (0.4% under 54), above "
        "range 28.9%, GMI 7.2%, CV 34%."
    )
    return t.healthy(
        "Polling that finishes: three identical sync-status calls each show more readings and the third "
        "reports completion; the metrics follow (after a harness audit notice, a system message). "
        "Progressing polls are not a loop."
    )


# --- check, act, re-check ---------------------------------------------------------------------------


@healthy("aquarium-temperature-check-act-recheck")
def aquarium_recheck(sid: str) -> Trace:
    t = Trace(
        sid,
        "Aquarium life-support agent reads a coral tank's temperature, lowers the chiller setpoint, and "
        "re-reads twice as the tank cools.",
        domain="public aquarium life-support systems",
        language="el",
        ids="openai",
        started="2026-08-04T12:30:00Z",
    )
    t.user("Η θερμοκρασία στη δεξαμενή των κοραλλιών (R2) ανεβαίνει. Έλεγξέ τη και φέρε τη στους 25,5 °C.")
    read = {"tank": "R2"}
    t.act(
        "Διαβάζω τη θερμοκρασία.",
        ("lss.read_temp", read, "R2 26.9 °C; chiller CH2 setpoint 26.5 °C; state: idle"),
    )
    t.act(
        "Κατεβάζω το setpoint του ψύκτη στους 25,5 °C.",
        ("lss.set_chiller", {"chiller": "CH2", "setpoint_c": 25.5}, "CH2 setpoint 25.5 °C; state: cooling"),
    )
    t.act("Ελέγχω ξανά.", ("lss.read_temp", read, "R2 26.4 °C; chiller CH2 setpoint 25.5 °C; state: cooling"))
    t.act(
        "Πέφτει. Ένας ακόμη έλεγχος.",
        ("lss.read_temp", read, "R2 25.7 °C; chiller CH2 setpoint 25.5 °C; state: cooling"),
    )
    t.say("Η R2 έπεσε από 26,9 σε 25,7 °C και ο ψύκτης συνεχίζει προς τους 25,5 °C.")
    return t.healthy(
        "Check, act, re-check: lss.read_temp is called three times with the same arguments, but around a "
        "setpoint change and with falling temperatures each time (26.9 → 26.4 → 25.7 °C). Identical calls "
        "whose results differ after an action are progress."
    )


# --- re-reading a file or log that changes ----------------------------------------------------------


@healthy("cnc-nest-log-reread-while-running")
def cnc_log(sid: str) -> Trace:
    t = Trace(
        sid,
        "Coding agent in a CNC shop re-reads a nesting log three times while the overnight batch writes to "
        "it, then greps it for dropped parts.",
        domain="CNC cabinetry workshop (panel nesting)",
        language="en",
        ids="anthropic",
        started="2026-04-15T21:05:00Z",
        harness="claude-code",
    )
    t.user(
        "The overnight nesting batch for job K-0419 is running on the CAM box. Keep an eye on nest.log and "
        "tell me when all 14 sheets are done, and whether any part was dropped."
    )
    lines = [
        f"21:{6 + 3 * n:02d}:11 sheet {n:2d}/14 nested  parts={p:2d}  yield={y}%"
        for n, p, y in [
            (1, 9, 81.2),
            (2, 8, 79.5),
            (3, 11, 84.0),
            (4, 7, 76.9),
            (5, 10, 82.3),
            (6, 9, 80.1),
            (7, 8, 78.4),
            (8, 12, 85.6),
            (9, 9, 80.8),
            (10, 7, 77.2),
            (11, 10, 83.0),
            (12, 9, 81.9),
            (13, 6, 72.5),
            (14, 5, 69.8),
        ]
    ]
    head = "21:05:40 batch K-0419 started: 14 sheets, 120 parts, material MDF 19 mm"
    read = {"file_path": "/var/log/cam/nest.log"}
    t.act("Reading the log.", ("Read", read, "\n".join([head, *lines[:5]])))
    t.act("Five of fourteen done. Reading it again.", ("Read", read, "\n".join([head, *lines[:10]])))
    t.act(
        "Ten done. Reading again.",
        (
            "Read",
            read,
            "\n".join(
                [
                    head,
                    *lines,
                    "21:48:02 batch K-0419 finished: 14/14 sheets, 120/120 parts, mean yield 79.5%",
                ]
            ),
        ),
    )
    t.act(
        "Finished. Checking for dropped parts.",
        (
            "Bash",
            {"command": "grep -n -i 'dropped\\|skipped' /var/log/cam/nest.log"},
            "(no output)\nexit code 1",
        ),
    )
    t.say(
        "All 14 sheets of K-0419 are nested (120/120 parts, mean yield 79.5%); no part was dropped or "
        "skipped."
    )
    return t.healthy(
        "Re-reading a log that changes: the three identical Read calls return a growing file (5, 10, then "
        "14 sheets and the finish line), followed by a grep whose empty result (exit 1) is the answer. "
        "Nothing repeats without new content."
    )


@healthy("shipyard-dock-level-log-reread")
def shipyard_log(sid: str) -> Trace:
    t = Trace(
        sid,
        "Dry-dock agent re-reads the water-level sensor log while the dock is pumped until the ship sits "
        "on all keel blocks.",
        domain="shipyard dry-dock planning",
        language="hr",
        ids="mistral",
        started="2026-09-22T04:00:00Z",
    )
    t.user(
        "Prati dok 1 dok se crpi voda: čitaj zapisnik senzora razine i javi kad brod sjedne na sve potklade."
    )
    rows = [
        ["04:00", 8.42, "0/42"],
        ["04:10", 8.05, "0/42"],
        ["04:20", 7.61, "0/42"],
        ["04:30", 7.12, "6/42"],
        ["04:40", 6.70, "19/42"],
        ["04:50", 6.31, "33/42"],
        ["05:00", 5.88, "42/42"],
        ["05:10", 5.40, "42/42"],
        ["05:20", 4.95, "42/42"],
    ]
    args = {"dock": "D1", "sensor": "water_level"}
    header = ["time", "level_m", "blocks_loaded"]
    t.act("Čitam zapisnik.", ("dock.read_log", args, csv(header, rows[:3])))
    t.act(
        "Razina pada, brod još ne dodiruje potklade. Čitam ponovno.",
        ("dock.read_log", args, csv(header, rows[:6])),
    )
    t.act("Brod sjeda, 33 od 42. Čitam ponovno.", ("dock.read_log", args, csv(header, rows)))
    t.say("Brod je u 05:00 sjeo na svih 42 potklade (razina 5,88 m); crpljenje se nastavlja normalno.")
    return t.healthy(
        "Re-reading a log that changes: dock.read_log is called three times with identical arguments and "
        "returns 3, 6 and 9 rows, with blocks loaded rising to 42/42; the agent stops as soon as the "
        "condition is met."
    )
