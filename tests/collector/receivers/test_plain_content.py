"""Plain content in ``Evaluate`` / ``POST /v1/evaluate``: the collector computes exactly what the
SDK would, so the events and the verdicts are the same either way."""

from __future__ import annotations

import json
from collections.abc import Iterator

import grpc
import httpx
import pytest
from google.protobuf import json_format

from loopwatch import wire
from loopwatch.events import Event, Step, ToolCall, ToolResult, UserMessage
from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.receivers.plain_content import fingerprint_plain_content
from loopwatch_collector.testing import RunningCollector, running_collector

POLL = ("queued", "25% done", "50% done", "75% done", "done")


def _step(
    call_id: str, tool: str, arguments: str, text: str | None, result: str
) -> tuple[list[Event], list[pb.Event]]:
    """One step and its result, as the SDK makes them and as a plain-content client sends them
    (``arguments`` as the client wrote them: any key order and spacing; no fingerprints)."""
    call = ToolCall.create(id=call_id, name=tool, arguments=arguments)
    sdk: list[Event] = [
        Step.create(event_id=f"step:{call_id}", text=text, tool_calls=(call,)),
        ToolResult.create(event_id=f"result:{call_id}", call_id=call_id, content=result),
    ]
    step = pb.Step(tool_calls=[pb.ToolCall(id=call_id, name=tool, arguments=arguments)])
    if text is not None:
        step.text = text
    plain = [
        pb.Event(event_id=f"step:{call_id}", step=step),
        pb.Event(event_id=f"result:{call_id}", tool_result=pb.ToolResult(call_id=call_id, content=result)),
    ]
    return sdk, plain


def _scenario() -> tuple[list[Event], list[pb.Event]]:
    """A user turn, a healthy poller (status changes), then a stuck search (same call, "not found"
    with a fresh timestamp each time)."""
    sdk: list[Event] = [UserMessage.create(event_id="user:1", text="find atlantis")]
    plain = [pb.Event(event_id="user:1", user_message=pb.UserMessage(text="find atlantis"))]
    steps = [_step(f"poll_{n}", "get_job_status", '{"job": "j-1"}', None, POLL[n]) for n in range(len(POLL))]
    steps += [
        _step(
            f"call_{n}",
            "search",
            '{ "limit": 5, "q": "atlantis" }',
            "Let me search for atlantis again.",
            f"not found (at 2026-12-01T04:0{n}:00Z)",
        )
        for n in range(5)
    ]
    for sdk_events, plain_events in steps:
        sdk += sdk_events
        plain += plain_events
    return sdk, plain


def test_plain_content_decodes_to_the_events_the_sdk_makes() -> None:
    sdk, plain = _scenario()
    request = pb.EvaluateRequest(trace_id="1" * 32, events=plain)
    fingerprint_plain_content(request)
    assert wire.events_from_proto(request.events) == sdk
    assert all(not e.tool_result.HasField("content") for e in request.events if e.HasField("tool_result"))


def test_fingerprinted_events_are_left_alone() -> None:
    sdk, _ = _scenario()
    request = pb.EvaluateRequest(trace_id="1" * 32, events=wire.events_to_proto(sdk))
    before = request.SerializeToString()
    fingerprint_plain_content(request)
    assert request.SerializeToString() == before


def test_a_pending_call_in_plain_content_is_fingerprinted() -> None:
    request = pb.EvaluateRequest(pending_call=pb.ToolCall(id="c", name="search", arguments='{"q": "x"}'))
    fingerprint_plain_content(request)
    assert wire.tool_call_from_proto(request.pending_call) == ToolCall.create(
        id="c", name="search", arguments={"q": "x"}
    )


def test_a_result_without_fingerprint_or_content_is_still_rejected() -> None:
    request = pb.EvaluateRequest(events=[pb.Event(event_id="r", tool_result=pb.ToolResult(call_id="c"))])
    fingerprint_plain_content(request)
    with pytest.raises(wire.WireError, match=r"events\[0\]\.tool_result\.fingerprint"):
        wire.events_from_proto(request.events)


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector() as running:
        yield running


def _batches(events: list[pb.Event]) -> list[list[pb.Event]]:
    """One request per completed step (step + result), the user message with the first."""
    batches: list[list[pb.Event]] = [[]]
    for event in events:
        batches[-1].append(event)
        if event.HasField("tool_result"):
            batches.append([])
    return [b for b in batches if b]


def test_same_verdicts_either_way_over_grpc_and_rest(collector: RunningCollector) -> None:
    sdk, plain = _scenario()
    with grpc.insecure_channel(collector.endpoints.grpc_target) as channel:
        stub = pb_grpc.LoopGuardStub(channel)
        by_sdk = [
            stub.Evaluate(pb.EvaluateRequest(trace_id="a" * 32, agent="typed", events=b), timeout=5).action
            for b in _batches(wire.events_to_proto(sdk))
        ]
        by_plain = [
            stub.Evaluate(pb.EvaluateRequest(trace_id="b" * 32, agent="typed", events=b), timeout=5).action
            for b in _batches(plain)
        ]
    by_rest = []
    for batch in _batches(plain):
        body = json_format.MessageToDict(pb.EvaluateRequest(trace_id="c" * 32, agent="typed", events=batch))
        response = httpx.post(
            f"{collector.endpoints.http_url}/v1/evaluate",
            content=json.dumps(body),
            headers={"content-type": "application/json"},
        )
        assert response.status_code == 200, response.text
        by_rest.append(pb.Action.Value(f"ACTION_{response.json()['action'].upper()}"))
    assert by_sdk == by_plain == by_rest
    assert pb.ACTION_NUDGE in by_sdk
