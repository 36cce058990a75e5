"""Loops of industrial agents: MES, SPC, building management, grid historians, irrigation, drones, robots."""

from __future__ import annotations

from typing import Any

from .builder import Trace, js


def mes_release_polish() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-008-mes-release-routing-polish",
        "Agent MES (po polsku) próbuje zwolnić zlecenie produkcyjne, którego marszruta nie jest "
        "zatwierdzona; zmienia linię, zmianę i priorytet, a każda odpowiedź 409 mówi to samo innymi słowami.",
        agent="asystent planisty MES (LangChain, REST tools)",
        model="mistral-large-2411",
        start=205,
    )
    t.user(
        "Zwolnij na dzisiejszą zmianę B zlecenia ZP-2026-0812 i ZP-2026-0813 na linię L2 oraz ZP-2026-0815 "
        "na linię L3 (1200 szt.)."
    )
    for order, item, qty in (
        ("ZP-2026-0812", "Pokrywa AL-220", 800),
        ("ZP-2026-0813", "Uszczelka EPDM-60", 2400),
    ):
        t.act(
            f"Sprawdzam zlecenie {order}.",
            "mes_get_work_order",
            {"order": order},
            js(
                {
                    "zlecenie": order,
                    "wyrob": item,
                    "ilosc": qty,
                    "status": "ZAPLANOWANE",
                    "marszruta": {"id": "R-43" + order[-2:], "rewizja": "B", "status": "ZATWIERDZONA"},
                    "linia_domyslna": "L2",
                }
            ),
        )
        t.act(
            f"Zwalniam {order} na L2, zmiana B.",
            "mes_release_work_order",
            {"order": order, "line": "L2", "shift": "B", "priority": 3},
            js({"status": 200, "zlecenie": order, "nowy_status": "ZWOLNIONE", "zmiana": "B", "linia": "L2"}),
        )
    t.act(
        "Teraz ZP-2026-0815. Sprawdzam zlecenie.",
        "mes_get_work_order",
        {"order": "ZP-2026-0815"},
        js(
            {
                "zlecenie": "ZP-2026-0815",
                "wyrob": "Obudowa AL-220",
                "ilosc": 1200,
                "status": "ZAPLANOWANE",
                "marszruta": {"id": "R-4410", "rewizja": "C", "status": "ROBOCZA"},
                "linia_domyslna": "L3",
            }
        ),
    )
    errors = [
        {
            "status": 409,
            "kod": "MARSZRUTA_NIEZATWIERDZONA",
            "komunikat": "Marszruta R-4410 rew. C nie została zatwierdzona.",
        },
        {
            "status": 409,
            "kod": "ROUTING_STATE",
            "komunikat": "Nie można zwolnić zlecenia: marszruta w statusie ROBOCZA.",
        },
        {
            "status": 409,
            "kod": "MARSZRUTA_NIEZATWIERDZONA",
            "komunikat": "Zwolnienie odrzucone – brak zatwierdzenia technologa dla R-4410/C.",
        },
        {
            "status": 409,
            "kod": "E-REL-17",
            "komunikat": "Routing R-4410 rev C not approved (wymagane zatwierdzenie).",
        },
        {
            "status": 409,
            "kod": "MARSZRUTA_NIEZATWIERDZONA",
            "komunikat": "Marszruta niezatwierdzona; zwolnienie niemożliwe.",
        },
    ]
    tries = [
        ("Zwalniam zlecenie na L3, zmiana B.", {"line": "L3", "shift": "B", "priority": 3}),
        ("Może linia L3 ma blokadę. Próbuję L4.", {"line": "L4", "shift": "B", "priority": 3}),
        ("Podnoszę priorytet, może to wymusi zwolnienie.", {"line": "L3", "shift": "B", "priority": 1}),
        ("Spróbuję zmiany C zamiast B.", {"line": "L3", "shift": "C", "priority": 3}),
        (
            "Dzielę ilość na partię 600 szt., może mniejsza partia przejdzie.",
            {"line": "L3", "shift": "B", "priority": 3, "quantity": 600},
        ),
    ]
    fails = []
    for (text, params), error in zip(tries, errors, strict=True):
        fails.append(t.act(text, "mes_release_work_order", {"order": "ZP-2026-0815", **params}, js(error)))
        if len(fails) == 2:
            t.act(
                "Sprawdzam obciążenie linii.",
                "mes_get_line_status",
                {"line": "L3"},
                js({"linia": "L3", "stan": "PRACA", "oee_zmiana": 0.81, "wolna_pojemnosc_szt": 2400}),
            )
    t.say("Nie udało się zwolnić zlecenia ZP-2026-0815. System MES odrzuca zwolnienie.")
    onset = fails[3]
    t.loop(
        ["error_streak"],
        onset,
        "The first two orders release normally. Every release of ZP-2026-0815 returns HTTP 409 in the body "
        "(is_error stays false) for the same cause, the routing "
        "R-4410 rev C still in draft (visible when the order was read), in four different wordings, while "
        "the "
        "agent "
        f"changes line, priority, shift and quantity. The fourth failure of that kind is step {onset}.",
    )
    return t.build()


