"""``Trace``: emits SCHEMA.md events for one session and counts steps as it goes.

Every assistant message is a step; ``Trace.say`` returns its number, so onsets are taken from the
builder's own events. Call ids are drawn from a ``random.Random`` seeded with the scenario id, in the
style of the harness the session imitates. ``Trace.loop`` refuses an onset outside the trace or one the
notes do not name as "step N"; ``Trace.healthy`` labels a run ``none``."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind15.py"
_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_HEX = "0123456789abcdef"
KINDS = {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text"}


@dataclass
class Call:
    """One tool call and the result the tool gives back."""

    name: str
    args: dict[str, Any]
    result: Any = ""
    error: bool = False


def call(name: str, args: dict[str, Any], result: Any = "", *, error: bool = False) -> Call:
    return Call(name, args, result, error)


class Clock:
    """A fixed-start clock: ``tick`` moves it on and returns an ISO-8601 UTC time."""

    def __init__(self, start: str) -> None:
        self.now = datetime.fromisoformat(start)

    def tick(self, seconds: float = 0) -> str:
        self.now += timedelta(seconds=seconds)
        return self.now.strftime("%Y-%m-%dT%H:%M:%SZ")


class Trace:
    """The events of one session, with its step count and call-id style."""

    def __init__(
        self,
        sid: str,
        description: str,
        *,
        ids: str = "openai",
        style: str = "spaced",
        meta: dict[str, Any] | None = None,
    ) -> None:
        self.sid = sid
        self.description = description
        self.ids = ids
        self.style = style
        self.meta = meta
        self.rng = random.Random(sid)
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self._calls = 0

    # -- ids and content ---------------------------------------------------------------------------
    def _pick(self, alphabet: str, n: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def _call_id(self, name: str) -> str:
        self._calls += 1
        if self.ids == "openai":
            return "call_" + self._pick(_ALNUM, 24)
        if self.ids == "responses":
            return "fc_" + self._pick(_HEX, 32)
        if self.ids == "anthropic":
            return "toolu_01" + self._pick(_ALNUM, 22)
        if self.ids == "bedrock":
            return "tooluse_" + self._pick(_ALNUM, 22)
        if self.ids == "mistral":
            return self._pick(_ALNUM, 9)
        if self.ids == "gemini":
            return f"gem_{name.replace('.', '_')}_{self._calls - 1}"
        if self.ids == "adk":
            h = self._pick(_HEX, 32)
            return f"adk-{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
        return f"c{self._calls}"

    def _content(self, result: Any) -> str:
        if isinstance(result, str):
            return result
        if self.style == "indent":
            return json.dumps(result, ensure_ascii=False, indent=2)
        if self.style == "tight":
            return json.dumps(result, ensure_ascii=False, separators=(",", ":"))
        return json.dumps(result, ensure_ascii=False)

    # -- events ------------------------------------------------------------------------------------
    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str, *calls: Call, answer_order: list[int] | None = None) -> int:
        """One assistant message (a step) with its calls, each answered before the next step."""
        self.steps += 1
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        ids = [self._call_id(c.name) for c in calls]
        if calls:
            message["tool_calls"] = [
                {"id": i, "name": c.name, "arguments": c.args} for i, c in zip(ids, calls, strict=True)
            ]
        self.events.append(message)
        order = answer_order if answer_order is not None else list(range(len(calls)))
        assert sorted(order) == list(range(len(calls))), self.sid
        for k in order:
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

    # -- labels ------------------------------------------------------------------------------------
    def _scenario(self, label: dict[str, Any]) -> dict[str, Any]:
        scenario: dict[str, Any] = {
            "id": self.sid,
            "source": SOURCE,
            "description": self.description,
            "label": label,
            "events": self.events,
        }
        if self.meta:
            scenario["meta"] = self.meta
        return scenario

    def loop(self, kinds: list[str], onset: int, notes: str) -> dict[str, Any]:
        assert "-loop-" in self.sid, self.sid
        assert kinds, self.sid
        assert set(kinds) <= KINDS, self.sid
        assert 1 <= onset <= self.steps, (self.sid, onset, self.steps)
        assert f"step {onset}" in notes, self.sid
        return self._scenario({"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes})

    def healthy(self, notes: str) -> dict[str, Any]:
        assert "-healthy-" in self.sid, self.sid
        assert notes, self.sid
        return self._scenario({"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes})
