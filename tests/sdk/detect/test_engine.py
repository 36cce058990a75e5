"""Engine: batch boundaries, idempotency, turns, flush, and failing open on detector bugs."""

from __future__ import annotations

import pytest

from loopwatch.detect.engine import Engine, EngineConfig
from loopwatch.detect.identical_call import IdenticalCall
from loopwatch.detect.step import StepRecord
from loopwatch.events import Step, ToolCall, ToolResult
from loopwatch.verdict import Action, Finding
from tests.sdk.detect.detect_builders import USER, call, events, step

LOOP = [step(call("grep", {"q": "x"}, "")) for _ in range(3)]


def test_one_verdict_per_completed_step_and_nudge_on_the_third_identical_call() -> None:
    engine = Engine()
    verdicts = engine.ingest(engine.new_session(), events(LOOP))
    assert [v.step for v in verdicts] == [1, 2, 3]
    assert [v.action for v in verdicts] == [Action.CONTINUE, Action.CONTINUE, Action.NUDGE]
    assert verdicts[2].detector == "identical_call"


def test_a_batch_is_judged_only_after_its_last_result_in_any_order() -> None:
    engine = Engine()
    state = engine.new_session()
    a = ToolCall.create(id="a", name="read", arguments={"p": 1})
    b = ToolCall.create(id="b", name="read", arguments={"p": 2})
    assert engine.ingest(state, [Step.create(event_id="s1", text=None, tool_calls=(a, b))]) == []
    assert engine.ingest(state, [ToolResult.create(event_id="rb", call_id="b", content="2")]) == []
    verdicts = engine.ingest(state, [ToolResult.create(event_id="ra", call_id="a", content="1")])
    assert [v.step for v in verdicts] == [1]


def test_resending_events_changes_nothing() -> None:
    engine = Engine()
    state = engine.new_session()
    stream = events(LOOP)
    first = engine.ingest(state, stream)
    assert engine.ingest(state, stream) == []
    assert state.steps == 3
    assert state.events == len(stream)
    assert first[-1].action is Action.NUDGE


def test_a_result_for_an_unknown_call_is_ignored() -> None:
    engine = Engine()
    state = engine.new_session()
    verdicts = engine.ingest(state, [ToolResult.create(event_id="r", call_id="nope", content="x")])
    assert verdicts == []
    assert state.steps == 0


def test_a_user_message_closes_the_open_step_and_starts_a_new_turn() -> None:
    engine = Engine()
    script = [*LOOP[:2], USER, *LOOP[:2]]
    verdicts = engine.ingest(engine.new_session(), events(script))
    assert all(v.action is Action.CONTINUE for v in verdicts)


def test_flush_judges_a_step_whose_results_never_came() -> None:
    engine = Engine()
    state = engine.new_session()
    engine.ingest(state, events([step(call("read", {"p": 1}, None))]))
    assert state.open_step is not None
    verdicts = engine.flush(state)
    assert [v.step for v in verdicts] == [1]
    assert state.open_step is None


class _Broken:
    name = "broken"
    per_turn = True

    def new_state(self) -> None:
        return None

    def observe(self, state: None, step: StepRecord) -> Finding | None:
        raise RuntimeError("bug")


def test_a_failing_detector_is_counted_reported_and_the_others_still_decide() -> None:
    errors: list[str] = []
    engine = Engine(
        EngineConfig(detectors=(_Broken(), IdenticalCall())),
        on_detector_error=lambda name, exc: errors.append(name),
    )
    state = engine.new_session()
    verdicts = engine.ingest(state, events(LOOP))
    assert verdicts[-1].action is Action.NUDGE
    assert errors == ["broken"] * 3
    assert state.detector_errors == 3


def test_only_failing_detectors_mean_continue() -> None:
    engine = Engine(EngineConfig(detectors=(_Broken(),)))
    verdicts = engine.ingest(engine.new_session(), events(LOOP))
    assert {v.action for v in verdicts} == {Action.CONTINUE}


def test_detector_names_must_be_unique() -> None:
    with pytest.raises(ValueError, match="unique"):
        Engine(EngineConfig(detectors=(IdenticalCall(), IdenticalCall())))


def test_a_tool_call_after_the_tools_were_withdrawn_halts_before_it_runs() -> None:
    engine = Engine()
    state = engine.new_session()
    verdicts = engine.ingest(state, events([step(call("grep", {"q": "x"}, "")) for _ in range(6)]))
    assert [v.action for v in verdicts if v.intervenes] == [Action.NUDGE, Action.WITHDRAW_TOOLS, Action.HALT]
    assert state.last_verdict.action is Action.HALT
    pending = ToolCall.create(id="next", name="grep", arguments={"q": "x"})
    assert engine.before_tool_call(state, pending).action is Action.HALT


