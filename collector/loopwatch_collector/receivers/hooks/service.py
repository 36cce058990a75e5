"""The hook service: one parsed hook call in, the pipeline's verdict, the decision out.

Called by the ``POST /v1/hooks/{agent}`` route (``route.py``) on the event loop; it holds no
state of its own: the session's record (its policy state) is the memory. Checkpoints, as the
SDK's guard uses them:

- before a tool call: ``Pipeline.evaluate`` with the call as ``pending_call`` (BEFORE_TOOL_CALL);
- after a call, a prompt, or a stop: ``Pipeline.evaluate`` at AFTER_BATCH (a step still open,
  say a denied call, is judged now). A prompt is the user's new turn (``user_turns``): tools
  withdrawn in the last turn come back and the calls its nudges named may run again
  (``loopwatch.detect.policy.new_user_turn``); a loop that resumes is judged again, and with
  the warnings spent its next loop finding withdraws the tools again. A halt stays.

Decisions (``decision_of``): HALT stops the session; before a call, WITHDRAW_TOOLS denies it,
and a call the policy nudged about (``PolicyState.nudged_calls``) is denied with that nudge
while the session is enforced; an intervening verdict anywhere else is context for the model.
A call after the tools were withdrawn is the policy's HALT. A denied call is recorded as its
own failed result (the reason is what the model got), so asking for it again keeps the streak
going and the policy escalates. Each answer is counted in ``loopwatch_hook_answers_total``; an
answer that decided something, and the CLI's working directory at a prompt (``cwd``, content:
kept as the tenant's content mode allows), are kept on the session for ``/ui``
(``Pipeline.note_hook_answer``; a store failure there only loses the note, not the answer).
Raises ``StoreError`` (the route answers 503 and the CLI proceeds) and ``WireError`` /
``HookError`` for bad input.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from loopwatch.detect.policy import nudge_message
from loopwatch.events import Event, Step, ToolCall, TraceContext
from loopwatch.hooks.mapping import (
    NO_DECISION,
    DecisionKind,
    HookCall,
    HookDecision,
    HookKind,
    denial_result,
    events_of,
    local_events,
    trace_context,
    working_directory,
)
from loopwatch.verdict import Action, Verdict
from loopwatch_collector.exceptions import StoreError
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.receivers.priority import VerdictPriority
from loopwatch_collector.security.content import ContentControl
from loopwatch_collector.security.tenancy import scoped_context
from loopwatch_collector.store.base import SessionRecord

logger = logging.getLogger(__name__)

# Said when a nudged call comes again and its nudge is no longer in the bounded verdict history.
_REPEATED_CALL = (
    "[loopwatch] An automatic loop guard (not the user) already warned that this exact call repeats "
    "without new results. Take a materially different action, or stop and give your final answer."
)


@dataclass(frozen=True, slots=True)
class AgentHooks:
    """One CLI's translation: its payload into a ``HookCall``, a decision into its answer."""

    parse: Callable[[Mapping[str, Any]], HookCall]
    render: Callable[[HookCall, HookDecision], dict[str, Any]]


