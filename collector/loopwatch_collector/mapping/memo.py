"""The mapper's memory of a trace between batches: context, calls awaiting results, model calls
that made their step. Bounded: ``CALL_MEMORY`` call ids per kind, oldest forgotten first."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from loopwatch_collector.mapping.call_mark import CallMark

if TYPE_CHECKING:
    from loopwatch_collector.mapping.model import LlmSpan
    from loopwatch_collector.mapping.spans import SpanView

# Call ids remembered per trace: a step requests a handful; results arrive within a few steps.
CALL_MEMORY = 256


@dataclass(slots=True)
class TraceMemo:
    """What the mapper remembers of one trace (or merged session) between batches."""

    agent: str | None = None
    service: str | None = None
    conversation_id: str | None = None
    carried: dict[str, None] = field(default_factory=dict)  # calls requested by an LLM step
    awaiting: dict[str, None] = field(default_factory=dict)  # calls without a result yet
    pending: dict[str, list[str]] = field(default_factory=dict)  # tool name -> unmatched call ids
    # (span id, end) of a model call that stopped for tools with no calls recorded, until a tool
    # span makes its step or the next model call shows that none will (client-only, content off).
    silent: tuple[str, int] | None = None
    covered: dict[str, None] = field(default_factory=dict)  # model calls that made their step
    # Parents of tool spans that made a synthesised step: a content-free model call among them ran
    # those tools inside its own span (the Vercel AI SDK), which ends, and arrives, after them.
    tool_parents: dict[str, None] = field(default_factory=dict)
    # (trace id, span id) of the model call that made the last step; None when tool spans alone
    # made it. A batch of tool results only still judges that step (TraceContext.step_span).
    step_span: tuple[str, str] | None = None
    # A content-free model call that answered, exported before its parent: it may be the inner
    # report of a call whose outer report comes next (``same_call``); its step waits for the
    # parent (then made unless the parent took it over) or the next model call.
    answer: tuple[SpanView, LlmSpan] | None = None
    # Model-call spans seen (span id -> mark), to recognise a second report of one call.
    calls: dict[str, CallMark] = field(default_factory=dict)


def take_pending(memo: TraceMemo, name: str) -> str | None:
    waiting = memo.pending.get(name)
    if not waiting:
        return None
    call_id = waiting.pop(0)
    if not waiting:
        del memo.pending[name]
    return call_id


def remember(memory: dict[str, None], key: str) -> None:
    memory[key] = None
    if len(memory) > CALL_MEMORY:
        del memory[next(iter(memory))]


def remember_call(memo: TraceMemo, mark: CallMark) -> None:
    memo.calls[mark.span_id] = mark
    if len(memo.calls) > CALL_MEMORY:
        del memo.calls[next(iter(memo.calls))]


def adopt(into: TraceMemo, trace: TraceMemo) -> None:
    """Carry what ``trace``'s memo learnt of its model calls into its session's memo ``into``
    (a trace first seen alone, then folded into a session: ``mapping/sessions.py``)."""
    for mark in trace.calls.values():
        remember_call(into, mark)
    for span_id in trace.covered:
        remember(into.covered, span_id)
    if into.silent is None:
        into.silent = trace.silent
    if into.answer is None:
        into.answer = trace.answer


def bound_pending(memo: TraceMemo) -> None:
    total = sum(len(v) for v in memo.pending.values())
    while total > CALL_MEMORY and memo.pending:
        name = next(iter(memo.pending))
        waiting = memo.pending[name]
        waiting.pop(0)
        total -= 1
        if not waiting:
            del memo.pending[name]
