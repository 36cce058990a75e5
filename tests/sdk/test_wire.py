"""Round trips and validation of the protobuf codec (``loopwatch.wire``)."""

from __future__ import annotations

import dataclasses

import pytest
from google.protobuf.message import DecodeError
from hypothesis import given, settings
from hypothesis import strategies as st

from loopwatch import wire
from loopwatch.events import Event, Step, ToolCall, ToolResult, TraceContext, Usage, UserMessage
from loopwatch.verdict import Action, Finding, Severity, Verdict
from loopwatch.wire import pb
from loopwatch.wire.attribute_decode import sketch_from
from loopwatch.wire.attributes import chat_attributes

_TRACE = "0af7651916cd43dd8448eb211c80319c"


def _events(*, capture_content: bool) -> list[Event]:
    calls = (
        ToolCall.create(
            id="call_1",
            name="grep",
            arguments={"q": "needle in haystack", "a": [1, 2]},
            capture_content=capture_content,
        ),
        ToolCall.create(
            id="call_2",
            name="edit",
            arguments={"text": "the same sentence again. " * 8},
            capture_content=capture_content,
        ),
    )
    return [
        UserMessage.create(event_id="u1", text="fix the bug", time_unix_ns=5),
        Step.create(
            event_id="step:call_1",
            text="Let me search again. Let me search again. Let me search again.",
            tool_calls=calls,
            usage=Usage(input_tokens=10, output_tokens=3),
            finish_reason="tool_calls",
            time_unix_ns=7,
            capture_content=capture_content,
        ),
        ToolResult.create(
            event_id="call_1",
            call_id="call_1",
            content="no match in:\n" + "\n".join(f"src/module_{i}.py" for i in range(30)),
            capture_content=capture_content,
        ),
        ToolResult.create(
            event_id="call_2",
            call_id="call_2",
            content="Traceback (most recent call last):\nValueError: unexpected keyword argument 'text'",
            is_error=True,
            error_type="ValueError",
            capture_content=capture_content,
        ),
        Step.create(event_id="step:final", text=None),
    ]


@pytest.mark.parametrize("capture_content", [True, False])
def test_events_round_trip(capture_content: bool) -> None:
    events = _events(capture_content=capture_content)
    sent = [pb.Event.FromString(m.SerializeToString()) for m in wire.events_to_proto(events)]
    assert wire.events_from_proto(sent) == events


def test_near_duplicate_notions_travel_without_content() -> None:
    """Privacy mode ships the call's frame, the error's class, the result's overlap sketch and
    its line hashes, a failure's too, and what the text says of the model's action."""
    events = _events(capture_content=False)
    decoded = wire.events_from_proto(wire.events_to_proto(events))
    step, found, failed = decoded[1], decoded[2], decoded[3]
    assert isinstance(step, Step)
    assert isinstance(found, ToolResult)
    assert isinstance(failed, ToolResult)
    assert step.tool_calls[0].frame
    assert step.tool_calls[0].arguments is None
    assert step.text is None
    assert step.sketch is not None
    assert (step.sketch.announces, step.sketch.again) == (True, True)
    assert len(found.overlap) == 32
    assert len(found.lines) == 31
    assert found.preview is None
    assert failed.error_class
    assert failed.error_terms
    assert step.tool_calls[0].targets
    assert step.tool_calls[0].phrased
    assert step.tool_calls[0].wording
    assert failed.overlap == ()
    assert len(failed.lines) == 2


