"""``RedisSessionStore`` against a real ``redis-server``: semantics, sharing, failure, expiry."""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
import redis
from prometheus_client import CollectorRegistry

from loopwatch.detect.session import SessionState
from loopwatch.events import TraceContext
from loopwatch.scenario import iter_scenario_files, load_scenario
from loopwatch.verdict import Action, Verdict
from loopwatch_collector.config import config_from_mapping
from loopwatch_collector.exceptions import ConfigError, StoreConflictError, StoreError, StoreUnavailableError
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.store import codec
from loopwatch_collector.store.base import (
    ConversationUsage,
    RemovalReason,
    SessionRecord,
    SessionStore,
)
from loopwatch_collector.store.factory import build_store
from loopwatch_collector.store.memory import InMemorySessionStore
from loopwatch_collector.store.redis import (
    RedisSessionStore,
    RedisStoreOptions,
    build_redis_store,
)
from tests.collector.store.redis_server import RedisServer, running_redis, running_redis_cluster
from tests.shared_corpus import CORPUS

T = TypeVar("T")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with running_redis(tmp_path_factory.mktemp("redis")) as srv:
        yield srv


@pytest.fixture
def prefix(request: pytest.FixtureRequest) -> str:
    return f"t{abs(hash(request.node.nodeid)) % 10**8}:"


def run(coro_fn: Callable[[], Awaitable[T]]) -> T:
    async def main() -> T:
        return await coro_fn()

    return asyncio.run(main())


def _record(trace_id: str, now: float = 0.0) -> SessionRecord:
    return SessionRecord(
        trace_id=trace_id,
        agent="a",
        conversation_id=None,
        state=SessionState(),
        started_unix_s=now,
        last_seen_unix_s=now,
    )


def _store(server: RedisServer, prefix: str, **kwargs: Any) -> RedisSessionStore:
    options = kwargs.pop("options", RedisStoreOptions())
    return RedisSessionStore(url=server.url, key_prefix=prefix, options=options, **kwargs)


def _bump(record: SessionRecord, _usage: ConversationUsage | None = None) -> int:
    record.tool_calls += 1
    return record.tool_calls


# --- basic semantics ----------------------------------------------------------------------------


def test_update_creates_then_loads_and_keys_use_cluster_hash_tags(server: RedisServer, prefix: str) -> None:
    async def scenario() -> None:
        store = _store(server, prefix)
        assert await store.get("abc") is None
        assert await store.update("abc", _bump, create=lambda: _record("abc")) == 1
        assert await store.update("abc", _bump, create=lambda: _record("never")) == 2
        record = await store.get("abc")
        assert record is not None
        assert (record.trace_id, record.tool_calls) == ("abc", 2)
        await store.shutdown()

    run(scenario)
    client = redis.Redis.from_url(server.url)
    key = f"{prefix}{{trace:abc}}"
    assert client.exists(key)
    assert 0 < client.pttl(key) <= (3600 + 60) * 1000
    assert client.zscore(f"{prefix}sessions", "abc") is not None
    client.close()


def test_list_sessions_most_recent_first_with_predicate(server: RedisServer, prefix: str) -> None:
    clock = [1000.0]

    async def scenario() -> None:
        store = _store(server, prefix, clock=lambda: clock[0])
        for i in range(5):
            clock[0] += 10  # past the index throttle: every update is indexed
            await store.update(f"t{i}", _bump, create=lambda i=i: _record(f"t{i}"))  # type: ignore[misc]
        await asyncio.sleep(0.05)  # index writes run in the background
        listed = await store.list_sessions()
        assert [r.trace_id for r in listed] == ["t4", "t3", "t2", "t1", "t0"]
        odd = await store.list_sessions(predicate=lambda r: r.trace_id in {"t1", "t3"}, limit=1)
        assert [r.trace_id for r in odd] == ["t3"]
        await store.shutdown()

    run(scenario)


