"""The codec between the event model / verdicts and the ``loopwatch.v1`` protobuf messages.

Used by the SDK's remote guard (encode events, decode verdicts) and by the collector's
``LoopGuard`` servicer (decode events, encode verdicts). Pure functions, no I/O, safe on any
thread.

Mapping rules (proto3 has no ``None`` for scalars):

- Empty strings on the wire decode to ``None`` for optional text fields (``finish_reason``,
  ``error_type``, finding fields, verdict message); ``text``, ``arguments`` and ``preview``
  use proto3 ``optional`` so an empty string and "not captured" stay distinct.
- ``Step.usage`` is encoded as two token counts; both zero decodes to ``usage=None``.
- Message fields (``sketch``, ``repetition``, ``finding``) are absent when ``None``.
- Every text of a verdict's finding (summary, arguments, result preview, trimmed text) is
  clipped to ``MAX_EVIDENCE_CHARS`` and its message to ``MAX_MESSAGE_CHARS``: a verdict stays
  a few KB whatever the agent sent, well under gRPC's 4 MiB default message limit.
- A finding's wire fields are derived from the ``Finding`` dataclass (``FINDING_FIELDS``: every
  field the proto message also has), so the field list is written once, in ``verdict.py``;
  ``finding_to_dict`` is the same view as plain JSON values (the REST API's).
- A decoded ``ToolResult.preview`` is clipped to ``PREVIEW_CHARS`` (what the SDK sends): a
  preview is a quote for the nudge, not content to keep.

Decoding validates: a fingerprint longer than ``MAX_FINGERPRINT_CHARS`` is refused (fingerprints
are kept per step in bounded windows, so their size bounds a session's memory), and a missing
or malformed required field raises ``WireError`` whose
``field`` is a path such as ``events[3].step.tool_calls[0].name``, so servers can answer
``INVALID_ARGUMENT`` with a message naming it. Encoding never raises on valid model objects.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from loopwatch.events import (
    PREVIEW_CHARS,
    Event,
    Step,
    ToolCall,
    ToolResult,
    TraceContext,
    Usage,
    UserMessage,
)
from loopwatch.fingerprint import MAX_FINGERPRINT_CHARS, shape_fingerprint
from loopwatch.sketch import Repetition, TextSketch
from loopwatch.verdict import Action, Finding, Severity, Verdict
from loopwatch.wire._proto.v1 import guard_pb2 as pb
from loopwatch.wire.ids import MAX_EVENT_ID_CHARS

__all__ = [
    "FINDING_FIELDS",
    "MAX_EVIDENCE_CHARS",
    "MAX_FINGERPRINT_CHARS",
    "MAX_ID_CHARS",
    "MAX_MESSAGE_CHARS",
    "WireError",
    "action_from_proto",
    "action_to_proto",
    "context_from_proto",
    "event_from_proto",
    "event_to_proto",
    "events_from_proto",
    "events_to_proto",
    "finding_to_dict",
    "tool_call_from_proto",
    "tool_call_to_proto",
    "verdict_from_proto",
    "verdict_to_proto",
]

# A verdict's evidence quotes the repeated call's arguments for humans; a 10 MB argument must not
# make a 10 MB verdict (gRPC clients refuse replies over 4 MiB by default).
MAX_EVIDENCE_CHARS = 4096
# The message quotes the call and the last result; twice the evidence bound holds both.
MAX_MESSAGE_CHARS = 2 * MAX_EVIDENCE_CHARS
# Trace ids are W3C ids (32 hex digits); other ids (conversation, agent) are bounded to keep
# metrics labels and store keys sane.
MAX_ID_CHARS = 256

_ACTION_TO_PROTO: dict[Action, pb.Action] = {
    Action.CONTINUE: pb.ACTION_CONTINUE,
    Action.NUDGE: pb.ACTION_NUDGE,
    Action.WITHDRAW_TOOLS: pb.ACTION_WITHDRAW_TOOLS,
    Action.HALT: pb.ACTION_HALT,
}
_ACTION_FROM_PROTO: dict[int, Action] = {v: k for k, v in _ACTION_TO_PROTO.items()}
_HEX = frozenset("0123456789abcdef")

#: The ``Finding`` fields that travel in verdicts: those the ``loopwatch.v1.Finding`` message
#: also has (the call fingerprint stays in the session state), in declaration order.
FINDING_FIELDS: tuple[str, ...] = tuple(
    f.name for f in dataclasses.fields(Finding) if f.name in pb.Finding.DESCRIPTOR.fields_by_name
)
# Optional text fields: proto3 has no None for scalars, so "" on the wire decodes to None.
_OPTIONAL_FINDING_FIELDS = frozenset(
    f.name for f in dataclasses.fields(Finding) if f.name in FINDING_FIELDS and f.default is None
)
# The texts of a finding that come from what the agent sent: clipped wherever a verdict goes.
_FINDING_TEXTS = tuple(
    f.name
    for f in dataclasses.fields(Finding)
    if f.name in FINDING_FIELDS and f.type in ("str", "str | None")
)


class WireError(ValueError):
    """A protobuf message that does not describe valid events; ``field`` names the culprit."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


