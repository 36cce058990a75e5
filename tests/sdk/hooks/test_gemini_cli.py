"""Gemini CLI's hook JSON (no call ids: calls are told apart by ``timestamp``) and answers."""

from __future__ import annotations

import pytest

from loopwatch.events import Step, ToolResult, UserMessage
from loopwatch.hooks import gemini_cli
from loopwatch.hooks.mapping import (
    DecisionKind,
    HookDecision,
    HookError,
    HookKind,
    events_of,
)
from tests.sdk.hooks.hook_payloads import gemini

SESSION = "gemini-session-1"
SHELL = {"tool_name": "run_shell_command", "tool_input": {"command": "npm test"}}


def test_before_agent_is_a_user_message() -> None:
    call = gemini_cli.parse(gemini(SESSION, "BeforeAgent", "2026-12-02T09:00:00.000Z", prompt="fix it"))
    assert call.kind is HookKind.PROMPT
    assert isinstance(events_of(call)[0], UserMessage)


def test_before_and_after_tool_pair_by_the_call_fingerprint() -> None:
    before = gemini_cli.parse(gemini(SESSION, "BeforeTool", "2026-12-02T09:00:01.000Z", **SHELL))
    after = gemini_cli.parse(
        gemini(
            SESSION,
            "AfterTool",
            "2026-12-02T09:00:02.000Z",
            **SHELL,
            tool_response={"llmContent": "1 failing", "returnDisplay": "1 failing", "error": "exit 1"},
        )
    )
    (step,) = events_of(before)
    (result,) = events_of(after)  # AfterTool cannot repeat BeforeTool's step id
    assert isinstance(step, Step)
    assert isinstance(result, ToolResult)
    assert result.call_id == step.tool_calls[0].id
    assert result.is_error
    assert result.preview == "1 failing"


def _shell_result(timestamp: str, pgid: int, exit_code: int) -> ToolResult:
    lines = [
        "Output: FAIL: total is 41",
        *([f"Exit Code: {exit_code}"] if exit_code else []),
        f"Process Group PGID: {pgid}",
    ]
    response = {"llmContent": "\n".join(lines), "returnDisplay": "FAIL: total is 41"}
    (result,) = events_of(
        gemini_cli.parse(gemini(SESSION, "AfterTool", timestamp, **SHELL, tool_response=response))
    )
    assert isinstance(result, ToolResult)
    return result


def test_a_shell_commands_process_group_is_not_part_of_its_result() -> None:
    first = _shell_result("2026-12-02T09:00:02.000Z", pgid=22416, exit_code=1)
    second = _shell_result("2026-12-02T09:00:09.000Z", pgid=22608, exit_code=1)
    assert first.fingerprint == second.fingerprint
    assert first.preview is not None
    assert "PGID" not in first.preview


def test_a_shell_commands_exit_code_marks_a_failure() -> None:
    assert _shell_result("2026-12-02T09:00:02.000Z", pgid=7, exit_code=2).is_error
    assert not _shell_result("2026-12-02T09:00:03.000Z", pgid=7, exit_code=0).is_error


def test_another_tools_text_is_kept_as_it_is() -> None:
    response = {"llmContent": "Process Group PGID: 5\nExit Code: 3"}
    read = {"tool_name": "read_file", "tool_input": {"file_path": "notes.txt"}}
    (result,) = events_of(
        gemini_cli.parse(gemini(SESSION, "AfterTool", "t1", **read, tool_response=response))
    )
    assert isinstance(result, ToolResult)
    assert result.preview is not None
    assert "PGID: 5" in result.preview
    assert not result.is_error


def test_the_same_call_twice_is_two_steps() -> None:
    first = events_of(gemini_cli.parse(gemini(SESSION, "BeforeTool", "2026-12-02T09:00:01.000Z", **SHELL)))
    second = events_of(gemini_cli.parse(gemini(SESSION, "BeforeTool", "2026-12-02T09:00:05.000Z", **SHELL)))
    assert first[0].event_id != second[0].event_id


def test_after_agent_ends_the_batch_and_session_start_is_ignored() -> None:
    assert (
        gemini_cli.parse(gemini(SESSION, "AfterAgent", "t", prompt="p", prompt_response="r")).kind
        is HookKind.STOP
    )
    assert gemini_cli.parse(gemini(SESSION, "SessionStart", "t", source="startup")).kind is HookKind.OTHER


def test_timestamp_is_required() -> None:
    payload = gemini(SESSION, "BeforeTool", "t", **SHELL)
    del payload["timestamp"]
    with pytest.raises(HookError) as raised:
        gemini_cli.parse(payload)
    assert raised.value.field == "timestamp"


def _render(event: str, kind: DecisionKind) -> dict[str, object]:
    call = gemini_cli.parse(gemini(SESSION, event, "2026-12-02T09:00:01.000Z", **SHELL, prompt="p"))
    return gemini_cli.render(call, HookDecision(kind, "why"))


def test_answers_in_gemini_format() -> None:
    assert _render("BeforeTool", DecisionKind.NONE) == {}
    assert _render("BeforeTool", DecisionKind.DENY) == {"decision": "deny", "reason": "why"}
    assert _render("AfterTool", DecisionKind.CONTEXT) == {
        "hookSpecificOutput": {"hookEventName": "AfterTool", "additionalContext": "why"}
    }
    assert _render("BeforeTool", DecisionKind.CONTEXT) == {"systemMessage": "why"}
    assert _render("AfterTool", DecisionKind.STOP) == {"continue": False, "stopReason": "why"}
    assert _render("BeforeTool", DecisionKind.STOP) == {
        "continue": False,
        "stopReason": "why",
        "decision": "deny",
        "reason": "why",
    }
