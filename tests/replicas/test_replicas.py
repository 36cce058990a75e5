"""Collector replicas sharing state through a real redis-server, driven over real gRPC.

Every test compares against the verdicts one in-memory collector gives for the same requests.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import httpx
import pytest
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc
from opentelemetry.proto.common.v1 import common_pb2
from opentelemetry.proto.trace.v1 import trace_pb2

from loopwatch.events import Step
from loopwatch.wire import events_to_proto, pb
from loopwatch_collector.testing import collector_process, running_collector
from tests.collector.store.redis_server import RedisServer
from tests.replicas.replica_helpers import (
    RPC_TIMEOUT_S,
    Stub,
    drive,
    redis_config,
    requests,
    sessions,
    stub,
)


@pytest.fixture(scope="module")
def expected() -> dict[str, list[pb.Verdict]]:
    """(a) One in-memory collector: the reference verdict sequences."""
    out: dict[str, list[pb.Verdict]] = {}
    with running_collector() as collector:
        channel, guard = stub(collector.endpoints.grpc_target)
        with channel:
            for session in sessions():
                out[session.trace_id] = drive(requests(session), lambda i: guard)
    assert any(v.action == pb.ACTION_HALT for vs in out.values() for v in vs)
    return out


@pytest.fixture
def prefix(request: pytest.FixtureRequest) -> str:
    return f"{request.node.name[:40]}-{time.monotonic_ns()}:"


def test_one_redis_backed_collector_matches_memory(
    redis_server: RedisServer, prefix: str, expected: dict[str, list[pb.Verdict]]
) -> None:
    """(b) One collector on the Redis store."""
    with running_collector(redis_config(redis_server, prefix)) as collector:
        channel, guard = stub(collector.endpoints.grpc_target)
        with channel:
            for session in sessions():
                assert drive(requests(session), lambda i: guard) == expected[session.trace_id]


def test_two_replica_processes_alternating_match_memory(
    redis_server: RedisServer, prefix: str, expected: dict[str, list[pb.Verdict]]
) -> None:
    """(c) Two ``loopwatch serve`` processes; each trace's requests alternate between them.

    Local caches are on, so each replica's cached copy is stale at every other request: the
    check-and-set must notice every time.
    """
    config = redis_config(redis_server, prefix)
    with collector_process(config) as a, collector_process(config) as b:
        ca, ga = stub(a.endpoints.grpc_target)
        cb, gb = stub(b.endpoints.grpc_target)
        with ca, cb:
            for session in sessions():
                assert drive(requests(session), lambda i: (ga, gb)[i % 2]) == expected[session.trace_id]


def test_replica_killed_mid_session_loses_nothing(
    redis_server: RedisServer, prefix: str, expected: dict[str, list[pb.Verdict]]
) -> None:
    """SIGKILL one replica half-way; the other continues, then a fresh replica joins."""
    config = redis_config(redis_server, prefix)
    session = sessions()[0]
    reqs = requests(session)
    half = len(reqs) // 2
    with collector_process(config) as a, collector_process(config) as b:
        ca, ga = stub(a.endpoints.grpc_target)
        cb, gb = stub(b.endpoints.grpc_target)
        with ca, cb:
            got = [(ga, gb)[i % 2].Evaluate(reqs[i], timeout=RPC_TIMEOUT_S) for i in range(half)]
            a.process.kill()
            a.process.wait()
            got += drive(reqs[: half + 4], lambda i: gb, start=half)
            with collector_process(config) as c:
                cc, gc = stub(c.endpoints.grpc_target)
                with cc:
                    got += drive(reqs, lambda i: (gb, gc)[i % 2], start=half + 4)
    assert got == expected[session.trace_id]


def _evaluate_with_retry(guard: Stub, request: pb.EvaluateRequest, outages: list[float]) -> pb.Verdict:
    """What a careful SDK does: on UNAVAILABLE, fail open now and re-send the events later."""
    while True:
        started = time.monotonic()
        try:
            verdict: pb.Verdict = guard.Evaluate(request, timeout=1.0)
            return verdict
        except grpc.RpcError as exc:
            if exc.code() != grpc.StatusCode.UNAVAILABLE:
                raise
            outages.append(time.monotonic() - started)
            time.sleep(0.05)


def _otlp_tool_span(trace_id: str) -> trace_service_pb2.ExportTraceServiceRequest:
    attributes = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "grep",
        "gen_ai.tool.call.id": "otlp-call-1",
        "gen_ai.tool.call.arguments": '{"q": "x"}',
    }
    span = trace_pb2.Span(
        trace_id=bytes.fromhex(trace_id),
        span_id=bytes.fromhex("00f067aa0ba902b7"),
        name="execute_tool grep",
        start_time_unix_nano=1_000_000_000,
        end_time_unix_nano=1_001_000_000,
        attributes=[
            common_pb2.KeyValue(key=k, value=common_pb2.AnyValue(string_value=v))
            for k, v in attributes.items()
        ],
    )
    return trace_service_pb2.ExportTraceServiceRequest(
        resource_spans=[trace_pb2.ResourceSpans(scope_spans=[trace_pb2.ScopeSpans(spans=[span])])]
    )


def test_redis_stopped_and_restarted_mid_run(tmp_path: Path, expected: dict[str, list[pb.Verdict]]) -> None:
    """Redis goes away mid-session: fast UNAVAILABLE (the SDK fails open), OTLP is told to retry,
    and once Redis is back the session continues exactly where it was."""
    server = RedisServer(tmp_path)
    server.start()
    config = redis_config(server, "restart:")
    session = sessions()[0]
    reqs = requests(session)
    half = len(reqs) // 2
    outages: list[float] = []
    try:
        with collector_process(config) as a, collector_process(config) as b:
            ca, ga = stub(a.endpoints.grpc_target)
            cb, gb = stub(b.endpoints.grpc_target)
            with ca, cb:
                got = [(ga, gb)[i % 2].Evaluate(reqs[i], timeout=RPC_TIMEOUT_S) for i in range(half)]
                server.stop()
                otlp = trace_service_pb2_grpc.TraceServiceStub(ca)  # type: ignore[no-untyped-call]  # generated, unannotated
                with pytest.raises(grpc.RpcError) as info:
                    otlp.Export(_otlp_tool_span("ab" * 16), timeout=1.0)
                assert info.value.code() == grpc.StatusCode.UNAVAILABLE
                for i in range(half, half + 3):  # both replicas answer fast while Redis is away
                    with pytest.raises(grpc.RpcError) as info:
                        (ga, gb)[i % 2].Evaluate(reqs[half], timeout=1.0)
                    assert info.value.code() == grpc.StatusCode.UNAVAILABLE
                restart = threading.Timer(0.5, server.start)
                restart.start()
                got += [
                    _evaluate_with_retry((ga, gb)[i % 2], reqs[i], outages) for i in range(half, len(reqs))
                ]
                restart.join()
                otlp.Export(_otlp_tool_span("ab" * 16), timeout=RPC_TIMEOUT_S)  # the retry succeeds
            store_errors = sum(_metric(p.endpoints.http_url, "loopwatch_store_errors_total") for p in (a, b))
    finally:
        server.stop()
    assert got == expected[session.trace_id]
    assert store_errors >= 4, "the outage must show in loopwatch_store_errors_total"
    assert outages, "the outage should have been observed"
    assert max(outages) < 1.0, "an Evaluate during the outage must answer within its deadline"


def test_concurrent_evaluate_calls_for_one_trace_from_many_threads(
    redis_server: RedisServer, prefix: str
) -> None:
    """8 threads x 15 events on two replicas, every event sent to both: nothing lost or doubled."""
    threads, per_thread = 8, 15
    trace_id = "c0ffee" + "0" * 26
    config = redis_config(redis_server, prefix)
    errors: list[BaseException] = []
    with collector_process(config) as a, collector_process(config) as b:
        ca, ga = stub(a.endpoints.grpc_target)
        cb, gb = stub(b.endpoints.grpc_target)

        def worker(n: int) -> None:
            try:
                for i in range(per_thread):
                    step = Step.create(
                        event_id=f"t{n}-{i}", text=f"thread {n} says thing {i} of {per_thread}"
                    )
                    request = pb.EvaluateRequest(
                        trace_id=trace_id, agent="agent", events=events_to_proto([step])
                    )
                    first, second = (ga, gb) if (n + i) % 2 else (gb, ga)
                    first.Evaluate(request, timeout=RPC_TIMEOUT_S)
                    second.Evaluate(request, timeout=RPC_TIMEOUT_S)  # a duplicate: ignored
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

        with ca, cb:
            pool = [threading.Thread(target=worker, args=(n,)) for n in range(threads)]
            for t in pool:
                t.start()
            for t in pool:
                t.join()
        assert errors == []
        detail = httpx.get(f"{b.endpoints.http_url}/v1/sessions/{trace_id}", timeout=RPC_TIMEOUT_S).json()
        duplicates = sum(_metric(p.endpoints.http_url, "loopwatch_events_duplicate_total") for p in (a, b))
    assert detail["events"] == threads * per_thread
    assert detail["steps"] == threads * per_thread
    assert duplicates == threads * per_thread


def _conversation_requests() -> list[pb.EvaluateRequest]:
    """Two traces of one conversation, step by step in turn: text-only steps, all different."""
    out = []
    for i in range(5):
        for n, trace_id in enumerate(("c1" + "0" * 30, "c2" + "0" * 30)):
            step = Step.create(event_id=f"s{n}-{i}", text=f"agent {n} finished subtask number {i} of many")
            out.append(
                pb.EvaluateRequest(
                    trace_id=trace_id, agent="agent", conversation_id="conv-A", events=events_to_proto([step])
                )
            )
    return out


def test_conversation_budget_counts_traces_on_both_replicas(redis_server: RedisServer, prefix: str) -> None:
    """A conversation budget of 6 steps, its two traces each on its own replica: the 6th step
    of the conversation (the one reaching the limit) halts, whichever replica serves it."""
    budget = {"defaults": {"budgets": {"conversation_max_steps": 6}}}
    reqs = _conversation_requests()
    with running_collector(budget) as single:
        channel, guard = stub(single.endpoints.grpc_target)
        with channel:
            expected = drive(reqs, lambda i: guard)
    assert [v.action for v in expected].index(pb.ACTION_HALT) == 5
    config = {**redis_config(redis_server, prefix), **budget}
    with collector_process(config) as a, collector_process(config) as b:
        ca, ga = stub(a.endpoints.grpc_target)
        cb, gb = stub(b.endpoints.grpc_target)
        with ca, cb:
            assert drive(reqs, lambda i: (ga, gb)[i % 2]) == expected


def _metric(base_url: str, name: str) -> float:
    text = httpx.get(f"{base_url}/metrics", timeout=RPC_TIMEOUT_S).text
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(name + "{"))


@pytest.fixture(autouse=True)
def _no_leftover_threads() -> Iterator[None]:
    before = set(threading.enumerate())
    yield
    leftover = [t for t in threading.enumerate() if t not in before and t.is_alive() and not t.daemon]
    assert not leftover, leftover
