"""Turning an OTLP request into per-trace event batches: the CPU-heavy half of ingest.

``decode_request`` parses nothing and awaits nothing: it validates span ids, drops spans
repeated within the request, decodes span views and runs the span mapper, and returns a
``DecodedRequest``. ``decode_logs`` does the same for a logs request: the GenAI log events of
each model call become one view of its span (``mapping.logs``), which the same mapper joins to
the span, whichever arrives first, and the coding-agent CLIs' own events (Claude Code, Codex)
become their sessions' events (``mapping.cli_logs``). ``decode_body`` parses the wire bytes first (protobuf or
OTLP/JSON, traces or logs). All are plain functions of their inputs plus a ``SpanMapper``
(whose per-trace memory is why one mapper serves one tenant), so they can run in the ingest
worker process (``offload.py``) as well as on the event loop.

Each trace's batch can be carried pickled (``pickled=True``), so that the event loop unpickles
one trace at a time rather than a whole 64 MiB request in one call holding the GIL, and the
trace's events a few at a time (``PickledEvents``): the ingestor unpickles them slice by slice,
between its yields to verdict calls.
"""

from __future__ import annotations

import logging
import pickle
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from google.protobuf.message import DecodeError
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from loopwatch.events import Event, TraceContext
from loopwatch_collector.mapping import SpanMapper, SpanView, id_problem, span_view_from_proto
from loopwatch_collector.mapping.assemble import MappedTrace
from loopwatch_collector.mapping.logs import views_from_logs
from loopwatch_collector.mapping.spans import attributes
from loopwatch_collector.receivers.otlp_json import MalformedRequestError, RequestT, parse_json_export

logger = logging.getLogger(__name__)

PROTOBUF = "application/x-protobuf"
JSON = "application/json"
Signal = Literal["traces", "logs"]


# Events per pickled chunk. Unpickling an event costs ~12 us on a slow 2-core host (frozen
# dataclasses restore their fields in Python), so a 100-span trace unpickled in one piece held
# the event loop for 1.2 ms, five times an ingest slice's budget (slicing.py); 8 events are ~0.1 ms.
PICKLED_CHUNK_EVENTS = 8


