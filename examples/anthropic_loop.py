"""An Anthropic Messages tool loop guarded by loopwatch, with a scripted stand-in for the API.

Needs no extra (``pip install loopwatch``); ``pip install 'loopwatch[anthropic]'`` to swap in the real client.

``create`` below takes and returns exactly what ``anthropic.Anthropic().messages.create``
does (as dicts), so the loop is the one you would write against the real API: replace
``create`` with ``client.messages.create`` (and read ``.content`` instead of ``["content"]``
if you keep the SDK's objects; the loopwatch helpers accept both). No API key, no network::

    python examples/anthropic_loop.py
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

import loopwatch
from loopwatch import LoopDetected
from loopwatch.integrations.anthropic_messages import apply_verdict, record_message

TOOLS = [
    {
        "name": "search",
        "description": "Search the web.",
        "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]},
    }
]
_ids = itertools.count(1)


def create(**request: Any) -> dict[str, Any]:
    """A model stuck on one search; it answers only when tool use is switched off."""
    if request.get("tool_choice", {}).get("type") == "none":
        content: list[dict[str, Any]] = [
            {"type": "text", "text": "I could not find the weather in Atlantis."}
        ]
        stop = "end_turn"
    else:
        call = {
            "type": "tool_use",
            "id": f"toolu_{next(_ids)}",
            "name": "search",
            "input": {"q": "Atlantis weather"},
        }
        content, stop = [{"type": "text", "text": "Let me search."}, call], "tool_use"
    return {
        "role": "assistant",
        "content": content,
        "stop_reason": stop,
        "usage": {"input_tokens": 90, "output_tokens": 20},
    }


def search(q: str) -> str:
    return f"No results found for {q!r}."


def run_agent(lw: loopwatch.Loopwatch, question: str, max_steps: int = 20) -> tuple[str, dict[str, Any]]:
    request: dict[str, Any] = {
        "model": "claude-fake",
        "max_tokens": 1024,
        "tools": TOOLS,
        "messages": [{"role": "user", "content": question}],
    }
    with lw.run() as run:
        for _ in range(max_steps):
            with run.chat(request["model"], provider="anthropic") as chat:
                message = create(**request)
                step = record_message(chat, message)
            request["messages"].append({"role": "assistant", "content": message["content"]})
            if message["stop_reason"] != "tool_use":
                return _text(message), request
            results = []
            for block, call in zip(_tool_uses(message), step.tool_calls, strict=True):
                with run.tool(call) as execution:
                    output = search(**block["input"])
                    execution.set_result(output)
                results.append({"type": "tool_result", "tool_use_id": block["id"], "content": output})
            request["messages"].append({"role": "user", "content": results})
            verdict = run.after_batch()
            if verdict.intervenes:
                print(
                    f"  step {verdict.step}: loopwatch says {verdict.action.value.upper()}: {verdict.message}"
                )
            apply_verdict(verdict, request)  # nudge as a text block after the tool results
    return "(gave up)", request


def _tool_uses(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [b for b in message["content"] if b["type"] == "tool_use"]


def _text(message: Mapping[str, Any]) -> str:
    return " ".join(b["text"] for b in message["content"] if b["type"] == "text")


def main() -> int:
    lw = loopwatch.init(agent="anthropic-example", export_spans=False)
    try:
        answer, _ = run_agent(lw, "What is the weather in Atlantis?")
    except LoopDetected as exc:
        print(f"halted: {exc}")
        return 1
    finally:
        lw.shutdown()
    print(f"final answer: {answer}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
