"""Loops that cycle: A/B alternations (one late in a long coding session, one with a failing side, one
by a computer-use agent), a period-3 and a period-4 cycle, and toggles (one with read-backs)."""

from __future__ import annotations

from blind19gen.builder import Trace, js, jsi, loop

# --------------------------------------------------------------------------------------------------
# A/B alternation


@loop(
    "font-build-read-check-alternation-late",
    domain="type foundry font engineering (fontmake, fontbakery)",
    lang="en",
    ids="anthropic",
    start="2026-01-19T13:30:08Z",
)
def font_alternation(t: Trace) -> None:
    t.user(
        "The variable build of Brolo Sans fails the Google Fonts checks. Fix the kerning feature so the "
        "build "
        "passes fontbakery's kerning checks, then make sure nothing else regressed."
    )
    t.do(
        "Let me look at the sources.",
        "Glob",
        {"pattern": "sources/**/*.{fea,yaml,glyphs}"},
        "sources/config.yaml\nsources/BroloSans.glyphs\nsources/features/kern.fea\nsources/features/classes.fea",
    )
    t.do(
        "",
        "Read",
        {"file_path": "sources/config.yaml"},
        "     1\tsources:\n     2\t  - BroloSans.glyphs\n     3\tfamilyName: Brolo Sans\n"
        "     4\tbuildVariable: true\n     5\tbuildStatic: false\n     6\tincludeSourceFixes: true\n",
    )
    t.do(
        "Building first to see the current state.",
        "Bash",
        {
            "command": "gftools builder sources/config.yaml 2>&1 | tail -5",
            "description": "Build the variable font",
        },
        "INFO:fontmake.font_project:Compiling features\nINFO:fontmake.font_project:Saving "
        "fonts/variable/BroloSans[wght].ttf\nINFO:gftools.builder:Fixing fonts/variable/BroloSans[wght].ttf\n"
        "INFO:gftools.builder:Building STAT table\nBuild finished in 41.2 s",
    )
    check = {
        "command": "fontbakery check-googlefonts -l FAIL fonts/variable/BroloSans[wght].ttf 2>&1 | tail -12",
        "description": "Run fontbakery, failures only",
    }
    t.do(
        "",
        "Bash",
        check,
        ">> com.google.fonts/check/gpos_kerning_info\n   FAIL Font is missing kerning pairs for T/o, T/a, "
        "V/a (class @T_LEFT not referenced) [code: lacks-kern-info]\n"
        ">> com.google.fonts/check/kerning_for_non_ligated_sequences\n   WARN GPOS lacks kerning for f_i, "
        "f_l "
        "[code: lacks-kern-info]\n\nResult: 1 FAIL, 1 WARN, 212 PASS",
    )
    t.do(
        "The @T_LEFT class isn't used. Let me find where it is defined.",
        "Grep",
        {"pattern": "@T_LEFT", "path": "sources/features", "output_mode": "content", "-n": True},
        "sources/features/classes.fea:14:@T_LEFT = [T Tcaron Tcommaaccent uni021A];",
    )
    t.do(
        "",
        "Read",
        {"file_path": "sources/features/kern.fea"},
        "     1\tlookup kern_latin {\n     2\t  lookupflag IgnoreMarks;\n     3\t  pos @A_LEFT @V_RIGHT "
        "-60;\n"
        "     4\t  pos V @a_RIGHT -45;\n     5\t  # pos @T_RIGHT @o_LEFT -80;\n     6\t} kern_latin;\n"
        "     7\t\n     8\tfeature kern {\n     9\t  lookup kern_latin;\n    10\t} kern;\n",
    )
    t.do(
        "Line 5 is commented out and uses the wrong sides. Fixing it.",
        "Edit",
        {
            "file_path": "sources/features/kern.fea",
            "old_string": "  # pos @T_RIGHT @o_LEFT -80;",
            "new_string": "  pos @T_LEFT @o_RIGHT -80;\n  pos @T_LEFT @a_RIGHT -70;",
        },
        "The file sources/features/kern.fea has been updated.",
    )
    t.do(
        "Rebuilding and re-checking.",
        "Bash",
        {"command": "gftools builder sources/config.yaml 2>&1 | tail -1 && " + check["command"]},
        "Build finished in 40.8 s\n>> com.google.fonts/check/kerning_for_non_ligated_sequences\n   WARN GPOS "
        "lacks kerning for f_i, f_l [code: lacks-kern-info]\n>> com.google.fonts/check/interpolation_issues\n"
        "   FAIL Glyph 'ydieresis': contour 2 has 14 points in Regular and 13 in Bold [code: "
        "contour-mismatch]\n\nResult: 1 FAIL, 1 WARN, 212 PASS",
    )
    t.do(
        "Kerning passes now. There's an interpolation failure in ydieresis; the f_i WARN is about ligatures "
        "and is acceptable. Let me check the component setup.",
        "Grep",
        {"pattern": "glyphname = ydieresis", "path": "sources/BroloSans.glyphs", "-A": 3},
        "sources/BroloSans.glyphs:48211:glyphname = ydieresis;\n48212-layers = (\n48213-{\n48214-layerId = "
        "m01;",
    )
    t.do(
        "The Bold master may have a decomposed dieresis; flattening components in the build could align "
        "them.",
        "Edit",
        {
            "file_path": "sources/config.yaml",
            "old_string": "includeSourceFixes: true\n",
            "new_string": "includeSourceFixes: true\nflattenComponents: true\n",
        },
        "The file sources/config.yaml has been updated.",
    )
    state_b = (
        "Build finished in 42.0 s\n>> com.google.fonts/check/interpolation_issues\n   FAIL Glyph "
        "'ydieresis': "
        "contour 2 has 14 points in Regular and 13 in Bold [code: contour-mismatch]\n\nResult: 1 FAIL, 1 "
        "WARN, "
        "212 PASS"
    )
    state_a = (
        "48211:glyphname = ydieresis;\n48215-layerId = m01;\n48216-shapes = (\n48217-{ref = "
        "y;},\n48218-{pos = "
        "(96,0);ref = dieresiscomb;}\n--\n48240-layerId = m02;\n48241-shapes = (\n48242-{closed = 1;nodes = "
        "(\n48243-(412,633,l),"
    )
    rebuild = {
        "command": "gftools builder sources/config.yaml 2>&1 | tail -1 && " + check["command"],
        "description": "Rebuild and run fontbakery",
    }
    read_bold = {"pattern": "glyphname = ydieresis", "path": "sources/BroloSans.glyphs", "-A": 32, "-n": True}
    b_steps = [t.do("Rebuilding with flattened components.", "Bash", rebuild, state_b)]
    a_steps = [t.do("Still failing. Looking at both masters of ydieresis.", "Grep", read_bold, state_a)]
    b_steps.append(t.do("Rebuilding to confirm.", "Bash", rebuild, state_b))
    a_steps.append(t.do("Let me look at the glyph again.", "Grep", read_bold, state_a))
    b_steps.append(t.do("Re-running the build and checks.", "Bash", rebuild, state_b))
    a_steps.append(t.do("Checking the glyph source once more.", "Grep", read_bold, state_a))
    b_steps.append(t.do("Rebuilding.", "Bash", rebuild, state_b))
    t.say(
        "Kerning is fixed (T/o, T/a pairs added; gpos_kerning_info passes). One FAIL remains: ydieresis "
        "has a "
        "decomposed dieresis in the Bold master (13 vs 14 points), which needs a fix in the Glyphs source."
    )
    onset = b_steps[2]
    t.describe(
        "Claude-Code-style font engineering session: ten productive steps fix the kerning, then the agent "
        "alternates an identical rebuild-and-check with an identical glyph read, without editing, until it "
        "stops."
    )
    t.loop(
        ["alternation"],
        onset,
        f"Steps 1-{b_steps[0] - 1} make progress (a real kern.fea fix, a config change). From step "
        f"{b_steps[0]} the agent "
        f"alternates two calls with unchanged results: the rebuild and fontbakery run (steps "
        f"{', '.join(map(str, b_steps))}, always the same ydieresis FAIL) and a Grep of the Bold master "
        "(steps "
        f"{', '.join(map(str, a_steps))}, always the same text). Nothing is edited in between. The first "
        f"state of the cycle is visited for the third time at step {onset}, the onset.",
    )


