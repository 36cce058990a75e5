"""``Trace`` emits the events of one scenario and counts steps (assistant messages) as it goes, so every
onset is a step number the builder got back from its own events."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind16.py"
ALNUM = string.ascii_letters + string.digits


@dataclass(frozen=True)
class Call:
    """One tool call and the result it gets."""

    name: str
    args: dict[str, Any]
    result: Any
    error: bool = False


def call(name: str, args: dict[str, Any], result: Any, error: bool = False) -> Call:
    return Call(name, args, result, error)


class Trace:
    """The events of one scenario; ``step`` returns the number of the assistant message it emitted."""

    def __init__(self, sid: str, is_loop: bool, style: str, indent: bool) -> None:
        self.id = sid
        self.is_loop = is_loop
        self.style = style
        self.indent = indent
        self.rng = random.Random(sid)
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.calls = 0
        self.description = ""
        self.label: dict[str, Any] | None = None

    def _call_id(self, name: str) -> str:
        self.calls += 1
        pick = "".join(self.rng.choice(ALNUM) for _ in range(24))
        if self.style == "anthropic":
            return "toolu_01" + pick[:22]
        if self.style == "bedrock":
            return "tooluse_" + pick[:22]
        if self.style == "gemini":
            return f"{name.replace('.', '_')}-{self.calls}"
        if self.style == "mistral":
            return pick[:9]
        if self.style == "responses":
            return "fc_" + pick.lower()
        if self.style == "plain":
            return f"c{self.calls}"
        return "call_" + pick

    def _content(self, result: Any) -> str:
        if isinstance(result, str):
            return result
        if self.indent:
            return json.dumps(result, ensure_ascii=False, indent=2)
        return json.dumps(result, ensure_ascii=False, separators=(",", ":"))

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def step(self, text: str, *calls: Call, order: list[int] | None = None) -> int:
        """One assistant message with its batch of calls, each answered (in ``order`` if given)."""
        self.steps += 1
        ids = [self._call_id(c.name) for c in calls]
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        if calls:
            message["tool_calls"] = [
                {"id": i, "name": c.name, "arguments": c.args} for i, c in zip(ids, calls, strict=True)
            ]
        self.events.append(message)
        for k in order if order is not None else range(len(calls)):
            c = calls[k]
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": ids[k],
                    "name": c.name,
                    "content": self._content(c.result),
                    "is_error": c.error,
                }
            )
        return self.steps

    def say(self, text: str) -> int:
        return self.step(text)

    def loop(self, kinds: list[str], onset: int, description: str, notes: str) -> None:
        if not self.is_loop:
            raise ValueError(f"{self.id}: a healthy scenario labelled as a loop")
        if not 1 <= onset <= self.steps or f"step {onset}" not in notes:
            raise ValueError(f"{self.id}: onset {onset} outside the trace or not named in the notes")
        self.description = description
        self.label = {"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes}

    def healthy(self, description: str, notes: str) -> None:
        if self.is_loop:
            raise ValueError(f"{self.id}: a loop scenario labelled as healthy")
        self.description = description
        self.label = {"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes}

    def scenario(self) -> dict[str, Any]:
        if self.label is None:
            raise ValueError(f"{self.id}: no label")
        return {
            "id": self.id,
            "source": SOURCE,
            "description": self.description,
            "label": self.label,
            "events": self.events,
        }


#: (is_loop, slug, style, indent, builder) in registration order.
REGISTERED: list[tuple[bool, str, str, bool, Callable[[Trace], None]]] = []


def loop(slug: str, style: str = "openai", indent: bool = False) -> Callable:
    def register(fn: Callable[[Trace], None]) -> Callable[[Trace], None]:
        REGISTERED.append((True, slug, style, indent, fn))
        return fn

    return register


def healthy(slug: str, style: str = "openai", indent: bool = False) -> Callable:
    def register(fn: Callable[[Trace], None]) -> Callable[[Trace], None]:
        REGISTERED.append((False, slug, style, indent, fn))
        return fn

    return register
