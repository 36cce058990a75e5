"""Trace aliases: a trace folded into a session resolves to it, in memory and in Redis,
tenant-scoped by key, bounded, and no longer than the session lives."""

from __future__ import annotations

import redis
from prometheus_client import CollectorRegistry

from loopwatch_collector.config import CollectorConfig
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.security.tenancy import session_key
from loopwatch_collector.store.aliases import TraceAliases
from loopwatch_collector.store.memory import InMemorySessionStore
from tests.collector.store.redis_server import RedisServer
from tests.collector.store.store_builders import bump, record_of, run, store_on

SESSION = session_key("alpha", "5e55" * 8)
FOLDED = [session_key("alpha", f"{n:032x}") for n in range(3)]
OTHER_TENANTS = session_key("beta", f"{0:032x}")  # the same trace id, sent by another tenant


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def test_aliases_are_bounded_and_forgotten_with_their_session() -> None:
    aliases = TraceAliases(max_aliases=2)
    aliases.add(FOLDED, SESSION)
    assert [aliases.session_of(a) for a in FOLDED] == [None, SESSION, SESSION]  # the oldest went
    aliases.add([SESSION], SESSION)
    assert aliases.session_of(SESSION) is None  # never its own alias
    aliases.forget_session(SESSION)
    assert len(aliases) == 0
    assert aliases.session_of(FOLDED[2]) is None


def test_memory_store_resolves_aliases_of_live_sessions_only() -> None:
    async def scenario() -> None:
        clock = Clock()
        store = InMemorySessionStore(idle_ttl_s=10, clock=clock)
        await store.alias(FOLDED, SESSION)
        assert await store.resolve(FOLDED[0]) is None  # no such session: nothing recorded
        await store.update(SESSION, bump, create=lambda: record_of(SESSION, clock.now))
        await store.alias(FOLDED, SESSION)
        assert [await store.resolve(a) for a in FOLDED] == [SESSION] * 3
        assert await store.resolve(OTHER_TENANTS) is None
        assert await store.resolve(SESSION) is None
        clock.now += 11
        assert store.sweep() == 1
        assert await store.resolve(FOLDED[0]) is None  # gone with the session

    run(scenario)


def test_redis_store_resolves_aliases_and_expires_them_with_the_idle_ttl(
    server: RedisServer, prefix: str
) -> None:
    async def scenario() -> None:
        store = store_on(server, prefix, idle_ttl_s=30)
        await store.update(SESSION, bump, create=lambda: record_of(SESSION))
        await store.alias(FOLDED, SESSION)
        assert [await store.resolve(a) for a in FOLDED] == [SESSION] * 3
        assert await store.resolve(OTHER_TENANTS) is None
        assert await store.resolve(SESSION) is None
        await store.alias([], SESSION)  # nothing to write: no round trip needed
        await store.shutdown()

    run(scenario)
    client = redis.Redis.from_url(server.url)
    key = f"{prefix}{{alias:{FOLDED[0]}}}"
    assert client.get(key) == SESSION.encode()
    assert 0 < client.pttl(key) <= (30 + 60) * 1000  # the idle TTL plus the sweep's grace
    client.close()


def test_a_pipeline_on_redis_reads_a_session_by_a_folded_key_until_the_session_is_gone(
    server: RedisServer, prefix: str
) -> None:
    async def scenario() -> None:
        store = store_on(server, prefix)
        pipeline = Pipeline(CollectorConfig(), store, Metrics(CollectorRegistry()))
        await store.update(SESSION, bump, create=lambda: record_of(SESSION))
        await pipeline.alias(FOLDED, SESSION)
        record = await pipeline.get_session(FOLDED[1])
        assert record is not None
        assert record.trace_id == SESSION
        assert await pipeline.get_session(OTHER_TENANTS) is None
        assert await store.evict(SESSION)
        assert await pipeline.get_session(FOLDED[1]) is None  # the alias names nothing now
        await pipeline.shutdown()

    run(scenario)