def _add(
    steps: int, tool_calls: int
) -> Callable[[SessionRecord, ConversationUsage | None], ConversationUsage]:
    def apply(record: SessionRecord, usage: ConversationUsage | None) -> ConversationUsage:
        assert usage is not None
        usage.steps += steps
        usage.tool_calls += tool_calls
        return usage

    return apply


def test_conversation_usage_rides_in_the_update_across_traces_and_replicas(
    server: RedisServer, prefix: str
) -> None:
    async def scenario() -> None:
        a, b = _store(server, prefix), _store(server, prefix)
        await a.update("t1", _add(2, 3), create=lambda: _record("t1"), conversation_id="c1")
        # b never saw c1: its apply starts from 0, the script adds exactly, the totals come back.
        usage = await b.update("t2", _add(1, 0), create=lambda: _record("t2"), conversation_id="c1")
        assert (usage.steps, usage.tool_calls) == (3, 3)
        other = await b.update("t2", _add(1, 1), create=lambda: _record("t2"), conversation_id="c2")
        assert (other.steps, other.tool_calls) == (1, 1)
        await a.shutdown()
        await b.shutdown()

    run(scenario)


def test_apply_decides_on_the_conversations_exact_counts_across_replicas(
    server: RedisServer, prefix: str
) -> None:
    seen: list[int] = []

    def observe(record: SessionRecord, usage: ConversationUsage | None) -> int:
        assert usage is not None
        seen.append(usage.steps)  # what a conversation limit would be decided on
        usage.steps += 1
        return usage.steps

    async def scenario() -> None:
        a, b = _store(server, prefix), _store(server, prefix)
        assert await a.update("t1", observe, create=lambda: _record("t1"), conversation_id="c") == 1
        assert await b.update("t2", observe, create=lambda: _record("t2"), conversation_id="c") == 2
        assert await a.update("t1", observe, create=lambda: _record("t1"), conversation_id="c") == 3
        await a.shutdown()
        await b.shutdown()

    run(scenario)
    # b first guessed 0 and a then 1; each script refused and returned the counts: decided again.
    assert seen == [0, 0, 1, 1, 2]


def test_an_update_with_its_conversation_is_one_round_trip(server: RedisServer, prefix: str) -> None:
    client = redis.Redis(port=server.port)

    def calls(command: str) -> int:
        stats = client.info("commandstats").get(f"cmdstat_{command}", {})
        return int(stats.get("calls", 0)) if isinstance(stats, dict) else 0

    async def scenario() -> None:
        store = _store(server, prefix)
        await store.update("t", _add(1, 1), create=lambda: _record("t"), conversation_id="c")
        before = {c: calls(c) for c in ("evalsha", "get", "hincrby")}
        usage = await store.update("t", _add(1, 1), create=lambda: _record("t"), conversation_id="c")
        after = {c: calls(c) for c in ("evalsha", "get", "hincrby")}
        assert (usage.steps, usage.tool_calls) == (2, 2)
        assert after["evalsha"] - before["evalsha"] == 1  # record + conversation, one script
        # Commands run by a script count too: its own GET (the token check) and two HINCRBY; no
        # GET before it, since the record came from the local cache.
        assert after["get"] - before["get"] == 1
        assert after["hincrby"] - before["hincrby"] == 2
        await store.shutdown()

    run(scenario)
    client.close()


def test_apply_failure_writes_nothing(server: RedisServer, prefix: str) -> None:
    def boom(record: SessionRecord, _usage: ConversationUsage | None = None) -> None:
        record.tool_calls = 99
        raise KeyError("bug")

    async def scenario() -> None:
        store = _store(server, prefix)
        await store.update("x", _bump, create=lambda: _record("x"))
        with pytest.raises(KeyError):
            await store.update("x", boom, create=lambda: _record("x"))
        assert await store.update("x", _bump, create=lambda: _record("x")) == 2
        await store.shutdown()

    run(scenario)


