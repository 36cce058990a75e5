"""The trace builder every ``blind10gen`` module uses.

``Trace`` emits the events of one session in order and counts steps (assistant messages, numbered from 1)
as it goes: ``Trace.step`` returns the number of the step it wrote, so a scenario computes its onset from the
steps it recorded, never from a hand count. ``Trace.loop`` and ``Trace.healthy`` write the label and check
it: a loop's onset must be a step of the trace and the notes must name it as "step N".

Everything random comes from the trace's own ``random.Random`` seeded with the scenario id (a fixed
string), and session times come from ``Clock``, started at a fixed instant: no wall clock, no ``hash()``.
"""

from __future__ import annotations

import json
import random
import re
import string
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind10.py"
KINDS = ("identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text")
LIMIT = 4000
ALNUM = string.ascii_letters + string.digits


def dumps(value: Any) -> str:
    """Compact JSON, the way most tools print their payloads."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def pretty(value: Any) -> str:
    """Indented JSON, the way some MCP servers print theirs."""
    return json.dumps(value, ensure_ascii=False, indent=2)


def clip(text: str, limit: int = LIMIT) -> str:
    """Keep the head and tail of a long output (SCHEMA.md: about 4000 characters)."""
    if len(text) <= limit:
        return text
    keep = (limit - 40) // 2
    return f"{text[:keep]}\n[... {len(text) - 2 * keep} characters elided ...]\n{text[-keep:]}"


@dataclass
class Call:
    """One tool call of a step and the result the tool gave it."""

    name: str
    arguments: dict[str, Any]
    result: Any
    error: bool = False

    def content(self) -> str:
        return clip(self.result if isinstance(self.result, str) else dumps(self.result))


def C(name: str, arguments: dict[str, Any], result: Any, error: bool = False) -> Call:  # noqa: N802
    """Shorthand for ``Call``."""
    return Call(name, arguments, result, error)


class Clock:
    """Session time: starts at a fixed instant and only moves when the builder says so."""

    def __init__(self, start: str) -> None:
        self.now = datetime.fromisoformat(start)

    def tick(self, seconds: float) -> None:
        self.now += timedelta(seconds=round(seconds, 3))

    def iso(self) -> str:
        return self.now.isoformat().replace("+00:00", "Z")


@dataclass
class Trace:
    """One session: events in order, steps counted, ids and times drawn from the scenario's own seed."""

    sid: str
    description: str
    agent: str
    model: str
    start: str
    ids: str = "call"
    meta: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.sid)
        self.clock = Clock(self.start)
        self.started = self.clock.iso()
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.serial = 0

    # ------------------------------------------------------------------ ids and time
    def _chars(self, n: int, alphabet: str = ALNUM) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def call_id(self) -> str:
        self.serial += 1
        if self.ids == "toolu":
            return "toolu_01" + self._chars(22)
        if self.ids == "fc":
            return "fc_" + self._chars(24, "0123456789abcdef")
        if self.ids == "adk":
            h = self._chars(32, "0123456789abcdef")
            return f"adk-{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
        if self.ids == "short":
            return f"tool_{self.serial}_{self._chars(6, string.ascii_lowercase + string.digits)}"
        if self.ids == "index":
            return f"{self.serial - 1}"
        return "call_" + self._chars(24)

    def hexid(self, n: int = 8) -> str:
        """A volatile id (an entry id, a request id) drawn from the trace's seed."""
        return self._chars(n, "0123456789abcdef")

    def wait(self, seconds: float) -> None:
        """Let session time pass (a sleep, a slow tool)."""
        self.clock.tick(seconds)

    def stamp(self) -> str:
        """The session's current time, for timestamps inside tool results."""
        return self.clock.iso()

    # ------------------------------------------------------------------ events
    def user(self, text: str) -> None:
        self.clock.tick(self.rng.uniform(5, 40))
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def step(self, text: str = "", *calls: Call, shuffle: bool = False) -> int:
        """Write one assistant message with its calls and their results; return its step number."""
        self.clock.tick(self.rng.uniform(1.5, 9.0))
        self.steps += 1
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        ids = [self.call_id() for _ in calls]
        if calls:
            message["tool_calls"] = [
                {"id": i, "name": c.name, "arguments": c.arguments} for i, c in zip(ids, calls, strict=True)
            ]
        self.events.append(message)
        answered = list(zip(ids, calls, strict=True))
        if shuffle:
            self.rng.shuffle(answered)
        for i, c in answered:
            self.clock.tick(self.rng.uniform(0.2, 3.0))
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": i,
                    "name": c.name,
                    "content": c.content(),
                    "is_error": c.error,
                }
            )
        return self.steps

    # ------------------------------------------------------------------ labels
    def _scenario(self, label: dict[str, Any]) -> dict[str, Any]:
        meta = {"agent": self.agent, "model": self.model, **self.meta}
        meta["started_at"] = self.started
        meta["ended_at"] = self.clock.iso()
        return {
            "id": self.sid,
            "source": SOURCE,
            "description": self.description,
            "label": label,
            "events": self.events,
            "meta": meta,
        }

    def loop(self, kinds: list[str], onset: int, notes: str) -> dict[str, Any]:
        assert self.sid.startswith("blind10-loop-"), self.sid
        assert kinds, self.sid
        assert all(k in KINDS for k in kinds), (self.sid, kinds)
        assert 1 <= onset <= self.steps, (self.sid, onset, self.steps)
        assert re.search(rf"\bstep {onset}\b", notes), (self.sid, onset, notes)
        return self._scenario({"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes})

    def healthy(self, notes: str) -> dict[str, Any]:
        assert self.sid.startswith("blind10-healthy-"), self.sid
        return self._scenario({"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes})
