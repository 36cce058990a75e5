"""Healthy runs of sustained work: long coding sessions with edits and test re-runs, formulaic narration over
new results, a long computer-use form, a long SQL investigation, a split final answer, the same tool for each
new user message, and a long valid table."""

from __future__ import annotations

from typing import Any

from blind21gen.builder import Trace, call, csv, healthy, js, jsp, table

GUT = "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit"
PLAYER = "/home/dev/skyhop/scripts/player.gd"
TESTS = "/home/dev/skyhop/test/unit/test_player.gd"


def _updated(path: str) -> str:
    return f"The file {path} has been updated."


@healthy("godot-dash-ability-long-session")
def godot_dash(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A game-development coding agent adds a dash ability with cooldown to a Godot player over 19 steps, "
        "re-running tests after each fix.",
        domain="game development (Godot)",
        language="en",
        ids="anthropic",
        harness="Claude Code",
        started="2026-03-04T10:00:00Z",
    )
    t.user(
        "Add a dash to the player: press 'dash' to move 180 px over 0.15 s in the facing direction, with a "
        "0.6 s cooldown. Add GUT tests and keep gdlint clean."
    )
    t.say(
        "Looking at the scripts.",
        call(
            "Glob", {"pattern": "scripts/**/*.gd"}, "scripts/player.gd\nscripts/camera_rig.gd\nscripts/hud.gd"
        ),
    )
    t.say(
        "",
        call(
            "Read",
            {"file_path": PLAYER},
            "extends CharacterBody2D\n\nconst SPEED := 220.0\nconst JUMP_VELOCITY := -420.0\n...\nfunc "
            "_physics_process(delta: float) -> void:\n"
            '    ...\n    velocity.x = Input.get_axis("left", "right") * SPEED\n    move_and_slide()\n',
        ),
    )
    t.say(
        "",
        call(
            "Read",
            {"file_path": TESTS},
            "extends GutTest\n\nfunc _spawn_on_floor():\n    ...\nfunc _step(p, seconds):\n    ...\n"
            "func test_buffered_jump_fires_on_landing():\n    ...\nfunc "
            "test_coyote_time_allows_late_jump():\n    ...\n",
        ),
    )
    t.say(
        "Checking for any existing dash code or input action.",
        call("Grep", {"pattern": "dash", "path": "/home/dev/skyhop", "-i": True}, "No matches found"),
    )
    t.say(
        "Adding constants and state.",
        call(
            "Edit",
            {
                "file_path": PLAYER,
                "old_string": "const JUMP_VELOCITY := -420.0",
                "new_string": "const JUMP_VELOCITY := -420.0\nconst DASH_DISTANCE := 180.0\nconst DASH_TIME "
                ":= 0.15\n"
                "const DASH_COOLDOWN := 0.6\n\nvar _dash_left := 0.0\nvar _dash_cd := 0.0\n"
                "var _facing := 1.0",
            },
            _updated(PLAYER),
        ),
    )
    t.say(
        "Adding the dash logic before move_and_slide.",
        call(
            "Edit",
            {
                "file_path": PLAYER,
                "old_string": '    velocity.x = Input.get_axis("left", "right") * SPEED\n'
                "    move_and_slide()",
                "new_string": '    var axis := Input.get_axis("left", "right")\n    velocity.x = axis * '
                "SPEED\n"
                '    if Input.is_action_just_pressed("dash") and _dash_cd <= 0.0:\n        _dash_left = '
                "DASH_TIME\n"
                "        _dash_cd = DASH_COOLDOWN\n    if _dash_left > 0.0:\n        velocity.x = "
                "sign(axis) * DASH_DISTANCE / DASH_TIME\n"
                "        velocity.y = 0.0\n        _dash_left -= delta\n    move_and_slide()",
            },
            _updated(PLAYER),
        ),
    )
    t.say(
        "Now the input action.",
        call(
            "Read",
            {"file_path": "/home/dev/skyhop/project.godot", "offset": 40, "limit": 20},
            '[input]\n\njump={\n"deadzone": 0.5,\n"events": [Object(InputEventKey,"keycode":32)]\n}\n',
        ),
    )
    t.say(
        "",
        call(
            "Edit",
            {
                "file_path": "/home/dev/skyhop/project.godot",
                "old_string": "[input]\n",
                "new_string": '[input]\n\ndash={\n"deadzone": 0.5,\n"events": '
                '[Object(InputEventKey,"keycode":4194325)]\n}\n',
            },
            _updated("/home/dev/skyhop/project.godot"),
        ),
    )
    t.say(
        "Writing the tests.",
        call(
            "Edit",
            {
                "file_path": TESTS,
                "old_string": "func test_coyote_time_allows_late_jump():",
                "new_string": "func test_dash_moves_180px():\n    var p = _spawn_on_floor()\n    var x0 = "
                "p.position.x\n"
                '    _press(p, "dash")\n    _step(p, 0.2)\n    assert_almost_eq(p.position.x - x0, 180.0, '
                "6.0)\n\n"
                'func test_dash_has_cooldown():\n    var p = _spawn_on_floor()\n    _press(p, "dash")\n    '
                "_step(p, 0.3)\n"
                '    var x1 = p.position.x\n    _press(p, "dash")\n    _step(p, 0.2)\n    '
                "assert_lt(p.position.x - x1, 20.0)\n\n"
                "func test_coyote_time_allows_late_jump():",
            },
            _updated(TESTS),
        ),
    )
    t.say(
        "Running the unit tests.",
        call(
            "Bash",
            {"command": GUT},
            "* test_dash_moves_180px\n    [Failed]: Expected 180 +/- 6 but got 0\n* "
            "test_dash_has_cooldown\n    [Passed]\n"
            "Totals: 14 tests, 1 failing",
            error=True,
        ),
    )
    t.say(
        "With no directional input, sign(axis) is 0, so the dash goes nowhere. It should use the facing "
        "direction.",
        call(
            "Edit",
            {
                "file_path": PLAYER,
                "old_string": "    velocity.x = axis * SPEED\n",
                "new_string": "    velocity.x = axis * SPEED\n    if axis != 0.0:\n        _facing = "
                "sign(axis)\n",
            },
            _updated(PLAYER),
        ),
    )
    t.say(
        "",
        call(
            "Edit",
            {
                "file_path": PLAYER,
                "old_string": "velocity.x = sign(axis) * DASH_DISTANCE / DASH_TIME",
                "new_string": "velocity.x = _facing * DASH_DISTANCE / DASH_TIME",
            },
            _updated(PLAYER),
        ),
    )
    t.say(
        "Re-running the tests.",
        call(
            "Bash",
            {"command": GUT},
            "* test_dash_moves_180px\n    [Passed]\n* test_dash_has_cooldown\n    [Failed]: Expected 178.4 "
            "to be less than 20\n"
            "Totals: 14 tests, 1 failing",
            error=True,
        ),
    )
    t.say(
        "The cooldown never decreases. Decrementing it every frame.",
        call(
            "Edit",
            {
                "file_path": PLAYER,
                "old_string": '    var axis := Input.get_axis("left", "right")',
                "new_string": "    _dash_cd = max(_dash_cd - delta, 0.0)\n    var axis := "
                'Input.get_axis("left", "right")',
            },
            _updated(PLAYER),
        ),
    )
    t.say(
        "Wait, that alone should already block the second dash at 0.3 s. Re-running to see.",
        call(
            "Bash",
            {"command": GUT},
            "* test_dash_moves_180px\n    [Passed]\n* test_dash_has_cooldown\n    [Passed]\nTotals: 14 "
            "tests, 0 failing",
        ),
    )
    t.say(
        "Tests pass. (The earlier cooldown test passed by accident while the dash itself did nothing.) "
        "Running gdlint.",
        call(
            "Bash",
            {"command": "gdlint scripts/ test/"},
            'scripts/player.gd:31: Error: Function "_physics_process" has more than 40 lines '
            "(max-function-length)\n"
            "Failure: 1 problem found",
            error=True,
        ),
    )
    t.say(
        "Extracting the dash into its own function.",
        call(
            "Edit",
            {
                "file_path": PLAYER,
                "old_string": '    if Input.is_action_just_pressed("dash") and _dash_cd <= 0.0:',
                "new_string": "    _update_dash(delta)\n\n\nfunc _update_dash(delta: float) -> void:\n"
                '    if Input.is_action_just_pressed("dash") and _dash_cd <= 0.0:',
            },
            _updated(PLAYER),
        ),
    )
    t.say(
        "Lint and tests again.",
        call(
            "Bash",
            {"command": f"gdlint scripts/ test/ && {GUT}"},
            "Success: no problems found\n...\nTotals: 14 tests, 0 failing",
        ),
    )
    t.say(
        "Dash added: 180 px over 0.15 s in the facing direction, 0.6 s cooldown, bound to Shift. Two new GUT "
        "tests; all 14 pass and gdlint is clean."
    )
    return t.healthy(
        "A 19-step coding session: reads, edits, and test runs whose results change after each edit (1 "
        "failing, a different 1 failing, 0 failing), then lint fixed. Re-running tests after edits is "
        "progress."
    )


