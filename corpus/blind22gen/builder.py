"""``Trace``: emits SCHEMA.md events, counts steps, and labels a scenario with a checked onset."""

from __future__ import annotations

import json
import random
import string
import uuid
from dataclasses import dataclass, field
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind22.py"
_ALNUM = string.ascii_letters + string.digits


@dataclass
class Call:
    """One tool call with its answer."""

    name: str
    args: dict[str, Any]
    result: Any
    error: bool = False


def js(value: Any, *, indent: int | None = None) -> str:
    """JSON text of ``value`` (compact unless ``indent``)."""
    if indent is None:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return json.dumps(value, ensure_ascii=False, indent=indent)


@dataclass
class Trace:
    """One session being written; ``say`` returns the step number of the message it emits."""

    sid: str
    description: str
    domain: str
    language: str
    harness: str
    ids: str = "openai"
    start: str = "2026-03-02T09:00:00Z"
    events: list[dict[str, Any]] = field(default_factory=list)
    steps: int = 0
    _n: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(self.sid)

    def _call_id(self, name: str) -> str:
        self._n += 1
        r = self.rng
        if self.ids == "openai":
            return "call_" + "".join(r.choice(_ALNUM) for _ in range(24))
        if self.ids == "responses":
            return "fc_" + "".join(r.choice("0123456789abcdef") for _ in range(32))
        if self.ids == "anthropic":
            return "toolu_01" + "".join(r.choice(_ALNUM) for _ in range(22))
        if self.ids == "adk":
            return "adk-" + str(uuid.UUID(int=r.getrandbits(128), version=4))
        if self.ids == "bedrock":
            return "tooluse_" + "".join(r.choice(_ALNUM) for _ in range(22))
        if self.ids == "mistral":
            return "".join(r.choice(_ALNUM) for _ in range(9))
        if self.ids == "named":
            return f"{name}_{self._n - 1}"
        return f"c{self._n}"

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str, *calls: Call, reverse: bool = False) -> int:
        """An assistant message carrying ``calls``; results follow (reversed when ``reverse``)."""
        self.steps += 1
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        ids = [self._call_id(c.name) for c in calls]
        if calls:
            message["tool_calls"] = [
                {"id": i, "name": c.name, "arguments": c.args} for i, c in zip(ids, calls, strict=True)
            ]
        self.events.append(message)
        pairs = list(zip(ids, calls, strict=True))
        for i, c in reversed(pairs) if reverse else pairs:
            content = c.result if isinstance(c.result, str) else js(c.result)
            if len(content) > 4000:
                content = content[:2000] + "\n...[truncated]...\n" + content[-1900:]
            self.events.append(
                {"type": "tool_result", "call_id": i, "name": c.name, "content": content, "is_error": c.error}
            )
        return self.steps

    def _scenario(self, label: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": self.sid,
            "source": SOURCE,
            "description": self.description,
            "label": label,
            "meta": {
                "domain": self.domain,
                "language": self.language,
                "harness": self.harness,
                "call_ids": self.ids,
                "started": self.start,
                "steps": self.steps,
            },
            "events": self.events,
        }

    def loop(self, kinds: list[str], onset: int, notes: str) -> dict[str, Any]:
        if not 1 <= onset <= self.steps:
            raise ValueError(f"{self.sid}: onset {onset} outside 1..{self.steps}")
        if f"step {onset}" not in notes:
            raise ValueError(f"{self.sid}: notes must name step {onset}")
        return self._scenario({"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes})

    def healthy(self, notes: str) -> dict[str, Any]:
        return self._scenario({"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes})
