"""Write ``corpus/heldout-blind13/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstrings (only)
of ``corpus/generate_heldout_blind4.py`` to ``generate_heldout_blind12.py`` (for the layout, the determinism
rules and the onset conventions, which this set reuses, and for the agent domains already covered, which it
avoids), the ``[tool.ruff]`` section of ``pyproject.toml``, and the opening 150 lines of two real transcripts
under ``/work/shared/corpus/real-agents/`` (a tau2 utility fault-report session with user-driven errors, and
an OpenHands SDK session that retries a mail command after installing it; for tool names and result shapes
only). No detector, collector, SDK, scorer, evaluation, documentation, benchmark or script, no other test,
corpus set or generator body was read, and loopwatch was never run on this set. Labels come from the author's
judgement by SCHEMA.md's rules. The builders in ``corpus/blind13gen/`` were written fresh for this set.

The agents come from domains the earlier sets' docstrings do not list: mortgage and loan origination (credit
pulls, automated underwriting, appraisal orders, condition documents), museum collections (loan histories,
provenance research, store locations, IIIF tiling), municipal building and parking permits (inspections, GIS
zoning and flood overlays, resident permits), water utility operations (SCADA setpoints and interlocks, LIMS
samples, hydraulic modelling), mining geology (drillhole assays, block models, variograms, core photos),
fisheries and maritime compliance (VMS tracks, landing declarations), religious and community event scheduling
(halls, iftar and Vesak calendars, volunteers), music royalties and rights (repertoire searches, ISRC links,
statements, cue sheets), patent prosecution (prior art, claim amendments, e-filing, claim support), elevator
and facility IoT maintenance (fault logs, modes, remote diagnostics), solar-farm monitoring (inverter power,
string currents, firmware rollouts, O&M tickets), call-centre quality assurance (scorecards, calibration,
transcripts), funeral homes and cemeteries (death certificates, obituaries, plots), apparel product lifecycle
management (BOMs, grading, tech packs, fit comments), ski resort operations (lift status, snowmaking, wind,
staffing), zoo animal care records (weights, transfers, feedings, enclosure notes), auction houses (reserves,
catalogues, live bids), wildfire and forestry operations (burn permits, briefings), childcare centres
(attendance, parent inbox), railway track maintenance (possessions, geometry, defects, grinding), spectrum
licensing (license records, coordination, interference studies), wedding planning and archaeology excavation
records (finds registers, Harris matrices). Call ids follow OpenAI (chat and Responses), Anthropic, Gemini
(ADK), Bedrock, Mistral or plain conventions; tool names are snake_case, camelCase, dotted or MCP-style
``server__tool``. 57 of the 80 sessions are in French, German, Portuguese, Japanese, Korean, Russian, Arabic,
Indonesian, Thai, Romanian, Hungarian, Greek, Tagalog, Finnish or Norwegian. Results come as JSON envelopes,
XML, CSV, YAML, markdown tables, plain text, log lines and HTML snippets; failures are reported with
``is_error`` true or only in the content (``{"ok": false}`` bodies, rejections, HTML 401 pages, interlock
messages, declined payments).

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind13-loop-NNN-...`` and ``blind13-healthy-NNN-...``. The
builders live in ``corpus/blind13gen/``: ``loops_search`` (identical and paraphrased look-ups, id and title
variants, a track stream read past its end, a loop in a second user turn), ``loops_errors`` (failure streaks
under changing inputs, schema misuse, identical failing calls, errors across several tools with one cause),
``loops_cycles`` (A/B, period-3 and period-4 cycles, an edit/revert cycle, toggles with and without reads),
``loops_agents`` (re-delegation, restated intent with and without tools, a monologue, degenerate text in a
reply and in a tool argument), ``loops_writes`` (writes repeated with only volatile fields differing, a
save/validate cycle, mixtures with narration, a loop in a second user turn); ``healthy_polling``,
``healthy_paging`` (cursor tokens, offsets, a server-side cursor, chunked reads, scrolling),
``healthy_retries`` (transient errors, two or three failures then another approach or a hand-off),
``healthy_fanout`` (new targets, bulk writes answered alike, per-target failures, sub-agents with different
tasks), ``healthy_iterate`` (edit and re-check) and ``healthy_long`` (long sessions with formulaic narration,
one call per user message, check-act-recheck). ``blind13gen.builder`` holds ``Trace``.

Run
---
    python corpus/generate_heldout_blind13.py [--out corpus/heldout-blind13]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string); there is no
wall clock (timestamps come from ``blind13gen.builder.Clock``, started at fixed instants) and no ``hash()``;
files are written in a stable order (sorted by id) as ``json.dumps(indent=2, ensure_ascii=False)`` plus a
newline, after removing the ``*.json`` files already in the output folder. ``blind13gen.builder.Trace`` counts
steps as it emits events and returns the step number of every message, so every onset is computed from the
builder's own events, and ``Trace.loop`` refuses an onset outside the trace or one the notes do not name as
"step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused from blind12 (which reused blind11's and the earlier sets'):

- Byte-identical call with an identical, fruitless result (``identical_call``): the step issuing the 3rd
  identical call. Canonically identical calls (keys reordered) count as identical.
- Failure streaks and schema-misuse retries (``error_streak``): the step whose call yields the 4th failure of
  the same kind (two or three failed attempts before changing approach is healthy).
- Varied arguments with no new results (``same_tool``) and restated intent (``narration``): the step of the
  4th attempt (the original plus three retries, rephrasings or restatements).
- Re-delegation of one task to a sub-agent (``same_tool``): the 3rd delegation.
- Cycles (``alternation``): the step that visits the first state of the cycle for the third time; cycles of
  period 3 and 4 follow the same rule.
- A flag toggled back and forth: ``same_tool`` + ``alternation``, onset at the 4th toggle.
- ``degenerate_text``: the step whose reply (or tool argument) collapses into repetition.
- Several kinds in one scenario: the earliest step at which any of its conventions is met.
- A command re-run after edits: identical runs are counted from the last edit.
- Loops inside a later user turn: counts start at that turn's user message.
- Restated intent with no tool call at all, answered only by harness system messages: the 4th announcement.
  System messages do not start a turn.
- A failure reported only in the content counts as a failure exactly like ``is_error`` true.
- Consecutive assistant messages with nothing in between (a monologue) are restatements for ``narration``.
- Identical calls that fail identically are ``error_streak`` + ``identical_call`` with the onset at the 4th
  failure.
- A repeated write whose acknowledgements differ only in volatile fields (a new id, a timestamp) counts as
  identical for ``identical_call``.
- A scroll (or any identical call) that stops bringing new content: the 3rd call to return the same result
  (the first call that reached the end counts as the 1st) is the onset.
- Healthy side: two or three identical attempts at a failing call followed by a change of approach or a
  hand-off are healthy; identical calls that each answer a new user message are healthy; identical polls with
  identical intermediate statuses that end in completion are healthy; identical calls whose results differ (a
  cursor, a spool read, a re-check after an action) are healthy.

Applied in this set without changing them: a sub-agent reached under a second name for the same task is still
a re-delegation; write arguments that differ only in a client timestamp or request id are identical writes; a
status read after each toggle is a re-check after an action, so the toggle rule sets the onset; a scoring
result that differs only in a run id is the same state of a cycle; failures of several tools with one cause
(the animal is held by another institution) are one kind of failure.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from blind13gen import (
    healthy_fanout,
    healthy_iterate,
    healthy_long,
    healthy_paging,
    healthy_polling,
    healthy_retries,
    loops_agents,
    loops_cycles,
    loops_errors,
    loops_search,
    loops_writes,
)

HERE = Path(__file__).resolve().parent
MODULES = [
    loops_search,
    loops_errors,
    loops_cycles,
    loops_agents,
    loops_writes,
    healthy_polling,
    healthy_paging,
    healthy_retries,
    healthy_fanout,
    healthy_iterate,
    healthy_long,
]


def build() -> list[dict[str, Any]]:
    """Every scenario of the set, sorted by id."""
    scenarios = [builder() for module in MODULES for builder in module.SCENARIOS]
    ids = [s["id"] for s in scenarios]
    if len(set(ids)) != len(ids):
        raise SystemExit("duplicate scenario ids")
    loops = sum(s["label"]["loop"] for s in scenarios)
    if (loops, len(scenarios) - loops) != (40, 40):
        raise SystemExit(f"expected 40 loops and 40 healthy runs, got {loops} and {len(scenarios) - loops}")
    return sorted(scenarios, key=lambda s: s["id"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "heldout-blind13")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    for old in sorted(out.glob("*.json")):
        old.unlink()
    scenarios = build()
    for scenario in scenarios:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    print(f"wrote {len(scenarios)} scenarios to {out}")


if __name__ == "__main__":
    main()
