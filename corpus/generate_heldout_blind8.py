"""Write ``corpus/heldout-blind8/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstring of
``corpus/generate_heldout_blind7.py`` (for the layout and the onset conventions, which this set reuses), the
ruff section of ``pyproject.toml``, and the opening events of three real transcripts under
``/work/shared/corpus/real-agents/`` (a tau2 airline session, an OpenHands SDK session and a Cline session;
for tool names and result shapes only). No detector, collector, scorer, evaluation, documentation or other
corpus set or generator was read, and loopwatch was never run on this set. Labels come from the author's
judgement by SCHEMA.md's rules.

The agents differ from earlier sets on purpose: data-engineering agents (dbt Cloud and dbt Core, Airflow,
Dagster, the Spark history server, lakehouse SQL), agents driving MCP servers (filesystem, GitHub, Playwright,
Postgres, a docs server, a process runner), legal research and contract review, e-discovery, insurance claims
(FNOL intake, appraisal sub-agents, document OCR), travel booking (GDS fare searches, PNRs, ticketing, seat
maps, rail), e-commerce operations on a Shopify-like Admin GraphQL API (refunds, inventory, catalog, bulk
operations), accounting and tax (VAT returns, bank reconciliation), recruiting (ATS notes, interview
scheduling), voice and phone agents (an ISP line in Hindi, a bank line in Spanish), scientific literature
(PubMed E-utilities, Semantic Scholar, arXiv), localization pipelines (machine translation, TMS jobs, length
QA), home automation (Home Assistant), game QA playtests, infrastructure as code (Terraform CLI and Terraform
Cloud runs), multi-agent managers (LangGraph supervisors, AutoGen-style group chats, OpenAI Agents SDK
handoffs) and computer-use agents (screenshots, clicks, keys, scrolling). Some sessions are in French,
Spanish, Japanese or Hindi. Failures are reported with ``is_error`` true, or only in the content: JSON error
envelopes (``{"ok": false}``, ``"resultado": "error"``), HTTP 422 and 429 bodies, GraphQL ``errors`` and
``userErrors`` arrays, CLI exit codes, native crash traces, localized error text.

Run
---
    python corpus/generate_heldout_blind8.py [--out corpus/heldout-blind8]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string); there is
no wall clock (the session times in ``meta`` come from ``blind8gen.builder.Clock``, started at fixed instants)
and no ``hash()``; files are written in a stable order (sorted by id) as ``json.dumps(indent=2,
ensure_ascii=False)`` plus a newline. The builders live in ``corpus/blind8gen/`` (``loops_*`` and
``healthy_*`` modules by family); ``blind8gen.builder.Trace`` counts steps as it emits events and returns the
step number of every message, so every onset is computed from the builder's own events (the step of the n-th
recorded attempt, or the earliest of several such steps), and ``Trace.loop`` refuses an onset outside the
trace or one the notes do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused from blind7 (which reused blind6's, blind5's and blind4's):

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
  of period 3, 4 and 5 follow the same rule.
- A flag toggled back and forth: ``same_tool`` + ``alternation``, onset at the 4th toggle.
- ``degenerate_text``: the step whose reply (or tool argument) collapses into repetition.
- Several kinds in one scenario: the earliest step at which any of its conventions is met.
- A command re-run after edits: identical runs are counted from the last edit.
- Loops inside a later user turn: counts start at that turn's user message.
- Restated intent with no tool call at all (an action announced but never taken, answered only by harness
  system messages): the 4th announcement. System messages do not start a turn.
- A failure reported only in the content (an error object, a 422 or 429 body, a GraphQL ``errors`` or
  ``userErrors`` array, an exit code in the output, localized error text) counts as a failure for
  ``error_streak`` exactly like ``is_error`` true.
- When the cycle's first state (same call, same result) already occurred once just before the repetition
  started, that occurrence is the first visit.
- Consecutive assistant messages with nothing in between (a monologue, e.g. a voice agent talking into
  silence) are restatements for the ``narration`` rule.
- Healthy side: two or three identical attempts at a failing call followed by a change of approach or a
  hand-off are healthy; identical calls that each answer a new user message are healthy, because counts
  start at each user message; identical polls with identical intermediate statuses that end in completion
  are healthy.

Made explicit for this set:

- Identical calls that fail identically are ``error_streak`` + ``identical_call`` with the onset at the
  4th failure: since three identical failed attempts followed by a change of approach are healthy, the
  ``identical_call`` rule (3rd call) applies only to calls that succeed with a fruitless result.
- A repeated write whose acknowledgements differ only in volatile fields (a new note id, a timestamp)
  counts as identical for ``identical_call``.
- A scroll (or any identical call) that stops bringing new content: the 3rd call to return the same
  result (the first call that reached the end counts as the 1st) is the onset.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from blind8gen import (
    healthy_commerce,
    healthy_data,
    healthy_devices,
    healthy_infra,
    healthy_legal,
    healthy_mcp,
    healthy_people,
    healthy_science,
    healthy_travel,
    loops_commerce,
    loops_data,
    loops_devices,
    loops_infra,
    loops_legal,
    loops_mcp,
    loops_people,
    loops_science,
    loops_travel,
)

MODULES = [
    loops_data,
    loops_mcp,
    loops_legal,
    loops_travel,
    loops_commerce,
    loops_people,
    loops_science,
    loops_devices,
    loops_infra,
    healthy_data,
    healthy_mcp,
    healthy_legal,
    healthy_travel,
    healthy_commerce,
    healthy_people,
    healthy_science,
    healthy_devices,
    healthy_infra,
]
LOOPS = HEALTHY = 40


def build_all() -> list[dict[str, Any]]:
    """Every scenario, sorted by id; checks the ids are unique and both sides have their size."""
    scenarios = [build() for module in MODULES for build in module.BUILDERS]
    ids = [s["id"] for s in scenarios]
    if len(set(ids)) != len(ids):
        raise SystemExit("duplicate scenario ids")
    loops = [s for s in scenarios if s["label"]["loop"]]
    if len(loops) != LOOPS or len(scenarios) - len(loops) != HEALTHY:
        raise SystemExit(
            f"expected {LOOPS} loops and {HEALTHY} healthy, got {len(loops)} and "
            f"{len(scenarios) - len(loops)}"
        )
    for s in scenarios:
        side = "loop" if s["label"]["loop"] else "healthy"
        if not s["id"].startswith(f"blind8-{side}-"):
            raise SystemExit(f"{s['id']}: id does not match its label")
    return sorted(scenarios, key=lambda s: s["id"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "heldout-blind8")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    scenarios = build_all()
    names = {f"{s['id']}.json" for s in scenarios}
    for stale in sorted(out.glob("blind8-*.json")):
        if stale.name not in names:
            stale.unlink()
    for s in scenarios:
        text = json.dumps(s, indent=2, ensure_ascii=False) + "\n"
        (out / f"{s['id']}.json").write_text(text, encoding="utf-8")
    print(f"wrote {len(scenarios)} scenarios to {out}")


if __name__ == "__main__":
    main()
