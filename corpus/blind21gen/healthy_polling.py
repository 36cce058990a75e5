"""Healthy runs that poll or re-read: polls that progress and finish, identical intermediate statuses that end
in completion, a pause in progress, check-act-recheck, growing logs, a reminder between polls."""

from __future__ import annotations

from typing import Any

from blind21gen.builder import Trace, call, healthy, js, jsi, jsp


@healthy("t1-measurement-poll-progress")
def t1_poll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A qubit calibration agent polls a T1 measurement whose progress rises each time until it finishes.",
        domain="superconducting qubit calibration",
        language="en",
        ids="responses",
        harness="OpenAI Responses agent",
        started="2026-01-23T08:00:00Z",
    )
    t.user("Measure T1 on Q5 and Q6 of chip fluxonium-B and tell me if either dropped below 80 µs.")
    t.say(
        "Submitting a T1 sweep on both qubits.",
        call(
            "qcal.submit",
            {"qubits": ["Q5", "Q6"], "experiment": "t1", "delays_us": [0, 400], "points": 41, "shots": 1024},
            jsp({"job_id": "cal-7d90", "state": "queued", "position": 2}),
        ),
    )
    for progress, beat in [(0.18, "08:03:10Z"), (0.47, "08:05:02Z"), (0.81, "08:06:55Z")]:
        t.say(
            "Checking progress.",
            call(
                "qcal.job_status",
                {"job_id": "cal-7d90"},
                jsp({"job_id": "cal-7d90", "state": "running", "progress": progress, "heartbeat": beat}),
            ),
        )
    t.say(
        "Checking again.",
        call(
            "qcal.job_status",
            {"job_id": "cal-7d90"},
            jsp(
                {
                    "job_id": "cal-7d90",
                    "state": "done",
                    "result": {"Q5": {"t1_us": 112.4, "err": 3.1}, "Q6": {"t1_us": 74.8, "err": 2.7}},
                }
            ),
        ),
    )
    t.say("Q5: T1 = 112 ± 3 µs (fine). Q6: T1 = 75 ± 3 µs, below the 80 µs threshold; Q6 needs attention.")
    return t.healthy(
        "Repeated identical status polls, but progress and heartbeat advance on every call and the job "
        "completes; polling a running job is expected."
    )


@healthy("flood-forecast-identical-running")
def flood_forecast_identical(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A flood-forecasting agent polls an ensemble run that reports a bare 'running' three times, then "
        "finishes.",
        domain="river flood forecasting",
        language="en",
        ids="openai",
        harness="custom hydrology agent",
        started="2026-02-02T04:10:00Z",
    )
    t.user(
        "Run the 48-hour ensemble forecast for the Aire at Leeds with tonight's rainfall and give me "
        "P(exceed 3.0 m)."
    )
    t.say(
        "Starting the ensemble run.",
        call(
            "forecast.start_run",
            {"catchment": "aire", "gauge": "leeds-crown-point", "horizon_h": 48, "members": 51},
            js({"run_id": "ens-20260202-0410", "state": "accepted"}),
        ),
    )
    running = js({"run_id": "ens-20260202-0410", "state": "running"})
    t.say("Waiting a minute before polling.", call("sleep", {"seconds": 60}, "slept 60s"))
    for text in ["Polling the run.", "Still running; polling again after a short wait.", "Polling."]:
        t.say(text, call("forecast.run_status", {"run_id": "ens-20260202-0410"}, running))
    t.say(
        "Polling once more.",
        call(
            "forecast.run_status",
            {"run_id": "ens-20260202-0410"},
            jsi(
                {
                    "run_id": "ens-20260202-0410",
                    "state": "succeeded",
                    "summary": {
                        "peak_stage_m_p50": 2.71,
                        "peak_time_p50": "2026-02-03T09:00Z",
                        "p_exceed_3_0m": 0.22,
                    },
                }
            ),
        ),
    )
    t.say(
        "Median peak 2.71 m around 09:00 tomorrow; probability of exceeding 3.0 m is 22% (11 of 51 members)."
    )
    return t.healthy(
        "Three byte-identical 'running' polls are followed by success; an ensemble run takes minutes and the "
        "status endpoint reports no progress. Identical intermediate statuses that end in completion are "
        "healthy polling."
    )


