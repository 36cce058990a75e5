"""Spans emitted by loopwatch's own SDK: decoded with ``loopwatch.wire.attribute_decode``.

They are semconv spans plus the SDK's precomputed event ids, fingerprints and sketches, so the
collector rebuilds exactly the events the SDK sends through ``LoopGuard.Evaluate`` (same event
ids: counted once), and privacy mode keeps working without any content on the wire. The
attribute names and their decoders belong to the SDK (the side that writes them); this module
only adds what the span itself says (captured arguments, the result preview, error status):

- chat span -> the step's calls, sketch and ``refers_to_calls``;
- execute_tool span -> the ``ToolResult``;
- ``loopwatch.user_message`` span events (on the ``invoke_agent`` span) -> ``UserMessage`` s,
  the turn boundaries of agents that only export OTLP.
"""

from __future__ import annotations

from dataclasses import replace

from loopwatch.events import PREVIEW_CHARS, ToolCall, ToolResult, UserMessage
from loopwatch.fingerprint import canonical_arguments
from loopwatch.sketch import TextSketch
from loopwatch.wire import attribute_decode as decoded
from loopwatch.wire import attributes as wire
from loopwatch_collector.mapping.model import UNKNOWN, RequestedCall, ToolSpan
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import as_arguments


def event_id(span: SpanView) -> str | None:
    """The SDK's event id for the event this span records, or ``None``."""
    return decoded.event_id_from(span.attributes)


def step_calls(
    span: SpanView, requested: tuple[RequestedCall, ...], *, capture_content: bool
) -> tuple[ToolCall, ...] | None:
    """The step's calls with the SDK's fingerprints, or ``None`` when the span has none."""
    calls = decoded.step_calls_from(span.attributes)
    if calls is None or not capture_content:
        return calls
    by_id = {c.id: c for c in requested if c.id}
    with_arguments: list[ToolCall] = []
    for call in calls:
        seen = by_id.get(call.id)
        if seen is not None and seen.arguments is not UNKNOWN:
            call = replace(call, arguments=canonical_arguments(as_arguments(seen.arguments)))
        with_arguments.append(call)
    return tuple(with_arguments)


def sketch(span: SpanView) -> TextSketch | None:
    """The SDK's sketch of the assistant text, or ``None``."""
    return decoded.sketch_from(span.attributes)


def refers_to_calls(span: SpanView) -> bool:
    """``Step.refers_to_calls`` as the SDK computed it (``loopwatch.step.refers_to_calls``)."""
    return decoded.refers_to_calls_from(span.attributes)


def call_fingerprint(span: SpanView) -> str | None:
    """The SDK's fingerprint of the executed call, or ``None``."""
    return decoded.call_fingerprint_from(span.attributes)


def call_shape(span: SpanView) -> str:
    """The SDK's shape of the executed call (``ToolCall.shape``), or ``""``."""
    return decoded.call_shape_from(span.attributes)


def tool_result(span: SpanView, tool: ToolSpan, call_id: str, *, capture_content: bool) -> ToolResult | None:
    """The ToolResult with the SDK's fingerprint, or ``None`` when the span has none."""
    found = decoded.tool_result_from(span.attributes, call_id=call_id, time_unix_ns=span.end_ns)
    if found is None:
        return None
    preview = None
    if capture_content and isinstance(tool.result, str):
        flat = " ".join(tool.result.split())
        preview = flat if len(flat) <= PREVIEW_CHARS else flat[: PREVIEW_CHARS - 3] + "..."
    return replace(
        found,
        is_error=tool.is_error or found.is_error,
        error_type=tool.error_type or found.error_type,
        preview=preview,
    )


def user_messages(span: SpanView) -> list[UserMessage]:
    """The user messages recorded as ``loopwatch.user_message`` events on ``span``, in order."""
    found = (
        decoded.user_message_from(event.attributes, time_unix_ns=event.time_ns)
        for event in span.events
        if event.name == wire.USER_MESSAGE_EVENT
    )
    return [m for m in found if m is not None]
