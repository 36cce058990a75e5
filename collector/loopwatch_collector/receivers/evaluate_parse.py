"""Parsing ``Evaluate`` requests in slices, counting their events before parsing them.

Parsing a 100 000-event request at once holds the event loop for 60-90 ms, and only then can
its events be counted against ``limits.evaluate_max_events``. Here:

- protobuf: the request's top-level fields are walked (tag and length, nothing decoded),
  stopping at the first event over the bound, so an oversized call costs a few milliseconds to
  refuse; then the request is parsed ``SLICE_FIELDS`` top-level fields at a time with
  ``MergeFromString``, yielding to the event loop in between. Protobuf defines the parse of
  concatenated encodings as their merge (repeated fields append, the last scalar wins), so the
  message is exactly the one a single parse gives.
- JSON (the protobuf JSON mapping): ``json.loads`` (C), the events counted, then converted
  ``SLICE_FIELDS`` events at a time.

Event-loop only. Raises ``EvaluateTooLargeError`` (``evaluate_limits.py``) and
``MalformedEvaluateError``, both with a message for the caller.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Awaitable, Callable
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import DecodeError

from loopwatch.wire import pb
from loopwatch_collector.receivers.evaluate_limits import EvaluateLimits

# Top-level fields (events, mostly) walked or parsed between two yields: ~1 us a field to walk,
# ~0.6-0.9 us an event to parse (~6 us from JSON), so a slice is a fraction of a millisecond.
SLICE_FIELDS = 128
_EVENTS_FIELD = pb.EvaluateRequest.DESCRIPTOR.fields_by_name["events"]
_EVENTS_JSON_NAMES = (_EVENTS_FIELD.name, _EVENTS_FIELD.json_name)
_VARINT, _FIXED64, _LENGTH_DELIMITED, _FIXED32 = 0, 1, 2, 5
_FIXED_SIZES = {_FIXED64: 8, _FIXED32: 4}
_MAX_VARINT_SHIFT = 63
_NAME = pb.EvaluateRequest.DESCRIPTOR.full_name


#: Awaited between two slices (``VerdictPriority.wait_for_verdicts``, or a plain yield).
Pause = Callable[[], Awaitable[None]]


async def _yield() -> None:
    await asyncio.sleep(0)


class MalformedEvaluateError(ValueError):
    """The request is not a valid encoding of ``loopwatch.v1.EvaluateRequest``."""


async def parse_protobuf(raw: bytes, limits: EvaluateLimits, *, pause: Pause = _yield) -> pb.EvaluateRequest:
    """``raw`` parsed in slices, after its size and event count were checked (module docstring);
    ``pause`` is awaited between slices."""
    limits.check_bytes(len(raw))
    cuts = await _slice_offsets(raw, limits, pause)
    message = pb.EvaluateRequest()
    for start, end in itertools.pairwise(cuts):
        try:
            message.MergeFromString(raw[start:end])
        except DecodeError as exc:
            raise MalformedEvaluateError(f"request: malformed {_NAME}: {exc}") from exc
        if end < len(raw):
            await pause()
    return message


async def parse_json(body: bytes, limits: EvaluateLimits, *, pause: Pause = _yield) -> pb.EvaluateRequest:
    """``body`` (protobuf JSON mapping) parsed in slices of events, after counting them;
    ``pause`` is awaited between slices."""
    limits.check_bytes(len(body))
    try:
        document = json.loads(body)
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        raise MalformedEvaluateError(f"body: {exc}") from exc
    if not isinstance(document, dict):
        raise MalformedEvaluateError("body: must be a JSON object (loopwatch.v1.EvaluateRequest)")
    events: Any = []
    for name in _EVENTS_JSON_NAMES:
        events = document.pop(name, events)
    if not isinstance(events, list):
        raise MalformedEvaluateError("body: events must be a list")
    limits.check_events(len(events))
    message = pb.EvaluateRequest()
    _parse_dict(document, message, "body")
    for start in range(0, len(events), SLICE_FIELDS):
        part = pb.EvaluateRequest()
        _parse_dict({"events": events[start : start + SLICE_FIELDS]}, part, f"body: events[{start}:]")
        message.events.extend(part.events)
        if start + SLICE_FIELDS < len(events):
            await pause()
    return message


def _parse_dict(document: dict[str, Any], message: pb.EvaluateRequest, where: str) -> None:
    try:
        json_format.ParseDict(document, message)
    except (json_format.ParseError, RecursionError) as exc:
        raise MalformedEvaluateError(f"{where}: {exc}") from exc


async def _slice_offsets(raw: bytes, limits: EvaluateLimits, pause: Pause) -> list[int]:
    """Offsets cutting ``raw`` between top-level fields, every ``SLICE_FIELDS`` fields; raises
    ``EvaluateTooLargeError`` at the first event over ``limits.max_events``."""
    cuts = [0]
    position = fields = events = 0
    while position < len(raw):
        tag, position = _varint(raw, position)
        number, wire_type = tag >> 3, tag & 7
        if wire_type == _VARINT:
            _, position = _varint(raw, position)
        elif wire_type == _LENGTH_DELIMITED:
            length, position = _varint(raw, position)
            position += length
        elif wire_type in _FIXED_SIZES:
            position += _FIXED_SIZES[wire_type]
        else:
            raise MalformedEvaluateError(
                f"request: malformed {_NAME}: wire type {wire_type} at the top level"
            )
        if position > len(raw):
            raise MalformedEvaluateError(f"request: malformed {_NAME}: truncated field {number}")
        if number == _EVENTS_FIELD.number:
            events += 1
            limits.check_events(events)
        fields += 1
        if not fields % SLICE_FIELDS:
            cuts.append(position)
            await pause()
    if cuts[-1] != len(raw):
        cuts.append(len(raw))
    return cuts


def _varint(raw: bytes, position: int) -> tuple[int, int]:
    """The varint at ``position`` and the position after it."""
    value = shift = 0
    while True:
        if position >= len(raw):
            raise MalformedEvaluateError(f"request: malformed {_NAME}: truncated varint")
        byte = raw[position]
        position += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, position
        shift += 7
        if shift > _MAX_VARINT_SHIFT:
            raise MalformedEvaluateError(f"request: malformed {_NAME}: varint too long")
