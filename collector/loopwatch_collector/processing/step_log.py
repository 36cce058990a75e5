"""The per-session step log: the first events of a trace, kept so the session can be exported
as a scenario (``GET /v1/sessions/{trace_id}/scenario``) and replayed to the same verdicts.

What is kept is the event model itself, with its derived fields (call and result
fingerprints, text sketch, ``refers_to_calls``, repetitions) intact, because those — not the
content — are what the detectors judged; content is clipped to ``LOGGED_CONTENT_CHARS``. In
privacy mode the events carry no content, so neither does the log.

Bounds (``sessions.step_log_max_events``, ``sessions.step_log_max_bytes``; 0 events = off): the
log keeps a *prefix* of the trace. Once an event does not fit, it and every later event are only
counted (``StepLog.dropped``), so the export replays to the live verdicts up to where it stops.
Sizes are estimated from the fields (``approx_bytes``), not measured by encoding: this runs on
every ingest, inside the store's update.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.wire import clip
from loopwatch_collector.config import SessionsConfig
from loopwatch_collector.store.base import StepLog

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


def log_events(log: StepLog, events: Sequence[Event], limits: StepLogLimits) -> None:
    """Append ``events`` (new, de-duplicated) to ``log`` within ``limits``; see the module."""
    for event in events:
        if log.dropped or len(log.events) >= limits.max_events:
            log.dropped += 1
            continue
        kept = _clipped(event)
        size = approx_bytes(kept)
        if log.approx_bytes + size > limits.max_bytes:
            log.dropped += 1
            continue
        log.events.append(kept)
        log.approx_bytes += size


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
