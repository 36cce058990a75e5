"""End to end, one scenario: the OpenTelemetry SDK's own OTLP exporters (gRPC, HTTP protobuf,
gzip) send a looping agent's GenAI-semconv spans to the assembled collector on free ports.

The agent (``genai_agent.run_looping_agent``) calls ``read_file`` on the same file 4 times with
the same result: the collector must nudge it, ``/metrics`` must show the detection and
``/v1/sessions/{trace_id}`` the verdict. With content capture off the same spans make the same
steps, but nothing can be claimed identical.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc
import httpx
import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter
from opentelemetry.exporter.otlp.proto.http import Compression
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpExporter
from opentelemetry.sdk.trace.export import SpanExporter

from loopwatch_collector.testing import Endpoints, RunningCollector, running_collector
from tests.collector.receivers.genai_agent import run_looping_agent

_TIMEOUT_S = 10.0


@pytest.fixture
def collector() -> Iterator[RunningCollector]:
    with running_collector() as running:
        yield running


def _exporter(endpoints: Endpoints, transport: str) -> SpanExporter:
    if transport == "grpc":
        return GrpcExporter(endpoint=endpoints.grpc_target, insecure=True)
    if transport == "grpc+gzip":
        return GrpcExporter(endpoint=endpoints.grpc_target, insecure=True, compression=grpc.Compression.Gzip)
    url = f"{endpoints.otlp_http_url}/v1/traces"
    if transport == "http+gzip":
        return HttpExporter(endpoint=url, compression=Compression.Gzip)
    return HttpExporter(endpoint=url)


def _session(endpoints: Endpoints, trace_id: str) -> dict[str, Any]:
    reply = httpx.get(f"{endpoints.http_url}/v1/sessions/{trace_id}", timeout=_TIMEOUT_S)
    assert reply.status_code == 200
    body: dict[str, Any] = reply.json()
    return body


@pytest.mark.parametrize("transport", ["grpc", "grpc+gzip", "http", "http+gzip"])
def test_an_exported_loop_is_nudged_and_shows_in_metrics_and_session(
    collector: RunningCollector, transport: str
) -> None:
    endpoints = collector.endpoints
    trace_id = run_looping_agent(_exporter(endpoints, transport))
    session = _session(endpoints, trace_id)
    assert (session["agent"], session["conversation_id"], session["steps"]) == ("looper", "conv-42", 4)
    assert session["looping"] is True
    assert [v["action"] for v in session["verdicts"]] == ["nudge"]
    metrics = httpx.get(f"{endpoints.http_url}/metrics", timeout=_TIMEOUT_S).text
    spans = 'loopwatch_otlp_spans_total{result="%s",tenant="_anonymous"}'
    assert f"{spans % 'accepted'} 8.0" in metrics  # 4 chat + 4 execute_tool
    assert f"{spans % 'ignored'} 1.0" in metrics  # the invoke_agent span
    assert (
        'loopwatch_detections_total{agent="looper",detector="identical_call",tenant="_anonymous"}' in metrics
    )
    assert 'loopwatch_verdicts_total{action="nudge",agent="looper",tenant="_anonymous"} 1.0' in metrics


def test_content_off_loop_is_seen_but_not_claimed_identical(collector: RunningCollector) -> None:
    endpoints = collector.endpoints
    trace_id = run_looping_agent(_exporter(endpoints, "http"), content=False)
    session = _session(endpoints, trace_id)
    assert session["steps"] == 4  # the chat spans stopped for tools: the tool spans made the steps
    assert session["looping"] is False