def spc_limit_mode_toggle() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-009-spc-limit-mode-toggle",
        "A quality agent flips an SPC chart between calculated control limits and specification limits, "
        "re-reading the same alarm counts after every flip.",
        agent="quality engineering copilot (SPC REST API, OpenAI function calling)",
        model="gpt-4o-mini",
        start=240,
    )
    t.user("Chart CH-118 (bore diameter, cell 4) floods the operators with alarms. Make it useful again.")
    alarms_sigma = js(
        {
            "chart": "CH-118",
            "window": "7d",
            "alarms": 14,
            "rules": {"WE1_beyond_3sigma": 9, "WE2_2of3": 5},
            "cpk": 1.71,
        }
    )
    alarms_spec = js(
        {
            "chart": "CH-118",
            "window": "7d",
            "alarms": 0,
            "rules": {},
            "cpk": 1.71,
            "warning": "Control chart is using specification limits; SPC signals are suppressed.",
        }
    )
    t.act(
        "Looking at the current alarms.", "spc_get_alarms", {"chart": "CH-118", "window": "7d"}, alarms_sigma
    )
    toggles = []
    plan = [
        ("specification", "The process is capable (Cpk 1.71); switching the chart to specification limits."),
        (
            "calculated_3sigma",
            "Spec limits hide real shifts, which is not good SPC practice. Reverting to 3-sigma.",
        ),
        ("specification", "But 14 alarms is exactly the complaint. Going back to spec limits."),
        ("calculated_3sigma", "Suppressing every signal is risky. Switching back to calculated limits."),
        ("specification", "Operators still get 14 alarms that way. Using specification limits again."),
        ("calculated_3sigma", "Let me restore the calculated limits, that is the standard."),
    ]
    for mode, text in plan:
        toggles.append(
            t.act(
                text,
                "spc_set_chart_config",
                {"chart": "CH-118", "limit_mode": mode},
                js({"ok": True, "chart": "CH-118", "limit_mode": mode}),
            )
        )
        t.act(
            "Re-reading the alarms.",
            "spc_get_alarms",
            {"chart": "CH-118", "window": "7d"},
            alarms_spec if mode == "specification" else alarms_sigma,
        )
    t.say(
        "I've left CH-118 on calculated 3-sigma limits. You may want to review the Western Electric rules "
        "with QA."
    )
    onset = toggles[3]
    t.loop(
        ["same_tool", "alternation"],
        onset,
        "The limit mode is flipped between 'specification' and 'calculated_3sigma' six times, each flip "
        "followed by the same alarm read (0 or 14). The agent never tries the options in between (fewer "
        "rules, recalculating the limits on a stable window). The fourth toggle is the onset, "
        f"step {onset}.",
    )
    return t.build()


