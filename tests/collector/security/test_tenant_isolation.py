"""Tenant isolation: tenant alpha cannot change, evict or read tenant beta's sessions, through
``Evaluate``, OTLP, a shared conversation id, a flood of fresh traces (by count or by bytes) or
the read APIs."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Iterator

import grpc
import httpx
import pytest
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc
from opentelemetry.proto.trace.v1.trace_pb2 import Span

from loopwatch.verdict import Action, Verdict
from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.processing.broadcast import IssuedVerdict, VerdictHub
from loopwatch_collector.security.tenancy import owned_by, session_key
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.security.security_helpers import (
    ALPHA_KEY,
    BETA_KEY,
    evaluate_request,
    headers,
    metadata,
    otlp_request,
    tool_span,
    two_tenants,
)

ALPHA_SESSIONS = 5


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    config = two_tenants(
        auth={"tenants": {"alpha": {"max_sessions": ALPHA_SESSIONS}}},
        defaults={"budgets": {"conversation_max_steps": 5}},
    )
    with running_collector(config) as running:
        yield running


@pytest.fixture(scope="module")
def channel(collector: RunningCollector) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(collector.endpoints.grpc_target) as ch:
        yield ch


def _evaluate(channel: grpc.Channel, key: str, request: pb.EvaluateRequest) -> pb.Verdict:
    reply: pb.Verdict = pb_grpc.LoopGuardStub(channel).Evaluate(request, metadata=metadata(key), timeout=5)
    return reply


def _export(channel: grpc.Channel, key: str, *spans: Span) -> None:
    stub = trace_service_pb2_grpc.TraceServiceStub(channel)  # type: ignore[no-untyped-call]  # generated
    stub.Export(otlp_request(*spans), metadata=metadata(key), timeout=10)


def test_evaluate_on_another_tenants_trace_leaves_it_alone(channel: grpc.Channel) -> None:
    victim = os.urandom(16).hex()
    for i in range(2):
        _evaluate(channel, BETA_KEY, evaluate_request(victim, i, result=f"r{i}"))
    attack = [_evaluate(channel, ALPHA_KEY, evaluate_request(victim, 100 + i)) for i in range(8)]
    assert attack[-1].action == pb.ACTION_HALT  # alpha halted its own session of that id
    healthy = _evaluate(channel, BETA_KEY, evaluate_request(victim, 2, result="r2"))
    assert (healthy.action, healthy.step) == (pb.ACTION_CONTINUE, 3)


def test_otlp_spans_with_another_tenants_trace_id_leave_it_alone(channel: grpc.Channel) -> None:
    victim = os.urandom(16)
    _evaluate(channel, BETA_KEY, evaluate_request(victim.hex(), 0, result="r0"))
    _export(channel, ALPHA_KEY, *(tool_span(victim, f"call_{i}") for i in range(8)))
    healthy = _evaluate(channel, BETA_KEY, evaluate_request(victim.hex(), 1, result="r1"))
    assert (healthy.action, healthy.step) == (pb.ACTION_CONTINUE, 2)


def test_a_shared_conversation_id_does_not_spend_another_tenants_budget(channel: grpc.Channel) -> None:
    conversation = "shared-conversation"
    for t in range(3):  # alpha spends 6 steps > conversation_max_steps over three traces
        trace = os.urandom(16).hex()
        for i in range(2):
            _evaluate(
                channel, ALPHA_KEY, evaluate_request(trace, i, conversation=conversation, result=f"{t}{i}")
            )
    verdict = _evaluate(
        channel, BETA_KEY, evaluate_request(os.urandom(16).hex(), 0, conversation=conversation, result="b")
    )
    assert verdict.action == pb.ACTION_CONTINUE


def test_a_flood_of_fresh_traces_evicts_only_the_flooding_tenants_sessions(
    collector: RunningCollector, channel: grpc.Channel
) -> None:
    kept = os.urandom(16).hex()
    _evaluate(channel, BETA_KEY, evaluate_request(kept, 0, result="r0"))
    _export(channel, ALPHA_KEY, *(tool_span(os.urandom(16), f"c{i}") for i in range(60)))
    url = f"{collector.endpoints.http_url}/v1/sessions/{kept}"
    assert httpx.get(url, headers=headers(BETA_KEY), timeout=5).json()["steps"] == 1
    listed = httpx.get(
        f"{collector.endpoints.http_url}/v1/sessions?limit=1000", headers=headers(ALPHA_KEY), timeout=5
    )
    assert len(listed.json()["sessions"]) <= ALPHA_SESSIONS
    registry = collector.collector.registry
    assert (
        registry.get_sample_value("loopwatch_tenant_sessions_evicted_total", {"tenant": "alpha"}) or 0
    ) >= 55
    assert registry.get_sample_value("loopwatch_tenant_sessions_evicted_total", {"tenant": "beta"}) is None


def test_a_flood_of_sessions_past_the_byte_budget_evicts_only_the_flooding_tenants() -> None:
    with (
        running_collector(two_tenants(sessions={"max_bytes": 30_000})) as collector,
        grpc.insecure_channel(collector.endpoints.grpc_target) as channel,
    ):
        kept = os.urandom(16).hex()
        _evaluate(channel, BETA_KEY, evaluate_request(kept, 0, result="r0"))
        for n in range(80):  # ~0.7 KB each even compacted: past the budget
            _evaluate(channel, ALPHA_KEY, evaluate_request(os.urandom(16).hex(), 0, result=f"a{n}"))
        healthy = _evaluate(channel, BETA_KEY, evaluate_request(kept, 1, result="r1"))
        assert (healthy.action, healthy.step) == (pb.ACTION_CONTINUE, 2)  # its state is intact
        collector.call(asyncio.sleep(0))  # read the registry on the collector's loop, after the calls
        registry = collector.collector.registry
        evicted = "loopwatch_sessions_evicted_total"
        assert (registry.get_sample_value(evicted, {"tenant": "alpha", "reason": "max_bytes"}) or 0) > 0
        assert not registry.get_sample_value(evicted, {"tenant": "beta", "reason": "max_bytes"})


def test_reads_are_per_tenant(collector: RunningCollector, channel: grpc.Channel) -> None:
    beta_trace = os.urandom(16).hex()
    _evaluate(channel, BETA_KEY, evaluate_request(beta_trace, 0))
    url = collector.endpoints.http_url
    for key, visible in ((ALPHA_KEY, False), (BETA_KEY, True)):
        listed = httpx.get(f"{url}/v1/sessions?limit=1000", headers=headers(key), timeout=5).json()
        assert (beta_trace in {s["trace_id"] for s in listed["sessions"]}) is visible
    assert (
        httpx.get(f"{url}/v1/sessions/{beta_trace}", headers=headers(ALPHA_KEY), timeout=5).status_code == 404
    )


def test_verdict_streams_carry_only_the_subscribers_tenant(
    collector: RunningCollector, channel: grpc.Channel
) -> None:
    stub = pb_grpc.LoopGuardStub(channel)
    streams = {
        key: stub.WatchVerdicts(pb.WatchVerdictsRequest(agent="watched"), metadata=metadata(key), timeout=3)
        for key in (ALPHA_KEY, BETA_KEY)
    }
    received: dict[str, list[str]] = {ALPHA_KEY: [], BETA_KEY: []}

    def drain(key: str) -> None:
        try:
            for verdict in streams[key]:
                received[key].append(verdict.trace_id)
        except grpc.RpcError:
            pass  # the stream's deadline

    threads = [threading.Thread(target=drain, args=(key,)) for key in streams]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 5
    while collector.collector.pipeline.hub.subscribers < len(streams):  # both streams are open
        assert time.monotonic() < deadline
        time.sleep(0.01)
    beta_trace = os.urandom(16).hex()
    for i in range(3):  # beta's agent loops: one NUDGE
        _evaluate(channel, BETA_KEY, evaluate_request(beta_trace, i, agent="watched"))
    for thread in threads:
        thread.join(timeout=10)
    assert received == {ALPHA_KEY: [], BETA_KEY: [beta_trace]}


def test_another_tenants_verdict_flood_does_not_crowd_out_a_subscription() -> None:
    hub = VerdictHub()
    sub = hub.subscribe(owns=owned_by("beta"))
    nudge = Verdict(action=Action.NUDGE, step=3)
    for n in range(5000):  # far more than a subscription queues
        hub.publish(IssuedVerdict(trace_id=session_key("alpha", f"{n:032x}"), agent="a", verdict=nudge))
    hub.publish(IssuedVerdict(trace_id=session_key("beta", "b" * 32), agent="b", verdict=nudge))
    hub.shutdown()

    async def drain() -> list[str]:
        return [issued.trace_id async for issued in sub]

    assert asyncio.run(drain()) == [session_key("beta", "b" * 32)]
    assert sub.dropped == 0
