"""Turning an OTLP trace request into per-trace event batches: the CPU-heavy half of ingest.

``decode_request`` parses nothing and awaits nothing: it validates span ids, drops spans
repeated within the request, decodes span views and runs the span mapper, and returns a
``DecodedRequest``. ``decode_body`` parses the wire bytes first (protobuf or OTLP/JSON). Both
are plain functions of their inputs plus a ``SpanMapper`` (whose per-trace memory is why one
mapper serves one tenant), so they can run in the ingest worker process (``offload.py``) as
well as on the event loop.

Each trace's batch can be carried pickled (``pickled=True``), so that the event loop unpickles
one trace at a time rather than a whole 64 MiB request in one call holding the GIL.
"""

from __future__ import annotations

import logging
import pickle
from collections.abc import Sequence
from dataclasses import dataclass

from google.protobuf.message import DecodeError
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from loopwatch.events import Event, TraceContext
from loopwatch_collector.mapping import SpanMapper, SpanView, id_problem, span_view_from_proto
from loopwatch_collector.mapping.spans import attributes
from loopwatch_collector.receivers.otlp_json import MalformedRequestError, parse_json_request

logger = logging.getLogger(__name__)

PROTOBUF = "application/x-protobuf"
JSON = "application/json"


@dataclass(frozen=True, slots=True, kw_only=True)
class TraceBatch:
    """One trace's share of a request: its events in order and the keys of its spans."""

    context: TraceContext
    events: tuple[Event, ...]
    span_keys: tuple[bytes, ...]  # trace id + span id bytes, for dedupe across requests
    ignored: int = 0  # spans with no agent meaning


@dataclass(frozen=True, slots=True, kw_only=True)
class DecodedRequest:
    """What decoding found: trace batches (pickled or not), rejected spans and why."""

    traces: tuple[TraceBatch | bytes, ...] = ()
    problems: tuple[str, ...] = ()
    rejected: int = 0
    duplicate: int = 0  # spans repeated within this request
    spans: int = 0  # spans with valid ids, repeated ones included (what a rate limit counts)


def batch_of(item: TraceBatch | bytes) -> TraceBatch:
    """A trace batch, unpickling it when it travelled pickled."""
    if isinstance(item, TraceBatch):
        return item
    batch = pickle.loads(item)
    assert isinstance(batch, TraceBatch)
    return batch


def parse_body(body: bytes, content_type: str) -> ExportTraceServiceRequest:
    """Parse a request body; raises ``MalformedRequestError`` naming the problem."""
    if content_type == JSON:
        return parse_json_request(body)
    try:
        return ExportTraceServiceRequest.FromString(body)
    except (DecodeError, RecursionError) as exc:
        raise MalformedRequestError(
            "body", f"not a valid OTLP protobuf ExportTraceServiceRequest ({exc})"
        ) from exc


def decode_body(body: bytes, content_type: str, mapper: SpanMapper, *, pickled: bool) -> DecodedRequest:
    """``parse_body`` then ``decode_request``; raises ``MalformedRequestError``."""
    return decode_request(parse_body(body, content_type), mapper, pickled=pickled)


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
    batches: list[TraceBatch | bytes] = []
    for trace in traces:
        batch = TraceBatch(
            context=trace.context,
            events=trace.events,
            span_keys=tuple(keys[(trace.context.trace_id, s)] for s in trace.span_ids),
            ignored=trace.ignored,
        )
        batches.append(pickle.dumps(batch, protocol=pickle.HIGHEST_PROTOCOL) if pickled else batch)
    return DecodedRequest(
        traces=tuple(batches),
        problems=tuple(problems),
        rejected=len(problems),
        duplicate=duplicate,
        spans=len(views) + duplicate,
    )


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
                views.append(span_view_from_proto(span, resource))
    return views, keys, problems, duplicate
