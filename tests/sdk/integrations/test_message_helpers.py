"""Verdict application on OpenAI (chat, Responses) and Anthropic message lists."""

from __future__ import annotations

from typing import Any

import pytest
from openai.types.chat import ChatCompletion
from openai.types.responses import Response

from loopwatch import Action, Finding, Guard, LoopDetected, Loopwatch, Verdict
from loopwatch.integrations import anthropic_messages, openai_messages

NUDGE = Verdict(action=Action.NUDGE, step=3, message="[loopwatch] stop repeating")
WITHDRAW = Verdict(action=Action.WITHDRAW_TOOLS, step=5, message="[loopwatch] answer now")
HALT = Verdict(action=Action.HALT, step=6, message="[loopwatch] halted")
TRIM = Verdict(
    action=Action.NUDGE,
    step=2,
    message="[loopwatch] you repeat yourself",
    finding=Finding(
        detector="degenerate_text",
        key="k",
        summary="s",
        count=40,
        first_step=2,
        last_step=2,
        trimmed_text="ok ok [repeated 40 times]",
    ),
)


def _chat_request() -> dict[str, Any]:
    return {
        "model": "m",
        "tools": [{"type": "function", "function": {"name": "search"}}],
        "tool_choice": "auto",
        "messages": [
            {"role": "user", "content": "find it"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "a", "type": "function", "function": {"name": "search", "arguments": "{}"}},
                    {"id": "b", "type": "function", "function": {"name": "search", "arguments": "{}"}},
                ],
            },
            {"role": "tool", "tool_call_id": "a", "content": "nothing"},
            {"role": "tool", "tool_call_id": "b", "content": "nothing"},
        ],
    }


def test_chat_nudge_goes_after_the_last_tool_result_once() -> None:
    request = _chat_request()
    openai_messages.apply_chat_verdict(NUDGE, request)
    openai_messages.apply_chat_verdict(NUDGE, request)  # applying twice changes nothing
    roles = [m["role"] for m in request["messages"]]
    assert roles == ["user", "assistant", "tool", "tool", "user"]
    assert request["messages"][-1]["content"] == NUDGE.message
    assert "tools" in request


def test_chat_nudge_is_never_inserted_between_two_tool_results() -> None:
    request = _chat_request()
    del request["messages"][-1]  # result of call "b" not in yet
    openai_messages.apply_chat_verdict(NUDGE, request)
    assert [m["role"] for m in request["messages"]] == ["user", "assistant", "tool"]


def test_chat_withdraw_removes_the_tools_and_halt_raises() -> None:
    request = _chat_request()
    openai_messages.apply_chat_verdict(WITHDRAW, request)
    assert not {"tools", "tool_choice"} & set(request)
    assert request["messages"][-1] == {"role": "user", "content": WITHDRAW.message}
    with pytest.raises(LoopDetected) as info:
        openai_messages.apply_chat_verdict(HALT, request)
    assert info.value.verdict is HALT


def test_chat_trimmed_text_replaces_the_degenerate_assistant_message() -> None:
    completion = ChatCompletion.model_validate(
        {
            "id": "x",
            "object": "chat.completion",
            "created": 0,
            "model": "m",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "tool_calls",
                    "message": {
                        "role": "assistant",
                        "content": "ok " * 40,
                        "tool_calls": [
                            {"id": "a", "type": "function", "function": {"name": "f", "arguments": "{}"}}
                        ],
                    },
                }
            ],
        }
    )
    messages: list[Any] = [{"role": "user", "content": "hi"}, completion.choices[0].message]
    messages.append({"role": "tool", "tool_call_id": "a", "content": "r"})
    openai_messages.apply_chat_verdict(TRIM, {"messages": messages})
    assert messages[1]["content"] == "ok ok [repeated 40 times]"
    assert messages[1]["tool_calls"][0]["id"] == "a"
    assert messages[-1]["content"] == TRIM.message


def test_record_chat_completion_reads_openai_objects() -> None:
    completion = ChatCompletion.model_validate(
        {
            "id": "x",
            "object": "chat.completion",
            "created": 0,
            "model": "m",
            "usage": {"prompt_tokens": 7, "completion_tokens": 3, "total_tokens": 10},
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "tool_calls",
                    "message": {
                        "role": "assistant",
                        "content": "looking",
                        "tool_calls": [
                            {
                                "id": "a",
                                "type": "function",
                                "function": {"name": "f", "arguments": '{"x": 1}'},
                            }
                        ],
                    },
                }
            ],
        }
    )
    with Loopwatch(agent="t", capture_content=True).run() as run, run.chat("m") as chat:
        step = openai_messages.record_chat_completion(chat, completion)
    assert step.text == "looking"
    assert [(c.id, c.name, c.arguments) for c in step.tool_calls] == [("a", "f", '{"x":1}')]
    assert step.usage is not None
    assert step.usage.output_tokens == 3


