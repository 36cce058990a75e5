"""A scripted Anthropic Messages server (``POST /v1/messages``) on loopback, streaming (SSE) as
Claude Code asks, for the end-to-end hook tests.

The script sees each request of the main agent (one that offers tools) and answers either a
tool call or a final text. Requests without tools (Claude Code's own small calls, such as a
title for the session) get a short text. Every request body is kept in ``requests`` for the
tests to read what the model was shown (tool results, hook context).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from tests.coding_agents.scripted_model import (
    Reply,
    Script,
    ScriptedModel,
    Text,
    ToolUse,
)
from tests.http_fakes import JsonHandler, serving


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
    served = ScriptedModel(url="")

    class Handler(JsonHandler):
        def do_POST(self) -> None:
            body = self.read_json()
            if not self.path.startswith("/v1/messages") or self.path.startswith("/v1/messages/count_tokens"):
                self.send_json({"input_tokens": 100} if "count_tokens" in self.path else {})
                return
            n, reply = served.answer(body, script, main=bool(body.get("tools")), other=Text("Loop test"))
            model = str(body.get("model") or "claude-test")
            if body.get("stream"):
                self.send_events(_events(reply, model, n))
            else:
                self.send_json(_message(reply, model, n))

        def do_GET(self) -> None:
            self.send_json({"data": [], "has_more": False})

        def do_HEAD(self) -> None:
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

    with serving(Handler, "scripted-anthropic") as served.url:
        yield served
