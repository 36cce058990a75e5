"""A model that keeps asking for the same tool call (served by the public double
``loopwatch.testing.fake_openai_server``), and the minimal tool loop agents write around the
``openai`` client."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TOOL_ROUNDS = 4  # the fake model asks for read_file this many times, then answers


def read_file_model(request: Mapping[str, Any]) -> Mapping[str, Any]:
    """A ``loopwatch.testing`` scripted model: ``read_file`` until the conversation holds
    ``TOOL_ROUNDS`` tool results, then a final answer."""
    rounds = sum(1 for m in request.get("messages") or [] if m.get("role") == "tool")
    if rounds < TOOL_ROUNDS:
        return {"content": None, "tool_calls": [{"name": "read_file", "arguments": {"path": "notes.txt"}}]}
    return {"content": "I could not finish the report."}


def run_agent(client: Any) -> None:
    """A minimal tool loop, as agents write it: call the model, run its tools, repeat."""
    tools = [
        {
            "type": "function",
            "function": {
                "name": "read_file",
                "description": "Read a file",
                "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
            },
        }
    ]
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Write the report from notes.txt"}]
    for _ in range(TOOL_ROUNDS + 1):
        response = client.chat.completions.create(model="fake-model", messages=messages, tools=tools)
        choice = response.choices[0].message
        if not choice.tool_calls:
            return
        messages.append(choice.model_dump(exclude_none=True))
        for call in choice.tool_calls:
            messages.append({"role": "tool", "tool_call_id": call.id, "content": "TODO: write the report"})
