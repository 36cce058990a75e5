"""What a scripted model answers (a tool call or a final text), shared by the fake provider
servers of the end-to-end tests (``anthropic_stream``, ``responses_stream``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
