"""Healthy 21-40: hand-offs, fan-out, sweeps, formulaic narration over new results, and long sessions."""

from __future__ import annotations

from typing import Any

from .builder import Call, Trace, js
from .registry import healthy


@healthy("trampoline-waiver-handoff")
def trampoline(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Waiver lookup, one failed resend, hand-off to the front desk.",
        "trampoline park",
        "hi",
        "chat-agent",
        "mistral",
    )
    t.user("शाम 5 बजे वाले ग्रुप के बाकी वेवर किनके हैं? उन्हें लिंक भेज दो।")
    t.say(
        "बुकिंग देखता हूँ।",
        Call(
            "getBooking",
            {"slot": "17:00", "type": "birthday"},
            js({"booking": "BD-5521", "missing": ["Aarav", "Diya", "Kabir"]}),
        ),
    )
    t.say(
        "लिंक भेजता हूँ।",
        Call(
            "sendWaiverLinks",
            {"booking": "BD-5521"},
            js({"sent": 2, "failed": [{"name": "Kabir", "reason": "no phone on file"}]}),
        ),
    )
    t.say(
        "कबीर का नंबर नहीं है; फ्रंट डेस्क को सौंपता हूँ।",
        Call(
            "handoffToStaff",
            {"desk": "front", "note": "Kabir (BD-5521) waiver pending, no phone"},
            js({"ok": True}),
        ),
    )
    t.say("आरव और दिया को लिंक भेज दिए; कबीर का वेवर फ्रंट डेस्क पर साइन होगा।")
    return t.healthy("Distinct calls, one partial failure, hand-off; no repetition.")


@healthy("ice-freezer-locked-escalate")
def icesculpture(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Freezer setpoint refused twice during defrost, then escalated to a technician.",
        "ice sculpture studio",
        "en",
        "claude-code",
        "anthropic",
    )
    t.user("Set block freezer 2 to -12 °C for tonight's clear-block cycle.")
    a = {"unit": 2, "celsius": -12}
    lock = js({"ok": False, "error": "UNIT_LOCKED", "detail": "defrost cycle in progress"})
    t.say("Setting.", Call("freezer_set_setpoint", a, lock))
    t.say("Defrost usually takes 20 min; retrying after a wait.", Call("freezer_set_setpoint", a, lock))
    t.say(
        "Still locked; checking the defrost state.",
        Call(
            "freezer_status",
            {"unit": 2},
            js({"defrost": "stuck", "since": "2026-05-06T13:02:00Z", "fault": "E31 drain heater"}),
        ),
    )
    t.say(
        "Paging the technician.", Call("page_technician", {"unit": 2, "fault": "E31"}, js({"paged": "Marta"}))
    )
    t.say(
        "The freezer is stuck in defrost (E31); Marta has been paged. The setpoint will be set once cleared."
    )
    return t.healthy("Two identical locked results, a diagnostic, then escalation.")


@healthy("dcc-decoder-fanout")
def dcc(sid: str) -> dict[str, Any]:
    t = Trace(
        sid, "Reads CV29 on eight club locomotives.", "model railway club", "de", "mcp-client", "openai"
    )
    t.user("Lies bitte CV29 aller Loks auf Gleis 4 aus, für die Clubliste.")
    locos = [218, 103, 110, 232, 294, 612, 641, 750]
    for i, a in enumerate(locos):
        t.say(
            f"Lok {a}.",
            Call(
                "dcc__read_cv",
                {"address": a, "cv": 29},
                js({"cv": 29, "value": [6, 38, 6, 2, 34, 6, 14, 6][i]}),
            ),
        )
    t.say(
        "CV29: "
        + ", ".join(f"{a}={v}" for a, v in zip(locos, [6, 38, 6, 2, 34, 6, 14, 6], strict=True))
        + "."
    )
    return t.healthy("Same tool over eight different addresses, each with its own result.")


