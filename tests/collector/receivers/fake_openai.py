"""A small OpenAI-compatible server (a real HTTP server on a free port) whose model keeps asking
for the same tool call, and the minimal tool loop agents write around the ``openai`` client."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

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


@contextmanager
def fake_openai_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeOpenAI)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


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