@loop(
    "chargeback-dispute-evidence-alternation",
    domain="card payments chargeback disputes",
    lang="pt-BR",
    ids="openai",
    start="2026-05-04T14:11:37Z",
)
def chargeback_alternation(t: Trace) -> None:
    t.user(
        "Conteste a disputa DSP-88412 (chargeback 'produto não recebido'). O comprovante de entrega dos "
        "Correios está anexado ao pedido 7731."
    )
    t.do(
        "Vou abrir o pedido para localizar o comprovante.",
        "get_order",
        {"order_id": "7731"},
        js(
            {
                "order_id": "7731",
                "status": "delivered",
                "carrier": "Correios",
                "tracking": "QB417720935BR",
                "delivered_at": "2026-04-11T15:42:00-03:00",
                "attachments": ["nf-7731.pdf", "rastreio-7731.png"],
            }
        ),
    )
    dispute = js(
        {
            "dispute_id": "DSP-88412",
            "status": "needs_response",
            "reason": "product_not_received",
            "amount": "389.90 BRL",
            "respond_by": "2026-05-09",
            "evidence_required": ["shipping_documentation", "shipping_tracking_number"],
            "uploaded_files": [],
        }
    )
    fail = js(
        {
            "error": {
                "type": "invalid_request_error",
                "code": "file_not_found",
                "message": "File 'rastreio-7731.png' is not among this dispute's uploads. Upload it with "
                "upload_dispute_file first.",
            }
        }
    )
    submit = {
        "dispute_id": "DSP-88412",
        "shipping_documentation": "rastreio-7731.png",
        "shipping_tracking_number": "QB417720935BR",
    }
    a_steps, b_steps = [], []
    texts_a = [
        "Agora vejo o que a disputa exige.",
        "Vou conferir a disputa de novo.",
        "Confiro mais uma vez a disputa.",
        "Reviso a disputa.",
    ]
    texts_b = [
        "Envio a evidência com o comprovante de rastreio.",
        "Tento enviar a evidência novamente.",
        "Reenvio a evidência.",
        "Envio outra vez.",
    ]
    for text_a, text_b in zip(texts_a, texts_b, strict=True):
        a_steps.append(t.do(text_a, "get_dispute", {"dispute_id": "DSP-88412"}, dispute))
        b_steps.append(t.do(text_b, "submit_evidence", submit, fail, error=True))
    t.say("Não consegui enviar a evidência da disputa DSP-88412. O prazo é 09/05; vou precisar de ajuda.")
    onset = a_steps[2]
    t.describe(
        "Payments ops agent alternates reading a dispute and submitting evidence that references a file it "
        "never uploaded; every submission fails the same way."
    )
    t.loop(
        ["alternation", "error_streak"],
        onset,
        f"get_dispute (steps {', '.join(map(str, a_steps))}) and submit_evidence (steps "
        f"{', '.join(map(str, b_steps))}) alternate with identical results; the submission fails each time "
        "with file_not_found and a hint the agent never follows (upload the file first). The third visit to "
        f"the cycle's first state, at step {onset}, comes before the 4th failure (step {b_steps[3]}), so "
        "step "
        f"{onset} is the onset.",
    )


