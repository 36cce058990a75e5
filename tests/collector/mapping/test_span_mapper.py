"""The span mapper: semconv spans -> events, with the event-id rule and privacy mode."""

from __future__ import annotations

import json

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolResult
from loopwatch.verdict import Action
from loopwatch_collector.mapping import SpanMapper, SpanView
from loopwatch_collector.mapping.values import MAX_CONTENT_CHARS
from tests.collector.mapping.span_builders import TRACE, chat, execute_tool, span


def _events(spans: list[SpanView], mapper: SpanMapper | None = None) -> list[Event]:
    traces = (mapper or SpanMapper()).map(spans)
    return [e for t in traces for e in t.events]


def test_tool_only_loop_synthesises_one_step_per_call_and_the_engine_nudges() -> None:
    spans = [execute_tool("read_file", {"path": "a.txt"}, "hello", call_id=f"call_{i}") for i in range(4)]
    events = _events(spans)
    steps = [e for e in events if isinstance(e, Step)]
    results = [e for e in events if isinstance(e, ToolResult)]
    assert [s.event_id for s in steps] == [f"step:call_{i}" for i in range(4)]
    assert [r.event_id for r in results] == [f"result:call_{i}" for i in range(4)]
    assert len({s.tool_calls[0].fingerprint for s in steps}) == 1
    assert steps[0].tool_calls[0].arguments == '{"path":"a.txt"}'
    engine = Engine()
    verdicts = engine.ingest(engine.new_session(), events)
    assert [v.action for v in verdicts][:2] == [Action.CONTINUE, Action.CONTINUE]
    assert verdicts[2].action is Action.NUDGE
    assert verdicts[2].detector == "identical_call"


def test_llm_span_carries_the_calls_and_tool_spans_add_only_results() -> None:
    spans = [
        chat(text="let me read it", calls=[("c1", "read_file", {"path": "a"})]),
        execute_tool("read_file", {"path": "a"}, "data", call_id="c1"),
        chat(text="done"),
    ]
    events = _events(spans)
    assert [type(e).__name__ for e in events] == ["Step", "ToolResult", "Step"]
    first = events[0]
    assert isinstance(first, Step)
    assert first.event_id == "step:c1"
    assert first.text == "let me read it"
    assert first.usage is not None
    assert first.usage.output_tokens == 5
    assert [c.name for c in first.tool_calls] == ["read_file"]
    assert events[2].event_id.startswith("step:span:")


def test_structured_and_json_string_output_messages_are_equivalent() -> None:
    as_json = _events([chat(text="hi", calls=[("c9", "ls", {"dir": "/"})])])
    structured = _events([chat(text="hi", calls=[("c9", "ls", {"dir": "/"})], structured=True)])
    assert isinstance(as_json[0], Step)
    assert isinstance(structured[0], Step)
    assert as_json[0].tool_calls == structured[0].tool_calls
    assert as_json[0].text == structured[0].text


def test_content_off_still_produces_events_and_never_claims_identical_results() -> None:
    spans = [execute_tool("search", call_id=f"c{i}") for i in range(4)]
    events = _events(spans)
    steps = [e for e in events if isinstance(e, Step)]
    results = [e for e in events if isinstance(e, ToolResult)]
    assert len(steps) == 4
    assert all(s.tool_calls[0].arguments is None for s in steps)
    assert len({r.fingerprint for r in results}) == 4  # unknown results are not "the same"
    assert all(r.preview is None for r in results)
    engine = Engine()
    verdicts = engine.ingest(engine.new_session(), events)
    assert all(v.action is Action.CONTINUE for v in verdicts)


def test_error_from_status_and_error_type() -> None:
    failed = execute_tool("fetch", {"u": 1}, call_id="e1", error=True)
    typed = span(
        {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "fetch", "error.type": "Timeout"}
    )
    events = _events([failed, typed])
    results = [e for e in events if isinstance(e, ToolResult)]
    assert [(r.is_error, r.error_type) for r in results] == [(True, "error"), (True, "Timeout")]


def test_llm_span_without_content_that_stopped_for_tools_makes_no_step() -> None:
    silent = span(
        {"gen_ai.operation.name": "chat", "gen_ai.response.finish_reasons": ["tool_calls"]}, name="chat m"
    )
    tool = execute_tool("ls", call_id="x")
    answered = span({"gen_ai.operation.name": "chat", "gen_ai.response.finish_reasons": ["stop"]})
    events = _events([silent, tool, answered])
    assert [type(e).__name__ for e in events] == ["Step", "ToolResult", "Step"]
    assert events[0].event_id == "step:x"
    assert isinstance(events[2], Step)
    assert events[2].tool_calls == ()
    assert events[2].text is None


def test_parallel_tool_spans_of_one_parent_share_a_step() -> None:
    a = execute_tool(
        "ls", {"d": 1}, "r", call_id="p1", parent="aaaaaaaaaaaaaaaa", start_ns=10, duration_ns=100
    )
    b = execute_tool(
        "ls", {"d": 2}, "r", call_id="p2", parent="aaaaaaaaaaaaaaaa", start_ns=20, duration_ns=100
    )
    later = execute_tool("ls", {"d": 3}, "r", call_id="p3", parent="aaaaaaaaaaaaaaaa", start_ns=500)
    events = _events([b, later, a])
    steps = [e for e in events if isinstance(e, Step)]
    assert [[c.id for c in s.tool_calls] for s in steps] == [["p1", "p2"], ["p3"]]


