"""Numbers the registered builders (loops and healthy runs separately, in module then definition order) and
builds every scenario."""

from __future__ import annotations

from typing import Any

from blind18gen import (
    healthy_fanout,
    healthy_polling,
    healthy_retries,
    healthy_work,
    loops_agents,
    loops_cycles,
    loops_errors,
    loops_lookup,
)
from blind18gen.builder import HEALTHY, LOOPS, Builder

LOOP_MODULES = (loops_lookup, loops_cycles, loops_errors, loops_agents)
HEALTHY_MODULES = (healthy_polling, healthy_retries, healthy_fanout, healthy_work)


def _ordered(entries: list[tuple[str, Builder]], modules: tuple[Any, ...]) -> list[tuple[str, Builder]]:
    names = [m.__name__ for m in modules]
    unknown = [fn.__module__ for _, fn in entries if fn.__module__ not in names]
    if unknown:
        raise ValueError(f"builders registered outside the listed modules: {unknown}")
    indexed = list(enumerate(entries))
    indexed.sort(key=lambda item: (names.index(item[1][1].__module__), item[0]))
    return [entry for _, entry in indexed]


def scenarios() -> list[dict[str, Any]]:
    """Every scenario of the set, loops first, each built from its own ``Trace``."""
    out: list[dict[str, Any]] = []
    for prefix, entries, modules, is_loop in (
        ("loop", LOOPS, LOOP_MODULES, True),
        ("healthy", HEALTHY, HEALTHY_MODULES, False),
    ):
        for number, (slug, fn) in enumerate(_ordered(entries, modules), 1):
            sid = f"blind18-{prefix}-{number:03d}-{slug}"
            trace = fn(sid)
            if trace.sid != sid:
                raise ValueError(f"{slug}: the builder must use the id it was given")
            scenario = trace.build()
            if scenario["label"]["loop"] is not is_loop:
                raise ValueError(f"{sid}: registered as {prefix} but labelled otherwise")
            out.append(scenario)
    ids = [s["id"] for s in out]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate scenario ids")
    return out
