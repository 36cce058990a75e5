"""Content recorded as span events (Strands Agents' default, the older GenAI conventions) is
read like the same content in attributes. The payloads are shaped as Strands 1.62 records them
(``strands.telemetry.tracer``: Bedrock-style content blocks serialised to JSON)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolResult
from loopwatch.verdict import Action
from loopwatch_collector.mapping import SpanMapper, SpanView
from loopwatch_collector.mapping.span_events import MAX_CONTENT_EVENTS, with_event_content
from loopwatch_collector.mapping.spans import SpanEventView
from tests.collector.mapping.span_builders import span

STEPS = 7


def _event(name: str, **attrs: Any) -> SpanEventView:
    return SpanEventView(name=name, attributes=attrs)


def _with_events(view: SpanView, *events: SpanEventView) -> SpanView:
    return replace(view, events=tuple(events))


def _strands_run(args: list[dict[str, Any]], results: list[str]) -> list[SpanView]:
    """One Strands agent run in default mode: a chat span per model call (its history and its
    choice as events) and an ``execute_tool`` span per call (arguments and result as events)."""
    agent = span(
        {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "Strands Agents"},
        name="invoke_agent Strands Agents",
        duration_ns=10**9,
    )
    common = {"gen_ai.system": "strands-agents"}
    history = [_event("gen_ai.user.message", content=json.dumps([{"text": "find it"}]))]
    spans = [agent]
    for i, (arguments, result) in enumerate(zip(args, results, strict=True)):
        call_id = f"tooluse_{i:02d}xYz"
        use = {"toolUse": {"toolUseId": call_id, "name": "search", "input": arguments}}
        choice = _event("gen_ai.choice", finish_reason="tool_use", message=json.dumps([use]))
        chat = span(
            {**common, "gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 9},
            name="chat",
            parent=agent.span_id,
        )
        spans.append(_with_events(chat, *history, choice))
        tool = span(
            {
                **common,
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "search",
                "gen_ai.tool.call.id": call_id,
            },
            name="execute_tool search",
            parent=agent.span_id,
        )
        spans.append(
            _with_events(
                tool,
                _event("gen_ai.tool.message", role="tool", content=json.dumps(arguments), id=call_id),
                _event("gen_ai.choice", message=json.dumps([{"text": result}]), id=call_id),
            )
        )
        done = {"toolResult": {"toolUseId": call_id, "status": "success", "content": [{"text": result}]}}
        history = [
            *history,
            _event("gen_ai.assistant.message", content=json.dumps([use])),
            _event("gen_ai.tool.message", content=json.dumps([done])),
        ]
    final = _event("gen_ai.choice", finish_reason="end_turn", message=json.dumps([{"text": "done"}]))
    chat = span({**common, "gen_ai.operation.name": "chat"}, name="chat", parent=agent.span_id)
    spans.append(_with_events(chat, *history, final))
    return spans


def _events(spans: list[SpanView]) -> list[Event]:
    return [e for t in SpanMapper().map(spans) for e in t.events]


def _first_intervention(events: list[Event]) -> int | None:
    engine = Engine()
    state = engine.new_session()
    verdicts = engine.ingest(state, events) + engine.flush(state)
    return next((n for n, v in enumerate(verdicts, start=1) if v.action is not Action.CONTINUE), None)


def test_strands_default_stuck_run_is_read_from_span_events_and_flagged_at_step_3() -> None:
    events = _events(_strands_run([{"query": "atlantis"}] * STEPS, ["not found"] * STEPS))
    steps = [e for e in events if isinstance(e, Step)]
    results = [e for e in events if isinstance(e, ToolResult)]
    assert len(steps) == STEPS + 1  # every model call, the final answer too
    assert [c.name for s in steps[:STEPS] for c in s.tool_calls] == ["search"] * STEPS
    assert steps[0].tool_calls[0].id == "tooluse_00xYz"
    assert steps[-1].text == "done"
    assert len(results) == STEPS
    assert {r.preview for r in results} == {"not found"}  # the text block, not its JSON
    assert _first_intervention(events) == 3


def test_strands_default_healthy_poller_is_untouched() -> None:
    statuses = ["queued", "25%", "50%", "75%", "running", "finishing", "done"]
    events = _events(_strands_run([{"job": "42"}] * STEPS, statuses))
    assert len([e for e in events if isinstance(e, ToolResult)]) == STEPS
    assert _first_intervention(events) is None


def test_strands_default_cycle_is_flagged() -> None:
    args = [{"page": "A" if i % 2 == 0 else "B"} for i in range(STEPS)]
    results = ["go to B" if i % 2 == 0 else "go to A" for i in range(STEPS)]
    assert _first_intervention(_events(_strands_run(args, results))) == 5  # A B A B A


def test_the_span_s_own_attributes_win_over_its_events() -> None:
    tool = span(
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "search",
            "gen_ai.tool.call.result": "from the attribute",
        },
        name="execute_tool search",
    )
    tool = _with_events(tool, _event("gen_ai.choice", message=json.dumps([{"text": "from the event"}])))
    read = with_event_content(tool)
    assert read.attributes["gen_ai.tool.call.result"] == "from the attribute"


def test_agent_and_cycle_spans_are_left_alone() -> None:
    """Their choice repeats the last model call's output: read, it would make a second step."""
    for operation in ("invoke_agent", "execute_event_loop_cycle"):
        view = _with_events(
            span({"gen_ai.operation.name": operation}),
            _event("gen_ai.choice", message=json.dumps([{"text": "done"}])),
        )
        assert with_event_content(view) is view


def test_at_most_max_content_events_are_read() -> None:
    chat = span({"gen_ai.operation.name": "chat"}, name="chat")
    many = [_event("gen_ai.user.message", content=f"m{i}") for i in range(MAX_CONTENT_EVENTS + 50)]
    read = with_event_content(_with_events(chat, *many))
    assert len(read.attributes["gen_ai.input.messages"]) == MAX_CONTENT_EVENTS


def test_older_content_prompt_and_completion_events() -> None:
    chat = span({"gen_ai.operation.name": "chat"}, name="chat gpt-4o")
    completion = [
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [{"id": "call_9", "function": {"name": "search", "arguments": '{"q": 1}'}}],
        }
    ]
    prompt = [
        {"role": "user", "content": "hi"},
        {"role": "tool", "tool_call_id": "call_8", "content": "nothing"},
    ]
    chat = _with_events(
        chat,
        _event("gen_ai.content.prompt", **{"gen_ai.prompt": json.dumps(prompt)}),
        _event("gen_ai.content.completion", **{"gen_ai.completion": json.dumps(completion)}),
    )
    [trace] = SpanMapper().map([chat])
    [step] = [e for e in trace.events if isinstance(e, Step)]
    assert [(c.id, c.name) for c in step.tool_calls] == [("call_9", "search")]
    read = with_event_content(chat)
    [tool_message] = [m for m in read.attributes["gen_ai.input.messages"] if m["role"] == "tool"]
    assert tool_message["parts"] == [{"type": "tool_call_response", "id": "call_8", "response": "nothing"}]


def test_details_event_attributes_are_read_on_a_model_span() -> None:
    output = [
        {"role": "assistant", "parts": [{"type": "text", "content": "the answer"}], "finish_reason": "stop"}
    ]
    chat = _with_events(
        span({"gen_ai.operation.name": "chat"}, name="chat"),
        _event("gen_ai.client.inference.operation.details", **{"gen_ai.output.messages": json.dumps(output)}),
    )
    [trace] = SpanMapper().map([chat])
    [step] = [e for e in trace.events if isinstance(e, Step)]
    assert step.text == "the answer"
