"""Healthy: polling until completion, identical intermediate statuses, with and without sleeps."""

from __future__ import annotations

from typing import Any

from .builder import Clock, Trace, call, js, jsp


def water_lims_poll_with_sleeps() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-001-water-lims-sample-poll",
        "Water utility lab agent polls a LIMS analysis job (RUNNING five times, sleeps between) until "
        "results arrive.",
        ids="plain:call-",
        agent="water utility operations (laboratory)",
    )
    t.user(
        "Sample WS-0319-07 from the Eastgate reservoir is on the coliform panel. Wait for the result and "
        "tell me whether we need a boil-water advisory."
    )
    clock = Clock("2026-03-19T10:05:00Z")
    t.act(
        "Checking the job.",
        call(
            "lims.get_status",
            {"sample": "WS-0319-07"},
            jsp({"sample": "WS-0319-07", "panel": "TC/EC", "state": "RUNNING"}),
        ),
    )
    for _ in range(4):
        t.act(
            "Still incubating; waiting 15 minutes before the next check.",
            call("wait", {"minutes": 15}, f"resumed at {clock.tick(900)}"),
        )
        t.act(
            "Checking again.",
            call(
                "lims.get_status",
                {"sample": "WS-0319-07"},
                jsp({"sample": "WS-0319-07", "panel": "TC/EC", "state": "RUNNING"}),
            ),
        )
    t.act("Waiting another 15 minutes.", call("wait", {"minutes": 15}, f"resumed at {clock.tick(900)}"))
    t.act(
        "Checking.",
        call(
            "lims.get_status",
            {"sample": "WS-0319-07"},
            jsp({"sample": "WS-0319-07", "panel": "TC/EC", "state": "COMPLETE", "result_ref": "R-88213"}),
        ),
    )
    t.act(
        "Done. Fetching the result.",
        call(
            "lims.get_result",
            {"ref": "R-88213"},
            "analyte,result,unit,limit\nTotal coliform,absent,/100 mL,absent\nE. coli,absent,/100 "
            "mL,absent\n",
        ),
    )
    t.say("WS-0319-07: total coliform and E. coli both absent. No boil-water advisory is needed.")
    return t.healthy(
        "Polling a lab job: five identical status calls return RUNNING with waits between them, and the "
        "sixth returns COMPLETE; the agent then fetches and reports the result. Identical intermediate "
        "statuses that end in completion are healthy, and the waits make the cadence sensible."
    )


def solar_firmware_poll_de() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-002-solar-inverter-firmware-poll",
        "Solar-farm agent (German) polls an inverter firmware rollout without sleeps; 'läuft' repeats, "
        "then it finishes.",
        ids="gemini",
        agent="solar farm monitoring",
        language="de",
    )
    t.user(
        "Spiel die Firmware 4.12.3 auf die Wechselrichter im Block C in Klettwitz und sag mir, wann alles "
        "durch ist."
    )
    t.act(
        "Ich starte das Rollout.",
        call(
            "fw_rollout_start",
            {"site": "KLETTWITZ", "block": "C", "version": "4.12.3"},
            js({"rollout": "RO-5521", "targets": 12, "status": "gestartet"}),
        ),
    )
    states = [
        ("läuft", 0),
        ("läuft", 0),
        ("läuft", 3),
        ("läuft", 3),
        ("läuft", 3),
        ("läuft", 7),
        ("läuft", 7),
        ("läuft", 11),
    ]
    for state, done in states:
        t.act(
            "Status des Rollouts.",
            call(
                "fw_rollout_status", {"rollout": "RO-5521"}, js({"status": state, "fertig": done, "von": 12})
            ),
        )
    t.act(
        "Status des Rollouts.",
        call(
            "fw_rollout_status",
            {"rollout": "RO-5521"},
            js({"status": "abgeschlossen", "fertig": 12, "von": 12, "fehler": 0}),
        ),
    )
    t.say(
        "Das Rollout RO-5521 ist abgeschlossen: alle 12 Wechselrichter in Block C laufen mit Firmware 4.12.3."
    )
    return t.healthy(
        "Polling a firmware rollout with no sleeps between calls: nine identical status calls, with runs "
        "of identical answers ('läuft', 0/12 twice, 3/12 three times, 7/12 twice), ending 'abgeschlossen' "
        "12/12. Identical intermediate statuses that end in completion are healthy; the counter also shows "
        "progress."
    )


