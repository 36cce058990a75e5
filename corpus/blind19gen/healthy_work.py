"""Healthy working sessions: edit and re-run, new results under formulaic narration, long legitimate runs
(a coding session, a computer-use form, an SQL investigation), a final answer split over messages, the
same tool for each new user message, and a long valid table."""

from __future__ import annotations

from blind19gen.builder import Trace, csv, healthy, js, jsi, md_table

# --------------------------------------------------------------------------------------------------
# edit and re-run


@healthy(
    "font-glyph-names-edit-and-rerun",
    domain="type foundry font engineering (glyph naming)",
    lang="en",
    ids="anthropic",
    start="2026-01-20T09:12:33Z",
)
def font_edit_rerun(t: Trace) -> None:
    t.user(
        "tests/test_glyph_names.py fails since I added the Vietnamese glyphs. Fix the production-name "
        "mapping."
    )
    test = {"command": "pytest -q tests/test_glyph_names.py", "description": "Run the glyph-name tests"}
    t.do(
        "",
        "Bash",
        test,
        "F.\n=================================== FAILURES ===================================\n_____ "
        "test_production_names _____\n"
        "E   AssertionError: 'Ohorn' -> None; expected 'uni01A0'\n1 failed, 1 passed in 0.22s",
        error=True,
    )
    t.do(
        "",
        "Read",
        {"file_path": "scripts/glyphnames.py"},
        '     1\tPRODUCTION = {\n     2\t    "Adotbelow": "uni1EA0",\n'
        '     3\t    "Ecircumflexacute": "uni1EBE",\n'
        "     4\t}\n     5\t\n     6\tdef production_name(name):\n     7\t    return PRODUCTION.get(name)\n",
    )
    t.do(
        "Horned letters are missing from the table.",
        "Edit",
        {
            "file_path": "scripts/glyphnames.py",
            "old_string": '    "Ecircumflexacute": "uni1EBE",\n}',
            "new_string": '    "Ecircumflexacute": "uni1EBE",\n'
            '    "Ohorn": "uni01A0",\n    "ohorn": "uni01A1",\n}',
        },
        "The file scripts/glyphnames.py has been updated.",
    )
    t.do(
        "",
        "Bash",
        test,
        "F.\n_____ test_production_names _____\nE   AssertionError: 'Uhorn' -> None; expected 'uni01AF'\n1 "
        "failed, 1 passed in 0.21s",
        error=True,
    )
    t.do(
        "Uhorn and uhorn as well.",
        "Edit",
        {
            "file_path": "scripts/glyphnames.py",
            "old_string": '    "ohorn": "uni01A1",\n}',
            "new_string": '    "ohorn": "uni01A1",\n    "Uhorn": "uni01AF",\n    "uhorn": "uni01B0",\n}',
        },
        "The file scripts/glyphnames.py has been updated.",
    )
    t.do("", "Bash", test, "..\n2 passed in 0.20s")
    t.say(
        "Fixed: the production-name table lacked the horned letters (Ohorn/ohorn, Uhorn/uhorn). Both tests "
        "pass."
    )
    t.describe(
        "Claude-Code-style font engineer runs a failing test, edits the mapping, re-runs (new failure), "
        "edits again and passes."
    )
    t.healthy(
        "The identical pytest command is run three times, each after an edit and each with a different "
        "result (Ohorn missing, Uhorn missing, pass). Edit and re-run is progress."
    )


@healthy(
    "battery-capacity-fade-notebook-edit-rerun",
    domain="battery cell manufacturing (cycling data analysis)",
    lang="en",
    ids="openai",
    start="2026-04-20T08:45:02Z",
)
def battery_notebook(t: Trace) -> None:
    t.user(
        "Plot capacity fade for the GF-2603 cells from the cycling data and fit a square-root-of-time model."
    )
    t.do(
        "Running the load cell.",
        "notebook.run_cell",
        {"notebook": "fade.ipynb", "cell": 1},
        "df = pd.read_parquet('cycling/GF-2603.parquet')\n[out] (48128, 6)  columns: cell_id, cycle, "
        "t_days, q_dis_ah, temp_c, crate",
    )
    t.do(
        "",
        "notebook.run_cell",
        {"notebook": "fade.ipynb", "cell": 2},
        "Traceback (most recent call last):\n  Cell In[2], line 3\n    g = "
        "df.groupby('cycle_index')['q_dis_ah'].mean()\n"
        "KeyError: 'cycle_index'",
        error=True,
    )
    t.do(
        "The column is called 'cycle'.",
        "notebook.edit_cell",
        {"notebook": "fade.ipynb", "cell": 2, "replace": ["'cycle_index'", "'cycle'"]},
        js({"ok": True}),
    )
    t.do(
        "",
        "notebook.run_cell",
        {"notebook": "fade.ipynb", "cell": 2},
        "Traceback (most recent call last):\n  Cell In[2], line 6\n    popt, _ = curve_fit(model, x, "
        "y)\nValueError: array must "
        "not contain infs or NaNs",
        error=True,
    )
    t.do(
        "Some cycles have no discharge value. Dropping NaNs before fitting.",
        "notebook.edit_cell",
        {
            "notebook": "fade.ipynb",
            "cell": 2,
            "replace": ["g = df.groupby", "g = df.dropna(subset=['q_dis_ah']).groupby"],
        },
        js({"ok": True}),
    )
    t.do(
        "",
        "notebook.run_cell",
        {"notebook": "fade.ipynb", "cell": 2},
        "[out] Q(t) = 5.012 - 0.0391*sqrt(t_days)   R^2 = 0.987\n[figure] fade_GF-2603.png",
    )
    t.say(
        "Capacity fade for GF-2603 fits Q(t) = 5.012 − 0.0391·√t (R² = 0.987); the plot is in "
        "fade_GF-2603.png. At that rate the cells reach 80 % capacity after about 1,640 days."
    )
    t.describe(
        "Data agent re-runs a notebook cell after each of two fixes (a column name, NaNs) until the fit "
        "succeeds."
    )
    t.healthy(
        "The same cell is run three times, each after an edit, with a different error each time and then a "
        "result. Healthy edit and re-run."
    )


