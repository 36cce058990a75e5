"""Fan-out of issued verdicts to ``WatchVerdicts`` subscribers (supervisors) and listeners.

``publish`` never blocks: each subscriber has a bounded queue and a slow subscriber loses
its oldest verdicts (counted in ``Subscription.dropped``) rather than stalling agents.
Listeners (the OTLP verdict exporter) are called synchronously and must not block either.
Event-loop only.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from loopwatch.verdict import Action, Verdict

logger = logging.getLogger(__name__)

# A supervisor reacting within seconds sees a handful of verdicts; 1024 covers bursts from many
# looping agents without unbounded memory per subscriber.
_QUEUE_SIZE = 1024


@dataclass(frozen=True, slots=True, kw_only=True)
class IssuedVerdict:
    """A verdict as it was returned to an agent, with the trace and agent it concerns.

    ``trace_id`` is the session key (``tenancy.session_key``); ``step_span`` the (trace id,
    span id) of the judged step's span when known (``TraceContext.step_span``).
    """

    trace_id: str
    agent: str
    verdict: Verdict
    conversation_id: str | None = None
    step_span: tuple[str, str] | None = None


class Subscription:
    """One subscriber's filtered stream; iterate it, then ``close()`` (or use ``async with``)."""

    def __init__(
        self,
        hub: VerdictHub,
        agent: str | None,
        actions: frozenset[Action],
        owns: Callable[[str], bool] | None = None,
    ) -> None:
        self._hub = hub
        self.agent = agent
        self.actions = actions
        self.owns = owns  # on trace keys: a tenant's subscription queues its own verdicts only
        self.dropped = 0
        self._queue: asyncio.Queue[IssuedVerdict | None] = asyncio.Queue(maxsize=_QUEUE_SIZE)

    def wants(self, issued: IssuedVerdict) -> bool:
        if self.agent is not None and issued.agent != self.agent:
            return False
        if self.owns is not None and not self.owns(issued.trace_id):
            return False
        return issued.verdict.action in self.actions

    def offer(self, issued: IssuedVerdict | None) -> None:
        if self._queue.full():
            self._queue.get_nowait()
            self.dropped += 1
        self._queue.put_nowait(issued)

    def close(self) -> None:
        self._hub.unsubscribe(self)

    async def __aenter__(self) -> Subscription:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.close()

    def __aiter__(self) -> AsyncIterator[IssuedVerdict]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[IssuedVerdict]:
        while True:
            item = await self._queue.get()
            if item is None:  # the hub shut down
                return
            yield item


class VerdictHub:
    """Publish/subscribe for issued, intervening verdicts."""

    def __init__(self) -> None:
        self._subscribers: set[Subscription] = set()
        self._listeners: list[Callable[[IssuedVerdict], None]] = []
        self._closed = False

    def add_listener(self, listener: Callable[[IssuedVerdict], None]) -> None:
        """Call ``listener`` with every issued verdict (on the event loop; it must not block).
        An exception it raises is logged and never reaches the agent's call."""
        self._listeners.append(listener)

    def subscribe(
        self,
        *,
        agent: str | None = None,
        actions: frozenset[Action] | None = None,
        owns: Callable[[str], bool] | None = None,
    ) -> Subscription:
        """A new subscription; ``actions`` defaults to every non-CONTINUE action; ``owns``
        keeps only the trace keys it accepts (a tenant's)."""
        wanted = actions or frozenset(a for a in Action if a is not Action.CONTINUE)
        sub = Subscription(self, agent, wanted, owns)
        if self._closed:
            sub.offer(None)
        else:
            self._subscribers.add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        self._subscribers.discard(sub)

    def publish(self, issued: IssuedVerdict) -> None:
        for sub in list(self._subscribers):
            if sub.wants(issued):
                sub.offer(issued)
        for listener in self._listeners:
            try:
                listener(issued)
            except Exception:
                logger.exception("verdict listener %r failed", listener)

    @property
    def subscribers(self) -> int:
        return len(self._subscribers)

    def shutdown(self) -> None:
        """End every subscription's stream; idempotent."""
        self._closed = True
        for sub in list(self._subscribers):
            sub.offer(None)
        self._subscribers.clear()
