"""The read side of the Redis store: records by trace, the ``sessions`` index, expiry.

Keys (Redis Cluster friendly: the ``{...}`` hash tag puts each trace in its own slot)::

    <prefix>{trace:<trace id>}   string: write token + codec bytes (``scripts``)
    <prefix>{conv:<conv id>}     hash: s (steps), t (tool calls), l (last seen)
    <prefix>sessions             sorted set: trace id -> last seen (listing, expiry, LRU bound)
    <prefix>sessions:<tenant>    sorted set: the same, for one tenant's traces only (listing)
    <prefix>{alias:<trace id>}   string: the session id a client-only trace was folded into

Expiry: Redis drops an idle record by itself (TTL plus a grace period). ``sweep`` (run in the
background by every replica) finds idle records through the index first and deletes each with
a token check, so exactly one replica reports it to the removal listeners; the same sweep
enforces ``sessions.max_sessions`` (least recently seen first). A record's removal takes it out
of both sets. Listing one tenant's sessions walks that tenant's set, so its cost is the caller's
sessions, never another tenant's. An alias expires like a record (TTL plus grace after its trace
was last seen), and resolves to nothing once its session is gone, since its session's key is
then empty. Event-loop only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from redis.asyncio.cluster import RedisCluster

from loopwatch_collector.store.base import RemovalReason, SessionPredicate, SessionRecord
from loopwatch_collector.store.redis import scripts
from loopwatch_collector.store.redis.scripts import parse_value

# Sweep and listing batch: bounded work per step, so a backlog never blocks the event loop.
_BATCH = 256

#: ``(trace id, removed record, reason)``, called once per record a sweep deleted.
OnRemoved = Callable[[str, SessionRecord, RemovalReason], None]


class RedisSessionIndex:
    """Key layout, reads, listing and the expiry sweep over one client and key prefix."""

    def __init__(
        self,
        client: Any,
        *,
        prefix: str,
        ttl_s: float,
        max_sessions: int,
        clock: Callable[[], float],
        tenant_of: Callable[[str], str],
    ) -> None:
        self._client = client
        self._tenant_of = tenant_of
        self.prefix = prefix
        self._ttl_s = ttl_s
        self._max_sessions = max_sessions
        self._clock = clock
        self._delete_if = client.register_script(scripts.DELETE_IF)
        self.index_key = f"{prefix}sessions"

    def key(self, trace_id: str) -> str:
        return f"{self.prefix}{{trace:{trace_id}}}"

    def tenant_index_key(self, trace_id: str) -> str | None:
        """The listing set of ``trace_id``'s tenant; None for the anonymous tenant (whose
        listing is the whole ``sessions`` set)."""
        tenant = self._tenant_of(trace_id)
        return f"{self.index_key}:{tenant}" if tenant else None

    def conversation_key(self, conversation_id: str) -> str:
        return f"{self.prefix}{{conv:{conversation_id}}}"

    def alias_key(self, trace_id: str) -> str:
        return f"{self.prefix}{{alias:{trace_id}}}"

    async def alias(self, aliases: Sequence[str], session_id: str, expire_s: int) -> None:
        """Point each of ``aliases`` at ``session_id`` for ``expire_s`` seconds (one round trip)."""
        async with self._client.pipeline(transaction=False) as pipe:
            for alias in aliases:
                if alias != session_id:
                    pipe.set(self.alias_key(alias), session_id, ex=expire_s)
            await pipe.execute()

    async def resolve(self, trace_id: str) -> str | None:
        found = await self._client.get(self.alias_key(trace_id))
        return found.decode() if isinstance(found, bytes) else None

    def expired(self, record: SessionRecord, now: float) -> bool:
        return now - record.last_seen_unix_s > self._ttl_s

    async def get(self, trace_id: str) -> SessionRecord | None:
        _, record = parse_value(await self._client.get(self.key(trace_id)))
        if record is None or self.expired(record, self._clock()):
            return None
        return record

    async def list_records(
        self, predicate: SessionPredicate | None, limit: int, owner: str | None, max_scan: int | None
    ) -> list[SessionRecord]:
        """``SessionStore.list_sessions``: ``owner``'s set (or the whole index), most recent
        first, at most ``max_scan`` ids read."""
        found: list[SessionRecord] = []
        now = self._clock()
        index = self.index_key if owner is None else f"{self.index_key}:{owner}"
        start = 0
        while len(found) < limit and (max_scan is None or start < max_scan):
            batch = _BATCH if max_scan is None else min(_BATCH, max_scan - start)
            ids = await self._client.zrevrange(index, start, start + batch - 1)
            if not ids:
                break
            start += len(ids)
            for value in await self._mget([self.key(i.decode()) for i in ids]):
                _, record = parse_value(value)
                if record is None or self.expired(record, now):
                    continue
                if predicate is None or predicate(record):
                    found.append(record)
                    if len(found) >= limit:
                        break
        return found

    async def sweep(self, on_removed: OnRemoved) -> int:
        """Delete idle records, then enforce the bound; returns records removed."""
        now = self._clock()
        idle = await self._client.zrangebyscore(
            self.index_key, "-inf", now - self._ttl_s, start=0, num=_BATCH
        )
        removed = await self._remove_ids(idle, RemovalReason.EXPIRED, now, on_removed)
        excess = await self._client.zcard(self.index_key) - self._max_sessions
        if excess > 0:
            oldest = await self._client.zrange(self.index_key, 0, min(excess, _BATCH) - 1)
            removed += await self._remove_ids(oldest, RemovalReason.EVICTED, None, on_removed)
        return removed

    async def evict(self, trace_id: str, on_removed: OnRemoved) -> bool:
        """Remove ``trace_id``'s record as EVICTED now (a tenant's quota); False when absent."""
        return await self._remove_ids([trace_id.encode()], RemovalReason.EVICTED, None, on_removed) > 0

    async def _remove_ids(
        self, ids: list[bytes], reason: RemovalReason, now: float | None, on_removed: OnRemoved
    ) -> int:
        removed = 0
        for raw_id in ids:
            trace_id = raw_id.decode()
            key = self.key(trace_id)
            token, record = parse_value(await self._client.get(key))
            if record is not None and now is not None and not self.expired(record, now):
                await self._client.zadd(self.index_key, {trace_id: record.last_seen_unix_s})
                continue  # seen since the index was written (the index is throttled)
            deleted = record is not None and await self._delete_if(keys=[key], args=[token]) == 1
            await self._client.zrem(self.index_key, trace_id)
            tenant_index = self.tenant_index_key(trace_id)
            if tenant_index is not None:
                await self._client.zrem(tenant_index, trace_id)
            if deleted and record is not None:
                removed += 1
                on_removed(trace_id, record, reason)
        return removed

    async def _mget(self, keys: list[str]) -> list[bytes | None]:
        if isinstance(self._client, RedisCluster):
            return list(await self._client.mget_nonatomic(keys))
        return list(await self._client.mget(keys))
