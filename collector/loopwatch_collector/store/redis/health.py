"""Failure handling of the Redis store: one breaker that translates and paces Redis errors.

Every store operation runs through ``RedisHealth.run``: within ``operation_timeout_s``, with
Redis errors (``redis-py``'s and the pipelined client's) translated to the collector's
``StoreError`` tree once, here. A refused or reset connection (or ``_TIMEOUTS_BEFORE_DOWN``
timeouts in a row) marks Redis down: calls then fail fast with ``StoreUnavailableError`` for
``retry_interval_s`` instead of waiting on a dead server, and ``on_down`` lets the store drop
its cache and connections (writes may or may not have landed).
One warning is logged when Redis goes away and one info line when it is back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from redis import exceptions as redis_errors

from loopwatch_collector.exceptions import StoreError, StoreUnavailableError
from loopwatch_collector.store.redis.resp import RespReplyError, RespUnavailableError

logger = logging.getLogger(__name__)

T = TypeVar("T")

# A refused or reset connection means Redis is away: fail fast at once. A timeout may only
# mean this replica is overloaded (its event loop answered late), so it takes a few in a row.
_TIMEOUTS_BEFORE_DOWN = 3

UNAVAILABLE_ERRORS: tuple[type[BaseException], ...] = (
    redis_errors.ConnectionError,  # includes BusyLoadingError
    redis_errors.TimeoutError,
    redis_errors.ClusterDownError,
    redis_errors.TryAgainError,
    redis_errors.ReadOnlyError,  # a replica promoted mid-failover
    RespUnavailableError,  # the same answers on the pipelined connection
    TimeoutError,
    OSError,
)


class RedisHealth:
    """The breaker of one store. Event-loop only."""

    def __init__(
        self,
        *,
        timeout_s: float,
        retry_interval_s: float,
        clock: Callable[[], float],
        on_down: Callable[[], None],
    ) -> None:
        self._timeout_s = timeout_s
        self._retry_interval_s = retry_interval_s
        self._clock = clock
        self._on_down = on_down
        self._down_until = 0.0
        self._down = False
        self._timeouts = 0  # consecutive operations that ran out of time

    async def run(self, operation: str, work: Coroutine[Any, Any, T]) -> T:
        """Await ``work`` within the operation timeout, translating failures to ``StoreError``."""
        if self._down and self._clock() < self._down_until:
            work.close()  # never started: no "coroutine was never awaited" warning
            raise StoreUnavailableError("Redis is unavailable (failing fast until the next retry)")
        try:
            async with asyncio.timeout(self._timeout_s):
                result = await work
        except (TimeoutError, redis_errors.TimeoutError) as exc:
            self._timeouts += 1
            if self._timeouts >= _TIMEOUTS_BEFORE_DOWN:
                self._mark_down(operation, exc)
            raise StoreUnavailableError(f"Redis answered too late ({operation})") from exc
        except UNAVAILABLE_ERRORS as exc:
            self._mark_down(operation, exc)
            raise StoreUnavailableError(f"Redis is unavailable ({operation}): {exc!r}") from exc
        except (redis_errors.RedisError, RespReplyError) as exc:
            raise StoreError(f"Redis error ({operation}): {exc}") from exc
        self._timeouts = 0
        if self._down:
            self._down = False
            logger.info("Redis session store is reachable again; verdicts are computed normally")
        return result

    def _mark_down(self, operation: str, exc: BaseException) -> None:
        self._down_until = self._clock() + self._retry_interval_s
        if not self._down:
            self._down = True
            self._on_down()
            logger.warning(
                "Redis session store unavailable (%s: %r); failing open (CONTINUE) and answering "
                "OTLP with retryable errors until it is back",
                operation,
                exc,
            )
