"""One step per model call: a call reported by two instrumentations is recognised and merged.

The spans are shaped as each instrumentation emits them: the ``anthropic`` client's own tracing
(``anthropic.messages.create``, scope ``anthropic``, metadata only), OpenLLMetry's
``anthropic.chat`` (legacy ``gen_ai.prompt.*`` / ``gen_ai.completion.*`` content) and
OpenInference's LLM span (``llm.*``), inside a LangGraph chain for the framework case.
"""

from __future__ import annotations

import itertools
import json
import os
from dataclasses import dataclass, replace

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolResult
from loopwatch.verdict import Action
from loopwatch_collector.mapping import MappedTrace, SpanMapper, SpanView
from loopwatch_collector.mapping.adk import with_adk_content
from loopwatch_collector.mapping.call_mark import CallMark
from loopwatch_collector.mapping.recognise import llm_of
from loopwatch_collector.mapping.same_call import same_call
from tests.collector.mapping.span_builders import chat, span, span_id

MODEL = "claude-sonnet-4-5"
DATED_MODEL = "claude-sonnet-4-5-20250929"
SYSTEM = "You are a weather bot."
QUESTION = "What is the weather in Atlantis?"
CALLS = 8  # the stuck agent's model calls: 7 searches, then a final answer
INPUT_TOKENS, OUTPUT_TOKENS = 120, 30
_clock = itertools.count(5_000_000_000, 10_000_000)


@dataclass(frozen=True)
class Call:
    """The two reports of one model call, and the call's tool span (if the agent ran one)."""

    outer: SpanView
    inner: SpanView


def _sdk_span(n: int, *, trace_id: str, parent: str, start: int, response_id: str | None) -> SpanView:
    attrs: dict[str, object] = {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "anthropic",
        "gen_ai.request.model": MODEL,
        "gen_ai.response.model": DATED_MODEL,
        "gen_ai.usage.input_tokens": INPUT_TOKENS,
        "gen_ai.usage.output_tokens": OUTPUT_TOKENS,
        "anthropic.message.stop_reason": "tool_use" if n < CALLS - 1 else "end_turn",
    }
    if response_id is not None:
        attrs["gen_ai.response.id"] = response_id
    return _at(
        span(attrs, name="anthropic.messages.create", trace_id=trace_id, parent=parent),
        start=start + 1_000,
        end=start + 900_000,
        scope="anthropic",
    )


def _openllmetry_span(n: int, *, trace_id: str, parent: str, start: int, response_id: str | None) -> SpanView:
    attrs: dict[str, object] = {
        "gen_ai.system": "Anthropic",
        "llm.request.type": "chat",
        "gen_ai.request.model": MODEL,
        "gen_ai.response.model": DATED_MODEL,
        "gen_ai.usage.input_tokens": INPUT_TOKENS,
        "gen_ai.usage.output_tokens": OUTPUT_TOKENS,
        "gen_ai.prompt.0.role": "system",
        "gen_ai.prompt.0.content": SYSTEM,
        "gen_ai.prompt.1.role": "user",
        "gen_ai.prompt.1.content": QUESTION,
    }
    for i in range(n):
        attrs[f"gen_ai.prompt.{2 + 2 * i}.role"] = "assistant"
        attrs[f"gen_ai.prompt.{2 + 2 * i}.content"] = ""
        attrs[f"gen_ai.prompt.{3 + 2 * i}.role"] = "tool"
        attrs[f"gen_ai.prompt.{3 + 2 * i}.tool_call_id"] = f"toolu_{i:02d}"
        attrs[f"gen_ai.prompt.{3 + 2 * i}.content"] = "not found"
    attrs["gen_ai.completion.0.role"] = "assistant"
    if n < CALLS - 1:
        attrs["gen_ai.completion.0.finish_reason"] = "tool_use"
        attrs["gen_ai.completion.0.tool_calls.0.id"] = f"toolu_{n:02d}"
        attrs["gen_ai.completion.0.tool_calls.0.name"] = "search"
        attrs["gen_ai.completion.0.tool_calls.0.arguments"] = json.dumps({"q": "atlantis"})
    else:
        attrs["gen_ai.completion.0.finish_reason"] = "end_turn"
        attrs["gen_ai.completion.0.content"] = "I could not find it."
    if response_id is not None:
        attrs["gen_ai.response.id"] = response_id
    return _at(
        span(attrs, name="anthropic.chat", trace_id=trace_id, parent=parent),
        start=start,
        end=start + 1_000_000,
        scope="opentelemetry.instrumentation.anthropic",
    )


