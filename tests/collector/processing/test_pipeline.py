"""Pipeline: dedupe across sources, shadow mode, budgets, per-tool overrides, GetVerdict, streams."""

from __future__ import annotations

import asyncio

import pytest

from loopwatch.declarations import is_compiled
from loopwatch.detect.identical_call import IdenticalCall
from loopwatch.events import ToolCall
from loopwatch.verdict import Action
from loopwatch_collector.exceptions import StoreError
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.security.quota import ANONYMOUS_LABEL
from tests.collector.collector_builders import (
    TRACE,
    Clock,
    context,
    make_pipeline,
    sample,
    tool_step,
    trace_id,
)

pytestmark = pytest.mark.anyio


async def _run_loop(pipeline: Pipeline, steps: int, **kw: str) -> list[Action]:
    actions = []
    for i in range(steps):
        verdict = await pipeline.ingest(context(**kw), tool_step(i), source="evaluate")
        actions.append(verdict.action)
    return actions


async def test_loop_is_nudged_then_escalated_and_counted() -> None:
    pipeline, _, _, registry = make_pipeline()
    actions = await _run_loop(pipeline, 5)
    assert actions[:2] == [Action.CONTINUE, Action.CONTINUE]
    assert actions[2] is Action.NUDGE
    assert actions[-1] in (Action.WITHDRAW_TOOLS, Action.HALT)
    assert sample(registry, "loopwatch_sessions_started_total", tenant=ANONYMOUS_LABEL, agent="bot") == 1
    assert sample(registry, "loopwatch_sessions_looping_total", tenant=ANONYMOUS_LABEL, agent="bot") == 1
    assert (
        sample(registry, "loopwatch_verdicts_total", tenant=ANONYMOUS_LABEL, agent="bot", action="nudge") == 1
    )
    assert (
        sample(
            registry,
            "loopwatch_detections_total",
            tenant=ANONYMOUS_LABEL,
            agent="bot",
            detector="identical_call",
        )
        >= 1
    )
    assert (
        sample(registry, "loopwatch_events_total", tenant=ANONYMOUS_LABEL, type="step", source="evaluate")
        == 5
    )
    record = await pipeline.get_session(TRACE)
    assert record is not None
    assert record.looping
    assert record.steps == 5
    assert record.tool_calls == 5
    assert record.verdicts[0].action is Action.NUDGE


async def test_same_events_via_otlp_and_evaluate_count_once() -> None:
    pipeline, _, _, registry = make_pipeline()
    for i in range(2):
        await pipeline.ingest(context(), tool_step(i), source="evaluate")
        await pipeline.ingest(context(), tool_step(i), source="otlp")
    record = await pipeline.get_session(TRACE)
    assert record is not None
    assert record.steps == 2
    assert sample(registry, "loopwatch_events_duplicate_total", source="otlp") == 4
    assert sample(registry, "loopwatch_events_total", tenant=ANONYMOUS_LABEL, type="step", source="otlp") == 0


async def test_unknown_source_is_rejected() -> None:
    pipeline, *_ = make_pipeline()
    with pytest.raises(ValueError, match="source"):
        await pipeline.ingest(context(), tool_step(0), source="kafka")


async def test_shadow_mode_returns_continue_but_exports_the_verdict() -> None:
    pipeline, *_, registry = make_pipeline({"agents": {"bot": {"mode": "shadow"}}})
    actions = await _run_loop(pipeline, 5)
    assert set(actions) == {Action.CONTINUE}
    assert (
        sample(registry, "loopwatch_verdicts_total", tenant=ANONYMOUS_LABEL, agent="bot", action="nudge") == 1
    )
    assert sample(registry, "loopwatch_sessions_looping_total", tenant=ANONYMOUS_LABEL, agent="bot") == 1
    record = await pipeline.get_session(TRACE)
    assert record is not None
    assert record.mode == "shadow"
    assert record.verdicts


async def test_per_tool_override_loosens_one_tool_only() -> None:
    raw = {
        "defaults": {
            "detectors": {"same_tool": {"enabled": False}, "cycle": {"enabled": False}},
            "tools": {"poll": {"identical_call": {"consecutive": 10}}},
        }
    }
    pipeline, *_ = make_pipeline(raw)
    polled = [
        (await pipeline.ingest(context(trace=trace_id(1)), tool_step(i, tool="poll"), source="otlp")).action
        for i in range(5)
    ]
    assert set(polled) == {Action.CONTINUE}
    grepped = await _run_loop(pipeline, 3, trace=trace_id(2))
    assert grepped[2] is Action.NUDGE


