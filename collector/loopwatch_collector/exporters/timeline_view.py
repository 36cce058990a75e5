"""JSON bodies of a session's timeline for ``GET /v1/sessions/{trace_id}`` (and the session page).

They name the positions of the compact steps ``store/timeline.py`` keeps; pydantic lives here,
at the HTTP edge.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from loopwatch_collector.store import timeline as stored


class TimelineCallBody(BaseModel):
    id: str
    name: str
    call_fingerprint: str | None  # only when the arguments are not captured (privacy mode)
    arguments: str | None
    result_fingerprint: str | None  # only when the preview is not captured
    result_preview: str | None
    result_size: int | None  # null until the result arrived
    is_error: bool

    @classmethod
    def of(cls, call: list[Any]) -> TimelineCallBody:
        return cls(
            id=call[stored.CALL_ID],
            name=call[stored.CALL_NAME],
            call_fingerprint=call[stored.CALL_FINGERPRINT],
            arguments=call[stored.CALL_ARGUMENTS],
            result_fingerprint=call[stored.RESULT_FINGERPRINT],
            result_preview=call[stored.RESULT_PREVIEW],
            result_size=call[stored.RESULT_SIZE],
            is_error=call[stored.RESULT_ERROR],
        )


class TimelineStepBody(BaseModel):
    number: int
    received_unix_s: float
    time_unix_ns: int
    calls: list[TimelineCallBody]
    omitted_calls: int

    @classmethod
    def of(cls, text: str) -> TimelineStepBody:
        """One stored step (a ``SessionTimeline.steps`` item)."""
        step = json.loads(text)
        return cls(
            number=step[stored.STEP_NUMBER],
            received_unix_s=step[stored.STEP_RECEIVED],
            time_unix_ns=step[stored.STEP_TIME_NS],
            calls=[TimelineCallBody.of(call) for call in step[stored.STEP_CALLS]],
            omitted_calls=step[stored.STEP_OMITTED],
        )


class HookDecisionBody(BaseModel):
    """A coding CLI's hook answer that decided something (``receivers/hooks``)."""

    step: int  # the session's steps when it was sent (a deny: the denied call's step)
    decision: str  # deny, context or stop
    reason: str  # what the model (deny, context) or the user (stop) was told
    sent_unix_s: float

    @classmethod
    def of(cls, sent: stored.SentHookDecision) -> HookDecisionBody:
        return cls(step=sent.step, decision=sent.decision, reason=sent.reason, sent_unix_s=sent.sent_unix_s)
