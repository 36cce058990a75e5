"""``Trace``: emits the events of one scenario and counts its steps; the registering decorators.

A step is one assistant message, numbered from 1 in order of appearance (SCHEMA.md). Every method that
emits an assistant message returns its step number, so onsets are taken from the emitted events, never
typed by hand. ``Trace.loop`` refuses an onset outside the trace or one the notes do not name as
"step N"."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

KINDS = ("identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text")
ID_STYLES = ("openai", "responses", "anthropic", "gemini", "bedrock", "mistral", "plain")

_ALNUM = string.ascii_letters + string.digits
_B64URL = _ALNUM + "-_"
_HEX = "0123456789abcdef"


def js(obj: Any) -> str:
    """Compact JSON, as many APIs answer."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def jsi(obj: Any) -> str:
    """Indented JSON, as pretty-printing tools answer."""
    return json.dumps(obj, ensure_ascii=False, indent=2)


def jss(obj: Any) -> str:
    """JSON with the default spaced separators."""
    return json.dumps(obj, ensure_ascii=False)


def csv(*rows: Sequence[Any]) -> str:
    """Comma-separated rows, one per line."""
    return "\n".join(",".join(str(cell) for cell in row) for row in rows)


@dataclass(frozen=True)
class Call:
    """One tool call of an assistant message, and the id the trace gave it."""

    id: str
    name: str
    arguments: dict[str, Any]


