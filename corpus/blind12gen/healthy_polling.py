"""Healthy polling: a job or a physical process watched until it completes, often with identical
intermediate statuses (and once with identical readings that are themselves the completion signal)."""

from __future__ import annotations

from typing import Any

from .builder import Clock, Trace, js


def pass_tracking_poll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Ground-station agent monitors a satellite pass: five identical TRACKING statuses with waits "
        "between, "
        "then COMPLETE with the downlinked volume.",
        ids="gemini",
        meta={
            "agent": "ground segment ops assistant",
            "domain": "satellite ground station ops",
            "language": "en",
        },
    )
    t.user(
        "The Svalbard pass for SAT-ORCA-2 starts in a few minutes. Monitor it and tell me the downlinked "
        "volume."
    )
    t.act(
        "Checking the pass.",
        "pass_status",
        {"pass_id": "SVB-0502-03"},
        {"pass_id": "SVB-0502-03", "state": "SCHEDULED", "aos_in_s": 180, "antenna": "SG-22"},
    )
    t.act("Waiting for AOS.", "wait", {"seconds": 180}, "waited 180 s")
    tracking = {"pass_id": "SVB-0502-03", "state": "TRACKING", "lock": "carrier+bit", "antenna": "SG-22"}
    for i in range(5):
        t.act(
            "Tracking; checking again." if i else "Checking after AOS.",
            "pass_status",
            {"pass_id": "SVB-0502-03"},
            tracking,
        )
        t.act("", "wait", {"seconds": 120}, "waited 120 s")
    t.act(
        "Should be near LOS now.",
        "pass_status",
        {"pass_id": "SVB-0502-03"},
        {
            "pass_id": "SVB-0502-03",
            "state": "COMPLETE",
            "downlinked_mb": 412.6,
            "frames_crc_fail": 3,
            "max_el_deg": 41,
        },
    )
    t.say("Pass SVB-0502-03 complete: 412.6 MB downlinked, 3 frames with CRC errors, peak elevation 41°.")
    return t.healthy(
        "pass_status is polled with identical arguments and five identical TRACKING results, separated by "
        "waits, and the poll ends in COMPLETE with the figure the user asked for. Polling a live process "
        "until it completes is the intended use; a guard should not fire on the identical intermediate "
        "statuses."
    )


def db_lock_job_poll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Clinical data agent starts a database lock job and polls it back to back: six identical RUNNING "
        "statuses, then COMPLETED, then reports.",
        ids="anthropic",
        meta={"agent": "clinical data management copilot", "domain": "clinical trials", "language": "en"},
    )
    t.user(
        "All queries on ONC-2231 are closed and signatures are in. Run the soft lock for the interim "
        "analysis cut."
    )
    t.act(
        "Starting the soft lock job.",
        "edc_start_lock",
        {"study": "ONC-2231", "level": "soft", "cut": "IA1"},
        {"job": "LOCK-IA1-0411", "state": "QUEUED"},
    )
    running = {"job": "LOCK-IA1-0411", "state": "RUNNING", "phase": "freezing forms"}
    texts = [
        "Checking the job.",
        "Still freezing forms.",
        "Running; checking again.",
        "Still running.",
        "Checking again.",
        "Still in the freezing phase.",
    ]
    for x in texts:
        t.act(x, "edc_job_status", {"job": "LOCK-IA1-0411"}, running)
    t.act(
        "Checking again.",
        "edc_job_status",
        {"job": "LOCK-IA1-0411"},
        {"job": "LOCK-IA1-0411", "state": "COMPLETED", "forms_frozen": 18244, "subjects": 412, "warnings": 0},
    )
    t.say(
        "Soft lock IA1 completed: 18,244 forms frozen across 412 subjects, no warnings. The extract can be "
        "pulled."
    )
    return t.healthy(
        "edc_job_status is called seven times with identical arguments; the first six return the identical "
        "RUNNING status, the seventh COMPLETED. Polling a job with identical intermediate statuses that "
        "ends in "
        "completion is healthy even without waits between polls."
    )


