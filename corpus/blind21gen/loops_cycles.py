"""Loops that cycle: A/B alternations, longer re-visits (period 3 and 4), edit-revert cycles and toggles."""

from __future__ import annotations

from typing import Any

from blind21gen.builder import Trace, call, csv, js, jsi, jsp, loop, table

GODOT_PLAYER = """extends CharacterBody2D

const SPEED := 220.0
const JUMP_VELOCITY := -420.0
const COYOTE_TIME := 0.1
const JUMP_BUFFER := 0.12

var _coyote := 0.0
var _buffer := 0.0

func _physics_process(delta: float) -> void:
    if is_on_floor():
        _coyote = COYOTE_TIME
    else:
        _coyote = max(_coyote - delta, 0.0)
        velocity.y += get_gravity().y * delta
    _buffer = max(_buffer - delta, 0.0)
    if Input.is_action_just_pressed("jump"):
        _buffer = JUMP_BUFFER
    if _buffer > 0.0 and _coyote > 0.0:
        velocity.y = JUMP_VELOCITY
        _buffer = 0.0
    velocity.x = Input.get_axis("left", "right") * SPEED
    move_and_slide()
"""


@loop("godot-read-test-alternation")
def godot_read_test_alternation(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A game-development coding agent fixes jump buffering in a Godot player script, then alternates "
        "between re-reading the script and re-running the same failing test.",
        domain="game development (Godot)",
        language="en",
        ids="anthropic",
        harness="Claude Code",
        started="2026-03-02T18:11:00Z",
    )
    t.user(
        "Jump buffering in scripts/player.gd is broken: pressing jump just before landing does nothing. Fix "
        "it; the GUT tests are in test/unit/test_player.gd."
    )
    t.say(
        "I'll look at the player script and its tests.",
        call("Glob", {"pattern": "**/player*.gd"}, "scripts/player.gd\ntest/unit/test_player.gd"),
    )
    t.say(
        "",
        call(
            "Read",
            {"file_path": "/home/dev/skyhop/scripts/player.gd"},
            GODOT_PLAYER.replace("    _buffer = max(_buffer - delta, 0.0)\n", "").replace(
                "        _buffer = JUMP_BUFFER\n", "        _buffer = 0.0\n"
            ),
        ),
        call(
            "Read",
            {"file_path": "/home/dev/skyhop/test/unit/test_player.gd"},
            "extends GutTest\n\nfunc test_buffered_jump_fires_on_landing():\n    ...\n\n"
            "func test_coyote_time_allows_late_jump():\n    var p = _spawn_on_ledge()\n    _step(p, 0.05)\n"
            "    _press_jump(p)\n    assert_lt(p.velocity.y, 0.0, 'jump within coyote window')\n",
        ),
    )
    t.say(
        "The buffer is reset to 0 on press instead of being armed, and never decays. Fixing both.",
        call(
            "Edit",
            {
                "file_path": "/home/dev/skyhop/scripts/player.gd",
                "old_string": '    if Input.is_action_just_pressed("jump"):\n        _buffer = 0.0',
                "new_string": "    _buffer = max(_buffer - delta, 0.0)\n    if Input.is_action_just_pressed"
                '("jump"):\n        _buffer = JUMP_BUFFER',
            },
            "The file /home/dev/skyhop/scripts/player.gd has been updated.",
        ),
    )
    t.say(
        "Running the unit tests.",
        call(
            "Bash",
            {"command": "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit"},
            "res://test/unit/test_player.gd\n* test_buffered_jump_fires_on_landing\n    [Failed]: Expected "
            "-420 "
            "but got 0 (velocity.y after landing)\n* test_coyote_time_allows_late_jump\n    [Passed]\n\n"
            "Totals: 12 tests, 1 failing\n",
            error=True,
        ),
    )
    t.say(
        "The buffered jump still does not fire. The buffer decays before the press is read on the landing "
        "frame; I'll check the test helper to see the frame order.",
        call(
            "Grep",
            {"pattern": "func _step|func _land", "path": "test/unit/test_player.gd", "-n": True},
            "41:func _step(p, seconds):\n52:func _land(p):",
        ),
    )
    t.say(
        "",
        call(
            "Read",
            {"file_path": "/home/dev/skyhop/test/unit/test_player.gd", "offset": 41, "limit": 20},
            "func _step(p, seconds):\n    var frames = int(seconds * 60)\n    for i in frames:\n"
            "        p._physics_process(1.0 / 60.0)\n\nfunc _land(p):\n    p.position.y = FLOOR_Y\n"
            "    p._physics_process(1.0 / 60.0)\n",
        ),
    )
    last_edit = t.say(
        "The test lands the player with a direct call, so is_on_floor() depends on move_and_slide from the "
        "previous frame. Moving the coyote refresh after move_and_slide.",
        call(
            "Edit",
            {
                "file_path": "/home/dev/skyhop/scripts/player.gd",
                "old_string": '    velocity.x = Input.get_axis("left", "right") * SPEED\n'
                "    move_and_slide()",
                "new_string": '    velocity.x = Input.get_axis("left", "right") * SPEED\n    '
                "move_and_slide()\n"
                "    if is_on_floor():\n        _coyote = COYOTE_TIME",
            },
            "The file /home/dev/skyhop/scripts/player.gd has been updated.",
        ),
    )
    fail = (
        "res://test/unit/test_player.gd\n* test_buffered_jump_fires_on_landing\n    [Failed]: Expected -420 "
        "but "
        "got 0 (velocity.y after landing)\n* test_coyote_time_allows_late_jump\n    [Passed]\n\n"
        "Totals: 12 tests, 1 failing\n"
    )
    test = {"command": "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit"}
    read = {"file_path": "/home/dev/skyhop/scripts/player.gd"}
    fixed = GODOT_PLAYER.replace(
        "    move_and_slide()\n",
        "    move_and_slide()\n    if is_on_floor():\n        _coyote = COYOTE_TIME\n",
    )
    runs = [t.say("Re-running the tests.", call("Bash", test, fail, error=True))]
    t.say("Same failure. Let me re-read the script to see what I'm missing.", call("Read", read, fixed))
    runs.append(
        t.say("The order looks right to me. Running the tests again.", call("Bash", test, fail, error=True))
    )
    t.say("Still failing. Looking at the script once more.", call("Read", read, fixed))
    runs.append(t.say("Let me run the suite again to double-check.", call("Bash", test, fail, error=True)))
    t.say("Re-reading player.gd.", call("Read", read, fixed))
    runs.append(t.say("Running the tests.", call("Bash", test, fail, error=True)))
    onset = runs[2]
    return t.loop(
        ["alternation", "error_streak"],
        onset,
        f"After the last edit (step {last_edit}) nothing changes: the agent alternates between running the "
        "same "
        f"failing test and re-reading the unchanged script. The cycle starts with the test run of step "
        f"{runs[0]}; its third visit (step {onset}) is the onset, before the 4th identical failure. The "
        "steps "
        "up to the last edit are productive.",
    )


