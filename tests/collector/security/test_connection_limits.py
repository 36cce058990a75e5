"""Connection limits and timeouts (findings: 21 000 idle sockets exhausted file descriptors and
locked every client out; SIGTERM with slow HTTP bodies open exited 1 with an empty message)."""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Iterator

import grpc
import httpx
import pytest

from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.security.audit import RateLimitFilter
from loopwatch_collector.security.connections import GuardedH11Protocol
from loopwatch_collector.testing import RunningCollector, collector_process, running_collector

MAX_CONNECTIONS = 40
TIMEOUT_S = 1.0
# What the test waits for a timeout to act: the timeout plus scheduling slack on a busy machine.
WAIT_S = TIMEOUT_S + 4.0


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    limits = {"max_connections": MAX_CONNECTIONS, "header_timeout_s": TIMEOUT_S, "body_timeout_s": TIMEOUT_S}
    with running_collector({"limits": limits}) as running:
        yield running


def _connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=WAIT_S)


def _closed_by_server(sock: socket.socket) -> bool:
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_idle_sockets_are_capped_and_closed_so_clients_still_get_in(collector: RunningCollector) -> None:
    port = collector.endpoints.http_port
    refused_before = GuardedH11Protocol.refused
    idle = [_connect(port) for _ in range(3 * MAX_CONNECTIONS)]
    try:
        started = time.monotonic()
        assert all(_closed_by_server(sock) for sock in idle)  # capped at once, or timed out
        assert time.monotonic() - started < WAIT_S + 1
        assert GuardedH11Protocol.refused - refused_before >= MAX_CONNECTIONS
        assert httpx.get(f"{collector.endpoints.http_url}/healthz", timeout=5).status_code == 200
    finally:
        for sock in idle:
            sock.close()


def test_headers_sent_byte_by_byte_hit_one_deadline(collector: RunningCollector) -> None:
    sock = _connect(collector.endpoints.http_port)
    started = time.monotonic()
    closed = False
    try:
        for byte in b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100:
            try:
                sock.send(bytes([byte]))
            except OSError:
                closed = True
                break
            time.sleep(TIMEOUT_S / 4)
            if time.monotonic() - started > WAIT_S + 1:
                break
        closed = closed or _closed_by_server(sock)
    finally:
        sock.close()
    assert closed
    assert time.monotonic() - started < WAIT_S + 2


def test_a_stalled_body_is_cut_off(collector: RunningCollector) -> None:
    sock = _connect(collector.endpoints.otlp_http_port)
    try:
        sock.sendall(
            b"POST /v1/traces HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-protobuf\r\n"
            b"Content-Length: 1000\r\n\r\n" + b"\x00" * 10
        )
        started = time.monotonic()
        reply = b""
        while time.monotonic() - started < WAIT_S:
            chunk = sock.recv(4096)
            if not chunk:
                break
            reply += chunk
    except ConnectionResetError:
        pass
    finally:
        sock.close()
    assert time.monotonic() - started < WAIT_S


def test_sigterm_with_slow_clients_open_exits_0_within_the_grace() -> None:
    grace_s = 1.0
    config = {
        "listen": {"shutdown_grace_s": grace_s},
        "limits": {"body_timeout_s": 60, "header_timeout_s": 60},
    }
    with collector_process(config) as proc:
        slow = []
        for port, request in (
            (
                proc.endpoints.http_port,
                b"POST /v1/evaluate HTTP/1.1\r\nHost: x\r\n"
                b'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"trace',
            ),
            (
                proc.endpoints.otlp_http_port,
                b"POST /v1/traces HTTP/1.1\r\nHost: x\r\n"
                b"Content-Type: application/x-protobuf\r\nContent-Length: 100000\r\n\r\n\x0a",
            ),
            (proc.endpoints.http_port, b"GET /heal"),
        ):
            sock = _connect(port)
            sock.sendall(request)
            slow.append(sock)
        time.sleep(0.3)
        started = time.monotonic()
        code = proc.terminate(timeout_s=grace_s + 10)
        elapsed = time.monotonic() - started
        for sock in slow:
            sock.close()
        log = proc.log()
    assert code == 0, log
    assert elapsed < grace_s + 5, log


def test_noisy_loggers_are_rate_limited() -> None:
    now = [0.0]
    limiter = RateLimitFilter(period_s=1.0, burst=3, clock=lambda: now[0])
    record = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "accept failed", None, None)
    passed = [limiter.filter(record) for _ in range(1000)]
    assert sum(passed) == 3
    now[0] = 1.5
    later = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "accept failed", None, None)
    assert limiter.filter(later)
    assert later.getMessage() == "(997 similar records suppressed) accept failed"


def test_grpc_concurrent_rpcs_are_capped() -> None:
    with (
        running_collector({"limits": {"grpc_max_concurrent_rpcs": 2}}) as running,
        grpc.insecure_channel(running.endpoints.grpc_target) as channel,
    ):
        stub = pb_grpc.LoopGuardStub(channel)
        streams = [stub.WatchVerdicts(pb.WatchVerdictsRequest(), timeout=3) for _ in range(4)]
        codes = []
        for stream in streams:
            try:
                next(stream)
            except grpc.RpcError as exc:
                codes.append(exc.code())
        for stream in streams:
            stream.cancel()
    assert codes.count(grpc.StatusCode.RESOURCE_EXHAUSTED) == 2  # the two over the cap
    assert codes.count(grpc.StatusCode.DEADLINE_EXCEEDED) == 2  # the two open, idle streams
