"""The event model: one agent trace as an ordered stream of immutable events.

This module is the only vocabulary passed between loopwatch components: the SDK creates these
events, the collector's span mapper produces them from OTLP, the wire codec carries them, and
the detectors read them. Every field beyond ids and fingerprints is optional, because with
content capture off (privacy mode) only fingerprints and sketches travel.

Use the ``create`` constructors: they compute canonical forms, fingerprints and sketches so
that the same input always yields the same event whichever process builds it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from loopwatch.fingerprint import (
    call_fingerprint,
    canonical_arguments,
    digest,
    result_fingerprint,
)
from loopwatch.sketch import Repetition, TextSketch, find_repetition, sketch_text

# A result preview long enough to quote in a nudge ("the last result was: ..."), short enough
# to keep in bounded per-session state.
PREVIEW_CHARS = 200


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolCall:
    """One tool call the model requested.

    ``arguments`` is the canonical JSON text (sorted keys) or ``None`` when content capture is
    off; ``fingerprint`` identifies tool name plus arguments either way. ``repetition`` is the
    longest back-to-back repetition inside the string arguments (a model can degenerate into
    an ``edit`` argument as well as into its reply).
    """

    id: str
    name: str
    fingerprint: str
    arguments: str | None = None
    repetition: Repetition | None = None

    @classmethod
    def create(
        cls,
        *,
        id: str,  # noqa: A002 - the wire name, kept for symmetry with the APIs it mirrors
        name: str,
        arguments: Mapping[str, Any] | str | None,
        capture_content: bool = True,
    ) -> ToolCall:
        canonical = canonical_arguments(arguments)
        return cls(
            id=id,
            name=name,
            fingerprint=call_fingerprint(name, canonical),
            arguments=canonical if capture_content else None,
            repetition=_longest_repetition(arguments),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Usage:
    """Token usage of one model response."""

    input_tokens: int = 0
    output_tokens: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """One model response: its text, the batch of tool calls it requested, its usage.

    ``text`` is ``None`` in privacy mode; ``sketch`` is then the only view of the text.
    """

    event_id: str
    text: str | None = None
    sketch: TextSketch | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    usage: Usage | None = None
    finish_reason: str | None = None
    time_unix_ns: int = 0

    @classmethod
    def create(
        cls,
        *,
        event_id: str,
        text: str | None,
        tool_calls: tuple[ToolCall, ...] = (),
        usage: Usage | None = None,
        finish_reason: str | None = None,
        time_unix_ns: int = 0,
        capture_content: bool = True,
    ) -> Step:
        return cls(
            event_id=event_id,
            text=text if capture_content else None,
            sketch=sketch_text(text) if text else None,
            tool_calls=tool_calls,
            usage=usage,
            finish_reason=finish_reason,
            time_unix_ns=time_unix_ns,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolResult:
    """The outcome of one tool call, matched to it by ``call_id``.

    ``fingerprint`` is taken after volatile content (timestamps, ids, durations) is stripped,
    so two results with the same fingerprint taught the model nothing new. ``size`` counts
    characters of the raw result; ``0`` means empty, which detectors treat as "no
    information". ``preview`` is ``None`` in privacy mode.
    """

    event_id: str
    call_id: str
    fingerprint: str
    size: int
    is_error: bool = False
    error_type: str | None = None
    preview: str | None = None
    time_unix_ns: int = 0

    @classmethod
    def create(
        cls,
        *,
        event_id: str,
        call_id: str,
        content: str,
        is_error: bool = False,
        error_type: str | None = None,
        time_unix_ns: int = 0,
        capture_content: bool = True,
    ) -> ToolResult:
        return cls(
            event_id=event_id,
            call_id=call_id,
            fingerprint=result_fingerprint(content),
            size=len(content),
            is_error=is_error,
            error_type=error_type,
            preview=_preview(content) if capture_content else None,
            time_unix_ns=time_unix_ns,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class UserMessage:
    """A user message: it starts a new turn, and repetition is counted per turn."""

    event_id: str
    fingerprint: str = ""
    time_unix_ns: int = 0

    @classmethod
    def create(cls, *, event_id: str, text: str, time_unix_ns: int = 0) -> UserMessage:
        return cls(event_id=event_id, fingerprint=digest(text), time_unix_ns=time_unix_ns)


Event = Step | ToolResult | UserMessage


@dataclass(frozen=True, slots=True, kw_only=True)
class TraceContext:
    """Who produced a batch of events: the trace, its agent and its conversation."""

    trace_id: str
    agent: str = "unknown"
    conversation_id: str | None = None


def _preview(content: str) -> str:
    flat = " ".join(content.split())
    if len(flat) <= PREVIEW_CHARS:
        return flat
    return flat[: PREVIEW_CHARS - 3] + "..."


def _longest_repetition(arguments: Mapping[str, Any] | str | None) -> Repetition | None:
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            pass
    best: Repetition | None = None
    for value in _string_values(arguments):
        found = find_repetition(value)
        if found is not None and (best is None or found.covered_chars > best.covered_chars):
            best = found
    return best


def _string_values(value: object) -> list[str]:
    """Long string leaves of a JSON-like value (short ones cannot hold degenerate text)."""
    if isinstance(value, str):
        return [value] if len(value) >= 64 else []
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in _string_values(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _string_values(v)]
    return []