@loop("llvm-lit-period3")
def llvm_lit_period3(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A compiler-development agent cycles through run-test, read-test, grep-source without changing "
        "anything after a FileCheck failure.",
        domain="compiler development (LLVM)",
        language="en",
        ids="openai",
        harness="Codex-style agent (read_file/apply_patch/run_command)",
        started="2026-02-11T20:45:00Z",
    )
    t.user(
        "In our out-of-tree pass FoldSelectOfCmp, `select (icmp eq x, 0), 0, x` should fold to `x`. Add the "
        "fold; the lit test is test/Transforms/FoldSelect/eq-zero.ll."
    )
    t.say(
        "Finding the pass implementation.",
        call(
            "grep",
            {"pattern": "FoldSelectOfCmp", "path": "lib"},
            "lib/Transforms/FoldSelect.cpp:21:struct FoldSelectOfCmp : PassInfoMixin<FoldSelectOfCmp> {\n"
            "lib/Transforms/FoldSelect.cpp:88:PreservedAnalyses FoldSelectOfCmp::run(Function &F, "
            "FunctionAnalysisManager &AM) {",
        ),
    )
    t.say(
        "",
        call(
            "read_file",
            {"path": "lib/Transforms/FoldSelect.cpp", "start_line": 30, "end_line": 70},
            "30 static Value *foldSelect(SelectInst &SI) {\n31   Value *C = SI.getCondition();\n"
            "32   Value *T = SI.getTrueValue(), *F = SI.getFalseValue();\n33   ICmpInst::Predicate P;\n"
            "34   Value *X;\n35   if (!match(C, m_ICmp(P, m_Value(X), m_Zero())))\n36     return nullptr;\n"
            "37   if (P == ICmpInst::ICMP_NE && T == X && match(F, m_Zero()))\n38     return X;\n"
            "39   return nullptr;\n40 }",
        ),
    )
    t.say(
        "Only the `ne` form is handled. Adding the `eq` mirror.",
        call(
            "apply_patch",
            {
                "patch": "*** Begin Patch\n*** Update File: lib/Transforms/FoldSelect.cpp\n@@\n   if (P == "
                "ICmpInst::ICMP_NE && T == X && match(F, m_Zero()))\n     return X;\n+  if (P == "
                "ICmpInst::ICMP_EQ && match(T, m_Zero()) && F == X)\n+    return X;\n   return nullptr;\n"
                "*** End Patch"
            },
            "Done!",
        ),
    )
    lit = {"command": "ninja -C build && build/bin/llvm-lit -v test/Transforms/FoldSelect/eq-zero.ll"}
    lit_fail = (
        "[2/2] Linking CXX shared module lib/FoldSelect.so\n-- Testing: 1 tests, 1 workers --\nFAIL: "
        "FoldSelect :: Transforms/FoldSelect/eq-zero.ll (1 of 1)\n******************** TEST 'FoldSelect :: "
        "Transforms/FoldSelect/eq-zero.ll' FAILED ********************\neq-zero.ll:9:15: error: CHECK-NEXT: "
        "expected string not found in input\n; CHECK-NEXT: ret i32 %x\n              ^\n<stdin>:4:2: note: "
        "scanning from here\n %r = select i1 %c, i32 0, i32 %x\n\nFailed Tests (1):\n  FoldSelect :: "
        "Transforms/FoldSelect/eq-zero.ll\n"
    )
    read_test = {"path": "test/Transforms/FoldSelect/eq-zero.ll"}
    test_src = (
        "; RUN: opt -load-pass-plugin=%shlibdir/FoldSelect%shlibext -passes=fold-select-of-cmp -S %s | "
        "FileCheck %s\n\ndefine i32 @f(i32 %x) {\n; CHECK-LABEL: @f(\n; CHECK-NEXT: ret i32 %x\n  %c = icmp "
        "eq i32 %x, 0\n  %r = select i1 %c, i32 0, i32 %x\n  ret i32 %r\n}\n"
    )
    grep_args = {"pattern": "ICMP_EQ|m_Zero", "path": "lib/Transforms/FoldSelect.cpp"}
    grep_out = (
        "35:  if (!match(C, m_ICmp(P, m_Value(X), m_Zero())))\n37:  if (P == ICmpInst::ICMP_NE && T == X && "
        "match(F, m_Zero()))\n39:  if (P == ICmpInst::ICMP_EQ && match(T, m_Zero()) && F == X)"
    )
    firsts = [t.say("Building and running the lit test.", call("run_command", lit, lit_fail, error=True))]
    t.say("The select is left in place. Checking the test input.", call("read_file", read_test, test_src))
    t.say(
        "The pattern looks right; checking the fold conditions in the source.",
        call("grep", grep_args, grep_out),
    )
    firsts.append(
        t.say("Rebuilding and re-running the test.", call("run_command", lit, lit_fail, error=True))
    )
    t.say("Still not folded. Re-reading the test.", call("read_file", read_test, test_src))
    t.say("Let me look at the matcher lines again.", call("grep", grep_args, grep_out))
    firsts.append(t.say("Running lit again.", call("run_command", lit, lit_fail, error=True)))
    t.say("Reading the test once more.", call("read_file", read_test, test_src))
    onset = firsts[2]
    return t.loop(
        ["alternation"],
        onset,
        "After the patch the agent cycles run-test, read-test, grep-source (period 3) with identical "
        "results; "
        f"it never checks that the pass is registered for the test's -passes name or that foldSelect is "
        f"called. The third visit to the test run (step {onset}) is the onset.",
    )


