"""Healthy work: pagination, edits followed by test re-runs, formulaic narration over new results, growing
logs, long legitimate sessions, split answers, one look-up per user question, long tables, stepping."""

from __future__ import annotations

from blind20gen.builder import Trace, healthy, j, ji, js

# -- pagination ----------------------------------------------------------------------------------------


@healthy(
    "forensic-dna-cases-cursor-pages",
    "Forensic DNA lab agent pages through pending casework with a cursor and summarises the backlog.",
    domain="forensic DNA laboratory",
    language="en",
    ids="openai",
    started="2026-02-02T08:00:00Z",
)
def dna_pages(t: Trace) -> None:
    t.user("How many sexual-assault kits are waiting for STR typing, and what's the oldest?")
    pages = [
        (
            None,
            "c_8f2a",
            [("24-01187", "2024-11-03"), ("24-01203", "2024-11-09"), ("24-01240", "2024-11-21")],
        ),
        (
            "c_8f2a",
            "c_91bd",
            [("24-01266", "2024-12-02"), ("24-01301", "2024-12-14"), ("25-00007", "2025-01-04")],
        ),
        (
            "c_91bd",
            "c_a077",
            [("25-00031", "2025-01-12"), ("25-00052", "2025-01-20"), ("25-00068", "2025-01-27")],
        ),
        ("c_a077", None, [("25-00090", "2025-02-06")]),
    ]
    for cursor, nxt, rows in pages:
        args = {"queue": "STR", "case_type": "SAK", "limit": 3}
        if cursor:
            args["cursor"] = cursor
        body = {
            "items": [{"lab_no": n, "received": d, "status": "awaiting_extraction"} for n, d in rows],
            "next_cursor": nxt,
        }
        t.one("Fetching the queue." if cursor is None else "Next page.", "lims.list_cases", args, ji(body))
    t.say("10 kits are waiting for STR typing. The oldest is 24-01187, received 3 Nov 2024.")
    t.healthy(
        "Cursor pagination: four calls, each with the previous page's next_cursor, each returning new "
        "cases, stopping when next_cursor is null."
    )


@healthy(
    "philately-offset-pagination",
    "Stamp dealer's assistant pages through the catalogue by offset to list every Bavarian issue of "
    "1849-1850.",
    domain="philately dealer catalogue",
    language="en",
    ids="anthropic",
    started="2026-01-18T10:00:00Z",
)
def stamp_pages(t: Trace) -> None:
    t.user("List every Bavaria issue of 1849-1850 with its used catalogue value, sorted by Michel number.")
    rows = [
        ("1", "1 Kr. schwarz", 1600),
        ("2 I", "3 Kr. blau, Platte 1", 15),
        ("2 II", "3 Kr. blau, Platte 2", 10),
        ("3 I", "6 Kr. braunorange", 20),
        ("3 II", "6 Kr. braunorange, Type II", 18),
        ("4 I", "6 Kr. braun", 12),
        ("4 II", "6 Kr. braun, Type II", 12),
        ("5", "9 Kr. grün", 40),
    ]
    for off in (0, 3, 6):
        chunk = rows[off : off + 3]
        csv = "michel_nr;wert;katalogwert_eur\n" + "\n".join(f"{m};{w};{v}" for m, w, v in chunk)
        t.one(
            "First page." if off == 0 else "Next page.",
            "katalog.liste",
            {"gebiet": "Bayern", "jahre": "1849-1850", "erhaltung": "gestempelt", "offset": off, "limit": 3},
            csv + f"\n# gesamt: {len(rows)}",
        )
    t.say(
        "8 issues: Mi. 1 (€1,600), 2 I (€15), 2 II (€10), 3 I (€20), 3 II (€18), 4 I (€12), 4 II (€12), "
        "5 (€40)."
    )
    t.healthy("Offset pagination (0, 3, 6) over 8 rows; each page brings new rows. Healthy.")


@healthy(
    "histopathology-slides-next-token",
    "Histopathology agent lists a day's scanned slides with next tokens and counts the ones flagged for "
    "focus.",
    domain="histopathology slide scanning",
    language="en",
    ids="adk",
    started="2026-01-23T07:30:00Z",
)
def slides_pages(t: Trace) -> None:
    t.user("How many of yesterday's scanned slides have a focus score under 50 %?")
    pages = [
        (None, "tok-2", "H-3301-A1,0.91\nH-3302-B1,0.88\nH-3304-A2,0.47\nH-3305-A1,0.93"),
        ("tok-2", "tok-3", "H-3310-C1,0.86\nH-3311-A1,0.90\nH-3318-B2,0.31\nH-3319-A1,0.95"),
        ("tok-3", None, "H-3320-A1,0.44\nH-3327-C4,0.79\nH-3329-A1,0.92"),
    ]
    for tok, nxt, rows in pages:
        args = {"date": "2026-01-22", "fields": ["slide", "focus"]}
        if tok:
            args["page_token"] = tok
        t.one(
            "Listing the slides." if tok is None else "Next page.",
            "scanner.list_slides",
            args,
            "slide,focus\n" + rows + (f"\nnext_page_token: {nxt}" if nxt else "\nnext_page_token: null"),
        )
    t.say("3 of 11 slides are under 50 % focus: H-3304-A2 (47 %), H-3318-B2 (31 %), H-3320-A1 (44 %).")
    t.healthy("Next-token pagination over three pages with different rows; ends when the token is null.")


