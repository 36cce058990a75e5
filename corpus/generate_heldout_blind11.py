"""Write ``corpus/heldout-blind11/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstring of
``corpus/generate_heldout_blind10.py`` (for the layout, the determinism rules and the onset conventions, which
this set reuses), the ruff section of ``pyproject.toml``, and the opening of one real transcript under
``/work/shared/corpus/real-agents/`` (a tau2 fuel-station session; for tool names and result shapes only). No
detector, collector, SDK, scorer, evaluation, documentation or other corpus set or generator was read, and
loopwatch was never run on this set. Labels come from the author's judgement by SCHEMA.md's rules.

The agents are ones the author expects to be common in production in late 2026: customer-success agents on
Zendesk- and Intercom-like help desks, marketing copy agents publishing to a headless CMS, DevRel and docs
bots answering from code search, data-quality agents running expectation suites on warehouse tables, security-
compliance evidence collectors (SOC 2 controls, cloud configuration scans), personal assistants booking
airlines and hotels, meeting note takers with follow-up tasks, HR onboarding (accounts, laptops, access
requests), finance accounts-payable agents (invoice OCR, 3-way match), insurance underwriting, customs
paperwork for logistics, read-only trading and risk dashboards, IT helpdesk (password resets, MDM), code-
review bots on pull requests, test-generation agents, dependency-migration agents across repositories and
browser agents on SaaS admin consoles. Call ids follow OpenAI, Anthropic, Gemini, Bedrock or plain
conventions. Some sessions are in German, Japanese, Portuguese, Korean, French or Thai. Failures are reported
with ``is_error`` true or only in the content (JSON error envelopes, HTTP 4xx/5xx bodies, a SOAP fault, npm
and pytest exit output, localized error text).

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind11-loop-NNN-...`` and ``blind11-healthy-NNN-...``. The
builders live in ``corpus/blind11gen/``: ``loops_search`` (identical and paraphrased look-ups, scrolls),
``loops_errors`` (failure streaks and schema misuse), ``loops_cycles`` (A/B and longer cycles, toggles),
``loops_agents`` (re-delegation, narration, degenerate text), ``loops_writes`` (repeated writes and mixtures);
``healthy_polling``, ``healthy_paging`` (cursors, spool reads, scrolling), ``healthy_retries``,
``healthy_fanout`` (fan-outs, bulk writes, sub-agent fan-outs), ``healthy_iterate`` (edit and re-check,
artifact iteration) and ``healthy_long`` (long sessions, narration with new results, one call per user turn).

Run
---
    python corpus/generate_heldout_blind11.py [--out corpus/heldout-blind11]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string); there is no
wall clock and no ``hash()``; files are written in a stable order (sorted by id) as ``json.dumps(indent=2,
ensure_ascii=False)`` plus a newline, after removing the ``*.json`` files already in the output folder.
``blind11gen.builder.Trace`` counts steps as it emits events and returns the step number of every message, so
every onset is computed from the builder's own events, and ``Trace.loop`` refuses an onset outside the trace
or one the notes do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused from blind10 (which reused blind9's and the earlier sets'):

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
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from blind11gen import (
    healthy_fanout,
    healthy_iterate,
    healthy_long,
    healthy_paging,
    healthy_polling,
    healthy_retries,
    loops_agents,
    loops_cycles,
    loops_errors,
    loops_search,
    loops_writes,
)
from blind11gen.builder import Trace

LOOP_MODULES = [loops_search, loops_errors, loops_cycles, loops_agents, loops_writes]
HEALTHY_MODULES = [
    healthy_polling,
    healthy_paging,
    healthy_retries,
    healthy_fanout,
    healthy_iterate,
    healthy_long,
]


def build() -> list[dict]:
    out = []
    for family, modules in (("loop", LOOP_MODULES), ("healthy", HEALTHY_MODULES)):
        number = 0
        for module in modules:
            for fn in module.SCENARIOS:
                number += 1
                slug = fn.__name__.replace("_", "-")
                trace = Trace(f"blind11-{family}-{number:03d}-{slug}")
                fn(trace)
                scenario = trace.scenario()
                assert scenario["label"]["loop"] == (family == "loop"), scenario["id"]
                out.append(scenario)
    return sorted(out, key=lambda s: s["id"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "heldout-blind11")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*.json"):
        old.unlink()
    for scenario in build():
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (args.out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
