"""What one batch of events does to one ``SessionRecord``: pure, synchronous, no metrics.

The decision itself is ``loopwatch.detect.evaluate`` (the same function the local guard
runs); this module adds what only the collector keeps: the record's metadata (tool calls,
verdict history, looping / runaway flags, the last returned verdict) and the agent's mode
(``shadow`` returns CONTINUE for a verdict that intervenes). The pipeline runs these functions
inside ``SessionStore.update`` (so a Redis store may run them again on a fresh copy after a CAS
conflict) and turns the returned ``IngestOutcome`` into metrics, broadcasts and the reply
afterwards, exactly once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from loopwatch.detect.engine import Engine
from loopwatch.detect.evaluation import ConversationCounter, evaluate, judged_steps
from loopwatch.detect.policy import new_user_turn
from loopwatch.events import Event, Step, ToolCall, UserMessage
from loopwatch.verdict import Action, Finding, Severity, Verdict
from loopwatch_collector.config import ResolvedAgentConfig
from loopwatch_collector.processing.step_log import StepLogLimits, log_events
from loopwatch_collector.store.base import ConversationUsage, SessionRecord


@dataclass(slots=True, kw_only=True)
class IngestOutcome:
    """Everything the pipeline reports about one update, computed from the record."""

    computed: Verdict  # what the engine decided (before shadow masking)
    returned: Verdict  # what the agent is told
    new_events: dict[str, int] = field(default_factory=dict)  # by event type
    duplicates: int = 0
    new_steps: int = 0
    new_tool_calls: int = 0
    verdicts: list[Verdict] = field(default_factory=list)  # every verdict issued
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
    end_of_batch: bool = False,
    pending_call: ToolCall | None = None,
    add_conversation_steps: ConversationCounter | None = None,
    step_log: StepLogLimits | None = None,
    timeline_steps: int = 0,
    user_turns: bool = False,
) -> IngestOutcome:
    """``loopwatch.detect.evaluate`` on ``record``'s state, then the record's bookkeeping: the
    new events go to its step log (``record.timeline``), which keeps the last ``timeline_steps``
    steps (0: none) and, when ``step_log`` allows any, the first events for the export.

    ``user_turns``: the events' ``UserMessage``s are the user's new turns (a coding CLI's
    prompt hook), so a new one gives the tools back (``loopwatch.detect.policy.new_user_turn``)
    after the step it closed was judged."""
    steps_before = record.state.steps
    halted_before = record.state.policy.halted
    done = evaluate(
        engine,
        record.state,
        events,
        end_of_batch=end_of_batch,
        pending_call=pending_call,
        add_conversation_steps=add_conversation_steps,
    )
    if user_turns and any(isinstance(event, UserMessage) for event in done.applied):
        new_user_turn(record.state.policy)
    # A halted run that goes on (an OTLP-only agent cannot be stopped) is not halted again: its
    # steps still count and its verdict stays HALT, but no further verdict is issued.
    verdicts = [] if halted_before else _until_first_halt(done.verdicts)
    record.tool_calls += done.new_tool_calls
    for event in done.applied:
        if isinstance(event, Step) and event.usage is not None:
            record.input_tokens += event.usage.input_tokens
            record.output_tokens += event.usage.output_tokens
    if timeline_steps or (step_log is not None and step_log.max_events):
        log_events(
            record.timeline,
            done.applied,
            first_step=steps_before + 1,
            now_unix_s=record.last_seen_unix_s,
            timeline_steps=timeline_steps,
            limits=step_log,
        )
    outcome = _conclude(record, done.verdict, verdicts, settings, history=history)
    outcome.new_events = done.new_events
    outcome.duplicates = done.duplicates
    outcome.new_steps = done.new_steps
    outcome.new_tool_calls = done.new_tool_calls
    outcome.findings = done.findings
    return outcome


def apply_conversation_limit(
    record: SessionRecord,
    engine: Engine,
    settings: ResolvedAgentConfig,
    conversation_steps: int,
    *,
    history: int,
) -> IngestOutcome | None:
    """The policy's conversation limit for ``record`` (``Engine.conversation_limit``); None
    when it does not halt the run."""
    verdict = engine.conversation_limit(record.state, conversation_steps)
    if verdict is None:
        return None
    outcome = _conclude(record, verdict, [verdict], settings, history=history)
    outcome.findings = [verdict.finding] if verdict.finding else []
    return outcome


def conversation_counter(usage: ConversationUsage) -> ConversationCounter:
    """``evaluate``'s conversation counter over the store's ``usage`` (mutated in place)."""

    def add(steps: int, tool_calls: int) -> int:
        usage.steps += steps
        usage.tool_calls += tool_calls
        return usage.steps

    return add


def current_verdict(record: SessionRecord) -> Verdict:
    """What a reader (``GetVerdict``) is told now: the last returned verdict, else CONTINUE."""
    if record.last_verdict is not None:
        return record.last_verdict
    return Verdict(action=Action.CONTINUE, step=judged_steps(record.state))


def _conclude(
    record: SessionRecord,
    computed: Verdict,
    verdicts: list[Verdict],
    settings: ResolvedAgentConfig,
    *,
    history: int,
) -> IngestOutcome:
    returned = computed
    if settings.mode == "shadow" and computed.intervenes:
        returned = Verdict(action=Action.CONTINUE, step=computed.step)
    record.mode = settings.mode
    became_looping = became_runaway = False
    for verdict in verdicts:
        if verdict.intervenes:
            record.verdicts.append(verdict)
            record.timeline.note_verdict(verdict, now_unix_s=record.last_seen_unix_s, history=history)
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
        halted=record.state.policy.halted,
    )


def _until_first_halt(verdicts: list[Verdict]) -> list[Verdict]:
    """``verdicts`` up to and including the first HALT: the run ends there."""
    for index, verdict in enumerate(verdicts):
        if verdict.action is Action.HALT:
            return verdicts[: index + 1]
    return verdicts
