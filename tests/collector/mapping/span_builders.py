"""Builders of ``SpanView`` s for the mapper tests (plain dicts: no protobuf needed)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from typing import Any

from loopwatch_collector.mapping import SpanView

TRACE = "0af7651916cd43dd8448eb211c80319c"
_ids = itertools.count(1)
_clock = itertools.count(1_000_000_000, 1_000_000)


def span_id() -> str:
    return f"{next(_ids):016x}"


def span(
    attrs: dict[str, Any] | None = None,
    *,
    name: str = "span",
    trace_id: str = TRACE,
    parent: str = "",
    error: bool = False,
    resource: dict[str, Any] | None = None,
    start_ns: int | None = None,
    duration_ns: int = 500_000,
) -> SpanView:
    start = next(_clock) if start_ns is None else start_ns
    return SpanView(
        trace_id=trace_id,
        span_id=span_id(),
        parent_span_id=parent,
        name=name,
        kind=1,
        start_ns=start,
        end_ns=start + duration_ns,
        attributes=attrs or {},
        resource=resource or {"service.name": "svc"},
        is_error=error,
    )


def execute_tool(
    tool: str, args: Any = None, result: Any = None, *, call_id: str | None = None, **kw: Any
) -> SpanView:
    attrs: dict[str, Any] = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": tool}
    if call_id is not None:
        attrs["gen_ai.tool.call.id"] = call_id
    if args is not None:
        attrs["gen_ai.tool.call.arguments"] = args if isinstance(args, str) else json.dumps(args)
    if result is not None:
        attrs["gen_ai.tool.call.result"] = result
    return span(attrs, name=f"execute_tool {tool}", **kw)


def chat(
    *,
    text: str | None = None,
    calls: Sequence[tuple[str, str, dict[str, Any]]] = (),
    structured: bool = False,
    extra: dict[str, Any] | None = None,
    **kw: Any,
) -> SpanView:
    parts: list[dict[str, Any]] = []
    if text is not None:
        parts.append({"type": "text", "content": text})
    for call_id, name, args in calls:
        parts.append({"type": "tool_call", "id": call_id, "name": name, "arguments": args})
    messages = [{"role": "assistant", "parts": parts, "finish_reason": "tool_call" if calls else "stop"}]
    attrs: dict[str, Any] = {
        "gen_ai.operation.name": "chat",
        "gen_ai.output.messages": messages if structured else json.dumps(messages),
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 5,
    }
    attrs.update(extra or {})
    return span(attrs, name="chat gpt", **kw)
