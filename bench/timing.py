"""Timing helpers shared by the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable

# Best of five: these machines are shared and noisy; the minimum is the least disturbed run.
REPEATS = 5


def best_of(
    fn: Callable[[], object], repeats: int = REPEATS, clock: Callable[[], float] = time.perf_counter
) -> float:
    """The fastest of ``repeats`` runs of ``fn``, in seconds of ``clock`` (wall time unless told:
    ``time.process_time`` counts this process's CPU only, steadier on a shared host)."""
    times = []
    for _ in range(repeats):
        start = clock()
        fn()
        times.append(clock() - start)
    return min(times)