# -- edit and re-run -----------------------------------------------------------------------------------


@healthy(
    "fpga-testbench-edit-rerun",
    "Claude-Code-style agent fixes a CRC module in Verilog: simulation fails, edit, re-run fails "
    "differently, edit, re-run passes.",
    domain="FPGA timing closure",
    language="en",
    ids="anthropic",
    started="2026-05-13T10:00:00Z",
)
def fpga_tb(t: Trace) -> None:
    t.user("tb_crc32 fails since the last refactor. Fix rtl/crc32.v.")
    sim = {"command": "make -C sim tb_crc32"}
    t.one(
        "Running the testbench.",
        "Bash",
        sim,
        "tb_crc32: vector 0 FAIL expected 0xCBF43926 got 0x6DD28E9B\n1/4 vectors passed\nmake: *** "
        "[tb_crc32] Error 1",
    )
    t.one(
        "Reading the module.",
        "Read",
        {"file_path": "rtl/crc32.v"},
        "12\t  assign crc_next = {crc[30:0], 1'b0} ^ (crc[31] ^ data_bit ? POLY : 32'h0);\n"
        "18\t  assign crc_out = crc;\n",
    )
    t.one(
        "The output is missing the final XOR and bit reflection.",
        "Edit",
        {
            "file_path": "rtl/crc32.v",
            "old_string": "  assign crc_out = crc;",
            "new_string": "  assign crc_out = ~crc;",
        },
        "The file rtl/crc32.v has been updated.",
    )
    t.one(
        "Re-running.",
        "Bash",
        sim,
        "tb_crc32: vector 0 FAIL expected 0xCBF43926 got 0x9B8E2DD6\n1/4 vectors passed\nmake: *** "
        "[tb_crc32] Error 1",
    )
    t.one(
        "Now only the bit order is wrong: reflect the output.",
        "Edit",
        {
            "file_path": "rtl/crc32.v",
            "old_string": "  assign crc_out = ~crc;",
            "new_string": "  assign crc_out = ~reflect32(crc);",
        },
        "The file rtl/crc32.v has been updated.",
    )
    t.one("Re-running.", "Bash", sim, "tb_crc32: 4/4 vectors passed\n")
    t.say("Fixed: crc_out now applies the final XOR and bit reflection; tb_crc32 passes 4/4.")
    t.healthy(
        "The same simulation command three times, each after an edit and each with a different result "
        "(different wrong value, then pass). Edit-test cycles with progress are healthy."
    )


@healthy(
    "braille-table-edit-test-cycles",
    "Braille transcription developer agent (Czech) fixes a liblouis table: test, edit, test with a new "
    "failure, edit, test passes.",
    domain="braille transcription",
    language="cs",
    ids="plain",
    started="2026-02-20T13:00:00Z",
)
def braille_fix(t: Trace) -> None:
    t.user("Testy pro českou tabulku cs-g1.ctb padají na slovech s ů a ě. Oprav to.")
    test = {"command": "lou_checkyaml tests/cs-g1.yaml"}
    t.one(
        "Spouštím testy.",
        "run_command",
        test,
        "FAIL: 'kůň' expected '⠅⠾⠝' got '⠅⠥⠝'\nFAIL: 'měsíc' expected '⠍⠣⠎⠌⠉' got '⠍⠑⠎⠌⠉'\n"
        "2 of 40 tests failed",
    )
    t.one(
        "Přidávám pravidlo pro ů.",
        "apply_patch",
        {"file": "tables/cs-g1.ctb", "patch": "+lowercase \\x016F 12346\n"},
        "patched tables/cs-g1.ctb",
    )
    t.one(
        "Znovu testy.",
        "run_command",
        test,
        "FAIL: 'měsíc' expected '⠍⠣⠎⠌⠉' got '⠍⠑⠎⠌⠉'\n1 of 40 tests failed",
    )
    t.one(
        "Teď pravidlo pro ě.",
        "apply_patch",
        {"file": "tables/cs-g1.ctb", "patch": "+lowercase \\x011B 126\n"},
        "patched tables/cs-g1.ctb",
    )
    t.one("Spouštím testy znovu.", "run_command", test, "40 of 40 tests passed")
    t.say("Doplněna pravidla pro ů a ě; všech 40 testů prochází.")
    t.healthy("Alternating test and patch, but each patch differs and the failures shrink 2 → 1 → 0.")


