"""Healthy: re-running a check after each edit, and iterating on an artifact where every round changes
something (a Snakefile dry run, slicer settings and a print, podcast loudness, accessibility fixes, a map
style, a postmortem reviewed by a critic, Postgres index tuning)."""

from __future__ import annotations

from typing import Any

from .builder import C, Trace


def snakemake_edit_dryrun() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-027-snakemake-edit-dryrun-until-clean",
        "A pipeline agent adds a VEP rule and alternates edits with the same dry-run command; each run "
        "shows a new error until the DAG builds, then it runs the rule",
        agent="pipeline engineer agent (Claude Code: Read, Edit, Bash)",
        model="claude-sonnet-4-5",
        start="2026-02-26T13:00:00+00:00",
        ids="toolu",
        meta={"harness": "claude-code 2.1.151", "cwd": "/scratch/vc-cohortB"},
    )
    t.user("Add a VEP annotation rule after joint filtering and get `snakemake -n` passing, then run it.")
    dry = {"command": "snakemake -n --cores 8", "description": "Dry-run the workflow"}
    rounds = [
        (
            "Adding the rule.",
            "rule all:",
            'rule vep:\n    input: "results/{cohort}/joint.filtered.vcf"\n    output: '
            '"results/{cohort}/joint.vep.vcf.gz"\n    threads: 8\n    shell: "vep -i {input} -o {output} '
            '--vcf"\n\n'
            "rule all:",
            "SyntaxError in file Snakefile, line 88:\nUnexpected keyword threads in rule definition\n[exit "
            "code 1]",
        ),
        (
            "Moving threads above output, as this Snakemake version expects.",
            '    output: "results/{cohort}/joint.vep.vcf.gz"\n    threads: 8\n',
            '    threads: 8\n    output: "results/{cohort}/joint.vep.vcf.gz"\n',
            "MissingInputException in rule vep in file Snakefile, line 84:\nMissing input files for rule "
            "vep:\n    affected files:\n        results/cohortB/joint.filtered.vcf\n[exit code 1]",
        ),
        (
            "The filtered file is bgzipped; fixing the input suffix.",
            'joint.filtered.vcf"',
            'joint.filtered.vcf.gz"',
            "WorkflowError:\nTarget rules may not contain wildcards. Please specify concrete files or a "
            "rule without "
            "wildcards at the command line, or have a rule without wildcards at the very top of your "
            "workflow (e.g. "
            'the typical "rule all" which just collects all results you want to generate in the '
            "end).\n[exit code 1]",
        ),
        (
            "rule all must come first and request the VEP output; adding it to rule all's inputs.",
            "rule all:\n    input:",
            'rule all:\n    input:\n        expand("results/{cohort}/joint.vep.vcf.gz", cohort=COHORTS),',
            "Building DAG of jobs...\nJob stats:\njob      count\n-----  -------\nall          1\nvep       "
            "   1\ntotal        2\n\nThis was a dry-run (flag -n). The order of jobs does not reflect the "
            "order of execution.",
        ),
    ]
    for text, old, new, out in rounds:
        t.step(
            text,
            C(
                "Edit",
                {"file_path": "/scratch/vc-cohortB/Snakefile", "old_string": old, "new_string": new},
                "The file /scratch/vc-cohortB/Snakefile has been updated.",
            ),
        )
        t.step("", C("Bash", dry, out, "[exit code 1]" in out))
    t.step(
        "Dry run is clean. Running it.",
        C(
            "Bash",
            {"command": "snakemake --cores 8 vep", "description": "Run VEP", "timeout": 600000},
            "Finished job 0.\n1 of 2 steps (50%) done\nFinished job 1.\n2 of 2 steps (100%) done\nComplete "
            "log: .snakemake/log/2026-02-26T131944.snakemake.log",
        ),
    )
    t.step("The VEP rule is in, the dry run builds a 2-job DAG, and the annotated VCF is written.")
    return t.healthy(
        "The same dry-run command runs four times, each after an edit, and each run reports a different "
        "error until the DAG builds; then the real run succeeds. An edit/test alternation whose results "
        "change is progress, not a cycle."
    )


