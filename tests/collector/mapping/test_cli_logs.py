"""Claude Code's and Codex's own log events (recorded from the real CLIs) -> sessions and events:
one session per CLI session named as the hooks name it, a step per tool call with the hooks'
ids, failures from ``success`` (and Codex's exit code), tokens once on the next step, what the
events lack left unknown, re-sent records counted once, bounded input."""

from __future__ import annotations

import uuid

from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import KeyValue
from opentelemetry.proto.logs.v1.logs_pb2 import LogRecord, ResourceLogs, ScopeLogs

from loopwatch.events import Event, Step, ToolResult, UserMessage
from loopwatch.wire import MAX_ID_CHARS
from loopwatch_collector.mapping.cli_logs import CliSessions, CliTrace
from tests.collector.mapping.cli_fixtures import (
    CLAUDE_HOOKS_SESSION,
    CLAUDE_TOOL_DETAILS_SESSION,
    CODEX_SESSION,
    FAILING_CALLS,
    MODEL_CALLS,
    TOKENS_PER_CALL,
    recorded,
)
from tests.collector.receivers.otlp_requests import value

MAX_SESSIONS = 100


def _mapped(name: str, sessions: CliSessions | None = None) -> tuple[list[CliTrace], list[Event]]:
    sessions = sessions or CliSessions(max_sessions=MAX_SESSIONS)
    traces = [trace for request in recorded(name) for trace in sessions.map(request)]
    return traces, [event for trace in traces for event in trace.events]


def _tokens(events: list[Event]) -> tuple[int, int]:
    usages = [e.usage for e in events if isinstance(e, Step) and e.usage is not None]
    return sum(u.input_tokens for u in usages), sum(u.output_tokens for u in usages)


def _results(events: list[Event]) -> list[ToolResult]:
    return [e for e in events if isinstance(e, ToolResult)]


def test_a_claude_code_session_is_the_hooks_session_with_each_call_and_its_failure() -> None:
    traces, events = _mapped("claude_code_tool_details")
    assert {t.context.trace_id for t in traces} == {uuid.UUID(CLAUDE_TOOL_DETAILS_SESSION).hex}
    assert {(t.context.agent, t.context.conversation_id) for t in traces} == {
        ("claude-code", CLAUDE_TOOL_DETAILS_SESSION)
    }
    steps = [e for e in events if isinstance(e, Step) and e.tool_calls]
    assert [s.event_id for s in steps] == [f"call:toolu_00000{n}" for n in range(1, 6)]
    assert [s.tool_calls[0].arguments for s in steps[:2]] == [
        '{"command":"python3 check.py","description":"run it"}'
    ] * 2
    results = _results(events)
    assert [r.event_id for r in results] == [f"result:toolu_00000{n}" for n in range(1, 6)]
    assert [r.is_error for r in results] == [True] * FAILING_CALLS + [False]
    assert {r.error_type for r in results[:FAILING_CALLS]} == {"ShellError"}
    assert len({r.fingerprint for r in results[:FAILING_CALLS]}) == 1  # the same failure each time
    assert isinstance(events[0], UserMessage)
    answer = events[-1]
    assert isinstance(answer, Step)
    assert (answer.tool_calls, answer.text) == ((), "I give up.")


def test_every_model_call_s_tokens_count_once() -> None:
    _, events = _mapped("claude_code_tool_details")
    assert _tokens(events) == (MODEL_CALLS * TOKENS_PER_CALL[0], MODEL_CALLS * TOKENS_PER_CALL[1])
    _, events = _mapped("codex")
    assert _tokens(events) == (MODEL_CALLS * TOKENS_PER_CALL[0], MODEL_CALLS * TOKENS_PER_CALL[1])


def test_without_tool_details_calls_are_names_and_results_unknown() -> None:
    _, events = _mapped("claude_code_default")
    calls = [c for e in events if isinstance(e, Step) for c in e.tool_calls]
    assert len(calls) == FAILING_CALLS + 1
    assert all(c.arguments is None for c in calls)
    results = _results(events)
    assert [r.is_error for r in results] == [True] * FAILING_CALLS + [False]
    assert len({r.fingerprint for r in results}) == len(results)  # "the same result" never claimed


def test_a_codex_session_has_its_calls_outputs_and_exit_codes() -> None:
    traces, events = _mapped("codex")
    assert {(t.context.trace_id, t.context.agent) for t in traces} == {
        (uuid.UUID(CODEX_SESSION).hex, "codex")
    }
    steps = [e for e in events if isinstance(e, Step) and e.tool_calls]
    assert [s.tool_calls[0].arguments for s in steps] == ['{"cmd":"python3 check.py"}'] * FAILING_CALLS + [
        '{"cmd":"echo ok"}'
    ]
    results = _results(events)
    assert [r.is_error for r in results] == [True] * FAILING_CALLS + [False]
    assert [r.preview for r in results][-1] == "ok"  # the output without the shell's header
    # The header's chunk id and wall time change on every run: the outputs still compare equal.
    assert len({r.fingerprint for r in results[:FAILING_CALLS]}) == 1