@pytest.mark.parametrize(
    ("field", "arguments", "sent", "other"),
    [
        # A write by the action its arguments name; a wait by the span of time they are.
        ("mutates", {"service": "turn_on"}, {"method": "POST"}, '{"method":"GET"}'),
        ("waits", {"seconds": 30}, {"command": "sleep 5"}, '{"command":"make test"}'),
    ],
)
def test_a_calls_class_stays_without_its_arguments(
    field: str, arguments: dict[str, object], sent: dict[str, object], other: str
) -> None:
    """The SDK classes a call by its arguments; privacy mode drops the arguments and ships the
    class. A client that sends arguments but no class gets the SDK's."""
    call = ToolCall.create(id="c1", name="ha_call_service", arguments=arguments, capture_content=False)
    step = Step.create(event_id="s", text=None, tool_calls=(call,))
    (decoded,) = wire.events_from_proto(wire.events_to_proto([step]))
    assert isinstance(decoded, Step)
    assert (getattr(decoded.tool_calls[0], field), decoded.tool_calls[0].arguments) == (True, None)

    older = wire.tool_call_to_proto(ToolCall.create(id="c2", name="bash", arguments=sent))
    setattr(older, field, False)  # a client from before the class was sent
    assert getattr(wire.tool_call_from_proto(older), field)
    older.arguments = other
    assert not getattr(wire.tool_call_from_proto(older), field)


def test_a_calls_spelling_travels_without_its_arguments() -> None:
    """Privacy mode ships the spelling the SDK computed (span attributes, gRPC); a client that
    sends arguments but no spelling gets the SDK's."""
    call = ToolCall.create(id="c1", name="get", arguments={"id": "BN-0412"}, capture_content=False)
    step = Step.create(event_id="s", text=None, tool_calls=(call,))
    (decoded,) = wire.events_from_proto(wire.events_to_proto([step]))
    assert isinstance(decoded, Step)
    assert (decoded.tool_calls[0].spelling, decoded.tool_calls[0].arguments) == (call.spelling, None)

    older = wire.tool_call_to_proto(ToolCall.create(id="c2", name="get", arguments={"id": "bn0412"}))
    older.spelling = ""  # a client from before the spelling was sent
    assert wire.tool_call_from_proto(older).spelling == call.spelling


def test_the_facts_a_text_states_travel_without_it() -> None:
    """A short report's count of facts reaches the collector in privacy mode: over gRPC, in span
    attributes and in a recorded transcript."""
    step = Step.create(
        event_id="s",
        text="Lot 2/4, Yirgacheffe, Ethiopia: SCA 88.25, buy 10 bags.",
        capture_content=False,
    )
    assert step.sketch is not None
    assert step.sketch.facts >= 3
    (decoded,) = wire.events_from_proto(wire.events_to_proto([step]))
    assert isinstance(decoded, Step)
    assert decoded.sketch == step.sketch
    encoded = chat_attributes(step, capture_content=False)
    assert sketch_from(encoded) == step.sketch


def test_empty_strings_stay_distinct_from_not_captured() -> None:
    step = Step(
        event_id="s",
        text="",
        tool_calls=(ToolCall(id="c", name="t", fingerprint="f", shape="s", arguments=""),),
    )
    (back,) = wire.events_from_proto(wire.events_to_proto([step]))
    assert back == step


@pytest.mark.parametrize(
    "verdict",
    [
        Verdict(action=Action.CONTINUE, step=0),
        Verdict(
            action=Action.NUDGE,
            step=7,
            message="[loopwatch] stop",
            finding=Finding(
                detector="identical_call",
                key="k",
                summary="grep was called 3 times",
                count=3,
                first_step=5,
                last_step=7,
                severity=Severity.LOOP,
                tool_name="grep",
                arguments='{"q":"x"}',
                last_result_preview="no match",
            ),
        ),
        Verdict(
            action=Action.HALT,
            step=9,
            finding=Finding(
                detector="budget",
                key="steps",
                summary="too many steps",
                count=9,
                first_step=1,
                last_step=9,
                severity=Severity.LIMIT,
                trimmed_text="x",
            ),
        ),
    ],
)
def test_verdict_round_trip(verdict: Verdict) -> None:
    msg = wire.verdict_to_proto(verdict, trace_id=_TRACE, agent="a")
    assert msg.trace_id == _TRACE
    assert msg.agent == "a"
    assert wire.verdict_from_proto(pb.Verdict.FromString(msg.SerializeToString())) == verdict


