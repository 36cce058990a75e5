"""The per-session step log: a bounded prefix, content clipped, derived fields intact, and a
record carrying it survives the session codec (the Redis store)."""

from __future__ import annotations

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolCall, ToolResult, UserMessage
from loopwatch_collector.config import ResolvedAgentConfig
from loopwatch_collector.processing.session_update import ingest_events
from loopwatch_collector.processing.step_log import (
    LOGGED_CONTENT_CHARS,
    StepLogLimits,
    approx_bytes,
    log_events,
)
from loopwatch_collector.store.base import SessionRecord, StepLog
from loopwatch_collector.store.codec import decode, encode

ROOMY = StepLogLimits(max_events=100, max_bytes=1_000_000)


def step(n: int, text: str = "Searching the index again.", arguments: str = "x") -> Step:
    call = ToolCall.create(id=f"c{n}", name="grep", arguments={"q": arguments})
    return Step.create(event_id=f"s{n}", text=text, tool_calls=(call,))


def result(n: int, content: str = "no match") -> ToolResult:
    return ToolResult.create(event_id=f"r{n}", call_id=f"c{n}", content=content)


def events(n: int) -> list[Event]:
    out: list[Event] = [UserMessage.create(event_id="u", text="find x")]
    for i in range(n):
        out += [step(i), result(i)]
    return out


def test_everything_fits_in_a_roomy_log() -> None:
    log = StepLog()
    log_events(log, events(3), ROOMY)
    assert len(log.events) == 7
    assert log.dropped == 0
    assert log.approx_bytes == sum(approx_bytes(e) for e in events(3))


def test_the_count_bound_keeps_a_prefix_and_counts_the_rest() -> None:
    log = StepLog()
    log_events(log, events(3), StepLogLimits(max_events=4, max_bytes=1_000_000))
    assert [e.event_id for e in log.events] == ["u", "s0", "r0", "s1"]
    assert log.dropped == 3


def test_once_an_event_does_not_fit_no_later_event_is_kept() -> None:
    log = StepLog()
    first = events(1)
    budget = sum(approx_bytes(e) for e in first)
    big = result(9, content="y" * 150)
    log_events(
        log,
        [*first, step(1, text="t" * 500), big, UserMessage.create(event_id="u2", text="")],
        StepLogLimits(max_events=100, max_bytes=budget + approx_bytes(big)),
    )
    assert [e.event_id for e in log.events] == ["u", "s0", "r0"]
    assert log.dropped == 3


def test_long_content_is_clipped_but_fingerprints_and_sketch_are_kept() -> None:
    long = step(0, text="word " * 2000, arguments="a" * 5000)
    log = StepLog()
    log_events(log, [long], ROOMY)
    (kept,) = log.events
    assert isinstance(kept, Step)
    assert kept.text is not None
    assert len(kept.text) == LOGGED_CONTENT_CHARS
    assert kept.sketch == long.sketch
    assert kept.tool_calls[0].fingerprint == long.tool_calls[0].fingerprint
    assert kept.tool_calls[0].arguments is not None
    assert len(kept.tool_calls[0].arguments) == LOGGED_CONTENT_CHARS


def record() -> SessionRecord:
    return SessionRecord(
        trace_id="t",
        agent="a",
        conversation_id=None,
        state=Engine().new_session(),
        started_unix_s=0,
        last_seen_unix_s=0,
    )


def test_ingest_logs_new_events_only_when_the_log_is_on() -> None:
    engine, settings = Engine(), ResolvedAgentConfig()
    off = record()
    ingest_events(off, events(2), engine, settings, history=16)
    assert off.step_log is None
    on = record()
    ingest_events(on, events(2), engine, settings, history=16, step_log=ROOMY)
    ingest_events(on, events(3), engine, settings, history=16, step_log=ROOMY)  # two re-sent
    assert on.step_log is not None
    assert [e.event_id for e in on.step_log.events] == [e.event_id for e in events(3)]


def test_a_record_with_a_step_log_survives_the_session_codec() -> None:
    engine, settings = Engine(), ResolvedAgentConfig()
    rec = record()
    ingest_events(rec, events(4), engine, settings, history=16, step_log=ROOMY)
    decoded = decode(encode(rec), SessionRecord)
    assert decoded.step_log == rec.step_log
