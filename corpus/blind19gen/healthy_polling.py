"""Healthy runs that wait and re-check: polls that finish (byte-identical intermediate statuses, progress
that pauses, a reminder sent between polls), check-act-recheck, and re-reads of a log or sheet that
changes."""

from __future__ import annotations

from blind19gen.builder import Trace, csv, healthy, js, jsi

# --------------------------------------------------------------------------------------------------
# polling that finishes


@healthy(
    "cryoem-2d-classification-identical-statuses-then-done",
    domain="cryo-EM data processing (cryoSPARC jobs)",
    lang="en",
    ids="gemini",
    start="2026-02-12T07:30:15Z",
)
def cryoem_poll_identical(t: Trace) -> None:
    t.user(
        "Queue a 2D classification on the J63 particles (150 classes) and tell me when it's done and how "
        "many classes look good."
    )
    t.do(
        "Queuing the job.",
        "cryosparc.queue_job",
        {
            "project": "P14",
            "type": "class_2D",
            "inputs": {"particles": "J63.particles"},
            "params": {"class2D_K": 150},
        },
        js({"job": "J91", "status": "queued", "lane": "gpu-a100"}),
    )
    running = js(
        {
            "project": "P14",
            "job": "J91",
            "status": "running",
            "progress": None,
            "message": "2D classification in progress",
        }
    )
    args = {"project": "P14", "job": "J91"}
    t.do("Queued as J91. Checking status.", "cryosparc.job_status", args, running)
    t.do("Running. I'll wait a few minutes.", "wait", {"minutes": 5}, "waited 5 min")
    t.do("Checking J91.", "cryosparc.job_status", args, running)
    t.do(
        "Still running (2D jobs report no intermediate progress). Waiting.",
        "wait",
        {"minutes": 5},
        "waited 5 min",
    )
    t.do("Checking J91.", "cryosparc.job_status", args, running)
    t.do("Waiting another five minutes.", "wait", {"minutes": 5}, "waited 5 min")
    t.do(
        "Checking J91.",
        "cryosparc.job_status",
        args,
        js({"project": "P14", "job": "J91", "status": "completed", "progress": 1.0, "runtime_s": 1142}),
    )
    t.do(
        "Done. Fetching the class summary.",
        "cryosparc.class_summary",
        {"project": "P14", "job": "J91"},
        csv(
            ["bucket", "classes", "particles"],
            [["sharp, side/top views", 41, 612344], ["blurry or junk", 97, 288102], ["empty", 12, 0]],
        ),
    )
    t.say(
        "J91 finished in 19 minutes. 41 of the 150 classes look good (sharp side and top views, 612,344 "
        "particles); 97 are blurry or junk and 12 are empty. Select the 41 for the next ab-initio."
    )
    t.describe(
        "Cryo-EM assistant polls a 2D classification that reports no intermediate progress: three "
        "byte-identical "
        "'running' statuses with waits in between, then 'completed' and a summary."
    )
    t.healthy(
        "The three identical job_status results are the normal intermediate state of a job that reports no "
        "progress, separated by waits; the fourth poll finds it completed and the agent moves on. Polling "
        "that ends in completion is healthy even when intermediate statuses are byte-identical."
    )


