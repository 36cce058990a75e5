"""What a scripted model answers (a tool call or a final text), shared by the fake provider
servers of the end-to-end tests (``anthropic_stream``, ``gemini_stream``, ``responses_stream``;
their HTTP plumbing is ``tests.http_fakes``)."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class ToolUse:
    name: str
    input: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Text:
    text: str


Reply = ToolUse | Text
#: Called with each main-agent request body; returns the next reply.
Script = Callable[[Mapping[str, Any]], Reply]


@dataclass
class ScriptedModel:
    """The served script, its base URL and the requests it got (main-agent ones)."""

    url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _numbers: Iterator[int] = field(default_factory=lambda: itertools.count(1), repr=False)

    def answer(
        self, body: dict[str, Any], script: Script, *, main: bool = True, other: Reply = Text("")
    ) -> tuple[int, Reply]:
        """Number a request (from 1, across all requests) and pick its reply: ``script``'s for a
        main-agent request (kept in ``requests``), else ``other``. Safe across handler threads."""
        with self._lock:
            number = next(self._numbers)
            if not main:
                return number, other
            self.requests.append(body)
            return number, script(body)
