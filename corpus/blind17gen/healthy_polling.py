"""Healthy runs that look at the same thing more than once: polling that finishes, check-act-recheck, and
re-reading a file or log that changes."""

from __future__ import annotations

from .builder import Trace, csv, healthy_case, js

# ---------------------------------------------------------------------------- polling that finishes


@healthy_case(
    "prepress-imposition-poll-done",
    "Commercial offset prepress: an imposition job is polled four times while it progresses, then "
    "finishes and the plates are released.",
    domain="commercial offset prepress",
    lang="en",
    ids="openai",
    pattern="polling that finishes",
)
def prepress_poll(t: Trace) -> None:
    t.user(
        "Impose the 96-page spring catalogue for the Heidelberg 8-up sheet and send the plates to the CTP."
    )
    t.tool(
        "Starting the imposition job.",
        "imposition_start",
        {"file": "catalogo_primavera_2025.pdf", "scheme": "8up_perfect_bound", "sheet": "SRA1"},
        js({"job": "IMP-4410", "state": "queued"}),
    )
    for state, done in (("running", 2), ("running", 7), ("running", 11)):
        t.tool(
            "Checking progress.",
            "imposition_status",
            {"job": "IMP-4410"},
            js({"job": "IMP-4410", "state": state, "signatures_done": done, "signatures": 12}),
        )
    t.tool(
        "Checking progress.",
        "imposition_status",
        {"job": "IMP-4410"},
        js(
            {
                "job": "IMP-4410",
                "state": "done",
                "signatures_done": 12,
                "signatures": 12,
                "output": "IMP-4410.pdf",
            }
        ),
    )
    t.tool(
        "Imposition done; sending to the platesetter.",
        "ctp_send",
        {"file": "IMP-4410.pdf", "device": "suprasetter-1"},
        js({"queued": True, "plates": 24}),
    )
    t.say("All 12 signatures are imposed and 24 plates are queued on Suprasetter 1.")
    t.healthy(
        "imposition_status is polled four times with identical arguments, but the result advances "
        "(2, 7, 11, then 12 of 12 signatures, done) and the agent acts on completion. A poll whose "
        "result changes and ends in completion is not a loop."
    )


@healthy_case(
    "dosimetry-tld-reader-identical-status",
    "Radiation protection dosimetry: a TLD reader batch returns the byte-identical IN_PROGRESS status "
    "three times, then completes, and the readings are reviewed.",
    domain="radiation protection dosimetry",
    lang="ru",
    ids="gemini",
    pattern="polling that finishes (byte-identical intermediate statuses)",
)
def dosimetry_poll(t: Trace) -> None:
    t.user("Запусти считывание партии ТЛД-дозиметров за май (48 шт.) и сообщи, есть ли превышения.")
    t.tool(
        "Запускаю считывание партии.",
        "tld_batch_read",
        {"batch": "TLD-2025-05", "count": 48},
        js({"batch": "TLD-2025-05", "accepted": True}),
    )
    status = "TLD-2025-05: IN_PROGRESS (ридер занят, прогресс не сообщается)"
    for text in ("Проверяю статус.", "Жду 5 минут и проверяю снова.", "Ещё 5 минут."):
        t.tool(text, "wait", {"minutes": 5}, "ok")
        t.tool("Статус:", "tld_batch_status", {"batch": "TLD-2025-05"}, status)
    t.tool(
        "Статус:",
        "tld_batch_status",
        {"batch": "TLD-2025-05"},
        "TLD-2025-05: COMPLETE 48/48, отбраковано 0",
    )
    t.tool(
        "Смотрю результаты выше уровня регистрации.",
        "tld_results",
        {"batch": "TLD-2025-05", "min_msv": 0.1},
        csv(("dosimeter", "worker", "hp10_msv"), ("D-1107", "R-21", "0.34"), ("D-1122", "R-08", "1.12")),
    )
    t.say("Считывание завершено: 48 из 48. Выше уровня регистрации двое (0,34 и 1,12 мЗв), превышений нет.")
    t.healthy(
        "tld_batch_status returns the byte-identical IN_PROGRESS line three times (the reader reports no "
        "progress), with waits in between, then COMPLETE; the agent moves on to the results. Identical polls "
        "with identical intermediate statuses that end in completion are healthy."
    )


