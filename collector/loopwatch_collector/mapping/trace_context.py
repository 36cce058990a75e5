"""Which agent and conversation a trace belongs to, learnt from its spans as they arrive.

Agent from ``gen_ai.agent.name`` / OpenInference ``agent.name`` (an agent span's wins; else the
resource's ``service.name``), conversation from ``gen_ai.conversation.id`` / ``session.id`` /
platform session keys. Both are remembered per trace (``TraceMemo``) because the agent span that
carries them ends, and is exported, last. Used by the span mapper (``mapping/assemble.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from loopwatch_collector.mapping.memo import TraceMemo
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import first_text

CONVERSATION_KEYS = (
    "gen_ai.conversation.id",
    "session.id",
    "langfuse.session.id",
    "traceloop.association.properties.session_id",
    "traceloop.association.properties.conversation_id",
    "traceloop.association.properties.thread_id",
    "langsmith.metadata.conversation_id",
    "langsmith.metadata.session_id",
    "langsmith.metadata.thread_id",
)
_CONVERSATION_KEY_SET = frozenset(CONVERSATION_KEYS)
UNKNOWN_AGENT = "unknown"
# The agent's name: semconv, then OpenInference (``agent.name`` on its AGENT spans).
_AGENT_KEYS = ("gen_ai.agent.name", "agent.name")


def learn_context(memo: TraceMemo, spans: Sequence[SpanView]) -> None:
    """Fill in what ``spans`` tell of their trace's agent, conversation and service."""
    for span in spans:
        attrs = span.attributes
        if memo.agent is None or _is_agent_span(attrs):
            agent = first_text(attrs, *_AGENT_KEYS)
            if agent is not None:
                memo.agent = agent
        if memo.conversation_id is None and not _CONVERSATION_KEY_SET.isdisjoint(attrs.keys()):
            memo.conversation_id = first_text(attrs, *CONVERSATION_KEYS)
    if memo.service is None:
        for span in spans:
            memo.service = first_text(span.resource, "service.name")
            if memo.service is not None:
                break


def _is_agent_span(attrs: Mapping[str, Any]) -> bool:
    return (
        attrs.get("gen_ai.operation.name") == "invoke_agent"
        or attrs.get("openinference.span.kind") == "AGENT"
    )
