"""The instrumentation setups of issue 10, one test per row: spans shaped as each one emits them."""

from __future__ import annotations

import json
from typing import Any

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolResult
from loopwatch.verdict import Action, Verdict
from loopwatch_collector.mapping import SpanMapper, SpanView
from tests.collector.mapping.span_builders import chat, span

STEPS = 7
POLL_STATUSES = ("queued", "25%", "50%", "75%", "running", "finishing", "done")


def _events(spans: list[SpanView], mapper: SpanMapper | None = None) -> list[Event]:
    return [e for t in (mapper or SpanMapper()).map(spans) for e in t.events]


def _verdicts(events: list[Event]) -> list[Verdict]:
    engine = Engine()
    state = engine.new_session()
    return engine.ingest(state, events) + engine.flush(state)


def _first_intervention(verdicts: list[Verdict]) -> int | None:
    for number, verdict in enumerate(verdicts, start=1):
        if verdict.action is not Action.CONTINUE:
            return number
    return None


def _oi_llm(call_id: str, tool: str, args: str, *, parent: str) -> SpanView:
    return span(
        {
            "openinference.span.kind": "LLM",
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.tool_calls.0.tool_call.id": call_id,
            "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": tool,
            "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": args,
        },
        name="ChatOpenAI",
        parent=parent,
    )


def _oi_tool(tool: str, args: str, output: Any, *, parent: str) -> SpanView:
    return span(
        {"openinference.span.kind": "TOOL", "tool.name": tool, "input.value": args, "output.value": output},
        name=tool,
        parent=parent,
    )


def _tool_message(content: str, call_id: str) -> str:
    return json.dumps({"content": content, "type": "tool", "name": "search", "tool_call_id": call_id})


def test_langgraph_tool_message_envelopes_detect_the_stuck_run() -> None:
    root = span({"openinference.span.kind": "CHAIN"}, name="LangGraph")
    spans = [root]
    for i in range(STEPS):
        call_id = f"call_{i:02d}Ab3dE5fG7hJ9kL1mN3pQ"
        spans.append(_oi_llm(call_id, "search", '{"q": "atlantis"}', parent=root.span_id))
        spans.append(
            _oi_tool("search", '{"q": "atlantis"}', _tool_message("not found", call_id), parent=root.span_id)
        )
    events = _events(spans)
    results = [e for e in events if isinstance(e, ToolResult)]
    assert len(results) == STEPS
    assert len({r.fingerprint for r in results}) == 1
    assert results[0].preview == "not found"
    assert _first_intervention(_verdicts(events)) == 3


def test_an_unreadable_envelope_waits_for_the_result_fed_to_the_next_model_call() -> None:
    root = span({"openinference.span.kind": "CHAIN"}, name="LangGraph")
    first = _oi_llm("call_x1", "search", "{}", parent=root.span_id)
    tool = _oi_tool(
        "search", "{}", json.dumps({"type": "tool", "tool_call_id": "call_x1"}), parent=root.span_id
    )
    second = span(
        {
            "openinference.span.kind": "LLM",
            "llm.input_messages.0.message.role": "tool",
            "llm.input_messages.0.message.tool_call_id": "call_x1",
            "llm.input_messages.0.message.content": "not found",
            "llm.output_messages.0.message.content": "giving up",
        },
        parent=root.span_id,
    )
    events = _events([root, first, tool, second])
    result = next(e for e in events if isinstance(e, ToolResult))
    assert result.preview == "not found"


def test_pydantic_ai_v2_running_tool_is_read_before_the_semconv_rule() -> None:
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "search",
        "gen_ai.tool.call.id": "p1",
        "tool_arguments": '{"q": "x"}',
        "tool_response": "not found",
    }
    step, result = _events([span(attrs, name="running tool")])
    assert isinstance(step, Step)
    assert isinstance(result, ToolResult)
    assert step.tool_calls[0].arguments == '{"q":"x"}'
    assert result.preview == "not found"


def test_anthropic_sdk_stop_reason_makes_steps_with_content_off() -> None:
    def call(stop: str) -> SpanView:
        return span(
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.provider.name": "anthropic",
                "anthropic.message.stop_reason": stop,
            },
            name="anthropic.messages.create",
        )

    events = _events([call("tool_use"), call("tool_use"), call("end_turn")])
    steps = [e for e in events if isinstance(e, Step)]
    assert [len(s.tool_calls) for s in steps] == [1, 1, 0]  # the unrecorded calls stand as one each
    assert steps[0].tool_calls[0].name == "unknown"
    assert _first_intervention(_verdicts(events)) is None


def test_openlit_content_off_healthy_poller_is_untouched() -> None:
    spans = []
    for i in range(STEPS):
        spans.append(
            span(
                {
                    "gen_ai.operation.name": "chat",
                    "gen_ai.tool.name": "get_job_status",
                    "gen_ai.tool.call.id": f"call_{i}",
                    "gen_ai.response.finish_reasons": ["tool_calls"],
                }
            )
        )
    spans.append(span({"gen_ai.operation.name": "chat", "gen_ai.response.finish_reasons": ["stop"]}))
    events = _events(spans)
    results = [e for e in events if isinstance(e, ToolResult)]
    assert len(results) == STEPS  # each unanswered call gets an unknown result, not a missing one
    assert len({r.fingerprint for r in results}) == STEPS
    assert all(r.size > 0 for r in results)
    assert _first_intervention(_verdicts(events)) is None


def test_mcp_sdk_client_spans_strip_the_send_prefix_and_never_look_the_same() -> None:
    spans = [
        span(
            {"mcp.method.name": "tools/call", "jsonrpc.request.id": str(i)},
            name="MCP send tools/call get_job_status",
        )
        for i in range(STEPS)
    ]
    events = _events(spans)
    steps = [e for e in events if isinstance(e, Step)]
    assert {s.tool_calls[0].name for s in steps} == {"get_job_status"}
    assert len({e.fingerprint for e in events if isinstance(e, ToolResult)}) == STEPS
    assert _first_intervention(_verdicts(events)) is None


def test_openinference_hidden_inputs_and_outputs_are_not_content() -> None:
    root = span({"openinference.span.kind": "AGENT", "agent.name": "poller"}, name="agent")
    spans = [root] + [
        _oi_tool("get_job_status", "__REDACTED__", "__REDACTED__", parent=root.span_id) for _ in range(STEPS)
    ]
    traces = SpanMapper().map(spans)
    events = list(traces[0].events)
    assert traces[0].context.agent == "poller"  # OpenInference agent.name
    assert len({e.fingerprint for e in events if isinstance(e, ToolResult)}) == STEPS
    assert all(s.tool_calls[0].arguments is None for s in events if isinstance(s, Step))
    assert _first_intervention(_verdicts(events)) is None


def test_redacted_assistant_text_is_no_text() -> None:
    (step,) = _events([chat(text="__REDACTED__")])
    assert isinstance(step, Step)
    assert step.text is None
    assert step.sketch is None
