"""The guard in local mode: the nudge -> withdraw -> halt ladder, failure policy, shadow mode."""

from __future__ import annotations

import asyncio
import logging
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from loopwatch import (
    Action,
    AgentRun,
    EvaluateRequest,
    Guard,
    GuardUnavailable,
    LocalVerdictService,
    LoopDetected,
    Loopwatch,
    Step,
    ToolCall,
    ToolResult,
    Verdict,
)
from loopwatch.guard import MAX_PENDING_EVENTS, GuardSession
from loopwatch.integrations import openai_messages
from loopwatch.wire import attributes as attrs
from tests.sdk.sdk_helpers import Spans, actions, interventions, polling_result, run_scripted_agent


def test_looping_agent_is_nudged_then_withdrawn_then_answers() -> None:
    lw = Loopwatch(agent="t", guard=Guard.local())
    outcome = run_scripted_agent(lw)
    assert interventions(outcome) == [Action.NUDGE, Action.WITHDRAW_TOOLS]
    nudge = next(v for v in outcome.verdicts if v.action is Action.NUDGE)
    assert nudge.detector == "identical_call"
    assert nudge.message is not None
    assert "search" in nudge.message
    assert outcome.answer is not None
    assert outcome.halted is None


def test_tool_call_after_withdraw_is_halted_before_it_runs() -> None:
    lw = Loopwatch(agent="t", guard=Guard.local())
    outcome = run_scripted_agent(lw, obey_withdraw=False)
    assert outcome.halted is not None
    assert outcome.halted.verdict.action is Action.HALT
    assert outcome.tool_runs == outcome.steps - 1  # the last call never executed


def test_polling_agent_whose_results_change_is_never_interrupted() -> None:
    lw = Loopwatch(agent="t", guard=Guard.local())
    outcome = run_scripted_agent(lw, result=polling_result, max_steps=10, done_after=9)
    assert set(actions(outcome)) == {Action.CONTINUE}
    assert outcome.answer is not None


def test_shadow_mode_computes_verdicts_but_never_intervenes() -> None:
    guard = Guard.local(mode="shadow")
    outcome = run_scripted_agent(Loopwatch(agent="t", guard=guard), max_steps=8)
    assert set(actions(outcome)) == {Action.CONTINUE}
    assert outcome.halted is None
    assert guard.stats.verdicts["nudge"] == 1
    assert guard.stats.verdicts["withdraw_tools"] == 1


def test_no_guard_records_only() -> None:
    outcome = run_scripted_agent(Loopwatch(agent="t"), max_steps=6)
    assert set(actions(outcome)) == {Action.CONTINUE}
    assert outcome.steps == 6


class _BrokenService:
    def __init__(self) -> None:
        self.calls = 0

    def evaluate(self, request: EvaluateRequest) -> Verdict:
        self.calls += 1
        raise TimeoutError("collector too slow")

    async def aevaluate(self, request: EvaluateRequest) -> Verdict:
        return self.evaluate(request)

    def close(self) -> None:
        pass


def test_failing_service_fails_open_logged_once_and_counted(caplog: pytest.LogCaptureFixture) -> None:
    service = _BrokenService()
    guard = Guard(service)
    with caplog.at_level(logging.WARNING, logger="loopwatch.guard"):
        outcome = run_scripted_agent(Loopwatch(agent="t", guard=guard), max_steps=6)
    assert set(actions(outcome)) == {Action.CONTINUE}
    assert outcome.steps == 6
    assert guard.stats.failures == {"timeout": service.calls}
    assert service.calls == 6  # after_batch per step; before_tool_call is free until a warning
    assert len([r for r in caplog.records if r.name == "loopwatch.guard"]) == 1


def test_failing_service_fails_closed_when_asked() -> None:
    guard = Guard(_BrokenService(), fail_closed=True)
    session = guard.session()
    with pytest.raises(GuardUnavailable) as info:
        session.after_batch()
    assert info.value.reason == "timeout"
    assert guard.stats.failed == 1


def test_undelivered_events_are_resent_with_the_next_request() -> None:
    class Flaky(_BrokenService):
        def __init__(self) -> None:
            super().__init__()
            self.seen: list[int] = []

        def evaluate(self, request: EvaluateRequest) -> Verdict:
            self.seen.append(len(request.events))
            if len(self.seen) == 1:
                raise TimeoutError
            return Verdict(action=Action.CONTINUE, step=1)

    service = Flaky()
    session = Guard(service).session()
    call = ToolCall.create(id="c1", name="t", arguments={})
    session.add(Step.create(event_id="s1", text=None, tool_calls=(call,)))
    session.after_batch()
    session.add(ToolResult.create(event_id="r1", call_id="c1", content="x"))
    session.after_batch()
    session.after_batch()
    assert service.seen == [1, 2, 0]


