"""Per-tenant session quotas kept by Redis itself, exact across replicas.

``security/quota.py``'s ``TenantQuotaStore`` asks the store to bound each tenant's live sessions
(``RedisSessionStore.bound_tenants``). On a single Redis node the store then keeps, per tenant,
a sorted set of its trace ids scored by last write, updated in the same check-and-set script
that writes the record (``scripts._TENANT``): when the set grows past the tenant's max,
the script takes out the least recently written ids and returns them, and the replica that ran
it evicts those records (``RemovalReason.EVICTED``). Every replica's writes go through the one
set, so with two replicas a tenant's flood evicts only its own sessions and exactly down to its
max. Records that left otherwise (expired, evicted by the global bound) stay in the set until
they are its oldest members and are trimmed first: they never cost a live session its place.

Key: ``<prefix>tenant:<tenant>`` (sorted set, expires with the records). On Redis Cluster that
key lives in another slot than the record, so the store declines and the wrapper keeps its
per-replica order (exact on one replica, approximate across several).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from loopwatch_collector.store.redis.write import TenantBound


class TenantBounds:
    """Which trace ids are bounded, by which tenant set and max. Immutable after construction."""

    def __init__(self, prefix: str, max_sessions: Mapping[str, int], tenant_of: Callable[[str], str]) -> None:
        self._prefix = prefix
        self._max = dict(max_sessions)
        self._tenant_of = tenant_of

    def key(self, tenant: str) -> str:
        return f"{self._prefix}tenant:{tenant}"

    def bound_for(self, trace_id: str) -> TenantBound | None:
        """The tenant set to update with ``trace_id``'s write; None for unbounded tenants."""
        tenant = self._tenant_of(trace_id)
        limit = self._max.get(tenant)
        if limit is None:
            return None
        return TenantBound(key=self.key(tenant), member=trace_id, max_sessions=limit)