@healthy("extension-manifest-both-keys")
def extension_both_keys(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A browser-extension coding agent makes the manifest work for Chrome and Firefox and re-runs both "
        "builds after each edit.",
        domain="browser extension development",
        language="en",
        ids="anthropic",
        harness="Claude Code",
        started="2026-05-29T08:00:00Z",
    )
    t.user(
        "Firefox build fails with 'background.service_worker is currently disabled'. Fix it without "
        "breaking Chrome."
    )
    mf = "/home/dev/tabnest/src/manifest.json"
    t.say(
        "Reading the manifest and build scripts.",
        call(
            "Read",
            {"file_path": mf},
            '{\n  "manifest_version": 3,\n  "background": {\n    "service_worker": "background.js",\n    '
            '"type": "module"\n  }\n}\n',
        ),
        call(
            "Read",
            {"file_path": "/home/dev/tabnest/package.json"},
            '{"scripts": {"build:chrome": "vite build --mode chrome && web-ext-lint --target chrome '
            'dist/chrome",\n'
            ' "build:firefox": "vite build --mode firefox && web-ext lint -s dist/firefox"}}',
        ),
    )
    t.say(
        "Firefox MV3 wants background.scripts; Chrome ignores it with a warning if service_worker is "
        "present. Adding both keys.",
        call(
            "Edit",
            {
                "file_path": mf,
                "old_string": '"service_worker": "background.js",',
                "new_string": '"service_worker": "background.js",\n    "scripts": ["background.js"],',
            },
            _updated(mf),
        ),
    )
    both = {"command": "npm run build:chrome && npm run build:firefox"}
    t.say(
        "Building both targets.",
        call(
            "Bash",
            both,
            "build:chrome ... WARNING MANIFEST_FIELD_UNSUPPORTED: 'background.scripts' is ignored\n✓ chrome "
            "OK\n"
            "build:firefox ... ERROR EXTENSION_ID_REQUIRED: browser_specific_settings.gecko.id is required "
            "for MV3\nexit 1",
            error=True,
        ),
    )
    t.say(
        "Chrome passes with a harmless warning. Firefox now needs a gecko id.",
        call(
            "Edit",
            {
                "file_path": mf,
                "old_string": '  "background": {',
                "new_string": '  "browser_specific_settings": {"gecko": {"id": "tabnest@example.dev", '
                '"strict_min_version": "121.0"}},\n  "background": {',
            },
            _updated(mf),
        ),
    )
    t.say(
        "Building both again.",
        call(
            "Bash",
            both,
            "build:chrome ... WARNING MANIFEST_FIELD_UNSUPPORTED: 'background.scripts' is ignored\n"
            "WARNING MANIFEST_FIELD_UNSUPPORTED: 'browser_specific_settings' is ignored\n✓ chrome "
            "OK\nbuild:firefox ... ✓ firefox OK (0 errors, 0 warnings)",
        ),
    )
    t.say(
        "Running the extension's unit tests too.",
        call("Bash", {"command": "npm test"}, "Test Files  9 passed (9)\n     Tests  61 passed (61)"),
    )
    t.say(
        "Both builds pass: the manifest declares service_worker and scripts plus a gecko id (Firefox ≥ "
        "121). Chrome only warns about the ignored keys."
    )
    return t.healthy(
        "Edits followed by re-runs of the same build command whose output changes each time; a normal fix "
        "cycle."
    )


