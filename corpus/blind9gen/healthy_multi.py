"""Healthy sessions of multi-agent teams, puzzle solvers, shoppers, media production and a driver fix."""

from __future__ import annotations

from typing import Any

from .builder import Trace, js


def planner_executor_critic_progress() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-035-planner-executor-critic-converges",
        "An orchestrator runs planner, executor and critic three times; each lap the plan changes with the "
        "critique and the results improve until the critic approves.",
        agent="planner-executor-critic orchestrator (AutoGen 0.4 agents as tools)",
        model="gpt-4o-2024-11-20",
        start=2260,
    )
    task = "List the 10 enterprise customers with the highest churn risk this quarter, with ARR."
    t.user(task)
    laps = [
        (
            "PLAN v1\n1. analytics.customers join analytics.arr.\n2. Order by churn_score desc, limit 10.",
            js(
                {
                    "ok": False,
                    "error": {"sqlstate": "42703", "message": 'column "churn_score" does not exist'},
                }
            ),
            "CRITIQUE: churn risk lives in ml.churn_risk_v2 (risk_p90). Join it on customer_id.",
        ),
        (
            "PLAN v2\n1. analytics.customers join analytics.arr join ml.churn_risk_v2.\n2. Order by "
            "risk_p90 desc, "
            "limit 10.",
            js(
                {
                    "ok": True,
                    "rows": 10,
                    "preview": [["Kestrel Foods", "SMB", 18200, 0.91], ["Orbis Health", "ENT", 412000, 0.88]],
                }
            ),
            "CRITIQUE: results include SMB accounts; the task asks for enterprise only. Add segment = 'ENT'.",
        ),
        (
            "PLAN v3\n1. Same joins.\n2. Filter segment = 'ENT' and quarter = 2026Q1.\n3. Order by risk_p90 "
            "desc, "
            "limit 10.",
            js(
                {
                    "ok": True,
                    "rows": 10,
                    "preview": [["Orbis Health", "ENT", 412000, 0.88], ["Calder Steel", "ENT", 655000, 0.84]],
                }
            ),
            "APPROVED: enterprise only, current quarter, correct risk column, ARR included.",
        ),
    ]
    feedback = None
    for plan, result, critique in laps:
        args: dict[str, Any] = {"task": task}
        if feedback:
            args["feedback"] = feedback
        t.act(
            "Asking the planner." if feedback is None else "Passing the critique to the planner.",
            "planner_agent",
            args,
            plan,
        )
        t.act("Executing the plan.", "executor_agent", {"plan": plan}, result)
        t.act("Critic review.", "critic_agent", {"plan": plan, "result": result}, critique)
        feedback = critique
    t.say(
        "Top enterprise churn risks this quarter: Orbis Health ($412k ARR, p90 0.88), Calder Steel ($655k, "
        "0.84), "
        "and eight more in the attached table."
    )
    t.healthy(
        "A planner-executor-critic cycle that converges: three laps of the same three agents, but each "
        "plan is new (v1, v2, v3), the executor's results change (error, wrong segment, right answer) "
        "and the critic approves on the third lap."
    )
    return t.build()


