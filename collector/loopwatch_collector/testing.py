"""Test helpers that other projects need too: a real collector on free ports, always stopped.

- ``running_collector(config=...)``: in-process, on a background thread with its own event
  loop, listening on 127.0.0.1 with free ports. Use it from plain (sync) tests with real
  clients (``grpc.insecure_channel(c.endpoints.grpc_target)``, ``httpx``, OTel exporters).
- ``running_collector_async(config=...)``: the same on the caller's running event loop.
- ``collector_process(config=...)``: a ``loopwatch serve`` subprocess started with
  ``--ready-file``; stopped with SIGTERM (then SIGKILL) on exit.
- ``RecordingSink(inner)``: a ``TraceSink`` (what the OTLP ingestor feeds) that records, per
  trace, the events and context your instrumentation's spans mapped to and the verdicts the
  pipeline returned, so a test can assert on them.

``config`` is a ``CollectorConfig``, or a mapping in the YAML structure (``config.py``). The
listen section is overridden to ``127.0.0.1`` and port 0 unless the mapping sets ports.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

import yaml

from loopwatch.events import Event, TraceContext
from loopwatch.verdict import Verdict
from loopwatch_collector.collector import Collector, Endpoints
from loopwatch_collector.config import CollectorConfig, config_from_mapping
from loopwatch_collector.receivers import TraceSink

__all__ = [
    "CollectorProcess",
    "Endpoints",
    "RecordingSink",
    "RunningCollector",
    "collector_process",
    "running_collector",
    "running_collector_async",
]

T = TypeVar("T")
_LOCALHOST = "127.0.0.1"
# Generous: a cold interpreter importing grpc, fastapi and the OTel protos takes 1-3 s on CI.
_PROCESS_START_TIMEOUT_S = 30.0
_PROCESS_STOP_TIMEOUT_S = 15.0


def _test_config(config: CollectorConfig | Mapping[str, Any] | None) -> CollectorConfig:
    if isinstance(config, CollectorConfig):
        return config
    raw: dict[str, Any] = dict(config or {})
    listen = {
        "host": _LOCALHOST,
        "grpc_port": 0,
        "http_port": 0,
        "otlp_http_port": 0,
        "shutdown_grace_s": 1.0,
    }
    raw["listen"] = {**listen, **dict(raw.get("listen") or {})}
    return config_from_mapping(raw)


@dataclass
class RecordingSink:
    """A ``TraceSink`` that delegates to ``inner`` (the pipeline) and records, per trace id,
    the events and context it was given and the verdicts it returned. Event-loop only.

    ``gate``: when set up, ``ingest`` waits for it first (to hold exports in flight, e.g. to
    test back-pressure).
    """

    inner: TraceSink
    verdicts: dict[str, list[Verdict]] = field(default_factory=dict)
    events: dict[str, list[Event]] = field(default_factory=dict)
    contexts: dict[str, TraceContext] = field(default_factory=dict)
    gate: asyncio.Event | None = None

    async def ingest(
        self, context: TraceContext, events: Sequence[Event], *, source: Literal["otlp"]
    ) -> Verdict:
        if self.gate is not None:
            await self.gate.wait()
        verdict = await self.inner.ingest(context, events, source=source)
        self.verdicts.setdefault(context.trace_id, []).append(verdict)
        self.events.setdefault(context.trace_id, []).extend(events)
        self.contexts[context.trace_id] = context
        return verdict


@dataclass(slots=True)
class RunningCollector:
    """An in-process collector started by ``running_collector``."""

    collector: Collector
    endpoints: Endpoints
    loop: asyncio.AbstractEventLoop | None = None

    def call(self, coroutine: Awaitable[T], timeout_s: float = 10.0) -> T:
        """Run ``coroutine`` on the collector's loop (e.g. ``pipeline.get_session``) from a
        sync test; only for collectors from ``running_collector``."""
        if self.loop is None:
            raise RuntimeError("call() is for running_collector(); await directly in async tests")

        async def wrapped() -> T:
            return await coroutine

        return asyncio.run_coroutine_threadsafe(wrapped(), self.loop).result(timeout_s)


@contextlib.asynccontextmanager
async def running_collector_async(
    config: CollectorConfig | Mapping[str, Any] | None = None,
) -> AsyncIterator[RunningCollector]:
    """A collector on the current event loop, on free 127.0.0.1 ports; stopped on exit."""
    collector = Collector(_test_config(config))
    try:
        endpoints = await collector.start()
        yield RunningCollector(collector=collector, endpoints=endpoints)
    finally:
        await collector.shutdown()


@contextlib.contextmanager
def running_collector(
    config: CollectorConfig | Mapping[str, Any] | None = None,
) -> Iterator[RunningCollector]:
    """A collector on a background thread's event loop; stopped (and the thread joined) on exit."""
    loop = asyncio.new_event_loop()
    started: Future[RunningCollector] = Future()
    stop = threading.Event()

    async def main() -> None:
        try:
            async with running_collector_async(config) as running:
                running.loop = loop
                started.set_result(running)
                while not stop.is_set():
                    await asyncio.sleep(0.01)
        except BaseException as exc:
            if not started.done():
                started.set_exception(exc)
            else:
                raise

    def serve() -> None:
        try:
            loop.run_until_complete(main())
        finally:
            # Shutdown hands blocking work to the default executor: join its threads too.
            loop.run_until_complete(loop.shutdown_default_executor())

    thread = threading.Thread(target=serve, name="loopwatch-collector")
    thread.start()
    try:
        yield started.result(timeout=_PROCESS_START_TIMEOUT_S)
    finally:
        stop.set()
        thread.join(timeout=_PROCESS_STOP_TIMEOUT_S)
        if not thread.is_alive():
            loop.close()


