"""Policy: the nudge -> withdraw -> halt ladder and its budget."""

from __future__ import annotations

import pytest

from loopwatch.detect.policy import Policy, PolicyConfig, new_user_turn
from loopwatch.detect.session import PolicyState
from loopwatch.events import ToolCall
from loopwatch.verdict import Action, Finding, Severity

ARGS = '{"q":"x"}'
REPEATED = ToolCall.create(id="c", name="grep", arguments={"q": "x"})


def finding(key: str = "loop:a", severity: Severity = Severity.LOOP, tool: str = "grep") -> Finding:
    return Finding(
        detector="identical_call",
        key=key,
        summary=f"`{tool}({ARGS})` was called 3 times in a row with the same result",
        count=3,
        first_step=1,
        last_step=3,
        severity=severity,
        tool_name=tool,
        call_fingerprint=REPEATED.fingerprint if tool == "grep" else None,
        arguments=ARGS,
        last_result_preview="no matches",
    )


def test_a_loop_gets_one_honest_nudge_naming_the_call_and_the_result() -> None:
    verdict = Policy().decide(PolicyState(), 3, [finding()])
    assert verdict.action is Action.NUDGE
    assert verdict.message is not None
    assert "automatic loop guard" in verdict.message
    assert "grep" in verdict.message
    assert "3 times" in verdict.message
    assert '"no matches"' in verdict.message
    assert "final answer" in verdict.message


def test_no_finding_and_soft_findings_continue() -> None:
    policy, state = Policy(), PolicyState()
    assert policy.decide(state, 1, []).action is Action.CONTINUE
    assert policy.decide(state, 2, [finding(severity=Severity.NOTICE)]).action is Action.CONTINUE
    assert state.nudges == 0


def test_ignored_nudges_escalate_to_withdraw_then_halt() -> None:
    policy, state = Policy(), PolicyState()
    actions = [policy.decide(state, n, [finding()]).action for n in range(3, 8)]
    assert actions == [Action.NUDGE, Action.CONTINUE, Action.WITHDRAW_TOOLS, Action.HALT, Action.HALT]


def test_a_new_user_turn_gives_withdrawn_tools_back_and_a_resumed_loop_is_withdrawn_again() -> None:
    policy, state = Policy(), PolicyState()
    actions = [policy.decide(state, n, [finding()]).action for n in range(3, 6)]
    assert actions[-1] is Action.WITHDRAW_TOOLS
    new_user_turn(state)
    assert policy.before_tool_call(state, 6, REPEATED).action is Action.CONTINUE
    assert policy.decide(state, 6, []).action is Action.CONTINUE
    assert policy.decide(state, 9, [finding()]).action is Action.WITHDRAW_TOOLS  # no new budget
    assert policy.before_tool_call(state, 10, REPEATED).action is Action.HALT


def test_a_new_user_turn_does_not_lift_a_halt() -> None:
    policy, state = Policy(), PolicyState()
    for n in range(3, 7):
        policy.decide(state, n, [finding()])
    assert state.halted
    new_user_turn(state)
    assert policy.before_tool_call(state, 8, REPEATED).action is Action.HALT


def test_the_budget_is_not_refilled_by_a_brief_correction() -> None:
    policy, state = Policy(), PolicyState()
    assert policy.decide(state, 3, [finding()]).action is Action.NUDGE
    assert policy.decide(state, 4, [finding()]).action is Action.CONTINUE  # ignored once
    assert policy.decide(state, 5, []).action is Action.CONTINUE  # a brief course correction
    assert policy.decide(state, 8, [finding()]).action is Action.WITHDRAW_TOOLS


def test_a_new_loop_after_the_budget_is_spent_withdraws_without_another_nudge() -> None:
    policy, state = Policy(PolicyConfig(ignored_nudges_before_withdraw=1)), PolicyState()
    assert policy.decide(state, 3, [finding("loop:a")]).action is Action.NUDGE
    assert policy.decide(state, 4, [finding("loop:a")]).action is Action.WITHDRAW_TOOLS


def test_a_different_loop_gets_its_own_nudge_while_budget_remains() -> None:
    policy, state = Policy(), PolicyState()
    assert policy.decide(state, 3, [finding("loop:a", tool="grep")]).action is Action.NUDGE
    assert policy.decide(state, 9, [finding("loop:b", tool="find")]).action is Action.NUDGE
    assert state.nudges == 2


def test_a_hard_limit_halts_at_once() -> None:
    verdict = Policy().decide(PolicyState(), 1, [finding(severity=Severity.LIMIT)])
    assert verdict.action is Action.HALT
    assert verdict.finding is not None
    assert verdict.finding.severity is Severity.LIMIT


def test_before_tool_call_stops_a_nudged_call_once_the_budget_is_spent() -> None:
    policy, state = Policy(PolicyConfig(ignored_nudges_before_withdraw=1)), PolicyState()
    policy.decide(state, 3, [finding()])
    repeat = REPEATED
    other = ToolCall.create(id="d", name="grep", arguments={"q": "y"})
    assert policy.before_tool_call(state, 3, repeat).action is Action.CONTINUE  # budget left
    state.ignored_nudges = 1
    assert policy.before_tool_call(state, 4, other).action is Action.CONTINUE
    assert policy.before_tool_call(state, 4, repeat).action is Action.HALT


def test_config_errors_name_the_key() -> None:
    with pytest.raises(ValueError, match="ignored_nudges_before_withdraw"):
        Policy(PolicyConfig(ignored_nudges_before_withdraw=-1))


def test_before_tool_call_recognises_the_nudged_call_in_privacy_mode() -> None:
    policy, state = Policy(PolicyConfig(ignored_nudges_before_withdraw=1)), PolicyState()
    policy.decide(state, 3, [finding()])
    state.ignored_nudges = 1
    private = ToolCall.create(id="p", name="grep", arguments={"q": "x"}, capture_content=False)
    assert private.arguments is None
    assert policy.before_tool_call(state, 4, private).action is Action.HALT
