"""evaluate(): the one definition of an Evaluate, shared by the local guard and the collector."""

from __future__ import annotations

from loopwatch.detect.engine import Engine
from loopwatch.detect.evaluation import evaluate, judged_steps
from loopwatch.detect.factory import build_engine
from loopwatch.detect.settings import DetectorSettings
from loopwatch.events import ToolCall
from loopwatch.verdict import Action
from tests.sdk.detect.detect_builders import call, events, step

LOOP = events([step(call("grep", {"q": "x"}, "")) for _ in range(6)])
OPEN = events([step(call("read", {"p": 1}, None))])  # a step whose result never arrives


def test_end_of_batch_judges_a_step_still_missing_results() -> None:
    engine = Engine()
    kept, flushed = engine.new_session(), engine.new_session()
    assert evaluate(engine, kept, OPEN).verdicts == []
    assert judged_steps(kept) == 0
    done = evaluate(engine, flushed, OPEN, end_of_batch=True)
    assert [v.step for v in done.verdicts] == [1]
    assert judged_steps(flushed) == 1
    assert done.verdict.step == 1


def test_counts_new_events_duplicates_steps_and_calls() -> None:
    engine = Engine()
    state = engine.new_session()
    done = evaluate(engine, state, [*LOOP[:2], LOOP[0]])
    assert done.new_events == {"step": 1, "tool_result": 1}
    assert (done.duplicates, done.new_steps, done.new_tool_calls) == (1, 1, 1)
    again = evaluate(engine, state, LOOP[:2])
    assert (again.duplicates, again.new_steps, again.new_events) == (2, 0, {})
    assert again.verdict.action is Action.CONTINUE
    assert again.verdict.step == 1


def test_the_verdict_is_the_most_severe_and_a_halt_holds() -> None:
    engine = Engine()
    state = engine.new_session()
    done = evaluate(engine, state, LOOP)
    assert done.verdict.action is Action.HALT
    assert [v.action for v in done.verdicts][2] is Action.NUDGE
    assert {f.detector for f in done.findings} >= {"identical_call"}
    later = evaluate(engine, state, [])
    assert later.verdict == done.verdict
    assert later.findings == []


def test_a_step_judged_by_an_earlier_evaluation_keeps_its_verdict() -> None:
    """OTLP ingest (no checkpoint) judges a complete step before the agent's Evaluate of the same
    events arrives: that Evaluate must get the step's verdict, not CONTINUE."""
    script = [step(call("grep", {"q": "x"}, "")) for _ in range(5)] + [step(call("read", {"p": 2}, "page 2"))]
    run = events(script)
    engine = Engine()
    one_path, both_paths = engine.new_session(), engine.new_session()
    alone: list[Action] = []
    for index in range(0, len(run), 2):
        batch = run[index : index + 2]
        alone.append(evaluate(engine, one_path, batch, end_of_batch=True).verdict.action)
        evaluate(engine, both_paths, batch)  # the OTLP ingest, first
        second = evaluate(engine, both_paths, batch, end_of_batch=True)  # Evaluate: all seen
        assert second.verdict.action is alone[-1]
        assert second.verdicts == []  # issued (and counted) once, by the first path
    # a step's verdict is not carried to the next one: the last step continues
    assert alone[2:] == [Action.NUDGE, Action.CONTINUE, Action.WITHDRAW_TOOLS, Action.CONTINUE]


def test_a_pending_call_is_judged_after_the_events() -> None:
    engine = Engine()
    state = engine.new_session()
    withdrawn = evaluate(engine, state, LOOP[:10])
    assert withdrawn.verdict.action is Action.WITHDRAW_TOOLS
    pending = ToolCall.create(id="late", name="grep", arguments={"q": "y"})
    done = evaluate(engine, state, [], pending_call=pending)
    assert done.verdict.action is Action.HALT
    assert done.verdicts == [done.verdict]


def test_a_pending_call_on_a_healthy_run_continues() -> None:
    engine = Engine()
    pending = ToolCall.create(id="p", name="read", arguments={})
    done = evaluate(engine, engine.new_session(), LOOP[:2], pending_call=pending)
    assert done.verdict.action is Action.CONTINUE
    assert len(done.verdicts) == 2  # the step's and the checkpoint's


def test_the_conversation_counter_gets_new_steps_and_halts_at_the_limit() -> None:
    engine = build_engine(DetectorSettings(conversation_max_steps=5))
    added: list[tuple[int, int]] = []

    def counter(steps: int, tool_calls: int) -> int:
        added.append((steps, tool_calls))
        return 3 + sum(s for s, _ in added)

    state = engine.new_session()
    assert evaluate(engine, state, LOOP[:2], add_conversation_steps=counter).verdict.action is Action.CONTINUE
    done = evaluate(engine, state, LOOP[2:4], add_conversation_steps=counter)
    assert added == [(1, 1), (1, 1)]
    assert done.verdict.action is Action.HALT
    assert done.verdict.finding is not None
    assert done.verdict.finding.detector == "conversation_budget"
    assert state.policy.halted
    evaluate(engine, state, [], add_conversation_steps=counter)
    assert len(added) == 2  # nothing new: the counter is not asked
