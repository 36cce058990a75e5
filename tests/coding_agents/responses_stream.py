"""A scripted OpenAI Responses server (``POST /v1/responses``, streamed as SSE) on loopback, as
Codex CLI uses it, for the end-to-end hook tests.

Each request is answered with one output item: a ``function_call`` of Codex's shell tool
(``exec_command``, ``{"cmd": ...}``) for a ``ToolUse`` (its ``input["command"]``), or an
assistant ``message`` for a ``Text``. Request bodies are kept in ``requests``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from tests.coding_agents.scripted_model import Reply, Script, ScriptedModel, ToolUse
from tests.http_fakes import JsonHandler, serving

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
    served = ScriptedModel(url="")

    class Handler(JsonHandler):
        def do_POST(self) -> None:
            n, reply = served.answer(self.read_json(), script)
            self.send_events((event["type"], event) for event in _events(reply, n))

        def do_GET(self) -> None:
            self.send_json({"models": [], "data": []})

    with serving(Handler, "scripted-responses") as url:
        served.url = f"{url}/v1"
        yield served