@loop("ice-rink-brine-setpoint-toggle")
def ice_rink_brine_toggle(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An ice-rink operations agent toggles the brine setpoint between two values every few minutes while "
        "the ice surface temperature cannot react that fast.",
        domain="ice rink operations",
        language="nl",
        ids="bedrock",
        harness="Bedrock operations agent",
        started="2026-12-04T15:02:00Z",
    )
    t.user(
        "Om 17:00 is er kunstschaatsen (zachter ijs gewenst) en om 19:00 hockeytraining (harder ijs). Stel "
        "de "
        "pekeltemperatuur zo in dat beide goed gaan."
    )
    status = jsp(
        {"pekel_setpoint_c": -7.5, "pekel_aanvoer_c": -7.4, "ijsoppervlak_c": -4.1, "compressor": "60%"}
    )
    t.say("Ik lees eerst de huidige status van de koelinstallatie.", call("koeling.read_status", {}, status))
    toggles = []
    values = [-8.0, -7.5, -8.0, -7.5, -8.0]
    reasons = [
        "Voor de hockeytraining is harder ijs nodig; ik zet de pekel op -8,0 °C.",
        "Maar het kunstschaatsen om 17:00 heeft zachter ijs nodig; terug naar -7,5 °C.",
        "Hockey heeft langer nodig om het ijs af te koelen; toch weer -8,0 °C.",
        "Dan wordt het ijs voor 17:00 te hard. Ik zet het terug op -7,5 °C.",
        "Toch -8,0 °C, want de hockeytraining duurt langer.",
    ]
    for value, reason in zip(values, reasons, strict=True):
        toggles.append(
            t.say(
                reason,
                call(
                    "koeling.set_setpoint",
                    {"circuit": "pekel", "waarde_c": value},
                    js({"ok": True, "circuit": "pekel", "setpoint_c": value}),
                ),
            )
        )
        t.say(
            "Ik controleer het effect.",
            call(
                "koeling.read_status",
                {},
                jsp(
                    {
                        "pekel_setpoint_c": value,
                        "pekel_aanvoer_c": -7.4,
                        "ijsoppervlak_c": -4.1,
                        "compressor": "60%",
                    }
                ),
            ),
        )
    onset = toggles[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        "The brine setpoint flips between -8.0 and -7.5 °C while the ice surface stays at -4.1 °C (it "
        "reacts "
        f"over an hour, not minutes). The read-backs are not toggles; the 4th set call (step {onset}) is the "
        "onset. A schedule (soft at 17:00, cool down from 18:00) was needed.",
    )


