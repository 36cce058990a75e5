"""``Trace`` emits the events of one scenario in the ``corpus/SCHEMA.md`` format and counts its steps.

Every assistant message is a step; ``say``, ``act`` and ``batch`` return the step number of the message they
emit, so builders compute onsets from their own events. ``Trace.loop`` refuses an onset outside the trace or
one its notes do not name as "step N". Randomness comes only from ``Trace.rng`` (seeded with the scenario id)
and time only from ``Clock`` (started at a fixed instant).
"""

from __future__ import annotations

import json
import random
import string
from datetime import datetime, timedelta
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind14.py"
KINDS = ("identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text")

Call = tuple[str, dict[str, Any], Any] | tuple[str, dict[str, Any], Any, bool]


class Clock:
    """A fake wall clock: starts at a fixed instant and only moves when told to."""

    def __init__(self, start: str) -> None:
        self.now = datetime.fromisoformat(start)

    def tick(self, seconds: float) -> str:
        self.now += timedelta(seconds=seconds)
        return self.iso()

    def iso(self) -> str:
        return self.now.strftime("%Y-%m-%dT%H:%M:%SZ")

    def hms(self) -> str:
        return self.now.strftime("%H:%M:%S")

    def epoch(self) -> int:
        return int((self.now - datetime(1970, 1, 1)).total_seconds())


class Trace:
    """One session being written. ``ids`` picks the call-id convention of the harness it imitates."""

    def __init__(
        self,
        sid: str,
        description: str,
        *,
        ids: str = "openai",
        meta: dict[str, Any] | None = None,
        start: str = "2026-10-06T08:00:00",
        indent: int | None = None,
    ) -> None:
        self.sid = sid
        self.description = description
        self.rng = random.Random(sid)
        self.clock = Clock(start)
        self.ids = ids
        self.meta = meta
        self.indent = indent
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.calls = 0

    # -- ids and payloads -----------------------------------------------------------------------------

    def _token(self, n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def call_id(self, name: str) -> str:
        self.calls += 1
        style = self.ids
        if style == "openai":
            return "call_" + self._token(24)
        if style == "responses":
            return "fc_" + self._token(32, "0123456789abcdef")
        if style == "anthropic":
            return "toolu_01" + self._token(22)
        if style == "bedrock":
            return "tooluse_" + self._token(22)
        if style == "mistral":
            return self._token(9)
        if style == "gemini":
            h = self._token(32, "0123456789abcdef")
            return f"adk-{h[:8]}-{h[8:12]}-4{h[13:16]}-{h[16:20]}-{h[20:]}"
        if style == "named":
            return f"{name}_{self.calls - 1}"
        return f"c{self.calls}"

    def text(self, payload: Any) -> str:
        if isinstance(payload, str):
            return payload
        return json.dumps(payload, ensure_ascii=False, indent=self.indent)

    # -- events ---------------------------------------------------------------------------------------

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str) -> int:
        self.steps += 1
        self.events.append({"type": "message", "role": "assistant", "text": text})
        return self.steps

    def batch(self, text: str, calls: list[Call]) -> int:
        """One assistant message carrying ``calls``, each answered in order by its result."""
        self.steps += 1
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text, "tool_calls": []}
        results = []
        for call in calls:
            name, args, result = call[0], call[1], call[2]
            error = bool(call[3]) if len(call) > 3 else False
            cid = self.call_id(name)
            message["tool_calls"].append({"id": cid, "name": name, "arguments": args})
            results.append(
                {
                    "type": "tool_result",
                    "call_id": cid,
                    "name": name,
                    "content": self.text(result),
                    "is_error": error,
                }
            )
        self.events.append(message)
        self.events.extend(results)
        return self.steps

    def act(self, text: str, name: str, args: dict[str, Any], result: Any, *, error: bool = False) -> int:
        """One assistant message with a single call and its result."""
        return self.batch(text, [(name, args, result, error)])

    # -- labels ---------------------------------------------------------------------------------------

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
        if not kinds or any(kind not in KINDS for kind in kinds):
            raise ValueError(f"{self.sid}: bad kinds {kinds}")
        if not 1 <= onset <= self.steps:
            raise ValueError(f"{self.sid}: onset {onset} outside 1..{self.steps}")
        if f"step {onset}" not in notes:
            raise ValueError(f"{self.sid}: notes do not name step {onset}")
        return self._scenario({"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes})

    def healthy(self, notes: str) -> dict[str, Any]:
        return self._scenario({"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes})
