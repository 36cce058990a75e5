"""Healthy polling: jobs that move and finish, identical intermediate statuses, pauses, reminders and
streamed reads whose cursor lives on the server."""

from __future__ import annotations

from blind20gen.builder import Trace, healthy, j, ji, js


@healthy(
    "synchrotron-collection-progresses",
    "Crystallography beamline agent polls a data-collection job from 10 % to done, then reports the "
    "processing statistics.",
    domain="synchrotron crystallography beamline",
    language="en",
    ids="openai",
    started="2026-06-09T03:40:00Z",
)
def synchrotron(t: Trace) -> None:
    t.user("Collect a full dataset on crystal xtal-P4-07 (360°, 0.1° per image) and tell me the resolution.")
    t.one(
        "Queueing the collection.",
        "beamline.collect",
        {"sample": "xtal-P4-07", "osc_range_deg": 360, "osc_width_deg": 0.1, "exposure_s": 0.02},
        j({"job": "dc-88120", "images": 3600, "state": "queued"}),
    )
    for text, done, state in [
        ("Checking progress.", 360, "collecting"),
        ("Collecting; checking again.", 1620, "collecting"),
        ("About halfway through. Checking again.", 2970, "collecting"),
        ("Nearly done.", 3600, "processing"),
    ]:
        t.one(
            text,
            "beamline.job_status",
            {"job": "dc-88120"},
            j({"job": "dc-88120", "state": state, "images_done": done, "images": 3600}),
        )
    t.one(
        "Collection finished; autoprocessing is running. Checking once more.",
        "beamline.job_status",
        {"job": "dc-88120"},
        ji(
            {
                "job": "dc-88120",
                "state": "done",
                "autoproc": {
                    "space_group": "P41212",
                    "resolution_A": 1.62,
                    "completeness_pct": 99.8,
                    "cc_half_outer": 0.41,
                    "isigma_outer": 1.3,
                },
            }
        ),
    )
    t.say("Dataset dc-88120 is complete: P4₁2₁2, 1.62 Å, 99.8 % complete (CC½ outer 0.41).")
    t.healthy(
        "Polling with identical arguments, but every status differs (images_done 360 → 3600, then "
        "processing, then done) and the job completes. Classic polling trap; must not be flagged."
    )


@healthy(
    "av-sim-batch-queued-then-runs",
    "Codex-style agent (German) polls an autonomous-driving simulation batch that sits 'queued' three "
    "times with identical output, then runs and finishes.",
    domain="autonomous-vehicle simulation regression",
    language="de",
    ids="responses",
    started="2026-07-14T20:00:00Z",
)
def av_batch(t: Trace) -> None:
    t.user("Starte die Regression 'cut-in-v3' gegen den neuen Planner-Build und sag mir die Kollisionsrate.")
    t.one(
        "Ich reiche den Batch ein.",
        "shell",
        {"command": ["simctl", "submit", "--suite", "cut-in-v3", "--build", "planner-2026.07.14-rc2"]},
        "submitted batch-8841 (120 scenarios)\n",
    )
    poll = {"command": ["bash", "-lc", "sleep 90; simctl status batch-8841"]}
    queued = "batch-8841  QUEUED  0/120  position 2 in queue gpu-a100\n"
    t.one("Ich warte und frage den Status ab.", "shell", poll, queued)
    t.one("Noch in der Warteschlange. Ich warte weiter.", "shell", poll, queued)
    t.one("Weiterhin in der Warteschlange; nächster Abruf.", "shell", poll, queued)
    t.one("Noch einmal.", "shell", poll, "batch-8841  RUNNING  38/120  failures=1\n")
    t.one("Läuft jetzt. Weiter warten.", "shell", poll, "batch-8841  RUNNING  97/120  failures=2\n")
    t.one(
        "Fast fertig.",
        "shell",
        poll,
        "batch-8841  DONE  120/120  failures=2\ncollisions: 2 (cut-in-v3/s041, cut-in-v3/s107)\n",
    )
    t.say("Batch fertig: 2 Kollisionen in 120 Szenarien (1,7 %): s041 und s107.")
    t.healthy(
        "Three identical polls return a byte-identical QUEUED line while the batch waits for a GPU; then the "
        "status moves (38, 97, 120 of 120) and the batch completes. Identical intermediate statuses that end "
        "in completion are healthy."
    )