# ---------------------------------------------------------------------------------------------
# encode


def events_to_proto(events: Iterable[Event]) -> list[pb.Event]:
    """Encode events in order."""
    return [event_to_proto(e) for e in events]


def event_to_proto(event: Event) -> pb.Event:
    """Encode one event."""
    if isinstance(event, Step):
        step = pb.Step(
            tool_calls=[tool_call_to_proto(c) for c in event.tool_calls],
            input_tokens=event.usage.input_tokens if event.usage else 0,
            output_tokens=event.usage.output_tokens if event.usage else 0,
            finish_reason=event.finish_reason or "",
            refers_to_calls=event.refers_to_calls,
        )
        if event.text is not None:
            step.text = event.text
        if event.sketch is not None:
            step.sketch.CopyFrom(_sketch_to_proto(event.sketch))
        return pb.Event(event_id=event.event_id, time_unix_nano=event.time_unix_ns, step=step)
    if isinstance(event, ToolResult):
        result = pb.ToolResult(
            call_id=event.call_id,
            fingerprint=event.fingerprint,
            size=event.size,
            is_error=event.is_error,
            error_type=event.error_type or "",
        )
        if event.preview is not None:
            result.preview = event.preview
        return pb.Event(event_id=event.event_id, time_unix_nano=event.time_unix_ns, tool_result=result)
    return pb.Event(
        event_id=event.event_id,
        time_unix_nano=event.time_unix_ns,
        user_message=_user_message_to_proto(event),
    )


def tool_call_to_proto(call: ToolCall) -> pb.ToolCall:
    """Encode one tool call (also used for ``EvaluateRequest.pending_call``)."""
    msg = pb.ToolCall(id=call.id, name=call.name, fingerprint=call.fingerprint, shape=call.shape)
    if call.arguments is not None:
        msg.arguments = call.arguments
    if call.repetition is not None:
        msg.repetition.CopyFrom(_repetition_to_proto(call.repetition))
    return msg


def verdict_to_proto(verdict: Verdict, *, trace_id: str = "", agent: str = "") -> pb.Verdict:
    """Encode a verdict, stamped with the trace and agent it concerns."""
    msg = pb.Verdict(
        action=action_to_proto(verdict.action),
        step=verdict.step,
        message=clip(verdict.message or "", MAX_MESSAGE_CHARS),
        trace_id=trace_id,
        agent=agent,
    )
    if verdict.finding is not None:
        # proto3 scalars have no None: absent optional text is "" (decoded back to None).
        found = finding_to_dict(verdict.finding)
        values: dict[str, Any] = {k: "" if v is None else v for k, v in found.items()}
        msg.finding.CopyFrom(pb.Finding(**values))
    return msg