@healthy("cfd-log-tail-converges")
def cfd_log_converges(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A CFD agent tails a solver log between sleeps; the time step and residuals move every time until "
        "convergence.",
        domain="computational fluid dynamics (OpenFOAM)",
        language="en",
        ids="mistral",
        harness="Codex-style shell agent",
        started="2026-02-18T09:00:00Z",
    )
    t.user("Run the mixing-elbow case and report the pressure drop once it converges.")
    t.say(
        "Submitting.",
        call(
            "shell",
            {"command": ["bash", "-lc", "cd cases/elbow && sbatch run.sh"]},
            "Submitted batch job 88530\n",
        ),
    )
    tail = {"command": ["bash", "-lc", "tail -n 3 cases/elbow/log.simpleFoam"]}
    for step, res, clock in [(150, "2.1e-03", 96), (480, "4.4e-04", 301), (910, "8.7e-05", 566)]:
        t.say(
            "Checking the log.",
            call(
                "shell",
                tail,
                f"Time = {step}\nGAMG:  Solving for p, Initial residual = {res}\nClockTime = {clock} s\n",
            ),
        )
        t.say("Progressing; waiting.", call("shell", {"command": ["bash", "-lc", "sleep 240"]}, ""))
    t.say(
        "Checking the log.",
        call("shell", tail, "SIMPLE solution converged in 1204 iterations\n\nEnd\n"),
    )
    t.say(
        "Reading the pressure drop.",
        call(
            "shell",
            {"command": ["bash", "-lc", "tail -n 2 cases/elbow/postProcessing/dp/0/surfaceFieldValue.dat"]},
            "# Time  areaAverage(p)\n1204  412.83\n",
        ),
    )
    t.say("Converged after 1204 iterations; the pressure drop inlet-to-outlet is 412.8 Pa.")
    return t.healthy(
        "The same tail and sleep commands repeat, but every tail shows a later time step and lower "
        "residuals, "
        "and the run converges; sleeps between polls of a moving log are normal."
    )


@healthy("pulsar-fit-progress-pause")
def pulsar_fit_pause(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A pulsar-timing agent polls a timing fit whose progress stalls on two polls and then finishes.",
        domain="radio astronomy pulsar timing",
        language="fr",
        ids="adk",
        harness="Google ADK agent",
        started="2026-03-03T22:00:00Z",
    )
    t.user(
        "Lance l'ajustement de timing de J0437-4715 avec les TOAs de février et donne-moi le RMS des résidus."
    )
    t.say(
        "Je lance l'ajustement.",
        call(
            "timing.submit_fit",
            {"psr": "J0437-4715", "toas": "feb2026.tim", "par": "J0437-4715.par", "fit": ["F0", "F1", "DM"]},
            jsp({"job": "fit-4471", "state": "queued"}),
        ),
    )
    polls = [
        jsp({"job": "fit-4471", "state": "running", "iteration": 2, "of": 8}),
        jsp({"job": "fit-4471", "state": "running", "iteration": 5, "of": 8}),
        jsp({"job": "fit-4471", "state": "running", "iteration": 5, "of": 8}),
        jsp({"job": "fit-4471", "state": "running", "iteration": 7, "of": 8}),
        jsi({"job": "fit-4471", "state": "done", "rms_us": 0.184, "chi2r": 1.07, "ntoa": 3312}),
    ]
    texts = [
        "Je vérifie l'état.",
        "Itération 2 sur 8 ; je vérifie de nouveau.",
        "Toujours l'itération 5, j'attends un peu.",
        "Je revérifie.",
        "Encore une vérification.",
    ]
    for text, result in zip(texts, polls, strict=True):
        t.say(text, call("timing.job_status", {"job": "fit-4471"}, result))
    t.say("Ajustement terminé : RMS des résidus 0,184 µs, chi² réduit 1,07 sur 3312 TOAs.")
    return t.healthy(
        "Progress pauses at iteration 5 for two polls (one repeat) and then advances to completion; a single "
        "repeated status inside a progressing job is not a frozen poll."
    )