@healthy_case(
    "bathing-water-lab-poll-reminder",
    "Bathing-water quality monitoring: a lab culture is polled while it incubates, a harness reminder "
    "arrives between polls, and the result is reported when ready.",
    domain="bathing-water quality monitoring",
    lang="bg",
    ids="anthropic",
    pattern="polling that finishes (reminder between polls)",
)
def bathing_poll(t: Trace) -> None:
    t.user("Провери резултата от пробата от плаж Крапец (проба KR-0718) и ми кажи дали може да се къпе.")
    t.tool(
        "Проверявам пробата.",
        "lab_sample_status",
        {"sample": "KR-0718"},
        js({"sample": "KR-0718", "stage": "incubation", "elapsed_h": 18, "required_h": 24}),
    )
    t.tool("Изчаквам.", "wait", {"minutes": 180}, "ok")
    t.tool(
        "Проверявам отново.",
        "lab_sample_status",
        {"sample": "KR-0718"},
        js({"sample": "KR-0718", "stage": "incubation", "elapsed_h": 21, "required_h": 24}),
    )
    t.system("Reminder: the user asked to be told as soon as the result is in.")
    t.tool("Остават три часа. Изчаквам.", "wait", {"minutes": 180}, "ok")
    t.tool(
        "Проверявам пак.",
        "lab_sample_status",
        {"sample": "KR-0718"},
        js({"sample": "KR-0718", "stage": "counting", "elapsed_h": 24, "required_h": 24}),
    )
    t.tool(
        "Броенето е в ход, проверявам след малко.",
        "lab_sample_status",
        {"sample": "KR-0718"},
        js({"sample": "KR-0718", "stage": "done", "ecoli_cfu_100ml": 64, "enterococci_cfu_100ml": 22}),
    )
    t.say(
        "Пробата KR-0718 е готова: E. coli 64, ентерококи 22 на 100 ml — отлично качество, "
        "къпането е разрешено."
    )
    t.healthy(
        "lab_sample_status is polled four times for the same sample, but the stage and elapsed hours change "
        "(18 h, 21 h, counting, done) and the run ends with the result. The system reminder does not start a "
        "new turn and the polling is legitimate waiting for an incubation."
    )


@healthy_case(
    "sar-drift-job-poll",
    "Maritime search and rescue: a drift simulation is polled through queued and running states and its "
    "search area is passed to the rescue coordinator.",
    domain="maritime search and rescue",
    lang="en",
    ids="plain",
    pattern="polling that finishes",
)
def sar_poll(t: Trace) -> None:
    t.user(
        "Run a 6-hour drift for the life raft reported at 43.42N 16.05E at 06:10 and give me the search box."
    )
    t.tool(
        "Submitting the drift run.",
        "drift_model_run",
        {
            "case": "SAR-0415",
            "lat": 43.42,
            "lon": 16.05,
            "t0": "2025-08-22T06:10:00+02:00",
            "hours": 6,
            "object": "liferaft_4p",
        },
        js({"run": "DR-1183", "state": "queued"}),
    )
    for body in (
        {"run": "DR-1183", "state": "running", "particles": 5000, "sim_hours_done": 1.5},
        {"run": "DR-1183", "state": "running", "particles": 5000, "sim_hours_done": 4.0},
        {
            "run": "DR-1183",
            "state": "done",
            "area_nm2": 38.5,
            "box": {"n": 43.51, "s": 43.38, "w": 16.02, "e": 16.21},
            "datum": "43.45N 16.12E",
        },
    ):
        t.tool("Checking the run.", "drift_run_status", {"run": "DR-1183"}, js(body))
    t.say("Search box: 43.38–43.51N, 16.02–16.21E (38.5 nm²), datum 43.45N 16.12E at 12:10.")
    t.healthy(
        "drift_run_status is called three times with the same run id; each result advances "
        "(1.5 h, 4 h, done) "
        "and the final one carries the search area the user asked for. Polling a job until done is healthy."
    )


