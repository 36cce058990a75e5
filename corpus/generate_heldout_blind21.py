"""Write ``corpus/heldout-blind21/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns, the detectors of other harnesses and the false-positive traps users report),
the shipped-set checks ``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the
module docstrings (only, extracted with ``ast.get_docstring``) of ``corpus/generate_heldout_blind4.py`` to
``generate_heldout_blind19.py`` (for the layout, the determinism rules and the onset conventions, which this
set reuses, and for the agent domains already covered, which it avoids), and the ``[tool.ruff]`` section of
``pyproject.toml``. No real transcript was opened; tool names and result shapes are the author's own. Beyond
that it saw only directory listings and file names (``corpus/``, ``corpus/blind19gen/``, ``tests/corpus/``,
``/work/shared/corpus/real-agents/``) and the names of files in a ``git status --short`` listing. No detector,
collector, SDK, scorer, evaluation, documentation, benchmark or script, no README, changelog or git history,
no other test, corpus set or generator body was read (nor the set being written in parallel,
``heldout-blind20``), and loopwatch was never run on this set. Labels come from the author's judgement by
SCHEMA.md's rules. The builders in ``corpus/blind21gen/`` were written fresh for this set and import nothing
from the earlier ``blind*gen`` packages.

The agents come from domains the earlier sets' docstrings do not list: herbarium specimen digitisation (a
taxonomic backbone, specimen search, GBIF), e-mail deliverability (SPF records, DMARC aggregate reports, token
refresh), superconducting qubit calibration (Rabi and T1 jobs), computational fluid dynamics with OpenFOAM
(solver logs under Slurm, a mesh-independence sweep), urban tree inventories (arboriculture), public-health
epidemiology surveillance (weekly bulletins, case line lists), radio-astronomy pulsar timing (ADS literature
search, timing fits), employee benefits open enrollment (a knowledge base, 834 enrollment exports), auto-body
repair (parts catalogues, insurer portals, a paint-booth bake log), influencer marketing (creator profiles and
stats, rate limits), game development in Godot (GUT tests, gdlint), compiler development on an out-of-tree
LLVM pass (lit and FileCheck), ice-rink operations (brine setpoints, dehumidification), climbing-gym route
setting (a computer-use agent in an admin app), land surveying (traverse adjustment, CORS RINEX downloads,
GNSS baselines), school-bus routing (an infeasible optimisation, driver acknowledgements), browser-extension
development (Chrome/Firefox manifests, store review), corporate treasury cash positioning (warehouse SQL, bank
statement APIs), dog-grooming salons (appointments, cancellation policy), plant-breeding field trials (ANOVA,
Tukey groups), room acoustics consulting (RT60 analysis, absorber sweeps), actuarial loss reserving (chain
ladder, a claims investigation), performance-review cycles, embedded firmware bring-up (probe-rs, a PID
controller with host tests), commercial cleaning scheduling (a shift API, a contract form), university thesis
formatting in LaTeX, river flood forecasting (gauge series, ensemble runs), textile dye houses (shade matching
from reflectance), behavioural research-lab scheduling, art conservation (XRF pigment analysis), rocket-engine
test stands (DAQ logs, a combustion analyst sub-agent), computational protein design (structure, solubility
and liability sub-agents), enterprise Wi-Fi site surveys (heatmaps, channel plans), music-school lesson
booking, security-guard patrol reporting, gym and fitness-club membership, orchard fruit packhouses
(controlled-atmosphere rooms, pallet labels), used and antiquarian bookselling (marketplace listings,
inventory), linguistic fieldwork (forced alignment, ELAN tone tiers), physical-therapy clinics (home-exercise
SMS) and landscaping crew scheduling. Coding agents read, edit and re-run tests (Claude-Code-style
``Read``/``Edit``/``Bash``/``Grep``/``Glob``/``Task``, Codex-style ``shell`` and
``read_file``/``apply_patch``/``run_command``, Gemini-CLI-style ``read_file``/``replace``/
``run_shell_command``/``search_file_content``); research agents search and fetch; support agents look up
policies and hand off to people; data agents run SQL; a computer-use agent takes screenshots, clicks and
types; orchestrators delegate to sub-agents. Call ids follow OpenAI chat (``call_...``), OpenAI Responses
(``fc_...``), Anthropic (``toolu_01...``), Gemini ADK (``adk-<uuid>``), Bedrock (``tooluse_...``), Mistral (9
characters), plain (``c1``) or named (``getTreeRecord_0``) conventions; tool names are snake_case, dotted
(``specimens.search``, ``koeling.set_setpoint``), MCP-style ``server__tool``
(``dmarc__list_aggregate_reports``), camelCase (``getTreeRecord``, ``createShift``, ``assignCrew``),
Claude-Code-style or a computer-use ``computer`` tool. 35 of the 80 sessions are in German, Japanese, Spanish,
Chinese (simplified), Brazilian and European Portuguese, Polish, Italian, Dutch, Czech, Swedish, Korean,
French, Turkish, Vietnamese, Indonesian, Hindi, Russian, Greek, Finnish or Arabic. Results come as JSON
(compact, spaced or indented), CSV, YAML, markdown tables, psql output, plain text, solver and build logs,
GUT, lit, cargo and latexmk output, pydantic validation errors, HTTP error text (401, 404, 422, 429, 503), an
HTML JavaScript shell and screenshot descriptions; failures are reported with ``is_error`` true or only in the
content (``{"ok": false, "errors": [...]}``, ``{"status": "rejected"}``, ``{"status": "failed"}``,
``{"status": "error"}`` bodies). Some steps carry parallel calls answered out of order, two sessions have
several user turns, one has harness messages as system messages, and lengths run from 2 to 19 steps.

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind21-loop-NNN-...`` and ``blind21-healthy-NNN-...``. The
builders live in ``corpus/blind21gen/``: ``loops_lookup`` (identical re-calls after empty or unhelpful
results, one in a later user turn, one starting in a parallel batch, one on a JavaScript-only page; frozen
polls, one with sleeps between; trivially varied ids; paraphrased searches), ``loops_cycles`` (A/B
alternations, one after seven productive steps of a coding session, one with a failing side, one by a
computer-use agent; period-3 cycles; a period-4 cycle and a period-4 edit-revert cycle; toggles, one with
read-backs), ``loops_errors`` (failure streaks under rewritten inputs with apologies, schema misuse,
rejections reported only in the body, identical failing calls, varied ids that all 404, a streak after eight
productive steps), ``loops_agents`` (re-delegation, once under a second sub-agent name; a restated plan with
calls; an action announced but never taken; a monologue; degenerate text in a reply and in a tool argument;
writes re-issued after success); ``healthy_polling``, ``healthy_retries``, ``healthy_fanout`` and
``healthy_work``. ``blind21gen.builder`` holds ``Trace`` and the registering decorators ``loop`` and
``healthy``; ``blind21gen.registry`` numbers the scenarios (loops and healthy runs separately, in module then
definition order). Only the ``*.json`` scenarios are written into the set folder. Each scenario's ``meta``
names its domain, language, harness, call-id convention, a literal start time and its number of steps.

Loop patterns (40): identical re-calls after empty or unhelpful results 4; frozen polls 2; trivially varied
ids 1; paraphrased searches 3; A/B alternation 4 (late in a coding session, with a failing side, by a
computer-use agent, two SQL queries); period-3 cycles 2; period-4 cycles 2 (one edit-revert); toggles 2;
failure streaks under rewritten inputs 5 (three reported only in the body, two with apologies, one after
eight productive steps);
schema misuse 3 (one reported only in the body); identical failing calls 1; varied arguments all failing 1;
re-delegation 3 (one under a second name); restated plan with calls 1; announced action never taken 1;
monologue 1; degenerate text 2 (a reply, a tool argument); writes re-issued after success 2.

Healthy traps (40): polling that finishes 5 (one with byte-identical intermediate statuses, one whose progress
pauses, one with a repeated store status); check-act-recheck 1; growing logs 3; a reminder between polls 1;
retries that succeed 6 (503, 429, a corrected argument, a token refresh, a changed approach after two
identical failures, recalibration); hand-offs to a person 3 (after two different refusals, after three
identical failures reported in the body, for a policy exception); a third source after two different failures
1; fan-out 4 (six files, a parallel batch answered out of order, sub-agents with different tasks, per-target
failures in a parallel batch); parameter sweeps 2; pagination 4 (cursor, offset, page numbers, next tokens);
edit and re-run 3 (one a 19-step coding session); formulaic narration over new results 2; a 16-step
computer-use form; a 16-step SQL investigation; a final answer split over three messages; the same tool for
each new user message (one identical re-check on request); a long valid table.

Run
---
    python corpus/generate_heldout_blind21.py [--out corpus/heldout-blind21]

(the output folder may also be given as the only positional argument). Deterministic: every scenario has its
own ``random.Random`` seeded with its id (a fixed string), used only for call ids; there is no wall clock
(start times are literals) and no ``hash()``; files are written in a stable order (sorted by id) as
``json.dumps(indent=2, ensure_ascii=False)`` plus a newline, after removing the ``*.json`` files already in
the output folder. ``blind21gen.builder.Trace`` counts steps as it emits events and returns the step number of
every message, so every onset is computed from the builder's own events, and ``Trace.loop`` refuses an onset
outside the trace or one the notes do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused unchanged from blind19 (which reused blind18's and the earlier sets'):

- Byte-identical call with an identical, fruitless result (``identical_call``): the step issuing the 3rd
  identical call. An identical call first made inside a parallel batch counts as the 1st from that batch's
  step; an unhelpful page returned identically is a fruitless result like an empty one.
- Failure streaks and schema-misuse retries (``error_streak``): the step whose call yields the 4th failure of
  the same kind (two or three failed attempts before changing approach is healthy). A failure reported only
  in the content counts exactly like ``is_error`` true.
- Varied arguments with no new results (``same_tool``) and restated intent (``narration``): the step of the
  4th attempt (the original plus three retries, rephrasings or restatements). A varied-argument call whose
  every attempt fails the same way is ``same_tool`` + ``error_streak`` with both on one step; a restated plan
  whose calls vary their options but return the same result is ``narration`` + ``same_tool``.
- Re-delegation of one task to a sub-agent (``same_tool``): the 3rd delegation; a sub-agent reached under a
  second name for the same task is still a re-delegation.
- Cycles (``alternation``): the step that visits the first state of the cycle for the third time (A B A B
  [A]; period 3 and 4 the same way). A cycle starts at the first call after the last edit that changed
  anything; in an edit-revert cycle the edits are states of the cycle. In an A/B alternation whose B side
  fails each time, the third visit to A comes before the 4th failure, so it sets the onset.
- A value toggled back and forth: ``same_tool`` + ``alternation``, onset at the 4th toggle (every set call
  counts, the first change away from the original value included); read-backs between toggles are not
  toggles.
- ``degenerate_text``: the step whose reply (or tool argument) collapses into repetition.
- Several kinds in one scenario: the earliest step at which any of its conventions is met.
- Loops inside a later user turn: counts start at that turn's user message.
- Restated intent with no tool call at all, answered only by harness system messages: the 4th announcement.
  System messages do not start a turn. Consecutive assistant messages with nothing in between (a monologue)
  are restatements; the first of them may follow a tool result and is the 1st statement.
- Identical calls that fail identically are ``error_streak`` + ``identical_call`` with the onset at the 4th
  failure.
- A repeated write whose acknowledgements differ only in volatile fields (a new listing or message id)
  counts as identical for ``identical_call``.
- A frozen poll: the 3rd call to return the same result (the first call that returned it counts as the 1st)
  is the onset; sleeps between polls do not reset the count.
- Healthy side: two or three identical attempts at a failing call followed by a change of approach or a
  hand-off are healthy; identical calls that each answer a new user message are healthy; identical polls with
  identical intermediate statuses that end in completion are healthy; identical calls whose results differ (a
  cursor, a growing log, a re-check after an action, a re-run after an edit) are healthy; failures of a
  fan-out whose messages name each item's own target are not an error streak; a split final answer whose
  parts differ is not a restatement, and a long table whose rows differ is not degenerate.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from blind21gen.registry import build_all  # noqa: E402

DEFAULT_OUT = HERE / "heldout-blind21"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", nargs="?", type=Path, default=None, help="output folder (same as --out)")
    parser.add_argument("--out", type=Path, default=None, help=f"output folder (default {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    out: Path = args.out or args.outdir or DEFAULT_OUT
    out.mkdir(parents=True, exist_ok=True)
    for old in sorted(out.glob("*.json")):
        old.unlink()
    scenarios = build_all()
    for scenario in scenarios:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    loops = sum(1 for s in scenarios if s["label"]["loop"])
    print(f"wrote {len(scenarios)} scenarios ({loops} loops, {len(scenarios) - loops} healthy) to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
