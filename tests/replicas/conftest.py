"""Fixtures for replica tests: one real redis-server for the package (tests isolate by prefix)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

_STORE_TESTS = str(Path(__file__).resolve().parents[1] / "collector" / "store")
if _STORE_TESTS not in sys.path:
    sys.path.insert(0, _STORE_TESTS)  # the redis-server helper lives with the store tests
from redis_server import RedisServer, running_redis  # noqa: E402


@pytest.fixture(scope="package")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with running_redis(tmp_path_factory.mktemp("redis")) as server:
        yield server
