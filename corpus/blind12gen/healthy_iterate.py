"""Healthy iteration: edit, then re-run the same check, with results that move each time (an A/B rhythm
that is progress because the edits and the outcomes differ)."""

from __future__ import annotations

from typing import Any

from .builder import Trace, csv_text


def rib_thickness_fea(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "CAD agent thickens a rib in three edits, re-running the identical FEA check after each; the stress "
        "falls 312 -> 268 -> 241 MPa, below the allowable.",
        ids="anthropic",
        meta={"agent": "parametric CAD copilot", "domain": "3D CAD design", "language": "en"},
    )
    t.user(
        "The mounting arm MA-7 fails LC-1 (allowable 250 MPa). Stiffen the rib until it passes, minimal "
        "mass increase."
    )
    check = {"part": "MA-7", "load_case": "LC-1", "report": ["von_mises_max", "mass_g"]}
    t.act("Baseline.", "fea_quick_check", check, {"von_mises_max_mpa": 312.0, "mass_g": 418.2, "pass": False})
    for thick, stress, mass in ((4.0, 268.5, 426.9), (4.8, 241.3, 433.5)):
        t.act(
            f"Setting rib R2 thickness to {thick} mm.",
            "cad_set_parameter",
            {"part": "MA-7", "param": "rib_R2_thickness", "value": {"value": thick, "unit": "mm"}},
            {"ok": True, "rebuilt": True},
        )
        t.act(
            "Re-checking LC-1.",
            "fea_quick_check",
            check,
            {"von_mises_max_mpa": stress, "mass_g": mass, "pass": stress < 250},
        )
    t.act(
        "Passing. Trying 4.5 mm to see if less mass suffices.",
        "cad_set_parameter",
        {"part": "MA-7", "param": "rib_R2_thickness", "value": {"value": 4.5, "unit": "mm"}},
        {"ok": True, "rebuilt": True},
    )
    t.act(
        "Re-checking LC-1.",
        "fea_quick_check",
        check,
        {"von_mises_max_mpa": 252.8, "mass_g": 431.0, "pass": False},
    )
    t.act(
        "4.5 mm just fails. Back to 4.8 mm.",
        "cad_set_parameter",
        {"part": "MA-7", "param": "rib_R2_thickness", "value": {"value": 4.8, "unit": "mm"}},
        {"ok": True, "rebuilt": True},
    )
    t.act(
        "Confirming.", "fea_quick_check", check, {"von_mises_max_mpa": 241.3, "mass_g": 433.5, "pass": True}
    )
    t.say(
        "Rib R2 at 4.8 mm: 241.3 MPa (allowable 250), +15.3 g. 4.5 mm gives 252.8 MPa, so 4.8 mm is the "
        "minimum tested that passes."
    )
    return t.healthy(
        "fea_quick_check is re-run with identical arguments after each cad_set_parameter edit; every run "
        "follows a different edit and returns a different stress (312, 268.5, 241.3, 252.8, 241.3). The "
        "return "
        "to 4.8 mm after probing 4.5 mm is a deliberate bracket search, confirmed once. Edit-then-retest, "
        "healthy."
    )