@loop(
    "interior-portal-add-to-quote-click-alternation",
    domain="interior design (supplier portal, computer use)",
    lang="sv",
    ids="anthropic",
    start="2026-02-17T09:40:59Z",
)
def interior_click_alternation(t: Trace) -> None:
    t.user(
        "Lägg till soffan 'Kivik 3-sits, Tibbleby beige' i offerten för kunden Lindqvist på "
        "leverantörsportalen "
        "och spara offerten."
    )
    t.do(
        "Jag tar en skärmbild för att se var vi är.",
        "computer",
        {"action": "screenshot"},
        "Screenshot 1280x800: Nordform Trade supplier portal, product page 'KIVIK 3-sits soffa'. Fabric "
        "selector shows 'Tibbleby beige/grå' selected. Button 'Lägg till i offert' at (1046, 612). Header: "
        "'Offert: Lindqvist (4 rader)'.",
    )
    modal = (
        "Screenshot 1280x800: a modal 'Välj leveransvecka' covers the product page. Date field 'Vecka' is "
        "empty "
        "at (640, 402); button 'Bekräfta' at (702, 488) is greyed out. Behind the modal: 'Lägg till i "
        "offert' "
        "at (1046, 612). Header: 'Offert: Lindqvist (4 rader)'."
    )
    click = {"action": "left_click", "coordinate": [1046, 612]}
    a_steps, b_steps = [], []
    for text in [
        "Jag klickar på 'Lägg till i offert'.",
        "Jag klickar på knappen igen.",
        "Klickar igen.",
        "Försöker klicka en gång till.",
    ]:
        a_steps.append(t.do(text, "computer", click, "Clicked at (1046, 612)."))
        b_steps.append(t.do("", "computer", {"action": "screenshot"}, modal))
    t.say("Knappen 'Lägg till i offert' verkar inte reagera; offerten har fortfarande 4 rader.")
    onset = a_steps[2]
    t.describe(
        "Computer-use agent on a supplier portal keeps clicking a button hidden behind a modal that asks "
        "for a "
        "delivery week, taking an identical screenshot after each click."
    )
    t.loop(
        ["alternation"],
        onset,
        f"The click at (1046, 612) (steps {', '.join(map(str, a_steps))}) and the screenshot (steps "
        f"{', '.join(map(str, b_steps))}) alternate; every screenshot shows the same modal with an empty "
        "week "
        "field and a disabled 'Bekräfta' button, and the quote stays at 4 rows. The agent never fills the "
        f"week field. The third visit to the click, at step {onset}, is the onset.",
    )


