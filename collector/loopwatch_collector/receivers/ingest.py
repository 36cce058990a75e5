"""The receivers' shared core: an OTLP trace or logs request in, events handed to the pipeline.

``OtlpIngestor.export`` validates span ids, drops spans seen before (by trace id + span id,
bounded memory), maps the rest with the span mapper and calls ``pipeline.ingest`` once per
trace, then reports how many spans were rejected (OTLP partial success). ``export_logs`` does
the same for the GenAI log events of a logs request: the records of one model call become one
view of its span (``mapping.logs``) that goes through the same mapper, so logs and spans join;
re-sent records are counted once by event id. It holds no detection logic: receivers only
translate.

Overload: at most ``max_in_flight`` requests are processed at once; one more raises
``OverloadedError`` at once (the transports answer gRPC UNAVAILABLE with RetryInfo, HTTP 503
with Retry-After) rather than queueing without bound. A ``StoreError`` from the pipeline is
retryable too and raises ``OverloadedError``. Any other pipeline failure rejects that trace's
spans (partial success) and the others go on.

Called on the event loop only (not thread-safe); may raise only ``OverloadedError``.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, Protocol

from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from loopwatch.events import Event, TraceContext
from loopwatch.verdict import Verdict
from loopwatch_collector.exceptions import StoreError
from loopwatch_collector.mapping import SpanMapper, SpanView, id_problem, span_view_from_proto
from loopwatch_collector.mapping.logs import views_from_logs
from loopwatch_collector.mapping.spans import attributes

logger = logging.getLogger(__name__)

SOURCE: Final = "otlp"
# Requests processed concurrently before new ones are turned away as overload. Each request
# is CPU work on one event loop, so more in flight only adds latency to all of them.
DEFAULT_MAX_IN_FLIGHT = 32
# What a throttled client is told to wait; the Python exporters honour it (OTEL.md 3.3).
DEFAULT_RETRY_AFTER_S = 1.0
# (trace id, span id) pairs remembered to drop re-sent spans: re-sends come within the
# exporter's retry deadline (10 s by default), far less than this many spans at any sane rate.
DEFAULT_DEDUPE_CAPACITY = 100_000


class TraceSink(Protocol):
    """What the ingestor hands events to (``loopwatch_collector.processing.pipeline.Pipeline``)."""

    async def ingest(
        self, context: TraceContext, events: Sequence[Event], *, source: Literal["otlp"]
    ) -> Verdict: ...


class _Incrementable(Protocol):
    def inc(self, amount: float = 1) -> None: ...


class _LabelledCounter(Protocol):
    def labels(self, *labelvalues: Any, **labelkwargs: Any) -> _Incrementable: ...


class OtlpMetrics(Protocol):
    """The part of ``loopwatch_collector.exporters.metrics.Metrics`` the receivers use."""

    @property
    def otlp_spans(self) -> _LabelledCounter: ...


class OverloadedError(Exception):
    """Too many requests in flight; the client should retry after ``retry_after_s``."""

    def __init__(self, retry_after_s: float) -> None:
        super().__init__(f"collector overloaded, retry after {retry_after_s:g} s")
        self.retry_after_s = retry_after_s


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
        retry_after_s: float = DEFAULT_RETRY_AFTER_S,
        dedupe_capacity: int = DEFAULT_DEDUPE_CAPACITY,
    ) -> None:
        if max_in_flight < 1:
            raise ValueError("otlp.max_in_flight must be >= 1")
        if retry_after_s <= 0:
            raise ValueError("otlp.retry_after_s must be > 0")
        self._pipeline = pipeline
        self._metrics = metrics
        self.mapper = mapper or SpanMapper()
        self._max_in_flight = max_in_flight
        self.retry_after_s = retry_after_s
        self._seen = SeenSpans(dedupe_capacity)
        self._in_flight = 0

    async def export(self, request: ExportTraceServiceRequest) -> ExportOutcome:
        """Ingest ``request``; raises ``OverloadedError`` (nothing ingested) when saturated."""
        self._admit()
        try:
            views, keys, problems, duplicate = self._decode(request)
            outcome = await self._ingest(views, problems, duplicate, weights={}, seen=keys)
        finally:
            self._in_flight -= 1
        self._count(outcome)
        return outcome

    async def export_logs(self, request: ExportLogsServiceRequest) -> ExportOutcome:
        """Ingest the GenAI events of a logs request; counts are log records. Raises
        ``OverloadedError`` (nothing ingested) when saturated."""
        self._admit()
        try:
            batch = views_from_logs(request)
            outcome = await self._ingest(batch.views, [], 0, weights=batch.records, seen=None)
        finally:
            self._in_flight -= 1
        return replace(outcome, ignored=outcome.ignored + batch.ignored)

    def _admit(self) -> None:
        if self._in_flight >= self._max_in_flight:
            raise OverloadedError(self.retry_after_s)
        self._in_flight += 1

    async def _ingest(
        self,
        views: list[SpanView],
        problems: list[str],
        duplicate: int,
        *,
        weights: dict[tuple[str, str], int],
        seen: dict[tuple[str, str], bytes] | None,
    ) -> ExportOutcome:
        """Map ``views`` and hand each trace to the pipeline. ``weights`` counts the items a
        view stands for (log records; 1 when absent); ``seen`` keys are remembered on success."""
        rejected = len(problems)
        accepted = ignored = 0
        total = sum(weights.get((v.trace_id, v.span_id), 1) for v in views)
        try:
            traces = self.mapper.map(views)
        except Exception:
            logger.exception("span mapper failed on a batch of %d views", len(views))
            problems.append("internal error while mapping")
            return ExportOutcome(rejected=rejected + total, duplicate=duplicate, message=problems[0])
        for trace in traces:
            trace_id = trace.context.trace_id
            items = sum(weights.get(key, 1) for key in trace.spans)
            try:
                if trace.events:
                    await self._pipeline.ingest(trace.context, trace.events, source=SOURCE)
            except StoreError as exc:
                # Retryable: traces ingested so far are marked seen, so the re-sent request
                # skips them and the retry counts nothing twice.
                raise OverloadedError(self.retry_after_s) from exc
            except Exception:
                logger.exception("pipeline failed to ingest trace %s", trace_id)
                rejected += items
                problems.append(f"trace {trace_id}: internal error while ingesting")
                continue
            if seen is not None:
                for key in trace.spans:
                    self._seen.add(seen[key])
            ignored += trace.ignored
            accepted += items - trace.ignored
        message = ""
        if problems:
            message = f"{rejected} item(s) rejected: {problems[0]}"
            if len(problems) > 1:
                message += f" (and {len(problems) - 1} more problem(s))"
        return ExportOutcome(
            accepted=accepted, ignored=ignored, duplicate=duplicate, rejected=rejected, message=message
        )

    def _decode(
        self, request: ExportTraceServiceRequest
    ) -> tuple[list[SpanView], dict[tuple[str, str], bytes], list[str], int]:
        views: list[SpanView] = []
        keys: dict[tuple[str, str], bytes] = {}
        problems: list[str] = []
        duplicate = 0
        for r, resource_spans in enumerate(request.resource_spans):
            resource = attributes(resource_spans.resource.attributes)
            for s, scope_spans in enumerate(resource_spans.scope_spans):
                for i, span in enumerate(scope_spans.spans):
                    problem = id_problem(span)
                    if problem is not None:
                        problems.append(f"resource_spans[{r}].scope_spans[{s}].spans[{i}]: {problem}")
                        continue
                    key = span.trace_id + span.span_id
                    view_key = (span.trace_id.hex(), span.span_id.hex())
                    if key in self._seen or view_key in keys:
                        duplicate += 1
                        continue
                    keys[view_key] = key
                    views.append(span_view_from_proto(span, resource))
        return views, keys, problems, duplicate

    def _count(self, outcome: ExportOutcome) -> None:
        if self._metrics is None:
            return
        for result, count in (
            ("accepted", outcome.accepted),
            ("ignored", outcome.ignored),
            ("duplicate", outcome.duplicate),
            ("rejected", outcome.rejected),
        ):
            if count:
                self._metrics.otlp_spans.labels(result=result).inc(count)
