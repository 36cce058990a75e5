"""Codex's hook JSON (Claude Code's schema plus ``turn_id``; no failure event) and answers."""

from __future__ import annotations

from loopwatch.events import Step, ToolResult
from loopwatch.hooks import codex
from loopwatch.hooks.mapping import (
    DecisionKind,
    HookDecision,
    HookKind,
    events_of,
    trace_context,
)
from tests.sdk.hooks.hook_payloads import codex as payload

SESSION = "0199a213-81c0-7800-8aa1-bbab2a035a53"


def test_events_map_like_claude_code_with_agent_codex() -> None:
    prompt = codex.parse(payload(SESSION, "UserPromptSubmit", prompt="make the build green"))
    assert prompt.kind is HookKind.PROMPT
    assert trace_context(prompt).agent == "codex"
    before = codex.parse(
        payload(
            SESSION,
            "PreToolUse",
            tool_name="Bash",
            tool_input={"command": "cargo test"},
            tool_use_id="call_1",
        )
    )
    (step,) = events_of(before)
    assert isinstance(step, Step)
    assert step.tool_calls[0].id == "call_1"
    assert codex.parse(payload(SESSION, "Stop", stop_hook_active=False)).kind is HookKind.STOP


def test_turn_id_keeps_two_identical_prompts_apart() -> None:
    first = events_of(codex.parse(payload(SESSION, "UserPromptSubmit", prompt="again", turn=1)))
    second = events_of(codex.parse(payload(SESSION, "UserPromptSubmit", prompt="again", turn=2)))
    assert first[0].event_id != second[0].event_id


def test_the_output_is_the_result() -> None:
    ran = payload(
        SESSION,
        "PostToolUse",
        tool_name="Bash",
        tool_input={"command": "python3 check.py"},
        tool_use_id="call_1",
        tool_response="FAIL: total is 41, expected 42\n",
    )
    _, result = events_of(codex.parse(ran))
    assert isinstance(result, ToolResult)
    assert result.preview == "FAIL: total is 41, expected 42"
    assert not result.is_error


def test_answers_are_claude_codes() -> None:
    call = codex.parse(
        payload(SESSION, "PreToolUse", tool_name="Bash", tool_input={"command": "ls"}, tool_use_id="call_1")
    )
    answer = codex.render(call, HookDecision(DecisionKind.DENY, "looping"))
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"
    after = codex.parse(
        payload(SESSION, "PostToolUse", tool_name="Bash", tool_input={"command": "ls"}, tool_use_id="call_1")
    )
    assert codex.render(after, HookDecision(DecisionKind.STOP, "halted")) == {
        "continue": False,
        "stopReason": "halted",
    }


def test_a_stop_before_a_call_is_a_deny_with_the_reason() -> None:
    call = codex.parse(
        payload(SESSION, "PreToolUse", tool_name="Bash", tool_input={"command": "ls"}, tool_use_id="call_1")
    )
    assert codex.render(call, HookDecision(DecisionKind.STOP, "halted")) == {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "halted",
        }
    }
