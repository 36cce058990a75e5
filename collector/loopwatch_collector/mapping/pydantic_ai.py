"""pydantic-ai / Logfire instrumentation.

Version >= 3 (default 5) emits semconv ``execute_tool {tool}`` spans, handled by :mod:`genai`.
Version 2 emits ``running tool`` spans: name ``gen_ai.tool.name``, arguments
``tool_arguments``, result ``tool_response`` (both only with ``include_content``). On either
version ``pydantic_ai.tool.failure_stage == "validation"`` marks arguments the tool rejected
(the tool never ran): an error whose type is ``validation``.
"""

from __future__ import annotations

from dataclasses import replace

from loopwatch_collector.mapping.common import error_of, unwrap_envelope
from loopwatch_collector.mapping.model import UNKNOWN, ToolSpan
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import as_text, first_text


def tool(span: SpanView) -> ToolSpan | None:
    """A pydantic-ai v2 ``running tool`` span, or ``None``."""
    attrs = span.attributes
    if span.name != "running tool":
        return None
    is_error, error_type = error_of(span)
    return ToolSpan(
        family="pydantic_ai",
        name=first_text(attrs, "gen_ai.tool.name") or "unknown",
        call_id=first_text(attrs, "gen_ai.tool.call.id"),
        arguments=unwrap_envelope(attrs["tool_arguments"]) if "tool_arguments" in attrs else UNKNOWN,
        result=as_text(attrs["tool_response"]) if "tool_response" in attrs else UNKNOWN,
        is_error=is_error,
        error_type=error_type,
    )


def refine(span: SpanView, found: ToolSpan) -> ToolSpan:
    """Mark a validation failure (``pydantic_ai.tool.failure_stage``) as an error."""
    if span.attributes.get("pydantic_ai.tool.failure_stage") == "validation":
        return replace(found, is_error=True, error_type=found.error_type or "validation")
    return found
