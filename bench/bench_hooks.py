"""Coding-agent hook round trip: ``POST /v1/hooks/claude-code`` (an HTTP hook) and the command
shim (``python -m loopwatch.hooks``), against no-op baselines measured in the same run.

A ``loopwatch serve`` subprocess (in-memory store, default detectors). The CLI waits on every
hook call, so this is latency added to every tool call of the agent:

- HTTP hook: one keep-alive client posting Claude Code's ``PreToolUse`` / ``PostToolUse``
  JSON (100 sessions round-robin, each call reading another file: no loop, every detector
  runs). Baseline: ``GET /healthz`` on the same server (a no-op handler), interleaved in blocks.
- Command hook: one process per call, as the CLI starts it, privacy mode (content hashed in
  the shim). Baseline: a process that only posts to the no-op handler (``python -c`` with
  ``urllib``), so the ratio is what the shim adds over the least a Python command hook costs.

Run: ``python -m bench.bench_hooks``.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator

import httpx

from loopwatch_collector.testing import collector_process

HTTP_CALLS = 2000
BLOCK = 200
WARMUP = 200
SESSIONS = 100
COMMAND_CALLS = 30  # a process start each: about a second apiece on a loaded 2-core machine
_NO_OP_COMMAND = (
    "import sys, urllib.request; sys.stdin.read(); "
    "urllib.request.urlopen(sys.argv[1], timeout=5).read(); print('{}')"
)


def _payloads() -> Iterator[dict[str, object]]:
    sessions = [str(uuid.uuid4()) for _ in range(SESSIONS)]
    n = 0
    while True:
        session = sessions[n % SESSIONS]
        call = {
            "tool_name": "Read",
            "tool_input": {"file_path": f"src/module_{n}.py"},
            "tool_use_id": f"toolu_{n}",
        }
        common = {"session_id": session, "cwd": "/project", "transcript_path": "/t.jsonl"}
        yield {**common, **call, "hook_event_name": "PreToolUse"}
        yield {**common, **call, "hook_event_name": "PostToolUse", "tool_response": f"def f{n}(): ...\n" * 10}
        n += 1


def _percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _timed(fn: Callable[[], object], n: int, into: list[float]) -> None:
    for _ in range(n):
        start = time.perf_counter()
        fn()
        into.append(time.perf_counter() - start)


def measure() -> dict[str, list[float]]:
    with collector_process() as proc, httpx.Client(base_url=proc.endpoints.http_url, timeout=5) as client:
        payloads = _payloads()

        def no_op() -> object:
            return client.get("/healthz").raise_for_status()

        def hook() -> object:
            return client.post("/v1/hooks/claude-code", json=next(payloads)).raise_for_status()

        url = proc.endpoints.http_url
        command_payload = json.dumps(next(payloads))

        def no_op_command() -> object:
            command = [sys.executable, "-c", _NO_OP_COMMAND, f"{url}/healthz"]
            return subprocess.run(command, input="{}", capture_output=True, text=True, check=True, timeout=60)

        def shim_command() -> object:
            command = [sys.executable, "-m", "loopwatch.hooks", "claude-code", "--collector", url]
            done = subprocess.run(
                command, input=command_payload, capture_output=True, text=True, check=True, timeout=60
            )
            assert not done.stderr, done.stderr  # a shim that failed open would measure nothing
            return done

        scratch: list[float] = []
        _timed(no_op, WARMUP, scratch)
        _timed(hook, WARMUP, scratch)
        results: dict[str, list[float]] = {"no_op": [], "hook": [], "no_op_command": [], "shim": []}
        for _ in range(HTTP_CALLS // BLOCK):
            _timed(no_op, BLOCK, results["no_op"])
            _timed(hook, BLOCK, results["hook"])
        _timed(no_op_command, 2, scratch)
        _timed(shim_command, 2, scratch)
        for _ in range(COMMAND_CALLS):
            _timed(no_op_command, 1, results["no_op_command"])
            _timed(shim_command, 1, results["shim"])
    return results


def main() -> None:
    r = measure()
    rows = [
        ("GET /healthz, no-op handler (baseline)", "no_op", 1e6, "µs"),
        ("POST /v1/hooks/claude-code (HTTP hook)", "hook", 1e6, "µs"),
        ("python -c: POST to the no-op handler (baseline)", "no_op_command", 1e3, "ms"),
        ("python -m loopwatch.hooks (command hook)", "shim", 1e3, "ms"),
    ]
    print(f"HTTP: {HTTP_CALLS} sequential calls each (keep-alive); command: {COMMAND_CALLS} processes each\n")
    print("| call | p50 | p99 |")
    print("|---|---:|---:|")
    for label, key, scale, unit in rows:
        samples = r[key]
        p50, p99 = statistics.median(samples) * scale, _percentile(samples, 0.99) * scale
        print(f"| {label} | {p50:.0f} {unit} | {p99:.0f} {unit} |")
    http = statistics.median(r["hook"]) / statistics.median(r["no_op"])
    http99 = _percentile(r["hook"], 0.99) / _percentile(r["no_op"], 0.99)
    shim = statistics.median(r["shim"]) / statistics.median(r["no_op_command"])
    shim99 = _percentile(r["shim"], 0.99) / _percentile(r["no_op_command"], 0.99)
    print(f"\nHTTP hook / no-op handler: p50 {http:.2f}x, p99 {http99:.2f}x")
    print(f"command shim / no-op command: p50 {shim:.2f}x, p99 {shim99:.2f}x")


if __name__ == "__main__":
    main()
