"""The transcript builder every family writes through, and the set's labelling constants."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

#: A near repeat's 4th attempt (0-based index 3): three fruitless repeats after an informative first.
NEAR_ONSET_ATTEMPT = 3
#: An exact repeat's 3rd occurrence (0-based index 2).
EXACT_ONSET_OCCURRENCE = 2
#: Tool results longer than this keep their head and tail (SCHEMA.md: about 4000 characters).
MAX_CONTENT = 4000

Json = dict[str, Any]


# --------------------------------------------------------------------------- transcript building


@dataclass(frozen=True)
class Call:
    """One tool call of a step and the result the tool answered with."""

    name: str
    arguments: Json
    content: str
    is_error: bool = False


@dataclass
class Transcript:
    """The flat event list of one session; ``step`` appends one assistant message (one step)."""

    rng: random.Random
    description: str = ""
    events: list[Json] = field(default_factory=list)
    steps: int = 0
    _calls: int = 0
    _id_style: int = 0

    def __post_init__(self) -> None:
        self._id_style = self.rng.randrange(3)

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def step(self, text: str, calls: Sequence[Call] = ()) -> int:
        """Append one assistant message, its calls and their results; return its step number."""
        self.steps += 1
        message: Json = {"type": "message", "role": "assistant", "text": text}
        ids = [self._next_id() for _ in calls]
        if calls:
            message["tool_calls"] = [
                {"id": cid, "name": c.name, "arguments": c.arguments}
                for cid, c in zip(ids, calls, strict=True)
            ]
        self.events.append(message)
        for cid, c in zip(ids, calls, strict=True):
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": cid,
                    "name": c.name,
                    "content": clip(c.content),
                    "is_error": c.is_error,
                }
            )
        return self.steps

    def _next_id(self) -> str:
        self._calls += 1
        if self._id_style == 0:
            return f"call_{self.rng.randrange(16**12):012x}"
        if self._id_style == 1:
            return f"toolu_01{self.rng.randrange(36**10):010d}"[:22]
        return f"fc_{self._calls}"


@dataclass(frozen=True)
class Loop:
    """What a loop family tells the label: the onset step, the kinds and a one-line reason."""

    onset: int
    kinds: tuple[str, ...]
    note: str


def clip(text: str) -> str:
    """Keep head and tail of a long tool output, as SCHEMA.md asks."""
    if len(text) <= MAX_CONTENT:
        return text
    half = MAX_CONTENT // 2
    return f"{text[:half]}\n... [{len(text) - MAX_CONTENT} characters truncated] ...\n{text[-half:]}"


def pick(rng: random.Random, options: Sequence[str]) -> str:
    return options[rng.randrange(len(options))]


def maybe_plan(t: Transcript, rng: random.Random, lines: Sequence[str], chance: float) -> None:
    """A text-only planning step, sometimes: it neither counts as an attempt nor resets one."""
    if rng.random() < chance:
        t.step(pick(rng, lines))


# --------------------------------------------------------------------------- orientation steps


def orient(t: Transcript, rng: random.Random, pool: Sequence[tuple[str, Call]], most: int = 3) -> None:
    """0 to ``most`` productive steps (distinct calls, new results): a pattern may start anywhere."""
    for text, call in rng.sample(list(pool), min(rng.randrange(most + 1), len(pool))):
        t.step(text, [call])
