"""Spans follow the GenAI conventions; privacy mode exports fingerprints, never content."""

from __future__ import annotations

import json

import pytest

from loopwatch import Action, Guard, Loopwatch
from loopwatch.fingerprint import call_fingerprint, canonical_arguments, result_fingerprint
from loopwatch.wire import attributes as attrs
from tests.sdk.sdk_helpers import Spans, interventions, run_fanout_agent, run_scripted_agent

SECRET_ARG = "weather in atlantis"
SECRET_RESULT = "No results found"
SECRET_TEXT = "Let me search"
CONTENT_KEYS = {attrs.GEN_AI_OUTPUT_MESSAGES, attrs.GEN_AI_TOOL_CALL_ARGUMENTS, attrs.GEN_AI_TOOL_CALL_RESULT}


def _all_strings(spans: Spans) -> str:
    """Every attribute and event value of every exported span, as one string."""
    parts: list[str] = []
    for span in spans.finished():
        parts.append(span.name)
        parts.extend(repr(v) for v in (span.attributes or {}).values())
        for event in span.events:
            parts.extend(repr(v) for v in (event.attributes or {}).values())
    return "\n".join(parts)


def test_span_names_kinds_and_genai_attributes(spans: Spans) -> None:
    lw = Loopwatch(agent="researcher", tracer_provider=spans.provider, provider_name="openai")
    outcome = run_scripted_agent(lw, max_steps=2, done_after=1)
    assert outcome.answer is not None

    (agent_span,) = spans.named("invoke_agent")
    assert agent_span.name == "invoke_agent researcher"
    assert agent_span.kind.name == "INTERNAL"
    a = agent_span.attributes or {}
    assert a[attrs.GEN_AI_OPERATION_NAME] == "invoke_agent"
    assert a[attrs.GEN_AI_AGENT_NAME] == "researcher"
    assert a[attrs.GEN_AI_CONVERSATION_ID] == "conv-1"
    assert f"{agent_span.context.trace_id:032x}" == outcome.trace_id
    assert [e.name for e in agent_span.events] == [attrs.USER_MESSAGE_EVENT]

    chats = spans.named("chat ")
    assert [c.name for c in chats] == ["chat fake-model", "chat fake-model"]
    chat = chats[0]
    assert chat.kind.name == "CLIENT"
    assert chat.parent is not None
    assert chat.parent.span_id == agent_span.context.span_id
    c = chat.attributes or {}
    assert c[attrs.GEN_AI_OPERATION_NAME] == "chat"
    assert c[attrs.GEN_AI_REQUEST_MODEL] == "fake-model"
    assert c[attrs.GEN_AI_PROVIDER_NAME] == "openai"
    assert c[attrs.GEN_AI_CONVERSATION_ID] == "conv-1"
    assert c[attrs.GEN_AI_RESPONSE_FINISH_REASONS] == ("tool_calls",)
    assert c[attrs.GEN_AI_USAGE_INPUT_TOKENS] == 100
    assert c[attrs.GEN_AI_USAGE_OUTPUT_TOKENS] == 10
    assert c[attrs.LOOPWATCH_EVENT_ID] == "step:call_1"
    assert c[attrs.LOOPWATCH_STEP_TOOL_CALL_IDS] == ("call_1",)
    assert c[attrs.LOOPWATCH_STEP_TOOL_CALL_NAMES] == ("search",)
    expected_call = call_fingerprint("search", canonical_arguments({"q": SECRET_ARG}))
    assert c[attrs.LOOPWATCH_STEP_TOOL_CALL_FINGERPRINTS] == (expected_call,)
    sketch = json.loads(str(c[attrs.LOOPWATCH_TEXT_SKETCH]))
    assert set(sketch) == {"length", "words", "minhash", "repetition", "announces", "again", "facts"}

    tool = spans.named("execute_tool")[0]
    assert tool.name == "execute_tool search"
    assert tool.kind.name == "INTERNAL"
    assert tool.parent is not None
    assert tool.parent.span_id == agent_span.context.span_id
    t = tool.attributes or {}
    assert t[attrs.GEN_AI_OPERATION_NAME] == "execute_tool"
    assert t[attrs.GEN_AI_TOOL_NAME] == "search"
    assert t[attrs.GEN_AI_TOOL_CALL_ID] == "call_1"
    assert t[attrs.GEN_AI_TOOL_TYPE] == "function"
    assert t[attrs.LOOPWATCH_EVENT_ID] == "result:call_1"
    final = chats[1].attributes or {}
    assert final[attrs.LOOPWATCH_EVENT_ID] == f"step:span:{chats[1].context.span_id:016x}"
    assert t[attrs.LOOPWATCH_TOOL_CALL_FINGERPRINT] == expected_call
    assert t[attrs.LOOPWATCH_TOOL_RESULT_FINGERPRINT] == result_fingerprint(
        "No results found for 'weather in atlantis'."
    )
    assert t[attrs.LOOPWATCH_TOOL_RESULT_SIZE] == len("No results found for 'weather in atlantis'.")
    assert t[attrs.LOOPWATCH_TOOL_RESULT_IS_ERROR] is False
    assert attrs.ERROR_TYPE not in t


def test_privacy_mode_exports_no_content_and_still_detects_the_loop(spans: Spans) -> None:
    lw = Loopwatch(agent="t", tracer_provider=spans.provider, guard=Guard.local())
    outcome = run_scripted_agent(lw)
    assert interventions(outcome)[0] is Action.NUDGE
    exported = _all_strings(spans)
    for secret in (SECRET_ARG, SECRET_RESULT, SECRET_TEXT, "Atlantis?"):
        assert secret not in exported
    for span in spans.finished():
        assert not CONTENT_KEYS & set(span.attributes or {})


