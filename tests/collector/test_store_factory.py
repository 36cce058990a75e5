"""The store factory: memory by default, backends registered by name, errors naming ``store``."""

from __future__ import annotations

import pytest

from loopwatch.detect import build_engine
from loopwatch_collector.config import config_from_mapping
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.store import codec, factory
from loopwatch_collector.store.base import SessionRecord
from loopwatch_collector.store.memory import InMemorySessionStore
from tests.collector.collector_builders import tool_step, trace_id


def test_memory_is_the_default() -> None:
    store = factory.build_store(config_from_mapping({}))
    assert isinstance(store, InMemorySessionStore)


def test_unknown_backend_names_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    config = config_from_mapping({"store": "redis"})
    monkeypatch.delitem(factory.STORE_BUILDERS, "redis")
    with pytest.raises(ConfigError, match=r"^store: unknown backend 'redis'"):
        factory.build_store(config)


def test_missing_backend_module_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(factory.STORE_BUILDERS, "redis", factory._lazy("loopwatch_collector.nope", "build"))
    with pytest.raises(ConfigError, match=r"^store: backend 'redis' is not available"):
        factory.build_store(config_from_mapping({"store": "redis"}))


def test_idle_sessions_are_kept_compressed_and_read_back() -> None:
    engine = build_engine()
    state = engine.new_session()
    engine.ingest(state, tool_step(0))
    record = SessionRecord(
        trace_id=trace_id(1),
        agent="a",
        conversation_id=None,
        state=state,
        started_unix_s=1.0,
        last_seen_unix_s=1.0,
    )
    data = factory.RecordCodec().encode(record)
    assert data[1] & 0x01  # the zlib flag, however small the session
    assert len(data) < len(codec.encode(record))
    assert factory.RecordCodec().decode(data) == record
