"""The decoding half of the codec (``wire/codec.py``): ``loopwatch.v1`` messages to the event
model and verdicts, validated.

A fingerprint longer than ``MAX_FINGERPRINT_CHARS`` is refused (fingerprints are kept per step
in bounded windows, so their size bounds a session's memory), and a missing or malformed
required field raises ``WireError`` whose ``field`` is a path such as
``events[3].step.tool_calls[0].name``, so servers can answer ``INVALID_ARGUMENT`` with a
message naming it.

Decoding is on the verdict path of every ``Evaluate``: the path is assembled only when an
error is raised (each level adds its part with ``WireError.under``), never for valid input.
Pure functions, no I/O, safe on any thread.
"""

from __future__ import annotations

from collections.abc import Sequence

from loopwatch.events import (
    MAX_ERROR_TERMS,
    MAX_TERMS,
    PREVIEW_CHARS,
    Event,
    Step,
    ToolCall,
    ToolResult,
    TraceContext,
    Usage,
    UserMessage,
)
from loopwatch.fingerprint import (
    MAX_FACTS,
    MAX_FINGERPRINT_CHARS,
    MAX_LINES,
    MAX_LINKS,
    argument_frame,
    bounded_fingerprint,
    mutating_call,
    shape_fingerprint,
    spelling_fingerprint,
    waiting_call,
)
from loopwatch.sketch import OVERLAP_SIZE, SKETCH_SIZE, Repetition, TextSketch
from loopwatch.verdict import Action, Finding, Severity, Verdict
from loopwatch.wire._proto.v1 import guard_pb2 as pb
from loopwatch.wire.codec import ACTION_TO_PROTO, FINDING_FIELDS, MAX_ID_CHARS, clip
from loopwatch.wire.ids import MAX_EVENT_ID_CHARS

__all__ = [
    "WireError",
    "action_from_proto",
    "context_from_proto",
    "event_from_proto",
    "events_from_proto",
    "tool_call_from_proto",
    "verdict_from_proto",
]

_ACTION_FROM_PROTO: dict[int, Action] = {v: k for k, v in ACTION_TO_PROTO.items()}
_HEX = frozenset("0123456789abcdef")
_NO_TRACE = "0" * 32
_SPAN_ID_CHARS = 16
_NO_SPAN = "0" * _SPAN_ID_CHARS
# Optional text fields: proto3 has no None for scalars, so "" on the wire decodes to None.
_OPTIONAL_FINDING_FIELDS = frozenset(
    name for name in FINDING_FIELDS if Finding.__dataclass_fields__[name].default is None
)


