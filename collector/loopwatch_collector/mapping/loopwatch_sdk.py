"""Spans emitted by loopwatch's own SDK (``loopwatch.*`` attributes, see ``loopwatch.telemetry``).

They are semconv spans plus the SDK's precomputed event ids, fingerprints and sketches, so the
collector rebuilds exactly the events the SDK sends through ``LoopGuard.Evaluate`` (same event
ids: counted once), and privacy mode keeps working without any content on the wire:

- chat span: ``loopwatch.event.id``; ``loopwatch.step.tool_call.{ids,names,fingerprints,repetitions}``
  (parallel arrays); ``loopwatch.text.sketch`` (compact JSON); ``loopwatch.step.refers_to_calls``
  (bool, when the SDK sets it).
- execute_tool span: ``loopwatch.event.id``; ``loopwatch.tool.call.fingerprint``;
  ``loopwatch.tool.result.{fingerprint,size,is_error}``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from loopwatch.events import PREVIEW_CHARS, ToolCall, ToolResult
from loopwatch.fingerprint import bounded_fingerprint, canonical_arguments
from loopwatch.sketch import Repetition, TextSketch
from loopwatch_collector.mapping.model import UNKNOWN, RequestedCall, ToolSpan
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import as_arguments, integer, items, loads, mapping, text

EVENT_ID = "loopwatch.event.id"
# Longest event id accepted from a span: the wire contract's own bound is in the same range.
_MAX_EVENT_ID_CHARS = 256


def event_id(span: SpanView) -> str | None:
    """The SDK's event id for the event this span records, or ``None``."""
    found = text(span.attributes.get(EVENT_ID))
    return found if found is not None and len(found) <= _MAX_EVENT_ID_CHARS else None


def step_calls(
    span: SpanView, requested: tuple[RequestedCall, ...], *, capture_content: bool
) -> tuple[ToolCall, ...] | None:
    """The step's calls with the SDK's fingerprints, or ``None`` when the span has none."""
    attrs = span.attributes
    ids = [text(v) for v in items(attrs.get("loopwatch.step.tool_call.ids"))]
    names = [text(v) for v in items(attrs.get("loopwatch.step.tool_call.names"))]
    prints = [text(v) for v in items(attrs.get("loopwatch.step.tool_call.fingerprints"))]
    reps = items(attrs.get("loopwatch.step.tool_call.repetitions"))
    if not ids or not (len(ids) == len(names) == len(prints)):
        return None
    by_id = {c.id: c for c in requested if c.id}
    calls: list[ToolCall] = []
    for i, (call_id, name, fingerprint) in enumerate(zip(ids, names, prints, strict=True)):
        if call_id is None or name is None or fingerprint is None:
            return None
        seen = by_id.get(call_id)
        arguments = None
        if capture_content and seen is not None and seen.arguments is not UNKNOWN:
            arguments = canonical_arguments(as_arguments(seen.arguments))
        calls.append(
            ToolCall(
                id=call_id,
                name=name,
                fingerprint=bounded_fingerprint(fingerprint),
                arguments=arguments,
                repetition=_repetition(reps[i] if i < len(reps) else None),
            )
        )
    return tuple(calls)


def sketch(span: SpanView) -> TextSketch | None:
    """The SDK's sketch of the assistant text, or ``None``."""
    found = mapping(loads(span.attributes.get("loopwatch.text.sketch")))
    if not found:
        return None
    hashes = tuple(h for h in items(found.get("minhash")) if isinstance(h, int) and not isinstance(h, bool))
    return TextSketch(
        length=integer(found.get("length")),
        minhash=tuple(sorted(hashes)),
        words=integer(found.get("words")),
        repetition=_repetition(found.get("repetition")),
    )


def refers_to_calls(span: SpanView) -> bool:
    """``Step.refers_to_calls`` as the SDK computed it (``loopwatch.step.refers_to_calls``)."""
    return span.attributes.get("loopwatch.step.refers_to_calls") is True


def tool_result(span: SpanView, tool: ToolSpan, call_id: str, *, capture_content: bool) -> ToolResult | None:
    """The ToolResult with the SDK's fingerprint, or ``None`` when the span has none."""
    attrs = span.attributes
    fingerprint = text(attrs.get("loopwatch.tool.result.fingerprint"))
    found_id = event_id(span)
    if fingerprint is None or found_id is None:
        return None
    flagged = attrs.get("loopwatch.tool.result.is_error") is True
    preview = None
    if capture_content and isinstance(tool.result, str):
        flat = " ".join(tool.result.split())
        preview = flat if len(flat) <= PREVIEW_CHARS else flat[: PREVIEW_CHARS - 3] + "..."
    return ToolResult(
        event_id=found_id,
        call_id=call_id,
        fingerprint=bounded_fingerprint(fingerprint),
        size=max(0, integer(attrs.get("loopwatch.tool.result.size"))),
        is_error=tool.is_error or flagged,
        error_type=tool.error_type or ("error" if flagged else None),
        preview=preview,
        time_unix_ns=span.end_ns,
    )


def _repetition(value: Any) -> Repetition | None:
    found: Mapping[str, Any] = mapping(loads(value)) if isinstance(value, str) else mapping(value)
    if not found:
        return None
    try:
        return Repetition(
            unit=str(found.get("unit", "")),
            period=integer(found.get("period")),
            repeats=integer(found.get("repeats")),
            block_chars=integer(found.get("block_chars")),
            start=integer(found.get("start")),
            end=integer(found.get("end")),
        )
    except (TypeError, ValueError, json.JSONDecodeError):
        return None