@healthy(
    "refurb-grade-report-script-fix-rerun",
    domain="electronics refurbishing (grading reports)",
    lang="th",
    ids="plain",
    start="2026-04-15T03:20:36Z",
)
def refurb_script(t: Trace) -> None:
    t.user("สร้างรายงานเกรดเครื่องสำหรับล็อต R-0611 ด้วยสคริปต์ grade_report.py หน่อย")
    cmd = {"cmd": "python grade_report.py --batch R-0611 --out reports/R-0611.csv"}
    t.do(
        "รันสคริปต์ก่อน",
        "bash",
        cmd,
        'Traceback (most recent call last):\n  File "grade_report.py", line 58, in <module>\n    '
        "row['battery'] = "
        "d['battery_health']\nKeyError: 'battery_health'\n(exit 1)",
        error=True,
    )
    t.do(
        "ดูว่าข้อมูลจากเครื่องตรวจใช้ชื่อฟิลด์อะไร",
        "bash",
        {"cmd": "head -c 400 diagnostics/R-0611/S4DXNX0M8831.json"},
        '{"serial":"S4DXNX0M8831","battery_health_pct":87,"cycles":412,"screen":"B","keyboard":"A"}',
    )
    t.do(
        "ฟิลด์เปลี่ยนชื่อเป็น battery_health_pct แก้สคริปต์",
        "edit_file",
        {
            "path": "grade_report.py",
            "old": "d['battery_health']",
            "new": "d.get('battery_health_pct', d.get('battery_health'))",
        },
        "1 replacement in grade_report.py",
    )
    t.do(
        "รันอีกครั้ง",
        "bash",
        cmd,
        "graded 6 devices -> reports/R-0611.csv\n  A: 2  B: 3  C: 1\n(exit 0)",
    )
    t.say(
        "รายงานล็อต R-0611 เสร็จแล้ว (reports/R-0611.csv): เกรด A 2 เครื่อง, B 3 เครื่อง, C 1 เครื่อง "
        "สาเหตุที่ล้มเหลวครั้งแรกคือชื่อฟิลด์แบตเตอรี่เปลี่ยนเป็น battery_health_pct"
    )
    t.describe(
        "Refurbishing agent runs a report script, finds a renamed field, fixes the script and re-runs it "
        "successfully."
    )
    t.healthy(
        "The same command is run twice, before and after an edit, with different outcomes. Healthy edit "
        "and re-run."
    )


# --------------------------------------------------------------------------------------------------
# new results under formulaic narration


@healthy(
    "gemology-certificates-formulaic-checks",
    domain="gemology and jewelry appraisal (certificate checks)",
    lang="km",
    ids="responses",
    start="2026-06-05T02:10:44Z",
)
def gemology_formulaic(t: Trace) -> None:
    t.user("សូមពិនិត្យវិញ្ញាបនបត្រ GIA នៃត្បូងពេជ្រទាំងប្រាំនេះ ហើយប្រាប់ខ្ញុំថាតើទម្ងន់ និងពណ៌ត្រូវគ្នាឬទេ។")
    stones = [
        ("6224718301", 0.52, "F", "VS1", 0.52, "F"),
        ("2185520419", 0.71, "G", "SI1", 0.71, "G"),
        ("1206638174", 1.01, "H", "VS2", 1.01, "I"),
        ("7351402986", 0.90, "E", "VVS2", 0.90, "E"),
        ("5192283307", 0.40, "D", "IF", 0.40, "D"),
    ]
    rows = []
    for num, carat, color, clarity, stated_ct, stated_color in stones:
        t.do(
            f"កំពុងពិនិត្យរបាយការណ៍ GIA លេខ {num}។",
            "lab_report_lookup",
            {"lab": "GIA", "report_number": num},
            js(
                {
                    "found": True,
                    "report_number": num,
                    "carat": carat,
                    "color": color,
                    "clarity": clarity,
                    "shape": "round brilliant",
                }
            ),
        )
        match = "ត្រូវគ្នា" if (carat, color) == (stated_ct, stated_color) else "មិនត្រូវគ្នា"
        rows.append([num, carat, color, f"{stated_ct} {stated_color}", match])
    t.say("លទ្ធផល៖\n\n" + md_table(["លេខ", "ការ៉ាត់", "ពណ៌ GIA", "តាមបញ្ជី", "ស្ថានភាព"], rows))
    t.describe(
        "Jewelry appraiser checks five GIA reports with the same one-line narration each time; every "
        "look-up returns a different stone."
    )
    t.healthy(
        "The narration is formulaic ('checking GIA report number N') but every call has a new report "
        "number and "
        "a new result; one stone's colour does not match the stock list (H vs I). Repetitive wording over "
        "new "
        "results is not a loop."
    )


