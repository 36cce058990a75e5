"""Loops that cycle: A/B alternations, longer re-visits, and flags toggled back and forth."""

from __future__ import annotations

from blind20gen.builder import Trace, j, ji, loop


@loop(
    "bridge-scoring-read-test-alternation-late",
    "Claude-Code-style agent fixes an IMP-table bug in a bridge scoring package in ten productive steps, "
    "then alternates between reading the victory-point module and re-running its failing test without "
    "editing anything.",
    domain="contract bridge tournament scoring",
    language="en",
    ids="anthropic",
    started="2026-07-02T19:12:00Z",
)
def bridge_scoring(t: Trace) -> None:
    t.user(
        "The IMP conversion is off at the 2250 boundary (should be 13 IMPs) and the VP scale for 12-board "
        "matches looks wrong too. Fix scoring/ and get the tests green."
    )
    t.one(
        "Reading the IMP module.",
        "Read",
        {"file_path": "scoring/imps.py"},
        "1\tIMP_TABLE = [\n2\t    (20, 0), (50, 1), (90, 2), (130, 3), (170, 4), (220, 5), (270, 6),\n"
        "3\t    (320, 7), (370, 8), (430, 9), (500, 10), (600, 11), (750, 12), (900, 13),\n"
        "4\t    (1100, 14), (1300, 15), (1500, 16), (1750, 17), (2000, 18), (2250, 19), (2500, 20),\n"
        "5\t]\n6\t\n7\tdef imps(diff: int) -> int:\n8\t    d = abs(diff)\n9\t    for limit, value in "
        "IMP_TABLE:\n"
        "10\t        if d < limit:\n11\t            return value if diff >= 0 else -value\n"
        "12\t    return 24\n",
    )
    t.one(
        "Finding the tests that cover it.",
        "Grep",
        {"pattern": "def test_", "path": "tests/test_imps.py"},
        "tests/test_imps.py:4:def test_small_swings\ntests/test_imps.py:11:def test_boundaries\n"
        "tests/test_imps.py:19:def test_negative",
    )
    t.one(
        "Running the IMP tests.",
        "Bash",
        {"command": "python -m pytest tests/test_imps.py -q"},
        "..F\n=================================== FAILURES ===================================\n"
        "______________________________ test_boundaries _______________________________\n"
        "    assert imps(2250) == 13\nE   assert 19 == 13\n1 failed, 2 passed in 0.04s",
    )
    t.one(
        "The table is indexed by the upper bound but the values are shifted; reading the WBF table in the "
        "docs.",
        "Read",
        {"file_path": "docs/wbf_imp_scale.md"},
        "| Diff | IMPs |\n|---|---|\n| 20–40 | 1 |\n| 50–80 | 2 |\n| 90–120 | 3 |\n| ... | ... |\n"
        "| 2250–2490 | 13 |\n| 2500–2990 | 14 |\n| ... | ... |\n| 4000+ | 24 |",
    )
    t.one(
        "The table's thresholds are wrong above 750. Rewriting it from the WBF scale.",
        "Edit",
        {
            "file_path": "scoring/imps.py",
            "old_string": "    (320, 7), (370, 8), (430, 9), (500, 10), (600, 11), "
            "(750, 12), (900, 13),\n    (1100, 14), (1300, 15), (1500, 16), (1750, 17), (2000, 18), (2250, "
            "19), "
            "(2500, 20),",
            "new_string": "    (320, 7), (370, 8), (430, 9), (500, 10), (600, 11), (750, 12), (900, 13),\n"
            "    (1100, 14), (1300, 15), (1500, 16), (1750, 17), (2000, 18), (2250, 19), (2500, 20),\n"
            "    (3000, 21), (3500, 22), (4000, 23),",
        },
        "The file scoring/imps.py has been updated.",
    )
    t.one(
        "Re-running.",
        "Bash",
        {"command": "python -m pytest tests/test_imps.py -q"},
        "..F\n    assert imps(2250) == 13\nE   assert 19 == 13\n1 failed, 2 passed in 0.04s",
    )
    t.one(
        "Still 19: the values column, not the limits, is off. Checking the test's expectations.",
        "Read",
        {"file_path": "tests/test_imps.py"},
        "11\tdef test_boundaries():\n12\t    assert imps(10) == 0\n13\t    assert imps(20) == 1\n"
        "14\t    assert imps(2250) == 13\n15\t    assert imps(4000) == 24\n",
    )
    t.one(
        "The table should map lower bounds to values. Replacing the lookup with a bisect over lower bounds.",
        "Edit",
        {
            "file_path": "scoring/imps.py",
            "old_string": "    for limit, value in IMP_TABLE:\n        if d < limit:\n"
            "            return value if diff >= 0 else -value\n    return 24",
            "new_string": (
                "    value = bisect_right(LOWER_BOUNDS, d)\n    return value if diff >= 0 else -value"
            ),
        },
        "The file scoring/imps.py has been updated.",
    )
    t.one(
        "Running the whole suite now.",
        "Bash",
        {"command": "python -m pytest -q"},
        "........F.\n_____________________________ test_vp_12_boards ______________________________\n"
        "    assert vp(12, 18) == (16.04, 3.96)\nE   assert (15.77, 4.23) == (16.04, 3.96)\n"
        "1 failed, 9 passed in 0.11s",
    )
    t.say(
        "IMPs are fixed (all IMP tests pass). One VP test fails for 12-board matches; looking at that next."
    )
    vp_src = (
        "1\timport math\n2\t\n3\tdef vp(boards: int, imps: int) -> tuple[float, float]:\n"
        "4\t    x = 15 * math.sqrt(boards)\n5\t    tau = (math.sqrt(5) - 1) / 2\n"
        "6\t    w = 10 + 10 * (1 - tau ** (3 * abs(imps) / x)) / (1 - tau ** 3)\n"
        "7\t    w = min(20.0, round(w, 2))\n8\t    return (w, round(20 - w, 2)) if imps >= 0 else "
        "(round(20 - w, 2), w)\n"
    )
    test_out = (
        "F\n_____________________________ test_vp_12_boards ______________________________\n"
        "    assert vp(12, 18) == (16.04, 3.96)\nE   assert (15.77, 4.23) == (16.04, 3.96)\n"
        "1 failed in 0.03s"
    )
    a_steps = []
    for text_a, text_b in [
        ("Reading the VP module.", "Running the VP test."),
        ("Let me look at the VP formula again.", "Re-running the VP test to see the exact values."),
        ("Reading vp.py once more to compare with the WBF formula.", "Running the test again."),
    ]:
        a_steps.append(t.one(text_a, "Read", {"file_path": "scoring/vp.py"}, vp_src))
        t.one(text_b, "Bash", {"command": "python -m pytest tests/test_vp.py -q"}, test_out)
    t.loop(
        ["alternation"],
        a_steps[2],
        f"Steps 1-10 fix the IMP table with real edits and test runs. From step 11 the agent alternates Read "
        f"scoring/vp.py and the VP test with no edit in between; both results are identical each time. The "
        f"third visit to the Read is step {a_steps[2]}.",
    )


