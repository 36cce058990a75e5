"""The one tool every blind12 builder uses: a ``Trace`` that emits SCHEMA.md events and counts steps.

A step is one assistant message, numbered from 1. ``Trace.say``, ``Trace.act`` and ``Trace.batch``
return the step number of the message they emit, so a builder computes its onset from its own events
and never types a step number by hand. ``Trace.loop`` refuses an onset outside the trace, or notes
that do not name the onset as "step N".
"""

from __future__ import annotations

import datetime as dt
import json
import random
import string
from dataclasses import dataclass
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind12.py"
KINDS = {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text"}

_ALNUM = string.ascii_letters + string.digits
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_HEX = "0123456789abcdef"


def js(obj: Any, *, pretty: bool = False) -> str:
    """A tool result rendered as JSON text (compact, or indented like a pretty-printing server)."""
    if pretty:
        return json.dumps(obj, ensure_ascii=False, indent=2)
    return json.dumps(obj, ensure_ascii=False)


def md_table(header: list[str], rows: list[list[Any]]) -> str:
    """A markdown table, as some MCP servers return."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def csv_text(header: list[str], rows: list[list[Any]], *, sep: str = ",") -> str:
    """Rows as CSV text with a header line."""
    return "\n".join(sep.join(str(cell) for cell in line) for line in [header, *rows]) + "\n"


class Clock:
    """Timestamps for result bodies, advanced by the builder from a fixed instant (never the wall clock)."""

    def __init__(self, start: str) -> None:
        self.now = dt.datetime.fromisoformat(start.replace("Z", "+00:00"))

    def tick(self, seconds: float) -> str:
        self.now += dt.timedelta(seconds=seconds)
        return self.iso()

    def iso(self) -> str:
        return self.now.strftime("%Y-%m-%dT%H:%M:%SZ")

    def hm(self) -> str:
        return self.now.strftime("%H:%M")


class CallIds:
    """Tool-call ids in one provider's convention, drawn from the scenario's own random stream."""

    def __init__(self, style: str, rng: random.Random) -> None:
        if style not in {"openai", "anthropic", "gemini", "bedrock", "plain", "dashed", "mistral"}:
            raise ValueError(style)
        self.style, self.rng, self.count = style, rng, 0

    def _pick(self, alphabet: str, n: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def next(self) -> str:
        self.count += 1
        if self.style == "openai":
            return "call_" + self._pick(_ALNUM, 24)
        if self.style == "anthropic":
            return "toolu_01" + self._pick(_B58, 22)
        if self.style == "gemini":
            parts = [self._pick(_HEX, n) for n in (8, 4, 4, 4, 12)]
            return "adk-" + "-".join(parts)
        if self.style == "bedrock":
            return "tooluse_" + self._pick(_ALNUM + "-_", 22)
        if self.style == "mistral":
            return self._pick(_ALNUM, 9)
        if self.style == "dashed":
            return f"call-{self.count}"
        return f"c{self.count}"


@dataclass
class Call:
    """One tool call and the result it gets."""

    name: str
    args: dict[str, Any]
    result: Any
    error: bool = False


class Trace:
    """One agent session being written; steps are counted as assistant messages are emitted."""

    def __init__(
        self,
        scenario_id: str,
        description: str,
        *,
        ids: str = "openai",
        meta: dict[str, Any] | None = None,
    ) -> None:
        self.id = scenario_id
        self.description = description
        self.rng = random.Random(scenario_id)
        self.ids = CallIds(ids, self.rng)
        self.meta = dict(meta or {})
        self.events: list[dict[str, Any]] = []
        self.steps = 0

    # -- events -------------------------------------------------------------------------------
    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str) -> int:
        """An assistant message with no tool call; returns its step."""
        self.steps += 1
        self.events.append({"type": "message", "role": "assistant", "text": text})
        return self.steps

    def act(self, text: str, name: str, args: dict[str, Any], result: Any, *, error: bool = False) -> int:
        """An assistant message with one tool call, and its result; returns the step."""
        return self.batch(text, [Call(name, args, result, error)])

    def batch(self, text: str, calls: list[Call], *, order: str = "same") -> int:
        """An assistant message with several calls; results follow in ``order`` (same, reverse,
        shuffle); returns the step."""
        if not calls:
            raise ValueError("a batch needs calls")
        self.steps += 1
        ids = [self.ids.next() for _ in calls]
        tool_calls = [
            {"id": cid, "name": call.name, "arguments": call.args}
            for cid, call in zip(ids, calls, strict=True)
        ]
        self.events.append({"type": "message", "role": "assistant", "text": text, "tool_calls": tool_calls})
        answered = list(zip(ids, calls, strict=True))
        if order == "reverse":
            answered.reverse()
        elif order == "shuffle":
            self.rng.shuffle(answered)
        elif order != "same":
            raise ValueError(order)
        for cid, call in answered:
            content = call.result if isinstance(call.result, str) else js(call.result)
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": cid,
                    "name": call.name,
                    "content": content,
                    "is_error": call.error,
                }
            )
        return self.steps

    # -- labels -------------------------------------------------------------------------------
    def _scenario(self, label: dict[str, Any]) -> dict[str, Any]:
        scenario: dict[str, Any] = {
            "id": self.id,
            "source": SOURCE,
            "description": self.description,
            "label": label,
            "events": self.events,
        }
        if self.meta:
            scenario["meta"] = self.meta
        return scenario

    def loop(self, kinds: list[str], onset: int, notes: str) -> dict[str, Any]:
        if "-loop-" not in self.id:
            raise ValueError(f"{self.id}: a loop label on a healthy id")
        if not kinds or not set(kinds) <= KINDS:
            raise ValueError(f"{self.id}: kinds {kinds}")
        if not 1 <= onset <= self.steps:
            raise ValueError(f"{self.id}: onset {onset} outside 1..{self.steps}")
        if f"step {onset}" not in notes:
            raise ValueError(f"{self.id}: notes do not name step {onset}")
        return self._scenario({"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes})

    def healthy(self, notes: str) -> dict[str, Any]:
        if "-healthy-" not in self.id:
            raise ValueError(f"{self.id}: a healthy label on a loop id")
        return self._scenario({"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes})
