"""The trace builder every blind8 scenario module uses.

``Trace`` emits the events of one session in order, numbers the assistant messages (steps) as it emits
them and returns each step's number, so the modules compute every onset from their own events. It owns
the scenario's ``random.Random`` (seeded with the scenario id, a fixed string) and a ``Clock`` started at a
fixed instant, so nothing depends on the wall clock or on ``hash()``.
"""

from __future__ import annotations

import json
import re
import string
from dataclasses import dataclass
from datetime import datetime, timedelta
from random import Random
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind8.py"
KINDS = {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text"}
ALNUM = string.ascii_letters + string.digits


def js(obj: Any) -> str:
    """A tool result as the JSON text an API or MCP server returns."""
    return json.dumps(obj, ensure_ascii=False)


@dataclass(frozen=True)
class Call:
    """One tool call of a step and the result it gets."""

    name: str
    args: dict[str, Any]
    result: str
    error: bool = False


def c(name: str, args: dict[str, Any], result: str, error: bool = False) -> Call:
    """Shorthand for ``Call``."""
    return Call(name, args, result, error)


class Clock:
    """Session time, advanced by the builder; never the wall clock."""

    def __init__(self, start: str) -> None:
        self.now = datetime.fromisoformat(start)

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)

    def iso(self) -> str:
        return self.now.isoformat(timespec="seconds").replace("+00:00", "Z")


class Trace:
    """One session: events in order, steps counted, a label checked against the events."""

    def __init__(
        self,
        sid: str,
        description: str,
        *,
        agent: str,
        model: str,
        start: str,
        ids: str = "toolu",
        harness: str | None = None,
    ) -> None:
        self.sid = sid
        self.description = description
        self.rng = Random(sid)
        self.clock = Clock(start)
        self.meta: dict[str, Any] = {"agent": agent, "model": model, "started_at": self.clock.iso()}
        if harness:
            self.meta["harness"] = harness
        self.ids = ids
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.calls = 0
        self.label: dict[str, Any] | None = None

    # -- events -------------------------------------------------------------------------------------

    def _call_id(self, name: str) -> str:
        self.calls += 1
        pick = self.rng.choice
        if self.ids == "toolu":
            return "toolu_01" + "".join(pick(ALNUM) for _ in range(22))
        if self.ids == "call":
            return "call_" + "".join(pick(ALNUM) for _ in range(24))
        if self.ids == "fc":
            return f"fc_{name}_{self.calls}"
        return f"c{self.calls}"

    def user(self, text: str) -> None:
        self.clock.advance(self.rng.uniform(5, 40))
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.clock.advance(self.rng.uniform(0.2, 1.5))
        self.events.append({"type": "message", "role": "system", "text": text})

    def wait(self, seconds: float) -> None:
        """Time passes with no event (a sleep between polls, a caller thinking)."""
        self.clock.advance(seconds)

    def step(self, text: str = "", *calls: Call, reverse: bool = False) -> int:
        """Emit one assistant message with its calls (a batch) and their results; return its step."""
        self.steps += 1
        self.clock.advance(self.rng.uniform(1.5, 9.0))
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        answered = []
        if calls:
            message["tool_calls"] = []
            for call in calls:
                call_id = self._call_id(call.name)
                message["tool_calls"].append({"id": call_id, "name": call.name, "arguments": call.args})
                answered.append((call_id, call))
        self.events.append(message)
        for call_id, call in reversed(answered) if reverse else answered:
            self.clock.advance(self.rng.uniform(0.3, 4.0))
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": call_id,
                    "name": call.name,
                    "content": call.result,
                    "is_error": call.error,
                }
            )
        return self.steps

    # -- labels -------------------------------------------------------------------------------------

    def loop(self, kinds: list[str], onset: int, notes: str) -> None:
        """Label a loop; refuse an onset outside the trace or one the notes do not name."""
        if not kinds or not set(kinds) <= KINDS:
            raise ValueError(f"{self.sid}: bad kinds {kinds}")
        if not 1 <= onset <= self.steps:
            raise ValueError(f"{self.sid}: onset {onset} outside 1..{self.steps}")
        if not re.search(rf"\bstep {onset}\b", notes):
            raise ValueError(f"{self.sid}: the notes do not name step {onset}")
        self.label = {"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes}

    def healthy(self, notes: str) -> None:
        self.label = {"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes}

    def build(self) -> dict[str, Any]:
        if self.label is None:
            raise ValueError(f"{self.sid}: not labelled")
        meta = {**self.meta, "ended_at": self.clock.iso(), "steps": self.steps}
        return {
            "id": self.sid,
            "source": SOURCE,
            "description": self.description,
            "label": self.label,
            "events": self.events,
            "meta": meta,
        }
