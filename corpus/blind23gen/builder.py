"""``Trace``: emits the events of one session, counts steps and checks its own label."""

from __future__ import annotations

import random
import string
from dataclasses import dataclass, field
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind23.py"
_B62 = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


@dataclass
class C:
    """One tool call of a step and the result the tool gives back."""

    name: str
    args: dict[str, Any]
    result: str
    error: bool = False
    id: str = field(default="", repr=False)


class Trace:
    """One agent session. ``step`` returns the number of the assistant message it emits."""

    def __init__(
        self,
        sid: str,
        description: str,
        *,
        domain: str,
        language: str,
        harness: str,
        ids: str,
        start: str,
    ) -> None:
        self.sid = sid
        self.description = description
        self.meta: dict[str, Any] = {
            "domain": domain,
            "language": language,
            "harness": harness,
            "call_ids": ids,
            "started_at": start,
        }
        self.ids = ids
        self.rng = random.Random(sid)
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.calls = 0
        self.label: dict[str, Any] | None = None

    # -- call ids -------------------------------------------------------------------------------
    def _pick(self, alphabet: str, n: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def _call_id(self, name: str) -> str:
        self.calls += 1
        n, style = self.calls, self.ids
        if style == "openai_chat":
            return "call_" + self._pick(_B62, 24)
        if style == "openai_responses":
            return "fc_" + self._pick(_HEX, 48)
        if style == "anthropic":
            return "toolu_01" + self._pick(_B62, 22)
        if style == "bedrock":
            return "tooluse_" + self._pick(_B62 + "-_", 22)
        if style == "mistral":
            return self._pick(_B62, 9)
        if style == "gemini_cli":
            return f"{name}-{1791360000000 + 7919 * n}-{self._pick(_HEX, 12)}"
        if style == "adk":
            h = self._pick(_HEX, 32)
            return f"adk-{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"
        if style == "plain":
            return f"c{n}"
        if style == "padded":
            return f"call-{n:04d}"
        if style == "named":
            return f"{name}#{n}"
        raise ValueError(style)

    # -- events ---------------------------------------------------------------------------------
    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def step(self, text: str, *calls: C, order: list[int] | None = None) -> int:
        """One assistant message with its batch of calls; results follow in ``order`` (indices)."""
        self.steps += 1
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        if calls:
            for call in calls:
                call.id = self._call_id(call.name)
            message["tool_calls"] = [{"id": c.id, "name": c.name, "arguments": c.args} for c in calls]
        self.events.append(message)
        for i in order if order is not None else range(len(calls)):
            c = calls[i]
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": c.id,
                    "name": c.name,
                    "content": c.result,
                    "is_error": c.error,
                }
            )
        return self.steps

    # -- labels ---------------------------------------------------------------------------------
    def loop(self, kinds: list[str], onset: int, notes: str) -> Trace:
        if not 1 <= onset <= self.steps:
            raise ValueError(f"{self.sid}: onset {onset} outside 1..{self.steps}")
        if f"step {onset}" not in notes:
            raise ValueError(f"{self.sid}: notes do not name step {onset}")
        if not kinds or "none" in kinds:
            raise ValueError(f"{self.sid}: bad kinds {kinds}")
        self.label = {"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes}
        return self

    def healthy(self, notes: str) -> Trace:
        self.label = {"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes}
        return self

    def to_dict(self) -> dict[str, Any]:
        if self.label is None:
            raise ValueError(f"{self.sid}: not labelled")
        return {
            "id": self.sid,
            "source": SOURCE,
            "description": self.description,
            "label": self.label,
            "meta": {**self.meta, "steps": self.steps},
            "events": self.events,
        }