@healthy("motor-pid-host-tests")
def motor_pid_tests(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An embedded-firmware agent fixes integral windup in a PID controller and re-runs host-side unit "
        "tests after each edit.",
        domain="embedded firmware bring-up",
        language="en",
        ids="plain",
        harness="Gemini CLI",
        started="2026-06-24T13:00:00Z",
    )
    t.user(
        "The speed loop overshoots badly after the motor stalls. Check the PID for windup and fix it; host "
        "tests are under firmware/mc-g4/tests."
    )
    t.say(
        "Reading the controller.",
        call(
            "read_file",
            {"absolute_path": "/home/ana/firmware/mc-g4/src/pid.rs"},
            "pub fn update(&mut self, err: f32, dt: f32) -> f32 {\n    self.integral += err * dt;\n    let "
            "d = (err - self.prev) / dt;\n"
            "    self.prev = err;\n    let out = self.kp * err + self.ki * self.integral + self.kd * d;\n   "
            " out.clamp(self.min, self.max)\n}",
        ),
    )
    tests = {"command": "cargo test --target x86_64-unknown-linux-gnu pid", "directory": "firmware/mc-g4"}
    t.say(
        "Running the PID tests first.",
        call(
            "run_shell_command",
            tests,
            "running 4 tests\ntest pid::tests::step_response ... ok\ntest pid::tests::saturation_recovery "
            "... FAILED\n"
            "---- saturation_recovery stdout ----\novershoot 61.2% > 15%\ntest result: FAILED. 3 passed; 1 "
            "failed\nExit Code: 101",
            error=True,
        ),
    )
    t.say(
        "The integral keeps growing while the output is clamped. Adding conditional integration.",
        call(
            "replace",
            {
                "file_path": "/home/ana/firmware/mc-g4/src/pid.rs",
                "old_string": "    self.integral += err * dt;\n",
                "new_string": "    let saturated = self.last_out >= self.max && err > 0.0 || self.last_out "
                "<= self.min && err < 0.0;\n"
                "    if !saturated {\n        self.integral += err * dt;\n    }\n",
            },
            "Successfully modified file (1 replacements).",
        ),
    )
    t.say(
        "Re-running.",
        call(
            "run_shell_command",
            tests,
            "error[E0609]: no field `last_out` on type `&mut Pid`\n --> src/pid.rs:4:30\nExit Code: 101",
            error=True,
        ),
    )
    t.say(
        "Adding the field and storing the output.",
        call(
            "replace",
            {
                "file_path": "/home/ana/firmware/mc-g4/src/pid.rs",
                "old_string": "    out.clamp(self.min, self.max)\n",
                "new_string": "    self.last_out = out.clamp(self.min, self.max);\n    self.last_out\n",
            },
            "Successfully modified file (1 replacements).",
        ),
        call(
            "replace",
            {
                "file_path": "/home/ana/firmware/mc-g4/src/pid.rs",
                "old_string": "    pub prev: f32,\n",
                "new_string": "    pub prev: f32,\n    pub last_out: f32,\n",
            },
            "Successfully modified file (1 replacements).",
        ),
    )
    t.say(
        "Re-running.",
        call(
            "run_shell_command",
            tests,
            "running 4 tests\ntest pid::tests::saturation_recovery ... ok\n"
            "test result: ok. 4 passed; 0 failed\nExit Code: 0",
        ),
    )
    t.say(
        "Cross-building for the target.",
        call(
            "run_shell_command",
            {"command": "cargo build --release", "directory": "firmware/mc-g4"},
            "    Finished `release` profile [optimized + debuginfo] target(s) in 12.90s\nExit Code: 0",
        ),
    )
    t.say(
        "Fixed: the integrator now stops while the output is saturated in the same direction. Saturation "
        "recovery overshoot is within 15% and all 4 PID tests pass."
    )
    return t.healthy(
        "Edit, test, compile error, edit, test passes: the same test command with a different result after "
        "each edit."
    )


