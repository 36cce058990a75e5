"""The collector exports the in-memory store's bytes held (``loopwatch_sessions_bytes``)."""

from __future__ import annotations

import pytest
from prometheus_client import CollectorRegistry

from loopwatch_collector.collector import Collector
from loopwatch_collector.config import config_from_mapping
from loopwatch_collector.store.memory import InMemorySessionStore
from tests.collector.collector_builders import context, tool_step

pytestmark = pytest.mark.anyio


async def test_the_bytes_gauge_follows_the_in_memory_store() -> None:
    registry = CollectorRegistry()
    collector = Collector(config_from_mapping({}), registry=registry)
    store = collector.store
    assert isinstance(store, InMemorySessionStore)
    try:
        assert registry.get_sample_value("loopwatch_sessions_bytes") == 0
        await collector.pipeline.ingest(context(), tool_step(0), source="otlp")
        held = registry.get_sample_value("loopwatch_sessions_bytes")
        assert held is not None
        assert held > 0
        assert held == store.held_bytes
    finally:
        await collector.shutdown()