def slicer_iterations_then_print() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-028-slicer-tune-then-print-progress",
        "A print-farm agent re-slices a part with a different setting each round until it fits the "
        "overnight window without overhang warnings, starts the print and follows its progress",
        agent="print-farm agent (OctoPrint and PrusaSlicer CLI tools, OpenAI Agents SDK)",
        model="o4-mini",
        start="2026-02-20T16:30:00+00:00",
        meta={"harness": "openai-agents 0.6", "farm": "lab-farm-2 (6x MK4)"},
    )
    t.user(
        "Slice bracket_v7.stl in PETG for MK4-03: under 8 h, no failed overhangs. Start it and keep an eye "
        "on it."
    )
    base = {"model": "models/bracket_v7.stl", "printer_profile": "MK4-0.4", "filament": "PETG"}
    rounds = [
        (
            {"layer_height": 0.2, "supports": "everywhere"},
            "9h 41m; support 38.1 g; overhang check OK",
            "Too long. Tree supports use less material.",
        ),
        (
            {"layer_height": 0.2, "supports": "organic"},
            "8h 37m; support 19.6 g; overhang check OK",
            "Closer. Rotating the part 90° so the long overhang faces the bed.",
        ),
        (
            {"layer_height": 0.2, "supports": "organic", "rotate_y": 90},
            "7h 52m; support 11.2 g; overhang check OK",
            "Under 8 h but tight. A 0.25 mm layer gives margin.",
        ),
        (
            {"layer_height": 0.25, "supports": "organic", "rotate_y": 90},
            "6h 58m; support 10.9 g; overhang check OK",
            "",
        ),
    ]
    for i, (opts, out, _after) in enumerate(rounds):
        text = "Slicing with standard supports." if i == 0 else rounds[i - 1][2]
        t.step(
            text,
            C(
                "slice",
                {**base, **opts},
                f"Slicing done\nEstimated print time: {out}\nG-code: out/bracket_v7_r{i + 1}.gcode",
            ),
        )
    t.step(
        "6h 58m with no warnings. Uploading and starting.",
        C(
            "octoprint_start",
            {"printer": "MK4-03", "file": "out/bracket_v7_r4.gcode"},
            {"ok": True, "job": "MK4-03-2211"},
        ),
    )
    for pct, state in [
        (3, "Printing"),
        (19, "Printing"),
        (41, "Printing"),
        (66, "Printing"),
        (88, "Printing"),
        (100, "Operational"),
    ]:
        t.wait(4200)
        t.step(
            "",
            C(
                "octoprint_job",
                {"printer": "MK4-03"},
                {"state": state, "progress": {"completion": pct}, "temps": {"nozzle": 240, "bed": 85}},
            ),
        )
    t.step("Printed in about 7 hours; the job finished at 100% with no errors.")
    return t.healthy(
        "Four slice calls each change one setting (support type, rotation, layer height) and each result is "
        "different and better; the print is then polled with growing completion. Iterating on an artifact "
        "is healthy."
    )


def podcast_loudness_rounds() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-029-podcast-loudness-hum-rounds",
        "A podcast editing agent removes a hum with a notch filter, then adjusts gain and limiting in small "
        "steps, measuring after each change, until the episode meets the loudness target",
        agent="podcast editing agent (Descript-style editing API and ffmpeg tools, smolagents)",
        model="meta-llama/Llama-3.3-70B-Instruct",
        start="2026-06-24T10:00:00+00:00",
        meta={"harness": "smolagents 1.21", "show": "Fika & Fakta", "episode": 57},
    )
    t.user(
        "Fix the hum on Sara's track in episode 57 and master the episode to -16 LUFS integrated, -1 dBTP."
    )
    t.step(
        "",
        C(
            "apply_filter",
            {"episode": 57, "track": "sara_mic", "filter": "notch", "freq_hz": [50, 100, 150], "q": 30},
            {"ok": True, "qc": {"hum_level_dbfs": -66.1, "artifact_score": 0.03}},
        ),
    )
    measure = {"episode": 57, "target": "mix"}
    rounds = [
        ("Measuring the mix.", None, {"integrated_lufs": -19.4, "true_peak_dbtp": -3.1, "lra": 7.8}),
        (
            "3.4 LU short. Raising gain by 3.4 dB.",
            ("gain", {"db": 3.4}),
            {"integrated_lufs": -16.0, "true_peak_dbtp": 0.3, "lra": 7.8},
        ),
        (
            "Loudness is right but peaks are over. Adding a true-peak limiter at -1.0 dBTP.",
            ("limiter", {"ceiling_dbtp": -1.0, "release_ms": 50}),
            {"integrated_lufs": -16.2, "true_peak_dbtp": -1.0, "lra": 7.5},
        ),
        (
            "0.2 LU low after limiting; +0.2 dB gain.",
            ("gain", {"db": 0.2}),
            {"integrated_lufs": -16.0, "true_peak_dbtp": -1.0, "lra": 7.5},
        ),
    ]
    for text, change, result in rounds:
        calls = []
        if change:
            calls.append(
                C(
                    "apply_filter",
                    {"episode": 57, "track": "mix", "filter": change[0], **change[1]},
                    {"ok": True},
                )
            )
        calls.append(C("measure_loudness", measure, result))
        t.step(text, *calls)
    t.step(
        "",
        C(
            "export_episode",
            {"episode": 57, "format": "mp3", "bitrate_kbps": 128},
            {"file": "fika-och-fakta-057.mp3", "duration": "48:12"},
        ),
    )
    t.step("Hum removed (-66 dBFS), episode mastered to -16.0 LUFS / -1.0 dBTP and exported.")
    return t.healthy(
        "measure_loudness is called four times with identical arguments, but each time after a different "
        "change (none, +3.4 dB, a limiter, +0.2 dB), and each result differs until both targets are met. "
        "Measuring after every adjustment is healthy."
    )


