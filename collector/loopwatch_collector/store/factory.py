"""Choose the session store from the configuration (``store: memory | redis``).

Backends register a builder in ``STORE_BUILDERS``; ``redis`` is imported lazily from
``loopwatch_collector.store.redis`` (the package; it must define
``build_redis_store(config: CollectorConfig) -> SessionStore``), so the in-memory default never
imports the Redis client.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from loopwatch_collector.config import CollectorConfig
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.security.tenancy import tenant_of_key
from loopwatch_collector.store.base import SessionStore
from loopwatch_collector.store.codec_compact import CompactRecordCodec
from loopwatch_collector.store.memory import InMemorySessionStore

StoreBuilder = Callable[[CollectorConfig], SessionStore]


def build_memory_store(config: CollectorConfig) -> SessionStore:
    s = config.sessions
    return InMemorySessionStore(
        idle_ttl_s=s.idle_ttl_s,
        max_sessions=s.max_sessions,
        sweep_interval_s=s.sweep_interval_s,
        codec=CompactRecordCodec(),
        compact_after_s=s.compact_idle_after_s,
        max_bytes=s.max_bytes,
        owner_of=tenant_of_key,  # the heaviest tenant pays for the byte budget
    )


def _lazy(module: str, attribute: str) -> StoreBuilder:
    def build(config: CollectorConfig) -> SessionStore:
        try:
            builder: StoreBuilder = getattr(importlib.import_module(module), attribute)
        except (ImportError, AttributeError) as exc:
            raise ConfigError(f"store: backend {config.store!r} is not available ({exc})") from exc
        return builder(config)

    return build


#: Hook for backends: name -> builder. The Redis helper's module is imported only when chosen.
STORE_BUILDERS: dict[str, StoreBuilder] = {
    "memory": build_memory_store,
    "redis": _lazy("loopwatch_collector.store.redis", "build_redis_store"),
}


def build_store(config: CollectorConfig) -> SessionStore:
    """The store named by ``config.store``; raises ``ConfigError`` for an unknown backend."""
    try:
        builder = STORE_BUILDERS[config.store]
    except KeyError as exc:
        raise ConfigError(
            f"store: unknown backend {config.store!r}; known: {sorted(STORE_BUILDERS)}"
        ) from exc
    return builder(config)
