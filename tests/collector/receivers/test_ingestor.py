"""OtlpIngestor without transports: failure isolation per trace, StoreError -> retryable,
dedupe marks only what was ingested, bounded memory, slices across pickled chunks,
configuration errors."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypedDict

import pytest
from opentelemetry.proto.common.v1.common_pb2 import KeyValue
from opentelemetry.proto.trace.v1.trace_pb2 import Span

from loopwatch.events import Event, TraceContext
from loopwatch.verdict import CONTINUE_AT_START, Verdict
from loopwatch_collector.exceptions import StoreError
from loopwatch_collector.receivers import OtlpIngestor, OverloadedError
from loopwatch_collector.receivers.decode import PICKLED_CHUNK_EVENTS, PROTOBUF
from loopwatch_collector.receivers.ingest import SeenSpans
from loopwatch_collector.receivers.offload import DecodeWorker
from loopwatch_collector.receivers.slicing import SliceSizer
from tests.collector.receivers.otlp_requests import new_trace_id, request, tool_span, value


@dataclass
class FlakySink:
    """Fails for the traces listed in ``broken`` (with ``error``), records the others."""

    broken: set[str] = field(default_factory=set)
    error: type[Exception] = RuntimeError
    received: list[str] = field(default_factory=list)

    async def ingest(self, context: TraceContext, events: Sequence[Event], *, source: str) -> Verdict:
        if context.trace_id in self.broken:
            raise self.error("boom")
        self.received.append(context.trace_id)
        return CONTINUE_AT_START


def test_one_failing_trace_is_rejected_and_the_others_are_ingested() -> None:
    good, bad = new_trace_id(), new_trace_id()
    sink = FlakySink(broken={bad.hex()})
    ingestor = OtlpIngestor(sink)
    outcome = asyncio.run(ingestor.export(request(tool_span(bad, "b"), tool_span(good, "g"))))
    assert sink.received == [good.hex()]
    assert outcome.rejected == 1
    assert outcome.accepted == 1
    assert bad.hex() in outcome.message


def test_store_error_is_retryable_and_the_retry_skips_what_was_ingested() -> None:
    first, second = new_trace_id(), new_trace_id()
    sink = FlakySink(broken={second.hex()}, error=StoreError)
    ingestor = OtlpIngestor(sink, retry_after_s=3)
    body = request(tool_span(first, "f"), tool_span(second, "s"))
    with pytest.raises(OverloadedError) as caught:
        asyncio.run(ingestor.export(body))
    assert caught.value.retry_after_s == 3
    sink.broken.clear()
    outcome = asyncio.run(ingestor.export(body))
    assert sink.received == [first.hex(), second.hex()]
    assert (outcome.duplicate, outcome.accepted) == (1, 1)


@dataclass
class RecordingSink:
    """Records each slice of events handed to the pipeline."""

    slices: list[list[str]] = field(default_factory=list)

    async def ingest(self, context: TraceContext, events: Sequence[Event], *, source: str) -> Verdict:
        self.slices.append([e.event_id for e in events])
        return CONTINUE_AT_START


def test_slices_follow_the_sizer_across_pickled_chunks() -> None:
    """Through the worker, events arrive in pickled chunks; slices keep the sizer's size (not
    the chunks'), and the pipeline gets every event once, in the order decoding on the loop gives."""
    trace = new_trace_id()
    body = request(*(tool_span(trace, f"call_{n}", args=f'{{"n": {n}}}') for n in range(20)))
    size = PICKLED_CHUNK_EVENTS + 3  # never a multiple of the chunk size
    on_loop, through_worker = RecordingSink(), RecordingSink()
    worker = DecodeWorker(niceness=0)

    async def scenario() -> None:
        await OtlpIngestor(on_loop).export(body)
        sizer = SliceSizer(min_events=size, max_events=size)
        ingestor = OtlpIngestor(through_worker, worker=worker, slices=sizer)
        await ingestor.export_body(body.SerializeToString(), PROTOBUF, tenant="")

    try:
        asyncio.run(scenario())
    finally:
        worker.shutdown()
    expected = [event for piece in on_loop.slices for event in piece]
    assert [event for piece in through_worker.slices for event in piece] == expected
    assert len(expected) > size
    assert [len(piece) for piece in through_worker.slices[:-1]] == [size] * (len(through_worker.slices) - 1)


def test_seen_spans_forget_the_oldest_beyond_capacity() -> None:
    seen = SeenSpans(capacity=2)
    for key in (b"a", b"b", b"c"):
        seen.add(key)
    assert len(seen) == 2
    assert b"a" not in seen
    assert b"c" in seen


class Settings(TypedDict, total=False):
    """``OtlpIngestor`` keyword arguments that have bounds."""

    max_in_flight: int
    retry_after_s: float


@pytest.mark.parametrize(
    ("kwargs", "key"),
    [({"max_in_flight": 0}, "otlp.max_in_flight"), ({"retry_after_s": 0}, "otlp.retry_after_s")],
)
def test_invalid_settings_name_their_key(kwargs: Settings, key: str) -> None:
    with pytest.raises(ValueError, match=key):
        OtlpIngestor(FlakySink(), **kwargs)


def _lone_report(trace: bytes) -> Span:
    """The ``anthropic`` client's own span of a call: a trace of its own, no content."""
    span = Span(trace_id=trace, span_id=os.urandom(8), name="anthropic.messages.create")
    span.start_time_unix_nano, span.end_time_unix_nano = 1_000, 2_000
    attributes = {
        "gen_ai.operation.name": "chat",
        "gen_ai.response.id": "msg_1",
        "anthropic.message.stop_reason": "end_turn",
    }
    for key, v in attributes.items():
        span.attributes.append(KeyValue(key=key, value=value(v)))
    return span


def test_a_lone_report_without_its_twin_is_released_by_an_empty_batch_soon_after() -> None:
    async def scenario() -> tuple[list[str], list[str], int]:
        sink = FlakySink()
        ingestor = OtlpIngestor(sink, lone_report_wait_s=0.01)
        trace = new_trace_id()
        outcome = await ingestor.export(request(_lone_report(trace)))
        before = list(sink.received)
        for _ in range(500):  # bounded: the release comes after 10 ms
            if sink.received:
                break
            await asyncio.sleep(0.01)
        return before, sink.received, outcome.accepted

    before, after, accepted = asyncio.run(scenario())
    assert (before, accepted) == ([], 0)  # held: its twin may come in the next request
    assert len(after) == 1  # no twin came: mapped on its own