@healthy(
    "hydrographic-processing-pause-then-done",
    "Hydrographic processing agent (Japanese) polls a line-processing job whose progress pauses for two "
    "checks before completing.",
    domain="hydrographic survey processing",
    language="ja",
    ids="adk",
    started="2026-05-12T00:30:00Z",
)
def hydro_poll(t: Trace) -> None:
    t.user("昨日の測線30本の音響測深データ処理ジョブHP-551が終わったら、異常な測線があるか教えてください。")
    job = {"job_id": "HP-551"}
    for text, body in [
        (
            "ジョブの状態を確認します。",
            {"state": "running", "lines_done": 9, "lines_total": 30, "stage": "音速補正"},
        ),
        (
            "処理中です。10分後にまた確認します。",
            {"state": "running", "lines_done": 14, "lines_total": 30, "stage": "潮位補正"},
        ),
        (
            "潮位補正の段階です。再確認します。",
            {
                "state": "running",
                "lines_done": 14,
                "lines_total": 30,
                "stage": "潮位補正",
                "note": "潮位データ取得待ち",
            },
        ),
        (
            "潮位データ待ちのようです。もう一度確認します。",
            {
                "state": "running",
                "lines_done": 14,
                "lines_total": 30,
                "stage": "潮位補正",
                "note": "潮位データ取得待ち",
            },
        ),
        ("再確認します。", {"state": "running", "lines_done": 23, "lines_total": 30, "stage": "CUBE格子化"}),
        (
            "進んでいます。もう一度。",
            {
                "state": "done",
                "lines_done": 30,
                "lines_total": 30,
                "flags": [{"line": "L017", "issue": "外側ビームのノイズ多"}],
            },
        ),
    ]:
        t.one(text, "processing.status", job, js({"job_id": "HP-551", **body}))
    t.say("処理は完了しました。30本中、L017だけ外側ビームのノイズが多いので再処理を推奨します。")
    t.healthy(
        "The job pauses at 14/30 for two polls (waiting for tide data, identical results), then moves to "
        "23/30 and completes with one flagged line. A short pause in progress that ends in completion is "
        "not a frozen poll."
    )


@healthy(
    "hatchery-hatch-window-poll-with-reminder",
    "Hatchery agent (Thai) polls a hatcher's hatch count until the window closes, sending the crew a "
    "reminder in between.",
    domain="poultry hatchery",
    language="th",
    ids="plain",
    started="2026-05-01T04:00:00Z",
)
def hatch_poll(t: Trace) -> None:
    t.user("ช่วยติดตามตู้เกิด HAT-02 จนลูกไก่ออกเกิน95% แล้วแจ้งทีมให้เตรียมคัดแยก")
    for text, pct in [("ฉันจะตรวจอัตราการฟักของตู้HAT-02", 41), ("ยังไม่ถึงฉันจะตรวจอีกครั้ง", 67)]:
        t.one(
            text,
            "hatcher.count",
            {"unit": "HAT-02"},
            j({"unit": "HAT-02", "hatched_pct": pct, "window_h": 24}),
        )
    t.one(
        "ใกล้แล้วส่งข้อความเตือนทีมให้เตรียมตัว",
        "crew.notify",
        {"team": "pull-out", "message": "HAT-02 ฟักได้67% คาดว่าจะดึงออกได้ในอีกประมาณ3ชั่วโมง"},
        j({"sent": True, "recipients": 4}),
    )
    for text, pct in [("ตรวจอีกครั้ง", 88), ("อีกครั้งหนึ่ง", 96)]:
        t.one(
            text,
            "hatcher.count",
            {"unit": "HAT-02"},
            j({"unit": "HAT-02", "hatched_pct": pct, "window_h": 24}),
        )
    t.one(
        "เกิน95%แล้วแจ้งทีมให้เริ่มคัดแยก",
        "crew.notify",
        {"team": "pull-out", "message": "HAT-02 ฟักได้96% เริ่มดึงออกและคัดแยกได้เลย"},
        j({"sent": True, "recipients": 4}),
    )
    t.say("ตู้HAT-02 ฟักได้96%แล้ว และแจ้งทีมให้เริ่มคัดแยกเรียบร้อย")
    t.healthy(
        "Polls of the same hatcher return 41, 67, 88 and 96 %; a reminder is sent between polls and the "
        "final notification when the target is met. Progressing poll, two different notifications."
    )


