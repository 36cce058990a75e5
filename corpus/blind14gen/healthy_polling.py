"""Healthy polling: jobs that progress and finish, identical intermediate statuses that end in completion,
waiting for a human approval that arrives."""

from __future__ import annotations

from typing import Any

from blind14gen.builder import Trace


def evals_run_completes(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "LLM evaluation-ops agent starts a regression run, alternates sleeps and polls while the run "
        "progresses, then compares pass rates with the baseline.",
        ids="responses",
        meta={"harness": "openai-responses", "model": "gpt-5"},
    )
    t.user(
        "Run the 'support-core-1000' regression for support-bot v42 against v41 and tell me if we can ship."
    )
    t.act(
        "Starting the run.",
        "evals_create_run",
        {"suite": "support-core-1000", "candidate": "support-bot@v42", "baseline": "support-bot@v41"},
        {"run_id": "evrun_01JAB3M0QZ", "status": "queued"},
    )
    poll = {"run_id": "evrun_01JAB3M0QZ"}
    for done, errored in [(0, 0), (214, 0), (466, 1), (709, 1), (941, 2)]:
        t.act("", "sleep", {"seconds": 120}, "slept 120s")
        t.clock.tick(125)
        status = "queued" if done == 0 else "running"
        t.act(
            "Checking progress." if done else "",
            "evals_get_run",
            poll,
            {
                "run_id": "evrun_01JAB3M0QZ",
                "status": status,
                "completed": done,
                "total": 1000,
                "errored": errored,
                "last_heartbeat": t.clock.iso(),
            },
        )
    t.act("", "sleep", {"seconds": 60}, "slept 60s")
    t.clock.tick(62)
    t.act(
        "Should be finishing.",
        "evals_get_run",
        poll,
        {
            "run_id": "evrun_01JAB3M0QZ",
            "status": "completed",
            "completed": 1000,
            "total": 1000,
            "errored": 2,
            "last_heartbeat": t.clock.iso(),
        },
    )
    t.act(
        "Done. Fetching the comparison.",
        "evals_get_results",
        {"run_id": "evrun_01JAB3M0QZ", "group_by": "category"},
        {
            "candidate_pass_rate": 0.913,
            "baseline_pass_rate": 0.902,
            "regressions": [{"category": "refund_policy", "candidate": 0.84, "baseline": 0.91, "n": 88}],
            "improvements": [{"category": "order_status", "candidate": 0.97, "baseline": 0.92, "n": 140}],
        },
    )
    t.say(
        "v42 passes 91.3% vs 90.2% for v41 overall. One regression: refund_policy drops from 91% to 84% (88 "
        "cases). I'd hold the release until that category is checked; order_status improved from 92% to 97%."
    )
    return t.healthy(
        "Six polls of the same run separated by identical sleeps: every poll shows new progress (0 -> 214 "
        "-> 466 -> 709 -> 941 -> completed) with a fresh heartbeat, and the run ends; a sleep/poll A/B "
        "pattern with changing results is waiting, not a loop."
    )


def fab_lot_status_until_move(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "半導体工場エージェントがエッチング工程中のロットを待ち、同じ「処理中」ステータスを3回受け取った後、"
        "ロットが完了して検査を予約する。",
        ids="openai",
        meta={"harness": "semantic-kernel", "model": "gpt-4.1", "lang": "ja"},
    )
    t.user(
        "ロット N3K-2255 のエッチングが終わったら、すぐに欠陥検査 (KLA) を予約して。通常 40 分ほどかかる。"
    )
    args = {"lot": "N3K-2255"}
    running = {
        "lot": "N3K-2255",
        "step": "ETCH-M1",
        "tool": "ETCH-07",
        "state": "IN_PROCESS",
        "track_in": "2026-10-06T09:02:00Z",
    }
    t.act("ロットの状態を確認します。", "mes_get_lot", args, running)
    for text in ("まだ処理中です。10 分待ちます。", "処理中のままです。もう 10 分待ちます。"):
        t.act(text, "wait", {"minutes": 10}, "waited 10 min")
        t.act("", "mes_get_lot", args, running)
    t.act("開始から約 30 分なので、あと 10 分待ちます。", "wait", {"minutes": 10}, "waited 10 min")
    t.act(
        "",
        "mes_get_lot",
        args,
        {
            "lot": "N3K-2255",
            "step": "ETCH-M1-POST-CLEAN",
            "tool": None,
            "state": "WAITING",
            "track_out": "2026-10-06T09:41:30Z",
        },
    )
    t.act(
        "エッチング完了です。KLA 検査を予約します。",
        "inspection_book",
        {"lot": "N3K-2255", "recipe": "M1-POSTETCH-DEFECT", "tool_group": "KLA-29xx", "priority": "hot"},
        {"ok": True, "booking": "INS-559102", "slot": "2026-10-06T10:05:00Z"},
    )
    t.say("N3K-2255 のエッチングは 09:41 に完了し、KLA 検査を 10:05 に予約しました (INS-559102)。")
    return t.healthy(
        "Three identical IN_PROCESS statuses, each after a 10-minute wait, within the stated ~40-minute "
        "process time; the fourth poll shows the lot moved and the agent books the inspection. Identical "
        "intermediate statuses that end in completion are waiting, not a loop."
    )


