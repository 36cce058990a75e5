"""``RedisSessionStore`` against a real ``redis-server``: semantics, conversations, sharing."""

from __future__ import annotations

import asyncio
import threading

import pytest
import redis
from prometheus_client import CollectorRegistry

from loopwatch.events import TraceContext
from loopwatch.scenario import iter_scenario_files, load_scenario
from loopwatch.verdict import Verdict
from loopwatch_collector.config import config_from_mapping
from loopwatch_collector.exceptions import StoreConflictError, StoreError
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.store import codec
from loopwatch_collector.store.base import (
    ConversationUsage,
    SessionRecord,
    SessionStore,
)
from loopwatch_collector.store.memory import InMemorySessionStore
from loopwatch_collector.store.redis import (
    RedisStoreOptions,
)
from tests.collector.store.redis_server import RedisServer
from tests.collector.store.store_builders import (
    add_usage,
    bump,
    record_of,
    run,
    slow_host_options,
    store_on,
)
from tests.shared_corpus import REPO_CORPUS

# --- basic semantics ----------------------------------------------------------------------------


def test_update_creates_then_loads_and_keys_use_cluster_hash_tags(server: RedisServer, prefix: str) -> None:
    async def scenario() -> None:
        store = store_on(server, prefix)
        assert await store.get("abc") is None
        assert await store.update("abc", bump, create=lambda: record_of("abc")) == 1
        assert await store.update("abc", bump, create=lambda: record_of("never")) == 2
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
        store = store_on(server, prefix, clock=lambda: clock[0])
        for i in range(5):
            clock[0] += 10  # past the index throttle: every update is indexed
            await store.update(f"t{i}", bump, create=lambda i=i: record_of(f"t{i}"))  # type: ignore[misc]
        await asyncio.sleep(0.05)  # index writes run in the background
        listed = await store.list_sessions()
        assert [r.trace_id for r in listed] == ["t4", "t3", "t2", "t1", "t0"]
        odd = await store.list_sessions(predicate=lambda r: r.trace_id in {"t1", "t3"}, limit=1)
        assert [r.trace_id for r in odd] == ["t3"]
        await store.shutdown()

    run(scenario)


def test_list_one_tenants_sessions_through_its_own_index(server: RedisServer, prefix: str) -> None:
    clock = [1000.0]

    async def scenario() -> None:
        store = store_on(server, prefix, clock=lambda: clock[0], idle_ttl_s=100)
        for key in ("beta/b0", "alpha/a0", "alpha/a1", "alpha/a2", "anonymous"):
            clock[0] += 10
            await store.update(key, bump, create=lambda key=key: record_of(key, clock[0]))  # type: ignore[misc]
        await asyncio.sleep(0.05)  # index writes run in the background
        assert [r.trace_id for r in await store.list_sessions(owner="beta")] == ["beta/b0"]
        alpha = await store.list_sessions(owner="alpha", max_scan=2)
        assert [r.trace_id for r in alpha] == ["alpha/a2", "alpha/a1"]
        assert len(await store.list_sessions()) == 5  # no owner: the whole index
        clock[0] += 150  # beta/b0 and the alphas expire; the sweep takes them out of both sets
        await store.sweep()
        assert await store.list_sessions(owner="beta") == []
        await store.shutdown()

    run(scenario)
    client = redis.Redis.from_url(server.url)
    assert client.zcard(f"{prefix}sessions:beta") == 0
    assert not client.exists(f"{prefix}sessions:")  # the anonymous tenant has no set of its own
    client.close()


def test_conversation_usage_rides_in_the_update_across_traces_and_replicas(
    server: RedisServer, prefix: str
) -> None:
    async def scenario() -> None:
        a, b = store_on(server, prefix), store_on(server, prefix)
        await a.update("t1", add_usage(2, 3), create=lambda: record_of("t1"), conversation_id="c1")
        # b never saw c1: its apply starts from 0, the script adds exactly, the totals come back.
        usage = await b.update("t2", add_usage(1, 0), create=lambda: record_of("t2"), conversation_id="c1")
        assert (usage.steps, usage.tool_calls) == (3, 3)
        other = await b.update("t2", add_usage(1, 1), create=lambda: record_of("t2"), conversation_id="c2")
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
        a, b = store_on(server, prefix), store_on(server, prefix)
        assert await a.update("t1", observe, create=lambda: record_of("t1"), conversation_id="c") == 1
        assert await b.update("t2", observe, create=lambda: record_of("t2"), conversation_id="c") == 2
        assert await a.update("t1", observe, create=lambda: record_of("t1"), conversation_id="c") == 3
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
        store = store_on(server, prefix)
        await store.update("t", add_usage(1, 1), create=lambda: record_of("t"), conversation_id="c")
        before = {c: calls(c) for c in ("evalsha", "get", "hincrby")}
        usage = await store.update("t", add_usage(1, 1), create=lambda: record_of("t"), conversation_id="c")
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
        store = store_on(server, prefix)
        await store.update("x", bump, create=lambda: record_of("x"))
        with pytest.raises(KeyError):
            await store.update("x", boom, create=lambda: record_of("x"))
        assert await store.update("x", bump, create=lambda: record_of("x")) == 2
        await store.shutdown()

    run(scenario)


