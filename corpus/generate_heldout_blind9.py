"""Write ``corpus/heldout-blind9/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstring of
``corpus/generate_heldout_blind8.py`` (for the layout and the onset conventions, which this set reuses), the
ruff section of ``pyproject.toml``, and the opening events of three real transcripts under
``/work/shared/corpus/real-agents/`` (a Claude Code session with a stop hook, a tau2 fuel-station session and
an OpenHands SDK session; for tool names and result shapes only). No detector, collector, scorer, evaluation,
documentation or other corpus set or generator was read, and loopwatch was never run on this set. Labels come
from the author's judgement by SCHEMA.md's rules.

The agents differ from earlier sets on purpose: laboratory automation (a LIMS copilot, SiLA 2 plate readers,
an Opentrons Flex over its HTTP API, a Hamilton VENUS deck, an electronic lab notebook, HPLC release, a
sequencing core, a reaction database), manufacturing and quality (MES work orders and lot genealogy, SPC
charts, robot-cell calibration), energy and buildings (BACnet setpoints and trend logs, a PI-style historian,
breaker commands on a SCADA-like gateway), agriculture (soil sensors and irrigation valves), drones and
robots (MAVSDK missions, a ROS 2 / MoveIt arm), banking back office (KYC document checks, AML alert triage,
MT940 nostro reconciliation against a SOAP ledger), property management, paid media and ad copy, nonprofit
grant writing, spreadsheet and slide agents (Google Sheets and Slides APIs), e-mail triage (Microsoft Graph,
a computer-use agent in Outlook on the web), education administration (a Moodle gradebook, a Banner-style
SIS), public-sector case management, notebook data science (a Jupyter MCP server), ML training operations
(GPU job queues, experiment trackers, sweeps), an authorised pentest (nmap), OS-level package management,
app release management (Claude Code sub-agents, App Store review), planner-executor-critic teams and
multi-agent debate, a chess puzzle solver, a browser shopping agent and media production (ffmpeg transcodes,
subtitle timing, a digital asset library). Some sessions are in Italian, Dutch, Polish, Arabic, Chinese or
Turkish. Failures are reported with ``is_error`` true, or only in the content: JSON error envelopes in
several conventions (``{"ok": false}``, ``{"error": {"code": 400, "status": "INVALID_ARGUMENT"}}``, a Moodle
``exception`` object, ``"esito"`` fields), HTTP 409, 422 and 429 bodies, a SOAP fault, Python and CUDA
tracebacks, ffmpeg and apt exit statuses, MAVLink and SiLA error codes, localized error text.

Run
---
    python corpus/generate_heldout_blind9.py [--out corpus/heldout-blind9]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string); there is
no wall clock (the session times in ``meta`` come from ``blind9gen.builder.Clock``, started at fixed instants)
and no ``hash()``; files are written in a stable order (sorted by id) as ``json.dumps(indent=2,
ensure_ascii=False)`` plus a newline, after removing the ``*.json`` files already in the output folder. The
builders live in ``corpus/blind9gen/`` (``loops_*`` and ``healthy_*`` modules by family);
``blind9gen.builder.Trace`` counts steps as it emits events and returns the step number of every message, so
every onset is computed from the builder's own events (the step of the n-th recorded attempt, or the earliest
of several such steps), and ``Trace.loop`` refuses an onset outside the trace or one the notes do not name as
"step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused from blind8 (which reused blind7's and the earlier sets'):

- Byte-identical call with an identical, fruitless result (``identical_call``): the step issuing the
  3rd identical call. Canonically identical calls (keys reordered) count as identical.
- Failure streaks and schema-misuse retries (``error_streak``): the step whose call yields the 4th
  failure of the same kind (two or three failed attempts before changing approach is healthy).
- Varied arguments with no new results (``same_tool``: paraphrased searches, equivalent filters or time
  windows) and restated intent (``narration``): the step of the 4th attempt (the original plus three
  retries, rephrasings or restatements).
- Re-delegation of one task to a sub-agent (``same_tool``): the 3rd delegation, i.e. the first
  re-delegation after two reports that already agree (however the figures are phrased).
- Cycles (``alternation``): the step that visits the first state of the cycle for the third time; cycles
  of period 3 and 4 follow the same rule.
- A flag toggled back and forth: ``same_tool`` + ``alternation``, onset at the 4th toggle.
- ``degenerate_text``: the step whose reply (or tool argument) collapses into repetition.
- Several kinds in one scenario: the earliest step at which any of its conventions is met.
- A command re-run after edits: identical runs are counted from the last edit.
- Loops inside a later user turn: counts start at that turn's user message.
- Restated intent with no tool call at all (an action announced but never taken, answered only by harness
  system messages): the 4th announcement. System messages do not start a turn.
- A failure reported only in the content counts as a failure for ``error_streak`` exactly like
  ``is_error`` true.
- Consecutive assistant messages with nothing in between (a monologue) are restatements for the
  ``narration`` rule.
- Identical calls that fail identically are ``error_streak`` + ``identical_call`` with the onset at the
  4th failure.
- A repeated write whose acknowledgements differ only in volatile fields (a new entry id, a timestamp, a
  request or invoke id) counts as identical for ``identical_call``.
- A scroll (or any identical call) that stops bringing new content: the 3rd call to return the same
  result (the first call that reached the end counts as the 1st) is the onset.
- Healthy side: two or three identical attempts at a failing call followed by a change of approach or a
  hand-off are healthy; identical calls that each answer a new user message are healthy, because counts
  start at each user message; identical polls with identical intermediate statuses that end in completion
  are healthy; identical calls whose results differ (a server-side cursor, a trend log read) are healthy.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from blind9gen import (
    healthy_finance,
    healthy_industry,
    healthy_lab,
    healthy_ml,
    healthy_multi,
    healthy_office,
    loops_finance,
    loops_industry,
    loops_lab,
    loops_ml,
    loops_multi,
    loops_office,
)

FAMILIES = (
    loops_lab,
    loops_industry,
    loops_finance,
    loops_office,
    loops_ml,
    loops_multi,
    healthy_lab,
    healthy_industry,
    healthy_finance,
    healthy_office,
    healthy_ml,
    healthy_multi,
)
DEFAULT_OUT = Path(__file__).resolve().parent / "heldout-blind9"


def build_all() -> list[dict[str, Any]]:
    """Every scenario of the set, sorted by id; checks the counts and that ids are unique."""
    builders: list[Callable[[], dict[str, Any]]] = [b for family in FAMILIES for b in family.SCENARIOS]
    scenarios = sorted((build() for build in builders), key=lambda s: s["id"])
    ids = [s["id"] for s in scenarios]
    assert len(ids) == len(set(ids)), "duplicate ids"
    loops = sum(s["label"]["loop"] for s in scenarios)
    assert (loops, len(scenarios) - loops) == (40, 40), (loops, len(scenarios) - loops)
    return scenarios


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for stale in sorted(out.glob("*.json")):
        stale.unlink()
    scenarios = build_all()
    for scenario in scenarios:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    print(f"wrote {len(scenarios)} scenarios to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
