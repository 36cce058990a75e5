"""Gemini CLI's hooks (``.gemini/settings.json`` or ``~/.gemini/settings.json``, command hooks).

Followed: the Gemini CLI hooks reference (geminicli.com/docs/hooks/reference, docs/hooks in
google-gemini/gemini-cli). Every event carries ``session_id``, ``transcript_path``, ``cwd``,
``hook_event_name`` and ``timestamp``; tool events carry no call id, so a call's id is its
fingerprint (tool name plus arguments) and its events are told apart by ``timestamp``.

=====================================  ====================================================
Gemini CLI event                       loopwatch
=====================================  ====================================================
``BeforeAgent`` (``prompt``)           ``UserMessage``
``BeforeTool``                         ``Step`` with the call, checked before it runs
``AfterTool`` (``tool_response``)      ``ToolResult``; ``is_error`` when the response has
                                       an ``error``
``AfterAgent``, ``SessionEnd``         end of the batch
anything else                          nothing (no decision)
=====================================  ====================================================

Answers: no decision is ``{}``; a deny is ``{"decision": "deny", "reason": ...}`` (the reason
goes to the model as the tool's error); context after a call is
``hookSpecificOutput.additionalContext``; a stop is ``{"continue": false, "stopReason": ...}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopwatch.fingerprint import call_fingerprint, canonical_arguments
from loopwatch.hooks.mapping import (
    DecisionKind,
    HookCall,
    HookDecision,
    HookKind,
    as_text,
    context_output,
    optional_text,
    required_text,
    stop_answer,
)

AGENT = "gemini-cli"
_KINDS = {
    "BeforeAgent": HookKind.PROMPT,
    "BeforeTool": HookKind.BEFORE_TOOL,
    "AfterTool": HookKind.AFTER_TOOL,
    "AfterAgent": HookKind.STOP,
    "SessionEnd": HookKind.STOP,
}
_CONTEXT_KINDS = (HookKind.PROMPT, HookKind.AFTER_TOOL)
# An ISO 8601 timestamp is ~30 characters; the bound only keeps event ids bounded.
_MAX_TIMESTAMP_CHARS = 64


def parse(payload: Mapping[str, Any]) -> HookCall:
    """A Gemini CLI hook payload as a ``HookCall``; ``HookError`` names a bad field."""
    event = required_text(payload, "hook_event_name")
    kind = _KINDS.get(event, HookKind.OTHER)
    timestamp = required_text(payload, "timestamp", max_chars=_MAX_TIMESTAMP_CHARS)
    common: dict[str, Any] = {
        "agent": AGENT,
        "event_name": event,
        "kind": kind,
        "session_id": required_text(payload, "session_id"),
        "event_key": timestamp,
    }
    if kind is HookKind.PROMPT:
        return HookCall(**common, prompt=optional_text(payload, "prompt", max_chars=None))
    if kind in (HookKind.BEFORE_TOOL, HookKind.AFTER_TOOL):
        name = required_text(payload, "tool_name")
        arguments = payload.get("tool_input")
        call_id = "fp-" + call_fingerprint(
            name, canonical_arguments(arguments if isinstance(arguments, Mapping | str) else None)
        )
        response = payload.get("tool_response")
        after = kind is HookKind.AFTER_TOOL
        return HookCall(
            **common,
            tool_name=name,
            tool_input=arguments,
            call_id=call_id,
            # BeforeTool's timestamp is not repeated in AfterTool: only BeforeTool sends the step.
            step_event_id=None if after else f"call:{timestamp}:{call_id}",
            result_event_id=f"result:{timestamp}:{call_id}" if after else None,
            response=as_text(_llm_content(response)) if after else None,
            failed=isinstance(response, Mapping) and bool(response.get("error")),
        )
    return HookCall(**common)


def render(call: HookCall, decision: HookDecision) -> dict[str, Any]:
    """``decision`` in Gemini CLI's answer format; see the module docstring."""
    if decision.kind is DecisionKind.NONE:
        return {}
    before = call.kind is HookKind.BEFORE_TOOL
    answer = stop_answer(decision)
    if before and decision.kind in (DecisionKind.DENY, DecisionKind.STOP):
        answer.update(decision="deny", reason=decision.message)
    elif decision.kind is not DecisionKind.STOP and call.kind in _CONTEXT_KINDS:
        answer["hookSpecificOutput"] = context_output(call, decision.message)
    elif decision.kind is not DecisionKind.STOP:
        answer["systemMessage"] = decision.message  # no model-facing field here: tell the user
    return answer


def _llm_content(response: Any) -> Any:
    """What the model saw of a response: its ``llmContent`` when present."""
    if isinstance(response, Mapping) and "llmContent" in response:
        return response["llmContent"]
    return response
