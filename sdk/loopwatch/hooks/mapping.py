"""The shared vocabulary of the hook translations: one CLI hook call as a ``HookCall``, its loopwatch
events, and the decision to send back.

Each agent module (``claude_code``, ``codex``, ``gemini_cli``) only parses its CLI's hook JSON
into a ``HookCall`` and renders a ``HookDecision`` in its CLI's answer format; this module turns
a ``HookCall`` into the SDK's event model, identically for every CLI:

- the CLI's ``session_id`` is one loopwatch session (its trace id: the UUID's 32 hex digits, or
  a digest of any other id) in the conversation ``session_id``; a subagent (``agent_id``) is
  its own session in the same conversation;
- a prompt is a ``UserMessage``;
- a tool call is a ``Step`` holding that one call (event id ``call:<call id>``), sent before
  the call runs and again with its result (a re-send is de-duplicated);
- a tool's response or failure is a ``ToolResult`` (event id ``result:<call id>``).

With ``capture_content=False`` the events carry fingerprints and sketches only (the SDK's
privacy mode); ``loopwatch hook`` builds them on the user's machine this way and sends them in
the payload's ``loopwatch_events`` instead of the content. Pure functions; ``HookError``
(a ``WireError``: field plus problem) for bad input.
"""

from __future__ import annotations

import enum
import hashlib
import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from google.protobuf import json_format

from loopwatch.events import Event, Step, ToolCall, ToolResult, TraceContext, UserMessage
from loopwatch.wire import MAX_EVENT_ID_CHARS, MAX_ID_CHARS, WireError, event_to_proto, events_from_proto, pb

#: Payload key of the events ``loopwatch hook`` computed locally (privacy mode).
LOCAL_EVENTS_KEY = "loopwatch_events"
# A hook call carries one tool call and its response: a file read or a command's output is tens
# of KB; a whole file written through an edit tool may be a few MB.
MAX_HOOK_BODY_BYTES = 4 * 1024 * 1024
# A working directory is a path: Linux's PATH_MAX.
_MAX_CWD_CHARS = 4096
#: ``ToolResult.error_type`` of a call a hook denied.
DENIED = "denied_by_loopwatch"
_TRACE_ID_BYTES = 16  # a W3C trace id: 32 hex digits
# Event-id prefixes ("result:" is the longest) leave the call id this much of the event-id bound.
_MAX_CALL_ID_CHARS = MAX_EVENT_ID_CHARS - len("result:")


class HookError(WireError):
    """A hook payload the receiver cannot map; ``field`` names the offending key."""


class HookKind(enum.Enum):
    """What a hook call reports, whatever the CLI calls it."""

    PROMPT = "prompt"  # the user submitted a prompt
    BEFORE_TOOL = "before_tool"  # a tool call is about to run (it may be denied)
    AFTER_TOOL = "after_tool"  # the call ran; its response (or failure) is known
    STOP = "stop"  # the agent (or a subagent) finished its answer, or the session ends
    OTHER = "other"  # an event loopwatch does not use (session start, notifications, ...)


@dataclass(frozen=True, slots=True, kw_only=True)
class HookCall:
    """One hook call of a coding CLI, in loopwatch's terms (see the module docstring)."""

    agent: str  # the CLI: "claude-code", "codex", "gemini-cli"
    event_name: str  # the CLI's own name, echoed in its answer ("PreToolUse", "AfterTool")
    kind: HookKind
    session_id: str
    event_key: str  # unique per hook call of the session (the CLI's timestamp or turn id, else arrival)
    subagent_id: str | None = None
    prompt: str | None = None
    tool_name: str | None = None
    tool_input: Any = None
    call_id: str | None = None
    step_event_id: str | None = None  # None: the CLI cannot repeat it after the call (no call ids)
    result_event_id: str | None = None
    response: str | None = None  # the tool's response (or failure) as text
    failed: bool = False


class DecisionKind(enum.Enum):
    NONE = "none"  # the CLI proceeds as if no hook ran
    CONTEXT = "context"  # text for the model next to the call's result
    DENY = "deny"  # the pending call does not run; the reason goes to the model
    STOP = "stop"  # the session stops; the reason goes to the user


@dataclass(frozen=True, slots=True)
class HookDecision:
    kind: DecisionKind
    message: str = ""


NO_DECISION = HookDecision(DecisionKind.NONE)


def trace_context(call: HookCall) -> TraceContext:
    """The loopwatch session of ``call``: its CLI session, or the subagent's own session."""
    key = call.session_id if call.subagent_id is None else f"{call.session_id}/{call.subagent_id}"
    return TraceContext(trace_id=_trace_id(key), agent=call.agent, conversation_id=call.session_id)


def events_of(call: HookCall, *, capture_content: bool = True) -> list[Event]:
    """The loopwatch events ``call`` reports (none for STOP and OTHER)."""
    if call.kind is HookKind.PROMPT:
        return [UserMessage.create(event_id=f"prompt:{_prompt_id(call)}", text=call.prompt or "")]
    tool = tool_call_of(call, capture_content=capture_content)
    if tool is None:
        return []
    events: list[Event] = []
    if call.step_event_id is not None:
        events.append(Step.create(event_id=call.step_event_id, text=None, tool_calls=(tool,)))
    if call.kind is HookKind.AFTER_TOOL and call.result_event_id is not None:
        result = ToolResult.create(
            event_id=call.result_event_id,
            call_id=tool.id,
            content=call.response or "",
            is_error=call.failed,
            error_type="tool_failure" if call.failed else None,
            capture_content=capture_content,
        )
        events.append(result)
    return events