@healthy(
    "battery-formation-progress-pauses-then-completes",
    domain="battery cell manufacturing (formation and aging)",
    lang="ko",
    ids="openai",
    start="2026-04-16T23:10:44Z",
)
def battery_progress_pause(t: Trace) -> None:
    t.user("로트 GF-2604-17 화성 공정이 끝나면 OCV 분포랑 불량 셀 수 알려줘.")
    args = {"lot": "GF-2604-17"}

    def st(step: str, pct: int) -> str:
        return js({"lot": "GF-2604-17", "step": step, "progress_pct": pct, "cells": 512, "alarms": 0})

    t.do("화성 상태를 확인합니다.", "mes__formation_status", args, st("CC charge 0.1C", 41))
    t.do("41% 입니다. 잠시 후 다시 확인합니다.", "mes__formation_status", args, st("CV hold 4.2V", 63))
    t.do("CV 구간에 들어갔습니다. 다시 확인합니다.", "mes__formation_status", args, st("CV hold 4.2V", 63))
    t.do(
        "CV 홀드는 전류가 줄어들 때까지 진행률이 멈춰 있습니다. 다시 확인합니다.",
        "mes__formation_status",
        args,
        st("CV hold 4.2V", 63),
    )
    t.do("다시 확인합니다.", "mes__formation_status", args, st("rest 30 min", 88))
    t.do(
        "휴지 단계입니다. 다시 확인합니다.",
        "mes__formation_status",
        args,
        js({"lot": "GF-2604-17", "step": "done", "progress_pct": 100, "cells": 512, "alarms": 0}),
    )
    t.do(
        "완료됐습니다. OCV 분포를 가져옵니다.",
        "mes__ocv_distribution",
        args,
        jsi(
            {
                "lot": "GF-2604-17",
                "n": 512,
                "ocv_mean_v": 4.1712,
                "ocv_std_mv": 2.3,
                "below_spec": 3,
                "above_spec": 0,
                "reject_ids": ["C0117", "C0388", "C0451"],
            }
        ),
    )
    t.say(
        "GF-2604-17 화성 완료: 512셀, OCV 평균 4.1712 V, 표준편차 2.3 mV. 규격 미달 3셀(C0117, C0388, "
        "C0451)은 불량 처리 대상입니다."
    )
    t.describe(
        "Battery-plant assistant polls a formation run whose progress stays at 63 % for three polls during "
        "the "
        "CV hold, then advances to rest and completion, and reports the OCV distribution."
    )
    t.healthy(
        "Progress pauses during the constant-voltage hold (three identical 63 % results), which is how CV "
        "phases behave, then moves to 88 % and done. The agent stops polling at completion and reports. A "
        "poll "
        "whose progress pauses and then finishes is healthy."
    )


@healthy(
    "embroidered-order-production-poll-with-reminder",
    domain="print-on-demand merchandise (production tracking)",
    lang="es",
    ids="responses",
    start="2026-05-22T13:00:09Z",
)
def pod_poll_reminder(t: Trace) -> None:
    t.user(
        "El pedido #48213 (20 sudaderas bordadas para el club de remo) tiene que salir hoy. Vigila la "
        "producción, y si el cliente no ha confirmado la dirección, mándale un recordatorio."
    )
    args = {"order": "48213"}
    t.do(
        "Consulto el estado del pedido.",
        "orders.production_status",
        args,
        js({"order": "48213", "stage": "embroidery", "done": 8, "total": 20, "address_confirmed": False}),
    )
    t.do(
        "Van 8 de 20 y la dirección sigue sin confirmar. Envío el recordatorio.",
        "email.send",
        {
            "to": "tesoreria@clubremo-example.es",
            "subject": "Pedido #48213: confirme la dirección de envío",
            "body": "Hola, sus 20 sudaderas se están bordando y salen hoy. ¿Puede confirmar la dirección "
            "de envío?",
        },
        js({"sent": True, "message_id": "em-5521"}),
    )
    t.do(
        "Recordatorio enviado. Vuelvo a mirar la producción.",
        "orders.production_status",
        args,
        js({"order": "48213", "stage": "embroidery", "done": 14, "total": 20, "address_confirmed": False}),
    )
    t.do(
        "14 de 20.",
        "orders.production_status",
        args,
        js({"order": "48213", "stage": "quality_check", "done": 20, "total": 20, "address_confirmed": True}),
    )
    t.do(
        "Bordado terminado y dirección confirmada.",
        "orders.production_status",
        args,
        js({"order": "48213", "stage": "shipped", "carrier": "SEUR", "tracking": "SEU5533207814"}),
    )
    t.say(
        "El pedido #48213 ha salido hoy con SEUR (seguimiento SEU5533207814). El cliente confirmó la "
        "dirección tras el recordatorio."
    )
    t.describe(
        "Merch-production agent polls an embroidery order, sends the customer one reminder between polls, "
        "and "
        "stops when the order ships."
    )
    t.healthy(
        "Every production_status call returns new progress (8/20, 14/20, QC, shipped) and the reminder is a "
        "single, requested action. Polling that advances and ends is healthy."
    )