class HookService:
    """See the module docstring."""

    def __init__(self, pipeline: Pipeline, *, priority: VerdictPriority, content: ContentControl) -> None:
        self._pipeline = pipeline
        self._priority = priority
        self._content = content

    async def answer(self, hooks: AgentHooks, payload: Mapping[str, Any], tenant: str) -> dict[str, Any]:
        """The CLI's answer to ``payload``, a hook call of ``tenant``'s session."""
        call = hooks.parse(payload)
        if call.kind is HookKind.OTHER:
            return hooks.render(call, NO_DECISION)
        cwd = working_directory(payload) if call.kind is HookKind.PROMPT else None
        events = local_events(payload)
        if events is None:
            events = events_of(call)
        events = self._content.events(tenant, events)
        context = scoped_context(tenant, trace_context(call))
        pending = _pending_call(call, events)
        with self._priority.verdict():
            verdict = await self._pipeline.evaluate(
                context, events, pending_call=pending, user_turns=call.kind is HookKind.PROMPT
            )
        record = None
        if pending is not None and not verdict.intervenes:
            record = await self._pipeline.get_session(context.trace_id)
        decision = decision_of(call, verdict, pending, record)
        if pending is not None and decision.kind is DecisionKind.DENY:
            decision = await self._deny(context, call, pending, decision)
        metrics = self._pipeline.metrics
        metrics.child(
            metrics.hook_answers, metrics.tenant_label(tenant), call.agent, decision.kind.value
        ).inc()
        await self._note(context, decision, self._content.text(tenant, cwd))
        return hooks.render(call, decision)

    async def _note(self, context: TraceContext, decision: HookDecision, cwd: str | None) -> None:
        """Keep ``decision`` (when it decided something) and the CLI's ``cwd`` (when given)."""
        decided = decision.kind is not DecisionKind.NONE
        if not decided and cwd is None:
            return
        try:
            await self._pipeline.note_hook_answer(
                context, decision=decision.kind.value if decided else None, reason=decision.message, cwd=cwd
            )
        except StoreError:
            logger.warning(
                "could not keep a hook answer of session %s for the session page", context.trace_id
            )

    async def _deny(
        self, context: TraceContext, call: HookCall, pending: ToolCall, decision: HookDecision
    ) -> HookDecision:
        """Record the denial as the call's (failed) result, which completes its step: a model
        that keeps asking for a denied call is a loop too, and the policy escalates it."""
        denied = denial_result(call, pending, decision.message)
        with self._priority.verdict():
            verdict = await self._pipeline.evaluate(context, [denied])
        if verdict.action is Action.HALT:
            return HookDecision(DecisionKind.STOP, verdict.message or decision.message)
        if verdict.action is Action.WITHDRAW_TOOLS:
            return HookDecision(DecisionKind.DENY, verdict.message or decision.message)
        return decision


def decision_of(
    call: HookCall, verdict: Verdict, pending: ToolCall | None, record: SessionRecord | None
) -> HookDecision:
    """What to tell the CLI about ``verdict`` (module docstring); ``record`` is the session
    after the evaluation, needed only before a call the verdict let through."""
    message = verdict.message or ""
    if verdict.action is Action.HALT:
        return HookDecision(DecisionKind.STOP, message)
    if pending is not None:
        if verdict.action is Action.WITHDRAW_TOOLS:
            return HookDecision(DecisionKind.DENY, message)
        if verdict.action is Action.NUDGE:
            nudged_now = (
                verdict.finding is not None and verdict.finding.call_fingerprint == pending.fingerprint
            )
            return HookDecision(DecisionKind.DENY if nudged_now else DecisionKind.CONTEXT, message)
        nudge = _standing_nudge(record, pending) if record is not None else None
        return HookDecision(DecisionKind.DENY, nudge) if nudge is not None else NO_DECISION
    if verdict.intervenes:
        return HookDecision(DecisionKind.CONTEXT, message)
    return NO_DECISION


def _pending_call(call: HookCall, events: Sequence[Event]) -> ToolCall | None:
    """The call about to run (before a tool only): the one of the step the hook reported."""
    if call.kind is not HookKind.BEFORE_TOOL:
        return None
    for event in events:
        if isinstance(event, Step) and event.tool_calls:
            return event.tool_calls[0]
    return None


def _standing_nudge(record: SessionRecord, call: ToolCall) -> str | None:
    """The nudge about ``call`` when the policy nudged about it in this enforced session."""
    if record.mode == "shadow" or call.fingerprint not in record.state.policy.nudged_calls:
        return None
    for verdict in reversed(record.verdicts):
        finding = verdict.finding
        if (
            verdict.action is Action.NUDGE
            and finding is not None
            and finding.call_fingerprint == call.fingerprint
        ):
            return verdict.message or nudge_message(finding)
    return _REPEATED_CALL
