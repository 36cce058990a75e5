from __future__ import annotations

import pytest

from loopwatch.detect.cycle import Cycle, CycleConfig
from loopwatch.verdict import Severity
from tests.sdk.detect.detect_builders import USER, call, run, step

A = step(call("read_file", {"path": "src/app.py"}, "def main(): ..."))
B = step(call("run_tests", {}, "1 failed: test_main"))
C = step(call("grep", {"pattern": "main"}, "src/app.py:1"))


def test_three_steps_of_an_alternation_are_not_a_cycle() -> None:
    assert run(Cycle(), [A, B, A]).findings == [None, None, None]


def test_alternation_fires_when_the_pass_is_repeated() -> None:
    finding = run(Cycle(), [A, B, A, B]).finding()

    assert finding.detector == "cycle"
    assert finding.key == "cycle:2:1"
    assert (finding.count, finding.first_step, finding.last_step) == (2, 1, 4)
    assert finding.tool_name == "run_tests"
    assert finding.last_result_preview == "1 failed: test_main"
    assert finding.severity is Severity.LOOP


def test_period_three_boundary() -> None:
    result = run(Cycle(), [A, B, C, A, B, C])

    assert result.findings[:5] == [None] * 5
    finding = result.finding()
    assert finding.key == "cycle:3:1"
    assert (finding.count, finding.first_step, finding.last_step) == (2, 1, 6)
    assert finding.tool_name == "grep"


def test_cycle_after_an_exploration_starts_at_its_first_pass() -> None:
    explore = [step(call("list_dir", {"path": d}, f"{d}: 3 files")) for d in ("a", "b", "c")]

    finding = run(Cycle(), [*explore, A, B, A, B]).finding()

    assert (finding.first_step, finding.last_step) == (4, 7)
    assert finding.key == "cycle:2:4"


def test_continuing_cycle_keeps_its_key_and_counts_passes() -> None:
    result = run(Cycle(), [A, B, A, B, A, B])

    keys = {result.finding(n).key for n in (4, 5, 6)}
    assert keys == {"cycle:2:1"}
    assert result.finding(6).count == 3


def test_long_period_cycle_is_found() -> None:
    pass_ = [step(call("read_file", {"path": f"f{i}.py"}, f"body {i}")) for i in range(10)]

    result = run(Cycle(), pass_ * 2)

    assert result.findings[:19] == [None] * 19
    assert result.finding().key == "cycle:10:1"


def test_edit_test_loop_with_differing_results_is_not_flagged() -> None:
    script = []
    for i in range(6):
        script.append(step(call("edit", {"path": "a.py", "text": f"attempt {i}"}, "edited")))
        script.append(step(call("run_tests", {}, f"{i} failed")))

    assert run(Cycle(), script).fired == []


def test_single_call_repeated_is_left_to_identical_call() -> None:
    assert run(Cycle(), [A] * 8).fired == []


def test_cycle_across_user_turns_is_not_flagged() -> None:
    assert run(Cycle(), [A, B, USER, A, B]).fired == []


THINKING = step(text="Hmm.")


def test_text_only_steps_do_not_hide_a_cycle() -> None:
    result = run(Cycle(), [A, THINKING, B, A, THINKING, B])

    assert result.findings[:5] == [None] * 5
    finding = result.finding()
    assert finding.count == 2
    assert finding.last_step == 6


def test_first_step_counts_text_only_steps_in_between() -> None:
    finding = run(Cycle(), [A, THINKING, B, A, THINKING, B]).finding()

    assert finding.first_step == 1


def test_key_is_stable_when_text_only_steps_interleave() -> None:
    result = run(Cycle(), [A, THINKING, B, A, THINKING, B, THINKING, A])

    assert result.finding(8).key == result.finding(6).key


def test_period_longer_than_max_period_is_not_seen() -> None:
    detector = Cycle(CycleConfig(max_period=2))

    assert run(detector, [A, B, C, A, B, C, A, B, C]).fired == []


@pytest.mark.parametrize("max_period", [1, 0, -3])
def test_max_period_below_two_is_rejected_naming_the_key(max_period: int) -> None:
    with pytest.raises(ValueError, match=r"cycle\.max_period"):
        Cycle(CycleConfig(max_period=max_period))