@healthy("elan-annotation-formulaic-narration")
def elan_formulaic(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A linguistics fieldwork agent annotates five recordings with the same sentence pattern; each call "
        "handles a new file.",
        domain="linguistic fieldwork (audio annotation)",
        language="en",
        ids="mistral",
        harness="multi-agent orchestrator",
        started="2026-08-13T09:00:00Z",
    )
    t.user(
        "Run automatic tone-tier annotation on the five Sunday recordings and report how many tokens need "
        "manual review."
    )
    files = [
        ("INA-2026-11", 412, 23),
        ("INA-2026-12", 388, 17),
        ("INA-2026-13", 501, 41),
        ("INA-2026-14", 296, 9),
        ("INA-2026-15", 455, 30),
    ]
    for name, toks, review in files:
        t.say(
            f"Next I'll annotate the tone tier for {name}.",
            call(
                "elan.annotate_tone",
                {"recording": f"{name}.wav", "eaf": f"{name}.eaf", "model": "tone-crf-v2"},
                jsp({"recording": name, "tokens": toks, "low_confidence": review, "tier": "tone@auto"}),
            ),
        )
    t.say(
        "Done: 2,052 tokens annotated across five files; 120 low-confidence tokens need manual review (most "
        "in INA-2026-13)."
    )
    return t.healthy(
        "Formulaic narration ('Next I'll annotate ...') repeats, but each call targets a new recording with "
        "new results."
    )


