"""MCP spans (semantic conventions ``mcp.md``): ``mcp.method.name == "tools/call"``.

Name ``gen_ai.tool.name`` (else from the span name ``tools/call {tool}``, or the ``mcp`` SDK's
own client span name ``MCP send tools/call {tool}``); arguments and result as in :mod:`genai`
(the ``mcp`` SDK records neither: the result is then unknown, never "the same");
``error.type == "tool_error"`` when the result had ``isError: true``.
Client and server spans of one call share ``jsonrpc.request.id`` but not a tool call id, so
when both reach loopwatch (same trace) the server span is ignored and the client span counts.
"""

from __future__ import annotations

from loopwatch_collector.mapping.common import name_after
from loopwatch_collector.mapping.genai import tool_from_attributes
from loopwatch_collector.mapping.model import ToolSpan
from loopwatch_collector.mapping.spans import SpanView

# Prefix of the ``mcp`` SDK's client span names (``MCP send {method} {target}``).
_SDK_SEND_PREFIX = "MCP send "
# OTLP SpanKind SERVER: the callee's view of a call whose client span is the one we count.
_SPAN_KIND_SERVER = 2


def tool(span: SpanView) -> ToolSpan | None:
    """An MCP ``tools/call`` client span, or ``None``."""
    if span.attributes.get("mcp.method.name") != "tools/call":
        return None
    if span.kind == _SPAN_KIND_SERVER and span.parent_span_id:
        return None
    method_and_target = name_after(span.name, _SDK_SEND_PREFIX) or span.name
    return tool_from_attributes(
        span, family="mcp", fallback_name=name_after(method_and_target, "tools/call ")
    )