class Trace:
    """The events of one scenario, with its step counter and label."""

    def __init__(self, scenario_id: str, description: str, ids: str, meta: dict[str, Any]) -> None:
        if ids not in ID_STYLES:
            raise ValueError(f"unknown call-id style {ids!r}")
        self.id = scenario_id
        self.description = description
        self.ids = ids
        self.meta = meta
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self._rng = random.Random(scenario_id)  # used only for call ids
        self._plain = 0
        self._open: dict[str, str] = {}
        self._label: dict[str, Any] | None = None

    # ------------------------------------------------------------------ ids
    def _pick(self, alphabet: str, n: int) -> str:
        return "".join(self._rng.choice(alphabet) for _ in range(n))

    def call_id(self) -> str:
        """A fresh call id in this trace's convention."""
        style = self.ids
        if style == "openai":
            return "call_" + self._pick(_ALNUM, 24)
        if style == "responses":
            return "fc_" + self._pick(_HEX, 48)
        if style == "anthropic":
            return "toolu_01" + self._pick(_ALNUM, 22)
        if style == "bedrock":
            return "tooluse_" + self._pick(_B64URL, 22)
        if style == "gemini":
            h = self._pick(_HEX, 32)
            return f"adk-{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]}"
        if style == "mistral":
            return self._pick(_ALNUM, 9)
        self._plain += 1
        return f"c{self._plain}"

    # ------------------------------------------------------------------ events
    def user(self, text: str) -> None:
        self._closed()
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self._closed()
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str) -> int:
        """An assistant message without tool calls; returns its step."""
        return self._assistant(text, [])[0]

    def act(self, text: str, *calls: tuple[str, dict[str, Any]]) -> tuple[int, list[Call]]:
        """An assistant message carrying ``calls`` (name, arguments); returns its step and the calls,
        which must each be answered with ``result`` before the next step."""
        return self._assistant(text, list(calls))

    def result(self, call: Call, content: str, *, error: bool = False) -> None:
        if not isinstance(content, str):
            raise TypeError("tool result content must be a string")
        if self._open.pop(call.id, None) is None:
            raise ValueError(f"{self.id}: call {call.id} is not open")
        self.events.append(
            {
                "type": "tool_result",
                "call_id": call.id,
                "name": call.name,
                "content": content,
                "is_error": error,
            }
        )

    def tool(
        self, text: str, name: str, arguments: dict[str, Any], content: str, *, error: bool = False
    ) -> int:
        """One call answered at once; returns the step."""
        step, (call,) = self.act(text, (name, arguments))
        self.result(call, content, error=error)
        return step

    def batch(
        self,
        text: str,
        items: Sequence[tuple[str, dict[str, Any], str, bool]],
        order: Sequence[int] | None = None,
    ) -> int:
        """Parallel calls (name, arguments, content, is_error) in one message, answered in ``order``
        (indexes into ``items``; default: as issued). Returns the step."""
        step, calls = self.act(text, *[(name, args) for name, args, _, _ in items])
        order = list(range(len(items))) if order is None else list(order)
        if sorted(order) != list(range(len(items))):
            raise ValueError(f"{self.id}: order {order} does not answer every call once")
        for i in order:
            self.result(calls[i], items[i][2], error=items[i][3])
        return step

    def _assistant(self, text: str, calls: list[tuple[str, dict[str, Any]]]) -> tuple[int, list[Call]]:
        self._closed()
        made = [Call(self.call_id(), name, dict(args)) for name, args in calls]
        event: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        if made:
            event["tool_calls"] = [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in made]
        self.events.append(event)
        self.steps += 1
        for c in made:
            if c.id in self._open:
                raise ValueError(f"{self.id}: duplicate call id {c.id}")
            self._open[c.id] = c.name
        return self.steps, made

    def _closed(self) -> None:
        if self._open:
            raise ValueError(f"{self.id}: calls {sorted(self._open)} unanswered before the next message")

    # ------------------------------------------------------------------ labels
    def loop(self, kinds: Sequence[str], onset: int, notes: str) -> None:
        if not kinds or any(k not in KINDS for k in kinds):
            raise ValueError(f"{self.id}: bad kinds {kinds}")
        if not 1 <= onset <= self.steps:
            raise ValueError(f"{self.id}: onset {onset} outside steps 1..{self.steps}")
        if f"step {onset}" not in notes:
            raise ValueError(f"{self.id}: notes do not name the onset as 'step {onset}'")
        self._label = {"loop": True, "kinds": list(kinds), "onset_step": onset, "notes": notes}

    def healthy(self, notes: str) -> None:
        if not notes:
            raise ValueError(f"{self.id}: healthy runs need notes")
        self._label = {"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes}

    def scenario(self, source: str) -> dict[str, Any]:
        self._closed()
        if self._label is None:
            raise ValueError(f"{self.id}: not labelled")
        if not 2 <= self.steps <= 15:
            raise ValueError(f"{self.id}: {self.steps} steps, expected 2..15")
        return {
            "id": self.id,
            "source": source,
            "description": self.description,
            "label": self._label,
            "meta": self.meta,
            "events": self.events,
        }


# ---------------------------------------------------------------------- registering decorators
@dataclass(frozen=True)
class Case:
    """A registered builder: its side (loop or healthy), slug, description and conventions."""

    loop: bool
    slug: str
    description: str
    domain: str
    lang: str
    ids: str
    pattern: str
    build: Callable[[Trace], None]


CASES: list[Case] = []


def _register(
    is_loop: bool, slug: str, description: str, *, domain: str, lang: str, ids: str, pattern: str
) -> Callable[[Callable[[Trace], None]], Callable[[Trace], None]]:
    def wrap(fn: Callable[[Trace], None]) -> Callable[[Trace], None]:
        if any(c.slug == slug for c in CASES):
            raise ValueError(f"slug {slug!r} registered twice")
        CASES.append(Case(is_loop, slug, description, domain, lang, ids, pattern, fn))
        return fn

    return wrap


def loop_case(
    slug: str, description: str, *, domain: str, lang: str, ids: str, pattern: str
) -> Callable[[Callable[[Trace], None]], Callable[[Trace], None]]:
    """Register a builder whose trace must be labelled a loop."""
    return _register(True, slug, description, domain=domain, lang=lang, ids=ids, pattern=pattern)


def healthy_case(
    slug: str, description: str, *, domain: str, lang: str, ids: str, pattern: str
) -> Callable[[Callable[[Trace], None]], Callable[[Trace], None]]:
    """Register a builder whose trace must be labelled healthy."""
    return _register(False, slug, description, domain=domain, lang=lang, ids=ids, pattern=pattern)
