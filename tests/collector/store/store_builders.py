"""Shared pieces of the store tests: fixtures live in conftest.py, helpers here."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from loopwatch.detect.session import SessionState
from loopwatch_collector.store.base import ConversationUsage, SessionRecord
from loopwatch_collector.store.redis import RedisSessionStore, RedisStoreOptions
from tests.collector.store.redis_server import RedisServer

T = TypeVar("T")

#: Redis timeouts for tests of agreement rather than latency: on a loaded 2-core CI host a
#: replica's connect or update can exceed the defaults (0.25 s, 0.5 s), and the store then
#: fails open instead of agreeing.
SLOW_HOST_TIMEOUT_S = 10.0


def slow_host_options(**kwargs: Any) -> RedisStoreOptions:
    """``RedisStoreOptions(**kwargs)`` with connect and operation timeouts of ``SLOW_HOST_TIMEOUT_S``."""
    return RedisStoreOptions(
        connect_timeout_s=SLOW_HOST_TIMEOUT_S, operation_timeout_s=SLOW_HOST_TIMEOUT_S, **kwargs
    )


def run(coro_fn: Callable[[], Awaitable[T]]) -> T:
    async def main() -> T:
        return await coro_fn()

    return asyncio.run(main())


def record_of(trace_id: str, now: float = 0.0) -> SessionRecord:
    return SessionRecord(
        trace_id=trace_id,
        agent="a",
        conversation_id=None,
        state=SessionState(),
        started_unix_s=now,
        last_seen_unix_s=now,
    )


def store_on(server: RedisServer, prefix: str, **kwargs: Any) -> RedisSessionStore:
    options = kwargs.pop("options", RedisStoreOptions())
    return RedisSessionStore(url=server.url, key_prefix=prefix, options=options, **kwargs)


def bump(record: SessionRecord, _usage: ConversationUsage | None = None) -> int:
    record.tool_calls += 1
    return record.tool_calls


def add_usage(
    steps: int, tool_calls: int
) -> Callable[[SessionRecord, ConversationUsage | None], ConversationUsage]:
    def apply(record: SessionRecord, usage: ConversationUsage | None) -> ConversationUsage:
        assert usage is not None
        usage.steps += steps
        usage.tool_calls += tool_calls
        return usage

    return apply
