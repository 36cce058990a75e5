"""A pipelined RESP2 connection for the Redis store's hot-path commands.

Why not ``redis-py`` here: every ``redis-py`` command checks a connection out of a pool, writes,
then reads its reply through a stream reader, and returns the connection; under concurrency
each command holds its own socket and pays that machinery (~100 µs of client CPU per command
measured on the development machine). Here every caller of one store shares ONE connection: a
command is written at once, its future queued, and replies (which Redis sends in order) resolve
the queued futures in order as the bytes arrive. Many concurrent ``Evaluate`` calls thus cost
one socket and one read per batch of replies. The cold paths (listing, sweep, index) keep
``redis-py``; so does Redis Cluster, which needs slot routing (``commands.py``).

Contract: one ``RespClient`` per store, used on one event loop. ``execute`` sends a command and
awaits its reply; ``send`` sends one whose reply nobody waits for (its error is logged at debug
level). The first command after a failure (re)connects: TCP or a Unix socket, TLS with the
store's certificates (read at each connect), ``AUTH`` (user and password, or password only)
and ``SELECT`` from the URL.
Errors: a server error reply raises ``RespReplyError`` (``RespUnavailableError`` for the ones
meaning "try later": loading, read-only replica, busy script); a refused, reset or closed
connection raises ``ConnectionError`` in every waiting caller and the next command reconnects.
Time limits are the caller's (``RedisHealth`` bounds every store operation): a caller cancelled
by its timeout leaves its reply to be read and dropped, so the order of replies is kept.
``reset()`` drops the connection (the store's breaker calls it when Redis is marked down, so a
server that stopped answering does not keep a queue of dead requests).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import ssl
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from redis.asyncio.connection import parse_url

logger = logging.getLogger(__name__)

Arg = bytes | str | int | float
Reply = bytes | int | list[Any] | None

# Error replies whose first word means "Redis cannot serve this now, retry later".
_UNAVAILABLE_PREFIXES = frozenset({"LOADING", "READONLY", "BUSY", "MASTERDOWN", "TRYAGAIN", "CLUSTERDOWN"})


class RespReplyError(Exception):
    """Redis answered a command with an error reply (the message is Redis's own)."""


class RespUnavailableError(RespReplyError):
    """An error reply meaning Redis cannot serve now (loading, read-only, busy): retryable."""


class RespProtocolError(ConnectionError):
    """The bytes from the server are not RESP2: the connection is dropped."""


@dataclass(frozen=True, slots=True)
class LuaScript:
    """A Lua script and its SHA1, run with ``EVALSHA`` (``EVAL`` when Redis lost it)."""

    source: str
    sha: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sha", hashlib.sha1(self.source.encode()).hexdigest())


class IncompleteReplyError(Exception):
    """The buffer ends inside a reply: wait for more bytes."""


_INCOMPLETE = IncompleteReplyError()


def _reply_error(message: str) -> RespReplyError:
    if message.split(" ", 1)[0] in _UNAVAILABLE_PREFIXES:
        return RespUnavailableError(message)
    return RespReplyError(message)


def parse_reply(buf: bytes | bytearray, pos: int) -> tuple[Reply | RespReplyError, int]:
    """One RESP2 reply starting at ``pos``: (value, position after it). Error replies are
    returned as ``RespReplyError`` values (they may sit inside arrays). Raises ``IncompleteReplyError``
    when ``buf`` ends inside the reply, ``RespProtocolError`` on bytes that are not RESP2."""
    end = buf.find(b"\r\n", pos)
    if end < 0:
        raise _INCOMPLETE
    kind = buf[pos]
    after = end + 2
    try:
        if kind == 0x24:  # $ bulk string
            size = int(buf[pos + 1 : end])
            if size < 0:
                return None, after
            stop = after + size
            if len(buf) < stop + 2:
                raise _INCOMPLETE
            return bytes(buf[after:stop]), stop + 2
        if kind == 0x3A:  # : integer
            return int(buf[pos + 1 : end]), after
        if kind == 0x2A:  # * array
            count = int(buf[pos + 1 : end])
            if count < 0:
                return None, after
            items: list[Any] = []
            for _ in range(count):
                item, after = parse_reply(buf, after)
                items.append(item)
            return items, after
    except ValueError as exc:
        raise RespProtocolError(f"malformed RESP length: {bytes(buf[pos:end])!r}") from exc
    if kind == 0x2B:  # + simple string
        return bytes(buf[pos + 1 : end]), after
    if kind == 0x2D:  # - error
        return _reply_error(bytes(buf[pos + 1 : end]).decode("utf-8", "replace")), after
    raise RespProtocolError(f"unexpected RESP type byte {kind:#x}")


def encode_command(args: Sequence[Arg]) -> bytes:
    """A command as a RESP2 array of bulk strings."""
    parts = [b"*%d\r\n" % len(args)]
    for arg in args:
        if isinstance(arg, bytes):
            data = arg
        elif isinstance(arg, str):
            data = arg.encode()
        else:  # numbers: Redis parses their decimal text
            data = repr(arg).encode()
        parts += (b"$%d\r\n" % len(data), data, b"\r\n")
    return b"".join(parts)


class _RespProtocol(asyncio.Protocol):
    """One connection: writes commands, resolves the queued futures as replies arrive."""

    def __init__(self) -> None:
        self._transport: asyncio.Transport | None = None
        self._buffer = bytearray()
        self._pending: deque[asyncio.Future[Reply]] = deque()
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport

    def send(self, args: Sequence[Arg]) -> asyncio.Future[Reply]:
        if self.closed or self._transport is None:
            raise ConnectionError("the Redis connection is closed")
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._transport.write(encode_command(args))
        self._pending.append(future)
        return future

    def data_received(self, data: bytes) -> None:
        buf = self._buffer
        buf += data
        pos = 0
        try:
            while pos < len(buf):
                reply, pos_after = parse_reply(buf, pos)
                pos = pos_after
                if not self._pending:
                    raise RespProtocolError("a reply nobody asked for")
                future = self._pending.popleft()
                if future.done():  # its caller was cancelled (timeout): drop the reply
                    continue
                if isinstance(reply, RespReplyError):
                    future.set_exception(reply)
                else:
                    future.set_result(reply)
        except IncompleteReplyError:
            pass
        except RespProtocolError as exc:
            self.close(exc)
            return
        del buf[:pos]

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(
            ConnectionError(
                f"Redis closed the connection ({exc!r})" if exc else "Redis closed the connection"
            )
        )

    def close(self, exc: Exception) -> None:
        self._fail(exc)
        if self._transport is not None:
            self._transport.abort()  # pending writes are worthless: their callers have failed

    def _fail(self, exc: Exception) -> None:
        self.closed = True
        while self._pending:
            future = self._pending.popleft()
            if not future.done():
                future.set_exception(exc)


class RespClient:
    """Pipelined commands over one shared connection; see the module docstring."""

    def __init__(
        self, url: str, *, connect_timeout_s: float, ssl_context: Callable[[], ssl.SSLContext] | None
    ) -> None:
        settings = parse_url(url)  # the same URL rules as the redis-py client of the cold paths
        self._host: str = settings.get("host", "localhost")
        self._port: int = settings.get("port", 6379)
        self._path: str | None = settings.get("path")
        self._username: str | None = settings.get("username")
        self._password: str | None = settings.get("password")
        self._db: int = settings.get("db", 0)
        self._connect_timeout_s = connect_timeout_s
        self._ssl = ssl_context
        self._protocol: _RespProtocol | None = None
        self._connecting: asyncio.Task[_RespProtocol] | None = None

    async def execute(self, *args: Arg) -> Reply:
        """Send one command and await its reply; raises as the module docstring says."""
        protocol = self._protocol
        if protocol is None or protocol.closed:
            protocol = await self._connection()
        return await protocol.send(args)

    def send(self, *args: Arg) -> None:
        """Send a command whose reply nobody waits for, if connected (else it is skipped:
        only best-effort writes, such as the throttled index update, go this way)."""
        protocol = self._protocol
        if protocol is None or protocol.closed:
            return
        protocol.send(args).add_done_callback(_log_dropped)

    async def run_script(self, script: LuaScript, keys: Sequence[str], args: Sequence[Arg]) -> Reply:
        """``EVALSHA``, falling back to ``EVAL`` (which also caches it) after a Redis restart."""
        try:
            return await self.execute("EVALSHA", script.sha, len(keys), *keys, *args)
        except RespReplyError as exc:
            if not str(exc).startswith("NOSCRIPT"):
                raise
        return await self.execute("EVAL", script.source, len(keys), *keys, *args)

    def reset(self) -> None:
        """Drop the connection; the next command reconnects."""
        protocol, self._protocol = self._protocol, None
        if protocol is not None:
            protocol.close(ConnectionError("Redis connection reset after an outage"))

    async def aclose(self) -> None:
        connecting, self._connecting = self._connecting, None
        if connecting is not None:
            connecting.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await connecting
        self.reset()

    async def _connection(self) -> _RespProtocol:
        if self._connecting is None:
            task = asyncio.get_running_loop().create_task(self._connect())
            task.add_done_callback(self._connected)
            self._connecting = task
        # Shielded: a caller cancelled by its timeout must not cancel the others' connection.
        return await asyncio.shield(self._connecting)

    def _connected(self, task: asyncio.Task[_RespProtocol]) -> None:
        if self._connecting is task:
            self._connecting = None
        if not task.cancelled() and task.exception() is None:
            self._protocol = task.result()

    async def _connect(self) -> _RespProtocol:
        loop = asyncio.get_running_loop()
        async with asyncio.timeout(self._connect_timeout_s):
            if self._path is not None:
                _, protocol = await loop.create_unix_connection(_RespProtocol, self._path)
            else:
                context = self._ssl() if self._ssl is not None else None
                _, protocol = await loop.create_connection(_RespProtocol, self._host, self._port, ssl=context)
            try:
                handshake = []
                if self._password is not None:
                    credentials = [self._username] if self._username else []
                    handshake.append(protocol.send(["AUTH", *credentials, self._password]))
                if self._db:
                    handshake.append(protocol.send(["SELECT", self._db]))
                for reply in handshake:
                    await reply
            except BaseException as exc:
                protocol.close(exc if isinstance(exc, Exception) else ConnectionError("connect cancelled"))
                raise
        return protocol


def _log_dropped(future: asyncio.Future[Reply]) -> None:
    if not future.cancelled() and future.exception() is not None:
        logger.debug("best-effort Redis write failed: %r", future.exception())
