"""The codec between the event model / verdicts and the ``loopwatch.v1`` protobuf messages:
the encoding half and what both halves share. Decoding (with validation) is ``wire/decode.py``.

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

Encoding never raises on valid model objects.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from loopwatch.declarations import field_types
from loopwatch.events import Event, Step, ToolCall, ToolResult, UserMessage
from loopwatch.sketch import Repetition, TextSketch
from loopwatch.verdict import Action, Finding, Verdict
from loopwatch.wire._proto.v1 import guard_pb2 as pb

__all__ = [
    "FINDING_FIELDS",
    "MAX_EVIDENCE_CHARS",
    "MAX_ID_CHARS",
    "MAX_MESSAGE_CHARS",
    "action_to_proto",
    "clip",
    "event_to_proto",
    "events_to_proto",
    "finding_to_dict",
    "tool_call_to_proto",
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

ACTION_TO_PROTO: dict[Action, pb.Action] = {
    Action.CONTINUE: pb.ACTION_CONTINUE,
    Action.NUDGE: pb.ACTION_NUDGE,
    Action.WITHDRAW_TOOLS: pb.ACTION_WITHDRAW_TOOLS,
    Action.HALT: pb.ACTION_HALT,
}

#: The ``Finding`` fields that travel in verdicts: those the ``loopwatch.v1.Finding`` message
#: also has (the call fingerprint stays in the session state), in declaration order.
FINDING_FIELDS: tuple[str, ...] = tuple(
    f.name for f in dataclasses.fields(Finding) if f.name in pb.Finding.DESCRIPTOR.fields_by_name
)
# The texts of a finding that come from what the agent sent: clipped wherever a verdict goes.
_FINDING_TEXTS = tuple(
    f.name
    for f in dataclasses.fields(Finding)
    if f.name in FINDING_FIELDS and field_types(Finding)[f.name] in (str, str | None)
)


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
            error_class=event.error_class,
            error_terms=list(event.error_terms),
            overlap=list(event.overlap),
            lines=list(event.lines),
            links=list(event.links),
            facts=list(event.facts),
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
    msg = pb.ToolCall(
        id=call.id,
        name=call.name,
        fingerprint=call.fingerprint,
        shape=call.shape,
        frame=call.frame,
        targets=list(call.targets),
        phrased=call.phrased,
        wording=call.wording,
        spelling=call.spelling,
        mutates=call.mutates,
        waits=call.waits,
    )
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


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, the cut marked with "..." (evidence, messages)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def action_to_proto(action: Action) -> pb.Action:
    """The ``loopwatch.v1.Action`` enum value of ``action``."""
    return ACTION_TO_PROTO[action]


def _user_message_to_proto(event: UserMessage) -> pb.UserMessage:
    msg = pb.UserMessage(fingerprint=event.fingerprint)
    if event.sketch is not None:
        msg.sketch.CopyFrom(_sketch_to_proto(event.sketch))
    return msg


def _sketch_to_proto(sketch: TextSketch) -> pb.TextSketch:
    msg = pb.TextSketch(
        length=sketch.length,
        minhash=list(sketch.minhash),
        words=sketch.words,
        announces=sketch.announces,
        again=sketch.again,
        facts=sketch.facts,
    )
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
