"""A fake Anthropic Messages server (``POST /v1/messages``) driven by a matrix scenario's model.

The scenario models speak the OpenAI shape (``interop_scenarios.scripted_model``); this server
translates: the rounds so far are the ``tool_result`` blocks in the history, a reply's tool calls
become ``tool_use`` blocks. Non-streaming only; the real ``anthropic`` client talks to it.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from tests.http_fakes import JsonHandler, serving

Model = Callable[[Mapping[str, Any]], Mapping[str, Any]]


def _as_openai(request: Mapping[str, Any]) -> dict[str, Any]:
    rounds = sum(
        1
        for message in request.get("messages") or []
        for block in (message.get("content") if isinstance(message.get("content"), list) else [])
        if isinstance(block, dict) and block.get("type") == "tool_result"
    )
    return {"messages": [{"role": "tool"}] * rounds, "tools": request.get("tools")}


def _as_anthropic(reply: Mapping[str, Any], request: Mapping[str, Any], n: int) -> dict[str, Any]:
    content: list[dict[str, Any]] = []
    if reply.get("content"):
        content.append({"type": "text", "text": reply["content"]})
    for i, call in enumerate(reply.get("tool_calls") or []):
        content.append(
            {"type": "tool_use", "id": f"toolu_{n:04d}{i}", "name": call["name"], "input": call["arguments"]}
        )
    return {
        "id": f"msg_fake_{n}",
        "type": "message",
        "role": "assistant",
        "model": str(request.get("model") or "fake-model"),
        "content": content,
        "stop_reason": "tool_use" if reply.get("tool_calls") else "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 20 + 10 * n, "output_tokens": 12},
    }


@contextmanager
def fake_anthropic_server(model: Model) -> Iterator[str]:
    """Serve ``model`` on a free 127.0.0.1 port until the block exits; yields the base URL."""
    ids = itertools.count(1)
    lock = threading.Lock()

    class Handler(JsonHandler):
        def do_POST(self) -> None:
            body = self.read_json()
            with lock:
                n = next(ids)
            self.send_json(_as_anthropic(model(_as_openai(body)), body, n))

    with serving(Handler, "fake-anthropic") as url:
        yield url
