"""The recent steps of a session, as the session page shows them: what was called, what came back.

The engine keeps fingerprints in detector windows, never a readable history; an on-call engineer
looking at a looping session wants the last steps in order: each call with its (clipped)
arguments, the result preview or, in privacy mode, the result fingerprint, and when each
intervening verdict was sent. ``SessionTimeline`` is that view, kept on the ``SessionRecord``
(so it is stored, encoded and shared between replicas like the rest) and bounded: the last
``TIMELINE_STEPS`` steps, ``TIMELINE_CALLS_PER_STEP`` calls each, arguments clipped to
``TIMELINE_ARGUMENT_CHARS``. Plain data for the codec; mutated only inside the pipeline's
``SessionStore.update`` (``processing/session_update.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from loopwatch.events import Event, Step, ToolResult
from loopwatch.verdict import Verdict

#: Steps kept per session: enough to see a loop's repetitions (detectors fire within 3-17 steps)
#: while a session's record stays a few KB (the store keeps up to ``max_sessions`` of them).
TIMELINE_STEPS = 20
#: Calls kept per step; a fan-out of 50 reads shows its first calls and a count of the rest.
TIMELINE_CALLS_PER_STEP = 8
#: Argument characters kept per call: enough to tell two calls apart at a glance.
TIMELINE_ARGUMENT_CHARS = 240


@dataclass(slots=True, kw_only=True)
class TimelineCall:
    """One tool call of a step and, once it arrived, its result.

    ``arguments`` and ``result_preview`` are ``None`` in privacy mode; the fingerprints are
    always there (equal fingerprints: the same call, the same normalised result).
    """

    id: str
    name: str
    call_fingerprint: str
    arguments: str | None = None
    result_fingerprint: str | None = None
    result_preview: str | None = None
    result_size: int | None = None
    is_error: bool = False


@dataclass(slots=True, kw_only=True)
class TimelineStep:
    """One model step: its number in the trace, when it arrived, its calls."""

    number: int
    received_unix_s: float
    time_unix_ns: int = 0
    calls: list[TimelineCall] = field(default_factory=list)
    omitted_calls: int = 0


@dataclass(slots=True, kw_only=True)
class SentVerdict:
    """When an intervening verdict was decided and sent, keyed by its step and action."""

    step: int
    action: str
    sent_unix_s: float


@dataclass(slots=True, kw_only=True)
class SessionTimeline:
    """The last steps of a session and the send times of its intervening verdicts."""

    steps: list[TimelineStep] = field(default_factory=list)
    sent: list[SentVerdict] = field(default_factory=list)

    def record_events(self, events: Iterable[Event], *, first_step: int, now_unix_s: float) -> None:
        """Add new steps (numbered from ``first_step``) and attach results to their calls.

        ``events`` are the de-duplicated events of one update, in the order the engine applied
        them, so the n-th ``Step`` is step ``first_step + n``.
        """
        number = first_step
        for event in events:
            if isinstance(event, Step):
                self.steps.append(_step(event, number, now_unix_s))
                number += 1
            elif isinstance(event, ToolResult):
                self._attach(event)
        if len(self.steps) > TIMELINE_STEPS:
            del self.steps[: len(self.steps) - TIMELINE_STEPS]

    def note_verdict(self, verdict: Verdict, *, now_unix_s: float, history: int) -> None:
        """Remember when ``verdict`` was sent; keeps as many as the verdict history."""
        self.sent.append(SentVerdict(step=verdict.step, action=verdict.action.value, sent_unix_s=now_unix_s))
        if len(self.sent) > history:
            del self.sent[: len(self.sent) - history]

    def sent_at(self, verdict: Verdict) -> float | None:
        """When ``verdict`` was sent (Unix seconds), if still remembered."""
        for sent in reversed(self.sent):
            if sent.step == verdict.step and sent.action == verdict.action.value:
                return sent.sent_unix_s
        return None

    def _attach(self, result: ToolResult) -> None:
        for step in reversed(self.steps):
            for call in step.calls:
                if call.id == result.call_id:
                    call.result_fingerprint = result.fingerprint
                    call.result_preview = result.preview
                    call.result_size = result.size
                    call.is_error = result.is_error
                    return


def _step(event: Step, number: int, now_unix_s: float) -> TimelineStep:
    calls = [
        TimelineCall(id=c.id, name=c.name, call_fingerprint=c.fingerprint, arguments=_clip(c.arguments))
        for c in event.tool_calls[:TIMELINE_CALLS_PER_STEP]
    ]
    return TimelineStep(
        number=number,
        received_unix_s=now_unix_s,
        time_unix_ns=event.time_unix_ns,
        calls=calls,
        omitted_calls=max(0, len(event.tool_calls) - TIMELINE_CALLS_PER_STEP),
    )


def _clip(text: str | None) -> str | None:
    if text is None or len(text) <= TIMELINE_ARGUMENT_CHARS:
        return text
    return text[: TIMELINE_ARGUMENT_CHARS - 3] + "..."
