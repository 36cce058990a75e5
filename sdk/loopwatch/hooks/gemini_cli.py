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
                                       an ``error`` or a shell command's ``Exit Code``
``AfterAgent``, ``SessionEnd``         end of the batch
anything else                          nothing (no decision)
=====================================  ====================================================

A shell command's response (``run_shell_command``; checked with Gemini CLI 0.61.0) is
``Output: ...`` plus ``Exit Code: N`` when N is not 0 (and no ``error``) and
``Process Group PGID: <pid>``, a new number at every run: the PGID line is dropped, or no two
runs of a failing command would ever have the same result, and the exit code marks a failure.

Answers: no decision is ``{}``; a deny is ``{"decision": "deny", "reason": ...}`` (the reason
goes to the model as the tool's error); context after a call is
``hookSpecificOutput.additionalContext``; a stop is ``{"continue": false, "stopReason": ...}``.
"""

from __future__ import annotations

import re
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
_SHELL_TOOL = "run_shell_command"
# Lines of the shell tool's llmContent (Gemini CLI's shell tool formats them so; only a non-zero
# exit code is reported).
_PGID_LINE = re.compile(r"^Process Group PGID: \d+\n?", re.MULTILINE)
_EXIT_CODE_LINE = re.compile(r"^Exit Code: ", re.MULTILINE)
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
        content = as_text(_llm_content(response)) if after else None
        failed = isinstance(response, Mapping) and bool(response.get("error"))
        if content is not None and name == _SHELL_TOOL:
            failed = failed or _EXIT_CODE_LINE.search(content) is not None
            content = _PGID_LINE.sub("", content).rstrip("\n")
        return HookCall(
            **common,
            tool_name=name,
            tool_input=arguments,
            call_id=call_id,
            # BeforeTool's timestamp is not repeated in AfterTool: only BeforeTool sends the step.
            step_event_id=None if after else f"call:{timestamp}:{call_id}",
            result_event_id=f"result:{timestamp}:{call_id}" if after else None,
            response=content,
            failed=failed,
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