async def _async_agent(lw: Loopwatch, seen: list[Action]) -> None:
    async with lw.run() as run:
        for n in range(10):
            step = run.record_step(
                "m", tool_calls=[{"id": f"c{n}", "name": "ls", "arguments": {"path": "/"}}]
            )
            async with run.atool(step.tool_calls[0]) as execution:
                await asyncio.sleep(0)
                execution.set_result("a b c")
            seen.append((await run.aafter_batch()).action)


def test_async_checkpoints_walk_the_same_ladder() -> None:
    seen: list[Action] = []
    lw = Loopwatch(agent="t", guard=Guard.local())
    with pytest.raises(LoopDetected):
        asyncio.run(_async_agent(lw, seen))
    assert [a for a in seen if a is not Action.CONTINUE] == [Action.NUDGE, Action.WITHDRAW_TOOLS]


def test_guard_construction_misuse_raises_value_error() -> None:
    with pytest.raises(ValueError, match="mode"):
        Guard.local(mode="loud")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="trace_id"):
        Guard.local().session(trace_id="xyz")
    with pytest.raises(ValueError, match="endpoint"):
        Guard.remote("nohost")
    with pytest.raises(ValueError, match="timeout_s"):
        Guard.remote("localhost:1", timeout_s=0)


@pytest.mark.parametrize("capture", [True, False])
def test_degenerate_text_gets_a_trimmed_text_even_in_privacy_mode(capture: bool) -> None:
    lw = Loopwatch(agent="t", guard=Guard.local(), capture_content=capture)
    text = "Let me check the configuration file again. " * 40
    with lw.run() as run:
        run.record_step("m", text=text, tool_calls=[{"id": "a", "name": "read", "arguments": {"p": 1}}])
        with run.tool("a") as execution:
            execution.set_result("x")
        verdict = run.after_batch()
    assert verdict.action is Action.NUDGE
    assert verdict.finding is not None
    assert verdict.finding.detector == "degenerate_text"
    trimmed = verdict.finding.trimmed_text
    assert trimmed is not None
    assert trimmed.startswith("Let me check the configuration file again.")
    assert len(trimmed) < len(text) // 5
    request = {"messages": [{"role": "assistant", "content": text, "tool_calls": [{"id": "a"}]}]}
    request["messages"].append({"role": "tool", "tool_call_id": "a", "content": "x"})
    openai_messages.apply_chat_verdict(verdict, request)
    assert request["messages"][0]["content"] == trimmed


def test_undelivered_events_are_bounded_and_counted() -> None:
    guard = Guard(_BrokenService())
    session = guard.session()
    for n in range(MAX_PENDING_EVENTS + 44):
        session.add(ToolResult.create(event_id=f"r{n}", call_id=f"c{n}", content="x"))
    session.after_batch()
    assert guard.stats.dropped_events == 44


def test_parallel_tool_calls_from_threads_are_all_recorded() -> None:
    guard = Guard.local()
    lw = Loopwatch(agent="t", guard=guard)
    seen: list[Action] = []
    with lw.run() as run:
        for _ in range(4):
            calls = [{"id": uuid.uuid4().hex, "name": "ls", "arguments": {"d": d}} for d in "abc"]
            step = run.record_step("m", tool_calls=calls)

            def execute(call: ToolCall, run: AgentRun = run) -> None:
                with run.tool(call) as execution:
                    execution.set_result("same listing")

            with ThreadPoolExecutor(max_workers=3) as pool:
                list(pool.map(execute, step.tool_calls))
            seen.append(run.after_batch().action)
    assert isinstance(guard.service, LocalVerdictService)
    state = guard.service.session_state(run.trace_id)
    assert state is not None
    assert state.steps == 4
    assert seen[:3] == [Action.CONTINUE, Action.CONTINUE, Action.NUDGE]  # the batch repeated as a set


def test_a_rejected_request_drops_its_events_instead_of_resending_them_forever() -> None:
    class Rejecting(_BrokenService):
        def __init__(self) -> None:
            super().__init__()
            self.sizes: list[int] = []

        def evaluate(self, request: EvaluateRequest) -> Verdict:
            self.sizes.append(len(request.events))
            raise ValueError("events[0]: rejected")

    service = Rejecting()
    guard = Guard(service)
    session = guard.session()
    session.add(ToolResult.create(event_id="r1", call_id="c1", content="x"))
    session.after_batch()
    session.after_batch()
    assert service.sizes == [1, 0]
    assert guard.stats.dropped_events == 1
    assert guard.stats.failures == {"error": 2}


