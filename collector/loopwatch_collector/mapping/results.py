"""Tool results as the detectors must see them: the content, never an envelope or a marker.

Instrumentations record results in shapes that hide the content or fake it:

- **Message envelopes.** LangGraph's tool node returns a ``ToolMessage``; OpenInference and
  OpenLLMetry record it serialised (as a plain dump ``{"content", "tool_call_id", "type": "tool",
  ...}``, or LangChain's ``{"lc": 1, "type": "constructor", "id": [..., "ToolMessage"],
  "kwargs": {...}}``, possibly inside ``{"output": ...}`` / ``{"outputs": ..., "kwargs": ...}``).
  The envelope carries the call id, so no two envelopes are equal: :func:`result_content`
  returns the message content instead. An envelope without a readable content is
  :data:`ENVELOPE` (the mapper then waits for the result fed to the next model call).
- **Redaction markers.** ``__REDACTED__`` (OpenInference ``OPENINFERENCE_HIDE_INPUTS/OUTPUTS``,
  and the hide flags of its messages) stands for content that was not captured: it is
  :data:`UNKNOWN`, never content, or every redacted result would equal every other.

A result that is :data:`UNKNOWN` becomes :func:`unknown_result`: a fingerprint unique to the
call (never passed through result normalisation, which would fold the call id it is built from)
and a non-zero size, so it is neither "the same result again" nor "empty"; such steps are judged
on names, errors, counts and budgets only. Such a result without an error is a placeholder
(:func:`is_placeholder`): where the call's result can still come, fed back to the next model
call, the mapper waits for that instead (``tool_events``).

Contract: pure functions, never raise.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final

from loopwatch.events import ToolResult
from loopwatch.fingerprint import digest
from loopwatch.wire import ids
from loopwatch_collector.mapping.model import UNKNOWN, Unknown
from loopwatch_collector.mapping.values import as_text, items, loads, mapping, text

# Markers instrumentations write in place of content they were told not to capture.
REDACTED_MARKERS = frozenset({"__REDACTED__"})
# Single-key wrappers around a run's output (OpenInference ``{"output": ...}``, OpenLLMetry
# ``{"outputs": ..., "kwargs": ...}``), unwrapped this many levels at most.
_WRAPPER_KEYS = ("output", "outputs")
_MAX_UNWRAP = 4
# Text of an unknown result: its length is the result's size (non-zero: not "empty").
_UNKNOWN_TEXT = "<loopwatch: result not captured>"


class _Envelope(enum.Enum):
    ENVELOPE = "envelope"


ENVELOPE: Final = _Envelope.ENVELOPE
"""A message envelope whose content could not be read."""

Envelope = _Envelope


def is_redacted(value: Any) -> bool:
    """True when ``value`` is a redaction marker (content deliberately not captured)."""
    return isinstance(value, str) and value.strip() in REDACTED_MARKERS


def captured(value: Any) -> Any:
    """``value``, or :data:`UNKNOWN` when it is absent (``None``) or a redaction marker."""
    if value is None or is_redacted(value):
        return UNKNOWN
    return value


def result_content(value: Any) -> str | Unknown | Envelope:
    """The result text of a recorded tool output (see the module docstring)."""
    if captured(value) is UNKNOWN:
        return Unknown.UNKNOWN
    message = _message(loads(value))
    if message is None:
        return as_text(value)
    content = message.get("content")
    if content is None:
        return ENVELOPE
    if is_redacted(content):
        return Unknown.UNKNOWN
    return _content_text(content)


def unknown_result(
    call_id: str, *, time_unix_ns: int, is_error: bool = False, error_type: str | None = None
) -> ToolResult:
    """A result whose content is unknown: unique to ``call_id``, not empty, no preview."""
    return ToolResult(
        event_id=ids.result_id(call_id),
        call_id=call_id,
        fingerprint=_unknown_fingerprint(call_id),
        size=len(_UNKNOWN_TEXT),
        is_error=is_error,
        error_type=error_type,
        time_unix_ns=time_unix_ns,
    )


def is_placeholder(result: ToolResult) -> bool:
    """Whether ``result`` is an :func:`unknown_result` without an error: it stands for a result
    that was not captured, and gives way to the result itself where one can still come."""
    return not result.is_error and result.fingerprint == _unknown_fingerprint(result.call_id)


def _unknown_fingerprint(call_id: str) -> str:
    return digest(f"loopwatch.unknown_result\x00{call_id}")


def _message(value: Any) -> Mapping[str, Any] | None:
    """The tool message inside ``value`` (its fields), or ``None`` when it holds none."""
    for _ in range(_MAX_UNWRAP):
        found = items(value)
        if len(found) == 1:
            value = found[0]
            continue
        envelope = mapping(value)
        if not envelope:
            return None
        if envelope.get("lc") == 1 and envelope.get("type") == "constructor":
            kind = items(envelope.get("id"))
            if kind and str(kind[-1]).endswith("Message"):
                return mapping(envelope.get("kwargs"))
            return None
        if "tool_call_id" in envelope or envelope.get("type") == "tool":
            return envelope
        wrapped = next((key for key in _WRAPPER_KEYS if key in envelope), None)
        if wrapped is None or not set(envelope) <= {*_WRAPPER_KEYS, "kwargs"}:
            return None
        value = loads(envelope[wrapped])
    return None


def _content_text(content: Any) -> str:
    """A message content as text: a string, or the text of its content blocks."""
    if isinstance(content, str):
        return content
    blocks = items(content)
    if blocks:
        texts = [text(mapping(b).get("text")) or (b if isinstance(b, str) else None) for b in blocks]
        if all(t is not None for t in texts):
            return "\n".join(t for t in texts if t is not None)
    return as_text(content)
