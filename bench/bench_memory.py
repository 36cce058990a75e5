"""Memory per idle session at 100 000 sessions, live and compacted, against the 2 KB target.

Each session is a short agent run fed through the real pipeline (default detectors): four
steps, each a ``read_file`` call with its own arguments, a sentence of assistant text and a
20-line result, with distinct ids and strings per session (nothing shared across sessions
that would not be shared in production). Measured in a fresh subprocess per mode, as the
growth of resident memory (RSS, which includes allocator overhead) over the same process
with the pipeline built and no sessions, divided by the session count:

- ``live``: sessions as the engine keeps them between steps;
- ``compacted``: after the store's idle compaction (``sessions.compact_idle_after_s``), with the
  compaction codec the store uses (``store/codec_compact.py``);

and, beside each, the bytes the store charges its byte budget for them (``held_bytes``,
``store/budget.py``), to show how close that estimate is to what the process really grew.

Target: <= 2048 bytes per compacted idle session. Run: ``python -m bench memory`` (about 3
minutes on 2 cores, mostly building the events) (``--sessions N`` to change the count).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import subprocess
import sys
import time

from prometheus_client import CollectorRegistry

from loopwatch.events import Event, Step, ToolCall, ToolResult, TraceContext
from loopwatch_collector.config import SessionsConfig, config_from_mapping
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.store.codec_compact import CompactRecordCodec
from loopwatch_collector.store.memory import InMemorySessionStore

SESSIONS = 100_000
STEPS = 4
TARGET_BYTES = 2048


class _Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _events(n: int) -> list[Event]:
    events: list[Event] = []
    for i in range(STEPS):
        call_id = f"call_{n}_{i}"
        call = ToolCall.create(id=call_id, name="read_file", arguments={"path": f"src/pkg_{n}/module_{i}.py"})
        text = f"I will read module {i} of package {n} to find where the bug is."
        events.append(Step.create(event_id=f"step:{call_id}", text=text, tool_calls=(call,)))
        content = "".join(f"line {j} of module {i} in package {n}\n" for j in range(20))
        events.append(ToolResult.create(event_id=f"result:{call_id}", call_id=call_id, content=content))
    return events


def _rss_bytes() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


async def _measure(mode: str, sessions: int, timeline_steps: int, step_log_events: int) -> dict[str, float]:
    clock = _Clock()
    limits = {
        "max_sessions": sessions + 1,
        "idle_ttl_s": 1e9,
        "timeline_steps": timeline_steps,
        "step_log_max_events": step_log_events,
    }
    config = config_from_mapping({"sessions": limits})
    store = InMemorySessionStore(
        idle_ttl_s=1e9,
        max_sessions=sessions + 1,
        clock=clock,
        codec=CompactRecordCodec(),
        compact_after_s=1.0,
    )
    pipeline = Pipeline(config, store, Metrics(CollectorRegistry()), clock=clock)
    await pipeline.ingest(
        TraceContext(trace_id=f"{10**9:032x}"), _events(-1), source="evaluate"
    )  # warm caches
    gc.collect()
    before = _rss_bytes()
    started = time.perf_counter()
    for n in range(sessions):
        await pipeline.ingest(
            TraceContext(trace_id=f"{n + 1:032x}", agent="bench"), _events(n), source="otlp"
        )
        if mode == "compacted" and n % 1000 == 999:
            clock.now += 2.0
            store.compact(limit=None)
    if mode == "compacted":
        clock.now += 2.0
        store.compact(limit=None)
    elapsed = time.perf_counter() - started
    gc.collect()
    grown = _rss_bytes() - before
    return {
        "bytes_per_session": grown / sessions,
        "held_per_session": store.held_bytes / sessions,
        "seconds": elapsed,
        "compacted": store.compacted,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=SESSIONS)
    parser.add_argument("--mode", choices=("live", "compacted"))
    # The session page's timeline (``sessions.timeline_steps``): 0 measures sessions without it.
    parser.add_argument("--timeline-steps", type=int, default=SessionsConfig().timeline_steps)
    # The step log's export part (``sessions.step_log_max_events``): 0, the default, is off.
    parser.add_argument("--step-log-events", type=int, default=SessionsConfig().step_log_max_events)
    args, _ = parser.parse_known_args(sys.argv[1:])
    if args.mode:
        measured = _measure(args.mode, args.sessions, args.timeline_steps, args.step_log_events)
        print(json.dumps(asyncio.run(measured)))
        return
    rows = []
    for mode in ("live", "compacted"):
        command = [
            "--mode",
            mode,
            "--sessions",
            str(args.sessions),
            "--timeline-steps",
            str(args.timeline_steps),
            "--step-log-events",
            str(args.step_log_events),
        ]
        out = subprocess.run(
            [sys.executable, "-m", "bench.bench_memory", *command],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        rows.append((mode, json.loads(out.strip().splitlines()[-1])))
    print(
        f"{args.sessions} idle sessions of {STEPS} steps each, timeline of {args.timeline_steps} steps, "
        f"step log export of {args.step_log_events} events (RSS growth / sessions)\n"
    )
    print("| store | bytes per idle session | ratio to the 2 KB target | charged to the budget | build (s) |")
    print("|---|---:|---:|---:|---:|")
    for mode, r in rows:
        per = r["bytes_per_session"]
        held = r["held_per_session"]
        print(
            f"| in-memory, {mode} | {per:.0f} | {per / TARGET_BYTES:.2f}x | {held:.0f} | {r['seconds']:.0f} |"
        )


if __name__ == "__main__":
    main()