def test_capture_on_records_output_messages_arguments_and_results(spans: Spans) -> None:
    lw = Loopwatch(agent="t", tracer_provider=spans.provider, capture_content=True)
    run_scripted_agent(lw, max_steps=2, done_after=1)
    chat = spans.named("chat ")[0].attributes or {}
    messages = json.loads(str(chat[attrs.GEN_AI_OUTPUT_MESSAGES]))
    assert messages == [
        {
            "role": "assistant",
            "parts": [
                {"type": "text", "content": "Let me search for that."},
                {"type": "tool_call", "id": "call_1", "name": "search", "arguments": {"q": SECRET_ARG}},
            ],
            "finish_reason": "tool_calls",
        }
    ]
    tool = spans.named("execute_tool")[0].attributes or {}
    assert json.loads(str(tool[attrs.GEN_AI_TOOL_CALL_ARGUMENTS])) == {"q": SECRET_ARG}
    assert tool[attrs.GEN_AI_TOOL_CALL_RESULT] == "No results found for 'weather in atlantis'."


def _run_failing_tool(lw: Loopwatch) -> None:
    with lw.run() as run:
        run.record_step("m", tool_calls=[{"id": "c1", "name": "lookup", "arguments": "{}"}])
        with run.tool("c1"):
            raise KeyError("missing")


def test_tool_exception_is_recorded_and_reraised(spans: Spans) -> None:
    lw = Loopwatch(agent="t", tracer_provider=spans.provider, guard=Guard.local(), capture_content=True)
    with pytest.raises(KeyError):
        _run_failing_tool(lw)
    (tool,) = spans.named("execute_tool")
    assert tool.status.status_code.name == "ERROR"
    t = tool.attributes or {}
    assert t[attrs.ERROR_TYPE] == "KeyError"
    assert t[attrs.LOOPWATCH_TOOL_RESULT_IS_ERROR] is True
    assert attrs.GEN_AI_TOOL_CALL_RESULT not in t
    (agent_span,) = spans.named("invoke_agent")
    assert (agent_span.attributes or {})[attrs.ERROR_TYPE] == "KeyError"


def test_error_result_without_exception_sets_error_type(spans: Spans) -> None:
    lw = Loopwatch(agent="t", tracer_provider=spans.provider)
    with lw.run() as run:
        step = run.record_step("m", tool_calls=[{"id": "c1", "name": "http_get", "arguments": {"u": 1}}])
        with run.tool(step.tool_calls[0]) as execution:
            execution.set_result({"status": 404}, is_error=True, error_type="http_404")
    t = spans.named("execute_tool")[0].attributes or {}
    assert t[attrs.ERROR_TYPE] == "http_404"


def test_halt_and_interventions_are_span_events(spans: Spans) -> None:
    lw = Loopwatch(agent="t", tracer_provider=spans.provider, guard=Guard.local())
    outcome = run_scripted_agent(lw, obey_withdraw=False)
    assert outcome.halted is not None
    (agent_span,) = spans.named("invoke_agent")
    verdicts = [e for e in agent_span.events if e.name == attrs.VERDICT_EVENT]
    assert [(e.attributes or {})[attrs.LOOPWATCH_VERDICT_ACTION] for e in verdicts][-3:] == [
        "nudge",
        "withdraw_tools",
        "halt",
    ]
    assert (agent_span.attributes or {})[attrs.ERROR_TYPE] == "LoopDetected"
    assert agent_span.status.status_code.name == "ERROR"


def test_privacy_mode_keeps_the_text_to_call_link_and_stays_quiet_on_fan_out(spans: Spans) -> None:
    lw = Loopwatch(agent="t", tracer_provider=spans.provider, guard=Guard.local(), capture_content=False)
    assert set(run_fanout_agent(lw)) == {Action.CONTINUE}
    for chat in spans.named("chat "):
        a = chat.attributes or {}
        assert a[attrs.LOOPWATCH_STEP_REFERS_TO_CALLS] is True
        assert attrs.GEN_AI_OUTPUT_MESSAGES not in a
    assert "module_" not in _all_strings(spans)


def test_reused_provider_call_ids_do_not_hide_the_loop(spans: Spans) -> None:
    """Some servers send ``call_0`` every turn: event ids must stay unique or repeats vanish."""
    lw = Loopwatch(agent="t", tracer_provider=spans.provider, guard=Guard.local())
    seen: list[Action] = []
    with lw.run() as run:
        for _ in range(3):
            run.record_step("m", tool_calls=[{"id": "call_0", "name": "ls", "arguments": {"d": "/"}}])
            with run.tool("call_0") as execution:  # the provider's id still works
                execution.set_result("same")
            seen.append(run.after_batch().action)
        step = run.record_step("m", tool_calls=[{"id": "x", "name": "a", "arguments": {}}] * 2)
        assert [c.id for c in step.tool_calls] == ["x", "x#1"]
    assert seen == [Action.CONTINUE, Action.CONTINUE, Action.NUDGE]
    event_ids = [(s.attributes or {}).get(attrs.LOOPWATCH_EVENT_ID) for s in spans.finished()]
    event_ids = [e for e in event_ids if e is not None]
    assert len(event_ids) == len(set(event_ids))
    assert "step:call_0#2" in event_ids
    assert "result:call_0#2" in event_ids