@healthy("landscaping-crew-per-site")
def landscaping_crew(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A landscaping company agent schedules crews site by site with the same phrasing, each for a "
        "different "
        "site.",
        domain="landscaping crew scheduling",
        language="ko",
        ids="named",
        harness="custom scheduling agent",
        started="2026-04-13T23:00:00Z",
    )
    t.user("다음 주 월요일 잔디 깎기 작업을 현장별로 배정해 줘. 현장은 다섯 곳이야.")
    t.say(
        "현장 목록을 가져오겠습니다.",
        call(
            "listSites",
            {"service": "mowing", "date": "2026-04-20"},
            csv(
                [
                    ["site", "area_m2", "zone"],
                    ["S-11 한빛아파트", 5200, "북"],
                    ["S-14 푸른초교", 3100, "북"],
                    ["S-20 해오름공원", 8800, "남"],
                    ["S-23 시청별관", 1400, "중앙"],
                    ["S-27 다온빌딩", 900, "중앙"],
                ]
            ),
        ),
    )
    plan = [
        ("S-11", "A조", "07:30"),
        ("S-14", "A조", "11:00"),
        ("S-20", "B조", "07:30"),
        ("S-23", "C조", "08:00"),
        ("S-27", "C조", "10:00"),
    ]
    for site, crew, start in plan:
        t.say(
            f"{site} 현장에 작업조를 배정하겠습니다.",
            call(
                "assignCrew",
                {"site": site, "crew": crew, "date": "2026-04-20", "start": start},
                js({"ok": True, "site": site, "crew": crew, "start": start}),
            ),
        )
    t.say("배정 완료: A조 S-11(07:30)·S-14(11:00), B조 S-20(07:30), C조 S-23(08:00)·S-27(10:00).")
    return t.healthy(
        "The same sentence pattern for five assignments, each to a different site with a different crew or "
        "time."
    )


@healthy("cleaning-contract-form-computer-use")
def cleaning_contract_form(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A computer-use agent enters a new commercial-cleaning contract into a web form over 15 steps.",
        domain="commercial cleaning scheduling",
        language="en",
        ids="anthropic",
        harness="computer-use agent",
        started="2026-11-02T09:00:00Z",
    )
    t.user(
        "Enter the new contract for Harbor Point Offices in CleanOps: 3 floors, weekdays 18:00–21:00, start "
        "1 Dec, £2,850/month, contact Dana Ruiz."
    )
    seq = [
        ({"action": "screenshot"}, "CleanOps home. Sidebar: Contracts, Sites, Staff. Button 'New contract'."),
        (
            {"action": "left_click", "coordinate": [1120, 88]},
            "New contract form, step 1 of 3: Client name, Site address, Floors, Contact.",
        ),
        ({"action": "left_click", "coordinate": [540, 210]}, "Client name field focused."),
        ({"action": "type", "text": "Harbor Point Offices"}, "Client name: 'Harbor Point Offices'."),
        ({"action": "left_click", "coordinate": [540, 290]}, "Floors field focused."),
        ({"action": "type", "text": "3"}, "Floors: 3."),
        ({"action": "left_click", "coordinate": [540, 370]}, "Contact field focused."),
        (
            {"action": "type", "text": "Dana Ruiz"},
            "Contact: 'Dana Ruiz'. Address still empty (required, red outline).",
        ),
        (
            {"action": "left_click", "coordinate": [540, 250]},
            "Address field focused; autocomplete list appears.",
        ),
        (
            {"action": "type", "text": "Harbor Point, 14 Quay St"},
            "Suggestion: '14 Quay Street, Harbor Point, BS1 4QA'.",
        ),
        ({"action": "key", "text": "Return"}, "Address filled. 'Next' enabled."),
        (
            {"action": "left_click", "coordinate": [1040, 640]},
            "Step 2 of 3: Schedule. Days checkboxes, start/end time, start date.",
        ),
        (
            {"action": "left_click", "coordinate": [420, 260]},
            "Preset 'Weekdays' selected (Mon–Fri checked); times 18:00–21:00 typed via preset fields.",
        ),
        (
            {"action": "left_click", "coordinate": [1040, 640]},
            "Step 3 of 3: Price £/month, Start date. Filled: start 01/12/2026, price 2850.",
        ),
        (
            {"action": "left_click", "coordinate": [1040, 700]},
            "Contract C-2026-0417 created. Status: Active from 01/12/2026.",
        ),
    ]
    for i, (args, shot) in enumerate(seq):
        t.say(
            ""
            if i not in (0, 11, 14)
            else ["Opening CleanOps.", "Moving to the schedule.", "Submitting."][[0, 11, 14].index(i)],
            call("computer", args, "Screenshot: " + shot),
        )
    t.say(
        "Contract C-2026-0417 for Harbor Point Offices is active from 1 December: 3 floors, weekdays "
        "18:00–21:00, £2,850/month, contact Dana Ruiz."
    )
    return t.healthy(
        "A 16-step computer-use session filling a form: each click or keystroke moves the form on; "
        "screenshots differ."
    )


