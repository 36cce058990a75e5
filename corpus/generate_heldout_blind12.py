"""Write ``corpus/heldout-blind12/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstrings (only)
of ``corpus/generate_heldout_blind4.py`` to ``generate_heldout_blind11.py`` (for the layout, the determinism
rules and the onset conventions, which this set reuses, and for the agent domains already covered, which it
avoids), the ``[tool.ruff]`` section of ``pyproject.toml``, and the opening 150 lines of two real transcripts
under ``/work/shared/corpus/real-agents/`` (a Cursor session with a sed fan-out and test re-runs, and a tau2
e-commerce session with an identical order lookup; for tool names and result shapes only). No detector,
collector, SDK, scorer, evaluation, documentation, benchmark or script, no other test, corpus set or generator
body was read, and loopwatch was never run on this set. Labels come from the author's judgement by SCHEMA.md's
rules. The builders in ``corpus/blind12gen/`` were written fresh for this set.

The agents come from domains the earlier sets' docstrings do not list: clinical-trial data management (EDC
searches and queries, database lock, audit trails, warehouse SQL on locked extracts, R table programs, site
metric pulls), game-server live operations (player and sanction look-ups, queue flags, match logs,
matchmaking rule tuning, announcements, bulk bans), telecom network provisioning (OLT port inventory, VLANs on
access ports, NETCONF, number porting, IoT SIM activation, subscriber bundles), warehouse robotics (AMR fleet
dispatch, zone lockouts, mission polling, WMS waves and exports, shift dispatch), 3D CAD design (fillets,
STEP export and healing, FEA solves, rib sizing), construction project management (BIM clash detection,
submittals, daily logs), veterinary practice (billing, reminders, lab portal, front-desk chat), community
pharmacy (insurance claims, prior authorization), aviation maintenance (airworthiness directives, parts
sourcing, fleet compliance), port terminal operations (berth schedules, ETA messages, yard inventory,
turnaround planning), event ticketing (transfers, resale refunds, seat changes), library and archive
cataloguing (OPAC, MARC, OAI-PMH, OCR of ledgers), weather and climate data (station streams, ERA5, CDS
retrievals), satellite ground-station operations (pass scheduling, TLEs, pass tracking, telemetry), public
transit scheduling (GTFS, block optimisation), craft brewery production (fermenters, Modbus chillers, water
chemistry), automotive dealership service (recall look-ups, OBD diagnostics), survey research (question bank,
weighted NPS, open-ended coding), telescope scheduling and endurance fitness coaching. Call ids follow OpenAI,
Anthropic, Gemini (ADK), Bedrock, Mistral or plain conventions. Some sessions are in Turkish, Polish, Dutch,
Vietnamese, Chinese, Spanish, Italian, Hindi, Czech, Ukrainian or Swahili. Results come as JSON envelopes,
XML (MARC-like records, OAI-PMH, SOAP faults, EDIFACT-style APERAK acks, NETCONF chunks), CSV, markdown
tables, plain text and log lines; failures are reported with ``is_error`` true or only in the content (JSON
``{"ok": false}`` and ``{"estado": "error"}`` bodies, HTML 401 pages, 429 bodies, rejections in the result).

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind12-loop-NNN-...`` and ``blind12-healthy-NNN-...``. The
builders live in ``corpus/blind12gen/``: ``loops_search`` (identical and paraphrased look-ups, a stream read
past its end), ``loops_errors`` (failure streaks under changing inputs, schema misuse, identical failing
calls), ``loops_cycles`` (A/B and period-3/4 cycles, toggles with and without reads), ``loops_agents``
(re-delegation, hand-backs, restated intent, a monologue, degenerate text in a reply and in a tool argument),
``loops_writes`` (writes repeated with only volatile fields differing, a save/validate cycle, mixtures with
narration, a loop in a second user turn); ``healthy_polling``, ``healthy_paging`` (tokens, offsets,
server-side cursors, chunked reads, scrolling), ``healthy_retries`` (transient errors, two or three failures
then another approach or a hand-off), ``healthy_fanout`` (new targets, bulk writes, per-target failures,
sub-agent fan-out), ``healthy_iterate`` (edit and re-check) and ``healthy_long`` (long sessions with formulaic
narration, one call per user message, check-act-recheck). ``blind12gen.builder`` holds ``Trace``.

Run
---
    python corpus/generate_heldout_blind12.py [--out corpus/heldout-blind12]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string); there is no
wall clock (timestamps come from ``blind12gen.builder.Clock``, started at fixed instants) and no ``hash()``;
files are written in a stable order (sorted by id) as ``json.dumps(indent=2, ensure_ascii=False)`` plus a
newline, after removing the ``*.json`` files already in the output folder. ``blind12gen.builder.Trace``
counts steps as it emits events and returns the step number of every message, so every onset is computed
from the builder's own events, and ``Trace.loop`` refuses an onset outside the trace or one the notes do not
name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused from blind11 (which reused blind10's and the earlier sets'):

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
  hand-off are healthy; identical calls that each answer a new user message are healthy; identical polls
  with identical intermediate statuses that end in completion are healthy; identical calls whose results
  differ (a cursor, a spool read, a re-check after an action) are healthy.

Applied in this set without changing them: a sub-agent's hand-back counts as a report for the re-delegation
rule; an identical reading that is itself the completion criterion (three stable gravity readings) is
progress; a fan-out whose items fail with the same text but each naming its own target is not an error
streak; a plan id regenerated on each pass of a cycle is a volatile field.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from blind12gen import HEALTHY_FAMILIES, LOOP_FAMILIES

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "heldout-blind12"


def build_all() -> list[dict]:
    """Every scenario of the set, numbered per side in family order."""
    scenarios = []
    for side, families in (("loop", LOOP_FAMILIES), ("healthy", HEALTHY_FAMILIES)):
        number = 0
        for family in families:
            for slug, builder in family.SCENARIOS:
                number += 1
                scenario = builder(f"blind12-{side}-{number:03d}-{slug}")
                if scenario["label"]["loop"] != (side == "loop"):
                    raise ValueError(f"{scenario['id']}: label does not match its side")
                scenarios.append(scenario)
    ids = [s["id"] for s in scenarios]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate scenario ids")
    return sorted(scenarios, key=lambda s: s["id"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    for old in sorted(out.glob("*.json")):
        old.unlink()
    scenarios = build_all()
    for scenario in scenarios:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    loops = sum(s["label"]["loop"] for s in scenarios)
    print(f"wrote {len(scenarios)} scenarios ({loops} loops, {len(scenarios) - loops} healthy) to {out}")


if __name__ == "__main__":
    main()
