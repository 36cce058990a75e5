"""Sessions across traces: client-only traces of one conversation form one session."""

from __future__ import annotations

import json
import os
from typing import Any

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolResult
from loopwatch.verdict import Action
from loopwatch_collector.mapping import MappedTrace, SpanMapper, SpanView
from loopwatch_collector.mapping.sessions import SYSTEM_PREFIX_CHARS, session_trace_id
from tests.collector.mapping.span_builders import chat, span

SYSTEM = "You are a weather bot."
QUESTION = "What is the weather in Atlantis?"


def _history(calls: int, *, system: str = SYSTEM, question: str = QUESTION) -> list[dict[str, Any]]:
    """The input of the ``calls+1``-th model call of a stuck loop: every call answered "not found"."""
    messages: list[dict[str, Any]] = [
        {"role": "system", "parts": [{"type": "text", "content": system}]},
        {"role": "user", "parts": [{"type": "text", "content": question}]},
    ]
    for i in range(calls):
        call = {"type": "tool_call", "id": f"call_{i}", "name": "search", "arguments": {"q": "atlantis"}}
        messages.append({"role": "assistant", "parts": [call]})
        messages.append(
            {
                "role": "tool",
                "parts": [{"type": "tool_call_response", "id": f"call_{i}", "response": "not found"}],
            }
        )
    return messages


def _client_call(n: int, *, extra: dict[str, Any] | None = None, **history: str) -> SpanView:
    """The n-th model call of a hand-written loop: its own trace, its span the root."""
    attrs = {"gen_ai.input.messages": json.dumps(_history(n, **history)), **(extra or {})}
    return chat(
        calls=[(f"call_{n}", "search", {"q": "atlantis"})], extra=attrs, trace_id=os.urandom(16).hex()
    )


def _map_each(mapper: SpanMapper, spans: list[SpanView]) -> list[MappedTrace]:
    return [t for s in spans for t in mapper.map([s])]  # one export per call, as BatchSpanProcessor does


def _events(traces: list[MappedTrace]) -> list[Event]:
    return [e for t in traces for e in t.events]


def test_a_client_only_loop_is_one_session_and_its_loop_is_detected() -> None:
    traces = _map_each(SpanMapper(), [_client_call(n) for n in range(8)])
    assert len({t.context.trace_id for t in traces}) == 1
    assert len({t.spans[0][0] for t in traces}) == 8  # eight traces
    events = _events(traces)
    assert len([e for e in events if isinstance(e, Step)]) == 8
    assert [r.preview for r in events if isinstance(r, ToolResult)] == ["not found"] * 7  # fed back
    engine = Engine()
    verdicts = engine.ingest(engine.new_session(), events)
    assert verdicts[2].action is Action.NUDGE


def test_a_conversation_id_groups_calls_even_without_content() -> None:
    calls = [
        span(
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.conversation.id": "c-1",
                "gen_ai.response.finish_reasons": ["stop"],
            },
            trace_id=os.urandom(16).hex(),
        )
        for _ in range(3)
    ]
    traces = _map_each(SpanMapper(), calls)
    assert {t.context.trace_id for t in traces} == {session_trace_id("conversation\x00c-1")}
    assert {t.context.conversation_id for t in traces} == {"c-1"}


def test_the_same_opening_again_is_a_new_conversation() -> None:
    mapper = SpanMapper()
    first = _map_each(mapper, [_client_call(n) for n in range(3)])
    second = _map_each(mapper, [_client_call(n) for n in range(3)])
    assert len({t.context.trace_id for t in first}) == 1
    assert len({t.context.trace_id for t in second}) == 1
    assert first[0].context.trace_id != second[0].context.trace_id


def test_different_questions_or_system_prompts_are_different_sessions() -> None:
    mapper = SpanMapper()
    sessions = {
        t.context.trace_id
        for t in _map_each(
            mapper,
            [
                _client_call(1),
                _client_call(1, question="And in Lemuria?"),
                _client_call(1, system="You are a travel bot."),
            ],
        )
    }
    assert len(sessions) == 3


def test_only_the_system_prompt_prefix_counts() -> None:
    base = "x" * SYSTEM_PREFIX_CHARS
    mapper = SpanMapper()
    traces = _map_each(
        mapper,
        [
            _client_call(0, system=base + " today is Monday"),
            _client_call(1, system=base + " today is Tuesday"),
        ],
    )
    assert len({t.context.trace_id for t in traces}) == 1


def test_content_off_without_an_id_keeps_one_session_per_trace() -> None:
    calls = [
        span(
            {"gen_ai.operation.name": "chat", "gen_ai.response.finish_reasons": ["stop"]},
            trace_id=os.urandom(16).hex(),
        )
        for _ in range(3)
    ]
    traces = _map_each(SpanMapper(), calls)
    assert [t.context.trace_id for t in traces] == [c.trace_id for c in calls]


def test_a_trace_with_an_agent_span_is_never_merged() -> None:
    mapper = SpanMapper()
    sessions = set()
    for n in range(2):
        trace_id = os.urandom(16).hex()
        root = span({"gen_ai.operation.name": "invoke_agent"}, name="invoke_agent a", trace_id=trace_id)
        call = chat(
            extra={"gen_ai.input.messages": json.dumps(_history(n))},
            text="x",
            trace_id=trace_id,
            parent=root.span_id,
        )
        sessions |= {t.context.trace_id for t in mapper.map([call, root])}
        assert trace_id in sessions
    assert len(sessions) == 2


def test_openinference_flattened_history_is_read() -> None:
    def call(n: int) -> SpanView:
        attrs: dict[str, Any] = {
            "openinference.span.kind": "LLM",
            "llm.input_messages.0.message.role": "system",
            "llm.input_messages.0.message.content": SYSTEM,
            "llm.input_messages.1.message.role": "user",
            "llm.input_messages.1.message.content": QUESTION,
            "llm.output_messages.0.message.content": f"step {n}",
        }
        if n:
            attrs["llm.input_messages.2.message.role"] = "assistant"
            attrs["llm.input_messages.2.message.content"] = "thinking"
        return span(attrs, trace_id=os.urandom(16).hex())

    traces = _map_each(SpanMapper(), [call(0), call(1), call(2)])
    assert len({t.context.trace_id for t in traces}) == 1