def test_re_sent_requests_count_once() -> None:
    sessions = CliSessions(max_sessions=MAX_SESSIONS)
    requests = recorded("codex")
    first = [e for r in requests for t in sessions.map(r) for e in t.events]
    again = [t for r in requests for t in sessions.map(r)]
    assert first
    assert [e for t in again for e in t.events] == []
    assert sum(t.records for t in again) > 0  # still counted as records of the request


def test_with_hooks_telemetry_adds_the_turn_s_tokens_on_its_answer() -> None:
    traces, events = _mapped("claude_code_with_hooks")
    assert {t.context.trace_id for t in traces} == {uuid.UUID(CLAUDE_HOOKS_SESSION).hex}
    assert not [e for e in events if isinstance(e, UserMessage)]  # the hooks report the prompt
    steps = [e for e in events if isinstance(e, Step)]
    assert all(s.usage is None for s in steps if s.tool_calls)  # the hooks' steps: dropped as re-sends
    answer = steps[-1]
    assert not answer.tool_calls
    assert answer.usage is not None
    assert (answer.usage.input_tokens, answer.usage.output_tokens) == (
        MODEL_CALLS * TOKENS_PER_CALL[0],
        MODEL_CALLS * TOKENS_PER_CALL[1],
    )
    denied = next(r for r in _results(events) if r.call_id == "toolu_000004")
    assert (denied.is_error, denied.error_type) == (True, "rejected")  # denied by the hook: the hooks' id


def test_privacy_mode_keeps_fingerprints_only() -> None:
    _, open_events = _mapped("codex")
    _, private = _mapped("codex", CliSessions(capture_content=False, max_sessions=MAX_SESSIONS))
    calls = [c for e in private if isinstance(e, Step) for c in e.tool_calls]
    assert calls
    assert all(c.arguments is None for c in calls)
    assert all(r.preview is None for r in _results(private))
    assert [r.fingerprint for r in _results(private)] == [r.fingerprint for r in _results(open_events)]


def _claude_record(session: str, **attrs: object) -> ExportLogsServiceRequest:
    record = LogRecord(time_unix_nano=1)
    record.body.CopyFrom(value(f"claude_code.{attrs['event.name']}"))
    for key, item in {"session.id": session, **attrs}.items():
        record.attributes.append(KeyValue(key=key, value=value(item)))
    scope = ScopeLogs(log_records=[record])
    scope.scope.name = "com.anthropic.claude_code.events"
    return ExportLogsServiceRequest(resource_logs=[ResourceLogs(scope_logs=[scope])])


def test_oversized_ids_are_ignored_and_oversized_input_is_digested() -> None:
    sessions = CliSessions(max_sessions=MAX_SESSIONS)
    too_long = "s" * (MAX_ID_CHARS + 1)
    assert sessions.map(_claude_record(too_long, **{"event.name": "user_prompt"})) == []
    huge = '{"command": "' + "x" * 1_000_000 + '"}'
    long_call = {
        "event.name": "tool_result",
        "tool_use_id": "t" * 1000,
        "tool_name": "Bash",
        "success": "true",
    }
    assert sessions.map(_claude_record("s1", **long_call)) == []  # longer than an event id allows
    (trace,) = sessions.map(
        _claude_record(
            "s1",
            **{
                "event.name": "tool_result",
                "tool_use_id": "t1",
                "tool_name": "Bash",
                "success": "true",
                "tool_input": huge,
            },
        )
    )
    step = trace.events[0]
    assert isinstance(step, Step)
    arguments = step.tool_calls[0].arguments
    assert arguments is not None
    assert len(arguments) < len(huge) // 1000
    assert "loopwatch.digest" in arguments


def test_sessions_remembered_are_bounded() -> None:
    sessions = CliSessions(max_sessions=2)
    for n in range(3):
        sessions.map(_claude_record(f"s{n}", **{"event.name": "api_request", "input_tokens": 7}))
    # s0 was forgotten with its pending tokens; s2's still ride on its next step.
    (forgotten,) = sessions.map(_claude_record("s0", **{"event.name": "assistant_response"}))
    (kept,) = sessions.map(_claude_record("s2", **{"event.name": "assistant_response"}))
    assert _tokens(list(forgotten.events)) == (0, 0)
    assert _tokens(list(kept.events)) == (7, 0)
