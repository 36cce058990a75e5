"""The guard: one API to ask "should this agent go on?", backed locally or by the collector.

``Guard.local()`` runs the detection engine in-process; ``Guard.remote(endpoint)`` asks the
collector's ``LoopGuard.Evaluate`` with a short deadline over one reused channel. Either way an
agent run holds a ``GuardSession`` (one per trace) and calls two checkpoints:

- ``before_tool_call(call)`` before a call executes: CONTINUE, or HALT (raises
  ``LoopDetected``) when the run is past its warnings and repeats the call anyway;
- ``after_batch()`` after the last tool result of a batch: CONTINUE, NUDGE, WITHDRAW_TOOLS, or
  HALT (raises ``LoopDetected``).

Failure policy: a verdict that cannot be had (timeout, collector down, bad response, a bug)
is logged once per reason, counted in ``Guard.stats``, and becomes CONTINUE (fail open), or
raises ``GuardUnavailable`` when the guard was built with ``fail_closed=True``. Events that
could not be delivered are kept (bounded) and re-sent with the next request: events are
idempotent by id, so nothing is counted twice.

In ``shadow`` mode verdicts are computed and counted but the agent always gets CONTINUE.

An intervening verdict the agent receives is also recorded as a ``loopwatch.verdict`` span event
(``loopwatch.wire.attributes.verdict_attributes``) on the span current when it arrives, so it
shows in the agent's own trace; ``AgentRun`` records it on its ``invoke_agent`` span instead.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from opentelemetry import trace

from loopwatch._verdict_service import (
    Checkpoint,
    EvaluateRequest,
    LocalVerdictService,
    VerdictService,
)
from loopwatch.detect.engine import Engine
from loopwatch.detect.settings import DetectorSettings, SettingsSource
from loopwatch.events import Event, Step, ToolCall, TraceContext
from loopwatch.exceptions import GuardUnavailable, LoopDetected
from loopwatch.verdict import Action, Verdict
from loopwatch.wire import attributes as attrs

if TYPE_CHECKING:
    import grpc

logger = logging.getLogger(__name__)

GuardMode = Literal["enforce", "shadow"]

# A remote verdict must fit in an agent step without being noticed: a model call takes
# seconds, a collector on the same network answers in a millisecond or two. 50 ms leaves room
# for a GC pause or a busy collector and still costs nothing a user would see.
DEFAULT_TIMEOUT_S = 0.05
# Undelivered events kept per session while the collector is away: a few dozen steps. Older
# ones are dropped (counted) - the collector then judges from what it has, i.e. fails open.
MAX_PENDING_EVENTS = 256
_TRANSIENT = frozenset({"timeout", "unavailable"})


@dataclass(slots=True)
class GuardStats:
    """Counters of one guard, all sessions together. Read them; do not mutate."""

    evaluations: int = 0
    failures: dict[str, int] = field(default_factory=dict)  # reason -> count
    verdicts: dict[str, int] = field(default_factory=dict)  # action value -> count (computed)
    dropped_events: int = 0

    @property
    def failed(self) -> int:
        return sum(self.failures.values())


class Guard:
    """Asks a ``VerdictService`` for verdicts and applies the failure policy.

    Thread-safe; share one per process. Build with ``Guard.local()`` / ``Guard.remote()`` or
    pass any ``VerdictService``. ``close()`` is idempotent.
    """

    def __init__(
        self,
        service: VerdictService,
        *,
        mode: GuardMode = "enforce",
        fail_closed: bool = False,
        always_check_tool_calls: bool = False,
    ) -> None:
        if mode not in ("enforce", "shadow"):
            raise ValueError(f"mode must be 'enforce' or 'shadow', got {mode!r}")
        self.service = service
        self.mode: GuardMode = mode
        self.fail_closed = fail_closed
        self.always_check_tool_calls = always_check_tool_calls
        self.stats = GuardStats()
        self._logged: set[str] = set()
        self._lock = threading.Lock()

    @classmethod
    def local(
        cls,
        engine: Engine | None = None,
        *,
        detectors: SettingsSource | DetectorSettings | None = None,
        agent: str | None = None,
        mode: GuardMode = "enforce",
    ) -> Guard:
        """A guard running the detection engine in this process.

        ``detectors``: the settings ``loopwatch serve`` takes (a YAML file path or a mapping,
        see ``loopwatch.detect.settings``; ``agent`` picks an ``agents.<agent>`` entry of a
        whole collector configuration). Raises ``ValueError`` naming a bad key.
        """
        return cls(LocalVerdictService(engine, detectors=detectors, agent=agent), mode=mode)

    @classmethod
    def remote(
        cls,
        endpoint: str,
        *,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        fail_closed: bool = False,
        mode: GuardMode = "enforce",
        always_check_tool_calls: bool = False,
        api_key: str | None = None,
        credentials: grpc.ChannelCredentials | None = None,
    ) -> Guard:
        """A guard asking the collector at ``endpoint`` (``host:port`` of its gRPC port);
        ``api_key`` is sent as ``authorization: Bearer <key>`` with every call; ``credentials``
        (``grpc.ssl_channel_credentials(...)``; ``loopwatch.init`` builds them from
        ``tls_ca_file``) make the channel TLS."""
        from loopwatch._remote import RemoteVerdictService

        return cls(
            RemoteVerdictService(endpoint, timeout_s=timeout_s, api_key=api_key, credentials=credentials),
            mode=mode,
            fail_closed=fail_closed,
            always_check_tool_calls=always_check_tool_calls,
        )

    def session(
        self,
        *,
        trace_id: str | None = None,
        agent: str = "agent",
        conversation_id: str | None = None,
    ) -> GuardSession:
        """A session for one agent run (one trace). ``trace_id``: 32 hex digits, or random."""
        trace_id = trace_id or uuid.uuid4().hex
        if len(trace_id) != 32 or any(c not in "0123456789abcdef" for c in trace_id):
            raise ValueError(f"trace_id must be 32 lowercase hex digits, got {trace_id!r}")
        context = TraceContext(trace_id=trace_id, agent=agent, conversation_id=conversation_id)
        return GuardSession(self, context)

    def close(self) -> None:
        self.service.close()

    # -- internals shared by sessions -------------------------------------------------------

    def _record(self, verdict: Verdict) -> Verdict:
        with self._lock:
            self.stats.evaluations += 1
            key = verdict.action.value
            self.stats.verdicts[key] = self.stats.verdicts.get(key, 0) + 1
        if self.mode == "shadow" and verdict.intervenes:
            return Verdict(action=Action.CONTINUE, step=verdict.step)
        return verdict

    def _fail(self, exc: BaseException, step: int) -> Verdict:
        reason = _reason(exc)
        with self._lock:
            self.stats.failures[reason] = self.stats.failures.get(reason, 0) + 1
            first = reason not in self._logged
            self._logged.add(reason)
        if first:
            policy = "failing closed" if self.fail_closed else "failing open (CONTINUE)"
            logger.warning("loopwatch guard: no verdict (%s: %s); %s", reason, exc, policy)
        if self.fail_closed:
            raise GuardUnavailable(reason, str(exc)) from exc
        return Verdict(action=Action.CONTINUE, step=step)

    def _count_dropped(self, n: int) -> None:
        with self._lock:
            self.stats.dropped_events += n


class GuardSession:
    """The guard's view of one agent run. Use from one thread (or one task) at a time.

    Feed it the run's events with ``add`` as they happen (the instrumentation does this for
    you), then ask at the checkpoints.
    """

    def __init__(self, guard: Guard, context: TraceContext) -> None:
        self.guard = guard
        self.context = context
        self.last_verdict = Verdict(action=Action.CONTINUE, step=0)
        self._pending: deque[Event] = deque()
        self._steps = 0
        self._warned = False  # an intervening verdict was computed (shadow mode included)
        #: Record intervening verdicts as span events on the current span (``AgentRun`` records
        #: them on its own span and turns this off).
        self.verdict_span_events = True
        #: The span of the last step (16 hex digits), sent with requests so the collector's
        #: verdict spans are parented to it; ``AgentRun`` sets it, else the current span's id.
        self.step_span_id: str | None = None

    @property
    def trace_id(self) -> str:
        return self.context.trace_id

    def add(self, *events: Event) -> None:
        """Queue events for the next checkpoint. Never raises, never blocks."""
        for event in events:
            self._pending.append(event)
            if isinstance(event, Step):
                self._steps += 1
        overflow = len(self._pending) - MAX_PENDING_EVENTS
        if overflow > 0:
            for _ in range(overflow):
                self._pending.popleft()
            self.guard._count_dropped(overflow)

    def add_all(self, events: Iterable[Event]) -> None:
        self.add(*events)

    def after_batch(self) -> Verdict:
        """The verdict after the batch just completed. Raises ``LoopDetected`` on HALT."""
        return self._finish(self._evaluate(Checkpoint.AFTER_BATCH, None))

    def before_tool_call(self, call: ToolCall) -> Verdict:
        """CONTINUE, or raises ``LoopDetected`` when ``call`` must not run.

        Free until the run was first warned: the policy only stops a call after a nudge (a
        repeat once the warnings are spent, or any call once the tools are withdrawn), so a
        session that never received one skips the request (no RPC in remote mode). A halt
        decided elsewhere (a conversation budget spent by another trace) then arrives with the
        next ``after_batch``; ``Guard(always_check_tool_calls=True)`` asks before every call.
        """
        if not self._warned and not self.guard.always_check_tool_calls:
            return Verdict(action=Action.CONTINUE, step=self._steps)
        return self._finish(self._evaluate(Checkpoint.BEFORE_TOOL_CALL, call))

    async def aafter_batch(self) -> Verdict:
        """``after_batch`` for asyncio code."""
        return self._finish(await self._aevaluate(Checkpoint.AFTER_BATCH, None))

    async def abefore_tool_call(self, call: ToolCall) -> Verdict:
        """``before_tool_call`` for asyncio code."""
        if not self._warned and not self.guard.always_check_tool_calls:
            return Verdict(action=Action.CONTINUE, step=self._steps)
        return self._finish(await self._aevaluate(Checkpoint.BEFORE_TOOL_CALL, call))

    def _request(self, checkpoint: Checkpoint, call: ToolCall | None) -> EvaluateRequest:
        return EvaluateRequest(
            context=self.context,
            events=tuple(self._pending),
            checkpoint=checkpoint,
            pending_call=call,
            span_id=self.step_span_id or _current_span_id(self.context.trace_id),
        )

    def _evaluate(self, checkpoint: Checkpoint, call: ToolCall | None) -> Verdict:
        request = self._request(checkpoint, call)
        try:
            verdict = self.guard.service.evaluate(request)
        except Exception as exc:  # noqa: BLE001 - the guard must never break the agent
            return self._failed(exc, len(request.events))
        self._delivered(len(request.events))
        self._warned = self._warned or verdict.intervenes
        return self.guard._record(verdict)

    async def _aevaluate(self, checkpoint: Checkpoint, call: ToolCall | None) -> Verdict:
        request = self._request(checkpoint, call)
        try:
            verdict = await self.guard.service.aevaluate(request)
        except Exception as exc:  # noqa: BLE001 - the guard must never break the agent
            return self._failed(exc, len(request.events))
        self._delivered(len(request.events))
        self._warned = self._warned or verdict.intervenes
        return self.guard._record(verdict)

    def _failed(self, exc: BaseException, sent: int) -> Verdict:
        # Transient failures keep the events for the next request; anything else (a request
        # the collector rejects) would fail the same way every time: drop them, counted.
        if _reason(exc) not in _TRANSIENT:
            self._delivered(sent)
            self.guard._count_dropped(sent)
        return self.guard._fail(exc, self._steps)

    def _delivered(self, n: int) -> None:
        for _ in range(min(n, len(self._pending))):
            self._pending.popleft()

    def _finish(self, verdict: Verdict) -> Verdict:
        if verdict.intervenes:
            self.last_verdict = verdict
            if self.verdict_span_events:
                add_verdict_event(trace.get_current_span(), verdict, content=False)
        if verdict.action is Action.HALT:
            raise LoopDetected(verdict)
        return verdict


def add_verdict_event(span: trace.Span, verdict: Verdict, *, content: bool) -> None:
    """Record ``verdict`` as a ``loopwatch.verdict`` event on ``span`` when it records; never
    raises (a tracing problem must not break the agent). ``content``: see ``verdict_attributes``."""
    try:
        if span.is_recording():
            span.add_event(attrs.VERDICT_EVENT, attrs.verdict_attributes(verdict, content=content))
    except Exception:
        logger.debug("loopwatch: could not record the verdict span event", exc_info=True)


def _current_span_id(trace_id: str) -> str | None:
    """The current span's id when it belongs to ``trace_id``, else None."""
    context = trace.get_current_span().get_span_context()
    if not context.is_valid or f"{context.trace_id:032x}" != trace_id:
        return None
    return f"{context.span_id:016x}"


def _reason(exc: BaseException) -> str:
    """A short, bounded failure reason for counters and the log-once filter."""
    reason = getattr(exc, "reason", None)
    if isinstance(reason, str) and reason in ("timeout", "unavailable", "bad_response"):
        return reason
    if isinstance(exc, TimeoutError):
        return "timeout"
    return "error"