def _openinference_span(n: int, *, trace_id: str, parent: str, start: int) -> SpanView:
    attrs: dict[str, object] = {
        "openinference.span.kind": "LLM",
        "llm.model_name": MODEL,
        "llm.token_count.prompt": INPUT_TOKENS,
        "llm.token_count.completion": OUTPUT_TOKENS,
        "llm.output_messages.0.message.role": "assistant",
    }
    if n < CALLS - 1:
        prefix = "llm.output_messages.0.message.tool_calls.0.tool_call"
        attrs[f"{prefix}.id"] = f"toolu_{n:02d}"
        attrs[f"{prefix}.function.name"] = "search"
        attrs[f"{prefix}.function.arguments"] = json.dumps({"q": "atlantis"})
    else:
        attrs["llm.output_messages.0.message.content"] = "I could not find it."
    return _at(
        span(attrs, name="ChatAnthropic", trace_id=trace_id, parent=parent),
        start=start,
        end=start + 1_000_000,
        scope="openinference.instrumentation.langchain",
    )


def _at(view: SpanView, *, start: int, end: int, scope: str) -> SpanView:
    return SpanView(
        trace_id=view.trace_id,
        span_id=view.span_id,
        parent_span_id=view.parent_span_id,
        name=view.name,
        kind=3,  # CLIENT
        start_ns=start,
        end_ns=end,
        attributes=view.attributes,
        resource=view.resource,
        scope=scope,
    )


def _client_only_call(n: int, *, response_ids: bool) -> Call:
    """A hand-written loop's n-th call: its own trace, OpenLLMetry's span the root, the SDK's
    own span inside it."""
    trace_id = os.urandom(16).hex()
    start = next(_clock)
    rid = f"msg_{n:02d}{trace_id[:8]}" if response_ids else None
    outer = _openllmetry_span(n, trace_id=trace_id, parent="", start=start, response_id=rid)
    inner = _sdk_span(n, trace_id=trace_id, parent=outer.span_id, start=start, response_id=rid)
    return Call(outer=outer, inner=inner)


def _steps(traces: list[MappedTrace]) -> list[Step]:
    return [e for t in traces for e in t.events if isinstance(e, Step)]


def _first_intervention(events: list[Event]) -> int | None:
    engine = Engine()
    state = engine.new_session()
    for number, verdict in enumerate(engine.ingest(state, events) + engine.flush(state), start=1):
        if verdict.action is not Action.CONTINUE:
            return number
    return None


def _assert_one_step_per_call(traces: list[MappedTrace]) -> None:
    steps = _steps(traces)
    assert len(steps) == CALLS
    assert [c.name for s in steps[:-1] for c in s.tool_calls] == ["search"] * (CALLS - 1)
    assert steps[-1].text == "I could not find it."
    usages = [s.usage for s in steps if s.usage is not None]
    assert sum(u.input_tokens for u in usages) == CALLS * INPUT_TOKENS  # counted once
    assert sum(u.output_tokens for u in usages) == CALLS * OUTPUT_TOKENS


def test_the_sdk_span_inside_openllmetry_s_is_one_step_with_content() -> None:
    mapper = SpanMapper()
    calls = [_client_only_call(n, response_ids=False) for n in range(CALLS)]
    traces = [t for c in calls for t in mapper.map([c.outer, c.inner])]
    _assert_one_step_per_call(traces)
    assert len({t.context.trace_id for t in traces}) == 1  # still folded into one session
    events = [e for t in traces for e in t.events]
    assert _first_intervention(events) == 3
    assert sum(t.ignored for t in traces) == CALLS  # each second report