@healthy("claims-spike-sql-investigation")
def claims_spike_sql(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An actuarial data agent investigates a jump in paid claims over 15 SQL queries, each narrowing the "
        "question.",
        domain="actuarial loss reserving",
        language="en",
        ids="bedrock",
        harness="Bedrock analytics agent",
        started="2026-10-05T08:00:00Z",
    )
    t.user("Motor paid claims jumped in Q3. Find out what drove it.")
    steps = [
        (
            "Quarterly totals first.",
            "SELECT quarter, SUM(paid) FROM claims_paid WHERE lob='motor' AND year=2026 GROUP BY 1",
            " quarter | sum\n---------+--------\n Q1 | 10.21M\n Q2 | 10.48M\n Q3 | 13.92M\n(3 rows)",
        ),
        (
            "Split by coverage.",
            "SELECT coverage, quarter, SUM(paid) FROM claims_paid WHERE lob='motor' AND year=2026 GROUP BY "
            "1,2",
            " coverage | Q2 | Q3\n own_damage | 6.02M | 8.97M\n liability | 3.91M | 4.33M\n glass | 0.55M | "
            "0.62M",
        ),
        (
            "Own damage drives it. Count vs. severity.",
            "SELECT quarter, COUNT(*), AVG(paid) FROM claims_paid WHERE coverage='own_damage' GROUP BY 1",
            " quarter | count | avg\n Q2 | 2210 | 2724\n Q3 | 3012 | 2978",
        ),
        (
            "Frequency up 36%. By loss cause.",
            "SELECT cause, quarter, COUNT(*) FROM claims WHERE coverage='own_damage' GROUP BY 1,2",
            " cause | Q2 | Q3\n collision | 1610 | 1655\n hail | 41 | 702\n theft | 220 | 231\n other | 339 "
            "| 424",
        ),
        (
            "Hail. Where?",
            "SELECT region, COUNT(*) FROM claims WHERE cause='hail' AND quarter='Q3' GROUP BY 1 ORDER BY 2 "
            "DESC",
            " region | count\n South | 588\n Centre | 97\n North | 17",
        ),
        (
            "Dates of loss in the South.",
            "SELECT loss_date, COUNT(*) FROM claims WHERE cause='hail' AND region='South' GROUP BY 1 ORDER "
            "BY 2 DESC LIMIT 3",
            " loss_date | count\n 2026-07-18 | 531\n 2026-07-19 | 40\n 2026-08-02 | 9",
        ),
        (
            "One event. Average hail severity.",
            "SELECT AVG(paid), PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY paid) FROM claims_paid WHERE "
            "cause='hail' AND quarter='Q3'",
            " avg | p90\n 3610 | 6900",
        ),
        (
            "How much is still open?",
            "SELECT status, COUNT(*) FROM claims WHERE cause='hail' AND loss_date='2026-07-18' GROUP BY 1",
            " status | count\n closed | 402\n open | 129",
        ),
        (
            "Excluding hail, is frequency normal?",
            "SELECT quarter, COUNT(*) FROM claims WHERE coverage='own_damage' AND cause<>'hail' GROUP BY 1",
            " quarter | count\n Q2 | 2169\n Q3 | 2310",
        ),
        (
            "Exposure growth?",
            "SELECT quarter, SUM(earned_vehicle_years) FROM exposure WHERE lob='motor' GROUP BY 1",
            " quarter | sum\n Q2 | 98210\n Q3 | 101940",
        ),
        (
            "Non-hail frequency per vehicle-year.",
            "SELECT 2169/98210.0 AS q2, 2310/101940.0 AS q3",
            " q2 | q3\n 0.02209 | 0.02266",
        ),
        (
            "Liability: any large losses?",
            "SELECT claim_id, paid FROM claims_paid WHERE coverage='liability' AND quarter='Q3' AND paid > "
            "100000",
            " claim_id | paid\n L-88120 | 212400\n L-88517 | 148000",
        ),
        (
            "Reinsurance recoveries on the hail event?",
            "SELECT treaty, recoverable FROM ri_recoveries WHERE event_code='HAIL-2026-07-18'",
            " treaty | recoverable\n CAT-XL-2026 | 0\n(retention 2.5M, event gross 2.09M)",
        ),
        (
            "Any reporting-lag change?",
            "SELECT quarter, AVG(report_date - loss_date) FROM claims WHERE coverage='own_damage' GROUP BY 1",
            " quarter | avg\n Q2 | 6.1\n Q3 | 6.4",
        ),
        (
            "Last, the hail share of the Q3 increase.",
            "SELECT SUM(paid) FROM claims_paid WHERE cause='hail' AND quarter='Q3'",
            " sum\n 2.53M",
        ),
    ]
    for text, sql, out in steps:
        t.say(text, call("sql.query", {"sql": sql}, out))
    t.say(
        "Q3 motor paid rose 3.44M over Q2. About 2.5M is one hail storm in the South on 18 July (531 claims; "
        "129 still open; below the CAT-XL retention, so no recovery). Two large liability claims add ~0.36M. "
        "Non-hail frequency per vehicle-year is flat (0.0221 → 0.0227), and reporting lag is unchanged."
    )
    return t.healthy(
        "A 16-step SQL investigation where every query is new and narrows the question; a long productive "
        "run."
    )


