"""Capacity budgets under attack, at a small scale through a running collector: unauthenticated
health streams, preface-only gRPC connections and half-sent HTTP requests, and tenant beta's
streams and requests, while tenant alpha keeps getting verdicts (findings: 8 000 health
``Watch`` streams or 6 000 ``WatchVerdicts`` took every RPC slot; ~1 000 half-sent requests
made every HTTP request 503, ``/healthz`` included)."""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Iterator
from typing import Any

import grpc
import httpx
import pytest
from google.rpc import error_details_pb2  # type: ignore[import-untyped]
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.security.admission import Budget, peer_host
from loopwatch_collector.security.connections import LimitsConfig, unshared_rpcs
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.security.security_helpers import (
    ALPHA_KEY,
    BETA_KEY,
    evaluate_request,
    headers,
    metadata,
    two_tenants,
)

OPEN_STREAMS_PER_PEER = 3
TENANT_STREAMS = 4
TENANT_REQUESTS = 3
HEADER_PHASE_PER_PEER = 5
MAX_CONCURRENCY = 8
# An attacker's source address: any 127/8 address is loopback on Linux, and a different peer.
ATTACKER_HOST = "127.0.0.2"
# The HTTP/2 client preface and an empty SETTINGS frame: a connection that will never call.
HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"
TIMEOUT_S = 10.0


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    limits = {
        "open_streams_per_peer": OPEN_STREAMS_PER_PEER,
        "open_streams": 2 * OPEN_STREAMS_PER_PEER,
        "tenant_max_streams": TENANT_STREAMS,
        "tenant_max_requests": TENANT_REQUESTS,
        "header_phase_per_peer": HEADER_PHASE_PER_PEER,
        "max_concurrency": MAX_CONCURRENCY,
        "grpc_max_concurrent_rpcs": 64,
    }
    with running_collector(two_tenants(limits=limits)) as running:
        yield running


@pytest.fixture
def channel(collector: RunningCollector) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(collector.endpoints.grpc_target) as ch:
        yield ch


def _alpha_gets_verdicts(channel: grpc.Channel) -> list[pb.Verdict]:
    """Alpha's looping agent, step by step: every call must answer, and the loop be caught."""
    trace = _trace()
    stub = pb_grpc.LoopGuardStub(channel)
    verdicts = [
        stub.Evaluate(evaluate_request(trace, i), metadata=metadata(ALPHA_KEY), timeout=TIMEOUT_S)
        for i in range(6)
    ]
    assert any(v.action != pb.ACTION_CONTINUE for v in verdicts)
    return verdicts


def _trace() -> str:
    return os.urandom(16).hex()


def _code_and_retry(error: grpc.RpcError) -> tuple[grpc.StatusCode, float | None]:
    """The status code of a failed call and the retry delay of its ``RetryInfo``, if any."""
    call: Any = error  # a failed call's error is also its grpc.Call
    status = rpc_status.from_call(call)
    for detail in status.details if status else ():
        info = error_details_pb2.RetryInfo()
        if detail.Unpack(info):
            return call.code(), info.retry_delay.ToNanoseconds() / 1e9
    return call.code(), None


def test_budget_bounds_per_key_and_in_total() -> None:
    budget = Budget("things", per_key=2, total=3)
    assert budget.try_acquire("a")
    assert budget.try_acquire("a")
    assert not budget.try_acquire("a")  # a's share
    assert budget.try_acquire("b")
    assert not budget.try_acquire("c")  # the total
    budget.release("a")
    assert budget.try_acquire("c")
    assert budget.refused == 2
    assert "2 per tenant, 3 in all" in budget.refusal("tenant")


@pytest.mark.parametrize(
    ("peer", "host"),
    [
        ("ipv4:10.0.0.1:5555", "10.0.0.1"),
        ("ipv6:[::1]:5555", "::1"),
        ("unix:/tmp/s", "unix:/tmp/s"),
        ("", ""),
    ],
)
def test_peer_host(peer: str, host: str) -> None:
    assert peer_host(peer) == host


