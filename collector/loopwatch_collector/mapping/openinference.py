"""OpenInference (Arize Phoenix instrumentations; semantic conventions 0.1.x).

Tool span: ``openinference.span.kind == "TOOL"``; name ``tool.name`` (else the span name);
call id ``tool_call.id`` when set; arguments ``input.value``; result ``output.value``; error
from status ERROR or an ``exception`` event.

LLM span: ``openinference.span.kind == "LLM"``; flattened lists:
``llm.output_messages.{i}.message.content`` and
``llm.output_messages.{i}.message.tool_calls.{j}.tool_call.{id,function.name,function.arguments}``;
fed-back results ``llm.input_messages.{k}.message.{role="tool",content,tool_call_id}``; tokens
``llm.token_count.{prompt,completion}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopwatch_collector.mapping.common import error_of, unwrap_envelope
from loopwatch_collector.mapping.model import UNKNOWN, FedResult, RequestedCall, ToolSpan
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import as_text, first_text, indexed, text

SPAN_KIND = "openinference.span.kind"


def tool(span: SpanView) -> ToolSpan | None:
    """A TOOL span, or ``None``."""
    attrs = span.attributes
    if str(attrs.get(SPAN_KIND, "")).upper() != "TOOL":
        return None
    is_error, error_type = error_of(span)
    return ToolSpan(
        family="openinference",
        name=first_text(attrs, "tool.name") or text(span.name) or "unknown",
        call_id=first_text(attrs, "tool_call.id"),
        arguments=unwrap_envelope(attrs["input.value"]) if "input.value" in attrs else UNKNOWN,
        result=as_text(attrs["output.value"]) if "output.value" in attrs else UNKNOWN,
        is_error=is_error,
        error_type=error_type,
    )


def is_llm(attrs: Mapping[str, Any]) -> bool:
    return str(attrs.get(SPAN_KIND, "")).upper() == "LLM"


def output(attrs: Mapping[str, Any]) -> tuple[str | None, tuple[RequestedCall, ...], str | None] | None:
    """(text, requested calls, finish reason) from ``llm.output_messages.*``; None if absent."""
    messages = indexed(attrs, "llm.output_messages")
    if not messages:
        return None
    texts: list[str] = []
    calls: list[RequestedCall] = []
    for message in messages:
        content = text(message.get("message.content"))
        if content is not None:
            texts.append(content)
        for part in indexed(message, "message.contents"):
            found = text(part.get("message_content.text"))
            if found is not None:
                texts.append(found)
        for call in indexed(message, "message.tool_calls"):
            calls.append(
                RequestedCall(
                    name=text(call.get("tool_call.function.name")) or "unknown",
                    id=text(call.get("tool_call.id")),
                    arguments=(
                        unwrap_envelope(call["tool_call.function.arguments"])
                        if "tool_call.function.arguments" in call
                        else UNKNOWN
                    ),
                )
            )
    return ("\n".join(texts) if texts else None), tuple(calls), None


def fed_results(attrs: Mapping[str, Any]) -> tuple[FedResult, ...]:
    """Tool messages in ``llm.input_messages.*`` that name their call id."""
    found: list[FedResult] = []
    for message in indexed(attrs, "llm.input_messages"):
        call_id = text(message.get("message.tool_call_id"))
        if message.get("message.role") != "tool" or call_id is None:
            continue
        found.append(FedResult(call_id=call_id, content=as_text(message.get("message.content") or "")))
    return tuple(found)
