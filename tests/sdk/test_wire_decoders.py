"""Decoders of ``loopwatch.wire.attributes`` invert the encoders and never raise on bad values;
the event-id rule in ``loopwatch.wire.ids``."""

from __future__ import annotations

from typing import Any

import pytest

from loopwatch.events import Step, ToolCall, ToolResult, UserMessage
from loopwatch.sketch import Repetition
from loopwatch.verdict import Action, Finding, Verdict
from loopwatch.wire import attribute_decode as decode
from loopwatch.wire import attributes as attrs
from loopwatch.wire import ids


def _step() -> Step:
    calls = (
        ToolCall.create(id="c1", name="search", arguments={"q": "x"}),
        ToolCall.create(id="c2", name="echo", arguments={"text": "ab ab ab ab ab ab ab ab"}),
    )
    return Step.create(event_id="step:c1", text="Searching again, again, again.", tool_calls=calls)


def test_chat_attributes_decode_to_the_steps_calls_and_sketch() -> None:
    step = _step()
    encoded = attrs.chat_attributes(step, capture_content=False)
    calls = decode.step_calls_from(encoded)
    assert calls == tuple(
        ToolCall(
            id=c.id,
            name=c.name,
            fingerprint=c.fingerprint,
            shape=c.shape,
            frame=c.frame,
            targets=c.targets,
            phrased=c.phrased,
            wording=c.wording,
            spelling=c.spelling,
            mutates=c.mutates,
            waits=c.waits,
            repetition=c.repetition,
        )
        for c in step.tool_calls
    )
    assert [c.phrased for c in calls] == [False, True]
    assert [bool(c.wording) for c in calls] == [False, True]
    assert decode.sketch_from(encoded) == step.sketch
    assert decode.refers_to_calls_from(encoded) is step.refers_to_calls
    assert decode.event_id_from(encoded) == step.event_id


@pytest.mark.parametrize(
    ("field", "key", "classed", "named"),
    [
        # A write by the action its arguments name; a wait by the span of time they are.
        ("mutates", attrs.LOOPWATCH_STEP_TOOL_CALL_MUTATES, {"service": "turn_on"}, "append_block"),
        ("waits", attrs.LOOPWATCH_STEP_TOOL_CALL_WAITS, {"after_minutes": 5}, "wait_for"),
    ],
)
def test_a_calls_class_travels_in_its_attributes(
    field: str, key: str, classed: dict[str, object], named: str
) -> None:
    """The class the SDK gave (by the arguments) is read back; a span from a client that sent
    none is classed by its tool's name."""
    calls = (
        ToolCall.create(id="c1", name="ha_call_service", arguments=classed),
        ToolCall.create(id="c2", name="get_state", arguments={"entity": "light.kitchen"}),
    )
    encoded = attrs.chat_attributes(
        Step.create(event_id="s", text=None, tool_calls=calls), capture_content=False
    )
    assert [getattr(c, field) for c in decode.step_calls_from(encoded) or ()] == [True, False]

    del encoded[key]
    encoded[attrs.LOOPWATCH_STEP_TOOL_CALL_NAMES] = [named, "get_state"]
    assert [getattr(c, field) for c in decode.step_calls_from(encoded) or ()] == [True, False]


def test_a_long_call_beside_short_ones_keeps_their_frames_and_wordings() -> None:
    """A long call has no frame, terms or wording (""): the arrays keep it in place, and the
    short calls beside it keep theirs."""
    calls = (
        ToolCall.create(id="c1", name="run", arguments={"code": "x = 1\n" * 40}),
        ToolCall.create(id="c2", name="edit", arguments={"path": "a.py", "old": "import compat json"}),
    )
    step = Step.create(event_id="step:c1", text=None, tool_calls=calls)
    decoded = decode.step_calls_from(attrs.chat_attributes(step, capture_content=False))

    assert decoded is not None
    assert [(c.frame, c.targets, c.wording) for c in decoded] == [
        (c.frame, c.targets, c.wording) for c in calls
    ]
    assert calls[1].wording
    assert not calls[0].frame