@healthy(
    "proteomics-pipeline-test-reruns",
    "Codex-style agent (Japanese) fixes an FDR filter in a proteomics pipeline, re-running the tests "
    "after each of three edits until they pass.",
    domain="mass-spectrometry proteomics",
    language="ja",
    ids="responses",
    started="2026-03-03T05:00:00Z",
)
def proteomics_tests(t: Trace) -> None:
    t.user("fdr.pyのq値計算がおかしいのでテストを通るように直してください。")
    run = {"command": ["pytest", "-q", "tests/test_fdr.py"]}
    t.one(
        "テストを実行します。",
        "shell",
        run,
        "FFF.\nE   assert 0.0125 == 0.0100 (test_qvalue_monotone)\n3 failed, 1 passed",
    )
    t.one(
        "デコイ数の数え方を直します。",
        "apply_patch",
        {
            "patch": "--- a/fdr.py\n+++ b/fdr.py\n@@\n-    fdr = decoys / max(targets, 1)\n"
            "+    fdr = (decoys + 1) / max(targets, 1)\n"
        },
        "Success. Updated fdr.py",
    )
    t.one(
        "再実行します。",
        "shell",
        run,
        "F...\nE   AssertionError: q-values not monotone at index 7 (test_qvalue_monotone)\n1 failed, 3 "
        "passed",
    )
    t.one(
        "q値を後ろから累積最小にします。",
        "apply_patch",
        {"patch": "--- a/fdr.py\n+++ b/fdr.py\n@@\n+    q = np.minimum.accumulate(fdr[::-1])[::-1]\n"},
        "Success. Updated fdr.py",
    )
    t.one("もう一度実行します。", "shell", run, "....\n4 passed in 0.31s")
    t.say("修正しました。デコイ補正(+1)とq値の単調化を入れ、テスト4件すべて通過しました。")
    t.healthy("Same test command three times, each after a different patch, with failures going 3 → 1 → 0.")


# -- formulaic narration over new results --------------------------------------------------------------


@healthy(
    "racecards-formulaic-narration",
    "Racing stewards' assistant (Italian) reads the racecard of each race on the day with the same "
    "sentence each time, and each call returns a different race.",
    domain="horse racing stewarding",
    language="it",
    ids="bedrock",
    started="2026-05-25T09:00:00Z",
)
def racecards(t: Trace) -> None:
    t.user("Per ogni corsa di oggi a San Siro dimmi quanti partenti e se ci sono ritiri.")
    data = [
        (1, 9, []),
        (2, 12, ["n. 4 Ombra Chiara"]),
        (3, 7, []),
        (4, 11, ["n. 7 Vento di Maggio"]),
        (5, 14, []),
        (6, 8, ["n. 2 Re Nero", "n. 5 Sabbia"]),
    ]
    for race, runners, scratched in data:
        t.one(
            "Controllo la prossima corsa.",
            "programma.corsa",
            {"ippodromo": "San Siro", "corsa": race},
            js({"corsa": race, "partenti": runners, "ritirati": scratched}),
        )
    t.say(
        "Corse 1–6: 9, 12, 7, 11, 14, 8 partenti. Ritiri: corsa 2 (n. 4), corsa 4 (n. 7), corsa 6 (n. 2, n. "
        "5)."
    )
    t.healthy(
        "Identical narration ('Controllo la prossima corsa') six times, but each call is a new race with a "
        "new result. Repeated wording over new results is not a narration loop."
    )


@healthy(
    "ring-recoveries-formulaic-narration",
    "Bird-ringing assistant (Dutch) looks up five ring recoveries one after another with the same "
    "sentence each time.",
    domain="bird ringing and ornithology surveys",
    language="nl",
    ids="plain",
    started="2026-06-04T09:00:00Z",
)
def ring_recoveries(t: Trace) -> None:
    t.user(
        "Zoek de ringgegevens op van deze vijf terugmeldingen van Vlieland: 3.418.220, 3.418.231, "
        "3.502.114, 3.502.190, 3.611.007."
    )
    recs = [
        ("3.418.220", "Scholekster", "Schiermonnikoog", "2019-06-12"),
        ("3.418.231", "Scholekster", "Schiermonnikoog", "2019-06-14"),
        ("3.502.114", "Bonte strandloper", "Texel", "2021-09-02"),
        ("3.502.190", "Bonte strandloper", "Texel", "2021-09-03"),
        ("3.611.007", "Rosse grutto", "Griend", "2023-08-20"),
    ]
    for ring, soort, plaats, datum in recs:
        t.one(
            "Ik zoek de volgende ring op.",
            "ringdb.zoek",
            {"ringnummer": f"Arnhem {ring}"},
            f'<resultaten totaal="1"><ring nummer="{ring}" soort="{soort}" plaats="{plaats}" '
            f'datum="{datum}"/>'
            "</resultaten>",
        )
    t.say(
        "Alle vijf gevonden: twee Scholeksters (Schiermonnikoog 2019), twee Bonte strandlopers (Texel 2021) "
        "en "
        "een Rosse grutto (Griend 2023)."
    )
    t.healthy(
        "Same sentence five times, but five different rings with five different records. Fan-out with "
        "formulaic narration."
    )


@healthy(
    "stadium-gate-counts-per-gate",
    "Stadium operations agent reads turnstile counts gate by gate with the correct argument, narrating "
    "each call the same way.",
    domain="stadium operations",
    language="en",
    ids="openai",
    started="2026-10-04T13:45:00Z",
)
def gate_counts(t: Trace) -> None:
    t.user("Give me the last 30 minutes' entries at all three North Stand gates.")
    for gid, label, n in [(31, "N1", 1840), (32, "N2", 2215), (33, "N3", 3120)]:
        t.one(
            "Getting the count for the next gate.",
            "turnstile.query",
            {"gate_id": gid, "minutes": 30},
            j({"gate_id": gid, "label": label, "entries": n, "window_min": 30}),
        )
    t.say("Last 30 minutes: N1 1,840, N2 2,215 and N3 3,120 entries. N3 is the busiest.")
    t.healthy("Three calls with the same narration over three different gates, each with its own count.")