def grants_gov_tracking(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Sponsored-programs agent submits a proposal and tracks it through the federal portal's statuses "
        "until the agency assigns a tracking number.",
        ids="plain",
        meta={"harness": "langgraph", "model": "claude-sonnet-4-5"},
    )
    t.user(
        "Submit the NSF CAREER proposal package PKG-2026-0877 (PI Chen) and don't stop until it has an "
        "agency tracking number; the deadline is 17:00 local."
    )
    t.act(
        "Running the pre-submission checks.",
        "proposal_validate_package",
        {"package": "PKG-2026-0877"},
        {"errors": [], "warnings": ["Budget justification is 5 pages (limit 5)"]},
    )
    t.act(
        "No errors. Submitting.",
        "portal_submit",
        {"package": "PKG-2026-0877"},
        {"tracking": "GRANT14318852", "status": "Received", "received_at": "2026-10-06T13:12:44-04:00"},
    )
    statuses = [
        "Received",
        "Received",
        "Validated",
        "Validated",
        "Received by Agency",
        "Agency Tracking Number Assigned",
    ]
    for i, st in enumerate(statuses):
        if i:
            t.act("", "wait", {"minutes": 5}, "ok")
        res: dict[str, Any] = {"tracking": "GRANT14318852", "status": st}
        if st == "Agency Tracking Number Assigned":
            res["agency_tracking"] = "2641873"
        t.act(
            "Checking the submission status." if i % 2 == 0 else "",
            "portal_get_status",
            {"tracking": "GRANT14318852"},
            res,
        )
    t.say("Submitted at 13:12 and accepted: NSF proposal number 2641873 (portal tracking GRANT14318852).")
    return t.healthy(
        "Status polls move through Received, Validated, Received by Agency and Agency Tracking Number "
        "Assigned; two polls in a row repeat a status, and each pair is followed by progress. A poll that "
        "ends at the expected final state is not a loop."
    )


def vector_reindex_job(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Knowledge-base index agent re-ingests a missing document, polls the re-embedding job while its "
        "counters grow, and verifies retrieval afterwards.",
        ids="gemini",
        meta={"harness": "google-adk", "model": "gemini-2.5-pro"},
    )
    t.user("refund-policy-2026-09.md isn't retrievable in kb-ko-v3. Find out why and fix it.")
    t.act(
        "Checking whether the document is in the index.",
        "vector_get_document",
        {"index": "kb-ko-v3", "doc_id": "refund-policy-2026-09.md"},
        {"error": "not_found"},
    )
    t.act(
        "Not indexed. Looking at the ingestion log.",
        "ingest_get_log",
        {"source": "s3://kb-ko/policies/", "since": "2026-09-01"},
        "2026-09-18T02:11:04Z WARN refund-policy-2026-09.md skipped: front-matter 'lang' "
        "missing\n2026-09-18T02:11:05Z INFO 212 documents unchanged",
    )
    t.act(
        "The file was skipped for missing front matter. Re-ingesting it with lang=ko.",
        "ingest_submit",
        {
            "index": "kb-ko-v3",
            "uris": ["s3://kb-ko/policies/refund-policy-2026-09.md"],
            "defaults": {"lang": "ko"},
        },
        {"job_id": "ing-7c1e", "state": "queued"},
    )
    for chunks, state in [(0, "running"), (9, "running"), (21, "running"), (27, "succeeded")]:
        t.act(
            "",
            "ingest_get_job",
            {"job_id": "ing-7c1e"},
            {"job_id": "ing-7c1e", "state": state, "chunks_embedded": chunks, "chunks_total": 27},
        )
    t.act(
        "Verifying retrieval.",
        "vector_query",
        {"index": "kb-ko-v3", "text": "2026년 환불 정책 변경 사항", "top_k": 3},
        {
            "matches": [
                {"doc_id": "refund-policy-2026-09.md#1", "score": 0.871},
                {"doc_id": "refund-policy-2026-09.md#3", "score": 0.842},
                {"doc_id": "refund-policy-2025-03.md#2", "score": 0.806},
            ]
        },
    )
    t.say(
        "Fixed: the file had been skipped for missing 'lang' front matter. It's re-ingested (27 chunks) and "
        "now ranks first for refund-policy queries."
    )
    return t.healthy(
        "Four polls of the ingestion job with growing chunk counts, ending in success, then a verification "
        "query; the diagnosis steps each read something different."
    )


