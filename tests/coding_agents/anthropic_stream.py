"""A scripted Anthropic Messages server (``POST /v1/messages``) on loopback, streaming (SSE) as
Claude Code asks, for the end-to-end hook tests.

The script sees each request of the main agent (one that offers tools) and answers either a
tool call or a final text. Requests without tools (Claude Code's own small calls, such as a
title for the session) get a short text. Every request body is kept in ``requests`` for the
tests to read what the model was shown (tool results, hook context).
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.coding_agents.scripted_model import Reply, Script, ScriptedModel, Text, ToolUse


def tool_results(request: Mapping[str, Any]) -> list[str]:
    """The text of every ``tool_result`` block in ``request``'s history, oldest first."""
    found: list[str] = []
    for message in request.get("messages") or []:
        content = message.get("content")
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                found.append(_text_of(block.get("content")))
    return found


def history_text(request: Mapping[str, Any]) -> str:
    """Everything the model was shown in ``request``, as one string (for assertions)."""
    return json.dumps(request.get("messages") or [], ensure_ascii=False)


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(_text_of(c.get("text", "")) if isinstance(c, dict) else str(c) for c in content)
    return ""


def _events(reply: Reply, model: str, n: int) -> list[tuple[str, dict[str, Any]]]:
    """The SSE events of one streamed message."""
    usage = {"input_tokens": 100, "output_tokens": 1}
    start = {
        "type": "message_start",
        "message": {
            "id": f"msg_{n}",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": usage,
        },
    }
    if isinstance(reply, ToolUse):
        block = {"type": "tool_use", "id": f"toolu_{n:06d}", "name": reply.name, "input": {}}
        delta = {"type": "input_json_delta", "partial_json": json.dumps(dict(reply.input))}
        stop = "tool_use"
    else:
        block = {"type": "text", "text": ""}
        delta = {"type": "text_delta", "text": reply.text}
        stop = "end_turn"
    return [
        ("message_start", start),
        ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": block}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": stop, "stop_sequence": None},
                "usage": {"output_tokens": 20},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]


def _message(reply: Reply, model: str, n: int) -> dict[str, Any]:
    """The same reply, not streamed."""
    if isinstance(reply, ToolUse):
        content: dict[str, Any] = {
            "type": "tool_use",
            "id": f"toolu_{n:06d}",
            "name": reply.name,
            "input": reply.input,
        }
    else:
        content = {"type": "text", "text": reply.text}
    return {
        "id": f"msg_{n}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [content],
        "stop_reason": "tool_use" if isinstance(reply, ToolUse) else "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 100, "output_tokens": 20},
    }


@contextmanager
def scripted_anthropic(script: Script) -> Iterator[ScriptedModel]:
    """Serve ``script`` on a free 127.0.0.1 port until the block exits."""
    ids = itertools.count(1)
    lock = threading.Lock()
    served = ScriptedModel(url="")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
            if not self.path.startswith("/v1/messages") or self.path.startswith("/v1/messages/count_tokens"):
                self._json({"input_tokens": 100} if "count_tokens" in self.path else {})
                return
            with lock:
                n = next(ids)
                if body.get("tools"):
                    served.requests.append(body)
                    reply = script(body)
                else:
                    reply = Text("Loop test")
            model = str(body.get("model") or "claude-test")
            if not body.get("stream"):
                self._json(_message(reply, model, n))
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            for name, data in _events(reply, model, n):
                self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())
            self.wfile.flush()
            self.close_connection = True

        def do_GET(self) -> None:
            self._json({"data": [], "has_more": False})

        def do_HEAD(self) -> None:
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def _json(self, payload: Mapping[str, Any]) -> None:
            data = json.dumps(payload).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - base signature
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    served.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, name="scripted-anthropic", daemon=True)
    thread.start()
    try:
        yield served
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