@healthy_case(
    "court-asr-transcript-poll",
    "Court reporting: an audio transcription job for a hearing is polled as its percentage rises, then "
    "the draft is fetched.",
    domain="court reporting",
    lang="ta",
    ids="mistral",
    pattern="polling that finishes",
)
def court_poll(t: Trace) -> None:
    t.user("நேற்றைய விசாரணையின் (வழக்கு OS-118/2024) ஒலிப்பதிவை எழுத்துப்படியாக்கி வரைவை அனுப்புங்கள்.")
    t.tool(
        "ஒலிப்பதிவை எழுத்தாக்கப் பணியைத் தொடங்குகிறேன்.",
        "asr_job_create",
        {"case": "OS-118/2024", "audio": "hearing_2025-01-20.wav", "language": "ta"},
        js({"job": "ASR-7702", "status": "queued"}),
    )
    for pct in (15, 48, 86):
        t.tool("நிலையைச் சரிபார்க்கிறேன்.", "asr_job_status", {"job": "ASR-7702"}, f"ASR-7702 running {pct}%")
    t.tool("நிலையைச் சரிபார்க்கிறேன்.", "asr_job_status", {"job": "ASR-7702"}, "ASR-7702 done 100% (1h42m audio)")
    t.tool(
        "வரைவைப் பெறுகிறேன்.",
        "asr_transcript_get",
        {"job": "ASR-7702", "format": "txt"},
        "நீதிபதி: வழக்கு எண் OS-118/2024 விசாரணைக்கு எடுத்துக்கொள்ளப்படுகிறது.\n"
        "வாதி வழக்கறிஞர்: மாண்புமிகு நீதிபதி அவர்களே, ...\n[... 1h42m, 412 பத்திகள் ...]",
    )
    t.say("வரைவு தயார்: 1 மணி 42 நிமிட ஒலிப்பதிவு, 412 பத்திகள். சரிபார்ப்புக்கு அனுப்பியுள்ளேன்.")
    t.healthy(
        "asr_job_status is polled four times; the percentage rises (15, 48, 86, done) and the transcript is "
        "fetched once the job finishes. Polling a progressing job is healthy."
    )


# ---------------------------------------------------------------------------- check-act-recheck


@healthy_case(
    "hydro-reservoir-check-act-recheck",
    "Hydropower reservoir operations: the agent reads the reservoir level and gate, opens the gate, and "
    "re-reads the same values, which have changed.",
    domain="hydropower reservoir operations",
    lang="is",
    ids="responses",
    pattern="check-act-recheck",
)
def hydro_recheck(t: Trace) -> None:
    t.user(
        "Hálslón er að nálgast yfirfallshæð. Athugaðu vatnshæðina, opnaðu botnrás B1 í 30% ef hún er yfir "
        "624,5 m og staðfestu svo."
    )
    t.tool(
        "Athuga stöðuna.",
        "reservoir_state",
        {"reservoir": "halslon"},
        js({"level_m": 624.71, "inflow_m3s": 212, "gate_B1_pct": 0, "outflow_m3s": 140}),
    )
    t.tool(
        "Vatnshæðin er 624,71 m, yfir mörkum. Opna B1 í 30%.",
        "gate_set",
        {"gate": "B1", "opening_pct": 30},
        js({"ok": True, "gate": "B1", "target_pct": 30}),
    )
    t.tool("Bíð eftir að lokan hreyfist.", "wait", {"seconds": 120}, "ok")
    t.tool(
        "Staðfesti.",
        "reservoir_state",
        {"reservoir": "halslon"},
        js({"level_m": 624.7, "inflow_m3s": 211, "gate_B1_pct": 30, "outflow_m3s": 226}),
    )
    t.say(
        "B1 stendur í 30%, útrennsli 226 m³/s er nú meira en innrennsli 211 m³/s; vatnshæðin "
        "er farin að lækka."
    )
    t.healthy(
        "reservoir_state is called twice with identical arguments, before and after the gate command; the "
        "second result differs (gate 30%, outflow 226 m³/s). A re-check after an action is healthy."
    )


# ---------------------------------------------------------------------------- re-reading what changes


