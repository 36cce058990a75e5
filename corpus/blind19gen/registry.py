"""Number the registered scenarios and build them.

Loops and healthy runs are numbered separately, from 001, in the order of ``MODULES`` and then in
definition order within a module. The id is ``blind19-<side>-NNN-<slug>``.
"""

from __future__ import annotations

import importlib
from typing import Any

from blind19gen.builder import REGISTRY, Trace

MODULES = [
    "blind19gen.loops_lookup",
    "blind19gen.loops_cycles",
    "blind19gen.loops_errors",
    "blind19gen.loops_agents",
    "blind19gen.healthy_polling",
    "blind19gen.healthy_retries",
    "blind19gen.healthy_fanout",
    "blind19gen.healthy_work",
]


def build_all() -> list[dict[str, Any]]:
    """Every scenario of the set, built, in numbering order."""
    for name in MODULES:
        importlib.import_module(name)
    specs = sorted(REGISTRY, key=lambda spec: (MODULES.index(spec.module), spec.order))
    counters = {"loop": 0, "healthy": 0}
    scenarios = []
    for spec in specs:
        counters[spec.side] += 1
        scenario_id = f"blind19-{spec.side}-{counters[spec.side]:03d}-{spec.slug}"
        trace = Trace(scenario_id, spec)
        spec.build(trace)
        scenarios.append(trace.scenario())
    ids = [s["id"] for s in scenarios]
    if len(set(ids)) != len(ids):
        raise RuntimeError("duplicate scenario ids")
    return scenarios
