"""Per-tenant session quotas across two replicas sharing one Redis: exact, and only the flooder's.

Each replica is what ``collector.py`` builds: a ``RedisSessionStore`` wrapped in a
``TenantQuotaStore`` with its own metrics registry, both stores on the same server and prefix.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from prometheus_client import CollectorRegistry

from loopwatch_collector.security.quota import TenantQuotaStore
from loopwatch_collector.store.base import ConversationUsage, SessionRecord
from loopwatch_collector.store.redis import RedisSessionStore
from tests.collector.store.redis_server import RedisServer
from tests.collector.store.store_builders import record_of, run, slow_host_options

MAX = {"alpha": 3, "beta": 3}


def _evicted(registry: CollectorRegistry, tenant: str) -> float:
    return registry.get_sample_value("loopwatch_tenant_sessions_evicted_total", {"tenant": tenant}) or 0.0


@asynccontextmanager
async def two_replicas(
    server: RedisServer, prefix: str
) -> AsyncIterator[list[tuple[TenantQuotaStore, CollectorRegistry]]]:
    replicas = []
    for _ in range(2):
        registry = CollectorRegistry()
        # Exact quotas are under test, not latency (see slow_host_options).
        options = slow_host_options()
        inner = RedisSessionStore(url=server.url, key_prefix=prefix, options=options)
        replicas.append((TenantQuotaStore(inner, max_sessions=MAX, registry=registry), registry))
    try:
        yield replicas
    finally:
        for store, _ in replicas:
            await store.shutdown()


def _step(conversation: str | None = None) -> Callable[[SessionRecord, ConversationUsage | None], int]:
    def apply(record: SessionRecord, usage: ConversationUsage | None) -> int:
        record.tool_calls += 1
        if usage is not None:
            usage.steps += 1
        return record.tool_calls

    return apply


async def _touch(store: TenantQuotaStore, key: str, conversation: str | None = None) -> None:
    await store.update(key, _step(), create=lambda: record_of(key), conversation_id=conversation)


async def _live(store: TenantQuotaStore, keys: list[str]) -> list[str]:
    return [k for k in keys if await store.get(k) is not None]


def test_a_flood_on_two_replicas_evicts_only_the_flooders_oldest_down_to_its_max(
    redis_server: RedisServer,
) -> None:
    async def scenario() -> None:
        async with two_replicas(redis_server, "quota2a:") as replicas:
            (a, reg_a), (b, reg_b) = replicas
            assert a.store_side
            assert b.store_side
            betas = ["beta/b0", "beta/b1", "beta/b2"]
            for key in betas:
                await _touch(a, key)
            flood = [f"alpha/a{n}" for n in range(20)]
            for n, key in enumerate(flood):  # alternating replicas, as without trace affinity
                await _touch(replicas[n % 2][0], key, conversation="c" if n % 3 == 0 else None)
            assert await _live(b, betas) == betas
            assert await _live(a, flood) == flood[-3:]
            assert await a.live_sessions("alpha") == await b.live_sessions("alpha") == 3
            assert _evicted(reg_a, "alpha") + _evicted(reg_b, "alpha") == 17
            assert _evicted(reg_a, "beta") + _evicted(reg_b, "beta") == 0

    run(scenario)


def test_a_live_session_written_again_is_the_newest_not_the_next_victim(redis_server: RedisServer) -> None:
    async def scenario() -> None:
        async with two_replicas(redis_server, "quota2b:") as ((a, _), (b, _)):
            for key in ("alpha/old", "alpha/x", "alpha/y"):
                await _touch(a, key)
            await _touch(b, "alpha/old")  # still in use, on the other replica
            await _touch(b, "alpha/z")
            assert await _live(a, ["alpha/old", "alpha/x", "alpha/y", "alpha/z"]) == [
                "alpha/old",
                "alpha/y",
                "alpha/z",
            ]

    run(scenario)


def test_concurrent_floods_on_both_replicas_end_exactly_at_the_max(redis_server: RedisServer) -> None:
    async def scenario() -> None:
        async with two_replicas(redis_server, "quota2c:") as replicas:
            (a, reg_a), (b, reg_b) = replicas
            await _touch(b, "beta/keep")
            ids = itertools.count()
            flood = [f"alpha/c{next(ids)}" for _ in range(60)]
            await asyncio.gather(*(_touch(replicas[n % 2][0], key) for n, key in enumerate(flood)))
            assert len(await _live(a, flood)) == 3
            assert await a.live_sessions("alpha") == 3
            assert _evicted(reg_a, "alpha") + _evicted(reg_b, "alpha") == 57
            assert await b.get("beta/keep") is not None

    run(scenario)
