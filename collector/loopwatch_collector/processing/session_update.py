"""What one batch of events does to one ``SessionRecord``: pure, synchronous, no metrics.

The pipeline runs these functions inside ``SessionStore.update`` (so a Redis store may run
them again on a fresh copy after a CAS conflict) and turns the returned ``IngestOutcome`` into
metrics, broadcasts and the reply afterwards, exactly once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolCall, ToolResult, UserMessage
from loopwatch.verdict import Action, Finding, Severity, Verdict
from loopwatch_collector.config import ResolvedAgentConfig
from loopwatch_collector.store.base import SessionRecord

_ACTION_RANK = {Action.CONTINUE: 0, Action.NUDGE: 1, Action.WITHDRAW_TOOLS: 2, Action.HALT: 3}
_EVENT_TYPES: dict[type[Event], str] = {Step: "step", ToolResult: "tool_result", UserMessage: "user_message"}

STEP_BUDGET = "step_budget"
CONVERSATION_BUDGET = "conversation_budget"


@dataclass(slots=True, kw_only=True)
class IngestOutcome:
    """Everything the pipeline reports about one update, computed from the record."""

    computed: Verdict  # what the engine and budgets decided (before shadow masking)
    returned: Verdict  # what the agent is told
    new_events: dict[str, int] = field(default_factory=dict)  # by event type
    duplicates: int = 0
    new_steps: int = 0
    new_tool_calls: int = 0
    verdicts: list[Verdict] = field(default_factory=list)  # one per completed step
    findings: list[Finding] = field(default_factory=list)  # every new finding
    became_looping: bool = False
    became_runaway: bool = False
    halted: bool = False


def ingest_events(
    record: SessionRecord,
    events: Sequence[Event],
    engine: Engine,
    settings: ResolvedAgentConfig,
    *,
    history: int,
) -> IngestOutcome:
    """Apply ``events`` (de-duplicated by id) and the trace step budget to ``record``."""
    state = record.state
    fresh: list[Event] = []
    batch_ids: set[str] = set()
    duplicates = 0
    for event in events:
        if event.event_id in state.seen_event_ids or event.event_id in batch_ids:
            duplicates += 1
            continue
        batch_ids.add(event.event_id)
        fresh.append(event)
    known = {id(f) for f in state.findings}
    steps_before = state.steps
    halted_before = state.policy.halted
    verdicts = engine.ingest(state, fresh)
    # A halted run that goes on (an OTLP-only agent cannot be stopped) is not halted again: its
    # steps still count and its verdict stays HALT, but no further verdict is issued.
    halts = [i for i, v in enumerate(verdicts) if v.action is Action.HALT]
    if halted_before:
        verdicts = []
    elif halts:
        del verdicts[halts[0] + 1 :]
    new_calls = sum(len(e.tool_calls) for e in fresh if isinstance(e, Step))
    record.tool_calls += new_calls
    budget = settings.trace_max_steps
    if budget and state.steps > budget and not state.policy.halted:
        summary = f"the run took {state.steps} steps, over its budget of {budget}"
        verdicts.append(_limit(record, STEP_BUDGET, "trace_steps", summary, state.steps))
    counts: dict[str, int] = {}
    for event in fresh:
        kind = _EVENT_TYPES[type(event)]
        counts[kind] = counts.get(kind, 0) + 1
    outcome = _conclude(record, verdicts, settings, history=history)
    outcome.new_events = counts
    outcome.duplicates = duplicates
    outcome.new_steps = state.steps - steps_before
    outcome.new_tool_calls = new_calls
    outcome.findings = [f for f in state.findings if id(f) not in known]
    return outcome


def apply_conversation_budget(
    record: SessionRecord, settings: ResolvedAgentConfig, conversation_steps: int, *, history: int
) -> IngestOutcome | None:
    """Halt the trace when its conversation went over ``conversation_max_steps``; else None."""
    budget = settings.conversation_max_steps
    if not budget or conversation_steps <= budget or record.state.policy.halted:
        return None
    summary = f"the conversation took {conversation_steps} steps, over its budget of {budget}"
    verdict = _limit(record, CONVERSATION_BUDGET, "conversation_steps", summary, conversation_steps)
    outcome = _conclude(record, [verdict], settings, history=history)
    outcome.findings = [verdict.finding] if verdict.finding else []
    return outcome


def check_tool_call(
    record: SessionRecord, call: ToolCall, engine: Engine, settings: ResolvedAgentConfig, *, history: int
) -> IngestOutcome:
    """The before-tool-call checkpoint for ``call``."""
    verdict = engine.before_tool_call(record.state, call)
    return _conclude(record, [verdict], settings, history=history)


def current_verdict(record: SessionRecord) -> Verdict:
    """What a reader (``GetVerdict``) is told now: the last returned verdict, else CONTINUE."""
    if record.last_verdict is not None:
        return record.last_verdict
    return Verdict(action=Action.CONTINUE, step=completed_steps(record))


def completed_steps(record: SessionRecord) -> int:
    """Steps whose batch is complete (judged); the open step is not."""
    return record.state.steps - (1 if record.state.open_step is not None else 0)


def _limit(record: SessionRecord, detector: str, key: str, summary: str, count: int) -> Verdict:
    # A hard limit halts at once (Severity.LIMIT); the engine's policy state is marked halted so
    # that its later verdicts for this trace stay HALT, as they do for its own limit findings.
    state = record.state
    finding = Finding(
        detector=detector,
        key=key,
        summary=summary,
        count=count,
        first_step=1,
        last_step=state.steps,
        severity=Severity.LIMIT,
    )
    state.record_finding(finding)
    state.policy.halted = True
    verdict = Verdict(
        action=Action.HALT, step=state.steps, finding=finding, message=f"[loopwatch] run halted: {summary}."
    )
    state.last_verdict = verdict
    return verdict


def _conclude(
    record: SessionRecord, verdicts: list[Verdict], settings: ResolvedAgentConfig, *, history: int
) -> IngestOutcome:
    state = record.state
    if verdicts:
        computed = max(reversed(verdicts), key=lambda v: _ACTION_RANK[v.action])
    elif state.policy.halted:
        computed = state.last_verdict
    else:
        computed = Verdict(action=Action.CONTINUE, step=completed_steps(record))
    returned = computed
    if settings.mode == "shadow" and computed.intervenes:
        returned = Verdict(action=Action.CONTINUE, step=computed.step)
    record.mode = settings.mode
    became_looping = became_runaway = False
    for verdict in verdicts:
        if verdict.intervenes:
            record.verdicts.append(verdict)
            if not record.looping:
                record.looping = became_looping = True
        if verdict.finding is not None and verdict.finding.severity is Severity.LIMIT and not record.runaway:
            record.runaway = became_runaway = True
    if len(record.verdicts) > history:
        del record.verdicts[: len(record.verdicts) - history]
    if verdicts or record.last_verdict is None or record.last_verdict.step != returned.step:
        record.last_verdict = returned
    return IngestOutcome(
        computed=computed,
        returned=returned,
        verdicts=verdicts,
        became_looping=became_looping,
        became_runaway=became_runaway,
        halted=state.policy.halted,
    )
