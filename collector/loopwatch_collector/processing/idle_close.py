"""Idle close: a session with no new event for ``sessions.idle_close_s`` is ended.

Streams of model-call spans with no root span (client-only tracing) never say that a run is
over, so a session otherwise only expires, an hour later and unreported. The pipeline ends a
session once it has been idle for ``sessions.idle_close_s``: the record is marked ended (with
its reason) and the end is reported with the duration, steps, tokens and cost of the session
(``SessionEnded``; ``loopwatch_sessions_ended_total`` and the ``loopwatch_session_ended_*``
histograms), so alerts on ended sessions fire. The record stays readable until it expires.

A later event reopens the session: it continues with its detection state (the same agent or
conversation, resumed), is live again, and its next end reports only what came after the
reopening (``SessionRecord.reported``), so nothing is counted twice.

``end_session`` and ``reopen`` are pure functions on a record, run inside
``SessionStore.update`` (Redis may run them again on a fresh copy: they decide from the record
alone). ``OpenSessions`` is the pipeline's index of the sessions it saw events for, least
recently active first, so finding the idle ones is a look at the front, never a scan of the
store. With several replicas each closes what it saw; the record's own last-seen time (written
by whichever replica saw the last event) decides, so a session active elsewhere stays open.
``IdleCloser`` runs the rounds: every ``sessions.sweep_interval_s`` it ends the idle ones,
through the pipeline's store transaction. Event-loop only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from loopwatch_collector.config import SessionsConfig
from loopwatch_collector.exceptions import StoreError
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.store.base import Reported, SessionRecord

logger = logging.getLogger(__name__)

#: ``reason`` of a session ended after ``sessions.idle_close_s`` without an event.
IDLE = "idle"
_TOKENS_PER_MILLION = 1_000_000
# Sessions ended per store round of the idle close, between which verdict calls get the loop.
_CLOSE_BATCH = 100


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionEnded:
    """One end of a session: what happened since it started, or since it was last reopened."""

    trace_id: str
    agent: str
    reason: str
    duration_s: float
    steps: int
    input_tokens: int
    output_tokens: int
    runaway: bool

    def cost_usd(self, per_million_input: float, per_million_output: float) -> float:
        """The cost of these tokens at the configured prices (USD per million tokens)."""
        return (self.input_tokens * per_million_input + self.output_tokens * per_million_output) / (
            _TOKENS_PER_MILLION
        )


def end_session(record: SessionRecord, now_unix_s: float, *, idle_close_s: float) -> SessionEnded | None:
    """End ``record`` when it is open and has had no event for ``idle_close_s``; ``None`` (and
    no change) otherwise."""
    if record.ended_unix_s is not None or now_unix_s - record.last_seen_unix_s < idle_close_s:
        return None
    before = record.reported or Reported(reopened_unix_s=record.started_unix_s)
    ended = SessionEnded(
        trace_id=record.trace_id,
        agent=record.agent,
        reason=IDLE,
        duration_s=max(0.0, record.last_seen_unix_s - before.reopened_unix_s),
        steps=record.steps - before.steps,
        input_tokens=record.input_tokens - before.input_tokens,
        output_tokens=record.output_tokens - before.output_tokens,
        runaway=record.runaway,
    )
    record.ended_unix_s, record.end_reason = now_unix_s, IDLE
    record.reported = Reported(
        reopened_unix_s=before.reopened_unix_s,
        steps=record.steps,
        input_tokens=record.input_tokens,
        output_tokens=record.output_tokens,
    )
    return ended


def reopen(record: SessionRecord, now_unix_s: float) -> bool:
    """Reopen an ended ``record`` (an event arrived for it); True when it was ended."""
    if record.ended_unix_s is None:
        return False
    record.ended_unix_s = record.end_reason = None
    if record.reported is not None:
        record.reported.reopened_unix_s = now_unix_s
    return True


def report_end(end: SessionEnded, metrics: Metrics, config: SessionsConfig) -> None:
    """The metrics and the ``session ended`` log record (INFO) of one end of a session; the
    session leaves ``sessions_active`` (and ``runaway_sessions``) until it reopens. Called by
    the pipeline once per committed end."""
    m = metrics
    tenant = m.session_tenant(end.trace_id)
    agent = m.agent_label(tenant, end.agent)
    input_price = config.cost_usd_per_million_input_tokens
    output_price = config.cost_usd_per_million_output_tokens
    cost = end.cost_usd(input_price, output_price)
    m.child(m.sessions_ended, tenant, agent, end.reason).inc()
    m.child(m.session_ended_duration, tenant, agent).observe(end.duration_s)
    m.child(m.session_ended_tokens, tenant, agent).observe(end.input_tokens + end.output_tokens)
    if input_price or output_price:
        m.child(m.session_ended_cost, tenant, agent).observe(cost)
    m.session_steps.observe(end.steps)
    m.child(m.sessions_active, tenant).dec()
    if end.runaway:
        m.child(m.runaway_sessions, tenant, agent).dec()
    logger.info(
        "session ended trace_id=%s agent=%s reason=%s duration_s=%.1f steps=%d input_tokens=%d "
        "output_tokens=%d cost_usd=%.4f",
        end.trace_id,
        end.agent,
        end.reason,
        end.duration_s,
        end.steps,
        end.input_tokens,
        end.output_tokens,
        cost,
    )


class OpenSessions:
    """Session keys with the time of their last event here, least recently active first;
    bounded to ``max_sessions`` (the oldest forgotten: the store expires those)."""

    def __init__(self, max_sessions: int) -> None:
        self._max = max_sessions
        self._last: OrderedDict[str, float] = OrderedDict()

    def __len__(self) -> int:
        return len(self._last)

    def touch(self, key: str, now_unix_s: float) -> None:
        self._last.pop(key, None)
        self._last[key] = now_unix_s
        while len(self._last) > self._max:
            self._last.popitem(last=False)

    def idle(self, since_unix_s: float, limit: int) -> list[str]:
        """Take (and forget) at most ``limit`` keys whose last event here is not newer than
        ``since_unix_s``."""
        found: list[str] = []
        while self._last and len(found) < limit:
            key, last = next(iter(self._last.items()))
            if last > since_unix_s:
                break
            del self._last[key]
            found.append(key)
        return found


#: Ends the session ``key`` when it is still idle at ``now_unix_s`` after ``idle_close_s``
#: (one store transaction, ``end_session`` inside it); ``None`` when it was not ended.
EndIfIdle = Callable[[str, float, float], Awaitable[SessionEnded | None]]


class IdleCloser:
    """The idle close of one pipeline: the sessions it saw events for (``touch``) and the
    background task that ends the idle ones. ``start()`` and an idempotent ``shutdown()``;
    does nothing when ``sessions.idle_close_s`` is off."""

    def __init__(
        self,
        config: SessionsConfig,
        metrics: Metrics,
        end_if_idle: EndIfIdle,
        clock: Callable[[], float],
    ) -> None:
        self._config = config
        self._metrics = metrics
        self._end_if_idle = end_if_idle
        self._clock = clock
        self._open = OpenSessions(config.max_sessions)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Close idle sessions every ``sessions.sweep_interval_s``; on the event loop."""
        if self._config.closes_after_s:
            self._task = asyncio.get_running_loop().create_task(self._close_forever())

    async def shutdown(self) -> None:
        """Stop the background task (idempotent)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def touch(self, key: str) -> None:
        """The session ``key`` had an event now."""
        if self._config.closes_after_s:
            self._open.touch(key, self._clock())

    async def close_idle(self, limit: int = _CLOSE_BATCH) -> int:
        """End at most ``limit`` of the sessions touched here that have had no event for
        ``sessions.idle_close_s``, reporting each end; returns how many ended. Raises
        ``StoreError``."""
        after = self._config.closes_after_s
        if not after:
            return 0
        now = self._clock()
        ended = 0
        for key in self._open.idle(now - after, limit):
            end = await self._end_if_idle(key, now, after)
            if end is not None:
                ended += 1
                report_end(end, self._metrics, self._config)
        return ended

    async def _close_forever(self) -> None:
        while True:
            await asyncio.sleep(self._config.sweep_interval_s)
            try:
                while await self.close_idle() == _CLOSE_BATCH:
                    await asyncio.sleep(0)  # let verdicts in between batches
            except StoreError as exc:  # counted; the sessions close at a later round
                logger.debug("idle close skipped: %s", exc)
            except Exception:  # a bug must not end idle close for the life of the process
                logger.exception("idle close failed; retrying at the next interval")
