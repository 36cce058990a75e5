"""A scripted Gemini API server (``POST /v1beta/models/{model}:streamGenerateContent`` and
``:generateContent``) on loopback, for the Gemini CLI end-to-end hook tests.

Gemini CLI sends here when ``GOOGLE_GEMINI_BASE_URL`` points at it and the auth type is
``gemini-api-key``. The script sees each request of the main agent (one that declares tools)
and answers a function call or a final text. Other requests (the CLI's own small calls, some
asking for JSON) get an empty JSON object as text. Every main request body is kept in
``requests``.
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


def function_responses(request: Mapping[str, Any]) -> list[str]:
    """Every ``functionResponse`` in ``request``'s history (its ``response`` as JSON text)."""
    found: list[str] = []
    for content in request.get("contents") or []:
        for part in content.get("parts") or []:
            if isinstance(part, dict) and "functionResponse" in part:
                response = part["functionResponse"].get("response")
                found.append(json.dumps(response, ensure_ascii=False))
    return found


def contents_text(request: Mapping[str, Any]) -> str:
    """Everything the model was shown in ``request``, as one string (for assertions)."""
    return json.dumps(request.get("contents") or [], ensure_ascii=False)


def _response(reply: Reply, n: int) -> dict[str, Any]:
    if isinstance(reply, ToolUse):
        part: dict[str, Any] = {
            "functionCall": {"id": f"call_{n}", "name": reply.name, "args": dict(reply.input)}
        }
    else:
        part = {"text": reply.text}
    return {
        "candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 100, "candidatesTokenCount": 20, "totalTokenCount": 120},
        "modelVersion": "gemini-scripted",
    }


@contextmanager
def scripted_gemini(script: Script) -> Iterator[ScriptedModel]:
    """Serve ``script`` on a free 127.0.0.1 port until the block exits."""
    ids = itertools.count(1)
    lock = threading.Lock()
    served = ScriptedModel(url="")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
            if ":countTokens" in self.path:
                self._send(json.dumps({"totalTokens": 100}).encode(), "application/json")
                return
            with lock:
                n = next(ids)
                if body.get("tools") and ":streamGenerateContent" in self.path:
                    served.requests.append(body)
                    reply = script(body)
                else:
                    reply = Text("{}")
            payload = json.dumps(_response(reply, n))
            if ":streamGenerateContent" in self.path:
                self._send(f"data: {payload}\r\n\r\n".encode(), "text/event-stream")
            else:
                self._send(payload.encode(), "application/json")

        def _send(self, data: bytes, content_type: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - base signature
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    served.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, name="scripted-gemini", daemon=True)
    thread.start()
    try:
        yield served
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
