"""The event-id rule: how the SDK and the collector's span mapper name the same event alike.

The engine de-duplicates events by ``event_id`` per trace, so the same call seen through OTLP
*and* ``LoopGuard.Evaluate`` (or through two instrumentations of one call) is counted once only
if every side derives the same id. This module is the only place the rule is written:

- ``Step``: ``step:<id of its first tool call>`` when it requested at least one call, else
  ``step:span:<span id of the LLM span, 16 lowercase hex>``; also ``step:span:<span id>`` for a
  step rebuilt from a model call's log events, or standing for a model call whose tool calls
  nothing recorded (either may come first: it counts once);
- ``ToolResult``: ``result:<tool call id>``;
- tool call id: the provider's call id (``gen_ai.tool.call.id``); when absent,
  ``span:<span id of the tool span>`` or ``span:<LLM span id>:<index>`` for the n-th call in an
  LLM span's output;
- ``UserMessage``: ``user:<span id of the span that carries it>:<n>`` (n-th in that span);
- a span attribute ``loopwatch.event.id`` (set by the loopwatch SDK, see
  ``loopwatch.wire.attributes``) overrides all of the above.

Pure functions, no I/O.
"""

from __future__ import annotations

__all__ = ["MAX_EVENT_ID_CHARS", "result_id", "span_call_id", "step_id", "user_message_id"]

# Event ids are dedupe keys kept in bounded session state: a span id, a tool call id or a
# "step:<call id>" fit easily; anything longer is a client bug, not an id.
MAX_EVENT_ID_CHARS = 256


def step_id(first_call_id: str | None, span_id: str) -> str:
    """The id of a step: named by its first call, else by the LLM span that made it."""
    return f"step:{first_call_id}" if first_call_id else f"step:span:{span_id}"


def result_id(call_id: str) -> str:
    """The id of the result of call ``call_id``."""
    return f"result:{call_id}"


def span_call_id(span_id: str, index: int | None = None) -> str:
    """The id of a tool call that has none: its tool span, or its place in an LLM span."""
    return f"span:{span_id}" if index is None else f"span:{span_id}:{index}"


def user_message_id(span_id: str, index: int) -> str:
    """The id of the ``index``-th user message recorded on span ``span_id``."""
    return f"user:{span_id}:{index}"