def test_before_tool_call_asks_only_once_the_run_was_warned() -> None:
    class Counting(LocalVerdictService):
        def __init__(self) -> None:
            super().__init__()
            self.checkpoints: list[str] = []

        def evaluate(self, request: EvaluateRequest) -> Verdict:
            self.checkpoints.append(request.checkpoint.value)
            return super().evaluate(request)

    healthy = Counting()
    run_scripted_agent(Loopwatch(agent="t", guard=Guard(healthy)), result=polling_result, done_after=5)
    assert set(healthy.checkpoints) == {"after_batch"}
    looping = Counting()
    outcome = run_scripted_agent(Loopwatch(agent="t", guard=Guard(looping)), obey_withdraw=False)
    assert outcome.halted is not None
    first_check = looping.checkpoints.index("before_tool_call")
    assert looping.checkpoints[:first_check] == ["after_batch"] * 3  # asked after the nudge (step 3)
    eager = Counting()
    run_scripted_agent(
        Loopwatch(agent="t", guard=Guard(eager, always_check_tool_calls=True)),
        result=polling_result,
        done_after=2,
    )
    assert eager.checkpoints == ["before_tool_call", "after_batch"] * 2


def test_detector_settings_are_the_ones_serve_takes(tmp_path: Path) -> None:
    config = tmp_path / "loopwatch.yaml"
    config.write_text(
        "defaults:\n  detectors: {identical_call: {consecutive: 2}}\n"
        "agents:\n  lenient: {detectors: {identical_call: {consecutive: 9}}}\n",
        encoding="utf-8",
    )
    strict = run_scripted_agent(Loopwatch(agent="t", guard=Guard.local(detectors=config)))
    lenient = run_scripted_agent(Loopwatch(agent="t", guard=Guard.local(detectors=config, agent="lenient")))
    default = run_scripted_agent(Loopwatch(agent="t", guard=Guard.local()))
    first_nudge = [next(v.step for v in o.verdicts if v.action is Action.NUDGE) for o in (strict, default)]
    assert first_nudge[0] < first_nudge[1]
    assert lenient.verdicts[:3] == [v for v in lenient.verdicts[:3] if not v.intervenes]


def test_a_conversation_step_limit_counts_every_trace_of_the_conversation() -> None:
    guard = Guard.local(detectors={"budgets": {"conversation_max_steps": 3}})
    first = guard.session(conversation_id="c1")
    second = guard.session(conversation_id="c1")
    other = guard.session(conversation_id="c2")
    for n, session in enumerate((first, first, other)):
        session.add(Step.create(event_id=f"s{n}", text=f"answer {n}"))
        assert session.after_batch().action is Action.CONTINUE
    second.add(Step.create(event_id="s9", text="answer 9"))
    with pytest.raises(LoopDetected) as halted:
        second.after_batch()
    assert halted.value.verdict.detector == "conversation_budget"


def test_bad_detector_settings_raise_naming_the_key() -> None:
    with pytest.raises(ValueError, match=r"identical_call\.consecutive"):
        Guard.local(detectors={"detectors": {"identical_call": {"consecutive": -1}}})
    with pytest.raises(ValueError, match="either engine or detectors"):
        LocalVerdictService(LocalVerdictService().engine, detectors={})


def _looping_step(session: GuardSession, i: int) -> Verdict:
    call = ToolCall.create(id=f"call_{i}", name="search", arguments={"q": "atlantis"})
    session.add(
        Step.create(event_id=f"step:call_{i}", text="Searching.", tool_calls=(call,)),
        ToolResult.create(event_id=f"result:call_{i}", call_id=f"call_{i}", content="not found"),
    )
    return session.after_batch()


def test_a_verdict_is_a_span_event_on_the_applications_current_span(spans: Spans) -> None:
    session = Guard.local().session(agent="own-tracing")
    tracer = spans.provider.get_tracer("app")
    with tracer.start_as_current_span("my agent step"):
        verdicts = [_looping_step(session, i) for i in range(1, 4)]
    assert verdicts[-1].action is Action.NUDGE
    (app_span,) = spans.named("my agent step")
    (event,) = [e for e in app_span.events if e.name == attrs.VERDICT_EVENT]
    attributes = event.attributes or {}
    assert attributes[attrs.LOOPWATCH_VERDICT_ACTION] == "nudge"
    assert attributes[attrs.GEN_AI_SECURITY_DECISION_TYPE] == "warn"
    assert attrs.LOOPWATCH_VERDICT_MESSAGE not in attributes  # content-free


def test_a_verdict_without_a_current_span_is_still_returned() -> None:
    session = Guard.local().session(agent="untraced")
    assert [_looping_step(session, i).action for i in range(1, 4)][-1] is Action.NUDGE


def test_an_agent_run_records_each_verdict_once_on_its_own_span(spans: Spans) -> None:
    lw = Loopwatch(agent="t", tracer_provider=spans.provider, guard=Guard.local())
    outcome = run_scripted_agent(lw)
    events = [e for s in spans.finished() for e in s.events if e.name == attrs.VERDICT_EVENT]
    assert len(events) == len(interventions(outcome))