@healthy(
    "cement-import-log-grows",
    "Cement-plant agent re-reads an import log that grows as a historian backfill runs, until it reports "
    "completion.",
    domain="cement plant kiln operations",
    language="en",
    ids="openai",
    started="2026-03-28T06:00:00Z",
)
def cement_log(t: Trace) -> None:
    t.user("Keep an eye on the kiln 2 historian backfill and tell me when it's done.")
    cmd = {"command": "tail -n 2 /var/log/historian/backfill_kiln2.log"}
    for text, out in [
        (
            "Reading the end of the log.",
            "06:01:12 tag KILN2.T_BURNING_ZONE 2026-03-16 ok (8640 points)\n"
            "06:01:40 tag KILN2.T_BURNING_ZONE 2026-03-17 ok (8640 points)\n",
        ),
        (
            "It's advancing day by day. Reading again.",
            "06:04:55 tag KILN2.T_BURNING_ZONE 2026-03-19 ok (8640 points)\n"
            "06:05:21 tag KILN2.T_BURNING_ZONE 2026-03-20 ok (8611 points)\n",
        ),
        (
            "Still going. Reading again.",
            "06:07:48 tag KILN2.T_BURNING_ZONE 2026-03-22 ok (8640 points)\n"
            "06:08:02 backfill complete: 7 days, 60451 points, 29 missing\n",
        ),
    ]:
        t.one(text, "bash", cmd, out)
    t.say("The backfill finished: 7 days, 60,451 points (29 missing, on the 20th).")
    t.healthy(
        "The same tail command three times on a log that grows: each read shows new lines, ending with "
        "completion."
    )


# -- long legitimate sessions --------------------------------------------------------------------------


@healthy(
    "av-sim-planner-bug-long-session",
    "Claude-Code-style agent spends 17 steps tracking a cut-in collision in an autonomous-driving "
    "planner: reading logs, grepping, editing, re-running scenarios and the unit tests.",
    domain="autonomous-vehicle simulation regression",
    language="en",
    ids="anthropic",
    started="2026-07-15T08:00:00Z",
)
def av_long(t: Trace) -> None:
    t.user(
        "Scenarios s041 and s107 in cut-in-v3 collide with the new planner build. Find out why and fix it."
    )
    t.one(
        "Reading the s041 run summary.",
        "Read",
        {"file_path": "results/batch-8841/s041/summary.json"},
        ji(
            {
                "scenario": "s041",
                "collision_t": 6.42,
                "ego_speed_mps": 24.1,
                "cut_in_gap_m": 11.3,
                "planner_state_at_collision": "FOLLOW",
            }
        ),
    )
    t.one(
        "And s107.",
        "Read",
        {"file_path": "results/batch-8841/s107/summary.json"},
        ji(
            {
                "scenario": "s107",
                "collision_t": 4.88,
                "ego_speed_mps": 27.6,
                "cut_in_gap_m": 9.8,
                "planner_state_at_collision": "FOLLOW",
            }
        ),
    )
    t.one(
        "Both stay in FOLLOW with small gaps. Looking for the cut-in trigger.",
        "Grep",
        {"pattern": "CUT_IN_GAP", "path": "planner/"},
        "planner/behavior/cut_in.py:14:CUT_IN_GAP_S = 1.2\nplanner/behavior/cut_in.py:41:    if gap / "
        "max(ego_v, 0.1) < CUT_IN_GAP_S:",
    )
    t.one(
        "Reading the trigger.",
        "Read",
        {"file_path": "planner/behavior/cut_in.py"},
        "38\tdef should_yield(ego_v, other, lane):\n39\t    gap = other.s - other.length\n"
        "40\t    # time gap to the cutting-in vehicle\n41\t    if gap / max(ego_v, 0.1) < CUT_IN_GAP_S:\n"
        "42\t        return other.lane == lane\n43\t    return False\n",
    )
    t.one(
        "gap ignores the ego's own front offset. Checking git blame for the refactor.",
        "Bash",
        {"command": "git log -L38,43:planner/behavior/cut_in.py --oneline | head -20"},
        "a91c3e2 refactor: use Frenet s for gaps\n-    gap = other.s - ego.front_s - other.length / 2\n"
        "+    gap = other.s - other.length\n",
    )
    t.one(
        "The refactor dropped ego.front_s and used the full length. Reading the ego state type.",
        "Grep",
        {"pattern": "front_s", "path": "planner/state.py"},
        "planner/state.py:22:    front_s: float",
    )
    t.one(
        "Restoring the correct gap.",
        "Edit",
        {
            "file_path": "planner/behavior/cut_in.py",
            "old_string": "def should_yield(ego_v, other, lane):\n    gap = other.s - other.length",
            "new_string": "def should_yield(ego, other, lane):\n    gap = other.s - ego.front_s - "
            "other.length / 2",
        },
        "The file planner/behavior/cut_in.py has been updated.",
    )
    t.one(
        "Updating the call site for the new signature.",
        "Grep",
        {"pattern": "should_yield\\(", "path": "planner/"},
        "planner/behavior/follow.py:77:        if should_yield(ego.v, obj, ego.lane):",
    )
    t.one(
        "Fixing it.",
        "Edit",
        {
            "file_path": "planner/behavior/follow.py",
            "old_string": "should_yield(ego.v, obj, ego.lane)",
            "new_string": "should_yield(ego, obj, ego.lane)",
        },
        "The file planner/behavior/follow.py has been updated.",
    )
    t.one(
        "Also the time-gap divisor must use ego.v now.",
        "Edit",
        {
            "file_path": "planner/behavior/cut_in.py",
            "old_string": "    if gap / max(ego_v, 0.1) < CUT_IN_GAP_S:",
            "new_string": "    if gap / max(ego.v, 0.1) < CUT_IN_GAP_S:",
        },
        "The file planner/behavior/cut_in.py has been updated.",
    )
    t.one(
        "Unit tests for the behaviour module.",
        "Bash",
        {"command": "pytest -q planner/behavior"},
        "......F.\nE   TypeError: should_yield() missing attribute 'front_s' on SimpleNamespace\n1 failed, "
        "7 passed",
    )
    t.one(
        "The test fixture builds a fake ego without front_s.",
        "Read",
        {"file_path": "planner/behavior/test_cut_in.py"},
        "9\tdef ego(v):\n10\t    return SimpleNamespace(v=v, lane=1)\n",
    )
    t.one(
        "Adding front_s to the fixture.",
        "Edit",
        {
            "file_path": "planner/behavior/test_cut_in.py",
            "old_string": "SimpleNamespace(v=v, lane=1)",
            "new_string": "SimpleNamespace(v=v, lane=1, front_s=0.0)",
        },
        "The file planner/behavior/test_cut_in.py has been updated.",
    )
    t.one(
        "Re-running the unit tests.", "Bash", {"command": "pytest -q planner/behavior"}, "........\n8 passed"
    )
    t.one(
        "Re-simulating s041.",
        "Bash",
        {"command": "simctl run cut-in-v3/s041 --build local"},
        "s041: PASS min_ttc=1.9s yield at t=3.1s",
    )
    t.one(
        "And s107.",
        "Bash",
        {"command": "simctl run cut-in-v3/s107 --build local"},
        "s107: PASS min_ttc=1.6s yield at t=2.4s",
    )
    t.say(
        "Root cause: refactor a91c3e2 computed the cut-in gap without the ego's front offset, so the planner "
        "saw gaps ~5 m too large and never yielded. Fixed in cut_in.py and follow.py, test fixture updated; "
        "unit tests pass and s041/s107 now pass."
    )
    t.healthy(
        "A 17-step debugging session: reads, greps, edits and test runs that each move the work forward. "
        "Two unit-test runs and two simulations have different inputs or follow edits."
    )