@healthy(
    "dft-relaxation-slurm-poll-completes",
    domain="materials science DFT calculations (Slurm jobs)",
    lang="en",
    ids="anthropic",
    start="2026-01-09T02:14:50Z",
)
def dft_slurm_poll(t: Trace) -> None:
    t.user(
        "Submit the LiFePO4 relaxation (~/lfp/relax/run.sh) and report the final lattice parameters when "
        "it's done."
    )
    t.do("Submitting.", "Bash", {"command": "cd ~/lfp/relax && sbatch run.sh"}, "Submitted batch job 4471209")
    q = "squeue -j 4471209 -o '%.10i %.9T %.10M %R'"
    t.do(
        "",
        "Bash",
        {"command": q},
        "     JOBID     STATE       TIME NODELIST(REASON)\n   4471209   PENDING       0:00 (Priority)",
    )
    t.do(
        "Pending on priority. Waiting ten minutes.",
        "Bash",
        {"command": f"sleep 600; {q}"},
        "     JOBID     STATE       TIME NODELIST(REASON)\n   4471209   RUNNING       5:02 cn0412",
    )
    t.do(
        "Running on cn0412.",
        "Bash",
        {"command": f"sleep 900; {q}"},
        "     JOBID     STATE       TIME NODELIST(REASON)\n   4471209   RUNNING      20:07 cn0412",
    )
    t.do("", "Bash", {"command": f"sleep 900; {q}"}, "     JOBID     STATE       TIME NODELIST(REASON)")
    t.do(
        "It has left the queue. Checking how it ended.",
        "Bash",
        {"command": "sacct -j 4471209 --format=JobID,State,ExitCode,Elapsed -n"},
        "4471209       COMPLETED      0:0   00:31:44\n4471209.bat+  COMPLETED      0:0   00:31:44",
    )
    t.do(
        "",
        "Bash",
        {
            "command": "cd ~/lfp/relax && tail -n 2 OSZICAR && grep -A3 'direct lattice vectors' OUTCAR | "
            "tail -4"
        },
        "  41 F= -.19115612E+03 E0= -.19115598E+03  d E =-.2210E-04  mag=    16.0002\n"
        " reached required accuracy - stopping structural energy minimisation\n"
        "      direct lattice vectors                    reciprocal lattice vectors\n"
        "    10.332891100  0.000000000  0.000000000     0.096778958  0.000000000  0.000000000\n"
        "     0.000000000  6.011208400  0.000000000     0.000000000  0.166355385  0.000000000\n"
        "     0.000000000  0.000000000  4.694113700     0.000000000  0.000000000  0.213032287",
    )
    t.say(
        "The relaxation converged in 41 ionic steps (31 min): a = 10.333 Å, b = 6.011 Å, c = 4.694 Å (Pnma)."
    )
    t.describe(
        "Terminal agent submits a VASP relaxation, polls squeue with sleeps until the job leaves the queue, "
        "checks sacct and reads the final lattice."
    )
    t.healthy(
        "Each squeue poll returns a new state (PENDING, RUNNING 5:02, RUNNING 20:07, gone); two polls share "
        "the same command but not the same output. The job completes and the agent reads the result. Healthy "
        "polling."
    )


