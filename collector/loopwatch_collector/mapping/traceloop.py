"""OpenLLMetry / Traceloop (``traceloop-sdk`` 0.5x-0.6x).

Tool span (``@tool`` decorator): ``traceloop.span.kind == "tool"``, span name ``{name}.tool``;
name ``traceloop.entity.name`` (or ``gen_ai.tool.name``); arguments ``traceloop.entity.input``,
a JSON envelope ``{"args": [...], "kwargs": {...}}`` that is unwrapped; result
``traceloop.entity.output``. LangChain >= 0.55 emits semconv ``execute_tool`` spans instead,
handled by :mod:`genai` (its LangChain envelope is unwrapped there).

LLM span, before 0.55: ``gen_ai.completion.{i}.{content,finish_reason}``,
``gen_ai.completion.{i}.tool_calls.{j}.{id,name,arguments}``; fed-back results
``gen_ai.prompt.{i}.{role="tool",content,tool_call_id}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopwatch_collector.mapping.common import error_of, name_after, unwrap_envelope
from loopwatch_collector.mapping.model import UNKNOWN, FedResult, RequestedCall, ToolSpan
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import as_text, first_text, indexed, text


def tool(span: SpanView) -> ToolSpan | None:
    """A Traceloop ``tool`` span, or ``None``."""
    attrs = span.attributes
    if attrs.get("traceloop.span.kind") != "tool":
        return None
    is_error, error_type = error_of(span)
    name = (
        first_text(attrs, "traceloop.entity.name", "gen_ai.tool.name")
        or _strip_suffix(span.name)
        or "unknown"
    )
    return ToolSpan(
        family="traceloop",
        name=name,
        call_id=first_text(attrs, "gen_ai.tool.call.id"),
        arguments=(
            unwrap_envelope(attrs["traceloop.entity.input"]) if "traceloop.entity.input" in attrs else UNKNOWN
        ),
        result=as_text(attrs["traceloop.entity.output"]) if "traceloop.entity.output" in attrs else UNKNOWN,
        is_error=is_error,
        error_type=error_type,
    )


def _strip_suffix(span_name: str) -> str | None:
    if span_name.endswith(".tool"):
        return span_name[: -len(".tool")] or None
    return name_after(span_name, "execute_tool ")


def is_llm(attrs: Mapping[str, Any]) -> bool:
    return attrs.get("llm.request.type") in ("chat", "completion")


def output(attrs: Mapping[str, Any]) -> tuple[str | None, tuple[RequestedCall, ...], str | None] | None:
    """(text, calls, finish reason) from legacy ``gen_ai.completion.*``; None if absent."""
    completions = indexed(attrs, "gen_ai.completion")
    if not completions:
        return None
    texts: list[str] = []
    calls: list[RequestedCall] = []
    finish: str | None = None
    for completion in completions:
        content = text(completion.get("content"))
        if content is not None:
            texts.append(content)
        finish = finish or text(completion.get("finish_reason"))
        for call in indexed(completion, "tool_calls"):
            calls.append(
                RequestedCall(
                    name=text(call.get("name")) or "unknown",
                    id=text(call.get("id")),
                    arguments=unwrap_envelope(call["arguments"]) if "arguments" in call else UNKNOWN,
                )
            )
    return ("\n".join(texts) if texts else None), tuple(calls), finish


def fed_results(attrs: Mapping[str, Any]) -> tuple[FedResult, ...]:
    """Tool messages in legacy ``gen_ai.prompt.*`` that name their call id."""
    found: list[FedResult] = []
    for prompt in indexed(attrs, "gen_ai.prompt"):
        call_id = text(prompt.get("tool_call_id"))
        if prompt.get("role") != "tool" or call_id is None:
            continue
        found.append(FedResult(call_id=call_id, content=as_text(prompt.get("content") or "")))
    return tuple(found)
