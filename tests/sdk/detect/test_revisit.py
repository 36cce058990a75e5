from __future__ import annotations

import pytest

from loopwatch.detect.revisit import Revisit, RevisitConfig
from loopwatch.verdict import Severity
from tests.sdk.detect.detect_builders import USER, StepSpec, call, run, step

FILES = [step(call("read_file", {"path": f"src/m{i}.py"}, f"module {i}")) for i in range(5)]
# Re-reads out of order: never a strict cycle, never the same call twice in a row.
SHUFFLED = [FILES[i] for i in (2, 0, 3, 1, 4, 2, 4, 0, 3, 1, 0, 2, 1, 4, 3, 0, 2)]


def explore_then_revisit(stale: int) -> list[StepSpec]:
    return [*FILES, *SHUFFLED[:stale]]


def test_fourteen_stale_steps_are_not_a_loop() -> None:
    assert run(Revisit(), explore_then_revisit(14)).fired == []


def test_fifteenth_stale_step_fires() -> None:
    finding = run(Revisit(), explore_then_revisit(15)).finding()

    assert finding.detector == "revisit"
    assert finding.key == "revisit:6"
    assert (finding.count, finding.first_step, finding.last_step) == (15, 6, 20)
    assert finding.tool_name == "read_file"
    assert finding.arguments == '{"path":"src/m3.py"}'  # the last step re-read m3
    assert finding.severity is Severity.LOOP


def test_run_continues_under_the_same_key() -> None:
    result = run(Revisit(), explore_then_revisit(17))

    assert [result.finding(n).count for n in (20, 21, 22)] == [15, 16, 17]
    assert {result.finding(n).key for n in (20, 21, 22)} == {"revisit:6"}


def test_one_new_result_breaks_the_run() -> None:
    fresh = step(call("read_file", {"path": "src/new.py"}, "new module"))
    script = [*FILES, *SHUFFLED[:10], fresh, *SHUFFLED[:14]]

    assert run(Revisit(), script).fired == []


def test_rerun_command_whose_output_changed_is_new() -> None:
    runs = [step(call("run_tests", {}, f"{n} failed")) for n in range(20)]
    script = [x for pair in zip(runs, FILES * 4, strict=False) for x in pair]

    assert run(Revisit(), script).fired == []


def test_a_few_rereads_after_a_long_exploration_are_not_a_loop() -> None:
    exploration = [step(call("read_file", {"path": f"f{i}"}, f"file {i}")) for i in range(30)]

    assert run(Revisit(), [*exploration, *exploration[3:7]]).fired == []


def test_new_user_turn_starts_afresh() -> None:
    script = [*FILES, *SHUFFLED[:10], USER, *SHUFFLED[:14]]

    assert run(Revisit(), script).fired == []


def test_configured_threshold_boundary() -> None:
    detector = Revisit(RevisitConfig(stale_steps=3))

    result = run(detector, [*FILES[:2], FILES[0], FILES[1], FILES[0]])

    assert result.findings[:4] == [None] * 4
    finding = result.finding()
    assert (finding.count, finding.first_step, finding.last_step) == (3, 3, 5)


@pytest.mark.parametrize("stale_steps", [0, 1])
def test_values_below_two_switch_it_off(stale_steps: int) -> None:
    detector = Revisit(RevisitConfig(stale_steps=stale_steps))

    assert run(detector, explore_then_revisit(17)).fired == []


@pytest.mark.parametrize(
    ("config", "key"),
    [
        (RevisitConfig(stale_steps=-1), "revisit.stale_steps"),
    ],
)
def test_invalid_config_is_rejected_naming_the_key(config: RevisitConfig, key: str) -> None:
    with pytest.raises(ValueError, match=key.replace(".", r"\.")):
        Revisit(config)