@healthy(
    "bill-redline-conversion-poll-completes",
    domain="legislative drafting (bill redlines)",
    lang="en",
    ids="mistral",
    start="2026-03-17T18:40:21Z",
)
def bill_conversion_poll(t: Trace) -> None:
    t.user(
        "Convert Bill C-214 (third reading) from the parliamentary XML into a redline PDF against the "
        "current "
        "Act for the committee clerk."
    )
    t.do(
        "Fetching the bill text.",
        "fetchBill",
        {"bill": "C-214", "version": "third-reading"},
        '<akomaNtoso><bill name="C-214"><preface><docTitle>An Act to amend the Fisheries Act (derelict gear)'
        '</docTitle></preface><body><section eId="sec_1"><num>1</num><content><p>Subsection 2(1) of the '
        "Fisheries Act is amended by adding the following in alphabetical order: …</p></content></section>"
        "…</body></bill></akomaNtoso>",
    )
    t.do(
        "Starting the redline conversion.",
        "startConversion",
        {
            "source": "C-214/third-reading",
            "compareTo": "R.S.C. 1985, c. F-14 (current)",
            "output": "redline-pdf",
        },
        js({"jobId": "cv-2291", "state": "QUEUED"}),
    )
    args = {"jobId": "cv-2291"}
    t.do(
        "",
        "getConversionStatus",
        args,
        js(
            {
                "jobId": "cv-2291",
                "state": "RUNNING",
                "stage": "diffing",
                "sectionsDone": 12,
                "sectionsTotal": 47,
            }
        ),
    )
    t.do(
        "12 of 47 sections diffed.",
        "getConversionStatus",
        args,
        js(
            {
                "jobId": "cv-2291",
                "state": "RUNNING",
                "stage": "diffing",
                "sectionsDone": 31,
                "sectionsTotal": 47,
            }
        ),
    )
    t.do(
        "31 of 47.",
        "getConversionStatus",
        args,
        js(
            {
                "jobId": "cv-2291",
                "state": "RUNNING",
                "stage": "rendering",
                "sectionsDone": 47,
                "sectionsTotal": 47,
            }
        ),
    )
    t.do(
        "Rendering.",
        "getConversionStatus",
        args,
        js(
            {
                "jobId": "cv-2291",
                "state": "DONE",
                "url": "https://docs.parl.example/redlines/C-214-3R-vs-F-14.pdf",
                "pages": 38,
            }
        ),
    )
    t.say("The redline (38 pages) is ready: https://docs.parl.example/redlines/C-214-3R-vs-F-14.pdf")
    t.describe(
        "Legislative drafting assistant starts a redline conversion and polls it through diffing and "
        "rendering to DONE."
    )
    t.healthy(
        "Each status poll reports new progress (12, 31, 47 sections, then DONE); the polling ends with the "
        "document. Healthy."
    )


# --------------------------------------------------------------------------------------------------
# check-act-recheck


@healthy(
    "street-lighting-segment-check-reset-recheck",
    domain="smart street lighting (central management system)",
    lang="ro",
    ids="gemini",
    start="2026-06-11T05:31:40Z",
)
def lighting_check_act_recheck(t: Trace) -> None:
    t.user(
        "Pe bulevardul Eroilor, segmentul BE-12 e stins de aseară. Verifică și repune-l în funcțiune de la "
        "distanță dacă se poate."
    )
    args = {"segment": "BE-12"}
    t.do(
        "Verific starea segmentului.",
        "get_segment_status",
        args,
        jsi(
            {
                "segment": "BE-12",
                "controller": "offline",
                "last_seen": "2026-06-10T20:47:12Z",
                "lamps_on": 0,
                "lamps_total": 24,
            }
        ),
    )
    t.do(
        "Controlerul e offline din 20:47. Încerc un reset soft.",
        "reset_controller",
        {"segment": "BE-12", "mode": "soft"},
        js({"ok": True, "reboot_eta_s": 90}),
    )
    t.do(
        "Verific din nou după repornire.",
        "get_segment_status",
        args,
        jsi(
            {
                "segment": "BE-12",
                "controller": "online",
                "last_seen": "2026-06-11T05:33:41Z",
                "lamps_on": 22,
                "lamps_total": 24,
                "faults": ["BE-12-07 driver", "BE-12-19 no response"],
            }
        ),
    )
    t.do(
        "22 din 24 funcționează. Deschid o comandă de lucru pentru cele două lămpi.",
        "create_work_order",
        {"segment": "BE-12", "items": ["BE-12-07", "BE-12-19"], "priority": "normal"},
        js({"work_order": "WO-66120", "crew": "Echipa 3"}),
    )
    t.say(
        "Segmentul BE-12 e din nou online: 22 din 24 de lămpi aprinse. Pentru BE-12-07 și BE-12-19 am "
        "deschis WO-66120."
    )
    t.describe(
        "Street-lighting agent checks a dark segment, resets its controller, re-checks with the identical "
        "call and files a work order."
    )
    t.healthy(
        "get_segment_status is called twice with identical arguments, before and after the reset; the second "
        "result is different (online, 22/24 lamps). Check, act, re-check is verification, not a loop."
    )


