"""Fixtures for replica tests: one real redis-server for the package (tests isolate by prefix)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.collector.store.redis_server import RedisServer, running_redis


@pytest.fixture(scope="package")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with running_redis(tmp_path_factory.mktemp("redis")) as server:
        yield server
