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
``PostToolUse`` (``tool_response``)    ``ToolResult``; ``is_error`` when the response has a
                                       non-zero ``exit_code`` or an ``error`` (Codex has no
                                       failure event)
``Stop``                               end of the batch
anything else                          nothing (no decision)
=====================================  ====================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopwatch.hooks import claude_code
from loopwatch.hooks.mapping import HookCall, HookDecision

AGENT = "codex"


def parse(payload: Mapping[str, Any]) -> HookCall:
    """A Codex hook payload as a ``HookCall`` (``claude_code.parse``, agent ``codex``)."""
    return claude_code.parse(payload, agent=AGENT)


def render(call: HookCall, decision: HookDecision) -> dict[str, Any]:
    """Codex reads Claude Code's answer fields."""
    return claude_code.render(call, decision)