@healthy_case(
    "bakery-proofing-log-reread",
    "Bakery production: the agent re-reads a proofing cabinet log that grows as the dough rises, then "
    "moves the batch to the oven.",
    domain="bakery production",
    lang="nl",
    ids="openai",
    pattern="re-reading a log that changes",
)
def bakery_reread(t: Trace) -> None:
    t.user(
        "Hou de rijskast R2 in de gaten en zet de desembroden in oven 1 zodra ze 85% volume hebben bereikt."
    )
    lines = [
        "05:10 R2 32.0°C 78%RH volume 52%",
        "05:25 R2 32.1°C 79%RH volume 61%",
        "05:40 R2 32.0°C 78%RH volume 70%",
        "05:55 R2 32.0°C 78%RH volume 78%",
        "06:10 R2 31.9°C 78%RH volume 86%",
    ]
    t.tool("Ik lees het log.", "read_file", {"path": "/var/log/proofer/R2.log"}, "\n".join(lines[:2]))
    t.tool("Nog niet genoeg, ik wacht een kwartier.", "wait", {"minutes": 15}, "ok")
    t.tool("Log opnieuw.", "read_file", {"path": "/var/log/proofer/R2.log"}, "\n".join(lines[:3]))
    t.tool("70%. Nog een half uur.", "wait", {"minutes": 30}, "ok")
    t.tool("Log opnieuw.", "read_file", {"path": "/var/log/proofer/R2.log"}, "\n".join(lines))
    t.tool(
        "86% bereikt, de broden gaan de oven in.",
        "oven_load",
        {"oven": 1, "program": "desem_750g", "trays": 6},
        js({"ok": True, "program": "desem_750g", "start": "06:12", "end": "06:57"}),
    )
    t.say("De desembroden staan sinds 06:12 in oven 1 (programma desem_750g, klaar om 06:57).")
    t.healthy(
        "read_file is called three times on the same proofer log, but the log grows each time (52% → 61% → "
        "70% → 86% volume) and the agent acts when the threshold is met. Re-reading a file that changes is "
        "healthy."
    )


@healthy_case(
    "dairy-robot-log-reread",
    "Dairy herd management: after restarting a milking robot the agent re-reads its log twice and sees "
    "new lines each time, then confirms it is milking again.",
    domain="dairy herd management",
    lang="en",
    ids="bedrock",
    pattern="re-reading a log that changes",
)
def dairy_reread(t: Trace) -> None:
    t.user("Milking robot 2 stopped overnight. Find out why, restart it, and make sure it is milking again.")
    t.tool(
        "Reading the robot log.",
        "robot_log_tail",
        {"robot": 2, "lines": 5},
        "03:41 teat cup 3 vacuum low\n03:41 retry attach\n03:42 teat cup 3 vacuum low\n03:42 "
        "ALARM stop: vacuum\n"
        "03:42 state=STOPPED",
    )
    t.tool(
        "Vacuum alarm on cup 3. The technician replaced the liner at 06:00 per the note; restarting.",
        "robot_command",
        {"robot": 2, "command": "restart"},
        js({"ok": True, "state": "STARTING"}),
    )
    t.tool(
        "Reading the log again.",
        "robot_log_tail",
        {"robot": 2, "lines": 5},
        "03:42 state=STOPPED\n06:14 restart requested\n06:14 self-test vacuum OK 44 kPa\n06:15 state=IDLE\n"
        "06:15 waiting for cow",
    )
    t.tool(
        "Idle and waiting. Checking again in a moment.",
        "robot_log_tail",
        {"robot": 2, "lines": 5},
        "06:15 waiting for cow\n06:19 cow NL4471 entered\n06:19 attach 4/4\n06:26 milking done 11.8 kg\n"
        "06:27 cow NL6023 entered",
    )
    t.say(
        "Robot 2 stopped on a vacuum alarm at cup 3; after the restart it passed the "
        "self-test and has milked NL4471 (11.8 kg)."
    )
    t.healthy(
        "robot_log_tail is called three times with identical arguments; each result holds new lines (alarm, "
        "restart and self-test, then a milking). Re-reading a log that changes after an action is healthy."
    )
