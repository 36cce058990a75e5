"""GenAI log events -> model-call views -> events, joined with the spans they were emitted in."""

from __future__ import annotations

import os

from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolResult
from loopwatch.verdict import Action
from loopwatch_collector.mapping import SpanMapper, SpanView
from loopwatch_collector.mapping.logs import views_from_logs
from tests.collector.receivers.otlp_log_requests import (
    choice,
    event,
    logs_request,
    new_span_id,
    stuck_loop,
    tool_message,
)


def _events(mapper: SpanMapper, *batches: ExportLogsServiceRequest | list[SpanView]) -> list[Event]:
    """Events from log requests and span batches, mapped in the order they arrive."""
    events: list[Event] = []
    for batch in batches:
        views = batch if isinstance(batch, list) else views_from_logs(batch).views
        events.extend(e for t in mapper.map(views) for e in t.events)
    return events


def test_records_of_one_span_make_one_view_with_semconv_messages() -> None:
    trace_id, span_id = os.urandom(16), new_span_id()
    batch = views_from_logs(
        logs_request(
            event("gen_ai.user.message", {"content": "hi"}, trace_id=trace_id, span_id=span_id),
            choice("call_1", "search", trace_id=trace_id, span_id=span_id, arguments='{"q": 1}'),
            event("gen_ai.choice", {"index": 0}, trace_id=b"", span_id=b""),  # cannot be joined
            event("app.started", {}, trace_id=trace_id, span_id=span_id),  # not a GenAI event
        )
    )
    (view,) = batch.views
    assert (view.trace_id, view.span_id, view.from_logs) == (trace_id.hex(), span_id.hex(), True)
    assert view.attributes["gen_ai.input.messages"] == [
        {"role": "user", "parts": [{"type": "text", "content": "hi"}]}
    ]
    (output,) = view.attributes["gen_ai.output.messages"]
    assert output["finish_reason"] == "tool_calls"
    assert output["parts"] == [
        {"type": "tool_call", "id": "call_1", "name": "search", "arguments": '{"q": 1}'}
    ]
    assert batch.records == {(trace_id.hex(), span_id.hex()): 2}
    assert batch.ignored == 2


def test_a_stuck_loop_told_only_in_log_events_is_detected() -> None:
    events = _events(SpanMapper(), logs_request(*stuck_loop(os.urandom(16), 5)))
    steps = [e for e in events if isinstance(e, Step)]
    assert len(steps) == 5
    assert steps[0].tool_calls[0].arguments == '{"q":"atlantis"}'
    assert [r.preview for r in events if isinstance(r, ToolResult)] == ["not found"] * 4
    engine = Engine()
    verdicts = engine.ingest(engine.new_session(), events)
    assert verdicts[2].action is Action.NUDGE


def test_content_off_events_keep_names_and_ids_and_never_look_the_same() -> None:
    events = _events(SpanMapper(), logs_request(*stuck_loop(os.urandom(16), 7, content=False)))
    steps = [e for e in events if isinstance(e, Step)]
    assert [s.tool_calls[0].name for s in steps] == ["search"] * 7
    results = [e for e in events if isinstance(e, ToolResult)]
    assert len({r.fingerprint for r in results}) == len(results) == 6
    engine = Engine()
    assert all(v.action is Action.CONTINUE for v in engine.ingest(engine.new_session(), events))


def test_legacy_event_name_attribute_is_read() -> None:
    trace_id, span_id = os.urandom(16), new_span_id()
    record = event(
        "gen_ai.choice",
        {"index": 0, "finish_reason": "stop", "message": {"content": "done"}},
        trace_id=trace_id,
        span_id=span_id,
        legacy=True,
    )
    (step,) = _events(SpanMapper(), logs_request(record))
    assert isinstance(step, Step)
    assert step.text == "done"


def _span_of(trace_id: bytes, span_id: bytes, finish: str) -> list[SpanView]:
    """The model call's own span, content off (the instrumentation's default mode)."""
    attrs = {"gen_ai.operation.name": "chat", "gen_ai.response.finish_reasons": [finish]}
    return [SpanView(trace_id=trace_id.hex(), span_id=span_id.hex(), name="chat gpt", attributes=attrs)]


def test_the_span_and_its_events_count_once_whichever_arrives_first() -> None:
    trace_id, first, second = os.urandom(16), new_span_id(), new_span_id()
    first_logs = logs_request(choice("call_a", "search", trace_id=trace_id, span_id=first))
    second_logs = logs_request(
        tool_message("call_a", trace_id=trace_id, span_id=second, content="found it"),
        event(
            "gen_ai.choice",
            {"index": 0, "finish_reason": "stop", "message": {"content": "ok"}},
            trace_id=trace_id,
            span_id=second,
        ),
    )
    # Span first, then its events; then events first, then the span.
    mapper = SpanMapper()
    events = _events(
        mapper,
        _span_of(trace_id, first, "tool_calls"),
        first_logs,
        second_logs,
        _span_of(trace_id, second, "stop"),
    )
    assert [type(e).__name__ for e in events] == ["Step", "ToolResult", "Step"]
    assert events[0].event_id == f"step:span:{first.hex()}"
    assert isinstance(events[1], ToolResult)
    assert events[1].preview == "found it"


def test_the_records_of_one_call_join_across_requests() -> None:
    # A simple log processor exports each record on its own: the input arrives before the output.
    trace_id, first, second = os.urandom(16), new_span_id(), new_span_id()
    mapper = SpanMapper()
    opening = event("gen_ai.user.message", {"content": "find it"}, trace_id=trace_id, span_id=first)
    answer = choice("call_a", "search", trace_id=trace_id, span_id=first, arguments="{}")
    fed = tool_message("call_a", trace_id=trace_id, span_id=second, content="found it")
    done = {"index": 0, "finish_reason": "stop", "message": {"content": "ok"}}
    events = _events(
        mapper,
        logs_request(opening),
        logs_request(answer),
        logs_request(fed),
        logs_request(event("gen_ai.choice", done, trace_id=trace_id, span_id=second)),
    )
    assert [type(e).__name__ for e in events] == ["Step", "ToolResult", "Step"]
    assert isinstance(events[1], ToolResult)
    assert events[1].preview == "found it"
