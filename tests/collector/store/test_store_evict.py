"""``evict`` (per-tenant quotas) on both stores, and the quota wrapper over a real Redis."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from prometheus_client import CollectorRegistry

from loopwatch.detect.session import SessionState
from loopwatch_collector.security.quota import TenantQuotaStore
from loopwatch_collector.store.base import RemovalReason, SessionRecord, SessionStore
from loopwatch_collector.store.memory import InMemorySessionStore
from loopwatch_collector.store.redis import RedisSessionStore, RedisStoreOptions
from tests.collector.store.redis_server import RedisServer, running_redis


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with running_redis(Path(tmp_path_factory.mktemp("redis"))) as srv:
        yield srv


def _record(key: str) -> SessionRecord:
    return SessionRecord(
        trace_id=key,
        agent="a",
        conversation_id=None,
        state=SessionState(),
        started_unix_s=0.0,
        last_seen_unix_s=0.0,
    )


async def _touch(store: SessionStore, key: str) -> None:
    await store.update(key, lambda record, _usage: record.steps, create=lambda: _record(key))


def _stores(server: RedisServer, prefix: str) -> list[InMemorySessionStore | RedisSessionStore]:
    return [
        InMemorySessionStore(),
        RedisSessionStore(url=server.url, key_prefix=prefix, options=RedisStoreOptions()),
    ]


@pytest.mark.parametrize("kind", [0, 1], ids=["memory", "redis"])
def test_evict_removes_one_session_and_tells_the_listeners(server: RedisServer, kind: int) -> None:
    async def scenario() -> None:
        store = _stores(server, f"evict{kind}:")[kind]
        removed: list[tuple[str, RemovalReason]] = []
        store.add_removal_listener(lambda r, why: removed.append((r.trace_id, why)))
        await store.start()
        try:
            await _touch(store, "t/a")
            await _touch(store, "t/b")
            evict = store.evict
            assert await evict("t/a") is True
            assert await evict("t/a") is False
            assert await store.get("t/a") is None
            assert await store.get("t/b") is not None
            assert removed == [("t/a", RemovalReason.EVICTED)]
        finally:
            await store.shutdown()

    asyncio.run(scenario())


def test_a_tenant_over_its_quota_evicts_its_own_oldest_session_on_redis(server: RedisServer) -> None:
    async def scenario() -> None:
        inner = RedisSessionStore(url=server.url, key_prefix="quota:", options=RedisStoreOptions())
        registry = CollectorRegistry()
        store = TenantQuotaStore(inner, max_sessions={"alpha": 2, "beta": 2}, registry=registry)
        await store.start()
        try:
            await _touch(store, "beta/b1")
            for n in range(5):
                await _touch(store, f"alpha/a{n}")
            assert await store.get("beta/b1") is not None
            assert [await store.get(f"alpha/a{n}") is not None for n in range(5)] == [
                False,
                False,
                False,
                True,
                True,
            ]
            assert (
                registry.get_sample_value("loopwatch_tenant_sessions_evicted_total", {"tenant": "alpha"}) == 3
            )
            assert await store.live_sessions("alpha") == 2
        finally:
            await store.shutdown()

    asyncio.run(scenario())
