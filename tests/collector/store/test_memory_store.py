"""InMemorySessionStore: load-or-create, TTL, LRU bound, listeners, conversations, lifecycle."""

from __future__ import annotations

import asyncio
from functools import partial

import pytest

from loopwatch.detect.session import SessionState
from loopwatch_collector.store.base import ConversationUsage, RemovalReason, SessionRecord
from loopwatch_collector.store.memory import InMemorySessionStore
from tests.collector.store.store_builders import add_usage

pytestmark = pytest.mark.anyio


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _record(trace: str, clock: Clock) -> SessionRecord:
    return SessionRecord(
        trace_id=trace,
        agent="a",
        conversation_id=None,
        state=SessionState(),
        started_unix_s=clock(),
        last_seen_unix_s=clock(),
    )


async def test_update_creates_once_then_mutates() -> None:
    clock = Clock()
    store = InMemorySessionStore(clock=clock)
    created = []

    def create() -> SessionRecord:
        created.append(1)
        return _record("t1", clock)

    def bump(record: SessionRecord, _usage: ConversationUsage | None = None) -> int:
        record.tool_calls += 1
        return record.tool_calls

    assert await store.update("t1", bump, create=create) == 1
    assert await store.update("t1", bump, create=create) == 2
    assert len(created) == 1
    record = await store.get("t1")
    assert record is not None
    assert record.tool_calls == 2
    assert await store.get("t2") is None


async def test_ttl_expires_idle_sessions_on_access_and_sweep() -> None:
    clock = Clock()
    store = InMemorySessionStore(idle_ttl_s=10, clock=clock)
    removed: list[tuple[str, RemovalReason]] = []
    store.add_removal_listener(lambda r, why: removed.append((r.trace_id, why)))
    for trace in ("old", "new"):
        await store.update(trace, lambda r, _: None, create=partial(_record, trace, clock))
        clock.now += 6
    assert await store.get("old") is None  # idle 12 s
    assert await store.get("new") is not None  # idle 6 s
    assert store.sweep() == 1
    assert removed == [("old", RemovalReason.EXPIRED)]
    assert len(store) == 1
    created_again = await store.update(
        "old", lambda r, _: r.started_unix_s, create=lambda: _record("old", clock)
    )
    assert created_again == clock.now


async def test_lru_bound_evicts_least_recently_updated() -> None:
    clock = Clock()
    store = InMemorySessionStore(max_sessions=2, clock=clock)
    removed: list[tuple[str, RemovalReason]] = []
    store.add_removal_listener(lambda r, why: removed.append((r.trace_id, why)))
    for trace in ("a", "b", "a", "c"):
        await store.update(trace, lambda r, _: None, create=partial(_record, trace, clock))
    assert removed == [("b", RemovalReason.EVICTED)]
    assert [r.trace_id for r in await store.list_sessions()] == ["c", "a"]


async def test_a_failing_listener_does_not_break_the_store() -> None:
    clock = Clock()
    store = InMemorySessionStore(max_sessions=1, clock=clock)

    def broken(record: SessionRecord, why: RemovalReason) -> None:
        raise RuntimeError("boom")

    store.add_removal_listener(broken)
    for trace in ("a", "b"):
        await store.update(trace, lambda r, _: None, create=partial(_record, trace, clock))
    assert len(store) == 1


async def test_list_sessions_filters_and_limits() -> None:
    clock = Clock()
    store = InMemorySessionStore(clock=clock)
    for n in range(5):
        await store.update(f"t{n}", lambda r, _: None, create=partial(_record, f"t{n}", clock))
        if n % 2:
            await store.update(
                f"t{n}", lambda r, _: setattr(r, "looping", True), create=lambda: _record("x", clock)
            )
    looping = await store.list_sessions(predicate=lambda r: r.looping)
    assert [r.trace_id for r in looping] == ["t3", "t1"]
    assert len(await store.list_sessions(limit=2)) == 2