def debate_rounds() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-036-warehouse-policy-debate",
        "A debate moderator runs three rounds between a proponent and an opponent sub-agent on a "
        "warehouse picking policy, each round with new arguments, then asks a judge.",
        agent="multi-agent debate moderator (LangGraph supervisor)",
        model="claude-sonnet-4-5",
        start=2290,
        ids="anthropic",
    )
    t.user(
        "Should the pharma client's warehouse switch from FIFO to FEFO picking? Run a short debate and give "
        "me the "
        "verdict with the key trade-offs."
    )
    rounds = [
        (
            "Opening statements.",
            "FEFO cuts expiry write-offs: last year 2.1% of SKUs expired on shelf, worth €380k.",
            "FEFO needs expiry captured at receiving for every pallet; today only 64% of inbound has it.",
        ),
        (
            "Rebuttals.",
            "GS1-128 labels carry expiry for 92% of suppliers; scanning at receiving closes most of the gap "
            "in weeks.",
            "FEFO increases travel: pickers skip nearer pallets. Simulation: +11% pick time on fast movers.",
        ),
        (
            "Closing: address the strongest point against you.",
            "Apply FEFO only to SKUs with < 18 months shelf life (31% of SKUs, 88% of write-offs); FIFO "
            "elsewhere.",
            "A hybrid is acceptable if the WMS can flag SKU classes; the cost is mainly re-slotting, about "
            "3 weeks.",
        ),
    ]
    for i, (prompt, pro, con) in enumerate(rounds):
        t.act(
            f"Round {i + 1}: {prompt}",
            "call_agent",
            {"agent": "proponent", "round": i + 1, "prompt": prompt},
            pro,
        )
        t.act(
            "Opponent.",
            "call_agent",
            {"agent": "opponent", "round": i + 1, "prompt": prompt, "reply_to": pro},
            con,
        )
    t.act(
        "Asking the judge.",
        "call_agent",
        {"agent": "judge", "prompt": "Weigh the debate and decide."},
        "Verdict: adopt hybrid FEFO for short-shelf-life SKUs after expiry capture at receiving reaches 95%; "
        "expected savings ~€330k/yr against ~3 weeks of re-slotting and +11% pick time on that subset only.",
    )
    t.say(
        "Verdict: go hybrid. FEFO for SKUs under 18 months shelf life (most of the write-offs), FIFO for "
        "the rest, "
        "once expiry capture at receiving is above 95%. Savings ~€330k/yr; costs: re-slotting and slower "
        "picks "
        "on that subset."
    )
    t.healthy(
        "Sub-agent rounds over different content: proponent and opponent alternate for three rounds, but "
        "every prompt and every reply is new (opening, rebuttal, closing), and a judge concludes."
    )
    return t.build()


def chess_deepening() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-037-chess-iterative-deepening",
        "A puzzle-solving agent analyses one position at increasing depths and with more lines; each "
        "analysis changes the evaluation or the best move until it is stable.",
        agent="chess puzzle solver (UCI engine tool, open model)",
        model="Mistral-Small-3.1-24B-Instruct",
        start=2320,
        ids="plain",
    )
    fen = "2r3k1/5ppp/p3p3/1p1nP3/3P4/P4N2/1P3PPP/2R3K1 b - - 0 27"
    t.user(f"Black to move in {fen}. Is there anything better than a quiet move?")
    for depth, pv, cp in (
        (12, ["c8c1", "f3e1", "d5f4"], -18),
        (16, ["d5f4", "g2g3", "f4e2"], -41),
        (20, ["d5f4", "g2g3", "f4e2", "g1f1"], -63),
        (24, ["d5f4", "g2g3", "f4e2", "g1f1", "e2c1"], -66),
    ):
        t.act(
            f"Analysing at depth {depth}.",
            "engine_analyse",
            {"fen": fen, "depth": depth, "multipv": 1},
            js({"depth": depth, "score": {"cp": cp}, "pv": pv}),
        )
    t.act(
        "The best move settled on ...Nf4. Checking the alternatives with three lines.",
        "engine_analyse",
        {"fen": fen, "depth": 24, "multipv": 3},
        js(
            {
                "lines": [
                    {"pv": ["d5f4", "g2g3", "f4e2"], "cp": -66},
                    {"pv": ["c8c1", "f3e1"], "cp": -20},
                    {"pv": ["h7h6"], "cp": -9},
                ]
            }
        ),
    )
    t.say(
        "27...Nf4! is best (about -0.66 for White at depth 24): the knight eyes e2 and g2 and the rook trade "
        "...Rxc1 only gives -0.20. Quiet moves like ...h6 are roughly equal."
    )
    t.healthy(
        "Iterative deepening: the same position is analysed at depths 12, 16, 20 and 24 (different "
        "arguments, changing evaluation and best move) and once with three lines, then an answer."
    )
    return t.build()