def test_privacy_mode_detects_the_same_loop() -> None:
    engine = Engine()
    verdicts = engine.ingest(engine.new_session(), events(LOOP, capture_content=False))
    assert verdicts[-1].action is Action.NUDGE
    assert verdicts[-1].finding is not None
    assert verdicts[-1].finding.arguments is None


def test_evidence_arguments_are_capped_so_state_stays_small() -> None:
    from loopwatch.detect.engine import EVIDENCE_CHARS

    huge = step(call("write_file", {"content": "x" * 1_000_000}, "ok"))
    verdicts = Engine().ingest(Engine().new_session(), events([huge] * 3))
    finding = verdicts[-1].finding
    assert finding is not None
    assert finding.arguments is not None
    assert len(finding.arguments) == EVIDENCE_CHARS


def test_a_loop_that_goes_on_is_one_finding_whose_count_grows() -> None:
    engine = Engine()
    state = engine.new_session()
    engine.ingest(state, events([step(call("grep", {"q": "x"}, "")) for _ in range(5)]))
    identical = [f for f in state.findings if f.detector == "identical_call"]
    assert len(identical) == 1
    assert identical[0].count == 5
    assert (identical[0].first_step, identical[0].last_step) == (1, 5)


class _Recorder:
    """A detector that keeps the records it is given."""

    name = "recorder"
    per_turn = False

    def __init__(self) -> None:
        self.records: list[StepRecord] = []

    def new_state(self) -> None:
        return None

    def observe(self, state: None, step: StepRecord) -> Finding | None:
        self.records.append(step)
        return None


def test_each_field_of_the_call_result_and_step_reaches_the_record() -> None:
    """The record is built positionally on the hot path: every field lands where it belongs."""
    from loopwatch.events import Usage
    from loopwatch.sketch import Repetition, TextSketch

    repetition = Repetition(unit="word", period=1, repeats=9, block_chars=4, start=0, end=36)
    tool_call = ToolCall(
        id="c1",
        name="search",
        fingerprint="call-fp",
        shape="shape-fp",
        frame="frame-fp",
        targets=(1, 2),
        phrased=True,
        wording="wording-fp",
        spelling="spelling-fp",
        mutates=True,
        waits=True,
        arguments='{"q":"x"}',
        repetition=repetition,
    )
    result = ToolResult(
        event_id="r1",
        call_id="c1",
        fingerprint="result-fp",
        size=42,
        is_error=True,
        error_class="type:KeyError",
        error_terms=(3,),
        overlap=(4, 5),
        lines=(6, 7),
        links=(8, 9),
        facts=(14, 15),
        preview="KeyError: 'x'",
    )
    sketch = TextSketch(length=5, minhash=(10,), words=1, repetition=None)
    model_step = Step(
        event_id="s1",
        text="hello",
        sketch=sketch,
        refers_to_calls=True,
        tool_calls=(tool_call,),
        usage=Usage(input_tokens=11, output_tokens=12),
        time_unix_ns=13,
    )
    recorder = _Recorder()
    engine = Engine(EngineConfig(detectors=(recorder,)))
    engine.ingest(engine.new_session(), [model_step, result])

    (record,) = recorder.records
    (outcome,) = record.calls
    assert outcome._asdict() == {
        "name": "search",
        "call": "call-fp",
        "result": "result-fp",
        "is_error": True,
        "empty": False,
        "shape": "shape-fp",
        "frame": "frame-fp",
        "targets": (1, 2),
        "phrased": True,
        "wording": "wording-fp",
        "spelling": "spelling-fp",
        "size": 42,
        "overlap": (4, 5),
        "error_terms": (3,),
        "error_class": "type:KeyError",
        "lines": (6, 7),
        "links": (8, 9),
        "facts": (14, 15),
        "arguments": '{"q":"x"}',
        "preview": "KeyError: 'x'",
        "repetition": repetition,
        "mutates": True,
        "waits": True,
    }
    assert (record.number, record.turn, record.sketch, record.refers_to_calls, record.text) == (
        1,
        0,
        sketch,
        True,
        "hello",
    )
    assert (record.input_tokens, record.output_tokens, record.time_unix_ns) == (11, 12, 13)
    assert not record.is_final
    assert (record.request_words, record.request_similarity) == (0, 0.0)
    assert record.novelty.waited  # the one call only waited: no kind, no step of work
    assert record.batch_key
