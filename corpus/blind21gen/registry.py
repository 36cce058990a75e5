"""Numbers the registered scenarios: loops and healthy runs separately, in module then definition order."""

from __future__ import annotations

from typing import Any

from blind21gen import (
    healthy_fanout,
    healthy_polling,
    healthy_retries,
    healthy_work,
    loops_agents,
    loops_cycles,
    loops_errors,
    loops_lookup,
)
from blind21gen.builder import HEALTHY, LOOPS

MODULES = (
    loops_lookup,
    loops_cycles,
    loops_errors,
    loops_agents,
    healthy_polling,
    healthy_retries,
    healthy_fanout,
    healthy_work,
)


def build_all() -> list[dict[str, Any]]:
    """Every scenario of the set, sorted by id."""
    scenarios = [fn(f"blind21-loop-{n:03d}-{slug}") for n, (slug, fn) in enumerate(LOOPS, 1)]
    scenarios += [fn(f"blind21-healthy-{n:03d}-{slug}") for n, (slug, fn) in enumerate(HEALTHY, 1)]
    ids = [s["id"] for s in scenarios]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate scenario ids")
    return sorted(scenarios, key=lambda s: s["id"])
