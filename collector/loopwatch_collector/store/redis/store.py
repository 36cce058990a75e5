"""``RedisSessionStore``: session records shared by collector replicas through Redis.

Chosen with ``store: redis`` (``store/factory.py`` calls ``build_redis_store``). Any replica can
serve any trace: a record lives in Redis, not in the process, so a replica killed mid-session
loses nothing and the next event, on any replica, continues with the full state.

Keys, reads, listing and the expiry sweep: ``store/redis/index.py``; the Lua scripts:
``store/redis/scripts.py``, sent by ``store/redis/write.py`` over the hot-path commands
(``store/redis/commands.py``: the pipelined connection of ``store/redis/resp.py`` on one node,
``redis-py`` on Redis Cluster); per-tenant quotas: ``store/redis/tenants.py``; failure
handling: ``store/redis/health.py``; options: ``store/redis/options.py``.

Updates are optimistic check-and-set: read the record (or take it from the local cache), run
``apply`` on it, then a Lua script (``scripts``) writes the new value only if the stored
token is still the one read; on a conflict the script returns the current value and ``apply``
runs again on it, at most ``cas_attempts`` times. The conversation's counters ride in the same
script, checked the same way: ``apply`` decides on the counters this replica last knew, and if
another trace of the conversation moved them meanwhile the script writes nothing and returns
them, and ``apply`` runs again on those. So an ``Evaluate`` is one round trip while this replica
knows its trace and conversation, and a conversation limit is decided on exact counts. On Redis
Cluster the conversation hash lives in another slot: its increment is a second call after the
write, and ``apply`` may decide on counts a moment old (the totals come back for the caller).
Escalation state (nudges given, tools withdrawn) is part of ``SessionState``, so it is shared
like everything else: a nudge is never repeated by another replica.

Local cache (``local_cache_size``): the last record this replica wrote per trace, with its
token. With trace affinity (the OpenTelemetry Collector's ``loadbalancing`` exporter, or a
sticky balancer) an update is then one round trip; without it a stale entry costs nothing but
the conflict round trip that returns the fresh value. Within one process, updates of a trace
are serialised by a lock, so only other replicas can cause conflicts.

Redis unavailable: operations raise ``StoreUnavailableError`` (a ``StoreError``) within
``operation_timeout_s`` (or at once while the breaker in ``health`` is open); the pipeline
counts it (``loopwatch_store_errors_total``), ``Evaluate`` answers UNAVAILABLE with RetryInfo
(the SDK fails open: CONTINUE) and OTLP ingest a retryable UNAVAILABLE / 503.

All methods run on the event loop that calls them (the client is bound to it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import ValidationError
from redis import exceptions as redis_errors

from loopwatch_collector.config import CollectorConfig
from loopwatch_collector.exceptions import ConfigError, StoreConflictError, StoreError
from loopwatch_collector.security.tenancy import tenant_of_key
from loopwatch_collector.store import codec
from loopwatch_collector.store.base import (
    Apply,
    R,
    RemovalListener,
    RemovalReason,
    SessionPredicate,
    SessionRecord,
)
from loopwatch_collector.store.redis.health import UNAVAILABLE_ERRORS, RedisHealth
from loopwatch_collector.store.redis.index import RedisSessionIndex
from loopwatch_collector.store.redis.options import RedisStoreOptions, TlsOptions, hot_commands, redis_client
from loopwatch_collector.store.redis.scripts import TOKEN_CHARS, parse_value
from loopwatch_collector.store.redis.tenants import TenantBounds
from loopwatch_collector.store.redis.write import RecordWriter

__all__ = ["RedisSessionStore", "RedisStoreOptions", "TlsOptions", "build_redis_store"]

logger = logging.getLogger(__name__)

T = TypeVar("T")

# Idle records stay in Redis this much longer than the idle TTL so that a sweep sees them and
# reports them to the listeners; Redis's own TTL is only the safety net.
_EXPIRY_GRACE_S = 60.0
# Index writes per trace and replica are throttled: listing and expiry only need the last-seen
# time to the nearest few seconds, and the throttle keeps the index off the hot path.
_INDEX_INTERVAL_S = 5.0


def build_redis_store(config: CollectorConfig) -> RedisSessionStore:
    """The factory hook (``store: redis``); raises ``ConfigError`` naming the bad key."""
    try:
        options = RedisStoreOptions.model_validate(config.redis.options)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(p) for p in first["loc"])
        raise ConfigError(f"redis.options.{key}: {first['msg']}") from exc
    s = config.sessions
    return RedisSessionStore(
        url=config.redis.url,
        key_prefix=config.redis.key_prefix,
        idle_ttl_s=s.idle_ttl_s,
        max_sessions=s.max_sessions,
        sweep_interval_s=s.sweep_interval_s,
        options=options,
    )


@dataclass(slots=True)
class _Cached:
    token: str
    record: SessionRecord
    indexed_unix_s: float
    # Another replica wrote this trace during our last update: without trace affinity the copy
    # is likely stale again, so read first rather than run apply and encode for a conflict.
    contended: bool = False


class _TraceLock:
    """Serialises one trace's updates within this replica; dropped when nobody holds it."""

    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0


