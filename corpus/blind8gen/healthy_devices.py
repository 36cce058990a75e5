"""Healthy runs of device-facing agents: a Home Assistant scene, a playtest sweep, computer-use sessions."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js


def ha_scene_fanout() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-035-home-assistant-movie-night-scene",
        "A home-automation agent sets up a movie-night scene: nine service calls on different entities, "
        "each answered with the same empty list, then one state read that shows every change.",
        agent="Home Assistant conversation agent (REST service tools)",
        model="qwen3-30b-a3b (local)",
        start="2026-03-22T20:30:00+00:00",
        ids="seq",
    )
    t.user(
        "Movie night: dim the living room to 20%, close the blinds, TV on, AC to 22, hallway and kitchen off."
    )
    calls = [
        ("light", "turn_on", {"entity_id": "light.living_room_ceiling", "brightness_pct": 20}),
        ("light", "turn_on", {"entity_id": "light.living_room_lamp", "brightness_pct": 20}),
        ("cover", "close_cover", {"entity_id": "cover.living_room_blinds_left"}),
        ("cover", "close_cover", {"entity_id": "cover.living_room_blinds_right"}),
        ("media_player", "turn_on", {"entity_id": "media_player.living_room_tv"}),
        ("climate", "set_temperature", {"entity_id": "climate.living_room", "temperature": 22}),
        ("light", "turn_off", {"entity_id": "light.hallway"}),
        ("light", "turn_off", {"entity_id": "light.kitchen"}),
        ("switch", "turn_off", {"entity_id": "switch.kitchen_under_cabinet"}),
    ]
    for i, (domain, service, data) in enumerate(calls):
        t.step(
            "Setting things up." if i == 0 else "",
            c("ha_call_service", {"domain": domain, "service": service, "service_data": data}, "[]"),
        )
    t.step(
        "Checking everything took effect.",
        c(
            "ha_get_states",
            {"entity_ids": [d["entity_id"] for _, _, d in calls]},
            js(
                [
                    {"entity_id": "light.living_room_ceiling", "state": "on", "brightness": 51},
                    {"entity_id": "light.living_room_lamp", "state": "on", "brightness": 51},
                    {"entity_id": "cover.living_room_blinds_left", "state": "closed"},
                    {"entity_id": "cover.living_room_blinds_right", "state": "closing"},
                    {"entity_id": "media_player.living_room_tv", "state": "on"},
                    {"entity_id": "climate.living_room", "state": "cool", "temperature": 22},
                    {"entity_id": "light.hallway", "state": "off"},
                    {"entity_id": "light.kitchen", "state": "off"},
                    {"entity_id": "switch.kitchen_under_cabinet", "state": "off"},
                ]
            ),
        ),
    )
    t.step(
        "Movie night is set: living room at 20%, blinds closing, TV on, AC at 22 °C, hallway and kitchen off."
    )
    t.healthy(
        "Nine service calls on nine different entities, each acknowledged with the identical '[]', and a "
        "state read confirming the changes. Identical acknowledgements of different writes are not a loop."
    )
    return t.build()


def game_qa_sweep() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-036-playtest-level-sweep-fix-rerun",
        "A game QA agent runs the smoke playtest on fourteen levels (similar calls, different results), "
        "finds one crash, edits the culprit config and re-runs that level, which passes.",
        agent="game QA automation agent (playtest runner + repo tools)",
        model="claude-sonnet-4-5",
        start="2026-03-26T21:00:00+00:00",
    )
    t.user("Run the smoke playtest on every level of build 0.14.2 and fix anything trivially broken.")
    levels = [
        "Docks_01",
        "Docks_02",
        "Harbor_01",
        "Harbor_02",
        "Market_01",
        "Market_02",
        "Cliffs_01",
        "Cliffs_02",
        "Lighthouse",
        "Caves_01",
        "Caves_02",
        "Village_01",
        "Village_02",
        "Finale",
    ]
    for i, lvl in enumerate(levels):
        fps = 52 + (i * 7) % 11
        if lvl == "Caves_02":
            result = (
                f"Playtest {lvl} seed=1 bot=smoke_v2\n[00:00:41] NullReferenceException: Object reference "
                "not set to an instance of an object\n  at TorchSpawner.Awake () [0x00012] in "
                "Assets/Scripts/TorchSpawner.cs:27\nPlayer exited with code 1"
            )
            t.step(
                "",
                c(
                    "run_playtest",
                    {"scene": lvl, "seed": 1, "bot": "smoke_v2", "timeout_s": 300},
                    result,
                    error=True,
                ),
            )
        else:
            t.step(
                "Sweeping the levels." if i == 0 else "",
                c(
                    "run_playtest",
                    {"scene": lvl, "seed": 1, "bot": "smoke_v2", "timeout_s": 300},
                    f"Playtest {lvl} seed=1 bot=smoke_v2\nreached exit at {2 + i % 4}:{10 + i * 3:02d}, avg "
                    f"{fps} fps, 0 errors\nPlayer exited with code 0",
                ),
            )
    t.step(
        "Caves_02 crashes in TorchSpawner.Awake. Reading it.",
        c(
            "read_file",
            {"path": "Assets/Scripts/TorchSpawner.cs", "lines": "20-30"},
            "20  void Awake() {\n27      var prefab = Resources.Load<GameObject>(config.torchPrefab);\n   "
            "...\n// config is assigned from Assets/Config/caves_02.json",
        ),
    )
    t.step(
        "",
        c(
            "read_file",
            {"path": "Assets/Config/caves_02.json"},
            '{\n  "torchPrefab": null,\n  "ambient": "drip"\n}',
        ),
    )
    t.step(
        "The prefab path is missing in the Caves_02 config; the other cave level uses Prefabs/Torch_Wall.",
        c(
            "edit_file",
            {
                "path": "Assets/Config/caves_02.json",
                "old": '"torchPrefab": null',
                "new": '"torchPrefab": "Prefabs/Torch_Wall"',
            },
            js({"ok": True, "replacements": 1}),
        ),
    )
    t.step(
        "Re-running Caves_02.",
        c(
            "run_playtest",
            {"scene": "Caves_02", "seed": 1, "bot": "smoke_v2", "timeout_s": 300},
            "Playtest Caves_02 seed=1 bot=smoke_v2\nreached exit at 3:41, avg 55 fps, 0 errors\nPlayer "
            "exited with code 0",
        ),
    )
    t.step(
        "All 14 levels pass the smoke playtest. Caves_02 crashed on a null torch prefab in its config; "
        "fixed by pointing it at Prefabs/Torch_Wall and re-verified."
    )
    t.healthy(
        "A sweep over fourteen levels (same call, different scenes and results), one diagnosis, one edit "
        "and one re-run that passes. Fan-out plus a re-run after an edit is progress."
    )
    return t.build()


def cu_form_long() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-037-computer-use-vendor-onboarding-form",
        "A computer-use agent fills a four-page vendor onboarding form: many clicks, typing and screenshots "
        "that look alike, but the screen changes every time. A long run.",
        agent="computer-use agent (screenshot, click, type, key actions) in a browser",
        model="claude-sonnet-4-5",
        start="2026-03-27T14:00:00+00:00",
    )
    t.user(
        "Fill in our vendor onboarding on portal.bigretail.example for Northwind Supply (details in the "
        "clipboard note) and submit it."
    )
    pages = [
        (
            "Company details",
            [
                ("Legal name", "Northwind Supply Ltd"),
                ("Trading name", "Northwind Supply"),
                ("Company number", "09876543"),
                ("VAT number", "GB 123 4567 89"),
            ],
        ),
        (
            "Address",
            [
                ("Street", "12 Wharf Road"),
                ("City", "Bristol"),
                ("Postcode", "BS1 6QH"),
                ("Country", "United Kingdom"),
            ],
        ),
        (
            "Contacts",
            [
                ("Primary contact", "Amelia Hart"),
                ("Job title", "Accounts Payable Lead"),
                ("Email", "ap@northwind.example"),
                ("Phone", "+44 117 496 0123"),
            ],
        ),
        (
            "Bank details",
            [
                ("Account name", "Northwind Supply Ltd"),
                ("Sort code", "20-45-77"),
                ("Account number", "41552190"),
            ],
        ),
    ]
    t.step(
        "",
        c(
            "computer",
            {"action": "screenshot"},
            "[screenshot 1280x800] Vendor onboarding · Step 1 of 4: Company details. Empty fields: Legal "
            "name, Trading name, Company number, VAT number. Button: Next.",
        ),
    )
    y0 = 260
    for p, (title, fields) in enumerate(pages):
        filled: list[str] = []
        for f, (label, value) in enumerate(fields):
            y = y0 + 70 * f
            t.step(
                f"Filling '{label}'." if f == 0 else "",
                c(
                    "computer",
                    {"action": "left_click", "coordinate": [520, y]},
                    f"[screenshot 1280x800] Step {p + 1} of 4: {title}. Cursor in '{label}'.",
                ),
            )
            filled.append(f"{label}: {value}")
            t.step(
                "",
                c(
                    "computer",
                    {"action": "type", "text": value},
                    f"[screenshot 1280x800] Step {p + 1} of 4: {title}. " + "; ".join(filled) + ".",
                ),
            )
        t.step(
            "Page complete; checking before moving on.",
            c(
                "computer",
                {"action": "screenshot"},
                f"[screenshot 1280x800] Step {p + 1} of 4: {title}. All fields filled, no validation "
                "errors. Button: Next."
                if p < 3
                else f"[screenshot 1280x800] Step 4 of 4: {title}. All fields filled. "
                "Checkbox 'I confirm the details are correct' (unchecked). Button: Submit.",
            ),
        )
        if p < 3:
            t.step(
                "Next.",
                c(
                    "computer",
                    {"action": "left_click", "coordinate": [1100, 720]},
                    f"[screenshot 1280x800] Vendor onboarding · Step {p + 2} of 4: {pages[p + 1][0]}. Empty "
                    "fields: " + ", ".join(lbl for lbl, _ in pages[p + 1][1]) + ".",
                ),
            )
    t.step(
        "Ticking the confirmation.",
        c(
            "computer",
            {"action": "left_click", "coordinate": [300, 620]},
            "[screenshot 1280x800] Step 4 of 4: Bank details. Checkbox 'I confirm the details are correct' "
            "(checked). Button: Submit.",
        ),
    )
    t.step(
        "Submitting.",
        c(
            "computer",
            {"action": "left_click", "coordinate": [1100, 720]},
            "[screenshot 1280x800] 'Thank you. Application VND-2026-04417 received. We will verify your "
            "bank details within 3 working days.'",
        ),
    )
    t.step(
        "Submitted: Northwind Supply's onboarding is application VND-2026-04417; bank verification takes up "
        "to 3 working days."
    )
    t.healthy(
        f"A long computer-use session ({t.steps} steps) of clicks, typing and screenshots that look alike, "
        "but each screen differs (new fields filled, new page), ending in a submission. Repeated "
        "screenshots of a changing screen are progress."
    )
    return t.build()


def cu_installer_wait() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-038-computer-use-installer-progress",
        "A computer-use agent installs a desktop app: it waits and takes screenshots while the installer "
        "runs (three identical 'please wait' screens, then a moving progress bar) and finishes the wizard.",
        agent="computer-use agent (screenshot, click, key, wait actions) on a Windows desktop",
        model="computer-use-preview",
        start="2026-03-28T09:00:00+00:00",
        ids="call",
    )
    t.user("Install the Zebra label printer driver from the Downloads folder with default options.")
    t.step(
        "",
        c(
            "computer",
            {"action": "double_click", "x": 210, "y": 340},
            "[screenshot 1440x900] 'ZDesigner Driver Setup' welcome page. Buttons: Next, Cancel.",
        ),
    )
    t.step(
        "Next.",
        c(
            "computer",
            {"action": "click", "x": 980, "y": 690},
            "[screenshot 1440x900] License agreement. Radio: 'I accept' (unselected). Next disabled.",
        ),
    )
    t.step(
        "Accepting the license.",
        c(
            "computer",
            {"action": "click", "x": 420, "y": 600},
            "[screenshot 1440x900] License agreement. 'I accept' selected. Next enabled.",
        ),
    )
    t.step(
        "",
        c(
            "computer",
            {"action": "click", "x": 980, "y": 690},
            "[screenshot 1440x900] Installing ZDesigner Driver… Please wait. (no progress bar yet)",
        ),
    )
    for _ in range(3):
        t.step(
            "Waiting for the installer.",
            c(
                "computer",
                {"action": "wait", "seconds": 10},
                "[screenshot 1440x900] Installing ZDesigner Driver… Please wait. (no progress bar yet)",
            ),
        )
    for pct in (20, 45, 70, 95):
        t.step(
            "",
            c(
                "computer",
                {"action": "wait", "seconds": 10},
                f"[screenshot 1440x900] Installing ZDesigner Driver… Copying files ({pct}%).",
            ),
        )
    t.step(
        "",
        c(
            "computer",
            {"action": "wait", "seconds": 10},
            "[screenshot 1440x900] 'Installation complete.' Checkbox 'Run printer wizard' (checked). "
            "Button: Finish.",
        ),
    )
    t.step(
        "Unticking the wizard (defaults only) and finishing.",
        c(
            "computer",
            {"action": "click", "x": 380, "y": 610},
            "[screenshot 1440x900] 'Installation complete.' Checkbox 'Run printer wizard' (unchecked). "
            "Button: Finish.",
        ),
    )
    t.step(
        "",
        c(
            "computer",
            {"action": "click", "x": 980, "y": 690},
            "[screenshot 1440x900] Desktop. No dialogs open.",
        ),
    )
    t.step("The ZDesigner driver is installed with default options.")
    t.healthy(
        "Waiting on an installer: three identical wait actions return the same 'Please wait' screen, then "
        "the progress bar moves and the install completes. Like a poll that ends, this is healthy."
    )
    return t.build()


BUILDERS = [ha_scene_fanout, game_qa_sweep, cu_form_long, cu_installer_wait]
