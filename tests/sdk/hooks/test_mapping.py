"""The shared mapping: trace ids, locally hashed events (privacy mode) and denial results."""

from __future__ import annotations

import uuid

import pytest

from loopwatch.events import Step, ToolResult
from loopwatch.hooks import claude_code, gemini_cli
from loopwatch.hooks.mapping import (
    DENIED,
    LOCAL_EVENTS_KEY,
    HookError,
    denial_result,
    events_of,
    local_events,
    local_events_json,
    tool_call_of,
    trace_context,
)
from tests.sdk.hooks.hook_payloads import FAILING, claude_tool, gemini

SESSION = str(uuid.uuid4())


def test_the_nil_uuid_is_hashed_not_used() -> None:
    context = trace_context(claude_code.parse(claude_tool(str(uuid.UUID(int=0)), "PreToolUse", "t1")))
    assert int(context.trace_id, 16) != 0


def test_hashed_events_round_trip_without_content() -> None:
    call = claude_code.parse(claude_tool(SESSION, "PostToolUseFailure", "toolu_1", error=FAILING))
    hashed = events_of(call, capture_content=False)
    decoded = local_events({LOCAL_EVENTS_KEY: local_events_json(hashed)})
    assert decoded is not None
    step, result = decoded
    assert isinstance(step, Step)
    assert isinstance(result, ToolResult)
    assert step.tool_calls[0].arguments is None
    with_content = events_of(call)[0]
    assert isinstance(with_content, Step)
    assert step.tool_calls[0].fingerprint == with_content.tool_calls[0].fingerprint
    assert result.preview is None
    assert result.is_error
    assert "assert 41" not in str(local_events_json(hashed))


def test_absent_local_events_are_none() -> None:
    assert local_events({}) is None


@pytest.mark.parametrize(
    ("value", "field"),
    [
        ({}, LOCAL_EVENTS_KEY),
        ([{"event_id": 5}], f"{LOCAL_EVENTS_KEY}[0]"),
        ([{}], f"{LOCAL_EVENTS_KEY}[0].event_id"),
    ],
)
def test_bad_local_events_name_the_field(value: object, field: str) -> None:
    with pytest.raises(ValueError, match=r"loopwatch_events") as raised:
        local_events({LOCAL_EVENTS_KEY: value})
    assert str(raised.value).startswith(field)


def test_a_denial_is_the_calls_failed_result_under_its_own_result_id() -> None:
    call = claude_code.parse(claude_tool(SESSION, "PreToolUse", "toolu_7"))
    tool = tool_call_of(call)
    assert tool is not None
    denied = denial_result(call, tool, "[loopwatch] looping")
    assert (denied.event_id, denied.call_id, denied.is_error, denied.error_type) == (
        "result:toolu_7",
        "toolu_7",
        True,
        DENIED,
    )


def test_a_gemini_denial_gets_an_id_from_the_call_timestamp() -> None:
    shell = {"tool_name": "run_shell_command", "tool_input": {"command": "ls"}}
    call = gemini_cli.parse(gemini(SESSION, "BeforeTool", "2026-12-02T09:00:00Z", **shell))
    tool = tool_call_of(call)
    assert tool is not None
    assert denial_result(call, tool, "no").event_id == f"result:2026-12-02T09:00:00Z:{tool.id}"


def test_hook_error_is_a_wire_error_naming_the_field() -> None:
    error = HookError("tool_use_id", "required")
    assert (error.field, str(error)) == ("tool_use_id", "tool_use_id: required")