async def test_conversation_usage_rides_in_the_update_accumulates_and_expires() -> None:
    clock = Clock()
    store = InMemorySessionStore(idle_ttl_s=10, clock=clock)
    await store.update("t1", add_usage(2, 3), create=partial(_record, "t1", clock), conversation_id="c")
    usage = await store.update(
        "t2", add_usage(1, 0), create=partial(_record, "t2", clock), conversation_id="c"
    )
    assert (usage.steps, usage.tool_calls) == (3, 3)
    assert await store.update("t2", lambda r, u: u, create=partial(_record, "t2", clock)) is None
    clock.now += 11
    usage = await store.update(
        "t1", add_usage(1, 1), create=partial(_record, "t1", clock), conversation_id="c"
    )
    assert (usage.steps, usage.tool_calls) == (1, 1)


async def test_start_and_shutdown_are_idempotent_and_optional() -> None:
    store = InMemorySessionStore(sweep_interval_s=0.01)
    await store.shutdown()
    await store.start()
    await store.start()
    await store.shutdown()
    await store.shutdown()


def test_bad_bounds_are_rejected() -> None:
    with pytest.raises(ValueError, match="idle_ttl_s"):
        InMemorySessionStore(idle_ttl_s=0)
    with pytest.raises(ValueError, match="max_sessions"):
        InMemorySessionStore(max_sessions=0)


async def test_idle_sessions_are_compacted_and_restored() -> None:
    from loopwatch_collector.store.codec_compact import CompactRecordCodec

    clock = Clock()
    store = InMemorySessionStore(clock=clock, codec=CompactRecordCodec(), compact_after_s=30, idle_ttl_s=100)
    removed: list[int] = []
    store.add_removal_listener(lambda r, why: removed.append(r.tool_calls))
    for trace in ("a", "b"):
        await store.update(
            trace, lambda r, _: setattr(r, "tool_calls", 7), create=partial(_record, trace, clock)
        )
    clock.now += 20
    await store.update("b", lambda r, _: None, create=lambda: _record("b", clock))
    clock.now += 15  # a idle 35 s, b idle 15 s
    assert store.compact() == 1
    assert store.compacted == 1
    record = await store.get("a")
    assert record is not None
    assert record.tool_calls == 7
    assert [r.trace_id for r in await store.list_sessions()] == ["b", "a"]
    assert await store.update("a", lambda r, _: r.tool_calls + 1, create=lambda: _record("x", clock)) == 8
    assert store.compacted == 0
    clock.now += 31
    assert store.compact(limit=None) == 2
    clock.now += 101
    assert store.sweep() == 2
    assert removed == [7, 7]


async def test_background_sweep_compacts() -> None:
    from loopwatch_collector.store.codec_compact import CompactRecordCodec

    clock = Clock()
    store = InMemorySessionStore(
        clock=clock, codec=CompactRecordCodec(), compact_after_s=1, sweep_interval_s=0.01
    )
    await store.update("a", lambda r, _: None, create=lambda: _record("a", clock))
    clock.now += 2
    await store.start()
    for _ in range(200):
        if store.compacted:
            break
        await asyncio.sleep(0.01)
    await store.shutdown()
    assert store.compacted == 1


async def test_listing_one_owner_walks_its_index_within_the_scan_bound() -> None:
    clock = Clock()
    store = InMemorySessionStore(clock=clock, owner_of=lambda key: key.partition("/")[0])
    for key in ("beta/old", *(f"alpha/{n}" for n in range(5)), "beta/new"):
        await store.update(key, lambda r, _: None, create=partial(_record, key, clock))
    beta = await store.list_sessions(owner="beta")
    assert [r.trace_id for r in beta] == ["beta/new", "beta/old"]
    assert await store.list_sessions(owner="gamma") == []
    recent = await store.list_sessions(owner="alpha", max_scan=2)
    assert [r.trace_id for r in recent] == ["alpha/4", "alpha/3"]
    nothing = await store.list_sessions(predicate=lambda r: r.trace_id == "beta/old", max_scan=3)
    assert nothing == []  # the three most recent were looked at, and no more
