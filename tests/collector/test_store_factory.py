"""The store factory: memory by default, backends registered by name, errors naming ``store``."""

from __future__ import annotations

import pytest

from loopwatch_collector.config import config_from_mapping
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.store import factory
from loopwatch_collector.store.memory import InMemorySessionStore


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