@healthy("enrollment-export-ready")
def enrollment_export(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A benefits-administration agent requests a carrier enrollment file, polls until it is ready and "
        "downloads it.",
        domain="employee benefits open enrollment",
        language="en",
        ids="bedrock",
        harness="Bedrock HR agent",
        started="2026-11-25T15:00:00Z",
    )
    t.user(
        "Generate the 834 enrollment file for the dental carrier for the 2027 plan year and tell me the "
        "member count."
    )
    t.say(
        "Requesting the export.",
        call(
            "benefits.request_export",
            {"carrier": "bright-dental", "format": "834", "plan_year": 2027},
            js({"export_id": "EX-2291", "status": "pending"}),
        ),
    )
    for status, rows in [("pending", None), ("processing", 1840), ("processing", 3120)]:
        body = {"export_id": "EX-2291", "status": status}
        if rows:
            body["rows_written"] = rows
        t.say("Checking the export.", call("benefits.export_status", {"export_id": "EX-2291"}, js(body)))
    t.say(
        "Checking the export.",
        call(
            "benefits.export_status",
            {"export_id": "EX-2291"},
            js(
                {
                    "export_id": "EX-2291",
                    "status": "ready",
                    "rows_written": 3388,
                    "url": "s3://hr-exports/EX-2291.x12",
                }
            ),
        ),
    )
    t.say(
        "Validating the file header.",
        call(
            "benefits.validate_834",
            {"export_id": "EX-2291"},
            "ISA*00*...*ZZ*ACMEHR*ZZ*BRIGHTDENT*261125*1512*^*00501*000002291*0*P*:~\nSegments: 28140  "
            "Members "
            "(INS): 3388  Subscribers: 1954  Dependents: 1434\nValidation: PASSED (0 errors, 2 warnings)",
        ),
    )
    t.say("The 834 file is ready and valid: 3,388 members (1,954 subscribers, 1,434 dependents).")
    return t.healthy(
        "The export status moves pending, processing (rows growing), ready; then a different validation call."
    )


@healthy("rink-dehumidifier-recheck")
def rink_dehumidifier(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An ice-rink agent reads humidity, switches on the dehumidifier and re-checks twice as the fog "
        "clears.",
        domain="ice rink operations",
        language="en",
        ids="plain",
        harness="building operations agent",
        started="2026-06-30T13:00:00Z",
    )
    t.user("There's fog over the ice on rink 2 before the 14:00 session. Can you sort it out?")
    t.say(
        "Reading the air conditions over rink 2.",
        call(
            "hvac.read",
            {"zone": "rink2"},
            jsp({"rh_pct": 81, "air_c": 14.2, "dewpoint_c": 11.0, "dehumidifier": "off"}),
        ),
    )
    t.say(
        "Dew point is well above the ice temperature. Switching the desiccant dehumidifier on at full "
        "capacity.",
        call("hvac.set", {"zone": "rink2", "dehumidifier": "on", "capacity_pct": 100}, js({"ok": True})),
    )
    t.say("Re-checking after ten minutes.", call("sleep", {"seconds": 600}, "slept 600s"))
    t.say(
        "Reading conditions.",
        call(
            "hvac.read",
            {"zone": "rink2"},
            jsp({"rh_pct": 72, "air_c": 14.0, "dewpoint_c": 9.1, "dehumidifier": "on"}),
        ),
    )
    t.say("Improving. Another ten minutes.", call("sleep", {"seconds": 600}, "slept 600s"))
    t.say(
        "Reading conditions.",
        call(
            "hvac.read",
            {"zone": "rink2"},
            jsp({"rh_pct": 61, "air_c": 13.8, "dewpoint_c": 6.4, "dehumidifier": "on"}),
        ),
    )
    t.say(
        "Humidity is down from 81% to 61% and the dew point from 11.0 to 6.4 °C; the fog should be gone by "
        "14:00."
    )
    return t.healthy(
        "Check, act, re-check: the same read returns improving values after an action; no repetition "
        "without progress."
    )


