"""Ingest slices sized by loop-thread CPU time: the slice shrinks when events get expensive,
grows back when they get cheap, and stays within its bounds."""

from __future__ import annotations

import pytest

from loopwatch_collector.receivers.slicing import SliceSizer
from tests.collector.collector_builders import Clock

BUDGET_S = 0.001


def _run_slices(sizer: SliceSizer, clock: Clock, event_cost_s: float, slices: int) -> int:
    """Run ``slices`` slices whose events cost ``event_cost_s`` each; the last slice's size."""
    size = sizer.size()
    for _ in range(slices):
        size = sizer.size()
        began = sizer.start()
        clock.now += size * event_cost_s
        sizer.record(began, size)
    return size


def test_slices_fit_the_budget_as_the_cost_changes() -> None:
    clock = Clock()
    sizer = SliceSizer(budget_s=BUDGET_S, min_events=2, max_events=64, clock=clock)
    assert _run_slices(sizer, clock, 0.00011, 60) == 9  # 110 us events: 9 fit in a millisecond
    assert sizer.event_cost_s == pytest.approx(0.00011, rel=0.01)
    assert _run_slices(sizer, clock, 0.00003, 60) == 33  # cheaper: larger slices
    assert _run_slices(sizer, clock, 0.001, 60) == 2  # one event over the budget: the floor
    assert _run_slices(sizer, clock, 0.0, 60) == 64  # free (or unmeasurably cheap): the ceiling


def test_empty_slices_do_not_move_the_estimate() -> None:
    clock = Clock()
    sizer = SliceSizer(budget_s=BUDGET_S, clock=clock)
    before = sizer.event_cost_s
    began = sizer.start()
    clock.now += 1.0
    sizer.record(began, 0)
    assert sizer.event_cost_s == before


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        ({"budget_s": 0.0}, "budget_s"),
        ({"min_events": 0}, "min_events"),
        ({"min_events": 10, "max_events": 5}, "max_events"),
    ],
)
def test_bad_bounds_are_refused(kwargs: dict[str, float], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        SliceSizer(**kwargs)  # type: ignore[arg-type]  # mixed float/int kwargs by design of the table