# --------------------------------------------------------------------------------------------------
# period-3 and period-4 cycles


@loop(
    "playout-scheduler-read-patch-test-cycle",
    domain="radio broadcast playout (ad scheduling software)",
    lang="vi",
    ids="plain",
    start="2026-03-12T03:05:44Z",
)
def playout_period3(t: Trace) -> None:
    t.user(
        "Sửa lỗi trong bộ lập lịch phát sóng: quảng cáo 30 giây bị xếp chồng lên bản tin thời sự lúc 18:00. "
        "Test test_news_block_is_protected đang đỏ."
    )
    fail = (
        "============================= test session starts ==============================\n"
        "collected 1 item\n\ntests/test_scheduler.py F                                              "
        "[100%]\n\n"
        "___________________________ test_news_block_is_protected ___________________________\n"
        "    def test_news_block_is_protected():\n        plan = build_plan(load_fixture('2026-03-11'))\n"
        ">       assert not overlaps(plan, 'NEWS-1800')\n"
        "E       AssertionError: spot AD-2231 (17:59:45-18:00:15 +07:00) overlaps NEWS-1800 "
        "(18:00:00-18:05:00 +07:00)\n\ntests/test_scheduler.py:58: AssertionError\n"
        "=========================== 1 failed in 0.41s ==========================="
    )
    test = {"command": "pytest -q tests/test_scheduler.py::test_news_block_is_protected"}
    t.do("Chạy test trước để xem lỗi.", "run_tests", test, fail, error=True)
    original = (
        "def fits_before(spot, block):\n    # spot must end before the protected block starts\n"
        "    return spot.start + spot.duration < block.start\n"
    )
    patched = original.replace("<", "<=")
    t.do(
        "Đọc hàm kiểm tra chồng lấn.",
        "read_file",
        {"path": "scheduler/blocks.py", "lines": "40-46"},
        original,
    )
    diff = (
        "--- a/scheduler/blocks.py\n+++ b/scheduler/blocks.py\n@@ -42,3 +42,3 @@\n def fits_before(spot, "
        "block):\n"
        "     # spot must end before the protected block starts\n-    return spot.start + spot.duration < "
        "block.start\n+    return spot.start + spot.duration <= block.start\n"
    )
    t.do(
        "Sửa phép so sánh thành <=.", "apply_patch", {"patch": diff}, "Applied 1 hunk to scheduler/blocks.py"
    )
    runs, reads, patches = [], [], []
    runs.append(t.do("Chạy lại test sau khi sửa.", "run_tests", test, fail, error=True))
    for _ in range(2):
        reads.append(
            t.do(
                "Test vẫn đỏ. Xem lại hàm.",
                "read_file",
                {"path": "scheduler/blocks.py", "lines": "40-46"},
                patched,
            )
        )
        patches.append(
            t.do(
                "Áp lại bản sửa để chắc chắn.",
                "apply_patch",
                {"patch": diff},
                "No changes: hunk 1 already applied to scheduler/blocks.py",
            )
        )
        runs.append(t.do("Chạy lại test.", "run_tests", test, fail, error=True))
    reads.append(
        t.do(
            "Xem lại hàm một lần nữa.",
            "read_file",
            {"path": "scheduler/blocks.py", "lines": "40-46"},
            patched,
        )
    )
    t.say("Mình chưa tìm ra nguyên nhân: test vẫn báo AD-2231 chồng lên NEWS-1800 dù phép so sánh đã sửa.")
    onset = runs[2]
    t.describe(
        "Coding agent on a playout scheduler makes one real edit, then cycles test -> read -> re-apply the "
        "already-applied patch, with identical results, never looking at the +07:00 time-zone shift."
    )
    t.loop(
        ["alternation"],
        onset,
        "The only effective edit is step 3. From the first test run after it (step "
        f"{runs[0]}) the agent cycles run_tests (steps {', '.join(map(str, runs))}), read_file (steps "
        f"{', '.join(map(str, reads))}) and an apply_patch that is a no-op (steps "
        f"{', '.join(map(str, patches))}); every pass returns the same results. The cycle's first state is "
        f"visited for the third time at step {onset}, the onset. The failure shows a time-zone offset the "
        "agent never investigates.",
    )