@healthy(
    "physio-portal-long-computer-use",
    "Computer-use agent (Thai) fills a physiotherapy clinic's home-exercise programme form over 13 steps "
    "of screenshots, clicks and typing.",
    domain="physiotherapy clinic",
    language="th",
    ids="openai",
    started="2026-06-30T03:00:00Z",
)
def physio_cu(t: Trace) -> None:
    t.user(
        "ในพอร์ทัลคลินิก ช่วยสร้างโปรแกรมออกกำลังกายที่บ้านให้คุณสมชาย(HN "
        "55-10231)หลังผ่าตัดเอ็นไขว้หน้าเข่าสัปดาห์ที่6"
        " ท่าquad sets 3x15, heel slides 3x10, straight leg raise 3x12"
    )
    steps = [
        ({"action": "screenshot"}, "หน้าแรกพอร์ทัล: ช่องค้นหาผู้ป่วย, เมนู 'โปรแกรมออกกำลังกาย'"),
        ({"action": "left_click", "coordinate": [220, 140]}, "ช่องค้นหาผู้ป่วยถูกเลือก"),
        ({"action": "type", "text": "55-10231"}, "พิมพ์ 55-10231 แล้ว ผลค้นหา: สมชาย ใจดี (HN 55-10231)"),
        (
            {"action": "left_click", "coordinate": [260, 210]},
            "หน้าประวัติผู้ป่วย: ACL reconstruction ขวา 19/05/2026",
        ),
        ({"action": "left_click", "coordinate": [640, 96]}, "แท็บ 'โปรแกรมออกกำลังกาย' – ปุ่ม 'สร้างใหม่'"),
        ({"action": "left_click", "coordinate": [1120, 180]}, ("ฟอร์มโปรแกรมใหม่: ช่องค้นหาท่า, ตารางท่า (ว่าง)")),
        ({"action": "type", "text": "quad sets"}, "ผลค้นหาท่า: Quad sets (isometric)"),
        ({"action": "left_click", "coordinate": [400, 260]}, "เพิ่ม Quad sets แล้ว ช่องเซต/ครั้ง"),
        ({"action": "type", "text": "3x15"}, "Quad sets 3 เซต 15 ครั้ง"),
        ({"action": "type", "text": "heel slides 3x10\n"}, "เพิ่ม Heel slides 3 เซต 10 ครั้ง"),
        ({"action": "type", "text": "straight leg raise 3x12\n"}, "เพิ่ม Straight leg raise 3 เซต 12 ครั้ง"),
        ({"action": "left_click", "coordinate": [1180, 720]}, "กดบันทึกแล้ว: 'บันทึกโปรแกรม HEP-8812 สำเร็จ'"),
        ({"action": "screenshot"}, "หน้าสรุป HEP-8812: 3 ท่า, สถานะ 'ส่งให้ผู้ป่วยทางแอปแล้ว'"),
    ]
    texts = [
        "ดูหน้าจอปัจจุบัน",
        "คลิกช่องค้นหาผู้ป่วย",
        "พิมพ์HN",
        "เปิดประวัติผู้ป่วย",
        "ไปที่แท็บโปรแกรม",
        "กดสร้างใหม่",
        "ค้นหาท่าแรก",
        "เพิ่มท่า",
        "ใส่เซตและครั้ง",
        "เพิ่มท่าที่สอง",
        "เพิ่มท่าที่สาม",
        "บันทึก",
        "ตรวจสอบผลลัพธ์",
    ]
    for text, (args, res) in zip(texts, steps, strict=True):
        t.one(text, "computer", args, "สกรีนช็อต: " + res)
    t.say("สร้างโปรแกรม HEP-8812 ให้คุณสมชายแล้ว 3 ท่า และส่งเข้าแอปของผู้ป่วยเรียบร้อย")
    t.healthy(
        "A 14-step computer-use session where every click and keystroke moves the form forward; repeated "
        "'type' and 'left_click' actions carry different text and coordinates."
    )


