"""Write ``corpus/heldout-blind15/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstrings (only)
of ``corpus/generate_heldout_blind4.py`` to ``generate_heldout_blind14.py`` (for the layout, the determinism
rules and the onset conventions, which this set reuses, and for the agent domains already covered, which it
avoids), the ``[tool.ruff]`` section of ``pyproject.toml``, and the opening 150 lines of two real transcripts
under ``/work/shared/corpus/real-agents/`` that no earlier docstring names (a Claude Code session porting a
Python package to Rust, alternating Write and TodoWrite, and a tau2 airline session reading reservations one
by one; for tool names and result shapes only). No detector, collector, SDK, scorer, evaluation,
documentation, benchmark or script, no other test, corpus set or generator body was read, and loopwatch was
never run on this set. Labels come from the author's judgement by SCHEMA.md's rules. The builders in
``corpus/blind15gen/`` were written fresh for this set and import nothing from the earlier ``blind*gen``
packages.

The agents come from domains the earlier sets' docstrings do not list: dental practice management (imaging
bridges, plan frequency limits, pre-authorizations, recall reminders, a payer portal behind MFA), car rental
(fleet availability, damage-claim photos, a fleet portal driven by a computer-use agent, recall checks by
VIN), seismology (FDSN event/station/dataselect services, phase picks, moment tensors, ShakeMap jobs),
genealogy research (parish registers, census indexes, GEDCOM events, an archive-research sub-agent), data
labelling operations (COCO exports), newsletter platforms (send monitoring, test sends, template linting,
intro copy), libraries of things (catalogue search, donation imports, item reservations), esports tournament
operations (match look-ups, lobbies, brackets, seeding tables), oceanography (ERDDAP Argo queries, CTD cast
QC, glider telemetry streams, spike-test thresholds), customer-interview synthesis and UX research, bug bounty
triage (duplicate checks, reproduction, backlog paging), political campaign canvassing (volunteer knowledge
base, walk lists, GOTV texts, turf sign-up sheets), A/B test analysis (experiment registry, CUPED readouts,
SRM notebooks), waste collection routing (route optimization, missed pickups), coffee roasting (green-coffee
inventory, roast schedules, cupping, shop copy), photography studios (gallery export and delivery, RAW
import), beekeeping (hive scales, inspections, Varroa literature), recycling plants (MRF sorting lines, bale
sales), theatre stage management (lighting cues over an OSC bridge, a live cue sheet), audiology clinics
(hearing-aid fitting, reports), remote online notarization and a notary office, local-government 311 and
citizen-report desks, cosmetics regulatory notification (CPNP, INCI names), marina operations, language
learning with spaced-repetition decks, and pottery-studio kiln control. Call ids follow OpenAI (chat and
Responses), Anthropic, Gemini, ADK, Bedrock, Mistral or plain conventions; tool names are snake_case, dotted,
MCP-style ``mcp__server__tool``, Claude-Code-style (``Task``, ``Bash``, ``Read``, ``Edit``, ``Grep``) or a
computer-use ``computer`` tool. 41 of the 80 sessions are in German, Spanish, Japanese, Polish, Korean,
French, Russian, Turkish, Portuguese, Hebrew, Finnish, Dutch, Chinese, Czech, Arabic, Greek, Ukrainian,
Hindi or Indonesian. Results come as JSON (spaced or compact), CSV, plain text, ERDDAP error blocks, HTTP and
curl error text, instrument file excerpts, markdown and screenshot descriptions; failures are reported with
``is_error`` true or only in the content (``{"ok": false}``, ``{"statut": "rejeté"}`` bodies, null data).
Some steps carry parallel calls answered out of order, some sessions have several user turns, one has
harness nudges as system messages, and lengths run from 2 to 27 steps.

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind15-loop-NNN-...`` and ``blind15-healthy-NNN-...``. The
builders live in ``corpus/blind15gen/``: ``loops_lookup`` (identical re-calls after empty results, one in a
third user turn; polls of frozen jobs; trivially varied arguments; paraphrased searches), ``loops_cycles``
(A/B alternations, period-3 and period-4 cycles, toggles with read-backs), ``loops_errors`` (failure streaks
under rewritten inputs, schema misuse, identical failing calls), ``loops_agents`` (re-delegation, once under a
second sub-agent name; restated plans with calls; an action announced but never taken; a monologue;
degenerate text in a reply and in a tool argument), ``loops_writes`` (writes re-issued after success);
``healthy_polling``, ``healthy_paging``, ``healthy_retries``, ``healthy_fanout``, ``healthy_iterate`` and
``healthy_long``. ``blind15gen.builder`` holds ``Trace``; ``blind15gen.registry`` numbers the scenarios. Only
the ``*.json`` scenarios are written into the set folder.

Loop patterns (40): identical re-calls after empty or unhelpful results 4 (one in a later user turn); polling
a frozen job 2; trivially varied arguments 3 (one also an error streak); paraphrased searches with
overlapping results 4; A/B alternation 3 (one with a failing side, one with identical re-optimizations);
period-3 and period-4 cycles 2; toggles with read-backs 2; failure streaks under rewritten inputs 4 (one
reported only in the body); schema misuse 3; identical failing calls 2; re-delegation 3; restated plan with
calls that bring nothing new 2; announced action never taken 1; monologue 1; degenerate text 2; writes
re-issued after success 2.

Healthy traps (40): polling that finishes 5 (one with byte-identical intermediate statuses, one with a
reminder sent between polls); check-act-recheck 1; pagination, a server-side stream cursor, offsets, page
reads and scrolling 5; retries that succeed 3 (transient 503, 429, a corrected argument); failures then
another approach or a hand-off to a person 3; fan-out 4 (sequential, one parallel batch, sub-agents with
different tasks, per-target failures in parallel batches); parameter sweeps 3; edit and re-run 4; re-reading
a file or sheet that changes 2; new results under formulaic narration 3; long legitimate runs 2 (one an
optimize/publish rhythm over twelve routes); a final answer split over several messages 2; the same tool
(identical calls included) for each new user message 2; a long valid table 1.

Run
---
    python corpus/generate_heldout_blind15.py [--out corpus/heldout-blind15]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string), used only for
call ids; there is no wall clock (timestamps are literals or come from ``blind15gen.builder.Clock``, started
at fixed instants) and no ``hash()``; files are written in a stable order (sorted by id) as
``json.dumps(indent=2, ensure_ascii=False)`` plus a newline, after removing the ``*.json`` files already in
the output folder. ``blind15gen.builder.Trace`` counts steps as it emits events and returns the step number of
every message, so every onset is computed from the builder's own events, and ``Trace.loop`` refuses an onset
outside the trace or one the notes do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused from blind14 (which reused blind13's and the earlier sets'):

- Byte-identical call with an identical, fruitless result (``identical_call``): the step issuing the 3rd
  identical call. Canonically identical calls (keys reordered) count as identical.
- Failure streaks and schema-misuse retries (``error_streak``): the step whose call yields the 4th failure of
  the same kind (two or three failed attempts before changing approach is healthy). Calls of other tools
  between attempts do not reset the count.
- Varied arguments with no new results (``same_tool``) and restated intent (``narration``): the step of the
  4th attempt (the original plus three retries, rephrasings or restatements).
- Re-delegation of one task to a sub-agent (``same_tool``): the 3rd delegation.
- Cycles (``alternation``): the step that visits the first state of the cycle for the third time; cycles of
  period 3 and 4 follow the same rule.
- A flag toggled back and forth: ``same_tool`` + ``alternation``, onset at the 4th toggle.
- ``degenerate_text``: the step whose reply (or tool argument) collapses into repetition.
- Several kinds in one scenario: the earliest step at which any of its conventions is met.
- Loops inside a later user turn: counts start at that turn's user message.
- Restated intent with no tool call at all, answered only by harness system messages: the 4th announcement.
  System messages do not start a turn.
- A failure reported only in the content counts as a failure exactly like ``is_error`` true.
- Consecutive assistant messages with nothing in between (a monologue) are restatements for ``narration``.
- Identical calls that fail identically are ``error_streak`` + ``identical_call`` with the onset at the 4th
  failure.
- A repeated write whose acknowledgements differ only in volatile fields (a new id, a timestamp) counts as
  identical for ``identical_call``.
- An identical call that stops bringing new content (a frozen poll): the 3rd call to return the same result
  (the first call that returned it counts as the 1st) is the onset; sleeps or waits between polls do not reset
  the count.
- Healthy side: two or three identical attempts at a failing call followed by a change of approach or a
  hand-off are healthy; identical calls that each answer a new user message are healthy; identical polls with
  identical intermediate statuses that end in completion are healthy; identical calls whose results differ (a
  cursor, a stream read, a re-check after an action, a file being edited) are healthy.

Applied in this set without changing them: when the looping call already ran once in an earlier user turn,
that run does not count, and a re-check the user asks for is the turn's 1st call (so a detector counting
across turns fires one step early); a varied-argument search whose every attempt fails the same way is
``same_tool`` + ``error_streak`` with the 4th attempt and the 4th failure on one step; in an A/B alternation
whose A side fails each time, the third visit to A comes before the 4th failure, so it sets the onset; a plan
id regenerated on each pass of a cycle is a volatile field; every set call of a toggle counts, the first
change away from the original value included; a second delegation with a widened brief is still the 2nd
delegation, so the 3rd sets the onset; in a monologue the first of the consecutive messages is the 1st
statement; a final answer split over consecutive messages with different content is not a restatement.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from blind15gen.registry import build_all

HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the blind15 held-out set.")
    parser.add_argument("--out", type=Path, default=HERE / "heldout-blind15")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for old in sorted(out.glob("*.json")):
        old.unlink()
    for scenario in build_all():
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
