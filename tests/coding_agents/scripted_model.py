"""What a scripted model answers (a tool call or a final text), and the HTTP plumbing the fake
provider servers of the end-to-end tests share (``anthropic_stream``, ``gemini_stream``,
``responses_stream``): each of those only says how its provider shapes requests and answers."""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True, slots=True)
class ToolUse:
    name: str
    input: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Text:
    text: str


Reply = ToolUse | Text
#: Called with each main-agent request body; returns the next reply.
Script = Callable[[Mapping[str, Any]], Reply]


@dataclass
class ScriptedModel:
    """The served script, its base URL and the requests it got (main-agent ones)."""

    url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _numbers: Iterator[int] = field(default_factory=lambda: itertools.count(1), repr=False)

    def answer(
        self, body: dict[str, Any], script: Script, *, main: bool = True, other: Reply = Text("")
    ) -> tuple[int, Reply]:
        """Number a request (from 1, across all requests) and pick its reply: ``script``'s for a
        main-agent request (kept in ``requests``), else ``other``. Safe across handler threads."""
        with self._lock:
            number = next(self._numbers)
            if not main:
                return number, other
            self.requests.append(body)
            return number, script(body)


class ScriptedHandler(BaseHTTPRequestHandler):
    """Request handler base of the fake providers: JSON in, JSON or SSE out, no log lines."""

    protocol_version = "HTTP/1.1"

    def read_json(self) -> dict[str, Any]:
        length = int(self.headers.get("Content-Length") or 0)
        body: dict[str, Any] = json.loads(self.rfile.read(length) or b"{}")
        return body

    def send_json(self, payload: Mapping[str, Any]) -> None:
        self.send_body(json.dumps(payload).encode(), "application/json")

    def send_body(self, data: bytes, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def send_events(self, events: Iterable[tuple[str, Mapping[str, Any]]]) -> None:
        """Stream named server-sent events, then close the connection (the end of the stream)."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        for name, data in events:
            self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())
        self.wfile.flush()
        self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - base signature
        return


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler], name: str) -> Iterator[str]:
    """Serve ``handler`` on a free 127.0.0.1 port until the block exits; yields its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name=name, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
