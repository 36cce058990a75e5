"""Builders of ``corpus/heldout-blind10/`` (see ``corpus/generate_heldout_blind10.py``)."""

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

LOOP_MODULES = (loops_search, loops_errors, loops_cycles, loops_agents, loops_writes)
HEALTHY_MODULES = (
    healthy_polling,
    healthy_paging,
    healthy_retries,
    healthy_fanout,
    healthy_iterate,
    healthy_long,
)