def test_unknown_format_version_is_a_store_error_and_is_not_overwritten(
    server: RedisServer, prefix: str
) -> None:
    client = redis.Redis.from_url(server.url)
    key = f"{prefix}{{trace:v9}}"
    client.set(key, b"0123456789abcdef" + bytes((9, 0)) + b"future")

    async def scenario() -> None:
        store = _store(server, prefix)
        with pytest.raises(StoreError, match="version 9"):
            await store.update("v9", _bump, create=lambda: _record("v9"))
        await store.shutdown()

    run(scenario)
    assert client.get(key) == b"0123456789abcdef" + bytes((9, 0)) + b"future"
    client.close()


def test_shutdown_is_idempotent_and_safe_without_start(server: RedisServer, prefix: str) -> None:
    async def scenario() -> None:
        store = _store(server, prefix)
        await store.shutdown()
        await store.shutdown()
        with pytest.raises(StoreError):
            await store.get("x")
        started = _store(server, prefix)
        await started.start()
        await started.start()
        await started.shutdown()
        await started.shutdown()

    run(scenario)


# --- replicas: shared state, conflicts, concurrency ---------------------------------------------


@pytest.mark.parametrize("cache", [10_000, 0], ids=["local-cache", "no-cache"])
def test_two_replicas_alternating_match_one_in_memory_collector(
    server: RedisServer, prefix: str, cache: int
) -> None:
    """The pipeline over a third of the corpus: memory store vs two Redis stores taking turns."""
    paths = list(iter_scenario_files([CORPUS / "real", CORPUS / "synthetic"]))[::3]
    config = config_from_mapping({})

    async def verdicts(stores: list[SessionStore]) -> list[list[Verdict]]:
        pipelines = [Pipeline(config, s, Metrics(CollectorRegistry())) for s in stores]
        out: list[list[Verdict]] = []
        for n, path in enumerate(paths):
            context = TraceContext(trace_id=f"{n:032x}", agent="agent")
            got = []
            for i, event in enumerate(load_scenario(path).events):
                got.append(await pipelines[i % len(pipelines)].ingest(context, [event], source="evaluate"))
            out.append(got)
        for p in pipelines:
            await p.shutdown()
        return out

    expected = run(lambda: verdicts([InMemorySessionStore()]))
    options = RedisStoreOptions(local_cache_size=cache)
    shared = run(lambda: verdicts([_store(server, prefix, options=options) for _ in range(2)]))
    assert shared == expected
    assert any(v.intervenes for run_ in expected for v in run_)


def test_stale_local_cache_costs_a_retry_never_an_event(server: RedisServer, prefix: str) -> None:
    async def scenario() -> None:
        a, b = _store(server, prefix), _store(server, prefix)
        for _ in range(5):  # each write makes the other replica's cache stale
            await a.update("t", _bump, create=lambda: _record("t"))
            await b.update("t", _bump, create=lambda: _record("t"))
        assert await a.update("t", _bump, create=lambda: _record("t")) == 11
        # The first stale write on each replica conflicts; after that a replica that saw a
        # conflict reads before writing, so alternation costs a read, not wasted work.
        assert 1 <= a.conflicts + b.conflicts <= 3
        await a.shutdown()
        await b.shutdown()

    run(scenario)


def test_retries_are_bounded_when_another_writer_always_wins(server: RedisServer, prefix: str) -> None:
    other = redis.Redis.from_url(server.url)
    key = f"{prefix}{{trace:busy}}"
    applied: list[int] = []

    def apply_while_someone_else_writes(
        record: SessionRecord, _usage: ConversationUsage | None = None
    ) -> None:
        applied.append(record.tool_calls)
        # Another replica commits a write between our read and our check-and-set.
        other.set(key, f"{len(applied):016d}".encode() + codec.encode(_record("busy")))

    async def scenario() -> None:
        store = _store(server, prefix, options=RedisStoreOptions(cas_attempts=3))
        with pytest.raises(StoreConflictError):
            await store.update("busy", apply_while_someone_else_writes, create=lambda: _record("busy"))
        await store.shutdown()

    run(scenario)
    other.close()
    assert len(applied) == 3


