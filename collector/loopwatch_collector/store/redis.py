"""``RedisSessionStore``: session records shared by collector replicas through Redis.

Chosen with ``store: redis`` (``store/factory.py`` calls ``build_redis_store``). Any replica can
serve any trace: a record lives in Redis, not in the process, so a replica killed mid-session
loses nothing and the next event, on any replica, continues with the full state.

Keys (Redis Cluster friendly: the ``{...}`` hash tag puts each trace in its own slot)::

    <prefix>{trace:<trace id>}   string: 16-char write token + codec bytes; PEXPIRE ttl + grace
    <prefix>{conv:<conv id>}     hash: s (steps), t (tool calls), l (last seen); PEXPIRE ttl
    <prefix>sessions             sorted set: trace id -> last seen (listing, expiry, LRU bound)

Updates are optimistic check-and-set: read the record (or take it from the local cache), run
``apply`` on it, then a Lua script writes the new value only if the stored token is still the
one read; on a conflict the script returns the current value and ``apply`` runs again on it,
at most ``cas_attempts`` times. The token is random per write, so a record deleted and
re-created in between can never be mistaken for the one read. Escalation state (nudges given,
tools withdrawn) is part of ``SessionState``, so it is shared like everything else: a nudge is
never repeated by another replica.

Local cache (``local_cache_size``): the last record this replica wrote per trace, with its
token. With trace affinity (the OpenTelemetry Collector's ``loadbalancing`` exporter, or a
sticky balancer) an update is then one round trip; without it a stale entry costs nothing but
the conflict round trip that returns the fresh value. Within one process, updates of a trace
are serialised by a lock, so only other replicas can cause conflicts.

Redis unavailable: operations raise ``RedisUnavailableError`` (a ``StoreError``) within
``operation_timeout_s``; the pipeline counts it (``loopwatch_store_errors_total``), ``Evaluate``
answers UNAVAILABLE with RetryInfo (the SDK fails open: CONTINUE) and OTLP ingest answers a
retryable UNAVAILABLE / 503, so nothing is dropped silently. A refused or reset connection (or
three timeouts in a row) makes the store fail fast for ``retry_interval_s`` instead of waiting
on a dead server at each call; then it tries again. One warning is logged when Redis goes away
and one info line when it is back, never one per call.

Expiry: Redis drops an idle record by itself (TTL plus a grace period). A background sweep on
every replica finds idle records through the ``sessions`` index first and deletes each with a
token check, so exactly one replica reports it to the removal listeners; the same sweep
enforces ``sessions.max_sessions`` (least recently seen first).

All methods run on the event loop that calls them (the client is bound to it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import redis.asyncio as aioredis
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from redis import exceptions as redis_errors
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from loopwatch_collector.config import CollectorConfig
from loopwatch_collector.exceptions import ConfigError, StoreError
from loopwatch_collector.store import codec
from loopwatch_collector.store.base import (
    ConversationUsage,
    R,
    RemovalListener,
    RemovalReason,
    SessionPredicate,
    SessionRecord,
)

logger = logging.getLogger(__name__)

T = TypeVar("T")

_TOKEN_CHARS = 16  # secrets.token_hex(8)
# Idle records stay in Redis this much longer than the idle TTL so that a sweep sees them and
# reports them to the listeners; Redis's own TTL is only the safety net.
_EXPIRY_GRACE_S = 60.0
# Sweep batch: bounded work per sweep, so a backlog never blocks the event loop for long.
_SWEEP_BATCH = 256
# Index writes per trace and replica are throttled: listing and expiry only need the last-seen
# time to the nearest few seconds, and the throttle keeps the index off the hot path.
_INDEX_INTERVAL_S = 5.0

# KEYS[1] record key. ARGV: expected token ('' = absent), new value, TTL in ms.
# Returns 1 when written, else the current value ('' when absent).
_CAS = """
local cur = redis.call('GET', KEYS[1])
local token = ''
if cur then token = string.sub(cur, 1, 16) end
if token ~= ARGV[1] then
  if cur then return cur end
  return ''
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
"""
# KEYS[1] record key. ARGV[1] token. Deletes only an unchanged record: 1 when deleted.
_DELETE_IF = """
local cur = redis.call('GET', KEYS[1])
if cur and string.sub(cur, 1, 16) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
"""
# KEYS[1] conversation hash. ARGV: steps, tool calls, now (s), TTL in ms. Returns {steps, calls}.
_ADD_USAGE = """
local s = redis.call('HINCRBY', KEYS[1], 's', ARGV[1])
local t = redis.call('HINCRBY', KEYS[1], 't', ARGV[2])
redis.call('HSET', KEYS[1], 'l', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {s, t}
"""

# A refused or reset connection means Redis is away: fail fast at once. A timeout may only
# mean this replica is overloaded (its event loop answered late), so it takes a few in a row.
_TIMEOUTS_BEFORE_DOWN = 3

_UNAVAILABLE_ERRORS: tuple[type[BaseException], ...] = (
    redis_errors.ConnectionError,  # includes BusyLoadingError
    redis_errors.TimeoutError,
    redis_errors.ClusterDownError,
    redis_errors.TryAgainError,
    redis_errors.ReadOnlyError,  # a replica promoted mid-failover
    TimeoutError,
    OSError,
)


class RedisUnavailableError(StoreError):
    """Redis cannot be reached (or answered too late): retryable; callers fail open."""


class RedisConflictError(StoreError):
    """Other writers kept changing the record for ``cas_attempts`` tries: retryable."""


class TlsOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ca_file: str | None = None
    cert_file: str | None = None
    key_file: str | None = None
    check_hostname: bool = True
    verify: bool = True


class RedisStoreOptions(BaseModel):
    """``redis.options`` in the collector configuration (all optional)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    #: Redis Cluster: connect with the cluster client (keys already carry hash tags).
    cluster: bool = False
    #: Client certificates and CA for ``rediss://`` URLs.
    tls: TlsOptions | None = None
    #: Upper bound for one Redis operation (the CAS loop of an update included). An agent's
    #: own Evaluate deadline (SDK default 50 ms) usually ends the wait first: gRPC then cancels
    #: the call and its store operation, and the SDK fails open. OTLP ingest gets this long.
    operation_timeout_s: float = Field(default=0.5, gt=0)
    connect_timeout_s: float = Field(default=0.25, gt=0)
    #: After Redis failed, operations fail fast for this long before it is tried again.
    retry_interval_s: float = Field(default=1.0, ge=0)
    #: Optimistic write attempts per update before ``RedisConflictError``.
    cas_attempts: int = Field(default=16, ge=1)
    #: Records cached per replica (0: off); pays off with trace affinity.
    local_cache_size: int = Field(default=10_000, ge=0)
    max_connections: int = Field(default=64, ge=1)


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
        self._prefix = key_prefix
        self._ttl_s = idle_ttl_s
        self._record_ttl_ms = int((idle_ttl_s + _EXPIRY_GRACE_S) * 1000)
        self._conversation_ttl_ms = int(idle_ttl_s * 1000)
        self._max_sessions = max_sessions
        self._sweep_interval_s = sweep_interval_s
        self._clock = clock
        try:
            self._client = _client(url, self._opt)
        except ValueError as exc:  # redis-py's message names the URL scheme problem
            raise ConfigError(f"redis.url: {exc}") from exc
        self._cas = self._client.register_script(_CAS)
        self._delete_if = self._client.register_script(_DELETE_IF)
        self._add_usage = self._client.register_script(_ADD_USAGE)
        self._index_key = f"{key_prefix}sessions"
        self._cache: OrderedDict[str, _Cached] = OrderedDict()
        self._locks: dict[str, _TraceLock] = {}
        self._listeners: list[RemovalListener] = []
        self._background: set[asyncio.Task[Any]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self._down_until = 0.0
        self._down = False
        self._timeouts = 0  # consecutive operations that ran out of time
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
        if self._background:
            await asyncio.gather(*self._background, return_exceptions=True)
        self._cache.clear()
        with contextlib.suppress(*_UNAVAILABLE_ERRORS, redis_errors.RedisError):
            await self._client.aclose()

    def add_removal_listener(self, listener: RemovalListener) -> None:
        self._listeners.append(listener)

    # --- SessionStore ----------------------------------------------------------------------

    async def update(
        self,
        trace_id: str,
        apply: Callable[[SessionRecord], R],
        *,
        create: Callable[[], SessionRecord],
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
                return await self._run("update", self._update(trace_id, apply, create))
            finally:
                lock.release()
        finally:
            entry.users -= 1
            if not entry.users:
                del self._locks[trace_id]

    async def get(self, trace_id: str) -> SessionRecord | None:
        return await self._run("get", self._get(trace_id))

    async def list_sessions(
        self, *, predicate: SessionPredicate | None = None, limit: int = 100
    ) -> list[SessionRecord]:
        return await self._run("list", self._list(predicate, limit))

    async def add_conversation_usage(
        self, conversation_id: str, *, steps: int, tool_calls: int, now_unix_s: float
    ) -> ConversationUsage:
        key = f"{self._prefix}{{conv:{conversation_id}}}"
        args = [steps, tool_calls, repr(now_unix_s), self._conversation_ttl_ms]
        total_steps, total_calls = await self._run("conversation", self._add_usage(keys=[key], args=args))
        return ConversationUsage(
            conversation_id=conversation_id,
            steps=int(total_steps),
            tool_calls=int(total_calls),
            last_seen_unix_s=now_unix_s,
        )

    async def _get(self, trace_id: str) -> SessionRecord | None:
        _, record = _parse(await self._client.get(self._key(trace_id)))
        if record is None or self._expired(record, self._clock()):
            return None
        return record

    async def _list(self, predicate: SessionPredicate | None, limit: int) -> list[SessionRecord]:
        found: list[SessionRecord] = []
        now = self._clock()
        start = 0
        while len(found) < limit:
            ids = await self._client.zrevrange(self._index_key, start, start + _SWEEP_BATCH - 1)
            if not ids:
                break
            start += len(ids)
            for value in await self._mget([self._key(i.decode()) for i in ids]):
                _, record = _parse(value)
                if record is None or self._expired(record, now):
                    continue
                if predicate is None or predicate(record):
                    found.append(record)
                    if len(found) >= limit:
                        break
        return found

    # --- the transaction -------------------------------------------------------------------

    async def _update(
        self, trace_id: str, apply: Callable[[SessionRecord], R], create: Callable[[], SessionRecord]
    ) -> R:
        key = self._key(trace_id)
        cached = self._cache.pop(trace_id, None)
        record: SessionRecord | None
        contended = False
        if cached is not None and not cached.contended:
            token, record = cached.token, cached.record
        else:
            stored = await self._client.get(key)
            if cached is not None and stored and stored[:_TOKEN_CHARS] == cached.token.encode():
                token, record = cached.token, cached.record  # current after all: no decode
            else:
                token, record = _parse(stored)
                contended = cached is not None  # someone else wrote again: keep reading first
        indexed = cached.indexed_unix_s if cached is not None else 0.0
        for _ in range(self._opt.cas_attempts):
            now = self._clock()
            replaced = record if record is not None and self._expired(record, now) else None
            if record is None or replaced is not None:
                record = create()
            record.last_seen_unix_s = now
            result = apply(record)  # may raise: nothing was written, the cache entry is gone
            new_token = secrets.token_hex(_TOKEN_CHARS // 2)
            value = new_token.encode() + codec.encode(record)
            reply = await self._cas(keys=[key], args=[token, value, self._record_ttl_ms])
            if reply == 1:
                if replaced is not None:
                    self._notify(replaced, RemovalReason.EXPIRED)
                if now - indexed >= _INDEX_INTERVAL_S:
                    indexed = now
                    self._in_background(self._client.zadd(self._index_key, {trace_id: now}))
                self._remember(trace_id, _Cached(new_token, record, indexed, contended))
                return result
            contended = True
            self.conflicts += 1
            token, record = _parse(reply)
        raise RedisConflictError(f"trace {trace_id}: {self._opt.cas_attempts} conflicting writes in a row")

    def _remember(self, trace_id: str, entry: _Cached) -> None:
        if self._opt.local_cache_size == 0:
            return
        self._cache[trace_id] = entry
        while len(self._cache) > self._opt.local_cache_size:
            self._cache.popitem(last=False)

    async def _wait_for(self, lock: asyncio.Lock, trace_id: str) -> None:
        try:
            async with asyncio.timeout(self._opt.operation_timeout_s):
                await lock.acquire()
        except TimeoutError as exc:
            # Local queueing, not Redis: fail this call open without tripping the breaker.
            raise StoreError(f"trace {trace_id}: too many concurrent updates in this replica") from exc

    # --- failure handling ------------------------------------------------------------------

    async def _run(self, operation: str, work: Coroutine[Any, Any, T]) -> T:
        """Await ``work`` within the operation timeout, translating failures to ``StoreError``."""
        if self._closed or (self._down and self._clock() < self._down_until):
            work.close()  # never started: no "coroutine was never awaited" warning
            if self._closed:
                raise StoreError("the Redis session store is shut down")
            raise RedisUnavailableError("Redis is unavailable (failing fast until the next retry)")
        try:
            async with asyncio.timeout(self._opt.operation_timeout_s):
                result = await work
        except (TimeoutError, redis_errors.TimeoutError) as exc:
            self._timeouts += 1
            if self._timeouts >= _TIMEOUTS_BEFORE_DOWN:
                self._mark_down(operation, exc)
            raise RedisUnavailableError(f"Redis answered too late ({operation})") from exc
        except _UNAVAILABLE_ERRORS as exc:
            self._mark_down(operation, exc)
            raise RedisUnavailableError(f"Redis is unavailable ({operation}): {exc!r}") from exc
        except codec.CodecError as exc:
            raise StoreError(f"unreadable session record: {exc}") from exc
        except redis_errors.RedisError as exc:
            raise StoreError(f"Redis error ({operation}): {exc}") from exc
        self._timeouts = 0
        if self._down:
            self._down = False
            logger.info("Redis session store is reachable again; verdicts are computed normally")
        return result

    def _mark_down(self, operation: str, exc: BaseException) -> None:
        self._down_until = self._clock() + self._opt.retry_interval_s
        if not self._down:
            self._down = True
            self._cache.clear()  # writes may have landed or not: re-read everything
            logger.warning(
                "Redis session store unavailable (%s: %r); failing open (CONTINUE) and answering "
                "OTLP with retryable errors until it is back",
                operation,
                exc,
            )

    # --- expiry and the live-session bound -------------------------------------------------

    async def sweep(self) -> int:
        """Report and delete idle records, then enforce the bound; returns records removed."""
        return await self._run("sweep", self._sweep())

    async def evict(self, trace_id: str) -> bool:
        """Remove ``trace_id``'s session as EVICTED (per-tenant quotas); False when absent."""
        removed = await self._run("evict", self._remove_ids([trace_id.encode()], RemovalReason.EVICTED, None))
        return removed > 0

    async def _sweep(self) -> int:
        now = self._clock()
        idle = await self._client.zrangebyscore(
            self._index_key, "-inf", now - self._ttl_s, start=0, num=_SWEEP_BATCH
        )
        removed = await self._remove_ids(idle, RemovalReason.EXPIRED, now)
        excess = await self._client.zcard(self._index_key) - self._max_sessions
        if excess > 0:
            oldest = await self._client.zrange(self._index_key, 0, min(excess, _SWEEP_BATCH) - 1)
            removed += await self._remove_ids(oldest, RemovalReason.EVICTED, None)
        return removed

    async def _remove_ids(self, ids: list[bytes], reason: RemovalReason, now: float | None) -> int:
        removed = 0
        for raw_id in ids:
            trace_id = raw_id.decode()
            key = self._key(trace_id)
            token, record = _parse(await self._client.get(key))
            if record is not None and now is not None and not self._expired(record, now):
                await self._client.zadd(self._index_key, {trace_id: record.last_seen_unix_s})
                continue  # seen since the index was written (the index is throttled)
            deleted = record is not None and await self._delete_if(keys=[key], args=[token]) == 1
            await self._client.zrem(self._index_key, trace_id)
            self._cache.pop(trace_id, None)
            if deleted and record is not None:
                removed += 1
                self._notify(record, reason)
        return removed

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

    # --- helpers ---------------------------------------------------------------------------

    def _key(self, trace_id: str) -> str:
        return f"{self._prefix}{{trace:{trace_id}}}"

    def _expired(self, record: SessionRecord, now: float) -> bool:
        return now - record.last_seen_unix_s > self._ttl_s

    async def _mget(self, keys: list[str]) -> list[bytes | None]:
        if isinstance(self._client, RedisCluster):
            return list(await self._client.mget_nonatomic(keys))
        return list(await self._client.mget(keys))

    def _in_background(self, awaitable: Any) -> None:
        async def run() -> None:
            with contextlib.suppress(*_UNAVAILABLE_ERRORS, redis_errors.RedisError):
                await awaitable

        task = asyncio.get_running_loop().create_task(run())
        self._background.add(task)
        task.add_done_callback(self._background.discard)


def _parse(value: bytes | str | None) -> tuple[str, SessionRecord | None]:
    """(token, record) of a stored value; ``("", None)`` when absent."""
    if not value:
        return "", None
    if isinstance(value, str):  # pragma: no cover - the client is created with bytes responses
        value = value.encode()
    token = value[:_TOKEN_CHARS].decode("ascii")
    return token, codec.decode(value[_TOKEN_CHARS:], SessionRecord)


def _client(url: str, options: RedisStoreOptions) -> Any:
    """A bytes-speaking client that never retries or waits on its own: the store decides."""
    kwargs: dict[str, Any] = {
        "socket_timeout": options.operation_timeout_s,
        "socket_connect_timeout": options.connect_timeout_s,
        "retry": Retry(NoBackoff(), 0),
        "max_connections": options.max_connections,
        "decode_responses": False,
    }
    if options.tls is not None:
        kwargs.update(_tls_kwargs(options.tls))
    if options.cluster:
        return RedisCluster.from_url(url, **kwargs)
    return aioredis.Redis.from_url(url, **kwargs)


def _tls_kwargs(tls: TlsOptions) -> Mapping[str, Any]:
    return {
        "ssl_ca_certs": tls.ca_file,
        "ssl_certfile": tls.cert_file,
        "ssl_keyfile": tls.key_file,
        "ssl_check_hostname": tls.check_hostname and tls.verify,
        "ssl_cert_reqs": "required" if tls.verify else "none",
    }
