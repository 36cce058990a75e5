"""What the family modules extract from one span, before events are assembled.

These are the mapper's internal vocabulary: ``ToolSpan`` (a tool execution) and ``LlmSpan``
(a model call). ``UNKNOWN`` marks content that was not captured, as opposed to content that
was captured and empty; the assembler then fingerprints from whatever exists.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Final


class _Unknown(enum.Enum):
    UNKNOWN = "unknown"


UNKNOWN: Final = _Unknown.UNKNOWN
"""Content not captured by the instrumentation (privacy mode or not recorded)."""

Unknown = _Unknown


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolSpan:
    """A tool execution. ``arguments`` is JSON-like or text; ``result`` is text."""

    family: str
    name: str
    call_id: str | None = None
    arguments: Any = UNKNOWN
    result: str | Unknown = UNKNOWN
    is_error: bool = False
    error_type: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RequestedCall:
    """A tool call the model asked for in its output."""

    name: str
    id: str | None = None
    arguments: Any = UNKNOWN


@dataclass(frozen=True, slots=True, kw_only=True)
class FedResult:
    """A tool result fed back to the model in its input, matched by call id."""

    call_id: str
    content: str | Unknown


@dataclass(frozen=True, slots=True, kw_only=True)
class LlmSpan:
    """A model call. ``output_known`` is False when no output content was captured."""

    family: str
    output_known: bool = False
    text: str | None = None
    calls: tuple[RequestedCall, ...] = ()
    fed_results: tuple[FedResult, ...] = ()
    input_tokens: int = 0
    output_tokens: int = 0
    finish_reason: str | None = None
