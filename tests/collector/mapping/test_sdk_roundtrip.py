"""Spans built with the SDK's own attribute builders map back to the very events the SDK sends
through ``LoopGuard.Evaluate`` (same ids, fingerprints, sketch): counted once either way."""

from __future__ import annotations

import dataclasses

import pytest
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from loopwatch import Engine, Loopwatch
from loopwatch.events import Step, ToolCall, ToolResult, Usage, UserMessage
from loopwatch.wire import attributes as wire_attrs
from loopwatch.wire import ids
from loopwatch_collector.mapping import SpanMapper, SpanView, span_view_from_proto
from tests.collector.mapping.span_builders import span


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
    chat = span(
        {"gen_ai.operation.name": "chat", **wire_attrs.chat_attributes(step, capture_content=capture)}
    )
    tool_attrs = wire_attrs.tool_attributes(call, result, content="TODO: outline", capture_content=capture)
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


def _otlp_views(exporter: InMemorySpanExporter) -> list[SpanView]:
    """The SDK's finished spans as the OTLP receivers see them (the OTel exporter's encoder)."""
    request = encode_spans(exporter.get_finished_spans())
    return [
        span_view_from_proto(s, {})
        for resource_spans in request.resource_spans
        for scope_spans in resource_spans.scope_spans
        for s in scope_spans.spans
    ]


def test_otlp_only_agent_gets_its_user_turns_as_boundaries() -> None:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    lw = Loopwatch(agent="otlp-only", tracer_provider=provider)  # no guard: spans are all there is
    with lw.run() as run:
        for turn in range(2):
            run.user_message(f"question {turn}")
            for i in range(2):
                with run.chat("m") as chat:
                    step = chat.record(tool_calls=[{"id": f"c{turn}{i}", "name": "search", "arguments": {}}])
                with run.tool(step.tool_calls[0]) as tool:
                    tool.set_result("nothing")
    (trace,) = SpanMapper(capture_content=False).map(_otlp_views(exporter))
    kinds = [type(e).__name__ for e in trace.events]
    one_turn = ["UserMessage", "Step", "ToolResult", "Step", "ToolResult"]
    assert kinds == one_turn + one_turn
    users = [e for e in trace.events if isinstance(e, UserMessage)]
    agent_span = format(_span_id(exporter), "016x")
    assert [u.event_id for u in users] == [ids.user_message_id(agent_span, n) for n in (1, 2)]
    engine = Engine()
    state = engine.new_session()
    engine.ingest(state, trace.events)
    assert state.turn == 2


def _span_id(exporter: InMemorySpanExporter) -> int:
    (agent,) = [s for s in exporter.get_finished_spans() if s.name.startswith("invoke_agent")]
    assert agent.context is not None
    return int(agent.context.span_id)
