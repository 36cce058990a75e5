"""The Redis store's hot-path client: the hand-written pipelined RESP2 client against redis-py.

``store/redis/resp.py`` exists because redis-py cost ~100 µs of client CPU per command. This
measures whether that still holds with redis-py's ``hiredis`` parser, in one run against one
``redis-server`` on a free loopback port. The workload is the store's update pattern on a single
node (``RedisSessionStore.update`` through ``HotCommands``): ``GET`` the record, run the
check-and-set script (``EVALSHA``, the real ``CAS`` script, a 4 KB record written back) and note
the trace in the index (``ZADD``, not awaited), by ``AGENTS`` concurrent traces (each keeps one
update in flight, as the pipeline does) and by one trace alone. Clients:

- ``resp.py``: the store's ``PipelinedCommands`` (every caller on one connection, replies
  matched in order);
- redis-py asyncio (the store is async), through the store's own ``RedisPyCommands`` (the Redis
  Cluster path): with its connection pool (a connection per command in flight), and with one
  shared connection (``single_connection_client``: commands take turns), each with the hiredis
  parser and with the pure-Python one;
- redis-py asyncio and sync with hiredis, explicit pipelines: each round of the ``AGENTS``
  traces' ``GET`` s sent as one pipeline, then their scripts as another; the best redis-py can
  do on one connection, since the store's callers arrive one by one and would need an
  automatic batcher (``resp.py``'s job) to be pipelined that way.

Client CPU per command is this process's CPU time (``time.process_time``: the event loop, the
client, the parser) over the commands sent; redis-server runs in its own process. Rounds are
interleaved and repeated; the table keeps each client's best round.

Run: ``python -m bench redis_client``. Needs ``redis-server`` on PATH and ``hiredis``
(``requirements-dev.txt``).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import redis
import redis.asyncio
from redis._parsers import _AsyncHiredisParser, _AsyncRESP2Parser, _HiredisParser

from bench.redis_server import redis_server
from loopwatch_collector.store.redis.commands import HotCommands, PipelinedCommands, RedisPyCommands
from loopwatch_collector.store.redis.resp import LuaScript, RespClient
from loopwatch_collector.store.redis.scripts import CAS, TOKEN_CHARS

AGENTS = 48  # concurrent traces, as in bench_redis's throughput runs
UPDATES = 60  # per trace and round with AGENTS traces: ~2,900 updates of three commands each
SOLO_UPDATES = 600  # for the one trace alone
ROUNDS = 3
RECORD_BYTES = 4096  # a mid-run session record (bench_redis: mean encoded state ~3-5 KB)
COMMANDS_PER_UPDATE = 3  # GET, EVALSHA, ZADD
RECORD_TTL_MS = 3_600_000
INDEX_KEY = "bench:sessions"
_CAS = LuaScript(CAS)


@dataclass(slots=True)
class Measured:
    commands: int
    seconds: float
    cpu_s: float

    @property
    def cpu_us_per_command(self) -> float:
        return self.cpu_s / self.commands * 1e6

    @property
    def per_second(self) -> float:
        return self.commands / self.seconds


def _record(token: str) -> bytes:
    return (
        token.encode() + secrets.token_bytes(RECORD_BYTES // 2).hex().encode()[: RECORD_BYTES - TOKEN_CHARS]
    )


async def _updates(commands: HotCommands, keys: list[str], tokens: dict[str, str]) -> None:
    """``_rounds(keys)`` store updates per key, the keys concurrently; the token kept, so every
    CAS writes."""

    async def trace(key: str) -> None:
        token = tokens[key]
        value = _record(token)
        for _ in range(_rounds(keys)):
            stored = await commands.get(key)
            assert stored is not None
            assert stored[:TOKEN_CHARS] == token.encode()
            reply = await commands.run_script(_CAS, [key], [token, value, RECORD_TTL_MS])
            assert reply == 1, reply
            commands.zadd_soon(INDEX_KEY, key, time.time())

    await asyncio.gather(*(trace(key) for key in keys))


async def _pipelined_rounds(client: Any, keys: list[str], tokens: dict[str, str]) -> None:
    """The same updates, each round of all keys as two explicit pipelines (GETs; scripts and ZADDs)."""
    values = {key: _record(tokens[key]) for key in keys}
    for _ in range(_rounds(keys)):
        pipe = client.pipeline(transaction=False)
        for key in keys:
            pipe.get(key)
        await _maybe(pipe.execute())
        pipe = client.pipeline(transaction=False)
        for key in keys:
            pipe.evalsha(_CAS.sha, 1, key, tokens[key], values[key], RECORD_TTL_MS)  # loaded in _measure
            pipe.zadd(INDEX_KEY, {key: time.time()})
        replies = await _maybe(pipe.execute())
        assert all(r == 1 for r in replies[::2]), replies[:4]


def _rounds(keys: list[str]) -> int:
    return UPDATES if len(keys) > 1 else SOLO_UPDATES


async def _maybe(value: Any) -> Any:
    return await value if isinstance(value, Awaitable) else value


Run = Callable[[list[str], dict[str, str]], Awaitable[None]]
#: Builds a client for a URL: the run of updates on it, and how to close it.
Client = Callable[[str], tuple[Run, Callable[[], Awaitable[None]]]]


def _hot(make: Callable[[str], HotCommands]) -> Client:
    def build(url: str) -> tuple[Run, Callable[[], Awaitable[None]]]:
        commands = make(url)

        async def run(keys: list[str], tokens: dict[str, str]) -> None:
            await _updates(commands, keys, tokens)

        return run, commands.aclose

    return build


def _redis_py(**kwargs: Any) -> Client:
    def build(url: str) -> tuple[Run, Callable[[], Awaitable[None]]]:
        client = redis.asyncio.Redis.from_url(url, **kwargs)
        run, close_commands = _hot(lambda _: RedisPyCommands(client))(url)

        async def close() -> None:
            await close_commands()
            await client.aclose()

        return run, close

    return build


def _explicit_pipeline(make: Callable[[str], Any]) -> Client:
    def build(url: str) -> tuple[Run, Callable[[], Awaitable[None]]]:
        client = make(url)

        async def run(keys: list[str], tokens: dict[str, str]) -> None:
            await _pipelined_rounds(client, keys, tokens)

        async def close() -> None:
            await _maybe(client.aclose() if hasattr(client, "aclose") else client.close())

        return run, close

    return build


CLIENTS: dict[str, Client] = {
    "resp.py (the store's)": _hot(
        lambda url: PipelinedCommands(RespClient(url, connect_timeout_s=5.0, ssl_context=None))
    ),
    "redis-py asyncio + hiredis, pool": _redis_py(parser_class=_AsyncHiredisParser),
    "redis-py asyncio + hiredis, one connection": _redis_py(
        parser_class=_AsyncHiredisParser, single_connection_client=True
    ),
    "redis-py asyncio, Python parser, pool": _redis_py(parser_class=_AsyncRESP2Parser),
    "redis-py asyncio + hiredis, explicit pipelines": _explicit_pipeline(
        lambda url: redis.asyncio.Redis.from_url(
            url, parser_class=_AsyncHiredisParser, single_connection_client=True
        )
    ),
    "redis-py sync + hiredis, explicit pipelines": _explicit_pipeline(
        lambda url: redis.Redis.from_url(url, parser_class=_HiredisParser, single_connection_client=True)
    ),
}


async def _measure(url: str, client: Client, agents: int, prefix: str) -> Measured:
    keys = [f"{prefix}:{i}" for i in range(agents)]
    tokens = {key: secrets.token_hex(TOKEN_CHARS // 2) for key in keys}
    setup = redis.Redis.from_url(url)
    setup.script_load(_CAS.source)
    for key in keys:
        setup.set(key, _record(tokens[key]))
    run, close = client(url)
    await run(keys[:2], tokens)  # connect, warm up
    started, cpu = time.perf_counter(), time.process_time()
    await run(keys, tokens)
    measured = Measured(
        commands=agents * _rounds(keys) * COMMANDS_PER_UPDATE,
        seconds=time.perf_counter() - started,
        cpu_s=time.process_time() - cpu,
    )
    await close()
    setup.close()
    return measured


def main() -> None:
    best: dict[tuple[str, int], Measured] = {}
    with redis_server() as (url, _pid):
        for round_ in range(ROUNDS):
            for name, client in CLIENTS.items():
                for agents in (AGENTS, 1):
                    m = asyncio.run(_measure(url, client, agents, f"bench:{round_}:{agents}"))
                    key = (name, agents)
                    if key not in best or m.cpu_us_per_command < best[key].cpu_us_per_command:
                        best[key] = m
    print(
        f"The store's update (GET, CAS script with a {RECORD_BYTES} B record, ZADD) by {AGENTS} "
        f"concurrent traces and by one; best of {ROUNDS} interleaved rounds\n"
    )
    print(
        f"| client | CPU µs/command, {AGENTS} traces | vs resp.py | commands/s | vs resp.py "
        "| CPU µs/command, 1 trace | vs resp.py |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    base = {agents: best[(next(iter(CLIENTS)), agents)] for agents in (AGENTS, 1)}
    for name in CLIENTS:
        many, one = best[(name, AGENTS)], best[(name, 1)]
        many_cpu, one_cpu = many.cpu_us_per_command, one.cpu_us_per_command
        print(
            f"| {name} | {many_cpu:.1f} | {many_cpu / base[AGENTS].cpu_us_per_command:.2f}x "
            f"| {many.per_second:,.0f} | {many.per_second / base[AGENTS].per_second:.2f}x "
            f"| {one_cpu:.1f} | {one_cpu / base[1].cpu_us_per_command:.2f}x |"
        )


if __name__ == "__main__":
    main()
