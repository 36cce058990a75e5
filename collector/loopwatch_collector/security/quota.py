"""Per-tenant quotas: live sessions and OTLP ingest rate.

``TenantQuotaStore`` wraps the session store the pipeline writes to. It keeps, per tenant, its
live trace keys in least-recently-updated order; when an update creates a session past the
tenant's ``max_sessions``, the tenant's *own* least recently updated session is evicted. With
every tenant's share below the global ``sessions.max_sessions`` (the default shares split it
evenly), the store's global LRU bound is never what evicts, so one tenant's flood of fresh
trace ids evicts only its own sessions. Evictions are counted per tenant
(``loopwatch_tenant_sessions_evicted_total{tenant}``; tenants come from the configuration,
so the label is bounded). A store that can keep the bound itself, exactly across the replicas
sharing it, says so through ``bound_tenants`` (``TenantBoundingStore``): the Redis store does,
inside its write script (``store/redis/tenants.py``), except on Redis Cluster. Otherwise (the
in-memory store, Redis Cluster) the order is kept here, per replica: exact on one replica, an
approximation of the tenant's LRU across several.

``IngestRateLimiter`` is a token bucket per tenant over OTLP spans per second (checked once a
request is decoded) or request bytes per second (checked before decoding); a request that
does not fit is refused as a whole (the receivers answer UNAVAILABLE / 503 with a retry
delay, so nothing accepted is dropped).

Event-loop only.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from prometheus_client import CollectorRegistry, Counter

from loopwatch_collector.security.settings import TenantConfig
from loopwatch_collector.security.tenancy import ANONYMOUS, tenant_of_key
from loopwatch_collector.store.base import (
    Apply,
    RemovalListener,
    RemovalReason,
    SessionPredicate,
    SessionRecord,
    SessionStore,
)

R = TypeVar("R")
ANONYMOUS_LABEL = "_anonymous"  # tenant names cannot start with "_"


def tenant_label(tenant: str) -> str:
    return ANONYMOUS_LABEL if tenant == ANONYMOUS else tenant


def session_shares(
    tenants: frozenset[str], configured: Mapping[str, TenantConfig], max_sessions: int
) -> dict[str, int]:
    """Each tenant's ``max_sessions``: its configured value, else an even share of what the
    configured ones leave of the global bound (at least 1)."""
    fixed = {t: c.max_sessions for t, c in configured.items() if c.max_sessions is not None}
    rest = [t for t in tenants if t not in fixed]
    left = max(0, max_sessions - sum(v for v in fixed.values() if v is not None))
    share = max(1, left // max(1, len(rest)))
    shares = dict.fromkeys(rest, share)
    shares.update({t: v for t, v in fixed.items() if v is not None})
    return shares


@runtime_checkable
class TenantBoundingStore(Protocol):
    """A store that bounds each tenant's live sessions itself (see the module docstring)."""

    def bound_tenants(self, max_sessions: Mapping[str, int], tenant_of: Callable[[str], str]) -> bool:
        """Start bounding; False when this store cannot (the wrapper then does it)."""
        ...

    async def tenant_sessions(self, tenant: str) -> int:
        """Live sessions of ``tenant`` by the store's own bound."""
        ...


