"""The recent steps of a session, as the session page shows them: what was called, what came back.

The engine keeps fingerprints in detector windows, never a readable history; an on-call engineer
looking at a looping session wants the last steps in order: each call with its (clipped)
arguments, the result preview or, in privacy mode, the result fingerprint, and when each
intervening verdict was sent. ``SessionTimeline`` is that view, kept on the ``SessionRecord``
(so it is stored, encoded and shared between replicas like the rest) and bounded: the last
``sessions.timeline_steps`` steps, ``TIMELINE_CALLS_PER_STEP`` calls each, arguments and previews clipped
to ``TIMELINE_ARGUMENT_CHARS`` / ``TIMELINE_PREVIEW_CHARS``. Plain data for the codec; mutated
only inside the pipeline's ``SessionStore.update`` (``processing/session_update.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import orjson

from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.verdict import Verdict
from loopwatch.wire import clip

#: Calls kept per step; a fan-out of 50 reads shows its first calls and a count of the rest.
TIMELINE_CALLS_PER_STEP = 8
#: Argument characters kept per call: enough to tell two calls apart at a glance.
TIMELINE_ARGUMENT_CHARS = 240
#: Result preview characters kept per call (the finding's evidence keeps the full preview).
TIMELINE_PREVIEW_CHARS = 120

# Positions in a stored step and in each of its calls (see ``SessionTimeline``).
STEP_NUMBER, STEP_RECEIVED, STEP_TIME_NS, STEP_OMITTED, STEP_CALLS = range(5)
(
    CALL_ID,
    CALL_NAME,
    CALL_FINGERPRINT,
    CALL_ARGUMENTS,
    RESULT_FINGERPRINT,
    RESULT_PREVIEW,
    RESULT_SIZE,
    RESULT_ERROR,
) = range(8)


@dataclass(slots=True, kw_only=True)
class SentVerdict:
    """When an intervening verdict was decided and sent, keyed by its step and action."""

    step: int
    action: str
    sent_unix_s: float


@dataclass(slots=True, kw_only=True)
class SentHookDecision:
    """A coding CLI's hook answer that told it something (``deny``, ``context`` or ``stop``,
    the ``DecisionKind`` values) and its reason, after ``step`` steps."""

    step: int
    decision: str
    reason: str
    sent_unix_s: float


@dataclass(slots=True, kw_only=True)
class SessionTimeline:
    """The last steps of a session and the send times of its intervening verdicts.

    A fingerprint is kept only where its text is not (privacy mode): beside the arguments or
    the preview it tells a reader nothing more. ``result_size`` is null until the result came.
    Each step is kept as one compact JSON array, ``[number, received_unix_s, time_unix_ns,
    omitted_calls, calls]`` with each call ``[id, name, call_fingerprint, arguments,
    result_fingerprint, result_preview, result_size, is_error]`` (the ``STEP_*`` / ``CALL_*`` /
    ``RESULT_*`` positions), not as nested dataclasses: the record is encoded on every update
    with the Redis store and on idle compaction, where a string costs the codec almost nothing
    and forty small objects tripled its encoding time; positions instead of keys keep an idle
    session's encoded size small. Only the REST view (``exporters/timeline_view.py``) reads them.
    """

    steps: list[str] = field(default_factory=list)
    sent: list[SentVerdict] = field(default_factory=list)
    #: The hook answers that decided something (``receivers/hooks``), as many as the verdict history.
    hook_decisions: list[SentHookDecision] = field(default_factory=list)

    def record_events(
        self, events: Iterable[Event], *, first_step: int, now_unix_s: float, limit: int
    ) -> None:
        """Add new steps (numbered from ``first_step``), keeping the last ``limit``, and attach
        results to their calls.

        ``events`` are the de-duplicated events of one update, in the order the engine applied
        them, so the n-th ``Step`` is step ``first_step + n``.
        """
        # Steps of this update are dumped once, at the end, with the results that came with
        # them (an Evaluate usually carries a step and its results): only results of steps
        # stored earlier pay for a parse and a re-dump.
        fresh: list[list[Any]] = []
        calls: dict[str, list[Any]] = {}
        number = first_step
        for event in events:
            if isinstance(event, Step):
                step = _step(event, number, now_unix_s)
                fresh.append(step)
                calls.update((call[CALL_ID], call) for call in step[STEP_CALLS])
                number += 1
            elif isinstance(event, ToolResult):
                call = calls.get(event.call_id)
                if call is not None:
                    _fill(call, event)
                else:
                    self._attach(event)
        self.steps.extend(_dump(step) for step in fresh)
        if len(self.steps) > limit:
            del self.steps[: len(self.steps) - limit]

    def note_verdict(self, verdict: Verdict, *, now_unix_s: float, history: int) -> None:
        """Remember when ``verdict`` was sent; keeps as many as the verdict history."""
        self.sent.append(SentVerdict(step=verdict.step, action=verdict.action.value, sent_unix_s=now_unix_s))
        if len(self.sent) > history:
            del self.sent[: len(self.sent) - history]

    def note_hook_decision(self, decision: SentHookDecision, *, history: int) -> None:
        """Remember a hook answer that decided something; keeps the last ``history``."""
        self.hook_decisions.append(decision)
        if len(self.hook_decisions) > history:
            del self.hook_decisions[: len(self.hook_decisions) - history]

    def sent_at(self, verdict: Verdict) -> float | None:
        """When ``verdict`` was sent (Unix seconds), if still remembered."""
        for sent in reversed(self.sent):
            if sent.step == verdict.step and sent.action == verdict.action.value:
                return sent.sent_unix_s
        return None

    def _attach(self, result: ToolResult) -> None:
        # Results follow their step closely: search from the newest, parsing only a step whose
        # text contains the call id.
        needle = orjson.dumps(result.call_id).decode()
        for index in range(len(self.steps) - 1, -1, -1):
            if needle not in self.steps[index]:
                continue
            step = orjson.loads(self.steps[index])
            for call in step[STEP_CALLS]:
                if call[CALL_ID] == result.call_id:
                    _fill(call, result)
                    self.steps[index] = _dump(step)
                    return


def _fill(call: list[Any], result: ToolResult) -> None:
    """Attach ``result`` to its stored ``call``."""
    # With a preview the fingerprint tells a reader nothing more: keep one.
    call[RESULT_FINGERPRINT] = result.fingerprint if result.preview is None else None
    call[RESULT_PREVIEW] = None if result.preview is None else clip(result.preview, TIMELINE_PREVIEW_CHARS)
    call[RESULT_SIZE] = result.size
    call[RESULT_ERROR] = result.is_error


def _step(event: Step, number: int, now_unix_s: float) -> list[Any]:
    calls = [_call(c) for c in event.tool_calls[:TIMELINE_CALLS_PER_STEP]]
    omitted = max(0, len(event.tool_calls) - TIMELINE_CALLS_PER_STEP)
    # Milliseconds are enough for a timeline and keep the stored number short.
    return [number, round(now_unix_s, 3), event.time_unix_ns, omitted, calls]


def _call(call: ToolCall) -> list[Any]:
    # With the arguments the call's fingerprint tells a reader nothing more: keep one of them.
    fingerprint = call.fingerprint if call.arguments is None else None
    return [
        call.id,
        call.name,
        fingerprint,
        None if call.arguments is None else clip(call.arguments, TIMELINE_ARGUMENT_CHARS),
        None,
        None,
        None,
        False,
    ]


def _dump(step: list[Any]) -> str:
    return orjson.dumps(step).decode()  # compact, UTF-8 as is (as the session codec writes)
