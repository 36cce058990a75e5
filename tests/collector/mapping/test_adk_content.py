"""Google ADK's default content attributes (``gcp.vertex.agent.*``, JSON strings) read as the
semconv ones. The payloads are shaped as ADK 2.13 records them for Python (``model_dump(mode=
"json", exclude_none=True)``: snake_case Gemini parts), its model through LiteLLM."""

from __future__ import annotations

import json
from typing import Any

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolResult
from loopwatch.verdict import Action
from loopwatch_collector.mapping import SpanMapper, SpanView
from loopwatch_collector.mapping.adk import with_adk_content
from tests.collector.mapping.span_builders import span

STEPS = 7


def _call_llm(contents: list[dict[str, Any]], answer: dict[str, Any], finish: str, parent: str) -> SpanView:
    request = {"model": "openai/scripted", "config": {"tools": []}, "contents": contents}
    response = {"content": answer, "finish_reason": finish, "usage_metadata": {"prompt_token_count": 9}}
    return span(
        {
            "gen_ai.system": "gcp.vertex.agent",
            "gen_ai.request.model": "openai/scripted",
            "gcp.vertex.agent.llm_request": json.dumps(request),
            "gcp.vertex.agent.llm_response": json.dumps(response),
        },
        name="call_llm",
        parent=parent,
    )


def _adk_run(args: list[dict[str, Any]], results: list[str]) -> list[SpanView]:
    agent = span({"gen_ai.operation.name": "invoke_agent"}, name="invoke_agent root", duration_ns=10**9)
    contents: list[dict[str, Any]] = [{"role": "user", "parts": [{"text": "find it"}]}]
    spans = [agent]
    for i, (arguments, result) in enumerate(zip(args, results, strict=True)):
        call_id = f"call_{i:02d}AbC"
        call = {
            "role": "model",
            "parts": [{"function_call": {"id": call_id, "name": "search", "args": arguments}}],
        }
        spans.append(_call_llm(contents, call, "TOOL_CALLS", agent.span_id))
        response = {"result": result}
        spans.append(
            span(
                {
                    "gen_ai.operation.name": "execute_tool",
                    "gen_ai.tool.name": "search",
                    "gen_ai.tool.call.id": call_id,
                    "gcp.vertex.agent.tool_call_args": json.dumps(arguments),
                    "gcp.vertex.agent.tool_response": json.dumps(response),
                },
                name="execute_tool search",
                parent=agent.span_id,
            )
        )
        done = {"function_response": {"id": call_id, "name": "search", "response": response}}
        contents = [*contents, call, {"role": "user", "parts": [done]}]
    spans.append(_call_llm(contents, {"role": "model", "parts": [{"text": "done"}]}, "STOP", agent.span_id))
    return spans


def _events(spans: list[SpanView]) -> list[Event]:
    return [e for t in SpanMapper().map(spans) for e in t.events]


def _first_intervention(events: list[Event]) -> int | None:
    engine = Engine()
    state = engine.new_session()
    verdicts = engine.ingest(state, events) + engine.flush(state)
    return next((n for n, v in enumerate(verdicts, start=1) if v.action is not Action.CONTINUE), None)


def test_adk_default_stuck_run_is_one_step_per_model_call_and_flagged_at_step_3() -> None:
    events = _events(_adk_run([{"query": "atlantis"}] * STEPS, ["not found"] * STEPS))
    steps = [e for e in events if isinstance(e, Step)]
    results = [e for e in events if isinstance(e, ToolResult)]
    assert len(steps) == STEPS + 1  # the model calls (the tool spans join them by call id)
    assert steps[0].tool_calls[0].id == "call_00AbC"
    assert steps[-1].text == "done"
    assert len(results) == STEPS
    assert len({r.fingerprint for r in results}) == 1
    assert _first_intervention(events) == 3


def test_adk_default_healthy_poller_is_untouched() -> None:
    statuses = ["queued", "25%", "50%", "75%", "running", "finishing", "done"]
    assert _first_intervention(_events(_adk_run([{"job": "42"}] * STEPS, statuses))) is None


def test_adk_default_cycle_is_flagged() -> None:
    args = [{"page": "A" if i % 2 == 0 else "B"} for i in range(STEPS)]
    results = ["go to B" if i % 2 == 0 else "go to A" for i in range(STEPS)]
    assert _first_intervention(_events(_adk_run(args, results))) == 5  # A B A B A


def test_content_capture_off_is_no_content() -> None:
    """ADK writes ``{}`` everywhere then: never the same result seven times."""
    tool = span(
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "search",
            "gcp.vertex.agent.tool_call_args": "{}",
            "gcp.vertex.agent.tool_response": "{}",
        },
        name="execute_tool search",
    )
    llm = span({"gcp.vertex.agent.llm_request": "{}", "gcp.vertex.agent.llm_response": "{}"}, name="call_llm")
    assert with_adk_content(tool) is tool
    assert with_adk_content(llm) is llm


def test_semconv_attributes_win_over_adk_s_own() -> None:
    tool = span(
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.call.result": "semconv",
            "gcp.vertex.agent.tool_response": '{"result": "adk"}',
        },
        name="execute_tool search",
    )
    assert with_adk_content(tool).attributes["gen_ai.tool.call.result"] == "semconv"


def test_camel_case_parts_of_adk_for_typescript() -> None:
    response = {
        "content": {"role": "model", "parts": [{"functionCall": {"id": "c1", "name": "s", "args": {}}}]},
        "finishReason": "STOP",
    }
    llm = span({"gcp.vertex.agent.llm_response": json.dumps(response)}, name="call_llm")
    [trace] = SpanMapper().map([llm])
    [step] = [e for e in trace.events if isinstance(e, Step)]
    assert [(c.id, c.name) for c in step.tool_calls] == [("c1", "s")]