def a11y_fix_rescan() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-030-a11y-fix-rescan-seven-to-zero",
        "An accessibility agent fixes violations in rounds and re-runs the same axe scan after each round; "
        "the count falls 7, 4, 1, 0",
        agent="accessibility auditing agent (axe-core via Playwright, repo edit tools, OpenHands SDK)",
        model="claude-sonnet-4-5",
        start="2026-04-29T08:00:00+00:00",
        ids="toolu",
        meta={"harness": "openhands-sdk 1.4", "repo": "marketing-site"},
    )
    t.user("Get /signup to zero axe violations (WCAG 2.2 AA).")
    scan = {"url": "http://localhost:4321/signup", "tags": ["wcag2a", "wcag2aa", "wcag22aa"]}
    results = [
        [
            "label x3 (#email, #pw, #pw2)",
            "color-contrast x2 (.hint)",
            "target-size x1 (.eye-toggle)",
            "autocomplete-valid x1 (#email)",
        ],
        ["color-contrast x2 (.hint)", "target-size x1 (.eye-toggle)", "autocomplete-valid x1 (#email)"],
        ["target-size x1 (.eye-toggle)"],
        [],
    ]
    fixes = [
        (
            "Adding visible labels to the three inputs.",
            "src/components/SignupForm.astro",
            '<label for="email">E-mail</label> ... (3 labels)',
        ),
        (
            "Hint text contrast and the autocomplete token.",
            "src/styles/forms.css + SignupForm.astro",
            '.hint { color: var(--gray-700) } ; autocomplete="email"',
        ),
        (
            "Enlarging the password toggle to 24x24 CSS px.",
            "src/styles/forms.css",
            ".eye-toggle { min-width: 24px; min-height: 24px }",
        ),
    ]
    t.step("", C("axe_scan", scan, {"violations": results[0], "count": 7}))
    for i, (text, path, change) in enumerate(fixes):
        t.step(text, C("edit_file", {"path": path, "change": change}, f"Edited {path}"))
        t.step("Rescanning.", C("axe_scan", scan, {"violations": results[i + 1], "count": [4, 1, 0][i]}))
    t.step(
        "/signup now has no axe violations: labels, hint contrast, autocomplete and the toggle target size "
        "are fixed."
    )
    return t.healthy(
        "The identical axe_scan call runs after each of three different fixes, and the result changes every "
        "time (7, 4, 1, 0 violations). Re-checking after each edit is healthy."
    )