def test_context_from_proto() -> None:
    assert wire.context_from_proto(_TRACE, "", "") == TraceContext(trace_id=_TRACE)
    assert wire.context_from_proto(_TRACE, "bot", "c1") == TraceContext(
        trace_id=_TRACE, agent="bot", conversation_id="c1"
    )


@pytest.mark.parametrize("trace_id", ["", "xyz", _TRACE.upper(), "0" * 32, _TRACE + "00"])
def test_context_rejects_bad_trace_id(trace_id: str) -> None:
    with pytest.raises(wire.WireError) as info:
        wire.context_from_proto(trace_id, "a", "")
    assert info.value.field == "trace_id"


def test_a_span_id_is_the_contexts_step_span_and_validated() -> None:
    assert wire.context_from_proto(_TRACE, "bot", "", "").step_span is None
    context = wire.context_from_proto(_TRACE, "bot", "", "00f067aa0ba902b7")
    assert context.step_span == (_TRACE, "00f067aa0ba902b7")
    for bad in ("xyz", "00F067AA0BA902B7", "0" * 16, "00f067aa0ba902b700"):
        with pytest.raises(wire.WireError) as info:
            wire.context_from_proto(_TRACE, "bot", "", bad)
        assert info.value.field == "span_id"


def _bad(msg: pb.Event) -> str:
    with pytest.raises(wire.WireError) as info:
        wire.events_from_proto([pb.Event(event_id="ok", user_message=pb.UserMessage()), msg])
    return info.value.field


def test_decode_errors_name_the_field() -> None:
    assert _bad(pb.Event(step=pb.Step())) == "events[1].event_id"
    assert _bad(pb.Event(event_id="x" * 300, step=pb.Step())) == "events[1].event_id"
    assert _bad(pb.Event(event_id="e")) == "events[1].kind"
    assert _bad(pb.Event(event_id="e", time_unix_nano=-1, step=pb.Step())) == "events[1].time_unix_nano"
    assert _bad(pb.Event(event_id="e", tool_result=pb.ToolResult(fingerprint="f"))) == (
        "events[1].tool_result.call_id"
    )
    assert _bad(pb.Event(event_id="e", tool_result=pb.ToolResult(call_id="c"))) == (
        "events[1].tool_result.fingerprint"
    )
    no_name = pb.Step(tool_calls=[pb.ToolCall(id="c", fingerprint="f")])
    assert _bad(pb.Event(event_id="e", step=no_name)) == "events[1].step.tool_calls[0].name"
    dup = pb.Step(tool_calls=[pb.ToolCall(id="c", name="n", fingerprint="f")] * 2)
    assert _bad(pb.Event(event_id="e", step=dup)) == "events[1].step.tool_calls"
    bad_rep = pb.Step(sketch=pb.TextSketch(repetition=pb.Repetition(unit="page")))
    assert _bad(pb.Event(event_id="e", step=bad_rep)) == "events[1].step.sketch.repetition.unit"
    bad_call = pb.ToolCall(id="c", name="n", fingerprint="f", repetition=pb.Repetition(unit="word", start=5))
    assert _bad(pb.Event(event_id="e", step=pb.Step(tool_calls=[bad_call]))) == (
        "events[1].step.tool_calls[0].repetition.end"
    )
    too_many = pb.ToolResult(call_id="c", fingerprint="f", overlap=list(range(33)))
    assert _bad(pb.Event(event_id="e", tool_result=too_many)) == "events[1].tool_result.overlap"
    too_many = pb.ToolResult(call_id="c", fingerprint="f", links=list(range(33)))
    assert _bad(pb.Event(event_id="e", tool_result=too_many)) == "events[1].tool_result.links"
    too_many = pb.ToolResult(call_id="c", fingerprint="f", facts=list(range(65)))
    assert _bad(pb.Event(event_id="e", tool_result=too_many)) == "events[1].tool_result.facts"
    too_many = pb.ToolResult(call_id="c", fingerprint="f", lines=list(range(65)))
    assert _bad(pb.Event(event_id="e", tool_result=too_many)) == "events[1].tool_result.lines"
    too_many = pb.ToolResult(call_id="c", fingerprint="f", error_terms=list(range(129)))
    assert _bad(pb.Event(event_id="e", tool_result=too_many)) == "events[1].tool_result.error_terms"
    user = pb.UserMessage(sketch=pb.TextSketch(repetition=pb.Repetition(unit="page")))
    assert _bad(pb.Event(event_id="e", user_message=user)) == "events[1].user_message.sketch.repetition.unit"
    too_many_words = pb.Step(sketch=pb.TextSketch(minhash=list(range(65))))
    assert _bad(pb.Event(event_id="e", step=too_many_words)) == "events[1].step.sketch.minhash"


