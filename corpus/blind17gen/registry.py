"""Numbers the registered builders and builds the scenarios of ``heldout-blind17``.

Loops and healthy runs are numbered separately (``blind17-loop-NNN-slug``,
``blind17-healthy-NNN-slug``) in the order the modules below register them."""

from __future__ import annotations

from typing import Any

from . import (  # noqa: F401  (imported for their registering decorators)
    healthy_fanout,
    healthy_polling,
    healthy_retries,
    healthy_work,
    loops_agents,
    loops_cycles,
    loops_errors,
    loops_lookup,
)
from .builder import CASES, Case, Trace

SOURCE = "synthetic: corpus/generate_heldout_blind17.py"
_MODULE_ORDER = (
    "loops_lookup",
    "loops_cycles",
    "loops_errors",
    "loops_agents",
    "healthy_polling",
    "healthy_retries",
    "healthy_fanout",
    "healthy_work",
)


def ordered_cases() -> list[tuple[str, Case]]:
    """Every registered case with its id, loops first, each side in module then definition order."""

    def module_rank(case: Case) -> int:
        return _MODULE_ORDER.index(case.build.__module__.rsplit(".", 1)[-1])

    out: list[tuple[str, Case]] = []
    for is_loop, side in ((True, "loop"), (False, "healthy")):
        picked = sorted((c for c in CASES if c.loop is is_loop), key=module_rank)
        for n, case in enumerate(picked, start=1):
            out.append((f"blind17-{side}-{n:03d}-{case.slug}", case))
    return out


def build_all() -> list[dict[str, Any]]:
    """All scenarios, sorted by id."""
    built = []
    for scenario_id, case in ordered_cases():
        meta = {"domain": case.domain, "language": case.lang, "call_ids": case.ids}
        trace = Trace(scenario_id, case.description, case.ids, meta)
        case.build(trace)
        scenario = trace.scenario(SOURCE)
        if scenario["label"]["loop"] is not case.loop:
            raise ValueError(f"{scenario_id}: labelled on the wrong side")
        built.append(scenario)
    return sorted(built, key=lambda s: s["id"])
