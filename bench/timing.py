"""Timing helpers shared by the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable

# Best of five: these machines are shared and noisy; the minimum is the least disturbed run.
REPEATS = 5


def best_of(fn: Callable[[], object], repeats: int = REPEATS) -> float:
    """The fastest of ``repeats`` runs of ``fn``, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)
