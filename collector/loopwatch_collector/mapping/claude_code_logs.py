"""Claude Code's OpenTelemetry log events (``CLAUDE_CODE_ENABLE_TELEMETRY=1``,
``OTEL_LOGS_EXPORTER=otlp``) as ``CliRecord`` s.

Checked against claude-code 2.1.332 (fixtures in ``tests/collector/mapping/cli_logs/``): every
record has the body ``claude_code.<name>``, the attribute ``event.name`` (``<name>``),
``session.id``, ``event.sequence`` and ``event.timestamp``; a subagent's add ``agent_id``. No
trace or span ids.

=====================================  ==========================================================
Claude Code event                      ``CliRecord``
=====================================  ==========================================================
``user_prompt``                        PROMPT (``prompt`` only with ``OTEL_LOG_USER_PROMPTS=1``)
``api_request``                        MODEL_CALL: ``input_tokens`` + ``cache_read_tokens`` +
                                       ``cache_creation_tokens`` in, ``output_tokens`` out
``tool_result``                        TOOL_RESULT: ``tool_use_id``, ``tool_name``, ``success``,
                                       ``error_type`` / ``error``; ``tool_input`` only with
                                       ``OTEL_LOG_TOOL_DETAILS=1``; never the tool's output
``tool_decision`` ``reject``           TOOL_RESULT failed (``rejected``): the call never ran
``assistant_response``                 ANSWER (``response`` only with
                                       ``OTEL_LOG_ASSISTANT_RESPONSES=1``)
``hook_registered``,                   HOOKS, for ``PreToolUse`` / ``UserPromptSubmit`` hooks
``hook_execution_start``               (registered at start-up, before the first prompt)
anything else                          nothing (``api_error``, ``plugin_loaded``, ...)
=====================================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopwatch_collector.mapping.cli_record import MAX_CALL_ID_CHARS, CliKind, CliRecord, bounded_id
from loopwatch_collector.mapping.values import MAX_CONTENT_CHARS, integer, text

AGENT = "claude-code"
_PREFIX = "claude_code."
# What Claude Code logs in place of content it was not allowed to log.
_REDACTED = "<REDACTED>"
# Hooks that see every prompt or tool call: a session running them is guarded by hooks.
_GUARD_HOOKS = frozenset({"PreToolUse", "UserPromptSubmit"})
_NS_PER_MS = 1_000_000


def record_of(name: str | None, body: Any, attrs: Mapping[str, Any], time_unix_ns: int) -> CliRecord | None:
    """The ``CliRecord`` of a Claude Code log record, None when it is not one loopwatch uses."""
    event = name or ""
    if isinstance(body, str) and body.startswith(_PREFIX):
        event = body[len(_PREFIX) :]
    session = bounded_id(attrs.get("session.id"))
    if session is None:
        return None
    common: dict[str, Any] = {
        "agent": AGENT,
        "session_id": session,
        # The sequence restarts with each process (a resumed session): the timestamp tells them apart.
        "key": f"{event}:{attrs.get('event.sequence', '')}:{attrs.get('event.timestamp', time_unix_ns)}",
        "time_unix_ns": time_unix_ns,
        "subagent_id": bounded_id(attrs.get("agent_id")),
    }
    if event == "user_prompt":
        key = bounded_id(attrs.get("prompt.id")) or common["key"]
        return CliRecord(**{**common, "key": key}, kind=CliKind.PROMPT, text=_content(attrs.get("prompt")))
    if event == "api_request":
        tokens_in = sum(
            integer(attrs.get(k)) for k in ("input_tokens", "cache_read_tokens", "cache_creation_tokens")
        )
        return CliRecord(
            **common,
            kind=CliKind.MODEL_CALL,
            input_tokens=max(0, tokens_in),
            output_tokens=max(0, integer(attrs.get("output_tokens"))),
        )
    if event == "assistant_response":
        return CliRecord(**common, kind=CliKind.ANSWER, text=_content(attrs.get("response")))
    if event in ("hook_registered", "hook_execution_start"):
        guard = text(attrs.get("hook_event")) in _GUARD_HOOKS
        return CliRecord(**common, kind=CliKind.HOOKS) if guard else None
    call_id = bounded_id(attrs.get("tool_use_id"), MAX_CALL_ID_CHARS)
    if call_id is None:
        return None
    tool: dict[str, Any] = {
        "kind": CliKind.TOOL_RESULT,
        "call_id": call_id,
        "tool_name": text(attrs.get("tool_name")) or "unknown",
        "arguments": _arguments(attrs.get("tool_input")),
    }
    if event == "tool_result":
        failed = text(attrs.get("success")) == "false" or attrs.get("success") is False
        error = text(attrs.get("error")) or text(attrs.get("error_type"))
        return CliRecord(
            **common,
            **tool,
            failed=failed,
            error_type=text(attrs.get("error_type")) if failed else None,
            output=error[:MAX_CONTENT_CHARS] if failed and error else None,
            duration_ns=max(0, integer(attrs.get("duration_ms"))) * _NS_PER_MS,
        )
    if event == "tool_decision" and text(attrs.get("decision")) == "reject":
        source = text(attrs.get("source")) or "user"
        return CliRecord(
            **common,
            **tool,
            failed=True,
            error_type="rejected",
            output=f"rejected by {source}"[:MAX_CONTENT_CHARS],
        )
    return None


def _content(value: Any) -> str | None:
    found = text(value)
    return None if found is None or found == _REDACTED else found[:MAX_CONTENT_CHARS]


def _arguments(value: Any) -> Any:
    """The tool's input (a JSON string in the record), None when not logged."""
    return value if isinstance(value, str) and value else None