@loop("climbing-gym-tab-alternation")
def climbing_gym_tabs(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A computer-use agent in a climbing gym's admin app clicks back and forth between two tabs looking "
        "for a column that is on neither.",
        domain="climbing gym route setting",
        language="en",
        ids="anthropic",
        harness="computer-use agent",
        started="2026-08-19T11:30:00Z",
    )
    t.user("In the Cruxboard admin, find who set route B-117 and when it is due to be stripped.")
    t.say(
        "Taking a screenshot to see the current screen.",
        call(
            "computer",
            {"action": "screenshot"},
            "Screenshot: Cruxboard admin dashboard. Left sidebar: Dashboard, Routes, Setters, Walls, "
            "Reports. "
            "Main panel: 'Routes due this week: 14'.",
        ),
    )
    routes = (
        "Screenshot: Routes page. Table columns: ID, Wall, Grade, Colour, Set date, Status. Row B-117: "
        "Cave Left, 6B+, purple, 2026-07-02, active. No setter column. Button 'Export CSV' top right."
    )
    setters = (
        "Screenshot: Setters page. Cards: Ana R. (lead, 41 active routes), Tomás G. (28), Imke V. (19). "
        "Each card shows a count only; no route IDs listed."
    )
    visits = []
    for i in range(3):
        visits.append(
            t.say(
                [
                    "Opening the Routes tab.",
                    "Back to Routes to look for the setter.",
                    "Checking Routes again.",
                ][i],
                call("computer", {"action": "left_click", "coordinate": [64, 212]}, routes),
            )
        )
        t.say(
            ["No setter here. Trying the Setters tab.", "Trying Setters again.", "Switching to Setters."][i],
            call("computer", {"action": "left_click", "coordinate": [64, 248]}, setters),
        )
    onset = visits[2]
    return t.loop(
        ["alternation"],
        onset,
        f"The agent alternates Routes/Setters with identical screenshots; neither page shows the setter. "
        f"The third visit to Routes (step {onset}) is the onset. Opening the B-117 row or the CSV export "
        "would have shown it.",
    )


