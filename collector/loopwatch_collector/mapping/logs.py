"""GenAI log events -> the model calls they describe, as span views the mapper already reads.

Instrumentations in their default mode (``opentelemetry-instrumentation-openai-v2`` and the other
contrib GenAI packages) put a model call's content in log records, not in its span:

``gen_ai.{role}.message`` records for the input, ``gen_ai.choice`` for the output, or one
``gen_ai.client.inference.operation.details`` record (``gen_ai_latest_experimental`` event mode);
their bodies are read by :mod:`event_messages`, shared with span events. The event name is the
record's ``event_name`` (else the ``event.name`` attribute).

Join: a record carries the trace and span ids of the model call's span (it is emitted inside it).
The records of one span become one :class:`SpanView` with ``from_logs=True`` and the semconv
attributes (``gen_ai.input.messages``, ``gen_ai.output.messages``) rebuilt from them; the
assembler (:mod:`assemble`) lets that view stand for the span, whichever arrives first. Records
without valid trace and span ids cannot be joined and are ignored. User and system messages are
kept as input messages (the conversation key of :mod:`sessions` reads them), never as new
turns: each call re-sends the whole history.

The coding-agent CLIs' own events (Claude Code, Codex) carry no trace or span ids: they are
mapped per CLI session by :mod:`cli_logs`, from the same request.

Contract: pure functions, never raise on any ``ExportLogsServiceRequest`` protobuf can parse.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.logs.v1.logs_pb2 import LogRecord

from loopwatch_collector.mapping.event_messages import GENAI_EVENTS, Messages
from loopwatch_collector.mapping.spans import SPAN_ID_BYTES, TRACE_ID_BYTES, SpanView, any_value, attributes
from loopwatch_collector.mapping.values import items, mapping, text


@dataclass(frozen=True, slots=True, kw_only=True)
class LogBatch:
    """What one logs request gives the mapper: one view per model call, and the records left."""

    views: list[SpanView] = field(default_factory=list)
    records: dict[tuple[str, str], int] = field(default_factory=dict)  # (trace, span) -> its records
    ignored: int = 0  # not GenAI events, or GenAI events without trace and span ids to join them by


@dataclass(slots=True)
class _Call:
    resource: Mapping[str, Any]
    start_ns: int
    end_ns: int
    messages: Messages = field(default_factory=Messages)


def views_from_logs(request: ExportLogsServiceRequest) -> LogBatch:
    """The model calls ``request``'s GenAI events describe, in order of first appearance."""
    calls: dict[tuple[str, str], _Call] = {}
    records: dict[tuple[str, str], int] = {}
    ignored = 0
    for resource_logs in request.resource_logs:
        resource = attributes(resource_logs.resource.attributes)
        for scope_logs in resource_logs.scope_logs:
            for record in scope_logs.log_records:
                attrs = attributes(record.attributes)
                name = record.event_name or text(attrs.get("event.name")) or ""
                if name not in GENAI_EVENTS or not _joinable(record):
                    ignored += 1
                    continue
                time_ns = int(record.time_unix_nano or record.observed_time_unix_nano)
                key = (record.trace_id.hex(), record.span_id.hex())
                records[key] = records.get(key, 0) + 1
                call = calls.get(key)
                if call is None:
                    call = calls[key] = _Call(resource=resource, start_ns=time_ns, end_ns=time_ns)
                call.start_ns, call.end_ns = min(call.start_ns, time_ns), max(call.end_ns, time_ns)
                call.messages.add(name, mapping(any_value(record.body)), attrs)
    views = [_view(trace_id, span_id, call) for (trace_id, span_id), call in calls.items()]
    return LogBatch(views=views, records=records, ignored=ignored)


def _joinable(record: LogRecord) -> bool:
    trace_id, span_id = record.trace_id, record.span_id
    return (
        len(trace_id) == TRACE_ID_BYTES and len(span_id) == SPAN_ID_BYTES and any(trace_id) and any(span_id)
    )


def _view(trace_id: str, span_id: str, call: _Call) -> SpanView:
    attrs: dict[str, Any] = {"gen_ai.operation.name": "chat", **call.messages.attributes()}
    return SpanView(
        trace_id=trace_id,
        span_id=span_id,
        name="chat (log events)",
        start_ns=call.start_ns,
        end_ns=call.end_ns,
        attributes=attrs,
        resource=call.resource,
        from_logs=True,
    )


class PartialCalls:
    """Joins a model call's log events that arrive in several requests (a simple log processor
    exports each record on its own): views without output are held, keyed by trace and span, and
    their input messages are put before those of the view that brings the call's output.

    Bounded to ``max_calls`` held calls (oldest dropped: a call that never answered). Not
    thread-safe: owned by one ``SpanMapper``.
    """

    def __init__(self, max_calls: int) -> None:
        self._max = max_calls
        self._held: OrderedDict[tuple[str, str], list[Any]] = OrderedDict()

    def complete(self, views: list[SpanView]) -> list[SpanView]:
        """``views`` with the held input joined in; log views still without output held back."""
        ready: list[SpanView] = []
        for view in views:
            if not view.from_logs:
                ready.append(view)
                continue
            key = (view.trace_id, view.span_id)
            held = self._held.pop(key, [])
            inputs = held + items(view.attributes.get("gen_ai.input.messages"))
            if "gen_ai.output.messages" not in view.attributes:
                self._held[key] = inputs
                while len(self._held) > self._max:
                    self._held.popitem(last=False)
                continue
            if held:
                view = replace(view, attributes={**view.attributes, "gen_ai.input.messages": inputs})
            ready.append(view)
        return ready
