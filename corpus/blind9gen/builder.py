"""The scenario builder shared by every ``blind9gen`` family.

``Trace`` emits SCHEMA.md events, counts steps (assistant messages, numbered from 1) as it goes and
returns the step number of every assistant message, so each onset is taken from the builder's own
events. ``Trace.loop`` refuses an onset outside the trace or one the notes do not name as "step N".
Nothing here reads the wall clock: session times come from ``Clock``, started at a fixed instant.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind9.py"
KINDS = {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text"}

# 2026-03-04T06:00:00Z; each scenario starts a fixed number of minutes later (within the working day).
BASE_UNIX = 1772604000


def clip(text: str, limit: int = 4000) -> str:
    """Long outputs keep their head and tail, as SCHEMA.md asks."""
    if len(text) <= limit:
        return text
    keep = (limit - 40) // 2
    return f"{text[:keep]}\n... [{len(text) - 2 * keep} chars truncated] ...\n{text[-keep:]}"


def js(obj: Any) -> str:
    """A compact JSON body, as most APIs return it."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def pj(obj: Any) -> str:
    """A pretty JSON body, as CLIs and notebooks print it."""
    return json.dumps(obj, ensure_ascii=False, indent=2)


class Clock:
    """Session time: starts at a fixed instant and moves forward by seeded amounts."""

    def __init__(self, offset_minutes: int, rng: random.Random) -> None:
        self.now = BASE_UNIX + 60 * (offset_minutes % 660)
        self.rng = rng

    def tick(self, low: int = 2, high: int = 25) -> None:
        self.now += self.rng.randint(low, high)

    def stamp(self) -> str:
        return datetime.fromtimestamp(self.now, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class Call:
    """One tool call of a batch and the result it gets."""

    name: str
    arguments: dict[str, Any]
    content: str
    error: bool = False


ID_STYLES = ("openai", "anthropic", "gemini", "plain")


class Trace:
    """One session under construction."""

    def __init__(
        self,
        sid: str,
        description: str,
        *,
        agent: str,
        model: str,
        start: int,
        ids: str = "openai",
        meta: dict[str, Any] | None = None,
    ) -> None:
        assert ids in ID_STYLES, ids
        self.sid = sid
        self.description = description
        self.rng = random.Random(sid)
        self.clock = Clock(start, self.rng)
        self.started = self.clock.stamp()
        self.ids = ids
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.calls = 0
        self.label: dict[str, Any] | None = None
        self.meta: dict[str, Any] = {"agent": agent, "model": model, **(meta or {})}

    # ids ---------------------------------------------------------------------------------------
    def _call_id(self) -> str:
        self.calls += 1
        alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        if self.ids == "openai":
            return "call_" + "".join(self.rng.choice(alphabet) for _ in range(24))
        if self.ids == "anthropic":
            return "toolu_01" + "".join(self.rng.choice(alphabet) for _ in range(22))
        if self.ids == "gemini":
            return f"fc_{self.calls:03d}_{self.rng.randrange(16**6):06x}"
        return f"t{self.calls}"

    # events ------------------------------------------------------------------------------------
    def user(self, text: str) -> None:
        self.clock.tick(20, 90)
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.clock.tick(1, 3)
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str) -> int:
        """An assistant message without tool calls; returns its step."""
        self.clock.tick(3, 30)
        self.steps += 1
        self.events.append({"type": "message", "role": "assistant", "text": text})
        return self.steps

    def batch(self, text: str, calls: list[Call], *, order: list[int] | None = None) -> int:
        """An assistant message with several calls, answered in ``order`` (default: as issued)."""
        self.clock.tick(3, 30)
        self.steps += 1
        ids = [self._call_id() for _ in calls]
        message = {
            "type": "message",
            "role": "assistant",
            "text": text,
            "tool_calls": [
                {"id": cid, "name": c.name, "arguments": c.arguments}
                for cid, c in zip(ids, calls, strict=True)
            ],
        }
        self.events.append(message)
        for index in order if order is not None else range(len(calls)):
            call = calls[index]
            self.clock.tick(1, 40)
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": ids[index],
                    "name": call.name,
                    "content": clip(call.content),
                    "is_error": call.error,
                }
            )
        return self.steps

    def act(
        self, text: str, name: str, arguments: dict[str, Any], content: str, *, error: bool = False
    ) -> int:
        """An assistant message with one call and its result; returns its step."""
        return self.batch(text, [Call(name, arguments, content, error)])

    # labels ------------------------------------------------------------------------------------
    def loop(self, kinds: list[str], onset: int, notes: str) -> None:
        assert kinds, self.sid
        assert set(kinds) <= KINDS, (self.sid, kinds)
        assert 1 <= onset <= self.steps, (self.sid, onset, self.steps)
        assert f"step {onset}" in notes, (self.sid, onset)
        self.label = {"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes}

    def healthy(self, notes: str) -> None:
        self.label = {"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes}

    def build(self) -> dict[str, Any]:
        assert self.label is not None, self.sid
        assert self.sid.startswith(("blind9-loop-", "blind9-healthy-")), self.sid
        assert self.label["loop"] == self.sid.startswith("blind9-loop-"), self.sid
        meta = {**self.meta, "started_at": self.started, "ended_at": self.clock.stamp(), "steps": self.steps}
        return {
            "id": self.sid,
            "source": SOURCE,
            "description": self.description,
            "label": self.label,
            "meta": meta,
            "events": self.events,
        }
