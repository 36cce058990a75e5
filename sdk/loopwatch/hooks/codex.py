"""Codex CLI's hooks (``.codex/hooks.json`` or ``~/.codex/hooks.json``, command hooks only).

Followed: the Codex hooks documentation (developers.openai.com/codex/hooks) for 0.12x+ and its
generated output schemas. Codex sends Claude Code's schema (``session_id``, ``cwd``,
``hook_event_name``, ``tool_name``, ``tool_input``, ``tool_use_id``, ``tool_response``) plus
``turn_id`` and ``model``, and reads the same answers, so this module reuses ``claude_code``:

=====================================  ====================================================
Codex event                            loopwatch
=====================================  ====================================================
``UserPromptSubmit`` (``prompt``)      ``UserMessage``
``PreToolUse``                         ``Step`` with the call, checked before it runs
``PostToolUse`` (``tool_response``)    ``ToolResult`` (the command's output as text; Codex
                                       sends no exit code and has no failure event, so no
                                       result is marked failed)
``Stop``                               end of the batch
anything else                          nothing (no decision)
=====================================  ====================================================

Checked against codex-cli 0.171.0 by the end-to-end tests: ``additionalContext`` after a call
reaches the model as a developer message, a deny as the call's output; ``continue: false``
after a call replaces its output with ``stopReason`` and the turn goes on, so a halted session
is one whose every further call is denied.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopwatch.hooks import claude_code
from loopwatch.hooks.mapping import DecisionKind, HookCall, HookDecision, HookKind

AGENT = "codex"


def parse(payload: Mapping[str, Any]) -> HookCall:
    """A Codex hook payload as a ``HookCall`` (``claude_code.parse``, agent ``codex``)."""
    return claude_code.parse(payload, agent=AGENT)


def render(call: HookCall, decision: HookDecision) -> dict[str, Any]:
    """Claude Code's answer fields, except that a stop before a call is a deny with the stop
    reason: Codex (0.171) runs a call whose ``PreToolUse`` answer says ``continue: false``."""
    if decision.kind is DecisionKind.STOP and call.kind is HookKind.BEFORE_TOOL:
        return claude_code.render(call, HookDecision(DecisionKind.DENY, decision.message))
    return claude_code.render(call, decision)