@loop("traverse-adjustment-period4")
def traverse_period4(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A land-surveying agent repeats a four-call cycle (control points, adjustment, observations, "
        "bearings) with the same failing misclosure.",
        domain="land surveying",
        language="cs",
        ids="adk",
        harness="Google ADK agent",
        started="2026-04-23T06:50:00Z",
    )
    t.user(
        "Vyrovnej polygonový pořad K-2291 (zakázka Horní Lhota) a pošli mi souřadnice bodů S1–S6. "
        "Požadovaná přesnost je 1:10 000."
    )
    cp = jsi(
        {
            "job": "K-2291",
            "control": [
                {"id": "4012", "y": 745_118.32, "x": 1_052_404.17},
                {"id": "4013", "y": 745_610.05, "x": 1_051_988.90},
            ],
        }
    )
    adj = js({"method": "compass", "misclosure_m": 0.412, "length_m": 1566.3, "ratio": "1:3800", "ok": False})
    obs = csv(
        [
            ["from", "to", "angle_gon", "dist_m"],
            ["S3", "S4", "187.4412", "248.33"],
            ["S4", "S5", "203.1180", "301.72"],
        ]
    )
    brg = jsp({"bearings_gon": {"S3-S4": 112.8820, "S4-S5": 115.9998, "S5-S6": 96.4431}})
    labels = [
        ("Načítám výchozí body.", "Vyrovnám pořad.", "Podívám se na měření na S4.", "Přepočítám směrníky."),
        ("Načtu znovu výchozí body.", "Znovu vyrovnání.", "Kontrola měření na S4.", "Směrníky znovu."),
        ("Ještě jednou načtu výchozí body.", "Vyrovnání.", "Měření S4.", "Směrníky."),
    ]
    starts = []
    for i, (a, b, c, d) in enumerate(labels):
        starts.append(t.say(a, call("survey.load_control_points", {"job": "K-2291"}, cp)))
        if i == 2:
            break
        t.say(b, call("survey.adjust_traverse", {"job": "K-2291", "method": "compass"}, adj))
        t.say(c, call("survey.get_observations", {"job": "K-2291", "station": "S4"}, obs))
        t.say(d, call("survey.recompute_bearings", {"job": "K-2291"}, brg))
    t.say("Vyrovnávám pořad.", call("survey.adjust_traverse", {"job": "K-2291", "method": "compass"}, adj))
    onset = starts[2]
    return t.loop(
        ["alternation"],
        onset,
        f"A period-4 cycle (load control points, compass adjustment failing at 1:3800, S4 observations, "
        f"bearings) repeats with identical results; the S4 angle is never re-measured or flagged. The third "
        f"visit to the first state (step {onset}) is the onset.",
    )


@loop("school-bus-infeasible-alternation")
def school_bus_infeasible(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A school-bus routing agent alternates between reading constraints and re-running an optimisation "
        "that fails as infeasible each time.",
        domain="school bus routing",
        language="sv",
        ids="openai",
        harness="custom routing agent",
        started="2026-08-05T09:00:00Z",
    )
    t.user(
        "Ta fram nya skolskjutsrutter för Ekbackens skola till höstterminen. Vi har sex bussar. Alla elever "
        "ska vara framme senast 08:10."
    )
    cons = jsi(
        {
            "district": "Ekbacken",
            "students": 212,
            "vehicles": [{"id": f"B{i}", "seats": 34} for i in range(1, 7)],
            "arrival_latest": "08:10",
            "max_ride_min": 45,
        }
    )
    fail = "InfeasibleError: demand 212 exceeds fleet capacity 204 (6 × 34); no solution for arrival 08:10"
    a_steps = []
    pairs = [
        ("Jag hämtar villkoren för distriktet.", "Kör optimeringen med sex bussar."),
        ("Jag kontrollerar villkoren igen.", "Provar optimeringen igen."),
        ("Läser villkoren ännu en gång.", "Kör optimeringen."),
    ]
    for a_text, b_text in pairs:
        a_steps.append(t.say(a_text, call("get_route_constraints", {"district": "Ekbacken"}, cons)))
        t.say(
            b_text,
            call(
                "optimize_routes",
                {"district": "Ekbacken", "vehicles": 6, "arrival_latest": "08:10"},
                fail,
                error=True,
            ),
        )
    onset = a_steps[2]
    return t.loop(
        ["alternation", "error_streak"],
        onset,
        "212 students do not fit 6 × 34 seats, and the agent alternates between reading the same "
        "constraints "
        f"and re-running the same infeasible optimisation. The third visit to the constraints read "
        f"(step {onset}) comes before the 4th failure and is the onset. Two runs per bus or a seventh "
        "vehicle had to be proposed.",
    )


@loop("extension-manifest-edit-revert")
def extension_manifest_edit_revert(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A browser-extension coding agent flips the manifest background key between the Chrome and Firefox "
        "forms, breaking the other build each time.",
        domain="browser extension development",
        language="ko",
        ids="anthropic",
        harness="Claude Code",
        started="2026-05-28T02:17:00Z",
    )
    t.user(
        "확장 프로그램을 Firefox용으로 빌드하면 'background.service_worker is currently disabled' 오류가 "
        "납니다. Chrome 빌드는 깨지지 않게 고쳐 주세요."
    )
    manifest = "/home/dev/tabnest/src/manifest.json"
    t.say(
        "manifest.json을 확인하겠습니다.",
        call(
            "Read",
            {"file_path": manifest},
            '{\n  "manifest_version": 3,\n  "name": "TabNest",\n  "version": "2.4.0",\n  "background": '
            '{\n    "service_worker": "background.js",\n    "type": "module"\n  },\n  "permissions": '
            '["tabs", "storage"]\n}\n',
        ),
    )
    sw = '"background": {\n    "service_worker": "background.js",\n    "type": "module"\n  }'
    sc = '"background": {\n    "scripts": ["background.js"],\n    "type": "module"\n  }'
    chrome = {"command": "npm run build:chrome"}
    firefox = {"command": "npm run build:firefox"}
    chrome_fail = (
        "> tabnest@2.4.0 build:chrome\n> web-ext-lint --target chrome dist/chrome\n\nERROR "
        "MANIFEST_FIELD_INVALID: 'background.scripts' requires manifest version of 2 or lower.\nexit 1"
    )
    ff_fail = (
        "> tabnest@2.4.0 build:firefox\n> web-ext lint -s dist/firefox\n\nERROR BACKGROUND_SERVICE_WORKER_"
        "IGNORED: background.service_worker is currently disabled. Add background.scripts.\nexit 1"
    )
    starts = []
    texts = [
        (
            "Firefox용으로 scripts 형식으로 바꾸겠습니다.",
            "Chrome 빌드를 확인합니다.",
            "Chrome이 깨졌네요. service_worker로 되돌립니다.",
            "Firefox 빌드를 확인합니다.",
        ),
        (
            "다시 scripts로 바꿔서 Firefox를 맞추겠습니다.",
            "Chrome 빌드 확인.",
            "Chrome 오류가 다시 납니다. service_worker로 복구합니다.",
            "Firefox 빌드 확인.",
        ),
    ]
    for a, b, c, d in texts:
        starts.append(
            t.say(
                a,
                call(
                    "Edit",
                    {"file_path": manifest, "old_string": sw, "new_string": sc},
                    f"The file {manifest} has been updated.",
                ),
            )
        )
        t.say(b, call("Bash", chrome, chrome_fail, error=True))
        t.say(
            c,
            call(
                "Edit",
                {"file_path": manifest, "old_string": sc, "new_string": sw},
                f"The file {manifest} has been updated.",
            ),
        )
        t.say(d, call("Bash", firefox, ff_fail, error=True))
    starts.append(
        t.say(
            "Firefox를 위해 다시 scripts 형식으로 변경합니다.",
            call(
                "Edit",
                {"file_path": manifest, "old_string": sw, "new_string": sc},
                f"The file {manifest} has been updated.",
            ),
        )
    )
    onset = starts[2]
    return t.loop(
        ["alternation"],
        onset,
        f"An edit-revert cycle of period 4 (edit to scripts, Chrome build fails, revert to service_worker, "
        "Firefox build fails) repeats with the same errors. The third visit to the first edit (step "
        f"{onset}) "
        "is the onset; keeping both keys, or per-target manifests, would have ended it.",
    )


@loop("treasury-cash-sql-alternation")
def treasury_cash_alternation(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A corporate-treasury data agent alternates between two identical SQL queries trying to explain a "
        "cash-position gap.",
        domain="corporate treasury cash positioning",
        language="fr",
        ids="mistral",
        harness="SQL data agent",
        started="2026-09-30T16:20:00Z",
    )
    t.user(
        "La position de trésorerie consolidée du 30/09 affiche 12 430,55 EUR de moins que la somme des "
        "relevés bancaires. Trouve d'où vient l'écart."
    )
    t.say(
        "Je regarde les tables disponibles.",
        call(
            "sql.query",
            {"sql": "SELECT table_name FROM information_schema.tables WHERE table_schema = 'treasury'"},
            " table_name\n-------------------\n bank_balances\n fx_rates\n cash_position\n "
            "intercompany_transfers\n"
            "(4 rows)",
        ),
    )
    q_bal = {
        "sql": "SELECT bank, currency, SUM(closing_balance) AS solde FROM treasury.bank_balances "
        "WHERE value_date = '2026-09-30' GROUP BY bank, currency ORDER BY bank"
    }
    bal = (
        "   bank    | currency |     solde\n-----------+----------+---------------\n BNP       | EUR      | "
        " 4812330.12\n"
        " HSBC      | GBP      |   902114.40\n SEB       | SEK      | 11822010.00\n(3 rows)"
    )
    q_fx = {"sql": "SELECT currency, rate_to_eur FROM treasury.fx_rates WHERE rate_date = '2026-09-30'"}
    fx = (
        " currency | rate_to_eur\n----------+-------------\n GBP      |    1.158200\n"
        " SEK      |    0.086910\n(2 rows)"
    )
    a_steps = []
    pairs = [
        ("Je récupère les soldes bancaires du 30/09.", "Puis les taux de change du jour."),
        ("Je recompare avec les soldes par banque.", "Je revérifie les taux."),
        ("Je reprends les soldes.", "Et les taux."),
    ]
    for a_text, b_text in pairs:
        a_steps.append(t.say(a_text, call("sql.query", q_bal, bal)))
        t.say(b_text, call("sql.query", q_fx, fx))
    onset = a_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        f"The agent alternates the same balance and FX queries with identical results; neither can explain "
        f"a gap, and intercompany_transfers (a likely in-transit transfer) is never queried. The third visit "
        f"to the balance query (step {onset}) is the onset.",
    )


