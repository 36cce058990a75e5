"""Errors raised by the collector: one tree, translated once at each edge.

::

    CollectorError
     +-- ConfigError            a configuration key or environment variable is invalid (start-up;
     |                          ``serve`` prints it and exits 2)
     +-- ListenError            a listener cannot bind its address, e.g. the port is in use
     |                          (start-up; ``serve`` prints one line naming it and exits 2)
     +-- InvalidRequestError    a request body that cannot be parsed (OTLP/HTTP): 400 / 413
     +-- OverloadedError        too many exports in flight: UNAVAILABLE / 503, retryable
     +-- StoreError             the session store failed: UNAVAILABLE / 503, the SDK fails open
          +-- StoreUnavailableError  Redis cannot be reached or answered too late
          +-- StoreConflictError     other writers kept changing the record (CAS attempts spent)
          +-- CodecError             a stored record cannot be decoded (``store/codec.py``)

Edges: receivers map ``InvalidRequestError`` / ``OverloadedError`` / ``StoreError`` to gRPC
status or HTTP codes; ``loopwatch.wire.WireError`` (the SDK's codec naming the bad field) is
translated to ``INVALID_ARGUMENT`` / 400 by the LoopGuard servicer and ``POST /v1/evaluate``;
the Redis store translates redis-py's errors in ``store/redis/health.py``; the CLI prints a
``ConfigError``.
"""

from __future__ import annotations


class CollectorError(Exception):
    """Base class of every collector error."""


class ConfigError(CollectorError, ValueError):
    """Invalid configuration; each problem starts with the key or variable name.

    ``problems`` holds every problem found (one line each); the message is that line when
    there is one, else a count followed by the indented lines.
    """

    def __init__(self, *problems: str) -> None:
        self.problems: tuple[str, ...] = problems
        if len(problems) == 1:
            super().__init__(problems[0])
        else:
            lines = "".join(f"\n  {p}" for p in problems)
            super().__init__(f"{len(problems)} configuration problems:{lines}")


class ListenError(CollectorError, OSError):
    """A listener could not bind; the message names the listener, address and how to move it."""


class InvalidRequestError(CollectorError, ValueError):
    """A request body that is not what the route takes; the message says what is wrong."""


class OverloadedError(CollectorError):
    """Too many requests in flight; the client should retry after ``retry_after_s``."""

    def __init__(self, retry_after_s: float) -> None:
        super().__init__(f"collector overloaded, retry after {retry_after_s:g} s")
        self.retry_after_s = retry_after_s


class StoreError(CollectorError):
    """The session store could not complete an operation; callers fail open."""


class StoreUnavailableError(StoreError):
    """The store's server cannot be reached (or answered too late): retryable."""


class StoreConflictError(StoreError):
    """Other writers kept changing the record for every allowed attempt: retryable."""


class CodecError(StoreError, ValueError):
    """A stored record cannot be decoded (or a value cannot be encoded); the message says why."""
