"""Test doubles for agents instrumented with loopwatch: a fake OpenAI-compatible server.

``fake_openai_server(model)`` serves ``POST /v1/chat/completions`` on a free 127.0.0.1 port
from a background thread, so the real ``openai`` client (and the frameworks built on it) can
be driven by a scripted model with no network and no API key::

    with fake_openai_server(stubborn_model("search", {"q": "atlantis"})) as server:
        client = openai.OpenAI(base_url=server.base_url, api_key="unused")

A model is a function from the request body to the assistant's reply: ``{"content": str |
None, "tool_calls": [{"name": str, "arguments": dict | str}]}``; the server adds ids, usage
and the chat-completion envelope. A request with ``"stream": true`` gets the same reply as
server-sent ``chat.completion.chunk`` events (the text, then each call whole, then the finish
reason; usage last when ``stream_options.include_usage`` asks for it), as frameworks that only
stream (Strands Agents) need.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

ScriptedModel = Callable[[Mapping[str, Any]], Mapping[str, Any]]

__all__ = ["FakeOpenAIServer", "ScriptedModel", "fake_openai_server", "stubborn_model"]


def stubborn_model(
    tool: str,
    arguments: Mapping[str, Any],
    *,
    answer: str = "I could not find an answer.",
    gives_up_after_notes: int | None = None,
) -> ScriptedModel:
    """A model stuck in a loop: the same call whenever tools are offered, else ``answer``.

    It ignores nudges (the worst case a guard must handle): only a request without tools (or
    with ``tool_choice="none"``) makes it answer, or, with ``gives_up_after_notes=n``, seeing
    ``n`` loopwatch messages (user messages starting with ``[loopwatch]``) in the history.
    """

    def reply(request: Mapping[str, Any]) -> Mapping[str, Any]:
        notes = sum(
            1
            for m in request.get("messages") or []
            if m.get("role") == "user" and str(m.get("content") or "").startswith("[loopwatch]")
        )
        gave_up = gives_up_after_notes is not None and notes >= gives_up_after_notes
        if request.get("tools") and request.get("tool_choice") != "none" and not gave_up:
            return {"content": None, "tool_calls": [{"name": tool, "arguments": dict(arguments)}]}
        return {"content": answer}

    return reply


@dataclass
class FakeOpenAIServer:
    """A running fake server: ``base_url`` for ``openai.OpenAI``; ``requests`` it received."""

    base_url: str
    requests: list[dict[str, Any]] = field(default_factory=list)


@contextmanager
def fake_openai_server(model: ScriptedModel) -> Iterator[FakeOpenAIServer]:
    """Serve ``model`` on a free port until the block exits (the server is always stopped)."""
    ids = itertools.count(1)
    lock = threading.Lock()
    received: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
            except ValueError:
                self._send(400, {"error": {"message": "body is not JSON", "type": "invalid_request_error"}})
                return
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
                return
            with lock:
                received.append(body)
                n = next(ids)
            completion = _completion(body, model(body), n)
            if body.get("stream"):
                options = body.get("stream_options")
                usage = isinstance(options, Mapping) and bool(options.get("include_usage"))
                events = "".join(f"data: {json.dumps(c)}\n\n" for c in _chunks(completion, usage=usage))
                self._write(200, "text/event-stream", f"{events}data: [DONE]\n\n".encode())
            else:
                self._send(200, completion)

        def _send(self, status: int, payload: Mapping[str, Any]) -> None:
            self._write(status, "application/json", json.dumps(payload).encode())

        def _write(self, status: int, content_type: str, data: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - base signature
            return  # keep test output quiet

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, name="fake-openai", daemon=True)
    thread.start()
    try:
        yield FakeOpenAIServer(base_url=f"http://127.0.0.1:{server.server_address[1]}/v1", requests=received)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def _completion(request: Mapping[str, Any], reply: Mapping[str, Any], n: int) -> dict[str, Any]:
    calls = [
        {
            "id": f"call_{n}_{i}",
            "type": "function",
            "function": {
                "name": str(call["name"]),
                "arguments": call["arguments"]
                if isinstance(call.get("arguments"), str)
                else json.dumps(call.get("arguments") or {}),
            },
        }
        for i, call in enumerate(reply.get("tool_calls") or [])
    ]
    message: dict[str, Any] = {"role": "assistant", "content": reply.get("content")}
    if calls:
        message["tool_calls"] = calls
    prompt_tokens = sum(len(str(m.get("content") or "")) // 4 + 1 for m in request.get("messages") or [])
    return {
        "id": f"chatcmpl-fake-{n}",
        "object": "chat.completion",
        "created": 0,
        "model": str(request.get("model") or "fake-model"),
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if calls else "stop"}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": 12,
            "total_tokens": prompt_tokens + 12,
        },
    }


def _chunks(completion: Mapping[str, Any], *, usage: bool) -> list[dict[str, Any]]:
    """``completion`` as the chunks of a stream: the message's text, its calls, the finish."""
    (choice,) = completion["choices"]
    message = choice["message"]
    envelope = {k: completion[k] for k in ("id", "created", "model")} | {"object": "chat.completion.chunk"}
    deltas: list[dict[str, Any]] = [{"role": "assistant", "content": message.get("content") or ""}]
    calls = message.get("tool_calls") or []
    deltas += [{"tool_calls": [{"index": i, **call}]} for i, call in enumerate(calls)]
    chunks = [{**envelope, "choices": [{"index": 0, "delta": d, "finish_reason": None}]} for d in deltas]
    finish = {"index": 0, "delta": {}, "finish_reason": choice["finish_reason"]}
    chunks.append({**envelope, "choices": [finish]})
    if usage:
        chunks.append({**envelope, "choices": [], "usage": completion["usage"]})
    return chunks