def test_tool_attributes_decode_to_the_result() -> None:
    call = ToolCall.create(id="c1", name="search", arguments={"q": "x"})
    result = ToolResult.create(
        event_id="result:c1",
        call_id="c1",
        content="boom",
        is_error=True,
        error_type="E",
        capture_content=False,
    )
    encoded = attrs.tool_attributes(call, result, content="boom", capture_content=False)
    assert decode.call_fingerprint_from(encoded) == call.fingerprint
    decoded = decode.tool_result_from(encoded, call_id="c1", time_unix_ns=result.time_unix_ns)
    assert decoded == result


def test_hash_sets_decode_sorted_without_repeats_and_bounded() -> None:
    """Foreign spans may carry hash lists in any order, with repeats or too long; the detectors'
    bottom-k comparisons need each set sorted and unique, and never larger than the SDK sends."""
    result = decode.tool_result_from(
        {
            attrs.LOOPWATCH_EVENT_ID: "result:c1",
            attrs.LOOPWATCH_TOOL_RESULT_FINGERPRINT: "f",
            attrs.LOOPWATCH_TOOL_RESULT_OVERLAP: [9, "3", 3, 7],
            attrs.LOOPWATCH_TOOL_RESULT_ERROR_TERMS: [5, 5],
            attrs.LOOPWATCH_TOOL_RESULT_LINES: [8, 2, 8],
            attrs.LOOPWATCH_TOOL_RESULT_LINKS: ["6", 6, 1],
            attrs.LOOPWATCH_TOOL_RESULT_FACTS: [5, "2", 5],
        },
        call_id="c1",
        time_unix_ns=1,
    )
    assert result is not None
    assert (result.overlap, result.error_terms) == ((3, 7, 9), (5,))
    assert (result.lines, result.links, result.facts) == ((2, 8), (1, 6), (2, 5))
    sketch = decode.sketch_from({attrs.LOOPWATCH_TEXT_SKETCH: '{"minhash": [4, 2, 4], "words": 3}'})
    assert sketch is not None
    assert sketch.minhash == (2, 4)
    too_long = decode.sketch_from({attrs.LOOPWATCH_TEXT_SKETCH: {"minhash": list(range(65)), "words": 65}})
    assert too_long is not None
    assert too_long.minhash == ()


def test_a_success_that_found_nothing_keeps_its_class_over_otlp() -> None:
    """The absence a report states travels content-free, as a failure's kind does."""
    call = ToolCall.create(id="c1", name="search_agent", arguments={"task": "Find X."})
    result = ToolResult.create(
        event_id="result:c1",
        call_id="c1",
        content="Could not determine X from any source.",
        capture_content=False,
    )
    encoded = attrs.tool_attributes(call, result, content=None, capture_content=False)
    decoded = decode.tool_result_from(encoded, call_id="c1", time_unix_ns=result.time_unix_ns)
    assert result.error_class
    assert decoded == result


def test_user_message_attributes_round_trip() -> None:
    event = UserMessage.create(event_id="user:00000000000000aa:1", text="hello", time_unix_ns=7)
    assert decode.user_message_from(attrs.user_message_attributes(event), time_unix_ns=7) == event


def test_verdict_attributes_name_action_step_and_decision() -> None:
    assert attrs.verdict_attributes(Verdict(action=Action.HALT, step=4)) == {
        attrs.LOOPWATCH_VERDICT_ACTION: "halt",
        attrs.LOOPWATCH_VERDICT_STEP: 4,
        attrs.GEN_AI_GUARDIAN_NAME: "loopwatch",
        attrs.GEN_AI_EVALUATION_NAME: "loop_detection",
        attrs.GEN_AI_EVALUATION_SCORE_LABEL: "halt",
        attrs.GEN_AI_SECURITY_DECISION_TYPE: "deny",
        attrs.GEN_AI_SECURITY_TARGET_TYPE: "llm_output",
    }