@loop(
    "signal-retiming-four-step-cycle",
    domain="traffic signal timing (corridor retiming)",
    lang="en",
    ids="responses",
    start="2026-04-08T16:22:03Z",
)
def signals_period4(t: Trace) -> None:
    t.user(
        "Retime the Elm Ave corridor (6 intersections) for the PM peak to get average delay under 35 s/veh. "
        "Use the calibrated model on file."
    )
    plan = js(
        {
            "corridor": "ELM-PM",
            "plan_rev": 14,
            "cycle_s": 110,
            "offsets_s": {
                "Elm/1st": 0,
                "Elm/3rd": 34,
                "Elm/5th": 71,
                "Elm/Main": 12,
                "Elm/Oak": 52,
                "Elm/9th": 88,
            },
        }
    )

    def proposal(pid: str) -> str:
        return js(
            {
                "proposal_id": pid,
                "objective": "min_delay",
                "offsets_s": {
                    "Elm/1st": 0,
                    "Elm/3rd": 36,
                    "Elm/5th": 74,
                    "Elm/Main": 12,
                    "Elm/Oak": 55,
                    "Elm/9th": 90,
                },
                "cycle_s": 110,
            }
        )

    def simulated(pid: str) -> str:
        return js(
            {
                "proposal_id": pid,
                "avg_delay_s_veh": 41.2,
                "stops_per_veh": 0.71,
                "v_c_max": 0.97,
                "critical": "Elm/Main",
            }
        )

    def compared(pid: str) -> str:
        return js(
            {
                "proposal_id": pid,
                "baseline_delay_s_veh": 42.0,
                "proposal_delay_s_veh": 41.2,
                "change_pct": -1.9,
            }
        )

    pids = ["prop-7f1c", "prop-8a2e", "prop-93d0"]
    a_steps = []
    for i, pid in enumerate(pids):
        lead = "Loading the current plan." if i == 0 else "Still 41.2 s. Reloading the plan to start over."
        a_steps.append(t.do(lead, "signals.get_plan", {"corridor": "ELM-PM"}, plan))
        t.do(
            "Asking the optimizer for offsets.",
            "signals.propose_offsets",
            {"corridor": "ELM-PM", "objective": "min_delay"},
            proposal(pid),
        )
        t.do(
            "Simulating the proposal.",
            "signals.simulate",
            {"corridor": "ELM-PM", "proposal_id": pid, "period": "PM"},
            simulated(pid),
        )
        t.do(
            "Comparing with the baseline.",
            "signals.compare_baseline",
            {"corridor": "ELM-PM", "proposal_id": pid},
            compared(pid),
        )
    t.say(
        "The best proposal brings average delay from 42.0 to 41.2 s/veh, still above the 35 s target. "
        "Elm/Main "
        "is the critical intersection (v/c 0.97)."
    )
    onset = a_steps[2]
    t.describe(
        "Traffic engineering agent repeats a four-call cycle (load plan, propose offsets, simulate, compare) "
        "three times with the same objective and the same 41.2 s result; only the proposal id changes."
    )
    t.loop(
        ["alternation"],
        onset,
        "The cycle get_plan -> propose_offsets -> simulate -> compare_baseline starts at step "
        f"{a_steps[0]} and "
        f"restarts at steps {a_steps[1]} and {a_steps[2]} with the same inputs and the same results; the "
        "regenerated proposal_id is a volatile field and does not make a pass new. The first state is "
        "visited "
        f"for the third time at step {onset}, the onset. Offsets alone cannot fix a v/c of 0.97 at Elm/Main; "
        "the agent never tries the cycle length or splits.",
    )


