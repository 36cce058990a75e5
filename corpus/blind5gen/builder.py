"""The transcript builder every blind5 scenario uses.

A ``Trace`` emits SCHEMA.md events in order and counts steps (assistant messages, from 1) as it
goes, so every onset a builder labels is a step number the builder got back from the events it
emitted, never one typed by hand.
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable, Sequence
from typing import Any

JSON = dict[str, Any]
Scenario = dict[str, Any]
Builder = Callable[[], Scenario]
#: one call of a batch: tool name, arguments, result content, is_error
Item = tuple[str, JSON, str, bool]

SOURCE = "synthetic: corpus/generate_heldout_blind5.py"
KINDS = frozenset(
    {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text"}
)
_B62 = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def jd(obj: Any, *, indent: int | None = None) -> str:
    """A tool payload as JSON text (compact by default, as most harnesses send it)."""
    if indent is None:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return json.dumps(obj, ensure_ascii=False, indent=indent)


def clip(text: str, limit: int = 4000) -> str:
    """Truncate a long output the way SCHEMA.md asks: keep the head and the tail."""
    if len(text) <= limit:
        return text
    head = text[: int(limit * 0.6)]
    tail = text[-int(limit * 0.35) :]
    return f"{head}\n... [{len(text) - len(head) - len(tail)} characters truncated] ...\n{tail}"


def nth(steps: Sequence[int], n: int) -> int:
    """The step of the ``n``-th attempt (1-based) in ``steps``."""
    assert len(steps) >= n, (steps, n)
    return steps[n - 1]


class Trace:
    """One scenario under construction."""

    def __init__(
        self,
        name: str,
        description: str,
        *,
        loop: bool,
        style: str,
        id_style: str = "call",
    ) -> None:
        self.id = f"blind5-{'loop' if loop else 'healthy'}-{name}"
        self.is_loop = loop
        self.description = description
        self.style = style
        self.id_style = id_style
        self.rng = random.Random(self.id)
        self.events: list[JSON] = []
        self.step = 0
        self._calls = 0

    # -- ids ------------------------------------------------------------------------------------
    def _call_id(self, name: str) -> str:
        self._calls += 1
        r = self.rng
        if self.id_style == "toolu":
            return "toolu_01" + "".join(r.choice(_B62) for _ in range(22))
        if self.id_style == "call":
            return "call_" + "".join(r.choice(_B62) for _ in range(24))
        if self.id_style == "fc":
            return "fc_" + "".join(r.choice(_HEX) for _ in range(16))
        if self.id_style == "named":
            return f"{name}-{self._calls}"
        return f"c{self._calls}"

    # -- events ---------------------------------------------------------------------------------
    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def say(self, text: str = "") -> int:
        """An assistant message without tool calls; returns its step."""
        self.step += 1
        self.events.append({"type": "message", "role": "assistant", "text": text})
        return self.step

    def batch(self, text: str, items: Sequence[Item], *, shuffle_results: bool = False) -> int:
        """An assistant message carrying ``items`` as one batch, then one result per call."""
        self.step += 1
        calls = [{"id": self._call_id(name), "name": name, "arguments": args} for name, args, _, _ in items]
        self.events.append({"type": "message", "role": "assistant", "text": text, "tool_calls": calls})
        order = list(range(len(items)))
        if shuffle_results:
            self.rng.shuffle(order)
        for i in order:
            name, _, content, is_error = items[i]
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": calls[i]["id"],
                    "name": name,
                    "content": clip(content),
                    "is_error": is_error,
                }
            )
        return self.step

    def act(self, text: str, name: str, args: JSON, content: str, *, error: bool = False) -> int:
        """An assistant message with one call and its result; returns the step."""
        return self.batch(text, [(name, args, content, error)])

    # -- labels ---------------------------------------------------------------------------------
    def _scenario(self, label: JSON) -> Scenario:
        return {
            "id": self.id,
            "source": SOURCE,
            "description": self.description,
            "label": label,
            "meta": {"agent_style": self.style, "synthetic": True, "steps": self.step},
            "events": self.events,
        }

    def loop(self, kinds: Sequence[str], onset: int, notes: str) -> Scenario:
        assert self.is_loop, self.id
        assert kinds, self.id
        assert set(kinds) <= KINDS, (self.id, kinds)
        assert 1 <= onset <= self.step, (self.id, onset, self.step)
        assert f"step {onset}" in notes, (self.id, onset, notes)
        return self._scenario({"loop": True, "kinds": list(kinds), "onset_step": onset, "notes": notes})

    def healthy(self, notes: str) -> Scenario:
        assert not self.is_loop, self.id
        return self._scenario({"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes})
