"""``Trace``: emits one scenario's events, counts its steps and checks its label.

Every scenario owns a ``Trace`` whose ``random.Random`` is seeded with the scenario id (a fixed string), so
call ids, shuffled result orders and any jitter are the same on every run. ``Trace.act`` and ``Trace.say``
return the step number of the assistant message they emit; builders keep those numbers and compute the
onset from them, never by hand.
"""

from __future__ import annotations

import json
import random
import string
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind13.py"
KINDS = {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text"}
ALNUM = string.ascii_letters + string.digits


@dataclass
class Call:
    """One tool call and the result the tool gives it."""

    name: str
    arguments: dict[str, Any]
    content: str
    is_error: bool = False


def call(name: str, arguments: dict[str, Any], content: str, *, error: bool = False) -> Call:
    return Call(name, arguments, content, error)


@dataclass
class Clock:
    """A clock that starts at a fixed instant and only moves when told to."""

    start: str
    _now: datetime = field(init=False)

    def __post_init__(self) -> None:
        self._now = datetime.fromisoformat(self.start.replace("Z", "+00:00")).astimezone(UTC)

    def tick(self, seconds: float = 0) -> str:
        self._now += timedelta(seconds=seconds)
        return self._now.strftime("%Y-%m-%dT%H:%M:%SZ")

    def hms(self, seconds: float = 0) -> str:
        self._now += timedelta(seconds=seconds)
        return self._now.strftime("%H:%M:%S")

    def epoch(self, seconds: float = 0) -> int:
        self._now += timedelta(seconds=seconds)
        return int(self._now.timestamp())


class Trace:
    """The events of one session, with the step number of every assistant message."""

    def __init__(
        self,
        sid: str,
        description: str,
        *,
        ids: str = "openai",
        agent: str = "",
        language: str = "en",
    ) -> None:
        self.sid = sid
        self.description = description
        self.rng = random.Random(sid)
        self.ids = ids
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self._plain = 0
        self.meta = {"agent": agent, "language": language, "call_ids": ids}

    # --- ids -------------------------------------------------------------------------------------
    def _chars(self, n: int, alphabet: str = ALNUM) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def new_id(self) -> str:
        style = self.ids
        if style == "openai":
            return "call_" + self._chars(24)
        if style == "anthropic":
            return "toolu_01" + self._chars(22)
        if style == "bedrock":
            return "tooluse_" + self._chars(22, ALNUM + "-_")
        if style == "mistral":
            return self._chars(9)
        if style == "gemini":
            hexd = "0123456789abcdef"
            parts = [self._chars(n, hexd) for n in (8, 4, 4, 4, 12)]
            return "adk-" + "-".join(parts)
        if style == "responses":
            return "fc_" + self._chars(40, "0123456789abcdef")
        self._plain += 1
        prefix = style.split(":", 1)[1] if ":" in style else "call_"
        return f"{prefix}{self._plain}"

    # --- events ----------------------------------------------------------------------------------
    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str) -> int:
        """An assistant message without tool calls; returns its step."""
        self.steps += 1
        self.events.append({"type": "message", "role": "assistant", "text": text})
        return self.steps

    def act(self, text: str, *calls: Call, shuffle: bool = False) -> int:
        """An assistant message carrying ``calls`` and then their results; returns its step."""
        self.steps += 1
        ids = [self.new_id() for _ in calls]
        self.events.append(
            {
                "type": "message",
                "role": "assistant",
                "text": text,
                "tool_calls": [
                    {"id": i, "name": c.name, "arguments": c.arguments}
                    for i, c in zip(ids, calls, strict=True)
                ],
            }
        )
        order = list(range(len(calls)))
        if shuffle:
            self.rng.shuffle(order)
        for k in order:
            c = calls[k]
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": ids[k],
                    "name": c.name,
                    "content": c.content,
                    "is_error": c.is_error,
                }
            )
        return self.steps

    # --- labels ----------------------------------------------------------------------------------
    def _scenario(self, label: dict[str, Any]) -> dict[str, Any]:
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
        if not self.sid.startswith("blind13-loop-"):
            raise ValueError(f"{self.sid}: a loop id must start with blind13-loop-")
        return self._scenario({"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes})

    def healthy(self, notes: str) -> dict[str, Any]:
        if not self.sid.startswith("blind13-healthy-"):
            raise ValueError(f"{self.sid}: a healthy id must start with blind13-healthy-")
        return self._scenario({"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes})


# --- result formatting helpers ---------------------------------------------------------------------
def js(obj: Any, *, indent: int | None = None) -> str:
    """JSON as a tool would print it: compact by default, or indented."""
    if indent is None:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return json.dumps(obj, ensure_ascii=False, indent=indent)


def jsp(obj: Any) -> str:
    """JSON with Python's default separators (a ``json.dumps`` without options)."""
    return json.dumps(obj, ensure_ascii=False)


def csv(header: list[str], rows: list[list[Any]], sep: str = ",") -> str:
    lines = [sep.join(header)] + [sep.join(str(v) for v in row) for row in rows]
    return "\n".join(lines) + "\n"


def table(header: list[str], rows: list[list[Any]]) -> str:
    """A markdown table."""
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(str(v) for v in row) + " |" for row in rows]
    return "\n".join(out)


def yaml_block(pairs: list[tuple[str, Any]], indent: int = 0) -> str:
    """A flat or nested YAML mapping from (key, value) pairs; values that are lists of pairs nest."""
    pad = " " * indent
    out = []
    for key, value in pairs:
        if isinstance(value, list) and value and isinstance(value[0], tuple):
            out.append(f"{pad}{key}:")
            out.append(yaml_block(value, indent + 2))
        elif isinstance(value, list):
            out.append(f"{pad}{key}:")
            out += [f"{pad}  - {v}" for v in value]
        else:
            out.append(f"{pad}{key}: {value}")
    return "\n".join(out)
