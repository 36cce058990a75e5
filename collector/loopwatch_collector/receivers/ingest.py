"""The receivers' shared core: an OTLP trace or logs request in, events handed to the pipeline.

``OtlpIngestor.export_body`` (the receivers) has the request parsed, its span ids validated and
its spans mapped to per-trace events by ``decode.py`` — in the ingest worker process when one is
given (``offload.py``), so that this CPU work never runs on the event loop serving verdicts —
then drops traces whose spans were all seen before (by tenant + trace id + span id, bounded
memory) and hands each trace's events to ``pipeline.ingest`` in slices sized to a CPU-time
budget (``slicing.py``), yielding to verdict calls between slices (``priority.py``), and
records the trace ids folded into another session as its aliases (``aliases``, the pipeline:
the read paths find the session by any of them); it reports how many spans were rejected
(OTLP partial success). A logs request
(``signal="logs"``) goes the same way: the GenAI log events of each model call become one view
of its span, mapped by the same per-tenant mapper as the spans, so logs and spans join
whichever comes first; its counts are log records, and re-sent records are
counted once by event id. ``export`` / ``export_logs`` do the same for an already parsed
request, decoding on the loop. It holds no detection logic: receivers only translate.

Overload (the bounded ingest queue): at most ``max_in_flight`` requests, holding at most
``max_in_flight_bytes`` of bodies, are queued or processed at once; one more raises
``OverloadedError`` at once (the transports answer gRPC UNAVAILABLE with RetryInfo, HTTP 503
with Retry-After) rather than queueing without bound, and so does a tenant over its ingest
rate: its byte rate (``byte_rate_limiter``) checked on the body before anything is decoded, its
span rate (``rate_limiter``) once the span count is known. Nothing of a refused request is
ingested, so the retry loses and double-counts nothing. A ``StoreError`` from the pipeline, or
a worker that died, is retryable too. Any other pipeline failure rejects that trace's spans
(partial success) and the others go on.

Called on the event loop only (not thread-safe); raises ``OverloadedError`` and, from
``export_body``, ``MalformedRequestError``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol

from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from loopwatch.events import Event, TraceContext
from loopwatch.verdict import Verdict
from loopwatch_collector.exceptions import OverloadedError, StoreError
from loopwatch_collector.mapping import SpanMapper
from loopwatch_collector.receivers.decode import (
    PROTOBUF,
    DecodedRequest,
    Signal,
    batch_of,
    decode_logs,
    decode_request,
    event_chunks,
    parse_body,
)
from loopwatch_collector.receivers.limits import MAX_REQUEST_BYTES
from loopwatch_collector.receivers.offload import DecodeWorker, WorkerUnavailableError
from loopwatch_collector.receivers.priority import VerdictPriority
from loopwatch_collector.receivers.slicing import SliceSizer
from loopwatch_collector.security.content import ContentControl
from loopwatch_collector.security.quota import IngestRateLimiter
from loopwatch_collector.security.tenancy import ANONYMOUS, scoped_context, session_key

logger = logging.getLogger(__name__)

SOURCE: Final = "otlp"
# Requests processed concurrently before new ones are turned away as overload. Each request
# is CPU work on one event loop, so more in flight only adds latency to all of them.
DEFAULT_MAX_IN_FLIGHT = 32
# Bytes of request bodies queued for or in the decoder at once: the ingest queue's memory
# bound, two maximal requests (a single request over it is still admitted when alone).
DEFAULT_MAX_IN_FLIGHT_BYTES = 2 * MAX_REQUEST_BYTES
# What a throttled client is told to wait; the Python exporters honour it (OTEL.md 3.3).
DEFAULT_RETRY_AFTER_S = 1.0
# How long lone reports (mapping/lone_reports.py) wait for their twin before an empty batch
# releases them: the twin is exported by the same process within milliseconds.
DEFAULT_LONE_REPORT_WAIT_S = 1.0
# (trace id, span id) pairs remembered to drop re-sent spans: re-sends come within the
# exporter's retry deadline (10 s by default), far less than this many spans at any sane rate.
DEFAULT_DEDUPE_CAPACITY = 100_000


class TraceSink(Protocol):
    """What the ingestor hands events to (``loopwatch_collector.processing.pipeline.Pipeline``)."""

    async def ingest(
        self, context: TraceContext, events: Sequence[Event], *, source: Literal["otlp"]
    ) -> Verdict: ...


class AliasSink(Protocol):
    """Where the ingestor records trace ids folded into a session (``Pipeline.alias``)."""

    async def alias(self, aliases: Sequence[str], session_id: str) -> None: ...


class _Incrementable(Protocol):
    def inc(self, amount: float = 1) -> None: ...


class _LabelledCounter(Protocol):
    def labels(self, *labelvalues: Any, **labelkwargs: Any) -> _Incrementable: ...


class OtlpMetrics(Protocol):
    """The part of ``loopwatch_collector.exporters.metrics.Metrics`` the receivers use."""

    @property
    def otlp_spans(self) -> _LabelledCounter: ...

    def tenant_label(self, tenant: str) -> str: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class ExportOutcome:
    """What an export did, per span: OTLP partial success reports ``rejected``."""

    accepted: int = 0
    ignored: int = 0
    duplicate: int = 0
    rejected: int = 0
    message: str = ""


class SeenSpans:
    """A bounded set of (trace id, span id) keys; the oldest are forgotten first."""

    def __init__(self, capacity: int = DEFAULT_DEDUPE_CAPACITY) -> None:
        if capacity < 1:
            raise ValueError("otlp.dedupe_capacity must be >= 1")
        self._capacity = capacity
        self._keys: OrderedDict[bytes, None] = OrderedDict()

    def __contains__(self, key: bytes) -> bool:
        return key in self._keys

    def __len__(self) -> int:
        return len(self._keys)

    def add(self, key: bytes) -> None:
        self._keys[key] = None
        if len(self._keys) > self._capacity:
            self._keys.popitem(last=False)


class OtlpIngestor:
    """Shared by the gRPC and HTTP receivers; see the module docstring."""

    def __init__(
        self,
        pipeline: TraceSink,
        *,
        metrics: OtlpMetrics | None = None,
        mapper: SpanMapper | None = None,
        max_in_flight: int = DEFAULT_MAX_IN_FLIGHT,
        max_in_flight_bytes: int = DEFAULT_MAX_IN_FLIGHT_BYTES,
        retry_after_s: float = DEFAULT_RETRY_AFTER_S,
        dedupe_capacity: int = DEFAULT_DEDUPE_CAPACITY,
        rate_limiter: IngestRateLimiter | None = None,
        byte_rate_limiter: IngestRateLimiter | None = None,
        worker: DecodeWorker | None = None,
        priority: VerdictPriority | None = None,
        content: ContentControl | None = None,
        slices: SliceSizer | None = None,
        aliases: AliasSink | None = None,
        lone_report_wait_s: float = DEFAULT_LONE_REPORT_WAIT_S,
    ) -> None:
        if max_in_flight < 1:
            raise ValueError("otlp.max_in_flight must be >= 1")
        if max_in_flight_bytes < 1:
            raise ValueError("otlp.max_in_flight_bytes must be >= 1")
        if retry_after_s <= 0:
            raise ValueError("otlp.retry_after_s must be > 0")
        self._pipeline = pipeline
        self._metrics = metrics
        self.mapper = mapper or SpanMapper()  # the anonymous tenant's, for in-loop decoding
        self._mappers: dict[str, SpanMapper] = {ANONYMOUS: self.mapper}
        self._max_in_flight = max_in_flight
        self._max_in_flight_bytes = max_in_flight_bytes
        self.retry_after_s = retry_after_s
        self._seen = SeenSpans(dedupe_capacity)
        self._in_flight = 0
        self._in_flight_bytes = 0
        self._rate_limiter = rate_limiter
        self._byte_rate_limiter = byte_rate_limiter
        self._worker = worker
        self._priority = priority
        self._content = content or ContentControl()
        self._slices = slices or SliceSizer()
        self._aliases = aliases
        self._lone_report_wait_s = lone_report_wait_s
        self._releasing: set[str] = set()  # tenants with an empty batch on its way
        self._tasks: set[asyncio.Task[None]] = set()

    async def export(self, request: ExportTraceServiceRequest, *, tenant: str = ANONYMOUS) -> ExportOutcome:
        """Ingest a parsed trace ``request`` into ``tenant``'s sessions, decoding on the event
        loop (for in-process callers; the receivers use ``export_body``). Raises
        ``OverloadedError`` (nothing ingested) when saturated or over the tenant's rate."""
        with self._admitted(_span_count(request), 0, tenant):
            outcome = await self._ingest(decode_request(request, self._mapper(tenant)), tenant)
        self._count(outcome, tenant)
        return outcome

    async def export_logs(
        self, request: ExportLogsServiceRequest, *, tenant: str = ANONYMOUS
    ) -> ExportOutcome:
        """Ingest the GenAI log events of a parsed logs ``request`` (counts are log records),
        decoding on the event loop. Raises ``OverloadedError`` (nothing ingested)."""
        with self._admitted(0, 0, tenant):
            return await self._ingest(decode_logs(request, self._mapper(tenant)), tenant)

    async def export_body(
        self, body: bytes, content_type: str, *, tenant: str, signal: Signal = "traces"
    ) -> ExportOutcome:
        """Parse and ingest a request body (``decode.PROTOBUF`` or ``decode.JSON``; ``signal``
        traces or logs) into ``tenant``'s sessions, parsing and mapping in the ingest worker when
        there is one. Raises ``MalformedRequestError`` (nothing ingested) and ``OverloadedError``."""
        if self._worker is None:
            if signal == "logs":
                return await self.export_logs(
                    parse_body(body, content_type, ExportLogsServiceRequest), tenant=tenant
                )
            return await self.export(parse_body(body, content_type, ExportTraceServiceRequest), tenant=tenant)
        with self._admitted(0, len(body), tenant):
            try:
                decoded = await self._worker.decode(body, content_type, tenant, signal=signal)
            except WorkerUnavailableError as exc:
                logger.warning("OTLP request refused as retryable: %s", exc)
                raise OverloadedError(self.retry_after_s) from exc
            if self._rate_limiter is not None and decoded.spans:  # the span count is known only now
                self._check_rate(self._rate_limiter, tenant, decoded.spans)
            outcome = await self._ingest(decoded, tenant)
        if signal == "traces":
            self._count(outcome, tenant)
        return outcome

    def _mapper(self, tenant: str) -> SpanMapper:
        """``tenant``'s span mapper for decoding on the event loop (its memory is per tenant)."""
        mapper = self._mappers.get(tenant)
        if mapper is None:
            mapper = self._mappers[tenant] = SpanMapper()
        return mapper

    @contextlib.contextmanager
    def _admitted(self, spans: int, size: int, tenant: str) -> Iterator[None]:
        """Hold an ingest-queue slot (and ``size`` bytes of its budget) for the block, once
        ``tenant``'s rates admit ``spans`` spans and ``size`` bytes."""
        if self._in_flight >= self._max_in_flight or (
            self._in_flight and self._in_flight_bytes + size > self._max_in_flight_bytes
        ):
            raise OverloadedError(self.retry_after_s)
        if self._byte_rate_limiter is not None and size:
            self._check_rate(self._byte_rate_limiter, tenant, size)
        if self._rate_limiter is not None and spans:
            self._check_rate(self._rate_limiter, tenant, spans)
        self._in_flight += 1
        self._in_flight_bytes += size
        try:
            yield
        finally:
            self._in_flight -= 1
            self._in_flight_bytes -= size

    def _check_rate(self, limiter: IngestRateLimiter, tenant: str, amount: int) -> None:
        wait_s = limiter.admit(tenant, amount)
        if wait_s > 0:
            raise OverloadedError(max(wait_s, self.retry_after_s))

    async def _ingest(self, decoded: DecodedRequest, tenant: str) -> ExportOutcome:
        problems = list(decoded.problems)
        rejected = decoded.rejected
        duplicate = decoded.duplicate
        accepted, ignored = 0, decoded.ignored
        for item in decoded.traces:
            await self._yield()
            trace = batch_of(item)
            seen = sum(1 for key in trace.span_keys if tenant.encode() + key in self._seen)
            if trace.span_keys and seen == len(trace.span_keys):
                duplicate += seen
                continue
            try:
                chunks = event_chunks(trace.events)
                context = scoped_context(tenant, trace.context)
                await self._ingest_trace(context, tenant, chunks)
                if trace.aliases and self._aliases is not None:
                    folded = [session_key(tenant, trace_id) for trace_id in trace.aliases]
                    await self._aliases.alias(folded, context.trace_id)
            except StoreError as exc:
                # Retryable: traces ingested so far are marked seen, so the re-sent request
                # skips them and the retry counts nothing twice.
                raise OverloadedError(self.retry_after_s) from exc
            except Exception:
                logger.exception("pipeline failed to ingest trace %s", trace.context.trace_id)
                rejected += trace.items
                problems.append(f"trace {trace.context.trace_id}: internal error while ingesting")
                continue
            for key in trace.span_keys:
                # Per tenant: another tenant re-using these ids must not make them "seen".
                self._seen.add(tenant.encode() + key)
            duplicate += seen
            ignored += trace.ignored
            accepted += max(0, trace.items - seen - trace.ignored)
        if decoded.held:
            self._release_later(tenant)
        message = ""
        if problems:
            message = f"{rejected} item(s) rejected: {problems[0]}"
            if len(problems) > 1:
                message += f" (and {len(problems) - 1} more problem(s))"
        return ExportOutcome(
            accepted=accepted, ignored=ignored, duplicate=duplicate, rejected=rejected, message=message
        )

    async def _ingest_trace(
        self, context: TraceContext, tenant: str, chunks: Iterator[Sequence[Event]]
    ) -> None:
        """Hand the trace's events over in slices, yielding to verdict calls in between (the
        pipeline is incremental, so slices give the same state as one call). Chunks are drawn,
        unpickled and filtered (the tenant's content mode) as slices need them, and that work
        counts in the slice's measured cost."""
        pending: list[Event] = []
        first = True
        while True:
            if not first:
                await self._yield()
            first = False
            began = self._slices.start()
            size = self._slices.size()
            while len(pending) < size:
                chunk = next(chunks, None)
                if chunk is None:
                    break
                pending.extend(self._content.events(tenant, chunk))
            if not pending:
                return
            piece, pending = pending[:size], pending[size:]
            await self._pipeline.ingest(context, piece, source=SOURCE)
            self._slices.record(began, len(piece))

    def _release_later(self, tenant: str) -> None:
        """In ``lone_report_wait_s``, send ``tenant``'s mapper an empty batch: the lone reports
        whose twin did not come are mapped then (one pending per tenant; best effort)."""
        if tenant in self._releasing:
            return
        self._releasing.add(tenant)
        loop = asyncio.get_running_loop()
        loop.call_later(self._lone_report_wait_s, self._start_release, tenant)

    def _start_release(self, tenant: str) -> None:
        task = asyncio.get_running_loop().create_task(self._release(tenant))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _release(self, tenant: str) -> None:
        self._releasing.discard(tenant)
        try:
            await self.export_body(b"", PROTOBUF, tenant=tenant)
        except (OverloadedError, StoreError) as exc:  # the tenant's next request releases them
            logger.debug("lone reports of %r wait for the next request: %s", tenant, exc)

    async def _yield(self) -> None:
        if self._priority is not None:
            await self._priority.wait_for_verdicts()
        else:
            await asyncio.sleep(0)

    def _count(self, outcome: ExportOutcome, tenant: str) -> None:
        if self._metrics is None:
            return
        label = self._metrics.tenant_label(tenant)
        for result, count in (
            ("accepted", outcome.accepted),
            ("ignored", outcome.ignored),
            ("duplicate", outcome.duplicate),
            ("rejected", outcome.rejected),
        ):
            if count:
                self._metrics.otlp_spans.labels(tenant=label, result=result).inc(count)


def _span_count(request: ExportTraceServiceRequest) -> int:
    return sum(len(scope.spans) for resource in request.resource_spans for scope in resource.scope_spans)