def test_the_inner_report_exported_first_is_taken_over_by_the_outer_one() -> None:
    """SimpleSpanProcessor: the SDK's span ends first and arrives alone, then OpenLLMetry's."""
    mapper = SpanMapper()
    calls = [_client_only_call(n, response_ids=False) for n in range(CALLS - 1)]
    traces = [t for c in calls for t in [*mapper.map([c.inner]), *mapper.map([c.outer])]]
    steps = _steps(traces)
    assert len(steps) == CALLS - 1
    assert all(s.tool_calls[0].name == "search" and s.tool_calls[0].arguments for s in steps)
    assert _first_intervention([e for t in traces for e in t.events]) == 3


def test_an_answer_reported_first_by_the_content_free_span_waits_for_its_twin() -> None:
    """The SDK's span of the final answer arrives alone and says the model answered: it waits
    for its parent, OpenLLMetry's report, which makes the step with the text, in the session."""
    mapper = SpanMapper()
    calls = [_client_only_call(n, response_ids=False) for n in range(CALLS)]
    traces = [t for c in calls for t in [*mapper.map([c.inner]), *mapper.map([c.outer])]]
    _assert_one_step_per_call(traces)
    assert len({t.context.trace_id for t in traces if t.events}) == 1


def test_a_content_free_answer_under_an_agent_span_is_made_when_the_parent_arrives() -> None:
    """SDK-only tracing inside an agent span: the answer's step is made once the agent span
    shows it had no second report, or at the next model call."""
    agent = span({"gen_ai.operation.name": "invoke_agent"}, name="invoke_agent bot")
    mapper = SpanMapper()
    first = _sdk_span(
        CALLS - 1, trace_id=agent.trace_id, parent=agent.span_id, start=next(_clock), response_id=None
    )
    second = _sdk_span(
        CALLS - 1, trace_id=agent.trace_id, parent=agent.span_id, start=next(_clock), response_id=None
    )
    assert _steps(mapper.map([first])) == []  # waits
    assert len(_steps(mapper.map([second]))) == 1  # the first answer, before the next call
    steps = _steps(mapper.map([agent]))
    assert len(steps) == 1  # the second, when the parent arrives
    assert steps[0].tool_calls == ()
    assert steps[0].finish_reason == "end_turn"


def test_a_report_after_the_call_made_its_step_adds_nothing() -> None:
    mapper = SpanMapper()
    call = _client_only_call(0, response_ids=True)
    first = mapper.map([call.outer])
    second = mapper.map([call.inner])
    assert len(_steps(first)) == 1
    assert _steps(second) == []
    assert second[0].ignored == 1


def test_an_openinference_framework_span_around_the_sdk_span_is_one_step() -> None:
    root = _at(span({"openinference.span.kind": "CHAIN"}, name="LangGraph"), start=1, end=10**12, scope="oi")
    spans = [root]
    for n in range(CALLS):
        start = next(_clock)
        outer = _openinference_span(n, trace_id=root.trace_id, parent=root.span_id, start=start)
        inner = _sdk_span(n, trace_id=root.trace_id, parent=outer.span_id, start=start, response_id=None)
        spans += [outer, inner]
        if n < CALLS - 1:
            tool = {"openinference.span.kind": "TOOL", "tool.name": "search", "output.value": "not found"}
            tool["input.value"] = json.dumps({"q": "atlantis"})
            spans.append(
                _at(
                    span(tool, name="search", parent=root.span_id),
                    start=start + 2_000_000,
                    end=start + 3_000_000,
                    scope="openinference.instrumentation.langchain",
                )
            )
    traces = SpanMapper().map(spans)
    _assert_one_step_per_call(traces)
    events = [e for t in traces for e in t.events]
    assert [r.preview for r in events if isinstance(r, ToolResult)] == ["not found"] * (CALLS - 1)
    assert _first_intervention(events) == 3


def test_in_a_framework_the_content_free_report_waits_for_its_twin_across_batches() -> None:
    root = _at(span({"openinference.span.kind": "CHAIN"}, name="LangGraph"), start=1, end=10**12, scope="oi")
    mapper = SpanMapper()
    start = next(_clock)
    outer = _openinference_span(0, trace_id=root.trace_id, parent=root.span_id, start=start)
    inner = _sdk_span(0, trace_id=root.trace_id, parent=outer.span_id, start=start, response_id=None)
    traces = [*mapper.map([inner]), *mapper.map([outer]), *mapper.map([root])]
    steps = _steps(traces)
    assert len(steps) == 1
    assert steps[0].tool_calls[0].name == "search"
    assert steps[0].tool_calls[0].arguments == '{"q":"atlantis"}'


