"""Big ``Evaluate`` calls, through a running collector: bounded in events and bytes with a
status naming the limit, validated whole, applied in slices with the verdict a whole call gets,
and another tenant keeps getting verdicts while they run (finding: two clients sending 100 000
events a call moved another tenant's p50 to 5.1 s and its looping agent failed open)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator

import grpc
import httpx
import pytest
from google.protobuf import json_format

from loopwatch import wire
from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.collector_builders import tool_step
from tests.collector.security.security_helpers import ALPHA_KEY, BETA_KEY, headers, metadata, two_tenants

MAX_EVENTS = 600
MAX_BYTES = 400_000
TIMEOUT_S = 10.0
# Beta's flood: calls at the event bound, from this many threads, for this long.
FLOOD_THREADS = 2
FLOOD_S = 3.0


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    limits = {"evaluate_max_events": MAX_EVENTS, "evaluate_max_bytes": MAX_BYTES}
    with running_collector(two_tenants(limits=limits)) as running:
        yield running


@pytest.fixture(scope="module")
def stub(collector: RunningCollector) -> Iterator[pb_grpc.LoopGuardStub]:
    with grpc.insecure_channel(collector.endpoints.grpc_target) as channel:
        yield pb_grpc.LoopGuardStub(channel)


def _trace() -> str:
    return os.urandom(16).hex()


def _steps(first: int, count: int, *, distinct: bool = False) -> list[pb.Event]:
    """``count`` steps of a looping agent (the same call and result), or all different."""
    events = []
    for i in range(first, first + count):
        events += tool_step(
            i, args={"q": i} if distinct else None, result=f"r{i}" if distinct else "no match"
        )
    return wire.events_to_proto(events)


def _request(trace: str, events: list[pb.Event]) -> pb.EvaluateRequest:
    return pb.EvaluateRequest(trace_id=trace, agent="bot", events=events)


def _known(collector: RunningCollector, trace: str) -> bool:
    """Whether alpha has a session for ``trace``."""
    reply = httpx.get(
        f"{collector.endpoints.http_url}/v1/sessions/{trace}", headers=headers(ALPHA_KEY), timeout=TIMEOUT_S
    )
    return reply.status_code == 200


def test_too_many_events_is_refused_naming_the_limit_and_nothing_is_applied(
    collector: RunningCollector, stub: pb_grpc.LoopGuardStub
) -> None:
    trace = _trace()
    request = _request(trace, _steps(0, MAX_EVENTS // 2 + 1))  # two events a step
    with pytest.raises(grpc.RpcError) as refused:
        stub.Evaluate(request, metadata=metadata(ALPHA_KEY), timeout=TIMEOUT_S)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert f"limits.evaluate_max_events ({MAX_EVENTS})" in (refused.value.details() or "")
    reply = httpx.post(
        f"{collector.endpoints.http_url}/v1/evaluate",
        content=json_format.MessageToJson(request, indent=None),
        headers={**headers(ALPHA_KEY), "content-type": "application/json"},
        timeout=TIMEOUT_S,
    )
    assert reply.status_code == 413
    assert "limits.evaluate_max_events" in reply.json()["detail"]
    assert not _known(collector, trace)


def test_too_many_bytes_is_refused_naming_the_limit(
    collector: RunningCollector, stub: pb_grpc.LoopGuardStub
) -> None:
    events = wire.events_to_proto(tool_step(0, args={"blob": "x" * MAX_BYTES}))
    with pytest.raises(grpc.RpcError) as refused:
        stub.Evaluate(_request(_trace(), events), metadata=metadata(ALPHA_KEY), timeout=TIMEOUT_S)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert f"limits.evaluate_max_bytes ({MAX_BYTES})" in (refused.value.details() or "")
    reply = httpx.post(
        f"{collector.endpoints.http_url}/v1/evaluate",
        content=b"{" + b" " * MAX_BYTES + b"}",
        headers={**headers(ALPHA_KEY), "content-type": "application/json"},
        timeout=TIMEOUT_S,
    )
    assert reply.status_code == 413
    assert "limits.evaluate_max_bytes" in reply.json()["detail"]


def test_a_bad_last_event_refuses_the_whole_big_call(
    collector: RunningCollector, stub: pb_grpc.LoopGuardStub
) -> None:
    trace = _trace()
    events = _steps(0, 200)
    events[-1].ClearField("event_id")
    with pytest.raises(grpc.RpcError) as refused:
        stub.Evaluate(_request(trace, events), metadata=metadata(ALPHA_KEY), timeout=TIMEOUT_S)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert (refused.value.details() or "").startswith(f"events[{len(events) - 1}]")
    assert not _known(collector, trace)


@pytest.mark.parametrize("distinct", [False, True], ids=["looping", "healthy"])
def test_a_sliced_call_gets_the_verdict_of_the_same_steps_sent_one_by_one(
    stub: pb_grpc.LoopGuardStub, distinct: bool
) -> None:
    steps = 250  # 500 events: sliced
    whole = stub.Evaluate(
        _request(_trace(), _steps(0, steps, distinct=distinct)),
        metadata=metadata(ALPHA_KEY),
        timeout=TIMEOUT_S,
    )
    trace = _trace()
    for i in range(steps):
        one_by_one = stub.Evaluate(
            _request(trace, _steps(i, 1, distinct=distinct)), metadata=metadata(ALPHA_KEY), timeout=TIMEOUT_S
        )
    assert whole.step == one_by_one.step == steps
    assert whole.action == one_by_one.action
    assert (whole.action == pb.ACTION_CONTINUE) is distinct


def test_another_tenant_keeps_its_verdicts_while_big_calls_run(stub: pb_grpc.LoopGuardStub) -> None:
    stop = threading.Event()
    sent: list[int] = []

    def flood() -> None:
        while not stop.is_set():
            request = _request(_trace(), _steps(0, MAX_EVENTS // 2, distinct=True))
            stub.Evaluate(request, metadata=metadata(BETA_KEY), timeout=TIMEOUT_S)
            sent.append(1)

    threads = [threading.Thread(target=flood) for _ in range(FLOOD_THREADS)]
    for thread in threads:
        thread.start()
    try:
        trace = _trace()
        verdicts = []
        deadline = time.monotonic() + FLOOD_S
        step = 0
        while time.monotonic() < deadline:
            verdicts.append(
                stub.Evaluate(_request(trace, _steps(step, 1)), metadata=metadata(ALPHA_KEY), timeout=2.0)
            )
            step += 1
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=TIMEOUT_S)
    assert sent  # beta's calls were served too
    assert [v.step for v in verdicts] == list(range(1, step + 1))
    assert any(v.action != pb.ACTION_CONTINUE for v in verdicts)