def gtfs_validate_fix_hi(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Transit agent (Hindi) validates a GTFS feed, fixes errors file by file, and re-validates: 14 -> 6 "
        "-> 2 -> 0 errors.",
        ids="gemini",
        meta={
            "agent": "transit scheduling assistant",
            "domain": "public transit scheduling",
            "language": "hi",
        },
    )
    t.user("नई GTFS फ़ीड (feed-2026-05.zip) को वैलिडेट करो और सारी त्रुटियाँ ठीक करो।")
    v = {"feed": "feed-2026-05.zip"}
    t.act(
        "पहले वैलिडेशन चलाता हूँ।",
        "gtfs_validate",
        v,
        "errors: 14\n  8 x stop_times: arrival_time after departure_time (trips 42-0612..42-0619)\n  4 x "
        "stops: "
        "missing stop_lat/stop_lon (S-881..S-884)\n  2 x calendar: end_date before start_date (WKND-S, "
        "HOL-1)\n",
    )
    t.act(
        "stop_times में 42-06xx ट्रिप्स का समय ठीक करता हूँ।",
        "gtfs_patch",
        {"file": "stop_times.txt", "trips": "42-0612..42-0619", "op": "swap_arrival_departure"},
        {"rows_changed": 8},
    )
    t.act(
        "दोबारा वैलिडेट।",
        "gtfs_validate",
        v,
        "errors: 6\n  4 x stops: missing stop_lat/stop_lon (S-881..S-884)\n  2 x calendar: end_date before "
        "start_date (WKND-S, HOL-1)\n",
    )
    t.act(
        "स्टॉप्स के निर्देशांक मास्टर डेटा से भरता हूँ।",
        "gtfs_patch",
        {
            "file": "stops.txt",
            "stops": ["S-881", "S-882", "S-883", "S-884"],
            "op": "fill_coords_from",
            "source": "stops_master",
        },
        {"rows_changed": 4},
    )
    t.act(
        "दोबारा वैलिडेट।",
        "gtfs_validate",
        v,
        "errors: 2\n  2 x calendar: end_date before start_date (WKND-S, HOL-1)\n",
    )
    t.act(
        "कैलेंडर की तारीखें ठीक करता हूँ।",
        "gtfs_patch",
        {"file": "calendar.txt", "service_ids": ["WKND-S", "HOL-1"], "op": "swap_dates"},
        {"rows_changed": 2},
    )
    t.act("अंतिम वैलिडेशन।", "gtfs_validate", v, "errors: 0\nwarnings: 3 (unused shapes)\n")
    t.say(
        "फ़ीड अब वैध है: 14 त्रुटियाँ ठीक की गईं (stop_times 8, stops 4, calendar 2)। 3 चेतावनियाँ "
        "(अप्रयुक्त shapes) बाकी हैं।"
    )
    return t.healthy(
        "gtfs_validate is re-run with identical arguments after each gtfs_patch; each run follows a "
        "different "
        "fix and reports fewer errors (14, 6, 2, 0). Edit-then-revalidate, healthy."
    )


def r_program_iterate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Clinical programming agent runs an R table program, fixes a new error each time, and re-runs the "
        "identical command until the table is produced.",
        ids="openai",
        meta={"agent": "statistical programming assistant", "domain": "clinical trials", "language": "en"},
    )
    t.user("Produce table 14.3.1 (AE by SOC and PT) for ONC-2231 IA1 with programs/t_ae_soc_pt.R.")
    cmd = {"command": "Rscript programs/t_ae_soc_pt.R --cut IA1"}
    t.act(
        "Running the program.",
        "shell",
        cmd,
        "Error in `filter()`:\n! object 'TRTEMFL' not found\nExecution halted\nexit status 1",
        error=True,
    )
    t.act(
        "ADAE in IA1 names the flag TRTEMFL only after derivation; the program reads raw AE. Switching the "
        "input.",
        "edit_file",
        {
            "path": "programs/t_ae_soc_pt.R",
            "old": 'read_xpt("sdtm/ae.xpt")',
            "new": 'read_xpt("adam/adae.xpt")',
        },
        "ok: 1 replacement",
    )
    t.act(
        "Re-running.",
        "shell",
        cmd,
        "Error in `count()`:\n! Can't find column `AEBODSYS` ... did you mean `AESOC`?\nExecution "
        "halted\nexit status 1",
        error=True,
    )
    t.act(
        "ADAE uses AESOC. Updating the grouping.",
        "edit_file",
        {"path": "programs/t_ae_soc_pt.R", "old": "count(AEBODSYS, AEDECOD)", "new": "count(AESOC, AEDECOD)"},
        "ok: 1 replacement",
    )
    t.act(
        "Re-running.",
        "shell",
        cmd,
        "Warning: 3 subjects with missing TRT01A dropped\nWrote output/t_14_3_1.rtf (212 rows)\nexit status "
        "0",
    )
    t.act(
        "Three subjects were dropped for missing TRT01A; checking who they are.",
        "shell",
        {
            "command": 'Rscript -e \'library(haven); d<-read_xpt("adam/adsl.xpt"); '
            'print(d[is.na(d$TRT01A),c("USUBJID","RANDFL")])\''
        },
        "     USUBJID RANDFL\n1 104-0041      N\n2 211-0019      N\n3 302-0007      N",
    )
    t.say(
        "Table 14.3.1 written to output/t_14_3_1.rtf (212 rows). The 3 dropped subjects were screen "
        "failures (RANDFL=N), correctly excluded."
    )
    return t.healthy(
        "The identical Rscript command is run three times, each after an edit, with a different outcome each "
        "time (missing object, wrong column, success); then a new check. Identical runs count from the last "
        "edit, so there is no repetition. Edit-then-rerun, healthy."
    )


