"""Healthy: polling jobs that finish (one with byte-identical intermediate statuses) and check-act-recheck."""

from __future__ import annotations

from typing import Any

from .builder import Clock, Trace, call


def labelling_export_finishes(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Data-labelling ops agent exports a COCO dataset, polls the export with sleeps while progress rises, "
        "then uploads it.",
        ids="anthropic",
        meta={"harness": "claude-code", "domain": "data labelling operations"},
    )
    t.user("Export the 'retail-shelf-v7' project as COCO and copy it to gs://ml-train/retail/v7/.")
    t.say(
        "",
        call(
            "labelops_create_export",
            {"project": "retail-shelf-v7", "format": "coco", "include_images": False},
            {"export_id": "EXP-5602", "status": "queued"},
        ),
    )
    clock = Clock("2026-10-14T13:00:05+00:00")
    for progress in (0.08, 0.37, 0.71, 0.96):
        t.say(
            "",
            call(
                "labelops_get_export_status",
                {"export_id": "EXP-5602"},
                {
                    "status": "running",
                    "progress": progress,
                    "items_written": int(50000 * progress),
                    "heartbeat": clock.tick(61),
                },
            ),
        )
        t.say("", call("Bash", {"command": "sleep 60", "description": "Wait for export"}, ""))
    t.say(
        "",
        call(
            "labelops_get_export_status",
            {"export_id": "EXP-5602"},
            {
                "status": "succeeded",
                "progress": 1.0,
                "items_written": 50000,
                "url": "https://labelops.internal/exports/EXP-5602/annotations.json",
                "bytes": 184220113,
            },
        ),
    )
    t.say(
        "",
        call(
            "Bash",
            {
                "command": "gsutil cp https://labelops.internal/exports/EXP-5602/annotations.json "
                "gs://ml-train/retail/v7/annotations.json",
                "description": "Upload export",
            },
            "Copying... [1 files][175.7 MiB/175.7 MiB]\nOperation completed over 1 objects/175.7 MiB.",
        ),
    )
    t.say("Done: the COCO export (50,000 annotated images) is at gs://ml-train/retail/v7/annotations.json.")
    return t.healthy(
        "Polling an export job with sleeps in between: every poll shows more progress and a new heartbeat, "
        "and "
        "the job finishes. Same call repeated, but each result is new."
    )


def notary_de_waiting_identical(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "German remote-notarization assistant polls a session waiting room; four polls return the identical "
        "waiting status before participants join and identification completes.",
        ids="openai",
        style="tight",
        meta={"harness": "langgraph", "domain": "remote online notarization", "language": "de"},
    )
    t.user(
        "Die Online-Beurkundung ONB-4471 startet um 10:00. Sag mir Bescheid, sobald alle Beteiligten im "
        "Warteraum sind und die Identifizierung durch ist."
    )
    waiting = {
        "status": "waiting_for_participants",
        "joined": ["Notar Dr. Keller"],
        "pending": ["Frau Lehmann", "Herr Yilmaz"],
        "idv": "not_started",
    }
    texts = ["Ich prüfe den Warteraum.", "", "Noch niemand außer dem Notar. Ich warte weiter.", ""]
    for text in texts:
        t.say(text, call("session_status", {"session_id": "ONB-4471"}, waiting))
        t.say("", call("warte", {"sekunden": 60}, "ok"))
    t.say(
        "",
        call(
            "session_status",
            {"session_id": "ONB-4471"},
            {
                "status": "waiting_for_participants",
                "joined": ["Notar Dr. Keller", "Frau Lehmann"],
                "pending": ["Herr Yilmaz"],
                "idv": "in_progress",
            },
        ),
    )
    t.say("", call("warte", {"sekunden": 60}, "ok"))
    t.say(
        "",
        call(
            "session_status",
            {"session_id": "ONB-4471"},
            {
                "status": "identification",
                "joined": ["Notar Dr. Keller", "Frau Lehmann", "Herr Yilmaz"],
                "pending": [],
                "idv": "in_progress",
            },
        ),
    )
    t.say("", call("warte", {"sekunden": 45}, "ok"))
    t.say(
        "",
        call(
            "session_status",
            {"session_id": "ONB-4471"},
            {
                "status": "ready",
                "joined": ["Notar Dr. Keller", "Frau Lehmann", "Herr Yilmaz"],
                "pending": [],
                "idv": "completed",
                "idv_results": {"Frau Lehmann": "eID ok", "Herr Yilmaz": "eID ok"},
            },
        ),
    )
    t.say(
        "Alle Beteiligten sind im Warteraum und per eID identifiziert. Dr. Keller kann mit der Beurkundung "
        "beginnen."
    )
    return t.healthy(
        "Waiting-room polling with one-minute waits: the first four polls return byte-identical 'waiting' "
        "statuses (nobody has joined yet, which is expected before 10:00), then the status moves and the "
        "session becomes ready. Identical intermediate polls that end in completion are healthy."
    )


