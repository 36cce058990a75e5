"""All scenarios of the set, numbered: loops and healthy runs separately, in module then definition order."""

from __future__ import annotations

from typing import Any

from blind20gen import (  # noqa: F401  (importing registers the builders)
    healthy_fanout,
    healthy_polling,
    healthy_retries,
    healthy_work,
    loops_agents,
    loops_cycles,
    loops_errors,
    loops_lookup,
)
from blind20gen.builder import REGISTRY, render

MODULE_ORDER = [
    "blind20gen.loops_lookup",
    "blind20gen.loops_cycles",
    "blind20gen.loops_errors",
    "blind20gen.loops_agents",
    "blind20gen.healthy_polling",
    "blind20gen.healthy_retries",
    "blind20gen.healthy_fanout",
    "blind20gen.healthy_work",
]


def scenarios() -> list[dict[str, Any]]:
    """Every scenario, built and numbered."""
    specs = sorted(REGISTRY, key=lambda s: MODULE_ORDER.index(s.build.__module__))
    out, counts = [], {True: 0, False: 0}
    for spec in specs:
        counts[spec.loop] += 1
        out.append(render(spec, counts[spec.loop]))
    ids = [s["id"] for s in out]
    assert len(ids) == len(set(ids))
    return out
