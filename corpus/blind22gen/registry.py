"""Registers scenario builders; loops and healthy runs are numbered separately, in definition order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Builder = Callable[[str], dict[str, Any]]
LOOPS: list[tuple[str, Builder]] = []
HEALTHY: list[tuple[str, Builder]] = []


def loop(slug: str) -> Callable[[Builder], Builder]:
    def register(fn: Builder) -> Builder:
        LOOPS.append((slug, fn))
        return fn

    return register


def healthy(slug: str) -> Callable[[Builder], Builder]:
    def register(fn: Builder) -> Builder:
        HEALTHY.append((slug, fn))
        return fn

    return register


def build_all() -> list[dict[str, Any]]:
    """Every scenario, ids ``blind22-loop-NNN-slug`` and ``blind22-healthy-NNN-slug``."""
    from . import healthy_a, healthy_b, loops_a, loops_b  # noqa: F401  (registers the builders)

    out = []
    for kind, table in (("loop", LOOPS), ("healthy", HEALTHY)):
        for n, (slug, fn) in enumerate(table, 1):
            out.append(fn(f"blind22-{kind}-{n:03d}-{slug}"))
    return out
