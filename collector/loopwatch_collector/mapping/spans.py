"""A span as the mapper sees it: ids in hex, attributes as plain Python values.

``span_view_from_proto`` is the only place that touches OTLP protobuf types in the mapper, so
the family modules work on dicts and strings and can be tested without protobuf. Attribute
values keep their OTLP shape: strings, ints, floats, bools, bytes, lists and dicts (``kvlist``),
nested at most ``MAX_VALUE_DEPTH`` deep (deeper parts become ``None``).

Contract: pure functions, never raise on any ``Span`` message protobuf can parse.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue
from opentelemetry.proto.trace.v1.trace_pb2 import Span, Status

# Structured attribute values deeper than this are cut off: real GenAI messages nest about 5
# deep (messages -> parts -> tool_call -> arguments -> ...), and a bound keeps a hostile span
# from costing recursion depth.
MAX_VALUE_DEPTH = 32

TRACE_ID_BYTES = 16
SPAN_ID_BYTES = 8


@dataclass(frozen=True, slots=True, kw_only=True)
class SpanEventView:
    """One span event (``Span.Event``), decoded like the span's attributes."""

    name: str
    time_ns: int = 0
    attributes: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class SpanView:
    """One span, decoded. ``attributes`` are the span's own; ``resource`` the resource's."""

    trace_id: str
    span_id: str
    parent_span_id: str = ""
    name: str = ""
    kind: int = 0
    start_ns: int = 0
    end_ns: int = 0
    attributes: Mapping[str, Any] = field(default_factory=dict)
    resource: Mapping[str, Any] = field(default_factory=dict)
    is_error: bool = False
    status_message: str = ""
    exception_type: str | None = None
    events: tuple[SpanEventView, ...] = ()
    from_logs: bool = False  # rebuilt from the GenAI log events emitted inside the span (mapping.logs)
    scope: str = ""  # the instrumentation scope's name (which instrumentation reported the span)


def any_value(value: AnyValue, depth: int = 0) -> Any:
    """The Python value of an OTLP ``AnyValue`` (``None`` when unset or too deep)."""
    if depth > MAX_VALUE_DEPTH:
        return None
    which = value.WhichOneof("value")
    if which is None:
        return None
    if which == "array_value":
        return [any_value(v, depth + 1) for v in value.array_value.values]
    if which == "kvlist_value":
        return {kv.key: any_value(kv.value, depth + 1) for kv in value.kvlist_value.values}
    return getattr(value, which)


def attributes(pairs: Any) -> dict[str, Any]:
    """``repeated KeyValue`` as a dict; a repeated key keeps its last value, as in the SDKs."""
    result: dict[str, Any] = {}
    kv: KeyValue
    for kv in pairs:
        result[kv.key] = any_value(kv.value)
    return result


def span_view_from_proto(span: Span, resource: Mapping[str, Any], scope: str = "") -> SpanView:
    """Decode ``span`` of instrumentation ``scope``; ids are lowercase hex (validate their
    length with ``ids_valid``)."""
    attrs = attributes(span.attributes)
    exception_type: str | None = None
    events: list[SpanEventView] = []
    for event in span.events:
        view = SpanEventView(
            name=event.name, time_ns=int(event.time_unix_nano), attributes=attributes(event.attributes)
        )
        events.append(view)
        if event.name == "exception":
            found = view.attributes.get("exception.type")
            if isinstance(found, str) and found:
                exception_type = found
    return SpanView(
        trace_id=span.trace_id.hex(),
        span_id=span.span_id.hex(),
        parent_span_id=span.parent_span_id.hex(),
        name=span.name,
        kind=int(span.kind),
        start_ns=int(span.start_time_unix_nano),
        end_ns=int(span.end_time_unix_nano),
        attributes=attrs,
        resource=resource,
        is_error=span.status.code == Status.STATUS_CODE_ERROR,
        status_message=span.status.message,
        exception_type=exception_type,
        events=tuple(events),
        scope=scope,
    )


def id_problem(span: Span) -> str | None:
    """Why ``span``'s ids are unusable (OTLP requires 16/8 non-zero bytes), or ``None``."""
    if len(span.trace_id) != TRACE_ID_BYTES or not any(span.trace_id):
        return f"trace_id must be {TRACE_ID_BYTES} non-zero bytes"
    if len(span.span_id) != SPAN_ID_BYTES or not any(span.span_id):
        return f"span_id must be {SPAN_ID_BYTES} non-zero bytes"
    if span.parent_span_id and len(span.parent_span_id) != SPAN_ID_BYTES:
        return f"parent_span_id must be empty or {SPAN_ID_BYTES} bytes"
    return None
