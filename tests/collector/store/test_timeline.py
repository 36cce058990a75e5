"""SessionTimeline: the bounded step history behind the session page."""

from __future__ import annotations

from typing import Any

from loopwatch.detect.session import SessionState
from loopwatch.events import Step, ToolCall, ToolResult
from loopwatch.verdict import Action, Verdict
from loopwatch_collector.exporters.timeline_view import TimelineStepBody
from loopwatch_collector.store import codec
from loopwatch_collector.store.base import SessionRecord
from loopwatch_collector.store.timeline import (
    TIMELINE_ARGUMENT_CHARS,
    TIMELINE_CALLS_PER_STEP,
    SessionTimeline,
)


def _step(
    i: int, *, calls: int = 1, capture: bool = True, args: str = "x", call_id: str = "c"
) -> tuple[Step, list[ToolResult]]:
    tool_calls = tuple(
        ToolCall.create(id=f"{call_id}{i}.{n}", name="grep", arguments={"q": args}, capture_content=capture)
        for n in range(calls)
    )
    step = Step.create(event_id=f"s{i}", text="look", tool_calls=tool_calls, capture_content=capture)
    results = [
        ToolResult.create(event_id=f"r{c.id}", call_id=c.id, content="no match", capture_content=capture)
        for c in tool_calls
    ]
    return step, results


LIMIT = 20  # sessions.timeline_steps


def _steps(timeline: SessionTimeline) -> list[dict[str, Any]]:
    """The stored steps, read as the REST view reads them."""
    return [TimelineStepBody.of(s).model_dump() for s in timeline.steps]


def test_steps_are_numbered_and_results_attached_to_their_calls() -> None:
    timeline = SessionTimeline()
    step, results = _step(1, call_id="çall-")  # non-ASCII ids are found too
    timeline.record_events([step], first_step=1, now_unix_s=10.0, limit=LIMIT)
    assert _steps(timeline)[0]["calls"][0]["result_size"] is None  # no result yet
    step2, results2 = _step(2)
    timeline.record_events([*results, step2, *results2], first_step=2, now_unix_s=11.0, limit=LIMIT)
    first, second = _steps(timeline)
    assert (first["number"], second["number"]) == (1, 2)
    call = first["calls"][0]
    assert (call["arguments"], call["result_preview"], call["result_size"]) == ('{"q":"x"}', "no match", 8)
    assert call["is_error"] is False
    assert (call["call_fingerprint"], call["result_fingerprint"]) == (None, None)  # the text says it all
    assert second["received_unix_s"] == 11.0


def test_privacy_mode_keeps_fingerprints_only() -> None:
    timeline = SessionTimeline()
    step, results = _step(1, capture=False)
    timeline.record_events([step, *results], first_step=1, now_unix_s=1.0, limit=LIMIT)
    (call,) = _steps(timeline)[0]["calls"]
    assert call["arguments"] is None
    assert call["result_preview"] is None
    assert call["call_fingerprint"] == step.tool_calls[0].fingerprint
    assert call["result_fingerprint"] == results[0].fingerprint


def test_the_timeline_is_bounded() -> None:
    timeline = SessionTimeline()
    for i in range(1, LIMIT + 6):
        step, _ = _step(i, calls=TIMELINE_CALLS_PER_STEP + 3, args="y" * (TIMELINE_ARGUMENT_CHARS * 2))
        timeline.record_events([step], first_step=i, now_unix_s=float(i), limit=LIMIT)
    steps = _steps(timeline)
    assert len(steps) == LIMIT
    assert steps[0]["number"] == 6
    assert len(steps[-1]["calls"]) == TIMELINE_CALLS_PER_STEP
    assert steps[-1]["omitted_calls"] == 3
    assert len(steps[-1]["calls"][0]["arguments"]) == TIMELINE_ARGUMENT_CHARS


def test_a_result_for_an_unknown_call_changes_nothing() -> None:
    timeline = SessionTimeline()
    step, _ = _step(1)
    timeline.record_events([step], first_step=1, now_unix_s=1.0, limit=LIMIT)
    before = list(timeline.steps)
    stray = ToolResult.create(event_id="r?", call_id="grep", content="x")  # matches a name, not an id
    timeline.record_events([stray], first_step=2, now_unix_s=2.0, limit=LIMIT)
    assert timeline.steps == before


def test_verdict_send_times_follow_the_verdict_history() -> None:
    timeline = SessionTimeline()
    nudge = Verdict(action=Action.NUDGE, step=3)
    withdraw = Verdict(action=Action.WITHDRAW_TOOLS, step=5)
    timeline.note_verdict(nudge, now_unix_s=30.0, history=1)
    assert timeline.sent_at(nudge) == 30.0
    timeline.note_verdict(withdraw, now_unix_s=50.0, history=1)
    assert (timeline.sent_at(nudge), timeline.sent_at(withdraw)) == (None, 50.0)


def test_a_record_with_a_timeline_survives_the_codec() -> None:
    record = SessionRecord(
        trace_id="t",
        agent="a",
        conversation_id=None,
        state=SessionState(),
        started_unix_s=1.0,
        last_seen_unix_s=2.0,
    )
    step, results = _step(1)
    record.timeline.record_events([step, *results], first_step=1, now_unix_s=2.0, limit=LIMIT)
    record.timeline.note_verdict(Verdict(action=Action.NUDGE, step=1), now_unix_s=2.0, history=4)
    assert codec.decode(codec.encode(record), SessionRecord).timeline == record.timeline