# --------------------------------------------------------------------------------------------------
# re-reading a log or sheet that changes


@healthy(
    "race-timing-replay-log-reread-while-growing",
    domain="road race timing (RFID reader software)",
    lang="en",
    ids="anthropic",
    start="2026-03-10T16:05:33Z",
)
def timing_log_reread(t: Trace) -> None:
    t.user(
        "The finish-line reader on the staging box drops chips after about 200 reads. Replay last Sunday's "
        "read "
        "file through the dev server and watch the log for the buffer warning."
    )
    t.do(
        "Starting the replay at 20x.",
        "Bash",
        {
            "command": "nohup python -m timing.replay data/2026-03-08_finish.rfid --speed 20 > "
            "logs/replay.log 2>&1 & echo $!"
        },
        "48213",
    )
    log = {"file_path": "logs/replay.log"}
    t.do(
        "",
        "Read",
        log,
        "     1\t16:05:41 INFO replay: 612 reads queued (speed x20)\n     2\t16:05:41 INFO reader: queue "
        "maxsize=256\n"
        "     3\t16:05:42 INFO read #1 chip=E200341 ant=2\n   ...\n   121\t16:05:48 INFO read #120 "
        "chip=E200877 ant=1",
    )
    t.do(
        "120 reads, no warning yet. Reading the log again.",
        "Read",
        log,
        "     1\t16:05:41 INFO replay: 612 reads queued (speed x20)\n   ...\n   202\t16:05:52 INFO read #201 "
        "chip=E201190 ant=3\n   203\t16:05:52 WARN reader: buffer overrun, dropped 1 read (queue depth 256)\n"
        "   204\t16:05:52 WARN reader: buffer overrun, dropped 3 reads (queue depth 256)",
    )
    t.do(
        "There it is at read 201. Looking at the consumer.",
        "Grep",
        {"pattern": "maxsize|def _drain", "path": "timing/reader.py", "-n": True},
        "timing/reader.py:44:        self.queue = Queue(maxsize=256)\ntiming/reader.py:71:    def "
        "_drain(self):",
    )
    t.do(
        "",
        "Read",
        {"file_path": "timing/reader.py", "offset": 68, "limit": 14},
        "    68\t\n    69\t    # called by the upload thread every 2 s\n    70\t\n    71\t    def "
        "_drain(self):\n"
        "    72\t        item = self.queue.get_nowait()\n    73\t        self.uploader.send([item])\n",
    )
    t.do(
        "_drain takes one item per 2 s tick, so the queue fills. Draining everything available each tick.",
        "Edit",
        {
            "file_path": "timing/reader.py",
            "old_string": "        item = self.queue.get_nowait()\n        self.uploader.send([item])\n",
            "new_string": "        batch = []\n        while not self.queue.empty() and len(batch) < 500:\n"
            "            batch.append(self.queue.get_nowait())\n        if batch:\n            "
            "self.uploader.send(batch)\n",
        },
        "The file timing/reader.py has been updated.",
    )
    t.do(
        "Restarting the replay.",
        "Bash",
        {
            "command": "kill 48213; nohup python -m timing.replay data/2026-03-08_finish.rfid --speed 20 > "
            "logs/replay.log 2>&1 & echo $!"
        },
        "48377",
    )
    t.do(
        "",
        "Read",
        log,
        "     1\t16:09:02 INFO replay: 612 reads queued (speed x20)\n   ...\n   181\t16:09:11 INFO read "
        "#180 chip=E200931 ant=2",
    )
    t.do(
        "Past 180 with no warning; reading once more.",
        "Read",
        log,
        "     1\t16:09:02 INFO replay: 612 reads queued (speed x20)\n   ...\n   613\t16:09:33 INFO read #612 "
        "chip=E202004 ant=1\n   614\t16:09:33 INFO replay: done, 612 reads, 0 dropped",
    )
    t.say(
        "Fixed: the reader drained one read per 2 s tick, so the 256-slot queue overflowed at read 201. It "
        "now drains in batches; the replay of all 612 reads finished with 0 dropped."
    )
    t.describe(
        "Claude-Code-style agent replays RFID reads, re-reads the growing log until the warning appears, "
        "fixes "
        "the queue drain and re-reads the log of the new replay to completion."
    )
    t.healthy(
        "The same Read of logs/replay.log is issued four times, but the log grows between reads (120 reads, "
        "the warning at 201, then a new run to 180 and to 612 with 0 dropped). Re-reading a file that "
        "changes is "
        "observation, and the session ends with a verified fix."
    )


