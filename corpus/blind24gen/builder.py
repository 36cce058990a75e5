"""``Trace``: builds one scenario's events, counts its steps and checks its label.

Every scenario gets a ``random.Random`` seeded with its id, used only to mint call ids in the scenario's
convention. Steps are counted as assistant messages are emitted, so the step numbers a builder gets back
(and uses as onsets) are those of its own events.
"""

from __future__ import annotations

import json
import string
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind24.py"
KINDS = {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text"}
ALNUM = string.ascii_letters + string.digits


def js(obj: Any) -> str:
    """JSON with spaces after separators (the common library default)."""
    return json.dumps(obj, ensure_ascii=False)


def jc(obj: Any) -> str:
    """Compact JSON."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def ji(obj: Any) -> str:
    """Indented JSON."""
    return json.dumps(obj, ensure_ascii=False, indent=2)


def lines(*rows: str) -> str:
    """Rows joined by newlines."""
    return "\n".join(rows)


def table(header: list[str], rows: list[list[Any]]) -> str:
    """A pipe table as a terminal client prints it."""
    cells = [header, *[[str(c) for c in r] for r in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    out = [" | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    out.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join([*out, f"({len(rows)} rows)"])


@dataclass(frozen=True)
class Spec:
    """What a scenario is: its slug, whether it loops, and the provenance kept in ``meta``."""

    slug: str
    loop: bool
    domain: str
    language: str
    harness: str
    ids: str
    started: str


Builder = Callable[["Trace"], None]


def scenario(
    registry: list[Builder],
    slug: str,
    *,
    loop: bool,
    domain: str,
    language: str,
    harness: str,
    ids: str,
    started: str,
) -> Callable[[Builder], Builder]:
    """Register a builder in its module's list, in definition order."""

    def wrap(fn: Builder) -> Builder:
        fn.spec = Spec(slug, loop, domain, language, harness, ids, started)  # type: ignore[attr-defined]
        registry.append(fn)
        return fn

    return wrap


class Trace:
    """One agent session under construction."""

    def __init__(self, sid: str, spec: Spec) -> None:
        self.id = sid
        self.spec = spec
        self.rng = Random(sid)
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.calls_made = 0
        self.clock_ms = 1_700_000_000_000 + self.rng.randrange(10**9)
        self.label: dict[str, Any] | None = None
        self.description = ""

    # -- call ids -------------------------------------------------------------------------------------
    def _rand(self, alphabet: str, n: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def _call_id(self, name: str, k: int) -> str:
        self.calls_made += 1
        n, style = self.calls_made, self.spec.ids
        if style == "openai_chat":
            return "call_" + self._rand(ALNUM, 24)
        if style == "openai_responses":
            return "fc_" + self._rand("0123456789abcdef", 48)
        if style == "anthropic":
            return "toolu_01" + self._rand(ALNUM, 22)
        if style == "bedrock":
            return "tooluse_" + self._rand(ALNUM + "-_", 22)
        if style == "mistral":
            return self._rand(ALNUM, 9)
        if style == "gemini_cli":
            self.clock_ms += self.rng.randrange(800, 9000)
            return f"{name}-{self.clock_ms}-{self._rand('0123456789abcdef', 12)}"
        if style == "adk":
            return "adk-" + str(uuid.UUID(int=self.rng.getrandbits(128), version=4))
        if style == "deepseek":
            return f"call_{k}_" + str(uuid.UUID(int=self.rng.getrandbits(128), version=4))
        if style == "kimi":
            return f"functions.{name}:{n - 1}"
        if style == "step_scoped":
            return f"s{self.steps}.{k}"
        if style == "hex8":
            return self._rand("0123456789abcdef", 8)
        if style == "padded":
            return f"call-{n:04d}"
        if style == "plain":
            return f"c{n}"
        raise ValueError(style)

    # -- events ---------------------------------------------------------------------------------------
    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str) -> int:
        """An assistant message without tool calls; returns its step number."""
        self.steps += 1
        self.events.append({"type": "message", "role": "assistant", "text": text})
        return self.steps

    def step(self, text: str, calls: list[tuple[str, dict[str, Any]]]) -> tuple[int, list[str]]:
        """An assistant message carrying ``calls``; returns its step number and the call ids."""
        self.steps += 1
        ids = [self._call_id(name, k) for k, (name, _) in enumerate(calls)]
        self.events.append(
            {
                "type": "message",
                "role": "assistant",
                "text": text,
                "tool_calls": [
                    {"id": cid, "name": name, "arguments": args}
                    for cid, (name, args) in zip(ids, calls, strict=True)
                ],
            }
        )
        return self.steps, ids

    def result(self, call_id: str, name: str, content: Any, *, err: bool = False) -> None:
        text = content if isinstance(content, str) else js(content)
        self.events.append(
            {"type": "tool_result", "call_id": call_id, "name": name, "content": text, "is_error": err}
        )

    def act(self, text: str, name: str, args: dict[str, Any], content: Any, *, err: bool = False) -> int:
        """One call answered at once; returns the step number."""
        n, (cid,) = self.step(text, [(name, args)])
        self.result(cid, name, content, err=err)
        return n

    def batch(
        self,
        text: str,
        items: list[tuple[str, dict[str, Any], Any, bool]],
        order: list[int] | None = None,
    ) -> int:
        """Parallel calls; results come back in ``order`` (indexes into ``items``)."""
        n, ids = self.step(text, [(name, args) for name, args, _, _ in items])
        for i in order if order is not None else range(len(items)):
            name, _, content, err = items[i]
            self.result(ids[i], name, content, err=err)
        return n

    # -- labels ---------------------------------------------------------------------------------------
    def loop(self, kinds: list[str], onset: int, notes: str, description: str) -> None:
        if not self.spec.loop:
            raise ValueError(f"{self.id}: a healthy scenario labelled as a loop")
        if not kinds or not set(kinds) <= KINDS:
            raise ValueError(f"{self.id}: kinds {kinds}")
        if not 1 <= onset <= self.steps:
            raise ValueError(f"{self.id}: onset {onset} outside 1..{self.steps}")
        if f"step {onset}" not in notes:
            raise ValueError(f"{self.id}: notes do not name step {onset}")
        self.label = {"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes}
        self.description = description

    def healthy(self, notes: str, description: str) -> None:
        if self.spec.loop:
            raise ValueError(f"{self.id}: a loop scenario labelled healthy")
        self.label = {"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes}
        self.description = description

    def to_dict(self) -> dict[str, Any]:
        if self.label is None:
            raise ValueError(f"{self.id}: no label")
        s = self.spec
        return {
            "id": self.id,
            "source": SOURCE,
            "description": self.description,
            "label": self.label,
            "meta": {
                "domain": s.domain,
                "language": s.language,
                "harness": s.harness,
                "call_ids": s.ids,
                "started_at": s.started,
                "steps": self.steps,
            },
            "events": self.events,
        }
