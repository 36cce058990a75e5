"""A small transcript builder: ``Trace`` emits SCHEMA.md events, counts steps (assistant messages) as it
goes and returns the step number of every message, so onsets come from the builder's own events."""

from __future__ import annotations

import json
import random
import string
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind11.py"
KINDS = {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text"}
ID_STYLES = {
    "openai": ("call_", 24, string.ascii_letters + string.digits),
    "anthropic": ("toolu_01", 22, string.ascii_letters + string.digits),
    "gemini": ("fc-", 12, "0123456789abcdef"),
    "bedrock": ("tooluse_", 22, string.ascii_letters + string.digits + "-_"),
    "plain": ("", 0, ""),
}


def c(name: str, args: dict[str, Any], content: Any, err: bool = False) -> tuple[str, dict, Any, bool]:
    """One tool call with its result (``content`` may be a JSON-able object; it is serialized)."""
    return (name, args, content, err)


def dumps(obj: Any) -> str:
    return obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False)


class Trace:
    """One scenario under construction."""

    def __init__(self, sid: str) -> None:
        self.sid = sid
        self.rng = random.Random(sid)
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.calls = 0
        self.style = "openai"
        self.meta_info: dict[str, Any] = {}
        self.label: dict[str, Any] | None = None
        self.description = ""

    def meta(self, agent: str, framework: str, ids: str = "openai", **more: Any) -> None:
        self.style = ids
        self.meta_info = {"agent": agent, "framework": framework, **more}

    def _call_id(self) -> str:
        self.calls += 1
        prefix, size, alphabet = ID_STYLES[self.style]
        if not size:
            return f"c{self.calls}"
        return prefix + "".join(self.rng.choice(alphabet) for _ in range(size))

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str) -> int:
        """An assistant message with no tool call; returns its step."""
        self.steps += 1
        self.events.append({"type": "message", "role": "assistant", "text": text})
        return self.steps

    def act(self, text: str, *calls: tuple[str, dict, Any, bool]) -> int:
        """An assistant message carrying a batch of calls, each answered; returns its step."""
        self.steps += 1
        ids = [self._call_id() for _ in calls]
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        message["tool_calls"] = [
            {"id": i, "name": name, "arguments": args}
            for i, (name, args, _, _) in zip(ids, calls, strict=True)
        ]
        self.events.append(message)
        for i, (name, _, content, err) in zip(ids, calls, strict=True):
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": i,
                    "name": name,
                    "content": dumps(content),
                    "is_error": err,
                }
            )
        return self.steps

    def call(self, name: str, args: dict[str, Any], content: Any, err: bool = False, text: str = "") -> int:
        return self.act(text, c(name, args, content, err))

    def loop(self, description: str, kinds: list[str], onset: int, notes: str) -> None:
        assert kinds, self.sid
        assert set(kinds) <= KINDS, self.sid
        assert 1 <= onset <= self.steps, (self.sid, onset, self.steps)
        assert f"step {onset}" in notes, (self.sid, onset)
        self.description = description
        self.label = {"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes}

    def healthy(self, description: str, notes: str) -> None:
        self.description = description
        self.label = {"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes}

    def scenario(self) -> dict[str, Any]:
        assert self.label is not None, self.sid
        return {
            "id": self.sid,
            "source": SOURCE,
            "description": self.description,
            "label": self.label,
            "meta": self.meta_info,
            "events": self.events,
        }
