"""Ingest worker start-up: time and memory of ``DecodeWorker.start()`` against a bare worker.

The collector starts its OTLP decoding worker (``receivers/offload.py``, a spawned process)
before it reports itself started, so the worker's imports are start-up time of every
collector, and its resident memory is held for the collector's life. A spawned child imports
what its parent's main script imports (multiprocessing re-runs it as ``__mp_main__``), so each
measure runs in a fresh interpreter whose main script is shaped like the ``loopwatch`` console
script:

- baseline, in the same run: a script that imports nothing of loopwatch and starts a spawned
  ``ProcessPoolExecutor`` worker running ``os.getpid`` (what any spawned worker costs);
- measured: a script that imports ``loopwatch_collector.cli`` as the console script does, then
  times ``DecodeWorker(niceness=0).start()``, the collector's own call.

Each is run ``ROUNDS`` times, alternating; medians, with the worker's RSS read from ``/proc``
once it answered. Run: ``python -m bench.bench_worker``.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROUNDS = 7
_MIB = 1024 * 1024
_TIMEOUT_S = 120.0

_RSS = """
def rss_bytes(pid):
    for line in open(f"/proc/{pid}/status", encoding="utf-8"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
"""
BASELINE = (
    """
import json, multiprocessing, os, time
from concurrent.futures import ProcessPoolExecutor
"""
    + _RSS
    + """
if __name__ == "__main__":
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        pid = pool.submit(os.getpid).result()
        print(json.dumps({"seconds": time.perf_counter() - started, "rss": rss_bytes(pid)}))
"""
)
DECODE_WORKER = (
    """
import asyncio, json, multiprocessing, time
from loopwatch_collector.cli import main  # the console script's one import
"""
    + _RSS
    + """
async def measure():
    from loopwatch_collector.receivers.offload import DecodeWorker
    worker = DecodeWorker(niceness=0)
    started = time.perf_counter()
    try:
        await worker.start()
        seconds = time.perf_counter() - started
        (child,) = multiprocessing.active_children()
        return {"seconds": seconds, "rss": rss_bytes(child.pid)}
    finally:
        worker.shutdown()

if __name__ == "__main__":
    print(json.dumps(asyncio.run(measure())))
"""
)


def main() -> None:
    results: dict[str, list[dict[str, float]]] = {"baseline": [], "worker": []}
    with tempfile.TemporaryDirectory() as folder:
        scripts = {"baseline": Path(folder, "bare.py"), "worker": Path(folder, "loopwatch_like.py")}
        scripts["baseline"].write_text(BASELINE, encoding="utf-8")
        scripts["worker"].write_text(DECODE_WORKER, encoding="utf-8")
        for _ in range(ROUNDS):
            for name, script in scripts.items():
                command = [sys.executable, str(script)]
                done = subprocess.run(command, capture_output=True, text=True, timeout=_TIMEOUT_S, check=True)
                results[name].append(json.loads(done.stdout.strip().splitlines()[-1]))
    rows = {
        name: (statistics.median(r["seconds"] for r in runs), statistics.median(r["rss"] for r in runs))
        for name, runs in results.items()
    }
    print(f"| worker ({ROUNDS} starts each, median) | start, s | RSS, MB |")
    print("|---|---:|---:|")
    for label, name in (("bare spawned worker (baseline)", "baseline"), ("DecodeWorker.start()", "worker")):
        print(f"| {label} | {rows[name][0]:.3f} | {rows[name][1] / _MIB:.1f} |")
    print(
        f"\nDecodeWorker / baseline: start {rows['worker'][0] / rows['baseline'][0]:.2f}x, "
        f"RSS {rows['worker'][1] / rows['baseline'][1]:.2f}x (same run)"
    )


if __name__ == "__main__":
    main()