@healthy(
    "rail-demurrage-long-sql",
    "Rail-freight data agent (Russian) runs eleven different SQL queries to explain a jump in demurrage "
    "charges at one station.",
    domain="rail freight wagon tracking",
    language="ru",
    ids="responses",
    started="2026-12-02T02:00:00Z",
)
def rail_sql(t: Trace) -> None:
    t.user("Почему в ноябре выросли штрафы за простой вагонов на станции Тайшет? Разберись по данным.")
    queries = [
        (
            "Сравню суммы по месяцам.",
            "SELECT month, sum(fee_rub) FROM demurrage WHERE station='Тайшет' GROUP BY 1 "
            "ORDER BY 1 DESC LIMIT 3",
            " month   |   sum\n---------+---------\n 2025-11 | 4812000\n 2025-10 | 1930000\n"
            " 2025-09 | 1875000",
        ),
        (
            "Рост в 2,5 раза. Разложу по клиентам.",
            "SELECT client, sum(fee_rub) FROM demurrage WHERE station='Тайшет' "
            "AND month='2025-11' GROUP BY 1 ORDER BY 2 DESC LIMIT 3",
            " client        |   sum\n---------------+---------\n ТЭЦ-2         | 3120000\n Лесэкспорт    |  "
            "904000\n"
            " Сибцемент     |  410000",
        ),
        (
            "Основное — ТЭЦ-2. Посмотрю время простоя.",
            "SELECT avg(idle_h), max(idle_h) FROM wagon_idle WHERE "
            "station='Тайшет' AND client='ТЭЦ-2' AND month='2025-11'",
            " avg  | max\n------+-----\n 71.4 | 196",
        ),
        (
            "Сравню с октябрём.",
            "SELECT avg(idle_h) FROM wagon_idle WHERE station='Тайшет' AND client='ТЭЦ-2' AND "
            "month='2025-10'",
            " avg\n------\n 22.8",
        ),
        (
            "Простой вырос втрое. Проверю выгрузку по дням.",
            "SELECT day, count(*) FROM unloading WHERE "
            "station='Тайшет' AND client='ТЭЦ-2' AND day BETWEEN '2025-11-01' AND '2025-11-30' GROUP BY 1 "
            "ORDER BY 1 "
            "LIMIT 8",
            " day        | count\n------------+-------\n 2025-11-01 |    62\n 2025-11-02 |    60\n"
            " 2025-11-03 |    58\n 2025-11-04 |     0\n 2025-11-05 |     0\n 2025-11-06 |     0\n "
            "2025-11-07 |    14\n"
            " 2025-11-08 |    21",
        ),
        (
            "С 4 по 6 ноября выгрузки не было. Проверю события на путях.",
            "SELECT ts, event FROM station_events WHERE "
            "station='Тайшет' AND ts BETWEEN '2025-11-03' AND '2025-11-08' ORDER BY ts",
            " ts               | event\n------------------+-------------------------------\n"
            " 2025-11-03 22:10 | отказ вагоноопрокидывателя №2\n 2025-11-07 09:30 | вагоноопрокидыватель №2 "
            "в работе "
            "(ограничение 50 %)",
        ),
        (
            "Проверю, сколько вагонов прибывало в те дни.",
            "SELECT day, count(*) FROM arrivals WHERE station='Тайшет' "
            "AND client='ТЭЦ-2' AND day BETWEEN '2025-11-03' AND '2025-11-10' GROUP BY 1 ORDER BY 1",
            " day        | count\n------------+-------\n 2025-11-03 |    61\n 2025-11-04 |    64\n "
            "2025-11-05 |    59\n"
            " 2025-11-06 |    63\n 2025-11-07 |    60\n 2025-11-08 |    62\n 2025-11-09 |    58\n "
            "2025-11-10 |    61",
        ),
        (
            "Очередь копилась. Когда выгрузка вернулась к норме?",
            "SELECT min(day) FROM unloading WHERE "
            "station='Тайшет' AND client='ТЭЦ-2' AND day > '2025-11-07' GROUP BY day HAVING count(*) >= 58 "
            "LIMIT 1",
            " min\n------------\n 2025-11-19",
        ),
        (
            "Доля штрафов за 4–19 ноября.",
            "SELECT sum(fee_rub) FILTER (WHERE day BETWEEN '2025-11-04' AND "
            "'2025-11-19') * 100.0 / sum(fee_rub) FROM demurrage_daily WHERE station='Тайшет' AND "
            "client='ТЭЦ-2' AND "
            "month='2025-11'",
            " ?column?\n----------\n 88.6",
        ),
        (
            "Проверю, не менялся ли тариф.",
            "SELECT valid_from, rate_rub_per_h FROM demurrage_tariff WHERE "
            "station='Тайшет' ORDER BY valid_from DESC LIMIT 2",
            " valid_from | rate_rub_per_h\n------------+----------------\n 2025-01-01 |            210\n"
            " 2024-01-01 |            195",
        ),
        (
            "Тариф прежний. Итоговая проверка по другим клиентам.",
            "SELECT client, avg(idle_h) FROM wagon_idle WHERE "
            "station='Тайшет' AND month='2025-11' AND client <> 'ТЭЦ-2' GROUP BY 1",
            " client     | avg\n------------+------\n Лесэкспорт | 27.9\n Сибцемент  | 24.1",
        ),
    ]
    for text, sql, out in queries:
        t.one(text, "sql.query", {"sql": sql}, out)
    t.say(
        "Рост штрафов в ноябре (4,8 млн ₽ против 1,9 млн) почти целиком из-за ТЭЦ-2: 3–7 ноября отказал "
        "вагоноопрокидыватель №2, до 19 ноября он работал на 50 %, а вагоны продолжали прибывать по 60 в "
        "сутки. "
        "88,6 % штрафов ТЭЦ-2 приходится на 4–19 ноября; тариф не менялся, у других клиентов простой обычный."
    )
    t.healthy(
        "Eleven different SQL queries, each narrowing the question with new results; a long investigation, "
        "not a same-tool loop."
    )