def test_open_health_watch_streams_are_capped_and_alpha_keeps_its_verdicts(
    collector: RunningCollector, channel: grpc.Channel
) -> None:
    health = health_pb2_grpc.HealthStub(channel)
    streams = [health.Watch(health_pb2.HealthCheckRequest(), timeout=TIMEOUT_S) for _ in range(20)]
    try:
        held, refused = 0, []
        for stream in streams:
            try:
                next(stream)  # SERVING: the stream is open and held
                held += 1
            except grpc.RpcError as exc:
                refused.append(_code_and_retry(exc))
        assert held == OPEN_STREAMS_PER_PEER
        assert refused
        assert all(r == (grpc.StatusCode.RESOURCE_EXHAUSTED, 1.0) for r in refused)
        _alpha_gets_verdicts(channel)
        # Health checks (unary) have their own budget: the probe still answers.
        assert health.Check(health_pb2.HealthCheckRequest(), timeout=TIMEOUT_S).status == 1
    finally:
        for stream in streams:
            stream.cancel()


def test_a_tenants_watch_streams_are_capped_without_touching_the_other_tenant(channel: grpc.Channel) -> None:
    stub = pb_grpc.LoopGuardStub(channel)
    beta = [
        stub.WatchVerdicts(pb.WatchVerdictsRequest(), metadata=metadata(BETA_KEY), timeout=3)
        for _ in range(3 * TENANT_STREAMS)
    ]
    alpha = stub.WatchVerdicts(pb.WatchVerdictsRequest(), metadata=metadata(ALPHA_KEY), timeout=TIMEOUT_S)
    try:
        codes = []
        for stream in beta:
            try:
                next(stream)
            except grpc.RpcError as exc:
                codes.append(exc.code())
        assert codes.count(grpc.StatusCode.RESOURCE_EXHAUSTED) == 2 * TENANT_STREAMS
        assert codes.count(grpc.StatusCode.DEADLINE_EXCEEDED) == TENANT_STREAMS  # held, idle
        _alpha_gets_verdicts(channel)
        assert next(alpha).action != pb.ACTION_CONTINUE  # alpha's own stream was admitted
    finally:
        alpha.cancel()
        for stream in beta:
            stream.cancel()


def test_a_tenant_over_its_share_of_rpcs_is_told_to_retry_and_the_other_is_not(channel: grpc.Channel) -> None:
    stub = pb_grpc.LoopGuardStub(channel)
    # GetVerdict for a step never reached waits until its deadline: each one holds a slot.
    waiting = [
        stub.GetVerdict.future(
            pb.GetVerdictRequest(trace_id=_trace(), min_step=1000), metadata=metadata(BETA_KEY), timeout=4
        )
        for _ in range(TENANT_REQUESTS)
    ]
    time.sleep(0.5)
    try:
        with pytest.raises(grpc.RpcError) as refused:
            stub.Evaluate(evaluate_request(_trace(), 0), metadata=metadata(BETA_KEY), timeout=TIMEOUT_S)
        assert _code_and_retry(refused.value) == (grpc.StatusCode.RESOURCE_EXHAUSTED, 1.0)
        assert "tenant" in (refused.value.details() or "")
        _alpha_gets_verdicts(channel)
    finally:
        for call in waiting:
            call.cancel()


def test_preface_only_connections_are_closed_when_idle_so_new_channels_get_in() -> None:
    limits = {"max_connections": 10, "grpc_max_connection_idle_s": 1.0}
    with running_collector(two_tenants(limits=limits)) as running:
        port = running.endpoints.grpc_port
        idle = []
        for _ in range(10):
            sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT_S)
            sock.sendall(HTTP2_PREFACE)
            idle.append(sock)
        try:
            started = time.monotonic()
            with grpc.insecure_channel(running.endpoints.grpc_target) as channel:
                stub = pb_grpc.LoopGuardStub(channel)
                verdict = stub.Evaluate(
                    evaluate_request(_trace(), 0),
                    metadata=metadata(ALPHA_KEY),
                    timeout=TIMEOUT_S,
                    wait_for_ready=True,
                )
            assert verdict.step == 1
            assert time.monotonic() - started < TIMEOUT_S
            assert all(_closed(sock) for sock in idle)  # GOAWAY then close, at the idle timeout
        finally:
            for sock in idle:
                sock.close()


