"""``Trace`` builds one scenario event by event and counts its steps; ``loop`` and ``healthy`` register
scenario builders in definition order.

A step is one assistant message (SCHEMA.md). ``Trace.act`` emits one assistant message with its batch of
calls, then the results in the order asked for, and returns that message's step number; builders keep the
numbers they get back and compute every onset from them. ``Trace.loop`` refuses an onset outside the trace
and notes that do not name it as "step N".
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable, Sequence
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind18.py"
KINDS = frozenset(
    {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text"}
)
ID_STYLES = ("openai", "responses", "anthropic", "gemini", "bedrock", "mistral", "plain", "named")

ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"

Builder = Callable[[str], "Trace"]
LOOPS: list[tuple[str, Builder]] = []
HEALTHY: list[tuple[str, Builder]] = []


def loop(slug: str) -> Callable[[Builder], Builder]:
    """Register a loop builder under ``slug`` (numbered later by the registry)."""

    def register(fn: Builder) -> Builder:
        LOOPS.append((slug, fn))
        return fn

    return register


def healthy(slug: str) -> Callable[[Builder], Builder]:
    """Register a healthy-run builder under ``slug`` (numbered later by the registry)."""

    def register(fn: Builder) -> Builder:
        HEALTHY.append((slug, fn))
        return fn

    return register


# --- result formats -------------------------------------------------------------------------------


def cj(obj: Any) -> str:
    """Compact JSON."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def sj(obj: Any) -> str:
    """JSON with the default spacing."""
    return json.dumps(obj, ensure_ascii=False)


def ij(obj: Any) -> str:
    """Indented JSON."""
    return json.dumps(obj, ensure_ascii=False, indent=2)


def csv(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Comma-separated values with a header line."""
    lines = [",".join(header)] + [",".join(str(v) for v in row) for row in rows]
    return "\n".join(lines) + "\n"


def md(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A markdown table."""
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(str(v) for v in row) + " |" for row in rows]
    return "\n".join(out)


# --- the trace ------------------------------------------------------------------------------------

Call = tuple[Any, ...]  # (name, arguments, content) or (name, arguments, content, is_error)


class Trace:
    """One agent session. ``act`` returns the step number of the message it emits."""

    def __init__(
        self,
        sid: str,
        description: str,
        *,
        domain: str,
        language: str,
        ids: str,
        started: str,
        harness: str | None = None,
    ) -> None:
        if ids not in ID_STYLES:
            raise ValueError(f"unknown call-id convention {ids!r}")
        self.sid = sid
        self.description = description
        self.rng = random.Random(sid)  # used only for call ids
        self.ids = ids
        self.meta: dict[str, Any] = {"domain": domain, "language": language, "call_ids": ids}
        if harness:
            self.meta["harness"] = harness
        self.meta["started_at"] = started
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.calls = 0
        self.label: dict[str, Any] | None = None

    # ids ---------------------------------------------------------------------------------------------
    def _pick(self, alphabet: str, n: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def new_id(self, name: str) -> str:
        self.calls += 1
        style = self.ids
        if style == "openai":
            return "call_" + self._pick(ALNUM, 24)
        if style == "responses":
            return "fc_" + self._pick(HEX, 48)
        if style == "anthropic":
            return "toolu_01" + self._pick(ALNUM, 22)
        if style == "gemini":
            parts = [self._pick(HEX, n) for n in (8, 4, 4, 4, 12)]
            return "adk-" + "-".join(parts)
        if style == "bedrock":
            return "tooluse_" + self._pick(ALNUM + "-_", 22)
        if style == "mistral":
            return self._pick(ALNUM, 9)
        if style == "plain":
            return f"c{self.calls}"
        short = name.rsplit(".", 1)[-1].rsplit("__", 1)[-1]
        return f"{short}_{self.calls - 1}"

    # events ------------------------------------------------------------------------------------------
    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str) -> int:
        """An assistant message without tool calls; returns its step."""
        return self.act(text)

    def act(self, text: str, *calls: Call, order: Sequence[int] | None = None) -> int:
        """An assistant message with a batch of calls, answered in ``order`` (default: as issued)."""
        self.steps += 1
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        issued = []
        for call in calls:
            name, arguments, content = call[0], call[1], call[2]
            is_error = bool(call[3]) if len(call) > 3 else False
            if not isinstance(arguments, dict):
                raise TypeError(f"{self.sid}: arguments must be an object")
            if not isinstance(content, str):
                raise TypeError(f"{self.sid}: content must be a string")
            issued.append((self.new_id(name), name, arguments, content, is_error))
        if issued:
            message["tool_calls"] = [{"id": i, "name": n, "arguments": a} for i, n, a, _, _ in issued]
        self.events.append(message)
        answer = list(order) if order is not None else list(range(len(issued)))
        if sorted(answer) != list(range(len(issued))):
            raise ValueError(f"{self.sid}: the result order must answer each call once")
        for index in answer:
            call_id, name, _, content, is_error = issued[index]
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": call_id,
                    "name": name,
                    "content": content,
                    "is_error": is_error,
                }
            )
        return self.steps

    # labels ------------------------------------------------------------------------------------------
    def loop(self, kinds: Sequence[str], onset: int, notes: str) -> Trace:
        if self.label is not None:
            raise ValueError(f"{self.sid}: labelled twice")
        if not kinds or not set(kinds) <= KINDS:
            raise ValueError(f"{self.sid}: bad kinds {kinds!r}")
        if not 1 <= onset <= self.steps:
            raise ValueError(f"{self.sid}: onset {onset} outside steps 1..{self.steps}")
        if f"step {onset}" not in notes:
            raise ValueError(f"{self.sid}: the notes must name the onset as 'step {onset}'")
        self.label = {"loop": True, "kinds": list(kinds), "onset_step": onset, "notes": notes}
        return self

    def healthy(self, notes: str) -> Trace:
        if self.label is not None:
            raise ValueError(f"{self.sid}: labelled twice")
        if not notes:
            raise ValueError(f"{self.sid}: notes are required")
        self.label = {"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes}
        return self

    def build(self) -> dict[str, Any]:
        if self.label is None:
            raise ValueError(f"{self.sid}: not labelled")
        if self.steps < 2:
            raise ValueError(f"{self.sid}: a session needs at least two steps")
        return {
            "id": self.sid,
            "source": SOURCE,
            "description": self.description,
            "label": self.label,
            "events": self.events,
            "meta": self.meta,
        }
