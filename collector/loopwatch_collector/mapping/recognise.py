"""Which family reads a span, by precedence: the rule list of OTEL.md section 2.3.

Tool span, first match wins: MCP ``tools/call`` (client side) -> pydantic-ai v2 ``running tool``
(it also says ``gen_ai.operation.name=execute_tool`` but keeps arguments and result in its own
keys) -> semconv ``execute_tool`` -> OpenInference ``TOOL`` -> Traceloop ``tool`` -> LangSmith /
Langfuse ``tool`` -> Vercel AI SDK ``ai.toolCall`` -> a span named ``execute_tool {name}``. The
bare presence of ``gen_ai.tool.name`` never makes a tool span (OpenLIT chat spans carry it, comma-joined).

LLM span: ``gen_ai.operation.name`` in chat / text_completion / generate_content, OpenInference
``LLM``, Traceloop ``llm.request.type``, Vercel AI SDK ``ai.*.doGenerate`` / ``doStream``, or
any span with ``gen_ai.output.messages`` that is not an agent or workflow span (their output
repeats the last model step).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from loopwatch_collector.mapping import (
    genai,
    mcp,
    openinference,
    openlit,
    platforms,
    pydantic_ai,
    traceloop,
    vercel_ai,
)
from loopwatch_collector.mapping.model import FedResult, LlmSpan, RequestedCall, ToolSpan
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import integer, items, text

_TOOL_RULES: tuple[Callable[[SpanView], ToolSpan | None], ...] = (
    mcp.tool,
    pydantic_ai.tool,
    genai.tool,
    openinference.tool,
    traceloop.tool,
    platforms.tool,
    vercel_ai.tool,
)
_NOT_LLM_OPERATIONS = frozenset({"invoke_agent", "invoke_workflow", "create_agent", "execute_tool", "plan"})
_OutputReader = Callable[[Mapping[str, Any]], tuple[str | None, tuple[RequestedCall, ...], str | None] | None]
# The finish reasons that mean "stopped to call tools", as each provider or SDK spells them
# (the Vercel AI SDK's ``tool-calls``, also in the semconv spans of ``@ai-sdk/otel``).
_TOOL_FINISH_REASONS = frozenset({"tool_call", "tool_calls", "tool-calls", "function_call", "tool_use"})


def tool_of(span: SpanView) -> ToolSpan | None:
    """The tool execution ``span`` records, or ``None``."""
    if span.attributes.get("mcp.method.name") == "tools/call":
        found = mcp.tool(span)  # a server-side MCP span is never counted, even if it says execute_tool
        return pydantic_ai.refine(span, found) if found is not None else None
    for rule in _TOOL_RULES:
        found = rule(span)
        if found is not None:
            return pydantic_ai.refine(span, found)
    if span.name.startswith("execute_tool "):
        return genai.tool_from_attributes(span, family="span_name")
    return None


def is_llm(span: SpanView) -> bool:
    attrs = span.attributes
    operation = text(attrs.get("gen_ai.operation.name"))
    if operation in _NOT_LLM_OPERATIONS:
        return False
    return (
        operation in genai.LLM_OPERATIONS
        or openinference.is_llm(attrs)
        or traceloop.is_llm(attrs)
        or vercel_ai.is_llm(attrs)
        or "gen_ai.output.messages" in attrs
    )


def llm_of(span: SpanView) -> LlmSpan | None:
    """The model call ``span`` records, or ``None`` when it is no LLM span."""
    if not is_llm(span):
        return None
    attrs = span.attributes
    # The flattened-attribute families scan every key: run them only on their own spans.
    readers: list[_OutputReader] = [genai.output, vercel_ai.output]
    fed: tuple[FedResult, ...] = genai.fed_results(attrs)
    if openinference.is_llm(attrs):
        readers.append(openinference.output)
        fed += openinference.fed_results(attrs)
    if traceloop.is_llm(attrs) or "gen_ai.output.messages" not in attrs:
        readers.append(traceloop.output)
        fed += traceloop.fed_results(attrs)
    family, found = "", None
    for reader in readers:
        found = reader(attrs)
        if found is not None:
            family = reader.__module__.rsplit(".", 1)[-1]
            break
    finish = _finish_reason(attrs)
    input_tokens = integer(
        attrs.get("gen_ai.usage.input_tokens")
        or attrs.get("gen_ai.usage.prompt_tokens")
        or attrs.get("llm.token_count.prompt")
    )
    output_tokens = integer(
        attrs.get("gen_ai.usage.output_tokens")
        or attrs.get("gen_ai.usage.completion_tokens")
        or attrs.get("llm.token_count.completion")
    )
    if found is None:
        calls = openlit.requested_calls(attrs)
        return LlmSpan(
            family="openlit" if calls else "genai",
            output_known=bool(calls),
            calls=calls,
            fed_results=fed,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            finish_reason=finish,
        )
    output_text, calls, message_finish = found
    return LlmSpan(
        family=family,
        output_known=True,
        text=output_text,
        calls=calls,
        fed_results=fed,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        finish_reason=message_finish or finish,
    )


def requests_tools(llm: LlmSpan) -> bool:
    """True when the model stopped to call tools (by its calls or its finish reason)."""
    return bool(llm.calls) or (llm.finish_reason or "").lower() in _TOOL_FINISH_REASONS


def _finish_reason(attrs: Mapping[str, Any]) -> str | None:
    reasons = attrs.get("gen_ai.response.finish_reasons")
    for reason in items(reasons):
        found = text(reason)
        if found is not None:
            return found
    return (
        text(reasons)
        or text(attrs.get("llm.response.finish_reason"))
        or text(attrs.get("anthropic.message.stop_reason"))  # the anthropic SDK's own tracing
    )
