"""Numbers the scenarios: loops and healthy runs separately, in module then definition order."""

from __future__ import annotations

from typing import Any

from blind24gen import healthy_a, healthy_b, loops_a, loops_b
from blind24gen.builder import Builder, Trace

GROUPS: list[tuple[str, list[list[Builder]]]] = [
    ("loop", [loops_a.SCENARIOS, loops_b.SCENARIOS]),
    ("healthy", [healthy_a.SCENARIOS, healthy_b.SCENARIOS]),
]


def build_all() -> list[dict[str, Any]]:
    """Every scenario of the set, as a JSON-ready dict, sorted by id."""
    out: list[dict[str, Any]] = []
    for kind, modules in GROUPS:
        number = 0
        for builders in modules:
            for fn in builders:
                number += 1
                spec = fn.spec  # type: ignore[attr-defined]
                if spec.loop != (kind == "loop"):
                    raise ValueError(f"{spec.slug} registered on the wrong side")
                trace = Trace(f"blind24-{kind}-{number:03d}-{spec.slug}", spec)
                fn(trace)
                out.append(trace.to_dict())
    ids = [s["id"] for s in out]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate ids")
    return sorted(out, key=lambda s: s["id"])
