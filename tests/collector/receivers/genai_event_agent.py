"""A stuck agent traced the way the contrib GenAI instrumentations trace in their default mode:
content-free chat spans, the content in GenAI log events emitted inside them, exported by the
OpenTelemetry SDK's own span and log exporters."""

from __future__ import annotations

from opentelemetry.context import get_current
from opentelemetry.sdk._logs import LoggerProvider
from opentelemetry.sdk._logs.export import BatchLogRecordProcessor, LogRecordExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter
from opentelemetry.trace import SpanKind
from opentelemetry.util.types import AnyValue

# How long the test waits for the batch processors to hand everything to the exporters.
FLUSH_TIMEOUT_MS = 10_000


def run_event_agent(span_exporter: SpanExporter, log_exporter: LogRecordExporter, *, steps: int) -> str:
    """``steps`` model calls asking ``search`` the same thing, each fed "not found"; the trace id."""
    resource = Resource.create({"service.name": "event-agent"})
    tracer_provider = TracerProvider(resource=resource)
    spans = BatchSpanProcessor(span_exporter)
    tracer_provider.add_span_processor(spans)
    logger_provider = LoggerProvider(resource=resource)
    logs = BatchLogRecordProcessor(log_exporter)
    logger_provider.add_log_record_processor(logs)
    tracer = tracer_provider.get_tracer("test-agent")
    logger = logger_provider.get_logger("opentelemetry.instrumentation.openai_v2")
    try:
        with tracer.start_as_current_span("agent run") as root:
            previous: str | None = None
            for i in range(steps):
                attrs = {"gen_ai.operation.name": "chat", "gen_ai.response.finish_reasons": ["tool_calls"]}
                with tracer.start_as_current_span("chat gpt-test", kind=SpanKind.CLIENT, attributes=attrs):
                    user: AnyValue = {"content": "weather in Atlantis?"}
                    logger.emit(event_name="gen_ai.user.message", body=user, context=get_current())
                    if previous is not None:
                        fed: AnyValue = {"id": previous, "content": "not found"}
                        logger.emit(event_name="gen_ai.tool.message", body=fed, context=get_current())
                    previous = f"call_{i}"
                    call: AnyValue = {
                        "id": previous,
                        "type": "function",
                        "function": {"name": "search", "arguments": "{}"},
                    }
                    choice: AnyValue = {
                        "index": 0,
                        "finish_reason": "tool_calls",
                        "message": {"tool_calls": [call]},
                    }
                    logger.emit(event_name="gen_ai.choice", body=choice, context=get_current())
            trace_id = format(root.get_span_context().trace_id, "032x")
        assert logs.force_flush(FLUSH_TIMEOUT_MS)
        assert spans.force_flush(FLUSH_TIMEOUT_MS)
    finally:
        logger_provider.shutdown()
        tracer_provider.shutdown()
    return trace_id
