"""``learn_context``: a trace's agent, conversation and service, learnt across batches."""

from __future__ import annotations

from typing import Any

from loopwatch_collector.mapping.memo import TraceMemo
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.trace_context import learn_context


def _span(attributes: dict[str, Any], *, service: str | None = None) -> SpanView:
    resource = {"service.name": service} if service else {}
    return SpanView(trace_id="t" * 32, span_id="s" * 16, attributes=attributes, resource=resource)


def test_the_agent_span_names_the_agent_over_earlier_guesses() -> None:
    memo = TraceMemo()
    learn_context(memo, [_span({"agent.name": "helper"})])
    assert memo.agent == "helper"
    learn_context(memo, [_span({"gen_ai.agent.name": "other"})])
    assert memo.agent == "helper"  # a non-agent span does not rename a known agent
    learn_context(memo, [_span({"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "planner"})])
    assert memo.agent == "planner"


def test_the_first_conversation_key_seen_is_kept() -> None:
    memo = TraceMemo()
    learn_context(memo, [_span({"langfuse.session.id": "s-1"})])
    learn_context(memo, [_span({"gen_ai.conversation.id": "c-2"})])
    assert memo.conversation_id == "s-1"


def test_service_name_is_the_fallback_from_the_resource() -> None:
    memo = TraceMemo()
    learn_context(memo, [_span({}), _span({}, service="billing-bot")])
    assert (memo.agent, memo.service, memo.conversation_id) == (None, "billing-bot", None)
