"""``InMemorySessionStore``: the default, single-process session store.

Bounded four ways: an idle TTL (``sessions.idle_ttl_s``; swept in the background every
``sweep_interval_s`` and checked on access), a bound on sessions (``max_sessions``; the least
recently updated one is evicted), a byte budget over all sessions (``max_bytes``, below) and
per-session memory (the engine keeps windows, the record keeps a bounded verdict history).
Conversation counters follow the same TTL and count bound.

Idle compaction: with a ``codec`` and ``compact_after_s``, a session not updated for that long
is kept as encoded bytes (about a seventh of its live size) and decoded again on its next
access. The background sweep compacts in small batches so the event loop never stalls. A
compacted entry is one ``bytes`` object: its idle clock packed in front of the codec's bytes
(one object per idle session instead of a wrapper, a float and the bytes: ~70 B less each).

Byte budget: every entry is charged what ``store/budget.py`` says (compacted: exactly its
bytes; live: an estimate monotone in content), and ``held_bytes`` is the sum. When an update
takes the total past ``max_bytes``, the least recently updated live sessions are compacted
first (a session kept is better than one evicted, and compaction frees ~85 % of it), then
sessions are evicted (``RemovalReason.EVICTED_BYTES``), never the one being updated: the least
recently updated session of the *owner* (``owner_of(key)``: the tenant) holding the most bytes.
So the heaviest tenant pays for the budget, and a tenant holding no more than an equal share of
it (``max_bytes`` / tenants holding sessions) never loses a session to the budget: while the
total is over it, some other tenant holds more. With one owner (no tenants) this is plain
least-recently-updated order. ``max_bytes`` 0 turns the budget off; the accounting always runs.

Everything runs on the event loop that calls it; ``update`` never awaits between load and
save, so updates of one trace are serialised without locks.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import struct
import time
from collections import OrderedDict
from collections.abc import Callable, Reversible, Sequence
from typing import Protocol

from loopwatch_collector.store.aliases import TraceAliases
from loopwatch_collector.store.base import (
    Apply,
    ConversationUsage,
    R,
    RemovalListener,
    RemovalReason,
    SessionPredicate,
    SessionRecord,
)
from loopwatch_collector.store.budget import compacted_bytes, live_bytes

logger = logging.getLogger(__name__)

Clock = Callable[[], float]
OwnerOf = Callable[[str], str]
# Records encoded per batch: ~100 us each, so one batch holds the event loop for ~10 ms at most.
_COMPACT_BATCH = 100


class RecordCodec(Protocol):
    """Bytes <-> ``SessionRecord`` (``store/codec.py`` provides one)."""

    def encode(self, record: SessionRecord) -> bytes: ...

    def decode(self, data: bytes) -> SessionRecord: ...


# A compacted entry: ``last_seen_unix_s`` as a little-endian double, then the codec's bytes.
_IDLE_CLOCK = struct.Struct("<d")
_Entry = SessionRecord | bytes


def _one_owner(key: str) -> str:
    """Every session has the same owner: the byte budget is plain LRU."""
    return ""


class InMemorySessionStore:
    """Sessions in an LRU-ordered dict; see the module docstring."""

    def __init__(
        self,
        *,
        idle_ttl_s: float = 3600.0,
        max_sessions: int = 100_000,
        sweep_interval_s: float = 5.0,
        clock: Clock = time.time,
        codec: RecordCodec | None = None,
        compact_after_s: float = 0.0,
        max_bytes: int = 0,
        owner_of: OwnerOf | None = None,
    ) -> None:
        if idle_ttl_s <= 0:
            raise ValueError("sessions.idle_ttl_s must be > 0")
        if max_sessions < 1:
            raise ValueError("sessions.max_sessions must be >= 1")
        if max_bytes < 0:
            raise ValueError("sessions.max_bytes must be >= 0 (0 = no byte budget)")
        self._ttl = idle_ttl_s
        self._max = max_sessions
        self._sweep_interval = sweep_interval_s
        self._clock = clock
        self._codec = codec if compact_after_s > 0 else None
        self._compact_after = compact_after_s
        self._max_bytes = max_bytes
        self._sessions: OrderedDict[str, _Entry] = OrderedDict()
        # Live (uncompacted) ids, least recent first, with the bytes they are charged.
        self._hot: OrderedDict[str, int] = OrderedDict()
        self._bytes = 0
        # Per owner (tenant): its sessions, least recently updated first, and the bytes they hold.
        self._owner_of = owner_of or _one_owner
        self._owned: dict[str, OrderedDict[str, None]] = {}
        self._owned_bytes: dict[str, int] = {}
        self._conversations: OrderedDict[str, ConversationUsage] = OrderedDict()
        # As many aliases as sessions: a client-only conversation holds one per model call, and
        # its oldest calls' ids are the first forgotten.
        self._aliases = TraceAliases(max_sessions)
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
        apply: Apply[R],
        *,
        create: Callable[[], SessionRecord],
        conversation_id: str | None = None,
        touch: bool = True,
    ) -> R:
        # Nothing here awaits: the event loop is the one lock around record and conversation.
        now = self._clock()
        entry = self._sessions.get(trace_id)
        if entry is not None and self._expired(entry, now):
            self._remove(trace_id, RemovalReason.EXPIRED)
            entry = None
        owner = self._owner_of(trace_id)
        owned = self._owned.get(owner)
        if owned is None:
            owned = self._owned[owner] = OrderedDict()
        if entry is None:
            record = create()
            self._sessions[trace_id] = record
            owned[trace_id] = None
            self._evict_over_bound()
        else:
            record = self._live(entry)
            if isinstance(entry, bytes):
                self._charge(owner, -compacted_bytes(entry))
            self._sessions[trace_id] = record
            if touch:
                self._sessions.move_to_end(trace_id)
                owned.move_to_end(trace_id)
        charged = self._hot.pop(trace_id, 0)
        if touch:
            record.last_seen_unix_s = now
        usage = self._conversation(conversation_id, now) if conversation_id is not None else None
        try:
            return apply(record, usage)
        finally:
            size = live_bytes(record)
            self._hot[trace_id] = size
            self._charge(owner, size - charged)
            self._enforce_budget(keep=trace_id)

    async def get(self, trace_id: str) -> SessionRecord | None:
        entry = self._sessions.get(trace_id)
        if entry is None or self._expired(entry, self._clock()):
            return None
        return self._live(entry)

    async def list_sessions(
        self,
        *,
        predicate: SessionPredicate | None = None,
        limit: int = 100,
        owner: str | None = None,
        max_scan: int | None = None,
    ) -> list[SessionRecord]:
        """See ``SessionStore.list_sessions``; ``owner`` is in ``owner_of``'s terms, and its
        sessions are walked through the per-owner index (most recently updated last)."""
        now = self._clock()
        found: list[SessionRecord] = []
        keys: Reversible[str] = self._sessions if owner is None else self._owned.get(owner, OrderedDict())
        # A snapshot, because the scan yields to the event loop between batches (decoding a
        # compacted session is ~65 us) and sessions may change meanwhile.
        snapshot = list(itertools.islice(reversed(keys), max_scan))
        for scanned, trace_id in enumerate(snapshot, start=1):
            if len(found) >= limit:
                break
            entry = self._sessions.get(trace_id)
            if entry is not None and not self._expired(entry, now):
                record = self._live(entry)
                if predicate is None or predicate(record):
                    found.append(record)
            if scanned % _COMPACT_BATCH == 0:
                await asyncio.sleep(0)
        return found

    async def alias(self, aliases: Sequence[str], session_id: str) -> None:
        if session_id in self._sessions:
            self._aliases.add(aliases, session_id)

    async def resolve(self, trace_id: str) -> str | None:
        return self._aliases.session_of(trace_id)

    def _conversation(self, conversation_id: str, now: float) -> ConversationUsage:
        """The live counters of ``conversation_id`` (fresh after its idle TTL), most recent."""
        usage = self._conversations.pop(conversation_id, None)
        if usage is None or now - usage.last_seen_unix_s > self._ttl:
            usage = ConversationUsage(conversation_id=conversation_id)
        usage.last_seen_unix_s = now
        self._conversations[conversation_id] = usage
        while len(self._conversations) > self._max:
            self._conversations.popitem(last=False)
        return usage

    async def evict(self, trace_id: str) -> bool:
        """Remove ``trace_id``'s session as EVICTED (per-tenant quotas); False when absent."""
        if trace_id not in self._sessions:
            return False
        self._remove(trace_id, RemovalReason.EVICTED)
        return True

    def sweep(self, limit: int | None = None) -> int:
        """Drop expired sessions (at most ``limit``) and conversations now; returns the sessions
        dropped."""
        now = self._clock()
        expired = 0
        # LRU order is last-update order, so expired records are at the front.
        while self._sessions and (limit is None or expired < limit):
            trace_id, entry = next(iter(self._sessions.items()))
            if not self._expired(entry, now):
                break
            self._remove(trace_id, RemovalReason.EXPIRED)
            expired += 1
        while self._conversations:
            usage = next(iter(self._conversations.values()))
            if now - usage.last_seen_unix_s <= self._ttl:
                break
            self._conversations.popitem(last=False)
        return expired

    def compact(self, limit: int | None = _COMPACT_BATCH) -> int:
        """Encode up to ``limit`` (``None``: all) records idle longer than ``compact_after_s``;
        returns how many were compacted. No-op without a codec."""
        if self._codec is None:
            return 0
        horizon = self._clock() - self._compact_after
        done = 0
        while self._hot and (limit is None or done < limit):
            trace_id = next(iter(self._hot))
            if self._last_seen(self._sessions[trace_id]) > horizon:
                break
            self._compact_one(trace_id)
            done += 1
        return done

    @property
    def compacted(self) -> int:
        """Sessions currently held as bytes."""
        return len(self._sessions) - len(self._hot)

    @property
    def held_bytes(self) -> int:
        """Bytes the sessions are charged (``store/budget.py``): compacted exactly, live estimated."""
        return self._bytes

    def _compact_one(self, trace_id: str) -> None:
        """Keep the live record of ``trace_id`` (in ``_hot``) as bytes; needs a codec."""
        assert self._codec is not None  # callers check
        record = self._sessions[trace_id]
        assert isinstance(record, SessionRecord)  # ids in _hot are live
        entry = _IDLE_CLOCK.pack(record.last_seen_unix_s) + self._codec.encode(record)
        self._sessions[trace_id] = entry
        self._charge(self._owner_of(trace_id), compacted_bytes(entry) - self._hot.pop(trace_id))

    def _charge(self, owner: str, delta: int) -> None:
        self._bytes += delta
        self._owned_bytes[owner] = self._owned_bytes.get(owner, 0) + delta

    def _live(self, entry: _Entry) -> SessionRecord:
        if isinstance(entry, SessionRecord):
            return entry
        assert self._codec is not None  # only a codec makes compacted entries
        return self._codec.decode(entry[_IDLE_CLOCK.size :])

    @staticmethod
    def _last_seen(entry: _Entry) -> float:
        if isinstance(entry, SessionRecord):
            return entry.last_seen_unix_s
        seen: float = _IDLE_CLOCK.unpack_from(entry)[0]
        return seen

    def _expired(self, entry: _Entry, now: float) -> bool:
        return now - self._last_seen(entry) > self._ttl

    def _evict_over_bound(self) -> None:
        while len(self._sessions) > self._max:
            trace_id = next(iter(self._sessions))
            self._remove(trace_id, RemovalReason.EVICTED)

    def _enforce_budget(self, *, keep: str) -> None:
        """Past ``max_bytes``: compact the least recently updated live sessions, then evict the
        least recently updated ones; ``keep`` (being updated, so the most recent) stays."""
        if not self._max_bytes:
            return
        while self._bytes > self._max_bytes and self._codec is not None:
            oldest = next(iter(self._hot))
            if oldest == keep:
                break
            self._compact_one(oldest)
        while self._bytes > self._max_bytes:
            victim = self._byte_victim(keep)
            if victim is None:
                break
            self._remove(victim, RemovalReason.EVICTED_BYTES)

    def _byte_victim(self, keep: str) -> str | None:
        """The least recently updated session of the owner holding the most bytes, other than
        ``keep``; the next heaviest owner's when ``keep`` is that owner's only session."""
        for owner in sorted(self._owned, key=self._owned_bytes.__getitem__, reverse=True):
            for trace_id in self._owned[owner]:
                if trace_id != keep:
                    return trace_id
        return None

    def _remove(self, trace_id: str, reason: RemovalReason) -> None:
        entry = self._sessions.pop(trace_id)
        self._aliases.forget_session(trace_id)
        owner = self._owner_of(trace_id)
        held = compacted_bytes(entry) if isinstance(entry, bytes) else self._hot.pop(trace_id)
        self._charge(owner, -held)
        owned = self._owned[owner]
        del owned[trace_id]
        if not owned:
            del self._owned[owner], self._owned_bytes[owner]
        if not self._listeners:
            return
        try:
            record = self._live(entry)
        except Exception:  # a record that cannot be decoded leaves without notification
            logger.exception("cannot decode removed session %s", trace_id)
            return
        for listener in self._listeners:
            try:
                listener(record, reason)
            except Exception:  # a metrics hook must not break the store
                logger.exception("session removal listener failed")

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self._sweep_interval)
            # Removal listeners may decode compacted records: batches keep the loop responsive.
            while self.sweep(_COMPACT_BATCH) == _COMPACT_BATCH:
                await asyncio.sleep(0)
            while self.compact(_COMPACT_BATCH):
                await asyncio.sleep(0)  # let RPCs in between batches