@loop(
    "district-heating-status-setpoint-alternation",
    "District-heating operator agent (Finnish) alternates between reading a substation's status and "
    "re-sending a supply-temperature setpoint that an interlock rejects each time.",
    domain="district heating network",
    language="fi",
    ids="adk",
    started="2026-01-09T05:32:00Z",
)
def district_heating(t: Trace) -> None:
    t.user("Alakeskus AL-117:n menoveden lämpötila on liian matala. Nosta asetusarvo 72 asteeseen.")
    status = ji(
        {
            "alakeskus": "AL-117",
            "meno_c": 64.8,
            "paluu_c": None,
            "asetusarvo_c": 65,
            "tila": "INTERLOCK",
            "huomio": "paluulämpötila-anturi TE-117-2 vikatilassa",
        }
    )
    rejected = j({"ok": False, "virhe": "INTERLOCK aktiivinen: asetusarvon muutos estetty (TE-117-2)"})
    a_steps = []
    for text_a, text_b in [
        ("Tarkistan ensin alakeskuksen tilan.", "Asetan menoveden asetusarvoksi 72 °C."),
        ("Muutos ei mennyt läpi. Katson tilan uudelleen.", "Yritän asetusarvon muutosta uudelleen."),
        ("Tarkistan tilan vielä kerran.", "Lähetän asetusarvon uudestaan."),
        ("Katson, onko tila muuttunut.", "Yritän vielä asettaa 72 °C."),
    ]:
        a_steps.append(t.one(text_a, "alakeskus.tila", {"id": "AL-117"}, status))
        t.one(text_b, "alakeskus.aseta_menovesi", {"id": "AL-117", "asetusarvo_c": 72}, rejected)
    t.say("Asetusarvon muutos ei onnistu, koska alakeskuksessa on interlock.")
    t.loop(
        ["alternation", "error_streak"],
        a_steps[2],
        f"A/B cycle: the same status read (always INTERLOCK, sensor TE-117-2 faulty) and the same setpoint "
        f"write (always refused by the interlock). The third visit to the status read, step {a_steps[2]}, "
        f"comes before the 4th refusal (step 8), so it is the onset. The fix is a maintenance ticket for the "
        f"sensor, not another write.",
    )


