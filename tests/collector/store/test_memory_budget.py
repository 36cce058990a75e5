"""The in-memory store's byte budget (``sessions.max_bytes``): bounded under a flood, compaction
before eviction, the heaviest tenant pays, evictions counted by reason, accounting balanced,
tenant quotas intact."""

from __future__ import annotations

import pytest
from prometheus_client import CollectorRegistry

from loopwatch.detect import build_engine
from loopwatch.events import Event
from loopwatch_collector.config import SESSIONS_MAX_BYTES, config_from_mapping
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.security.quota import ANONYMOUS_LABEL, TenantQuotaStore
from loopwatch_collector.security.tenancy import tenant_of_key
from loopwatch_collector.store.base import SessionRecord
from loopwatch_collector.store.budget import ENTRY_BYTES, LIVE_RECORD_BYTES, live_bytes
from loopwatch_collector.store.codec_compact import CompactRecordCodec
from loopwatch_collector.store.memory import InMemorySessionStore
from tests.collector.collector_builders import Clock, context, sample, tool_step, trace_id

pytestmark = pytest.mark.anyio

STEPS = 6
TTL_S = 100.0


def evicted(registry: CollectorRegistry, reason: str) -> float:
    """Evictions of the anonymous tenant's sessions past the bound ``reason``."""
    return sample(registry, "loopwatch_sessions_evicted_total", tenant=ANONYMOUS_LABEL, reason=reason)


def _big_run(n: int) -> list[Event]:
    """A session of ``STEPS`` steps with long arguments and results (clipped in the timeline)."""
    events: list[Event] = []
    for i in range(STEPS):
        events += tool_step(i, args={"path": f"run{n}/" + "x" * 400}, result=f"run {n} " + "y" * 2000)
    return events


def _pipeline(max_bytes: int, *, compact: bool) -> tuple[Pipeline, InMemorySessionStore, CollectorRegistry]:
    clock = Clock()
    store = InMemorySessionStore(
        idle_ttl_s=TTL_S,
        clock=clock,
        max_bytes=max_bytes,
        codec=CompactRecordCodec() if compact else None,
        compact_after_s=60.0,
    )
    registry = CollectorRegistry()
    metrics = Metrics(registry)
    metrics.track_session_bytes(lambda: store.held_bytes)
    return Pipeline(config_from_mapping({}), store, metrics, clock=clock), store, registry


async def test_a_flood_of_big_sessions_stays_under_the_budget_and_evictions_are_counted() -> None:
    budget = 100_000
    pipeline, store, registry = _pipeline(budget, compact=False)
    flood = 60
    for n in range(flood):
        await pipeline.ingest(context(trace=trace_id(n)), _big_run(n), source="otlp")
        assert store.held_bytes <= budget
        assert sample(registry, "loopwatch_sessions_bytes") == store.held_bytes
    kept = len(store)
    assert 1 < kept < flood
    assert evicted(registry, "max_bytes") == flood - kept
    assert evicted(registry, "max_sessions") == 0
    # Least recently updated first: the newest sessions are the ones kept.
    assert [await store.get(trace_id(n)) is not None for n in range(flood - kept, flood)] == [True] * kept
    assert await store.get(trace_id(flood - kept - 1)) is None


async def test_oldest_live_sessions_are_compacted_before_any_is_evicted() -> None:
    sessions = 40
    budget = 150_000  # under the sessions' live size (~11 KB each), over their compacted size
    pipeline, store, registry = _pipeline(budget, compact=True)
    for n in range(sessions):
        await pipeline.ingest(context(trace=trace_id(n)), _big_run(n), source="otlp")
        assert store.held_bytes <= budget
    assert len(store) == sessions
    assert store.compacted > sessions // 2
    assert evicted(registry, "max_bytes") == 0
    for n in range(sessions):
        record = await store.get(trace_id(n))
        assert record is not None
        assert record.steps == STEPS
        assert len(record.timeline.steps) == STEPS


async def test_the_session_being_updated_is_never_evicted_even_past_the_budget() -> None:
    pipeline, store, registry = _pipeline(LIVE_RECORD_BYTES, compact=True)
    for n in range(3):
        await pipeline.ingest(context(trace=trace_id(n)), _big_run(n), source="otlp")
    assert len(store) == 1
    assert await store.get(trace_id(2)) is not None
    assert evicted(registry, "max_bytes") == 2


async def test_accounting_returns_to_zero_when_every_session_left() -> None:
    clock = Clock()
    store = InMemorySessionStore(idle_ttl_s=TTL_S, clock=clock, codec=CompactRecordCodec(), compact_after_s=1)
    pipeline = Pipeline(config_from_mapping({}), store, Metrics(CollectorRegistry()), clock=clock)
    for n in range(6):
        await pipeline.ingest(context(trace=trace_id(n)), _big_run(n), source="otlp")
    clock.now += 2
    assert store.compact(limit=3) == 3
    await pipeline.ingest(context(trace=trace_id(0)), tool_step(STEPS), source="otlp")  # wakes one up
    assert await store.evict(trace_id(5))
    assert store.held_bytes > 0
    clock.now += TTL_S + 1
    assert store.sweep() == 5
    assert store.held_bytes == 0


