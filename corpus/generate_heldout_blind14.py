"""Write ``corpus/heldout-blind14/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes
``/work/shared/notes/PEERS.md`` and ``PEERS-2026.md`` (loop patterns and false-positive traps users report),
the shipped-set checks ``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the
module docstrings (only) of ``corpus/generate_heldout_blind4.py`` to ``generate_heldout_blind13.py`` (for the
layout, the determinism rules and the onset conventions, which this set reuses, and for the agent domains
already covered, which it avoids), the ``[tool.ruff]`` section of ``pyproject.toml``, and the opening 150
lines of two real transcripts under ``/work/shared/corpus/real-agents/`` (a Cursor session that re-runs a
failing command and restarts its investigation, and a tau2 airline session with repeated "could you rephrase
that?" replies; for tool names and result shapes only). No detector, collector, SDK, scorer, evaluation,
documentation, benchmark or script, no other test, corpus set or generator body was read, and loopwatch was
never run on this set. Labels come from the author's judgement by SCHEMA.md's rules. The builders in
``corpus/blind14gen/`` were written fresh for this set.

The agents come from domains the earlier sets' docstrings do not list: corporate carbon accounting and CSRD
reporting (Scope 3 emission factors, supplier PCF exchanges and surveys, ESRS XBRL tagging), privacy
operations (data-subject access requests across CRM, help desk and warehouse, exports, response letters),
payroll (pay-period close, timesheets, bonus imports, garnishments, Mexican settlement calculations) and
pension administration (a Dutch pension-fund SQL agent, Brazilian PGBL portability), airline crew control
(pairings, duty-time legality, reserves, disruption recovery) and airport ground handling (baggage tracing,
gate reassignment, flight-info outages), semiconductor fab yield engineering (wafer maps, defect paretos, lot
holds, etch simulation sweeps), book-publishing production (ONIX records, EPUB validation, proofreading
sub-agents), journal editorial offices (reviewer finding, technical screening), academic conference program
committees (meta-reviews, late-review reminders), university post-award research administration (rebudgets,
effort certification, proposal submission tracking, PI approval routing), marketplace trust and safety
(moderation queues, takedowns, a pandas notebook), food-safety HACCP and recall traceability (cooler logs, lot
tracing, recall notices), meal-kit menu planning and pricing, wealth-management rebalancing and custody,
immigration-law case preparation (policy manual, AAO decisions, exhibits), real-estate brokerage listings (MLS
search, comps, listing entry, showings, photos), micromobility operations (parking zones, remote vehicle
locks), competitor price monitoring with a browser agent, LLM evaluation operations (regression runs, prompt
fixes), vector-index maintenance for RAG (re-ingestion, retrieval sweeps), offshore drilling operations
(WITSML trajectories, real-time WITS streams, an ROP model), film and TV production (location permits, a
permit-form wizard, talent availability), grocery store operations (planograms, electronic shelf labels,
markdowns) and ship chartering (laytime from statements of facts). Call ids follow OpenAI (chat and
Responses), Anthropic, Gemini (ADK), Bedrock, Mistral, named or plain conventions; tool names are snake_case,
dotted, MCP-style ``mcp__server__tool`` or Claude-Code-style (``Task``, ``Edit``, ``Bash``),
plus a computer-use ``computer`` tool. 17 of the 80 sessions are in Spanish, French, Korean, Japanese,
Swedish, Dutch, German, Italian, Portuguese, Turkish or Polish. Results come as JSON (compact or indented),
CSV, plain text, tracebacks, HTTP bodies and screenshot descriptions; failures are reported with ``is_error``
true or only in the content (``{"ok": false}`` and ``{"status": "error"}`` bodies, rejections).

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind14-loop-NNN-...`` and ``blind14-healthy-NNN-...``. The
builders live in ``corpus/blind14gen/``: ``loops_lookup`` (identical re-calls after empty results, including
one in a second user turn; polls of a frozen job and of a stalled data feed; trivially varied arguments;
paraphrased searches with overlapping results), ``loops_cycles`` (A/B alternations, one by a computer-use
agent; period-3 cycles; an edit/revert cycle of period 4; a toggle with read-backs), ``loops_errors`` (failure
streaks under rewritten inputs, schema misuse, identical failing calls, a failure reported only in the body),
``loops_agents`` (re-delegation, once under a second sub-agent name; a restated plan with calls; an action
announced but never taken; a monologue; degenerate text in a reply and in a tool argument), ``loops_writes``
(writes re-issued after they succeeded, a write/read-back cycle); ``healthy_polling``, ``healthy_paging``
(cursor tokens, offsets, a server-side cursor, infinite scroll, page-by-page reads, a wizard advanced by
identical clicks), ``healthy_retries`` (transient 503 and 429, a retry with a new argument, two failures then
another tool or a hand-off), ``healthy_fanout`` (files, stores, vehicles with per-target failures, a parallel
batch, sub-agents with different tasks, parameter sweeps), ``healthy_iterate`` (edit and re-run, notebook
fixes, a shared file re-read while a colleague edits it, check-act-recheck, validate/edit with shrinking
errors) and ``healthy_long`` (long runs, formulaic narration over new results, identical calls answering new
user messages, a long valid table, one re-delegation with a corrected brief). ``blind14gen.builder`` holds
``Trace``. No index or README file is written into the set folder (the earlier docstrings describe none): only
the ``*.json`` scenarios.

Loop patterns (40): identical re-calls after empty results 4; polling a frozen job or stalled feed 2;
trivially varied arguments 4; paraphrased searches 4; A/B alternation 2; period-3 cycles 2; toggles 2 (one of
them an edit/revert cycle); failure streaks under rewritten inputs 4; schema misuse 3; identical failing calls
2; re-delegation 3; restated plan with calls 1; announced action never taken 1; monologue 1; degenerate text
2; writes re-issued after success 2; write/read-back cycle 1.

Healthy traps (40): polling that finishes 6; pagination, streaming reads, scrolling and wizards 6; retries
that succeed 3; failures then another approach or a hand-off 3; fan-out and batches 5; parameter sweeps 3;
edit and re-run 3; re-reading a changing file 1; check-act-recheck 2; new results under repetitive narration
3; long legitimate runs 2; identical calls per user message 1; repetitive valid text 1; one corrected
re-delegation 1.

Run
---
    python corpus/generate_heldout_blind14.py [--out corpus/heldout-blind14]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string); there is no
wall clock (timestamps come from ``blind14gen.builder.Clock``, started at fixed instants) and no ``hash()``;
files are written in a stable order (sorted by id) as ``json.dumps(indent=2, ensure_ascii=False)`` plus a
newline, after removing the ``*.json`` files already in the output folder. ``blind14gen.builder.Trace`` counts
steps as it emits events and returns the step number of every message, so every onset is computed from the
builder's own events, and ``Trace.loop`` refuses an onset outside the trace or one the notes do not name as
"step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused from blind13 (which reused blind12's and the earlier sets'):

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

Applied in this set without changing them: a poll of a job whose whole status is frozen (progress and
heartbeat unchanged) is an identical call that stops bringing new content, so the 3rd poll returning the
frozen status is the onset, and sleeps or waits between polls do not reset the count; a write followed by an
identical read-back, repeated, is a period-2 cycle whose third write is also the 3rd identical write; a
sleep/poll alternation whose polls show progress is waiting, not a cycle; failures of a fan-out whose messages
name each item's own target are not an error streak; a call of another tool between identical attempts does
not reset the count; an ingredient swapped back and forth with evaluations in between is a toggle, so its 4th
swap is the onset (earlier than the third visit to the first state of that period-4 cycle).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from blind14gen import (
    healthy_fanout,
    healthy_iterate,
    healthy_long,
    healthy_paging,
    healthy_polling,
    healthy_retries,
    loops_agents,
    loops_cycles,
    loops_errors,
    loops_lookup,
    loops_writes,
)

LOOPS = [loops_lookup, loops_cycles, loops_errors, loops_agents, loops_writes]
HEALTHY = [healthy_polling, healthy_paging, healthy_retries, healthy_fanout, healthy_iterate, healthy_long]
DEFAULT_OUT = Path(__file__).resolve().parent / "heldout-blind14"


def build() -> list[dict[str, Any]]:
    """Every scenario of the set, loops numbered first, then healthy runs."""
    scenarios = []
    for kind, modules in (("loop", LOOPS), ("healthy", HEALTHY)):
        number = 0
        for module in modules:
            for slug, builder in module.SCENARIOS:
                number += 1
                scenarios.append(builder(f"blind14-{kind}-{number:03d}-{slug}"))
    ids = [s["id"] for s in scenarios]
    if len(set(ids)) != len(ids):
        raise SystemExit("duplicate scenario ids")
    return sorted(scenarios, key=lambda s: s["id"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for old in sorted(out.glob("*.json")):
        old.unlink()
    scenarios = build()
    for scenario in scenarios:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    loops = sum(1 for s in scenarios if s["label"]["loop"])
    print(f"wrote {len(scenarios)} scenarios ({loops} loops, {len(scenarios) - loops} healthy) to {out}")


if __name__ == "__main__":
    main()
