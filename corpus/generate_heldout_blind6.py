"""Write ``corpus/heldout-blind6/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind5.py``, the module docstring of
``corpus/generate_heldout_blind5.py`` (for the layout and the onset conventions, which this set reuses),
and three real transcripts under ``/work/shared/corpus/real-agents/`` (a Cline fan-out session, an
OpenHands SDK session and a tau2 fuel-station session; for tool names and result shapes only). No
detector, collector, scorer, evaluation, documentation or other corpus set or generator was read, and
loopwatch was never run on this set. Labels come from the author's judgement by SCHEMA.md's rules.

The agents differ from earlier sets on purpose: an IT helpdesk with ticketing and directory tools, travel
(flight/hotel/rail), legal and compliance research (eCFR, GDPR, Légifrance), scientific literature
(PubMed, arXiv, Semantic Scholar), DevOps (kubectl, helm, gcloud, aws), data engineering (dbt, Airflow,
SQL), home automation and IoT fleets, an e-commerce back office, recruiting (ATS, calendar, e-mail),
finance and accounting (ledger, invoices, bank feeds, approvals), Cursor/Aider/Cline/OpenHands/Codex/
Claude-Code-style coding agents, multi-agent planners, and a phone agent with short turns. Some sessions
are in French, Spanish or Japanese. Failures are reported with ``is_error`` true, or only in the content
(HTML error pages, ``{"success": false}`` bodies, "Error: ..." strings, 429 bodies, dbt warnings).

Run
---
    python corpus/generate_heldout_blind6.py [--out corpus/heldout-blind6]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string);
there is no wall clock and no ``hash()``; files are written in a stable order (sorted by id) as
``json.dumps(indent=2, ensure_ascii=False)`` plus a newline. The builders live in ``corpus/blind6gen/``
(one module per family group); ``blind6gen.builder.Trace`` counts steps as it emits events and returns the
step number of every message, so every onset is computed from the builder's own events, and ``Trace.loop``
refuses an onset outside the trace or one the notes do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused from blind5 (which reused blind4's):

- Byte-identical call with an identical, fruitless result (``identical_call``): the step issuing the
  3rd identical call. Canonically identical calls (keys reordered) count as identical; a parallel batch
  repeated exactly counts as one repeated call per turn.
- Failure streaks and schema-misuse retries (``error_streak``): the step whose call yields the 4th
  failure of the same kind (two or three failed attempts before changing approach is healthy).
- Varied arguments with no new results (``same_tool``: paraphrased searches, case, whitespace,
  equivalent filters, off-by-one limits, citation spellings) and restated intent (``narration``): the
  step of the 4th attempt (the original plus three retries, rephrasings or restatements).
- Re-delegation of one task to a sub-agent (``same_tool``): the 3rd delegation, i.e. the first
  re-delegation after two reports that already agree (however the figures are phrased).
- Cycles (``alternation``): the step that visits the first state of the cycle for the third time.
- A flag toggled back and forth: ``same_tool`` + ``alternation``, onset at the 4th toggle.
- ``degenerate_text``: the step whose reply (or tool argument) collapses into repetition.
- Several kinds in one scenario: the earliest step at which any of its conventions is met.
- A command re-run after edits: identical runs are counted from the last edit.
- Loops inside a later user turn: counts start at that turn's user message.

Added for this set:

- Cycles of period 5 follow the same rule: A B C D E A B C D E [A].
- Helm-style volatile fields (a revision counter, an ``updated_at``) do not make a repeated call or
  cycle state new.
- Degenerate text may sit in the narration of a message that also carries a sensible tool call; the
  onset is that message's step.
- Restated intent with no tool call at all (an action announced but never taken, answered only by
  harness or telephony system messages): the 4th announcement. System messages do not start a turn.
- Two different rejection messages for edits of the same file (a SEARCH block that never matches, a
  write refused for placeholder content) count as one kind of failure for ``error_streak``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from blind6gen import (
    healthy_code,
    healthy_long,
    healthy_paging,
    healthy_research,
    healthy_retries,
    healthy_waiting,
    loops_agents,
    loops_cycles,
    loops_errors,
    loops_repeat,
    loops_text,
    loops_varied,
)
from blind6gen.builder import JSON

MODULES = [
    loops_repeat,
    loops_varied,
    loops_errors,
    loops_cycles,
    loops_agents,
    loops_text,
    healthy_waiting,
    healthy_paging,
    healthy_code,
    healthy_retries,
    healthy_research,
    healthy_long,
]


def build_all() -> list[JSON]:
    """Every scenario of the set, sorted by id; ids are unique."""
    builders: list[Callable[[], JSON]] = [b for module in MODULES for b in module.BUILDERS]
    scenarios = sorted((build() for build in builders), key=lambda s: str(s["id"]))
    ids = [s["id"] for s in scenarios]
    if len(set(ids)) != len(ids):
        raise SystemExit("duplicate scenario ids")
    return scenarios


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "heldout-blind6")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    scenarios = build_all()
    for scenario in scenarios:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    loops = sum(1 for s in scenarios if s["label"]["loop"])
    print(f"wrote {len(scenarios)} scenarios ({loops} loops, {len(scenarios) - loops} healthy) to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
