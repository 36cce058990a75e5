"""What the session page says a run is doing, and which verdict the list shows."""

from __future__ import annotations

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.verdict import Action, Verdict
from loopwatch_collector.exporters.session_activity import IDLE_AFTER_S, activity_of, strongest_verdict_of
from loopwatch_collector.store.base import SessionRecord

NOW = 1_000_000.0


def _record(events: list[Event], *, last_seen: float = NOW) -> SessionRecord:
    engine = Engine()
    record = SessionRecord(
        trace_id="t",
        agent="a",
        conversation_id=None,
        state=engine.new_session(),
        started_unix_s=NOW - 10,
        last_seen_unix_s=last_seen,
    )
    engine.ingest(record.state, events)
    record.timeline.record_events(events, first_step=1, now_unix_s=last_seen, limit=20)
    return record


def _tool_step(i: int) -> list[Event]:
    call = ToolCall.create(id=f"c{i}", name="search", arguments={"q": i})
    return [
        Step.create(event_id=f"s{i}", text=None, tool_calls=(call,)),
        ToolResult.create(event_id=f"r{i}", call_id=f"c{i}", content=f"r{i}"),
    ]


def test_a_run_calling_tools_is_live_then_idle_once_quiet() -> None:
    assert activity_of(_record(_tool_step(1)), NOW) == "live"
    assert activity_of(_record(_tool_step(1), last_seen=NOW - IDLE_AFTER_S), NOW) == "idle"


def test_a_run_whose_last_step_answered_has_ended() -> None:
    answer = Step.create(event_id="s2", text="The answer.", tool_calls=())
    assert activity_of(_record([*_tool_step(1), answer]), NOW) == "ended"


def test_a_halted_run_has_ended() -> None:
    record = _record(_tool_step(1))
    record.state.policy.halted = True
    assert activity_of(record, NOW) == "ended"


def test_the_strongest_verdict_so_far_outlives_later_continues() -> None:
    record = _record(_tool_step(1))
    record.verdicts = [Verdict(action=Action.NUDGE, step=3), Verdict(action=Action.WITHDRAW_TOOLS, step=5)]
    record.last_verdict = Verdict(action=Action.CONTINUE, step=6)
    strongest = strongest_verdict_of(record)
    assert strongest is not None
    assert (strongest.action, strongest.step) == (Action.WITHDRAW_TOOLS, 5)


def test_without_interventions_the_last_verdict_is_shown() -> None:
    record = _record(_tool_step(1))
    record.last_verdict = Verdict(action=Action.CONTINUE, step=1)
    assert strongest_verdict_of(record) == record.last_verdict