def bms_setpoint_rewrite() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-010-bms-setpoint-rewrite",
        "A building-operations agent writes the same BACnet setpoint again and again; each write is "
        "acknowledged but an operator override at a higher priority keeps the effective value.",
        agent="building operations agent (BACnet/IP gateway tools, Anthropic tool use)",
        model="claude-3-5-haiku",
        start=275,
        ids="anthropic",
    )
    t.user("The fourth-floor meeting rooms 4.10, 4.11 and 4.12 are way too warm. Bring them to 21 °C please.")
    for room, dev, temp in (("410", 40410, 24.1), ("411", 40411, 23.8)):
        t.act(
            f"Reading the setpoint of room {room[0]}.{room[1:]}.",
            "bms_read_point",
            {"device": dev, "object": "analog-value,3"},
            js(
                {
                    "device": dev,
                    "object": "analog-value,3",
                    "name": f"RM{room}-ZN-SP",
                    "present_value": 23.0,
                    "zone_temp": temp,
                    "priority_array": {"16": 23.0},
                }
            ),
        )
        t.act(
            "Writing 21.0 °C at priority 12.",
            "bms_write_point",
            {
                "device": dev,
                "object": "analog-value,3",
                "property": "present-value",
                "value": 21.0,
                "priority": 12,
            },
            js({"result": "WriteProperty-ACK", "invoke_id": 3 + dev % 10}),
        )
        t.act(
            "Confirming.",
            "bms_read_point",
            {"device": dev, "object": "analog-value,3"},
            js(
                {
                    "device": dev,
                    "object": "analog-value,3",
                    "name": f"RM{room}-ZN-SP",
                    "present_value": 21.0,
                    "zone_temp": temp,
                    "priority_array": {"12": 21.0, "16": 23.0},
                }
            ),
        )

    def read(effective: float, temp: float) -> str:
        return js(
            {
                "device": 40412,
                "object": "analog-value,3",
                "name": "RM412-ZN-SP",
                "present_value": effective,
                "zone_temp": temp,
                "priority_array": {"8": 23.0, "12": 21.0, "16": 22.0},
            }
        )

    t.act(
        "Now room 4.12.",
        "bms_read_point",
        {"device": 40412, "object": "analog-value,3"},
        js(
            {
                "device": 40412,
                "object": "analog-value,3",
                "name": "RM412-ZN-SP",
                "present_value": 23.0,
                "zone_temp": 24.6,
                "priority_array": {"8": 23.0, "16": 22.0},
            }
        ),
    )
    write = {
        "device": 40412,
        "object": "analog-value,3",
        "property": "present-value",
        "value": 21.0,
        "priority": 12,
    }
    ok = js({"result": "WriteProperty-ACK", "invoke_id": 0})
    writes = []
    texts = [
        "Writing 21.0 °C at priority 12.",
        "The value did not take. Writing it again.",
        "Still 23.0. Re-sending the write.",
        "Writing 21 once more, maybe the controller missed it.",
        "One more write of the setpoint.",
    ]
    temps = [24.6, 24.5, 24.7, 24.6, 24.6]
    for i, text in enumerate(texts):
        writes.append(
            t.act(text, "bms_write_point", write, ok.replace('"invoke_id":0', f'"invoke_id":{17 + i}'))
        )
        t.act(
            "Checking the effective setpoint.",
            "bms_read_point",
            {"device": 40412, "object": "analog-value,3"},
            read(23.0, temps[i]),
        )
    t.say(
        "Rooms 4.10 and 4.11 are now at 21 °C. For 4.12 I've written 21 °C several times; the controller "
        "acknowledges but keeps 23 °C."
    )
    onset = writes[2]
    t.loop(
        ["identical_call"],
        onset,
        "Rooms 4.10 and 4.11 take the new setpoint at once. For 4.12 the same WriteProperty (21.0 at "
        "priority 12) is acknowledged every time (only the invoke id "
        "changes), and every read shows the same cause: priority 8 holds 23.0, so the write can never "
        f"win. The third identical write is step {onset}, the onset; two more follow with identical reads.",
    )
    return t.build()


def historian_window_paraphrase() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-011-historian-feeder-window-paraphrase",
        "A grid-operations agent asks the historian for feeder load with the same window written four "
        "ways and the same wrong tag; every answer is an empty item list.",
        agent="grid operations analyst (PI Web API tools, LlamaIndex agent)",
        model="gpt-4.1",
        start=301,
    )
    t.user("What was feeder F-22's peak load yesterday between 17:00 and 20:00? Local time.")
    windows = [
        (
            "Querying the recorded values.",
            {"startTime": "2026-03-01T17:00:00", "endTime": "2026-03-01T20:00:00"},
        ),
        (
            "Maybe it needs a timezone; adding the offset.",
            {"startTime": "2026-03-01T17:00:00+01:00", "endTime": "2026-03-01T20:00:00+01:00"},
        ),
        ("Trying relative time syntax.", {"startTime": "y+17h", "endTime": "y+20h"}),
        ("Using UTC explicitly.", {"startTime": "2026-03-01T16:00:00Z", "endTime": "2026-03-01T19:00:00Z"}),
        (
            "Trying with an interpolated interval in case recorded values are sparse.",
            {"startTime": "*-1d+17h", "endTime": "*-1d+20h", "interval": "1m"},
        ),
    ]
    steps = []
    for i, (text, window) in enumerate(windows):
        steps.append(
            t.act(
                text,
                "historian_get_values",
                {"tag": "F22.MW", **window},
                js({"Items": [], "Links": {}, "UnitsAbbreviation": ""}),
            )
        )
        if i == 1:
            t.act(
                "Checking the data server is healthy.",
                "historian_server_status",
                {"server": "PI-GRID-01"},
                js({"server": "PI-GRID-01", "IsConnected": True, "ServerVersion": "3.4.445.688", "Lag_s": 2}),
            )
    t.say("The historian returns no data for F-22 yesterday evening; the feeder meter may have been offline.")
    onset = steps[3]
    t.loop(
        ["same_tool"],
        onset,
        "The same window (yesterday 17:00-20:00) is written as local, with offset, relative and UTC, "
        "always on the tag 'F22.MW', and every answer is an empty item list. The fourth attempt is "
        f"step {onset}. The agent never searches for the real tag name.",
    )
    return t.build()


