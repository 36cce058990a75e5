"""Pieces several instrumentation families share: errors, names from span names, envelopes."""

from __future__ import annotations

from typing import Any

from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import loads, mapping, text

# Envelope keys of the Traceloop-LangChain tool input: a wrapper around the real arguments.
_LANGCHAIN_ENVELOPE = frozenset({"input_str", "tags", "metadata", "inputs", "kwargs"})


def error_of(span: SpanView) -> tuple[bool, str | None]:
    """(is_error, error_type) from status ERROR, ``error.type`` or an ``exception`` event."""
    error_type = text(span.attributes.get("error.type")) or span.exception_type
    is_error = span.is_error or error_type is not None
    if is_error and error_type is None:
        error_type = "error"
    return is_error, error_type


def name_after(span_name: str, prefix: str) -> str | None:
    """The tool name in a span name like ``execute_tool read_file`` (``prefix`` included)."""
    if span_name.startswith(prefix):
        rest = span_name[len(prefix) :].strip()
        return rest or None
    return None


def unwrap_envelope(value: Any) -> Any:
    """Real arguments out of known wrappers: Traceloop ``{"args","kwargs"}``, LangChain, LangSmith.

    - Traceloop decorator: ``{"args": [...], "kwargs": {...}}`` -> the kwargs when there are no
      positional args, else ``{"args": [...], **kwargs}``.
    - Traceloop LangChain: ``{"input_str", "inputs", "tags", "metadata", "kwargs"}`` -> ``inputs``
      (or ``input_str`` parsed as JSON when ``inputs`` is absent).
    - LangSmith: ``{"input": x}`` -> ``x``.
    Anything else is returned as it came (parsed from JSON when it was a JSON string).
    """
    parsed = loads(value)
    envelope = mapping(parsed)
    if not envelope:
        return parsed
    keys = set(envelope)
    if keys and keys <= {"args", "kwargs"}:
        args = envelope.get("args")
        kwargs = mapping(loads(envelope.get("kwargs")))
        if not args:
            return dict(kwargs)
        return {"args": args, **kwargs}
    if keys <= _LANGCHAIN_ENVELOPE and ("input_str" in keys or "inputs" in keys):
        inputs = envelope.get("inputs")
        if inputs:
            return loads(inputs)
        return loads(envelope.get("input_str"))
    if keys == {"input"}:
        return loads(envelope["input"])
    return parsed
