"""The Vercel AI SDK's ``ai.*`` spans (:mod:`loopwatch_collector.mapping.vercel_ai`), read from
spans recorded from ``ai`` 7.0.173 with ``@ai-sdk/otel``'s ``LegacyOpenTelemetry`` driving the
matrix's three agents (``vercel_ai_legacy_spans.json``: the content attributes the mapper reads
and the ids that tie the run together; the prompt history, which it does not read, left out)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolResult
from loopwatch.verdict import Action
from loopwatch_collector.mapping import SpanMapper, SpanView
from tests.collector.mapping.span_builders import TRACE, span

RECORDED: dict[str, list[dict[str, Any]]] = json.loads(
    (Path(__file__).parent / "vercel_ai_legacy_spans.json").read_text()
)
TOOL_ROUNDS = 7  # the matrix agents' tool rounds (tests/interop/interop_scenarios.STEPS)


def _views(recorded: list[dict[str, Any]]) -> list[SpanView]:
    return [
        SpanView(
            trace_id=TRACE,
            span_id=s["span_id"],
            parent_span_id=s["parent"],
            name=s["name"],
            kind=1,
            start_ns=s["start_ns"],
            end_ns=s["end_ns"],
            attributes=s["attributes"],
            resource={"service.name": "vercel-agent"},
            is_error=False,
        )
        for s in recorded
    ]


def _events(spans: list[SpanView]) -> list[Event]:
    return [e for t in SpanMapper().map(spans) for e in t.events]


def _first_intervention(events: list[Event]) -> int | None:
    engine = Engine()
    state = engine.new_session()
    verdicts = engine.ingest(state, events) + engine.flush(state)
    return next((n for n, v in enumerate(verdicts, start=1) if v.action is not Action.CONTINUE), None)


def test_a_recorded_run_is_one_step_per_model_call_with_its_tool_results() -> None:
    events = _events(_views(RECORDED["stuck"]))
    steps = [e for e in events if isinstance(e, Step)]
    results = [e for e in events if isinstance(e, ToolResult)]
    assert len(steps) == TOOL_ROUNDS + 1  # the final answer is a step too
    assert [c.name for s in steps for c in s.tool_calls] == ["search"] * TOOL_ROUNDS
    assert steps[0].tool_calls[0].id == "call_1_0"
    assert steps[0].tool_calls[0].arguments == '{"query":"weather in Atlantis"}'
    assert steps[-1].text == "Done after 7 tool calls."
    assert steps[0].usage is not None
    assert steps[0].usage.input_tokens == 19
    assert len(results) == TOOL_ROUNDS
    assert "No results found" in (results[0].preview or "")


@pytest.mark.parametrize(("scenario", "flagged_at"), [("stuck", 3), ("cycle", 5), ("healthy", None)])
def test_recorded_runs_are_judged_like_every_matrix_row(scenario: str, flagged_at: int | None) -> None:
    assert _first_intervention(_events(_views(RECORDED[scenario]))) == flagged_at


def test_the_outer_generate_text_span_is_not_a_model_call() -> None:
    recorded = RECORDED["stuck"]
    outer = [s for s in recorded if s["attributes"]["ai.operationId"] == "ai.generateText"]
    assert len(outer) == 1  # it repeats every call of the run in ai.response.toolCalls
    assert len([e for e in _events(_views(outer)) if isinstance(e, Step)]) == 0


def test_outputs_not_recorded_leave_every_result_unknown() -> None:
    # recordOutputs: false keeps the tools' names and ids, drops results and responses: the model
    # call then stands for a call nothing recorded, the tool span for its own (never "the same").
    model = span({"ai.operationId": "ai.streamText.doStream", "ai.response.finishReason": "tool-calls"})
    tool = span(
        {"ai.operationId": "ai.toolCall", "ai.toolCall.name": "search", "ai.toolCall.id": "c1"},
        name="ai.toolCall",
        parent=model.span_id,
    )
    events = _events([model, tool])
    results = [e for e in events if isinstance(e, ToolResult)]
    assert "search" in [c.name for e in events if isinstance(e, Step) for c in e.tool_calls]
    assert results
    assert all(r.preview is None for r in results)
    assert len({r.fingerprint for r in results}) == len(results)


@pytest.mark.parametrize(
    "tool_calls",
    [
        "not json",
        "[1, null, {}]",
        json.dumps({"toolName": "x"}),
        "[" * 100_000,
        json.dumps([{"toolName": 7}]),
    ],
)
def test_malformed_requested_calls_never_raise(tool_calls: str) -> None:
    model = span({"ai.operationId": "ai.generateText.doGenerate", "ai.response.toolCalls": tool_calls})
    steps = [e for e in _events([model]) if isinstance(e, Step)]
    assert len(steps) == 1
    assert all(c.name for c in steps[0].tool_calls)


def test_arguments_before_ai_5_are_read_from_args() -> None:
    calls = json.dumps([{"toolCallId": "c1", "toolName": "search", "args": {"query": "x"}}])
    model = span({"ai.operationId": "ai.generateText.doGenerate", "ai.response.toolCalls": calls})
    step = next(e for e in _events([model]) if isinstance(e, Step))
    assert step.tool_calls[0].arguments == '{"query":"x"}'


# recordOutputs: false, as ``ai`` 7.0.173 records it: no ``ai.response.text`` / ``toolCalls``, no
# tool arguments or results; the finish reason (``tool-calls``) and the call ids stay. Each
# ``ai.toolCall`` span is a child of its model call's span, which ends (and is exported) after it.
_OUTPUTS = ("ai.response.text", "ai.response.toolCalls", "ai.toolCall.args", "ai.toolCall.result")


def _without_outputs(recorded: list[dict[str, Any]]) -> list[SpanView]:
    views = []
    for view in _views(recorded):
        attrs = {k: v for k, v in view.attributes.items() if k not in _OUTPUTS}
        finish = attrs.get("ai.response.finishReason")
        if finish is not None:
            attrs["gen_ai.response.finish_reasons"] = [finish]
        views.append(replace(view, attributes=attrs))
    return views


def _one_at_a_time(spans: list[SpanView]) -> list[Event]:
    """Exported as each span ends (the SDK's simple processor), one batch per span."""
    mapper = SpanMapper()
    return [e for s in sorted(spans, key=lambda s: s.end_ns) for t in mapper.map([s]) for e in t.events]


def _steps(events: list[Event]) -> int:
    engine = Engine()
    state = engine.new_session()
    engine.ingest(state, events)
    return state.steps


@pytest.mark.parametrize("scenario", ["stuck", "cycle", "healthy"])
def test_outputs_not_recorded_are_one_step_per_model_call_and_nothing_is_claimed(scenario: str) -> None:
    spans = _without_outputs(RECORDED[scenario])
    for events in (_one_at_a_time(spans), _events(spans)):  # one span a batch, or the run at once
        assert _steps(events) == TOOL_ROUNDS + 1  # the model calls: their tool spans make the steps
        results = [e for e in events if isinstance(e, ToolResult)]
        assert len({r.call_id for r in results}) == TOOL_ROUNDS
        assert all(r.preview is None for r in results)
        assert _first_intervention(events) is None  # unknown results: neither loop can be claimed


def test_a_content_free_model_call_whose_tools_ran_elsewhere_still_waits_for_them() -> None:
    """Near miss: a tool span under *another* parent does not make a model call's step."""
    agent = span({"gen_ai.operation.name": "invoke_agent"}, name="invoke_agent")
    finish = {"gen_ai.response.finish_reasons": ["tool-calls"]}
    model = span({"ai.operationId": "ai.generateText.doGenerate", **finish}, parent=agent.span_id)
    elsewhere = span(
        {"ai.operationId": "ai.toolCall", "ai.toolCall.name": "search", "ai.toolCall.id": "c0"},
        name="ai.toolCall",
        parent=agent.span_id,
    )
    answer = span(
        {"ai.operationId": "ai.generateText.doGenerate", "gen_ai.response.finish_reasons": ["stop"]},
        parent=agent.span_id,
    )
    mapper = SpanMapper()
    events = [e for s in (elsewhere, model, answer, agent) for t in mapper.map([s]) for e in t.events]
    # the tool span's step, the model call's (nothing recorded its calls), the answer's
    assert _steps(events) == 3
