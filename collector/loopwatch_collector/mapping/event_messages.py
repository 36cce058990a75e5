"""GenAI message events -> the semconv messages they stand for, wherever the events travel.

The older GenAI conventions (and instrumentations in their default mode) put a model call's
content in events rather than in ``gen_ai.input.messages`` / ``gen_ai.output.messages``. The
same events arrive as OTLP log records (:mod:`logs`: the content in the record's body) or as span
events (:mod:`span_events`: the content in the event's attributes); both feed a
:class:`Messages`, which rebuilds the semconv attributes the family readers already know:

- ``gen_ai.system.message`` / ``gen_ai.user.message`` / ``gen_ai.assistant.message`` /
  ``gen_ai.tool.message`` (``{content?, tool_calls?, id?}``): the input, one event each;
- ``gen_ai.choice`` (``{index?, finish_reason, message}``): the output;
- ``gen_ai.client.inference.operation.details``: the whole call, with the semconv attributes;
- ``gen_ai.content.prompt`` / ``gen_ai.content.completion`` (``gen_ai.prompt`` /
  ``gen_ai.completion``: a JSON list of chat messages, or plain text): the older event pair.

A message's ``content`` is plain text, or (as JSON text or structured) a list of Bedrock-style
content blocks (``{"text"}``, ``{"toolUse": {toolUseId, name, input}}``, ``{"toolResult":
{toolUseId, content}}``: Strands Agents); ``message`` in a choice is a message object or such a
list. With content capture off the bodies still carry the tool calls' ids and names and the
finish reason.

Contract: never raises on any decoded value (the helpers of :mod:`values`); the text read is
bounded like every attribute (``values.loads`` parses at most ``MAX_CONTENT_CHARS``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from loopwatch_collector.mapping.values import items, loads, mapping, text

INPUT_EVENTS = {
    "gen_ai.system.message": "system",
    "gen_ai.user.message": "user",
    "gen_ai.assistant.message": "assistant",
    "gen_ai.tool.message": "tool",
}
CHOICE_EVENT = "gen_ai.choice"
DETAILS_EVENT = "gen_ai.client.inference.operation.details"
PROMPT_EVENT = "gen_ai.content.prompt"
COMPLETION_EVENT = "gen_ai.content.completion"
GENAI_EVENTS = frozenset({*INPUT_EVENTS, CHOICE_EVENT, DETAILS_EVENT, PROMPT_EVENT, COMPLETION_EVENT})
INPUT_KEY = "gen_ai.input.messages"
OUTPUT_KEY = "gen_ai.output.messages"


@dataclass(slots=True)
class Messages:
    """The messages of one model call, gathered from its events in order."""

    inputs: list[dict[str, Any]] = field(default_factory=list)
    outputs: list[dict[str, Any]] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)

    def add(self, name: str, body: Mapping[str, Any], attrs: Mapping[str, Any]) -> None:
        """Add event ``name`` (one of ``GENAI_EVENTS``) with its ``body`` and ``attrs``."""
        if name == DETAILS_EVENT:
            self.details.update(attrs)
        elif name == CHOICE_EVENT:
            self.outputs.append(_choice(body))
        elif name == PROMPT_EVENT:
            self.inputs.extend(_chat_messages(attrs.get("gen_ai.prompt"), default_role="user"))
        elif name == COMPLETION_EVENT:
            self.outputs.extend(_chat_messages(attrs.get("gen_ai.completion"), default_role="assistant"))
        elif INPUT_EVENTS[name] == "tool":
            self.inputs.append({"role": "tool", "parts": _tool_parts(body)})
        else:
            self.inputs.append({"role": INPUT_EVENTS[name], "parts": parts(body)})

    def attributes(self) -> dict[str, Any]:
        """The semconv attributes these events stand for (the details event's win)."""
        attrs: dict[str, Any] = {}
        if self.inputs:
            attrs[INPUT_KEY] = self.inputs
        if self.outputs:
            attrs[OUTPUT_KEY] = self.outputs
        attrs.update(self.details)
        return attrs


def parts(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Semconv message parts from a message's ``content`` (text or content blocks) and
    ``tool_calls`` (OpenAI shape)."""
    found = _block_parts(message.get("content"))
    for raw in items(message.get("tool_calls")):
        call = mapping(raw)
        function = mapping(call.get("function"))
        part: dict[str, Any] = {
            "type": "tool_call",
            "id": text(call.get("id")),
            "name": text(function.get("name")) or text(call.get("name")) or "unknown",
        }
        if "arguments" in function:
            part["arguments"] = function["arguments"]
        found.append(part)
    return found


def blocks(value: Any) -> list[Mapping[str, Any]] | None:
    """``value`` as a list of Bedrock-style content blocks, or ``None`` when it is not one."""
    found = loads(value)
    if not isinstance(found, list) or not found:
        return None
    if not all(isinstance(block, Mapping) and block.keys() & _BLOCK_KEYS for block in found):
        return None
    return found


def block_text(value: Any) -> Any:
    """A tool result's content: the text of its ``{"text"}`` blocks joined, else ``value``."""
    found = blocks(value)
    if found is None:
        return value
    texts = [block["text"] for block in found if isinstance(block.get("text"), str)]
    return "\n".join(texts) if len(texts) == len(found) else value


_BLOCK_KEYS = frozenset({"text", "toolUse", "toolResult", "json", "image", "document", "reasoningContent"})


def _block_parts(content: Any) -> list[dict[str, Any]]:
    found = blocks(content)
    if found is None:
        return [{"type": "text", "content": content}] if isinstance(content, str) and content else []
    result: list[dict[str, Any]] = []
    for block in found:
        if isinstance(block.get("text"), str):
            result.append({"type": "text", "content": block["text"]})
        elif "toolUse" in block:
            use = mapping(block["toolUse"])
            part: dict[str, Any] = {
                "type": "tool_call",
                "id": text(use.get("toolUseId")),
                "name": text(use.get("name")) or "unknown",
            }
            if "input" in use:
                part["arguments"] = use["input"]
            result.append(part)
        elif "toolResult" in block:
            done = mapping(block["toolResult"])
            response: dict[str, Any] = {"type": "tool_call_response", "id": text(done.get("toolUseId"))}
            if "content" in done:
                response["response"] = block_text(done["content"])
            result.append(response)
    return result


def _tool_parts(body: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A tool message: its content's ``toolResult`` blocks, else one response by ``id``."""
    found = [part for part in _block_parts(body.get("content")) if part["type"] == "tool_call_response"]
    if found:
        return found
    part: dict[str, Any] = {"type": "tool_call_response", "id": text(body.get("id"))}
    if "content" in body:
        part["response"] = body["content"]
    return [part]


def _choice(body: Mapping[str, Any]) -> dict[str, Any]:
    message = loads(body.get("message"))
    if not isinstance(message, Mapping):
        message = {"content": message}  # a list of content blocks, or text
    return {
        "role": text(message.get("role")) or "assistant",
        "parts": parts(message),
        "finish_reason": text(body.get("finish_reason")),
    }


def _chat_messages(value: Any, *, default_role: str) -> list[dict[str, Any]]:
    """``gen_ai.prompt`` / ``gen_ai.completion``: a JSON list of chat messages, or plain text."""
    found = loads(value)
    if isinstance(found, str) and found:
        return [{"role": default_role, "parts": [{"type": "text", "content": found}]}]
    messages: list[dict[str, Any]] = []
    for raw in items(found):
        message = mapping(raw)
        role = text(message.get("role")) or default_role
        if role == "tool":
            messages.append(
                {"role": role, "parts": _tool_parts({**message, "id": message.get("tool_call_id")})}
            )
        else:
            messages.append({"role": role, "parts": parts(message)})
    return messages