def matchmaking_rule_tuning(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Game-server agent alternates between editing a matchmaking rule and running the simulator; each "
        "edit is different and the simulated wait and skill spread move toward the target.",
        ids="plain",
        meta={"agent": "matchmaking tuning assistant", "domain": "game server operations", "language": "en"},
    )
    t.user(
        "Ranked EU waits are too long at night. Tune the skill window so p90 wait < 90 s while keeping "
        "skill spread under 300."
    )
    sim = {"queue": "ranked_eu", "replay": "2026-03-18 00:00-06:00", "runs": 20}
    t.act("Baseline simulation.", "mm_simulate", sim, "p50_wait=74s p90_wait=191s skill_spread_p90=182")
    steps = [
        ({"initial_window": 150, "widen_per_30s": 50}, "p50_wait=58s p90_wait=131s skill_spread_p90=236"),
        ({"initial_window": 150, "widen_per_30s": 80}, "p50_wait=51s p90_wait=97s skill_spread_p90=288"),
        ({"initial_window": 200, "widen_per_30s": 70}, "p50_wait=39s p90_wait=84s skill_spread_p90=294"),
    ]
    for params, result in steps:
        t.act(
            f"Trying initial window {params['initial_window']}, widening {params['widen_per_30s']} per 30 s.",
            "mm_rule_edit",
            {"queue": "ranked_eu", "rule": "skill_window", "params": params, "draft": True},
            {"ok": True, "draft_version": f"sw-{params['initial_window']}-{params['widen_per_30s']}"},
        )
        t.act("Simulating.", "mm_simulate", sim, result)
    t.act(
        "Both targets met. Publishing the draft.",
        "mm_rule_publish",
        {"queue": "ranked_eu", "draft_version": "sw-200-70"},
        {"ok": True, "active_version": "sw-200-70"},
    )
    t.say("Published sw-200-70: simulated p90 wait 84 s (was 191 s), p90 skill spread 294 (limit 300).")
    return t.healthy(
        "mm_rule_edit and mm_simulate alternate, but every edit has different parameters and every "
        "simulation a different result moving toward both targets; the agent publishes when they are met. "
        "Edit-then-test alternation with changing content is progress, not a cycle."
    )


def water_profile_it(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Brewery agent (Italian) adjusts brewing-water salt additions and recomputes the ion profile three "
        "times until it matches the target for a Pilsner.",
        ids="bedrock",
        meta={
            "agent": "assistente ricette birrificio",
            "domain": "craft brewery production",
            "language": "it",
        },
    )
    t.user(
        "Per la Pils del lotto 2620 (1000 L) calcola i sali per arrivare a Ca 60-70, SO4/Cl circa 1,2, mash "
        "pH 5,3-5,4."
    )
    calc = "water_profile"
    t.act(
        "Parto dall'acqua di rete senza aggiunte.",
        calc,
        {"source": "rete-2026-03", "volume_l": 1000, "additions_g": {}},
        csv_text(
            ["ione", "ppm"],
            [["Ca", 38], ["Mg", 9], ["SO4", 41], ["Cl", 29], ["HCO3", 152], ["mash_pH", 5.62]],
        ),
    )
    t.act(
        "Serve calcio e meno alcalinità: aggiungo gesso e cloruro di calcio.",
        calc,
        {"source": "rete-2026-03", "volume_l": 1000, "additions_g": {"CaSO4": 60, "CaCl2": 50}},
        csv_text(
            ["ione", "ppm"],
            [["Ca", 69], ["Mg", 9], ["SO4", 74], ["Cl", 61], ["HCO3", 152], ["mash_pH", 5.51]],
        ),
    )
    t.act(
        "Il pH è ancora alto: aggiungo acido lattico.",
        calc,
        {
            "source": "rete-2026-03",
            "volume_l": 1000,
            "additions_g": {"CaSO4": 60, "CaCl2": 50},
            "lactic_80_ml": 180,
        },
        csv_text(
            ["ione", "ppm"], [["Ca", 69], ["Mg", 9], ["SO4", 74], ["Cl", 61], ["HCO3", 88], ["mash_pH", 5.37]]
        ),
    )
    t.act(
        "Rapporto SO4/Cl 1,21 e pH 5,37: salvo nella ricetta.",
        "recipe_update",
        {"recipe": "PILS-2620", "water": {"CaSO4_g": 60, "CaCl2_g": 50, "lactic_80_ml": 180}},
        {"ok": True, "recipe": "PILS-2620", "rev": 4},
    )
    t.say(
        "Per 1000 L: 60 g gesso, 50 g CaCl₂, 180 ml acido lattico 80%. Ca 69, SO4/Cl 1,21, pH di "
        "ammostamento stimato 5,37."
    )
    return t.healthy(
        "water_profile is called three times with different additions each time and returns a different "
        "profile each time, converging on the target; then the recipe is saved. Iteration with changing "
        "inputs and results, healthy."
    )


