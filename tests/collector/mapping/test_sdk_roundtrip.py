"""Spans built with the SDK's own attribute builders map back to the very events the SDK sends
through ``LoopGuard.Evaluate`` (same ids, fingerprints, sketch): counted once either way."""

from __future__ import annotations

import dataclasses

import pytest
from span_builders import span

from loopwatch import telemetry
from loopwatch.events import Step, ToolCall, ToolResult, Usage
from loopwatch_collector.mapping import SpanMapper


@pytest.mark.parametrize("capture", [False, True])
def test_sdk_chat_and_tool_spans_round_trip(capture: bool) -> None:
    call = ToolCall.create(id="call_rt", name="read_file", arguments={"path": "notes.txt"})
    step = Step.create(
        event_id="0123456789abcdef",
        text="Reading notes.txt to find the report outline again.",
        tool_calls=(call,),
        usage=Usage(input_tokens=30, output_tokens=9),
        finish_reason="tool_calls",
        capture_content=capture,
    )
    result = ToolResult.create(
        event_id="fedcba9876543210", call_id="call_rt", content="TODO: outline", capture_content=capture
    )
    chat = span({"gen_ai.operation.name": "chat", **telemetry.chat_attributes(step, capture_content=capture)})
    tool_attrs = telemetry.tool_attributes(call, result, content="TODO: outline", capture_content=capture)
    tool = span(
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "read_file",
            "gen_ai.tool.call.id": "call_rt",
            **tool_attrs,
        }
    )
    mapped_step, mapped_result = SpanMapper(capture_content=capture).map([chat, tool])[0].events
    assert isinstance(mapped_step, Step)
    assert isinstance(mapped_result, ToolResult)
    expected_step = dataclasses.replace(step, time_unix_ns=mapped_step.time_unix_ns)
    if not capture:
        expected_step = dataclasses.replace(expected_step, refers_to_calls=mapped_step.refers_to_calls)
    assert mapped_step == expected_step
    assert mapped_result == dataclasses.replace(result, time_unix_ns=mapped_result.time_unix_ns)
