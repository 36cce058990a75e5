"""loopwatch: loop detection for AI agents.

The public surface is curated here; modules starting with ``_`` are private.
"""

from __future__ import annotations

from importlib import metadata as _metadata

from loopwatch._init import init
from loopwatch._recorders import ChatSpan, ToolSpan
from loopwatch._run import AgentRun, Loopwatch
from loopwatch._verdict_service import Checkpoint, EvaluateRequest, LocalVerdictService, VerdictService
from loopwatch.detect.engine import Engine, EngineConfig
from loopwatch.events import Event, Step, ToolCall, ToolResult, TraceContext, Usage, UserMessage
from loopwatch.exceptions import GuardUnavailable, LoopDetected, LoopwatchError
from loopwatch.guard import Guard, GuardSession, GuardStats
from loopwatch.verdict import Action, Finding, Severity, Verdict

try:
    __version__ = _metadata.version("loopwatch")
    """The installed distribution's version (one source of truth: ``sdk/pyproject.toml``)."""
except _metadata.PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "Action",
    "AgentRun",
    "ChatSpan",
    "Checkpoint",
    "Engine",
    "EngineConfig",
    "EvaluateRequest",
    "Event",
    "Finding",
    "Guard",
    "GuardSession",
    "GuardStats",
    "GuardUnavailable",
    "LocalVerdictService",
    "LoopDetected",
    "Loopwatch",
    "LoopwatchError",
    "Severity",
    "Step",
    "ToolCall",
    "ToolResult",
    "ToolSpan",
    "TraceContext",
    "Usage",
    "UserMessage",
    "Verdict",
    "VerdictService",
    "init",
]
