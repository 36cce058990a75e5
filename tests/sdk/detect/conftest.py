"""Shared builders for detector tests (also used by the engine and policy tests).

The builders live in ``detect_builders.py`` so that test modules can import them by a unique
name (``from detect_builders import USER, call, run, step``): several ``conftest.py`` files sit
outside packages in this repository, so ``from conftest import ...`` would be ambiguous.

- ``call(name, arguments, result, is_error=...)``: one tool call and its result (``None``: the
  result never arrives).
- ``step(*calls, text=..., input_tokens=..., output_tokens=..., time_unix_ns=...)``: one model
  step; no calls makes a text-only step.
- ``USER``: a user message between steps (a new turn).
- ``ScriptItem``: the common base of ``StepSpec`` and ``UserTurn`` (the item type of a script).
- ``events(script, capture_content=...)``: the events the SDK would emit, via the real
  ``ToolCall.create`` / ``Step.create`` / ``ToolResult.create`` / ``UserMessage.create``.
- ``run(detector, script, capture_content=...)``: feed those events through an ``Engine`` that
  runs only ``detector``; returns the finding (or ``None``) per step and the ``StepRecord`` s.
"""

from __future__ import annotations

from tests.sdk.detect.detect_builders import (
    USER,
    CallSpec,
    Run,
    ScriptItem,
    StepSpec,
    UserTurn,
    call,
    events,
    run,
    step,
)

__all__ = ["USER", "CallSpec", "Run", "ScriptItem", "StepSpec", "UserTurn", "call", "events", "run", "step"]
