"""Claude Code's hooks (``.claude/settings.json``, command or HTTP hooks): JSON in, answer out.

Followed: the Claude Code hooks reference for 2.1.x (code.claude.com/docs/en/hooks), checked
against claude-code 2.1 itself by the end-to-end tests. Every event carries ``session_id``,
``transcript_path``, ``cwd`` and ``hook_event_name``; a subagent's events add ``agent_id``.

=====================================  ====================================================
Claude Code event                      loopwatch
=====================================  ====================================================
``UserPromptSubmit`` (``prompt``)      ``UserMessage``
``PreToolUse``                         ``Step`` with the call (``tool_use_id``), checked
                                       before it runs
``PostToolUse`` (``tool_response``)    ``ToolResult``
``PostToolUseFailure`` (``error``)     ``ToolResult`` with ``is_error``
``Stop``, ``SubagentStop``,            end of the batch: a step still open is judged
``SessionEnd``
anything else                          nothing (no decision)
=====================================  ====================================================

Answers (``render``; Codex answers the same way): no decision is ``{}``; context is
``hookSpecificOutput.additionalContext``; a deny is ``hookSpecificOutput.permissionDecision:
"deny"`` with ``permissionDecisionReason`` (shown to the model); a stop is ``{"continue": false,
"stopReason": ...}`` (with the deny too before a call, so the call never runs).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from loopwatch.hooks.mapping import (
    DecisionKind,
    HookCall,
    HookDecision,
    HookKind,
    as_text,
    call_id_text,
    context_output,
    optional_text,
    required_text,
    stop_answer,
)

AGENT = "claude-code"
_KINDS = {
    "UserPromptSubmit": HookKind.PROMPT,
    "PreToolUse": HookKind.BEFORE_TOOL,
    "PostToolUse": HookKind.AFTER_TOOL,
    "PostToolUseFailure": HookKind.AFTER_TOOL,
    "Stop": HookKind.STOP,
    "SubagentStop": HookKind.STOP,
    "SessionEnd": HookKind.STOP,
}
_FAILURE = "PostToolUseFailure"


def parse(payload: Mapping[str, Any], *, agent: str = AGENT) -> HookCall:
    """A Claude Code (or Codex: same schema) hook payload as a ``HookCall``; ``HookError`` names
    the first missing or malformed field."""
    event = required_text(payload, "hook_event_name")
    kind = _KINDS.get(event, HookKind.OTHER)
    common: dict[str, Any] = {
        "agent": agent,
        "event_name": event,
        "kind": kind,
        "session_id": required_text(payload, "session_id"),
        "event_key": optional_text(payload, "turn_id") or str(time.time_ns()),
        "subagent_id": optional_text(payload, "agent_id"),
    }
    if kind is HookKind.PROMPT:
        return HookCall(**common, prompt=optional_text(payload, "prompt", max_chars=None))
    if kind in (HookKind.BEFORE_TOOL, HookKind.AFTER_TOOL):
        call_id = call_id_text(payload, "tool_use_id")
        failed = event == _FAILURE
        response = payload.get("error") if failed else payload.get("tool_response")
        return HookCall(
            **common,
            tool_name=required_text(payload, "tool_name"),
            tool_input=payload.get("tool_input"),
            call_id=call_id,
            step_event_id=f"call:{call_id}",
            result_event_id=f"result:{call_id}",
            response=as_text(response) if kind is HookKind.AFTER_TOOL else None,
            failed=failed,
        )
    return HookCall(**common)


def render(call: HookCall, decision: HookDecision) -> dict[str, Any]:
    """``decision`` in Claude Code's (and Codex's) answer format; see the module docstring."""
    if decision.kind is DecisionKind.NONE:
        return {}
    before = call.kind is HookKind.BEFORE_TOOL
    answer = stop_answer(decision)
    if before and decision.kind in (DecisionKind.DENY, DecisionKind.STOP):
        answer["hookSpecificOutput"] = {
            "hookEventName": call.event_name,
            "permissionDecision": "deny",
            "permissionDecisionReason": decision.message,
        }
    elif decision.kind in (DecisionKind.CONTEXT, DecisionKind.DENY) and call.kind in _CONTEXT_KINDS:
        answer["hookSpecificOutput"] = context_output(call, decision.message)
    elif decision.kind is not DecisionKind.STOP:
        answer["systemMessage"] = decision.message  # no model-facing field here: tell the user
    return answer


_CONTEXT_KINDS = (HookKind.PROMPT, HookKind.BEFORE_TOOL, HookKind.AFTER_TOOL)
