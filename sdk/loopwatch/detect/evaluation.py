"""One evaluation: new events of a trace (plus a checkpoint) in, the verdict out.

``evaluate`` is the single definition of what an ``Evaluate`` means; the local guard
(``LocalVerdictService``) and the collector (``processing/session_update.py``, for
``LoopGuard.Evaluate``, ``POST /v1/evaluate`` and OTLP ingest alike) both call it on their own
copy of the trace's ``SessionState``, so local and remote verdicts are identical by
construction. In order:

1. Events are applied in order, de-duplicated by id (``Engine.ingest``): one verdict per step
   their arrival completed.
2. ``end_of_batch`` (the AFTER_BATCH checkpoint: the agent says the batch is over) judges a step
   still missing results now, rather than when the next step arrives: the verdict is due at this
   checkpoint, and a result that never comes must not postpone it. OTLP ingest has no
   checkpoint and leaves the step open (its results may be in the next export batch).
3. ``add_conversation_steps`` (when the trace belongs to a conversation) adds this evaluation's
   new steps and tool calls to the conversation's counters and returns its step total; the
   policy halts the run when it reached ``conversation_max_steps``.
4. The verdict is the most severe of those (the latest among equals). With none, the halt that
   still holds; else, at ``end_of_batch`` for a batch whose events were all seen before, the
   intervening verdict of the batch's step when an earlier evaluation of the same events
   issued it (OTLP ingest judged the batch before the agent's ``Evaluate`` arrived, or a
   re-send): a batch's verdict does not depend on which path judged it first; else CONTINUE
   at the number of judged steps.
5. ``pending_call`` (the BEFORE_TOOL_CALL checkpoint) is judged last, unless the run is
   halting anyway; its verdict wins when it intervenes or when nothing else did.

Shadow mode and the agent-facing presentation are the caller's business. Callers must not
evaluate one state from two threads at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from loopwatch.detect.engine import Engine
from loopwatch.detect.policy import continue_at
from loopwatch.detect.session import SessionState
from loopwatch.events import Event, Step, ToolCall, ToolResult, UserMessage
from loopwatch.verdict import Action, Finding, Verdict, strongest

__all__ = ["ConversationCounter", "Evaluation", "evaluate", "judged_steps"]

#: ``(new steps, new tool calls) -> the conversation's step total`` after adding them.
ConversationCounter = Callable[[int, int], int]

_EVENT_TYPES: dict[type[Event], str] = {Step: "step", ToolResult: "tool_result", UserMessage: "user_message"}


@dataclass(slots=True, kw_only=True)
class Evaluation:
    """What one ``evaluate`` did, for the verdict and for metrics."""

    verdict: Verdict  # what the policy decided (before any shadow masking)
    verdicts: list[Verdict] = field(default_factory=list)  # every verdict issued, in order
    findings: list[Finding] = field(default_factory=list)  # findings new in this evaluation
    new_events: dict[str, int] = field(default_factory=dict)  # by type: step, tool_result, ...
    duplicates: int = 0  # events already seen (re-sends, OTLP plus Evaluate)
    new_steps: int = 0
    new_tool_calls: int = 0
    applied: list[Event] = field(default_factory=list)  # the events new to the state, in order


def evaluate(
    engine: Engine,
    state: SessionState,
    events: Sequence[Event],
    *,
    end_of_batch: bool = False,
    pending_call: ToolCall | None = None,
    add_conversation_steps: ConversationCounter | None = None,
) -> Evaluation:
    """Apply ``events`` to ``state`` and decide; see the module docstring for the order."""
    fresh: list[Event] = []
    batch_ids: set[str] = set()
    counts: dict[str, int] = {}
    new_calls = 0
    for event in events:
        if event.event_id not in state.seen_event_ids and event.event_id not in batch_ids:
            batch_ids.add(event.event_id)
            fresh.append(event)
            kind = _EVENT_TYPES[type(event)]
            counts[kind] = counts.get(kind, 0) + 1
            if isinstance(event, Step):
                new_calls += len(event.tool_calls)
    known = {id(f) for f in state.findings}
    steps_before = state.steps
    verdicts = engine.ingest(state, fresh)
    if end_of_batch:
        verdicts.extend(engine.flush(state))
    new_steps = state.steps - steps_before
    if add_conversation_steps is not None and (new_steps or new_calls):
        limited = engine.conversation_limit(state, add_conversation_steps(new_steps, new_calls))
        if limited is not None:
            verdicts.append(limited)
    # Only a batch sent again (every event already seen) gets its verdict again: an evaluation
    # without events (a CLI's stop hook, a poll) asks about nothing the verdict was about.
    resent = end_of_batch and bool(events) and not fresh
    verdict = strongest(verdicts) or _standing(state, resent=resent)
    if pending_call is not None and verdict.action is not Action.HALT:
        checked = engine.before_tool_call(state, pending_call)
        verdicts.append(checked)
        if checked.intervenes or not verdict.intervenes:
            verdict = checked
    return Evaluation(
        verdict=verdict,
        verdicts=verdicts,
        findings=[f for f in state.findings if id(f) not in known],
        new_events=counts,
        duplicates=len(events) - len(fresh),
        new_steps=new_steps,
        new_tool_calls=new_calls,
        applied=fresh,
    )


def judged_steps(state: SessionState) -> int:
    """Steps whose batch is complete (judged); a step still waiting for results is not."""
    return state.steps - (1 if state.open_step is not None else 0)


def _standing(state: SessionState, *, resent: bool) -> Verdict:
    """The verdict when this evaluation issued none: a halt holds; for a batch sent again, the
    intervening verdict of its (last judged) step stands, ``state.last_verdict`` being the
    latest intervening one, so that step's only when their numbers match; else CONTINUE. Not
    before a tool call: a nudge was delivered after its batch, the next call starts afresh."""
    if state.policy.halted:
        return state.last_verdict
    judged = judged_steps(state)
    if resent and state.last_verdict.intervenes and state.last_verdict.step == judged:
        return state.last_verdict
    return continue_at(judged)
