"""The Redis session store: collector replicas sharing per-trace state (``store: redis``).

``store.py`` is the ``SessionStore``; beside it, one module per job: ``options`` (the
``redis.options`` settings and clients), ``scripts`` (the record format and the Lua scripts),
``write`` (the check-and-set of an update), ``commands`` and ``resp`` (the pipelined hot-path
connection), ``index`` (the sessions index: listing, expiry, the session bound), ``tenants``
(per-tenant quotas across replicas) and ``health`` (failing fast while Redis is away).
"""

from __future__ import annotations

from loopwatch_collector.store.redis.store import (
    RedisSessionStore,
    RedisStoreOptions,
    TlsOptions,
    build_redis_store,
)

__all__ = ["RedisSessionStore", "RedisStoreOptions", "TlsOptions", "build_redis_store"]
