"""The recorders of one model call (``ChatSpan``) and one tool execution (``ToolSpan``).

Created by ``AgentRun.chat`` / ``start_chat`` and ``AgentRun.tool`` / ``start_tool``; they turn
what the agent reports into events (``Step``, ``ToolResult``), set the span attributes
(``loopwatch.wire.attributes``) and hand the events to the run's guard session. Recording never raises.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from opentelemetry.trace import Span, Status, StatusCode

from loopwatch.events import Step, ToolCall, ToolResult, Usage
from loopwatch.wire import attributes as attrs
from loopwatch.wire import ids

logger = logging.getLogger(__name__)


class RecordingRun(Protocol):
    """What a recorder needs of its run (``AgentRun`` provides it): the recorders are its
    parts, so they see its internals, without importing it (no import cycle)."""

    capture_content: bool

    def _unique_ids(self, calls: tuple[ToolCall, ...]) -> tuple[ToolCall, ...]: ...

    def _add_event(
        self, event: Step | ToolResult, text: str | None = None, *, span_id: str | None = None
    ) -> None: ...


def span_id(span: Span) -> str:
    """The span id as 16 hex digits, or a random id when the span is not recording."""
    return valid_span_id(span) or uuid.uuid4().hex[:16]


def valid_span_id(span: Span) -> str | None:
    """The span id as 16 hex digits, or None when the span has no valid context."""
    ctx = span.get_span_context()
    return f"{ctx.span_id:016x}" if ctx.is_valid else None


class ChatSpan:
    """The ``chat`` span of one model call; ``record`` the response once it is known."""

    def __init__(self, run: RecordingRun, span: Span) -> None:
        self.run = run
        self.span = span
        self.step: Step | None = None
        self._ended = False

    def end(self, exc: BaseException | None = None) -> None:
        """End the span (idempotent), recording ``exc`` when the model call failed."""
        if self._ended:
            return
        self._ended = True
        if exc is not None:
            self.span.set_status(Status(StatusCode.ERROR, str(exc)[:200]))
            self.span.set_attribute(attrs.ERROR_TYPE, type(exc).__qualname__)
        self.span.end()

    def record(
        self,
        *,
        text: str | None = None,
        tool_calls: Sequence[Mapping[str, Any]] = (),
        finish_reason: str | None = None,
        input_tokens: int | None = None,
        output_tokens: int | None = None,
    ) -> Step:
        """Record the response: its text and requested calls (``{"id", "name", "arguments"}``).

        Returns the ``Step`` event; its ``tool_calls`` are what ``run.tool(...)`` takes.
        """
        capture = self.run.capture_content
        # Built with their arguments: Step.create derives refers_to_calls from them, then drops
        # them (and the text) itself in privacy mode.
        calls = self.run._unique_ids(tuple(_tool_call(raw, index) for index, raw in enumerate(tool_calls)))
        usage = None
        if input_tokens is not None or output_tokens is not None:
            usage = Usage(input_tokens=input_tokens or 0, output_tokens=output_tokens or 0)
        # The event-id rule (loopwatch.wire.ids): a step is named by its first call, so OTLP
        # spans from another instrumentation of the same call agree.
        step = Step.create(
            event_id=ids.step_id(calls[0].id if calls else None, span_id(self.span)),
            text=text,
            tool_calls=calls,
            usage=usage,
            finish_reason=finish_reason,
            time_unix_ns=time.time_ns(),
            capture_content=capture,
        )
        self.span.set_attributes(attrs.chat_attributes(step, capture_content=capture))
        self.step = step
        self.run._add_event(step, text, span_id=valid_span_id(self.span))
        return step


class ToolSpan:
    """The ``execute_tool`` span of one call; ``set_result`` what the tool returned."""

    def __init__(self, run: RecordingRun, call: ToolCall, span: Span) -> None:
        self.run = run
        self.call = call
        self.span = span
        self.result: ToolResult | None = None
        self._content = ""
        self._is_error = False
        self._error_type: str | None = None
        self._status: str | None = None

    def set_result(self, content: Any, *, is_error: bool = False, error_type: str | None = None) -> None:
        """The tool's output (any JSON-able value or text); ``is_error`` for an error result."""
        self._content = content if isinstance(content, str) else _to_text(content)
        self._is_error = is_error
        self._error_type = error_type if is_error else None

    def fail(self, exc: BaseException) -> None:
        """Record an exception from the tool (``run.tool`` calls this for you)."""
        self._content = f"{type(exc).__name__}: {exc}"
        self._is_error = True
        self._error_type = type(exc).__qualname__
        self._status = str(exc)[:200]

    def finish(self) -> None:
        capture = self.run.capture_content
        result = ToolResult.create(
            event_id=ids.result_id(self.call.id),
            call_id=self.call.id,
            content=self._content,
            is_error=self._is_error,
            error_type=self._error_type,
            time_unix_ns=time.time_ns(),
            capture_content=capture,
        )
        self.result = result
        try:
            self.span.set_attributes(
                attrs.tool_attributes(self.call, result, content=self._content, capture_content=capture)
            )
            if self._is_error:
                self.span.set_status(Status(StatusCode.ERROR, self._status or self._error_type))
        finally:
            self.span.end()
        self.run._add_event(result)


def _tool_call(raw: Mapping[str, Any], index: int) -> ToolCall:
    call_id = raw.get("id")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        logger.warning("loopwatch: tool call #%d has no name; recorded as 'unknown'", index)
        name = "unknown"
    arguments = raw.get("arguments")
    if arguments is not None and not isinstance(arguments, str | Mapping):
        arguments = _to_text(arguments)
    return ToolCall.create(
        id=call_id if isinstance(call_id, str) and call_id else f"call_{index}_{uuid.uuid4().hex[:8]}",
        name=name,
        arguments=arguments,
    )


def _to_text(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)
