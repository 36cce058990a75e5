"""JSON bodies of a session's timeline for ``GET /v1/sessions/{trace_id}`` (and the session page).

They mirror ``store/timeline.py`` field for field; pydantic lives here, at the HTTP edge.
"""

from __future__ import annotations

from pydantic import BaseModel

from loopwatch_collector.store.timeline import TimelineCall, TimelineStep


class TimelineCallBody(BaseModel):
    id: str
    name: str
    call_fingerprint: str
    arguments: str | None
    result_fingerprint: str | None
    result_preview: str | None
    result_size: int | None
    is_error: bool

    @classmethod
    def of(cls, call: TimelineCall) -> TimelineCallBody:
        return cls(
            id=call.id,
            name=call.name,
            call_fingerprint=call.call_fingerprint,
            arguments=call.arguments,
            result_fingerprint=call.result_fingerprint,
            result_preview=call.result_preview,
            result_size=call.result_size,
            is_error=call.is_error,
        )


class TimelineStepBody(BaseModel):
    number: int
    received_unix_s: float
    time_unix_ns: int
    calls: list[TimelineCallBody]
    omitted_calls: int

    @classmethod
    def of(cls, step: TimelineStep) -> TimelineStepBody:
        return cls(
            number=step.number,
            received_unix_s=step.received_unix_s,
            time_unix_ns=step.time_unix_ns,
            calls=[TimelineCallBody.of(c) for c in step.calls],
            omitted_calls=step.omitted_calls,
        )
