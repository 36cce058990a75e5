"""Counting and rate-limited logging of security events (rejected credentials, throttling).

A flood of bad requests must not become a flood of log lines (the issue measured 129 MB of
tracebacks in 20 s): ``RateLimitedLog`` lets through at most ``burst`` records per
``period_s`` and then one summary of how many were suppressed. Event-loop or any thread
(the state is a few integers updated under the GIL; an occasional extra line is harmless).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter

logger = logging.getLogger(__name__)

# One line per second per kind, in bursts of 5: enough to see what is happening in a log,
# bounded whatever the attack rate.
DEFAULT_LOG_PERIOD_S = 1.0
DEFAULT_LOG_BURST = 5


class RateLimitedLog:
    """At most ``burst`` records per ``period_s``; the rest are counted and summarised."""

    def __init__(
        self,
        log: logging.Logger,
        *,
        period_s: float = DEFAULT_LOG_PERIOD_S,
        burst: int = DEFAULT_LOG_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._log = log
        self._period = period_s
        self._burst = burst
        self._clock = clock
        self._window_start = -period_s
        self._in_window = 0
        self.suppressed = 0

    def warning(self, message: str, *args: object) -> bool:
        """Log unless over the rate; returns whether the record was written."""
        now = self._clock()
        if now - self._window_start >= self._period:
            if self.suppressed:
                self._log.warning("%d similar messages suppressed", self.suppressed)
            self._window_start = now
            self._in_window = 0
            self.suppressed = 0
        if self._in_window >= self._burst:
            self.suppressed += 1
            return False
        self._in_window += 1
        self._log.warning(message, *args)
        return True


class AuthFailures:
    """``loopwatch_auth_failures_total{transport}`` plus a rate-limited warning."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.counter = Counter(
            "loopwatch_auth_failures",
            "Requests refused for a missing or invalid API key",
            ["transport"],
            registry=registry,
        )
        for transport in ("grpc", "http"):
            self.counter.labels(transport=transport)
        self._log = RateLimitedLog(logger)

    def record(self, transport: str, target: str) -> None:
        self.counter.labels(transport=transport).inc()
        self._log.warning("refused %s call to %s: missing or invalid API key", transport, target)


class RateLimitFilter(logging.Filter):
    """A logging filter passing at most ``burst`` records per ``period_s`` per logger; the
    next record let through says how many were dropped meanwhile."""

    def __init__(
        self,
        *,
        period_s: float = DEFAULT_LOG_PERIOD_S,
        burst: int = DEFAULT_LOG_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self._period = period_s
        self._burst = burst
        self._clock = clock
        self._windows: dict[str, tuple[float, int, int]] = {}  # logger -> (start, passed, dropped)

    def filter(self, record: logging.LogRecord) -> bool:
        now = self._clock()
        start, passed, dropped = self._windows.get(record.name, (-self._period, 0, 0))
        if now - start >= self._period:
            if dropped:
                record.msg = f"({dropped} similar records suppressed) {record.msg}"
            start, passed, dropped = now, 0, 0
        if passed >= self._burst:
            self._windows[record.name] = (start, passed, dropped + 1)
            return False
        self._windows[record.name] = (start, passed + 1, dropped)
        return True
