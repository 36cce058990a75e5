"""Errors raised by the collector.

::

    CollectorError
     +-- ConfigError        a configuration key or environment variable is invalid (start-up)
     +-- ListenError        a listener cannot bind its address, e.g. the port is in use (start-up)
     +-- StoreError         the session store failed (Redis down, ...): retryable, fail open
     +-- InvalidInputError       a request does not describe valid events (INVALID_ARGUMENT / 400)

``loopwatch.wire.WireError`` (a ``ValueError`` naming the field) is translated to
``InvalidInputError`` at the receiver boundary.
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