class WireError(ValueError):
    """A protobuf message that does not describe valid events; ``field`` names the culprit."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem

    def under(self, parent: str) -> WireError:
        """The same problem, its field path prefixed with ``parent`` (``events[2]``, ``step``)."""
        joined = f"{parent}{self.field}" if self.field.startswith("[") else f"{parent}.{self.field}"
        return WireError(joined, self.problem)


def context_from_proto(trace_id: str, agent: str, conversation_id: str, span_id: str = "") -> TraceContext:
    """Validate the identifying fields of a request.

    ``trace_id`` must be 32 lowercase hex digits, not all zero (a W3C trace id, as OTLP
    receivers render them); an empty ``agent`` becomes ``"unknown"``; ``span_id``
    (``EvaluateRequest.span_id``, optional) 16 lowercase hex digits, not all zero: the
    context's ``step_span`` in ``trace_id``.
    """
    if not trace_id:
        raise WireError("trace_id", "required")
    if len(trace_id) != 32 or not set(trace_id) <= _HEX or trace_id == _NO_TRACE:
        raise WireError("trace_id", "must be 32 lowercase hex digits, not all zero")
    if len(agent) > MAX_ID_CHARS:
        raise WireError("agent", f"longer than {MAX_ID_CHARS} characters")
    if len(conversation_id) > MAX_ID_CHARS:
        raise WireError("conversation_id", f"longer than {MAX_ID_CHARS} characters")
    if span_id and (len(span_id) != _SPAN_ID_CHARS or not set(span_id) <= _HEX or span_id == _NO_SPAN):
        raise WireError("span_id", "must be 16 lowercase hex digits, not all zero")
    return TraceContext(
        trace_id=trace_id,
        agent=agent or "unknown",
        conversation_id=conversation_id or None,
        step_span=(trace_id, span_id) if span_id else None,
    )


def events_from_proto(events: Sequence[pb.Event], *, field: str = "events") -> list[Event]:
    """Decode and validate events; raises ``WireError`` naming e.g. ``events[2].event_id``."""
    decoded: list[Event] = []
    for index, msg in enumerate(events):
        try:
            decoded.append(_event(msg))
        except WireError as exc:
            raise exc.under(f"{field}[{index}]") from None
    return decoded


def event_from_proto(msg: pb.Event, *, field: str = "event") -> Event:
    """Decode and validate one event (see ``events_from_proto``)."""
    try:
        return _event(msg)
    except WireError as exc:
        raise exc.under(field) from None


def tool_call_from_proto(msg: pb.ToolCall, *, field: str = "tool_call") -> ToolCall:
    """Decode and validate one tool call; ``id``, ``name`` and ``fingerprint`` are required."""
    try:
        return _tool_call(msg)
    except WireError as exc:
        raise exc.under(field) from None


def verdict_from_proto(msg: pb.Verdict) -> Verdict:
    """Decode a verdict; raises ``WireError`` on an unknown action or severity."""
    action = action_from_proto(msg.action, field="action")
    finding: Finding | None = None
    if msg.HasField("finding"):
        f = msg.finding
        try:
            severity = Severity(f.severity)
        except ValueError as exc:
            raise WireError("finding.severity", f"unknown severity {f.severity!r}") from exc
        values = {name: getattr(f, name) for name in FINDING_FIELDS}
        for name in _OPTIONAL_FINDING_FIELDS:
            values[name] = values[name] or None
        values["severity"] = severity
        finding = Finding(**values)
    return Verdict(action=action, step=msg.step, finding=finding, message=msg.message or None)


def action_from_proto(value: int, *, field: str = "action") -> Action:
    """The model ``Action`` of a ``loopwatch.v1.Action`` value; UNSPECIFIED is an error."""
    try:
        return _ACTION_FROM_PROTO[value]
    except KeyError as exc:
        raise WireError(field, f"unknown or unspecified action {value}") from exc


# Below, fields are named relative to the message being decoded; callers add the path.


def _event(msg: pb.Event) -> Event:
    event_id = msg.event_id
    if not event_id:
        raise WireError("event_id", "required")
    if len(event_id) > MAX_EVENT_ID_CHARS:
        raise WireError("event_id", f"longer than {MAX_EVENT_ID_CHARS} characters")
    if msg.time_unix_nano < 0:
        raise WireError("time_unix_nano", "must be >= 0")
    kind = msg.WhichOneof("kind")
    try:
        if kind == "step":
            return _step(msg.step, event_id, msg.time_unix_nano)
        if kind == "tool_result":
            return _tool_result(msg.tool_result, event_id, msg.time_unix_nano)
        if kind == "user_message":
            return _user_message(msg.user_message, event_id, msg.time_unix_nano)
    except WireError as exc:
        raise exc.under(kind) from None
    raise WireError("kind", "one of step, tool_result, user_message is required")


def _step(msg: pb.Step, event_id: str, time_unix_ns: int) -> Step:
    calls = []
    for index, call in enumerate(msg.tool_calls):
        try:
            calls.append(_tool_call(call))
        except WireError as exc:
            raise exc.under(f"tool_calls[{index}]") from None
    if len(calls) > 1 and len({c.id for c in calls}) != len(calls):
        raise WireError("tool_calls", "tool call ids must be unique within a step")
    usage = (
        Usage(input_tokens=msg.input_tokens, output_tokens=msg.output_tokens)
        if msg.input_tokens or msg.output_tokens
        else None
    )
    return Step(
        event_id=event_id,
        text=msg.text if msg.HasField("text") else None,
        sketch=_sketch(msg.sketch) if msg.HasField("sketch") else None,
        refers_to_calls=msg.refers_to_calls,
        tool_calls=tuple(calls),
        usage=usage,
        finish_reason=msg.finish_reason or None,
        time_unix_ns=time_unix_ns,
    )


def _tool_result(msg: pb.ToolResult, event_id: str, time_unix_ns: int) -> ToolResult:
    if not msg.call_id:
        raise WireError("call_id", "required")
    _check_fingerprint(msg.fingerprint)
    return ToolResult(
        event_id=event_id,
        call_id=msg.call_id,
        fingerprint=msg.fingerprint,
        size=msg.size,
        is_error=msg.is_error,
        error_type=msg.error_type or None,
        error_class=bounded_fingerprint(msg.error_class),
        error_terms=_hashes(msg.error_terms, "error_terms", MAX_ERROR_TERMS),
        overlap=_hashes(msg.overlap, "overlap", OVERLAP_SIZE),
        lines=_hashes(msg.lines, "lines", MAX_LINES),
        links=_hashes(msg.links, "links", MAX_LINKS),
        facts=_hashes(msg.facts, "facts", MAX_FACTS),
        preview=clip(msg.preview, PREVIEW_CHARS) if msg.HasField("preview") else None,
        time_unix_ns=time_unix_ns,
    )


def _user_message(msg: pb.UserMessage, event_id: str, time_unix_ns: int) -> UserMessage:
    if len(msg.fingerprint) > MAX_FINGERPRINT_CHARS:
        _check_fingerprint(msg.fingerprint)
    sketch = _sketch(msg.sketch) if msg.HasField("sketch") else None
    return UserMessage(
        event_id=event_id, fingerprint=msg.fingerprint, sketch=sketch, time_unix_ns=time_unix_ns
    )


def _tool_call(msg: pb.ToolCall) -> ToolCall:
    if not msg.id:
        raise WireError("id", "required")
    if not msg.name:
        raise WireError("name", "required")
    _check_fingerprint(msg.fingerprint)
    arguments = msg.arguments if msg.HasField("arguments") else None
    frame = msg.frame or (argument_frame(msg.name, arguments) if arguments is not None else "")
    # A client that sends arguments but no shape, frame or spelling gets what the SDK computes.
    spelling = msg.spelling or (
        spelling_fingerprint(msg.name, arguments) if frame and arguments is not None else ""
    )
    return ToolCall(
        id=msg.id,
        name=msg.name,
        fingerprint=msg.fingerprint,
        shape=msg.shape or (shape_fingerprint(msg.name, arguments) if arguments is not None else ""),
        frame=bounded_fingerprint(frame),
        targets=_hashes(msg.targets, "targets", MAX_TERMS),
        phrased=msg.phrased,
        wording=bounded_fingerprint(msg.wording),
        spelling=bounded_fingerprint(spelling),
        # A client that sends arguments but no classification gets the SDK's.
        mutates=msg.mutates or mutating_call(msg.name, arguments),
        waits=msg.waits or waiting_call(msg.name, arguments),
        arguments=arguments,
        repetition=_repetition(msg.repetition, "repetition") if msg.HasField("repetition") else None,
    )


def _hashes(hashes: Sequence[int], field: str, limit: int) -> tuple[int, ...]:
    """The hash set as the detectors expect it: sorted and without repeats (a client may send
    either; a repeated hash would make a bottom-k comparison count a union bigger than it is)."""
    if len(hashes) > limit:
        raise WireError(field, f"at most {limit} hashes")
    return tuple(sorted(set(hashes)))


def _sketch(msg: pb.TextSketch) -> TextSketch:
    return TextSketch(
        length=msg.length,
        minhash=_hashes(msg.minhash, "sketch.minhash", SKETCH_SIZE),
        words=msg.words,
        repetition=_repetition(msg.repetition, "sketch.repetition") if msg.HasField("repetition") else None,
        announces=msg.announces,
        again=msg.again,
        facts=msg.facts,
    )


def _repetition(msg: pb.Repetition, field: str) -> Repetition:
    if msg.unit not in ("line", "sentence", "word"):
        raise WireError(f"{field}.unit", f"must be line, sentence or word, got {msg.unit!r}")
    if msg.end < msg.start:
        raise WireError(f"{field}.end", "must be >= start")
    return Repetition(
        unit=msg.unit,
        period=msg.period,
        repeats=msg.repeats,
        block_chars=msg.block_chars,
        start=msg.start,
        end=msg.end,
    )


def _check_fingerprint(fingerprint: str) -> None:
    if not fingerprint:
        raise WireError("fingerprint", "required")
    if len(fingerprint) > MAX_FINGERPRINT_CHARS:
        raise WireError(
            "fingerprint", f"longer than {MAX_FINGERPRINT_CHARS} characters (a fingerprint is a digest)"
        )