def seismo_ja_shakemap(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Japanese seismology agent submits a ShakeMap job, polls it through queued and running stages to "
        "completion, and lists municipalities.",
        ids="gemini",
        meta={"harness": "google-adk", "domain": "seismology", "language": "ja"},
    )
    t.user("今朝の福島県沖M6.1のShakeMapを生成して、震度5弱以上の市町村一覧を出してください。")
    t.say(
        "ShakeMapの生成を依頼します。",
        call(
            "shakemap_submit",
            {"event_id": "jma2026101405123"},
            {"job_id": "sm-7781", "state": "queued", "position": 3},
        ),
    )
    states = [
        {"state": "queued", "position": 2},
        {"state": "running", "stage": "select", "pct": 10},
        {"state": "running", "stage": "grind", "pct": 45},
        {"state": "running", "stage": "contour", "pct": 85},
        {"state": "done", "products": ["intensity_by_municipality", "grid.xml", "stationlist.json"]},
    ]
    texts = ["状況を確認します。", "", "処理中です。", "", "完了しました。"]
    for text, st in zip(texts, states, strict=True):
        t.say(text, call("shakemap_status", {"job_id": "sm-7781"}, {"job_id": "sm-7781", **st}))
    t.say(
        "",
        call(
            "shakemap_get_product",
            {"job_id": "sm-7781", "product": "intensity_by_municipality", "min_intensity": "5-"},
            "市町村,推計震度\n相馬市,5強\n南相馬市,5強\n浪江町,5弱\n双葉町,5弱\n新地町,5弱\n",
        ),
    )
    t.say("震度5弱以上と推計された市町村：相馬市・南相馬市（5強）、浪江町・双葉町・新地町（5弱）。")
    return t.healthy(
        "The same status call five times, each showing the job advance (queue position, stage, percent) "
        "until "
        "it is done; then the product is fetched. Polling a job that finishes."
    )


def abtest_bq_job_poll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A/B-test analysis agent runs a long CUPED readout query and polls the warehouse job seven times "
        "while "
        "bytes processed grow, then reads the results.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "domain": "A/B test analysis"},
    )
    t.user(
        "Run the CUPED-adjusted readout for EXP-2417 (new onboarding checklist) on the full 28-day window."
    )
    t.say(
        "",
        call(
            "stats.submit_query",
            {
                "template": "cuped_readout",
                "experiment": "EXP-2417",
                "metric": "activated_7d",
                "window_days": 28,
            },
            {"job_id": "q_91ab", "state": "PENDING"},
        ),
    )
    for tb in (0.8, 1.9, 3.1, 4.4, 5.2, 5.9):
        t.say("", call("stats.get_job", {"job_id": "q_91ab"}, {"state": "RUNNING", "bytes_processed_tb": tb}))
    t.say(
        "",
        call("stats.get_job", {"job_id": "q_91ab"}, {"state": "DONE", "bytes_processed_tb": 6.3, "rows": 2}),
    )
    t.say(
        "",
        call(
            "stats.get_results",
            {"job_id": "q_91ab"},
            "arm,users,activated_7d,cuped_mean,ci95_low,ci95_high\ncontrol,184220,0.3120,0.3121,,\n"
            "treatment,184511,0.3244,0.3243,+0.0079,+0.0165",
        ),
    )
    t.say(
        "EXP-2417 readout (28 days, CUPED): activation within 7 days rises from 31.2 % to 32.4 % (+1.2 pp, "
        "95 % CI +0.8 to +1.7 pp). The effect is significant."
    )
    return t.healthy(
        "Seven polls of one warehouse job, each with more bytes processed, ending DONE; then the results. A "
        "long but finishing poll."
    )


