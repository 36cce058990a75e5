from __future__ import annotations

import dataclasses
from typing import TypedDict, Unpack

import pytest

from loopwatch.detect.budget import Budget, BudgetConfig
from loopwatch.verdict import Severity
from tests.sdk.detect.detect_builders import USER, StepSpec, call, run, step

NS = 1_000_000_000
T0 = 1_764_470_000 * NS
SOFT_OFF = BudgetConfig(max_steps=None, max_tool_calls=None, max_tokens=None, max_wall_time_s=None)


class Limits(TypedDict, total=False):
    """Keyword arguments of ``BudgetConfig`` (each limit, ``None`` = off)."""

    max_steps: int | None
    max_tool_calls: int | None
    max_tokens: int | None
    max_wall_time_s: float | None
    hard_max_steps: int | None
    hard_max_tool_calls: int | None
    hard_max_tokens: int | None
    hard_max_wall_time_s: float | None


def budget(**limits: Unpack[Limits]) -> Budget:
    """A budget with only ``limits`` set (soft defaults off)."""
    return Budget(dataclasses.replace(SOFT_OFF, **limits))


def steps(n: int, *, calls: int = 1, tokens: int = 0, every_s: float | None = None) -> list[StepSpec]:
    return [
        step(
            *(call("read_file", {"path": f"f{i}-{j}"}, f"body {i} {j}") for j in range(calls)),
            input_tokens=tokens // 2,
            output_tokens=tokens - tokens // 2,
            time_unix_ns=0 if every_s is None else T0 + int(i * every_s * NS),
        )
        for i in range(n)
    ]


def test_step_soft_limit_boundary() -> None:
    result = run(budget(max_steps=3), steps(3))

    assert result.findings[:2] == [None, None]
    finding = result.finding()
    assert finding.detector == "budget"
    assert finding.key == "budget:steps"
    assert (finding.count, finding.first_step, finding.last_step) == (3, 1, 3)
    assert finding.tool_name is None
    assert finding.severity is Severity.NOTICE


def test_soft_limit_is_reported_once_per_measure() -> None:
    result = run(budget(max_steps=3), steps(8))

    assert [f.last_step for f in result.fired] == [3]


def test_tool_call_soft_limit_counts_calls_not_steps() -> None:
    result = run(budget(max_tool_calls=5), steps(3, calls=2))

    assert result.findings[:2] == [None, None]
    finding = result.finding()
    assert finding.key == "budget:tool_calls"
    assert finding.count == 6
    assert finding.severity is Severity.NOTICE


def test_token_soft_limit_sums_input_and_output() -> None:
    result = run(budget(max_tokens=1000), steps(4, tokens=300))

    assert result.findings[:3] == [None, None, None]
    finding = result.finding()
    assert finding.key == "budget:tokens"
    assert finding.count == 1200


def test_wall_time_soft_limit_from_step_times() -> None:
    result = run(budget(max_wall_time_s=60.0), steps(4, every_s=30.0))

    assert result.findings[:2] == [None, None]
    finding = result.finding(3)
    assert finding.key == "budget:wall_time_s"
    assert finding.count == 60
    assert finding.severity is Severity.NOTICE
    assert result.findings[3] is None


def test_unknown_step_times_do_not_count_as_elapsed() -> None:
    assert run(budget(max_wall_time_s=1.0), steps(10)).fired == []


def test_each_soft_limit_is_reported_once_over_the_run() -> None:
    result = run(budget(max_steps=2, max_tool_calls=4, max_tokens=100), steps(8, calls=2, tokens=60))

    keys = [f.key for f in result.fired]
    assert sorted(keys) == ["budget:steps", "budget:tokens", "budget:tool_calls"]
    assert {f.severity for f in result.fired} == {Severity.NOTICE}


def test_hard_limit_halts_at_once() -> None:
    result = run(budget(hard_max_steps=4), steps(4))

    assert result.findings[:3] == [None, None, None]
    finding = result.finding()
    assert finding.key == "budget:steps"
    assert (finding.count, finding.first_step, finding.last_step) == (4, 1, 4)
    assert finding.severity is Severity.LIMIT


@pytest.mark.parametrize(
    ("limits", "key"),
    [
        ({"hard_max_tool_calls": 6}, "budget:tool_calls"),
        ({"hard_max_tokens": 900}, "budget:tokens"),
        ({"hard_max_wall_time_s": 60.0}, "budget:wall_time_s"),
    ],
)
def test_every_hard_limit_is_a_limit(limits: Limits, key: str) -> None:
    result = run(budget(**limits), steps(3, calls=2, tokens=300, every_s=30.0))

    assert result.findings[:2] == [None, None]
    finding = result.finding()
    assert finding.key == key
    assert finding.severity is Severity.LIMIT


def test_hard_limit_wins_over_a_soft_limit_crossed_at_the_same_step() -> None:
    result = run(budget(max_steps=3, hard_max_steps=3), steps(3))

    assert result.finding().severity is Severity.LIMIT


def test_defaults_leave_a_long_healthy_run_alone() -> None:
    result = run(Budget(), steps(99, tokens=10_000, every_s=30.0))

    assert result.fired == []


def test_default_soft_step_limit_is_one_hundred() -> None:
    result = run(Budget(), steps(100))

    assert [(f.key, f.last_step, f.severity) for f in result.fired] == [
        ("budget:steps", 100, Severity.NOTICE)
    ]


def test_hard_limits_are_off_by_default() -> None:
    assert all(f.severity is Severity.NOTICE for f in run(Budget(), steps(300, calls=2)).fired)


def test_budget_spans_user_turns() -> None:
    result = run(budget(max_steps=3), [*steps(2), USER, *steps(1)])

    assert result.finding().last_step == 3


@pytest.mark.parametrize(
    "key",
    [
        "max_steps",
        "max_tool_calls",
        "max_tokens",
        "max_wall_time_s",
        "hard_max_steps",
        "hard_max_tool_calls",
        "hard_max_tokens",
        "hard_max_wall_time_s",
    ],
)
@pytest.mark.parametrize("value", [0, -1])
def test_non_positive_limit_is_rejected_naming_the_key(key: str, value: int) -> None:
    with pytest.raises(ValueError, match=rf"budget\.{key}\b"):
        Budget(dataclasses.replace(SOFT_OFF, **{key: value}))
