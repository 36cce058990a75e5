"""What the scenario export keeps of a session: the first events of the trace, in the step log.

``GET /v1/sessions/{trace_id}/scenario`` replays a session to the same verdicts, so the step
log (``store/timeline.py``) keeps, beside the steps the session page shows, the events of the
first steps as scenario entries (``loopwatch.scenario_recorded``): the event model's derived
fields (call and result fingerprints, text sketch, ``refers_to_calls``, repetitions) intact,
because those, not the content, are what the detectors judged; content clipped to
``LOGGED_CONTENT_CHARS``. In privacy mode the events carry no content, so neither does the log.

Bounds (``sessions.step_log_max_events``, ``sessions.step_log_max_bytes``; 0 events = off): the
log keeps a *prefix* of the trace. Once an event does not fit, it and every later event are only
counted (``ExportHead.dropped``), so the export replays to the live verdicts up to where it
stops. Sizes are estimated from the fields (``approx_bytes``), not measured by encoding: this
runs on every ingest, inside the store's update.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.scenario_recorded import entry
from loopwatch.wire import clip
from loopwatch_collector.config import SessionsConfig
from loopwatch_collector.store.timeline import ExportHead, SessionTimeline

# Content kept per text or argument string: enough for a human to label the step from it, while
# the fingerprints and sketches carry what the detectors compare.
LOGGED_CONTENT_CHARS = 2000
# Estimated encoded cost of an event's framing and fixed fields (ids, flags, numbers), and of a
# fingerprint or one sketch value, in the session codec's JSON.
_EVENT_BYTES = 48
_FINGERPRINT_BYTES = 20
_SKETCH_VALUE_BYTES = 12


@dataclass(frozen=True, slots=True, kw_only=True)
class StepLogLimits:
    max_events: int
    max_bytes: int

    @classmethod
    def of(cls, sessions: SessionsConfig) -> StepLogLimits:
        return cls(max_events=sessions.step_log_max_events, max_bytes=sessions.step_log_max_bytes)


def log_events(
    timeline: SessionTimeline,
    events: Sequence[Event],
    *,
    first_step: int,
    now_unix_s: float,
    timeline_steps: int,
    limits: StepLogLimits | None,
) -> None:
    """Record ``events`` (new, de-duplicated, in the engine's order; the n-th step is
    ``first_step + n``) in the step log: the last ``timeline_steps`` steps for the session page
    and, when ``limits`` allow any, the first events for the export (see the module)."""
    export = None
    if limits is not None and limits.max_events:
        if timeline.head is None:
            # A log turned on mid-session would start in the middle of the trace and replay to
            # other verdicts: such a session exports nothing (one dropped for what came before).
            timeline.head = ExportHead(dropped=0 if not timeline.steps else 1)
        export = _Export(timeline.head, limits)
    timeline.record_events(
        events, first_step=first_step, now_unix_s=now_unix_s, limit=timeline_steps, export=export
    )


class _Export:
    """The export's choice for each event: its entry while it fits, else None (and counted)."""

    __slots__ = ("head", "limits")

    def __init__(self, head: ExportHead, limits: StepLogLimits) -> None:
        self.head = head
        self.limits = limits

    def __call__(self, event: Event) -> dict[str, Any] | None:
        head = self.head
        if head.dropped or head.events >= self.limits.max_events:
            head.dropped += 1
            return None
        kept = _clipped(event)
        size = approx_bytes(kept)
        if head.approx_bytes + size > self.limits.max_bytes:
            head.dropped += 1
            return None
        head.events += 1
        head.approx_bytes += size
        return entry(kept)


def approx_bytes(event: Event) -> int:
    """An estimate of ``event``'s encoded size (content plus fixed costs)."""
    if isinstance(event, Step):
        sketch = event.sketch
        size = _EVENT_BYTES + len(event.text or "")
        if sketch is not None:
            size += _EVENT_BYTES + _SKETCH_VALUE_BYTES * len(sketch.minhash)
        for call in event.tool_calls:
            size += (
                _EVENT_BYTES + _FINGERPRINT_BYTES + len(call.id) + len(call.name) + len(call.arguments or "")
            )
        return size
    if isinstance(event, ToolResult):
        return _EVENT_BYTES + _FINGERPRINT_BYTES + len(event.call_id) + len(event.preview or "")
    return _EVENT_BYTES + _FINGERPRINT_BYTES


def _clipped(event: Event) -> Event:
    if isinstance(event, Step):
        text = None if event.text is None else clip(event.text, LOGGED_CONTENT_CHARS)
        calls = tuple(_clipped_call(c) for c in event.tool_calls)
        if text is event.text and all(a is b for a, b in zip(calls, event.tool_calls, strict=True)):
            return event
        return replace(event, text=text, tool_calls=calls)
    return event  # results keep only a bounded preview; user messages only a fingerprint


def _clipped_call(call: ToolCall) -> ToolCall:
    arguments = None if call.arguments is None else clip(call.arguments, LOGGED_CONTENT_CHARS)
    return call if arguments is call.arguments else replace(call, arguments=arguments)