@healthy("stained-glass-panel-photos")
def stainedglass(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Condition assessment over nine panel photos.",
        "stained-glass restoration",
        "en",
        "mcp-client",
        "anthropic",
    )
    t.user("Assess the condition photos for all nine panels of the east window and summarise cracks.")
    out = []
    for p in range(1, 10):
        c = (p * 7) % 5
        out.append(c)
        t.say(
            f"Panel {p}.",
            Call(
                "glazier__analyse_photo",
                {"photo": f"east/panel_{p:02d}.jpg"},
                f"panel {p}: {c} cracked quarries, lead came {'sound' if p % 3 else 'fatigued'}",
            ),
        )
    t.say(f"Total {sum(out)} cracked quarries; panels 3, 6 and 9 need re-leading.")
    return t.healthy("Fan-out over nine photos.")


@healthy("costume-availability-fanout")
def costume(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Checks availability of each costume in a parallel batch answered out of order.",
        "theatre costume rental",
        "pl",
        "agents-sdk",
        "responses",
    )
    t.user("Sprawdź dostępność kostiumów K-101 do K-106 na maj.")
    calls = [
        Call(
            "stock.availability",
            {"item": f"K-10{i}", "month": "2026-05"},
            js({"item": f"K-10{i}", "wolne": i % 3 != 0}),
        )
        for i in range(1, 7)
    ]
    t.say("Sprawdzam wszystkie naraz.", *calls, reverse=True)
    t.say("Dostępne: K-101, K-102, K-104, K-105; zajęte: K-103, K-106.")
    return t.healthy("One parallel batch over six items, results out of order.")


@healthy("water-well-subagents")
def waterwell(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Orchestrator delegates three different tasks.",
        "water-well drilling",
        "en",
        "claude-code",
        "anthropic",
    )
    t.user("Prepare a drilling proposal for parcel 44-B: depth, permits, cost.")
    for d, p, r in [
        ("aquifer depth", "Estimate target depth from nearby logs.", "Drill 55-65 m."),
        (
            "permits",
            "List county permits for a domestic well.",
            "Well construction permit + setback check (30 m from septic).",
        ),
        ("cost", "Estimate cost for 60 m, 6-inch casing.", "USD 14,800-17,200."),
    ]:
        t.say(
            f"Delegating {d}.",
            Call("Task", {"subagent_type": "general-purpose", "description": d, "prompt": p}, r),
        )
    t.say("Proposal: drill 55-65 m; permit + setback check; cost USD 14.8-17.2k.")
    return t.healthy("Three delegations with different tasks.")


@healthy("compost-windrows-batch")
def compost(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Reads temperatures of eight windrows in one batch.",
        "composting facility",
        "en",
        "dotted-tools",
        "bedrock",
    )
    t.user("Which windrows are below 55 °C today?")
    temps = [58, 61, 53, 57, 56, 49, 60, 55]
    calls = [
        Call("windrows.read_temp", {"windrow": i + 1}, js({"windrow": i + 1, "celsius": c}))
        for i, c in enumerate(temps)
    ]
    t.say("Reading all windrows.", *calls, reverse=True)
    t.say("Below 55 °C: windrows 3 (53) and 6 (49).")
    return t.healthy("Parallel fan-out, results out of order.")


