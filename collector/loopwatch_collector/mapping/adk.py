"""Google ADK's own content attributes -> the semconv attributes, when the span has none.

ADK's tracing in its default mode records content only in its own JSON-string attributes:

- ``call_llm`` span: ``gcp.vertex.agent.llm_request`` (``{model, config, contents}``: the
  conversation as Gemini ``Content`` s, ``{role, parts}``) and ``gcp.vertex.agent.llm_response``
  (``{content, finish_reason, ...}``);
- ``execute_tool {name}`` span: ``gcp.vertex.agent.tool_call_args`` and
  ``gcp.vertex.agent.tool_response`` (a dict: ADK wraps a tool's other values as ``{result}``),
  beside the semconv ``gen_ai.tool.call.id`` and ``gen_ai.tool.name``.

A Gemini part is ``{text}``, ``{function_call: {id, name, args}}`` or ``{function_response:
{id, name, response}}`` (snake_case from ADK for Python, camelCase from ADK for TypeScript). They
become ``gen_ai.input.messages`` / ``gen_ai.output.messages`` and ``gen_ai.tool.call.arguments``
/ ``gen_ai.tool.call.result``, so the family readers turn them into steps and results as for the
semconv mode. The span's own attributes always win.

With content capture off ADK writes ``{}`` to all four: a ``{}`` tool response then stands for no
content (ADK always wraps a tool's value, so an empty dict is what "not captured" looks like), and
an empty request or response has no ``contents`` / ``content`` to read.

Contract: pure, never raises on any decoded span; JSON parsed within ``values.MAX_CONTENT_CHARS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from loopwatch_collector.mapping.event_messages import INPUT_KEY, OUTPUT_KEY
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import items, loads, mapping, text

LLM_REQUEST = "gcp.vertex.agent.llm_request"
LLM_RESPONSE = "gcp.vertex.agent.llm_response"
TOOL_ARGS = "gcp.vertex.agent.tool_call_args"
TOOL_RESPONSE = "gcp.vertex.agent.tool_response"
_NOT_CAPTURED = "{}"  # what ADK writes to its content attributes with capture off


def with_adk_content(span: SpanView) -> SpanView:
    """``span`` with ADK's content as semconv attributes (itself when none)."""
    attrs = span.attributes
    if not (LLM_REQUEST in attrs or LLM_RESPONSE in attrs or TOOL_RESPONSE in attrs):
        return span
    found = {**_tool_attributes(attrs), **_model_attributes(attrs)}
    added = {key: value for key, value in found.items() if key not in attrs}
    return replace(span, attributes={**attrs, **added}) if added else span


def _tool_attributes(attrs: Mapping[str, Any]) -> dict[str, Any]:
    response = attrs.get(TOOL_RESPONSE)
    if not isinstance(response, str) or response.strip() == _NOT_CAPTURED:
        return {}
    found = {"gen_ai.tool.call.result": response}
    if TOOL_ARGS in attrs:
        found["gen_ai.tool.call.arguments"] = attrs[TOOL_ARGS]
    return found


def _model_attributes(attrs: Mapping[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    request = mapping(loads(attrs.get(LLM_REQUEST)))
    inputs = [_message(content) for content in items(request.get("contents"))]
    if inputs:
        found[INPUT_KEY] = inputs
    response = mapping(loads(attrs.get(LLM_RESPONSE)))
    content = mapping(response.get("content"))
    if content:
        output = _message(content)
        output["finish_reason"] = text(response.get("finish_reason")) or text(response.get("finishReason"))
        found[OUTPUT_KEY] = [output]
    return found


def _message(raw: Any) -> dict[str, Any]:
    content = mapping(raw)
    role = text(content.get("role")) or "user"
    return {"role": "assistant" if role == "model" else role, "parts": _parts(content.get("parts"))}


def _parts(raw: Any) -> list[dict[str, Any]]:
    parts: list[dict[str, Any]] = []
    for item in items(raw):
        part = mapping(item)
        call = mapping(part.get("function_call") or part.get("functionCall"))
        done = mapping(part.get("function_response") or part.get("functionResponse"))
        if isinstance(part.get("text"), str):
            parts.append({"type": "text", "content": part["text"]})
        elif call:
            found: dict[str, Any] = {
                "type": "tool_call",
                "id": text(call.get("id")),
                "name": text(call.get("name")) or "unknown",
            }
            if "args" in call:
                found["arguments"] = call["args"]
            parts.append(found)
        elif done:
            response: dict[str, Any] = {"type": "tool_call_response", "id": text(done.get("id"))}
            if "response" in done:
                response["response"] = done["response"]
            parts.append(response)
    return parts
