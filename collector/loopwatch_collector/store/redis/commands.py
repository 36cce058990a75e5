"""The Redis store's hot-path commands, behind one small seam with two implementations.

``update`` needs three commands: read a record (``GET``), run a check-and-set script, and note
the trace in the ``sessions`` index now and then (``ZADD``, best effort). On a single Redis
node they go through the pipelined ``RespClient`` (``store/redis/resp.py``); on Redis Cluster through
``redis-py``'s cluster client, which routes each key to its slot's node (the pipelined client
does not implement cluster redirections). ``options.hot_commands`` picks one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from typing import Any, Protocol

from redis import exceptions as redis_errors

from loopwatch_collector.store.redis.resp import Arg, LuaScript, Reply, RespClient

logger = logging.getLogger(__name__)


class HotCommands(Protocol):
    """What ``RedisSessionStore.update`` sends; event-loop only. Errors as the client raises
    them (``RedisHealth`` translates them)."""

    async def get(self, key: str) -> bytes | None: ...

    async def run_script(self, script: LuaScript, keys: Sequence[str], args: Sequence[Arg]) -> Reply: ...

    def zadd_soon(self, key: str, member: str, score: float) -> None:
        """Best effort, not awaited: a lost index write only delays listing and expiry."""
        ...

    def reset(self) -> None:
        """Drop connections after an outage (writes in flight may or may not have landed)."""
        ...

    async def aclose(self) -> None: ...


class PipelinedCommands:
    """``HotCommands`` on the pipelined connection (single Redis node)."""

    def __init__(self, client: RespClient) -> None:
        self._client = client

    async def get(self, key: str) -> bytes | None:
        reply = await self._client.execute("GET", key)
        assert reply is None or isinstance(reply, bytes)
        return reply

    async def run_script(self, script: LuaScript, keys: Sequence[str], args: Sequence[Arg]) -> Reply:
        return await self._client.run_script(script, keys, args)

    def zadd_soon(self, key: str, member: str, score: float) -> None:
        self._client.send("ZADD", key, score, member)

    def reset(self) -> None:
        self._client.reset()

    async def aclose(self) -> None:
        await self._client.aclose()


class RedisPyCommands:
    """``HotCommands`` on a ``redis-py`` client (Redis Cluster: slot routing, redirections)."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self._scripts: dict[str, Any] = {}
        self._background: set[asyncio.Task[None]] = set()

    async def get(self, key: str) -> bytes | None:
        value: bytes | None = await self._client.get(key)
        return value

    async def run_script(self, script: LuaScript, keys: Sequence[str], args: Sequence[Arg]) -> Reply:
        registered = self._scripts.get(script.sha)
        if registered is None:
            registered = self._scripts[script.sha] = self._client.register_script(script.source)
        reply: Reply = await registered(keys=list(keys), args=list(args))
        return reply

    def zadd_soon(self, key: str, member: str, score: float) -> None:
        async def write() -> None:
            with contextlib.suppress(redis_errors.RedisError, OSError, TimeoutError):
                await self._client.zadd(key, {member: score})

        task = asyncio.get_running_loop().create_task(write())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def reset(self) -> None:
        """``redis-py`` reconnects by itself; nothing to drop."""

    async def aclose(self) -> None:
        if self._background:
            await asyncio.gather(*self._background, return_exceptions=True)