@dataclass(frozen=True, slots=True)
class PickledEvents:
    """A trace's events in order, as pickled chunks of at most ``PICKLED_CHUNK_EVENTS``."""

    chunks: tuple[bytes, ...]

    @classmethod
    def of(cls, events: Sequence[Event]) -> PickledEvents:
        step = PICKLED_CHUNK_EVENTS
        return cls(
            tuple(
                pickle.dumps(tuple(events[i : i + step]), protocol=pickle.HIGHEST_PROTOCOL)
                for i in range(0, len(events), step)
            )
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class TraceBatch:
    """One trace's share of a request: its events in order and the keys of its spans."""

    context: TraceContext
    events: tuple[Event, ...] | PickledEvents
    span_keys: tuple[bytes, ...]  # trace id + span id bytes, for dedupe across requests
    items: int  # what the request counts: spans, or log records
    ignored: int = 0  # spans with no agent meaning
    aliases: tuple[str, ...] = ()  # trace ids folded into the session ``context.trace_id``


@dataclass(frozen=True, slots=True, kw_only=True)
class DecodedRequest:
    """What decoding found: trace batches (pickled or not), rejected spans and why."""

    traces: tuple[TraceBatch | bytes, ...] = ()
    problems: tuple[str, ...] = ()
    rejected: int = 0
    duplicate: int = 0  # spans repeated within this request
    spans: int = 0  # spans with valid ids, repeated ones included (what a rate limit counts)
    ignored: int = 0  # log records that are not joinable GenAI events
    held: int = 0  # lone reports the mapper holds for its next batch (mapping/lone_reports.py)


def batch_of(item: TraceBatch | bytes) -> TraceBatch:
    """A trace batch, unpickling it when it travelled pickled."""
    if isinstance(item, TraceBatch):
        return item
    batch = pickle.loads(item)
    assert isinstance(batch, TraceBatch)
    return batch


def event_chunks(events: tuple[Event, ...] | PickledEvents) -> Iterator[Sequence[Event]]:
    """A batch's events in order, a chunk at a time; a pickled chunk is unpickled only when the
    iterator reaches it."""
    if not isinstance(events, PickledEvents):
        yield events
        return
    for chunk in events.chunks:
        yield pickle.loads(chunk)


def parse_body(body: bytes, content_type: str, kind: type[RequestT]) -> RequestT:
    """Parse a request body of ``kind``; raises ``MalformedRequestError`` naming the problem."""
    if content_type == JSON:
        return parse_json_export(body, kind())
    try:
        return kind.FromString(body)
    except (DecodeError, RecursionError) as exc:
        raise MalformedRequestError("body", f"not a valid OTLP protobuf {kind.__name__} ({exc})") from exc


def decode_body(
    body: bytes, content_type: str, mapper: SpanMapper, *, signal: Signal, pickled: bool
) -> DecodedRequest:
    """``parse_body`` then ``decode_request`` or ``decode_logs``; raises ``MalformedRequestError``."""
    if signal == "logs":
        return decode_logs(parse_body(body, content_type, ExportLogsServiceRequest), mapper, pickled=pickled)
    return decode_request(parse_body(body, content_type, ExportTraceServiceRequest), mapper, pickled=pickled)


def decode_request(
    request: ExportTraceServiceRequest, mapper: SpanMapper, *, pickled: bool = False
) -> DecodedRequest:
    """Per-trace batches of ``request``; a mapper failure rejects every valid span."""
    views, keys, problems, duplicate = _views(request)
    try:
        traces = mapper.map(views)
    except Exception:
        logger.exception("span mapper failed on a batch of %d spans", len(views))
        problems.append("internal error while mapping spans")
        return DecodedRequest(
            problems=tuple(problems),
            rejected=len(problems) - 1 + len(views),
            duplicate=duplicate,
            spans=len(views) + duplicate,
        )
    batches = [
        # A span held from an earlier request (``mapping/lone_reports.py``) has no key here.
        _batch(trace, tuple(keys[p] for p in trace.spans if p in keys), len(trace.spans), pickled=pickled)
        for trace in traces
    ]
    return DecodedRequest(
        traces=tuple(batches),
        problems=tuple(problems),
        rejected=len(problems),
        duplicate=duplicate,
        spans=len(views) + duplicate,
        held=mapper.held,
    )


def decode_logs(
    request: ExportLogsServiceRequest, mapper: SpanMapper, *, pickled: bool = False
) -> DecodedRequest:
    """Per-trace batches of the GenAI log events of ``request``; counts are log records. Log
    records carry no span keys: a re-sent record is counted once by its event id."""
    found = views_from_logs(request)
    records = sum(found.records.values())
    try:
        traces = mapper.map(found.views)
        cli_traces = mapper.cli.map(request)  # coding-agent CLIs' events (mapping/cli_logs.py)
    except Exception:
        logger.exception("span mapper failed on %d views rebuilt from log events", len(found.views))
        return DecodedRequest(
            problems=("internal error while mapping log events",), rejected=records, ignored=found.ignored
        )
    batches = [
        _batch(trace, (), sum(found.records.get(pair, 0) for pair in trace.spans), pickled=pickled)
        for trace in traces
    ]
    cli_records = sum(trace.records for trace in cli_traces)
    batches.extend(
        _batch(MappedTrace(context=t.context, events=t.events, spans=()), (), t.records, pickled=pickled)
        for t in cli_traces
    )
    # The CLIs' records are not GenAI events: views_from_logs counted them as ignored.
    return DecodedRequest(traces=tuple(batches), ignored=found.ignored - cli_records, held=mapper.held)


def _batch(
    trace: MappedTrace, span_keys: tuple[bytes, ...], items: int, *, pickled: bool
) -> TraceBatch | bytes:
    events = PickledEvents.of(trace.events) if pickled else trace.events
    batch = TraceBatch(
        context=trace.context,
        events=events,
        span_keys=span_keys,
        items=items,
        ignored=trace.ignored,
        aliases=trace.aliases,
    )
    return pickle.dumps(batch, protocol=pickle.HIGHEST_PROTOCOL) if pickled else batch


def _views(
    request: ExportTraceServiceRequest,
) -> tuple[Sequence[SpanView], dict[tuple[str, str], bytes], list[str], int]:
    views: list[SpanView] = []
    keys: dict[tuple[str, str], bytes] = {}
    problems: list[str] = []
    duplicate = 0
    for r, resource_spans in enumerate(request.resource_spans):
        resource = attributes(resource_spans.resource.attributes)
        for s, scope_spans in enumerate(resource_spans.scope_spans):
            for i, span in enumerate(scope_spans.spans):
                problem = id_problem(span)
                if problem is not None:
                    problems.append(f"resource_spans[{r}].scope_spans[{s}].spans[{i}]: {problem}")
                    continue
                view_key = (span.trace_id.hex(), span.span_id.hex())
                if view_key in keys:
                    duplicate += 1
                    continue
                keys[view_key] = span.trace_id + span.span_id
                views.append(span_view_from_proto(span, resource, scope_spans.scope.name))
    return views, keys, problems, duplicate
