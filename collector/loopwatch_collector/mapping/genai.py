"""OpenTelemetry GenAI semantic conventions (v1.37+; also OpenLIT frameworks, pydantic-ai v>=3,
OpenLLMetry-LangChain >= 0.55 and contrib util-genai, which all follow them).

Tool span: ``gen_ai.operation.name == "execute_tool"``; name ``gen_ai.tool.name`` (else from the
span name ``execute_tool {name}``); ``gen_ai.tool.call.id``; arguments
``gen_ai.tool.call.arguments`` (legacy OpenLIT ``gen_ai.tool.args`` / ``gen_ai.tool.input``,
Traceloop ``traceloop.entity.input`` unwrapped); result ``gen_ai.tool.call.result`` (legacy
``gen_ai.tool.output``, ``traceloop.entity.output``).

LLM span: ``gen_ai.output.messages`` (a JSON string or a structured array) -> ``text`` parts and
``tool_call`` parts; ``gen_ai.input.messages`` ``tool_call_response`` parts (field ``response``
per the schema, ``result`` per the registry example: both accepted) -> fed-back results.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopwatch_collector.mapping.common import error_of, name_after, unwrap_envelope
from loopwatch_collector.mapping.model import UNKNOWN, FedResult, RequestedCall, ToolSpan
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import as_text, first_text, items, loads, mapping, text

LLM_OPERATIONS = frozenset({"chat", "text_completion", "generate_content", "completion"})
_ARGUMENT_KEYS = ("gen_ai.tool.call.arguments", "gen_ai.tool.args", "gen_ai.tool.input")
_RESULT_KEYS = ("gen_ai.tool.call.result", "gen_ai.tool.output", "traceloop.entity.output")


def tool(span: SpanView) -> ToolSpan | None:
    """A tool span by the semantic conventions, or ``None``."""
    attrs = span.attributes
    if attrs.get("gen_ai.operation.name") != "execute_tool":
        return None
    return tool_from_attributes(span, family="genai")


def tool_from_attributes(span: SpanView, *, family: str, fallback_name: str | None = None) -> ToolSpan:
    """The ``gen_ai.tool.*`` reading of ``span`` (shared with MCP and pydantic-ai)."""
    attrs = span.attributes
    name = (
        first_text(attrs, "gen_ai.tool.name")
        or name_after(span.name, "execute_tool ")
        or fallback_name
        or text(span.name)
        or "unknown"
    )
    is_error, error_type = error_of(span)
    return ToolSpan(
        family=family,
        name=name,
        call_id=first_text(attrs, "gen_ai.tool.call.id"),
        arguments=_first_present(attrs, (*_ARGUMENT_KEYS, "traceloop.entity.input"), unwrap=True),
        result=_result(attrs, _RESULT_KEYS),
        is_error=is_error,
        error_type=error_type,
    )


def _first_present(attrs: Mapping[str, Any], keys: tuple[str, ...], *, unwrap: bool) -> Any:
    for key in keys:
        if key in attrs and attrs[key] is not None:
            return unwrap_envelope(attrs[key]) if unwrap else attrs[key]
    return UNKNOWN


def _result(attrs: Mapping[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        if key in attrs and attrs[key] is not None:
            return as_text(attrs[key])
    return UNKNOWN


def output(attrs: Mapping[str, Any]) -> tuple[str | None, tuple[RequestedCall, ...], str | None] | None:
    """(text, requested calls, finish reason) from ``gen_ai.output.messages``; None if absent."""
    if "gen_ai.output.messages" not in attrs:
        return None
    texts: list[str] = []
    calls: list[RequestedCall] = []
    finish: str | None = None
    for message in items(loads(attrs["gen_ai.output.messages"])):
        message = mapping(message)
        finish = finish or text(message.get("finish_reason"))
        for part in items(message.get("parts")):
            part = mapping(part)
            kind = part.get("type")
            if kind == "text":
                found = text(part.get("content"))
                if found is not None:
                    texts.append(found)
            elif kind == "tool_call":
                calls.append(
                    RequestedCall(
                        name=text(part.get("name")) or "unknown",
                        id=text(part.get("id")),
                        arguments=unwrap_envelope(part["arguments"]) if "arguments" in part else UNKNOWN,
                    )
                )
    return ("\n".join(texts) if texts else None), tuple(calls), finish


def fed_results(attrs: Mapping[str, Any]) -> tuple[FedResult, ...]:
    """Tool results in ``gen_ai.input.messages``: ``tool_call_response`` parts with an id."""
    found: list[FedResult] = []
    for message in items(loads(attrs.get("gen_ai.input.messages"))):
        message = mapping(message)
        for part in items(message.get("parts")):
            part = mapping(part)
            call_id = text(part.get("id"))
            if part.get("type") != "tool_call_response" or call_id is None:
                continue
            body = part.get("response", part.get("result"))
            # No response at all: content not captured (an empty one is ``""``).
            content = as_text(body) if body is not None else UNKNOWN
            found.append(FedResult(call_id=call_id, content=content))
    return tuple(found)
