"""A small transcript builder: one ``Session`` per scenario, steps counted as SCHEMA.md counts them."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable, Sequence
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind4.py"
LIMIT = 4000

Call = tuple[str, dict[str, Any], str, bool]


def clip(text: str, limit: int = LIMIT) -> str:
    """Keep head and tail of a long tool output, as SCHEMA.md asks (~4000 chars)."""
    if len(text) <= limit:
        return text
    head, tail = text[: limit * 11 // 20], text[-(limit * 8 // 20) :]
    return f"{head}\n... [{len(text) - len(head) - len(tail)} characters truncated] ...\n{tail}"


def js(value: Any, *, pretty: bool = False) -> str:
    """A JSON payload as a tool would print it."""
    if pretty:
        return json.dumps(value, indent=2, ensure_ascii=False)
    return json.dumps(value, ensure_ascii=False)


class Session:
    """Accumulates the events of one trace; ``call``/``batch``/``say`` return the step number."""

    def __init__(self, seed: str, style: str) -> None:
        self.rng = random.Random(seed)
        self.style = style
        self.events: list[dict[str, Any]] = []
        self.step = 0
        self.counter = 0

    # ids -------------------------------------------------------------------------------------
    def _alnum(self, n: int) -> str:
        alphabet = string.ascii_letters + string.digits
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def _hex(self, n: int) -> str:
        return "".join(self.rng.choice("0123456789abcdef") for _ in range(n))

    def new_id(self, name: str) -> str:
        self.counter += 1
        if self.style == "openai":
            return "call_" + self._alnum(24)
        if self.style == "anthropic":
            return "toolu_01" + self._alnum(22)
        if self.style == "gemini":
            return f"{name}_{self.counter - 1}"
        if self.style == "uuid":
            h = self._hex(32)
            return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
        if self.style == "fc":
            return "fc_" + self._hex(16)
        return f"c{self.counter}"

    # events ----------------------------------------------------------------------------------
    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str) -> int:
        self.step += 1
        self.events.append({"type": "message", "role": "assistant", "text": text})
        return self.step

    def batch(self, text: str, calls: Sequence[Call]) -> int:
        self.step += 1
        ids = [self.new_id(name) for name, _, _, _ in calls]
        self.events.append(
            {
                "type": "message",
                "role": "assistant",
                "text": text,
                "tool_calls": [
                    {"id": cid, "name": name, "arguments": args}
                    for cid, (name, args, _, _) in zip(ids, calls, strict=True)
                ],
            }
        )
        for cid, (name, _, content, error) in zip(ids, calls, strict=True):
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": cid,
                    "name": name,
                    "content": clip(content),
                    "is_error": error,
                }
            )
        return self.step

    def call(self, text: str, name: str, args: dict[str, Any], content: str, error: bool = False) -> int:
        return self.batch(text, [(name, args, content, error)])


def scenario(
    sid: str,
    description: str,
    s: Session,
    *,
    loop: bool,
    kinds: list[str],
    onset: int | None,
    notes: str,
    meta: dict[str, Any] | None = None,
) -> dict[str, Any]:
    if loop:
        assert onset is not None, sid
        assert f"step {onset}" in notes, sid
        assert 1 <= onset <= s.step, sid
    else:
        assert onset is None, sid
        assert kinds == ["none"], sid
    out: dict[str, Any] = {
        "id": sid,
        "source": SOURCE,
        "description": description,
        "label": {"loop": loop, "kinds": kinds, "onset_step": onset, "notes": notes},
    }
    if meta:
        out["meta"] = meta
    out["events"] = s.events
    return out


Builder = Callable[[], dict[str, Any]]
