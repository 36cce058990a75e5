"""The scenario list: loops first, then healthy runs, numbered in this order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import (
    healthy_fanout,
    healthy_iterate,
    healthy_long,
    healthy_paging,
    healthy_polling,
    healthy_retries,
    loops_agents,
    loops_cycles,
    loops_errors,
    loops_lookup,
    loops_writes,
)

Builder = Callable[[str], dict[str, Any]]

LOOPS: list[tuple[str, Builder]] = [
    *loops_lookup.SCENARIOS,
    *loops_cycles.SCENARIOS,
    *loops_errors.SCENARIOS,
    *loops_agents.SCENARIOS,
    *loops_writes.SCENARIOS,
]
HEALTHY: list[tuple[str, Builder]] = [
    *healthy_polling.SCENARIOS,
    *healthy_paging.SCENARIOS,
    *healthy_retries.SCENARIOS,
    *healthy_fanout.SCENARIOS,
    *healthy_iterate.SCENARIOS,
    *healthy_long.SCENARIOS,
]


def build_all() -> list[dict[str, Any]]:
    """Every scenario, sorted by id; each builder gets its id (which seeds its random generator)."""
    out = [build(f"blind15-loop-{n:03d}-{slug}") for n, (slug, build) in enumerate(LOOPS, 1)]
    out += [build(f"blind15-healthy-{n:03d}-{slug}") for n, (slug, build) in enumerate(HEALTHY, 1)]
    ids = [s["id"] for s in out]
    assert len(set(ids)) == len(ids)
    return sorted(out, key=lambda s: s["id"])
