"""Numbers the registered scenarios (loops and healthy runs separately, in registration order)."""

from __future__ import annotations

from typing import Any

from blind16gen import (  # noqa: F401  (imported to register their builders)
    healthy_fanout,
    healthy_polling,
    healthy_retries,
    healthy_work,
    loops_agents,
    loops_cycles,
    loops_errors,
    loops_lookup,
)
from blind16gen.builder import REGISTERED, Trace


def build_all() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    counts = {True: 0, False: 0}
    for is_loop, slug, style, indent, fn in REGISTERED:
        counts[is_loop] += 1
        kind = "loop" if is_loop else "healthy"
        trace = Trace(f"blind16-{kind}-{counts[is_loop]:03d}-{slug}", is_loop, style, indent)
        fn(trace)
        out.append(trace.scenario())
    return sorted(out, key=lambda s: s["id"])
