"""Write ``corpus/heldout-blind7/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind6.py``, the module docstring of
``corpus/generate_heldout_blind6.py`` (for the layout and the onset conventions, which this set reuses),
and two real transcripts under ``/work/shared/corpus/real-agents/`` (a Claude Code stop-hook session and a
tau2 retail session; for tool names and result shapes only). No detector, collector, scorer, evaluation,
documentation or other corpus set or generator was read, and loopwatch was never run on this set. Labels
come from the author's judgement by SCHEMA.md's rules.

The agents are ones expected in production in 2026, and differ from earlier sets on purpose: an SRE/on-call
agent (PagerDuty, Grafana, Prometheus, Loki, kubectl, Argo-style rollouts), a SOC triage agent (EDR, SIEM
searches and scrolls, threat-intel lookups, KQL pivots), sales and RevOps agents on HubSpot- and
Salesforce-like CRMs, documentation agents (Confluence- and Notion-like wikis, link checks), BI agents
(Metabase/Looker-like tools, warehouse SQL, async statements), mobile QA on device farms and simulators,
month-end close (sheets, ERP, approvals, bank feeds), logistics dispatch (TMS, carrier tracking, geocoding,
route solving), healthcare scheduling and revenue cycle (HIS, claims, SMS reminders), a tutor with a Python
sandbox, browser agents on government portals, coding agents in the style of Devin, SWE-agent, Claude Code,
Codex, Cursor, Aider and OpenHands, CrewAI-style research crews, a support swarm with hand-offs, executive
assistants (mail, calendar) and RAG chatbots. Some sessions are in German, Portuguese or Korean. Failures are
reported with ``is_error`` true, or only in the content (``{"ok": false}`` and 422 bodies, HTML error and
validation pages, ``status: error`` objects, NOT_FOUND statuses, "Error:"-style tracebacks).

Run
---
    python corpus/generate_heldout_blind7.py [--out corpus/heldout-blind7]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string); there is
no wall clock (timestamps come from ``blind7gen.builder.Clock``, started at fixed instants) and no
``hash()``; files are written in a stable order (sorted by id) as ``json.dumps(indent=2,
ensure_ascii=False)`` plus a newline. The builders live in ``corpus/blind7gen/`` (``loops_*`` and
``healthy_*`` modules by family); ``blind7gen.builder.Trace`` counts steps as it emits events and returns
the step number of every message, so every onset is computed from the builder's own events (the step of the
n-th recorded attempt, or the earliest of several such steps), and ``Trace.loop`` refuses an onset outside
the trace or one the notes do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused from blind6 (which reused blind5's and blind4's):

- Byte-identical call with an identical, fruitless result (``identical_call``): the step issuing the
  3rd identical call. Canonically identical calls (keys reordered) count as identical; a parallel batch
  repeated exactly counts as one repeated call per turn.
- Failure streaks and schema-misuse retries (``error_streak``): the step whose call yields the 4th
  failure of the same kind (two or three failed attempts before changing approach is healthy).
- Varied arguments with no new results (``same_tool``: paraphrased searches, case, whitespace,
  equivalent filters, off-by-one limits) and restated intent (``narration``): the step of the 4th attempt
  (the original plus three retries, rephrasings or restatements).
- Re-delegation of one task to a sub-agent (``same_tool``): the 3rd delegation, i.e. the first
  re-delegation after two reports that already agree (however the figures are phrased).
- Cycles (``alternation``): the step that visits the first state of the cycle for the third time; cycles
  of period 5 follow the same rule.
- A flag toggled back and forth: ``same_tool`` + ``alternation``, onset at the 4th toggle.
- ``degenerate_text``: the step whose reply (or tool argument, or the narration beside a sensible tool
  call) collapses into repetition.
- Several kinds in one scenario: the earliest step at which any of its conventions is met.
- A command re-run after edits: identical runs are counted from the last edit.
- Loops inside a later user turn: counts start at that turn's user message.
- Restated intent with no tool call at all (an action announced but never taken, answered only by harness
  system messages): the 4th announcement. System messages do not start a turn.

Added for this set:

- A failure reported only in the content (an error object, a 422 body, an HTML validation page, a
  NOT_FOUND status) counts as a failure for ``error_streak`` exactly like ``is_error`` true.
- A failing reproduction run counts as the 1st failure of a streak when the later runs fail with the
  identical error (the SWE-agent scenario).
- A sub-agent's hand-back (a support swarm returning the case) counts as a report for the re-delegation
  rule.
- A toggle batched with a read in the same step counts as one toggle per step.
- When the cycle's first state (same call, same result) already occurred once just before the repetition
  started, that occurrence is the first visit.
- Consecutive assistant messages with nothing in between (a monologue) are restatements for the
  ``narration`` rule.
- Healthy side: two or three identical attempts at a failing call followed by a change of approach or a
  hand-off are healthy; identical calls that each answer a new user message (the user asks to check again,
  or asks a similar question) are healthy, because counts start at each user message; identical polls with
  identical intermediate statuses that end in completion are healthy.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from blind7gen import (
    healthy_batch,
    healthy_dev,
    healthy_polling,
    healthy_sessions,
    loops_agents,
    loops_cycles,
    loops_errors,
    loops_repeat,
    loops_search,
    loops_text,
)
from blind7gen.builder import Builder, Scenario

MODULES = (
    loops_repeat,
    loops_errors,
    loops_search,
    loops_cycles,
    loops_agents,
    loops_text,
    healthy_polling,
    healthy_batch,
    healthy_dev,
    healthy_sessions,
)
DEFAULT_OUT = Path(__file__).resolve().parent / "heldout-blind7"


def builders() -> list[Builder]:
    """Every scenario builder, module by module."""
    return [b for module in MODULES for b in module.BUILDERS]


def build_all() -> list[Scenario]:
    """Every scenario, sorted by id; ids are unique."""
    scenarios = sorted((b() for b in builders()), key=lambda s: str(s["id"]))
    ids = [s["id"] for s in scenarios]
    assert len(ids) == len(set(ids)), "duplicate scenario id"
    return scenarios


def write(out: Path) -> list[Path]:
    """Write one ``<id>.json`` per scenario into ``out`` (stale blind7 files there are removed)."""
    out.mkdir(parents=True, exist_ok=True)
    scenarios = build_all()
    keep = {f"{s['id']}.json" for s in scenarios}
    for old in sorted(out.glob("blind7-*.json")):
        if old.name not in keep:
            old.unlink()
    written = []
    for s in scenarios:
        path = out / f"{s['id']}.json"
        path.write_text(json.dumps(s, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the blind7 held-out set.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    args = parser.parse_args()
    written = write(args.out)
    loops = sum(json.loads(p.read_text(encoding="utf-8"))["label"]["loop"] for p in written)
    print(f"wrote {len(written)} scenarios ({loops} loops, {len(written) - loops} healthy) to {args.out}")


if __name__ == "__main__":
    main()
