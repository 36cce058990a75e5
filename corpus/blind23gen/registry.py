"""Numbers the scenarios: loops and healthy runs separately, in module then definition order."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .builder import Trace

Builder = Callable[[str], Trace]
_LOOPS: list[tuple[str, Builder]] = []
_HEALTHY: list[tuple[str, Builder]] = []
MODULES = ("loops_a", "loops_b", "healthy_a", "healthy_b")


def loop(slug: str) -> Callable[[Builder], Builder]:
    def register(fn: Builder) -> Builder:
        _LOOPS.append((slug, fn))
        return fn

    return register


def healthy(slug: str) -> Callable[[Builder], Builder]:
    def register(fn: Builder) -> Builder:
        _HEALTHY.append((slug, fn))
        return fn

    return register


def scenarios() -> list[dict[str, Any]]:
    """Every scenario of the set, built fresh, in id order."""
    if not _LOOPS:
        for name in MODULES:
            importlib.import_module(f"{__package__}.{name}")
    out = []
    for side, table in (("loop", _LOOPS), ("healthy", _HEALTHY)):
        for number, (slug, fn) in enumerate(table, 1):
            sid = f"blind23-{side}-{number:03d}-{slug}"
            trace = fn(sid)
            if (trace.label or {}).get("loop") != (side == "loop"):
                raise ValueError(f"{sid}: label does not match its side")
            out.append(trace.to_dict())
    return sorted(out, key=lambda s: s["id"])
