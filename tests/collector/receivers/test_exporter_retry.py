"""The OpenTelemetry SDK's exporters honour the receivers' overload answer: the gRPC exporter
reads RetryInfo from ``google.rpc.retryinfo-bin``, the HTTP exporter ``Retry-After``. With a
2 s delay (the exporters' own first backoff is about 1 s) a retry after >= 2 s proves it."""

from __future__ import annotations

import asyncio
import threading
import time

import httpx
import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpExporter
from opentelemetry.sdk.trace.export import SpanExporter

from tests.collector.receivers.genai_agent import run_looping_agent
from tests.collector.receivers.otlp_harness import otlp_stack
from tests.collector.receivers.otlp_requests import new_trace_id, request, tool_span

RETRY_AFTER_S = 2.0


@pytest.mark.parametrize("transport", ["grpc", "http"])
def test_exporter_waits_the_advertised_delay_then_succeeds(transport: str) -> None:
    with otlp_stack(max_in_flight=1, retry_after_s=RETRY_AFTER_S) as stack:

        async def close_gate() -> None:
            stack.sink.gate = asyncio.Event()

        stack.run(close_gate)
        held_body = request(tool_span(new_trace_id(), "held")).SerializeToString()
        held = threading.Thread(
            target=lambda: httpx.post(
                stack.http_url,
                content=held_body,
                headers={"content-type": "application/x-protobuf"},
                timeout=30,
            )
        )
        held.start()

        async def wait_in_flight() -> None:
            while stack.ingestor._in_flight < 1:
                await asyncio.sleep(0.01)

        stack.run(wait_in_flight)
        gate = stack.sink.gate
        assert gate is not None
        opener = threading.Timer(0.5, lambda: stack.loop.call_soon_threadsafe(gate.set))
        opener.start()
        exporter: SpanExporter = (
            GrpcExporter(endpoint=stack.grpc_target, insecure=True)
            if transport == "grpc"
            else HttpExporter(endpoint=stack.http_url)
        )
        started = time.monotonic()
        trace_id = run_looping_agent(exporter)
        elapsed = time.monotonic() - started
        opener.join()
        held.join(10)
        assert elapsed >= RETRY_AFTER_S * 0.95
        assert "nudge" in stack.actions(trace_id)
