"""``Trace`` emits the events of one scenario and counts its steps; ``loop`` and ``healthy`` register
the functions that build scenarios.

A step is one assistant message, numbered from 1. ``Trace.say`` (and ``do``/``batch``, which call it)
returns the step number of the message it emitted, so a builder keeps the steps of the attempts it
cares about and takes the onset from them; no onset is typed by hand. ``Trace.loop`` refuses an onset
outside the trace or one the notes do not name as "step N".
"""

from __future__ import annotations

import json
import random
import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind19.py"
KINDS = {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text"}
ID_STYLES = {"openai", "responses", "anthropic", "gemini", "bedrock", "mistral", "plain", "named"}

Builder = Callable[["Trace"], None]


@dataclass(frozen=True)
class Spec:
    """One registered scenario: its side, slug, provenance and the function that builds it."""

    side: str  # "loop" or "healthy"
    slug: str
    module: str
    order: int
    domain: str
    lang: str
    ids: str
    start: str
    build: Builder


REGISTRY: list[Spec] = []


def _register(
    side: str, slug: str, *, domain: str, lang: str, ids: str, start: str
) -> Callable[[Builder], Builder]:
    if ids not in ID_STYLES:
        raise ValueError(f"unknown call-id style {ids!r}")
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug):
        raise ValueError(f"bad slug {slug!r}")
    if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", start):
        raise ValueError(f"start must be a literal UTC time, not {start!r}")

    def decorate(fn: Builder) -> Builder:
        order = sum(1 for spec in REGISTRY if spec.module == fn.__module__)
        REGISTRY.append(Spec(side, slug, fn.__module__, order, domain, lang, ids, start, fn))
        return fn

    return decorate


def loop(slug: str, *, domain: str, lang: str, ids: str, start: str) -> Callable[[Builder], Builder]:
    """Register a builder of a looping scenario."""
    return _register("loop", slug, domain=domain, lang=lang, ids=ids, start=start)


def healthy(slug: str, *, domain: str, lang: str, ids: str, start: str) -> Callable[[Builder], Builder]:
    """Register a builder of a healthy scenario."""
    return _register("healthy", slug, domain=domain, lang=lang, ids=ids, start=start)


# --------------------------------------------------------------------------------------------------
# result formatting helpers


def js(obj: Any) -> str:
    """Compact JSON."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def jss(obj: Any) -> str:
    """JSON with the default spaced separators."""
    return json.dumps(obj, ensure_ascii=False)


def jsi(obj: Any) -> str:
    """Indented JSON."""
    return json.dumps(obj, ensure_ascii=False, indent=2)


def csv(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Comma-separated values, one header line."""
    return "\n".join(",".join(str(c) for c in line) for line in [header, *rows])


def md_table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------------
# call ids

_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


