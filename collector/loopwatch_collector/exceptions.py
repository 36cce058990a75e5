"""Errors raised by the collector.

::

    CollectorError
     +-- ConfigError        a configuration key or environment variable is invalid (start-up)
     +-- StoreError         the session store failed (Redis down, ...): retryable, fail open
     +-- InvalidInputError       a request does not describe valid events (INVALID_ARGUMENT / 400)

``loopwatch.wire.WireError`` (a ``ValueError`` naming the field) is translated to
``InvalidInputError`` at the receiver boundary.
"""

from __future__ import annotations


class CollectorError(Exception):
    """Base class of every collector error."""


class ConfigError(CollectorError, ValueError):
    """Invalid configuration; the message starts with the key or variable name."""


class StoreError(CollectorError):
    """The session store could not complete an operation; callers fail open."""


class InvalidInputError(CollectorError, ValueError):
    """Bad request content; ``field`` names the offending field."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


#: Alias kept for modules written against the first name.
InvalidInput = InvalidInputError