def _mark(view: SpanView) -> CallMark:
    view = with_adk_content(view)  # as the mapper reads it
    llm = llm_of(view)
    assert llm is not None
    return CallMark.of(view, llm)


def test_response_ids_decide_when_both_reports_carry_one() -> None:
    start = next(_clock)
    trace_id = os.urandom(16).hex()
    outer = _openllmetry_span(0, trace_id=trace_id, parent="", start=start, response_id="msg_a")
    same = _sdk_span(0, trace_id=trace_id, parent=outer.span_id, start=start, response_id="msg_a")
    other = _sdk_span(0, trace_id=trace_id, parent=outer.span_id, start=start, response_id="msg_b")
    assert same_call(_mark(outer), _mark(same))
    assert not same_call(_mark(outer), _mark(other))


def test_parallel_calls_are_never_merged() -> None:
    """Two calls of one model at once under one agent span: siblings that overlap in time."""
    agent = span({"gen_ai.operation.name": "invoke_agent"}, name="invoke_agent bot")
    start = next(_clock)
    a = _sdk_span(0, trace_id=agent.trace_id, parent=agent.span_id, start=start, response_id=None)
    b = _sdk_span(0, trace_id=agent.trace_id, parent=agent.span_id, start=start, response_id=None)
    assert not same_call(_mark(a), _mark(b))  # one instrumentation never reports a call twice
    c = _openinference_span(0, trace_id=agent.trace_id, parent=agent.span_id, start=start)
    d = replace(
        _openinference_span(CALLS - 1, trace_id=agent.trace_id, parent=agent.span_id, start=start), scope="x"
    )
    assert not same_call(_mark(c), _mark(d))  # their outputs differ
    assert len(_steps(SpanMapper().map([agent, c, d]))) == 2


def test_reports_of_different_models_times_or_places_are_different_calls() -> None:
    start = next(_clock)
    trace_id = os.urandom(16).hex()
    outer = _openllmetry_span(0, trace_id=trace_id, parent="", start=start, response_id=None)
    inner = _sdk_span(0, trace_id=trace_id, parent=outer.span_id, start=start, response_id=None)
    assert same_call(_mark(outer), _mark(inner))
    models = {"gen_ai.request.model": "gpt-5", "gen_ai.response.model": "gpt-5-2026-01-01"}
    other_model = replace(inner, attributes={**inner.attributes, **models})
    assert not same_call(_mark(outer), _mark(other_model))
    later = replace(inner, start_ns=outer.end_ns + 1, end_ns=outer.end_ns + 2)
    assert not same_call(_mark(outer), _mark(later))
    unrelated = replace(inner, parent_span_id=span_id())
    assert not same_call(_mark(outer), _mark(unrelated))
    fewer_tokens = replace(inner, attributes={**inner.attributes, "gen_ai.usage.output_tokens": 3})
    assert not same_call(_mark(outer), _mark(fewer_tokens))


def _own_traces_call(n: int) -> Call:
    """The n-th call as the real packages report it: the SDK's span and OpenLLMetry's are each
    the root of a trace of their own, tied by the provider's response id."""
    start = next(_clock)
    rid = f"msg_fake_{n}"
    outer = _openllmetry_span(n, trace_id=os.urandom(16).hex(), parent="", start=start, response_id=rid)
    inner = _sdk_span(n, trace_id=os.urandom(16).hex(), parent="", start=start, response_id=rid)
    return Call(outer=outer, inner=inner)


def test_reports_in_two_traces_tied_by_the_response_id_are_one_step_in_the_folded_session() -> None:
    mapper = SpanMapper()
    calls = [_own_traces_call(n) for n in range(CALLS)]
    traces = [t for c in calls for t in [*mapper.map([c.inner]), *mapper.map([c.outer])]]
    _assert_one_step_per_call(traces)
    assert len({t.context.trace_id for t in traces}) == 1  # one session, no session per SDK span
    aliases = {a for t in traces for a in t.aliases}
    assert {c.inner.trace_id for c in calls} <= aliases  # the SDK's trace ids name the session
    assert _first_intervention([e for t in traces for e in t.events]) == 3


