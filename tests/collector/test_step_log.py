"""The per-session step log: one record of the steps that the session page's timeline and the
scenario export both read. The export's part is a bounded prefix, content clipped, derived fields
intact; the page's part the last steps; a record carrying both survives the session codec (the
Redis store)."""

from __future__ import annotations

import json
from typing import Any

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolCall, ToolResult, UserMessage
from loopwatch.scenario import scenario_from_dict
from loopwatch.scenario_recorded import entry
from loopwatch.wire import clip
from loopwatch_collector.config import ResolvedAgentConfig
from loopwatch_collector.exporters.session_scenario import logged_entries, session_scenario
from loopwatch_collector.exporters.timeline_view import TimelineStepBody
from loopwatch_collector.processing.session_update import ingest_events
from loopwatch_collector.processing.step_log import (
    LOGGED_CONTENT_CHARS,
    StepLogLimits,
    approx_bytes,
    log_events,
)
from loopwatch_collector.security.tenancy import ANONYMOUS
from loopwatch_collector.store.base import SessionRecord
from loopwatch_collector.store.codec import decode, encode
from loopwatch_collector.store.timeline import (
    STEP_EVENTS,
    TIMELINE_ARGUMENT_CHARS,
    TIMELINE_PREVIEW_CHARS,
    SessionTimeline,
)

ROOMY = StepLogLimits(max_events=100, max_bytes=1_000_000)
PAGE = 20  # sessions.timeline_steps


def step(n: int, text: str = "Searching the index again.", arguments: Any = "x") -> Step:
    call = ToolCall.create(id=f"c{n}", name="grep", arguments={"q": arguments})
    return Step.create(event_id=f"s{n}", text=text, tool_calls=(call,))


def result(n: int, content: str = "no match") -> ToolResult:
    return ToolResult.create(event_id=f"r{n}", call_id=f"c{n}", content=content)


def events(n: int) -> list[Event]:
    out: list[Event] = [UserMessage.create(event_id="u", text="find x")]
    for i in range(n):
        out += [step(i), result(i)]
    return out


def logged(events: list[Event], limits: StepLogLimits, *, page: int = PAGE) -> SessionTimeline:
    timeline = SessionTimeline()
    log_events(timeline, events, first_step=1, now_unix_s=0.0, timeline_steps=page, limits=limits)
    return timeline


def kept(timeline: SessionTimeline) -> list[str]:
    """The export's entries, named: ``user``, ``step c0``, ``result c0``."""
    names = []
    for e in logged_entries(timeline):
        if e["type"] == "tool_result":
            names.append(f"result {e['call_id']}")
        else:
            names.append("user" if e["role"] == "user" else f"step {e['tool_calls'][0]['id']}")
    return names


def test_everything_fits_in_a_roomy_log() -> None:
    timeline = logged(events(3), ROOMY)
    assert kept(timeline) == ["user", "step c0", "result c0", "step c1", "result c1", "step c2", "result c2"]
    assert timeline.head is not None
    assert timeline.head.dropped == 0
    assert timeline.head.approx_bytes == sum(approx_bytes(e) for e in events(3))
    assert logged_entries(timeline) == [entry(e) for e in events(3)]


def test_the_count_bound_keeps_a_prefix_and_counts_the_rest() -> None:
    timeline = logged(events(3), StepLogLimits(max_events=4, max_bytes=1_000_000))
    assert kept(timeline) == ["user", "step c0", "result c0", "step c1"]
    assert timeline.head is not None
    assert timeline.head.dropped == 3


def test_once_an_event_does_not_fit_no_later_event_is_kept() -> None:
    first = events(1)
    budget = sum(approx_bytes(e) for e in first)
    big = result(9, content="y" * 150)
    timeline = logged(
        [*first, step(1, text="t" * 500), big, UserMessage.create(event_id="u2", text="")],
        StepLogLimits(max_events=100, max_bytes=budget + approx_bytes(big)),
    )
    assert kept(timeline) == ["user", "step c0", "result c0"]
    assert timeline.head is not None
    assert timeline.head.dropped == 3


def test_long_content_is_clipped_but_fingerprints_and_sketch_are_kept() -> None:
    long = step(0, text="word " * 2000, arguments="a" * 5000)
    (kept_step,) = logged_entries(logged([long], ROOMY))
    assert len(kept_step["text"]) == LOGGED_CONTENT_CHARS
    assert kept_step["sketch"] == entry(long)["sketch"]
    (call,) = kept_step["tool_calls"]
    assert call["fingerprint"] == long.tool_calls[0].fingerprint
    assert len(call["arguments"]) == LOGGED_CONTENT_CHARS


