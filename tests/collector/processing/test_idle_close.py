"""Idle close: a session without events for ``sessions.idle_close_s`` ends, is reported once,
and a later event reopens it; driven by a fake clock (no sleeps)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from prometheus_client import CollectorRegistry

from loopwatch.events import Event, Step, ToolCall, ToolResult, Usage
from loopwatch_collector.config import CollectorConfig, config_from_mapping
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.exporters.rest import SessionSummary
from loopwatch_collector.processing.idle_close import IDLE, OpenSessions
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.security.quota import ANONYMOUS_LABEL
from tests.collector.collector_builders import TRACE, Clock, context, make_pipeline, sample
from tests.collector.store.redis_server import RedisServer, running_redis
from tests.collector.store.store_builders import store_on

pytestmark = pytest.mark.anyio

CLOSE_S = 60.0
IN_TOKENS, OUT_TOKENS = 100, 20
LABELS = {"tenant": ANONYMOUS_LABEL, "agent": "bot"}
CONFIG = {
    "sessions": {
        "idle_close_s": CLOSE_S,
        "cost_usd_per_million_input_tokens": 3.0,
        "cost_usd_per_million_output_tokens": 15.0,
    }
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with running_redis(tmp_path_factory.mktemp("redis")) as srv:
        yield srv


def step(i: int) -> list[Event]:
    """One step with its usage and a new result (a healthy agent)."""
    call = ToolCall.create(id=f"call_{i}", name="search", arguments={"q": i})
    usage = Usage(input_tokens=IN_TOKENS, output_tokens=OUT_TOKENS)
    return [
        Step.create(event_id=f"step:call_{i}", text=None, tool_calls=(call,), usage=usage),
        ToolResult.create(event_id=f"result:call_{i}", call_id=f"call_{i}", content=f"r{i}"),
    ]


async def _steps(pipeline: Pipeline, clock: Clock, numbers: range, *, every_s: float = 5.0) -> None:
    for i in numbers:
        await pipeline.ingest(context(), step(i), source="otlp")
        clock.now += every_s


def _ended(registry: CollectorRegistry) -> float:
    return sample(registry, "loopwatch_sessions_ended_total", **LABELS, reason=IDLE)


async def test_a_session_idle_for_idle_close_s_ends_once_with_its_totals() -> None:
    clock = Clock()
    pipeline, _, _, registry = make_pipeline(CONFIG, clock=clock)
    start = clock.now
    await _steps(pipeline, clock, range(3))  # events at start, +5, +10
    clock.now = start + 10 + CLOSE_S - 1
    assert await pipeline.close_idle() == 0  # one second short
    clock.now = start + 10 + CLOSE_S
    assert await pipeline.close_idle() == 1
    assert await pipeline.close_idle() == 0  # once
    assert _ended(registry) == 1
    assert sample(registry, "loopwatch_session_ended_duration_seconds_sum", **LABELS) == 10
    assert sample(registry, "loopwatch_session_ended_tokens_sum", **LABELS) == 3 * (IN_TOKENS + OUT_TOKENS)
    cost = 3 * (IN_TOKENS * 3.0 + OUT_TOKENS * 15.0) / 1e6
    assert sample(registry, "loopwatch_session_ended_cost_usd_sum", **LABELS) == pytest.approx(cost)
    assert sample(registry, "loopwatch_session_steps_sum") == 3
    assert sample(registry, "loopwatch_sessions_active", tenant=ANONYMOUS_LABEL) == 0
    record = await pipeline.get_session(TRACE)  # still readable, marked ended
    assert record is not None
    assert (record.ended_unix_s, record.end_reason) == (clock.now, IDLE)
    assert record.last_seen_unix_s == start + 10  # ending is no activity


async def test_a_later_event_reopens_it_and_the_next_end_reports_only_what_came_after() -> None:
    clock = Clock()
    pipeline, _, _, registry = make_pipeline(CONFIG, clock=clock)
    await _steps(pipeline, clock, range(3))
    clock.now += CLOSE_S
    assert await pipeline.close_idle() == 1
    reopened_at = clock.now
    await _steps(pipeline, clock, range(3, 5), every_s=7.0)  # at reopened_at and +7
    record = await pipeline.get_session(TRACE)
    assert record is not None
    assert record.ended_unix_s is None
    assert record.steps == 5  # the same session, resumed
    assert sample(registry, "loopwatch_sessions_active", tenant=ANONYMOUS_LABEL) == 1
    assert sample(registry, "loopwatch_sessions_started_total", **LABELS) == 1
    clock.now += CLOSE_S
    assert await pipeline.close_idle() == 1
    assert _ended(registry) == 2
    durations = sample(registry, "loopwatch_session_ended_duration_seconds_sum", **LABELS)
    assert durations == 10 + (reopened_at + 7 - reopened_at)
    assert sample(registry, "loopwatch_session_ended_tokens_sum", **LABELS) == 5 * (IN_TOKENS + OUT_TOKENS)
    assert sample(registry, "loopwatch_session_steps_sum") == 5
    assert sample(registry, "loopwatch_sessions_active", tenant=ANONYMOUS_LABEL) == 0


async def test_an_ended_session_leaving_the_store_is_not_counted_out_twice() -> None:
    clock = Clock()
    pipeline, _, store, registry = make_pipeline(CONFIG, clock=clock)
    await _steps(pipeline, clock, range(2))
    clock.now += CLOSE_S
    assert await pipeline.close_idle() == 1
    clock.now += CollectorConfig().sessions.idle_ttl_s
    assert store.sweep() == 1
    assert sample(registry, "loopwatch_sessions_active", tenant=ANONYMOUS_LABEL) == 0
    assert sample(registry, "loopwatch_session_steps_count") == 1
    assert sample(registry, "loopwatch_sessions_expired_total", tenant=ANONYMOUS_LABEL) == 1


async def test_without_prices_no_cost_is_observed_and_zero_turns_idle_close_off() -> None:
    clock = Clock()
    pipeline, _, _, registry = make_pipeline({"sessions": {"idle_close_s": CLOSE_S}}, clock=clock)
    await _steps(pipeline, clock, range(1))
    clock.now += CLOSE_S
    assert await pipeline.close_idle() == 1
    assert sample(registry, "loopwatch_session_ended_cost_usd_count", **LABELS) == 0
    off, _, _, _ = make_pipeline({"sessions": {"idle_close_s": 0}}, clock=clock)
    await _steps(off, clock, range(1))
    clock.now += 10 * CLOSE_S
    assert await off.close_idle() == 0


async def test_idle_close_on_redis_ends_once_and_reopens(server: RedisServer) -> None:
    clock = Clock()
    config = config_from_mapping(CONFIG)
    store = store_on(server, "idle-close:", clock=clock)
    registry = CollectorRegistry()
    pipeline = Pipeline(config, store, Metrics(registry), clock=clock)
    await _steps(pipeline, clock, range(2))
    clock.now += CLOSE_S
    assert await pipeline.close_idle() == 1
    record = await pipeline.get_session(TRACE)
    assert record is not None
    assert record.end_reason == IDLE
    await _steps(pipeline, clock, range(2, 3))
    record = await pipeline.get_session(TRACE)
    assert record is not None
    assert (record.ended_unix_s, record.steps) == (None, 3)
    assert _ended(registry) == 1
    await pipeline.shutdown()


def test_open_sessions_give_the_idle_ones_oldest_first_and_stay_bounded() -> None:
    open_sessions = OpenSessions(max_sessions=2)
    for n, key in enumerate("abc"):
        open_sessions.touch(key, float(n))
    assert len(open_sessions) == 2  # "a" forgotten
    assert open_sessions.idle(0.5, limit=10) == []
    assert open_sessions.idle(1.0, limit=10) == ["b"]
    assert open_sessions.idle(10.0, limit=10) == ["c"]


def test_idle_close_s_must_be_below_the_ttl_when_set() -> None:
    with pytest.raises(ConfigError, match=r"sessions.idle_close_s \(60\) must be below sessions.idle_ttl_s"):
        config_from_mapping({"sessions": {"idle_close_s": 60, "idle_ttl_s": 60}})
    with pytest.raises(ConfigError, match=r"sessions\.idle_close_s"):
        config_from_mapping({"sessions": {"idle_close_s": -1}})
    short_ttl = config_from_mapping({"sessions": {"idle_ttl_s": 60}})
    assert short_ttl.sessions.closes_after_s == 0  # the default is off under a shorter TTL
    assert CollectorConfig().sessions.closes_after_s == CollectorConfig().sessions.idle_close_s > 0


async def test_the_rest_summary_shows_the_end_and_the_tokens() -> None:
    clock = Clock()
    pipeline, _, _, _ = make_pipeline(CONFIG, clock=clock)
    await _steps(pipeline, clock, range(2))
    clock.now += CLOSE_S
    await pipeline.close_idle()
    record = await pipeline.get_session(TRACE)
    assert record is not None
    summary = SessionSummary.of(record)
    assert (summary.end_reason, summary.ended_unix_s) == (IDLE, clock.now)
    assert (summary.input_tokens, summary.output_tokens) == (2 * IN_TOKENS, 2 * OUT_TOKENS)
