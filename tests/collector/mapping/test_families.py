"""Each instrumentation family's spans map to the same events (mapping table, OTEL.md 2.1)."""

from __future__ import annotations

import json

from loopwatch.events import Event, Step, ToolResult
from loopwatch_collector.mapping import SpanMapper, SpanView
from loopwatch_collector.mapping.recognise import tool_of
from tests.collector.mapping.span_builders import chat, span


def _only(spans: list[SpanView]) -> list[Event]:
    return [e for t in SpanMapper().map(spans) for e in t.events]


def test_openlit_chat_span_with_comma_joined_tool_names_is_not_a_tool_execution() -> None:
    chat_span = span(
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.tool.name": "read_file, list_dir",
            "gen_ai.tool.call.id": "call_1, call_2",
            "gen_ai.tool.args": '{"p": "a"}, {"d": "/"}',
            "gen_ai.response.finish_reasons": ["tool_calls"],
        }
    )
    assert tool_of(chat_span) is None
    events = _only([chat_span])
    assert len(events) == 1
    step = events[0]
    assert isinstance(step, Step)
    assert [(c.id, c.name, c.arguments) for c in step.tool_calls] == [
        ("call_1", "read_file", None),
        ("call_2", "list_dir", None),
    ]


def test_bare_gen_ai_tool_name_is_never_a_tool_span() -> None:
    assert tool_of(span({"gen_ai.tool.name": "read_file"})) is None


def test_openinference_tool_and_llm_spans() -> None:
    llm = span(
        {
            "openinference.span.kind": "LLM",
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.content": "checking",
            "llm.output_messages.0.message.tool_calls.0.tool_call.id": "oi_1",
            "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": "get_weather",
            "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": '{"city": "Oslo"}',
            "llm.token_count.completion": 7,
        }
    )
    tool = span(
        {
            "openinference.span.kind": "TOOL",
            "tool.name": "get_weather",
            "input.value": '{"city": "Oslo"}',
            "output.value": "rain",
        }
    )
    events = _only([llm, tool])
    step, result = events
    assert isinstance(step, Step)
    assert step.text == "checking"
    assert step.usage is not None
    assert step.usage.output_tokens == 7
    assert [(c.id, c.name, c.arguments) for c in step.tool_calls] == [
        ("oi_1", "get_weather", '{"city":"Oslo"}')
    ]
    assert isinstance(result, ToolResult)
    assert result.call_id == "oi_1"  # matched by name: OpenInference tool spans carry no call id
    assert result.preview == "rain"


def test_openinference_results_fed_back_as_tool_messages() -> None:
    first = span(
        {
            "openinference.span.kind": "LLM",
            "llm.output_messages.0.message.tool_calls.0.tool_call.id": "t1",
            "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": "ls",
            "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": "{}",
        }
    )
    second = span(
        {
            "openinference.span.kind": "LLM",
            "llm.input_messages.1.message.role": "tool",
            "llm.input_messages.1.message.tool_call_id": "t1",
            "llm.input_messages.1.message.content": "a.txt",
            "llm.output_messages.0.message.content": "done",
        }
    )
    events = _only([first, second])
    assert [e.event_id for e in events][:2] == ["step:t1", "result:t1"]
    assert isinstance(events[1], ToolResult)
    assert events[1].preview == "a.txt"


def test_traceloop_decorator_envelope_is_unwrapped() -> None:
    tool = span(
        {
            "traceloop.span.kind": "tool",
            "traceloop.entity.name": "search",
            "traceloop.entity.input": json.dumps({"args": [], "kwargs": {"q": "x"}}),
            "traceloop.entity.output": '"nothing"',
        },
        name="search.tool",
    )
    step = _only([tool])[0]
    assert isinstance(step, Step)
    assert step.tool_calls[0].name == "search"
    assert step.tool_calls[0].arguments == '{"q":"x"}'


