"""Bulk work's share of the event loop: big ``Evaluate`` calls leave the loop thread idle.

Found measuring issue 23 (``bench/bench_noisy_neighbour.py big_evaluate``): with tenant B's
4 096-event calls parsed, decoded and applied in slices that yield, tenant A's ``Evaluate`` p99
was still 3-13x its idle p99 on a shared 2-core host, and its p50 3x. Each slice was short, but
back to back they kept the loop thread runnable all the time, and the kernel's scheduler serves
a thread that never sleeps after the threads that do: on a host with more runnable threads than
cores, the loop thread waited off-CPU for its turn (py-spy: ~40% of its samples), and A's request
waited with it. A thread that sleeps most of the time is woken ahead of them.

So big calls are paced: ``BulkPacer.pause`` gives each call a pause, awaited between its slices,
that waits until the calls' busy time so far is at most ``share`` of the wall time: after a
slice that took ``d`` seconds (wall clock, preemption included), the next bulk slice of any call
starts at least ``d * (1 - share) / share`` later. One pacer is shared by every tenant's big
calls, so together they take at most ``share`` of the loop, however many run. A big call is
slower by about ``1 / share``; step-sized calls (every SDK step) are never paced.
Event-loop only.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

#: Awaited between two slices of a call (the same shape as ``evaluate_parse.Pause``).
Pause = Callable[[], Awaitable[None]]


class BulkPacer:
    """See the module docstring. ``share`` in (0, 1]; 1 turns pacing off."""

    def __init__(self, *, share: float, clock: Callable[[], float] = time.perf_counter) -> None:
        if not 0 < share <= 1:
            raise ValueError("limits.evaluate_bulk_share must be in (0, 1]")
        self._rest_per_busy_s = (1 - share) / share
        self._clock = clock
        self._next_slice_at = 0.0  # earliest start of the next bulk slice, any call's

    def pause(self, then: Pause) -> Pause:
        """A pause for one call: counts the slice since the call last resumed (or since this
        ``pause()`` was made), waits for the pace, then awaits ``then`` (the verdict priority)."""
        resumed = self._clock()

        async def paced() -> None:
            nonlocal resumed
            now = self._clock()
            self._next_slice_at = max(self._next_slice_at, now) + (now - resumed) * self._rest_per_busy_s
            while (wait_s := self._next_slice_at - self._clock()) > 0:  # pushed on by other calls
                await asyncio.sleep(wait_s)
            await then()
            resumed = self._clock()

        return paced
