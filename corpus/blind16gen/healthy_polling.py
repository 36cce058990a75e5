"""Healthy runs that wait: polls that finish, a check-act-recheck."""

from __future__ import annotations

from blind16gen.builder import Trace, call, healthy


@healthy("dcim-forecast-poll-completes", style="plain")
def dcim_poll(t: Trace) -> None:
    t.user(
        "Run the Q4 cooling-capacity forecast for hall C1 and give me the rows above 75% of CRAH capacity."
    )
    t.step(
        "Starting the forecast.",
        call(
            "dcim.run_forecast",
            {"hall": "C1", "horizon": "2026-Q4", "kind": "cooling"},
            {"job_id": "cap-9120", "state": "queued"},
        ),
    )
    for _ in range(3):
        t.step("", call("dcim.job_status", {"job_id": "cap-9120"}, {"state": "queued", "position": 2}))
    t.step("", call("dcim.job_status", {"job_id": "cap-9120"}, {"state": "running", "progress": 0.55}))
    t.step("", call("dcim.job_status", {"job_id": "cap-9120"}, {"state": "done", "result": "res-9120"}))
    t.step(
        "",
        call(
            "dcim.job_result",
            {"result": "res-9120"},
            "row,crah_util_pct\nC1-R03,81.2\nC1-R07,77.9\nC1-R11,64.0\nC1-R12,59.4\n",
        ),
    )
    t.say("Two rows exceed 75%: C1-R03 (81.2%) and C1-R07 (77.9%).")
    t.healthy(
        "A DCIM agent polls a queued forecast three times with the same status, then it runs and finishes.",
        "Identical polls with identical intermediate statuses (queued, position 2) end in "
        "completion; waiting "
        "for a queued job is not a loop.",
    )


@healthy("ectd-validation-poll-progress-ko", style="anthropic", indent=True)
def ectd_poll(t: Trace) -> None:
    t.user("시퀀스 0009 eCTD 검증이 끝나면 오류만 알려 주세요.")
    for checked in [88, 190, 301, 422]:
        t.step(
            "검증 상태를 확인합니다.",
            call(
                "ectd.validation_status",
                {"submission": "0009"},
                {"status": "VALIDATING", "checked": checked, "total": 498},
            ),
        )
    t.step(
        "완료되었는지 확인합니다.",
        call(
            "ectd.validation_status",
            {"submission": "0009"},
            {"status": "DONE", "checked": 498, "total": 498, "errors": 2},
        ),
    )
    t.step(
        "오류 목록을 가져옵니다.",
        call(
            "ectd.validation_report",
            {"submission": "0009"},
            [
                {"rule": "1.4", "file": "m1/kr/12-cover.pdf", "msg": "PDF version 1.3"},
                {"rule": "5.2", "file": "m3/32p/32p1.pdf", "msg": "Broken bookmark"},
            ],
        ),
    )
    t.say("오류 2건: 표지 PDF 버전(1.3) 문제와 3.2.P.1 문서의 깨진 북마크입니다.")
    t.healthy(
        "A regulatory agent polls an eCTD validation whose count rises each time until it is done.",
        "Every poll shows progress (88, 190, 301, 422 of 498) and the last one completes; the same "
        "call with a "
        "changing result is waiting, not looping.",
    )


@healthy("cannabis-coa-poll-with-reminder", style="bedrock")
def coa_poll(t: Trace) -> None:
    t.user(
        "Batch BD-1009 needs its certificate of analysis before we can list it. Watch for it and email the "
        "lab if it's late."
    )
    pending = {"batch": "BD-1009", "coa_status": "pending", "lab": "SCL Labs", "eta": "2026-10-08"}
    t.step("Checking the COA status.", call("lims.coa_status", {"batch": "BD-1009"}, pending))
    t.step("", call("lims.coa_status", {"batch": "BD-1009"}, pending))
    t.step(
        "Past the lab's ETA; sending a reminder.",
        call(
            "email.send",
            {"to": "results@scllabs.example", "subject": "BD-1009 COA", "body": "Any update on BD-1009?"},
            {"sent": True},
        ),
    )
    t.step("", call("lims.coa_status", {"batch": "BD-1009"}, pending))
    t.step(
        "",
        call(
            "lims.coa_status",
            {"batch": "BD-1009"},
            {"batch": "BD-1009", "coa_status": "passed", "thc_pct": 24.1, "microbials": "pass"},
        ),
    )
    t.step("Listing the batch.", call("menu.publish", {"batch": "BD-1009"}, {"listed": True}))
    t.say("COA passed (THC 24.1%) and BD-1009 is listed.")
    t.healthy(
        "A cannabis-compliance agent polls a pending COA, sends a reminder, and lists the batch "
        "once it passes.",
        "Three identical 'pending' answers and a reminder, then the COA arrives; a poll with a "
        "sensible budget "
        "that ends in completion.",
    )


