"""decode.py's pickled form: a trace's events travel as small pickled chunks, unpickled one at a
time, and give back exactly the events decoding on the loop gives."""

from __future__ import annotations

import itertools
import os

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import KeyValue
from opentelemetry.proto.trace.v1.trace_pb2 import Span

from loopwatch.events import Event, Step
from loopwatch_collector.mapping import SpanMapper
from loopwatch_collector.receivers.decode import (
    PICKLED_CHUNK_EVENTS,
    PickledEvents,
    batch_of,
    decode_request,
    event_chunks,
)
from tests.collector.receivers.otlp_requests import new_trace_id, request, tool_span, value


def _events(pickled: bool) -> tuple[list[Event], list[int]]:
    trace = new_trace_id()
    body = request(*(tool_span(trace, f"call_{n}", args=f'{{"n": {n}}}') for n in range(20)))
    [item] = decode_request(body, SpanMapper(), pickled=pickled).traces
    chunks = list(event_chunks(batch_of(item).events))
    return list(itertools.chain.from_iterable(chunks)), [len(c) for c in chunks]


def test_pickled_chunks_give_the_events_decoded_on_the_loop_in_order() -> None:
    plain, plain_sizes = _events(pickled=False)
    pickled, sizes = _events(pickled=True)
    assert plain_sizes == [len(plain)]  # not pickled: one piece
    assert [e.event_id for e in pickled] == [e.event_id for e in plain]
    assert [type(e) for e in pickled] == [type(e) for e in plain]
    assert len(sizes) > 1
    assert all(0 < size <= PICKLED_CHUNK_EVENTS for size in sizes)


def test_no_events_make_no_chunks() -> None:
    assert PickledEvents.of(()).chunks == ()
    assert list(event_chunks(PickledEvents.of(()))) == []


def _model_call(trace: bytes, parent: bytes, start: int) -> Span:
    """A content-free model-call span (the ``anthropic`` client's own tracing shape)."""
    span = Span(
        trace_id=trace,
        span_id=os.urandom(8),
        parent_span_id=parent,
        name="anthropic.messages.create",
        start_time_unix_nano=start,
        end_time_unix_nano=start + 1_000,
    )
    for key, v in {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "claude-sonnet-4-5",
        "anthropic.message.stop_reason": "end_turn",
    }.items():
        span.attributes.append(KeyValue(key=key, value=value(v)))
    return span


def _steps_of(body: ExportTraceServiceRequest) -> int:
    [item] = decode_request(body, SpanMapper()).traces
    return sum(isinstance(e, Step) for chunk in event_chunks(batch_of(item).events) for e in chunk)


def test_the_instrumentation_scope_tells_two_reports_of_one_call_from_two_calls() -> None:
    """Overlapping sibling model-call spans of two scopes are one call; of one scope, two (read
    from OTLP). Nested, a content-free child is its parent's call whatever the scopes."""
    trace, agent = new_trace_id(), os.urandom(8)
    root = tool_span(trace, "call_0")  # any parent: the run's own span
    root.span_id = agent
    first = _model_call(trace, agent, 5_000)
    second = _model_call(trace, agent, 5_100)
    two_scopes = request(root)
    for name, span in (("opentelemetry.instrumentation.anthropic", first), ("anthropic", second)):
        scope = two_scopes.resource_spans[0].scope_spans.add()
        scope.scope.name = name
        scope.spans.append(span)
    assert _steps_of(two_scopes) == 2  # the tool span's step, and one for the model call
    one_scope = request(root)
    scope = one_scope.resource_spans[0].scope_spans.add()
    scope.scope.name = "anthropic"
    scope.spans.extend([first, second])
    assert _steps_of(one_scope) == 3  # one instrumentation never reports a call twice as siblings
    nested = request(root)
    scope = nested.resource_spans[0].scope_spans.add()
    scope.scope.name = "anthropic"
    scope.spans.extend([first, _model_call(trace, first.span_id, 5_100)])
    assert _steps_of(nested) == 2
