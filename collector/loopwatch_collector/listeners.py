"""Binding the collector's listeners, with errors an operator can act on.

A port already taken is the most common first-hour failure. gRPC's own bind failure is a C-core
log line plus a ``RuntimeError`` traceback, and a plain ``OSError`` does not say which of the
three ports it was; here every failure becomes a ``ListenError`` naming the listener, the
address, and the flag and variable that move it. ``loopwatch serve`` prints it as one line and
exits 2.
"""

from __future__ import annotations

import errno
import socket
from dataclasses import dataclass

from loopwatch_collector import environment_variables as env
from loopwatch_collector.exceptions import ListenError


@dataclass(frozen=True, slots=True, kw_only=True)
class Listener:
    """One of the collector's listening ports, as the operator configures it."""

    name: str
    flag: str
    variable: str


GRPC = Listener(name="gRPC", flag="--grpc-port", variable=env.LOOPWATCH_GRPC_PORT)
REST = Listener(name="REST/metrics", flag="--http-port", variable=env.LOOPWATCH_HTTP_PORT)
OTLP_HTTP = Listener(name="OTLP/HTTP", flag="--otlp-http-port", variable=env.LOOPWATCH_OTLP_HTTP_PORT)


def bind_tcp(host: str, port: int, listener: Listener) -> socket.socket:
    """A TCP socket bound to ``host:port`` (not yet listening), inheritable for uvicorn.

    Raises:
        ListenError: the address cannot be bound (in use, not local, no permission).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    # SO_REUSEADDR lets a restarted collector bind over TIME_WAIT connections; a live listener
    # on the port still makes bind() fail with EADDRINUSE on Linux.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise listen_error(listener, host, port, exc) from exc
    sock.set_inheritable(True)
    return sock


def check_free(host: str, port: int, listener: Listener) -> None:
    """Raise ``ListenError`` when ``host:port`` cannot be bound; for servers that bind themselves.

    gRPC binds its own socket and reports a busy port only through its C-core log and a bare
    ``RuntimeError``; checking first gives the operator the same clear line as the HTTP ports.
    Port 0 (any free port) is always free.
    """
    if port != 0:
        bind_tcp(host, port, listener).close()


def listen_error(listener: Listener, host: str, port: int, exc: BaseException | None = None) -> ListenError:
    """The one-line error for a listener that cannot bind ``host:port``."""
    address = f"{listener.name} port {port} on {host}"
    if isinstance(exc, OSError) and exc.errno == errno.EADDRINUSE:
        problem = f"{address} is already in use (is another collector running?)"
    elif isinstance(exc, OSError) and exc.strerror:
        problem = f"cannot listen on {address}: {exc.strerror}"
    else:
        problem = f"cannot listen on {address}"
    return ListenError(f"{problem}; choose another with {listener.flag} or {listener.variable}")