def test_verdict_attributes_carry_the_finding_and_content_only_when_asked() -> None:
    finding = Finding(
        detector="identical_call",
        key="k",
        summary="`search` called 3 times",
        count=3,
        first_step=1,
        last_step=3,
        tool_name="search",
    )
    verdict = Verdict(action=Action.NUDGE, step=3, finding=finding, message="[loopwatch] stop repeating")
    quiet = attrs.verdict_attributes(verdict)
    assert quiet[attrs.LOOPWATCH_VERDICT_DETECTOR] == "identical_call"
    assert quiet[attrs.GEN_AI_SECURITY_DECISION_REASON] == "identical_call"
    assert quiet[attrs.LOOPWATCH_VERDICT_COUNT] == 3
    assert quiet[attrs.GEN_AI_SECURITY_DECISION_TYPE] == "warn"
    assert quiet[attrs.GEN_AI_SECURITY_TARGET_TYPE] == "tool_call"
    assert attrs.LOOPWATCH_VERDICT_MESSAGE not in quiet
    assert attrs.GEN_AI_EVALUATION_EXPLANATION not in quiet
    full = attrs.verdict_attributes(verdict, content=True)
    assert full[attrs.LOOPWATCH_VERDICT_MESSAGE] == "[loopwatch] stop repeating"
    assert full[attrs.GEN_AI_EVALUATION_EXPLANATION] == "`search` called 3 times"


@pytest.mark.parametrize(
    "bad",
    [
        {attrs.LOOPWATCH_STEP_TOOL_CALL_IDS: ["a"], attrs.LOOPWATCH_STEP_TOOL_CALL_NAMES: []},
        {
            attrs.LOOPWATCH_STEP_TOOL_CALL_IDS: ["a"],
            attrs.LOOPWATCH_STEP_TOOL_CALL_NAMES: [3],
            attrs.LOOPWATCH_STEP_TOOL_CALL_FINGERPRINTS: ["f"],
        },
        {attrs.LOOPWATCH_STEP_TOOL_CALL_IDS: "a"},
        {},
    ],
)
def test_malformed_call_arrays_decode_to_none(bad: dict[str, Any]) -> None:
    assert decode.step_calls_from(bad) is None


@pytest.mark.parametrize("value", ["", "{", "[1]", '{"unit": "paragraph"}', 5, None])
def test_malformed_repetition_decodes_to_none(value: Any) -> None:
    assert decode.repetition_from_json(value) is None


@pytest.mark.parametrize("value", ["", "{", "[1]", "{}", 5, None, "x" * 70_000])
def test_malformed_sketch_decodes_to_none(value: Any) -> None:
    assert decode.sketch_from({attrs.LOOPWATCH_TEXT_SKETCH: value}) is None


def test_repetition_json_round_trip() -> None:
    rep = Repetition(unit="word", period=1, repeats=8, block_chars=3, start=0, end=23)
    assert decode.repetition_from_json(attrs.repetition_json(rep)) == rep
    assert attrs.repetition_json(None) == ""


def test_overlong_event_id_is_not_an_id() -> None:
    assert decode.event_id_from({attrs.LOOPWATCH_EVENT_ID: "x" * (ids.MAX_EVENT_ID_CHARS + 1)}) is None


def test_event_id_rule() -> None:
    assert ids.step_id("c1", "00000000000000aa") == "step:c1"
    assert ids.step_id(None, "00000000000000aa") == "step:span:00000000000000aa"
    assert ids.result_id("c1") == "result:c1"
    assert ids.span_call_id("00000000000000aa") == "span:00000000000000aa"
    assert ids.span_call_id("00000000000000aa", 2) == "span:00000000000000aa:2"
    assert ids.user_message_id("00000000000000aa", 1) == "user:00000000000000aa:1"