@healthy("hotfire-daq-tail-grows")
def hotfire_daq_tail(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A test-stand agent tails the DAQ event log during a hot-fire countdown; every read brings new "
        "lines.",
        domain="rocket engine test stand",
        language="en",
        ids="openai",
        harness="test-operations agent",
        started="2026-09-12T14:00:00Z",
    )
    t.user(
        "Watch the HF-0915 countdown log and tell me the outcome and peak chamber pressure when it's done."
    )
    logs = [
        "T-120 LOX chill-down complete\nT-090 fuel tank press 32.1 bar\nT-060 igniter armed",
        "T-030 terminal count, all stations GO\nT-010 purge off\nT-003 igniter fire",
        "T+000 main valves open\nT+002 Pc 41.2 bar\nT+010 throttle 62% Pc 25.9 bar ripple 0.7%",
        "T+030 throttle 100% Pc 41.8 bar ripple 0.8%\nT+060 shutdown commanded\nT+061 valves closed, SAFE",
    ]
    for i, log in enumerate(logs):
        t.say(
            "Reading new log lines." if i else "Tailing the countdown log.",
            call("daq.tail", {"run": "HF-0915", "since_cursor": i * 3}, log),
        )
    t.say(
        "Getting the run summary.",
        call(
            "daq.run_summary",
            {"run": "HF-0915"},
            jsp({"run": "HF-0915", "duration_s": 60.4, "pc_max_bar": 42.3, "abort": False}),
        ),
    )
    t.say(
        "HF-0915 ran the full 60 s with no abort; peak Pc 42.3 bar and ripple under 1% (the damping fix "
        "worked)."
    )
    return t.healthy(
        "The same tail call advances a cursor and returns new lines each time; a growing log, not a loop."
    )


@healthy("extension-store-review-poll")
def extension_store_review(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A browser-extension release agent uploads a build and polls the store review until it is published.",
        domain="browser extension development",
        language="en",
        ids="anthropic",
        harness="Claude Code",
        started="2026-06-01T09:00:00Z",
    )
    t.user("Publish TabNest 2.4.1 to the Chrome Web Store and let me know when it's live.")
    t.say(
        "Uploading the package.",
        call(
            "Bash",
            {
                "command": "npx chrome-webstore-upload upload --source dist/tabnest-2.4.1.zip "
                "--extension-id kbcefhlm"
            },
            "Upload succeeded. uploadState: SUCCESS, itemId: kbcefhlm",
        ),
    )
    t.say(
        "Submitting for review.",
        call(
            "Bash",
            {"command": "npx chrome-webstore-upload publish --extension-id kbcefhlm"},
            '{"status": ["OK"], "statusDetail": ["Item submitted for review."]}',
        ),
    )
    states = ["PENDING_REVIEW", "PENDING_REVIEW", "IN_REVIEW", "PUBLISHED"]
    for i, state in enumerate(states):
        if i:
            t.say("Waiting 15 minutes.", call("Bash", {"command": "sleep 900"}, ""))
        t.say(
            "Checking the review status.",
            call(
                "Bash",
                {"command": "npx chrome-webstore-upload status --extension-id kbcefhlm"},
                f'{{"itemId": "kbcefhlm", "version": "2.4.1", "state": "{state}"}}',
            ),
        )
    t.say("TabNest 2.4.1 is published on the Chrome Web Store.")
    return t.healthy(
        "Status polls with waits; the state repeats once (PENDING_REVIEW) and then moves to IN_REVIEW and "
        "PUBLISHED. Store reviews take time; this is healthy polling."
    )