def _closed(sock: socket.socket) -> bool:
    """True once the server has closed ``sock`` (reads its frames until then)."""
    sock.settimeout(TIMEOUT_S)
    try:
        while sock.recv(4096):
            pass
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return True


def _half_sent_request(port: int, source: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT_S, source_address=(source, 0))
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    return sock


def test_half_sent_requests_are_bounded_per_peer_and_health_and_alpha_still_answer(
    collector: RunningCollector,
) -> None:
    endpoints = collector.endpoints
    flood = 4 * HEADER_PHASE_PER_PEER
    ports = [endpoints.http_port] * flood + [endpoints.otlp_http_port] * HEADER_PHASE_PER_PEER
    held = [_half_sent_request(port, ATTACKER_HOST) for port in ports]
    try:
        time.sleep(0.3)
        open_now = sum(not _closed_now(sock) for sock in held)
        assert open_now == 2 * HEADER_PHASE_PER_PEER  # per peer and per listener; the rest closed
        with httpx.Client(timeout=TIMEOUT_S) as client:
            assert client.get(f"{endpoints.http_url}/healthz").status_code == 200
            for step in range(MAX_CONCURRENCY + 2):  # more than the old connection-counting cap
                reply = client.post(
                    f"{endpoints.http_url}/v1/evaluate",
                    json={"trace_id": _trace(), "agent": "bot", "events": []},
                    headers=headers(ALPHA_KEY),
                )
                assert reply.status_code == 200, (step, reply.text)
    finally:
        for sock in held:
            sock.close()


def _closed_now(sock: socket.socket) -> bool:
    sock.settimeout(0.05)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_a_tenant_over_its_share_of_http_requests_gets_429_with_retry_after(
    collector: RunningCollector,
) -> None:
    endpoints = collector.endpoints
    stalled = []
    for _ in range(TENANT_REQUESTS):  # bodies that never finish: each request stays in progress
        sock = socket.create_connection(("127.0.0.1", endpoints.http_port), timeout=TIMEOUT_S)
        sock.sendall(
            b"POST /v1/evaluate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Authorization: Bearer " + BETA_KEY.encode() + b"\r\nContent-Length: 1000\r\n\r\n{"
        )
        stalled.append(sock)
    try:
        time.sleep(0.3)
        with httpx.Client(timeout=TIMEOUT_S) as client:
            body = {"trace_id": _trace(), "agent": "bot", "events": []}
            beta = client.post(f"{endpoints.http_url}/v1/evaluate", json=body, headers=headers(BETA_KEY))
            assert beta.status_code == 429
            assert beta.headers["retry-after"] == "1"
            alpha = client.post(f"{endpoints.http_url}/v1/evaluate", json=body, headers=headers(ALPHA_KEY))
            assert alpha.status_code == 200
    finally:
        for sock in stalled:
            sock.close()


def test_unshared_rpcs_sizes_the_grpc_cap() -> None:
    limits = LimitsConfig(
        open_requests=10,
        open_streams=5,
        tenant_max_requests=20,
        tenant_max_streams=3,
        grpc_max_concurrent_rpcs=60,
    )
    assert unshared_rpcs(limits, tenants=2) == 10 + 5 + 2 * (20 + 3)


def test_a_grpc_cap_below_the_tenants_shares_is_reported_at_start(caplog: pytest.LogCaptureFixture) -> None:
    limits = {"tenant_max_requests": 100, "grpc_max_concurrent_rpcs": 150}
    with caplog.at_level(logging.WARNING), running_collector(two_tenants(limits=limits)):
        pass
    assert any("limits.grpc_max_concurrent_rpcs (150)" in r.getMessage() for r in caplog.records)
