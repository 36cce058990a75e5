"""A looping agent traced with GenAI semantic-convention spans, exported by a given exporter."""

from __future__ import annotations

import json

from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter
from opentelemetry.trace import SpanKind
from opentelemetry.util.types import AttributeValue


def run_looping_agent(exporter: SpanExporter, *, loops: int = 4, content: bool = True) -> str:
    """Trace one agent run calling ``read_file`` on the same file ``loops`` times; its trace id."""
    provider = TracerProvider(resource=Resource.create({"service.name": "loop-demo"}))
    processor = BatchSpanProcessor(exporter)
    provider.add_span_processor(processor)
    tracer = provider.get_tracer("test-agent")
    try:
        with tracer.start_as_current_span(
            "invoke_agent looper",
            attributes={
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.agent.name": "looper",
                "gen_ai.conversation.id": "conv-42",
            },
        ) as root:
            for i in range(loops):
                call: dict[str, object] = {"type": "tool_call", "id": f"call_{i}", "name": "read_file"}
                if content:
                    call["arguments"] = {"path": "notes.txt"}
                output = [{"role": "assistant", "parts": [call], "finish_reason": "tool_call"}]
                chat_attrs: dict[str, AttributeValue] = {
                    "gen_ai.operation.name": "chat",
                    "gen_ai.request.model": "gpt-test",
                    "gen_ai.response.finish_reasons": ["tool_calls"],
                    "gen_ai.usage.input_tokens": 100,
                    "gen_ai.usage.output_tokens": 12,
                }
                if content:
                    chat_attrs["gen_ai.output.messages"] = json.dumps(output)
                with tracer.start_as_current_span(
                    "chat gpt-test", kind=SpanKind.CLIENT, attributes=chat_attrs
                ):
                    pass
                tool_attrs: dict[str, AttributeValue] = {
                    "gen_ai.operation.name": "execute_tool",
                    "gen_ai.tool.name": "read_file",
                    "gen_ai.tool.call.id": f"call_{i}",
                }
                if content:
                    tool_attrs["gen_ai.tool.call.arguments"] = '{"path": "notes.txt"}'
                    tool_attrs["gen_ai.tool.call.result"] = "TODO: write the report"
                with tracer.start_as_current_span("execute_tool read_file", attributes=tool_attrs):
                    pass
            trace_id = format(root.get_span_context().trace_id, "032x")
        assert processor.force_flush(10_000)
    finally:
        provider.shutdown()
    return trace_id