def shopping_compare_polish() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-038-vacuum-compare-fanout-polish",
        "Agent zakupowy porównuje osiem odkurzaczy na różnych stronach produktów, dodaje wybrany do koszyka "
        "i zatrzymuje się na podsumowaniu zamówienia.",
        agent="agent zakupowy w przeglądarce (Playwright, GPT)",
        model="gpt-4.1-mini",
        start=2350,
    )
    t.user(
        "Znajdź najlepszy odkurzacz bezprzewodowy do 1500 zł (min. 50 min pracy, filtr HEPA) i dodaj do "
        "koszyka. "
        "Zatrzymaj się przed płatnością."
    )
    t.act(
        "Wyszukuję w sklepie.",
        "browser_navigate",
        {"url": "https://sklep-agd.example/szukaj?q=odkurzacz+bezprzewodowy&cena_do=1500"},
        "Wyniki: 8 produktów: Dreame R10, Xiaomi G11, Tineco S5, Philips 7000, Bosch Unlimited 7, Dyson V8, "
        "Roborock H7, Samsung Jet 60",
    )
    products = [
        ("dreame-r10", 1199, 60, True),
        ("xiaomi-g11", 1349, 65, True),
        ("tineco-s5", 1449, 35, True),
        ("philips-7000", 1299, 55, False),
        ("bosch-unlimited-7", 1499, 40, True),
        ("dyson-v8", 1399, 40, True),
        ("roborock-h7", 1189, 90, True),
        ("samsung-jet-60", 999, 40, False),
    ]
    for slug, price, minutes, hepa in products:
        t.act(
            f"Sprawdzam {slug}.",
            "browser_navigate",
            {"url": f"https://sklep-agd.example/p/{slug}"},
            f"{slug}: cena {price} zł; czas pracy do {minutes} min; filtr HEPA: {'tak' if hepa else 'nie'}; "
            f"ocena {round(3.9 + (minutes % 7) / 10, 1)}/5",
        )
    t.act(
        "Roborock H7 spełnia wszystkie warunki (90 min, HEPA, 1189 zł). Dodaję do koszyka.",
        "browser_click",
        {"selector": "button#add-to-cart", "url": "https://sklep-agd.example/p/roborock-h7"},
        "Dodano do koszyka. Koszyk: 1 produkt, 1189 zł",
    )
    t.act(
        "Przechodzę do podsumowania.",
        "browser_navigate",
        {"url": "https://sklep-agd.example/koszyk/podsumowanie"},
        "Podsumowanie: Roborock H7 – 1189 zł, dostawa kurierem 0 zł. [Przejdź do płatności]",
    )
    t.say(
        "Wybrałem Roborock H7 (1189 zł, do 90 min, HEPA); Dreame R10 i Xiaomi G11 też spełniają warunki, "
        "ale są "
        "droższe i krócej pracują. Produkt jest w koszyku, czekam na Twoją zgodę przed płatnością."
    )
    t.healthy(
        "Fan-out over product pages: eight navigations to different URLs with similar-looking results, "
        "one add-to-cart, and a stop before payment as asked."
    )
    return t.build()


def transcode_poll_subtitles() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-039-transcode-poll-subtitle-sync",
        "A post-production agent waits for a cloud transcode through identical 'progressing' polls, then "
        "tunes the subtitle offset in steps until the drift is negligible.",
        agent="post-production pipeline agent (MediaConvert-style tools, Claude)",
        model="claude-3-5-sonnet",
        start=2380,
        ids="anthropic",
    )
    t.user("Make the web master for ep. 7 (1080p H.264) and sync the Italian subtitles to it.")
    t.act(
        "Submitting the transcode.",
        "media_create_job",
        {
            "input": "s3://post/ep07/ep07_master.mov",
            "preset": "web-1080p-h264",
            "output": "s3://post/ep07/web/",
        },
        js({"job_id": "1772-ep07", "status": "SUBMITTED"}),
    )
    progressing = js({"job_id": "1772-ep07", "status": "PROGRESSING"})
    for text in (
        "Checking the job.",
        "Progressing.",
        "Still progressing.",
        "Progressing; a 44-minute episode takes a while.",
    ):
        t.act(text, "media_get_job", {"job_id": "1772-ep07"}, progressing)
    t.act(
        "Checking.",
        "media_get_job",
        {"job_id": "1772-ep07"},
        js({"job_id": "1772-ep07", "status": "COMPLETE", "output": "s3://post/ep07/web/ep07_1080p.mp4"}),
    )
    for offset, drift in ((0, 1.24), (-1240, 0.08), (-1320, 0.01)):
        if offset:
            t.act(
                f"Setting the subtitle offset to {offset} ms.",
                "subs_set_offset",
                {"file": "s3://post/ep07/subs/ep07_it.srt", "offset_ms": offset},
                js({"ok": True, "offset_ms": offset}),
            )
        t.act(
            "Measuring drift against the audio.",
            "subs_measure_drift",
            {"video": "s3://post/ep07/web/ep07_1080p.mp4", "subs": "s3://post/ep07/subs/ep07_it.srt"},
            js({"mean_drift_s": drift, "max_drift_s": round(drift + 0.05, 2), "cues_checked": 612}),
        )
    t.act(
        "Exporting the synced subtitles.",
        "subs_export",
        {"file": "s3://post/ep07/subs/ep07_it.srt", "format": "webvtt"},
        js({"output": "s3://post/ep07/web/ep07_it.vtt"}),
    )
    t.say(
        "Web master ready (ep07_1080p.mp4). Italian subtitles shifted by -1.32 s; mean drift now 0.01 s "
        "over 612 "
        "cues; exported as ep07_it.vtt."
    )
    t.healthy(
        "Polling then iterating: four identical 'PROGRESSING' polls end in COMPLETE; the subtitle offset "
        "is then tuned in two different steps, with a drift measurement after each (1.24 s, 0.08 s, 0.01 s)."
    )
    return t.build()