def irrigation_narration_dutch() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-012-irrigation-announces-valve-dutch",
        "Een lokaal model kondigt steeds aan dat het klep 4 opent maar roept de tool nooit aan; de "
        "harness antwoordt telkens met een systeembericht.",
        agent="teeltadviseur-agent (Ollama, eigen harness)",
        model="llama3.1:8b-instruct-q4_K_M",
        start=333,
        ids="plain",
    )
    t.user("Zet zone 4 (tomaten, kas 2) 20 minuten aan, de bodemvocht is te laag.")
    t.act(
        "Ik controleer eerst de bodemvochtsensor van zone 4.",
        "sensor_read",
        {"zone": 4, "sensor": "bodemvocht"},
        js({"zone": 4, "bodemvocht_pct": 18.2, "drempel_pct": 25, "ec_mS": 2.9, "tijd": "09:41"}),
    )
    nudge = "[harness] Geen tool-aanroep ontvangen. Roep een tool aan of geef een eindantwoord."
    announces = []
    for text in (
        "De bodemvocht is 18,2%, onder de drempel van 25%. Ik open nu klep 4 voor 20 minuten.",
        "Oké, ik ga nu de klep van zone 4 openen voor 20 minuten.",
        "Ik zet zone 4 aan voor 20 minuten via de irrigatiecomputer.",
        "Klep 4 wordt nu geopend voor een beurt van 20 minuten.",
        "Ik open klep 4 (kas 2, tomaten) nu voor 20 minuten.",
    ):
        announces.append(t.say(text))
        t.system(nudge)
    onset = announces[3]
    t.loop(
        ["narration"],
        onset,
        "After the sensor read the agent announces the same action (open valve 4 for 20 minutes) five "
        "times without ever calling valve_open. Each announcement is answered only by a harness system "
        f"message, which does not start a turn. The fourth announcement is step {onset}.",
    )
    return t.build()


def drone_mission_upload() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-013-drone-mission-invalid-sequence",
        "A mission-planning agent re-uploads an orchard survey with changed altitudes and speeds; the "
        "autopilot rejects every upload with the same invalid-sequence error.",
        agent="survey mission planner (MAVSDK tool server, OpenAI function calling)",
        model="o4-mini",
        start=360,
    )
    t.user("Upload the orchard survey grid for field 7 and arm for the 10:30 window.")
    t.act(
        "Checking the wind forecast for the window first.",
        "weather_forecast",
        {"lat": 51.9231, "lon": 4.4712, "from": "10:00", "to": "11:30"},
        js({"wind_ms": 4.2, "gust_ms": 7.1, "precip_mm": 0.0, "kp_index": 2}),
    )
    t.act(
        "Fine for flying. Uploading the field-7 geofence.",
        "mavsdk_geofence_upload",
        {
            "polygons": [
                {
                    "type": "INCLUSION",
                    "points": [[51.9226, 4.4705], [51.9262, 4.4705], [51.9262, 4.4731], [51.9226, 4.4731]],
                }
            ]
        },
        js({"result": "SUCCESS"}),
    )
    t.act(
        "Checking the battery.",
        "mavsdk_telemetry",
        {"stream": "battery"},
        js({"remaining_percent": 0.97, "voltage_v": 25.1}),
    )
    t.act(
        "Checking vehicle health.",
        "mavsdk_telemetry",
        {"stream": "health"},
        js(
            {
                "is_gyrometer_calibration_ok": True,
                "is_local_position_ok": True,
                "is_global_position_ok": True,
                "is_home_position_ok": True,
                "is_armable": True,
            }
        ),
    )

    def grid(alt: float, speed: float, takeoff: bool = False) -> list[dict[str, Any]]:
        items = [
            {
                "seq": 1 if takeoff else 0,
                "lat": 51.9231 + 0.0004 * k,
                "lon": 4.4712 + (0.0006 if k % 2 else 0),
                "rel_alt_m": alt,
                "speed_m_s": speed,
            }
            for k in range(6)
        ]
        if takeoff:
            items.insert(0, {"seq": 1, "command": "NAV_TAKEOFF", "rel_alt_m": alt})
        return items

    errors = [
        "MissionError: INVALID_SEQUENCE - upload aborted at item 0",
        "MAV_MISSION_RESULT 13 (MAV_MISSION_INVALID_SEQUENCE) received for item 1",
        "Vehicle NACKed mission item: sequence number invalid",
        "MissionError: INVALID_SEQUENCE - upload aborted at item 0",
        "mission_upload failed: autopilot reported MAV_MISSION_INVALID_SEQUENCE",
    ]
    tries = [
        ("Uploading the 6-leg grid at 40 m.", grid(40, 6)),
        ("Lowering altitude to 35 m, maybe a geofence ceiling.", grid(35, 6)),
        ("Adding an explicit takeoff item first.", grid(35, 6, takeoff=True)),
        ("Reducing speed to 4 m/s.", grid(35, 4, takeoff=True)),
        ("Trying 45 m with default speed.", grid(45, 5)),
    ]
    fails = []
    for (text, items), error in zip(tries, errors, strict=True):
        fails.append(
            t.act(
                text,
                "mavsdk_mission_upload",
                {"items": items, "return_to_launch_after": True},
                error,
                error=True,
            )
        )
        if len(fails) == 3:
            t.act(
                "Checking the link quality.",
                "mavsdk_telemetry",
                {"stream": "rc_status"},
                js({"was_available_once": True, "is_available": True, "signal_strength_percent": 92}),
            )
    t.say("The autopilot rejects the mission. I won't arm; please check the flight controller firmware.")
    onset = fails[3]
    t.loop(
        ["error_streak"],
        onset,
        "Five uploads with changed altitude, speed and a takeoff item all fail with the same cause "
        "(INVALID_SEQUENCE): every item carries the same seq number, the real problem, and the agent "
        f"never touches the numbering. The fourth failure is step {onset}.",
    )
    return t.build()


