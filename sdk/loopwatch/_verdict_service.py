"""The seam between the guard and whoever decides: ``VerdictService`` and the local one.

A verdict service takes the new events of one trace plus a checkpoint and returns the verdict.
``LocalVerdictService`` runs the detection engine in-process; the remote one (``_remote.py``)
asks the collector over gRPC. The guard (``guard.py``) owns failure policy, so services may
raise: the guard catches everything, counts it and fails open (or closed, when asked).
"""

from __future__ import annotations

import enum
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from loopwatch.detect.engine import Engine
from loopwatch.detect.session import SessionState
from loopwatch.events import Event, ToolCall, TraceContext
from loopwatch.verdict import Action, Verdict, strongest

# Sessions one local service keeps; a process running more concurrent agent runs than this
# forgets the least recently used (it gets a fresh session, i.e. fails open for that run).
DEFAULT_MAX_SESSIONS = 4096


class Checkpoint(enum.Enum):
    """Where in the agent loop a verdict is asked for (mirrors ``loopwatch.v1.Checkpoint``)."""

    AFTER_BATCH = "after_batch"  # after the last tool result of a batch: nudge/withdraw/halt
    BEFORE_TOOL_CALL = "before_tool_call"  # before a call executes: continue or halt


@dataclass(frozen=True, slots=True, kw_only=True)
class EvaluateRequest:
    """New events of one trace (in order, idempotent by id) and the checkpoint they end at."""

    context: TraceContext
    events: tuple[Event, ...]
    checkpoint: Checkpoint = Checkpoint.AFTER_BATCH
    pending_call: ToolCall | None = None

    def __post_init__(self) -> None:
        if self.checkpoint is Checkpoint.BEFORE_TOOL_CALL and self.pending_call is None:
            raise ValueError("pending_call is required with Checkpoint.BEFORE_TOOL_CALL")


class VerdictService(Protocol):
    """Decides verdicts. May block up to its own deadline; may raise (the guard catches)."""

    def evaluate(self, request: EvaluateRequest) -> Verdict:
        """The verdict after ``request.events`` at ``request.checkpoint``."""
        ...

    async def aevaluate(self, request: EvaluateRequest) -> Verdict:
        """``evaluate`` for asyncio callers; must not block the event loop."""
        ...

    def close(self) -> None:
        """Release connections; idempotent."""
        ...


class LocalVerdictService:
    """The detection engine in-process: the same verdicts as the collector, no network.

    For tests, notebooks and single-process agents. Thread-safe (one lock; an evaluation is a
    few microseconds of pure computation). Sessions are kept per trace id, LRU-bounded.
    """

    def __init__(self, engine: Engine | None = None, *, max_sessions: int = DEFAULT_MAX_SESSIONS) -> None:
        if max_sessions < 1:
            raise ValueError(f"max_sessions must be >= 1, got {max_sessions}")
        self.engine = engine or Engine()
        self._max_sessions = max_sessions
        self._sessions: OrderedDict[str, SessionState] = OrderedDict()
        self._lock = threading.Lock()

    def session_state(self, trace_id: str) -> SessionState | None:
        """The engine state of ``trace_id`` (for inspection in tests), or None."""
        with self._lock:
            return self._sessions.get(trace_id)

    def evaluate(self, request: EvaluateRequest) -> Verdict:
        with self._lock:
            state = self._state(request.context.trace_id)
            verdicts = self.engine.ingest(state, request.events)
            if request.checkpoint is Checkpoint.BEFORE_TOOL_CALL:
                assert request.pending_call is not None  # checked in EvaluateRequest
                verdict = self.engine.before_tool_call(state, request.pending_call)
                return verdict if verdict.intervenes else _strongest(verdicts, state.steps)
            verdicts.extend(self.engine.flush(state))
            return _strongest(verdicts, state.steps)

    async def aevaluate(self, request: EvaluateRequest) -> Verdict:
        return self.evaluate(request)

    def close(self) -> None:
        with self._lock:
            self._sessions.clear()

    def _state(self, trace_id: str) -> SessionState:
        state = self._sessions.get(trace_id)
        if state is None:
            state = self._sessions[trace_id] = self.engine.new_session()
            while len(self._sessions) > self._max_sessions:
                self._sessions.popitem(last=False)
        else:
            self._sessions.move_to_end(trace_id)
        return state


def _strongest(verdicts: Sequence[Verdict], step: int) -> Verdict:
    """The most severe verdict of a batch (the latest among equals); CONTINUE when none."""
    return strongest(verdicts) or Verdict(action=Action.CONTINUE, step=step)
