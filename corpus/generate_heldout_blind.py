#!/usr/bin/env python3
"""Write ``corpus/heldout-blind/``: a held-out set of agent styles no other corpus set models.

Written blind for issue 20: from the issue's loop and look-alike descriptions, ``SCHEMA.md`` and
general knowledge of how agents behave, without reading loopwatch's detectors or their thresholds,
and labelled and committed before any detector ran on it. The agents: a data-analysis notebook agent
(pandas cells, SQL warehouse), a travel-booking agent with a flaky payment API, a web research agent
(search and fetch), a DevOps agent (kubectl, terraform), a customer-email triage agent, a manager
delegating to sub-agents, a mobile-UI automation agent (tap, swipe, screenshot). Stdlib only and
deterministic: each scenario draws from ``random.Random`` seeded with ``SEED`` and its index.

    python3 corpus/generate_heldout_blind.py [--out DIR]

The families live in ``corpus/blindgen/`` (one module per one or two families, the transcript builder
and the shared content); this script only lists them, seeds them and writes the files.

Labelling (``onset_step``, the earliest step at which the repetition is unambiguous):

* exact repeat (same tool, same arguments, same result): its 3rd occurrence;
* near repeat (other arguments, but the same kind of failure, the same pages, the same report): the
  first attempt is information, so the 4th attempt;
* A/B/A/B cycle: the end of the second complete pass (the 2nd B);
* a response collapsing into repeated text: that response's step.

Text-only planning steps between attempts neither count nor reset; productive steps before a pattern
are not part of it.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from pathlib import Path

from blindgen.loop_cycles import loop_alternation, loop_degenerate_text
from blindgen.loop_repeats import loop_redelegation, loop_repeat_after_empty
from blindgen.loop_schemas import loop_schema_misuse
from blindgen.loop_searches import loop_paraphrased_search
from blindgen.loop_streaks import loop_failure_streak
from blindgen.ok_failures import ok_payment_handoff, ok_target_fanout
from blindgen.ok_fanouts import ok_dependency_whackamole, ok_search_fanout
from blindgen.ok_progress import ok_pagination, ok_polling
from blindgen.ok_reruns import ok_rerun_after_edit, ok_retry_succeeds
from blindgen.transcript import Json, Loop, Transcript

SEED = 2026_12_03
DEFAULT_OUT = Path(__file__).resolve().parent / "heldout-blind"
SOURCE = "synthetic: corpus/generate_heldout_blind.py"

# =========================================================================== the set

LoopFamily = Callable[[Transcript, random.Random, int], Loop]
HealthyFamily = Callable[[Transcript, random.Random, int], str]

#: (name, family, scenarios): 27 loops and 33 healthy look-alikes, 45% / 55%.
LOOPS: list[tuple[str, LoopFamily, int]] = [
    ("failure-streak", loop_failure_streak, 4),
    ("schema-misuse", loop_schema_misuse, 4),
    ("paraphrased-search", loop_paraphrased_search, 4),
    ("redelegation", loop_redelegation, 4),
    ("repeat-after-empty", loop_repeat_after_empty, 4),
    ("alternation", loop_alternation, 4),
    ("degenerate-text", loop_degenerate_text, 3),
]
HEALTHY: list[tuple[str, HealthyFamily, int]] = [
    ("polling", ok_polling, 5),
    ("pagination", ok_pagination, 4),
    ("rerun-after-edit", ok_rerun_after_edit, 4),
    ("retry-succeeds", ok_retry_succeeds, 4),
    ("payment-handoff", ok_payment_handoff, 4),
    ("target-fanout", ok_target_fanout, 4),
    ("search-fanout", ok_search_fanout, 4),
    ("dependency-whackamole", ok_dependency_whackamole, 4),
]


def scenarios() -> list[Json]:
    """Every scenario of the set, in a fixed order, each from its own seeded generator."""
    out: list[Json] = []
    index = 0
    for name, loop_family, count in LOOPS:
        for n in range(count):
            index += 1
            t = Transcript(random.Random(SEED * 1000 + index))
            loop = loop_family(t, t.rng, n)
            out.append(_scenario(f"blind-loop-{name}-{n}", t, True, list(loop.kinds), loop.onset, loop.note))
    for name, healthy_family, count in HEALTHY:
        for n in range(count):
            index += 1
            t = Transcript(random.Random(SEED * 1000 + index))
            note = healthy_family(t, t.rng, n)
            out.append(_scenario(f"blind-ok-{name}-{n}", t, False, ["none"], None, f"healthy: {note}"))
    return out


def _scenario(sid: str, t: Transcript, loop: bool, kinds: list[str], onset: int | None, notes: str) -> Json:
    return {
        "id": sid,
        "source": SOURCE,
        "description": t.description,
        "label": {"loop": loop, "kinds": kinds, "onset_step": onset, "notes": notes},
        "events": t.events,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    for scenario in scenarios():
        (out / f"{scenario['id']}.json").write_text(json.dumps(scenario, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
