"""End to end: the OpenTelemetry SDK's own OTLP exporters send GenAI-semconv spans of a looping
agent to a collector on free ports; ``/metrics`` shows the detection, the session its verdict."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import httpx
import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor, SpanExporter
from opentelemetry.trace import SpanKind

from loopwatch_collector.testing import RunningCollector, running_collector


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector() as running:
        yield running


def _looping_agent(exporter: SpanExporter, agent: str, steps: int) -> str:
    """Emit ``steps`` chat + execute_tool span pairs repeating one call; returns the trace id."""
    provider = TracerProvider(resource=Resource.create({"service.name": agent}))
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tracer = provider.get_tracer("e2e-agent")
    with tracer.start_as_current_span(f"invoke_agent {agent}", kind=SpanKind.INTERNAL) as root:
        root.set_attribute("gen_ai.operation.name", "invoke_agent")
        root.set_attribute("gen_ai.agent.name", agent)
        for i in range(steps):
            call_id = f"call_{i}"
            with tracer.start_as_current_span("chat gpt-4o", kind=SpanKind.CLIENT) as chat:
                chat.set_attribute("gen_ai.operation.name", "chat")
                chat.set_attribute("gen_ai.agent.name", agent)
                output = [
                    {
                        "role": "assistant",
                        "parts": [
                            {"type": "text", "content": "Let me check the status."},
                            {
                                "type": "tool_call",
                                "id": call_id,
                                "name": "get_status",
                                "arguments": {"job": 7},
                            },
                        ],
                        "finish_reason": "tool_call",
                    }
                ]
                chat.set_attribute("gen_ai.output.messages", json.dumps(output))
            with tracer.start_as_current_span("execute_tool get_status") as tool:
                tool.set_attribute("gen_ai.operation.name", "execute_tool")
                tool.set_attribute("gen_ai.agent.name", agent)
                tool.set_attribute("gen_ai.tool.name", "get_status")
                tool.set_attribute("gen_ai.tool.call.id", call_id)
                tool.set_attribute("gen_ai.tool.call.arguments", '{"job": 7}')
                tool.set_attribute("gen_ai.tool.call.result", "status: pending")
        trace_id = f"{root.get_span_context().trace_id:032x}"
    provider.shutdown()
    return trace_id


def _wait_for_session(http: httpx.Client, trace_id: str, min_steps: int) -> dict[str, object]:
    deadline = time.monotonic() + 10
    while True:
        reply = http.get(f"/v1/sessions/{trace_id}")
        if reply.status_code == 200 and reply.json()["steps"] >= min_steps:
            return dict(reply.json())
        assert time.monotonic() < deadline, f"session {trace_id} never reached {min_steps} steps"
        time.sleep(0.05)


@pytest.mark.parametrize("transport", ["grpc", "http"])
def test_exporters_feed_detection(collector: RunningCollector, transport: str) -> None:
    endpoints = collector.endpoints
    exporter: SpanExporter
    if transport == "grpc":
        exporter = GrpcExporter(endpoint=endpoints.grpc_target, insecure=True)
    else:
        exporter = HttpExporter(endpoint=f"{endpoints.otlp_http_url}/v1/traces")
    agent = f"e2e-{transport}"
    trace_id = _looping_agent(exporter, agent, steps=4)
    with httpx.Client(base_url=endpoints.http_url, timeout=10) as http:
        session = _wait_for_session(http, trace_id, 4)
        assert session["looping"] is True
        verdicts = session["verdicts"]
        assert isinstance(verdicts, list)
        assert verdicts[0]["action"] == "nudge"
        metrics = http.get("/metrics").text
    assert f'loopwatch_sessions_looping_total{{agent="{agent}"}} 1.0' in metrics
    assert f'loopwatch_verdicts_total{{action="nudge",agent="{agent}"}} 1.0' in metrics
    assert 'loopwatch_otlp_spans_total{result="accepted"}' in metrics
