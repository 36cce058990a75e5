"""Parsing ``--sweep`` specs, applying a value like a configured option, and flat ranges."""

from __future__ import annotations

import pytest

from loopwatch.detect.narration import NarrationConfig
from loopwatch.detect.settings import DetectorSettings
from loopwatch_collector.sweep import MAX_SWEEP_VALUES, flat_range, parse_sweep, with_value

DEFAULTS = DetectorSettings()


def test_an_integer_range_is_inclusive_and_the_default_is_the_value_in_use() -> None:
    sweep = parse_sweep("identical_call.consecutive=2:6:2", DEFAULTS)
    assert (sweep.detector, sweep.option, sweep.key) == (
        "identical_call",
        "consecutive",
        "identical_call.consecutive",
    )
    assert sweep.values == (2, 4, 6)
    assert all(type(value) is int for value in sweep.values)
    assert sweep.current == 3


def test_a_float_range_has_no_rounding_error() -> None:
    sweep = parse_sweep("narration.similarity=0.1:0.5:0.1", DEFAULTS)
    assert sweep.values == (0.1, 0.2, 0.3, 0.4, 0.5)
    assert sweep.current == NarrationConfig().similarity


def test_a_list_is_typed_sorted_and_deduplicated() -> None:
    assert parse_sweep("same_tool.nudge_at=8,4, 6,4", DEFAULTS).values == (4, 6, 8)
    assert parse_sweep("narration.similarity=1,0.5", DEFAULTS).values == (0.5, 1.0)
    assert parse_sweep("narration.enabled=true,False", DEFAULTS).values == (False, True)
    assert parse_sweep("budget.hard_max_steps=20,40", DEFAULTS).current is None


def test_the_value_in_use_comes_from_the_settings() -> None:
    settings = DetectorSettings(detectors={"revisit": {"stale_steps": 12}})
    assert parse_sweep("revisit.stale_steps=10:20:5", settings).current == 12


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("identical_call.consecutive", "expected detector.option=a:b:step"),
        ("consecutive=3", "expected detector.option=a:b:step"),
        ("identical_call.consecutive=", "expected detector.option=a:b:step"),
        ("identical_cal.consecutive=3", "unknown detector 'identical_cal'"),
        ("identical_call.consecutiv=3", "unknown option 'consecutiv' for detector identical_call"),
        ("identical_call.consecutive=2.5", "the option takes integers"),
        ("identical_call.consecutive=2:6:0.5", "the option takes integers"),
        ("identical_call.consecutive=6:2:1", "a <= b and step > 0"),
        ("identical_call.consecutive=2:6:0", "a <= b and step > 0"),
        ("identical_call.consecutive=2:6", "a range is a:b:step"),
        ("identical_call.consecutive=two", "'two' is not a number"),
        ("identical_call.consecutive=nan", "not a finite number"),
        ("narration.enabled=yes", "'yes' is not true or false"),
        ("narration.enabled=0:1:1", "list booleans as true,false"),
        ("narration.similarity=0:1:0.001", f"more than {MAX_SWEEP_VALUES}"),
    ],
)
def test_a_bad_sweep_names_the_problem(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem.replace(".", r"\.").replace("(", r"\(")):
        parse_sweep(text, DEFAULTS)


def test_a_value_is_set_over_the_configured_options_of_that_detector_only() -> None:
    settings = DetectorSettings(
        detectors={"identical_call": {"spread_out": 5}, "cycle": {"max_period": 10}}, trace_max_steps=40
    )
    sweep = parse_sweep("identical_call.consecutive=4,5", settings)
    swept = with_value(settings, sweep, 4)
    assert swept.detectors == {
        "identical_call": {"spread_out": 5, "consecutive": 4},
        "cycle": {"max_period": 10},
    }
    assert swept.trace_max_steps == 40
    assert settings.detectors["identical_call"] == {"spread_out": 5}


def test_the_flat_range_is_the_run_of_equal_outcomes_around_the_value_in_use() -> None:
    values = (2, 3, 4, 5, 6)
    assert flat_range(values, ["a", "b", "b", "b", "c"], 4) == (3, 5)
    assert flat_range(values, ["a", "b", "a", "a", "a"], 2) == (2, 2)
    assert flat_range(values, ["a"] * 5, 6) == (2, 6)
    assert flat_range(values, ["a", "b", "a", "b", "a"], 4) == (4, 4)
    assert flat_range(values, ["a"] * 5, 7) is None