def map_style_iterations() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-031-map-style-label-density-rounds",
        "A GIS agent tunes a vector-tile style: it renders a preview, checks label collisions, adjusts one "
        "style property per round and re-renders until the checks pass",
        agent="GIS agent (tile server admin API and style tools, smolagents ToolCallingAgent)",
        model="Qwen/Qwen2.5-72B-Instruct",
        start="2026-03-20T02:00:00+00:00",
        meta={
            "harness": "smolagents 1.21",
            "tileserver": "tiles.internal (martin + maplibre-native renderer)",
        },
    )
    t.user(
        "The parcels style is unreadable at z14 in central Bandung. Tune it so labels don't collide and "
        "parcel numbers stay legible, then publish."
    )
    view = {"style": "parcels-v3", "center": [107.6098, -6.9147], "zoom": 14, "size": [1024, 768]}
    rounds = [
        (None, {"labels_placed": 1422, "collisions": 318, "min_font_px": 9, "verdict": "FAIL"}),
        (
            ("parcel-label", "text-size", 11),
            {"labels_placed": 1190, "collisions": 201, "min_font_px": 11, "verdict": "FAIL"},
        ),
        (
            ("parcel-label", "symbol-spacing", 320),
            {"labels_placed": 804, "collisions": 62, "min_font_px": 11, "verdict": "FAIL"},
        ),
        (
            ("parcel-label", "minzoom", 15),
            {
                "labels_placed": 0,
                "collisions": 0,
                "min_font_px": None,
                "verdict": "FAIL: no parcel numbers at z14",
            },
        ),
        (
            ("parcel-label", "minzoom", 14),
            {"labels_placed": 804, "collisions": 62, "min_font_px": 11, "verdict": "FAIL"},
        ),
        (
            ("parcel-label", "text-allow-overlap", False),
            {"labels_placed": 742, "collisions": 0, "min_font_px": 11, "verdict": "PASS"},
        ),
    ]
    for i, (change, check) in enumerate(rounds):
        calls = []
        if change:
            calls.append(
                C(
                    "set_style_property",
                    {"style": "parcels-v3", "layer": change[0], "property": change[1], "value": change[2]},
                    {"ok": True, "revision": 40 + i},
                )
            )
        calls.append(
            C(
                "render_preview",
                view,
                {"png": f"previews/parcels-v3-r{40 + i}.png", "bytes": 412_000 - 9_000 * i},
            )
        )
        calls.append(C("check_labels", {"png": f"previews/parcels-v3-r{40 + i}.png"}, check))
        t.step(
            [
                "Rendering the current style.",
                "Bigger text first.",
                "Spreading labels out.",
                "Hiding parcel labels below z15.",
                "That removes them entirely at z14; reverting minzoom.",
                "Disallowing overlap so colliding labels drop out.",
            ][i],
            *calls,
        )
    t.step(
        "", C("publish_style", {"style": "parcels-v3", "revision": 45}, {"ok": True, "cdn_purge": "queued"})
    )
    t.step(
        "Published revision 45: 11 px parcel numbers, wider spacing, no overlaps (742 labels at z14, no "
        "collisions)."
    )
    return t.healthy(
        "render_preview and check_labels run six times with the same view, each after a different style "
        "change, and the checks change each round; one change is reverted after it over-shoots, then the "
        "style passes and is published. Iterating on an artifact is healthy."
    )


def postmortem_critic_rounds() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-032-postmortem-critic-three-rounds",
        "A postmortem writer drafts, sends the draft to a critic sub-agent, and revises three times; each "
        "critique raises different points and the last approves it",
        agent="incident postmortem writer (Google ADK SequentialAgent: writer and critic)",
        model="gemini-2.5-pro",
        start="2026-03-17T10:00:00+00:00",
        ids="adk",
        meta={"harness": "google-adk 1.18", "incident": "INC-2291"},
    )
    t.user("Write the INC-2291 postmortem, get it past the review critic, and publish it to the SRE space.")
    t.step(
        "",
        C(
            "get_incident",
            {"id": "INC-2291"},
            {
                "id": "INC-2291",
                "sev": 2,
                "duration": "2h45m",
                "root_causes": ["consumer autoscaling cap 12", "partner retry storm"],
            },
        ),
    )
    critiques = [
        "Blocking: the impact section has no numbers (merchants affected, max delay). Minor: timeline times "
        "lack a time zone.",
        "Blocking: action items have no owners or dates. The impact numbers look good now.",
        "Minor: 'human error' in contributing factors is blameful wording; describe the missing guardrail "
        "instead.",
        "Approved. No blocking issues.",
    ]
    revisions = [
        "Added impact numbers (31% of merchants, max delay 2h45m) and UTC to the timeline.",
        "Added owners and due dates to all five action items.",
        "Reworded: 'the cap change had no review requirement' instead of 'human error'.",
    ]
    t.step(
        "Drafting.",
        C(
            "write_draft",
            {"doc": "pm-INC-2291", "template": "postmortem-v4"},
            {"ok": True, "revision": 1, "words": 1240},
        ),
    )
    for i, critique in enumerate(critiques):
        t.step(
            "Sending it to the critic." if i == 0 else "",
            C(
                "critic_agent",
                {
                    "request": f"Review postmortem pm-INC-2291 revision {i + 1} against the SRE postmortem "
                    "checklist."
                },
                critique,
            ),
        )
        if i < len(revisions):
            t.step(
                revisions[i],
                C(
                    "write_draft",
                    {"doc": "pm-INC-2291", "patch": revisions[i]},
                    {"ok": True, "revision": i + 2},
                ),
            )
    t.step(
        "",
        C(
            "publish_page",
            {"doc": "pm-INC-2291", "space": "SRE"},
            {"url": "https://wiki.example/SRE/INC-2291", "version": 4},
        ),
    )
    t.step("Published the INC-2291 postmortem (revision 4) after three review rounds.")
    return t.healthy(
        "The critic is called four times on four different revisions and each critique is different "
        "(impact, owners, blameless wording, approval); each is followed by a real revision. A review loop "
        "that converges is healthy."
    )