@loop("dog-grooming-slot-toggle")
def dog_grooming_toggle(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A dog-grooming salon assistant moves an appointment back and forth between two slots, each of "
        "which breaks a different rule.",
        domain="dog grooming salon booking",
        language="es",
        ids="named",
        harness="custom booking agent",
        started="2026-07-14T08:35:00Z",
    )
    t.user(
        "La dueña de Thor (terranova) pide pasar su cita de hoy de las 9:00 a más tarde, pero antes de "
        "las 12:00. ¿Me lo arreglas?"
    )
    t.say(
        "Reviso la agenda de hoy.",
        call(
            "agenda.get_day",
            {"date": "2026-07-14"},
            table(
                ["hora", "perro", "raza", "peluquera", "servicio"],
                [
                    ["09:00", "Thor", "terranova", "Lucía", "baño + deslanado"],
                    ["10:00", "Nala", "golden", "Lucía", "baño"],
                    ["11:30", "Kiko", "bichón", "Marta", "corte"],
                ],
            ),
        ),
    )
    w10 = jsp(
        {"ok": True, "aviso": "Solapa con 'Nala' (10:00, Lucía); la bañera grande queda doble reservada."}
    )
    w1130 = jsp(
        {"ok": True, "aviso": "Lucía termina razas gigantes a las 11:00; Marta no tiene la formación."}
    )
    sets = []
    plan = [
        ("10:00", "Muevo a Thor a las 10:00.", w10),
        ("11:30", "A las 10:00 choca con Nala. Pruebo a las 11:30.", w1130),
        ("10:00", "A las 11:30 no hay peluquera para razas gigantes. Vuelvo a las 10:00.", w10),
        ("11:30", "Sigue el solape con Nala; lo paso a las 11:30.", w1130),
        ("10:00", "Mejor a las 10:00 entonces.", w10),
    ]
    for slot, text, result in plan:
        sets.append(
            t.say(
                text, call("agenda.update_appointment", {"appointment_id": "A-5531", "start": slot}, result)
            )
        )
    onset = sets[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        f"The appointment toggles between 10:00 and 11:30; each slot returns its own warning, identical on "
        f"every visit. The 4th move (step {onset}) is the onset; swapping Nala's slot or asking the owner "
        "was needed.",
    )


