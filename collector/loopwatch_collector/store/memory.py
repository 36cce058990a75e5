"""``InMemorySessionStore``: the default, single-process session store.

Bounded three ways: an idle TTL (``sessions.idle_ttl_s``; swept in the background every
``sweep_interval_s`` and checked on access), a bound on live sessions (``max_sessions``; the
least recently updated one is evicted), and per-session memory (the engine keeps windows, the
record keeps a bounded verdict history). Conversation counters follow the same TTL and bound.

Everything runs on the event loop that calls it; ``update`` never awaits between load and
save, so updates of one trace are serialised without locks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable

from loopwatch_collector.store.base import (
    ConversationUsage,
    R,
    RemovalListener,
    RemovalReason,
    SessionPredicate,
    SessionRecord,
)

logger = logging.getLogger(__name__)

Clock = Callable[[], float]


class InMemorySessionStore:
    """Sessions in an LRU-ordered dict; see the module docstring."""

    def __init__(
        self,
        *,
        idle_ttl_s: float = 3600.0,
        max_sessions: int = 100_000,
        sweep_interval_s: float = 5.0,
        clock: Clock = time.time,
    ) -> None:
        if idle_ttl_s <= 0:
            raise ValueError("sessions.idle_ttl_s must be > 0")
        if max_sessions < 1:
            raise ValueError("sessions.max_sessions must be >= 1")
        self._ttl = idle_ttl_s
        self._max = max_sessions
        self._sweep_interval = sweep_interval_s
        self._clock = clock
        self._sessions: OrderedDict[str, SessionRecord] = OrderedDict()
        self._conversations: OrderedDict[str, ConversationUsage] = OrderedDict()
        self._listeners: list[RemovalListener] = []
        self._sweeper: asyncio.Task[None] | None = None

    def __len__(self) -> int:
        return len(self._sessions)

    async def start(self) -> None:
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def shutdown(self) -> None:
        sweeper, self._sweeper = self._sweeper, None
        if sweeper is not None:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper

    def add_removal_listener(self, listener: RemovalListener) -> None:
        self._listeners.append(listener)

    async def update(
        self,
        trace_id: str,
        apply: Callable[[SessionRecord], R],
        *,
        create: Callable[[], SessionRecord],
    ) -> R:
        now = self._clock()
        record = self._sessions.get(trace_id)
        if record is not None and self._expired(record, now):
            self._remove(trace_id, RemovalReason.EXPIRED)
            record = None
        if record is None:
            record = create()
            self._sessions[trace_id] = record
            self._evict_over_bound()
        else:
            self._sessions.move_to_end(trace_id)
        record.last_seen_unix_s = now
        return apply(record)

    async def get(self, trace_id: str) -> SessionRecord | None:
        record = self._sessions.get(trace_id)
        if record is None or self._expired(record, self._clock()):
            return None
        return record

    async def list_sessions(
        self, *, predicate: SessionPredicate | None = None, limit: int = 100
    ) -> list[SessionRecord]:
        now = self._clock()
        found: list[SessionRecord] = []
        for record in reversed(self._sessions.values()):
            if len(found) >= limit:
                break
            if self._expired(record, now):
                continue
            if predicate is None or predicate(record):
                found.append(record)
        return found

    async def add_conversation_usage(
        self, conversation_id: str, *, steps: int, tool_calls: int, now_unix_s: float
    ) -> ConversationUsage:
        usage = self._conversations.pop(conversation_id, None)
        if usage is None or now_unix_s - usage.last_seen_unix_s > self._ttl:
            usage = ConversationUsage(conversation_id=conversation_id)
        usage.steps += steps
        usage.tool_calls += tool_calls
        usage.last_seen_unix_s = now_unix_s
        self._conversations[conversation_id] = usage
        while len(self._conversations) > self._max:
            self._conversations.popitem(last=False)
        return usage

    def sweep(self) -> int:
        """Drop expired sessions and conversations now; returns the sessions dropped."""
        now = self._clock()
        expired = 0
        # LRU order is last-update order, so expired records are at the front.
        while self._sessions:
            trace_id, record = next(iter(self._sessions.items()))
            if not self._expired(record, now):
                break
            self._remove(trace_id, RemovalReason.EXPIRED)
            expired += 1
        while self._conversations:
            usage = next(iter(self._conversations.values()))
            if now - usage.last_seen_unix_s <= self._ttl:
                break
            self._conversations.popitem(last=False)
        return expired

    def _expired(self, record: SessionRecord, now: float) -> bool:
        return now - record.last_seen_unix_s > self._ttl

    def _evict_over_bound(self) -> None:
        while len(self._sessions) > self._max:
            trace_id = next(iter(self._sessions))
            self._remove(trace_id, RemovalReason.EVICTED)

    def _remove(self, trace_id: str, reason: RemovalReason) -> None:
        record = self._sessions.pop(trace_id)
        for listener in self._listeners:
            try:
                listener(record, reason)
            except Exception:  # a metrics hook must not break the store
                logger.exception("session removal listener failed")

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self._sweep_interval)
            self.sweep()