def test_traceloop_langchain_envelope_is_unwrapped() -> None:
    wrapped = json.dumps(
        {"input_str": "{'q': 'x'}", "tags": [], "metadata": {}, "inputs": {"q": "x"}, "kwargs": {}}
    )
    tool = span(
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "search",
            "gen_ai.tool.call.arguments": wrapped,
        }
    )
    step = _only([tool])[0]
    assert isinstance(step, Step)
    assert step.tool_calls[0].arguments == '{"q":"x"}'


def test_traceloop_legacy_completion_attributes() -> None:
    llm = span(
        {
            "llm.request.type": "chat",
            "gen_ai.completion.0.content": "",
            "gen_ai.completion.0.finish_reason": "tool_calls",
            "gen_ai.completion.0.tool_calls.0.id": "tl_1",
            "gen_ai.completion.0.tool_calls.0.name": "ls",
            "gen_ai.completion.0.tool_calls.0.arguments": '{"d": "/"}',
        }
    )
    step = _only([llm])[0]
    assert isinstance(step, Step)
    assert [(c.id, c.name) for c in step.tool_calls] == [("tl_1", "ls")]
    assert step.finish_reason == "tool_calls"


def test_pydantic_ai_v2_running_tool_and_validation_failure() -> None:
    ran = span(
        {
            "gen_ai.tool.name": "roll",
            "tool_arguments": '{"n": 6}',
            "tool_response": "4",
            "gen_ai.tool.call.id": "p1",
        },
        name="running tool",
    )
    rejected = span(
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "roll",
            "gen_ai.tool.call.id": "p2",
            "pydantic_ai.tool.failure_stage": "validation",
        }
    )
    results = [e for e in _only([ran, rejected]) if isinstance(e, ToolResult)]
    assert [(r.call_id, r.is_error, r.error_type) for r in results] == [
        ("p1", False, None),
        ("p2", True, "validation"),
    ]


def test_mcp_client_span_counts_and_server_span_is_ignored() -> None:
    client = span(
        {"mcp.method.name": "tools/call", "gen_ai.tool.call.arguments": '{"x": 1}'},
        name="tools/call get_weather",
    )
    server = span(
        {
            "mcp.method.name": "tools/call",
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "get_weather",
        },
        name="tools/call get_weather",
        parent=client.span_id,
    )
    object.__setattr__(server, "kind", 2)
    assert tool_of(server) is None
    found = tool_of(client)
    assert found is not None
    assert (found.family, found.name) == ("mcp", "get_weather")


def test_langsmith_and_langfuse_tool_spans() -> None:
    smith = span({"langsmith.span.kind": "tool", "gen_ai.prompt": '{"input": {"q": 1}}'}, name="lookup")
    fuse = span(
        {"langfuse.observation.type": "tool", "langfuse.observation.input": '{"q": 2}'}, name="lookup"
    )
    assert [(t.family, t.arguments) for t in (tool_of(smith), tool_of(fuse)) if t] == [
        ("langsmith", {"q": 1}),
        ("langfuse", {"q": 2}),
    ]


def test_loopwatch_sdk_spans_keep_their_event_ids_and_fingerprints() -> None:
    llm = chat(
        calls=[("sdk_1", "ls", {"d": "/"})],
        extra={
            "loopwatch.event.id": "0123456789abcdef",
            "loopwatch.step.tool_call.ids": ["sdk_1"],
            "loopwatch.step.tool_call.names": ["ls"],
            "loopwatch.step.tool_call.fingerprints": ["feedfacefeedface"],
        },
    )
    tool = span(
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "ls",
            "gen_ai.tool.call.id": "sdk_1",
            "loopwatch.event.id": "fedcba9876543210",
            "loopwatch.tool.result.fingerprint": "0000111122223333",
            "loopwatch.tool.result.size": 12,
        }
    )
    step, result = _only([llm, tool])
    assert isinstance(step, Step)
    assert step.event_id == "0123456789abcdef"
    assert step.tool_calls[0].fingerprint == "feedfacefeedface"
    assert step.tool_calls[0].arguments == '{"d":"/"}'
    assert isinstance(result, ToolResult)
    assert (result.event_id, result.fingerprint, result.size) == ("fedcba9876543210", "0000111122223333", 12)