# -- split answers, per-question look-ups, long tables, stepping ---------------------------------------


@healthy(
    "watch-service-split-final-answer",
    "Watch-repair assistant (Greek) measures four positions, then gives its verdict in three consecutive "
    "messages that each cover a different part.",
    domain="watch repair service",
    language="el",
    ids="named",
    started="2026-07-24T09:00:00Z",
)
def watch_split(t: Trace) -> None:
    t.user("Μέτρησε το W-3310 σε 4 θέσεις και γράψε μου την αναφορά για τον πελάτη.")
    for pos, rate, amp in [("DU", 3.1, 287), ("DD", 4.0, 291), ("CH", -1.2, 262), ("CU", 0.8, 259)]:
        t.one(
            f"Μέτρηση στη θέση {pos}.",
            "timegrapher.read",
            {"position": pos, "duration_s": 30},
            f"pos={pos} rate={rate:+.1f} s/d amp={amp}° beat_error=0.2 ms bph=28800",
        )
    t.say("Μετρήσεις: DU +3,1, DD +4,0, CH −1,2, CU +0,8 s/ημέρα· πλάτος 259–291°.")
    t.say(
        "Μέση ημερήσια απόκλιση +1,7 s/ημέρα, εντός −4/+6· η μέγιστη διαφορά θέσεων (5,2 s) είναι λίγο "
        "πάνω από το όριο των 5 s."
    )
    t.say(
        "Πρόταση για τον πελάτη: μικρή ρύθμιση ισορροπίας για τις κάθετες θέσεις, κόστος 45 €, παράδοση σε "
        "3 ημέρες."
    )
    t.healthy(
        "Four readings of different positions, then a final answer split over three messages whose "
        "contents differ (data, verdict, offer). Not a monologue loop."
    )


