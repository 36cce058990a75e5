"""Scenario builders for ``corpus/heldout-blind12/`` (see ``corpus/generate_heldout_blind12.py``).

Each family module exposes ``SCENARIOS``: ``(slug, builder)`` pairs in a fixed order. A builder takes the
scenario id and returns the scenario; the generator numbers loops and healthy runs in module order."""

from __future__ import annotations

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
    loops_search,
    loops_writes,
)

LOOP_FAMILIES = [loops_search, loops_errors, loops_cycles, loops_agents, loops_writes]
HEALTHY_FAMILIES = [
    healthy_polling,
    healthy_paging,
    healthy_retries,
    healthy_fanout,
    healthy_iterate,
    healthy_long,
]
