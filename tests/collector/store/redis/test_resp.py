"""The pipelined RESP2 client (``store/redis/resp.py``) against a real ``redis-server``."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis

from loopwatch_collector.exceptions import StoreUnavailableError
from loopwatch_collector.store.redis import RedisSessionStore
from loopwatch_collector.store.redis.options import RedisStoreOptions, TlsOptions, ssl_context
from loopwatch_collector.store.redis.resp import (
    IncompleteReplyError,
    LuaScript,
    RespClient,
    RespProtocolError,
    RespReplyError,
    RespUnavailableError,
    encode_command,
    parse_reply,
)
from tests.collector.security.security_helpers import make_pki
from tests.collector.store.redis_server import RedisServer, free_port, running_redis
from tests.collector.store.store_builders import bump, record_of, run


@pytest.fixture
def start_redis(tmp_path: Path) -> Iterator[Callable[..., RedisServer]]:
    """Start a redis-server with extra arguments (TLS, sockets, limits); all stopped at the end."""
    numbers = itertools.count()
    with contextlib.ExitStack() as servers:

        def start(*extra_args: str) -> RedisServer:
            directory = tmp_path / f"redis-{next(numbers)}"
            directory.mkdir()
            return servers.enter_context(running_redis(directory, extra_args=extra_args))

        yield start


def client_on(url: str) -> RespClient:
    return RespClient(url, connect_timeout_s=1.0, ssl_context=None)


def connected_clients(server: RedisServer) -> int:
    with redis.Redis.from_url(server.url) as admin:
        return int(admin.info("clients")["connected_clients"]) - 1  # minus this one


# --- the wire format --------------------------------------------------------------------------


def test_replies_parse_nested_with_errors_as_values() -> None:
    data = b"*4\r\n:1\r\n$3\r\nabc\r\n*2\r\n$-1\r\n+OK\r\n-LOADING not yet\r\n"
    reply, end = parse_reply(data, 0)
    assert end == len(data)
    assert isinstance(reply, list)
    assert reply[:3] == [1, b"abc", [None, b"OK"]]
    assert isinstance(reply[3], RespUnavailableError)
    error, _ = parse_reply(b"-ERR wrong\r\n", 0)
    assert type(error) is RespReplyError


def test_a_reply_cut_anywhere_waits_for_more_bytes() -> None:
    data = b"*2\r\n$5\r\nhello\r\n:42\r\n"
    for cut in range(1, len(data)):
        with pytest.raises(IncompleteReplyError):
            parse_reply(data[:cut], 0)


def test_bytes_that_are_not_resp_are_a_protocol_error() -> None:
    with pytest.raises(RespProtocolError):
        parse_reply(b"?what\r\n", 0)
    with pytest.raises(RespProtocolError):
        parse_reply(b"$x\r\n", 0)


def test_commands_are_arrays_of_bulk_strings() -> None:
    assert (
        encode_command(["SET", b"k\r\n", 7, 0.5])
        == b"*4\r\n$3\r\nSET\r\n$3\r\nk\r\n\r\n$1\r\n7\r\n$3\r\n0.5\r\n"
    )


# --- one server -------------------------------------------------------------------------------


def test_concurrent_commands_share_one_connection_and_get_their_own_replies(server: RedisServer) -> None:
    async def scenario() -> None:
        client = client_on(server.url)
        replies = await asyncio.gather(*(client.execute("INCRBY", f"pipe:{i % 7}", i) for i in range(700)))
        assert connected_clients(server) == 1
        totals: dict[int, int] = {}
        for i, reply in enumerate(replies):  # each reply is the running total of its own key
            totals[i % 7] = totals.get(i % 7, 0) + i
            assert reply == totals[i % 7]
        big = b"x" * 1_000_000  # many reads for one reply
        await client.execute("SET", "pipe:big", big)
        assert await client.execute("GET", "pipe:big") == big
        await client.aclose()

    run(scenario)


def test_scripts_reload_after_the_server_forgot_them(server: RedisServer) -> None:
    script = LuaScript("return {KEYS[1], ARGV[1]}")

    async def scenario() -> None:
        client = client_on(server.url)
        assert await client.run_script(script, ["k"], [1]) == [b"k", b"1"]
        await client.execute("SCRIPT", "FLUSH")
        assert await client.run_script(script, ["k"], [2]) == [b"k", b"2"]
        with pytest.raises(RespReplyError, match="ERR"):
            await client.run_script(LuaScript("return redis.call('NOPE')"), [], [])
        await client.aclose()

    run(scenario)


def test_a_timed_out_caller_leaves_the_order_of_replies_intact(server: RedisServer) -> None:
    async def scenario() -> None:
        client = client_on(server.url)
        await client.execute("SET", "order:k", "before")
        with redis.Redis.from_url(server.url) as admin:
            admin.execute_command("CLIENT", "PAUSE", 300, "WRITE")
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.05):
                await client.execute("SET", "order:k", "paused")
        # The paused write's reply arrives first and is dropped; these get their own.
        assert await client.execute("GET", "order:k") == b"paused"
        assert await client.execute("ECHO", "mine") == b"mine"
        await client.aclose()

    run(scenario)


def test_a_server_restart_fails_the_waiting_calls_and_the_next_call_reconnects(
    start_redis: Callable[..., RedisServer],
) -> None:
    srv = start_redis()

    async def scenario() -> None:
        client = client_on(srv.url)
        await client.execute("SET", "r", "1")
        srv.stop()
        with pytest.raises(ConnectionError):
            await client.execute("GET", "r")
        with pytest.raises(ConnectionError):  # refused while down
            await client.execute("GET", "r")
        srv.start()  # same port, same append-only file
        assert await client.execute("GET", "r") == b"1"
        await client.aclose()

    run(scenario)


def test_reset_drops_the_connection_and_the_next_call_makes_a_new_one(server: RedisServer) -> None:
    async def scenario() -> None:
        client = client_on(server.url)
        first = await client.execute("CLIENT", "ID")
        client.reset()
        assert await client.execute("CLIENT", "ID") != first
        client.send("SET", "sent", "1")  # fire and forget, on the same connection
        assert await client.execute("GET", "sent") == b"1"
        await client.aclose()

    run(scenario)


def test_the_database_number_in_the_url_is_selected(server: RedisServer) -> None:
    async def scenario() -> None:
        client = client_on(server.url.rsplit("/", 1)[0] + "/3")
        await client.execute("SET", "db3", "here")
        await client.aclose()

    run(scenario)
    with redis.Redis.from_url(server.url.rsplit("/", 1)[0] + "/3") as admin:
        assert admin.get("db3") == b"here"


def test_a_unix_socket_url(tmp_path: Path, start_redis: Callable[..., RedisServer]) -> None:
    socket_path = tmp_path / "redis.sock"
    srv = start_redis("--unixsocket", str(socket_path), "--unixsocketperm", "700")

    async def scenario() -> None:
        client = client_on(f"unix://{socket_path}?db=2")
        await client.execute("SET", "over", "unix")
        assert await client.execute("GET", "over") == b"unix"
        await client.aclose()

    run(scenario)
    with redis.Redis.from_url(srv.url.rsplit("/", 1)[0] + "/2") as admin:
        assert admin.get("over") == b"unix"


# --- AUTH and TLS -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def acl_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    acl = ("--requirepass", "admin-pw", "--user", "alice", "on", ">alice-pw", "~*", "&*", "+@all")
    with running_redis(tmp_path_factory.mktemp("redis-acl"), extra_args=acl) as srv:
        yield srv


@pytest.mark.parametrize("credentials", ["alice:alice-pw", ":admin-pw"])
def test_auth_with_user_and_password_or_password_only(acl_server: RedisServer, credentials: str) -> None:
    async def scenario() -> None:
        client = client_on(f"redis://{credentials}@127.0.0.1:{acl_server.port}/0")
        assert await client.execute("PING") == b"PONG"
        await client.aclose()

    run(scenario)


def test_the_store_authenticates_its_hot_and_cold_paths(acl_server: RedisServer) -> None:
    async def scenario() -> None:
        store = RedisSessionStore(
            url=f"redis://alice:alice-pw@127.0.0.1:{acl_server.port}/0", key_prefix="acl:"
        )
        assert await store.update("t", bump, create=lambda: record_of("t")) == 1  # pipelined
        assert [r.trace_id for r in await store.list_sessions()] == ["t"]  # redis-py
        await store.shutdown()

    run(scenario)


def test_wrong_credentials_or_none_are_refused(acl_server: RedisServer) -> None:
    async def scenario() -> None:
        client = client_on(f"redis://alice:wrong@127.0.0.1:{acl_server.port}/0")
        with pytest.raises(RespReplyError, match="WRONGPASS"):
            await client.execute("PING")
        anonymous = client_on(f"redis://127.0.0.1:{acl_server.port}/0")
        with pytest.raises(RespReplyError, match="NOAUTH"):
            await anonymous.execute("PING")
        await client.aclose()
        await anonymous.aclose()

    run(scenario)


def test_mutual_tls_with_the_store_certificates(
    tmp_path: Path, start_redis: Callable[..., RedisServer]
) -> None:
    pki = make_pki(tmp_path / "pki", "redis")
    tls_port = free_port()
    start_redis(
        "--tls-port", str(tls_port),
        "--tls-cert-file", str(pki.server_cert),
        "--tls-key-file", str(pki.server_key),
        "--tls-ca-cert-file", str(pki.ca),
        "--tls-auth-clients", "yes",
    )  # fmt: skip
    url = f"rediss://127.0.0.1:{tls_port}/0"
    with_cert = TlsOptions(ca_file=str(pki.ca), cert_file=str(pki.client_cert), key_file=str(pki.client_key))

    async def scenario() -> None:
        client = RespClient(url, connect_timeout_s=2.0, ssl_context=functools.partial(ssl_context, with_cert))
        assert await client.execute("ECHO", "over tls") == b"over tls"
        await client.aclose()
        no_cert = RespClient(
            url,
            connect_timeout_s=2.0,
            ssl_context=functools.partial(ssl_context, TlsOptions(ca_file=str(pki.ca))),
        )
        # TLS 1.3 refuses a missing client certificate after the client's handshake is done:
        # the client reads the server's alert, or a reset when its PING crossed the alert.
        with pytest.raises(ConnectionError, match=r"CERTIFICATE_REQUIRED|Connection reset"):
            await no_cert.execute("PING")
        await no_cert.aclose()
        store = RedisSessionStore(url=url, key_prefix="tls:", options=RedisStoreOptions(tls=with_cert))
        assert await store.update("t", bump, create=lambda: record_of("t")) == 1
        assert await store.update("t", bump, create=lambda: record_of("t")) == 2
        await store.shutdown()

    run(scenario)


def test_a_busy_redis_is_unavailable_to_the_store_and_serves_again_after(
    start_redis: Callable[..., RedisServer],
) -> None:
    srv = start_redis("--busy-reply-threshold", "20")
    blocker = redis.Redis.from_url(srv.url)

    def busy_script() -> None:  # a script that never yields: Redis answers -BUSY to the others
        with contextlib.suppress(redis.ResponseError):  # ended by SCRIPT KILL
            blocker.eval("while true do end", 0)

    async def scenario() -> None:
        store = RedisSessionStore(url=srv.url, options=RedisStoreOptions(retry_interval_s=0.05))
        assert await store.update("t", bump, create=lambda: record_of("t")) == 1
        thread = threading.Thread(target=busy_script)
        thread.start()
        await asyncio.sleep(0.1)
        with pytest.raises(StoreUnavailableError, match="BUSY"):
            await store.update("t", bump, create=lambda: record_of("t"))
        with redis.Redis.from_url(srv.url) as admin:
            admin.script_kill()
        await asyncio.to_thread(thread.join)
        await asyncio.sleep(0.1)  # past the breaker's retry interval
        assert await store.update("t", bump, create=lambda: record_of("t")) == 2
        await store.shutdown()

    try:
        run(scenario)
    finally:
        blocker.close()