@healthy(
    "interior-wishlist-sheet-reread-after-client-edits",
    domain="interior design (client wish lists, furniture sourcing)",
    lang="sv",
    ids="openai",
    start="2026-02-18T12:22:07Z",
)
def interior_sheet_reread(t: Trace) -> None:
    t.user(
        "Kunden (familjen Berg) fyller i sin önskelista i vårt delade ark just nu. Läs av den och ge en "
        "första prisuppskattning."
    )
    args = {"sheet": "Berg – önskelista", "range": "A1:D40"}
    t.do(
        "Jag läser arket.",
        "sheets_read",
        args,
        csv(
            ["Rum", "Möbel", "Önskemål", "Antal"],
            [
                ["Vardagsrum", "Soffa", "3-sits, ljus", 1],
                ["Vardagsrum", "Soffbord", "ek", 1],
                ["Hall", "Bänk", "med förvaring", 1],
            ],
        ),
    )
    t.say(
        "Hittills tre rader (vardagsrum och hall). Grovt uppskattat 28 000–35 000 kr. Säg till när hon är "
        "klar så läser jag igen."
    )
    t.user("Nu har hon lagt till sovrummet. Läs igen och räkna om.")
    t.do(
        "Jag läser arket igen.",
        "sheets_read",
        args,
        csv(
            ["Rum", "Möbel", "Önskemål", "Antal"],
            [
                ["Vardagsrum", "Soffa", "3-sits, ljus", 1],
                ["Vardagsrum", "Soffbord", "ek", 1],
                ["Hall", "Bänk", "med förvaring", 1],
                ["Sovrum", "Säng", "160 cm, kontinental", 1],
                ["Sovrum", "Sängbord", "vägghängda", 2],
                ["Sovrum", "Garderob", "skjutdörrar 200 cm", 1],
            ],
        ),
    )
    t.do(
        "Tre nya rader. Jag hämtar prisintervall för sovrumsmöblerna.",
        "price_range",
        {
            "items": ["kontinentalsäng 160", "vägghängt sängbord", "garderob skjutdörrar 200"],
            "segment": "mellan",
        },
        jsi(
            {
                "kontinentalsäng 160": [14000, 26000],
                "vägghängt sängbord": [1200, 2500],
                "garderob skjutdörrar 200": [9000, 16000],
            }
        ),
    )
    t.say(
        "Med sovrummet blir uppskattningen cirka 54 000–82 000 kr (säng 14–26 000, två sängbord 2 400–5 "
        "000, garderob 9–16 000)."
    )
    t.describe(
        "Interior-design assistant reads a client's shared wish-list sheet, and reads it again with "
        "identical arguments after the client adds rows."
    )
    t.healthy(
        "The two identical sheets_read calls are separated by a user message saying the sheet changed, and "
        "the "
        "second read returns three new rows that drive a new estimate. Healthy re-read of a changing file."
    )