class CallIds:
    """Call ids in one provider's convention, drawn from the scenario's own ``random.Random``."""

    def __init__(self, style: str, rng: random.Random) -> None:
        self.style = style
        self.rng = rng
        self.count = 0
        self.used: set[str] = set()

    def _pick(self, alphabet: str, n: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def _draw(self, name: str) -> str:
        style = self.style
        if style == "openai":
            return "call_" + self._pick(_ALNUM, 24)
        if style == "responses":
            return "fc_" + self._pick(_HEX, 48)
        if style == "anthropic":
            return "toolu_01" + self._pick(_ALNUM, 22)
        if style == "gemini":
            parts = [self._pick(_HEX, n) for n in (8, 4, 4, 4, 12)]
            return "adk-" + "-".join(parts)
        if style == "bedrock":
            return "tooluse_" + self._pick(_ALNUM + "-_", 22)
        if style == "mistral":
            return self._pick(_ALNUM, 9)
        if style == "plain":
            return f"c{self.count}"
        base = re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_")
        return f"{base}_{self.count - 1}"

    def next(self, name: str) -> str:
        self.count += 1
        cid = self._draw(name)
        while cid in self.used:
            cid = self._draw(name)
        self.used.add(cid)
        return cid


# --------------------------------------------------------------------------------------------------
# the trace


Call = tuple[str, dict[str, Any]]


class Trace:
    """The events of one scenario, with a step counter and the label."""

    def __init__(self, scenario_id: str, spec: Spec) -> None:
        self.id = scenario_id
        self.spec = spec
        self.ids = CallIds(spec.ids, random.Random(scenario_id))
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.open: dict[str, str] = {}  # call id -> tool name, for the calls of the last step
        self.last: list[str] = []  # call ids of the last step, in order
        self.label: dict[str, Any] | None = None
        self.description: str | None = None

    # events ---------------------------------------------------------------------------------------

    def user(self, text: str) -> None:
        self._closed()
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self._closed()
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str, *calls: Call) -> int:
        """An assistant message, with an optional batch of calls; returns its step number."""
        self._closed()
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        self.last = []
        if calls:
            message["tool_calls"] = []
            for name, arguments in calls:
                if not isinstance(arguments, dict):
                    raise TypeError("arguments must be a JSON object")
                cid = self.ids.next(name)
                message["tool_calls"].append({"id": cid, "name": name, "arguments": arguments})
                self.open[cid] = name
                self.last.append(cid)
        self.events.append(message)
        self.steps += 1
        return self.steps

    def result(self, index: int, content: str, *, error: bool = False) -> None:
        """Answer the ``index``-th call of the last step."""
        if not isinstance(content, str):
            raise TypeError("content must be a string")
        cid = self.last[index]
        name = self.open.pop(cid)
        self.events.append(
            {"type": "tool_result", "call_id": cid, "name": name, "content": content, "is_error": error}
        )

    def do(
        self, text: str, name: str, arguments: dict[str, Any], content: str, *, error: bool = False
    ) -> int:
        """One call and its result; returns the step number."""
        step = self.say(text, (name, arguments))
        self.result(0, content, error=error)
        return step

    def batch(
        self,
        text: str,
        calls: Sequence[tuple[str, dict[str, Any], str] | tuple[str, dict[str, Any], str, bool]],
        order: Sequence[int] | None = None,
    ) -> int:
        """Parallel calls in one step, answered in ``order`` (default: as issued)."""
        step = self.say(text, *[(c[0], c[1]) for c in calls])
        for i in order if order is not None else range(len(calls)):
            call = calls[i]
            self.result(i, call[2], error=bool(call[3]) if len(call) > 3 else False)
        return step

    def _closed(self) -> None:
        if self.open:
            raise RuntimeError(f"{self.id}: calls left unanswered: {sorted(self.open.values())}")

    # label ----------------------------------------------------------------------------------------

    def describe(self, text: str) -> None:
        self.description = text

    def loop(self, kinds: Sequence[str], onset: int, notes: str) -> None:
        if self.spec.side != "loop":
            raise RuntimeError(f"{self.id}: a healthy scenario cannot be labelled a loop")
        if not kinds or not set(kinds) <= KINDS:
            raise ValueError(f"{self.id}: bad kinds {kinds}")
        if not 1 <= onset <= self.steps:
            raise ValueError(f"{self.id}: onset {onset} outside the trace (1..{self.steps})")
        if not re.search(rf"\bstep {onset}\b", notes):
            raise ValueError(f"{self.id}: the notes must name the onset as 'step {onset}'")
        self.label = {"loop": True, "kinds": list(kinds), "onset_step": onset, "notes": notes}

    def healthy(self, notes: str) -> None:
        if self.spec.side != "healthy":
            raise RuntimeError(f"{self.id}: a loop scenario cannot be labelled healthy")
        self.label = {"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes}

    def scenario(self) -> dict[str, Any]:
        self._closed()
        if self.label is None or not self.description:
            raise RuntimeError(f"{self.id}: label or description missing")
        if not 2 <= self.steps <= 20:
            raise RuntimeError(f"{self.id}: {self.steps} steps, outside 2..20")
        return {
            "id": self.id,
            "source": SOURCE,
            "description": self.description,
            "label": self.label,
            "events": self.events,
            "meta": {
                "domain": self.spec.domain,
                "language": self.spec.lang,
                "call_ids": self.spec.ids,
                "started_at": self.spec.start,
                "steps": self.steps,
            },
        }
