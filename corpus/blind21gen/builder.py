"""``Trace`` emits one session's events and counts its steps; ``loop`` and ``healthy`` register builders.

A step is one assistant message, numbered from 1. ``Trace.say`` returns the step number of the message
it emits, so onsets are taken from the builder's own events. Call ids follow one convention per
scenario, drawn from a ``random.Random`` seeded with the scenario id (used for nothing else).
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind21.py"
KINDS = {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text"}

Builder = Callable[[str], dict[str, Any]]
LOOPS: list[tuple[str, Builder]] = []
HEALTHY: list[tuple[str, Builder]] = []


def loop(slug: str) -> Callable[[Builder], Builder]:
    """Register a loop builder under ``slug`` (numbered later, in registration order)."""

    def register(fn: Builder) -> Builder:
        LOOPS.append((slug, fn))
        return fn

    return register


def healthy(slug: str) -> Callable[[Builder], Builder]:
    """Register a healthy builder under ``slug`` (numbered later, in registration order)."""

    def register(fn: Builder) -> Builder:
        HEALTHY.append((slug, fn))
        return fn

    return register


def js(obj: Any) -> str:
    """Compact JSON."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def jsp(obj: Any) -> str:
    """JSON with spaces after separators, on one line."""
    return json.dumps(obj, ensure_ascii=False)


def jsi(obj: Any) -> str:
    """Indented JSON."""
    return json.dumps(obj, ensure_ascii=False, indent=2)


def csv(rows: list[list[Any]]) -> str:
    """Comma-separated rows, one a line."""
    return "\n".join(",".join(str(cell) for cell in row) for row in rows)


def table(header: list[str], rows: list[list[Any]]) -> str:
    """A markdown pipe table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


@dataclass
class Call:
    """One tool call and the result the tool gives back."""

    name: str
    arguments: dict[str, Any]
    content: str
    error: bool = False


def call(name: str, arguments: dict[str, Any], content: str, error: bool = False) -> Call:
    return Call(name, arguments, content, error)


_ALNUM = string.ascii_letters + string.digits


class Trace:
    """One session. ``ids`` is the call-id convention: openai, responses, anthropic, adk, bedrock,
    mistral, plain or named."""

    def __init__(
        self,
        sid: str,
        description: str,
        *,
        domain: str,
        language: str,
        ids: str,
        harness: str,
        started: str,
    ) -> None:
        self.sid = sid
        self.description = description
        self.meta: dict[str, Any] = {
            "domain": domain,
            "language": language,
            "harness": harness,
            "call_ids": ids,
            "started": started,
        }
        self.ids = ids
        self.rng = random.Random(sid)
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.counter = 0
        self.named: dict[str, int] = {}

    def _id(self, name: str) -> str:
        self.counter += 1
        pick = self.rng.choices
        if self.ids == "openai":
            return "call_" + "".join(pick(_ALNUM, k=24))
        if self.ids == "responses":
            return "fc_" + "".join(pick("0123456789abcdef", k=48))
        if self.ids == "anthropic":
            return "toolu_01" + "".join(pick(_ALNUM, k=22))
        if self.ids == "adk":
            hexes = "".join(pick("0123456789abcdef", k=32))
            return f"adk-{hexes[:8]}-{hexes[8:12]}-4{hexes[13:16]}-a{hexes[17:20]}-{hexes[20:]}"
        if self.ids == "bedrock":
            return "tooluse_" + "".join(pick(_ALNUM + "-_", k=22))
        if self.ids == "mistral":
            return "".join(pick(_ALNUM, k=9))
        if self.ids == "named":
            n = self.named.get(name, 0)
            self.named[name] = n + 1
            return f"{name}_{n}"
        return f"c{self.counter}"

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str, *calls: Call, order: list[int] | None = None) -> int:
        """Emit an assistant message with ``calls`` (answered in ``order``, default as issued);
        return its step number."""
        self.steps += 1
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        issued = [(self._id(c.name), c) for c in calls]
        if issued:
            message["tool_calls"] = [
                {"id": cid, "name": c.name, "arguments": c.arguments} for cid, c in issued
            ]
        self.events.append(message)
        for i in order if order is not None else range(len(issued)):
            cid, c = issued[i]
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": cid,
                    "name": c.name,
                    "content": c.content,
                    "is_error": c.error,
                }
            )
        return self.steps

    def _done(self, label: dict[str, Any]) -> dict[str, Any]:
        self.meta["steps"] = self.steps
        return {
            "id": self.sid,
            "source": SOURCE,
            "description": self.description,
            "label": label,
            "meta": self.meta,
            "events": self.events,
        }

    def loop(self, kinds: list[str], onset: int, notes: str) -> dict[str, Any]:
        if not kinds or not set(kinds) <= KINDS:
            raise ValueError(f"{self.sid}: bad kinds {kinds}")
        if not 1 <= onset <= self.steps:
            raise ValueError(f"{self.sid}: onset {onset} outside 1..{self.steps}")
        if f"step {onset}" not in notes:
            raise ValueError(f"{self.sid}: notes do not name step {onset}")
        return self._done({"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes})

    def healthy(self, notes: str) -> dict[str, Any]:
        return self._done({"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes})