@healthy("sauna-start-time-sweep")
def sauna(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Sweeps heater start times to meet temperature and peak-power limits.",
        "sauna and spa",
        "fi",
        "camelCase-tools",
        "named",
    )
    t.user("Sauna 2: 80 astetta klo 18, huipputeho alle 15 kW. Etsi aloitusaika.")
    for s, ok in [("16:00", False), ("16:15", False), ("16:30", True), ("16:45", True), ("17:00", False)]:
        t.say(
            f"Simuloin aloituksen {s}.",
            Call(
                "simulateHeating",
                {"sauna": 2, "start": s, "mode": "eco"},
                js(
                    {
                        "start": s,
                        "reaches80At": "17:5" + str(int(s[3]) // 2) if ok else "18:20",
                        "peakKw": 9.0,
                    }
                ),
            ),
        )
    t.say("Säästötila klo 16:30 riittää: 80 astetta ennen klo 18, teho 9 kW.")
    return t.healthy("Parameter sweep: one argument changes each call, results differ.")


@healthy("kitesurf-kite-size-sweep")
def kitesurf(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Computes recommended kite sizes across student weights.",
        "kitesurf school",
        "en",
        "openai-agents-sdk",
        "openai",
    )
    t.user("Wind tomorrow 18 kn. Recommend kite sizes for students at 55, 65, 75, 85 and 95 kg.")
    for w in [55, 65, 75, 85, 95]:
        t.say(
            f"{w} kg.", Call("kite_size", {"wind_kn": 18, "rider_kg": w}, f"{round(w * 2.2 / 18 * 1.1)} m²")
        )
    t.say("Sizes: 7, 9, 10, 11, 13 m² for 55-95 kg.")
    return t.healthy("Sweep over rider weights.")


@healthy("alpaca-blend-sweep")
def alpaca(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Sweeps alpaca/silk blend ratios against a micron target.",
        "alpaca wool mill",
        "en",
        "sql-agent",
        "plain",
    )
    t.user("What's the highest silk share keeping the blend under 21 micron with lot L-301?")
    for pct in [10, 15, 20, 25, 30]:
        mic = round(21.8 * (100 - pct) / 100 + 13.0 * pct / 100, 2)
        t.say(
            f"{pct}% silk.",
            Call(
                "sql_query",
                {"sql": f"SELECT blend_micron('L-301', 'silk', {pct});"},
                f"blend_micron\n{mic}\n",
            ),
        )
    t.say("Even 10% silk brings L-301 to 20.92 µm; higher shares go further below 21.")
    return t.healthy("Parameter sweep with distinct results.")


@healthy("cricket-roller-passes-sweep")
def cricket(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Models pitch hardness for different roller passes.",
        "cricket ground curation",
        "en",
        "openai-agents-sdk",
        "responses",
    )
    t.user("How many heavy-roller passes get pitch 5 to Clegg 80+ by Saturday?")
    for n in [2, 4, 6, 8]:
        t.say(
            f"{n} passes.",
            Call(
                "pitch_model",
                {"pitch": 5, "roller": "heavy", "passes": n},
                f"predicted clegg: {60 + n * 3.4:.1f}",
            ),
        )
    t.say("Six passes reach ~80.4; eight gives margin.")
    return t.healthy("Sweep of one parameter.")


@healthy("dogsled-per-dog-checks")
def dogsled(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Formulaic narration per dog, each check returning new data.",
        "dog-sled kennel",
        "no",
        "langgraph",
        "adk",
    )
    t.user("Sjekk veterinærattest for alle åtte hundene i laget.")
    dogs = ["Balto", "Luna", "Ravn", "Skye", "Tind", "Ulv", "Frost", "Is"]
    for d in dogs:
        t.say(
            f"Nå sjekker jeg attesten til {d}.",
            Call(
                "vet.certificate",
                {"dog": d},
                js({"dog": d, "valid_until": "2026-12-01" if d not in ("Frost", "Is") else None}),
            ),
        )
    t.say("Seks gyldige; Frost og Is mangler attest.")
    return t.healthy("Repeated sentence template, but every call targets a new dog and brings new data.")


@healthy("taxidermy-sources-fetched")
def taxidermy(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Research agent searches once and fetches three different sources.",
        "taxidermy studio",
        "en",
        "research-agent",
        "responses",
    )
    t.user("UK to Canada, mounted barn owl (salvaged). Which permits?")
    t.say(
        "Searching.",
        Call(
            "web_search",
            {"query": "barn owl taxidermy export UK Canada permits"},
            js(
                {
                    "results": [
                        {"url": "https://cites.example/app/tyto-alba"},
                        {"url": "https://eccc.example/wappriita"},
                        {"url": "https://apha.example/article10"},
                    ]
                }
            ),
        ),
    )
    for u, txt in [
        ("https://cites.example/app/tyto-alba", "Tyto alba: Appendix II."),
        ("https://apha.example/article10", "UK: CITES export permit required for Appendix II."),
        ("https://eccc.example/wappriita", "Canada: CITES import documents checked at entry."),
    ]:
        t.say("Reading the next source.", Call("fetch_url", {"url": u}, txt))
    t.say(
        "You need a UK CITES export permit (Appendix II); Canada checks it on import. No Article 10 needed."
    )
    return t.healthy("Identical narration line over different URLs.")


@healthy("xmas-tree-order-fulfilment")
def xmastree(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Processes six tree orders with the same wording.",
        "Christmas tree farm",
        "en",
        "chat-agent",
        "openai",
    )
    t.user("Tag trees for today's six pre-orders.")
    for o in range(1, 7):
        t.say(
            "Tagging the next order.",
            Call(
                "tag_tree",
                {"order": f"XT-{300 + o}"},
                js({"order": f"XT-{300 + o}", "tree_tag": f"N4-{17 + o * 3}"}),
            ),
        )
    t.say("All six orders tagged.")
    return t.healthy("Same narration, new order each call.")


@healthy("bonsai-repotting-plan")
def bonsai(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Plans repotting for five trees, one record per tree.",
        "bonsai nursery",
        "fr",
        "vercel-ai-sdk",
        "mistral",
    )
    t.user("Planifie le rempotage du printemps pour les cinq genévriers de la serre 2.")
    for i, pid in enumerate(["BN-0408", "BN-0409", "BN-0411", "BN-0413", "BN-0417"]):
        t.say(
            "Je consulte la fiche suivante.",
            Call(
                "getPlantRecord",
                {"plantId": pid},
                js({"found": True, "plantId": pid, "lastRepot": 2022 + i % 3}),
            ),
        )
    t.say("À rempoter cette année : BN-0408, BN-0413 (dernier rempotage 2022).")
    return t.healthy("Same sentence, different record each time.")


def _coding(
    t: Trace,
    files: list[tuple[str, str]],
    tool: str,
    edit: str,
    run: str,
    run_key: str,
    test_cmd: Any,
    outs: list[tuple[str, bool]],
) -> None:
    for path, body in files:
        t.say(
            f"Reading {path}.",
            Call(
                tool,
                {"absolute_path" if tool == "read_file" and path.startswith("/") else "file_path": path},
                body,
            ),
        )
    for i, (out, err) in enumerate(outs):
        if i:
            t.say(
                "Applying the next change.",
                Call(
                    edit,
                    {
                        "file_path": files[i % len(files)][0],
                        "old_string": f"# TODO {i}",
                        "new_string": f"# done {i}\n",
                    },
                    "OK",
                ),
            )
        t.say("Running the tests.", Call(run, {run_key: test_cmd}, out, err))


@healthy("orienteering-long-feature")
def orienteering_long(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Long coding session: adds relay support to the results tool.",
        "orienteering event results",
        "en",
        "claude-code",
        "anthropic",
    )
    t.user("Add relay-leg support to the results exporter (IOF XML 3.0 TeamResult).")
    files = [
        (f"src/results/{n}.py", f"# {n}\n# TODO 1\n# TODO 2\n# TODO 3\n")
        for n in ["model", "export_xml", "import_csv", "ranking"]
    ]
    outs = [
        ("4 failed, 31 passed", True),
        ("3 failed, 32 passed", True),
        ("2 failed, 33 passed", True),
        ("1 failed, 34 passed", True),
        ("FAILED test_relay_xml - lxml schema: TeamResult missing Leg", True),
        ("36 passed", False),
    ]
    _coding(t, files, "Read", "Edit", "Bash", "command", "pytest -q", outs)
    t.say(
        "Validating an export.",
        Call(
            "Bash",
            {"command": "python -m results export --event relay-0511 | xmllint --schema IOF.xsd -"},
            "- validates",
        ),
    )
    t.say(
        "Relay legs are exported as TeamResult/TeamMemberResult with Leg; all 36 tests pass, "
        "output validates."
    )
    return t.healthy(
        f"{t.steps}-step session; the same test command is re-run after each edit with a changing result."
    )


@healthy("tailoring-long-pattern-tool")
def tailoring(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Long Gemini-CLI session building a jacket pattern generator.",
        "bespoke tailoring",
        "zh",
        "gemini-cli",
        "adk",
    )
    t.user("给纸样生成器加上袖窿深计算,并补全测试。")
    files = [
        (f"/repo/pattern/{n}.py", f"# {n}\n# TODO 1\n# TODO 2\n# TODO 3\n# TODO 4\n")
        for n in ["measure", "block", "sleeve", "export", "grading"]
    ]
    outs = [
        ("5 failed, 40 passed", True),
        ("4 failed, 41 passed", True),
        ("4 failed, 41 passed", True),
        ("2 failed, 43 passed", True),
        ("1 failed, 44 passed", True),
        ("AssertionError: 袖窿深 24.9 != 25.0", True),
        ("45 passed", False),
    ]
    _coding(t, files, "read_file", "replace", "run_shell_command", "command", "pytest -q", outs)
    t.say("完成:袖窿深按胸围/8+12 计算,45 个测试全部通过。")
    return t.healthy(
        "A 19-step session; one run repeats a count after an edit but the edits keep changing code "
        "and the tests finally pass."
    )


@healthy("rope-roster-codex-long")
def roperoster(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Codex session adding anchor-certification checks to a roster app.",
        "rope-access window cleaning",
        "en",
        "codex-cli",
        "openai",
    )
    t.user("Block roster assignments when the building's anchors lack a current load test.")
    files = [(f"app/{n}.py", f"# {n}\n# TODO 1\n# TODO 2\n") for n in ["roster", "anchors", "api"]]
    outs = [
        ("3 failed, 20 passed", True),
        ("2 failed, 21 passed", True),
        ("2 failed, 21 passed", True),
        ("1 failed, 22 passed", True),
        ("23 passed", False),
        ("24 passed", False),
    ]
    _coding(t, files, "read_file", "apply_patch", "shell", "command", ["pytest", "-q"], outs)
    t.say("Also lint.", Call("shell", {"command": ["ruff", "check", "app"]}, "All checks passed!"))
    t.say("Done: assignments are refused when any anchor test is older than 12 months; 24 tests pass.")
    return t.healthy("16 steps of edit and re-test with changing results.")


@healthy("lasertag-sql-investigation")
def lasertag(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Long SQL investigation into vest hit-registration faults.",
        "laser tag arena",
        "en",
        "sql-agent",
        "plain",
    )
    t.user("Players complain vests in pack A miss hits. Find which vests and since when.")
    qs = [
        ("SELECT COUNT(*) FROM hits WHERE pack='A';", "count\n48211\n"),
        (
            "SELECT vest, COUNT(*) FROM hits WHERE pack='A' GROUP BY vest ORDER BY 2 LIMIT 5;",
            "vest,count\nA-07,611\nA-13,702\nA-02,2310\n",
        ),
        (
            "SELECT vest, AVG(latency_ms) FROM hits WHERE pack='A' GROUP BY vest HAVING AVG(latency_ms)>80;",
            "vest,avg\nA-07,143\nA-13,131\n",
        ),
        (
            "SELECT MIN(ts) FROM hits WHERE vest IN ('A-07','A-13') AND latency_ms>120;",
            "min\n2026-04-18 19:02\n",
        ),
        (
            "SELECT * FROM firmware_log WHERE vest IN ('A-07','A-13');",
            "vest,version,at\nA-07,3.2.1,2026-04-18 10:00\nA-13,3.2.1,2026-04-18 10:05\n",
        ),
        ("SELECT vest FROM firmware_log WHERE version='3.2.1';", "vest\nA-07\nA-13\n"),
        ("SELECT AVG(latency_ms) FROM hits WHERE vest='A-02';", "avg\n41\n"),
        ("SELECT COUNT(*) FROM sessions WHERE ts>'2026-04-18';", "count\n212\n"),
        ("SELECT battery_pct FROM vest_health WHERE vest IN ('A-07','A-13');", "battery_pct\n96\n94\n"),
        ("SELECT sensor, misses FROM sensor_faults WHERE vest='A-07';", "sensor,misses\nchest,3\nback,4\n"),
        (
            "SELECT sensor, misses FROM sensor_faults WHERE vest='A-13';",
            "sensor,misses\nchest,2\nshoulder,5\n",
        ),
        (
            "SELECT version, COUNT(*) FROM firmware_log GROUP BY version;",
            "version,count\n3.1.9,38\n3.2.1,2\n",
        ),
        ("SELECT note FROM changelog WHERE version='3.2.1';", "note\nbeta: new IR debounce (120 ms)\n"),
    ]
    for q, r in qs:
        t.say("Next query.", Call("run_sql", {"query": q}, r))
    t.say(
        "Vests A-07 and A-13 got beta firmware 3.2.1 on 18 April (120 ms IR debounce); "
        "since then their hit latency "
        "averages 131-143 ms vs 41 ms. Roll them back to 3.1.9."
    )
    return t.healthy("14-step SQL investigation; every query different.")


@healthy("archery-computer-use-booking")
def archery(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Computer-use agent books a lane through a web form.",
        "archery range",
        "ja",
        "computer-use",
        "anthropic",
    )
    t.user("射場予約サイトで日曜10時、18mレーン1つとコンパウンド弓1本を予約して。")
    acts = [
        ({"action": "screenshot"}, "予約トップ画面。日付選択カレンダー。"),
        ({"action": "left_click", "coordinate": [402, 311]}, "5月17日(日)を選択。時間帯リスト表示。"),
        ({"action": "left_click", "coordinate": [388, 420]}, "10:00 を選択。距離の選択肢: 18m / 30m / 50m。"),
        ({"action": "left_click", "coordinate": [300, 470]}, "18m 選択。レーン数入力欄。"),
        ({"action": "type", "text": "1"}, "レーン数: 1"),
        ({"action": "left_click", "coordinate": [520, 540]}, "レンタル選択: リカーブ/コンパウンド。"),
        ({"action": "left_click", "coordinate": [610, 560]}, "コンパウンド 1本 追加。"),
        (
            {"action": "scroll", "coordinate": [500, 500], "scroll_direction": "down", "scroll_amount": 5},
            "お客様情報フォーム。",
        ),
        ({"action": "left_click", "coordinate": [420, 300]}, "氏名欄フォーカス。"),
        ({"action": "type", "text": "佐藤 健"}, "氏名: 佐藤 健"),
        ({"action": "left_click", "coordinate": [420, 360]}, "電話欄フォーカス。"),
        ({"action": "type", "text": "090-1234-5678"}, "電話: 090-1234-5678"),
        ({"action": "left_click", "coordinate": [640, 700]}, "確認画面: 5/17 10:00 18m x1 コンパウンド x1"),
        ({"action": "left_click", "coordinate": [640, 760]}, "予約完了 番号 AR-7804"),
    ]
    for a, r in acts:
        t.say("操作します。", Call("computer", a, r))
    t.say("予約完了しました(AR-7804)。")
    return t.healthy("15 steps of a form flow with the same tool; each action advances the page.")
