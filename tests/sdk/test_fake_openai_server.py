"""loopwatch.testing's fake server, streamed: the real ``openai`` client reassembles the reply."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import openai

from loopwatch.testing import fake_openai_server


def _model(request: Mapping[str, Any]) -> Mapping[str, Any]:
    if any(m.get("role") == "tool" for m in request["messages"]):
        return {"content": "It is sunny."}
    return {"content": None, "tool_calls": [{"name": "search", "arguments": {"q": "weather"}}]}


def test_a_streamed_reply_is_the_same_reply_in_chunks() -> None:
    with fake_openai_server(_model) as server:
        client = openai.OpenAI(base_url=server.base_url, api_key="unused")
        stream = client.chat.completions.create(
            model="fake-model",
            messages=[{"role": "user", "content": "Weather?"}],
            stream=True,
            stream_options={"include_usage": True},
        )
        chunks = list(stream)
    calls = [c for chunk in chunks if chunk.choices for c in chunk.choices[0].delta.tool_calls or []]
    assert [(c.index, c.id, c.function.name if c.function else None) for c in calls] == [
        (0, "call_1_0", "search")
    ]
    assert calls[0].function is not None
    assert json.loads(calls[0].function.arguments or "") == {"q": "weather"}
    finishes = [chunk.choices[0].finish_reason for chunk in chunks if chunk.choices]
    assert finishes[-1] == "tool_calls"
    assert chunks[-1].usage is not None  # asked for: last, with no choices
    assert chunks[-1].usage.completion_tokens == 12


def test_a_streamed_answer_carries_its_text_and_no_usage_unless_asked() -> None:
    with fake_openai_server(_model) as server:
        client = openai.OpenAI(base_url=server.base_url, api_key="unused")
        stream = client.chat.completions.create(
            model="fake-model",
            messages=[{"role": "tool", "tool_call_id": "call_1_0", "content": "sunny"}],
            stream=True,
        )
        chunks = list(stream)
    text = "".join(chunk.choices[0].delta.content or "" for chunk in chunks if chunk.choices)
    assert text == "It is sunny."
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert all(chunk.usage is None for chunk in chunks)
