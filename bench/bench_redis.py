"""Collector replicas on Redis: Evaluate latency and throughput, ratios measured in one run.

1. Latency: sequential ``Evaluate`` calls (one agent, one call in flight) against one collector
   process on the in-memory store and one on the Redis store. Target: Redis p50 <= 1.5x memory.
2. Throughput: many agents at once (each trace keeps one call in flight, as a real agent does)
   against one Redis-backed replica, then two replicas, with trace affinity (each trace always
   on the same replica, as the OTel Collector's ``loadbalancing`` exporter routes) and without
   (every call alternates). Target: two replicas >= 1.6x one.
3. Codec: encoded session size over the corpus (what each trace costs in Redis).

Everything runs on this machine: redis-server, the collector processes and the load generator
(one asyncio gRPC client sending pre-serialised requests) share its cores, which is what bounds
the replica scaling here (see the printed note). Requests replay the public corpus, one event
per call plus a checkpoint before each tool call, each session on a fresh trace id.

Run: ``python -m bench.bench_redis`` (or ``make bench``). Needs ``redis-server`` on PATH.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc

from loopwatch._proto.v1 import guard_pb2 as pb
from loopwatch._wire import events_to_proto, tool_call_to_proto
from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step
from loopwatch.scenario import iter_scenario_files, load_scenario
from loopwatch_collector.store import codec
from loopwatch_collector.testing import CollectorProcess, collector_process

SHARED = Path(__file__).resolve().parents[2] / "shared"
_EVALUATE = "/loopwatch.v1.LoopGuard/Evaluate"
LATENCY_CALLS = 1500
THROUGHPUT_S = 6.0
AGENTS = 48  # concurrent traces in the throughput runs
WARMUP_CALLS = 300


# --- workload -------------------------------------------------------------------------------------


def _session_requests(events: Sequence[Event], trace_id: str) -> list[bytes]:
    out: list[bytes] = []
    for event in events:
        out.append(
            pb.EvaluateRequest(
                trace_id=trace_id, agent="bench", events=events_to_proto([event])
            ).SerializeToString()
        )
        if isinstance(event, Step):
            for call in event.tool_calls:
                out.append(
                    pb.EvaluateRequest(
                        trace_id=trace_id,
                        agent="bench",
                        checkpoint=pb.CHECKPOINT_BEFORE_TOOL_CALL,
                        pending_call=tool_call_to_proto(call),
                    ).SerializeToString()
                )
    return out


class Workload:
    """An endless supply of sessions (corpus scenarios on fresh trace ids), one per agent."""

    def __init__(self) -> None:
        self.scenarios = [load_scenario(p).events for p in iter_scenario_files([SHARED / "corpus"])]
        self._ids = itertools.count(1)
        self._run = os.getpid() << 32

    def session(self) -> list[bytes]:
        n = next(self._ids)
        events = self.scenarios[n % len(self.scenarios)]
        return _session_requests(events, f"{self._run + n:032x}")


# --- load generation ------------------------------------------------------------------------------


@dataclass(slots=True)
class Result:
    calls: int
    seconds: float
    latencies_s: list[float]
    errors: dict[str, int]

    @property
    def throughput(self) -> float:
        return self.calls / self.seconds

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies_s)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _load(
    targets: Sequence[str],
    workload: Workload,
    *,
    agents: int,
    calls: int | None,
    seconds: float | None,
    affinity: bool,
) -> Result:
    channels = [grpc.aio.insecure_channel(t) for t in targets]
    methods = [ch.unary_unary(_EVALUATE) for ch in channels]  # bytes in, bytes out
    latencies: list[float] = []
    errors: dict[str, int] = {}
    budget = itertools.count()
    loop = asyncio.get_running_loop()
    stop_at = loop.time() + seconds if seconds is not None else float("inf")

    async def agent(index: int) -> None:
        sent = 0
        while True:
            for request in workload.session():
                if (calls is not None and next(budget) >= calls) or loop.time() >= stop_at:
                    return
                target = index if affinity else index + sent
                started = time.perf_counter()
                try:
                    await methods[target % len(methods)](request, timeout=10)
                except grpc.aio.AioRpcError as exc:
                    errors[exc.code().name] = errors.get(exc.code().name, 0) + 1
                    continue  # an SDK fails open; the next event goes on
                latencies.append(time.perf_counter() - started)
                sent += 1

    started = time.perf_counter()
    await asyncio.gather(*(agent(i) for i in range(agents)))
    elapsed = time.perf_counter() - started
    for ch in channels:
        await ch.close()
    return Result(calls=len(latencies), seconds=elapsed, latencies_s=latencies, errors=errors)


def load(targets: Sequence[str], workload: Workload, **kwargs: Any) -> Result:
    return asyncio.run(_load(targets, workload, **kwargs))


# --- servers --------------------------------------------------------------------------------------


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A throwaway redis-server (no persistence: the benchmark measures the hot path)."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server not found: run scripts/install-system-deps.sh")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="bench-redis-") as tmp:
        cmd = [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--dir",
            tmp,
            "--save",
            "",
            "--appendonly",
            "no",
        ]
        process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        break
                time.sleep(0.02)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            process.terminate()
            process.wait(10)


def _redis_config(url: str, prefix: str) -> dict[str, Any]:
    return {"store": "redis", "redis": {"url": url, "key_prefix": prefix}}


def _target(p: CollectorProcess) -> str:
    return p.endpoints.grpc_target


# --- the benchmark --------------------------------------------------------------------------------


def codec_sizes() -> tuple[float, float, int]:
    """Encoded bytes of each corpus session's final state: mean, p99, sessions."""
    engine = Engine()
    sizes = []
    for events in Workload().scenarios:
        state = engine.new_session()
        engine.ingest(state, events)
        sizes.append(len(codec.encode(state)))
    sizes.sort()
    return statistics.mean(sizes), sizes[min(len(sizes) - 1, int(0.99 * len(sizes)))], len(sizes)


