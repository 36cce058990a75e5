"""Big calls paced to a share of the event loop: a burst goes through, then each slice is followed
by a rest in proportion to it, every call's slices spend from the one bucket, and a share of 1
does not wait."""

from __future__ import annotations

import asyncio
import time

import pytest

from loopwatch_collector.receivers.pacing import BURST_S, BulkPacer

SLICE_S = 0.02


async def _nothing() -> None:
    """The verdict priority's place in the pause (nothing to wait for here)."""


def _busy(seconds: float) -> None:
    """A slice: the loop thread busy for ``seconds``, without yielding."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        pass


async def _paused_after(pacer: BulkPacer, busy_s: float) -> float:
    """Seconds the pause after a slice of ``busy_s`` took."""
    pause = pacer.pause(_nothing)
    _busy(busy_s)
    began = time.perf_counter()
    await pause()
    return time.perf_counter() - began


def test_a_burst_goes_through_unpaced() -> None:
    assert asyncio.run(_paused_after(BulkPacer(share=0.25), BURST_S / 2)) < SLICE_S


def test_past_the_burst_a_slice_is_followed_by_a_rest_in_proportion_to_the_share() -> None:
    rest_s = asyncio.run(_paused_after(BulkPacer(share=0.25), BURST_S + SLICE_S))
    assert rest_s >= 3 * SLICE_S * 0.95  # busy a quarter of the time: rests three slices' time


def test_a_share_of_one_does_not_wait() -> None:
    assert asyncio.run(_paused_after(BulkPacer(share=1.0), BURST_S + SLICE_S)) < SLICE_S


def test_concurrent_calls_share_one_pace() -> None:
    pacer = BulkPacer(share=0.5)

    async def call() -> None:
        pause = pacer.pause(_nothing)
        for _ in range(2):
            _busy(SLICE_S)
            await pause()

    async def both() -> float:
        await _paused_after(pacer, BURST_S)  # the burst spent
        began = time.perf_counter()
        await asyncio.gather(call(), call())
        return time.perf_counter() - began

    # Four slices in all, and as much rest: the two calls together were busy half of the time,
    # not each of them half of it.
    assert asyncio.run(both()) >= 8 * SLICE_S * 0.9


@pytest.mark.parametrize("share", [0.0, -0.5, 1.5])
def test_a_share_outside_0_1_is_refused_naming_the_key(share: float) -> None:
    with pytest.raises(ValueError, match=r"limits\.evaluate_bulk_share"):
        BulkPacer(share=share)