class TenantQuotaStore:
    """A ``SessionStore`` bounding each tenant's live sessions; see the module docstring."""

    def __init__(
        self, inner: SessionStore, *, max_sessions: Mapping[str, int], registry: CollectorRegistry
    ) -> None:
        self.inner = inner
        self._max = dict(max_sessions)
        self._live: dict[str, OrderedDict[str, None]] = {}
        self.evicted = Counter(
            "loopwatch_tenant_sessions_evicted",
            "Sessions evicted past a bound, by tenant",
            ["tenant"],
            registry=registry,
        )
        inner.add_removal_listener(self._forget)
        #: The wrapped store keeps the bound (exact across replicas); evictions are still
        #: counted here, through the removal listener.
        self.store_side = isinstance(inner, TenantBoundingStore) and inner.bound_tenants(
            self._max, tenant_of_key
        )

    async def start(self) -> None:
        await self.inner.start()

    async def shutdown(self) -> None:
        await self.inner.shutdown()

    def add_removal_listener(self, listener: RemovalListener) -> None:
        self.inner.add_removal_listener(listener)

    async def update(
        self,
        trace_id: str,
        apply: Apply[R],
        *,
        create: Callable[[], SessionRecord],
        conversation_id: str | None = None,
        touch: bool = True,
    ) -> R:
        result = await self.inner.update(
            trace_id, apply, create=create, conversation_id=conversation_id, touch=touch
        )
        if self.store_side:
            return result
        tenant = tenant_of_key(trace_id)
        limit = self._max.get(tenant)
        if limit is None:
            return result
        live = self._live.setdefault(tenant, OrderedDict())
        live[trace_id] = None
        live.move_to_end(trace_id)
        while len(live) > limit:
            oldest = next(iter(live))
            del live[oldest]
            await self._evict(oldest)
        return result

    async def get(self, trace_id: str) -> SessionRecord | None:
        return await self.inner.get(trace_id)

    async def list_sessions(
        self,
        *,
        predicate: SessionPredicate | None = None,
        limit: int = 100,
        owner: str | None = None,
        max_scan: int | None = None,
    ) -> list[SessionRecord]:
        return await self.inner.list_sessions(
            predicate=predicate, limit=limit, owner=owner, max_scan=max_scan
        )

    async def alias(self, aliases: Sequence[str], session_id: str) -> None:
        await self.inner.alias(aliases, session_id)

    async def resolve(self, trace_id: str) -> str | None:
        return await self.inner.resolve(trace_id)

    async def live_sessions(self, tenant: str) -> int:
        """Live sessions of ``tenant`` as the bound counts them (here, or in the store)."""
        if self.store_side:
            assert isinstance(self.inner, TenantBoundingStore)
            return await self.inner.tenant_sessions(tenant)
        return len(self._live.get(tenant, ()))

    def __getattr__(self, name: str) -> Any:
        # Backend-specific operations (sweep, compact, ...) pass through to the wrapped store.
        return getattr(self.inner, name)

    async def _evict(self, trace_id: str) -> None:
        evict = getattr(self.inner, "evict", None)
        if evict is not None:
            await evict(trace_id)

    def _forget(self, record: SessionRecord, reason: RemovalReason) -> None:
        tenant = tenant_of_key(record.trace_id)
        self._live.get(tenant, OrderedDict()).pop(record.trace_id, None)
        if reason is not RemovalReason.EXPIRED:  # a count bound or the byte budget
            self.evicted.labels(tenant=tenant_label(tenant)).inc()


class IngestRateLimiter:
    """Token buckets of OTLP spans, or request bytes, per tenant (capacity: one second's worth)."""

    def __init__(
        self, spans_per_s: Mapping[str, float], *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._rate = {t: r for t, r in spans_per_s.items() if r > 0}
        self._clock = clock
        self._tokens: dict[str, tuple[float, float]] = {}  # tenant -> (tokens, at)

    def admit(self, tenant: str, spans: int) -> float:
        """0.0 if ``spans`` fit in ``tenant``'s bucket (and takes them), else the seconds to
        wait before they would. A request larger than the capacity is admitted when the
        bucket is full, so it is never refused forever."""
        rate = self._rate.get(tenant)
        if rate is None or spans <= 0:
            return 0.0
        now = self._clock()
        tokens, at = self._tokens.get(tenant, (rate, now))
        tokens = min(rate, tokens + (now - at) * rate)
        need = min(float(spans), rate)
        if tokens < need:
            self._tokens[tenant] = (tokens, now)
            return (need - tokens) / rate
        self._tokens[tenant] = (tokens - spans, now)
        return 0.0