async def test_trace_step_budget_halts_and_marks_runaway() -> None:
    raw = {"agents": {"bot": {"budgets": {"trace_max_steps": 3}}}}
    pipeline, *_, registry = make_pipeline(raw)
    verdicts = []
    for i in range(3):
        verdicts.append(await pipeline.ingest(context(), tool_step(i, args={"q": i}), source="otlp"))
    # One budget mechanism: trace_max_steps is the budget detector's hard step limit.
    assert [v.action for v in verdicts] == [Action.CONTINUE, Action.CONTINUE, Action.HALT]
    assert verdicts[-1].finding is not None
    assert (verdicts[-1].finding.detector, verdicts[-1].finding.key) == ("budget", "budget:steps")
    assert sample(registry, "loopwatch_runaway_sessions", tenant=ANONYMOUS_LABEL, agent="bot") == 1
    assert [r.trace_id for r in await pipeline.list_sessions(state="runaway")] == [TRACE]


async def test_conversation_budget_spans_traces() -> None:
    raw = {"defaults": {"budgets": {"conversation_max_steps": 3}}}
    pipeline, *_ = make_pipeline(raw)
    for n in range(2):
        verdict = await pipeline.ingest(
            context(trace=trace_id(n), conversation="conv-1"), tool_step(n, args={"n": n}), source="otlp"
        )
        assert verdict.action is Action.CONTINUE
    verdict = await pipeline.ingest(
        context(trace=trace_id(9), conversation="conv-1"), tool_step(9, args={"n": 9}), source="evaluate"
    )
    assert verdict.action is Action.HALT
    assert verdict.finding is not None
    assert verdict.finding.detector == "conversation_budget"
    other = await pipeline.ingest(
        context(trace=trace_id(10), conversation="conv-2"), tool_step(10), source="evaluate"
    )
    assert other.action is Action.CONTINUE


async def test_before_tool_call_halts_after_withdrawal() -> None:
    pipeline, *_ = make_pipeline()
    actions = await _run_loop(pipeline, 6)
    assert Action.WITHDRAW_TOOLS in actions or Action.HALT in actions
    call = ToolCall.create(id="call_x", name="grep", arguments={"q": "x"})
    verdict = await pipeline.evaluate(context(), [], pending_call=call)
    assert verdict.action is Action.HALT


async def test_get_verdict_waits_for_the_step_then_times_out_bounded() -> None:
    pipeline, *_ = make_pipeline()
    waiter = asyncio.create_task(pipeline.get_verdict(TRACE, 3, timeout_s=5.0))
    await asyncio.sleep(0.01)
    assert not waiter.done()
    await _run_loop(pipeline, 3)
    verdict = await asyncio.wait_for(waiter, 2.0)
    assert verdict.step == 3
    assert verdict.action is Action.NUDGE
    late = await pipeline.get_verdict(TRACE, 10, timeout_s=0.05)
    assert late.step == 3
    unknown = await pipeline.get_verdict(trace_id(77), 1, timeout_s=0.0)
    assert unknown.action is Action.CONTINUE
    assert unknown.step == 0
    assert not pipeline._waiters
    assert not pipeline._waiting


async def test_subscribers_get_intervening_verdicts_filtered_by_agent() -> None:
    pipeline, *_ = make_pipeline()
    mine = pipeline.subscribe(agent="bot")
    theirs = pipeline.subscribe(agent="other-bot")
    halts = pipeline.subscribe(actions=frozenset({Action.HALT}))
    await _run_loop(pipeline, 3)
    issued = await asyncio.wait_for(anext(aiter(mine)), 1.0)
    assert issued.trace_id == TRACE
    assert issued.verdict.action is Action.NUDGE
    await pipeline.shutdown()
    assert [i async for i in theirs] == []
    assert [i async for i in halts] == []
    await pipeline.shutdown()  # idempotent