@loop("breeding-trial-anova-period3")
def breeding_trial_period3(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A plant-breeding trial analyst cycles through plot query, ANOVA and design read with a singular-fit "
        "warning that never changes.",
        domain="plant breeding field trials",
        language="tr",
        ids="responses",
        harness="data analysis agent",
        started="2026-10-02T10:10:00Z",
    )
    t.user("BUG-26-KY buğday denemesinde verim için çeşit etkisini test et ve en iyi beş hattı listele.")
    q = {"trial": "BUG-26-KY", "trait": "verim_kg_da"}
    plots = csv(
        [
            ["parsel", "tekrar", "blok", "hat", "verim_kg_da"],
            [101, 1, 1, "KY-17", 612],
            [102, 1, 1, "KY-04", 588],
            [201, 2, 1, "KY-17", 640],
            [202, 2, 1, "KY-04", 571],
            ["...", "", "", "", "(96 satır)"],
        ]
    )
    model = {"formula": "verim_kg_da ~ hat + tekrar/blok", "data": "BUG-26-KY"}
    warn = (
        "UYARI: singular fit - 'blok %in% tekrar' serbestlik derecesi 0 (her tekrarda tek blok).\n"
        "Df Sum Sq Mean Sq F value Pr(>F)\nhat 23 ... NA NA\nResiduals 0 0"
    )
    design = (
        "trial: BUG-26-KY\ndesign: RCBD\nreplications: 4\nblocks_per_rep: 1\nentries: 24\nplot_size_m2: 7.2\n"
    )
    starts = []
    texts = [
        ("Parsel verilerini çekiyorum.", "Varyans analizini çalıştırıyorum.", "Deneme desenine bakıyorum."),
        ("Verileri tekrar çekiyorum.", "ANOVA'yı yeniden çalıştırıyorum.", "Deseni tekrar kontrol ediyorum."),
    ]
    for a, b, c in texts:
        starts.append(t.say(a, call("trial.query_plots", q, plots)))
        t.say(b, call("stats.run_anova", model, warn))
        t.say(c, call("trial.get_design", {"trial": "BUG-26-KY"}, design))
    starts.append(t.say("Parsel verilerini bir kez daha alıyorum.", call("trial.query_plots", q, plots)))
    t.say("ANOVA'yı tekrar deniyorum.", call("stats.run_anova", model, warn))
    onset = starts[2]
    return t.loop(
        ["alternation"],
        onset,
        f"A period-3 cycle (plots, the same ANOVA with a singular-fit warning, the design file) repeats "
        f"identically. The design says one block per rep, so the model should drop blok; the agent never "
        f"changes the formula. The third visit to the plot query (step {onset}) is the onset.",
    )
