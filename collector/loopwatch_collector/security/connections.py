"""Connection limits and timeouts on every listener (the ``limits:`` configuration section).

Found in the field: 21 000 idle sockets exhausted the process's file descriptors, after which
no client could connect and the logs grew by 129 MB of tracebacks in 20 s. So:

- HTTP (uvicorn): at most ``max_connections`` open connections per listener (more are closed
  at once), ``max_concurrency`` requests in progress (more get 503), request headers must
  arrive within ``header_timeout_s`` of the connection or of the previous response, a body may
  pause at most ``body_timeout_s`` between chunks, idle keep-alive connections close after
  ``keep_alive_s``, and headers are bounded (``max_header_bytes``). Uvicorn itself has no
  header or body timeout and counts no connection that has not sent a request, hence
  ``GuardedH11Protocol``.
- gRPC: ``grpc_options`` bounds connection age and idleness, the handshake time, concurrent
  streams per connection and concurrent RPCs, and enforces keepalive pings (a client pinging
  more often than ``grpc_min_ping_interval_s`` is disconnected).
- Logs: ``quiet_noisy_loggers`` rate-limits the loggers an attack makes speak (asyncio's
  accept errors, uvicorn's warnings, gRPC's core).

Event-loop only.
"""

from __future__ import annotations

import asyncio
import logging
import resource
from typing import Any, ClassVar

import h11
from pydantic import BaseModel, ConfigDict, Field
from uvicorn.protocols.http.h11_impl import H11Protocol

from loopwatch_collector.security.audit import RateLimitFilter

logger = logging.getLogger(__name__)

# Loggers that a flood of bad connections makes write one record per connection.
NOISY_LOGGERS = ("asyncio", "uvicorn.error", "grpc._cython.cygrpc", "grpc._server", "grpc.aio._server")
_MS = 1000
_IMMEDIATE_S = 0.001


class LimitsConfig(BaseModel):
    """Per-listener connection limits and timeouts; see the module docstring."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    #: Open HTTP connections per listener; more are closed at once.
    max_connections: int = Field(default=4096, ge=1)
    #: HTTP requests in progress per listener; more get 503.
    max_concurrency: int = Field(default=1024, ge=1)
    #: Seconds for request headers to arrive (from the connection or the previous response).
    header_timeout_s: float = Field(default=10.0, gt=0)
    #: Seconds a request body may pause between chunks.
    body_timeout_s: float = Field(default=30.0, gt=0)
    #: Seconds an idle keep-alive HTTP connection stays open.
    keep_alive_s: float = Field(default=5.0, gt=0)
    #: Bytes of HTTP request headers accepted.
    max_header_bytes: int = Field(default=64 * 1024, ge=1024)
    #: Seconds after which an idle gRPC connection is closed.
    grpc_max_connection_idle_s: float = Field(default=300.0, gt=0)
    #: Seconds after which a gRPC connection is closed (clients reconnect, spreading load).
    grpc_max_connection_age_s: float = Field(default=1800.0, gt=0)
    #: Seconds for a gRPC connection's handshake.
    grpc_handshake_timeout_s: float = Field(default=10.0, gt=0)
    #: Concurrent streams per gRPC connection.
    grpc_max_concurrent_streams: int = Field(default=256, ge=1)
    #: Concurrent gRPC calls per server.
    grpc_max_concurrent_rpcs: int = Field(default=4096, ge=1)
    #: Clients pinging more often than this without data are disconnected.
    grpc_min_ping_interval_s: float = Field(default=10.0, gt=0)


def grpc_options(limits: LimitsConfig, *, grace_s: float) -> tuple[tuple[str, Any], ...]:
    """gRPC server channel arguments for ``limits``; ``grace_s`` lets in-flight RPCs of a
    connection past its maximum age finish (the shutdown grace)."""
    return (
        ("grpc.max_connection_idle_ms", int(limits.grpc_max_connection_idle_s * _MS)),
        ("grpc.max_connection_age_ms", int(limits.grpc_max_connection_age_s * _MS)),
        ("grpc.max_connection_age_grace_ms", int(grace_s * _MS)),
        ("grpc.server_handshake_timeout_ms", int(limits.grpc_handshake_timeout_s * _MS)),
        ("grpc.max_concurrent_streams", limits.grpc_max_concurrent_streams),
        ("grpc.max_allowed_incoming_connections", limits.max_connections),
        # Keepalive enforcement: pings closer than this without data count as strikes; two
        # strikes and the connection is closed (GOAWAY ENHANCE_YOUR_CALM).
        ("grpc.http2.min_ping_interval_without_data_ms", int(limits.grpc_min_ping_interval_s * _MS)),
        ("grpc.http2.max_ping_strikes", 2),
    )


def uvicorn_options(limits: LimitsConfig, *, grace_s: float) -> dict[str, Any]:
    """``uvicorn.Config`` keyword arguments for ``limits``."""
    return {
        "http": guarded_protocol(limits),
        "limit_concurrency": limits.max_concurrency,
        "timeout_keep_alive": limits.keep_alive_s,
        # uvicorn reads 0 as "no timeout"; a grace of 0 means closing at once.
        "timeout_graceful_shutdown": grace_s or _IMMEDIATE_S,
        "h11_max_incomplete_event_size": limits.max_header_bytes,
    }


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a connection cap and header / body read timeouts."""

    max_connections: ClassVar[int] = 4096
    header_timeout_s: ClassVar[float] = 10.0
    body_timeout_s: ClassVar[float] = 30.0
    # Process-wide counts, across listeners (diagnostics and tests).
    refused: ClassVar[int] = 0  # connections closed at once for being over the cap
    timed_out: ClassVar[int] = 0  # connections closed for a read timeout

    _read_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.max_connections:
            GuardedH11Protocol.refused += 1
            transport.abort()
            return
        self._arm(self.header_timeout_s)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        state = self.conn.their_state
        if state is h11.SEND_BODY:
            self._arm(self.body_timeout_s)  # re-armed by every chunk: an idle timeout
        elif state is h11.IDLE:
            if self._read_timer is None:  # one deadline for the headers, not re-armed
                self._arm(self.header_timeout_s)
        else:
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self, timeout_s: float) -> None:
        self._disarm()
        self._read_timer = self.loop.call_later(timeout_s, self._read_timeout)

    def _disarm(self) -> None:
        if self._read_timer is not None:
            self._read_timer.cancel()
            self._read_timer = None

    def _read_timeout(self) -> None:
        self._read_timer = None
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
            GuardedH11Protocol.timed_out += 1
            self.transport.abort()


def guarded_protocol(limits: LimitsConfig) -> type[GuardedH11Protocol]:
    """A ``GuardedH11Protocol`` subclass carrying ``limits`` (uvicorn takes a class)."""
    return type(
        "ListenerH11Protocol",
        (GuardedH11Protocol,),
        {
            "max_connections": limits.max_connections,
            "header_timeout_s": limits.header_timeout_s,
            "body_timeout_s": limits.body_timeout_s,
        },
    )


def quiet_noisy_loggers() -> None:
    """Rate-limit the loggers a flood of connections makes noisy (idempotent)."""
    for name in NOISY_LOGGERS:
        noisy = logging.getLogger(name)
        if not any(isinstance(f, RateLimitFilter) for f in noisy.filters):
            noisy.addFilter(RateLimitFilter())


def raise_file_limit() -> int:
    """Raise the soft limit of open files to the hard limit; returns the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError) as exc:  # containers may forbid it: keep the soft limit
            logger.warning("cannot raise the open-file limit: %s", exc)
            return soft
        return hard
    return soft
