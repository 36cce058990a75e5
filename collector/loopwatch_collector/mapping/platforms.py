"""Tracing platforms exporting OTel: LangSmith (``LANGSMITH_OTEL_ENABLED``) and Langfuse.

LangSmith: ``langsmith.span.kind == "tool"``; name = span name; arguments ``gen_ai.prompt`` (the
run inputs, ``{"input": ...}`` unwrapped); result ``gen_ai.completion``.
Langfuse: ``langfuse.observation.type == "tool"``; arguments ``langfuse.observation.input``;
result ``langfuse.observation.output``. (Both mapped from their docs, not from live spans.)
"""

from __future__ import annotations

from loopwatch_collector.mapping.common import error_of, unwrap_envelope
from loopwatch_collector.mapping.model import UNKNOWN, ToolSpan
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import as_text, first_text, text

_READERS = (
    ("langsmith.span.kind", "langsmith", "gen_ai.prompt", "gen_ai.completion"),
    ("langfuse.observation.type", "langfuse", "langfuse.observation.input", "langfuse.observation.output"),
)


def tool(span: SpanView) -> ToolSpan | None:
    """A LangSmith or Langfuse tool span, or ``None``."""
    attrs = span.attributes
    for kind_key, family, args_key, result_key in _READERS:
        if attrs.get(kind_key) != "tool":
            continue
        is_error, error_type = error_of(span)
        return ToolSpan(
            family=family,
            name=first_text(attrs, "gen_ai.tool.name") or text(span.name) or "unknown",
            call_id=first_text(attrs, "gen_ai.tool.call.id"),
            arguments=unwrap_envelope(attrs[args_key]) if args_key in attrs else UNKNOWN,
            result=as_text(attrs[result_key]) if result_key in attrs else UNKNOWN,
            is_error=is_error,
            error_type=error_type,
        )
    return None