def number_port_poll_pl(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Telecom agent (Polish) watches a number-port request: identical 'waiting for donor' statuses with "
        "sleeps between, then completed; it then confirms the line is active.",
        ids="bedrock",
        meta={
            "agent": "asystent przenoszenia numerów",
            "domain": "telecom network provisioning",
            "language": "pl",
        },
    )
    t.user("Sprawdzaj status przeniesienia numeru 501 234 567 do nas, aż się zakończy, i daj znać.")
    pending = {"msisdn": "48501234567", "status": "OCZEKUJE_NA_DAWCĘ", "window": "2026-04-09 00:00-06:00"}
    for i in range(6):
        t.act(
            "Sprawdzam status." if i == 0 else "Nadal czeka na operatora oddającego.",
            "port_status",
            {"msisdn": "48501234567"},
            pending,
        )
        t.act("", "sleep", {"seconds": 600}, "ok")
    t.act(
        "Sprawdzam ponownie.",
        "port_status",
        {"msisdn": "48501234567"},
        {"msisdn": "48501234567", "status": "ZAKOŃCZONE", "completed_at": "2026-04-09T03:12:40Z"},
    )
    t.act(
        "Potwierdzam, że linia działa w naszej sieci.",
        "line_check",
        {"msisdn": "48501234567"},
        "HLR: attached | IMSI 260 06 xxxxxxx4471 | VLR WAW-3 | services: voice, sms, data",
    )
    t.say("Przeniesienie numeru 501 234 567 zakończone o 03:12 UTC; linia jest aktywna w naszej sieci.")
    return t.healthy(
        "port_status polled six times with identical 'OCZEKUJE_NA_DAWCĘ' results, sleeps between, then "
        "ZAKOŃCZONE and a confirming line check. Identical intermediate statuses ending in completion: "
        "healthy."
    )


def fea_progress_poll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "CAD agent submits an FEA solve and polls its progress (changing percentages), then reads the "
        "results.",
        ids="plain",
        meta={"agent": "simulation assistant", "domain": "3D CAD design", "language": "en"},
    )
    t.user("Run the static load case LC-2 on bracket BRK-220 and tell me the max von Mises stress.")
    t.act(
        "Submitting the solve.",
        "fea_submit",
        {"part": "BRK-220", "load_case": "LC-2", "mesh": "fine"},
        {"job": "fea-7731", "state": "queued"},
    )
    for pct in (4, 19, 37, 58, 81, 96):
        t.act(
            "Checking progress.",
            "fea_job_status",
            {"job": "fea-7731"},
            f"job fea-7731 RUNNING  {pct}%  iter {pct * 3}  residual {10 ** (-(pct // 20 + 2)):.0e}",
        )
    t.act("Checking progress.", "fea_job_status", {"job": "fea-7731"}, "job fea-7731 DONE  100%  converged")
    t.act(
        "Reading results.",
        "fea_results",
        {"job": "fea-7731", "fields": ["von_mises_max", "displacement_max"]},
        {
            "von_mises_max_mpa": 188.4,
            "at": "fillet near hole H2",
            "displacement_max_mm": 0.31,
            "safety_factor": 1.46,
        },
    )
    t.say(
        "LC-2: max von Mises 188.4 MPa at the fillet near hole H2 (safety factor 1.46); max displacement "
        "0.31 mm."
    )
    return t.healthy(
        "fea_job_status is polled seven times with identical arguments but each result shows new progress "
        "(4% ... 96%, then DONE), and the results are read and reported. Ordinary polling of a running job."
    )


def amr_mission_poll_zh(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Warehouse robotics agent (Chinese) dispatches two AMR missions and polls each until arrival; the "
        "EN_ROUTE statuses repeat identically.",
        ids="openai",
        meta={"agent": "AMR 调度助手", "domain": "warehouse robotics", "language": "zh"},
    )
    t.user("让 R-19 把 B-02 的空托盘送到包装线 P3，到了之后再让它去充电站 C1。")
    t.act(
        "派发第一个任务。",
        "fleet.dispatch_task",
        {"robot": "R-19", "pickup": "B-02", "drop": "P3", "payload": "EMPTY-PALLET"},
        {"mission": "M-44120", "state": "ACCEPTED"},
    )
    for i in range(4):
        t.act(
            "查看任务状态。" if i == 0 else "仍在途中，再查一次。",
            "fleet.mission_get",
            {"mission": "M-44120"},
            {"mission": "M-44120", "state": "EN_ROUTE"},
        )
    t.act(
        "再查一次。",
        "fleet.mission_get",
        {"mission": "M-44120"},
        {"mission": "M-44120", "state": "ARRIVED", "at": "P3", "duration_s": 212},
    )
    t.act(
        "已送达，派它去充电。",
        "fleet.dispatch_task",
        {"robot": "R-19", "drop": "C1", "type": "charge"},
        {"mission": "M-44121", "state": "ACCEPTED"},
    )
    for i in range(3):
        t.act(
            "查看充电任务。" if i == 0 else "还在路上。",
            "fleet.mission_get",
            {"mission": "M-44121"},
            {"mission": "M-44121", "state": "EN_ROUTE"},
        )
    t.act(
        "再查一次。",
        "fleet.mission_get",
        {"mission": "M-44121"},
        {"mission": "M-44121", "state": "DOCKED", "battery_pct": 38},
    )
    t.say("R-19 已把空托盘送到 P3（用时 212 秒），现在已在 C1 充电，电量 38%。")
    return t.healthy(
        "Two missions, each polled with identical calls and identical EN_ROUTE results (four and three "
        "times) "
        "until ARRIVED / DOCKED; the second mission is new work started after the first completed. Polling "
        "until completion, healthy."
    )