def test_concurrent_updates_from_many_threads_lose_and_duplicate_nothing(
    server: RedisServer, prefix: str
) -> None:
    threads, per_thread = 8, 25
    errors: list[BaseException] = []

    def worker() -> None:
        async def go() -> None:
            store = _store(
                server, prefix, options=RedisStoreOptions(cas_attempts=1000, operation_timeout_s=30)
            )
            await asyncio.gather(
                *(store.update("hot", _bump, create=lambda: _record("hot")) for _ in range(per_thread))
            )
            await store.shutdown()

        try:
            asyncio.run(go())
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    assert errors == []

    async def check() -> int:
        store = _store(server, prefix)
        record = await store.get("hot")
        await store.shutdown()
        assert record is not None
        return record.tool_calls

    assert run(check) == threads * per_thread


# --- Redis unavailable ----------------------------------------------------------------------------


def test_redis_stopped_fails_fast_logs_once_and_recovers_with_state(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    srv = RedisServer(tmp_path)
    srv.start()
    options = RedisStoreOptions(retry_interval_s=0.2, operation_timeout_s=0.5)
    try:

        async def scenario() -> None:
            store = RedisSessionStore(url=srv.url, options=options)
            await store.update("t", _bump, create=lambda: _record("t"))
            srv.stop()
            for _ in range(20):
                started = time.monotonic()
                with pytest.raises(StoreUnavailableError):
                    await store.update("t", _bump, create=lambda: _record("t"))
                assert time.monotonic() - started < options.operation_timeout_s + 0.1
            srv.start()  # same port, same append-only file
            await asyncio.sleep(options.retry_interval_s + 0.05)
            assert await store.update("t", _bump, create=lambda: _record("t")) == 2
            await store.shutdown()

        with caplog.at_level(logging.INFO, logger="loopwatch_collector.store.redis_health"):
            run(scenario)
    finally:
        srv.stop()
    levels = [r.levelno for r in caplog.records if r.name == "loopwatch_collector.store.redis_health"]
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
                await store.update("t", _bump, create=lambda: _record("t"))
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
        stores = [_store(server, prefix, idle_ttl_s=30, clock=lambda: clock[0]) for _ in range(2)]
        for s in stores:
            s.add_removal_listener(lambda r, why: removed.append((r.trace_id, why)))
        await stores[0].update("old", _bump, create=lambda: _record("old", clock[0]))
        clock[0] += 20
        await stores[1].update("new", _bump, create=lambda: _record("new", clock[0]))
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
        store = _store(server, prefix, max_sessions=2, clock=lambda: clock[0])
        store.add_removal_listener(lambda r, why: removed.append((r.trace_id, why)))
        for name in ("a", "b", "c"):
            clock[0] += 10
            await store.update(name, _bump, create=lambda n=name: _record(n))  # type: ignore[misc]
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
        store = _store(server, prefix, idle_ttl_s=30, clock=lambda: clock[0])
        store.add_removal_listener(lambda r, why: removed.append(why))
        await store.update("t", _bump, create=lambda: _record("t"))
        clock[0] += 31
        assert await store.update("t", _bump, create=lambda: _record("t")) == 1
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
        store = _store(server, prefix)
        await store.update("t", _bump, create=lambda: _record("t"))
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
        options = RedisStoreOptions(cluster=True)

        async def scenario() -> None:
            a = RedisSessionStore(url=nodes[0].url, key_prefix="c:", options=options)
            b = RedisSessionStore(url=nodes[1].url, key_prefix="c:", options=options)
            for i in range(40):
                store = (a, b)[i % 2]
                trace = f"trace-{i % 8}"
                await store.update(trace, _bump, create=lambda t=trace: _record(t, time.time()))  # type: ignore[misc]
            records = [await a.get(f"trace-{n}") for n in range(8)]
            assert [r.tool_calls if r else None for r in records] == [5] * 8
            await asyncio.sleep(0.05)
            assert len(await b.list_sessions()) == 8
            await a.update(
                "conv-a", _add(2, 1), create=lambda: _record("conv-a", 1.0), conversation_id="conv"
            )
            usage = await b.update(
                "conv-b", _add(1, 1), create=lambda: _record("conv-b", 2.0), conversation_id="conv"
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