def test_unknown_format_version_is_a_store_error_and_is_not_overwritten(
    server: RedisServer, prefix: str
) -> None:
    client = redis.Redis.from_url(server.url)
    key = f"{prefix}{{trace:v9}}"
    client.set(key, b"0123456789abcdef" + bytes((9, 0)) + b"future")

    async def scenario() -> None:
        store = store_on(server, prefix)
        with pytest.raises(StoreError, match="version 9"):
            await store.update("v9", bump, create=lambda: record_of("v9"))
        await store.shutdown()

    run(scenario)
    assert client.get(key) == b"0123456789abcdef" + bytes((9, 0)) + b"future"
    client.close()


def test_shutdown_is_idempotent_and_safe_without_start(server: RedisServer, prefix: str) -> None:
    async def scenario() -> None:
        store = store_on(server, prefix)
        await store.shutdown()
        await store.shutdown()
        with pytest.raises(StoreError):
            await store.get("x")
        started = store_on(server, prefix)
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
    paths = list(iter_scenario_files([REPO_CORPUS / "real", REPO_CORPUS / "synthetic"]))[::3]
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
    # Agreement, not latency, is under test: a loaded CI host may take longer than the default
    # 0.5 s per operation, which would fail open instead of agreeing.
    options = slow_host_options(local_cache_size=cache)
    shared = run(lambda: verdicts([store_on(server, prefix, options=options) for _ in range(2)]))
    assert shared == expected
    assert any(v.intervenes for run_ in expected for v in run_)


def test_stale_local_cache_costs_a_retry_never_an_event(server: RedisServer, prefix: str) -> None:
    async def scenario() -> None:
        a, b = store_on(server, prefix), store_on(server, prefix)
        for _ in range(5):  # each write makes the other replica's cache stale
            await a.update("t", bump, create=lambda: record_of("t"))
            await b.update("t", bump, create=lambda: record_of("t"))
        assert await a.update("t", bump, create=lambda: record_of("t")) == 11
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
        other.set(key, f"{len(applied):016d}".encode() + codec.encode(record_of("busy")))

    async def scenario() -> None:
        store = store_on(server, prefix, options=RedisStoreOptions(cas_attempts=3))
        with pytest.raises(StoreConflictError):
            await store.update("busy", apply_while_someone_else_writes, create=lambda: record_of("busy"))
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
            store = store_on(
                server, prefix, options=RedisStoreOptions(cas_attempts=1000, operation_timeout_s=30)
            )
            await asyncio.gather(
                *(store.update("hot", bump, create=lambda: record_of("hot")) for _ in range(per_thread))
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
        store = store_on(server, prefix)
        record = await store.get("hot")
        await store.shutdown()
        assert record is not None
        return record.tool_calls

    assert run(check) == threads * per_thread


# --- Redis unavailable ----------------------------------------------------------------------------


@pytest.mark.parametrize(("compress_above_bytes", "compressed"), [(32_768, False), (0, True)])
def test_records_are_compressed_only_above_the_configured_size(
    server: RedisServer, prefix: str, compress_above_bytes: int, compressed: bool
) -> None:
    async def scenario() -> None:
        store = store_on(server, prefix, options=RedisStoreOptions(compress_above_bytes=compress_above_bytes))
        await store.update("t", bump, create=lambda: record_of("t"))
        await store.shutdown()

    run(scenario)
    with redis.Redis.from_url(server.url) as client:
        value = client.get(f"{prefix}{{trace:t}}")
    assert isinstance(value, bytes)
    assert bool(value[17] & 0x01) is compressed  # the codec's flags byte, after the token
    assert codec.decode(value[16:], SessionRecord).tool_calls == 1