@healthy("bus-driver-acks-reminder")
def bus_driver_acks(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A school-bus routing agent polls driver acknowledgements of new routes, sends a reminder, and polls "
        "until all six have confirmed.",
        domain="school bus routing",
        language="sv",
        ids="openai",
        harness="custom routing agent",
        started="2026-08-14T11:00:00Z",
    )
    t.user("Skicka de nya rutterna till förarna och meddela mig när alla sex har bekräftat.")
    t.say(
        "Jag publicerar rutterna till förarappen.",
        call("routes.publish", {"district": "Ekbacken", "version": 7}, js({"ok": True, "notified": 6})),
    )
    t.say(
        "Jag kontrollerar bekräftelserna.",
        call(
            "routes.acks",
            {"district": "Ekbacken", "version": 7},
            jsp({"acked": ["B1", "B3"], "pending": ["B2", "B4", "B5", "B6"]}),
        ),
    )
    t.say("Jag väntar en stund.", call("sleep", {"seconds": 900}, "ok"))
    t.say(
        "Kontrollerar igen.",
        call(
            "routes.acks",
            {"district": "Ekbacken", "version": 7},
            jsp({"acked": ["B1", "B3"], "pending": ["B2", "B4", "B5", "B6"]}),
        ),
    )
    t.say(
        "Ingen ny bekräftelse. Jag skickar en påminnelse till de fyra som saknas.",
        call(
            "notify.sms", {"to": ["B2", "B4", "B5", "B6"], "template": "route_ack_reminder"}, js({"sent": 4})
        ),
    )
    t.say(
        "Kontrollerar bekräftelserna.",
        call(
            "routes.acks",
            {"district": "Ekbacken", "version": 7},
            jsp({"acked": ["B1", "B2", "B3", "B5"], "pending": ["B4", "B6"]}),
        ),
    )
    t.say("Väntar en kvart till.", call("sleep", {"seconds": 900}, "ok"))
    t.say(
        "Kontrollerar.",
        call(
            "routes.acks",
            {"district": "Ekbacken", "version": 7},
            jsp({"acked": ["B1", "B2", "B3", "B4", "B5", "B6"], "pending": []}),
        ),
    )
    t.say("Alla sex förare har bekräftat rutterna version 7.")
    return t.healthy(
        "One identical poll result (2 of 6) leads to a reminder instead of more polling; later polls show "
        "new "
        "acknowledgements until all are in."
    )


@healthy("paint-booth-cycle-log")
def paint_booth_log(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An auto-body shop agent re-reads a paint-booth bake log that grows through its phases.",
        domain="auto-body repair (paint booth)",
        language="de",
        ids="named",
        harness="Werkstatt-Assistent",
        started="2026-05-07T13:30:00Z",
    )
    t.user("Sag mir Bescheid, wenn der Golf in Kabine 1 fertig getrocknet und abgekühlt ist.")
    logs = [
        "13:31 Zyklus 'Klarlack 2K' gestartet\n13:32 Ablüften 10 min",
        "13:31 Zyklus 'Klarlack 2K' gestartet\n13:32 Ablüften 10 min\n13:42 Aufheizen auf 60 °C\n13:49 "
        "Trocknen 60 °C, 30 min",
        "13:31 Zyklus 'Klarlack 2K' gestartet\n13:32 Ablüften 10 min\n13:42 Aufheizen auf 60 °C\n13:49 "
        "Trocknen 60 °C, 30 min\n14:19 Abkühlen",
        "13:31 Zyklus 'Klarlack 2K' gestartet\n13:32 Ablüften 10 min\n13:42 Aufheizen auf 60 °C\n13:49 "
        "Trocknen 60 °C, 30 min\n14:19 Abkühlen\n14:31 Zyklus beendet, Kabine frei",
    ]
    for i, log in enumerate(logs):
        t.say(
            "Ich lese das Kabinenprotokoll." if not i else "Ich warte und lese erneut.",
            call("booth.read_cycle_log", {"booth": 1}, log),
        )
    t.say("Der Trockenzyklus in Kabine 1 ist um 14:31 beendet; der Golf ist abgekühlt und kann raus.")
    return t.healthy(
        "The same log read returns a longer log each time (ventilation, heating, drying, cooling, done)."
    )
