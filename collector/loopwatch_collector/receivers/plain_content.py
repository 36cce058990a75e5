"""Verdicts for any language: ``Evaluate`` requests with plain content instead of fingerprints.

A client without the loopwatch SDK (TypeScript, Go, ``curl``) cannot compute the SDK's
fingerprints and sketches. It may leave them empty and send the content instead; before the
request is decoded, :func:`fingerprint_plain_content` fills in, *in place*, exactly what the SDK
would have sent, by running the same ``loopwatch.events`` ``create`` constructors:

- ``ToolCall`` without ``fingerprint``: from ``name`` and ``arguments`` (JSON text, any key
  order; absent means no arguments) -> fingerprint, canonical arguments, repetition;
- ``Step`` with ``text`` and no ``sketch``: -> sketch and ``refers_to_calls``;
- ``ToolResult`` without ``fingerprint``: from ``content`` (the result text) -> fingerprint of
  the normalised text, ``size``, ``preview``; ``content`` itself is dropped;
- ``UserMessage`` without ``fingerprint``: from ``text`` -> fingerprint; ``text`` dropped;
- ``pending_call``: as a ``ToolCall``.

Anything already fingerprinted is left alone, so SDK requests are unchanged, and a request may
mix both. Event ids stay required (they make re-sending safe). A result without a fingerprint
and without content, or a user message without either, is left for the decoder to reject.
The receivers (``LoopGuard`` servicer, ``POST /v1/evaluate``) only call this: no detection here.

Contract: pure protobuf rewriting, never raises.
"""

from __future__ import annotations

from loopwatch.events import Step, ToolCall, ToolResult, UserMessage
from loopwatch.wire import WireError, event_to_proto, pb, tool_call_from_proto, tool_call_to_proto


def fingerprint_plain_content(request: pb.EvaluateRequest) -> None:
    """Complete ``request``'s plain-content events and pending call (module docstring)."""
    for event in request.events:
        fingerprint_plain_event(event)
    fingerprint_plain_pending_call(request)


def fingerprint_plain_event(event: pb.Event) -> None:
    """Complete one plain-content event in place (for callers that go through events in slices)."""
    kind = event.WhichOneof("kind")
    if kind == "step":
        _complete_step(event)
    elif kind == "tool_result" and not event.tool_result.fingerprint:
        _complete_result(event)
    elif kind == "user_message" and not event.user_message.fingerprint:
        _complete_user_message(event)


def fingerprint_plain_pending_call(request: pb.EvaluateRequest) -> None:
    """Complete ``request``'s plain-content pending call in place, if it has one."""
    if request.HasField("pending_call"):
        _complete_call(request.pending_call)


def _complete_call(msg: pb.ToolCall) -> None:
    """Fill in ``msg`` when it has a name and an id but no fingerprint."""
    if msg.fingerprint or not msg.id or not msg.name:
        return
    arguments = msg.arguments if msg.HasField("arguments") else None
    msg.CopyFrom(tool_call_to_proto(ToolCall.create(id=msg.id, name=msg.name, arguments=arguments)))


def _complete_step(event: pb.Event) -> None:
    msg = event.step
    for call in msg.tool_calls:
        _complete_call(call)
    if not msg.HasField("text") or msg.HasField("sketch"):
        return  # nothing to sketch, or sketched by the SDK
    try:
        calls = tuple(tool_call_from_proto(c) for c in msg.tool_calls)
    except WireError:
        return  # the decoder rejects the request, naming the field
    step = Step.create(
        event_id=event.event_id, text=msg.text, tool_calls=calls, time_unix_ns=event.time_unix_nano
    )
    encoded = event_to_proto(step).step
    if encoded.HasField("sketch"):
        msg.sketch.CopyFrom(encoded.sketch)
    msg.refers_to_calls = encoded.refers_to_calls


def _complete_result(event: pb.Event) -> None:
    msg = event.tool_result
    if not msg.HasField("content") or not msg.call_id:
        return
    result = ToolResult.create(
        event_id=event.event_id,
        call_id=msg.call_id,
        content=msg.content,
        is_error=msg.is_error,
        error_type=msg.error_type or None,
        time_unix_ns=event.time_unix_nano,
    )
    msg.CopyFrom(event_to_proto(result).tool_result)


def _complete_user_message(event: pb.Event) -> None:
    msg = event.user_message
    if not msg.HasField("text"):
        return
    message = UserMessage.create(event_id=event.event_id, text=msg.text, time_unix_ns=event.time_unix_nano)
    msg.CopyFrom(event_to_proto(message).user_message)
