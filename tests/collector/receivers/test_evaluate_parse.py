"""Parsing ``Evaluate`` requests in slices gives exactly the message a single parse gives, and
refuses oversized or malformed requests with a message naming the problem."""

from __future__ import annotations

import asyncio

import pytest
from google.protobuf import json_format

from loopwatch import wire
from loopwatch.events import ToolCall
from loopwatch.wire import pb
from loopwatch_collector.receivers.evaluate_limits import EvaluateLimits, EvaluateTooLargeError
from loopwatch_collector.receivers.evaluate_parse import (
    SLICE_FIELDS,
    MalformedEvaluateError,
    parse_json,
    parse_protobuf,
)
from tests.collector.collector_builders import tool_step

LIMITS = EvaluateLimits(max_events=4 * SLICE_FIELDS, max_bytes=16 * 1024 * 1024)


def _request(steps: int) -> pb.EvaluateRequest:
    events = [event for i in range(steps) for event in tool_step(i, args={"q": i})]
    request = pb.EvaluateRequest(
        trace_id="ab" * 16,
        agent="bot",
        conversation_id="c1",
        events=wire.events_to_proto(events),
        checkpoint=pb.CHECKPOINT_BEFORE_TOOL_CALL,
    )
    request.pending_call.CopyFrom(wire.tool_call_to_proto(ToolCall.create(id="p", name="grep", arguments={})))
    return request


@pytest.mark.parametrize("steps", [0, 1, SLICE_FIELDS // 2, SLICE_FIELDS + 3, 2 * SLICE_FIELDS])
def test_protobuf_in_slices_is_the_single_parse(steps: int) -> None:
    request = _request(steps)
    parsed = asyncio.run(parse_protobuf(request.SerializeToString(), LIMITS))
    assert parsed == request


def test_protobuf_concatenated_encodings_merge_as_a_single_parse_does() -> None:
    raw = _request(SLICE_FIELDS).SerializeToString() + pb.EvaluateRequest(agent="later").SerializeToString()
    assert asyncio.run(parse_protobuf(raw, LIMITS)) == pb.EvaluateRequest.FromString(raw)


def test_protobuf_over_the_event_bound_is_refused_naming_it() -> None:
    raw = _request(LIMITS.max_events // 2 + 1).SerializeToString()  # two events a step
    with pytest.raises(EvaluateTooLargeError, match=rf"limits\.evaluate_max_events \({LIMITS.max_events}\)"):
        asyncio.run(parse_protobuf(raw, LIMITS))


def test_protobuf_over_the_byte_bound_is_refused_naming_it() -> None:
    raw = _request(10).SerializeToString()
    with pytest.raises(EvaluateTooLargeError, match=r"limits\.evaluate_max_bytes \(1024\)"):
        asyncio.run(parse_protobuf(raw, EvaluateLimits(max_events=100, max_bytes=1024)))


@pytest.mark.parametrize(
    "raw",
    [
        _request(3).SerializeToString()[:-5],  # truncated in a field
        b"\x22\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01",  # a varint over 64 bits
        b"\x23",  # a group: not in an EvaluateRequest
        b"\x22\x03\xff\xff\xff",  # an event that is not a message
    ],
)
def test_malformed_protobuf_is_refused(raw: bytes) -> None:
    with pytest.raises(MalformedEvaluateError, match=r"^request: malformed loopwatch\.v1\.EvaluateRequest"):
        asyncio.run(parse_protobuf(raw, LIMITS))


@pytest.mark.parametrize("steps", [0, SLICE_FIELDS + 3])
@pytest.mark.parametrize("camel", [False, True])
def test_json_in_slices_is_the_single_parse(steps: int, camel: bool) -> None:
    request = _request(steps)
    body = json_format.MessageToJson(request, preserving_proto_field_name=not camel).encode()
    assert asyncio.run(parse_json(body, LIMITS)) == request


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (b"[1]", "must be a JSON object"),
        (b'{"events": 3}', "events must be a list"),
        (b'{"events": [{"nope": 1}]}', "events[0:]"),
        (b'{"trace_id": 5}', "body:"),
        (b"{\xff}", "body:"),
        (b"[" * 100_000 + b"]" * 100_000, "body:"),
    ],
)
def test_malformed_json_is_refused(body: bytes, problem: str) -> None:
    with pytest.raises(MalformedEvaluateError) as refused:
        asyncio.run(parse_json(body, LIMITS))
    assert problem in str(refused.value)


def test_json_over_the_event_bound_is_refused_naming_it() -> None:
    body = json_format.MessageToJson(_request(LIMITS.max_events // 2 + 1), indent=None).encode()
    with pytest.raises(EvaluateTooLargeError, match=r"limits\.evaluate_max_events"):
        asyncio.run(parse_json(body, LIMITS))
