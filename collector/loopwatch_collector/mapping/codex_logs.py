"""Codex CLI's OpenTelemetry log events (``[otel] exporter = otlp-http | otlp-grpc`` in
``~/.codex/config.toml``) as ``CliRecord`` s.

Checked against codex-cli 0.171.0 (fixtures in ``tests/collector/mapping/cli_logs/``): the event
name is the attribute ``event.name`` (the record's own ``event_name`` is a source location);
every record has ``conversation.id`` and ``event.timestamp``, no trace or span ids, and only
``observed_time_unix_nano``.

=====================================  ==========================================================
Codex event                            ``CliRecord``
=====================================  ==========================================================
``codex.user_prompt``                  PROMPT (``prompt`` only with ``log_user_prompt = true``)
``codex.sse_event``                    MODEL_CALL: ``input_token_count`` (cached included),
``response.completed``                 ``output_token_count``
``codex.tool_result``                  TOOL_RESULT: ``call_id``, ``tool_name``, ``arguments``,
                                       ``output``, ``success``; a shell command's exit code
                                       from the output's header
``codex.tool_decision`` denied         TOOL_RESULT failed (``rejected``)
anything else                          nothing (``codex.api_request``, other SSE events, ...)
=====================================  ==========================================================
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from loopwatch_collector.mapping.cli_record import MAX_CALL_ID_CHARS, CliKind, CliRecord, bounded_id
from loopwatch_collector.mapping.values import MAX_CONTENT_CHARS, integer, text

AGENT = "codex"
PREFIX = "codex."
_REDACTED = "[REDACTED]"
# Codex's shell tools put a header before a command's output; its chunk id and wall time change
# on every run, so only the exit code is kept, and the output after the header is the result.
_EXEC_HEADER = re.compile(
    r"\AChunk ID: [^\n]*\nWall time: [^\n]*\n(?:Process exited with code (-?\d+)\n)?"
    r"(?:Original token count: [^\n]*\n)?Output:\n"
)
_DENIED = frozenset({"denied", "abort", "rejected"})


def record_of(name: str | None, attrs: Mapping[str, Any], time_unix_ns: int) -> CliRecord | None:
    """The ``CliRecord`` of a Codex log record, None when it is not one loopwatch uses."""
    session = bounded_id(attrs.get("conversation.id"))
    if session is None or name is None:
        return None
    common: dict[str, Any] = {
        "agent": AGENT,
        "session_id": session,
        "key": f"{name}:{text(attrs.get('event.timestamp')) or ''}:{time_unix_ns}",
        "time_unix_ns": time_unix_ns,
    }
    if name == "codex.user_prompt":
        prompt = text(attrs.get("prompt"))
        shown = None if prompt is None or prompt == _REDACTED else prompt[:MAX_CONTENT_CHARS]
        return CliRecord(**common, kind=CliKind.PROMPT, text=shown)
    if name == "codex.sse_event":
        if text(attrs.get("event.kind")) != "response.completed" or "input_token_count" not in attrs:
            return None
        return CliRecord(
            **common,
            kind=CliKind.MODEL_CALL,
            input_tokens=max(0, integer(attrs.get("input_token_count"))),
            output_tokens=max(0, integer(attrs.get("output_token_count"))),
        )
    call_id = bounded_id(attrs.get("call_id"), MAX_CALL_ID_CHARS)
    if call_id is None:
        return None
    tool: dict[str, Any] = {
        "kind": CliKind.TOOL_RESULT,
        "call_id": call_id,
        "tool_name": text(attrs.get("tool_name")) or "unknown",
        "arguments": _arguments(attrs.get("arguments")),
    }
    if name == "codex.tool_result":
        output, exit_code = _output(attrs.get("output"))
        failed = attrs.get("success") in ("false", False) or exit_code not in (None, 0)
        error_type = None if not failed else ("exit_code" if exit_code else "tool_failure")
        return CliRecord(**common, **tool, output=output, failed=failed, error_type=error_type)
    if name == "codex.tool_decision" and text(attrs.get("decision")) in _DENIED:
        return CliRecord(**common, **tool, failed=True, error_type="rejected", output="rejected")
    return None


def _arguments(value: Any) -> Any:
    return value if isinstance(value, str) and value else None


def _output(value: Any) -> tuple[str | None, int | None]:
    """The tool's output without the shell header, and the exit code the header gives."""
    if not isinstance(value, str):
        return None, None
    header = _EXEC_HEADER.match(value)
    if header is None:
        return value[:MAX_CONTENT_CHARS], None
    code = header.group(1)
    return value[header.end() :][:MAX_CONTENT_CHARS], int(code) if code is not None else None