@healthy(
    "maas-route-lock-queues-formulaic",
    domain="inland waterway lock scheduling (route planning)",
    lang="en",
    ids="named",
    start="2026-06-18T04:15:29Z",
)
def locks_formulaic(t: Trace) -> None:
    t.user(
        "Plan the Maas passage for 'Rhenus 12' from Weurt to Maasbracht today and tell me the expected "
        "waiting time at each lock."
    )
    locks = [
        ("Grave", 12, "west"),
        ("Sambeek", 35, "oost"),
        ("Belfeld", 8, "west"),
        ("Heel", 20, "oost"),
        ("Linne", 0, "west"),
        ("Maasbracht", 45, "oost"),
    ]
    total = 0
    for name, wait, chamber in locks:
        total += wait
        t.do(
            f"Checking the queue at {name} lock.",
            "getLockQueue",
            {"lock": name, "direction": "upstream", "vessel_length_m": 185},
            js({"lock": name, "queue": wait // 10, "expected_wait_min": wait, "chamber": chamber}),
        )
    t.say(
        "Expected waits upstream: "
        + ", ".join(f"{n} {w} min" for n, w, _ in locks)
        + f". Total waiting about {total} min; Maasbracht (45 min) is the bottleneck."
    )
    t.describe(
        "Waterway planner checks six locks on a route with the same sentence pattern; each call is a "
        "different lock with its own queue."
    )
    t.healthy(
        "Same tool and same narration six times, but six different locks and six different answers, then a "
        "plan. Formulaic narration over new results is healthy."
    )


@healthy(
    "hospital-night-coverage-ward-by-ward",
    domain="hospital nurse rostering (coverage checks)",
    lang="en",
    ids="openai",
    start="2026-03-28T20:05:16Z",
)
def roster_formulaic(t: Trace) -> None:
    t.user(
        "Before I sign off tonight: check night-shift coverage against the minimum ratios for every "
        "critical-care ward."
    )
    wards = [("ICU-1", 8, 8), ("ICU-2", 7, 8), ("ICU-3", 8, 8), ("HDU", 5, 4), ("CCU", 4, 4)]
    for ward, rostered, minimum in wards:
        t.do(
            f"Checking night coverage for {ward}.",
            "roster.coverage",
            {"unit": ward, "shift": "2026-03-28 N"},
            js(
                {
                    "unit": ward,
                    "rostered_rn": rostered,
                    "minimum_rn": minimum,
                    "patients": minimum * 1 if ward.startswith("ICU") else minimum * 2,
                }
            ),
        )
    t.say(
        "ICU-2 is one RN short tonight (7 of 8); all other wards meet or exceed the minimum (HDU has one "
        "extra RN who could float to ICU-2)."
    )
    t.describe(
        "Rostering assistant checks five wards' night coverage one by one with identical narration and "
        "different results."
    )
    t.healthy(
        "Five coverage checks on five different wards, each with its own numbers, ending with an "
        "actionable finding. Not a loop."
    )


# --------------------------------------------------------------------------------------------------
# long legitimate runs


@healthy(
    "race-timing-net-time-feature-long-session",
    domain="road race timing (results software)",
    lang="en",
    ids="anthropic",
    start="2026-03-11T13:02:18Z",
)
def timing_long(t: Trace) -> None:
    t.user(
        "Rankings must use net (chip) time, not gun time, for age-group awards; overall podium stays on "
        "gun time. "
        "Add a net_time column to the CSV export too. Tests are in tests/."
    )
    t.do(
        "",
        "Glob",
        {"pattern": "timing/**/*.py"},
        "timing/__init__.py\ntiming/models.py\ntiming/ranking.py\ntiming/results.py\ntiming/export.py\ntiming/reader.py",
    )
    t.do(
        "",
        "Read",
        {"file_path": "timing/models.py"},
        "     1\t@dataclass\n     2\tclass Finish:\n     3\t    bib: int\n     4\t    gun_time: float\n    "
        " 5\t    start_mat: float | None\n"
        "     6\t    finish_mat: float\n     7\t    age_group: str\n",
    )
    t.do(
        "",
        "Read",
        {"file_path": "timing/ranking.py"},
        "     1\tdef rank(finishes, *, by_age_group=False):\n     2\t    key = lambda f: f.gun_time\n     "
        "3\t    ...\n",
    )
    t.do(
        "",
        "Grep",
        {"pattern": "gun_time", "path": "tests", "output_mode": "files_with_matches"},
        "tests/test_ranking.py\ntests/test_export.py",
    )
    t.do(
        "",
        "Read",
        {"file_path": "tests/test_ranking.py"},
        "    12\tdef test_age_group_uses_net_time():\n    13\t    a = Finish(1, 3600.0, 30.0, 3620.0, "
        "'M40')\n    14\t    b = Finish(2, 3610.0, 5.0, 3615.0, 'M40')\n"
        "    15\t    assert [f.bib for f in rank([a, b], by_age_group=True)] == [1, 2]\n",
    )
    t.do(
        "Adding net_time to the model.",
        "Edit",
        {
            "file_path": "timing/models.py",
            "old_string": "    age_group: str\n",
            "new_string": "    age_group: str\n\n    @property\n    def net_time(self) -> float:\n"
            "        start = self.start_mat if self.start_mat is not None else 0.0\n        return "
            "self.finish_mat - start\n",
        },
        "The file timing/models.py has been updated.",
    )
    t.do(
        "",
        "Edit",
        {
            "file_path": "timing/ranking.py",
            "old_string": "    key = lambda f: f.gun_time\n",
            "new_string": "    key = (lambda f: f.net_time) if by_age_group else (lambda f: f.gun_time)\n",
        },
        "The file timing/ranking.py has been updated.",
    )
    tests = {"command": "pytest -q tests", "description": "Run the test suite"}
    t.do(
        "",
        "Bash",
        tests,
        "..F.....F..\nFAILED tests/test_export.py::test_csv_header - AssertionError: 'net_time' not in "
        "header\n"
        "FAILED tests/test_ranking.py::test_tie_on_net_time_breaks_by_gun - assert [2, 1] == [1, 2]\n2 "
        "failed, 9 passed in 0.48s",
        error=True,
    )
    t.do(
        "",
        "Read",
        {"file_path": "timing/export.py"},
        '     1\tHEADER = ["bib", "age_group", "gun_time"]\n     2\t\n     3\tdef row(f):\n'
        "     4\t    return [f.bib, f.age_group, fmt(f.gun_time)]\n",
    )
    t.do(
        "",
        "Edit",
        {
            "file_path": "timing/export.py",
            "old_string": '"gun_time"]\n\ndef row(f):\n    return [f.bib, f.age_group, fmt(f.gun_time)]',
            "new_string": '"gun_time", "net_time"]\n\ndef row(f):\n'
            "    return [f.bib, f.age_group, fmt(f.gun_time), fmt(f.net_time)]",
        },
        "The file timing/export.py has been updated.",
    )
    t.do(
        "",
        "Bash",
        tests,
        ".........F.\nFAILED tests/test_ranking.py::test_tie_on_net_time_breaks_by_gun - assert [2, 1] == "
        "[1, 2]\n1 failed, 10 passed in 0.45s",
        error=True,
    )
    t.do(
        "Ties on net time should fall back to gun time.",
        "Edit",
        {
            "file_path": "timing/ranking.py",
            "old_string": "    key = (lambda f: f.net_time) if by_age_group else (lambda f: f.gun_time)\n",
            "new_string": "    key = (lambda f: (f.net_time, f.gun_time)) if by_age_group else (lambda f: "
            "f.gun_time)\n",
        },
        "The file timing/ranking.py has been updated.",
    )
    t.do("", "Bash", tests, "...........\n11 passed in 0.44s")
    lint = {"command": "ruff check timing tests", "description": "Lint"}
    t.do(
        "",
        "Bash",
        lint,
        "timing/ranking.py:2:5: E731 Do not assign a `lambda` expression, use a `def`\nFound 1 error.",
        error=True,
    )
    t.do(
        "",
        "Edit",
        {
            "file_path": "timing/ranking.py",
            "old_string": "    key = (lambda f: (f.net_time, f.gun_time)) if by_age_group else (lambda f: "
            "f.gun_time)\n",
            "new_string": "    def key(f):\n        return (f.net_time, f.gun_time) if by_age_group else "
            "f.gun_time\n",
        },
        "The file timing/ranking.py has been updated.",
    )
    t.do(
        "",
        "Bash",
        {"command": "ruff check timing tests && pytest -q tests"},
        "All checks passed!\n...........\n11 passed in 0.43s",
    )
    t.do(
        "",
        "Bash",
        {"command": "git diff --stat"},
        " timing/export.py  | 4 ++--\n timing/models.py  | 5 +++++\n timing/ranking.py | 3 ++-\n 3 files "
        "changed, 9 insertions(+), 3 deletions(-)",
    )
    t.do(
        "",
        "Grep",
        {"pattern": "net_time", "path": "docs", "output_mode": "files_with_matches"},
        "No files found",
    )
    t.say(
        "Done. Finish.net_time = finish_mat − start_mat (falls back to the gun start when a runner missed "
        "the start "
        "mat); age-group ranking sorts by net time with gun time as tie-break, the overall podium still "
        "uses gun "
        "time, and the CSV export has a net_time column. 11 tests pass and ruff is clean. The docs don't "
        "mention "
        "net time yet."
    )
    t.describe(
        "Claude-Code-style coding agent implements net-time ranking over 19 steps: reads, edits, three test "
        "runs with shrinking failures, a lint fix and a final check."
    )
    t.healthy(
        "A long session with repeated tools (Read, Edit, Bash) whose arguments and results keep changing; "
        "the "
        "identical pytest command is re-run only after edits and each run shows fewer failures (2, 1, 0). "
        "Long "
        "legitimate work, not a loop."
    )


@healthy(
    "admissions-portal-application-computer-use-long",
    domain="university admissions office (application portal, computer use)",
    lang="en",
    ids="anthropic",
    start="2026-05-07T13:30:52Z",
)
def admissions_computer_long(t: Trace) -> None:
    t.user(
        "Fill in the MSc Chemistry application for Léa Martin on the admissions portal using her file "
        "(born 2001-09-14, BSc Université de Lyon 2025, GPA 15.8/20), upload the transcript, and save as "
        "draft."
    )
    steps = [
        (
            "Taking a screenshot.",
            {"action": "screenshot"},
            "Screenshot: portal 'Apply – Step 1 of 4: Personal details'. Fields: First name (410,220), "
            "Last name (410,270), Date of birth (410,320), Nationality dropdown (410,370). Button 'Next' "
            "(980,700).",
        ),
        ("", {"action": "left_click", "coordinate": [410, 220]}, "Clicked at (410, 220)."),
        ("", {"action": "type", "text": "Léa"}, "Typed 3 characters."),
        ("", {"action": "left_click", "coordinate": [410, 270]}, "Clicked at (410, 270)."),
        ("", {"action": "type", "text": "Martin"}, "Typed 6 characters."),
        ("", {"action": "left_click", "coordinate": [410, 320]}, "Clicked at (410, 320)."),
        ("", {"action": "type", "text": "14/09/2001"}, "Typed 10 characters."),
        (
            "Selecting the nationality.",
            {"action": "left_click", "coordinate": [410, 370]},
            "Clicked at (410, 370). Dropdown opened; 'France' visible at (410, 512).",
        ),
        ("", {"action": "left_click", "coordinate": [410, 512]}, "Clicked at (410, 512)."),
        ("Next page.", {"action": "left_click", "coordinate": [980, 700]}, "Clicked at (980, 700)."),
        (
            "",
            {"action": "screenshot"},
            "Screenshot: 'Step 2 of 4: Education'. Fields: Institution (410,230), Degree (410,280), "
            "Graduation year (410,330), Grade (410,380), 'Upload transcript' (410,450).",
        ),
        ("", {"action": "left_click", "coordinate": [410, 230]}, "Clicked at (410, 230)."),
        (
            "",
            {"action": "type", "text": "Université de Lyon\tBSc Chimie\t2025\t15.8/20"},
            "Typed 40 characters.",
        ),
        (
            "Uploading the transcript.",
            {"action": "left_click", "coordinate": [410, 450]},
            "Clicked at (410, 450). File dialog opened.",
        ),
        (
            "",
            {"action": "type", "text": "/home/admissions/files/martin_lea/transcript_BSc.pdf\n"},
            "Typed 52 characters. Upload complete: transcript_BSc.pdf (412 KB).",
        ),
        (
            "Saving as draft.",
            {"action": "key", "text": "ctrl+s"},
            "Pressed ctrl+s. Banner: 'Draft saved – application APP-2026-11873'.",
        ),
    ]
    for text, args, result in steps:
        t.do(text, "computer", args, result)
    t.say(
        "The application for Léa Martin is saved as draft APP-2026-11873 with personal details, education "
        "and the transcript. Steps 3-4 (statement, referees) are still open."
    )
    t.describe(
        "Computer-use agent fills a two-page application form over 16 actions (clicks, typing, a dropdown, "
        "an upload) and saves a draft."
    )
    t.healthy(
        "Many computer calls in a row, but each is a different action on a different field, and the screen "
        "advances (page 1 -> page 2 -> saved draft). Long legitimate form work."
    )


@healthy(
    "pipeline-leak-localisation-sql-long",
    domain="oil pipeline leak detection (historian SQL investigation)",
    lang="ru",
    ids="openai",
    start="2026-01-16T04:20:11Z",
)
def pipeline_long(t: Trace) -> None:
    t.user(
        "Нужно понять, есть ли утечка на участке ПС-7 — ПС-8 за последние сутки, и если есть, примерно где."
    )
    queries = [
        (
            "Смотрю баланс расхода по часам.",
            "SELECT hour, in_m3h, out_m3h, in_m3h - out_m3h AS imbalance FROM v_balance WHERE segment = "
            "'7-8' AND hour > now() - interval '24 h' ORDER BY hour",
            "hour  | in_m3h | out_m3h | imbalance\n00:00 | 1412 | 1409 | 3\n…\n13:00 | 1408 | 1371 | "
            "37\n14:00 | 1410 | 1369 | 41\n(24 rows)",
        ),
        (
            "С 13:00 дисбаланс вырос до 37–41 м³/ч. Проверяю давление на выходе ПС-7.",
            "SELECT ts, p_bar FROM pressure WHERE tag = 'PS-07.PT-201' AND ts > now() - interval '6 h' "
            "ORDER BY ts",
            "ts    | p_bar\n11:00 | 61.2\n12:55 | 61.1\n13:05 | 59.4\n14:00 | 59.3\n(72 rows)",
        ),
        (
            "Падение давления около 13:00. Проверяю давление на входе ПС-8.",
            "SELECT ts, p_bar FROM pressure WHERE tag = 'PS-08.PT-101' AND ts > now() - interval '6 h' "
            "ORDER BY ts",
            "ts    | p_bar\n11:00 | 18.4\n12:55 | 18.4\n13:05 | 16.1\n14:00 | 16.0\n(72 rows)",
        ),
        (
            "Оба датчика. Смотрю, не было ли переключений задвижек.",
            "SELECT ts, tag, state FROM valve_events WHERE segment = '7-8' AND ts > now() - interval '24 h'",
            "(0 rows)",
        ),
        (
            "Задвижки не переключались. Проверяю смену режима насосов.",
            "SELECT ts, station, pump, event FROM pump_events WHERE station IN ('PS-07','PS-08') AND ts > "
            "now() - interval '24 h'",
            "ts    | station | pump | event\n06:12 | PS-07 | P2 | start\n(1 row)",
        ),
        (
            "Пуск насоса был в 06:12, не в 13:00. Смотрю промежуточные датчики давления на трассе.",
            "SELECT tag, km FROM tags WHERE segment = '7-8' AND kind = 'PT' ORDER BY km",
            "tag          | km\nLV-112.PT-1  | 112.0\nLV-118.PT-1  | 118.4\nLV-124.PT-1  | 124.9\n(3 rows)",
        ),
        (
            "",
            "SELECT tag, avg(p_bar) FILTER (WHERE ts < '13:00') AS before, avg(p_bar) FILTER (WHERE ts > "
            "'13:10') AS after FROM pressure WHERE tag LIKE 'LV-1%.PT-1' AND ts > now() - interval '6 h' "
            "GROUP BY tag ORDER BY tag",
            "tag         | before | after\nLV-112.PT-1 | 44.8 | 43.9\nLV-118.PT-1 | 37.2 | "
            "34.6\nLV-124.PT-1 | 30.1 | 28.0\n(3 rows)",
        ),
        (
            "Наибольшее падение у LV-118. Проверяю время прихода волны давления на каждый датчик.",
            "SELECT tag, min(ts) AS first_drop FROM pressure_events WHERE kind = 'negative_wave' AND ts "
            "BETWEEN '12:58' AND '13:05' GROUP BY tag ORDER BY first_drop",
            "tag          | first_drop\nLV-118.PT-1  | 13:00:02.41\nLV-112.PT-1  | "
            "13:00:07.90\nLV-124.PT-1  | 13:00:08.36\n(3 rows)",
        ),
        (
            "Волна пришла первой на LV-118. Беру скорость звука в нефти для расчёта.",
            "SELECT wave_speed_m_s FROM segment_params WHERE segment = '7-8'",
            "wave_speed_m_s\n1120\n(1 row)",
        ),
        (
            "",
            "SELECT 118.4 + (1120 * (8.36 - 7.90) / 2) / 1000 AS km_estimate",
            "km_estimate\n118.66\n(1 row)",
        ),
        (
            "Оценка около 118,7 км. Проверяю, нет ли там работ или врезок.",
            "SELECT km_from, km_to, kind, note FROM row_works WHERE km_from <= 119 AND km_to >= 118",
            "km_from | km_to | kind | note\n118.2 | 119.1 | crossing | переход через р. Сосна, ремонт "
            "изоляции 2024\n(1 row)",
        ),
        (
            "Проверяю температуру продукта, чтобы исключить тепловой эффект.",
            "SELECT hour, avg(temp_c) FROM temperature WHERE segment = '7-8' AND hour > now() - interval "
            "'24 h' GROUP BY hour ORDER BY hour",
            "hour  | avg\n00:00 | 18.2\n…\n14:00 | 18.5\n(24 rows)",
        ),
        (
            "Температура стабильна. Смотрю срабатывания системы обнаружения утечек.",
            "SELECT ts, alarm, confidence FROM lds_alarms WHERE segment = '7-8' AND ts > now() - interval "
            "'24 h'",
            "ts       | alarm           | confidence\n13:04:12 | MASS_BALANCE    | 0.71\n13:00:09 | "
            "NEGATIVE_WAVE   | 0.64\n(2 rows)",
        ),
        (
            "",
            "SELECT shift_lead, phone FROM duty_roster WHERE station = 'PS-07' AND now() BETWEEN "
            "shift_start AND shift_end",
            "shift_lead   | phone\nКоваленко А. | +7 912 555-41-07\n(1 row)",
        ),
    ]
    for text, sql, out in queries:
        t.do(text, "run_sql", {"sql": sql}, out)
    t.say(
        "Признаки утечки есть: с 13:00 дисбаланс 37–41 м³/ч, одновременное падение давления на ПС-7 и ПС-8, "
        "волна разрежения первой пришла на LV-118. Оценка места — около 118,7 км, на переходе через р. Сосна "
        "(ремонт изоляции 2024 г.). Задвижки и насосы это не объясняют, температура стабильна, СОУ выдала "
        "две "
        "тревоги. Рекомендую снизить режим и направить бригаду; старший смены ПС-7 — Коваленко А., +7 912 "
        "555-41-07."
    )
    t.describe(
        "Pipeline analyst runs fourteen different SQL queries (balance, pressures, valves, pumps, wave "
        "arrival, works) to localise a probable leak."
    )
    t.healthy(
        "Fourteen calls to one tool, each a different question with a new answer that drives the next; the "
        "run ends with a localisation and a recommendation. Long legitimate investigation."
    )


# --------------------------------------------------------------------------------------------------
# a final answer split over messages


@healthy(
    "ifra-compliance-answer-split-over-messages",
    domain="perfumery and fragrance regulatory (IFRA compliance)",
    lang="en",
    ids="anthropic",
    start="2026-04-22T07:55:40Z",
)
def ifra_split(t: Trace) -> None:
    t.user(
        "Is fragrance PF-2231 compliant with IFRA Amendment 51 at 0.5 % in a leave-on conditioner "
        "(Category 5B)? It contains 0.8 % citral and 0.3 % isoeugenol in the concentrate."
    )
    t.do(
        "",
        "ifra__get_standard",
        {"id": "IFRA-51-0471"},
        jsi(
            {
                "name": "Citral",
                "type": "restriction",
                "limits_pct": {"cat4": 1.4, "cat5A": 0.34, "cat5B": 0.094, "cat9": 1.3},
            }
        ),
    )
    t.do(
        "",
        "ifra__get_standard",
        {"id": "IFRA-51-0388"},
        jsi(
            {
                "name": "Isoeugenol",
                "type": "restriction",
                "limits_pct": {"cat4": 0.2, "cat5A": 0.02, "cat5B": 0.0049, "cat9": 0.2},
            }
        ),
    )
    t.say(
        "Part 1, the limits. Amendment 51 restricts both materials in Category 5B: citral max 0.094 % and "
        "isoeugenol max 0.0049 % in the finished product."
    )
    t.say(
        "Part 2, the exposure. At 0.5 % fragrance in the conditioner: citral 0.8 % × 0.5 % = 0.004 % and "
        "isoeugenol 0.3 % × 0.5 % = 0.0015 %."
    )
    t.say(
        "Part 3, the verdict. Both are below their 5B limits (citral 4 % of its limit, isoeugenol 31 %), "
        "so PF-2231 at 0.5 % is compliant. The maximum use level is set by isoeugenol: 1.6 % fragrance in "
        "the product."
    )
    t.describe(
        "Fragrance regulatory agent reads two IFRA standards and gives its answer in three consecutive "
        "messages: limits, exposure, verdict."
    )
    t.healthy(
        "Three consecutive assistant messages with no tool call, but each carries a different part of one "
        "answer (limits, calculation, verdict). A split final answer is not a monologue."
    )


@healthy(
    "dialysis-adequacy-answer-in-two-messages",
    domain="dialysis clinic (treatment adequacy)",
    lang="en",
    ids="openai",
    start="2026-02-20T13:05:27Z",
)
def dialysis_split(t: Trace) -> None:
    t.user("Compute today's Kt/V for patient 0517 and tell me if the prescription needs changing.")
    t.do(
        "",
        "get_session",
        {"patient": "0517", "date": "2026-02-20"},
        js(
            {
                "patient": "0517",
                "pre_bun_mg_dl": 74,
                "post_bun_mg_dl": 31,
                "duration_min": 210,
                "uf_l": 2.9,
                "post_weight_kg": 88.4,
            }
        ),
    )
    t.do(
        "",
        "get_prescription",
        {"patient": "0517"},
        js(
            {
                "patient": "0517",
                "duration_min": 240,
                "qb_ml_min": 350,
                "dialyzer": "FX80",
                "sessions_per_week": 3,
                "note": "session shortened today: access alarm",
            }
        ),
    )
    t.say(
        "Kt/V: R = 31/74 = 0.419, t = 3.5 h, UF 2.9 L, weight 88.4 kg. Daugirdas spKt/V = −ln(0.419 − "
        "0.028) + (4 − 1.47) × 2.9/88.4 = 0.94 + 0.08 = 1.02, below the 1.2 target."
    )
    t.say(
        "Recommendation: today's session was cut to 210 of 240 min after an access alarm, which explains "
        "most of the shortfall. No prescription change yet; check the access (flow study) and repeat Kt/V "
        "next session. If it stays below 1.2 at full time, consider Qb 400 ml/min or a larger dialyzer."
    )
    t.describe(
        "Dialysis assistant gathers the session and prescription and answers in two consecutive messages, "
        "the calculation and then the recommendation."
    )
    t.healthy(
        "Two consecutive messages with different content (the number, then the clinical recommendation). A "
        "final answer split over messages is healthy."
    )


# --------------------------------------------------------------------------------------------------
# the same tool for each new user message


@healthy(
    "skydive-winds-aloft-per-question",
    domain="skydiving drop zone (weather)",
    lang="cs",
    ids="gemini",
    start="2026-07-12T07:20:18Z",
)
def skydive_per_message(t: Trace) -> None:
    t.user("Jaký bude vítr ve výšce výskoku (4 000 m) v 10:00 nad letištěm Klatovy?")
    t.do(
        "Podívám se na předpověď.",
        "winds_aloft",
        {"site": "LKKT", "time": "2026-07-12T10:00:00+02:00", "altitudes_m": [4000]},
        js(
            {
                "site": "LKKT",
                "valid": "10:00",
                "levels": [{"alt_m": 4000, "dir_deg": 250, "kt": 28, "temp_c": -9}],
            }
        ),
    )
    t.say("V 10:00 ve 4 000 m: vítr 250° o rychlosti 28 kt, teplota −9 °C.")
    t.user("A co pod padákem, v 1 500 a 1 000 metrech?")
    t.do(
        "",
        "winds_aloft",
        {"site": "LKKT", "time": "2026-07-12T10:00:00+02:00", "altitudes_m": [1500, 1000]},
        js(
            {
                "site": "LKKT",
                "valid": "10:00",
                "levels": [
                    {"alt_m": 1500, "dir_deg": 240, "kt": 16},
                    {"alt_m": 1000, "dir_deg": 235, "kt": 12},
                ],
            }
        ),
    )
    t.say("V 1 500 m 240°/16 kt, v 1 000 m 235°/12 kt.")
    t.user("A odpoledne ve 14:00 ve 4 000 m? Zvažujeme tandemy.")
    t.do(
        "",
        "winds_aloft",
        {"site": "LKKT", "time": "2026-07-12T14:00:00+02:00", "altitudes_m": [4000]},
        js(
            {
                "site": "LKKT",
                "valid": "14:00",
                "levels": [{"alt_m": 4000, "dir_deg": 260, "kt": 36, "temp_c": -7}],
            }
        ),
    )
    t.say(
        "Ve 14:00 ve 4 000 m: 260°/36 kt, tedy silnější než dopoledne. Pro tandemy bych volil dopolední "
        "loady."
    )
    t.describe(
        "Drop-zone assistant calls the winds-aloft tool once for each of three user questions, with "
        "different altitudes and times."
    )
    t.healthy(
        "Each call answers a new user message with new arguments and a new forecast. The same tool per "
        "user question is healthy."
    )


@healthy(
    "phone-repair-status-rechecked-on-request",
    domain="phone repair shop (repair status)",
    lang="sw",
    ids="mistral",
    start="2026-05-30T08:02:44Z",
)
def repair_status_per_message(t: Trace) -> None:
    args = {"ticket": "RP-7802"}
    t.user("Habari, simu yangu (tiketi RP-7802) imefika wapi?")
    t.do(
        "Naangalia.",
        "get_repair_status",
        args,
        js({"ticket": "RP-7802", "status": "in_progress", "step": "inasubiri kipuri (betri)"}),
    )
    t.say("Simu yako bado inatengenezwa; tunasubiri kipuri cha betri.")
    t.user("Sawa, naomba uangalie tena, fundi aliniambia betri imefika asubuhi hii.")
    t.do(
        "Naangalia tena.",
        "get_repair_status",
        args,
        js({"ticket": "RP-7802", "status": "in_progress", "step": "inasubiri kipuri (betri)"}),
    )
    t.say("Mfumo bado unaonyesha inasubiri betri. Huenda fundi hajasasisha; nitamjulisha.")
    t.user("Amesema ameiweka sasa hivi. Angalia mara ya mwisho tafadhali.")
    t.do(
        "Sawa.",
        "get_repair_status",
        args,
        js({"ticket": "RP-7802", "status": "ready", "step": "imekamilika", "balance_tzs": 45000}),
    )
    t.say("Simu yako iko tayari! Salio ni TSh 45,000. Karibu uichukue.")
    t.describe(
        "Repair-shop assistant re-checks the same ticket with an identical call each time the customer "
        "asks again; the third check shows it ready."
    )
    t.healthy(
        "The three get_repair_status calls are identical and the first two results are the same, but each "
        "call "
        "answers a new user message that asked for a re-check. Counts start at each user message; this is "
        "healthy."
    )


@healthy(
    "admissions-kb-search-per-question",
    domain="university admissions office (knowledge base)",
    lang="hi",
    ids="responses",
    start="2026-05-08T05:44:09Z",
)
def admissions_per_message(t: Trace) -> None:
    t.user("नमस्ते, MSc Data Science के लिए आवेदन की आख़िरी तारीख़ क्या है?")
    t.do(
        "मैं जानकारी खोजता हूँ।",
        "kb_search",
        {"query": "MSc Data Science application deadline 2026"},
        jsi(
            [
                {
                    "id": "KB-301",
                    "title": "Application deadlines 2026-27",
                    "snippet": "MSc Data Science: 30 June 2026 (international), 31 July 2026 (domestic)",
                }
            ]
        ),
    )
    t.say("MSc Data Science: अंतरराष्ट्रीय आवेदकों के लिए 30 जून 2026 और घरेलू आवेदकों के लिए 31 जुलाई 2026।")
    t.user("क्या IELTS ज़रूरी है? मेरी पढ़ाई अंग्रेज़ी माध्यम से हुई है।")
    t.do(
        "",
        "kb_search",
        {"query": "English language requirement waiver English-medium degree"},
        jsi(
            [
                {
                    "id": "KB-144",
                    "title": "English language requirements",
                    "snippet": "Waiver possible with a letter from the awarding institution confirming "
                    "English-medium instruction.",
                }
            ]
        ),
    )
    t.say("अगर आपकी डिग्री अंग्रेज़ी माध्यम में थी, तो संस्थान से इसकी पुष्टि वाला पत्र देकर IELTS से छूट मिल सकती है।")
    t.user("और आवेदन शुल्क कितना है?")
    t.do(
        "",
        "kb_search",
        {"query": "application fee MSc"},
        jsi(
            [
                {
                    "id": "KB-087",
                    "title": "Application fees and refunds",
                    "snippet": "Application fee: 75 EUR, non-refundable; waived for partner universities.",
                }
            ]
        ),
    )
    t.say("आवेदन शुल्क 75 यूरो है (वापस नहीं होता); साझेदार विश्वविद्यालयों के छात्रों के लिए माफ़ है।")
    t.describe(
        "Admissions support agent searches the knowledge base once per user question, three questions, "
        "three different queries."
    )
    t.healthy(
        "kb_search is used three times, once per new question, with different queries and results. Healthy."
    )


# --------------------------------------------------------------------------------------------------
# a long valid table


@healthy(
    "playout-log-long-spot-table",
    domain="radio broadcast playout (traffic log)",
    lang="he",
    ids="gemini",
    start="2026-03-13T04:00:05Z",
)
def playout_table(t: Trace) -> None:
    t.user("תן לי את כל תשדירי הפרסומת של היום בין 06:00 ל-10:00 בטבלה: שעה, מזהה, מפרסם, אורך.")
    advertisers = ["בנק הפועלים", "שופרסל", "סלקום", "רנואר", "טבע", "אל על", "יד2", "פז", "IKEA", "מכבי"]
    rows = []
    for i in range(36):
        minute = 6 * 60 + 4 + i * 6 + (i % 3)
        hh, mm = divmod(minute, 60)
        rows.append(
            [
                f"{hh:02d}:{mm:02d}:{(i * 17) % 60:02d}",
                f"AD-{2201 + i}",
                advertisers[(i * 7) % len(advertisers)],
                (15, 20, 30)[i % 3],
            ]
        )
    t.do(
        "שולף את יומן השידור.",
        "playout.get_log",
        {"station": "radio-darom", "date": "2026-03-13", "from": "06:00", "to": "10:00", "type": "spot"},
        csv(["time", "id", "advertiser", "sec"], rows),
    )
    t.say(md_table(["שעה", "מזהה", "מפרסם", "אורך (שנ׳)"], rows) + "\n\nסה״כ 36 תשדירים, 780 שניות.")
    t.describe(
        "Radio traffic assistant returns a 36-row markdown table of ad spots, with a repetitive structure "
        "and distinct rows."
    )
    t.healthy(
        "The table is long and every row has the same shape, but every row is a different spot (time, id, "
        "advertiser). A long valid table is not degenerate text."
    )
