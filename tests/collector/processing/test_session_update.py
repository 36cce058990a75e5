"""session_update: the record's bookkeeping around loopwatch.detect.evaluate (shadow, history, flags)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopwatch.detect.factory import build_engine
from loopwatch.events import Event
from loopwatch.verdict import Action
from loopwatch_collector.config import config_from_mapping
from loopwatch_collector.processing.session_update import (
    IngestOutcome,
    apply_conversation_limit,
    current_verdict,
    ingest_events,
)
from loopwatch_collector.store.base import SessionRecord
from tests.collector.collector_builders import TRACE, tool_step

LOOP: list[Event] = [e for i in range(5) for e in tool_step(i)]


def _record() -> SessionRecord:
    return SessionRecord(
        trace_id=TRACE,
        agent="bot",
        conversation_id=None,
        state=build_engine().new_session(),
        started_unix_s=0.0,
        last_seen_unix_s=0.0,
    )


def _ingest(
    record: SessionRecord, events: list[Event], raw: Mapping[str, Any], history: int = 16
) -> IngestOutcome:
    settings = config_from_mapping(raw).resolve_agent("bot")
    return ingest_events(record, events, build_engine(settings), settings, history=history)


def test_enforce_returns_what_was_computed_and_flags_the_record() -> None:
    record = _record()
    outcome = _ingest(record, LOOP, {})
    assert outcome.returned == outcome.computed
    assert outcome.computed.action is Action.WITHDRAW_TOOLS
    assert outcome.became_looping
    assert record.looping
    assert record.tool_calls == 5
    assert [v.action for v in record.verdicts] == [Action.NUDGE, Action.WITHDRAW_TOOLS]
    assert current_verdict(record) == outcome.returned
    assert outcome.new_events == {"step": 5, "tool_result": 5}


def test_shadow_returns_continue_but_keeps_the_verdicts() -> None:
    record = _record()
    outcome = _ingest(record, LOOP, {"defaults": {"mode": "shadow"}})
    assert outcome.computed.intervenes
    assert outcome.returned.action is Action.CONTINUE
    assert record.mode == "shadow"
    assert record.verdicts
    assert current_verdict(record).action is Action.CONTINUE


def test_verdict_history_is_bounded() -> None:
    record = _record()
    _ingest(record, LOOP, {}, history=1)
    assert [v.action for v in record.verdicts] == [Action.WITHDRAW_TOOLS]


def test_a_hard_limit_marks_the_record_runaway_once() -> None:
    record = _record()
    raw = {"defaults": {"budgets": {"trace_max_steps": 2}}}
    outcome = _ingest(record, [e for i in range(2) for e in tool_step(i, args={"n": i})], raw)
    assert outcome.computed.action is Action.HALT
    assert outcome.became_runaway
    assert outcome.halted
    again = _ingest(record, tool_step(9, args={"n": 9}), raw)
    assert not again.became_runaway
    assert again.computed.action is Action.HALT


def test_the_conversation_limit_halts_through_the_policy() -> None:
    record = _record()
    settings = config_from_mapping({"defaults": {"budgets": {"conversation_max_steps": 4}}}).resolve_agent(
        "bot"
    )
    engine = build_engine(settings)
    assert apply_conversation_limit(record, engine, settings, 3, history=16) is None
    outcome = apply_conversation_limit(record, engine, settings, 4, history=16)
    assert outcome is not None
    assert outcome.returned.action is Action.HALT
    assert [f.detector for f in outcome.findings] == ["conversation_budget"]
    assert record.runaway
    assert record.state.policy.halted
    assert apply_conversation_limit(record, engine, settings, 5, history=16) is None


def test_an_unknown_trace_reads_as_continue_at_its_judged_steps() -> None:
    assert current_verdict(_record()).action is Action.CONTINUE