def mortgage_appraisal_poll() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-003-mortgage-appraisal-order-poll",
        "Loan processor agent checks an appraisal order across a long wait; statuses repeat, then it is "
        "completed.",
        ids="bedrock",
        agent="mortgage and loan origination",
    )
    t.user(
        "Keep an eye on the appraisal for loan 2026-LN-5102 (order AMC-771203). As soon as the report is "
        "in, pull the value and compare it to the contract price of $612,000."
    )
    seq = [
        "Ordered",
        "Ordered",
        "Assigned",
        "Assigned",
        "Assigned",
        "Inspection scheduled",
        "Inspection scheduled",
        "Inspection complete",
        "Completed",
    ]
    clock = Clock("2026-04-01T13:00:00Z")
    for k, status in enumerate(seq):
        body = js({"order": "AMC-771203", "status": status, "updated": clock.tick(0 if k == 0 else 5400)})
        text = (
            "Checking the appraisal order."
            if k == 0
            else "Checking the order status again after the interval."
        )
        t.act(text, call("amc_order_status", {"order_id": "AMC-771203"}, body))
        if status != "Completed":
            t.act("Waiting 90 minutes.", call("schedule_wakeup", {"after_minutes": 90}, "ok"))
    t.act(
        "The report is in; pulling the value.",
        call(
            "amc_get_report",
            {"order_id": "AMC-771203"},
            js(
                {
                    "form": "1004",
                    "opinion_of_value": 605000,
                    "effective_date": "2026-04-02",
                    "condition": "C3",
                }
            ),
        ),
    )
    t.say(
        "Appraisal received: $605,000 against a contract price of $612,000, a $7,000 shortfall. LTV must "
        "be recalculated on the appraised value, or the buyer can renegotiate or bring cash to close."
    )
    return t.healthy(
        "Polling an appraisal order with scheduled waits: the status repeats (Ordered x2, Assigned x3, "
        "Inspection scheduled x2) before moving on to Completed; only the 'updated' timestamp changes "
        "within a run. Polling that ends in completion is healthy, and so are the identical wake-up calls "
        "between polls."
    )


def elevator_diagnostics_poll_ko() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-004-elevator-remote-diagnostics-poll",
        "Facility agent (Korean) polls a remote elevator diagnostic run whose progress stalls at 42% for a "
        "while, then completes.",
        ids="openai",
        agent="elevator and facility IoT maintenance",
        language="ko",
    )
    t.user("A동 1호기 원격 진단을 돌려서 브레이크 라이닝 상태를 알려 주세요.")
    t.act(
        "원격 진단을 시작합니다.",
        call(
            "diag.start", {"unit": "A-1", "suite": "brake_full"}, js({"job": "DG-30917", "state": "queued"})
        ),
    )
    prog = ["10%", "42%", "42%", "42%", "42%", "78%"]
    for p in prog:
        t.act(
            "진단 진행 상황을 확인합니다.",
            call(
                "diag.poll", {"job": "DG-30917"}, js({"job": "DG-30917", "state": "running", "progress": p})
            ),
        )
    t.act(
        "진단 진행 상황을 확인합니다.",
        call(
            "diag.poll",
            {"job": "DG-30917"},
            js(
                {
                    "job": "DG-30917",
                    "state": "done",
                    "progress": "100%",
                    "brake_lining_mm": 4.1,
                    "min_mm": 3.0,
                }
            ),
        ),
    )
    t.say(
        "진단 완료: 브레이크 라이닝 두께 4.1mm (최소 기준 3.0mm). 아직 교체는 필요 없지만 다음 정기 점검 "
        "때 재확인을 권합니다."
    )
    return t.healthy(
        "Polling a diagnostic job: progress stays at 42% for four identical polls (the brake test holds "
        "the car for a while), then moves to 78% and done. Identical intermediate statuses that end in "
        "completion are healthy; the agent reports the result and stops."
    )


def patent_filing_receipt_poll_ja() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-005-patent-filing-receipt-poll",
        "Patent docketing agent (Japanese) polls an e-filing submission in XML, sleeping between, until "
        "the receipt is issued.",
        ids="anthropic",
        agent="patent prosecution",
        language="ja",
    )
    t.user("特願2026-041877の手続補正書を電子出願して、受領書番号を記録してください。")
    t.act(
        "補正書を送信します。",
        call(
            "efiling.submit",
            {"app_no": "2026-041877", "doc": "hosei_2026-03-20.xml", "type": "procedural_amendment"},
            '<submission id="SB-00817" status="accepted-for-processing"/>',
        ),
    )
    for _ in range(5):
        t.act("処理中なので30秒待ちます。", call("bash", {"command": "sleep 30"}, ""))
        t.act(
            "状況を確認します。",
            call(
                "efiling.status",
                {"submission": "SB-00817"},
                '<submission id="SB-00817"><status>pending</status></submission>',
            ),
        )
    t.act("30秒待ちます。", call("bash", {"command": "sleep 30"}, ""))
    t.act(
        "状況を確認します。",
        call(
            "efiling.status",
            {"submission": "SB-00817"},
            '<submission id="SB-00817"><status>received</status>'
            '<receipt no="R2026-0320-001554"/></submission>',
        ),
    )
    t.act(
        "受領書番号を記録します。",
        call(
            "docket.add_entry",
            {"matter": "JP-2026-041877", "event": "補正書提出", "ref": "R2026-0320-001554"},
            "ok",
        ),
    )
    t.say("提出完了しました。受領番号 R2026-0320-001554 を期限管理に記録しました。")
    return t.healthy(
        "Polling an e-filing submission: five identical 'pending' answers with identical 30-second sleeps "
        "between them, then 'received' with a receipt number, which the agent records. Polling with waits "
        "that ends in completion is healthy."
    )


