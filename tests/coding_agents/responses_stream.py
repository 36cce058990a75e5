"""A scripted OpenAI Responses server (``POST /v1/responses``, streamed as SSE) on loopback, as
Codex CLI uses it, for the end-to-end hook tests.

Each request is answered with one output item: a ``function_call`` of Codex's shell tool
(``exec_command``, ``{"cmd": ...}``) for a ``ToolUse`` (its ``input["command"]``), or an
assistant ``message`` for a ``Text``. Request bodies are kept in ``requests``.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.coding_agents.scripted_model import Reply, Script, ScriptedModel, ToolUse

SHELL_TOOL = "exec_command"  # codex-cli 0.171's shell tool
MODEL = "gpt-5-codex"  # the model the tests' Codex configuration names


def function_outputs(request: Mapping[str, Any]) -> list[str]:
    """The outputs of every function call in ``request``'s input, oldest first."""
    return [
        str(item.get("output"))
        for item in request.get("input") or []
        if isinstance(item, dict) and item.get("type") == "function_call_output"
    ]


def _item(reply: Reply, n: int) -> dict[str, Any]:
    if isinstance(reply, ToolUse):
        arguments = json.dumps({"cmd": reply.input["command"]})
        return {
            "type": "function_call",
            "id": f"fc_{n}",
            "call_id": f"call_{n}",
            "name": SHELL_TOOL,
            "arguments": arguments,
        }
    text = [{"type": "output_text", "text": reply.text, "annotations": []}]
    return {"type": "message", "id": f"msg_{n}", "role": "assistant", "status": "completed", "content": text}


def _events(reply: Reply, n: int) -> list[dict[str, Any]]:
    usage = {
        "input_tokens": 100,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 20,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 120,
    }
    item = _item(reply, n)
    # A complete response object: Codex logs a response's token counts (its OpenTelemetry
    # ``codex.sse_event``) only when it reads one, as the real API sends.
    completed = {
        "id": f"resp_{n}",
        "object": "response",
        "status": "completed",
        "created_at": 0,
        "model": MODEL,
        "output": [item],
        "usage": usage,
    }
    return [
        {"type": "response.created", "response": {"id": f"resp_{n}"}},
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {"type": "response.completed", "response": completed},
    ]


@contextmanager
def scripted_responses(script: Script) -> Iterator[ScriptedModel]:
    """Serve ``script`` on a free 127.0.0.1 port until the block exits (base URL ends in /v1)."""
    ids = itertools.count(1)
    lock = threading.Lock()
    served = ScriptedModel(url="")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
            with lock:
                n = next(ids)
                served.requests.append(body)
                reply = script(body)
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            for event in _events(reply, n):
                self.wfile.write(f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode())
            self.wfile.flush()
            self.close_connection = True

        def do_GET(self) -> None:
            data = json.dumps({"models": [], "data": []}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - base signature
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    served.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    thread = threading.Thread(target=server.serve_forever, name="scripted-responses", daemon=True)
    thread.start()
    try:
        yield served
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
