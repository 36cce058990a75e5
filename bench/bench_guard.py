"""Per-step overhead of the SDK guard, local and remote, against the same loop without it.

One agent loop, four ways, in one run: without loopwatch (baseline), with spans only
(instrumentation, batch processor, discarding exporter), with the local guard (engine
in-process) and with the remote guard (``LoopGuard.Evaluate`` on a ``loopwatch serve``
subprocess over localhost, deadline 50 ms). A step is what an agent does between two model
calls: record the model's response, check and run its tool call, ask ``after_batch``. The
scripted agent reads a different file each step (no loop), so every detector runs and no
verdict interrupts. Reported: per-step p50 / p99 / mean in microseconds and the added cost
per step over the baseline. Run: ``python -m bench.bench_guard``.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Sequence

from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter, SpanExportResult

from loopwatch import Guard, Loopwatch
from loopwatch._remote import RemoteVerdictService
from loopwatch_collector.testing import collector_process

RUNS = 60
STEPS = 20
WARMUP_RUNS = 5
REMOTE_TIMEOUT_S = 0.05
# A fast model call with tools takes about a second; the overhead is shown as a share of it.
MODEL_CALL_US = 1_000_000


class _DiscardingExporter(SpanExporter):
    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        return SpanExportResult.SUCCESS


_THOUGHTS = (
    "The entry point imports a loader, so the parsing probably lives there.",
    "That file only wires handlers; the settings object comes from somewhere else.",
    "Environment overrides are applied after defaults, which narrows it down.",
    "A YAML reader appears in the utilities package; checking how it is called.",
    "Validation errors mention a schema module, worth opening next.",
)


def _model_reply(step: int) -> dict[str, object]:
    path = f"src/pkg/module_{step}.py"
    return {
        "text": f"{_THOUGHTS[step % len(_THOUGHTS)]} Step {step}: {path}.",
        "call": {"id": f"call_{step}", "name": "read_file", "arguments": json.dumps({"path": path})},
    }


def _tool(arguments: str) -> str:
    path = json.loads(arguments)["path"]
    stem = path.rsplit("/", 1)[-1].removesuffix(".py")
    return f"# {path}\n" + "".join(
        f"def {stem}_handler_{i}(event):\n    return parse_{i}(event)\n" for i in range(10)
    )


def _baseline_run(timings: list[float]) -> None:
    messages: list[dict[str, object]] = [{"role": "user", "content": "Where is the config parsed?"}]
    for step in range(STEPS):
        started = time.perf_counter_ns()
        reply = _model_reply(step)
        call = reply["call"]
        assert isinstance(call, dict)
        messages.append({"role": "assistant", "content": reply["text"], "tool_calls": [call]})
        messages.append({"role": "tool", "tool_call_id": call["id"], "content": _tool(call["arguments"])})
        timings.append((time.perf_counter_ns() - started) / 1000)


def _loopwatch_run(lw: Loopwatch, timings: list[float]) -> None:
    messages: list[dict[str, object]] = [{"role": "user", "content": "Where is the config parsed?"}]
    with lw.run() as run:
        for step in range(STEPS):
            started = time.perf_counter_ns()
            reply = _model_reply(step)
            call = reply["call"]
            assert isinstance(call, dict)
            recorded = run.record_step("bench-model", text=str(reply["text"]), tool_calls=[call])
            messages.append({"role": "assistant", "content": reply["text"], "tool_calls": [call]})
            with run.tool(recorded.tool_calls[0]) as execution:
                output = _tool(call["arguments"])
                execution.set_result(output)
            messages.append({"role": "tool", "tool_call_id": call["id"], "content": output})
            run.after_batch()
            timings.append((time.perf_counter_ns() - started) / 1000)


def _measure(run_once: Callable[[list[float]], None]) -> list[float]:
    for _ in range(WARMUP_RUNS):
        run_once([])
    timings: list[float] = []
    for _ in range(RUNS):
        run_once(timings)
    return timings


def _provider() -> TracerProvider:
    provider = TracerProvider()
    provider.add_span_processor(BatchSpanProcessor(_DiscardingExporter()))
    return provider


def _row(name: str, timings: list[float], baseline_p50: float) -> str:
    ordered = sorted(timings)
    p50 = statistics.median(ordered)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    mean = statistics.fmean(ordered)
    if name == "baseline (no loopwatch)":
        return f"| {name} | {p50:,.0f} | {p99:,.0f} | {mean:,.0f} | - | - |"
    added = p50 - baseline_p50
    share = added / MODEL_CALL_US * 100
    return f"| {name} | {p50:,.0f} | {p99:,.0f} | {mean:,.0f} | +{added:,.0f} | {share:.2f}% |"


def main() -> None:
    results: list[tuple[str, list[float]]] = [("baseline (no loopwatch)", _measure(_baseline_run))]

    provider = _provider()
    spans_only = Loopwatch(agent="bench", tracer_provider=provider)
    results.append(("spans only", _measure(lambda t: _loopwatch_run(spans_only, t))))

    local = Loopwatch(agent="bench", tracer_provider=provider, guard=Guard.local())
    results.append(("spans + local guard", _measure(lambda t: _loopwatch_run(local, t))))

    failures = interventions = 0
    with collector_process() as collector:
        guard = Guard.remote(collector.endpoints.grpc_target, timeout_s=REMOTE_TIMEOUT_S)
        assert isinstance(guard.service, RemoteVerdictService)
        guard.service.wait_ready(10.0)
        remote = Loopwatch(agent="bench", tracer_provider=provider, guard=guard)
        results.append(("spans + remote guard (1 RPC/step)", _measure(lambda t: _loopwatch_run(remote, t))))
        failures = guard.stats.failed
        interventions = sum(n for action, n in guard.stats.verdicts.items() if action != "continue")
        guard.close()
    provider.shutdown()

    baseline_p50 = statistics.median(results[0][1])
    print(
        f"{RUNS} runs x {STEPS} steps per mode (after {WARMUP_RUNS} warm-up runs); microseconds per step.\n"
    )
    print("| mode | p50 | p99 | mean | added per step (p50) | of a 1 s model call |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, timings in results:
        print(_row(name, timings, baseline_p50))
    print(
        f"\nremote guard: {failures} failed calls (failed open), {interventions} interventions (expected 0)"
    )


if __name__ == "__main__":
    main()