def _responses_request() -> dict[str, Any]:
    return {
        "model": "m",
        "tools": [{"type": "function", "name": "search"}],
        "input": [
            {"role": "user", "content": "find it"},
            {"type": "function_call", "call_id": "a", "name": "search", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "a", "output": "nothing"},
        ],
    }


def test_responses_nudge_withdraw_and_missing_output() -> None:
    request = _responses_request()
    openai_messages.apply_response_verdict(NUDGE, request)
    assert request["input"][-1] == {"role": "user", "content": NUDGE.message}
    openai_messages.apply_response_verdict(WITHDRAW, request)
    assert "tools" not in request
    pending = _responses_request()
    del pending["input"][-1]
    openai_messages.apply_response_verdict(NUDGE, pending)
    assert len(pending["input"]) == 2


def test_record_response_reads_function_calls_and_text() -> None:
    response = Response.model_validate(
        {
            "id": "r",
            "object": "response",
            "created_at": 0,
            "model": "m",
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
            "output": [
                {
                    "type": "message",
                    "id": "m1",
                    "role": "assistant",
                    "status": "completed",
                    "content": [{"type": "output_text", "text": "checking", "annotations": []}],
                },
                {"type": "function_call", "call_id": "c1", "name": "ls", "arguments": "{}", "id": "f1"},
            ],
        }
    )
    with Loopwatch(agent="t", capture_content=True).run() as run, run.chat("m") as chat:
        step = openai_messages.record_response(chat, response)
    assert step.text == "checking"
    assert [c.id for c in step.tool_calls] == ["c1"]


def _anthropic_request() -> dict[str, Any]:
    return {
        "model": "claude",
        "tools": [{"name": "search", "input_schema": {"type": "object"}}],
        "messages": [
            {"role": "user", "content": "find it"},
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "Searching."},
                    {"type": "tool_use", "id": "a", "name": "search", "input": {}},
                    {"type": "tool_use", "id": "b", "name": "search", "input": {}},
                ],
            },
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "a", "content": "nothing"},
                    {"type": "tool_result", "tool_use_id": "b", "content": "nothing"},
                ],
            },
        ],
    }


def test_anthropic_nudge_is_a_text_block_after_the_tool_results() -> None:
    request = _anthropic_request()
    anthropic_messages.apply_verdict(NUDGE, request)
    anthropic_messages.apply_verdict(NUDGE, request)
    assert len(request["messages"]) == 3  # same user message, no new turn
    blocks = request["messages"][-1]["content"]
    assert [b["type"] for b in blocks] == ["tool_result", "tool_result", "text"]
    assert blocks[-1]["text"] == NUDGE.message


def test_anthropic_missing_tool_result_gets_no_nudge() -> None:
    request = _anthropic_request()
    request["messages"][-1]["content"].pop()
    anthropic_messages.apply_verdict(NUDGE, request)
    assert [b["type"] for b in request["messages"][-1]["content"]] == ["tool_result"]


def test_anthropic_withdraw_forbids_calls_but_keeps_tool_definitions() -> None:
    request = _anthropic_request()
    anthropic_messages.apply_verdict(WITHDRAW, request)
    assert request["tool_choice"] == {"type": "none"}
    assert request["tools"]
    with pytest.raises(LoopDetected):
        anthropic_messages.apply_verdict(HALT, request)


def test_anthropic_trimmed_text_keeps_tool_use_blocks() -> None:
    request = _anthropic_request()
    anthropic_messages.apply_verdict(TRIM, request)
    assistant = request["messages"][1]["content"]
    assert assistant[0] == {"type": "text", "text": "ok ok [repeated 40 times]"}
    assert [b["type"] for b in assistant[1:]] == ["tool_use", "tool_use"]


def test_record_anthropic_message_and_detect_a_loop() -> None:
    lw = Loopwatch(agent="t", guard=Guard.local())
    verdicts = []
    with lw.run() as run:
        for n in range(5):
            message = {
                "role": "assistant",
                "stop_reason": "tool_use",
                "usage": {"input_tokens": 10, "output_tokens": 2},
                "content": [{"type": "tool_use", "id": f"t{n}", "name": "search", "input": {"q": "x"}}],
            }
            with run.chat("claude") as chat:
                step = anthropic_messages.record_message(chat, message)
            with run.tool(step.tool_calls[0]) as execution:
                execution.set_result("nothing")
            verdicts.append(run.after_batch().action)
    assert Action.NUDGE in verdicts