def finding_to_dict(finding: Finding) -> dict[str, str | int | None]:
    """The ``FINDING_FIELDS`` of ``finding`` as JSON values: severity by value, ``None`` kept,
    every text clipped to ``MAX_EVIDENCE_CHARS``."""
    values: dict[str, str | int | None] = {name: getattr(finding, name) for name in FINDING_FIELDS}
    values["severity"] = finding.severity.value
    for name in _FINDING_TEXTS:
        text = getattr(finding, name)
        if text is not None:
            values[name] = clip(text, MAX_EVIDENCE_CHARS)
    return values


def _check_fingerprint(fingerprint: str, field: str) -> None:
    if not fingerprint:
        raise WireError(field, "required")
    if len(fingerprint) > MAX_FINGERPRINT_CHARS:
        raise WireError(field, f"longer than {MAX_FINGERPRINT_CHARS} characters (a fingerprint is a digest)")


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, the cut marked with "..." (evidence, messages)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def action_to_proto(action: Action) -> pb.Action:
    """The ``loopwatch.v1.Action`` enum value of ``action``."""
    return _ACTION_TO_PROTO[action]


def _user_message_to_proto(event: UserMessage) -> pb.UserMessage:
    msg = pb.UserMessage(fingerprint=event.fingerprint)
    if event.sketch is not None:
        msg.sketch.CopyFrom(_sketch_to_proto(event.sketch))
    return msg


def _sketch_to_proto(sketch: TextSketch) -> pb.TextSketch:
    msg = pb.TextSketch(length=sketch.length, minhash=list(sketch.minhash), words=sketch.words)
    if sketch.repetition is not None:
        msg.repetition.CopyFrom(_repetition_to_proto(sketch.repetition))
    return msg


def _repetition_to_proto(rep: Repetition) -> pb.Repetition:
    return pb.Repetition(
        unit=rep.unit,
        period=rep.period,
        repeats=rep.repeats,
        block_chars=rep.block_chars,
        start=rep.start,
        end=rep.end,
    )


# ---------------------------------------------------------------------------------------------
# decode


def context_from_proto(trace_id: str, agent: str, conversation_id: str) -> TraceContext:
    """Validate the identifying fields of a request.

    ``trace_id`` must be 32 lowercase hex digits, not all zero (a W3C trace id, as OTLP
    receivers render them); an empty ``agent`` becomes ``"unknown"``.
    """
    if not trace_id:
        raise WireError("trace_id", "required")
    if len(trace_id) != 32 or not set(trace_id) <= _HEX or trace_id == "0" * 32:
        raise WireError("trace_id", "must be 32 lowercase hex digits, not all zero")
    if len(agent) > MAX_ID_CHARS:
        raise WireError("agent", f"longer than {MAX_ID_CHARS} characters")
    if len(conversation_id) > MAX_ID_CHARS:
        raise WireError("conversation_id", f"longer than {MAX_ID_CHARS} characters")
    return TraceContext(trace_id=trace_id, agent=agent or "unknown", conversation_id=conversation_id or None)


def events_from_proto(events: Sequence[pb.Event], *, field: str = "events") -> list[Event]:
    """Decode and validate events; raises ``WireError`` naming e.g. ``events[2].event_id``."""
    return [event_from_proto(e, field=f"{field}[{i}]") for i, e in enumerate(events)]


