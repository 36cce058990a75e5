"""Fixtures of the store tests: one real redis-server per module, a key prefix per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.collector.store.redis_server import RedisServer, running_redis


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with running_redis(tmp_path_factory.mktemp("redis")) as srv:
        yield srv


@pytest.fixture
def prefix(request: pytest.FixtureRequest) -> str:
    return f"t{abs(hash(request.node.nodeid)) % 10**8}:"
