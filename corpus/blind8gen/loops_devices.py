"""Loops of device-facing agents: Home Assistant, game QA playtests, computer-use agents."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js


def ha_light_toggle() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-033-home-assistant-porch-light-toggled",
        "A home-automation agent toggles an unavailable Zigbee light off and on to 'reset' it; the service "
        "calls return the same empty list and the light stays unavailable.",
        agent="Home Assistant conversation agent (REST service tools)",
        model="qwen3-30b-a3b (local)",
        start="2026-03-22T19:30:00+00:00",
        ids="seq",
    )
    t.user("The porch light isn't responding. Can you reset it?")
    state = js(
        {
            "entity_id": "light.porch",
            "state": "unavailable",
            "attributes": {"friendly_name": "Porch Light", "supported_color_modes": ["brightness"]},
            "last_changed": "2026-03-22T17:02:41+00:00",
        }
    )
    t.step("", c("ha_get_state", {"entity_id": "light.porch"}, state))
    toggles = []
    plan = [
        ("It's unavailable. A power cycle usually brings Zigbee bulbs back: turning it off.", "turn_off"),
        ("And on again.", "turn_on"),
        (None, None),
        ("Still unavailable. Cycling it again: off.", "turn_off"),
        ("On.", "turn_on"),
        (None, None),
        ("Off once more.", "turn_off"),
        ("On.", "turn_on"),
    ]
    for text, service in plan:
        if service is None:
            t.step("Checking the state.", c("ha_get_state", {"entity_id": "light.porch"}, state))
            continue
        toggles.append(
            t.step(
                text,
                c(
                    "ha_call_service",
                    {"domain": "light", "service": service, "service_data": {"entity_id": "light.porch"}},
                    "[]",
                ),
            )
        )
    onset = toggles[3]
    t.loop(
        ["same_tool", "alternation"],
        onset,
        "The same service call flips turn_off/turn_on on an entity that is 'unavailable' (the coordinator "
        "cannot reach it, so the calls change nothing and return []); the state reads are identical. The "
        "agent never checks the Zigbee device or suggests a physical power cycle. The 4th toggle, at step "
        f"{onset}, is the onset.",
    )
    return t.build()


def game_qa_crash_repro() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-034-playtest-crash-rerun-after-config-edit",
        "A game QA agent edits a config to disable ambient audio, then re-runs the same crashing playtest "
        "again and again; the native crash trace never changes.",
        agent="game QA automation agent (playtest runner + repo tools)",
        model="claude-sonnet-4-5",
        start="2026-03-25T22:00:00+00:00",
    )
    t.user(
        "The Harbor level crashes when the bot opens the fish-market door. Get me a stack trace, and try "
        "disabling the new ambient audio system to see if it's related."
    )
    args = {"scene": "Harbor_01", "seed": 4411, "bot": "explorer_v3", "timeout_s": 600}
    crash = (
        "Playtest Harbor_01 seed=4411 bot=explorer_v3\n[00:02:16] bot: interact "
        "door_fishmarket_02\n[00:02:17] Received signal SIGSEGV\nObtained 6 stack frames.\n#0  "
        "AudioMixer::ProcessVoice(VoiceState&) +0x1c4\n#1  AudioMixer::MixBlock(float*, int) +0x92\n#2  "
        "AmbientZone::OnTriggerEnter(Collider*) +0x3f\n#3  PhysicsScene::DispatchTriggers() +0x210\n#4  "
        "PlayerLoop::FixedUpdate() +0x88\n#5  main +0x5d\nPlayer exited with code 139"
    )
    t.step("Reproducing first.", c("run_playtest", args, crash, error=True))
    t.step(
        "The crash is in AudioMixer under AmbientZone. Disabling ambient audio as asked.",
        c(
            "edit_file",
            {"path": "Assets/Config/ambient.json", "old": '"enabled": true', "new": '"enabled": false'},
            js({"ok": True, "path": "Assets/Config/ambient.json", "replacements": 1}),
        ),
    )
    runs = []
    texts = [
        "Re-running with ambient audio disabled.",
        "Still crashing in AudioMixer. Maybe flaky; running it again.",
        "Running once more to confirm.",
        "Let me try the playtest again.",
        "Again, to be sure it isn't timing-dependent.",
    ]
    for text in texts:
        runs.append(t.step(text, c("run_playtest", args, crash, error=True)))
    onset = runs[3]
    t.loop(
        ["error_streak", "identical_call"],
        onset,
        "After the config edit the same playtest is re-run five times with identical arguments and the "
        "identical SIGSEGV trace, which still passes through AmbientZone: the edit did not take effect "
        "(the runtime reads another file) and the agent never checks. Counting from the last edit, the 4th "
        f"identical failure, at step {onset}, is the onset.",
    )
    return t.build()


def cu_save_dialog_cycle() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-035-computer-use-save-as-empty-name",
        "A computer-use agent cycles click file-name field -> click Save -> screenshot in a Save As dialog; "
        "the screen shows the same 'Please enter a file name' warning because nothing is ever typed.",
        agent="computer-use agent (screenshot, click, type, key actions) on a Linux desktop",
        model="claude-sonnet-4-5",
        start="2026-03-26T15:00:00+00:00",
    )
    t.user("Export the open spreadsheet as CSV to ~/exports/q1_sales.csv.")
    t.step(
        "",
        c(
            "computer",
            {"action": "screenshot"},
            "[screenshot 1280x800] LibreOffice Calc — q1_sales.ods. Menu bar: File Edit View Insert Format "
            "Sheet Data Tools Window Help. Sheet 'Q1' with 214 rows.",
        ),
    )
    t.step(
        "Opening Save As.",
        c(
            "computer",
            {"action": "key", "text": "ctrl+shift+s"},
            "[screenshot 1280x800] 'Save As' dialog. Folder: /home/lee/Documents. Name: [q1_sales.ods]. "
            "File type: ODF Spreadsheet (.ods). Buttons: Cancel, Save.",
        ),
    )
    t.step(
        "Setting the type to CSV.",
        c(
            "computer",
            {"action": "left_click", "coordinate": [860, 640]},
            "[screenshot 1280x800] 'Save As' dialog. Folder: /home/lee/Documents. Name: [ ]. File type: "
            "Text CSV (.csv). Buttons: Cancel, Save.",
        ),
    )
    field = "[screenshot 1280x800] 'Save As' dialog. Name field focused, empty. File type: Text CSV (.csv)."
    warned = (
        "[screenshot 1280x800] 'Save As' dialog. Name: [ ]. File type: Text CSV (.csv). Tooltip under the "
        "name field: 'Please enter a file name.' Save button disabled."
    )
    texts = [
        ("I'll type the file name into the name field.", "Saving.", "Checking the result."),
        ("The name didn't take. Clicking into the field to enter q1_sales.csv.", "Save.", "Screenshot."),
        ("Entering the name again.", "Save.", "Let me look."),
        ("Clicking the name field to type the path.", "", ""),
    ]
    firsts = []
    for f_text, s_text, shot_text in texts:
        firsts.append(
            t.step(f_text, c("computer", {"action": "left_click", "coordinate": [640, 602]}, field))
        )
        if s_text:
            t.step(s_text, c("computer", {"action": "left_click", "coordinate": [1012, 688]}, warned))
            t.step(shot_text, c("computer", {"action": "screenshot"}, warned))
    onset = firsts[2]
    t.loop(
        ["alternation"],
        onset,
        "A period-3 cycle: click the name field, click Save, take a screenshot; the screens repeat exactly "
        "and the warning asks for a file name that the agent announces but never types (no 'type' action). "
        "The click on the name field, the cycle's first state, is visited for the third time at step "
        f"{onset}, the onset.",
    )
    return t.build()


def cu_scroll_bottom() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-036-computer-use-scroll-past-footer",
        "A computer-use agent scrolls an invoice list; after two scrolls that bring new rows it reaches the "
        "footer and keeps scrolling down with the same screen returned, never clicking Next.",
        agent="computer-use agent in a browser (OpenAI-style computer tool)",
        model="computer-use-preview",
        start="2026-03-27T10:00:00+00:00",
        ids="call",
    )
    t.user("On the supplier portal, find invoice INV-88213 in the invoices list and download its PDF.")
    t.step(
        "",
        c(
            "computer",
            {"action": "screenshot"},
            "[screenshot 1440x900] Supplier Portal › Invoices. Table rows INV-88401 … INV-88384 (rows "
            "1-18). Filter box 'Search invoices' (empty).",
        ),
    )
    scroll = {"action": "scroll", "x": 720, "y": 600, "scroll_x": 0, "scroll_y": 800}
    shots = [
        "[screenshot 1440x900] Invoices table rows INV-88383 … INV-88366 (rows 19-36).",
        "[screenshot 1440x900] Invoices table rows INV-88365 … INV-88352 (rows 37-50). Footer: 'Showing "
        "1–50 of 312' · ‹ Prev · Next › · © 2026 Northwind Supply.",
    ]
    t.step("Scrolling down to find INV-88213.", c("computer", scroll, shots[0]))
    same = [t.step("Not yet. Scrolling further.", c("computer", scroll, shots[1]))]
    texts = [
        "It must be further down. Scrolling.",
        "Scrolling down more.",
        "Still not visible; continuing to scroll.",
        "Scrolling.",
    ]
    for text in texts:
        same.append(t.step(text, c("computer", scroll, shots[1])))
    onset = same[2]
    t.loop(
        ["identical_call"],
        onset,
        "The two first scrolls bring new rows; from the one that reaches the footer on, every identical "
        "scroll returns the same screen ('Showing 1–50 of 312', Next ›). The agent neither clicks Next nor "
        f"uses the search box. The 3rd scroll to return that same screen, at step {onset}, is the onset.",
    )
    return t.build()


BUILDERS = [ha_light_toggle, game_qa_crash_repro, cu_save_dialog_cycle, cu_scroll_bottom]
