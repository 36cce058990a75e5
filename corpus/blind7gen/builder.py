"""The trace builder every blind7 scenario module uses.

``Trace`` appends events in order and counts steps (assistant messages, numbered from 1) as it goes; every
method that emits an assistant message returns that message's step number, so a builder computes its loop
onset from the steps it recorded, never from a hand-written constant. ``Trace.loop`` refuses an onset
outside the trace, kinds outside SCHEMA.md, or notes that do not name the onset as "step N".
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

Scenario = dict[str, Any]
Builder = Callable[[], Scenario]

SOURCE = "synthetic: corpus/generate_heldout_blind7.py"
KINDS = frozenset(
    {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text", "none"}
)
CLIP = 4000
_ALNUM = string.ascii_letters + string.digits


def clip(text: str, limit: int = CLIP) -> str:
    """``text`` cut to about ``limit`` characters, keeping head and tail (SCHEMA.md: ~4000)."""
    if len(text) <= limit:
        return text
    head = limit * 3 // 4
    tail = limit - head
    cut = len(text) - head - tail
    return f"{text[:head]}\n... [{cut} characters truncated] ...\n{text[-tail:]}"


def js(obj: Any, indent: int | None = None) -> str:
    """Compact (or indented) JSON text, non-ASCII kept."""
    if indent is None:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return json.dumps(obj, ensure_ascii=False, indent=indent)


def pretty(obj: Any) -> str:
    """JSON with spaces after separators, as most HTTP tools print it."""
    return json.dumps(obj, ensure_ascii=False)


def grid(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain-text table with padded columns and a dashed rule, as SQL consoles print them."""
    cells = [[str(h) for h in headers], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = [" | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def markdown(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A markdown table."""
    out = ["| " + " | ".join(str(h) for h in headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


class Clock:
    """A fixed, deterministic clock: ISO timestamps from a start and an offset in seconds."""

    def __init__(self, start: str) -> None:
        self.now = datetime.fromisoformat(start)
        if self.now.tzinfo is None:
            self.now = self.now.replace(tzinfo=UTC)

    def tick(self, seconds: float) -> str:
        self.now += timedelta(seconds=seconds)
        return self.iso()

    def iso(self) -> str:
        return self.now.isoformat().replace("+00:00", "Z")

    def hms(self) -> str:
        return self.now.strftime("%H:%M:%S")


@dataclass(frozen=True)
class Call:
    """One tool call and the result it gets."""

    name: str
    arguments: dict[str, Any]
    result: str
    error: bool = False


class Trace:
    """One agent session being written: events, step count, call ids, label."""

    def __init__(self, sid: str, description: str, *, agent: str, model: str, ids: str = "call") -> None:
        self.id = sid
        self.description = description
        self.rng = random.Random(sid)
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.meta: dict[str, Any] = {"agent": agent, "model": model, "synthetic": True}
        self._ids = ids
        self._calls = 0
        self._label: dict[str, Any] | None = None

    # ids and random helpers -------------------------------------------------------------------------
    def token(self, n: int, alphabet: str = _ALNUM) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def hexid(self, n: int) -> str:
        return self.token(n, "0123456789abcdef")

    def _call_id(self) -> str:
        self._calls += 1
        if self._ids == "toolu":
            return "toolu_01" + self.token(22)
        if self._ids == "call":
            return "call_" + self.token(24)
        if self._ids == "fc":
            return "fc_" + self.hexid(16)
        if self._ids == "tool":
            return f"tool_{self._calls:03d}"
        return f"c{self._calls}"

    # events -------------------------------------------------------------------------------------------
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
        """An assistant message carrying ``calls`` (a batch), then one result per call; returns its step.

        With ``shuffle`` the results of a batch come back in a random (seeded) order."""
        self.steps += 1
        ids = [self._call_id() for _ in calls]
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
                    "content": clip(c.result),
                    "is_error": c.error,
                }
            )
        return self.steps

    def call(
        self, name: str, arguments: dict[str, Any], result: str, *, error: bool = False, text: str = ""
    ) -> int:
        """A step with a single tool call; returns its step."""
        return self.act(text, Call(name, arguments, result, error))

    # labels -------------------------------------------------------------------------------------------
    def loop(self, kinds: Sequence[str], onset: int, notes: str) -> Scenario:
        assert kinds, self.id
        assert set(kinds) <= KINDS, (self.id, kinds)
        assert "none" not in kinds, self.id
        assert 1 <= onset <= self.steps, (self.id, onset, self.steps)
        assert f"step {onset}" in notes, (self.id, onset)
        assert self.id.startswith("blind7-loop-"), self.id
        self._label = {"loop": True, "kinds": list(kinds), "onset_step": onset, "notes": notes}
        return self.scenario()

    def healthy(self, notes: str) -> Scenario:
        assert notes, self.id
        assert self.id.startswith("blind7-healthy-"), self.id
        self._label = {"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes}
        return self.scenario()

    def scenario(self) -> Scenario:
        assert self._label is not None
        return {
            "id": self.id,
            "source": SOURCE,
            "description": self.description,
            "label": self._label,
            "meta": self.meta,
            "events": self.events,
        }


def nth(steps: Sequence[int], n: int) -> int:
    """The step of the ``n``-th (1-based) recorded attempt."""
    assert len(steps) >= n, (steps, n)
    return steps[n - 1]
