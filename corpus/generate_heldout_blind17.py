"""Write ``corpus/heldout-blind17/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstrings (only)
of ``corpus/generate_heldout_blind4.py`` to ``generate_heldout_blind16.py`` (for the layout, the determinism
rules and the onset conventions, which this set reuses, and for the agent domains already covered, which it
avoids), the ``[tool.ruff]`` section of ``pyproject.toml``, and the first 60 lines of two real transcripts
under ``/work/shared/corpus/real-agents/`` (a tau2 hotel session with identical info look-ups answering new
questions, and an OpenHands SDK session with a syntax-error loop; for the JSON shape only). Beyond that it saw
only directory listings (file names) and, by accident, the first five lines of ``corpus/README.md`` (its
title paragraph). No detector, collector, SDK, scorer, evaluation, documentation, benchmark or script, no
other test, corpus set or generator body was read, and loopwatch was never run on this set. Labels come from
the author's judgement by SCHEMA.md's rules. The builders in ``corpus/blind17gen/`` were written fresh for
this set and import nothing from the earlier ``blind*gen`` packages.

The agents come from domains the earlier sets' docstrings do not list: bakery production (allergen sheets,
proofing cabinets, ovens, ingredient labels), dairy herd management (milking robots, heat alerts, daily herd
reports), parcel locker networks (locker telemetry, pickup codes, service tickets), court reporting (exhibit
indexes, audio transcription, certified transcripts), commercial offset prepress (preflight, imposition,
platesetters), hydropower reservoir operations (spillway and bottom-outlet gates), optometry practice (toric
lens stock, lab orders, recalls), road toll back offices (plate look-ups, passage exports, disputes), scuba
dive centres (tank fills, site conditions, briefings), crossword construction (clue databases, word lists,
grid filling), organ transplant allocation (virtual crossmatch, allocation portal, on-call coordinators),
space weather forecasting (Kp forecasts, solar wind), sewer CCTV inspection (defect codes, segment reports),
escape-room venues (room resets, prop firmware, bookings), quarry blasting (blast designs, vibration checks,
PPV predictions), bicycle repair shops (work orders, supplier catalogues), mushroom farms (grow-room climate,
flushes), winter road maintenance (road weather stations, salt spreaders), dry-cleaning plants (conveyor
modes, pickup orders), equestrian stables (paddock gates, farrier records), avalanche forecasting (bulletins,
field observations), geothermal heat-pump design (borefield simulations), bathing-water quality monitoring,
radiation protection dosimetry (TLD readers, dose imports), driving schools (exam bookings, reminders), court
interpreter scheduling, tattoo studios (consent forms, artist availability), locksmith master-key systems,
maritime search and rescue (drift models), bridge structural health monitoring, hospital sterile processing
(instrument trays) and fire-protection inspection (alarm panels, NFPA 25 quarterly reports). Call ids follow
OpenAI (chat and Responses), Anthropic, Gemini (ADK), Bedrock, Mistral or plain conventions; tool names are
snake_case, dotted (``herd.heat_alerts``, ``preflight.status``, ``clue_db.search``) or Claude-Code-style
(``Task``, ``Bash``, ``Read``, ``Edit``). 55 of the 80 sessions are in German, Dutch, Polish, Italian,
Portuguese, Indonesian, French, Japanese, Swedish, Catalan, Korean, Finnish, Hungarian, Greek, Ukrainian,
Romanian, Arabic, Hebrew, Croatian, Lithuanian, Persian, Spanish, Hindi, Thai, Chinese, Swahili, Russian,
Bulgarian, Tamil, Icelandic, Urdu, Czech, Latvian, Slovak, Norwegian, Turkish, Malay, Tagalog, Slovenian,
Vietnamese or Bengali. Results come as JSON (compact, indented or spaced), CSV, plain text, log lines, XML
(an exhibit search, paged avalanche observations) and HTTP or validation error text; failures are reported
with ``is_error`` true or only in the content (``{"ok": false}``, ``{"status": "rejected"}`` and ``errors``
bodies). Some steps carry parallel calls answered out of order, some sessions have several user turns, two
have harness messages as system messages, and lengths run from 2 to 12 steps.

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind17-loop-NNN-...`` and ``blind17-healthy-NNN-...``. The
builders live in ``corpus/blind17gen/``: ``loops_lookup`` (identical re-calls after empty or unhelpful
results, one in a second user turn and one starting in a parallel batch; frozen polls; trivially varied
arguments; paraphrased searches), ``loops_cycles`` (A/B alternations, a period-3 and a period-4 cycle,
toggles), ``loops_errors`` (failure streaks under rewritten inputs, schema misuse, identical failing calls),
``loops_agents`` (re-delegation, once under a second sub-agent name; restated plans with calls; an action
announced but never taken; a monologue; degenerate text in a reply and in a tool argument; writes re-issued
after success); ``healthy_polling``, ``healthy_retries``, ``healthy_fanout`` and ``healthy_work``.
``blind17gen.builder`` holds ``Trace`` and the registering decorators; ``blind17gen.registry`` numbers the
scenarios (loops and healthy runs separately, in module then definition order). Only the ``*.json``
scenarios are written into the set folder. Each scenario's ``meta`` names its domain, language and call-id
convention.

Loop patterns (40): identical re-calls after empty or unhelpful results 4 (one in a later user turn, one
starting in a parallel batch); polling a frozen job 2; trivially varied arguments 3 (one also an error
streak); paraphrased searches with overlapping results 4; A/B alternation 3 (one with a failing side);
period-3 and period-4 cycles 2; toggles 2 (one with read-backs); failure streaks under rewritten inputs 4
(two reported only in the body); schema misuse 3 (one reported only in the body); identical failing calls 2;
re-delegation 3; restated plan with calls that bring nothing new 2; announced action never taken 1;
monologue 1; degenerate text 2 (a reply, a tool argument); writes re-issued after success 2.

Healthy traps (40): polling that finishes 5 (one with byte-identical intermediate statuses, one with a
reminder sent between polls); check-act-recheck 1; retries that succeed 3 (503, 429, a corrected argument);
failures then a hand-off to a person 3; fan-out 4 (sequential, one parallel batch answered out of order,
sub-agents with different tasks, per-target failures in a parallel batch); parameter sweeps 3; pagination 4
(cursor, offset, page numbers, next tokens); edit and re-run 3; new results under formulaic narration 3; long
legitimate runs 3; re-reading a file or log that changes 2; a final answer split over several messages 2; the
same tool for each new user message 3 (one identical re-check on request); a long valid table 1.

Run
---
    python corpus/generate_heldout_blind17.py [--out corpus/heldout-blind17]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string), used only for
call ids; there is no wall clock (timestamps are literals) and no ``hash()``; files are written in a stable
order (sorted by id) as ``json.dumps(indent=2, ensure_ascii=False)`` plus a newline, after removing the
``*.json`` files already in the output folder. ``blind17gen.builder.Trace`` counts steps as it emits events
and returns the step number of every message, so every onset is computed from the builder's own events, and
``Trace.loop`` refuses an onset outside the trace or one the notes do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused unchanged from blind16 (which reused blind15's and the earlier sets'):

- Byte-identical call with an identical, fruitless result (``identical_call``): the step issuing the 3rd
  identical call. Canonically identical calls (keys reordered) count as identical.
- Failure streaks and schema-misuse retries (``error_streak``): the step whose call yields the 4th failure of
  the same kind (two or three failed attempts before changing approach is healthy). Calls of other tools
  between attempts do not reset the count.
- Varied arguments with no new results (``same_tool``) and restated intent (``narration``): the step of the
  4th attempt (the original plus three retries, rephrasings or restatements).
- Re-delegation of one task to a sub-agent (``same_tool``): the 3rd delegation; a sub-agent reached under a
  second name for the same task is still a re-delegation.
- Cycles (``alternation``): the step that visits the first state of the cycle for the third time; cycles of
  period 3 and 4 follow the same rule.
- A flag toggled back and forth: ``same_tool`` + ``alternation``, onset at the 4th toggle (every set call
  counts, the first change away from the original value included).
- ``degenerate_text``: the step whose reply (or tool argument) collapses into repetition.
- Several kinds in one scenario: the earliest step at which any of its conventions is met.
- Loops inside a later user turn: counts start at that turn's user message.
- Restated intent with no tool call at all, answered only by harness system messages: the 4th announcement.
  System messages do not start a turn.
- A failure reported only in the content counts as a failure exactly like ``is_error`` true.
- Consecutive assistant messages with nothing in between (a monologue) are restatements for ``narration``;
  the first of them is the 1st statement.
- Identical calls that fail identically are ``error_streak`` + ``identical_call`` with the onset at the 4th
  failure.
- A repeated write whose acknowledgements differ only in volatile fields (a new id, a batch number) counts as
  identical for ``identical_call``.
- An identical call that stops bringing new content (a frozen poll): the 3rd call to return the same result
  (the first call that returned it counts as the 1st) is the onset; sleeps between polls do not reset the
  count.
- Healthy side: two or three identical attempts at a failing call followed by a change of approach or a
  hand-off are healthy; identical calls that each answer a new user message are healthy; identical polls with
  identical intermediate statuses that end in completion are healthy; identical calls whose results differ (a
  cursor, a growing log, a re-check after an action, a re-run after an edit) are healthy; failures of a
  fan-out whose messages name each item's own target are not an error streak.

Applied in this set without changing them: an identical call first made inside a parallel batch counts as
the 1st from that batch's step; in an A/B alternation whose B side fails each time, the third visit to A
comes before the 4th failure, so it sets the onset; read-backs between toggles are not toggles; a
varied-argument call whose every attempt fails the same way is ``same_tool`` + ``error_streak`` with the 4th
attempt and the 4th failure on one step; a restated plan whose calls vary their options but return the same
result is ``narration`` + ``same_tool`` on the 4th message; the first message of a monologue may follow a
tool result; a split final answer whose parts differ is not a restatement, and a long table whose rows
differ is not degenerate.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from blind17gen.registry import build_all  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "heldout-blind17", help="output folder")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for old in sorted(out.glob("*.json")):
        old.unlink()
    scenarios = build_all()
    for scenario in scenarios:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    loops = sum(s["label"]["loop"] for s in scenarios)
    print(f"wrote {len(scenarios)} scenarios ({loops} loops, {len(scenarios) - loops} healthy) to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
