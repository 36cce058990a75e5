"""The OpenTelemetry SDK's own OTLP exporters (gRPC, HTTP protobuf, gzip) -> receivers -> Pipeline.

A looping agent (the same ``execute_tool read_file`` with the same arguments and result, 4x) is
traced with GenAI semantic-convention spans; the real pipeline must nudge it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter
from opentelemetry.exporter.otlp.proto.http import Compression
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpExporter

from tests.collector.receivers.genai_agent import run_looping_agent
from tests.collector.receivers.otlp_harness import OtlpStack, otlp_stack


@pytest.fixture
def stack() -> Iterator[OtlpStack]:
    with otlp_stack() as running:
        yield running


def assert_nudged(stack: OtlpStack, trace_id: str) -> None:
    events = stack.sink.events[trace_id]
    assert [type(e).__name__ for e in events].count("Step") == 4
    assert stack.sink.contexts[trace_id].agent == "looper"
    assert stack.sink.contexts[trace_id].conversation_id == "conv-42"
    assert "nudge" in stack.actions(trace_id)
    nudges = stack.registry.get_sample_value(
        "loopwatch_verdicts_total", {"agent": "looper", "action": "nudge"}
    )
    assert nudges == 1.0
    assert stack.spans("accepted") == 8.0  # 4 chat + 4 execute_tool
    assert stack.spans("ignored") == 1.0  # the invoke_agent span


def test_grpc_exporter_loop_is_nudged(stack: OtlpStack) -> None:
    trace_id = run_looping_agent(GrpcExporter(endpoint=stack.grpc_target, insecure=True))
    assert_nudged(stack, trace_id)


def test_http_protobuf_exporter_loop_is_nudged(stack: OtlpStack) -> None:
    trace_id = run_looping_agent(HttpExporter(endpoint=stack.http_url))
    assert_nudged(stack, trace_id)


def test_http_gzip_exporter_loop_is_nudged(stack: OtlpStack) -> None:
    trace_id = run_looping_agent(HttpExporter(endpoint=stack.http_url, compression=Compression.Gzip))
    assert_nudged(stack, trace_id)


def test_grpc_gzip_exporter_is_accepted(stack: OtlpStack) -> None:
    from grpc import Compression as GrpcCompression  # what the gRPC exporter takes (and re-imports)

    exporter = GrpcExporter(endpoint=stack.grpc_target, insecure=True, compression=GrpcCompression.Gzip)
    trace_id = run_looping_agent(exporter)
    assert_nudged(stack, trace_id)


def test_content_off_loop_is_seen_but_not_claimed_identical(stack: OtlpStack) -> None:
    trace_id = run_looping_agent(HttpExporter(endpoint=stack.http_url), content=False)
    steps = [e for e in stack.sink.events[trace_id] if type(e).__name__ == "Step"]
    assert len(steps) == 4  # the chat spans stopped for tools: the tool spans made the steps
    assert "nudge" not in stack.actions(trace_id)