def denial_result(call: HookCall, tool: ToolCall, reason: str) -> ToolResult:
    """What the model got instead of running ``tool``: the deny ``reason``, as a failed result.

    Its event id is the one the call's own result would have had (Claude Code and Codex), so
    a failure event the CLI may report for the denied call is the same event.
    """
    event_id = call.result_event_id or f"result:{call.event_key}:{tool.id}"
    return ToolResult.create(
        event_id=event_id, call_id=tool.id, content=reason, is_error=True, error_type=DENIED
    )


def tool_call_of(call: HookCall, *, capture_content: bool = True) -> ToolCall | None:
    """The tool call ``call`` is about (None for prompts and lifecycle events)."""
    if call.kind not in (HookKind.BEFORE_TOOL, HookKind.AFTER_TOOL) or call.call_id is None:
        return None
    return ToolCall.create(
        id=call.call_id,
        name=call.tool_name or "",
        arguments=call.tool_input if isinstance(call.tool_input, Mapping | str) else None,
        capture_content=capture_content,
    )


def local_events_json(events: list[Event]) -> list[dict[str, Any]]:
    """``events`` as the protobuf JSON ``loopwatch hook`` sends under ``LOCAL_EVENTS_KEY``."""
    return [json_format.MessageToDict(event_to_proto(e), preserving_proto_field_name=True) for e in events]


def local_events(payload: Mapping[str, Any]) -> list[Event] | None:
    """The events ``loopwatch hook`` computed (``LOCAL_EVENTS_KEY``), validated; None when absent."""
    raw = payload.get(LOCAL_EVENTS_KEY)
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise HookError(LOCAL_EVENTS_KEY, "must be a list of loopwatch.v1.Event objects")
    messages = []
    for index, item in enumerate(raw):
        message = pb.Event()
        try:
            json_format.ParseDict(item, message)
        except (json_format.ParseError, TypeError, RecursionError) as exc:
            raise HookError(f"{LOCAL_EVENTS_KEY}[{index}]", str(exc)) from None
        messages.append(message)
    return events_from_proto(messages, field=LOCAL_EVENTS_KEY)


def working_directory(payload: Mapping[str, Any]) -> str | None:
    """The CLI's working directory (``cwd``, sent by Claude Code, Codex and Gemini CLI), if any."""
    return optional_text(payload, "cwd", max_chars=_MAX_CWD_CHARS) or None


def stop_answer(decision: HookDecision) -> dict[str, Any]:
    """What every CLI's answer starts from: ``continue: false`` with the reason for a stop, else
    nothing (each CLI module adds its own deny and context fields)."""
    if decision.kind is DecisionKind.STOP:
        return {"continue": False, "stopReason": decision.message}
    return {}


def context_output(call: HookCall, message: str) -> dict[str, str]:
    """``hookSpecificOutput`` adding ``message`` for the model (Claude Code, Codex, Gemini CLI)."""
    return {"hookEventName": call.event_name, "additionalContext": message}


# --- helpers for the agent modules ---------------------------------------------------------------


def required_text(payload: Mapping[str, Any], key: str, *, max_chars: int = MAX_ID_CHARS) -> str:
    """``payload[key]`` as a non-empty string of at most ``max_chars``; else ``HookError``."""
    value = payload.get(key)
    if not isinstance(value, str) or not value:
        raise HookError(key, "required (a non-empty string)")
    if len(value) > max_chars:
        raise HookError(key, f"longer than {max_chars} characters")
    return value


def optional_text(
    payload: Mapping[str, Any], key: str, *, max_chars: int | None = MAX_ID_CHARS
) -> str | None:
    """``payload[key]`` when present (a string of at most ``max_chars``; None: any length, for
    content bounded by the body limit), else None."""
    value = payload.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise HookError(key, "must be a string")
    if max_chars is not None and len(value) > max_chars:
        raise HookError(key, f"longer than {max_chars} characters")
    return value


def call_id_text(payload: Mapping[str, Any], key: str) -> str:
    """A tool call id, bounded so that the event ids built from it stay valid."""
    return required_text(payload, key, max_chars=_MAX_CALL_ID_CHARS)


def as_text(value: Any) -> str:
    """A tool response as text: strings as they are, anything else as canonical JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _trace_id(key: str) -> str:
    """The session id's 32 hex digits when it is a UUID (as Claude Code's and Codex's are), so
    that the id a user sees in the CLI finds the session; a digest of any other id."""
    try:
        parsed = uuid.UUID(key)
    except ValueError:
        return _digest128(key)
    return parsed.hex if parsed.int else _digest128(key)  # the all-zero trace id is invalid


def _prompt_id(call: HookCall) -> str:
    """Prompts carry no id: a digest of session, the call's ``event_key`` and the prompt."""
    return _digest128(f"{call.session_id}\0{call.event_key}\0{call.prompt or ''}")


def _digest128(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=_TRACE_ID_BYTES).hexdigest()
