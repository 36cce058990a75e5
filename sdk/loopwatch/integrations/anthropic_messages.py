"""Anthropic Messages tool loops: record steps, apply verdicts.

Works on the ``anthropic`` SDK's objects or plain dicts; ``anthropic`` is not imported. The
request is the ``dict`` of keyword arguments of the next ``client.messages.create(**request)``;
``apply_verdict`` edits it in place:

- NUDGE: the verdict's message becomes a ``text`` block appended to the ``user`` message that
  carries the batch's ``tool_result`` blocks, after them (Anthropic wants tool results first
  in that message, and a separate user message would break the alternation). When a
  ``tool_use`` of the last assistant message has no result yet, nothing is inserted and a
  warning is logged once;
- WITHDRAW_TOOLS: the same for its message, and ``tool_choice`` becomes ``{"type": "none"}``.
  The ``tools`` stay defined because a request whose history holds ``tool_use`` /
  ``tool_result`` blocks must define them; ``none`` forbids new calls, which is the point;
- HALT: raises ``LoopDetected``;
- a finding with ``trimmed_text`` replaces the text of the last assistant message.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from loopwatch._recorders import ChatSpan
from loopwatch.events import Step
from loopwatch.exceptions import LoopDetected
from loopwatch.integrations._common import as_dict, field, warn_once
from loopwatch.verdict import Action, Verdict


def record_message(chat: ChatSpan, message: Any) -> Step:
    """Record an Anthropic ``Message`` (object or dict) on ``chat``."""
    texts: list[str] = []
    calls = []
    for block in field(message, "content") or []:
        kind = field(block, "type")
        if kind == "text":
            texts.append(str(field(block, "text") or ""))
        elif kind == "tool_use":
            calls.append(
                {"id": field(block, "id"), "name": field(block, "name"), "arguments": field(block, "input")}
            )
    usage = field(message, "usage")
    return chat.record(
        text="\n".join(texts) or None,
        tool_calls=calls,
        finish_reason=field(message, "stop_reason"),
        input_tokens=field(usage, "input_tokens"),
        output_tokens=field(usage, "output_tokens"),
    )


def apply_verdict(verdict: Verdict, request: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """Apply ``verdict`` to the next Messages request (``request["messages"]``); see module doc."""
    if verdict.action is Action.HALT:
        raise LoopDetected(verdict)
    messages: list[Any] = request["messages"]
    _swap_trimmed(verdict, messages)
    if verdict.action in (Action.NUDGE, Action.WITHDRAW_TOOLS) and verdict.message:
        _append_note(messages, verdict.message)
    if verdict.action is Action.WITHDRAW_TOOLS:
        request["tool_choice"] = {"type": "none"}
    return request


def _blocks(content: Any) -> list[Any]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return list(content or [])


def _append_note(messages: list[Any], text: str) -> None:
    if not _batch_complete(messages):
        warn_once("anthropic.incomplete", "loopwatch: a tool_result is missing; nudge not inserted")
        return
    note = {"type": "text", "text": text}
    last = messages[-1] if messages else None
    if last is None or field(last, "role") != "user":
        messages.append({"role": "user", "content": [note]})
        return
    message = as_dict(last)
    blocks = _blocks(message.get("content"))
    if blocks and field(blocks[-1], "type") == "text" and field(blocks[-1], "text") == text:
        return  # applied already
    message["content"] = [*blocks, note]
    messages[-1] = message


def _batch_complete(messages: list[Any]) -> bool:
    """True when every ``tool_use`` of the last assistant message has a ``tool_result`` after it."""
    for index in range(len(messages) - 1, -1, -1):
        if field(messages[index], "role") != "assistant":
            continue
        wanted = {
            field(b, "id")
            for b in _blocks(field(messages[index], "content"))
            if field(b, "type") == "tool_use"
        }
        answered = {
            field(b, "tool_use_id")
            for m in messages[index + 1 :]
            for b in _blocks(field(m, "content"))
            if field(b, "type") == "tool_result"
        }
        return wanted <= answered
    return True


def _swap_trimmed(verdict: Verdict, messages: list[Any]) -> None:
    trimmed = verdict.finding.trimmed_text if verdict.finding is not None else None
    if trimmed is None:
        return
    for index in range(len(messages) - 1, -1, -1):
        if field(messages[index], "role") != "assistant":
            continue
        message = as_dict(messages[index])
        blocks = _blocks(message.get("content"))
        kept = [b for b in blocks if field(b, "type") != "text"]
        message["content"] = [{"type": "text", "text": trimmed}, *kept]
        messages[index] = message
        return