@healthy("wind-turbine-restart-poll-de", style="gemini")
def turbine_poll(t: Trace) -> None:
    t.user("Starte T07 nach dem Giermotortausch wieder und melde dich, wenn sie Leistung liefert.")
    t.step(
        "Ich sende den Startbefehl.",
        call("scada.command", {"turbine": "T07", "cmd": "START"}, {"accepted": True}),
    )
    for st, kw in [("STARTING", 0), ("STARTING", 0), ("YAWING", 0), ("RUNNING", 310), ("RUNNING", 1240)]:
        t.step("Status?", call("scada.state", {"turbine": "T07"}, {"state": st, "power_kw": kw}))
    t.say("T07 läuft wieder und liefert 1,24 MW.")
    t.healthy(
        "A wind-farm agent starts a turbine and polls its state until it produces power.",
        "States move STARTING → YAWING → RUNNING and power rises; two identical STARTING polls are normal.",
    )


@healthy("acme-order-poll-valid-ru", style="anthropic")
def acme_poll(t: Trace) -> None:
    t.user("Выпусти сертификат для api.example.ru через dns-01.")
    t.step(
        "Создаю заказ.",
        call(
            "acme.order",
            {"domain": "api.example.ru", "challenge": "dns-01"},
            {"order": "ord-55", "txt": "_acme-challenge.api.example.ru", "value": "q9Z..."},
        ),
    )
    t.step(
        "Добавляю TXT-запись.",
        call(
            "dns.upsert",
            {"name": "_acme-challenge.api.example.ru", "type": "TXT", "value": "q9Z..."},
            {"ok": True},
        ),
    )
    for st in ["pending", "pending", "processing", "valid"]:
        t.step("Проверяю статус заказа.", call("acme.order_status", {"order": "ord-55"}, {"status": st}))
    t.step(
        "Скачиваю сертификат.",
        call("acme.download", {"order": "ord-55"}, {"pem": "-----BEGIN CERTIFICATE-----..."}),
    )
    t.say("Сертификат для api.example.ru выпущен.")
    t.healthy(
        "A certificate agent polls an ACME order through pending and processing to valid.",
        "Repeated identical status calls end in 'valid'; normal ACME waiting.",
    )


@healthy("osha-record-check-fix-recheck", style="bedrock")
def osha_recheck(t: Trace) -> None:
    t.user("Case 2026-014 on the Plant 3 log shows zero days away, but the worker was out 12 days. Fix it.")
    t.step(
        "Reading the case.",
        call(
            "osha_log.get_case",
            {"case": "2026-014"},
            {"case": "2026-014", "days_away": 0, "classification": "other"},
        ),
    )
    t.step(
        "Updating days away and the classification.",
        call(
            "osha_log.update_case",
            {"case": "2026-014", "days_away": 12, "classification": "days_away"},
            {"ok": True},
        ),
    )
    t.step(
        "Re-reading to confirm.",
        call(
            "osha_log.get_case",
            {"case": "2026-014"},
            {"case": "2026-014", "days_away": 12, "classification": "days_away"},
        ),
    )
    t.say("Case 2026-014 now shows 12 days away, classified as a days-away case.")
    t.healthy(
        "A safety agent reads a record, fixes it and reads it again to confirm.",
        "The repeated read is a re-check after an action and its result differs.",
    )
