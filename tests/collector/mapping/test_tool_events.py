"""Tool spans' results: a placeholder (no result captured) gives way to the result fed back in
the next model call's input for the same call id. The spans are shaped as AutoGen's own
``execute_tool`` (name and call id only) beside OpenLLMetry's ``openai.chat`` (semconv
messages), exported one at a time as each ends."""

from __future__ import annotations

import json

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolResult
from loopwatch.verdict import Action, Verdict
from loopwatch_collector.mapping import SpanMapper, SpanView
from loopwatch_collector.mapping.results import is_placeholder
from tests.collector.mapping.span_builders import chat, execute_tool, span

ROUNDS = 7
STATUSES = ("queued", "25%", "50%", "75%", "90%", "finishing", "done")


def _call_id(n: int) -> str:
    return f"call_{n}_0"


def _model_call(n: int, results: list[str], *, tool: str, args: dict[str, str], parent: str) -> SpanView:
    """The n-th model call: the results of the earlier rounds in its input, a call (or, after
    ``ROUNDS``, the answer) in its output."""
    history: list[dict[str, object]] = [{"role": "user", "parts": [{"type": "text", "content": "go"}]}]
    for i, result in enumerate(results[:n]):
        part = {"type": "tool_call", "id": _call_id(i), "name": tool, "arguments": args}
        history.append({"role": "assistant", "parts": [part]})
        history.append(
            {"role": "tool", "parts": [{"type": "tool_call_response", "id": _call_id(i), "result": result}]}
        )
    extra = {"gen_ai.input.messages": json.dumps(history)}
    if n >= len(results):
        return chat(text="done", extra=extra, parent=parent)
    return chat(calls=[(_call_id(n), tool, args)], extra=extra, parent=parent)


def _run(results: list[str], *, tool: str = "search", args: dict[str, str] | None = None) -> list[SpanView]:
    """An AutoGen + OpenLLMetry run, in export order: each model call, then its tool span."""
    agent = span({"gen_ai.operation.name": "invoke_agent"}, name="invoke_agent bot")
    spans: list[SpanView] = []
    for n in range(len(results) + 1):
        spans.append(_model_call(n, results, tool=tool, args=args or {"query": "x"}, parent=agent.span_id))
        if n < len(results):
            spans.append(execute_tool(tool, call_id=_call_id(n), parent=agent.span_id))
    return [*spans, agent]


def _one_at_a_time(spans: list[SpanView]) -> list[Event]:
    mapper = SpanMapper()
    return [e for s in spans for t in mapper.map([s]) for e in t.events]


def _verdicts(events: list[Event]) -> list[Verdict]:
    engine = Engine()
    state = engine.new_session()
    return engine.ingest(state, events) + engine.flush(state)


def _first_intervention(events: list[Event]) -> int | None:
    return next((v.step for v in _verdicts(events) if v.action is not Action.CONTINUE), None)


def test_a_result_less_tool_span_waits_for_the_result_fed_to_the_next_model_call() -> None:
    events = _one_at_a_time(_run(["not found"] * ROUNDS))
    steps = [e for e in events if isinstance(e, Step)]
    results = [e for e in events if isinstance(e, ToolResult)]
    assert len(steps) == ROUNDS + 1  # one per model call
    assert [r.preview for r in results] == ["not found"] * ROUNDS  # the real results, no placeholder
    assert not any(is_placeholder(r) for r in results)
    assert _first_intervention(events) == 3


def test_the_healthy_poller_stays_untouched_and_the_cycle_is_flagged() -> None:
    assert _first_intervention(_one_at_a_time(_run(list(STATUSES), tool="get_job_status"))) is None
    pages = ["see B" if i % 2 == 0 else "see A" for i in range(ROUNDS)]
    agent = span({"gen_ai.operation.name": "invoke_agent"}, name="invoke_agent bot")
    spans: list[SpanView] = []
    for n in range(ROUNDS + 1):  # the arguments alternate too: an A/B cycle
        page = {"page": "A" if n % 2 == 0 else "B"}
        spans.append(_model_call(n, pages, tool="open_page", args=page, parent=agent.span_id))
        if n < ROUNDS:
            spans.append(execute_tool("open_page", call_id=_call_id(n), parent=agent.span_id))
    assert _first_intervention(_one_at_a_time([*spans, agent])) == 5  # A B A B A


def test_without_a_fed_result_the_next_step_brings_an_unknown_one_never_a_missing_one() -> None:
    """The model-call instrumentation records no tool messages: the placeholder comes, once,
    before the next model call's step (so two calls never look alike for lack of results)."""
    first = chat(calls=[("k1", "search", {"q": "x"})])
    second = chat(text="done")
    events = _one_at_a_time([first, execute_tool("search", call_id="k1"), second])
    assert [type(e).__name__ for e in events] == ["Step", "ToolResult", "Step"]
    assert isinstance(events[1], ToolResult)
    assert is_placeholder(events[1])


def test_a_tool_span_s_error_or_result_is_never_a_placeholder() -> None:
    first = chat(calls=[("k1", "search", {"q": "x"}), ("k2", "search", {"q": "y"})])
    failed = span(
        {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "search", "gen_ai.tool.call.id": "k1"},
        name="execute_tool search",
        error=True,
    )
    events = _one_at_a_time([first, failed, execute_tool("search", result="R", call_id="k2")])
    results = [e for e in events if isinstance(e, ToolResult)]
    assert [(r.call_id, r.is_error) for r in results] == [("k1", True), ("k2", False)]
    assert results[1].preview == "R"


def test_parallel_result_less_calls_each_get_their_own_fed_result() -> None:
    first = chat(calls=[("k1", "search", {"q": "x"}), ("k2", "search", {"q": "y"})])
    feed = [
        {"role": "tool", "parts": [{"type": "tool_call_response", "id": "k2", "result": "B"}]},
        {"role": "tool", "parts": [{"type": "tool_call_response", "id": "k1", "result": "A"}]},
    ]
    second = chat(text="done", extra={"gen_ai.input.messages": json.dumps(feed)})
    spans = [first, execute_tool("search", call_id="k1"), execute_tool("search", call_id="k2"), second]
    results = [e for e in _one_at_a_time(spans) if isinstance(e, ToolResult)]
    assert {(r.call_id, r.preview) for r in results} == {("k1", "A"), ("k2", "B")}
