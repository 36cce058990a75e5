"""Write ``corpus/heldout-blind16/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstrings (only)
of ``corpus/generate_heldout_blind4.py`` to ``generate_heldout_blind15.py`` (for the layout, the determinism
rules and the onset conventions, which this set reuses, and for the agent domains already covered, which it
avoids), and the ``[tool.ruff]`` section of ``pyproject.toml``. No real transcript was read; tool names and
result shapes are the author's own. No detector, collector, SDK, scorer, evaluation, documentation, benchmark
or script, no other test, corpus set or generator body was read, and loopwatch was never run on this set.
Labels come from the author's judgement by SCHEMA.md's rules. The builders in ``corpus/blind16gen/`` were
written fresh for this set and import nothing from the earlier ``blind*gen`` packages.

The agents come from domains the earlier sets' docstrings do not list: pharmacovigilance case intake
(duplicate checks, case lists, narratives), self-storage facilities (unit search, lien notices, gate codes),
wind-farm operations (SCADA alarms, blade inspections, restarts, power curves, work orders), cruise shore
excursions (availability, supplier scouting, operator bookings), data-centre capacity management (DCIM
forecasts, PDU budgets, a budget script), regulatory eCTD publishing (validation, cover letters), auto-parts
fitment catalogues (ACES look-ups and validation), blood-bank inventory and donor campaigns, household moving
companies (truck reservations, quotes), trademark clearance and oppositions, research-data repository curation
(DataCite searches and metadata), orchestra libraries (parts, bowings), humanitarian aid warehouses
(customs exemptions, stock, distribution lists), winery cellar operations (barrels, lab panels, topping),
cannabis seed-to-sale compliance (packages, transfer manifests, certificates of analysis), golf-course tee
sheets and frost delays, radiology PACS routing (DICOM C-FIND, routing rules), election administration
(ballot proofs, poll-worker rosters), salmon aquaculture (feeding modes, oxygen), coworking spaces (room
visibility, booking sheets), debt-collection compliance (contact windows, call-backs), home inspection
reports, home-health EVV visits, legal billing (LEDES, UTBMS codes), animal shelters (adoptions, microchips),
pool-service routes, paint-store colour matching, TLS certificates and DNS (ACME, registrar), workplace safety
logs (OSHA 300/300A), youth sports league scheduling (referees, fields) and emergency dispatch (CAD
recommendations, incident logs). Call ids follow OpenAI (chat and Responses), Anthropic, Gemini, Bedrock,
Mistral or plain conventions; tool names are snake_case, dotted or Claude-Code-style (``Task``, ``Bash``,
``Read``, ``Edit``). 56 of the 80 sessions are in Polish, German, Japanese, Korean, Czech, Ukrainian,
Finnish, Italian, Arabic, French, Swedish, Hebrew, Greek, Norwegian, Spanish, Hungarian, Hindi, Dutch,
Turkish, Lithuanian, Russian, Chinese, Estonian, Serbian (Cyrillic), Thai, Croatian, Bulgarian or Portuguese.
Results come as JSON (compact or indented), CSV, plain text, DICOM query lines and HTTP error text; failures
are reported with ``is_error`` true or only in the content (``{"ok": false}``, ``{"valid": false}`` and
``errors`` bodies). Some steps carry parallel calls answered out of order, some sessions have several user
turns, one has harness nudges as system messages, and lengths run from 2 to 15 steps.

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind16-loop-NNN-...`` and ``blind16-healthy-NNN-...``. The
builders live in ``corpus/blind16gen/``: ``loops_lookup`` (identical re-calls after empty results, one in a
second user turn; frozen polls; trivially varied arguments; paraphrased searches), ``loops_cycles`` (A/B
alternations, a period-3 and a period-4 cycle, toggles), ``loops_errors`` (failure streaks under rewritten
inputs, schema misuse, identical failing calls), ``loops_agents`` (re-delegation, once under a second
sub-agent name; restated plans with calls; an action announced but never taken; a monologue; degenerate text
in a reply and in a tool argument; writes re-issued after success); ``healthy_polling``, ``healthy_retries``,
``healthy_fanout`` and ``healthy_work``. ``blind16gen.builder`` holds ``Trace`` and the registering
decorators; ``blind16gen.registry`` numbers the scenarios. Only the ``*.json`` scenarios are written into the
set folder.

Loop patterns (40): identical re-calls after empty or unhelpful results 4 (one in a later user turn, one
starting in a parallel batch); polling a frozen job 2; trivially varied arguments 3 (one also an error
streak); paraphrased searches with overlapping results 4; A/B alternation 3 (one with a failing side);
period-3 and period-4 cycles 2; toggles 2 (one with read-backs); failure streaks under rewritten inputs 4
(two reported only in the body); schema misuse 3; identical failing calls 2; re-delegation 3; restated plan
with calls that bring nothing new 2; announced action never taken 1; monologue 1; degenerate text 2 (a reply,
a tool argument); writes re-issued after success 2.

Healthy traps (40): polling that finishes 5 (one with byte-identical intermediate statuses, one with a
reminder sent between polls); check-act-recheck 1; retries that succeed 3 (503, 429, a corrected argument);
failures then a hand-off to a person 3; fan-out 4 (sequential, one parallel batch answered out of order,
sub-agents with different tasks, per-target failures in a parallel batch); parameter sweeps 3; pagination 4
(cursor, offset, page numbers, next tokens); edit and re-run 3; new results under formulaic narration 3; long
legitimate runs 3; re-reading a file or log that changes 2; a final answer split over several messages 2; the
same tool for each new user message 3 (one identical re-check on request); a long valid table 1.

Run
---
    python corpus/generate_heldout_blind16.py [--out corpus/heldout-blind16]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string), used only for
call ids; there is no wall clock (timestamps are literals) and no ``hash()``; files are written in a stable
order (sorted by id) as ``json.dumps(indent=2, ensure_ascii=False)`` plus a newline, after removing the
``*.json`` files already in the output folder. ``blind16gen.builder.Trace`` counts steps as it emits events
and returns the step number of every message, so every onset is computed from the builder's own events, and
``Trace.loop`` refuses an onset outside the trace or one the notes do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused from blind15 (which reused blind14's and the earlier sets'):

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

Applied in this set without changing them: in an A/B alternation whose B side fails each time, the third
visit to A comes before the 3rd failure, so it sets the onset; a proof id regenerated on each pass of a cycle
is a volatile field; a varied-argument call whose every attempt fails the same way is ``same_tool`` +
``error_streak`` with the 4th attempt and the 4th failure on one step; a restated plan whose calls vary their
options but return the same recommendation is ``narration`` + ``same_tool`` on the 4th message; a split
final answer whose parts differ is not a restatement, and a long table whose rows differ is not degenerate.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from blind16gen.registry import build_all

HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "heldout-blind16")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for old in sorted(out.glob("*.json")):
        old.unlink()
    scenarios = build_all()
    ids = [s["id"] for s in scenarios]
    if len(set(ids)) != len(ids):
        raise SystemExit("duplicate scenario ids")
    for scenario in scenarios:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    loops = sum(s["label"]["loop"] for s in scenarios)
    print(f"wrote {len(scenarios)} scenarios ({loops} loops) to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