def test_tool_span_without_id_is_matched_by_name_to_the_llm_call() -> None:
    events = _events(
        [
            chat(calls=[("call_A", "grep", {"q": "x"})]),
            execute_tool("grep", {"q": "x"}, "found"),  # no gen_ai.tool.call.id
        ]
    )
    assert [type(e).__name__ for e in events] == ["Step", "ToolResult"]
    assert isinstance(events[1], ToolResult)
    assert events[1].call_id == "call_A"


def test_results_fed_back_in_the_next_llm_input_complete_the_step() -> None:
    first = chat(calls=[("k1", "read", {"p": 1})])
    feed = [{"role": "tool", "parts": [{"type": "tool_call_response", "id": "k1", "result": "R"}]}]
    second = chat(text="ok", extra={"gen_ai.input.messages": json.dumps(feed)})
    third = chat(text="again", extra={"gen_ai.input.messages": json.dumps(feed)})
    events = _events([first, second, third])
    assert [e.event_id for e in events] == ["step:k1", "result:k1", events[2].event_id, events[3].event_id]
    assert len([e for e in events if isinstance(e, ToolResult)]) == 1  # history is not re-fed


def test_context_agent_and_conversation_are_remembered_across_batches() -> None:
    mapper = SpanMapper()
    first = mapper.map([execute_tool("ls", call_id="z1", resource={"service.name": "billing"})])
    assert first[0].context.agent == "billing"
    assert first[0].context.conversation_id is None
    agent_span = span(
        {
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.agent.name": "planner",
            "gen_ai.conversation.id": "conv-7",
        },
        name="invoke_agent planner",
    )
    second = mapper.map([agent_span])
    assert second[0].events == ()
    assert second[0].ignored == 1
    third = mapper.map([execute_tool("ls", call_id="z2")])
    assert (third[0].context.agent, third[0].context.conversation_id) == ("planner", "conv-7")
    assert third[0].context.trace_id == TRACE


def test_session_id_is_a_conversation_key() -> None:
    traces = SpanMapper().map(
        [span({"openinference.span.kind": "TOOL", "tool.name": "t", "session.id": "s1"})]
    )
    assert traces[0].context.conversation_id == "s1"


def test_non_agent_spans_are_ignored() -> None:
    traces = SpanMapper().map([span({"http.request.method": "GET"}, name="GET /"), span(name="db")])
    assert traces[0].events == ()
    assert traces[0].ignored == 2


def test_huge_and_deep_arguments_are_fingerprinted_without_blowing_up() -> None:
    huge = "x" * (10 * 1024 * 1024)
    deep = "[" * 5000 + "]" * 5000
    events = _events(
        [
            execute_tool("write", {"content": huge}, "ok", call_id="h1"),
            execute_tool("write", {"content": huge}, "ok", call_id="h2"),
            execute_tool("write", deep, "ok", call_id="d1"),
        ]
    )
    steps = [e for e in events if isinstance(e, Step)]
    assert steps[0].tool_calls[0].fingerprint == steps[1].tool_calls[0].fingerprint
    assert all(len(s.tool_calls[0].arguments or "") < MAX_CONTENT_CHARS for s in steps)
    result = _events([execute_tool("cat", {}, huge, call_id="big")])[1]
    assert isinstance(result, ToolResult)
    assert result.size < MAX_CONTENT_CHARS


def test_capture_content_off_in_the_collector_drops_text_but_keeps_fingerprints() -> None:
    mapper = SpanMapper(capture_content=False)
    events = _events([chat(text="secret plan", calls=[("c", "ls", {"p": "secret"})])], mapper)
    step = events[0]
    assert isinstance(step, Step)
    assert step.text is None
    assert step.sketch is not None
    assert step.tool_calls[0].arguments is None
    captured = _events([chat(calls=[("c", "ls", {"p": "secret"})])])[0]
    assert isinstance(captured, Step)
    assert step.tool_calls[0].fingerprint == captured.tool_calls[0].fingerprint


def test_memory_is_bounded() -> None:
    mapper = SpanMapper(max_traces=2)
    for i in range(5):
        mapper.map([execute_tool("ls", trace_id=f"{i + 1:032x}", call_id=f"m{i}")])
    assert len(mapper._memos) == 2


def test_a_tool_span_nested_in_a_same_name_tool_span_is_one_execution() -> None:
    outer = execute_tool(
        "get_weather", {"city": "Oslo"}, "rain", call_id="w1", start_ns=100, duration_ns=1000
    )
    inner = span(
        {"mcp.method.name": "tools/call", "gen_ai.tool.call.arguments": '{"city": "Oslo"}'},
        name="tools/call get_weather",
        parent=outer.span_id,
        start_ns=100,
        duration_ns=500,
    )
    traces = SpanMapper().map([inner, outer])
    assert [e.event_id for e in traces[0].events] == ["step:w1", "result:w1"]
    assert traces[0].ignored == 1
