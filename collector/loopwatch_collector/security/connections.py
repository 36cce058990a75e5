"""Connection limits and timeouts on every listener (the ``limits:`` configuration section).

Found in the field: 21 000 idle sockets exhausted the process's file descriptors, after which
no client could connect and the logs grew by 129 MB of tracebacks in 20 s. So:

- HTTP (uvicorn): at most ``max_connections`` open connections per listener (more are closed
  at once), ``max_concurrency`` authenticated requests in progress, request headers must
  arrive within ``header_timeout_s`` of the connection or of the previous response, a body may
  pause at most ``body_timeout_s`` between chunks, idle keep-alive connections close after
  ``keep_alive_s``, and headers are bounded (``max_header_bytes``). Uvicorn itself has no
  header or body timeout and counts no connection that has not sent a request, hence
  ``GuardedH11Protocol``.
  Connections that have not yet sent a complete request head are also bounded per peer
  address (``header_phase_per_peer``) and per listener (``header_phase_connections``), so
  half-sent requests from one address cannot fill the listener. Requests in progress are
  counted by ``admission.py`` (per peer for open paths, per tenant otherwise), never by
  connection: uvicorn's own ``limit_concurrency`` counts open connections and is off.
- gRPC: ``grpc_options`` bounds connection age and idleness (a connection without an RPC in
  progress, a preface-only one included, is closed after ``grpc_max_connection_idle_s``), the
  handshake time (the client's HTTP/2 settings included), concurrent streams per connection and
  concurrent RPCs, and enforces keepalive pings (a client pinging more often than
  ``grpc_min_ping_interval_s`` is disconnected). Who may hold RPCs is ``admission.py``'s.
- ``Evaluate`` calls are bounded in events and bytes (``evaluate_max_events``,
  ``evaluate_max_bytes``; ``receivers/evaluate_limits.py``), and big ones paced to
  ``evaluate_bulk_share`` of the event loop (``receivers/pacing.py``).
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

from loopwatch_collector.security.admission import Budget, ListenerBudgets
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
    #: Idle (no RPC in progress) gRPC connections close after this; clients reconnect on their
    #: next call. Short, because a preface-only connection is idle from its first byte.
    grpc_max_connection_idle_s: float = Field(default=30.0, gt=0)
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
    #: HTTP connections still sending their first request head, per peer address and in all.
    header_phase_per_peer: int = Field(default=32, ge=1)
    header_phase_connections: int = Field(default=256, ge=1)
    #: Requests on open (keyless) paths and RPCs of open services in progress, per peer and in all.
    open_requests_per_peer: int = Field(default=16, ge=1)
    open_requests: int = Field(default=128, ge=1)
    #: Open server streams (gRPC health ``Watch``) per peer and in all.
    open_streams_per_peer: int = Field(default=4, ge=1)
    open_streams: int = Field(default=64, ge=1)
    #: Authenticated requests / RPCs in progress per tenant (the total is ``max_concurrency`` for
    #: HTTP, ``grpc_max_concurrent_rpcs`` for gRPC), and server streams (``WatchVerdicts``).
    tenant_max_requests: int = Field(default=256, ge=1)
    tenant_max_streams: int = Field(default=64, ge=1)
    #: One ``Evaluate`` call: events and request bytes (the SDK sends at most 256 events, < 4 MiB).
    evaluate_max_events: int = Field(default=4096, ge=1)
    evaluate_max_bytes: int = Field(default=16 * 1024 * 1024, ge=1024)
    #: Share of the event loop's time that big ``Evaluate`` calls (over 64 events or 64 KiB) get,
    #: all tenants together, past a 50 ms burst: their slices are paced so that the loop stays
    #: idle the rest of the time and step-sized calls are served at once; 1 turns pacing off.
    evaluate_bulk_share: float = Field(default=0.25, gt=0, le=1)


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


def listener_budgets(limits: LimitsConfig, *, total_requests: int, authenticated: bool) -> ListenerBudgets:
    """Fresh ``admission`` budgets for one listener whose authenticated requests in progress are
    bounded by ``total_requests``. Without authentication every caller is the one anonymous
    tenant, so per-tenant bounds would bound everyone together: only the total applies then."""
    per_tenant_requests = limits.tenant_max_requests if authenticated else total_requests
    per_tenant_streams = limits.tenant_max_streams if authenticated else total_requests
    return ListenerBudgets(
        open_requests=Budget("unauthenticated requests", limits.open_requests_per_peer, limits.open_requests),
        open_streams=Budget("unauthenticated streams", limits.open_streams_per_peer, limits.open_streams),
        tenant_requests=Budget("requests", per_tenant_requests, total_requests),
        tenant_streams=Budget("streams", per_tenant_streams, total_requests),
    )


def unshared_rpcs(limits: LimitsConfig, tenants: int) -> int:
    """RPCs the gRPC budgets can hold together: open requests and streams, and every one of
    ``tenants`` at its full share. At most ``grpc_max_concurrent_rpcs``, no tenant can be
    refused because of what others hold (the server's own cap answers RESOURCE_EXHAUSTED to
    whoever comes next)."""
    per_tenant = limits.tenant_max_requests + limits.tenant_max_streams
    return limits.open_requests + limits.open_streams + tenants * per_tenant


def uvicorn_options(limits: LimitsConfig, *, grace_s: float) -> dict[str, Any]:
    """``uvicorn.Config`` keyword arguments for ``limits``. Requests in progress are bounded by
    the ``admission`` budgets of the app (``http_auth.ApiKeyMiddleware``), not by uvicorn."""
    return {
        "http": guarded_protocol(limits),
        "limit_concurrency": None,
        "timeout_keep_alive": limits.keep_alive_s,
        # uvicorn reads 0 as "no timeout"; a grace of 0 means closing at once.
        "timeout_graceful_shutdown": grace_s or _IMMEDIATE_S,
        "h11_max_incomplete_event_size": limits.max_header_bytes,
    }


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a connection cap, a per-peer budget of connections still
    sending their first request head, and header / body read timeouts."""

    max_connections: ClassVar[int] = 4096
    header_timeout_s: ClassVar[float] = 10.0
    body_timeout_s: ClassVar[float] = 30.0
    # One per listener (``guarded_protocol``): connections before their first complete head.
    header_phase: ClassVar[Budget] = Budget("connections sending headers", 32, 256)
    # Process-wide counts, across listeners (diagnostics and tests).
    refused: ClassVar[int] = 0  # connections closed at once for being over a cap
    timed_out: ClassVar[int] = 0  # connections closed for a read timeout

    _read_timer: asyncio.TimerHandle | None = None
    _head_of: str | None = None  # the peer whose header-phase unit this connection holds

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        host = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if len(self.connections) > self.max_connections or not self.header_phase.try_acquire(host):
            GuardedH11Protocol.refused += 1
            transport.abort()
            return
        self._head_of = host
        self._arm(self.header_timeout_s)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        state = self.conn.their_state
        if state is not h11.IDLE:
            self._end_header_phase()
        if state is h11.SEND_BODY:
            self._arm(self.body_timeout_s)  # re-armed by every chunk: an idle timeout
        elif state is h11.IDLE:
            if self._read_timer is None:  # one deadline for the headers, not re-armed
                self._arm(self.header_timeout_s)
        else:
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._end_header_phase()
        super().connection_lost(exc)

    def _end_header_phase(self) -> None:
        if self._head_of is not None:
            self.header_phase.release(self._head_of)
            self._head_of = None

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
            "header_phase": Budget(
                "connections sending headers", limits.header_phase_per_peer, limits.header_phase_connections
            ),
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