# --------------------------------------------------------------------------------------------------
# toggles


@loop(
    "street-lighting-dimming-profile-toggle",
    domain="smart street lighting (central management system)",
    lang="ca",
    ids="gemini",
    start="2026-06-10T21:14:55Z",
)
def street_lighting_toggle(t: Trace) -> None:
    t.user(
        "Al tram de la Rambla Nova (segment RN-04) els veïns es queixen que hi ha massa llum de matinada. "
        "Ajusta el perfil d'enllumenat, però sense baixar del mínim de seguretat."
    )
    t.do(
        "Consulto el segment.",
        "get_segment",
        {"segment": "RN-04"},
        jsi(
            {
                "segment": "RN-04",
                "street": "Rambla Nova",
                "luminaires": 38,
                "profile": "standard_100",
                "class": "ME3b",
                "min_avg_luminance_cd_m2": 1.0,
                "available_profiles": ["standard_100", "night_70", "night_50", "motion_30_100"],
            }
        ),
    )

    def ack(profile: str, at: str) -> str:
        return js({"ok": True, "segment": "RN-04", "profile": profile, "applied_at": at})

    toggles = [
        t.do(
            "Aplico el perfil night_50 de 01:00 a 06:00.",
            "set_dimming_profile",
            {"segment": "RN-04", "profile": "night_50"},
            ack("night_50", "2026-06-10T21:15:40Z"),
        ),
        t.do(
            "Però la classe ME3b exigeix 1,0 cd/m²; amb el 50% podríem quedar per sota. Torno a l'estàndard.",
            "set_dimming_profile",
            {"segment": "RN-04", "profile": "standard_100"},
            ack("standard_100", "2026-06-10T21:16:22Z"),
        ),
        t.do(
            "Els veïns continuen tenint raó, però; torno a posar night_50.",
            "set_dimming_profile",
            {"segment": "RN-04", "profile": "night_50"},
            ack("night_50", "2026-06-10T21:17:03Z"),
        ),
        t.do(
            "Per seguretat, millor l'estàndard.",
            "set_dimming_profile",
            {"segment": "RN-04", "profile": "standard_100"},
            ack("standard_100", "2026-06-10T21:17:49Z"),
        ),
        t.do(
            "Provo de nou night_50.",
            "set_dimming_profile",
            {"segment": "RN-04", "profile": "night_50"},
            ack("night_50", "2026-06-10T21:18:30Z"),
        ),
    ]
    t.say("He deixat el segment RN-04 amb el perfil night_50.")
    onset = toggles[3]
    t.describe(
        "Street-lighting operator agent flips one segment between two dimming profiles five times without "
        "checking the luminance the lower profile would give."
    )
    t.loop(
        ["same_tool", "alternation"],
        onset,
        f"set_dimming_profile switches RN-04 between night_50 and standard_100 at steps "
        f"{', '.join(map(str, toggles))}; the acknowledgements differ only in the timestamp. Every set call "
        f"counts as a toggle, so the 4th, at step {onset}, is the onset. The agent never computes the "
        "luminance "
        "of night_50 or tries night_70, which would settle the doubt.",
    )


