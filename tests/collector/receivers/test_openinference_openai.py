"""A foreign instrumentation: ``openinference-instrumentation-openai`` on the real ``openai``
client, talking to a small local OpenAI-compatible server that keeps asking for the same tool
call. Its spans go through the OpenTelemetry SDK's OTLP/HTTP exporter into the receiver, and
the collector detects the tool loop from them (tool results come from the next LLM call's
``llm.input_messages.*.message.role == "tool"``: this instrumentation makes no tool spans).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from otlp_harness import OtlpStack, otlp_stack

openai = pytest.importorskip("openai")
instrumentation = pytest.importorskip("openinference.instrumentation.openai")

TOOL_ROUNDS = 4  # the fake model asks for read_file this many times, then answers


class FakeOpenAI(BaseHTTPRequestHandler):
    """``POST /v1/chat/completions``: tool calls until the conversation has TOOL_ROUNDS results."""

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        rounds = sum(1 for m in body["messages"] if m["role"] == "tool")
        if rounds < TOOL_ROUNDS:
            message: dict[str, Any] = {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"call_{rounds}",
                        "type": "function",
                        "function": {"name": "read_file", "arguments": '{"path": "notes.txt"}'},
                    }
                ],
            }
            finish = "tool_calls"
        else:
            message, finish = {"role": "assistant", "content": "I could not finish the report."}, "stop"
        reply = {
            "id": f"chatcmpl-{rounds}",
            "object": "chat.completion",
            "created": 1_700_000_000,
            "model": "fake-model",
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 50, "completion_tokens": 10, "total_tokens": 60},
        }
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet test server
        pass


@pytest.fixture
def fake_openai() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeOpenAI)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture
def stack() -> Iterator[OtlpStack]:
    with otlp_stack() as running:
        yield running


def run_agent(client: Any) -> None:
    """A minimal tool loop, as agents write it: call the model, run its tools, repeat."""
    tools = [
        {
            "type": "function",
            "function": {
                "name": "read_file",
                "description": "Read a file",
                "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
            },
        }
    ]
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Write the report from notes.txt"}]
    for _ in range(TOOL_ROUNDS + 1):
        response = client.chat.completions.create(model="fake-model", messages=messages, tools=tools)
        choice = response.choices[0].message
        if not choice.tool_calls:
            return
        messages.append(choice.model_dump(exclude_none=True))
        for call in choice.tool_calls:
            messages.append({"role": "tool", "tool_call_id": call.id, "content": "TODO: write the report"})


def test_openinference_openai_loop_in_one_trace_is_nudged(stack: OtlpStack, fake_openai: str) -> None:
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
    steps = [e for e in events if type(e).__name__ == "Step"]
    results = [e for e in events if type(e).__name__ == "ToolResult"]
    assert len(steps) == TOOL_ROUNDS + 1
    assert [c.name for s in steps for c in s.tool_calls] == ["read_file"] * TOOL_ROUNDS
    assert [r.call_id for r in results] == [f"call_{i}" for i in range(TOOL_ROUNDS)]
    assert stack.sink.contexts[trace_id].agent == "oi-agent"
    assert "nudge" in stack.actions(trace_id)
    detections = stack.registry.get_sample_value(
        "loopwatch_detections_total", {"agent": "oi-agent", "detector": "identical_call"}
    )
    assert detections is not None
    assert detections >= 1