@loop(
    "trade-fair-portal-hall-tab-alternation",
    "Computer-use agent (Korean) on a trade-fair exhibitor portal clicks back and forth between two hall "
    "tabs looking for a booth that neither floor plan shows.",
    domain="trade fair booth allocation",
    language="ko",
    ids="openai",
    started="2026-10-15T02:08:00Z",
)
def trade_fair(t: Trace) -> None:
    t.user("전시회 포털에서 우리 회사 부스 C-12가 3홀인지 4홀인지 확인하고 위치를 알려줘.")
    t.one(
        "현재 화면을 확인하겠습니다.",
        "computer",
        {"action": "screenshot"},
        "스크린샷: '2026 서울 산업기계전 참가업체 포털' – "
        "상단 탭: 1홀 | 2홀 | 3홀 | 4홀, 본문: 공지사항 목록",
    )
    hall3 = (
        "스크린샷: 3홀 배치도 – 부스 A-01~A-40, B-01~B-36 표시. "
        "C로 시작하는 부스 없음. 우측 상단 '부스 검색' 입력창."
    )
    hall4 = "스크린샷: 4홀 배치도 – 부스 D-01~D-28, E-01~E-30 표시. C로 시작하는 부스 없음."
    a_steps = []
    for text_a, text_b in [
        ("3홀 탭을 클릭합니다.", "3홀에는 없네요. 4홀 탭을 클릭합니다."),
        ("다시 3홀 배치도를 확인하겠습니다.", "4홀을 다시 보겠습니다."),
        ("3홀 배치도를 한 번 더 자세히 보겠습니다.", "4홀 배치도도 다시 확인합니다."),
    ]:
        a_steps.append(t.one(text_a, "computer", {"action": "left_click", "coordinate": [412, 88]}, hall3))
        t.one(text_b, "computer", {"action": "left_click", "coordinate": [530, 88]}, hall4)
    t.loop(
        ["alternation"],
        a_steps[2],
        f"The agent clicks the 3홀 and 4홀 tabs in turn; each screenshot is the same and neither plan has C "
        f"booths. The booth search box it was shown is never used. The third visit to the 3홀 tab is step "
        f"{a_steps[2]}.",
    )