def test_reports_in_two_traces_in_one_batch_are_one_step() -> None:
    call = _own_traces_call(0)
    traces = SpanMapper().map([call.inner, call.outer])
    [step] = _steps(traces)
    assert step.tool_calls[0].arguments == '{"q":"atlantis"}'  # the content report's


def test_a_lone_report_without_a_twin_is_mapped_with_the_next_batch() -> None:
    mapper = SpanMapper()
    lone = _own_traces_call(0).inner
    assert mapper.map([lone]) == []  # held: its twin may come next
    later = _own_traces_call(1).inner
    traces = mapper.map([later])  # no twin came: the first is mapped now, the second held
    assert [t.context.trace_id for t in traces] == [lone.trace_id]
    assert len(_steps(traces)) == 1


# One instrumentation nesting its own second report (Google ADK's legacy schema): ``call_llm``
# with the content (ADK's JSON attributes) around ``generate_content {model}`` without, one
# scope; the tool span is ADK's sibling of ``call_llm``, which ends after it. Exported one span
# at a time as each ends: the child, the tool, the parent.
ADK_SCOPE = "gcp.vertex.agent"


def _adk_call(
    agent: SpanView,
    n: int,
    *,
    tool: str = "search",
    args: dict[str, str] | None = None,
    result: str = "not found",
    answer: bool = False,
    start: int | None = None,
) -> list[SpanView]:
    """The n-th model call of an ADK legacy run: [generate_content, execute_tool, call_llm]
    (no tool span when it ``answer`` s)."""
    start = next(_clock) if start is None else start
    call_id = f"call_{n}_0"
    part = (
        {"text": "I could not find it."}
        if answer
        else {"function_call": {"id": call_id, "name": tool, "args": args or {}}}
    )
    response = {"content": {"role": "model", "parts": [part]}, "finish_reason": "STOP"}
    usage = {"gen_ai.usage.input_tokens": INPUT_TOKENS + n, "gen_ai.usage.output_tokens": OUTPUT_TOKENS}
    common = {
        "gen_ai.request.model": "openai/fake-model",
        "gen_ai.response.finish_reasons": ["stop"],
        **usage,
    }
    outer = _at(
        span(
            {
                "gen_ai.system": "gcp.vertex.agent",
                **common,
                "gcp.vertex.agent.llm_request": json.dumps({"model": "openai/fake-model", "contents": []}),
                "gcp.vertex.agent.llm_response": json.dumps(response),
            },
            name="call_llm",
            trace_id=agent.trace_id,
            parent=agent.span_id,
        ),
        start=start,
        end=start + 3_000_000,
        scope=ADK_SCOPE,
    )
    inner = _at(
        span(
            {"gen_ai.system": "openai", "gen_ai.operation.name": "generate_content", **common},
            name="generate_content openai/fake-model",
            trace_id=agent.trace_id,
            parent=outer.span_id,
        ),
        start=start + 1_000,
        end=start + 1_000_000,
        scope=ADK_SCOPE,
    )
    if answer:
        return [inner, outer]
    executed = _at(
        span(
            {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": tool,
                "gen_ai.tool.call.id": call_id,
                "gcp.vertex.agent.tool_call_args": json.dumps(args or {}),
                "gcp.vertex.agent.tool_response": json.dumps({"result": result}),
            },
            name=f"execute_tool {tool}",
            trace_id=agent.trace_id,
            parent=agent.span_id,
        ),
        start=start + 1_500_000,
        end=start + 2_000_000,
        scope=ADK_SCOPE,
    )
    return [inner, executed, outer]


def _adk_agent() -> SpanView:
    return _at(
        span({"gen_ai.operation.name": "invoke_agent"}, name="invoke_agent bot"),
        start=1,
        end=10**13,
        scope=ADK_SCOPE,
    )


def _adk_run(args: list[dict[str, str]], results: list[str]) -> list[SpanView]:
    agent = _adk_agent()
    spans = [
        s
        for n, (a, r) in enumerate(zip(args, results, strict=True))
        for s in _adk_call(agent, n, args=a, result=r)
    ]
    return [*spans, *_adk_call(agent, len(args), answer=True), agent]


