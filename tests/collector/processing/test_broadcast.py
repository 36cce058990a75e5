"""VerdictHub: filtered fan-out of issued verdicts, bounded queues, clean shutdown."""

from __future__ import annotations

import pytest

from loopwatch.verdict import Action, Verdict
from loopwatch_collector.processing import broadcast
from loopwatch_collector.processing.broadcast import IssuedVerdict, Subscription, VerdictHub

pytestmark = pytest.mark.anyio


def _issued(agent: str, action: Action, step: int = 1) -> IssuedVerdict:
    return IssuedVerdict(trace_id=f"{step:032x}", agent=agent, verdict=Verdict(action=action, step=step))


async def _drain(sub: Subscription) -> list[IssuedVerdict]:
    return [issued async for issued in sub]


async def test_subscribers_get_what_their_filters_want_until_shutdown() -> None:
    hub = VerdictHub()
    everyone = hub.subscribe()
    billing_halts = hub.subscribe(agent="billing", actions=frozenset({Action.HALT}))
    for issued in (
        _issued("billing", Action.NUDGE),
        _issued("billing", Action.HALT),
        _issued("search", Action.HALT),
        _issued("search", Action.CONTINUE),  # never streamed by default
    ):
        hub.publish(issued)
    assert hub.subscribers == 2
    hub.shutdown()
    assert [(i.agent, i.verdict.action) for i in await _drain(everyone)] == [
        ("billing", Action.NUDGE),
        ("billing", Action.HALT),
        ("search", Action.HALT),
    ]
    assert [(i.agent, i.verdict.action) for i in await _drain(billing_halts)] == [("billing", Action.HALT)]
    assert hub.subscribers == 0


async def test_a_slow_subscriber_loses_its_oldest_verdicts_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(broadcast, "_QUEUE_SIZE", 2)
    hub = VerdictHub()
    sub = hub.subscribe()
    for step in (1, 2, 3, 4):
        hub.publish(_issued("a", Action.NUDGE, step))
    assert sub.dropped == 2
    hub.shutdown()
    assert [i.verdict.step for i in await _drain(sub)] == [4]  # 3 was pushed out by the end mark


async def test_closing_unsubscribes_and_a_late_subscriber_ends_at_once() -> None:
    hub = VerdictHub()
    async with hub.subscribe() as sub:
        assert hub.subscribers == 1
    assert hub.subscribers == 0
    hub.publish(_issued("a", Action.HALT))
    assert sub.dropped == 0
    hub.shutdown()
    hub.shutdown()  # idempotent
    assert await _drain(hub.subscribe()) == []
