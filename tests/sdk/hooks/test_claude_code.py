"""Claude Code's hook JSON to loopwatch events, and decisions to Claude Code's answers."""

from __future__ import annotations

import uuid

import pytest

from loopwatch.events import Step, ToolResult, UserMessage
from loopwatch.hooks import claude_code
from loopwatch.hooks.mapping import (
    DecisionKind,
    HookDecision,
    HookError,
    HookKind,
    events_of,
    trace_context,
)
from tests.sdk.hooks.hook_payloads import FAILING, claude, claude_tool

SESSION = str(uuid.UUID(int=7))


def test_prompt_is_a_user_message() -> None:
    call = claude_code.parse(claude(SESSION, "UserPromptSubmit", prompt="fix the failing test"))
    assert call.kind is HookKind.PROMPT
    (event,) = events_of(call)
    assert isinstance(event, UserMessage)
    assert event.sketch is not None


def test_the_same_prompt_twice_is_two_messages() -> None:
    first = events_of(claude_code.parse(claude(SESSION, "UserPromptSubmit", prompt="again")))
    second = events_of(claude_code.parse(claude(SESSION, "UserPromptSubmit", prompt="again")))
    assert first[0].event_id != second[0].event_id


def test_pre_tool_use_is_a_step_with_the_call() -> None:
    call = claude_code.parse(claude_tool(SESSION, "PreToolUse", "toolu_1"))
    assert call.kind is HookKind.BEFORE_TOOL
    (step,) = events_of(call)
    assert isinstance(step, Step)
    assert step.event_id == "call:toolu_1"
    assert [(c.id, c.name) for c in step.tool_calls] == [("toolu_1", "Bash")]
    assert step.tool_calls[0].arguments == '{"command":"pytest -x"}'


def test_post_tool_use_repeats_the_step_and_adds_the_result() -> None:
    payload = claude_tool(
        SESSION, "PostToolUse", "toolu_1", tool_response={"stdout": "3 passed", "stderr": ""}
    )
    step, result = events_of(claude_code.parse(payload))
    assert step.event_id == "call:toolu_1"
    assert isinstance(result, ToolResult)
    assert (result.event_id, result.call_id, result.is_error) == ("result:toolu_1", "toolu_1", False)
    assert result.preview is not None
    assert "3 passed" in result.preview


def test_post_tool_use_failure_is_a_failed_result() -> None:
    payload = claude_tool(SESSION, "PostToolUseFailure", "toolu_2", error=FAILING, is_interrupt=False)
    _, result = events_of(claude_code.parse(payload))
    assert isinstance(result, ToolResult)
    assert result.is_error
    assert result.preview is not None
    assert "assert 41 == 42" in result.preview


@pytest.mark.parametrize("event", ["Stop", "SubagentStop", "SessionEnd"])
def test_stop_events_end_the_batch_without_events(event: str) -> None:
    call = claude_code.parse(claude(SESSION, event, stop_hook_active=False))
    assert call.kind is HookKind.STOP
    assert events_of(call) == []


@pytest.mark.parametrize("event", ["SessionStart", "Notification", "PreCompact", "SomethingNew"])
def test_other_events_are_ignored(event: str) -> None:
    assert claude_code.parse(claude(SESSION, event)).kind is HookKind.OTHER


def test_session_is_one_trace_and_a_subagent_its_own_in_the_same_conversation() -> None:
    main = trace_context(claude_code.parse(claude_tool(SESSION, "PreToolUse", "toolu_1")))
    sub = trace_context(claude_code.parse(claude_tool(SESSION, "PreToolUse", "toolu_9", agent_id="agent-a1")))
    assert main.trace_id == uuid.UUID(SESSION).hex
    assert main.agent == sub.agent == "claude-code"
    assert sub.trace_id != main.trace_id
    assert len(sub.trace_id) == 32
    assert main.conversation_id == sub.conversation_id == SESSION


def test_a_session_id_that_is_not_a_uuid_still_makes_a_trace_id() -> None:
    context = trace_context(claude_code.parse(claude("not-a-uuid", "Stop")))
    assert len(context.trace_id) == 32
    assert int(context.trace_id, 16) != 0


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"session_id": SESSION}, "hook_event_name"),
        ({"hook_event_name": "Stop"}, "session_id"),
        (claude(SESSION, "PreToolUse", tool_name="Bash"), "tool_use_id"),
        (claude(SESSION, "PreToolUse", tool_use_id="t1"), "tool_name"),
        (claude(SESSION, "PreToolUse", tool_name="Bash", tool_use_id="t" * 300), "tool_use_id"),
        (claude("s" * 300, "Stop"), "session_id"),
        (claude(SESSION, "UserPromptSubmit", prompt=42), "prompt"),
    ],
)
def test_malformed_payloads_name_the_field(payload: dict[str, object], field: str) -> None:
    with pytest.raises(HookError) as raised:
        claude_code.parse(payload)
    assert raised.value.field == field


def _render(event: str, kind: DecisionKind, message: str = "m") -> dict[str, object]:
    payload = (
        claude_tool(SESSION, event, "toolu_1") if "Tool" in event else claude(SESSION, event, prompt="p")
    )
    return claude_code.render(claude_code.parse(payload), HookDecision(kind, message))


@pytest.mark.parametrize(
    "event", ["PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "Stop"]
)
def test_no_decision_is_an_empty_answer(event: str) -> None:
    assert _render(event, DecisionKind.NONE) == {}


@pytest.mark.parametrize("event", ["PostToolUse", "PostToolUseFailure", "PreToolUse", "UserPromptSubmit"])
def test_context_is_additional_context_for_the_model(event: str) -> None:
    assert _render(event, DecisionKind.CONTEXT, "nudge") == {
        "hookSpecificOutput": {"hookEventName": event, "additionalContext": "nudge"}
    }


def test_context_at_stop_is_a_message_for_the_user() -> None:
    assert _render("Stop", DecisionKind.CONTEXT, "nudge") == {"systemMessage": "nudge"}


def test_deny_before_a_call_is_a_permission_decision_with_the_reason() -> None:
    assert _render("PreToolUse", DecisionKind.DENY, "looping") == {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "looping",
        }
    }


def test_stop_is_continue_false_and_before_a_call_also_denies_it() -> None:
    assert _render("PostToolUse", DecisionKind.STOP, "halted") == {"continue": False, "stopReason": "halted"}
    before = _render("PreToolUse", DecisionKind.STOP, "halted")
    assert before["continue"] is False
    assert before["stopReason"] == "halted"
    assert before["hookSpecificOutput"] == {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": "halted",
    }
