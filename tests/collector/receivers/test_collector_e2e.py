"""The assembled collector (``loopwatch_collector.testing.running_collector``): the OTel SDK's
OTLP exporters send a looping agent's spans; ``/metrics`` shows the detection and
``/v1/sessions/{trace_id}`` the verdict."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpExporter
from opentelemetry.sdk.trace.export import SpanExporter

from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.receivers.genai_agent import run_looping_agent


@pytest.fixture
def collector() -> Iterator[RunningCollector]:
    with running_collector() as running:
        yield running


@pytest.mark.parametrize("transport", ["grpc", "http"])
def test_exported_loop_shows_in_metrics_and_session(collector: RunningCollector, transport: str) -> None:
    endpoints = collector.endpoints
    exporter: SpanExporter = (
        GrpcExporter(endpoint=endpoints.grpc_target, insecure=True)
        if transport == "grpc"
        else HttpExporter(endpoint=f"{endpoints.otlp_http_url}/v1/traces")
    )
    trace_id = run_looping_agent(exporter)
    metrics = httpx.get(f"{endpoints.http_url}/metrics").text
    assert 'loopwatch_otlp_spans_total{result="accepted"} 8.0' in metrics
    assert 'loopwatch_detections_total{agent="looper",detector="identical_call"}' in metrics
    assert 'loopwatch_verdicts_total{action="nudge",agent="looper"} 1.0' in metrics
    session = httpx.get(f"{endpoints.http_url}/v1/sessions/{trace_id}")
    assert session.status_code == 200
    assert "nudge" in session.text
