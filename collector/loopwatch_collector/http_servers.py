"""The collector's HTTP listeners: uvicorn servers on sockets bound up front, stopped together.

``serve`` binds the port (port 0 picks a free one), starts a uvicorn server on it with the
connection limits and TLS of the configuration, and returns once it serves; ``stop`` drains
them all within the shutdown grace. Signal handling is the collector's, never uvicorn's.
Event-loop only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator

import uvicorn
from fastapi import FastAPI

from loopwatch_collector.listeners import Listener, bind_tcp
from loopwatch_collector.security.connections import LimitsConfig, uvicorn_options
from loopwatch_collector.security.tls import TlsReloader

logger = logging.getLogger(__name__)

# Beyond the shutdown grace, how long an HTTP server gets to finish closing its connections.
_HTTP_STOP_MARGIN_S = 1.0
# How often start-up checks whether a server serves yet.
_START_POLL_S = 0.005


class _QuietServer(uvicorn.Server):
    """A uvicorn server that leaves signal handling to the collector."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class HttpServers:
    """The HTTP servers of one collector; ``tls`` (when set) serves them all over TLS and
    reloads their certificates."""

    def __init__(self, limits: LimitsConfig, *, grace_s: float, tls: TlsReloader | None) -> None:
        self._limits = limits
        self._grace_s = grace_s
        self._tls = tls
        self._http: list[tuple[_QuietServer, asyncio.Task[None]]] = []

    async def serve(self, app: FastAPI, host: str, port: int, listener: Listener) -> int:
        """Serve ``app`` on ``host:port``; returns the bound port. Raises ``ListenError`` when
        the port is taken, or the server's own start-up error."""
        sock = bind_tcp(host, port, listener)
        bound = int(sock.getsockname()[1])
        options = uvicorn_options(self._limits, grace_s=self._grace_s)
        if self._tls is not None:
            options.update(self._tls.uvicorn_options())
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", **options)
        server = _QuietServer(config)
        task = asyncio.get_running_loop().create_task(server.serve(sockets=[sock]))
        self._http.append((server, task))
        while not server.started:
            if task.done():
                task.result()  # raises the start-up error
                raise OSError(f"HTTP server on {host}:{port} stopped during start-up")
            await asyncio.sleep(_START_POLL_S)
        if self._tls is not None and server.config.ssl is not None:
            self._tls.follow(server.config.ssl)
        return bound

    async def stop(self, grace: float) -> None:
        """Ask every server to exit and wait for each, at most ``grace`` plus a margin."""
        for server, _ in self._http:
            server.should_exit = True
        for _, task in self._http:
            # uvicorn closes what is still open after the grace (timeout_graceful_shutdown);
            # a server that still has not stopped is cancelled, never an error exit.
            try:
                await asyncio.wait_for(task, timeout=grace + _HTTP_STOP_MARGIN_S)
            except TimeoutError:
                logger.warning("HTTP server did not stop within the grace period; cancelled")
            except asyncio.CancelledError:
                pass