async def test_idle_sessions_expire_and_are_counted() -> None:
    clock = Clock()
    pipeline, _, store, registry = make_pipeline({"sessions": {"idle_ttl_s": 10}}, clock=clock)
    await _run_loop(pipeline, 2)
    assert sample(registry, "loopwatch_sessions_active", tenant=ANONYMOUS_LABEL) == 1
    clock.now += 11
    assert store.sweep() == 1
    assert sample(registry, "loopwatch_sessions_active", tenant=ANONYMOUS_LABEL) == 0
    assert sample(registry, "loopwatch_sessions_expired_total", tenant=ANONYMOUS_LABEL) == 1
    assert sample(registry, "loopwatch_session_steps_count") == 1
    assert sample(registry, "loopwatch_session_steps_sum") == 2


async def test_lru_eviction_is_counted() -> None:
    pipeline, *_, registry = make_pipeline({"sessions": {"max_sessions": 2}})
    for n in range(3):
        await pipeline.ingest(context(trace=trace_id(n)), tool_step(0), source="otlp")
    evicted = sample(
        registry, "loopwatch_sessions_evicted_total", tenant=ANONYMOUS_LABEL, reason="max_sessions"
    )
    assert evicted == 1
    assert await pipeline.get_session(trace_id(0)) is None
    assert sample(registry, "loopwatch_sessions_active", tenant=ANONYMOUS_LABEL) == 2


async def test_agent_labels_are_capped() -> None:
    pipeline, *_, registry = make_pipeline({"metrics": {"max_agent_labels": 2}})
    for n in range(4):
        await pipeline.ingest(context(trace=trace_id(n), agent=f"agent-{n}"), tool_step(0), source="otlp")
    assert sample(registry, "loopwatch_sessions_started_total", tenant=ANONYMOUS_LABEL, agent="agent-1") == 1
    assert sample(registry, "loopwatch_sessions_started_total", tenant=ANONYMOUS_LABEL, agent="agent-2") == 0
    assert sample(registry, "loopwatch_sessions_started_total", tenant=ANONYMOUS_LABEL, agent="other") == 2


@pytest.mark.skipif(
    is_compiled(IdenticalCall), reason="compiled code calls a compiled method directly, patched or not"
)
async def test_detector_errors_fail_open_and_are_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: IdenticalCall, state: object, step: object) -> None:
        raise RuntimeError("boom")

    # Before the agent's engine is built: an engine binds its detectors' observe once.
    monkeypatch.setattr(IdenticalCall, "observe", broken)
    pipeline, *_, registry = make_pipeline()
    verdict = await pipeline.ingest(context(), tool_step(0), source="evaluate")
    assert verdict.action is Action.CONTINUE
    assert sample(registry, "loopwatch_detector_errors_total", detector=IdenticalCall.name) == 1


async def test_store_failures_are_counted_and_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    pipeline, _, store, registry = make_pipeline()

    async def down(*args: object, **kwargs: object) -> None:
        raise StoreError("redis down")

    monkeypatch.setattr(store, "update", down)
    monkeypatch.setattr(store, "get", down)
    with pytest.raises(StoreError):
        await pipeline.ingest(context(), tool_step(0), source="otlp")
    with pytest.raises(StoreError):
        await pipeline.get_session(TRACE)
    assert sample(registry, "loopwatch_store_errors_total", operation="update") == 1
    assert sample(registry, "loopwatch_store_errors_total", operation="get") == 1
    assert sample(registry, "loopwatch_sessions_started_total", tenant=ANONYMOUS_LABEL, agent="bot") == 0


@pytest.mark.parametrize("per_request", [1, 3])
async def test_a_halted_run_that_goes_on_is_halted_once(per_request: int) -> None:
    # An OTLP-only agent cannot be stopped: its later steps still arrive, one or several at a time.
    pipeline, *_, registry = make_pipeline()
    actions = []
    for first in range(0, 12, per_request):
        events = [e for i in range(first, first + per_request) for e in tool_step(i)]
        actions.append((await pipeline.ingest(context(), events, source="otlp")).action)
    assert Action.HALT in actions
    assert set(actions[actions.index(Action.HALT) :]) == {Action.HALT}
    assert (
        sample(registry, "loopwatch_verdicts_total", tenant=ANONYMOUS_LABEL, agent="bot", action="halt") == 1
    )
    record = await pipeline.get_session(TRACE)
    assert record is not None
    assert record.steps == 12
    assert [v.action for v in record.verdicts].count(Action.HALT) == 1
