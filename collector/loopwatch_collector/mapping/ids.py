"""Event ids of events built from spans: stable, so re-sent spans and the same call seen twice
(OTLP plus ``LoopGuard.Evaluate``, or two instrumentations of one call) are counted once.

- A span from loopwatch's SDK carries ``loopwatch.event.id``: that id is used as it is.
- Step: ``step:<id of its first tool call>`` when it requested calls, else ``step:span:<span id>``;
  also ``step:span:<span id>`` for a step rebuilt from a model call's log events, or standing for
  a model call whose tool calls nothing recorded (either may come first: it counts once).
- ToolResult: ``result:<tool call id>``.
- A tool call without an id (instrumentation did not record one) gets ``span:<span id>`` (a
  tool span) or ``span:<llm span id>:<index>`` (a call in an LLM span's output).
"""

from __future__ import annotations


def step_id(first_call_id: str | None, span_id: str) -> str:
    return f"step:{first_call_id}" if first_call_id else f"step:span:{span_id}"


def result_id(call_id: str) -> str:
    return f"result:{call_id}"


def span_call_id(span_id: str, index: int | None = None) -> str:
    return f"span:{span_id}" if index is None else f"span:{span_id}:{index}"
