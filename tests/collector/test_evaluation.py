"""Scoring verdicts against labels: the shared scorer's definitions, boundary by boundary."""

from __future__ import annotations

import pytest

from loopwatch.scenario import Label
from loopwatch.verdict import Action, Finding, Verdict
from loopwatch_collector.evaluation import (
    Limit,
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


@pytest.mark.parametrize(
    ("verdicts", "nudged", "harmed"),
    [
        ([], False, False),
        ([v(3), v(4)], True, False),
        ([v(3), v(5, Action.WITHDRAW_TOOLS)], False, True),
        ([v(7, Action.HALT)], False, True),
    ],
)
def test_a_flagged_healthy_run_is_harmed_by_withdraw_tools_or_halt_else_nudged(
    verdicts: list[Verdict], nudged: bool, harmed: bool
) -> None:
    score = score_scenario("h", HEALTHY, verdicts)
    assert (score.flagged, score.nudged, score.harmed) == (nudged or harmed, nudged, harmed)


def test_a_loop_is_never_nudged_or_harmed() -> None:
    score = score_scenario("s", LOOP_AT_5, [v(2, Action.HALT)])
    assert (score.nudged, score.harmed) == (False, False)


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
    assert (s.nudged, s.harmed, s.nudged_rate, s.harmed_rate) == (1, 0, 0.5, 0.0)
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


def test_nudged_and_harmed_add_up_to_flagged_with_rates_over_healthy_runs() -> None:
    scores = [
        score_scenario("n", HEALTHY, [v(2)]),
        score_scenario("w", HEALTHY, [v(2), v(4, Action.WITHDRAW_TOOLS)]),
        score_scenario("h", HEALTHY, [v(6, Action.HALT)]),
        score_scenario("q", HEALTHY, []),
        score_scenario("a", LOOP_AT_5, [v(1, Action.HALT)]),
    ]
    s = summarise(scores)
    assert (s.flagged, s.nudged, s.harmed) == (3, 1, 2)
    assert (s.nudged_rate, s.harmed_rate) == (0.25, 0.5)


@pytest.mark.parametrize(
    ("text", "count", "rate"),
    [
        ("0", 0, None),
        ("3", 3, None),
        ("0.05", None, 0.05),
        ("5%", None, 0.05),
        ("1.0", None, 1.0),
        (" 0 ", 0, None),
    ],
)
def test_a_limit_is_a_count_or_a_rate(text: str, count: int | None, rate: float | None) -> None:
    limit = Limit.parse(text)
    assert (limit.count, limit.rate) == (count, rate)


@pytest.mark.parametrize("text", ["", "-1", "1.5", "101%", "many", "nan", "-0.1", "inf"])
def test_a_limit_that_is_neither_count_nor_rate_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="neither a count"):
        Limit.parse(text)


def test_a_count_limit_allows_exactly_that_many_and_a_rate_limit_that_share() -> None:
    assert not Limit.parse("1").exceeded(1, 10)
    assert Limit.parse("1").exceeded(2, 10)
    assert not Limit.parse("0.05").exceeded(1, 20)
    assert Limit.parse("0.05").exceeded(2, 20)
    assert not Limit.parse("0%").exceeded(0, 0)


def test_the_harmed_bar_names_the_count_the_rate_and_the_limit_as_written() -> None:
    s = summarise([score_scenario("w", HEALTHY, [v(4, Action.HALT)]), score_scenario("q", HEALTHY, [v(2)])])
    assert check(s, Thresholds(max_harmed=Limit.parse("1"))) == []
    assert check(s, Thresholds(max_harmed=Limit.parse("10%"))) == [
        "1 of 2 healthy runs harmed (0.50), more than --max-harmed 10%"
    ]
