"""Verdicts out as OTLP spans: a real collector exporting to a real gRPC trace backend."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcSpanExporter
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind
from prometheus_client import CollectorRegistry

from loopwatch import Guard, Loopwatch
from loopwatch.verdict import Action, Finding, Verdict
from loopwatch.wire import attributes as attrs
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.exporters.otlp_settings import OtlpExporterConfig
from loopwatch_collector.exporters.otlp_verdicts import (
    LOOPWATCH_TENANT,
    OPENINFERENCE_SPAN_KIND,
    SPAN_NAME,
    VerdictSpanExporter,
)
from loopwatch_collector.processing.broadcast import IssuedVerdict
from loopwatch_collector.testing import running_collector
from tests.collector.exporters.otlp_backends import RecordingBackend, recording_trace_backend, silent_backend
from tests.collector.security.security_helpers import Pki, make_pki
from tests.sdk.sdk_helpers import run_scripted_agent

TRACE = "0af7651916cd43dd8448eb211c80319c"
STEP_SPAN = "00f067aa0ba902b7"
KEY = "team-a-secret-key"
FAST: dict[str, Any] = {"schedule_delay_s": 0.05, "timeout_s": 2.0}


@pytest.fixture
def backend() -> Iterator[RecordingBackend]:
    with recording_trace_backend() as running:
        yield running


def _exporting(backend: RecordingBackend, **otlp: Any) -> dict[str, Any]:
    settings = {"enabled": True, "endpoint": backend.target, "insecure": True, **FAST, **otlp}
    return {"exporters": {"otlp": settings}}


def _verdict(action: Action = Action.NUDGE) -> Verdict:
    finding = Finding(
        detector="identical_call",
        key="k",
        summary="`search` was called 3 times",
        count=3,
        first_step=1,
        last_step=3,
        tool_name="search",
    )
    return Verdict(action=action, step=3, finding=finding, message="[loopwatch] try something else")


def _in_memory(**settings: Any) -> tuple[VerdictSpanExporter, InMemorySpanExporter, CollectorRegistry]:
    config = OtlpExporterConfig(enabled=True, endpoint="127.0.0.1:1", insecure=True, **FAST, **settings)
    registry = CollectorRegistry()
    received = InMemorySpanExporter()
    exporter = VerdictSpanExporter(config, Metrics(registry), span_exporter=received)
    return exporter, received, registry


def test_a_looping_agents_verdicts_arrive_as_spans_in_its_trace(backend: RecordingBackend) -> None:
    with running_collector(_exporting(backend)) as collector:
        provider = TracerProvider()
        agent_spans = InMemorySpanExporter()
        provider.add_span_processor(SimpleSpanProcessor(agent_spans))
        guard = Guard.remote(collector.endpoints.grpc_target, timeout_s=5.0)
        lw = Loopwatch(agent="exported-bot", tracer_provider=provider, guard=guard)
        outcome = run_scripted_agent(lw, obey_withdraw=False)
        guard.close()
        spans = backend.wait_for(3)
        registry = collector.collector.registry
    # counted once export() returned, which may be after the backend has the spans: read after
    # the collector stopped (its exporter thread joined)
    assert registry.get_sample_value("loopwatch_verdict_spans_total", {"result": "exported"}) == 3
    assert outcome.halted is not None
    actions = [s.attributes[attrs.LOOPWATCH_VERDICT_ACTION] for s in spans]
    assert actions == ["nudge", "withdraw_tools", "halt"]
    chat_spans = [s for s in agent_spans.get_finished_spans() if s.name.startswith("chat ")]
    for exported in spans:
        assert exported.trace_id == outcome.trace_id
        judged = chat_spans[exported.attributes[attrs.LOOPWATCH_VERDICT_STEP] - 1]  # the judged step's span
        assert judged.context is not None
        assert exported.parent_span_id == f"{judged.context.span_id:016x}"
        assert exported.span.name == SPAN_NAME
        assert exported.span.kind == exported.span.SPAN_KIND_INTERNAL
        assert exported.resource["service.name"] == "loopwatch"
        attributes = exported.attributes
        assert attributes[attrs.GEN_AI_OPERATION_NAME] == "apply_guardrail"
        assert attributes[attrs.GEN_AI_AGENT_NAME] == "exported-bot"
        assert attributes[attrs.GEN_AI_CONVERSATION_ID] == "conv-1"
        assert attributes[attrs.LOOPWATCH_VERDICT_MESSAGE].startswith("[loopwatch]")
        assert attributes[OPENINFERENCE_SPAN_KIND] == "GUARDRAIL"
    decisions = [s.attributes[attrs.GEN_AI_SECURITY_DECISION_TYPE] for s in spans]
    assert decisions == ["warn", "modify", "deny"]
    detectors = [s.attributes.get(attrs.LOOPWATCH_VERDICT_DETECTOR) for s in spans]
    assert detectors == ["identical_call", "identical_call", None]  # the halt: a call after withdrawal


def test_tenants_stay_out_of_a_shared_backend_unless_configured(backend: RecordingBackend) -> None:
    digest = hashlib.sha256(KEY.encode()).hexdigest()
    config = {**_exporting(backend), "auth": {"keys": [{"tenant": "team-a", "sha256": digest}]}}
    with running_collector(config) as collector:
        guard = Guard.remote(collector.endpoints.grpc_target, timeout_s=5.0, api_key=KEY)
        outcome = run_scripted_agent(Loopwatch(agent="t", guard=guard), obey_withdraw=False)
        guard.close()
        spans = backend.wait_for(3)
    assert spans
    assert {s.trace_id for s in spans} == {outcome.trace_id}  # the agent's id, not the tenant's key
    assert all(LOOPWATCH_TENANT not in s.attributes for s in spans)


def test_the_tenant_is_named_when_configured_and_other_tenants_are_left_out() -> None:
    exporter, received, _ = _in_memory(include_tenant=True, tenants=("team-a",))
    exporter.start()
    exporter.offer(IssuedVerdict(trace_id=f"team-a/{TRACE}", agent="bot", verdict=_verdict()))
    exporter.offer(IssuedVerdict(trace_id=f"team-b/{TRACE}", agent="bot", verdict=_verdict()))
    exporter.shutdown()
    (span,) = received.get_finished_spans()
    assert (span.attributes or {})[LOOPWATCH_TENANT] == "team-a"
    assert span.context is not None
    assert f"{span.context.trace_id:032x}" == TRACE


def test_the_span_is_parented_to_the_judged_step_when_known() -> None:
    exporter, received, _ = _in_memory()
    exporter.start()
    exporter.offer(
        IssuedVerdict(trace_id=TRACE, agent="bot", verdict=_verdict(), step_span=(TRACE, STEP_SPAN))
    )
    exporter.offer(IssuedVerdict(trace_id=TRACE, agent="bot", verdict=_verdict(Action.HALT)))
    exporter.shutdown()
    parented, root = received.get_finished_spans()
    assert parented.parent is not None
    assert f"{parented.parent.span_id:016x}" == STEP_SPAN
    assert f"{parented.parent.trace_id:032x}" == TRACE
    assert root.parent is None
    assert root.kind is SpanKind.INTERNAL


def test_a_folded_sessions_verdict_goes_to_the_trace_of_the_judged_call() -> None:
    exporter, received, _ = _in_memory()
    exporter.start()
    call_trace = "4bf92f3577b34da6a3ce929d0e0e4736"  # the model call's own trace, not the session id
    exporter.offer(
        IssuedVerdict(trace_id=TRACE, agent="bot", verdict=_verdict(), step_span=(call_trace, STEP_SPAN))
    )
    exporter.shutdown()
    (span,) = received.get_finished_spans()
    assert span.context is not None
    assert span.parent is not None
    assert f"{span.context.trace_id:032x}" == call_trace
    assert f"{span.parent.span_id:016x}" == STEP_SPAN


def test_content_stays_out_when_configured() -> None:
    exporter, received, _ = _in_memory(include_content=False)
    exporter.start()
    exporter.offer(IssuedVerdict(trace_id=TRACE, agent="bot", verdict=_verdict()))
    exporter.shutdown()
    (span,) = received.get_finished_spans()
    attributes = span.attributes or {}
    assert attrs.LOOPWATCH_VERDICT_MESSAGE not in attributes
    assert attrs.GEN_AI_EVALUATION_EXPLANATION not in attributes
    assert attributes[attrs.LOOPWATCH_VERDICT_COUNT] == 3


def test_a_hung_backend_drops_verdict_spans_counted_without_holding_the_caller() -> None:
    with silent_backend() as target:
        config = OtlpExporterConfig(
            enabled=True, endpoint=target, insecure=True, max_queue_size=2, max_batch_size=1, timeout_s=1.0
        )
        registry = CollectorRegistry()
        exporter = VerdictSpanExporter(config, Metrics(registry))
        exporter.start()
        for _ in range(20):
            exporter.offer(IssuedVerdict(trace_id=TRACE, agent="bot", verdict=_verdict()))
        dropped = registry.get_sample_value("loopwatch_verdict_spans_total", {"result": "dropped"})
        exporter.shutdown()
    assert dropped is not None
    assert dropped >= 20 - 2 - 1  # the queue holds 2, the export thread may hold 1
    exported = registry.get_sample_value("loopwatch_verdict_spans_total", {"result": "exported"})
    assert exported == 0


def test_a_session_id_that_is_no_trace_id_is_counted_failed() -> None:
    exporter, received, registry = _in_memory()
    exporter.start()
    exporter.offer(IssuedVerdict(trace_id="not-a-trace", agent="bot", verdict=_verdict()))
    exporter.shutdown()
    assert received.get_finished_spans() == ()
    assert registry.get_sample_value("loopwatch_verdict_spans_total", {"result": "failed"}) == 1


def test_shutdown_without_start_and_twice_is_safe() -> None:
    exporter, _, _ = _in_memory()
    exporter.shutdown()
    exporter.shutdown()


def test_http_protocol_reaches_an_otlp_http_backend() -> None:
    # Another collector is a real OTLP/HTTP receiver: it takes the span (as no agent step).
    with running_collector() as other:
        endpoint = f"{other.endpoints.otlp_http_url}/v1/traces"
        config = OtlpExporterConfig(enabled=True, endpoint=endpoint, protocol="http", **FAST)
        registry = CollectorRegistry()
        exporter = VerdictSpanExporter(config, Metrics(registry))
        exporter.start()
        exporter.offer(IssuedVerdict(trace_id=TRACE, agent="bot", verdict=_verdict()))
        exporter.shutdown()
        received = other.collector.registry.get_sample_value(
            "loopwatch_otlp_spans_total", {"tenant": "_anonymous", "result": "ignored"}
        )
    assert registry.get_sample_value("loopwatch_verdict_spans_total", {"result": "exported"}) == 1
    assert received == 1


def test_a_zero_code_agents_verdicts_are_parented_to_the_model_call_from_its_spans(
    backend: RecordingBackend,
) -> None:
    # No guard: the agent only sends spans; the collector judges them and exports its verdicts.
    with running_collector(_exporting(backend)) as collector:
        provider = TracerProvider()
        agent_spans = InMemorySpanExporter()
        provider.add_span_processor(SimpleSpanProcessor(agent_spans))
        otlp = GrpcSpanExporter(endpoint=collector.endpoints.grpc_target, insecure=True)
        provider.add_span_processor(SimpleSpanProcessor(otlp))
        outcome = run_scripted_agent(Loopwatch(agent="otlp-only", tracer_provider=provider), max_steps=6)
        provider.shutdown()
        spans = backend.wait_for(3)
    chat_spans = [s for s in agent_spans.get_finished_spans() if s.name.startswith("chat ")]
    assert len(spans) >= 3
    for exported in spans:
        assert exported.trace_id == outcome.trace_id
        judged = chat_spans[exported.attributes[attrs.LOOPWATCH_VERDICT_STEP] - 1]
        assert judged.context is not None
        assert exported.parent_span_id == f"{judged.context.span_id:016x}"


def _server_pair(pki: Pki) -> tuple[bytes, bytes]:
    return pki.server_cert.read_bytes(), pki.server_key.read_bytes()


def test_tls_with_the_configured_ca_and_headers_reach_the_backend(tmp_path: Path) -> None:
    pki = make_pki(tmp_path)
    with recording_trace_backend(
        tls=(pki.server_cert.read_bytes(), pki.server_key.read_bytes())
    ) as tls_backend:
        config = OtlpExporterConfig(
            enabled=True,
            endpoint=tls_backend.target,
            certificate_file=pki.ca,
            headers={"Authorization": "Bearer backend-token"},
            **FAST,
        )
        registry = CollectorRegistry()
        exporter = VerdictSpanExporter(config, Metrics(registry))
        exporter.start()
        exporter.offer(IssuedVerdict(trace_id=TRACE, agent="bot", verdict=_verdict()))
        exporter.shutdown()
        spans, metadata = tls_backend.spans, tls_backend.metadata
    assert len(spans) == 1
    assert metadata[0]["authorization"] == "Bearer backend-token"


def test_a_backend_whose_certificate_is_not_trusted_gets_nothing(tmp_path: Path) -> None:
    served, other = make_pki(tmp_path / "served"), make_pki(tmp_path / "other", name="other")
    with recording_trace_backend(
        tls=(served.server_cert.read_bytes(), served.server_key.read_bytes())
    ) as tls_backend:
        config = OtlpExporterConfig(
            enabled=True, endpoint=tls_backend.target, certificate_file=other.ca, **FAST
        )
        registry = CollectorRegistry()
        exporter = VerdictSpanExporter(config, Metrics(registry))
        exporter.start()
        exporter.offer(IssuedVerdict(trace_id=TRACE, agent="bot", verdict=_verdict()))
        exporter.shutdown()
        spans = tls_backend.spans
    assert spans == []
    assert registry.get_sample_value("loopwatch_verdict_spans_total", {"result": "failed"}) == 1


def test_an_unreadable_ca_file_is_a_configuration_error_naming_the_key(tmp_path: Path) -> None:
    config = OtlpExporterConfig(
        enabled=True, endpoint="127.0.0.1:1", certificate_file=tmp_path / "missing.pem"
    )
    with pytest.raises(ConfigError, match=r"exporters\.otlp\.certificate_file"):
        VerdictSpanExporter(config, Metrics(CollectorRegistry()))