def pg_index_tuning_success() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-033-pg-expression-index-verified",
        "A DBA copilot explains a slow query, creates an expression index, re-runs the same EXPLAIN ANALYZE "
        "and sees an index scan, then repeats the process for a second query",
        agent="DBA copilot (PostgreSQL MCP server, Cursor-style chat)",
        model="gpt-4.1",
        start="2026-02-06T13:00:00+00:00",
        meta={"harness": "mcp postgres-server 0.6", "db": "reports-staging"},
    )
    t.user("The /reports/daily and /reports/by-tenant queries are slow. Get both onto indexes.")
    q1 = (
        "SELECT date_trunc('day', created_at) d, count(*) FROM events WHERE date_trunc('day', created_at) "
        ">= now() - interval '30 days' GROUP BY 1"
    )
    q2 = "SELECT count(*) FROM events WHERE tenant_id = $1 AND created_at >= now() - interval '7 days'"
    t.step(
        "",
        C(
            "explain_analyze",
            {"sql": q1},
            "HashAggregate ...\n  ->  Seq Scan on events (actual time=0.02..2611.7 rows=921003)\n        "
            "Filter: (date_trunc('day', created_at) >= ...)\nExecution Time: 2841.9 ms",
        ),
    )
    t.step(
        "The filter wraps created_at in date_trunc, so a plain index won't match. Creating an expression "
        "index.",
        C(
            "execute_sql",
            {
                "sql": "CREATE INDEX CONCURRENTLY idx_events_day ON events ((date_trunc('day', created_at "
                "AT TIME ZONE 'UTC')));"
            },
            "CREATE INDEX",
        ),
    )
    t.step(
        "",
        C(
            "explain_analyze",
            {"sql": q1},
            "GroupAggregate ...\n  ->  Seq Scan on events (actual time=0.02..2588.1 rows=921003)\nExecution "
            "Time: 2790.4 ms",
        ),
    )
    t.step(
        "Still a seq scan: the index is on the UTC expression but the query uses the session time zone. "
        "Rewriting the query to match the indexed expression.",
        C(
            "edit_file",
            {"path": "app/reports/daily.sql", "change": "date_trunc('day', created_at AT TIME ZONE 'UTC')"},
            "Edited app/reports/daily.sql",
        ),
    )
    q1b = q1.replace("created_at)", "created_at AT TIME ZONE 'UTC')")
    t.step(
        "",
        C(
            "explain_analyze",
            {"sql": q1b},
            "GroupAggregate ...\n  ->  Index Scan using idx_events_day on events (actual time=0.04..88.2 "
            "rows=921003)\nExecution Time: 131.6 ms",
        ),
    )
    t.step(
        "Daily report: 2842 ms → 132 ms. Now the tenant query.",
        C(
            "explain_analyze",
            {"sql": q2.replace("$1", "'t_1042'")},
            "Aggregate ...\n  ->  Seq Scan on events (actual time=0.03..1702.3 rows=18211)\n        Filter: "
            "((tenant_id = 't_1042') AND ...)\nExecution Time: 1711.0 ms",
        ),
    )
    t.step(
        "",
        C(
            "execute_sql",
            {"sql": "CREATE INDEX CONCURRENTLY idx_events_tenant_created ON events (tenant_id, created_at);"},
            "CREATE INDEX",
        ),
    )
    t.step(
        "",
        C(
            "explain_analyze",
            {"sql": q2.replace("$1", "'t_1042'")},
            "Aggregate ...\n  ->  Index Only Scan using idx_events_tenant_created on events (actual "
            "time=0.05..6.1 rows=18211)\nExecution Time: 7.9 ms",
        ),
    )
    t.step(
        "Both queries use indexes now: daily 2842 → 132 ms (expression index plus a matching query), "
        "by-tenant 1711 → 8 ms (composite index)."
    )
    return t.healthy(
        "The same EXPLAIN ANALYZE is re-run after each change (an index, then a query rewrite), and each "
        "plan is different until the index is used; the second query follows the same check, act, re-check "
        "pattern. Verification after each change is healthy."
    )


SCENARIOS = [
    snakemake_edit_dryrun,
    slicer_iterations_then_print,
    podcast_loudness_rounds,
    a11y_fix_rescan,
    map_style_iterations,
    postmortem_critic_rounds,
    pg_index_tuning_success,
]