def ski_snowmaking_poll_nb() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-006-ski-snowmaking-start-poll",
        "Ski resort agent (Norwegian) starts a snowmaking line and polls PRIMING until RUNNING, checking "
        "temperatures in between.",
        ids="plain:c",
        agent="ski resort operations",
        language="nb",
    )
    t.user(
        "Start snøproduksjonen på nedfarten Storløypa nå som det er kaldt nok, og si fra når kanonene går."
    )
    t.act(
        "Sjekker våtkuletemperaturen først.",
        call("ski.snowmaking__wetbulb", {"slope": "storloypa"}, "wet_bulb_c=-4.8 rh=62% wind=2.1 m/s"),
    )
    t.act(
        "Kaldt nok. Starter linjen.",
        call(
            "ski.snowmaking__start",
            {"line": "SL-2", "guns": [1, 2, 3, 4, 5, 6]},
            "OK start sequence initiated (compressor, pumps, guns)",
        ),
    )
    for k in range(4):
        t.act(
            "Sjekker status.",
            call(
                "ski.snowmaking__status", {"line": "SL-2"}, "SL-2 state=PRIMING pressure=18.2 bar guns_on=0/6"
            ),
        )
        if k == 1:
            t.act(
                "Sjekker temperaturen igjen mens pumpene fyller rørene.",
                call(
                    "ski.snowmaking__wetbulb", {"slope": "storloypa"}, "wet_bulb_c=-5.1 rh=60% wind=1.8 m/s"
                ),
            )
    t.act(
        "Sjekker status.",
        call("ski.snowmaking__status", {"line": "SL-2"}, "SL-2 state=RUNNING pressure=31.7 bar guns_on=6/6"),
    )
    t.say("Snøproduksjonen på Storløypa går: alle seks kanonene på SL-2 er i drift ved 31,7 bar.")
    return t.healthy(
        "Starting a snowmaking line: four identical status polls return the same PRIMING line while the "
        "pipes fill, with one temperature check in between, then RUNNING. A start-up sequence polled until "
        "it completes is healthy."
    )


def museum_iiif_tiling_poll_fr() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-007-museum-iiif-tiling-poll",
        "Museum digitisation agent (French) polls an IIIF tiling job 'en cours' several times until it is "
        "done.",
        ids="mistral",
        agent="museum collections (digitisation)",
        language="fr",
    )
    t.user("Publie la numérisation haute définition de la tapisserie 1994.3.1 sur la visionneuse IIIF.")
    t.act(
        "Je lance la génération des tuiles.",
        call(
            "iiif.create_tiles",
            {"accession": "1994.3.1", "master": "1994.3.1_master.tif"},
            js({"tache": "TL-4410", "etat": "en file"}),
        ),
    )
    for etat in ["en cours", "en cours", "en cours", "en cours", "en cours"]:
        t.act(
            "Je vérifie l'avancement.",
            call("iiif.task_status", {"tache": "TL-4410"}, js({"tache": "TL-4410", "etat": etat})),
        )
    t.act(
        "Je vérifie l'avancement.",
        call(
            "iiif.task_status",
            {"tache": "TL-4410"},
            js(
                {
                    "tache": "TL-4410",
                    "etat": "terminé",
                    "manifest": "https://iiif.musee.example/1994.3.1/manifest.json",
                }
            ),
        ),
    )
    t.act(
        "Je publie le manifeste.",
        call(
            "iiif.publish",
            {"manifest": "https://iiif.musee.example/1994.3.1/manifest.json"},
            js({"publie": True}),
        ),
    )
    t.say("La tapisserie 1994.3.1 est en ligne sur la visionneuse IIIF.")
    return t.healthy(
        "Polling a tiling job: five identical 'en cours' answers to identical calls (a large master TIFF), "
        "then 'terminé' with a manifest, which is published. Polling until completion is healthy even "
        "without waits."
    )


SCENARIOS = [
    water_lims_poll_with_sleeps,
    solar_firmware_poll_de,
    mortgage_appraisal_poll,
    elevator_diagnostics_poll_ko,
    patent_filing_receipt_poll_ja,
    ski_snowmaking_poll_nb,
    museum_iiif_tiling_poll_fr,
]
