"""Bulk work's share of the event loop: big ``Evaluate`` calls leave the loop thread idle.

Found measuring issue 23 (``bench/bench_noisy_neighbour.py big_evaluate``): with tenant B's
4 096-event calls parsed, decoded and applied in slices that yield, tenant A's ``Evaluate`` p99
was still 3-13x its idle p99 on a shared 2-core host, and its p50 3x. Each slice was short, but
back to back they kept the loop thread runnable all the time, and the kernel's scheduler serves
a thread that never sleeps after the threads that do: on a host with more runnable threads than
cores, the loop thread waited off-CPU for its turn (py-spy: ~40% of its samples), and A's request
waited with it. A thread that sleeps most of the time is woken ahead of them.

So big calls are paced: ``BulkPacer.pause`` gives each call a pause, awaited between its slices,
that holds the calls' busy time (wall clock, preemption included) to ``share`` of the wall time,
with a token bucket: every call's slices spend from one bucket, which refills at ``share``
seconds per second up to ``BURST_S``, and a slice that leaves it in debt is followed by a rest
that pays the debt back (after a slice of ``d`` seconds with an empty bucket, ``d * (1 - share) /
share``). So together the big calls of every tenant take at most ``share`` of the loop however
many run, while a burst such as one SDK step of 65-256 events goes through unpaced. Sustained bulk
work is slower by about ``1 / share``; step-sized calls (at most 64 events) are never paced.
Event-loop only.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

#: Awaited between two slices of a call (the same shape as ``evaluate_parse.Pause``).
Pause = Callable[[], Awaitable[None]]

# Busy time that goes unpaced after a quiet spell: the SDK's verdict deadline (50 ms), so that a
# step of up to 256 events (a few ms of loop time) is never slowed, while sustained bulk is.
BURST_S = 0.05


class BulkPacer:
    """See the module docstring. ``share`` in (0, 1]; 1 turns pacing off."""

    def __init__(self, *, share: float, clock: Callable[[], float] = time.perf_counter) -> None:
        if not 0 < share <= 1:
            raise ValueError("limits.evaluate_bulk_share must be in (0, 1]")
        self._share = share
        self._clock = clock
        self._tokens_s = BURST_S  # busy seconds that may still be spent without a rest
        self._refilled_at = clock()

    def pause(self, then: Pause) -> Pause:
        """A pause for one call: counts the slice since the call last resumed (or since this
        ``pause()`` was made), waits for the pace, then awaits ``then`` (the verdict priority)."""
        resumed = self._clock()

        async def paced() -> None:
            nonlocal resumed
            self._spend(self._clock() - resumed)
            while self._tokens_s < 0:  # in debt, possibly deeper by other calls' slices meanwhile
                await asyncio.sleep(-self._tokens_s / self._share)
                self._spend(0.0)
            await then()
            resumed = self._clock()

        return paced

    def _spend(self, busy_s: float) -> None:
        """Refill the bucket for the time since the last refill, then take ``busy_s`` from it."""
        if self._share >= 1:
            return
        now = self._clock()
        refill_s = (now - self._refilled_at) * self._share
        self._tokens_s = min(BURST_S, self._tokens_s + refill_s) - busy_s
        self._refilled_at = now
