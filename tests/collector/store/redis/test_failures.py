"""``RedisSessionStore`` against a real ``redis-server``: failures, expiry, configuration, cluster."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from pathlib import Path
from typing import Any

import pytest
import redis

from loopwatch.verdict import Action
from loopwatch_collector.config import config_from_mapping
from loopwatch_collector.exceptions import ConfigError, StoreUnavailableError
from loopwatch_collector.store import codec
from loopwatch_collector.store.base import (
    RemovalReason,
    SessionRecord,
)
from loopwatch_collector.store.factory import build_store
from loopwatch_collector.store.redis import RedisSessionStore, RedisStoreOptions, build_redis_store
from tests.collector.store.redis_server import RedisServer, running_redis_cluster
from tests.collector.store.store_builders import (
    add_usage,
    bump,
    record_of,
    run,
    slow_host_options,
    store_on,
)


def test_redis_stopped_fails_fast_logs_once_and_recovers_with_state(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    srv = RedisServer(tmp_path)
    srv.start()
    options = RedisStoreOptions(retry_interval_s=0.2, operation_timeout_s=0.5)
    try:

        async def scenario() -> None:
            store = RedisSessionStore(url=srv.url, options=options)
            await store.update("t", bump, create=lambda: record_of("t"))
            srv.stop()
            for _ in range(20):
                started = time.monotonic()
                with pytest.raises(StoreUnavailableError):
                    await store.update("t", bump, create=lambda: record_of("t"))
                assert time.monotonic() - started < options.operation_timeout_s + 0.1
            srv.start()  # same port, same append-only file
            await asyncio.sleep(options.retry_interval_s + 0.05)
            assert await store.update("t", bump, create=lambda: record_of("t")) == 2
            await store.shutdown()

        with caplog.at_level(logging.INFO, logger="loopwatch_collector.store.redis.health"):
            run(scenario)
    finally:
        srv.stop()
    levels = [r.levelno for r in caplog.records if r.name == "loopwatch_collector.store.redis.health"]
    assert levels == [logging.WARNING, logging.INFO]


def test_unresponsive_redis_answers_within_the_operation_timeout() -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)  # accepts connections (kernel backlog) and never answers
    port = listener.getsockname()[1]
    options = RedisStoreOptions(operation_timeout_s=0.2, retry_interval_s=10)

    async def scenario() -> None:
        store = RedisSessionStore(url=f"redis://127.0.0.1:{port}/0", options=options)
        for _ in range(3):  # one slow answer is not an outage; three in a row are
            started = time.monotonic()
            with pytest.raises(StoreUnavailableError):
                await store.update("t", bump, create=lambda: record_of("t"))
            assert time.monotonic() - started < 0.4
        started = time.monotonic()
        with pytest.raises(StoreUnavailableError):  # the breaker: no second wait
            await store.get("t")
        assert time.monotonic() - started < 0.05
        await store.shutdown()

    try:
        run(scenario)
    finally:
        listener.close()


# --- expiry and the live-session bound ------------------------------------------------------------


def test_idle_records_are_reported_exactly_once_across_replicas(server: RedisServer, prefix: str) -> None:
    clock = [1000.0]
    removed: list[tuple[str, RemovalReason]] = []

    async def scenario() -> None:
        stores = [store_on(server, prefix, idle_ttl_s=30, clock=lambda: clock[0]) for _ in range(2)]
        for s in stores:
            s.add_removal_listener(lambda r, why: removed.append((r.trace_id, why)))
        await stores[0].update("old", bump, create=lambda: record_of("old", clock[0]))
        clock[0] += 20
        await stores[1].update("new", bump, create=lambda: record_of("new", clock[0]))
        await asyncio.sleep(0.05)
        clock[0] += 15  # "old" idle 35 s > 30, "new" 15 s
        assert await stores[0].sweep() + await stores[1].sweep() == 1
        assert await stores[0].get("old") is None
        assert await stores[1].get("new") is not None
        for s in stores:
            await s.shutdown()

    run(scenario)
    assert removed == [("old", RemovalReason.EXPIRED)]


def test_live_session_bound_evicts_least_recently_seen(server: RedisServer, prefix: str) -> None:
    clock = [1000.0]
    removed: list[tuple[str, RemovalReason]] = []

    async def scenario() -> None:
        store = store_on(server, prefix, max_sessions=2, clock=lambda: clock[0])
        store.add_removal_listener(lambda r, why: removed.append((r.trace_id, why)))
        for name in ("a", "b", "c"):
            clock[0] += 10
            await store.update(name, bump, create=lambda n=name: record_of(n))  # type: ignore[misc]
        await asyncio.sleep(0.05)
        assert await store.sweep() == 1
        assert [r.trace_id for r in await store.list_sessions()] == ["c", "b"]
        await store.shutdown()

    run(scenario)
    assert removed == [("a", RemovalReason.EVICTED)]


def test_expired_record_is_replaced_on_update(server: RedisServer, prefix: str) -> None:
    clock = [1000.0]
    removed: list[RemovalReason] = []

    async def scenario() -> None:
        store = store_on(server, prefix, idle_ttl_s=30, clock=lambda: clock[0])
        store.add_removal_listener(lambda r, why: removed.append(why))
        await store.update("t", bump, create=lambda: record_of("t"))
        clock[0] += 31
        assert await store.update("t", bump, create=lambda: record_of("t")) == 1
        await store.shutdown()

    run(scenario)
    assert removed == [RemovalReason.EXPIRED]


# --- configuration --------------------------------------------------------------------------------


def test_factory_builds_the_redis_store_from_configuration(server: RedisServer) -> None:
    config = config_from_mapping(
        {
            "store": "redis",
            "redis": {"url": server.url, "key_prefix": "cfg:", "options": {"local_cache_size": 0}},
            "sessions": {"idle_ttl_s": 60},
        }
    )
    store = build_store(config)
    assert isinstance(store, RedisSessionStore)
    run(store.shutdown)


@pytest.mark.parametrize(
    ("redis_section", "key"),
    [
        ({"options": {"cas_attempts": 0}}, "redis.options.cas_attempts"),
        ({"options": {"no_such_option": 1}}, "redis.options.no_such_option"),
        ({"options": {"tls": {"ca_file": "/ca.pem"}}}, "redis.options.tls"),
        ({"key_prefix": "a{b}:"}, "redis.key_prefix"),
        ({"url": "http://localhost:6379"}, "redis.url"),
    ],
)
def test_bad_redis_configuration_names_the_key(redis_section: dict[str, Any], key: str) -> None:
    config = config_from_mapping({"store": "redis", "redis": redis_section})
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
        build_redis_store(config)


def test_tls_options_reach_the_client() -> None:
    options = RedisStoreOptions.model_validate({"tls": {"ca_file": "/etc/ca.pem", "check_hostname": False}})
    store = RedisSessionStore(url="rediss://redis.example:6380/0", options=options)
    kwargs = store._client.connection_pool.connection_kwargs
    assert kwargs["ssl_ca_certs"] == "/etc/ca.pem"
    assert kwargs["ssl_check_hostname"] is False
    run(store.shutdown)


def test_records_in_redis_are_codec_bytes_behind_a_token(server: RedisServer, prefix: str) -> None:
    async def scenario() -> None:
        store = store_on(server, prefix)
        await store.update("t", bump, create=lambda: record_of("t"))
        await store.shutdown()

    run(scenario)
    client = redis.Redis.from_url(server.url)
    value = client.get(f"{prefix}{{trace:t}}")
    client.close()
    assert isinstance(value, bytes)
    assert value[16] == codec.FORMAT_VERSION
    assert codec.decode(value[16:], SessionRecord).tool_calls == 1
    assert Action.CONTINUE.value == "continue"


def test_redis_cluster_mode_shares_state_across_nodes(tmp_path: Path) -> None:
    """Keys hash to different nodes; scripts, listing and counters still work per slot."""
    with running_redis_cluster(tmp_path) as nodes:
        # Sharing across nodes is under test, not latency (see slow_host_options).
        options = slow_host_options(cluster=True)

        async def scenario() -> None:
            a = RedisSessionStore(url=nodes[0].url, key_prefix="c:", options=options)
            b = RedisSessionStore(url=nodes[1].url, key_prefix="c:", options=options)
            for i in range(40):
                store = (a, b)[i % 2]
                trace = f"trace-{i % 8}"
                await store.update(trace, bump, create=lambda t=trace: record_of(t, time.time()))  # type: ignore[misc]
            records = [await a.get(f"trace-{n}") for n in range(8)]
            assert [r.tool_calls if r else None for r in records] == [5] * 8
            await asyncio.sleep(0.05)
            assert len(await b.list_sessions()) == 8
            await a.update(
                "conv-a", add_usage(2, 1), create=lambda: record_of("conv-a", 1.0), conversation_id="conv"
            )
            usage = await b.update(
                "conv-b", add_usage(1, 1), create=lambda: record_of("conv-b", 2.0), conversation_id="conv"
            )
            assert (usage.steps, usage.tool_calls) == (3, 2)
            assert await a.sweep() == 0
            await a.shutdown()
            await b.shutdown()

        run(scenario)
        holders = set()
        for node in nodes:
            client = redis.Redis(port=node.port)
            holders |= {node.port for key in client.keys("c:{trace:*") if key}
            client.close()
        assert len(holders) >= 2, "the trace keys should be spread over several nodes"
