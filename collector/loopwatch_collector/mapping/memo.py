"""The mapper's memory of a trace between batches: context, calls awaiting results, model calls
that made their step. Bounded: ``CALL_MEMORY`` call ids per kind, oldest forgotten first."""

from __future__ import annotations

from dataclasses import dataclass, field

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
    # (trace id, span id) of the model call that made the last step; None when tool spans alone
    # made it. A batch of tool results only still judges that step (TraceContext.step_span).
    step_span: tuple[str, str] | None = None


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


def bound_pending(memo: TraceMemo) -> None:
    total = sum(len(v) for v in memo.pending.values())
    while total > CALL_MEMORY and memo.pending:
        name = next(iter(memo.pending))
        waiting = memo.pending[name]
        waiting.pop(0)
        total -= 1
        if not waiting:
            del memo.pending[name]