class RedisSessionStore:
    """Session records in Redis; see the module docstring. Implements ``SessionStore``."""

    def __init__(
        self,
        *,
        url: str,
        key_prefix: str = "loopwatch:",
        idle_ttl_s: float = 3600.0,
        max_sessions: int = 100_000,
        sweep_interval_s: float = 5.0,
        options: RedisStoreOptions | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if "{" in key_prefix or "}" in key_prefix:
            raise ConfigError(
                "redis.key_prefix: must not contain '{' or '}' (they make Redis Cluster hash tags)"
            )
        if idle_ttl_s <= 0:
            raise ConfigError("sessions.idle_ttl_s: must be > 0")
        self._opt = options or RedisStoreOptions()
        if self._opt.tls is not None and not url.startswith("rediss://"):
            raise ConfigError("redis.options.tls: needs a rediss:// url")
        self._sweep_interval_s = sweep_interval_s
        self._ttl_s = idle_ttl_s
        self._clock = clock
        try:
            self._client = redis_client(url, self._opt)
        except ValueError as exc:  # redis-py's message names the URL scheme problem
            raise ConfigError(f"redis.url: {exc}") from exc
        self._commands = hot_commands(url, self._opt, self._client)
        self._writer = RecordWriter(self._commands, self._opt, ttl_s=idle_ttl_s, grace_s=_EXPIRY_GRACE_S)
        self._index = RedisSessionIndex(
            self._client,
            prefix=key_prefix,
            ttl_s=idle_ttl_s,
            max_sessions=max_sessions,
            clock=clock,
            tenant_of=tenant_of_key,
        )
        self._cache: OrderedDict[str, _Cached] = OrderedDict()
        self._locks: dict[str, _TraceLock] = {}
        self._listeners: list[RemovalListener] = []
        self._sweeper: asyncio.Task[None] | None = None
        self._health = RedisHealth(
            timeout_s=self._opt.operation_timeout_s,
            retry_interval_s=self._opt.retry_interval_s,
            clock=clock,
            on_down=self._on_down,
        )
        self._tenants: TenantBounds | None = None
        self._closed = False
        self.conflicts = 0  # CAS retries, for tests and benchmarks

    # --- lifecycle -------------------------------------------------------------------------

    async def start(self) -> None:
        if self._sweeper is None and not self._closed:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def shutdown(self) -> None:
        """Stop the sweep, finish index writes, close connections. Idempotent."""
        if self._closed:
            return
        self._closed = True
        sweeper, self._sweeper = self._sweeper, None
        if sweeper is not None:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
        self._cache.clear()
        await self._commands.aclose()
        with contextlib.suppress(*UNAVAILABLE_ERRORS, redis_errors.RedisError):
            await self._client.aclose()

    def add_removal_listener(self, listener: RemovalListener) -> None:
        self._listeners.append(listener)

    # --- SessionStore ----------------------------------------------------------------------

    async def update(
        self,
        trace_id: str,
        apply: Apply[R],
        *,
        create: Callable[[], SessionRecord],
        conversation_id: str | None = None,
        touch: bool = True,
    ) -> R:
        entry = self._locks.get(trace_id)
        if entry is None:
            entry = self._locks[trace_id] = _TraceLock()
        entry.users += 1
        lock = entry.lock
        try:
            if lock.locked():
                await self._wait_for(lock, trace_id)
            else:
                await lock.acquire()  # uncontended: returns without suspending
            try:
                work = self._update(trace_id, apply, create, conversation_id, touch)
                return await self._run("update", work)
            finally:
                lock.release()
        finally:
            entry.users -= 1
            if not entry.users:
                del self._locks[trace_id]

    async def get(self, trace_id: str) -> SessionRecord | None:
        return await self._run("get", self._index.get(trace_id))

    async def list_sessions(
        self,
        *,
        predicate: SessionPredicate | None = None,
        limit: int = 100,
        owner: str | None = None,
        max_scan: int | None = None,
    ) -> list[SessionRecord]:
        return await self._run("list", self._index.list_records(predicate, limit, owner, max_scan))

    async def alias(self, aliases: Sequence[str], session_id: str) -> None:
        if aliases:
            expire_s = math.ceil(self._ttl_s + _EXPIRY_GRACE_S)
            await self._run("alias", self._index.alias(aliases, session_id, expire_s))

    async def resolve(self, trace_id: str) -> str | None:
        return await self._run("resolve", self._index.resolve(trace_id))

    # --- the transaction -------------------------------------------------------------------

    async def _update(
        self,
        trace_id: str,
        apply: Apply[R],
        create: Callable[[], SessionRecord],
        conversation_id: str | None,
        touch: bool,
    ) -> R:
        key = self._index.key(trace_id)
        cached = self._cache.pop(trace_id, None)
        record: SessionRecord | None
        contended = False
        if cached is not None and not cached.contended:
            token, record = cached.token, cached.record
        else:
            stored = await self._commands.get(key)
            if cached is not None and stored and stored[:TOKEN_CHARS] == cached.token.encode():
                token, record = cached.token, cached.record  # current after all: no decode
            else:
                token, record = parse_value(stored)
                contended = cached is not None  # someone else wrote again: keep reading first
        indexed = cached.indexed_unix_s if cached is not None else 0.0
        for _ in range(self._opt.cas_attempts):
            now = self._clock()
            replaced = record if record is not None and self._index.expired(record, now) else None
            if record is None or replaced is not None:
                record = create()
            if touch:
                record.last_seen_unix_s = now
            usage = self._writer.known_usage(conversation_id, now)
            before = (usage.steps, usage.tool_calls) if usage is not None else (0, 0)
            result = apply(record, usage)  # may raise: nothing was written, the cache entry is gone
            new_token = secrets.token_hex(TOKEN_CHARS // 2)
            value = new_token.encode() + codec.encode(
                record, compress_above_bytes=self._opt.compress_above_bytes
            )
            conversation = self._index.conversation_key(conversation_id) if conversation_id else None
            bound = self._tenants.bound_for(trace_id) if self._tenants is not None else None
            written = await self._writer.write((key, conversation), token, value, usage, before, now, bound)
            if written.ok:
                for victim in written.victims:  # this trace too when the tenant's max is 0
                    await self._index.evict(victim, self._removed)
                if replaced is not None:
                    self._notify(replaced, RemovalReason.EXPIRED)
                if touch and now - indexed >= _INDEX_INTERVAL_S:
                    indexed = now
                    self._commands.zadd_soon(self._index.index_key, trace_id, now)
                    tenant_index = self._index.tenant_index_key(trace_id)
                    if tenant_index is not None:
                        self._commands.zadd_soon(tenant_index, trace_id, now)
                self._remember(trace_id, _Cached(new_token, record, indexed, contended))
                return result
            contended = True
            self.conflicts += 1
            token, record = parse_value(written.current)
        raise StoreConflictError(f"trace {trace_id}: {self._opt.cas_attempts} conflicting writes in a row")

    def _remember(self, trace_id: str, entry: _Cached) -> None:
        if self._opt.local_cache_size == 0:
            return
        self._cache[trace_id] = entry
        while len(self._cache) > self._opt.local_cache_size:
            self._cache.popitem(last=False)

    def _on_down(self) -> None:
        self._cache.clear()  # writes may have landed or not: re-read everything
        self._commands.reset()  # and drop requests queued on a server that stopped answering

    async def _wait_for(self, lock: asyncio.Lock, trace_id: str) -> None:
        try:
            async with asyncio.timeout(self._opt.operation_timeout_s):
                await lock.acquire()
        except TimeoutError as exc:
            # Local queueing, not Redis: fail this call open without tripping the breaker.
            raise StoreError(f"trace {trace_id}: too many concurrent updates in this replica") from exc

    async def _run(self, operation: str, work: Coroutine[Any, Any, T]) -> T:
        if self._closed:
            work.close()  # never started: no "coroutine was never awaited" warning
            raise StoreError("the Redis session store is shut down")
        return await self._health.run(operation, work)

    # --- expiry and the live-session bounds ------------------------------------------------

    def bound_tenants(self, max_sessions: Mapping[str, int], tenant_of: Callable[[str], str]) -> bool:
        """Bound each tenant's live sessions in Redis, exactly across replicas
        (``store/redis/tenants.py``); ``tenant_of`` maps a trace key to its tenant. False on
        Redis Cluster, where the caller keeps its own per-replica bound."""
        if self._opt.cluster:
            return False
        self._tenants = TenantBounds(self._index.prefix, max_sessions, tenant_of)
        return True

    async def tenant_sessions(self, tenant: str) -> int:
        """Live sessions ``tenant`` holds by the Redis-side bound (0 when not bounded)."""
        if self._tenants is None:
            return 0
        count: int = await self._run("tenant_sessions", self._client.zcard(self._tenants.key(tenant)))
        return count

    async def sweep(self) -> int:
        """Report and delete idle records, then enforce the bound; returns records removed."""
        return await self._run("sweep", self._index.sweep(self._removed))

    async def evict(self, trace_id: str) -> bool:
        """Remove ``trace_id``'s session as EVICTED (per-tenant quotas); False when absent."""
        return await self._run("evict", self._index.evict(trace_id, self._removed))

    def _removed(self, trace_id: str, record: SessionRecord, reason: RemovalReason) -> None:
        self._cache.pop(trace_id, None)
        self._notify(record, reason)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self._sweep_interval_s)
            try:
                await self.sweep()
            except StoreError as exc:  # Redis away: the outage is already logged and counted
                logger.debug("session sweep skipped: %s", exc)
            except Exception:  # a bug must not end expiry for the life of the process
                logger.exception("session sweep failed; retrying at the next interval")

    def _notify(self, record: SessionRecord, reason: RemovalReason) -> None:
        for listener in self._listeners:
            try:
                listener(record, reason)
            except Exception:
                logger.exception("session removal listener failed")
