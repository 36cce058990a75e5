"""Healthy: edit and re-run (tests, linters, validators, notebook cells) and re-reading a file that
changes between reads."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call


def esports_bracket_tests(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Coding agent fixes an esports double-elimination bracket generator, re-running the same pytest "
        "command after each edit until it passes.",
        ids="anthropic",
        meta={"harness": "claude-code", "domain": "esports tournament operations"},
    )
    t.user(
        "The double-elimination bracket generator puts the round-2 loser in the wrong lower-bracket slot. "
        "Fix "
        "it; tests are in tests/test_bracket.py."
    )
    pytest = {"command": "pytest -q tests/test_bracket.py", "description": "Run bracket tests"}
    t.say(
        "",
        call(
            "Bash",
            pytest,
            "F.........F...\nFAILED tests/test_bracket.py::test_lower_r2_drop - assert 'LB2-1' == 'LB2-2'\n"
            "FAILED tests/test_bracket.py::test_grand_final_reset - assert None == 'GF-2'\n2 failed, 12 "
            "passed",
            error=True,
        ),
    )
    t.say(
        "",
        call(
            "Read",
            {"file_path": "/repo/src/bracket/double_elim.py", "offset": 40, "limit": 30},
            "41  def drop_slot(round_no: int, match_idx: int) -> str:\n42      # losers of WB round r go to "
            "LB round 2r-2\n"
            '43      lb_round = 2 * round_no - 2\n44      return f"LB{lb_round}-{match_idx}"\n...',
        ),
    )
    t.say(
        "Round-2 losers should be placed in reverse order to avoid rematches.",
        call(
            "Edit",
            {
                "file_path": "/repo/src/bracket/double_elim.py",
                "old_string": '    return f"LB{lb_round}-{match_idx}"',
                "new_string": "    slots = matches_in(lb_round)\n"
                "    idx = slots - match_idx + 1 if round_no == 2 else match_idx\n"
                '    return f"LB{lb_round}-{idx}"',
            },
            "The file /repo/src/bracket/double_elim.py has been updated.",
        ),
    )
    t.say(
        "",
        call(
            "Bash",
            pytest,
            "..........F...\nFAILED tests/test_bracket.py::test_grand_final_reset - assert None == 'GF-2'\n"
            "1 failed, 13 passed",
            error=True,
        ),
    )
    t.say(
        "",
        call(
            "Grep",
            {"pattern": "def grand_final", "path": "/repo/src/bracket"},
            "/repo/src/bracket/double_elim.py:88:def grand_final(wb_winner, lb_winner, reset=False):",
        ),
    )
    t.say(
        "The bracket-reset match is never created when the lower-bracket winner takes GF-1.",
        call(
            "Edit",
            {
                "file_path": "/repo/src/bracket/double_elim.py",
                "old_string": "    return [Match('GF-1', wb_winner, lb_winner)]",
                "new_string": "    gf = [Match('GF-1', wb_winner, lb_winner)]\n    if reset:\n"
                "        gf.append(Match('GF-2', wb_winner, lb_winner))\n    return gf",
            },
            "The file /repo/src/bracket/double_elim.py has been updated.",
        ),
    )
    t.say("", call("Bash", pytest, "..............\n14 passed in 0.41s"))
    t.say(
        "Fixed: round-2 losers now drop in reverse order and the grand-final reset (GF-2) is generated. 14 "
        "tests pass."
    )
    return t.healthy(
        "The identical pytest command runs three times, each after an edit, with different results (2 "
        "failed, "
        "1 failed, all pass). Re-running tests after edits is progress."
    )


def newsletter_pl_lint(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Polish newsletter agent lints an HTML e-mail template, patches it twice with shrinking issue lists, "
        "and previews it.",
        ids="openai",
        meta={"harness": "langgraph", "domain": "newsletter platform", "language": "pl"},
    )
    t.user(
        "Sprawdź szablon HTML newslettera 'Listopad' pod kątem błędów renderowania w Outlooku i popraw je."
    )
    lint = {"template": "listopad-2026", "clients": ["outlook-2019", "outlook-365", "gmail", "apple-mail"]}
    t.say(
        "",
        call(
            "email_lint",
            lint,
            {
                "issues": [
                    {"id": 1, "rule": "no-flexbox", "where": "div.hero"},
                    {"id": 2, "rule": "bg-image-needs-vml", "where": "td.banner"},
                    {"id": 3, "rule": "max-width-unsupported", "where": "table.wrapper"},
                    {"id": 4, "rule": "webfont-fallback", "where": "h1"},
                    {"id": 5, "rule": "margin-on-p", "where": "p.lead"},
                ]
            },
        ),
    )
    t.say(
        "Poprawiam układ hero, szerokość wrappera i marginesy.",
        call(
            "template_patch",
            {"template": "listopad-2026", "fixes": ["hero->table", "wrapper width=600", "p margin->padding"]},
            {"ok": True, "revision": 14},
        ),
    )
    t.say(
        "",
        call(
            "email_lint",
            lint,
            {
                "issues": [
                    {"id": 2, "rule": "bg-image-needs-vml", "where": "td.banner"},
                    {"id": 4, "rule": "webfont-fallback", "where": "h1"},
                ]
            },
        ),
    )
    t.say(
        "Dodaję VML dla tła banera i fallback fontu.",
        call(
            "template_patch",
            {"template": "listopad-2026", "fixes": ["banner VML", "h1 font-family fallback Arial"]},
            {"ok": True, "revision": 15},
        ),
    )
    t.say("", call("email_lint", lint, {"issues": []}))
    t.say(
        "",
        call(
            "render_preview",
            {"template": "listopad-2026", "client": "outlook-2019"},
            {"screenshot": "preview_outlook2019_r15.png", "warnings": 0},
        ),
    )
    t.say("Szablon 'Listopad' nie ma już błędów (5 → 2 → 0), podgląd w Outlooku 2019 wygląda poprawnie.")
    return t.healthy("Identical lint call three times between patches; the issue list shrinks 5 → 2 → 0.")


def lot_tr_import_validate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Turkish library-of-things agent validates a donation CSV, fixes rows, re-validates until clean, and "
        "imports.",
        ids="mistral",
        meta={"harness": "mistral-agents", "domain": "library of things", "language": "tr"},
    )
    t.user("Yeni bağışlanan aletlerin listesini (bagis_ekim.csv) kataloğa aktar.")
    v = {"file": "bagis_ekim.csv"}
    t.say(
        "",
        call(
            "validate_import",
            v,
            {
                "rows": 48,
                "errors": [
                    {"row": 4, "field": "kategori", "msg": "boş"},
                    {"row": 9, "field": "depozito", "msg": "sayı değil: '50 TL'"},
                    {"row": 17, "field": "kategori", "msg": "boş"},
                    {"row": 22, "field": "depozito", "msg": "sayı değil: 'yok'"},
                    {"row": 31, "field": "seri_no", "msg": "tekrar"},
                    {"row": 40, "field": "kategori", "msg": "bilinmiyor: 'bahçe'"},
                    {"row": 45, "field": "durum", "msg": "bilinmiyor: 'iyi gibi'"},
                ],
            },
        ),
    )
    t.say(
        "Kategori ve depozito hatalarını düzeltiyorum.",
        call(
            "fix_rows",
            {
                "file": "bagis_ekim.csv",
                "fixes": {
                    "4": {"kategori": "el aletleri"},
                    "9": {"depozito": 50},
                    "17": {"kategori": "ölçüm"},
                    "22": {"depozito": 0},
                    "40": {"kategori": "bahçe aletleri"},
                },
            },
            {"updated": 5},
        ),
    )
    t.say(
        "",
        call(
            "validate_import",
            v,
            {
                "rows": 48,
                "errors": [
                    {"row": 31, "field": "seri_no", "msg": "tekrar"},
                    {"row": 45, "field": "durum", "msg": "bilinmiyor: 'iyi gibi'"},
                ],
            },
        ),
    )
    t.say(
        "",
        call(
            "fix_rows",
            {"file": "bagis_ekim.csv", "fixes": {"31": {"seri_no": "BSH-0099-B"}, "45": {"durum": "iyi"}}},
            {"updated": 2},
        ),
    )
    t.say("", call("validate_import", v, {"rows": 48, "errors": []}))
    t.say("", call("run_import", v, {"imported": 48, "new_ids": "LOT-3301..LOT-3348"}))
    t.say("48 alet kataloğa eklendi (LOT-3301–LOT-3348).")
    return t.healthy(
        "validate_import with identical arguments three times, each after fixes; errors 7 → 2 → 0."
    )


def abtest_notebook_rerun(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A/B-test agent repairs a sample-ratio-mismatch notebook cell, re-running the same cell after each "
        "edit.",
        ids="openai",
        meta={"harness": "jupyter-mcp", "domain": "A/B test analysis"},
    )
    t.user(
        "The SRM check cell in the EXP-2431 readout notebook errors out. Fix it and tell me whether there's "
        "an SRM."
    )
    run = {"notebook": "readouts/EXP-2431.ipynb", "cell": 7}
    t.say(
        "",
        call(
            "notebook_run_cell", run, "KeyError: 'variant'\n  File <cell 7>, line 3, in <module>", error=True
        ),
    )
    t.say(
        "",
        call(
            "notebook_get_cell",
            {"notebook": "readouts/EXP-2431.ipynb", "cell": 3},
            "df = load_assignments('EXP-2431')  # columns: user_id, arm, assigned_at",
        ),
    )
    t.say("", call("notebook_edit_cell", {**run, "replace": {"['variant']": "['arm']"}}, "ok"))
    t.say(
        "",
        call(
            "notebook_run_cell",
            run,
            "ValueError: For each axis slice, the sum of the observed frequencies must agree with the sum of "
            "the expected frequencies to a relative tolerance of 1e-08",
            error=True,
        ),
    )
    t.say(
        "",
        call(
            "notebook_edit_cell",
            {**run, "replace": {"expected = [0.5, 0.5]": "expected = [n / 2, n / 2]"}},
            "ok",
        ),
    )
    t.say("", call("notebook_run_cell", run, "control=100412 treatment=100198 chi2=0.228 p=0.633"))
    t.say("Fixed (column is 'arm'; expected counts, not proportions). No SRM: 100,412 vs 100,198, p = 0.63.")
    return t.healthy(
        "The same cell runs three times after two different edits; errors change, then it succeeds."
    )


def theatre_cue_sheet_reread(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Theatre stage-management agent re-reads a cue sheet the lighting designer keeps saving, syncing the "
        "console each time (three user turns).",
        ids="plain",
        meta={"harness": "custom-osc-bridge", "domain": "theatre stage management"},
    )
    t.user(
        "Sam (the LD) is updating the cue sheet live during the paper tech. Keep the console cue list in "
        "sync "
        "with cue_sheet.md as changes land and tell me what changed each time."
    )
    read = {"path": "shows/tempest/cue_sheet.md"}
    t.say(
        "",
        call(
            "read_file",
            read,
            "| Cue | Fade | Note |\n|---|---|---|\n| 45 | 5 | storm build |\n"
            "| 46 | 3 | lightning |\n| 47 | 3 | Act 1 blackout |",
        ),
    )
    t.say("", call("console.sync_cues", {"list": 1, "cues": [45, 46, 47]}, {"updated": 3}))
    t.say("Synced cues 45-47 (fades 5/3/3).")
    t.user("Sam just saved changes.")
    t.say(
        "",
        call(
            "read_file",
            read,
            "| Cue | Fade | Note |\n|---|---|---|\n| 45 | 5 | storm build |\n"
            "| 46 | 3 | lightning |\n| 47 | 3.5 | Act 1 blackout |\n| 47.5 | 8 | house to half |",
        ),
    )
    t.say("", call("console.sync_cues", {"list": 1, "cues": [47, 47.5]}, {"updated": 2}))
    t.say("Changed: cue 47 fade 3 → 3.5; added cue 47.5 (house to half, 8 s).")
    t.user("Another save.")
    t.say(
        "",
        call(
            "read_file",
            read,
            "| Cue | Fade | Note |\n|---|---|---|\n| 45 | 6 | storm build |\n"
            "| 46 | 3 | lightning |\n| 47 | 3.5 | Act 1 blackout |\n| 47.5 | 8 | house to half |",
        ),
    )
    t.say("", call("console.sync_cues", {"list": 1, "cues": [45]}, {"updated": 1}))
    t.say("Changed: cue 45 fade 5 → 6. Console is in sync.")
    return t.healthy(
        "The same file is read three times with identical arguments, once per user message, and the content "
        "is "
        "different each time (the designer is editing it)."
    )


def campaign_pt_sheet_reread(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Portuguese campaign field agent re-reads a shared turf sign-up sheet as volunteers fill it, then "
        "assigns captains.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "domain": "political campaign canvassing", "language": "pt"},
    )
    t.user(
        "As inscrições para os 14 setores de porta a porta fecham às 18h. Acompanhe a planilha e, quando "
        "todos "
        "os setores tiverem voluntários, nomeie um capitão por setor."
    )
    rng = {"sheet": "Mutirão Zona Norte", "range": "Setores!A2:D15"}
    t.say(
        "", call("sheets_read", rng, {"preenchidos": 9, "vazios": ["S-03", "S-07", "S-10", "S-12", "S-14"]})
    )
    t.say("", call("wait", {"minutes": 15}, "ok"))
    t.say("", call("sheets_read", rng, {"preenchidos": 12, "vazios": ["S-10", "S-14"]}))
    t.say("", call("wait", {"minutes": 15}, "ok"))
    t.say("", call("sheets_read", rng, {"preenchidos": 14, "vazios": []}))
    t.say(
        "Todos os setores preenchidos. Nomeando capitães.",
        call(
            "assign_captains",
            {"sheet": "Mutirão Zona Norte", "rule": "voluntário com mais turnos anteriores"},
            {"assigned": 14},
        ),
    )
    t.say("Os 14 setores têm voluntários e um capitão cada.")
    return t.healthy(
        "Identical sheet reads 15 minutes apart with changing content (9 → 12 → 14), then the action."
    )


SCENARIOS = [
    ("esports-bracket-test-reruns", esports_bracket_tests),
    ("newsletter-pl-lint-fix", newsletter_pl_lint),
    ("lot-tr-import-validate", lot_tr_import_validate),
    ("abtest-notebook-srm-fix", abtest_notebook_rerun),
    ("theatre-cue-sheet-reread", theatre_cue_sheet_reread),
    ("campaign-pt-signup-sheet", campaign_pt_sheet_reread),
]