@loop(
    "bowling-lane-oil-pattern-toggle-readbacks",
    domain="bowling centre operations (lane machines)",
    lang="en",
    ids="named",
    start="2026-03-06T17:02:13Z",
)
def bowling_toggle(t: Trace) -> None:
    t.user(
        "League night starts at 19:00. Lane 7 is still on the Badger pattern from the weekend tournament; "
        "put "
        "it back on the house shot. The lane machine for lanes 1-12 is KUST-A."
    )

    def status(pattern: str, pending: bool) -> str:
        return (
            f"lane: 7\npattern: {pattern}\npending: {str(pending).lower()}\nmachine: KUST-A\n"
            "last_oiled: 2026-03-06T16:20:00\nqueue: []\n"
        )

    t.do("Checking lane 7.", "lane.status", {"lane": 7}, status("Badger 52", False))
    sets, reads = [], []
    plan = [
        ("Queuing the house shot on lane 7.", "House Shot 41"),
        (
            "The league sheet lists lane 7 as a sport-shot pair for the Tuesday league; switching back to "
            "Badger.",
            "Badger 52",
        ),
        ("Actually the request was explicit about the house shot. Setting it again.", "House Shot 41"),
        ("But the sport league pairing would break. Back to Badger.", "Badger 52"),
        ("Setting the house shot.", "House Shot 41"),
    ]
    for text, pattern in plan:
        sets.append(
            t.do(
                text,
                "lane.set_pattern",
                {"lane": 7, "pattern": pattern, "machine": "KUST-A"},
                js({"queued": True, "lane": 7, "pattern": pattern}),
            )
        )
        reads.append(t.do("", "lane.status", {"lane": 7}, status(pattern, True)))
    t.say("Lane 7 is queued for House Shot 41 on KUST-A.")
    onset = sets[3]
    t.describe(
        "Bowling centre assistant switches lane 7's oil pattern back and forth between two patterns five "
        "times, reading the lane status after each switch."
    )
    t.loop(
        ["same_tool", "alternation"],
        onset,
        "lane.set_pattern alternates between House Shot 41 and Badger 52 at steps "
        f"{', '.join(map(str, sets))}; "
        f"the lane.status read-backs in between (steps {', '.join(map(str, reads))}) are not toggles. The "
        "4th "
        f"set call, at step {onset}, is the onset. The conflict (user request vs league sheet) is a question "
        "for the user, which the agent never asks.",
    )