def main() -> None:
    workload = Workload()
    rows: list[tuple[str, str, str, str]] = []
    with redis_server() as url:
        with collector_process() as memory, collector_process(_redis_config(url, "bench1:")) as red:
            for p in (memory, red):
                load([_target(p)], workload, agents=1, calls=WARMUP_CALLS, seconds=None, affinity=True)
            mem_lat = load(
                [_target(memory)], workload, agents=1, calls=LATENCY_CALLS, seconds=None, affinity=True
            )
            red_lat = load(
                [_target(red)], workload, agents=1, calls=LATENCY_CALLS, seconds=None, affinity=True
            )
            mem_tp = load(
                [_target(memory)], workload, agents=AGENTS, calls=None, seconds=THROUGHPUT_S, affinity=True
            )
            one_tp = load(
                [_target(red)], workload, agents=AGENTS, calls=None, seconds=THROUGHPUT_S, affinity=True
            )
        config = _redis_config(url, "bench2:")
        with collector_process(config) as a, collector_process(config) as b:
            targets = [_target(a), _target(b)]
            load(targets, workload, agents=2, calls=WARMUP_CALLS, seconds=None, affinity=False)
            two_aff = load(targets, workload, agents=AGENTS, calls=None, seconds=THROUGHPUT_S, affinity=True)
            two_alt = load(targets, workload, agents=AGENTS, calls=None, seconds=THROUGHPUT_S, affinity=False)

    def ms(x: float) -> str:
        return f"{x * 1000:.2f} ms"

    p50_ratio = red_lat.percentile(0.5) / mem_lat.percentile(0.5)
    rows.append(
        (
            "Evaluate p50, sequential",
            ms(mem_lat.percentile(0.5)),
            ms(red_lat.percentile(0.5)),
            f"{p50_ratio:.2f}x (target <= 1.5x)",
        )
    )
    p99_ratio = red_lat.percentile(0.99) / mem_lat.percentile(0.99)
    rows.append(
        (
            "Evaluate p99, sequential",
            ms(mem_lat.percentile(0.99)),
            ms(red_lat.percentile(0.99)),
            f"{p99_ratio:.2f}x",
        )
    )
    rows.append(
        (
            "throughput, 1 replica",
            f"{mem_tp.throughput:,.0f}/s",
            f"{one_tp.throughput:,.0f}/s",
            f"{one_tp.throughput / mem_tp.throughput:.2f}x",
        )
    )
    rows.append(
        (
            "throughput, 2 replicas, trace affinity",
            "-",
            f"{two_aff.throughput:,.0f}/s",
            f"{two_aff.throughput / one_tp.throughput:.2f}x of 1 replica (target >= 1.6x)",
        )
    )
    rows.append(
        (
            "throughput, 2 replicas, alternating",
            "-",
            f"{two_alt.throughput:,.0f}/s",
            f"{two_alt.throughput / one_tp.throughput:.2f}x of 1 replica",
        )
    )
    failed = {
        name: r.errors
        for name, r in (
            ("memory", mem_tp),
            ("1 replica", one_tp),
            ("2 affinity", two_aff),
            ("2 alternating", two_alt),
        )
        if r.errors
    }
    mean, p99, n = codec_sizes()
    print(
        f"## Redis store (bench/bench_redis.py, {os.cpu_count()} CPUs, "
        f"{AGENTS} concurrent agents for throughput)\n"
    )
    print("| measure | in-memory | Redis | ratio |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(f"\nEncoded session state over {n} corpus sessions: mean {mean:,.0f} B, p99 {p99:,.0f} B.")
    print(f"\nFailed calls (answered UNAVAILABLE; an SDK fails open): {failed or 'none'}.")
    print(
        "\nNote: the load generator, redis-server and both replicas share this machine's "
        f"{os.cpu_count()} cores; a second replica can only use the CPU the others leave."
    )


if __name__ == "__main__":
    main()
