"""``loopwatch demo``: see loopwatch catch a loop, in one command, with no API key.

Starts a collector in this process on free loopback ports (in-memory store, no keys: it
listens on 127.0.0.1 only), runs a looping agent and a healthy one through the SDK against it
(``cli/demo_agents.py``), prints the verdicts each got, then keeps the collector up with the
session page's address until Ctrl-C (SIGINT) or SIGTERM, and stops within the collector's
short shutdown grace (cut short after ``STOP_DEADLINE_S`` on a busy machine). ``--no-wait``
stops right after the verdicts (for scripts). Exit status 0, or 1 when an agent did not
behave as scripted (the looping one not stopped, the healthy one interrupted).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from types import FrameType
from typing import Any, TextIO

from loopwatch_collector.cli.demo_agents import AgentOutcome, run_healthy_agent, run_looping_agent
from loopwatch_collector.cli.exit_status import EXIT_FAILED, EXIT_OK
from loopwatch_collector.testing import running_collector

# Loopback and free ports: nothing else on the machine is disturbed and no key is needed.
# In-flight calls get half a second on Ctrl-C, and the OTLP decoding worker runs at the
# collector's own priority (a worker at nice 19 on a busy machine took ~2 s to exit), so the
# demo stops within two seconds.
# Ctrl-C ends the demo within two seconds, also on a machine whose cores are busy with other
# work (a graceful stop took 1-2.5 s there): a graceful stop still running after this is cut.
STOP_DEADLINE_S = 0.5
# How often the wait for Ctrl-C wakes up to see whether the handler ran.
_SIGNAL_POLL_S = 0.1
DEMO_CONFIG: dict[str, Any] = {
    "listen": {
        "host": "127.0.0.1",
        "grpc_port": 0,
        "http_port": 0,
        "otlp_http_port": 0,
        "shutdown_grace_s": 0.5,
    },
    "ingest": {"worker_niceness": 0},
    "log_level": "ERROR",
}


def add_demo_parser(sub: Any) -> None:
    """Register the ``demo`` subcommand on an ``argparse`` subparsers object."""
    dp = sub.add_parser("demo", help="run a looping agent and a healthy one against a collector (no API key)")
    dp.add_argument(
        "--no-wait",
        action="store_true",
        help="stop after printing the verdicts instead of serving /ui until Ctrl-C",
    )


def run_demo(args: argparse.Namespace, *, out: TextIO | None = None) -> int:
    """Run ``loopwatch demo``; returns the exit status. Main thread only (installs signal
    handlers while it waits)."""
    out = out or sys.stdout
    with running_collector(DEMO_CONFIG) as collector:
        endpoints = collector.endpoints
        print(
            f"loopwatch demo: a collector on {endpoints.grpc_target} (gRPC) and {endpoints.http_url}",
            file=out,
        )
        looping = run_looping_agent(endpoints.grpc_target)
        _report(out, "a looping agent (its model calls `search` with the same query)", looping)
        healthy = run_healthy_agent(endpoints.grpc_target)
        _report(out, "a healthy agent (it polls a CI job whose status changes)", healthy)
        ok = bool(looping.interventions) and not healthy.interventions
        print(f"\nThe session page: {endpoints.http_url}/ui", file=out)
        print(f"  the looping run: {endpoints.http_url}/ui?trace_id={looping.trace_id}", file=out)
        if not args.no_wait:
            print("Ctrl-C to stop.", file=out, flush=True)
            _wait_for_a_signal()
            _exit_by(STOP_DEADLINE_S, EXIT_OK if ok else EXIT_FAILED)
    return EXIT_OK if ok else EXIT_FAILED


def _report(out: TextIO, title: str, outcome: AgentOutcome) -> None:
    print(f"\n{title}: agent {outcome.agent!r}, trace {outcome.trace_id}", file=out)
    for verdict in outcome.interventions:
        message = _first_sentence(verdict.message or "")
        print(
            f"  step {verdict.step}: {verdict.action.value.upper()} ({verdict.detector}) {message}", file=out
        )
    if not outcome.interventions:
        print(f"  {outcome.steps} steps, every verdict CONTINUE", file=out)
    ending = "halted" if outcome.halted else f"answered after {outcome.steps} steps"
    print(f"  {ending}: {outcome.answer}", file=out, flush=True)


def _exit_by(deadline_s: float, status: int) -> None:
    """End the process ``deadline_s`` from now if the graceful stop has not: the demo keeps
    nothing, and on a busy machine the collector's stop (its worker process included) can
    take seconds. Its worker follows it out (it watches its parent)."""
    timer = threading.Timer(deadline_s, os._exit, args=(status,))
    timer.daemon = True
    timer.start()


def _first_sentence(message: str) -> str:
    """The guard's message up to its first full stop (it names the call and the count)."""
    end = message.find(". ")
    return message if end < 0 else message[: end + 1]


def _wait_for_a_signal() -> None:
    """Block until SIGINT or SIGTERM; the previous handlers are restored afterwards."""
    received = threading.Event()

    def handler(signum: int, frame: FrameType | None) -> None:
        received.set()

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        while not received.wait(timeout=_SIGNAL_POLL_S):  # a bounded wait lets the handler run promptly
            pass
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
