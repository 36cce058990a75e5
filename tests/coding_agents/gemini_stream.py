"""A scripted Gemini API server (``POST /v1beta/models/{model}:streamGenerateContent`` and
``:generateContent``) on loopback, for the Gemini CLI end-to-end hook tests.

Gemini CLI sends here when ``GOOGLE_GEMINI_BASE_URL`` points at it and the auth type is
``gemini-api-key``. The script sees each request of the main agent (one that declares tools)
and answers a function call or a final text. Other requests (the CLI's own small calls, some
asking for JSON) get an empty JSON object as text. Every main request body is kept in
``requests``.
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
    served = ScriptedModel(url="")

    class Handler(JsonHandler):
        def do_POST(self) -> None:
            body = self.read_json()
            if ":countTokens" in self.path:
                self.send_json({"totalTokens": 100})
                return
            streamed = ":streamGenerateContent" in self.path
            main = bool(body.get("tools")) and streamed
            n, reply = served.answer(body, script, main=main, other=Text("{}"))
            payload = json.dumps(_response(reply, n))
            if streamed:
                self.send_body(f"data: {payload}\r\n\r\n".encode(), "text/event-stream")
            else:
                self.send_body(payload.encode(), "application/json")

    with serving(Handler, "scripted-gemini") as served.url:
        yield served
