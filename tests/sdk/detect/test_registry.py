from __future__ import annotations

from typing import Any

import pytest

from loopwatch.detect.budget import Budget
from loopwatch.detect.cycle import Cycle
from loopwatch.detect.degenerate_text import DegenerateText
from loopwatch.detect.error_streak import ErrorStreak
from loopwatch.detect.identical_call import IdenticalCall
from loopwatch.detect.narration import Narration
from loopwatch.detect.registry import DETECTOR_TYPES, build_detectors
from loopwatch.detect.revisit import Revisit
from loopwatch.detect.same_response import SameResponse
from loopwatch.detect.same_tool import SameTool

ALL = (
    "identical_call",
    "cycle",
    "revisit",
    "same_tool",
    "error_streak",
    "narration",
    "same_response",
    "degenerate_text",
    "budget",
)


def test_defaults_build_every_detector_in_catalogue_order() -> None:
    detectors = build_detectors()

    assert tuple(d.name for d in detectors) == ALL
    assert [type(d) for d in detectors] == [
        IdenticalCall,
        Cycle,
        Revisit,
        SameTool,
        ErrorStreak,
        Narration,
        SameResponse,
        DegenerateText,
        Budget,
    ]


def test_catalogue_names_match_the_detectors_they_build() -> None:
    for detector_type in DETECTOR_TYPES:
        detector = detector_type.build(detector_type.config_type())
        assert detector.name == detector_type.name


def test_empty_and_none_settings_mean_defaults() -> None:
    assert [d.name for d in build_detectors({})] == [d.name for d in build_detectors(None)]


def test_detectors_that_judge_turns_themselves() -> None:
    """The shared novelty memory decides what a turn resets for these (see detect/novelty.py)."""
    assert [d.name for d in build_detectors() if not d.per_turn] == [
        "identical_call",
        "same_response",
        "budget",
    ]


def test_options_override_defaults() -> None:
    detectors = {d.name: d for d in build_detectors({"identical_call": {"consecutive": 5}})}

    identical_call = detectors["identical_call"]
    assert isinstance(identical_call, IdenticalCall)
    assert identical_call.config.consecutive == 5
    same_tool = detectors["same_tool"]
    assert isinstance(same_tool, SameTool)
    assert same_tool.config.nudge_at == 6


def test_budget_limits_can_be_switched_off_with_null() -> None:
    (budget,) = [d for d in build_detectors({"budget": {"max_steps": None}}) if d.name == "budget"]

    assert isinstance(budget, Budget)
    assert budget.config.max_steps is None


def test_enabled_false_leaves_a_detector_out() -> None:
    names = [d.name for d in build_detectors({"narration": {"enabled": False}, "budget": {"enabled": False}})]

    assert names == [n for n in ALL if n not in {"narration", "budget"}]


def test_enabled_true_with_options_keeps_it() -> None:
    detectors = {d.name: d for d in build_detectors({"cycle": {"enabled": True, "max_period": 6}})}

    cycle = detectors["cycle"]
    assert isinstance(cycle, Cycle)
    assert cycle.config.max_period == 6


def test_every_detector_can_be_disabled() -> None:
    assert build_detectors({name: {"enabled": False} for name in ALL}) == ()


def test_settings_are_not_mutated() -> None:
    settings: dict[str, dict[str, Any]] = {"revisit": {"enabled": True, "stale_steps": 20}}

    build_detectors(settings)

    assert settings == {"revisit": {"enabled": True, "stale_steps": 20}}


def test_unknown_detector_is_rejected_naming_it() -> None:
    with pytest.raises(ValueError, match="identical_calls") as excinfo:
        build_detectors({"identical_calls": {"consecutive": 3}})

    assert "identical_call'" in str(excinfo.value)  # the known names are listed too


def test_unknown_option_is_rejected_naming_option_and_detector() -> None:
    with pytest.raises(ValueError, match=r"\['treshold'\] for detector error_streak"):
        build_detectors({"error_streak": {"treshold": 3}})


@pytest.mark.parametrize(
    ("settings", "key"),
    [
        ({"identical_call": {"consecutive": -1}}, "identical_call.consecutive"),
        ({"cycle": {"max_period": 1}}, "cycle.max_period"),
        ({"revisit": {"stale_steps": -1}}, "revisit.stale_steps"),
        ({"identical_call": {"spread_out": -1}}, "identical_call.spread_out"),
        ({"same_tool": {"nudge_at": -1}}, "same_tool.nudge_at"),
        ({"error_streak": {"threshold": -1}}, "error_streak.threshold"),
        ({"narration": {"repeats": -1}}, "narration.repeats"),
        ({"narration": {"similarity": 0}}, "narration.similarity"),
        ({"narration": {"min_words": 0}}, "narration.min_words"),
        ({"degenerate_text": {"min_block_repeats": 1}}, "degenerate_text.min_block_repeats"),
        ({"degenerate_text": {"min_word_repeats": 0}}, "degenerate_text.min_word_repeats"),
        ({"degenerate_text": {"min_chars": -5}}, "degenerate_text.min_chars"),
        ({"budget": {"max_tokens": 0}}, "budget.max_tokens"),
        ({"budget": {"hard_max_wall_time_s": -1.0}}, "budget.hard_max_wall_time_s"),
    ],
)
def test_invalid_value_is_rejected_naming_the_key(settings: dict[str, dict[str, Any]], key: str) -> None:
    with pytest.raises(ValueError, match=key.replace(".", r"\.")):
        build_detectors(settings)


def test_unknown_option_of_a_disabled_detector_is_rejected() -> None:
    with pytest.raises(ValueError, match="max_perod"):
        build_detectors({"cycle": {"enabled": False, "max_perod": 6}})


def test_wrongly_typed_value_is_rejected_naming_the_key() -> None:
    with pytest.raises(ValueError, match=r"cycle\.max_period"):
        build_detectors({"cycle": {"max_period": "6"}})


def test_non_boolean_enabled_is_rejected() -> None:
    with pytest.raises(ValueError, match="enabled"):
        build_detectors({"identical_call": {"enabled": "false"}})