@healthy("dye-recipe-split-answer")
def dye_split_answer(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A dye-house agent computes a recipe and delivers the answer across three messages with different "
        "content.",
        domain="textile dyeing (shade matching)",
        language="en",
        ids="mistral",
        harness="custom dye-house agent",
        started="2026-07-02T06:00:00Z",
    )
    t.user(
        "Match shade NAVY-7 on cotton knit with reactives; the sample was measured this morning (file "
        "navy7.cxf). Give me the recipe, cost and lab-dip plan."
    )
    t.say(
        "Computing the match from the reflectance file.",
        call(
            "dyehouse.match_shade",
            {"reflectance_file": "navy7.cxf", "substrate": "cotton knit", "dye_class": "reactive"},
            jsp(
                {
                    "status": "ok",
                    "recipe_pct_owf": {
                        "Reactive Navy HF-2R": 3.80,
                        "Reactive Red HF-3B": 0.42,
                        "Reactive Yellow HF-4G": 0.21,
                    },
                    "salt_gpl": 70,
                    "soda_ash_gpl": 20,
                    "predicted_de2000": 0.6,
                    "metamerism_index_F11": 0.9,
                }
            ),
        ),
    )
    t.say(
        "Recipe (% owf): Navy HF-2R 3.80, Red HF-3B 0.42, Yellow HF-4G 0.21; salt 70 g/L, soda ash 20 g/L. "
        "Predicted ΔE2000 0.6 (D65)."
    )
    t.say("Cost at current prices: about €0.31 per kg of fabric in dyes and €0.09 in auxiliaries.")
    t.say(
        "Lab-dip plan: one dip at the predicted recipe plus two brackets at ±5% navy; check under F11 too, "
        "since the metamerism index is 0.9."
    )
    return t.healthy(
        "A final answer split over three consecutive messages whose contents differ (recipe, cost, plan); "
        "not a restatement."
    )


