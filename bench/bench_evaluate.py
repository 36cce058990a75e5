"""``LoopGuard.Evaluate`` latency against a no-op unary RPC on the same server.

A ``loopwatch serve`` subprocess (in-memory store, default detectors) and a sync gRPC client
in this process, as an agent would call it. Baseline: gRPC health ``Check`` on the same
channel. Workload: one Evaluate per agent step, each carrying the step and its tool result
(100 traces round-robin, no loops, so every call runs every detector without escalating).
Calls are interleaved in blocks so drift hits both sides alike. Target: Evaluate p50 <= 1.2x
the health check p50. Run: ``python -m bench.bench_evaluate``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from loopwatch import wire
from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.testing import collector_process

CALLS = 3000
BLOCK = 250
WARMUP = 300
TRACES = 100
TARGET_P50_RATIO = 1.2  # issue 12


def _requests(count: int) -> list[pb.EvaluateRequest]:
    requests = []
    for n in range(count):
        trace = f"{(n % TRACES) + 1:032x}"
        call_id = f"call_{n}"
        call = ToolCall.create(id=call_id, name="read_file", arguments={"path": f"src/module_{n}.py"})
        events: list[Event] = [
            Step.create(event_id=f"step:{call_id}", text=f"Reading module {n} next.", tool_calls=(call,)),
            ToolResult.create(
                event_id=f"result:{call_id}", call_id=call_id, content=f"def f{n}(): ...\n" * 10
            ),
        ]
        requests.append(
            pb.EvaluateRequest(trace_id=trace, agent="bench", events=wire.events_to_proto(events))
        )
    return requests


def _percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure() -> dict[str, float]:
    with collector_process() as proc, grpc.insecure_channel(proc.endpoints.grpc_target) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        guard = pb_grpc.LoopGuardStub(channel)
        check_request = health_pb2.HealthCheckRequest()
        requests = iter(_requests(CALLS + WARMUP))

        def check() -> object:
            return health.Check(check_request, timeout=5)

        def evaluate() -> object:
            return guard.Evaluate(next(requests), timeout=5)

        def timed(fn: Callable[[], object], n: int, into: list[float]) -> None:
            for _ in range(n):
                start = time.perf_counter()
                fn()
                into.append(time.perf_counter() - start)

        scratch: list[float] = []
        timed(check, WARMUP, scratch)
        timed(evaluate, WARMUP, scratch)
        checks: list[float] = []
        evaluates: list[float] = []
        for _ in range(CALLS // BLOCK):
            timed(check, BLOCK, checks)
            timed(evaluate, BLOCK, evaluates)
    return {
        "check_p50": statistics.median(checks),
        "check_p99": _percentile(checks, 0.99),
        "evaluate_p50": statistics.median(evaluates),
        "evaluate_p99": _percentile(evaluates, 0.99),
    }


def main() -> None:
    r = measure()
    p50 = r["evaluate_p50"] / r["check_p50"]
    p99 = r["evaluate_p99"] / r["check_p99"]
    print(f"{CALLS} sequential calls each, client and collector in separate processes\n")
    print("| RPC | p50 (µs) | p99 (µs) |")
    print("|---|---:|---:|")
    print(f"| gRPC health Check (baseline) | {r['check_p50'] * 1e6:.0f} | {r['check_p99'] * 1e6:.0f} |")
    evaluate = f"{r['evaluate_p50'] * 1e6:.0f} | {r['evaluate_p99'] * 1e6:.0f}"
    print(f"| LoopGuard.Evaluate (1 step + 1 result) | {evaluate} |")
    verdict = "meets" if p50 <= TARGET_P50_RATIO else "MISSES"
    print(f"| **ratio** | **{p50:.2f}x** | **{p99:.2f}x** |")
    print(f"\nEvaluate p50 / Check p50 = {p50:.2f}x: {verdict} the target of <= {TARGET_P50_RATIO}x.")


if __name__ == "__main__":
    main()