def event_from_proto(msg: pb.Event, *, field: str = "event") -> Event:
    """Decode and validate one event (see ``events_from_proto``)."""
    event_id = msg.event_id
    if not event_id:
        raise WireError(f"{field}.event_id", "required")
    if len(event_id) > MAX_EVENT_ID_CHARS:
        raise WireError(f"{field}.event_id", f"longer than {MAX_EVENT_ID_CHARS} characters")
    if msg.time_unix_nano < 0:
        raise WireError(f"{field}.time_unix_nano", "must be >= 0")
    kind = msg.WhichOneof("kind")
    if kind == "step":
        return _step_from_proto(msg.step, event_id, msg.time_unix_nano, f"{field}.step")
    if kind == "tool_result":
        r = msg.tool_result
        where = f"{field}.tool_result"
        if not r.call_id:
            raise WireError(f"{where}.call_id", "required")
        _check_fingerprint(r.fingerprint, f"{where}.fingerprint")
        return ToolResult(
            event_id=event_id,
            call_id=r.call_id,
            fingerprint=r.fingerprint,
            size=r.size,
            is_error=r.is_error,
            error_type=r.error_type or None,
            preview=clip(r.preview, PREVIEW_CHARS) if r.HasField("preview") else None,
            time_unix_ns=msg.time_unix_nano,
        )
    if kind == "user_message":
        user = msg.user_message
        if len(user.fingerprint) > MAX_FINGERPRINT_CHARS:
            _check_fingerprint(user.fingerprint, f"{field}.user_message.fingerprint")
        return UserMessage(
            event_id=event_id,
            fingerprint=user.fingerprint,
            sketch=_sketch_from_proto(user.sketch, f"{field}.user_message.sketch")
            if user.HasField("sketch")
            else None,
            time_unix_ns=msg.time_unix_nano,
        )
    raise WireError(f"{field}.kind", "one of step, tool_result, user_message is required")


def tool_call_from_proto(msg: pb.ToolCall, *, field: str = "tool_call") -> ToolCall:
    """Decode and validate one tool call; ``id``, ``name`` and ``fingerprint`` are required."""
    for name in ("id", "name"):
        if not getattr(msg, name):
            raise WireError(f"{field}.{name}", "required")
    _check_fingerprint(msg.fingerprint, f"{field}.fingerprint")
    arguments = msg.arguments if msg.HasField("arguments") else None
    return ToolCall(
        id=msg.id,
        name=msg.name,
        fingerprint=msg.fingerprint,
        # A client that sends arguments but no shape gets the shape the SDK would compute.
        shape=msg.shape or (shape_fingerprint(msg.name, arguments) if arguments is not None else ""),
        arguments=arguments,
        repetition=_repetition_from_proto(msg.repetition, f"{field}.repetition")
        if msg.HasField("repetition")
        else None,
    )


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


def _step_from_proto(msg: pb.Step, event_id: str, time_unix_ns: int, field: str) -> Step:
    calls = tuple(
        tool_call_from_proto(c, field=f"{field}.tool_calls[{i}]") for i, c in enumerate(msg.tool_calls)
    )
    ids = [c.id for c in calls]
    if len(set(ids)) != len(ids):
        raise WireError(f"{field}.tool_calls", "tool call ids must be unique within a step")
    usage = (
        Usage(input_tokens=msg.input_tokens, output_tokens=msg.output_tokens)
        if msg.input_tokens or msg.output_tokens
        else None
    )
    return Step(
        event_id=event_id,
        text=msg.text if msg.HasField("text") else None,
        sketch=_sketch_from_proto(msg.sketch, f"{field}.sketch") if msg.HasField("sketch") else None,
        refers_to_calls=msg.refers_to_calls,
        tool_calls=calls,
        usage=usage,
        finish_reason=msg.finish_reason or None,
        time_unix_ns=time_unix_ns,
    )


def _sketch_from_proto(msg: pb.TextSketch, field: str) -> TextSketch:
    return TextSketch(
        length=msg.length,
        minhash=tuple(msg.minhash),
        words=msg.words,
        repetition=_repetition_from_proto(msg.repetition, f"{field}.repetition")
        if msg.HasField("repetition")
        else None,
    )


def _repetition_from_proto(msg: pb.Repetition, field: str) -> Repetition:
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