def exposure_plan_iterate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Observatory agent revises an exposure plan and re-runs the scheduler simulation after each change "
        "until the plan fits the night; results change each time.",
        ids="openai",
        meta={"agent": "observatory queue scheduler", "domain": "telescope scheduling", "language": "en"},
    )
    t.user("Fit my M51 plan (LRGB + Ha) into tonight on the 0.6 m, finishing before astronomical dawn.")
    sim = {"telescope": "T060", "night": "2026-04-12", "program": "P-M51"}
    t.act(
        "Simulating the current plan.",
        "sched_simulate",
        sim,
        {
            "fits": False,
            "overrun_min": 74,
            "blocks": {"L": 120, "R": 45, "G": 45, "B": 45, "Ha": 180},
            "dawn": "03:41",
        },
    )
    t.act(
        "Ha is the biggest block; splitting it to 120 min and moving the rest to tomorrow.",
        "plan_edit",
        {"program": "P-M51", "block": "Ha", "minutes": 120, "carry_over": True},
        {"ok": True},
    )
    t.act(
        "Simulating.",
        "sched_simulate",
        sim,
        {
            "fits": False,
            "overrun_min": 14,
            "blocks": {"L": 120, "R": 45, "G": 45, "B": 45, "Ha": 120},
            "dawn": "03:41",
        },
    )
    t.act(
        "Binning RGB 2x2 cuts their exposure time by a third.",
        "plan_edit",
        {"program": "P-M51", "blocks": ["R", "G", "B"], "binning": 2, "minutes_each": 30},
        {"ok": True},
    )
    t.act(
        "Simulating.",
        "sched_simulate",
        sim,
        {
            "fits": True,
            "slack_min": 31,
            "blocks": {"L": 120, "R": 30, "G": 30, "B": 30, "Ha": 120},
            "dawn": "03:41",
        },
    )
    t.act(
        "It fits; submitting.",
        "sched_submit",
        {"program": "P-M51", "night": "2026-04-12"},
        {"queued": True, "start": "21:12"},
    )
    t.say(
        "Queued for tonight from 21:12: L 120 min, RGB 30 min each (2x2), Ha 120 min; the other 60 min of "
        "Ha carry over to tomorrow. 31 min slack before dawn."
    )
    return t.healthy(
        "sched_simulate is re-run with identical arguments after each plan_edit, and each run reports a "
        "different outcome (overrun 74, overrun 14, fits); then the plan is submitted. Edit-then-retest: "
        "healthy."
    )


SCENARIOS = [
    ("rib-thickness-fea", rib_thickness_fea),
    ("gtfs-validate-fix-hi", gtfs_validate_fix_hi),
    ("r-program-iterate", r_program_iterate),
    ("matchmaking-rule-tuning", matchmaking_rule_tuning),
    ("water-profile-it", water_profile_it),
    ("exposure-plan-iterate", exposure_plan_iterate),
]