@loop(
    "tannery-chrome-bath-three-way-revisit",
    "Tannery process agent cycles through the recipe, the drum's bath log and the customer spec three "
    "times without deciding on a dosing change.",
    domain="leather tannery chrome tanning",
    language="en",
    ids="mistral",
    started="2026-02-26T06:55:00Z",
)
def tannery(t: Trace) -> None:
    t.user("Is the chrome bath pH for batch T-8812 in drum 3 below target? Adjust the basification dose.")
    recipe = (
        "batch: T-8812\nproduct: Nappa 1.1-1.3 mm\nchrome_powder_pct: 7.5\nbasification:\n"
        "  agent: sodium bicarbonate\n  target_ph: 3.8-4.0\n  dose_pct: 0.9\n"
    )
    log = "time,ph,temp_c\n06:00,3.42,38\n06:30,3.45,39\n07:00,3.47,39\n07:30,3.47,40\n"
    spec = j({"customer": "Arkas Deri", "shrinkage_min_c": 100, "cr2o3_min_pct": 3.5, "note": "blue tone"})
    a_steps = []
    texts = [
        ("Reading the batch recipe first.", "Now the drum's bath log.", "Checking the customer spec."),
        (
            "Before changing the dose, let me re-check the recipe.",
            "Looking at the pH trend in the bath log again.",
            "Let me see the spec limits once more.",
        ),
        (
            "Reading the basification dose in the recipe once more.",
            "Re-checking the latest pH values.",
            "Opening the spec again.",
        ),
    ]
    for ta, tb, tc in texts:
        a_steps.append(t.one(ta, "recipe.read", {"batch": "T-8812"}, recipe))
        t.one(tb, "bath.log", {"drum": 3, "last_hours": 2}, log)
        t.one(tc, "spec.get", {"customer": "Arkas Deri"}, spec)
    t.say("At pH 3.47 the bath is below target (3.8-4.0); the basification dose needs to go up.")
    t.loop(
        ["alternation"],
        a_steps[2],
        f"Period-3 cycle: recipe, bath log and customer spec are read in the same order three times with "
        f"identical results, and no dosing change is made. The third visit to the recipe is step "
        f"{a_steps[2]}.",
    )


@loop(
    "school-bus-routing-four-step-cycle",
    "School-transport planner re-solves an infeasible route plan, then re-reads stops, vehicle capacities "
    "and constraints, and starts over without changing anything.",
    domain="school bus routing",
    language="en",
    ids="plain",
    started="2026-08-10T12:00:00Z",
)
def school_bus(t: Trace) -> None:
    t.user("Re-plan the school buses to Ekdalsskolan from the Norrby depot, max 45 minutes' ride per pupil.")
    solve = ji(
        {
            "status": "infeasible",
            "unassigned": ["pupil-0931", "pupil-1177"],
            "reason": "max_ride_min violated for 2 pupils in zone Björkmon",
        }
    )
    stops = (
        "stop_id,name,pupils,zone\nS01,Norrby centrum,14,A\nS07,Björkmon turning "
        "loop,2,C\nS11,Skogsvägen,9,B\n"
    )
    vehicles = (
        "vehicles:\n  - id: BUS-3\n    seats: 49\n  - id: BUS-5\n    seats: 35\n  - id: TAXI-2\n"
        "    seats: 7\n    available: false\n"
    )
    constraints = j({"max_ride_min": 45, "earliest_pickup": "07:05", "school_start": "08:10"})
    a_steps = []
    texts = [
        (
            "Running the route optimiser.",
            "Two pupils can't be assigned. Looking at the stops.",
            "Checking vehicle capacity.",
            "And the constraints.",
        ),
        (
            "Running the optimiser again.",
            "Going through the stops again.",
            "Checking the vehicles again.",
            "And the constraints once more.",
        ),
        ("New optimiser run.", "Looking at the stops.", "", ""),
    ]
    for ta, tb, tc, td in texts:
        a_steps.append(
            t.one(
                ta, "routes.solve", {"depot": "Norrby", "school": "Ekdalsskolan", "max_ride_min": 45}, solve
            )
        )
        t.one(tb, "stops.list", {"school": "Ekdalsskolan"}, stops)
        if tc:
            t.one(tc, "vehicles.capacity", {"depot": "Norrby"}, vehicles)
            t.one(td, "constraints.get", {"school": "Ekdalsskolan"}, constraints)
    t.loop(
        ["alternation"],
        a_steps[2],
        f"Period-4 cycle (solve, stops, vehicles, constraints) with identical results: the solver is re-run "
        f"with the same input each pass. The unavailable TAXI-2 that Björkmon needs, or the 45-minute cap, "
        f"are never acted on. The third visit to routes.solve is step {a_steps[2]}.",
    )


