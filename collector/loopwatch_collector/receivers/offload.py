"""The ingest worker: OTLP parsing, span decoding and mapping in a process of their own.

A 100 000-span request costs seconds of CPU to parse and map. On the event loop that serves
``Evaluate`` it stalled every verdict for that long; in a thread it would still share the GIL.
``DecodeWorker`` runs ``decode.decode_body`` in one child process (at a lower CPU priority: see
below), keeping one ``SpanMapper`` per tenant there (mappers remember per-trace context between
batches, and a tenant must not influence another's). The event loop only awaits the result,
whose trace batches come back pickled one per trace, each trace's events in small pickled
chunks that the ingestor unpickles slice by slice (``decode.PickledEvents``).

CPU priority: the worker runs at a lower priority (``ingest.worker_niceness``, a nice increment,
19 by default: the lowest), so that on a machine with more runnable work than cores the
scheduler gives the CPU to the process serving verdicts first. Decoding then uses what the
verdict path leaves, which on an idle machine is everything; on a saturated one ingest slows
down and the bounded ingest queue pushes back (UNAVAILABLE / 503 with a retry delay) rather
than verdicts slowing down. 0 keeps the collector's priority.

The collector starts the worker before it reports itself started (``start()``): a new
interpreter importing the mapping takes about a second on a slow host, longer than the SDK's
span export deadline, so a worker started by the first request made that request time out.
Fairness: requests wait in one queue per tenant, and the worker takes one request at a time
from each tenant in turn (round-robin), so a tenant with many large requests queued delays
another tenant's request by at most the one being decoded, not by its whole backlog.

A worker that dies is replaced; the request in flight fails as retryable
(``WorkerUnavailableError``), so nothing accepted is lost. A collector that dies takes its
worker with it, even when killed with SIGKILL. ``shutdown()`` is idempotent.
Event-loop only.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TypeVar

from loopwatch_collector.exceptions import CollectorError
from loopwatch_collector.mapping import SpanMapper
from loopwatch_collector.receivers.decode import DecodedRequest, Signal, decode_body
from loopwatch_collector.receivers.otlp_json import MalformedRequestError

# Nice increment of the worker: ingest is background work next to verdicts (0 = unchanged).
# 19, the lowest priority: at 10 the worker still got a ninth of a contended core next to
# the process serving verdicts (CFS weights 110 vs 1024; at 19, 15 vs 1024).
DEFAULT_WORKER_NICENESS = 19

T = TypeVar("T")

_mappers: dict[str, SpanMapper] = {}  # in the worker process only: tenant -> its mapper


class WorkerUnavailableError(CollectorError):
    """The worker process died while decoding; the request may be retried (the receivers
    translate it to ``OverloadedError``, never past their edge)."""


@dataclass(frozen=True, slots=True)
class _Malformed:
    """A ``MalformedRequestError`` across the process boundary (exceptions with custom
    constructors do not survive pickling)."""

    field: str
    message: str


def _start_worker(niceness: int) -> None:
    if niceness:
        os.nice(niceness)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the collector handles Ctrl-C and stops us
    threading.Thread(target=_exit_with_the_collector, name="loopwatch-collector-watch", daemon=True).start()


def _exit_with_the_collector() -> None:
    """End the worker when the collector's process ends, however it ends. A collector killed
    with SIGKILL (OOM killer, a runtime's stop timeout) cannot stop its worker, and the worker
    never notices on its own: it holds both ends of its task queue. The parent sentinel, a pipe
    the collector holds open, reads as closed once the collector is gone."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)


def _ready() -> None:
    """Run in the worker to start it: its process starts, and imports the mapping, on a first task."""


def _decode(body: bytes, content_type: str, tenant: str, signal: Signal) -> DecodedRequest | _Malformed:
    mapper = _mappers.get(tenant)
    if mapper is None:
        mapper = _mappers[tenant] = SpanMapper()
    try:
        return decode_body(body, content_type, mapper, signal=signal, pickled=True)
    except MalformedRequestError as exc:
        return _Malformed(exc.field, str(exc))


@dataclass(frozen=True, slots=True)
class _Turn:
    """A decode waiting for its tenant's turn: ``granted`` when the worker is its, ``finished``
    set by the caller when it is done with it (decoded, failed or cancelled)."""

    granted: asyncio.Future[None]
    finished: asyncio.Event


class DecodeWorker:
    """See the module docstring."""

    def __init__(self, *, niceness: int = DEFAULT_WORKER_NICENESS) -> None:
        self._niceness = niceness
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        # Tenants with queued decodes, in the order they get their next turn.
        self._queues: OrderedDict[str, deque[_Turn]] = OrderedDict()
        self._dispatcher: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start the worker process and wait until it runs (see the module docstring). Raises
        ``WorkerUnavailableError`` if it dies starting. Safe to call again."""
        await self._run(_ready)

    async def decode(
        self, body: bytes, content_type: str, tenant: str, *, signal: Signal = "traces"
    ) -> DecodedRequest:
        """Decode ``body`` (traces or logs) for ``tenant`` in the worker, whose mapper for the
        tenant sees both signals (so log events join their spans). Raises
        ``MalformedRequestError`` or ``WorkerUnavailableError``."""
        loop = asyncio.get_running_loop()
        turn = _Turn(loop.create_future(), asyncio.Event())
        self._queues.setdefault(tenant, deque()).append(turn)
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = loop.create_task(self._dispatch())
        try:
            await turn.granted  # cancelled meanwhile (the client went away): the turn is skipped
            result = await self._run(_decode, body, content_type, tenant, signal)
        finally:
            turn.finished.set()
        if isinstance(result, _Malformed):
            problem = result.message.removeprefix(f"{result.field}: ")
            raise MalformedRequestError(result.field, problem)
        return result

    async def _dispatch(self) -> None:
        """Grant the worker to one queued decode at a time, each tenant's next in turn, until
        none is left; the only task granting it while it runs. A tenant goes to the back of the
        line when its decode is done, so a tenant that arrived meanwhile is served next."""
        while self._queues:
            tenant, queue = next(iter(self._queues.items()))
            turn = queue.popleft()
            if not turn.granted.done():  # else cancelled while it waited: skipped
                turn.granted.set_result(None)
                await turn.finished.wait()
            del self._queues[tenant]
            if queue:  # including decodes the tenant queued during its turn
                self._queues[tenant] = queue

    async def _run(self, function: Callable[..., T], *args: object) -> T:
        if self._closed:
            raise WorkerUnavailableError("the collector is shutting down")
        pool = self._ensure_pool()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, function, *args)
        except BrokenProcessPool as exc:
            self._discard(pool)
            raise WorkerUnavailableError("the ingest worker stopped; retry") from exc

    def shutdown(self) -> None:
        """Stop the worker (waits for it); idempotent, safe before first use. May run in a
        thread: decodes still queued fail as retryable when their turn comes."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def _ensure_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: forking a process that runs gRPC's threads is unsafe.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=context, initializer=_start_worker, initargs=(self._niceness,)
            )
        return self._pool

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        if self._pool is pool:
            self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)