def cds_request_poll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Climate data agent submits a reanalysis retrieval, polls identical 'queued' then 'running' states "
        "with backoff, and downloads the file when it succeeds.",
        ids="openai",
        meta={"agent": "climate data analyst", "domain": "weather and climate data", "language": "en"},
    )
    clock = Clock("2026-02-10T07:30:00Z")
    t.user("Get ERA5 hourly 2 m temperature over the Alps box (44-48N, 5-16E) for January 2026 as NetCDF.")
    t.act(
        "Submitting the retrieval.",
        "cds_submit",
        {
            "dataset": "reanalysis-era5-single-levels",
            "variable": "2m_temperature",
            "area": [48, 5, 44, 16],
            "year": 2026,
            "month": 1,
            "format": "netcdf",
        },
        {"request_id": "4b2c7e1a", "state": "accepted"},
    )
    waits = [30, 60, 60, 120, 120, 240, 240, 240]
    states = ["queued"] * 5 + ["running"] * 2 + ["successful"]
    for w, s in zip(waits, states, strict=True):
        t.act("", "sleep", {"seconds": w}, f"slept {w}s")
        clock.tick(w)
        body = {"request_id": "4b2c7e1a", "state": s}
        if s == "successful":
            body |= {"location": "https://cds.example/cache/4b2c7e1a.nc", "size_mb": 93.1}
        t.act(f"State: checking ({clock.hm()}).", "cds_status", {"request_id": "4b2c7e1a"}, body)
    t.act(
        "Downloading.",
        "download",
        {"url": "https://cds.example/cache/4b2c7e1a.nc", "dest": "data/era5_t2m_alps_202601.nc"},
        "saved data/era5_t2m_alps_202601.nc (93.1 MB) sha256 9f1c...e02a",
    )
    t.say("Saved data/era5_t2m_alps_202601.nc (93.1 MB): hourly 2 m temperature, 44-48N 5-16E, January 2026.")
    return t.healthy(
        "cds_status polled eight times with identical arguments: five identical 'queued', two identical "
        "'running', then 'successful', with growing sleeps between; the file is downloaded. Polling with "
        "identical intermediate statuses that ends in completion: healthy."
    )


def gravity_stable_poll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Brewery agent reads a fermenter's gravity daily until three identical readings confirm the end of "
        "fermentation, then starts the cold crash.",
        ids="anthropic",
        meta={"agent": "cellar assistant", "domain": "craft brewery production", "language": "en"},
    )
    t.user(
        "FV-5 (batch 2614, pilsner) should finish fermenting this week. Check the gravity once a day and "
        "start "
        "the cold crash to 2 °C when it's stable for three days."
    )
    readings = [1.021, 1.015, 1.012, 1.011, 1.011, 1.011]
    day = Clock("2026-04-06T08:00:00Z")
    for i, g in enumerate(readings):
        if i:
            t.act("", "wait_until", {"at": day.tick(86400)}, f"resumed at {day.iso()}")
        t.act(
            "Reading the hydrometer." if i == 0 else f"Day {i + 1} reading.",
            "fermenter_reading",
            {"id": "FV-5", "fields": ["gravity", "temp_c"]},
            js({"id": "FV-5", "gravity": g, "temp_c": 10.0 if i < 3 else 12.0}),
        )
    t.act(
        "Three identical readings (1.011): fermentation is done. Starting the cold crash.",
        "set_fermenter_setpoint",
        {"id": "FV-5", "setpoint_c": 2.0, "ramp_c_per_h": 1.0},
        {"ok": True, "id": "FV-5", "setpoint_c": 2.0},
    )
    t.say("FV-5 finished at 1.011 (stable 9-11 April). Cold crash to 2 °C started at 1 °C/h.")
    return t.healthy(
        "fermenter_reading is called six times with identical arguments, the last three returning the "
        "identical 1.011; that repetition is the completion criterion the user set, spaced a day apart, and "
        "the agent acts on it. Identical results here are progress, not a fruitless repeat."
    )


SCENARIOS = [
    ("pass-tracking-poll", pass_tracking_poll),
    ("db-lock-job-poll", db_lock_job_poll),
    ("number-port-poll-pl", number_port_poll_pl),
    ("fea-progress-poll", fea_progress_poll),
    ("amr-mission-poll-zh", amr_mission_poll_zh),
    ("cds-request-poll", cds_request_poll),
    ("gravity-stable-poll", gravity_stable_poll),
]