@loop(
    "dooh-slot-priority-toggle",
    "Digital-billboard scheduling agent (Arabic) flips one slot's priority between two campaigns, reading "
    "the slot back after each change.",
    domain="digital out-of-home billboard scheduling",
    language="ar",
    ids="named",
    started="2026-11-02T16:40:00Z",
)
def dooh_toggle(t: Trace) -> None:
    t.user("حملتا «نخلة» و«سَفَر» تتعارضان على شاشة طريق الملك فهد في فترة 18:00. اجعل «نخلة» تظهر في الموعد.")
    slot = {"slot": "RYD-114/18:00"}
    read_high = j(
        {
            "slot": "RYD-114/18:00",
            "priority": "high",
            "campaign": "نخلة",
            "displaced": "سَفَر",
            "contract_min_plays_سفر": 12,
            "plays_today_سفر": 9,
        }
    )
    read_normal = j(
        {
            "slot": "RYD-114/18:00",
            "priority": "normal",
            "campaign": "سَفَر",
            "displaced": "نخلة",
            "contract_min_plays_نخلة": 10,
            "plays_today_نخلة": 7,
        }
    )
    toggles = []
    plan = [
        (
            "أرفع أولوية الفترة لصالح «نخلة».",
            "high",
            read_high,
            "«سَفَر» أصبحت دون الحد الأدنى. أعيد الأولوية العادية.",
        ),
        ("", "normal", read_normal, "الآن «نخلة» دون الحد الأدنى. أرفع الأولوية مجدداً."),
        ("", "high", read_high, "«سَفَر» تتأثر مرة أخرى، أعيدها إلى عادية."),
        ("", "normal", read_normal, ""),
    ]
    for i, (lead, prio, read, _after) in enumerate(plan):
        text = lead or plan[i - 1][3]
        toggles.append(
            t.one(text, "schedule.setPriority", {**slot, "priority": prio}, j({"ok": True, "priority": prio}))
        )
        t.one("أتحقق من الفترة.", "schedule.getSlot", slot, read)
    t.say("التعارض ما زال قائماً بين الحملتين على هذه الفترة.")
    t.loop(
        ["same_tool", "alternation"],
        toggles[3],
        f"The slot priority is set high, normal, high, normal; each read-back shows the other campaign "
        f"displaced. The read-backs are not toggles. The 4th toggle is step {toggles[3]}. Moving one "
        "campaign "
        f"to another slot or screen was the way out.",
    )


@loop(
    "paper-mill-steam-box-mode-toggle",
    "Paper-machine assistant switches the steam box between automatic and manual mode four times while "
    "the moisture profile stays the same.",
    domain="paper mill quality control",
    language="en",
    ids="openai",
    started="2026-06-18T03:15:00Z",
)
def paper_toggle(t: Trace) -> None:
    t.user("PM2 has a moisture streak in CD zones 88-92. Try to flatten it with the steam box.")
    profile = (
        "zone;moisture_pct\n86;7.2\n87;7.3\n88;9.0\n89;9.1\n90;9.1\n91;9.0\n92;8.8\n93;7.3\n"
        "# target 7.2 ± 0.4"
    )
    t.one(
        "Loading the cross-direction moisture profile.",
        "qcs.profile",
        {"machine": "PM2", "measurements": ["moisture"]},
        profile,
    )
    toggles = []
    texts = [
        ("Switching the steam box to manual so I can set the zones myself.", "manual"),
        ("Manual mode changed nothing; back to automatic.", "auto"),
        ("Automatic won't flatten the streak. Trying manual again.", "manual"),
        ("Back to automatic mode.", "auto"),
    ]
    for text, mode in texts:
        toggles.append(
            t.one(text, "steambox.set_mode", {"machine": "PM2", "mode": mode}, j({"ok": True, "mode": mode}))
        )
        t.one(
            "Checking the profile.", "qcs.profile", {"machine": "PM2", "measurements": ["moisture"]}, profile
        )
    t.say("The streak in zones 88-92 persists at about 9 %.")
    t.loop(
        ["same_tool", "alternation"],
        toggles[3],
        f"The steam box mode goes manual, auto, manual, auto without any zone setpoint ever being changed; "
        f"the profile read after each switch is identical. The 4th toggle is step {toggles[3]}.",
    )
