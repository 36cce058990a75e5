"""The Vercel AI SDK's ``ai.*`` spans: ``ai`` 3-6 with ``experimental_telemetry``, and ``ai`` 7
with ``@ai-sdk/otel``'s ``LegacyOpenTelemetry`` integration (its ``OpenTelemetry`` integration
emits semconv spans, read by :mod:`genai`).

Recognised by ``ai.operationId`` (the span name, without the ``functionId`` suffix that
``operation.name`` carries):

- Tool span ``ai.toolCall``: name ``ai.toolCall.name``, id ``ai.toolCall.id``, arguments
  ``ai.toolCall.args`` (JSON text), result ``ai.toolCall.result`` (the output as JSON text;
  absent with ``recordOutputs: false``, or when the tool failed: the span's status says so).
- Model call ``ai.generateText.doGenerate`` / ``ai.streamText.doStream`` (and the object
  variants): text ``ai.response.text``, requested calls ``ai.response.toolCalls`` (a JSON list
  of ``{toolCallId, toolName, input}``; ``args`` before ``ai`` 5), finish reason
  ``ai.response.finishReason``. The outer ``ai.generateText`` / ``ai.streamText`` span repeats
  the whole run's output and is not a model call. ``ai.toolCall`` spans are children of the
  model call that asked for them (whose span ends after them): with ``recordOutputs: false``
  they make its step (``llm_events``), its finish reason ``tool-calls`` saying it asked.

Every value goes through :mod:`values`, which bounds sizes and never raises.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopwatch_collector.mapping.common import error_of, unwrap_envelope
from loopwatch_collector.mapping.model import UNKNOWN, RequestedCall, ToolSpan
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import as_text, first_text, items, loads, mapping, text

TOOL_OPERATION = "ai.toolCall"
LLM_OPERATIONS = frozenset(
    {
        "ai.generateText.doGenerate",
        "ai.streamText.doStream",
        "ai.generateObject.doGenerate",
        "ai.streamObject.doStream",
    }
)


def _operation(attrs: Mapping[str, Any]) -> str | None:
    return text(attrs.get("ai.operationId"))


def tool(span: SpanView) -> ToolSpan | None:
    """An ``ai.toolCall`` span, or ``None``."""
    attrs = span.attributes
    if _operation(attrs) != TOOL_OPERATION:
        return None
    is_error, error_type = error_of(span)
    result = attrs.get("ai.toolCall.result")
    return ToolSpan(
        family="vercel_ai",
        name=first_text(attrs, "ai.toolCall.name") or "unknown",
        call_id=first_text(attrs, "ai.toolCall.id"),
        arguments=unwrap_envelope(attrs["ai.toolCall.args"]) if "ai.toolCall.args" in attrs else UNKNOWN,
        result=as_text(result) if result is not None else UNKNOWN,
        is_error=is_error,
        error_type=error_type,
    )


def is_llm(attrs: Mapping[str, Any]) -> bool:
    return _operation(attrs) in LLM_OPERATIONS


def output(attrs: Mapping[str, Any]) -> tuple[str | None, tuple[RequestedCall, ...], str | None] | None:
    """(text, requested calls, finish reason) of a model-call span; None when it is not one or
    its output was not recorded (``recordOutputs: false``)."""
    if not is_llm(attrs) or ("ai.response.text" not in attrs and "ai.response.toolCalls" not in attrs):
        return None
    calls: list[RequestedCall] = []
    for call in items(loads(attrs.get("ai.response.toolCalls"))):
        call = mapping(call)
        arguments = call.get("input", call.get("args"))
        calls.append(
            RequestedCall(
                name=text(call.get("toolName")) or "unknown",
                id=text(call.get("toolCallId")),
                arguments=unwrap_envelope(arguments) if arguments is not None else UNKNOWN,
            )
        )
    return text(attrs.get("ai.response.text")), tuple(calls), text(attrs.get("ai.response.finishReason"))