@dataclass(slots=True)
class CollectorProcess:
    """A ``loopwatch serve`` subprocess started by ``collector_process``."""

    process: subprocess.Popen[bytes]
    endpoints: Endpoints
    log_path: Path

    def terminate(self, timeout_s: float = _PROCESS_STOP_TIMEOUT_S) -> int:
        """SIGTERM, wait, SIGKILL if needed; returns the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout_s)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")


@contextlib.contextmanager
def collector_process(
    config: CollectorConfig | Mapping[str, Any] | None = None,
    *,
    env: Mapping[str, str] | None = None,
    extra_args: tuple[str, ...] = (),
) -> Iterator[CollectorProcess]:
    """A collector subprocess on free 127.0.0.1 ports; SIGTERM on exit.

    ``env`` is added to the current environment (``LOOPWATCH_*`` variables, for instance).
    Raises ``RuntimeError`` with the process log if it does not become ready.
    """
    with tempfile.TemporaryDirectory(prefix="loopwatch-") as tmp:
        directory = Path(tmp)
        resolved = _test_config(config)
        config_path = directory / "collector.yaml"
        config_path.write_text(yaml.safe_dump(resolved.model_dump(mode="json")), encoding="utf-8")
        ready_path = directory / "ready.json"
        log_path = directory / "collector.log"
        command = [
            sys.executable,
            "-m",
            "loopwatch_collector.cli",
            "serve",
            "--config",
            str(config_path),
            "--ready-file",
            str(ready_path),
            *extra_args,
        ]
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})}
            )
        running = CollectorProcess(
            process=process, endpoints=_wait_ready(process, ready_path, log_path), log_path=log_path
        )
        try:
            yield running
        finally:
            running.terminate()


def _wait_ready(process: subprocess.Popen[bytes], ready_path: Path, log_path: Path) -> Endpoints:
    deadline = time.monotonic() + _PROCESS_START_TIMEOUT_S
    while time.monotonic() < deadline:
        if ready_path.exists():
            with contextlib.suppress(ValueError):
                data = json.loads(ready_path.read_text(encoding="utf-8"))
                return Endpoints(
                    host=str(data["host"]),
                    grpc_port=int(data["grpc_port"]),
                    http_port=int(data["http_port"]),
                    otlp_http_port=int(data["otlp_http_port"]),
                    tls=bool(data.get("tls", False)),
                )
        if process.poll() is not None:
            break
        time.sleep(0.05)
    if process.poll() is None:
        process.kill()
        process.wait()
    raise RuntimeError(f"loopwatch serve did not become ready; log:\n{log_path.read_text(errors='replace')}")
