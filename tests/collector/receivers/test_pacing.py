"""Big calls paced to a share of the event loop: after a slice, the next waits in proportion to
it, every call's slices count against the one pace, and a share of 1 does not wait."""

from __future__ import annotations

import asyncio
import time

import pytest

from loopwatch_collector.receivers.pacing import BulkPacer

SLICE_S = 0.02


async def _nothing() -> None:
    """The verdict priority's place in the pause (nothing to wait for here)."""


def _busy(seconds: float) -> None:
    """A slice: the loop thread busy for ``seconds``, without yielding."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        pass


async def _paused_after_slice(pacer: BulkPacer) -> float:
    """Seconds the pause after one ``SLICE_S`` slice took."""
    pause = pacer.pause(_nothing)
    _busy(SLICE_S)
    began = time.perf_counter()
    await pause()
    return time.perf_counter() - began


def test_a_slice_is_followed_by_a_rest_in_proportion_to_the_share() -> None:
    rest_s = asyncio.run(_paused_after_slice(BulkPacer(share=0.25)))
    assert rest_s >= 3 * SLICE_S * 0.95  # busy a quarter of the time: rests three slices' time


def test_a_share_of_one_does_not_wait() -> None:
    assert asyncio.run(_paused_after_slice(BulkPacer(share=1.0))) < SLICE_S


def test_concurrent_calls_share_one_pace() -> None:
    pacer = BulkPacer(share=0.5)

    async def call() -> None:
        pause = pacer.pause(_nothing)
        for _ in range(2):
            _busy(SLICE_S)
            await pause()

    async def both() -> float:
        began = time.perf_counter()
        await asyncio.gather(call(), call())
        return time.perf_counter() - began

    # Four slices in all, each followed by an equal rest: the two calls together were busy
    # half of the time, not each of them half of it.
    assert asyncio.run(both()) >= 8 * SLICE_S * 0.95


@pytest.mark.parametrize("share", [0.0, -0.5, 1.5])
def test_a_share_outside_0_1_is_refused_naming_the_key(share: float) -> None:
    with pytest.raises(ValueError, match=r"limits\.evaluate_bulk_share"):
        BulkPacer(share=share)