def ros2_moveit_abort() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-014-ros2-moveit-identical-abort",
        "A ROS 2 manipulation agent re-sends the same MoveIt goal, which aborts each time because the "
        "start state is in collision, with TF lookups in between.",
        agent="manipulation agent (rosbridge MCP server)",
        model="claude-sonnet-4",
        start=388,
        ids="anthropic",
    )
    t.user("Pick the red cube from the tray and place it in bin B. The arm is a UR5e with MoveIt 2.")
    t.act(
        "Locating the cube.",
        "ros2_tf_lookup",
        {"target": "base_link", "source": "red_cube"},
        js(
            {
                "translation": [0.412, -0.118, 0.061],
                "rotation": [0, 0, 0.259, 0.966],
                "stamp": "1741338121.22",
            }
        ),
    )
    goal = {
        "action": "/move_action",
        "type": "moveit_msgs/action/MoveGroup",
        "goal": {
            "group_name": "ur_manipulator",
            "pose_target": {
                "frame_id": "base_link",
                "position": [0.412, -0.118, 0.161],
                "orientation": [1, 0, 0, 0],
            },
            "planning_time": 5.0,
        },
    }
    abort = (
        "Goal ABORTED: MoveItErrorCodes.val=-10 START_STATE_IN_COLLISION "
        "(links 'wrist_3_link' and 'table_top' are in contact)"
    )
    fails = []
    lines = [
        "Planning to the pre-grasp pose 10 cm above the cube.",
        "Aborted. Sending the goal again; planning is stochastic.",
        "Let me re-check the cube pose and retry.",
        "Retrying the same pre-grasp goal.",
        "Trying once more.",
    ]
    for i, text in enumerate(lines):
        if i == 2:
            t.act(
                text,
                "ros2_tf_lookup",
                {"target": "base_link", "source": "red_cube"},
                js(
                    {
                        "translation": [0.412, -0.118, 0.061],
                        "rotation": [0, 0, 0.259, 0.966],
                        "stamp": "1741338190.04",
                    }
                ),
            )
            text = "The pose is unchanged. Sending the goal."
        fails.append(t.act(text, "ros2_send_action_goal", goal, abort, error=True))
    t.say("MoveIt keeps aborting the plan. I'll stop here; the arm may need to be jogged manually.")
    onset = fails[3]
    t.loop(
        ["error_streak", "identical_call"],
        onset,
        "The same MoveGroup goal is sent five times and aborts identically (start state in collision), "
        "which re-planning cannot change. Since identical failing calls are an error streak, the onset "
        f"is the fourth failure, step {onset}.",
    )
    return t.build()


SCENARIOS = [
    mes_release_polish,
    spc_limit_mode_toggle,
    bms_setpoint_rewrite,
    historian_window_paraphrase,
    irrigation_narration_dutch,
    drone_mission_upload,
    ros2_moveit_abort,
]