def test_arguments_beyond_what_orjson_writes_are_kept_exactly() -> None:
    huge = 2**80
    timeline = logged([step(0, arguments=huge), result(0)], ROOMY)
    (kept_step, _) = logged_entries(timeline)
    assert kept_step["tool_calls"][0]["arguments"] == {"q": huge}


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
    ingest_events(off, events(2), engine, settings, history=16, timeline_steps=PAGE)
    assert off.timeline.head is None
    assert all(len(json.loads(s)) == STEP_EVENTS for s in off.timeline.steps)  # the page's steps only
    on = record()
    ingest_events(on, events(2), engine, settings, history=16, step_log=ROOMY, timeline_steps=PAGE)
    ingest_events(
        on, events(3), engine, settings, history=16, step_log=ROOMY, timeline_steps=PAGE
    )  # 2 re-sent
    assert kept(on.timeline) == kept(logged(events(3), ROOMY))


def test_a_log_turned_on_mid_session_exports_nothing() -> None:
    engine, settings = Engine(), ResolvedAgentConfig()
    rec = record()
    ingest_events(rec, events(1), engine, settings, history=16, timeline_steps=PAGE)
    ingest_events(rec, events(2), engine, settings, history=16, step_log=ROOMY, timeline_steps=PAGE)
    assert logged_entries(rec.timeline) == []
    assert rec.timeline.head is not None
    assert rec.timeline.head.dropped == 1 + 2  # what came before, then each new event
    assert len(rec.timeline.steps) == 2


def test_a_record_with_a_step_log_survives_the_session_codec() -> None:
    engine, settings = Engine(), ResolvedAgentConfig()
    rec = record()
    ingest_events(rec, events(4), engine, settings, history=16, step_log=ROOMY, timeline_steps=PAGE)
    decoded = decode(encode(rec), SessionRecord)
    assert decoded.timeline == rec.timeline


def _session(steps: int) -> list[Event]:
    """A long session: varied arguments and results, some longer than the page shows."""
    out: list[Event] = [UserMessage.create(event_id="u", text="find the config loader")]
    for i in range(steps):
        out += [step(i, arguments=f"loader {i} " + "x" * (i * 40)), result(i, content=f"line {i}\n" * i)]
    return out


def test_the_page_and_the_export_agree_on_one_session() -> None:
    """One log, two readers: every step both show has the same calls and results, the page
    clipped to its widths, and the page is the same whether the export is on or off."""
    engine, settings = Engine(), ResolvedAgentConfig()
    with_export, page_only = record(), record()
    session = _session(12)
    for batch_start in range(0, len(session), 3):  # results sometimes in the next update
        batch = session[batch_start : batch_start + 3]
        ingest_events(with_export, batch, engine, settings, history=16, step_log=ROOMY, timeline_steps=PAGE)
        ingest_events(page_only, batch, engine, settings, history=16, timeline_steps=PAGE)
    page = [TimelineStepBody.of(s).model_dump() for s in with_export.timeline.last(PAGE)]
    assert page == [TimelineStepBody.of(s).model_dump() for s in page_only.timeline.last(PAGE)]
    scenario = session_scenario(with_export, ANONYMOUS)
    exported = scenario["events"]
    calls = {c["id"]: c for e in exported if e.get("role") == "assistant" for c in e["tool_calls"]}
    results = {e["call_id"]: e for e in exported if e["type"] == "tool_result"}
    sent = {c.id: c for e in session if isinstance(e, Step) for c in e.tool_calls}
    assert [s["number"] for s in page] == list(range(1, 13))
    for shown in page:
        (call,) = shown["calls"]
        canonical = sent[call["id"]].arguments
        assert canonical is not None
        assert call["name"] == calls[call["id"]]["name"]
        assert call["arguments"] == clip(canonical, TIMELINE_ARGUMENT_CHARS)
        assert calls[call["id"]]["arguments"] == json.loads(canonical)
        assert call["result_preview"] == clip(results[call["id"]]["content"], TIMELINE_PREVIEW_CHARS)
        assert call["result_size"] == results[call["id"]]["size"]
    assert len(scenario_from_dict(scenario, default_id="x").events) == len(session)  # reads back whole


def test_a_long_session_keeps_the_exports_first_steps_and_the_pages_last_steps_once() -> None:
    engine, settings = Engine(), ResolvedAgentConfig()
    rec = record()
    limits = StepLogLimits(max_events=11, max_bytes=1_000_000)  # the user message and 5 steps
    ingest_events(rec, _session(40), engine, settings, history=16, step_log=limits, timeline_steps=PAGE)
    assert rec.timeline.head is not None
    assert rec.timeline.head.steps == 5
    assert len(rec.timeline.steps) == 5 + PAGE
    assert [TimelineStepBody.of(s).number for s in rec.timeline.last(PAGE)] == list(range(21, 41))
    assert kept(rec.timeline)[-2:] == ["step c4", "result c4"]
    assert rec.timeline.head.dropped == 81 - 11
