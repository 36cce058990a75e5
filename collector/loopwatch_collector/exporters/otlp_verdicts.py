"""Intervening verdicts as OpenTelemetry spans in the agent's own trace (``exporters.otlp``).

Every verdict the pipeline issues (a ``VerdictHub`` listener: the non-CONTINUE verdicts agents
are told) becomes one span ``apply_guardrail loopwatch`` (INTERNAL, zero duration, at the time
it was issued):

- trace and parent: the span of the step the verdict judged when known
  (``IssuedVerdict.step_span``: the model call's span mapped from OTLP, or the span id sent
  with ``Evaluate``); else the session's trace id (the tenant prefix of the session key
  removed) and no parent: a second root of the agent's trace;
- attributes: ``loopwatch.wire.attributes.verdict_attributes`` (the same set the SDK puts on its
  ``loopwatch.verdict`` span event: GenAI evaluation and guardrail attributes plus
  ``loopwatch.verdict.*``), ``gen_ai.operation.name=apply_guardrail``, the agent and
  conversation, ``openinference.span.kind=GUARDRAIL`` (how Phoenix and other OpenInference
  backends label a guardrail span), and ``loopwatch.tenant`` only with ``include_tenant``.

A slow or dead backend never slows a verdict: ``offer`` (event loop) appends to a bounded queue
under a lock held for an append, and drops the span when the queue is full. One daemon thread
builds the spans and exports them in batches through the OpenTelemetry SDK's own OTLP span
exporter (gRPC or HTTP, with its own retries bounded by ``timeout_s``). Outcomes are counted in
``loopwatch_verdict_spans_total{result="exported|dropped|failed"}``. ``shutdown`` gives what is
queued one last export, bounded by ``timeout_s``, and counts anything left as dropped.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import grpc
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import SpanExporter, SpanExportResult
from opentelemetry.sdk.trace.id_generator import RandomIdGenerator
from opentelemetry.sdk.util.instrumentation import InstrumentationScope
from opentelemetry.trace import SpanContext, SpanKind, TraceFlags

from loopwatch.wire import attributes as attrs
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.exporters.otlp_settings import OtlpExporterConfig
from loopwatch_collector.processing.broadcast import IssuedVerdict
from loopwatch_collector.security.tenancy import ANONYMOUS, public_id, tenant_of_key

logger = logging.getLogger(__name__)

SPAN_NAME = f"{attrs.APPLY_GUARDRAIL} {attrs.GUARDIAN}"
#: OpenInference's span kind attribute and its guardrail value (Phoenix shows the span as one).
OPENINFERENCE_SPAN_KIND = "openinference.span.kind"
OPENINFERENCE_GUARDRAIL = "GUARDRAIL"
#: The session's tenant, set only with ``exporters.otlp.include_tenant``.
LOOPWATCH_TENANT = "loopwatch.tenant"
_SCOPE = InstrumentationScope("loopwatch_collector.exporters.otlp_verdicts")
_TRACE_ID_HEX = 32
_SPAN_ID_HEX = 16
# Beyond the export timeout, how long shutdown waits for the export thread to notice it.
_JOIN_MARGIN_S = 1.0


@dataclass(frozen=True, slots=True)
class _Queued:
    issued: IssuedVerdict
    time_unix_ns: int


class VerdictSpanExporter:
    """Issued verdicts to an OTLP backend; see the module docstring for the contract.

    ``offer`` runs on the event loop and never blocks; ``start`` and ``shutdown`` are called
    once each by the collector (``shutdown`` blocks up to ``timeout_s`` plus a second: run it
    in a thread from async code).
    """

    def __init__(
        self,
        config: OtlpExporterConfig,
        metrics: Metrics,
        *,
        span_exporter: SpanExporter | None = None,
        clock_ns: Callable[[], int] = time.time_ns,
    ) -> None:
        self._config = config
        self._metrics = metrics
        self._exporter = span_exporter if span_exporter is not None else otlp_span_exporter(config)
        self._clock_ns = clock_ns
        self._tenants = frozenset(config.tenants)
        self._resource = Resource({"service.name": config.service_name, **config.resource_attributes})
        self._ids = RandomIdGenerator()
        self._queue: deque[_Queued] = deque()
        self._wake = threading.Condition()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="loopwatch-verdict-spans", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def offer(self, issued: IssuedVerdict) -> None:
        """Queue ``issued`` for export, or count it dropped when the queue is full."""
        if self._tenants and tenant_of_key(issued.trace_id) not in self._tenants:
            return
        item = _Queued(issued, self._clock_ns())
        with self._wake:
            if self._stopping or len(self._queue) >= self._config.max_queue_size:
                accepted = False
            else:
                accepted = True
                self._queue.append(item)
                if len(self._queue) >= self._config.max_batch_size:
                    self._wake.notify()
        if not accepted:
            self._count("dropped")

    def shutdown(self) -> None:
        """Export what is queued (bounded by ``timeout_s``), then stop; idempotent."""
        with self._wake:
            if self._stopping:
                return
            self._stopping = True
            self._wake.notify()
        if self._thread.is_alive():
            self._thread.join(self._config.timeout_s + _JOIN_MARGIN_S)
        self._exporter.shutdown()  # interrupts an export still retrying
        with self._wake:
            left = len(self._queue)
            self._queue.clear()
        if left:
            self._count("dropped", left)

    # -- the export thread ---------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            batch = self._next_batch()
            if batch is None:
                return
            if batch:
                self._export(batch)

    def _next_batch(self) -> list[_Queued] | None:
        """Up to ``max_batch_size`` queued items once the batch is full or ``schedule_delay_s``
        passed; None when stopping with nothing left."""
        with self._wake:
            if not self._stopping and len(self._queue) < self._config.max_batch_size:
                self._wake.wait(self._config.schedule_delay_s)
            if self._stopping and not self._queue:
                return None
            size = min(len(self._queue), self._config.max_batch_size)
            return [self._queue.popleft() for _ in range(size)]

    def _export(self, batch: Sequence[_Queued]) -> None:
        spans = [span for span in map(self._span, batch) if span is not None]
        if len(spans) < len(batch):
            self._count("failed", len(batch) - len(spans))
        if not spans:
            return
        try:
            result = self._exporter.export(spans)
        except Exception:
            logger.warning("verdict spans: export failed", exc_info=True)
            result = SpanExportResult.FAILURE
        self._count("exported" if result is SpanExportResult.SUCCESS else "failed", len(spans))

    def _span(self, item: _Queued) -> ReadableSpan | None:
        issued = item.issued
        tenant = tenant_of_key(issued.trace_id)
        trace_hex, span_hex = issued.step_span or (public_id(tenant, issued.trace_id) or "", "")
        trace_id = _hex_id(trace_hex, _TRACE_ID_HEX)
        if trace_id is None:
            logger.warning("verdict spans: session id %r is not a trace id; not exported", trace_hex[:64])
            return None
        flags = TraceFlags(TraceFlags.SAMPLED)
        context = SpanContext(trace_id, self._ids.generate_span_id(), is_remote=False, trace_flags=flags)
        parent_id = _hex_id(span_hex, _SPAN_ID_HEX)
        parent = (
            None if parent_id is None else SpanContext(trace_id, parent_id, is_remote=True, trace_flags=flags)
        )
        attributes: dict[str, attrs.AttributeValue] = {
            attrs.GEN_AI_OPERATION_NAME: attrs.APPLY_GUARDRAIL,
            attrs.GEN_AI_AGENT_NAME: issued.agent,
            OPENINFERENCE_SPAN_KIND: OPENINFERENCE_GUARDRAIL,
            **attrs.verdict_attributes(issued.verdict, content=self._config.include_content),
        }
        conversation = public_id(tenant, issued.conversation_id)
        if conversation:
            attributes[attrs.GEN_AI_CONVERSATION_ID] = conversation
        if self._config.include_tenant and tenant != ANONYMOUS:
            attributes[LOOPWATCH_TENANT] = tenant
        return ReadableSpan(
            SPAN_NAME,
            context=context,
            parent=parent,
            resource=self._resource,
            attributes=attributes,
            kind=SpanKind.INTERNAL,
            start_time=item.time_unix_ns,
            end_time=item.time_unix_ns,
            instrumentation_scope=_SCOPE,
        )

    def _count(self, result: str, n: int = 1) -> None:
        self._metrics.verdict_spans.labels(result=result).inc(n)


def otlp_span_exporter(config: OtlpExporterConfig) -> SpanExporter:
    """The OpenTelemetry SDK's OTLP span exporter for ``config`` (gRPC or HTTP/protobuf).

    Raises ``ConfigError`` naming ``exporters.otlp.certificate_file`` when it cannot be read.
    """
    headers = {name.lower(): value for name, value in config.headers.items()}  # gRPC metadata keys
    if config.protocol == "http":
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpExporter

        ca = str(config.certificate_file) if config.certificate_file is not None else None
        return HttpExporter(
            endpoint=config.endpoint, certificate_file=ca, headers=headers, timeout=config.timeout_s
        )
    from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter

    credentials = None if config.insecure else grpc.ssl_channel_credentials(_read_ca(config))
    return GrpcExporter(
        endpoint=config.endpoint,
        insecure=config.insecure,
        credentials=credentials,
        headers=headers,
        timeout=config.timeout_s,
    )


def _read_ca(config: OtlpExporterConfig) -> bytes | None:
    if config.certificate_file is None:
        return None  # the system's CAs
    try:
        return config.certificate_file.read_bytes()
    except OSError as exc:
        raise ConfigError(f"exporters.otlp.certificate_file: {exc.strerror or exc}") from exc


def _hex_id(text: str, digits: int) -> int | None:
    """``text`` as a non-zero id of exactly ``digits`` hex digits, else None."""
    if len(text) != digits:
        return None
    try:
        value = int(text, 16)
    except ValueError:
        return None
    return value or None
