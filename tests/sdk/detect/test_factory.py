"""build_engine: detector options, per-tool overrides (one mechanism), budgets, errors naming keys."""

from __future__ import annotations

from typing import Any

import pytest

from loopwatch.detect.factory import build_engine
from loopwatch.detect.per_tool import PerToolDetector
from loopwatch.detect.settings import DetectorSettings
from loopwatch.verdict import Action
from tests.sdk.detect.detect_builders import call, events, step

POLLS = [step(call("get_job_status", {"id": "j"}, "status: blocked")) for _ in range(6)]
GREPS = [step(call("grep", {"q": "x"}, "")) for _ in range(3)]


def _actions(settings: DetectorSettings, script: list[Any]) -> list[Action]:
    engine = build_engine(settings)
    return [v.action for v in engine.ingest(engine.new_session(), events(script))]


def _tools(options: dict[str, Any]) -> DetectorSettings:
    return DetectorSettings(
        detectors={"same_tool": {"enabled": False}, "cycle": {"enabled": False}},
        tools={"get_job_status": {"identical_call": options}},
    )


def test_defaults_nudge_the_third_identical_call() -> None:
    assert _actions(DetectorSettings(), GREPS)[2] is Action.NUDGE


@pytest.mark.parametrize("consecutive", [0, 1])
def test_a_tool_override_below_two_exempts_that_tool_only(consecutive: int) -> None:
    settings = _tools({"consecutive": consecutive})
    assert Action.NUDGE not in _actions(settings, POLLS)
    assert _actions(settings, GREPS)[2] is Action.NUDGE


def test_a_tool_override_loosens_or_tightens_that_tool() -> None:
    loose = _actions(_tools({"consecutive": 5}), POLLS)
    assert loose.index(Action.NUDGE) == 4
    assert _actions(_tools({"consecutive": 2}), POLLS)[1] is Action.NUDGE


def test_overridden_detectors_are_wrapped_and_keep_their_name() -> None:
    engine = build_engine(_tools({"consecutive": 5}))
    (wrapped,) = [d for d in engine.config.detectors if d.name == "identical_call"]
    assert isinstance(wrapped, PerToolDetector)


def test_trace_max_steps_is_the_budget_detectors_hard_step_limit() -> None:
    script = [step(call("read", {"n": n}, f"r{n}")) for n in range(4)]
    verdicts = build_engine(DetectorSettings(trace_max_steps=3)).ingest(
        build_engine().new_session(), events(script)
    )
    assert [v.action for v in verdicts][:3] == [Action.CONTINUE, Action.CONTINUE, Action.HALT]
    assert verdicts[2].finding is not None
    assert verdicts[2].finding.key == "budget:steps"


def test_conversation_max_steps_becomes_the_policy_limit() -> None:
    engine = build_engine(DetectorSettings(conversation_max_steps=7))
    assert engine.config.policy.conversation_max_steps == 7


@pytest.mark.parametrize(
    ("settings", "key"),
    [
        (DetectorSettings(tools={"t": {"nope": {}}}), "tools: unknown detector"),
        (DetectorSettings(policy={"bogus": 1}), "policy:"),
        (DetectorSettings(detectors={"identical_call": {"consecutive": -1}}), r"identical_call\.consecutive"),
        (
            DetectorSettings(tools={"t": {"identical_call": {"consecutive": -1}}}),
            r"identical_call\.consecutive",
        ),
        (
            DetectorSettings(trace_max_steps=3, detectors={"budget": {"hard_max_steps": 5}}),
            "budgets.trace_max_steps",
        ),
    ],
)
def test_bad_settings_raise_naming_the_key(settings: DetectorSettings, key: str) -> None:
    with pytest.raises(ValueError, match=key):
        build_engine(settings)
