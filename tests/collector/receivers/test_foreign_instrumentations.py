"""Foreign instrumentations on the real ``openai`` client, talking to a small local
OpenAI-compatible server that keeps asking for the same tool call. Their spans go through the
OpenTelemetry SDK's OTLP/HTTP exporter into the receiver, and the collector detects the tool
loop from them. Neither makes tool spans: tool results come from the next LLM call's input.

- ``openinference-instrumentation-openai`` (Arize): flattened ``llm.output_messages.*`` and
  ``llm.input_messages.*.message.role == "tool"``.
- ``opentelemetry-instrumentation-openai`` (OpenLLMetry/Traceloop >= 0.55): semconv
  ``gen_ai.output.messages`` and ``gen_ai.input.messages`` ``tool_call_response`` parts.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor

from loopwatch.events import Step, ToolResult
from loopwatch.testing import fake_openai_server
from loopwatch_collector.security.quota import ANONYMOUS_LABEL
from tests.collector.receivers.fake_openai import TOOL_ROUNDS, read_file_model, run_agent
from tests.collector.receivers.otlp_harness import OtlpStack, otlp_stack

openai = pytest.importorskip("openai")
INSTRUMENTATIONS = {
    "openinference": "openinference.instrumentation.openai",
    "openllmetry": "opentelemetry.instrumentation.openai",
}


@pytest.fixture
def fake_openai() -> Iterator[str]:
    with fake_openai_server(read_file_model) as server:
        yield server.base_url


@pytest.fixture
def stack() -> Iterator[OtlpStack]:
    with otlp_stack() as running:
        yield running


@pytest.mark.parametrize(
    "family",
    [
        "openinference",
        # OpenLLMetry's semantic-conventions package still uses pydantic v1-style config.
        pytest.param(
            "openllmetry",
            marks=pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecatedSince20"),
        ),
    ],
)
def test_foreign_openai_instrumentation_loop_is_nudged(
    stack: OtlpStack, fake_openai: str, family: str
) -> None:
    instrumentation = pytest.importorskip(INSTRUMENTATIONS[family])
    provider = TracerProvider(resource=Resource.create({"service.name": "oi-agent"}))
    provider.add_span_processor(SimpleSpanProcessor(OTLPSpanExporter(endpoint=stack.http_url)))
    instrumentor = instrumentation.OpenAIInstrumentor()
    instrumentor.instrument(tracer_provider=provider)
    try:
        client = openai.OpenAI(api_key="test-key", base_url=fake_openai)
        with provider.get_tracer("agent").start_as_current_span("agent run") as root:
            run_agent(client)
        trace_id = format(root.get_span_context().trace_id, "032x")
    finally:
        instrumentor.uninstrument()
        provider.shutdown()
    events = stack.sink.events[trace_id]
    steps = [e for e in events if type(e) is Step]
    results = [e for e in events if type(e) is ToolResult]
    assert len(steps) == TOOL_ROUNDS + 1
    assert [c.name for s in steps for c in s.tool_calls] == ["read_file"] * TOOL_ROUNDS
    requested = [c.id for s in steps for c in s.tool_calls]
    assert [r.call_id for r in results] == requested
    assert len(set(requested)) == TOOL_ROUNDS
    assert stack.sink.contexts[trace_id].agent == "oi-agent"
    assert "nudge" in stack.actions(trace_id)
    detections = stack.registry.get_sample_value(
        "loopwatch_detections_total",
        {"tenant": ANONYMOUS_LABEL, "agent": "oi-agent", "detector": "identical_call"},
    )
    assert detections is not None
    assert detections >= 1