def esports_ko_lobby(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Korean esports admin agent waits for a final lobby to fill, nudges the missing player, and starts "
        "the match.",
        ids="responses",
        meta={"harness": "openai-agents-sdk", "domain": "esports tournament operations", "language": "ko"},
    )
    t.user("결승 로비 L-FINAL-01에 10명 모두 들어오면 경기를 시작하고 알려줘.")
    t.say("로비 상태를 확인합니다.", call("lobby_status", {"lobby": "L-FINAL-01"}, {"ready": 6, "total": 10}))
    t.say("", call("lobby_status", {"lobby": "L-FINAL-01"}, {"ready": 8, "total": 10}))
    missing = {"ready": 9, "total": 10, "missing": ["Gwak"]}
    t.say("", call("lobby_status", {"lobby": "L-FINAL-01"}, missing))
    t.say(
        "Gwak 선수에게 알림을 보냅니다.",
        call(
            "send_dm",
            {"player": "Gwak", "text": "결승 로비 L-FINAL-01 입장 부탁드립니다. 모두 대기 중입니다."},
            {"delivered": True},
        ),
    )
    t.say("", call("lobby_status", {"lobby": "L-FINAL-01"}, missing))
    t.say("", call("lobby_status", {"lobby": "L-FINAL-01"}, {"ready": 10, "total": 10, "missing": []}))
    t.say(
        "모두 준비되었습니다. 경기를 시작합니다.",
        call("match_start", {"lobby": "L-FINAL-01"}, {"started": True, "match_id": "m_88127"}),
    )
    t.say("10명 모두 입장하여 결승 경기(m_88127)를 시작했습니다.")
    return t.healthy(
        "Lobby polling with an action in between (a DM to the missing player); counts rise to 10/10 and the "
        "match starts. Two equal polls around the reminder are ordinary waiting."
    )


def waste_check_act_recheck(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Waste-collection service agent checks the bin-lift log, dispatches a recovery pickup, and re-checks "
        "the same log once the pickup is done.",
        ids="bedrock",
        meta={"harness": "strands-agents", "domain": "waste collection routing"},
    )
    t.user("The resident at 88 Birchwood Ln says their recycling wasn't picked up today. Check and fix it.")
    lift = {"address": "88 Birchwood Ln", "date": "2026-10-14", "stream": "recycling"}
    t.say(
        "",
        call(
            "bin_lift_log",
            lift,
            {
                "lifts": [],
                "passes": [{"truck": "T-31", "time": "09:12", "exception": "blocked: car parked in front"}],
            },
        ),
    )
    t.say(
        "The truck passed but couldn't reach the bin. Dispatching a recovery pickup.",
        call("dispatch_recovery_pickup", {**lift, "truck": "T-34"}, {"job_id": "RP-2208", "eta": "14:30"}),
    )
    t.say(
        "",
        call(
            "dispatch_status",
            {"job_id": "RP-2208"},
            {"job_id": "RP-2208", "state": "completed", "at": "14:41"},
        ),
    )
    t.say(
        "Confirming the lift was recorded.",
        call(
            "bin_lift_log",
            lift,
            {
                "lifts": [{"truck": "T-34", "time": "14:41", "rfid": "E2801160-0000-88BL"}],
                "passes": [{"truck": "T-31", "time": "09:12", "exception": "blocked"}],
            },
        ),
    )
    t.say(
        "",
        call(
            "notify_resident",
            {"address": "88 Birchwood Ln", "template": "missed_pickup_resolved"},
            {"sent": True},
        ),
    )
    t.say("Recycling at 88 Birchwood Ln was collected at 14:41 by T-34 and the resident has been notified.")
    return t.healthy(
        "Check, act, re-check: bin_lift_log is called twice with identical arguments, before and after a "
        "recovery pickup, and the second result shows the lift. Verification after an action."
    )


SCENARIOS = [
    ("labelling-export-finishes", labelling_export_finishes),
    ("notary-de-waiting-room", notary_de_waiting_identical),
    ("seismo-ja-shakemap-job", seismo_ja_shakemap),
    ("abtest-warehouse-job-poll", abtest_bq_job_poll),
    ("esports-ko-lobby-fill", esports_ko_lobby),
    ("waste-missed-pickup-recheck", waste_check_act_recheck),
]