def _one_at_a_time(spans: list[SpanView]) -> list[MappedTrace]:
    mapper = SpanMapper()
    return [t for s in spans for t in mapper.map([s])]


def test_adk_legacy_nested_reports_are_one_step_per_model_call_and_the_loop_is_flagged_at_3() -> None:
    spans = _adk_run([{"query": "atlantis"}] * (CALLS - 1), ["not found"] * (CALLS - 1))
    for traces in (_one_at_a_time(spans), SpanMapper().map(spans)):  # exported one by one, or batched
        steps = _steps(traces)
        engine = Engine()
        state = engine.new_session()
        verdicts = engine.ingest(state, [e for t in traces for e in t.events]) + engine.flush(state)
        assert state.steps == CALLS  # the tool spans' steps are the model calls' (same call ids)
        assert steps[-1].text == "I could not find it."
        assert next(v.step for v in verdicts if v.action is not Action.CONTINUE) == 3
        assert sum(s.usage.output_tokens for s in steps if s.usage and s.tool_calls) <= CALLS * OUTPUT_TOKENS


def test_adk_legacy_cycle_is_flagged_at_5_and_the_healthy_poller_is_untouched() -> None:
    pages = [{"page": "A" if i % 2 == 0 else "B"} for i in range(CALLS - 1)]
    texts = ["see B" if i % 2 == 0 else "see A" for i in range(CALLS - 1)]
    traces = _one_at_a_time(_adk_run(pages, texts))
    assert _first_intervention([e for t in traces for e in t.events]) == 5  # A B A B A
    statuses = ["queued", "25%", "50%", "75%", "running", "finishing", "done"]
    traces = _one_at_a_time(_adk_run([{"job": "j-1"}] * (CALLS - 1), statuses))
    assert _first_intervention([e for t in traces for e in t.events]) is None


def test_a_content_free_child_of_the_same_scope_is_the_parent_s_call() -> None:
    inner, _, outer = _adk_call(_adk_agent(), 0)
    assert same_call(_mark(outer), _mark(inner))
    assert same_call(_mark(inner), _mark(outer))


def test_a_nested_report_that_disagrees_or_does_not_overlap_is_another_call() -> None:
    inner, _, outer = _adk_call(_adk_agent(), 0)
    with_content = _at(
        replace(inner, attributes={**inner.attributes, **chat(text="other").attributes}),
        start=inner.start_ns,
        end=inner.end_ns,
        scope=ADK_SCOPE,
    )
    assert not same_call(_mark(outer), _mark(with_content))  # a child with content: a call of its own
    tokens = replace(inner, attributes={**inner.attributes, "gen_ai.usage.output_tokens": OUTPUT_TOKENS + 1})
    assert not same_call(_mark(outer), _mark(tokens))
    model = replace(inner, attributes={**inner.attributes, "gen_ai.request.model": "gpt-5"})
    assert not same_call(_mark(outer), _mark(model))
    after = replace(inner, start_ns=outer.end_ns + 1, end_ns=outer.end_ns + 2)
    assert not same_call(_mark(outer), _mark(after))


def test_sibling_calls_of_one_scope_stay_two_steps_even_content_free_and_overlapping() -> None:
    """Parallel calls of one agent, one instrumentation: siblings, never each other's report."""
    agent = _adk_agent()
    start = next(_clock)
    first = _adk_call(agent, 0, start=start)
    second = _adk_call(agent, 1, start=start + 10, tool="open_page", args={"page": "A"})
    assert not same_call(_mark(first[0]), _mark(second[0]))  # content-free siblings
    assert not same_call(_mark(first[2]), _mark(second[2]))
    assert not same_call(_mark(first[0]), _mark(second[2]))  # not its parent
    for traces in (SpanMapper().map([agent, *first, *second]), _one_at_a_time([*first, *second, agent])):
        engine = Engine()
        state = engine.new_session()
        engine.ingest(state, [e for t in traces for e in t.events])
        assert state.steps == 2
        assert {c.name for s in _steps(traces) for c in s.tool_calls} == {"open_page", "search"}
