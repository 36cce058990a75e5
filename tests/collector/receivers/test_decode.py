"""decode.py's pickled form: a trace's events travel as small pickled chunks, unpickled one at a
time, and give back exactly the events decoding on the loop gives."""

from __future__ import annotations

import itertools

from loopwatch.events import Event
from loopwatch_collector.mapping import SpanMapper
from loopwatch_collector.receivers.decode import (
    PICKLED_CHUNK_EVENTS,
    PickledEvents,
    batch_of,
    decode_request,
    event_chunks,
)
from tests.collector.receivers.otlp_requests import new_trace_id, request, tool_span


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
