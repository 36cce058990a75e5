"""loopwatch: loop detection for AI agents.

The public surface is curated here; modules starting with ``_`` are private.
"""

from __future__ import annotations

from loopwatch.detect.engine import Engine, EngineConfig
from loopwatch.events import Event, Step, ToolCall, ToolResult, TraceContext, Usage, UserMessage
from loopwatch.verdict import Action, Finding, Severity, Verdict

__all__ = [
    "Action",
    "Engine",
    "EngineConfig",
    "Event",
    "Finding",
    "Severity",
    "Step",
    "ToolCall",
    "ToolResult",
    "TraceContext",
    "Usage",
    "UserMessage",
    "Verdict",
]
