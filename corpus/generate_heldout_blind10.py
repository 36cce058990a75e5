"""Write ``corpus/heldout-blind10/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstring of
``corpus/generate_heldout_blind9.py`` (for the layout, the determinism rules and the onset conventions, which
this set reuses), the ruff section of ``pyproject.toml``, and the opening events of three real transcripts
under ``/work/shared/corpus/real-agents/`` (an OpenHands SDK session, a tau2 hotel session and a Claude Code
session with a stop hook; for tool names and result shapes only). No detector, collector, SDK, scorer,
evaluation, documentation or other corpus set or generator was read, and loopwatch was never run on this set.
Labels come from the author's judgement by SCHEMA.md's rules.

The agents differ from earlier sets on purpose: a newsroom fact-check desk (a LangGraph agent, a CrewAI editor
and research crew, a LangGraph supervisor), translation memory and terminology management, SaaS customer
onboarding (SCIM provisioning, tenant SSO enforcement), accessibility auditing with axe-core, SEO and content
agents (a crawler, a headless CMS, Search Console), database administration (migrations, base backups, replica
lag, index tuning, a Patroni switchover), cloud cost optimisation (Cost Explorer, Savings Plans),
observability queries (LogQL, PromQL, TraceQL), incident postmortem writers with a critic, contract lifecycle
(e-signature envelopes), procurement and vendor onboarding (vendor search, RFQs, bank verification), fleet
telematics and EV charging networks (OCPP over gRPC), hotel and restaurant operations (PMS folios, night
audit, a channel manager, a POS, booking confirmations), sports analytics, genomics pipelines (nf-core on
Seqera Platform, Snakemake, bcftools, HaplotypeCaller, a smolagents QC manager), geospatial agents (a
geocoder, a routing engine, tile seeding and map styles), a print farm, music and podcast production (a REAPER
bridge, noise reduction, loudness), social media community management, support ticket merging, personal
budgeting, scheduling across time zones, travel expense reports, legal e-filing, Slurm on an HPC cluster, an
on-chain indexer, IoT firmware OTA rollouts and RPA on a legacy AS/400 ERP. Framework flavour (tool names,
message styles, call ids, limits) comes from LangGraph, CrewAI, AutoGen, Semantic Kernel, smolagents,
PydanticAI, Mastra, the Vercel AI SDK, Google ADK, the OpenAI Agents SDK, goose, OpenHands and Claude Code.
Some sessions are in Swedish, Greek, Vietnamese, Indonesian, Hebrew or Spanish. Failures are reported with
``is_error`` true, or only in the content: JSON error envelopes in several conventions (a SCIM error, JSON-RPC
``error`` objects, ``{"resultado": "RECHAZADO"}``, ``{"verified": false}``, Graph ``ErrorConflict``), HTTP
400, 404, 410 and 429 bodies, a SOAP fault, Postgres errors, .NET, Python (pydantic) and Lua stack traces,
Slurm and stylelint exit statuses, gRPC status strings, AWS error strings and localized error text.

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind10-loop-NNN-...`` and ``blind10-healthy-NNN-...``. The
builders live in ``corpus/blind10gen/``: ``loops_search`` (identical and paraphrased look-ups),
``loops_errors`` (failure streaks and schema misuse), ``loops_cycles`` (A/B and longer cycles, toggles),
``loops_agents`` (re-delegation, narration, degenerate text), ``loops_writes`` (repeated writes and mixtures);
``healthy_polling``, ``healthy_paging`` (cursors, streaming reads, scrolling), ``healthy_retries``,
``healthy_fanout`` (fan-outs, batch writes, sub-agent fan-outs), ``healthy_iterate`` (edit and re-check) and
``healthy_long`` (long sessions, narration with new results, one call per user turn, check-act-recheck).

Run
---
    python corpus/generate_heldout_blind10.py [--out corpus/heldout-blind10]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string); there is no
wall clock (the session times in ``meta`` come from ``blind10gen.builder.Clock``, started at fixed instants)
and no ``hash()``; files are written in a stable order (sorted by id) as ``json.dumps(indent=2,
ensure_ascii=False)`` plus a newline, after removing the ``*.json`` files already in the output folder.
``blind10gen.builder.Trace`` counts steps as it emits events and returns the step number of every message, so
every onset is computed from the builder's own events (the step of the n-th recorded attempt), and
``Trace.loop`` refuses an onset outside the trace or one the notes do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused from blind9 (which reused blind8's and the earlier sets'):

- Byte-identical call with an identical, fruitless result (``identical_call``): the step issuing the 3rd
  identical call. Canonically identical calls (keys reordered) count as identical.
- Failure streaks and schema-misuse retries (``error_streak``): the step whose call yields the 4th failure of
  the same kind (two or three failed attempts before changing approach is healthy).
- Varied arguments with no new results (``same_tool``: paraphrased searches, equivalent filters or time
  windows) and restated intent (``narration``): the step of the 4th attempt (the original plus three retries,
  rephrasings or restatements).
- Re-delegation of one task to a sub-agent (``same_tool``): the 3rd delegation, i.e. the first re-delegation
  after two reports that already agree (however the figures are phrased).
- Cycles (``alternation``): the step that visits the first state of the cycle for the third time; cycles of
  period 3 and 4 follow the same rule.
- A flag toggled back and forth: ``same_tool`` + ``alternation``, onset at the 4th toggle.
- ``degenerate_text``: the step whose reply (or tool argument) collapses into repetition.
- Several kinds in one scenario: the earliest step at which any of its conventions is met.
- A command re-run after edits: identical runs are counted from the last edit.
- Loops inside a later user turn: counts start at that turn's user message.
- Restated intent with no tool call at all (an action announced but never taken, answered only by harness
  system messages): the 4th announcement. System messages do not start a turn.
- A failure reported only in the content counts as a failure for ``error_streak`` exactly like ``is_error``
  true.
- Consecutive assistant messages with nothing in between (a monologue) are restatements for the ``narration``
  rule.
- Identical calls that fail identically are ``error_streak`` + ``identical_call`` with the onset at the 4th
  failure.
- A repeated write whose acknowledgements differ only in volatile fields (a new entry id, a timestamp, a
  request or message id) counts as identical for ``identical_call``.
- A scroll (or any identical call) that stops bringing new content: the 3rd call to return the same result
  (the first call that reached the end counts as the 1st) is the onset.
- Healthy side: two or three identical attempts at a failing call followed by a change of approach or a
  hand-off are healthy; identical calls that each answer a new user message are healthy, because counts start
  at each user message; identical polls with identical intermediate statuses that end in completion are
  healthy; identical calls whose results differ (a server-side cursor, a spool read, a re-check after an
  action) are healthy.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from blind10gen import HEALTHY_MODULES, LOOP_MODULES

OUT = Path(__file__).resolve().parent / "heldout-blind10"
LOOPS = HEALTHY = 40


def build() -> list[dict[str, Any]]:
    """Every scenario of the set, sorted by id, after checking the counts and the id scheme."""
    loops = [make() for module in LOOP_MODULES for make in module.SCENARIOS]
    healthy = [make() for module in HEALTHY_MODULES for make in module.SCENARIOS]
    assert len(loops) == LOOPS, len(loops)
    assert all(s["label"]["loop"] for s in loops)
    assert len(healthy) == HEALTHY, len(healthy)
    assert not any(s["label"]["loop"] for s in healthy)
    for side, group in (("loop", loops), ("healthy", healthy)):
        numbers = sorted(int(s["id"].split("-")[2]) for s in group)
        assert numbers == list(range(1, len(group) + 1)), (side, numbers)
        assert all(s["id"].startswith(f"blind10-{side}-") for s in group), side
    scenarios = loops + healthy
    assert len({s["id"] for s in scenarios}) == len(scenarios)
    return sorted(scenarios, key=lambda s: s["id"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=OUT, help="output folder (default: corpus/heldout-blind10)"
    )
    args = parser.parse_args()
    scenarios = build()
    args.out.mkdir(parents=True, exist_ok=True)
    for old in sorted(args.out.glob("*.json")):
        old.unlink()
    for scenario in scenarios:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (args.out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    loops = sum(s["label"]["loop"] for s in scenarios)
    print(f"wrote {len(scenarios)} scenarios ({loops} loops, {len(scenarios) - loops} healthy) to {args.out}")


if __name__ == "__main__":
    main()
