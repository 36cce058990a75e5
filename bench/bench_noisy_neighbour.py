"""Noisy neighbours: tenant A's verdicts while a client without a key, or tenant B, attacks.

A ``loopwatch serve`` subprocess (in-memory store, two tenants with API keys, default
``limits:``). In this process, tenant A measures two things per block:

- its ``Evaluate`` latency: ``CALLS`` sequential calls of one step each on an open channel
  (as ``bench_isolation`` does);
- its SDK agents: ``AGENTS`` looping agents, each with a fresh ``Guard.remote`` (a new channel,
  the SDK's default 50 ms deadline), repeating one tool call until halted. A verdict the SDK
  could not get (deadline, UNAVAILABLE, RESOURCE_EXHAUSTED) becomes CONTINUE: a *fail-open*
  verdict, counted from ``Guard.stats``.

Each attack runs in its own process (spawned, so that its client work does not share this
process's GIL), bounded in count and in seconds (``ATTACK_MAX_S``), loopback only. Per attack:
an idle block (A alone), then the attack, ``RAMP_S`` for it to build up, the same block under
attack, and the attack stopped; idle blocks are pooled (interleaving keeps a shared host's
drift off the ratio). Scaled to a 2-core host shared with other work, the attacks are smaller
than the ones of issue 23 where that costs nothing of their effect:

- ``health_watch``: 2 000 gRPC health ``Watch`` streams, no key (issue: 8 000);
- ``preface``: 4 200 TCP connections sending only the HTTP/2 preface to the gRPC port,
  re-opened when closed (as in the issue: just over the 4 096 connection cap);
- ``half_sent``: 1 000 HTTP connections with half-sent request heads over the two HTTP ports,
  re-opened when closed (issue: ~1 000);
- ``watch_verdicts``: 2 000 ``WatchVerdicts`` streams of B (issue: 6 000);
- ``big_evaluate``: B's calls of 100 000 events (refused at the bound) and at the bound
  (``limits.evaluate_max_events``), two clients back to back (issue: two clients of 100 000);
- ``ingest_flood``: B's 5 MB OTLP/HTTP requests from 4 senders, retrying on 503 (issue: 8);
- ``list_scans``: B listing sessions with a filter that matches nothing, 4 clients, over
  ``A_SESSIONS`` sessions of A (issue: 50 000 sessions);
- ``metrics``: ``/metrics`` scraped with the OpenMetrics ``Accept`` header, no key, 4 clients.

Target (issue 23): under every attack, A's p99 <= 2x its idle p99 and 0 fail-open verdicts.

Run: ``python -m bench.bench_noisy_neighbour [attack ...]``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import multiprocessing
import os
import statistics
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.synchronize import Event as EventType
from typing import Any

import grpc
import httpx
from grpc_health.v1 import health_pb2, health_pb2_grpc
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue

from bench.attack_load import ATTACK_MAX_S, RAMP_S, hold_connections, hold_streams, in_threads
from bench.bench_isolation import _evaluator, _otlp_request, _percentile, _timed, _tool_span
from loopwatch import Guard, wire
from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.exceptions import LoopDetected
from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.security.connections import LimitsConfig
from loopwatch_collector.testing import collector_process

KEY_A = "bench-noisy-tenant-a-0123456789abcdef"
KEY_B = "bench-noisy-tenant-b-fedcba9876543210"
METADATA_A = (("authorization", f"Bearer {KEY_A}"),)
METADATA_B = (("authorization", f"Bearer {KEY_B}"),)
WARMUP = 300
CALLS = 1000  # A's timed Evaluate calls per block
AGENTS = 3  # A's looping SDK agents per block
MAX_AGENT_STEPS = 40  # a looping agent not halted by then counts as not halted
SETTLE_S = 1.0
A_SESSIONS = 5000
PREFACE_CONNECTIONS = 4200
HALF_SENT_CONNECTIONS = 1000
ATTACKER_NICENESS = 19  # see _attack
FLOOD_CLIENTS = 4
BIG_EVALUATE_CLIENTS = 2
HUGE_EVALUATE_EVENTS = 100_000
INGEST_REQUEST_SPANS = 25_000  # ~5 MB of OTLP protobuf
TARGET_P99_RATIO = 2.0
HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"
HALF_SENT_HEAD = b"GET /healthz HTTP/1.1\r\nHost: bench\r\nX-Slow: "
OPENMETRICS = "application/openmetrics-text; version=1.0.0"
_EVALUATE = "/loopwatch.v1.LoopGuard/Evaluate"
_EXPORT_SERVICE = "/opentelemetry.proto.collector.trace.v1.TraceService/Export"


@dataclass(frozen=True, slots=True)
class Targets:
    grpc: str
    http_url: str
    otlp_http_url: str


@dataclass(slots=True)
class Block:
    """What A saw in one block."""

    samples: list[float]
    fail_open: int
    halted: int


def _config() -> dict[str, Any]:
    keys = [
        {"tenant": tenant, "sha256": hashlib.sha256(key.encode()).hexdigest()}
        for tenant, key in (("team-a", KEY_A), ("team-b", KEY_B))
    ]
    return {"auth": {"keys": keys}}


# -- tenant A ----------------------------------------------------------------------------


def _looping_agent(guard: Guard) -> bool:
    """One agent repeating the same call; True once the guard halts it."""
    session = guard.session(agent="looper")
    for i in range(MAX_AGENT_STEPS):
        call = ToolCall.create(id=f"call_{i}", name="grep", arguments={"q": "x"})
        session.add(
            Step.create(event_id=f"step:call_{i}", text="I will run grep.", tool_calls=(call,)),
            ToolResult.create(event_id=f"result:call_{i}", call_id=f"call_{i}", content="no match"),
        )
        try:
            session.after_batch()
        except LoopDetected:
            return True
    return False


def _block(evaluate: Callable[[], object], target: str) -> Block:
    samples = _timed(evaluate, CALLS)
    fail_open = halted = 0
    for _ in range(AGENTS):
        guard = Guard.remote(target, api_key=KEY_A)
        try:
            halted += _looping_agent(guard)
            fail_open += guard.stats.failed
        finally:
            guard.close()
    return Block(samples=samples, fail_open=fail_open, halted=halted)


def _fill_sessions(target: str) -> None:
    """``A_SESSIONS`` sessions of A: one OTLP request of that many traces, one tool span each."""
    request = ExportTraceServiceRequest()
    resource = request.resource_spans.add()
    resource.resource.attributes.append(KeyValue(key="service.name", value=AnyValue(string_value="team-a")))
    resource.scope_spans.add().spans.extend(_tool_span(os.urandom(16), n) for n in range(A_SESSIONS))
    with grpc.insecure_channel(target, options=[("grpc.max_send_message_length", -1)]) as channel:
        export = channel.unary_unary(
            _EXPORT_SERVICE,
            request_serializer=ExportTraceServiceRequest.SerializeToString,
            response_deserializer=ExportTraceServiceResponse.FromString,
        )
        export(request, metadata=METADATA_A, timeout=120)


# -- attacks (in their own process) ------------------------------------------------------


def _big_evaluate_bodies() -> tuple[bytes, bytes]:
    """An ``Evaluate`` of ``HUGE_EVALUATE_EVENTS`` events and one at the event bound."""
    huge, at_limit = (_evaluate_bytes(n) for n in (HUGE_EVALUATE_EVENTS, LimitsConfig().evaluate_max_events))
    return huge, at_limit


def _big_evaluate(targets: Targets, bodies: tuple[bytes, bytes], stop: EventType) -> str:
    huge, at_limit = bodies
    with grpc.insecure_channel(targets.grpc, options=[("grpc.max_send_message_length", -1)]) as channel:
        evaluate = channel.unary_unary(_EVALUATE, request_serializer=None, response_deserializer=None)
        turn = iter(range(sys.maxsize))

        def work() -> str | None:
            body = huge if next(turn) % 2 else at_limit
            try:
                evaluate(body, metadata=METADATA_B, timeout=60)
            except grpc.RpcError as exc:
                return str(exc.code().name)
            return "ok" if body is at_limit else "huge accepted"

        return in_threads(work, BIG_EVALUATE_CLIENTS, stop)


def _evaluate_bytes(events: int) -> bytes:
    built: list[Event] = []
    for i in range(events // 2):
        call = ToolCall.create(id=f"c{i}", name="grep", arguments={"q": i})
        built += [
            Step.create(event_id=f"s{i}", text="step", tool_calls=(call,)),
            ToolResult.create(event_id=f"r{i}", call_id=f"c{i}", content=f"r{i}"),
        ]
    trace = uuid.uuid4().hex
    return pb.EvaluateRequest(
        trace_id=trace, agent="big", events=wire.events_to_proto(built)
    ).SerializeToString()


def _http_flood(
    targets: Targets, stop: EventType, request: Callable[[httpx.Client], httpx.Response], clients: int
) -> str:
    with httpx.Client(timeout=60) as client:

        def work() -> str | None:
            try:
                reply = request(client)
            except httpx.HTTPError as exc:
                return type(exc).__name__
            if reply.status_code == 503:
                time.sleep(float(reply.headers.get("retry-after", "1")) / 20)  # eager, but backs off
            return str(reply.status_code)

        return in_threads(work, clients, stop)


def _attack(name: str, targets: Targets, ready: EventType, stop: EventType, results: Any) -> None:
    """The attack process: prepare, set ``ready``, run attack ``name`` until ``stop`` (or
    ``ATTACK_MAX_S``), put its report on ``results``. At the lowest CPU priority: on a 2-core
    host an attacker on the same machine would otherwise win CPU from the collector, which a
    remote attacker does not."""
    os.nice(ATTACKER_NICENESS)
    health = health_pb2.HealthCheckRequest()
    grpc_host, grpc_port = targets.grpc.rsplit(":", 1)
    http = httpx.URL(targets.http_url)
    otlp = httpx.URL(targets.otlp_http_url)
    ingest_body = _otlp_request(INGEST_REQUEST_SPANS) if name == "ingest_flood" else b""
    evaluate_bodies = _big_evaluate_bodies() if name == "big_evaluate" else (b"", b"")
    b_headers = {"authorization": f"Bearer {KEY_B}"}
    attacks: dict[str, Callable[[], str]] = {
        "health_watch": lambda: asyncio.run(
            hold_streams(lambda ch: health_pb2_grpc.HealthStub(ch).Watch(health), targets.grpc, stop)
        ),
        "preface": lambda: asyncio.run(
            hold_connections([(grpc_host, int(grpc_port))], HTTP2_PREFACE, PREFACE_CONNECTIONS, stop)
        ),
        "half_sent": lambda: asyncio.run(
            hold_connections(
                [(str(http.host), int(http.port or 80)), (str(otlp.host), int(otlp.port or 80))],
                HALF_SENT_HEAD,
                HALF_SENT_CONNECTIONS,
                stop,
            )
        ),
        "watch_verdicts": lambda: asyncio.run(
            hold_streams(
                lambda ch: pb_grpc.LoopGuardStub(ch).WatchVerdicts(
                    pb.WatchVerdictsRequest(), metadata=METADATA_B
                ),
                targets.grpc,
                stop,
            )
        ),
        "big_evaluate": lambda: _big_evaluate(targets, evaluate_bodies, stop),
        "ingest_flood": lambda: _http_flood(
            targets,
            stop,
            lambda c: c.post(
                f"{targets.otlp_http_url}/v1/traces",
                content=ingest_body,
                headers={**b_headers, "content-type": "application/x-protobuf"},
            ),
            FLOOD_CLIENTS,
        ),
        "list_scans": lambda: _http_flood(
            targets,
            stop,
            lambda c: c.get(
                f"{targets.http_url}/v1/sessions",
                params={"agent": "no-such-agent", "limit": 100},
                headers=b_headers,
            ),
            FLOOD_CLIENTS,
        ),
        "metrics": lambda: _http_flood(
            targets,
            stop,
            lambda c: c.get(f"{targets.http_url}/metrics", headers={"accept": OPENMETRICS}),
            FLOOD_CLIENTS,
        ),
    }
    ready.set()
    results.put(attacks[name]())


ATTACKS = (
    "health_watch",
    "preface",
    "half_sent",
    "watch_verdicts",
    "big_evaluate",
    "ingest_flood",
    "list_scans",
    "metrics",
)


@contextlib.contextmanager
def _attacking(name: str, targets: Targets, report: list[str]) -> Iterator[None]:
    context = multiprocessing.get_context("spawn")
    ready, stop = context.Event(), context.Event()
    results = context.Queue()
    process = context.Process(target=_attack, args=(name, targets, ready, stop, results))
    process.start()
    try:
        if not ready.wait(300):
            raise RuntimeError(f"attack {name} did not start")
        time.sleep(RAMP_S)
        yield
    finally:
        stop.set()
        report.append(results.get(timeout=ATTACK_MAX_S + 60))
        process.join(30)
        if process.is_alive():
            process.kill()


def measure(attacks: tuple[str, ...]) -> tuple[Block, dict[str, tuple[Block, str]]]:
    idle = Block(samples=[], fail_open=0, halted=0)
    under: dict[str, tuple[Block, str]] = {}
    with collector_process(_config()) as proc, grpc.insecure_channel(proc.endpoints.grpc_target) as channel:
        endpoints = proc.endpoints
        targets = Targets(endpoints.grpc_target, endpoints.http_url, endpoints.otlp_http_url)
        if "list_scans" in attacks:
            _fill_sessions(targets.grpc)
        evaluate = _evaluator(channel, "team-a", METADATA_A)
        _timed(evaluate, WARMUP)
        for name in attacks:
            alone = _block(evaluate, targets.grpc)
            idle.samples += alone.samples
            idle.fail_open += alone.fail_open
            idle.halted += alone.halted
            report: list[str] = []
            with _attacking(name, targets, report):
                block = _block(evaluate, targets.grpc)
            under[name] = (block, report[0])
            time.sleep(SETTLE_S)
    return idle, under


def main(argv: list[str] | None = None) -> None:
    wanted = tuple(argv or ()) or ATTACKS
    idle, under = measure(tuple(a for a in ATTACKS if a in wanted))
    idle_p99 = _percentile(idle.samples, 0.99)
    print(
        f"Tenant A: {CALLS} sequential Evaluate calls and {AGENTS} looping SDK agents (50 ms deadline) "
        f"per block; the collector and each attack in their own processes; loopback, {os.cpu_count()} cores\n"
    )
    print("| attack | A p50 (ms) | A p99 (ms) | p99 / idle p99 | fail-open | agents halted | attack |")
    print("|---|---:|---:|---:|---:|---:|---|")
    idle_agents = AGENTS * len(under)
    print(
        f"| none (idle, pooled) | {statistics.median(idle.samples) * 1e3:.2f} | {idle_p99 * 1e3:.2f} "
        f"| 1.00 | {idle.fail_open} | {idle.halted}/{idle_agents} | |"
    )
    missed = []
    for name, (block, report) in under.items():
        p99 = _percentile(block.samples, 0.99)
        ratio = p99 / idle_p99
        if ratio > TARGET_P99_RATIO or block.fail_open:
            missed.append(name)
        print(
            f"| {name} | {statistics.median(block.samples) * 1e3:.2f} | {p99 * 1e3:.2f} | {ratio:.2f} | "
            f"{block.fail_open} | {block.halted}/{AGENTS} | {report} |"
        )
    target = f"p99 <= {TARGET_P99_RATIO}x idle and 0 fail-open"
    print(
        f"\nTarget ({target}): "
        + (f"MISSED under {', '.join(missed)}." if missed else "met under every attack.")
    )


if __name__ == "__main__":
    main(sys.argv[1:])