@healthy("patrol-status-per-user-question")
def patrol_status_turns(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A security-operations agent checks the same patrol status for each new question from the control "
        "room, including one identical re-check the user asks for.",
        domain="security guard patrol reporting",
        language="en",
        ids="plain",
        harness="custom reporting agent",
        started="2026-03-09T22:00:00Z",
    )
    args = {"site": "harbour-logistics-park", "shift": "night"}
    t.user("Is the 22:00 round at Harbour Logistics Park under way?")
    t.say(
        "",
        call(
            "patrols.status",
            args,
            jsp({"round": "R1", "guard": "Okafor", "checkpoints": "4/20", "last_scan": "22:14 gate B"}),
        ),
    )
    t.say("Yes, R1 is under way: Okafor has scanned 4 of 20 checkpoints, last at gate B at 22:14.")
    t.user("Has he reached the cold store yet?")
    t.say(
        "",
        call(
            "patrols.status",
            args,
            jsp(
                {
                    "round": "R1",
                    "guard": "Okafor",
                    "checkpoints": "11/20",
                    "last_scan": "22:31 cold store door 2",
                }
            ),
        ),
    )
    t.say("Yes, cold store door 2 was scanned at 22:31 (11 of 20).")
    t.user("An alarm just came in from unit 7. Check the round again please.")
    t.say(
        "",
        call(
            "patrols.status",
            args,
            jsp(
                {
                    "round": "R1",
                    "guard": "Okafor",
                    "checkpoints": "11/20",
                    "last_scan": "22:31 cold store door 2",
                }
            ),
        ),
    )
    t.say(
        "No new scan since 22:31 at the cold store. Unit 7 is two checkpoints further; I'd radio Okafor to "
        "go there now."
    )
    t.user("He says he's on his way. Check again in a bit.")
    t.say(
        "",
        call(
            "patrols.status",
            args,
            jsp({"round": "R1", "guard": "Okafor", "checkpoints": "13/20", "last_scan": "22:44 unit 7"}),
        ),
    )
    t.say("Okafor scanned unit 7 at 22:44.")
    return t.healthy(
        "The same status call answers four different user messages; one repeat returns the same data because "
        "the user asked for a re-check. Calls that each answer a new user message are healthy."
    )


@healthy("breeding-trial-long-table")
def breeding_table(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A plant-breeding analyst fits the corrected model and returns a long table of line means whose rows "
        "all differ.",
        domain="plant breeding field trials",
        language="en",
        ids="responses",
        harness="data analysis agent",
        started="2026-10-03T07:00:00Z",
    )
    t.user(
        "Refit BUG-26-KY yield as RCBD (no block term) and give me all 24 lines ranked, with Tukey groups."
    )
    t.say(
        "Fitting the RCBD model.",
        call(
            "stats.run_anova",
            {"formula": "yield ~ line + rep", "data": "BUG-26-KY"},
            "Df Sum Sq Mean Sq F value Pr(>F)\nline 23 412880 17951 6.84 <0.001\nrep 3 30120 10040 3.83 "
            "0.013\nResiduals 69 181090 2624",
        ),
    )
    lines = [
        f"KY-{n:02d}"
        for n in (17, 4, 22, 9, 13, 1, 20, 6, 15, 11, 3, 24, 8, 19, 2, 14, 10, 23, 5, 18, 12, 7, 21, 16)
    ]
    means = [
        631,
        622,
        618,
        611,
        604,
        599,
        596,
        590,
        587,
        581,
        577,
        572,
        566,
        561,
        558,
        552,
        547,
        540,
        533,
        529,
        521,
        514,
        506,
        497,
    ]
    groups = [
        "a",
        "ab",
        "ab",
        "abc",
        "abc",
        "abcd",
        "abcd",
        "bcde",
        "bcde",
        "cdef",
        "cdef",
        "defg",
        "efgh",
        "efgh",
        "fghi",
        "ghij",
        "hij",
        "ij",
        "jk",
        "jk",
        "kl",
        "kl",
        "l",
        "l",
    ]
    t.say(
        "Tukey HSD on line means.",
        call(
            "stats.tukey",
            {"model": "last", "term": "line"},
            csv(
                [
                    ["line", "mean_kg_da", "group"],
                    *[[a, b, c] for a, b, c in zip(lines, means, groups, strict=True)],
                ]
            ),
        ),
    )
    rows = [[i + 1, a, b, c] for i, (a, b, c) in enumerate(zip(lines, means, groups, strict=True))]
    t.say(
        "Lines ranked by mean yield (kg/da), RCBD, Tukey HSD α=0.05:\n\n"
        + table(["rank", "line", "mean", "group"], rows)
        + "\n\nLine effect p < 0.001; KY-17, KY-04 and KY-22 lead and do not differ significantly."
    )
    return t.healthy("A long table whose 24 rows all differ; structured output, not degenerate repetition.")
