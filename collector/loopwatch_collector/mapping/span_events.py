"""Content in span events -> the span's attributes, for the spans whose attributes lack it.

Some instrumentations record a model call's or a tool's content as span events, not attributes:
Strands Agents by default (``gen_ai.{role}.message`` and ``gen_ai.choice`` with Bedrock-style
content blocks), the ``gen_ai_latest_experimental`` mode without ``gen_ai_span_attributes_only``
(``gen_ai.client.inference.operation.details`` events holding the semconv attributes), and the
older conventions (``gen_ai.content.prompt`` / ``gen_ai.content.completion``). This module
rebuilds the attributes the family readers already know, so the same code paths turn them into
steps and results:

- a model-call span (:func:`recognise.is_llm`): its events' messages (:mod:`event_messages`)
  become ``gen_ai.input.messages`` / ``gen_ai.output.messages``;
- an ``execute_tool`` span: ``gen_ai.tool.message`` (``content``: the arguments) becomes
  ``gen_ai.tool.call.arguments``, ``gen_ai.choice`` (``message``: the result's content blocks)
  ``gen_ai.tool.call.result``; a details event's attributes are taken as they are.

The span's own attributes always win: events only fill keys it lacks. Other spans (agent, event
loop cycle) are left alone: their output repeats the last model call's. At most
``MAX_CONTENT_EVENTS`` events are read per span, and every value is parsed within
``values.MAX_CONTENT_CHARS`` (:func:`values.loads`), so a span costs at most a constant multiple
of the bytes its request already holds.

Contract: pure, never raises on any decoded span.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from loopwatch_collector.mapping.event_messages import (
    CHOICE_EVENT,
    DETAILS_EVENT,
    GENAI_EVENTS,
    INPUT_EVENTS,
    Messages,
    block_text,
)
from loopwatch_collector.mapping.recognise import is_llm
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import text

# The OpenTelemetry SDKs keep 128 events per span by default (``OTEL_SPAN_EVENT_COUNT_LIMIT``):
# a model call re-sends its history as events, so a long run fills that; more are not read.
MAX_CONTENT_EVENTS = 128
_ARGUMENTS = "gen_ai.tool.call.arguments"
_RESULT = "gen_ai.tool.call.result"


def with_event_content(span: SpanView) -> SpanView:
    """``span`` with the content of its GenAI events added as attributes (itself when none)."""
    if not span.events or span.from_logs:
        return span
    if span.attributes.get("gen_ai.operation.name") == "execute_tool" or span.name.startswith(
        "execute_tool "
    ):
        found = _tool_attributes(span)
    elif is_llm(span):
        found = _model_attributes(span)
    else:
        return span
    added = {key: value for key, value in found.items() if key not in span.attributes}
    if not added:
        return span
    return replace(span, attributes={**span.attributes, **added})


def _genai_events(span: SpanView) -> list[tuple[str, dict[str, Any]]]:
    events = [(event.name, dict(event.attributes)) for event in span.events if event.name in GENAI_EVENTS]
    return events[:MAX_CONTENT_EVENTS]


def _model_attributes(span: SpanView) -> dict[str, Any]:
    messages = Messages()
    for name, attrs in _genai_events(span):
        messages.add(name, attrs, attrs)  # on a span event the body's fields are attributes
    return messages.attributes()


def _tool_attributes(span: SpanView) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name, attrs in _genai_events(span):
        if name == DETAILS_EVENT:
            found.update(attrs)
        elif INPUT_EVENTS.get(name) == "tool" and "content" in attrs:
            found.setdefault(_ARGUMENTS, attrs["content"])
        elif name == CHOICE_EVENT and "message" in attrs:
            found.setdefault(_RESULT, block_text(attrs["message"]))
        if "gen_ai.tool.call.id" not in span.attributes and (call_id := text(attrs.get("id"))):
            found.setdefault("gen_ai.tool.call.id", call_id)
    return found
