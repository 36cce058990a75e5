"""``Trace``: emits one session's events, counts its steps and checks its label as it is written."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind20.py"
KINDS = {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text"}
ID_STYLES = {"openai", "responses", "anthropic", "adk", "bedrock", "mistral", "plain", "named"}


def j(obj: Any) -> str:
    """Compact JSON, as many APIs return it."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def js(obj: Any) -> str:
    """Spaced one-line JSON."""
    return json.dumps(obj, ensure_ascii=False)


def ji(obj: Any) -> str:
    """Indented JSON."""
    return json.dumps(obj, ensure_ascii=False, indent=2)


@dataclass
class Call:
    """One tool call and the result the tool gives it."""

    name: str
    arguments: dict[str, Any]
    content: str
    is_error: bool = False


def call(name: str, arguments: dict[str, Any], content: str, *, error: bool = False) -> Call:
    return Call(name, arguments, content, error)


@dataclass
class Trace:
    """The events of one scenario. ``say`` and ``act`` return the step number of the message."""

    id: str
    language: str
    domain: str
    ids: str
    started: str
    events: list[dict[str, Any]] = field(default_factory=list)
    steps: int = 0
    label: dict[str, Any] | None = None
    _n: int = 0

    def __post_init__(self) -> None:
        assert self.ids in ID_STYLES, self.ids
        self.rng = random.Random(self.id)

    # -- ids -----------------------------------------------------------------------------------
    def _token(self, alphabet: str, n: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def _call_id(self, name: str) -> str:
        self._n += 1
        alnum = string.ascii_letters + string.digits
        hexd = "0123456789abcdef"
        style = self.ids
        if style == "openai":
            return "call_" + self._token(alnum, 24)
        if style == "responses":
            return "fc_" + self._token(hexd, 40)
        if style == "anthropic":
            return "toolu_01" + self._token(alnum, 22)
        if style == "adk":
            parts = [self._token(hexd, k) for k in (8, 4, 4, 4, 12)]
            return "adk-" + "-".join(parts)
        if style == "bedrock":
            return "tooluse_" + self._token(alnum + "-_", 22)
        if style == "mistral":
            return self._token(alnum, 9)
        if style == "plain":
            return f"c{self._n}"
        return f"{name.split('.')[-1].split('__')[-1]}_{self._n - 1}"

    # -- events --------------------------------------------------------------------------------
    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def say(self, text: str) -> int:
        """An assistant message without tool calls."""
        self.steps += 1
        self.events.append({"type": "message", "role": "assistant", "text": text})
        return self.steps

    def act(self, text: str, *calls: Call, order: Sequence[int] | None = None) -> int:
        """An assistant message carrying ``calls``; their results follow in ``order`` (default: as called)."""
        assert calls
        self.steps += 1
        made = [(self._call_id(c.name), c) for c in calls]
        self.events.append(
            {
                "type": "message",
                "role": "assistant",
                "text": text,
                "tool_calls": [{"id": cid, "name": c.name, "arguments": c.arguments} for cid, c in made],
            }
        )
        indices = list(order) if order is not None else list(range(len(made)))
        assert sorted(indices) == list(range(len(made)))
        for i in indices:
            cid, c = made[i]
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": cid,
                    "name": c.name,
                    "content": c.content,
                    "is_error": c.is_error,
                }
            )
        return self.steps

    def one(
        self, text: str, name: str, arguments: dict[str, Any], content: str, *, error: bool = False
    ) -> int:
        return self.act(text, Call(name, arguments, content, error))

    # -- labels --------------------------------------------------------------------------------
    def loop(self, kinds: list[str], onset: int, notes: str) -> None:
        assert kinds, kinds
        assert set(kinds) <= KINDS, kinds
        assert 1 <= onset <= self.steps, (self.id, onset, self.steps)
        assert f"step {onset}" in notes, (self.id, onset)
        self.label = {"loop": True, "kinds": kinds, "onset_step": onset, "notes": notes}

    def healthy(self, notes: str) -> None:
        assert notes
        self.label = {"loop": False, "kinds": ["none"], "onset_step": None, "notes": notes}


@dataclass
class Spec:
    """A registered scenario builder."""

    loop: bool
    slug: str
    description: str
    domain: str
    language: str
    ids: str
    started: str
    build: Callable[[Trace], None]


REGISTRY: list[Spec] = []


def _register(
    is_loop: bool, slug: str, description: str, *, domain: str, language: str, ids: str, started: str
) -> Callable[[Callable[[Trace], None]], Callable[[Trace], None]]:
    def wrap(fn: Callable[[Trace], None]) -> Callable[[Trace], None]:
        REGISTRY.append(Spec(is_loop, slug, description, domain, language, ids, started, fn))
        return fn

    return wrap


def loop(
    slug: str, description: str, *, domain: str, language: str, ids: str, started: str
) -> Callable[[Callable[[Trace], None]], Callable[[Trace], None]]:
    """Register a loop scenario."""
    return _register(True, slug, description, domain=domain, language=language, ids=ids, started=started)


def healthy(
    slug: str, description: str, *, domain: str, language: str, ids: str, started: str
) -> Callable[[Callable[[Trace], None]], Callable[[Trace], None]]:
    """Register a healthy scenario."""
    return _register(False, slug, description, domain=domain, language=language, ids=ids, started=started)


def render(spec: Spec, number: int) -> dict[str, Any]:
    """Build the scenario of ``spec`` as the ``number``-th of its side."""
    side = "loop" if spec.loop else "healthy"
    sid = f"blind20-{side}-{number:03d}-{spec.slug}"
    trace = Trace(sid, spec.language, spec.domain, spec.ids, spec.started)
    spec.build(trace)
    assert trace.label is not None, sid
    assert trace.label["loop"] is spec.loop, sid
    return {
        "id": sid,
        "source": SOURCE,
        "description": spec.description,
        "label": trace.label,
        "meta": {
            "domain": spec.domain,
            "language": spec.language,
            "call_ids": spec.ids,
            "started_at": spec.started,
            "steps": trace.steps,
        },
        "events": trace.events,
    }