def test_hash_sets_arrive_sorted_and_without_repeats() -> None:
    """A client may send a sketch unsorted or with a hash twice; the detectors' bottom-k
    comparison assumes neither, so the decoder makes both sets what the SDK would have sent."""
    result = pb.ToolResult(
        call_id="c",
        fingerprint="f",
        overlap=[9, 3, 3, 7],
        error_terms=[5, 5, 1],
        lines=[8, 2, 8],
        links=[4, 1, 4],
        facts=[7, 7, 2],
    )
    step = pb.Step(sketch=pb.TextSketch(minhash=[4, 2, 4], words=3))
    decoded = wire.events_from_proto(
        [pb.Event(event_id="r", tool_result=result), pb.Event(event_id="s", step=step)]
    )
    found, stepped = decoded
    assert isinstance(found, ToolResult)
    assert isinstance(stepped, Step)
    assert found.overlap == (3, 7, 9)
    assert found.error_terms == (1, 5)
    assert found.lines == (2, 8)
    assert found.links == (1, 4)
    assert found.facts == (2, 7)
    assert stepped.sketch is not None
    assert stepped.sketch.minhash == (2, 4)


def test_single_decoders_name_the_field_they_are_given() -> None:
    with pytest.raises(wire.WireError) as info:
        wire.tool_call_from_proto(pb.ToolCall(id="c", name="n"), field="pending_call")
    assert info.value.field == "pending_call.fingerprint"
    assert str(info.value) == "pending_call.fingerprint: required"
    with pytest.raises(wire.WireError) as info:
        wire.event_from_proto(pb.Event(event_id="e", tool_result=pb.ToolResult(fingerprint="f")))
    assert info.value.field == "event.tool_result.call_id"


def test_verdict_from_proto_rejects_unspecified_action() -> None:
    with pytest.raises(wire.WireError) as info:
        wire.verdict_from_proto(pb.Verdict())
    assert info.value.field == "action"


def test_verdict_evidence_is_clipped() -> None:
    finding = Finding(
        detector="d", key="k", summary="s", count=3, first_step=1, last_step=3, arguments="x" * 10_000_000
    )
    msg = wire.verdict_to_proto(Verdict(action=Action.NUDGE, step=3, finding=finding))
    assert len(msg.finding.arguments) == wire.MAX_EVIDENCE_CHARS
    assert msg.finding.arguments.endswith("...")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=512))
def test_decoding_arbitrary_bytes_raises_only_decode_or_wire_errors(data: bytes) -> None:
    try:
        request = pb.EvaluateRequest.FromString(data)
    except DecodeError:
        return
    field = ""
    try:
        wire.context_from_proto(request.trace_id, request.agent, request.conversation_id)
        wire.events_from_proto(request.events)
        if request.HasField("pending_call"):
            wire.tool_call_from_proto(request.pending_call, field="pending_call")
        field = "(valid)"
    except wire.WireError as exc:
        field = exc.field
    assert field


def test_finding_wire_fields_are_derived_from_the_dataclass() -> None:
    declared = [f.name for f in dataclasses.fields(Finding)]
    assert list(wire.FINDING_FIELDS) == [n for n in declared if n != "call_fingerprint"]
    finding = Finding(detector="d", key="k", summary="s", count=2, first_step=1, last_step=2)
    assert wire.finding_to_dict(finding) == {
        **{name: getattr(finding, name) for name in wire.FINDING_FIELDS},
        "severity": "loop",
    }
