"""The trace builder every scenario module uses.

``Trace`` emits events in order and counts steps (assistant messages) as it goes, so a builder gets
the step number of every call it makes back from ``say``/``call``/``act`` and computes a loop's onset
from those numbers, never by hand. Each trace owns a ``random.Random`` seeded with its id.
"""

from __future__ import annotations

import json
import random
import string
from typing import Any

JSON = dict[str, Any]
SOURCE = "synthetic: corpus/generate_heldout_blind6.py"

_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def js(obj: Any, *, indent: int | None = None) -> str:
    """``obj`` as JSON text, the way a tool would print it (compact unless ``indent``)."""
    if indent is None:
        return json.dumps(obj, ensure_ascii=False)
    return json.dumps(obj, ensure_ascii=False, indent=indent)


def clip(text: str, limit: int = 4000) -> str:
    """``text`` cut to about ``limit`` characters, keeping head and tail (as SCHEMA.md asks)."""
    if len(text) <= limit:
        return text
    head, tail = text[: limit * 2 // 3], text[-(limit // 3) :]
    return f"{head}\n... [{len(text) - len(head) - len(tail)} characters truncated] ...\n{tail}"


def table(header: list[str], rows: list[list[str]]) -> str:
    """A plain-text, column-aligned table like a CLI or SQL client prints."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
        for row in [header, *rows]
    ]
    return "\n".join(lines)


class Trace:
    """One session being written: events, step count and the scenario's own random generator."""

    def __init__(self, sid: str, description: str, *, ids: str = "openai", meta: JSON | None = None) -> None:
        self.sid = sid
        self.description = description
        self.rng = random.Random(sid)
        self.events: list[JSON] = []
        self.steps = 0
        self.meta = meta
        self._ids = ids
        self._calls = 0

    # ids -----------------------------------------------------------------------------------
    def _pick(self, alphabet: str, n: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def new_id(self) -> str:
        """A call id in this agent's style."""
        self._calls += 1
        if self._ids == "anthropic":
            return "toolu_01" + self._pick(_ALNUM, 22)
        if self._ids == "short":
            return f"c{self._calls}"
        if self._ids == "gemini":
            return f"fc-{self._calls:03d}-{self._pick(_HEX, 6)}"
        if self._ids == "uuid":
            return "-".join(self._pick(_HEX, n) for n in (8, 4, 4, 4, 12))
        if self._ids == "bedrock":
            return "tooluse_" + self._pick(_ALNUM, 22)
        return "call_" + self._pick(_ALNUM, 24)

    # events --------------------------------------------------------------------------------
    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str) -> int:
        """An assistant message without tool calls; returns its step number."""
        self.steps += 1
        self.events.append({"type": "message", "role": "assistant", "text": text})
        return self.steps

    def act(self, text: str, calls: list[tuple[str, JSON, str, bool]], *, reverse: bool = False) -> int:
        """An assistant message with a batch of calls, each answered (in order, or reversed)."""
        self.steps += 1
        made = [(self.new_id(), name, args, result, error) for name, args, result, error in calls]
        self.events.append(
            {
                "type": "message",
                "role": "assistant",
                "text": text,
                "tool_calls": [
                    {"id": cid, "name": name, "arguments": args} for cid, name, args, _, _ in made
                ],
            }
        )
        for cid, name, _, result, error in reversed(made) if reverse else made:
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": cid,
                    "name": name,
                    "content": clip(result),
                    "is_error": error,
                }
            )
        return self.steps

    def call(self, name: str, args: JSON, result: str, *, error: bool = False, text: str = "") -> int:
        """An assistant message with one call and its result; returns its step number."""
        return self.act(text, [(name, args, result, error)])

    # labels --------------------------------------------------------------------------------
    def _scenario(self, label: JSON) -> JSON:
        out: JSON = {
            "id": self.sid,
            "source": SOURCE,
            "description": self.description,
            "label": label,
            "events": self.events,
        }
        if self.meta is not None:
            out["meta"] = {**self.meta, "synthetic": True}
        return out

    def loop(self, kinds: list[str], onset: int, notes: str) -> JSON:
        """Close the trace as a loop; ``onset`` must be a step this trace emitted and named in the notes."""
        if not 1 <= onset <= self.steps:
            raise ValueError(f"{self.sid}: onset {onset} outside 1..{self.steps}")
        if f"step {onset}" not in notes:
            raise ValueError(f"{self.sid}: notes do not name step {onset}")
        return self._scenario({"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes})

    def healthy(self, notes: str) -> JSON:
        """Close the trace as a healthy session."""
        return self._scenario({"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes})
