"""OpenAI tool loops (chat completions and Responses): record steps, apply verdicts.

Works on the ``openai`` SDK's objects or on plain dicts of the same shape; ``openai`` itself is
not imported. The request is the ``dict`` of keyword arguments of the next
``client.chat.completions.create(**request)`` (with ``messages``) or
``client.responses.create(**request)`` (with ``input``); ``apply_*_verdict`` edit it in place:

- NUDGE: the verdict's message is appended as a ``user`` message after the last tool result
  of the batch (never between two tool results: when a call of the last batch has no result
  yet, nothing is inserted and a warning is logged once);
- WITHDRAW_TOOLS: the same for its message, and ``tools`` / ``tool_choice`` /
  ``parallel_tool_calls`` are removed so that the next response is a final answer;
- HALT: raises ``LoopDetected`` (``run.after_batch()`` already does);
- a finding with ``trimmed_text`` (degenerate text) replaces the text of the last assistant
  message, so the repeated text is not fed back to the model.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from loopwatch._recorders import ChatSpan
from loopwatch.events import Step
from loopwatch.exceptions import LoopDetected
from loopwatch.integrations._common import as_dict, field, warn_once
from loopwatch.verdict import Action, Verdict

_TOOL_KEYS = ("tools", "tool_choice", "parallel_tool_calls")


def record_chat_completion(chat: ChatSpan, completion: Any) -> Step:
    """Record the first choice of a chat completion (object or dict) on ``chat``."""
    choices = field(completion, "choices") or []
    choice = choices[0] if choices else None
    message = field(choice, "message") if choice is not None else None
    calls = []
    for call in field(message, "tool_calls") or []:
        function = field(call, "function")
        calls.append(
            {
                "id": field(call, "id"),
                "name": field(function, "name"),
                "arguments": field(function, "arguments"),
            }
        )
    usage = field(completion, "usage")
    return chat.record(
        text=_text(field(message, "content")),
        tool_calls=calls,
        finish_reason=field(choice, "finish_reason"),
        input_tokens=field(usage, "prompt_tokens"),
        output_tokens=field(usage, "completion_tokens"),
    )


def record_response(chat: ChatSpan, response: Any) -> Step:
    """Record a Responses API response (object or dict) on ``chat``."""
    texts: list[str] = []
    calls = []
    for item in field(response, "output") or []:
        kind = field(item, "type")
        if kind == "function_call":
            calls.append(
                {
                    "id": field(item, "call_id"),
                    "name": field(item, "name"),
                    "arguments": field(item, "arguments"),
                }
            )
        elif kind == "message":
            for part in field(item, "content") or []:
                if field(part, "type") == "output_text":
                    texts.append(str(field(part, "text") or ""))
    usage = field(response, "usage")
    return chat.record(
        text="\n".join(texts) or None,
        tool_calls=calls,
        finish_reason="tool_calls" if calls else field(response, "status"),
        input_tokens=field(usage, "input_tokens"),
        output_tokens=field(usage, "output_tokens"),
    )


def apply_chat_verdict(verdict: Verdict, request: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """Apply ``verdict`` to a chat-completions request (``request["messages"]``); see module doc."""
    if verdict.action is Action.HALT:
        raise LoopDetected(verdict)
    messages: list[Any] = request["messages"]
    _swap_trimmed_chat(verdict, messages)
    if verdict.action in (Action.NUDGE, Action.WITHDRAW_TOOLS) and verdict.message:
        if _chat_batch_complete(messages):
            if not _already_last(messages, verdict.message):
                messages.append({"role": "user", "content": verdict.message})
        else:
            warn_once("openai.chat.incomplete", "loopwatch: a tool result is missing; nudge not inserted")
    if verdict.action is Action.WITHDRAW_TOOLS:
        for key in _TOOL_KEYS:
            request.pop(key, None)
    return request


def apply_response_verdict(verdict: Verdict, request: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """Apply ``verdict`` to a Responses API request (``request["input"]``, a list)."""
    if verdict.action is Action.HALT:
        raise LoopDetected(verdict)
    items: list[Any] = request["input"]
    _swap_trimmed_response(verdict, items)
    if verdict.action in (Action.NUDGE, Action.WITHDRAW_TOOLS) and verdict.message:
        if _response_batch_complete(items):
            if not _already_last(items, verdict.message):
                items.append({"role": "user", "content": verdict.message})
        else:
            warn_once(
                "openai.responses.incomplete",
                "loopwatch: a function_call_output is missing; nudge not inserted",
            )
    if verdict.action is Action.WITHDRAW_TOOLS:
        for key in _TOOL_KEYS:
            request.pop(key, None)
    return request


def _text(content: Any) -> str | None:
    if content is None or isinstance(content, str):
        return content
    parts = [str(field(p, "text") or "") for p in content if field(p, "type") in ("text", "output_text")]
    return "\n".join(parts) or None


def _already_last(messages: list[Any], text: str) -> bool:
    return bool(messages) and field(messages[-1], "role") == "user" and field(messages[-1], "content") == text


def _chat_batch_complete(messages: list[Any]) -> bool:
    """True when every call of the last assistant message has its ``tool`` message."""
    for index in range(len(messages) - 1, -1, -1):
        if field(messages[index], "role") == "assistant":
            wanted = {field(c, "id") for c in field(messages[index], "tool_calls") or []}
            answered = {field(m, "tool_call_id") for m in messages[index + 1 :] if field(m, "role") == "tool"}
            return wanted <= answered
    return True


def _response_batch_complete(items: list[Any]) -> bool:
    calls = {field(i, "call_id") for i in items if field(i, "type") == "function_call"}
    outputs = {field(i, "call_id") for i in items if field(i, "type") == "function_call_output"}
    return calls <= outputs


def _trimmed(verdict: Verdict) -> str | None:
    return verdict.finding.trimmed_text if verdict.finding is not None else None


def _swap_trimmed_chat(verdict: Verdict, messages: list[Any]) -> None:
    trimmed = _trimmed(verdict)
    if trimmed is None:
        return
    for index in range(len(messages) - 1, -1, -1):
        if field(messages[index], "role") == "assistant":
            message = as_dict(messages[index])
            message["content"] = trimmed
            messages[index] = message
            return


def _swap_trimmed_response(verdict: Verdict, items: list[Any]) -> None:
    trimmed = _trimmed(verdict)
    if trimmed is None:
        return
    for index in range(len(items) - 1, -1, -1):
        if field(items[index], "type") == "message" and field(items[index], "role") == "assistant":
            item = as_dict(items[index])
            item["content"] = [{"type": "output_text", "text": trimmed, "annotations": []}]
            items[index] = item
            return
