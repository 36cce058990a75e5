"""The ingest worker process: decodes off the event loop, per tenant, and a worker that dies
turns into a retryable refusal, then a fresh worker."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from loopwatch_collector.config import config_from_mapping
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.receivers.decode import PROTOBUF, batch_of
from loopwatch_collector.receivers.offload import (
    DEFAULT_WORKER_NICENESS,
    DecodeWorker,
    WorkerUnavailableError,
)
from loopwatch_collector.receivers.otlp_json import MalformedRequestError
from tests.collector.security.security_helpers import otlp_request, tool_span


def test_decodes_in_another_process_and_survives_a_killed_worker() -> None:
    body = otlp_request(tool_span(os.urandom(16), "c1"), tool_span(os.urandom(16), "c2")).SerializeToString()
    worker = DecodeWorker(niceness=0)

    async def scenario() -> None:
        decoded = await worker.decode(body, PROTOBUF, "alpha")
        assert [len(batch_of(t).span_keys) for t in decoded.traces] == [1, 1]
        with pytest.raises(MalformedRequestError, match="body"):
            await worker.decode(b"\xff\xff not protobuf", PROTOBUF, "alpha")
        pool = worker._pool  # the test reaches in to kill the child, as the OOM killer would
        assert pool is not None
        for pid in list(pool._processes):
            assert pid != os.getpid()
            os.kill(pid, signal.SIGKILL)
        with pytest.raises(WorkerUnavailableError):
            await worker.decode(body, PROTOBUF, "alpha")
        again = await worker.decode(body, PROTOBUF, "alpha")  # a fresh worker
        assert len(again.traces) == 2

    try:
        asyncio.run(scenario())
    finally:
        worker.shutdown()
    with pytest.raises(WorkerUnavailableError, match="shutting down"):
        asyncio.run(worker.decode(body, PROTOBUF, "alpha"))


def test_the_worker_runs_at_the_configured_lower_priority() -> None:
    body = otlp_request(tool_span(os.urandom(16), "c1")).SerializeToString()
    worker = DecodeWorker(niceness=7)
    try:
        asyncio.run(worker.decode(body, PROTOBUF, "alpha"))
        pool = worker._pool  # the test reaches in to read the child's priority
        assert pool is not None
        (pid,) = pool._processes
        parent = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, parent + 7)
    finally:
        worker.shutdown()


def test_worker_niceness_is_configured_and_validated() -> None:
    assert config_from_mapping({}).ingest.worker_niceness == DEFAULT_WORKER_NICENESS == 19
    assert config_from_mapping({"ingest": {"worker_niceness": 0}}).ingest.worker_niceness == 0
    with pytest.raises(ConfigError, match=r"ingest\.worker_niceness"):
        config_from_mapping({"ingest": {"worker_niceness": 20}})


def test_start_returns_once_the_worker_runs() -> None:
    """The collector starts the worker before serving: the first export must not wait for a
    new interpreter (about a second on a slow host, over the SDK's span export deadline)."""
    body = otlp_request(tool_span(os.urandom(16), "c1")).SerializeToString()
    worker = DecodeWorker(niceness=0)

    async def scenario() -> None:
        await worker.start()
        pool = worker._pool  # the test reaches in to see the process before any request
        assert pool is not None
        assert len(pool._processes) == 1
        decoded = await worker.decode(body, PROTOBUF, "alpha")
        assert len(decoded.traces) == 1
        assert worker._pool is pool  # the same worker served it

    try:
        asyncio.run(scenario())
    finally:
        worker.shutdown()
    with pytest.raises(WorkerUnavailableError, match="shutting down"):
        asyncio.run(worker.start())


_COLLECTOR_WITH_A_WORKER = """
import asyncio, sys
from loopwatch_collector.receivers.offload import DecodeWorker
worker = DecodeWorker(niceness=0)
asyncio.run(worker.start())
print(*worker._pool._processes, flush=True)
sys.stdin.read()
"""


def _running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie (an exited orphan its new parent has not
    reaped yet has ended all the same)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_the_worker_exits_when_the_collector_is_killed() -> None:
    """SIGKILL gives the collector no chance to stop its worker (OOM killer, kill -9, a
    container runtime's timeout); the worker must not outlive it."""
    command = [sys.executable, "-c", _COLLECTOR_WITH_A_WORKER]
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as collector:
        try:
            assert collector.stdout is not None
            (worker_pid,) = map(int, collector.stdout.readline().split())
            assert _running(worker_pid)
        finally:
            collector.kill()
    deadline = time.monotonic() + 10
    while _running(worker_pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    if _running(worker_pid):
        os.kill(worker_pid, signal.SIGKILL)
        pytest.fail("the worker outlived its collector")