def driver_tests_after_edits() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-040-reader-driver-tests-after-edits",
        "A coding agent fixes a plate-reader driver's parser: it runs the same pytest command after each "
        "edit and the failure count drops from four to zero.",
        agent="coding agent (Claude Code: Read, Edit, Bash)",
        model="claude-sonnet-4-5",
        start=2410,
        ids="anthropic",
    )
    t.user(
        "tests/test_spark_parser.py fails since the reader firmware update. Fix the parser, not the tests."
    )
    pytest = {"command": "python -m pytest tests/test_spark_parser.py -q", "description": "Run parser tests"}
    t.act(
        "Running the tests first.",
        "Bash",
        pytest,
        "FFFF.....\nFAILED test_header_version - ValueError: unknown header 'Firmware: 3.2.1'\n"
        "FAILED test_wavelength_row - IndexError: list index out of range\nFAILED test_overflow_marker\n"
        "FAILED test_temperature\n4 failed, 5 passed in 0.41s",
    )
    t.act(
        "Reading the parser.",
        "Read",
        {"file_path": "spark/parser.py"},
        "  1  HEADERS = {'Software version', 'Plate', 'Wavelength'}\n ... \n 44  row = line.split('\\t')\n"
        " 45  wl = int(row[2])\n ... \n 61  if cell == 'OVER':\n",
    )
    t.act(
        "The new firmware adds a 'Firmware' header line. Allowing it.",
        "Edit",
        {
            "file_path": "spark/parser.py",
            "old_string": "HEADERS = {'Software version', 'Plate', 'Wavelength'}",
            "new_string": "HEADERS = {'Software version', 'Firmware', 'Plate', 'Wavelength'}",
        },
        "The file spark/parser.py has been updated.",
    )
    t.act(
        "Re-running.",
        "Bash",
        pytest,
        "..FF.....\nFAILED test_wavelength_row - IndexError: list index out of range\n"
        "FAILED test_overflow_marker - AssertionError: assert 'OVRFLW' == None\n2 failed, 7 passed in 0.39s",
    )
    t.act(
        "Rows are now ';'-separated. Splitting on either.",
        "Edit",
        {
            "file_path": "spark/parser.py",
            "old_string": "row = line.split('\\t')",
            "new_string": "row = re.split(r'[\\t;]', line)",
        },
        "The file spark/parser.py has been updated.",
    )
    t.act(
        "Re-running.",
        "Bash",
        pytest,
        "...F.....\nFAILED test_overflow_marker - AssertionError: assert 'OVRFLW' == None\n1 failed, 8 "
        "passed in 0.40s",
    )
    t.act(
        "The overflow marker changed from OVER to OVRFLW. Accepting both.",
        "Edit",
        {
            "file_path": "spark/parser.py",
            "old_string": "if cell == 'OVER':",
            "new_string": "if cell in ('OVER', 'OVRFLW'):",
        },
        "The file spark/parser.py has been updated.",
    )
    t.act("Re-running.", "Bash", pytest, ".........\n9 passed in 0.38s")
    t.say(
        "Fixed the parser for firmware 3.2: the new 'Firmware' header, ';'-separated rows and the OVRFLW "
        "overflow marker. All 9 parser tests pass."
    )
    t.healthy(
        "Re-running tests after each edit: the same pytest command runs four times, each after an edit, "
        "and the failures go from 4 to 2 to 1 to 0."
    )
    return t.build()


SCENARIOS = [
    planner_executor_critic_progress,
    debate_rounds,
    chess_deepening,
    shopping_compare_polish,
    transcode_poll_subtitles,
    driver_tests_after_edits,
]