@healthy(
    "cadastre-async-export-statement",
    "Land-registry data agent (Polish) starts an asynchronous SQL export and polls the statement until it "
    "succeeds, then fetches the result.",
    domain="cadastral land registry",
    language="pl",
    ids="openai",
    started="2026-01-29T13:00:00Z",
)
def cadastre_export(t: Trace) -> None:
    t.user("Wyeksportuj wszystkie działki rolne z obrębu 0007 powyżej 1 ha do CSV dla geodety.")
    t.one(
        "Uruchamiam zapytanie asynchronicznie.",
        "warehouse.execute_async",
        {
            "sql": "SELECT numer, pow_ha, uzytki FROM egib.dzialki WHERE obreb = '0007' AND pow_ha > 1 AND "
            "uzytki LIKE 'R%'"
        },
        j({"statement_id": "st-5f21", "state": "SUBMITTED"}),
    )
    for text, state in [
        ("Sprawdzam stan zapytania.", {"state": "RUNNING", "rows_scanned": 120400}),
        ("Nadal działa.", {"state": "RUNNING", "rows_scanned": 488213}),
        ("Sprawdzam ponownie.", {"state": "SUCCEEDED", "rows": 57}),
    ]:
        t.one(
            text,
            "warehouse.statement_status",
            {"statement_id": "st-5f21"},
            j({"statement_id": "st-5f21", **state}),
        )
    t.one(
        "Pobieram wynik do pliku.",
        "warehouse.fetch_result",
        {"statement_id": "st-5f21", "format": "csv"},
        "numer,pow_ha,uzytki\n12/3,1.42,RIIIa\n14,2.08,RIVa\n15/1,1.17,RIIIb\n...\n(57 wierszy, zapisano "
        "export/obreb0007_rolne.csv)",
    )
    t.say("Gotowe: 57 działek rolnych > 1 ha w pliku export/obreb0007_rolne.csv.")
    t.healthy(
        "Asynchronous statement polled three times with changing state (rows scanned grows, then SUCCEEDED) "
        "and the result fetched once. Normal async polling."
    )


@healthy(
    "wind-tunnel-daq-stream-identical-reads",
    "Wind-tunnel agent reads a live data-acquisition stream with the same read_output call; each call "
    "returns the next block of samples until the run ends.",
    domain="wind tunnel testing",
    language="en",
    ids="anthropic",
    started="2026-10-21T09:00:00Z",
)
def daq_stream(t: Trace) -> None:
    t.user("Start the alpha sweep on the 4412 model and watch the balance output; stop me if CD spikes.")
    t.one(
        "Starting the run.",
        "daq__start_run",
        {"config": "naca4412_sweep.yaml"},
        j({"run": 1143, "stream": "bal-0", "state": "running"}),
    )
    blocks = [
        "t=0.0-5.0s alpha=-4.0 CL=-0.07 CD=0.0092\nt=5.0-10.0s alpha=-2.0 CL=0.17 CD=0.0086\n",
        "t=10.0-15.0s alpha=0.0 CL=0.41 CD=0.0083\nt=15.0-20.0s alpha=2.0 CL=0.64 CD=0.0087\n",
        "t=20.0-25.0s alpha=4.0 CL=0.87 CD=0.0094\nt=25.0-30.0s alpha=6.0 CL=1.07 CD=0.0108\n",
        "t=30.0-35.0s alpha=8.0 CL=1.26 CD=0.0129\nt=35.0-40.0s alpha=10.0 CL=1.40 CD=0.0158\n",
        "t=40.0-45.0s alpha=12.0 CL=1.51 CD=0.0197\nt=45.0-50.0s alpha=14.0 CL=1.55 CD=0.0263\n",
        "t=50.0-55.0s alpha=16.0 CL=1.43 CD=0.0411\n[run 1143 complete]\n",
    ]
    texts = [
        "Reading the stream.",
        "Next block.",
        "Continuing.",
        "Still nominal; next block.",
        "CD rising as expected near stall; next block.",
        "Reading the last block.",
    ]
    for text, block in zip(texts, blocks, strict=True):
        t.one(text, "daq__read_output", {"stream": "bal-0", "max_bytes": 8192}, block)
    t.say(
        "Sweep complete. CD climbs steadily to 0.026 at 14° and jumps to 0.041 at 16° (stall); no anomalies."
    )
    t.healthy(
        "Six byte-identical daq__read_output calls, but the cursor lives on the server: each returns the "
        "next 10 s of samples until the run completes. Streaming reads with identical arguments are not a "
        "loop."
    )
