"""The pipeline: the only entry for events into the collector.

Receivers (OTLP/gRPC, OTLP/HTTP) and the verdict service (``LoopGuard.Evaluate``,
``POST /v1/evaluate``) translate wire data into the event model and call ``Pipeline.ingest``;
the pipeline stores per-trace state, runs the agent's engine, applies budgets and the agent's
mode, exports metrics and broadcasts intervening verdicts. No detection logic lives in a
receiver.

Events are de-duplicated by ``event_id`` per trace; the rule that makes the same call seen
through OTLP and ``Evaluate`` carry the same id is the SDK's (``loopwatch.wire.ids``). What an
evaluation decides is ``loopwatch.detect.evaluate``, the function the local guard runs too.

Contract: every method runs on the event loop; none blocks on I/O except through the store.
Store failures raise ``StoreError`` (receivers map it to UNAVAILABLE / 503, the SDK then fails
open). ``start()`` starts the store; ``shutdown()`` is idempotent: it ends verdict streams and
shuts the store down.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from loopwatch.detect.evaluation import judged_steps
from loopwatch.detect.session import SessionState
from loopwatch.events import Event, ToolCall, TraceContext
from loopwatch.verdict import Action, Verdict
from loopwatch_collector.config import CollectorConfig
from loopwatch_collector.exceptions import StoreError
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.processing.broadcast import IssuedVerdict, Subscription, VerdictHub
from loopwatch_collector.processing.engines import EngineSet
from loopwatch_collector.processing.idle_close import IdleCloser, SessionEnded, end_session, reopen
from loopwatch_collector.processing.session_filters import SessionFilter, listing_predicate, stream_owner
from loopwatch_collector.processing.session_metrics import count_outcome, count_removal, count_update
from loopwatch_collector.processing.session_update import (
    IngestOutcome,
    apply_conversation_limit,
    conversation_counter,
    current_verdict,
    ingest_events,
)
from loopwatch_collector.processing.step_log import StepLogLimits
from loopwatch_collector.security.tenancy import ANONYMOUS
from loopwatch_collector.store.base import (
    Apply,
    ConversationUsage,
    RemovalReason,
    SessionRecord,
    SessionStore,
)
from loopwatch_collector.store.timeline import SentHookDecision

logger = logging.getLogger(__name__)

#: ``source`` values of ``Pipeline.ingest`` (the ``source`` label of ``loopwatch_events_total``).
SOURCES = ("otlp", "evaluate")
R = TypeVar("R")
T = TypeVar("T")
# GetVerdict re-reads the store at least this often while waiting: with a shared (Redis) store,
# another replica may ingest the trace without notifying this one.
_GET_VERDICT_POLL_S = 0.05


class Pipeline:
    """Events in, verdicts out; see the module docstring for the contract and event-id rule."""

    def __init__(
        self,
        config: CollectorConfig,
        store: SessionStore,
        metrics: Metrics,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.store = store
        self.metrics = metrics
        self.hub = VerdictHub()
        self._clock = clock
        self._engines = EngineSet(config, on_detector_error=self._on_detector_error)
        self._history = config.sessions.verdict_history
        self._step_log = StepLogLimits.of(config.sessions)
        self._timeline_steps = config.sessions.timeline_steps
        self._waiters: dict[str, asyncio.Event] = {}  # trace id -> set on its next ingest
        self._waiting: dict[str, int] = {}  # session key -> GetVerdict calls waiting on it
        self._started = False
        self._stopped = False
        self._closer = IdleCloser(config.sessions, metrics, self._end_if_idle, clock)
        store.add_removal_listener(self._on_removed)

    @property
    def detector_names(self) -> list[str]:
        return self._engines.detector_names

    async def start(self) -> None:
        """Start the store's background work and the idle close (``close_idle`` every
        ``sessions.sweep_interval_s``). Idempotent."""
        if not self._started:
            self._started = True
            await self.store.start()
            self._closer.start()

    async def shutdown(self) -> None:
        """End verdict streams, wake waiters, shut the store down. Idempotent."""
        if self._stopped:
            return
        self._stopped = True
        await self._closer.shutdown()
        self.hub.shutdown()
        for event in self._waiters.values():
            event.set()
        await self.store.shutdown()

    async def ingest(self, context: TraceContext, events: Sequence[Event], *, source: str) -> Verdict:
        """Append ``events`` to the trace of ``context`` and return the verdict after them.

        ``source`` is ``"otlp"`` or ``"evaluate"`` (``SOURCES``). Idempotent by event id. No
        checkpoint: a step still waiting for results stays open (see ``evaluate``). In ``shadow``
        mode an intervening verdict is exported but CONTINUE is returned. Raises
        ``StoreError``, and ``ValueError`` for an unknown source.
        """
        if source not in SOURCES:
            raise ValueError(f"source must be one of {SOURCES}, got {source!r}")
        return await self._evaluate(context, events, source=source, end_of_batch=False, pending_call=None)

    async def evaluate(
        self,
        context: TraceContext,
        events: Sequence[Event],
        *,
        pending_call: ToolCall | None = None,
        user_turns: bool = False,
    ) -> Verdict:
        """The ``Evaluate`` RPC: ``loopwatch.detect.evaluate`` at the AFTER_BATCH checkpoint, or
        at BEFORE_TOOL_CALL when ``pending_call`` is given. ``user_turns``: a ``UserMessage`` in
        ``events`` is the user's new turn (``session_update.ingest_events``).

        Timed into ``loopwatch_evaluate_duration_seconds`` (``Metrics.observe_evaluate``).
        """
        started = time.perf_counter()
        try:
            return await self._evaluate(
                context,
                events,
                source="evaluate",
                end_of_batch=pending_call is None,
                pending_call=pending_call,
                user_turns=user_turns,
            )
        finally:
            self.metrics.observe_evaluate(time.perf_counter() - started, context.trace_id)

    async def note_hook_answer(
        self, context: TraceContext, *, decision: str | None, reason: str, cwd: str | None
    ) -> None:
        """Keep on the session what a coding CLI's hook answer told it (``decision``: ``deny``,
        ``context`` or ``stop``; None: nothing) and the CLI's working directory ``cwd`` (None:
        unknown or not kept), for the session page. One store update; raises ``StoreError``."""
        now = self._clock()

        def apply(record: SessionRecord, usage: ConversationUsage | None) -> None:
            if cwd is not None:
                record.cwd = cwd
            if decision is not None:
                sent = SentHookDecision(
                    step=record.state.steps, decision=decision, reason=reason, sent_unix_s=now
                )
                record.timeline.note_hook_decision(sent, history=self._history)

        await self._update(context, apply)

    async def get_verdict(self, trace_id: str, min_step: int, timeout_s: float) -> Verdict:
        """The current verdict of ``trace_id`` once ``min_step`` steps were judged.

        Waits at most ``timeout_s`` (bounded by ``sessions.get_verdict_max_wait_s``); on timeout
        returns the current verdict anyway, whose ``step`` (< ``min_step``) tells the caller.
        An unknown trace is CONTINUE at step 0. Raises ``StoreError``.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + max(0.0, min(timeout_s, self.config.sessions.get_verdict_max_wait_s))
        waited: set[str] = set()  # keys this call waits on: the trace's, or its session's
        try:
            while True:
                record = await self.get_session(trace_id)
                if record is not None and judged_steps(record.state) >= min_step:
                    return current_verdict(record)
                remaining = deadline - loop.time()
                if remaining <= 0 or self._stopped:
                    return current_verdict(record) if record else Verdict(action=Action.CONTINUE, step=0)
                # Woken by its session's ingest: a folded trace's is the session it was folded into.
                key = record.trace_id if record is not None else trace_id
                if key not in waited:
                    waited.add(key)
                    self._waiting[key] = self._waiting.get(key, 0) + 1
                event = self._waiters.setdefault(key, asyncio.Event())
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), min(remaining, _GET_VERDICT_POLL_S))
        finally:
            for key in waited:
                self._waiting[key] -= 1
                if not self._waiting[key]:
                    del self._waiting[key]
                    self._waiters.pop(key, None)

    def subscribe(
        self,
        *,
        agent: str | None = None,
        actions: frozenset[Action] | None = None,
        tenant: str = ANONYMOUS,
        session: str | None = None,
    ) -> Subscription:
        """A stream of ``tenant``'s issued intervening verdicts (``WatchVerdicts``), only those
        of the session key ``session`` when given (see ``session_of``); close it when done."""
        return self.hub.subscribe(agent=agent, actions=actions, owns=stream_owner(tenant, session))

    async def session_of(self, trace_id: str) -> str:
        """The session key the trace key ``trace_id`` names now: the session it was folded into,
        else its own (a session, or one that may start). Raises ``StoreError``."""
        record = await self.get_session(trace_id)
        return trace_id if record is None else record.trace_id

    async def get_session(self, trace_id: str) -> SessionRecord | None:
        """The session of the key ``trace_id``: its own, or the one it was folded into (a
        client-only trace, ``mapping/sessions.py``); ``None`` when unknown. Raises
        ``StoreError``."""
        record = await self._store_call("get", self.store.get(trace_id))
        if record is not None:
            return record
        session = await self._store_call("resolve", self.store.resolve(trace_id))
        return None if session is None else await self._store_call("get", self.store.get(session))

    async def alias(self, aliases: Sequence[str], session_id: str) -> None:
        """Record the trace keys ``aliases`` as folded into the session key ``session_id``
        (the OTLP ingestor, after ingesting their spans). Raises ``StoreError``."""
        await self._store_call("alias", self.store.alias(aliases, session_id))

    async def list_sessions(
        self,
        *,
        state: SessionFilter | None = None,
        agent: str | None = None,
        limit: int = 100,
        tenant: str = ANONYMOUS,
    ) -> list[SessionRecord]:
        """``tenant``'s live sessions, most recent first; ``state`` keeps only looping / runaway
        / halted ones, ``agent`` only that agent's. Walks only ``tenant``'s sessions (the store's
        per-tenant index; every session for the anonymous tenant, the only one without keys),
        at most ``sessions.list_max_scan`` of them."""
        listing = self.store.list_sessions(
            predicate=listing_predicate(tenant, state, agent),
            limit=limit,
            owner=None if tenant == ANONYMOUS else tenant,
            max_scan=self.config.sessions.list_max_scan,
        )
        return await self._store_call("list", listing)

    async def close_idle(self) -> int:
        """End (``processing/idle_close.py``) at most one batch of the sessions this pipeline
        saw events for that have had none for ``sessions.idle_close_s``, reporting each end;
        returns how many ended. The background task runs the same; tests call this with a fake
        clock. Raises ``StoreError``."""
        return await self._closer.close_idle()

    # -----------------------------------------------------------------------------------------

    async def _end_if_idle(self, key: str, now: float, after: float) -> SessionEnded | None:
        record = await self._store_call("get", self.store.get(key))
        if record is None or record.ended_unix_s is not None:
            return None  # gone, or ended by another replica
        context = TraceContext(trace_id=key, agent=record.agent, conversation_id=None)
        engine, _ = self._engines.for_agent(record.agent)
        return await self._store_call(
            "update",
            self.store.update(
                key,
                lambda r, _: end_session(r, now, idle_close_s=after),
                create=lambda: self._new_record(context, engine.new_session()),
                touch=False,  # ending is no activity: the idle clock (and expiry) runs on
            ),
        )

    async def _evaluate(
        self,
        context: TraceContext,
        events: Sequence[Event],
        *,
        source: str,
        end_of_batch: bool,
        pending_call: ToolCall | None,
        user_turns: bool = False,
    ) -> Verdict:
        """One store transaction: the trace's record and its conversation's counters, updated
        by ``loopwatch.detect.evaluate`` (one round trip on Redis with trace affinity)."""
        engine, settings = self._engines.for_agent(context.agent)
        seen: list[ConversationUsage] = []  # the usage the committed apply got (true totals after)

        def apply(record: SessionRecord, usage: ConversationUsage | None) -> IngestOutcome:
            seen[:] = [usage] if usage is not None else []
            return ingest_events(
                record,
                events,
                engine,
                settings,
                history=self._history,
                step_log=self._step_log,
                timeline_steps=self._timeline_steps,
                end_of_batch=end_of_batch,
                pending_call=pending_call,
                add_conversation_steps=conversation_counter(usage) if usage is not None else None,
                user_turns=user_turns,
            )

        outcome = await self._update(context, apply)
        count_outcome(self.metrics, context, outcome, source=source)
        if seen and not outcome.halted and settings.conversation_max_steps:
            # The store's counters may be ahead of what apply saw (another replica's traces of
            # the conversation): the policy decides on the true total.
            outcome = await self._conversation_limit(context, seen[0].steps, outcome)
        self._publish(context, outcome)
        self._wake(context.trace_id)
        return outcome.returned

    async def _update(self, context: TraceContext, apply: Apply[R]) -> R:
        """``store.update`` for ``context``'s trace, counting a session start exactly once.

        With a CAS store, ``create`` may run on a replica that then loses the race to another
        replica's record, and ``apply`` may run more than once: the session counts as started
        here only if the *last* ``apply`` (the committed one) saw the record we created.
        """
        engine, _ = self._engines.for_agent(context.agent)
        new: SessionRecord | None = None
        created = reopened = runaway = False

        def create() -> SessionRecord:
            nonlocal new
            new = self._new_record(context, engine.new_session())
            return new

        def tracked(record: SessionRecord, usage: ConversationUsage | None) -> R:
            nonlocal created, reopened, runaway
            created = record is new
            reopened, runaway = reopen(record, self._clock()), record.runaway
            return apply(record, usage)

        update = self.store.update(
            context.trace_id, tracked, create=create, conversation_id=context.conversation_id
        )
        result = await self._store_call("update", update)
        count_update(self.metrics, context, created=created, reopened=reopened, runaway=runaway)
        self._closer.touch(context.trace_id)
        return result

    async def _store_call(self, operation: str, call: Awaitable[T]) -> T:
        """Await a store call, counting a ``StoreError`` under ``operation`` (then re-raising)."""
        try:
            return await call
        except StoreError:
            self.metrics.child(self.metrics.store_errors, operation).inc()
            raise

    def _new_record(self, context: TraceContext, state: SessionState) -> SessionRecord:
        now = self._clock()
        return SessionRecord(
            trace_id=context.trace_id,
            agent=context.agent,
            conversation_id=context.conversation_id,
            state=state,
            started_unix_s=now,
            last_seen_unix_s=now,
        )

    async def _conversation_limit(
        self, context: TraceContext, conversation_steps: int, outcome: IngestOutcome
    ) -> IngestOutcome:
        engine, settings = self._engines.for_agent(context.agent)
        if conversation_steps < settings.conversation_max_steps:
            return outcome
        limited = await self._update(
            context,
            lambda r, _: apply_conversation_limit(
                r, engine, settings, conversation_steps, history=self._history
            ),
        )
        if limited is None:
            return outcome
        count_outcome(self.metrics, context, limited, source=None)
        return limited

    def _publish(self, context: TraceContext, outcome: IngestOutcome) -> None:
        if outcome.returned.intervenes and outcome.verdicts:
            self.hub.publish(
                IssuedVerdict(
                    trace_id=context.trace_id,
                    agent=context.agent,
                    verdict=outcome.returned,
                    conversation_id=context.conversation_id,
                    step_span=context.step_span,
                )
            )

    def _wake(self, trace_id: str) -> None:
        event = self._waiters.pop(trace_id, None)
        if event is not None:
            event.set()

    def _on_removed(self, record: SessionRecord, reason: RemovalReason) -> None:
        count_removal(self.metrics, record, reason)

    def _on_detector_error(self, detector: str, exc: BaseException) -> None:
        self.metrics.detector_errors.labels(detector=detector).inc()
