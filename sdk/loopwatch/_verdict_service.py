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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from loopwatch.detect.engine import Engine
from loopwatch.detect.evaluation import ConversationCounter, evaluate
from loopwatch.detect.factory import build_engine
from loopwatch.detect.session import SessionState
from loopwatch.detect.settings import DetectorSettings, SettingsSource, load_detector_settings
from loopwatch.events import Event, ToolCall, TraceContext
from loopwatch.verdict import Verdict

# Sessions one local service keeps; a process running more concurrent agent runs than this
# forgets the least recently used (it gets a fresh session, i.e. fails open for that run).
DEFAULT_MAX_SESSIONS = 4096
T = TypeVar("T")


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
    span_id: str | None = None  # the span of the step the events complete (16 hex digits)

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

    For tests, notebooks and single-process agents. Each request runs
    ``loopwatch.detect.evaluate``, the function the collector runs for ``LoopGuard.Evaluate``
    (AFTER_BATCH judges a step still missing results; BEFORE_TOOL_CALL judges the pending call),
    so both give the same verdicts for the same events. Conversation step limits count the
    steps of the conversation's traces seen by this service. Thread-safe (one lock; an
    evaluation is a few microseconds of pure computation). Sessions are kept per trace id and
    conversation counters per conversation id, each LRU-bounded by ``max_sessions``.

    Args:
        engine: the engine to run; default ``build_engine(load_detector_settings(detectors))``.
        detectors: detector settings as ``loopwatch serve`` takes them (a YAML file path or a
            mapping, see ``loopwatch.detect.settings``); only without ``engine``.
        agent: the agent whose ``agents.<agent>`` entry applies when ``detectors`` is a whole
            collector configuration.
    """

    def __init__(
        self,
        engine: Engine | None = None,
        *,
        detectors: SettingsSource | DetectorSettings | None = None,
        agent: str | None = None,
        max_sessions: int = DEFAULT_MAX_SESSIONS,
    ) -> None:
        if max_sessions < 1:
            raise ValueError(f"max_sessions must be >= 1, got {max_sessions}")
        if engine is not None and detectors is not None:
            raise ValueError("pass either engine or detectors, not both")
        self.engine = engine or build_engine(load_detector_settings(detectors, agent=agent))
        self._max_sessions = max_sessions
        self._sessions: OrderedDict[str, SessionState] = OrderedDict()
        self._conversations: OrderedDict[str, int] = OrderedDict()  # conversation id -> steps
        self._lock = threading.Lock()

    def session_state(self, trace_id: str) -> SessionState | None:
        """The engine state of ``trace_id`` (for inspection in tests), or None."""
        with self._lock:
            return self._sessions.get(trace_id)

    def evaluate(self, request: EvaluateRequest) -> Verdict:
        conversation = request.context.conversation_id
        counter: ConversationCounter | None = None
        if conversation:

            def counter(steps: int, tool_calls: int) -> int:
                return self._count(conversation, steps)

        with self._lock:
            trace_id = request.context.trace_id
            state = _lru(self._sessions, trace_id, self.engine.new_session, self._max_sessions)
            done = evaluate(
                self.engine,
                state,
                request.events,
                end_of_batch=request.checkpoint is Checkpoint.AFTER_BATCH,
                pending_call=request.pending_call,
                add_conversation_steps=counter,
            )
            return done.verdict

    async def aevaluate(self, request: EvaluateRequest) -> Verdict:
        return self.evaluate(request)

    def close(self) -> None:
        with self._lock:
            self._sessions.clear()
            self._conversations.clear()

    def _count(self, conversation_id: str, steps: int) -> int:
        total = _lru(self._conversations, conversation_id, int, self._max_sessions) + steps
        self._conversations[conversation_id] = total
        return total


def _lru(entries: OrderedDict[str, T], key: str, create: Callable[[], T], bound: int) -> T:
    """``entries[key]``, created when missing and marked most recently used; at most ``bound``."""
    value = entries.get(key)
    if value is None:
        value = entries[key] = create()
        while len(entries) > bound:
            entries.popitem(last=False)
    else:
        entries.move_to_end(key)
    return value
