"""Scoring verdicts against labels: the shared scorer's definitions, boundary by boundary."""

from __future__ import annotations

import pytest

from loopwatch.scenario import Label
from loopwatch.verdict import Action, Finding, Verdict
from loopwatch_collector.evaluation import (
    Thresholds,
    check,
    firings_of,
    nearest_rank,
    score_scenario,
    summarise,
)

LOOP_AT_5 = Label(loop=True, kinds=("identical_call",), onset_step=5)
HEALTHY = Label(loop=False)


def v(step: int, action: Action = Action.NUDGE, detector: str = "identical_call") -> Verdict:
    finding = Finding(detector=detector, key=detector, summary="", count=3, first_step=1, last_step=step)
    return Verdict(action=action, step=step, finding=finding)


def test_firings_skip_continue_sort_by_step_and_end_at_the_first_terminal_action() -> None:
    verdicts = [v(9, Action.HALT), v(3), Verdict(action=Action.CONTINUE, step=4), v(6, Action.WITHDRAW_TOOLS)]
    expected = [(3, Action.NUDGE), (6, Action.WITHDRAW_TOOLS)]
    assert [(f.step, f.action) for f in firings_of(verdicts)] == expected


def test_a_firing_at_the_onset_is_clean_with_no_steps_wasted() -> None:
    score = score_scenario("s", LOOP_AT_5, [v(5)])
    assert (score.detected, score.early, score.clean, score.steps_wasted) == (True, False, True, 0)


def test_a_firing_one_step_before_the_onset_is_an_early_alarm_not_a_detection() -> None:
    score = score_scenario("s", LOOP_AT_5, [v(4)])
    assert (score.detected, score.early, score.clean, score.steps_wasted) == (False, True, False, None)


def test_an_early_alarm_then_a_valid_firing_is_detected_but_not_clean() -> None:
    score = score_scenario("s", LOOP_AT_5, [v(2), v(7)])
    assert (score.detected, score.early, score.clean, score.steps_wasted) == (True, True, False, 2)
    assert score.first_valid is not None
    assert score.first_valid.step == 7


def test_a_halt_before_the_onset_ends_the_run_so_the_loop_is_missed() -> None:
    score = score_scenario("s", LOOP_AT_5, [v(3, Action.HALT), v(6)])
    assert (score.detected, score.early) == (False, True)


def test_a_healthy_run_with_any_nudge_is_flagged() -> None:
    assert score_scenario("h", HEALTHY, [v(12)]).flagged
    assert not score_scenario("h", HEALTHY, []).flagged


def test_unlabelled_scenarios_cannot_be_scored() -> None:
    with pytest.raises(ValueError, match="unlabelled"):
        score_scenario("u", Label(loop=None), [])


def test_summary_ratios_percentiles_and_kinds() -> None:
    scores = [
        score_scenario("a", LOOP_AT_5, [v(5)]),
        score_scenario("b", Label(loop=True, kinds=("cycle", "same_tool"), onset_step=2), [v(1), v(4)]),
        score_scenario("c", Label(loop=True, onset_step=3), []),
        score_scenario("d", HEALTHY, [v(2)]),
        score_scenario("e", HEALTHY, []),
    ]
    s = summarise(scores)
    assert (s.loops, s.detected, s.clean, s.non_loops, s.flagged, s.early_alarms) == (3, 2, 1, 2, 1, 1)
    assert s.recall == pytest.approx(2 / 3)
    assert s.clean_recall == pytest.approx(1 / 3)
    assert s.false_alarm_rate == pytest.approx(2 / 5)
    assert (s.median_steps_wasted, s.p90_steps_wasted) == (1.0, 2)
    assert {k: (r.detected, r.total) for k, r in s.by_kind.items()} == {
        "?": (0, 1),
        "cycle": (1, 1),
        "identical_call": (1, 1),
        "same_tool": (1, 1),
    }


def test_ratios_are_none_without_a_denominator() -> None:
    s = summarise([score_scenario("e", HEALTHY, [])])
    assert (s.recall, s.clean_recall, s.median_steps_wasted, s.p90_steps_wasted) == (None, None, None, None)


def test_nearest_rank_percentile() -> None:
    assert nearest_rank([], 90) is None
    assert nearest_rank([3, 1, 2], 90) == 3
    assert nearest_rank(list(range(1, 11)), 90) == 9


def test_thresholds_name_the_measured_values() -> None:
    s = summarise([score_scenario("a", LOOP_AT_5, []), score_scenario("d", HEALTHY, [v(2)])])
    assert check(s, Thresholds()) == []
    failures = check(s, Thresholds(min_clean_recall=0.5, max_flagged=0))
    assert failures == [
        "clean recall 0.00 (0/1) is below --min-clean-recall 0.5",
        "1 of 1 healthy runs flagged, more than --max-flagged 0",
    ]
    assert check(s, Thresholds(min_clean_recall=0.0, max_flagged=1)) == []


def test_a_clean_recall_bar_without_loops_fails() -> None:
    s = summarise([score_scenario("e", HEALTHY, [])])
    assert check(s, Thresholds(min_clean_recall=0.5)) == [
        "clean recall cannot be measured: no labelled loops among the scenarios"
    ]