def dsar_export_async(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Privacy-operations agent starts an asynchronous multi-system DSAR export and polls it while "
        "systems complete one by one, then hands over the package.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "model": "claude-sonnet-4-5"},
    )
    t.user(
        "DSAR-2026-0440: produce the full access export for subject SUBJ-90112 and give me the package link."
    )
    t.act(
        "Starting the export across connected systems.",
        "privacy_start_export",
        {"subject_id": "SUBJ-90112", "systems": "all"},
        {"export_id": "exp_4471", "systems": ["crm", "support", "billing", "warehouse", "marketing"]},
    )
    progress = [
        ["crm"],
        ["crm", "support"],
        ["crm", "support"],
        ["crm", "support", "billing", "marketing"],
        ["crm", "support", "billing", "marketing", "warehouse"],
    ]
    for i, done in enumerate(progress):
        state = "completed" if len(done) == 5 else "processing"
        t.act(
            "Waiting for the export." if i == 0 else "",
            "privacy_get_export",
            {"export_id": "exp_4471"},
            {"export_id": "exp_4471", "state": state, "systems_done": done, "systems_total": 5},
        )
        if state == "processing":
            t.act("", "sleep", {"seconds": 90}, "")
    t.act(
        "Export complete. Getting the package link.",
        "privacy_get_package",
        {"export_id": "exp_4471"},
        {
            "url": "https://privacy.internal/exports/exp_4471.zip",
            "expires": "2026-10-20",
            "files": 23,
            "size_mb": 14.2,
        },
    )
    t.say(
        "The export is ready: https://privacy.internal/exports/exp_4471.zip (23 files, 14.2 MB, link valid "
        "until 20 Oct). All five systems are included."
    )
    return t.healthy(
        "Five polls of an async export separated by identical sleeps; two consecutive polls repeat the same "
        "progress once, otherwise each shows another system done, and the export completes."
    )


def grant_routing_pi_approval(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Post-award agent routes a rebudget for approval and waits for the PI; the routing status is "
        "unchanged for three checks, then the PI approves and the agent forwards it.",
        ids="mistral",
        meta={"harness": "mistral-agents", "model": "mistral-medium-2508"},
    )
    t.user(
        "Route the year-3 rebudget for R01GM151234 to Dr. Raman, and once she approves, forward it to OSP. "
        "She said she'd look at it within the hour."
    )
    t.act(
        "Routing to the PI.",
        "routing_submit",
        {"item": "REBUDGET-R01GM151234-Y3", "approver": "praman"},
        {"routing_id": "RT-20931", "status": "AWAITING_PI"},
    )
    waiting = {"routing_id": "RT-20931", "status": "AWAITING_PI", "approver": "praman"}
    for text in ("Waiting 15 minutes before checking.", "", ""):
        t.act(text, "sleep", {"seconds": 900}, "ok")
        t.act("", "routing_get_status", {"routing_id": "RT-20931"}, waiting)
    t.act("", "sleep", {"seconds": 900}, "ok")
    t.act(
        "",
        "routing_get_status",
        {"routing_id": "RT-20931"},
        {"routing_id": "RT-20931", "status": "PI_APPROVED", "approved_at": "2026-10-06T15:52:10Z"},
    )
    t.act(
        "Approved. Forwarding to the Office of Sponsored Programs.",
        "routing_forward",
        {"routing_id": "RT-20931", "to": "osp-postaward"},
        {"ok": True, "status": "AT_OSP"},
    )
    t.say("Dr. Raman approved at 15:52 and the rebudget is now with OSP (RT-20931).")
    return t.healthy(
        "Three identical AWAITING_PI statuses at 15-minute intervals inside the hour the PI announced, then "
        "approval and a forward. Waiting on a human with identical statuses that ends in completion is "
        "healthy."
    )


SCENARIOS = [
    ("evals-run-progresses", evals_run_completes),
    ("fab-lot-etch-wait-ja", fab_lot_status_until_move),
    ("portal-submission-tracking", grants_gov_tracking),
    ("vector-reingest-job", vector_reindex_job),
    ("dsar-export-async", dsar_export_async),
    ("grant-routing-pi-approval", grant_routing_pi_approval),
]
