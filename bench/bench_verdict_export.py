"""``Evaluate`` latency with the OTLP verdict exporter on and a hung backend, against it off.

Two ``loopwatch serve`` subprocesses run side by side: one without ``exporters.otlp`` (the
baseline) and one exporting verdict spans over OTLP/gRPC to a backend that accepts connections
and never answers (a loopback socket: every export waits for its deadline, the queue fills and
verdict spans are dropped). Workload: looping agents, one Evaluate per step, a new trace every
``STEPS_PER_TRACE`` steps, so about half the calls issue a verdict (nudge, withdraw, halt) and
feed the exporter. Calls alternate between the two collectors in blocks, so drift hits both
alike. Target: p50 with the exporter <= 1.05x the p50 without. Also reports the verdict spans
the exporting collector dropped (``loopwatch_verdict_spans_total``). Run:
``python -m bench.bench_verdict_export``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

import grpc
import httpx
from prometheus_client.parser import text_string_to_metric_families

from loopwatch import wire
from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.testing import collector_process
from tests.collector.exporters.otlp_backends import silent_backend

CALLS = 3000
BLOCK = 250
WARMUP = 300
# nudge at step 3, tools withdrawn at 5, halt at 6 (default policy): 3 verdicts per 6 calls.
STEPS_PER_TRACE = 6
TARGET_P50_RATIO = 1.05  # issue 22
# A hung backend holds each export for its whole timeout; 1 s and a small queue make the queue
# fill within the run, so the drop path is measured too.
EXPORT_TIMEOUT_S = 1.0
QUEUE_SIZE = 256
BATCH_SIZE = 64


def _requests(prefix: int) -> Iterator[pb.EvaluateRequest]:
    """An endless stream of looping agents' steps; ``prefix`` keeps trace ids per collector."""
    n = 0
    while True:
        trace = f"{prefix:08x}{n // STEPS_PER_TRACE + 1:024x}"
        call_id = f"call_{n}"
        call = ToolCall.create(id=call_id, name="search", arguments={"q": "weather in atlantis"})
        events: list[Event] = [
            Step.create(event_id=f"step:{call_id}", text="Searching again.", tool_calls=(call,)),
            ToolResult.create(event_id=f"result:{call_id}", call_id=call_id, content="not found"),
        ]
        yield pb.EvaluateRequest(trace_id=trace, agent="bench", events=wire.events_to_proto(events))
        n += 1


def _timed(stub: pb_grpc.LoopGuardStub, requests: Iterator[pb.EvaluateRequest], n: int) -> list[float]:
    samples = []
    for _ in range(n):
        request = next(requests)
        start = time.perf_counter()
        stub.Evaluate(request, timeout=5)
        samples.append(time.perf_counter() - start)
    return samples


def _verdict_spans(metrics_url: str) -> dict[str, float]:
    text = httpx.get(metrics_url, timeout=5).text
    counts: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        if family.name == "loopwatch_verdict_spans":
            for sample in family.samples:
                if sample.name.endswith("_total"):
                    counts[sample.labels["result"]] = sample.value
    return counts


def measure() -> dict[str, float]:
    with silent_backend() as hung:
        exporting = {
            "exporters": {
                "otlp": {
                    "enabled": True,
                    "endpoint": hung,
                    "insecure": True,
                    "timeout_s": EXPORT_TIMEOUT_S,
                    "max_queue_size": QUEUE_SIZE,
                    "max_batch_size": BATCH_SIZE,
                }
            }
        }
        with (
            collector_process() as plain,
            collector_process(exporting) as export,
            grpc.insecure_channel(plain.endpoints.grpc_target) as plain_channel,
            grpc.insecure_channel(export.endpoints.grpc_target) as export_channel,
        ):
            off, on = pb_grpc.LoopGuardStub(plain_channel), pb_grpc.LoopGuardStub(export_channel)
            off_requests, on_requests = _requests(1), _requests(2)
            _timed(off, off_requests, WARMUP)
            _timed(on, on_requests, WARMUP)
            baseline: list[float] = []
            exported: list[float] = []
            for _ in range(CALLS // BLOCK):
                baseline += _timed(off, off_requests, BLOCK)
                exported += _timed(on, on_requests, BLOCK)
            spans = _verdict_spans(f"{export.endpoints.http_url}/metrics")
    return {
        "off_p50": statistics.median(baseline),
        "on_p50": statistics.median(exported),
        "dropped": spans.get("dropped", 0.0),
        "failed": spans.get("failed", 0.0),
        "exported": spans.get("exported", 0.0),
    }


def main() -> None:
    r = measure()
    ratio = r["on_p50"] / r["off_p50"]
    print(f"{CALLS} sequential Evaluate calls per collector, looping agents (~1 verdict per 2 calls)\n")
    print("| collector | Evaluate p50 (µs) |")
    print("|---|---:|")
    print(f"| exporter off (baseline) | {r['off_p50'] * 1e6:.0f} |")
    print(f"| exporter on, backend never answers | {r['on_p50'] * 1e6:.0f} |")
    print(f"| **ratio** | **{ratio:.3f}x** |")
    print(
        f"\nverdict spans of the exporting collector: {r['dropped']:.0f} dropped (queue full), "
        f"{r['failed']:.0f} failed (deadline), {r['exported']:.0f} exported"
    )
    verdict = "meets" if ratio <= TARGET_P50_RATIO else "MISSES"
    print(f"p50 on / p50 off = {ratio:.3f}x: {verdict} the target of <= {TARGET_P50_RATIO}x.")


if __name__ == "__main__":
    main()