def test_live_estimate_grows_with_content() -> None:
    record = SessionRecord(
        trace_id=trace_id(0),
        agent="a",
        conversation_id=None,
        state=build_engine().new_session(),
        started_unix_s=0.0,
        last_seen_unix_s=0.0,
    )
    sizes = [live_bytes(record)]
    assert sizes[0] == ENTRY_BYTES + LIVE_RECORD_BYTES
    record.timeline.record_events(tool_step(0), first_step=1, now_unix_s=0.0, limit=20)
    sizes.append(live_bytes(record))
    assert record.state.remember_event("step:call_0")
    sizes.append(live_bytes(record))
    assert sizes == sorted(set(sizes))


async def test_tenant_quotas_still_hold_with_the_byte_budget() -> None:
    clock = Clock()
    inner = InMemorySessionStore(
        idle_ttl_s=TTL_S, clock=clock, max_bytes=60_000, codec=CompactRecordCodec(), compact_after_s=60
    )
    registry = CollectorRegistry()
    store = TenantQuotaStore(inner, max_sessions={"alpha": 3, "beta": 3}, registry=registry)
    pipeline = Pipeline(config_from_mapping({}), store, Metrics(registry), clock=clock)
    await pipeline.ingest(context(trace=f"beta/{trace_id(0)}"), _big_run(0), source="otlp")
    for n in range(20):
        await pipeline.ingest(context(trace=f"alpha/{trace_id(n)}"), _big_run(n), source="otlp")
        assert inner.held_bytes <= 60_000
    assert await store.live_sessions("alpha") == 3
    assert await store.get(f"beta/{trace_id(0)}") is not None  # compacted, not evicted
    assert registry.get_sample_value("loopwatch_tenant_sessions_evicted_total", {"tenant": "alpha"}) == 17
    assert registry.get_sample_value("loopwatch_tenant_sessions_evicted_total", {"tenant": "beta"}) is None


def _tenant_pipeline(max_bytes: int) -> tuple[Pipeline, InMemorySessionStore, CollectorRegistry]:
    """A pipeline over a byte-budgeted store whose sessions belong to the tenant of their key."""
    clock = Clock()
    store = InMemorySessionStore(
        idle_ttl_s=TTL_S,
        clock=clock,
        max_bytes=max_bytes,
        codec=CompactRecordCodec(),
        compact_after_s=60,
        owner_of=tenant_of_key,
    )
    registry = CollectorRegistry()
    metrics = Metrics(registry, tenants=["alpha", "beta"])
    return Pipeline(config_from_mapping({}), store, metrics, clock=clock), store, registry


async def test_the_tenant_holding_the_most_bytes_pays_for_the_budget() -> None:
    budget = 40_000
    pipeline, store, registry = _tenant_pipeline(budget)
    for n in range(3):  # beta's sessions are the oldest, and well within an equal share
        await pipeline.ingest(context(trace=f"beta/{trace_id(n)}"), _big_run(n), source="otlp")
    for n in range(60):
        await pipeline.ingest(context(trace=f"alpha/{trace_id(n)}"), _big_run(n), source="otlp")
        assert store.held_bytes <= budget
    assert [await store.get(f"beta/{trace_id(n)}") is not None for n in range(3)] == [True] * 3
    assert sample(registry, "loopwatch_sessions_evicted_total", tenant="beta", reason="max_bytes") == 0
    alpha_evicted = sample(registry, "loopwatch_sessions_evicted_total", tenant="alpha", reason="max_bytes")
    assert alpha_evicted == 60 - (len(store) - 3) > 0
    # alpha's own least recently updated sessions went first.
    assert await store.get(f"alpha/{trace_id(59)}") is not None
    assert await store.get(f"alpha/{trace_id(0)}") is None


async def test_past_an_equal_share_a_tenant_loses_its_own_oldest_sessions() -> None:
    budget = 40_000
    pipeline, store, registry = _tenant_pipeline(budget)
    await pipeline.ingest(context(trace=f"alpha/{trace_id(0)}"), _big_run(0), source="otlp")
    for n in range(60):  # now beta floods: alpha's older session stays
        await pipeline.ingest(context(trace=f"beta/{trace_id(n)}"), _big_run(n), source="otlp")
    assert await store.get(f"alpha/{trace_id(0)}") is not None
    assert sample(registry, "loopwatch_sessions_evicted_total", tenant="alpha", reason="max_bytes") == 0
    assert sample(registry, "loopwatch_sessions_evicted_total", tenant="beta", reason="max_bytes") > 0


async def test_when_the_heaviest_tenants_only_session_is_being_updated_the_next_one_pays() -> None:
    pipeline, store, registry = _tenant_pipeline(LIVE_RECORD_BYTES)
    await pipeline.ingest(context(trace=f"beta/{trace_id(0)}"), tool_step(0), source="otlp")
    await pipeline.ingest(context(trace=f"alpha/{trace_id(0)}"), _big_run(0), source="otlp")
    assert await store.get(f"alpha/{trace_id(0)}") is not None  # the session being updated stays
    assert await store.get(f"beta/{trace_id(0)}") is None
    assert sample(registry, "loopwatch_sessions_evicted_total", tenant="beta", reason="max_bytes") == 1


def test_max_bytes_is_validated_by_name_with_a_fixed_default() -> None:
    assert config_from_mapping({}).sessions.max_bytes == SESSIONS_MAX_BYTES == 1 << 30
    assert config_from_mapping({"sessions": {"max_bytes": 0}}).sessions.max_bytes == 0
    with pytest.raises(ConfigError, match=r"sessions\.max_bytes"):
        config_from_mapping({"sessions": {"max_bytes": -1}})
    with pytest.raises(ValueError, match=r"sessions\.max_bytes"):
        InMemorySessionStore(max_bytes=-1)
