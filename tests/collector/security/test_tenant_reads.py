"""Reads that cost the reader: listing sessions walks only the caller's tenant's sessions.

The scan is bounded (``sessions.list_max_scan``, 10 here), and beta's one looping session is
older than alpha's many: a listing that walked the whole store, most recent first, would spend
its scan on alpha's sessions and find nothing. Beta finding its session proves the walk never
touched alpha's. In memory and on a real ``redis-server``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import httpx
import pytest

from loopwatch.wire import pb_grpc
from loopwatch_collector.exporters.rest import MAX_LIST_LIMIT
from loopwatch_collector.testing import running_collector
from tests.collector.collector_builders import trace_id
from tests.collector.security.security_helpers import (
    ALPHA_KEY,
    BETA_KEY,
    evaluate_request,
    headers,
    metadata,
    two_tenants,
)
from tests.collector.store.redis_server import RedisServer, running_redis

MAX_SCAN = 10
ALPHA_SESSIONS = 3 * MAX_SCAN
BETA_TRACE = trace_id(500)
LOOP_STEPS = 3  # identical steps: NUDGE at the third
INDEX_WAIT_S = 5.0  # Redis index writes are sent in the background


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with running_redis(Path(tmp_path_factory.mktemp("redis"))) as server:
        yield server


def _store(backend: str, server: RedisServer) -> dict[str, Any]:
    if backend == "memory":
        return {}
    return {"store": "redis", "redis": {"url": server.url, "key_prefix": f"reads{time.monotonic_ns()}:"}}


def _listed(url: str, key: str, **params: str) -> list[str]:
    reply = httpx.get(url + "/v1/sessions", params=params, headers=headers(key), timeout=10)
    assert reply.status_code == 200, reply.text
    return [s["trace_id"] for s in reply.json()["sessions"]]


@pytest.mark.parametrize("backend", ["memory", "redis"])
def test_a_listing_walks_only_the_callers_sessions(backend: str, redis_server: RedisServer) -> None:
    config = two_tenants(sessions={"list_max_scan": MAX_SCAN}, **_store(backend, redis_server))
    with running_collector(config) as running:
        with grpc.insecure_channel(running.endpoints.grpc_target) as channel:
            guard = pb_grpc.LoopGuardStub(channel)
            for step in range(LOOP_STEPS):
                guard.Evaluate(evaluate_request(BETA_TRACE, step), metadata=metadata(BETA_KEY), timeout=5)
            for n in range(ALPHA_SESSIONS):  # alpha's sessions, all more recent than beta's
                guard.Evaluate(evaluate_request(trace_id(n), 0), metadata=metadata(ALPHA_KEY), timeout=5)
        url = running.endpoints.http_url
        deadline = time.monotonic() + INDEX_WAIT_S
        while len(_listed(url, ALPHA_KEY, limit="100")) < MAX_SCAN and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _listed(url, BETA_KEY, state="looping") == [BETA_TRACE]
        alpha = _listed(url, ALPHA_KEY, limit="100")
        assert len(alpha) == MAX_SCAN  # the scan bound: the 10 most recent
        assert BETA_TRACE not in alpha
        assert _listed(url, ALPHA_KEY, state="looping") == []
        too_big = httpx.get(
            url + "/v1/sessions", params={"limit": MAX_LIST_LIMIT + 1}, headers=headers(ALPHA_KEY), timeout=10
        )
        assert too_big.status_code == 422
