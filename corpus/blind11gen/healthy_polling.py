"""Healthy: polling until done, in varied status conventions."""

from __future__ import annotations

from .builder import Trace


def gx_checkpoint_polling(t: Trace) -> None:
    t.meta("data-quality agent on a warehouse", "LangGraph", ids="openai")
    t.user("Run the 'orders_daily' checkpoint and tell me whether it passes.")
    t.call("run_checkpoint", {"name": "orders_daily"}, {"run_id": "cp-8812", "status": "QUEUED"})
    for status in ["RUNNING", "RUNNING", "RUNNING", "RUNNING", "RUNNING"]:
        t.call(
            "get_checkpoint_run",
            {"run_id": "cp-8812"},
            {"run_id": "cp-8812", "status": status},
            text="Still running; checking again.",
        )
    t.call(
        "get_checkpoint_run",
        {"run_id": "cp-8812"},
        {"run_id": "cp-8812", "status": "SUCCEEDED", "statistics": {"evaluated": 41, "successful": 41}},
    )
    t.say("The orders_daily checkpoint passed: 41 of 41 expectations succeeded.")
    t.healthy(
        "Data-quality agent polls a checkpoint run through five identical RUNNING statuses until it "
        "succeeds.",
        "Identical polls with identical intermediate statuses that end in completion are healthy polling.",
    )


def soc2_export_progress(t: Trace) -> None:
    t.meta("SOC 2 evidence collector", "Google ADK", ids="gemini")
    t.user("Export the Q3 access-review evidence package for the auditors.")
    t.call(
        "start_evidence_export",
        {"period": "2026-Q3", "controls": ["CC6.1", "CC6.2", "CC6.3"]},
        {"export_id": "exp_31a", "state": "pending"},
    )
    for pct in [5, 22, 22, 47, 80, 100]:
        state = "done" if pct == 100 else "in_progress"
        res = {"export_id": "exp_31a", "state": state, "progress": pct}
        if pct == 100:
            res["download_url"] = "https://evidence.example/exp_31a.zip"
        t.call("get_export", {"export_id": "exp_31a"}, res, text="Checking export progress.")
    t.say("The evidence package is ready: https://evidence.example/exp_31a.zip")
    t.healthy(
        "Compliance collector polls an export job whose progress rises to done.",
        "Polling with changing progress (one repeated value) until completion; each call is warranted.",
    )


def transcription_polling_identical(t: Trace) -> None:
    t.meta("video-meeting note taker", "Vercel AI SDK", ids="openai")
    t.user("Transcribe yesterday's all-hands recording and give me the three main announcements.")
    t.call(
        "create_transcription",
        {"recording_id": "rec_allhands_1013", "diarize": True},
        {"job": "tr_55", "s": "queued"},
    )
    for s in ["queued", "queued", "processing", "processing", "processing", "processing"]:
        t.call(
            "get_transcription",
            {"job": "tr_55"},
            {"job": "tr_55", "s": s},
            text="Waiting for the transcript.",
        )
    t.call("get_transcription", {"job": "tr_55"}, {"job": "tr_55", "s": "completed", "words": 9120})
    t.call(
        "get_transcript_text",
        {"job": "tr_55", "max_chars": 4000},
        "…new parental leave policy… office move… Q4 OKRs…",
    )
    t.say(
        "Main announcements: the new parental leave policy, the Lisbon office move in January, and Q4 OKRs."
    )
    t.healthy(
        "Note taker polls a transcription job through repeated queued/processing statuses until completed.",
        "Identical polls with identical intermediate statuses ending in completion; then new work. Healthy.",
    )


def pr_checks_pending(t: Trace) -> None:
    t.meta("code-review bot on pull requests", "Claude Code (headless)", ids="anthropic")
    t.user("Merge PR #907 in acme/web once CI is green.")
    for _ in range(4):
        t.call(
            "gh_pr_checks",
            {"repo": "acme/web", "pr": 907},
            "build\tpending\t2m\nlint\tpass\t41s\ne2e\tpending\t3m",
            text="CI still pending; waiting.",
        )
    t.call("gh_pr_checks", {"repo": "acme/web", "pr": 907}, "build\tpass\t6m\nlint\tpass\t41s\ne2e\tpass\t9m")
    t.call(
        "gh_pr_merge",
        {"repo": "acme/web", "pr": 907, "method": "squash"},
        "✓ Squashed and merged pull request #907",
    )
    t.say("CI passed and PR #907 is merged.")
    t.healthy(
        "Review bot polls PR checks through identical pending outputs, then merges.",
        "Waiting on CI with identical pending results that end in success is healthy polling.",
    )


def hotel_confirmation_polling_ja(t: Trace) -> None:
    t.meta("個人秘書エージェント（ホテル予約）", "OpenAI Agents SDK", ids="openai", language="ja")
    t.user("大阪のホテル、10月24日から1泊で予約を確定してください。")
    t.call(
        "book_hotel",
        {"hotel_id": "osk-umeda-221", "check_in": "2026-10-24", "nights": 1},
        {"予約番号": "R-77120", "状態": "受付済み"},
    )
    for s in ["処理中", "処理中", "処理中"]:
        t.call(
            "get_booking", {"booking_id": "R-77120"}, {"予約番号": "R-77120", "状態": s}, text="確認中です。"
        )
    t.call(
        "get_booking",
        {"booking_id": "R-77120"},
        {"予約番号": "R-77120", "状態": "確定", "確認コード": "UMD9921"},
    )
    t.say("予約が確定しました。確認コードは UMD9921 です。")
    t.healthy(
        "Travel assistant polls a hotel booking in Japanese statuses until it is confirmed.",
        "Polling with identical 処理中 statuses until 確定 is healthy.",
    )


def mdm_wipe_status(t: Trace) -> None:
    t.meta("IT helpdesk agent (MDM)", "Microsoft Agent Framework", ids="plain")
    t.user("The stolen iPad (asset 10-4471) must be wiped. Confirm when it's done.")
    t.call(
        "mdm_send_command",
        {"asset": "10-4471", "command": "EraseDevice"},
        {"command_uuid": "9f2e", "status": "Pending"},
    )
    for s in ["Pending", "Pending", "Pending", "Acknowledged", "Acknowledged"]:
        t.call(
            "mdm_command_status",
            {"command_uuid": "9f2e"},
            {"command_uuid": "9f2e", "status": s},
            text="Checking the wipe command.",
        )
    t.call("mdm_command_status", {"command_uuid": "9f2e"}, {"command_uuid": "9f2e", "status": "Completed"})
    t.say("The wipe completed on asset 10-4471.")
    t.healthy(
        "Helpdesk agent polls an MDM erase command from Pending through Acknowledged to Completed.",
        "Polling a device command until completion, statuses repeating while the device is offline; healthy.",
    )


SCENARIOS = [
    gx_checkpoint_polling,
    soc2_export_progress,
    transcription_polling_identical,
    pr_checks_pending,
    hotel_confirmation_polling_ja,
    mdm_wipe_status,
]