@healthy(
    "climbing-gym-autobelay-per-question",
    "Climbing-gym assistant (Norwegian) answers four staff questions in four turns, reading the "
    "auto-belay inspection log each time, once identically because the staff asked for a re-check.",
    domain="climbing gym operations",
    language="no",
    ids="mistral",
    started="2026-11-10T07:00:00Z",
)
def climbing(t: Trace) -> None:
    t.user("Når ble autosikring AB-3 sist inspisert?")
    t.one(
        "Sjekker inspeksjonsloggen for AB-3.",
        "inspeksjon.logg",
        {"enhet": "AB-3"},
        "enhet: AB-3\nsist: 2026-10-28\nresultat: godkjent\nneste: 2026-11-27\n",
    )
    t.say("AB-3 ble inspisert 28. oktober og godkjent. Neste inspeksjon 27. november.")
    t.user("Og AB-5?")
    t.one(
        "Sjekker AB-5.",
        "inspeksjon.logg",
        {"enhet": "AB-5"},
        "enhet: AB-5\nsist: 2026-09-30\nresultat: godkjent med merknad (slitasje på bånd)\nneste: "
        "2026-10-30\n",
    )
    t.say("AB-5 ble sist inspisert 30. september; neste var 30. oktober, så den er på overtid.")
    t.user("Teknikeren sier han inspiserte AB-5 i går. Kan du sjekke igjen?")
    t.one(
        "Sjekker AB-5 på nytt.",
        "inspeksjon.logg",
        {"enhet": "AB-5"},
        "enhet: AB-5\nsist: 2026-11-09\nresultat: godkjent, bånd byttet\nneste: 2026-12-09\n",
    )
    t.say("Nå står det 9. november: godkjent, båndet byttet. Neste 9. desember.")
    t.user("Supert. Hva med AB-1?")
    t.one(
        "Sjekker AB-1.",
        "inspeksjon.logg",
        {"enhet": "AB-1"},
        "enhet: AB-1\nsist: 2026-11-02\nresultat: godkjent\nneste: 2026-12-02\n",
    )
    t.say("AB-1 ble godkjent 2. november; neste inspeksjon 2. desember.")
    t.healthy(
        "One look-up per user question; the identical AB-5 re-check was asked for by the user and brings "
        "a changed record. Same tool across new user turns is healthy."
    )


@healthy(
    "swim-meet-long-heat-sheet",
    "Swim-meet assistant posts a long heat sheet as a markdown table; the rows share a format but every "
    "row differs.",
    domain="swim meet entries and seeding",
    language="en",
    ids="openai",
    started="2026-06-20T18:00:00Z",
)
def heat_sheet(t: Trace) -> None:
    t.user("Print heats 7 and 8 of the women's 200 free as a table.")
    t.one(
        "Fetching the seeded heats.",
        "meet.heats",
        {"event": "W200FR", "heats": [7, 8]},
        j({"heats": 2, "lanes": 8, "source": "seeding v1"}),
    )
    names = [
        ("Abara", "2:03.44"),
        ("Novak", "2:02.90"),
        ("Haddad", "2:01.75"),
        ("Lindqvist", "1:59.02"),
        ("Barros", "2:00.61"),
        ("Mensah", "2:01.98"),
        ("Kowalczyk", "2:02.71"),
        ("Ruiz", "2:03.80"),
        ("Tanaka", "2:03.10"),
        ("Olsen", "2:02.41"),
        ("Chen", "2:00.10"),
        ("Okafor", "1:58.41"),
        ("Ferreira", "2:00.33"),
        ("Dubois", "2:01.62"),
        ("Ivanova", "2:02.55"),
        ("Murphy", "2:03.39"),
    ]
    rows = ["| Heat | Lane | Swimmer | Seed time |", "|---|---|---|---|"]
    for i, (name, time) in enumerate(names):
        rows.append(f"| {7 + i // 8} | {i % 8 + 1} | {name} | {time} |")
    t.say("\n".join(rows))
    t.healthy(
        "A 16-row markdown table whose rows share a template but differ in every cell. Structured, "
        "repetitive-looking text that is not degenerate."
    )


@healthy(
    "autobelay-firmware-gdb-stepping",
    "Firmware agent steps through an auto-belay controller's brake routine with an MCP debugger; the "
    "identical 'next' calls each land on a new line.",
    domain="climbing gym operations",
    language="en",
    ids="anthropic",
    started="2026-11-11T13:00:00Z",
)
def gdb_steps(t: Trace) -> None:
    t.user(
        "The brake engages late on AB-5's controller in the bench rig. Step through brake_update() and find "
        "out why."
    )
    t.one(
        "Setting a breakpoint.",
        "gdb__break",
        {"location": "brake_update"},
        "Breakpoint 1 at 0x08003a2c: file src/brake.c, line 58.",
    )
    t.one("Running to it.", "gdb__continue", {}, "Breakpoint 1, brake_update (rpm=412) at src/brake.c:58")
    lines = [
        "59\t    uint16_t thresh = cfg->engage_rpm;",
        "60\t    if (rpm > thresh + HYST_RPM) {",
        "64\t    } else if (rpm > thresh) {",
        "65\t        ramp_brake(rpm - thresh);",
        "66\t    }",
    ]
    for line in lines:
        t.one("Next line.", "gdb__next", {}, line)
    t.one("Checking the values.", "gdb__print", {"expr": "thresh"}, "$1 = 450")
    t.one("And the hysteresis.", "gdb__print", {"expr": "HYST_RPM"}, "$2 = 40")
    t.say(
        "At 412 rpm the brake should be ramping, but engage_rpm is 450 in the loaded config (spec: 380). "
        "The late engagement is a config value, not code: cfg->engage_rpm must be set back to 380."
    )
    t.healthy(
        "Five identical gdb__next calls, each returning the next source line (debugger stepping, as in "
        "gemini-cli #9276), then prints. Identical calls with new results are not a loop."
    )
