"""End to end with Arize Phoenix: a looping agent's nudge and halt are found in its trace there.

The agent (the real ``openai`` client against the scripted fake model, instrumented with the
loopwatch SDK, guarded by a remote guard) sends its spans to Phoenix and to loopwatch; the
collector's OTLP verdict exporter sends its verdicts to Phoenix over gRPC. The test reads the
agent's trace back with Phoenix's own client and finds the guardrail spans under it, parented
to the model calls they judged. Runs under ``make phoenix`` only (skipped otherwise).
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openai
import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcSpanExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor

from loopwatch import Action, Guard, LoopDetected, Loopwatch
from loopwatch.integrations.openai_messages import record_chat_completion
from loopwatch.testing import fake_openai_server, stubborn_model
from loopwatch.wire import attributes as attrs
from loopwatch_collector.testing import running_collector
from tests.phoenix.phoenix_server import PHOENIX_PYTHON, RunningPhoenix, running_phoenix

pytestmark = pytest.mark.skipif(
    not PHOENIX_PYTHON, reason="Phoenix runs under `make phoenix` (LOOPWATCH_PHOENIX_PYTHON unset)"
)

PROJECT = "loopwatch-e2e"
QUERY = Path(__file__).with_name("phoenix_query.py")
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "search",
            "parameters": {"type": "object", "properties": {"q": {"type": "string"}}},
        },
    }
]
# Phoenix ingests spans asynchronously (a queue flushed about every second).
_FIND_TIMEOUT_S = 60.0
_POLL_S = 1.0


@pytest.fixture(scope="module")
def phoenix() -> Iterator[RunningPhoenix]:
    with running_phoenix() as running:
        yield running


def _disobedient_agent(client: openai.OpenAI, lw: Loopwatch) -> tuple[str, list[Action]]:
    """Applies nudges but ignores the withdrawal of its tools, so the guard halts it."""
    request: dict[str, Any] = {
        "model": "fake-model",
        "messages": [{"role": "user", "content": "What is the weather in Atlantis?"}],
        "tools": TOOLS,
    }
    actions: list[Action] = []
    with lw.run(conversation_id="phoenix-e2e") as run:
        try:
            for _ in range(12):
                with run.chat("fake-model") as chat:
                    completion = client.chat.completions.create(**request)
                    step = record_chat_completion(chat, completion)
                message = completion.choices[0].message
                request["messages"].append(message.model_dump(exclude_none=True))
                for tool_call, call in zip(message.tool_calls or [], step.tool_calls, strict=True):
                    with run.tool(call) as execution:
                        execution.set_result("No results found.")
                    request["messages"].append(
                        {"role": "tool", "tool_call_id": tool_call.id, "content": "none"}
                    )
                verdict = run.after_batch()
                actions.append(verdict.action)
                if verdict.action is Action.NUDGE and verdict.message:
                    request["messages"].append({"role": "user", "content": verdict.message})
        except LoopDetected:
            actions.append(Action.HALT)
    return run.trace_id, actions


def _phoenix_spans(phoenix: RunningPhoenix, trace_id: str) -> list[dict[str, Any]]:
    out = subprocess.run(
        [phoenix.python, str(QUERY), phoenix.base_url, PROJECT, trace_id],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    spans: list[dict[str, Any]] = json.loads(out)
    return spans


def _wait_for(phoenix: RunningPhoenix, trace_id: str, guardrails: int) -> list[dict[str, Any]]:
    deadline = time.monotonic() + _FIND_TIMEOUT_S
    spans: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        spans = _phoenix_spans(phoenix, trace_id)
        if sum(s["span_kind"] == "GUARDRAIL" for s in spans) >= guardrails:
            return spans
        time.sleep(_POLL_S)
    return spans


def _attribute(span: dict[str, Any], key: str) -> Any:
    """An attribute as Phoenix returns it (flat key, or nested by dots)."""
    attributes = span["attributes"]
    if key in attributes:
        return attributes[key]
    node: Any = attributes
    for part in key.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node


def test_nudge_and_halt_are_spans_in_the_agents_trace_in_phoenix(phoenix: RunningPhoenix) -> None:
    resource = {"openinference.project.name": PROJECT}
    exporter = {
        "enabled": True,
        "endpoint": phoenix.grpc_target,
        "insecure": True,
        "schedule_delay_s": 0.2,
        "resource_attributes": resource,
    }
    with running_collector({"exporters": {"otlp": exporter}}) as collector:
        provider = TracerProvider(resource=Resource({"service.name": "phoenix-e2e-agent", **resource}))
        # Batched, as loopwatch.init sets it up: the verdicts come from Evaluate, the spans later.
        to_phoenix = HttpSpanExporter(endpoint=f"{phoenix.base_url}/v1/traces")
        to_loopwatch = GrpcSpanExporter(endpoint=collector.endpoints.grpc_target, insecure=True)
        for exporter_ in (to_phoenix, to_loopwatch):
            provider.add_span_processor(BatchSpanProcessor(exporter_))
        guard = Guard.remote(collector.endpoints.grpc_target, timeout_s=5.0)
        lw = Loopwatch(agent="phoenix-e2e", tracer_provider=provider, guard=guard)
        model = stubborn_model("search", {"q": "weather in Atlantis"})
        with fake_openai_server(model) as server:
            client = openai.OpenAI(base_url=server.base_url, api_key="not-needed", max_retries=0)
            trace_id, actions = _disobedient_agent(client, lw)
        guard.close()
        provider.shutdown()
        spans = _wait_for(phoenix, trace_id, guardrails=3)
    assert actions[-1] is Action.HALT
    assert Action.NUDGE in actions
    by_id = {s["span_id"]: s for s in spans}
    guardrails = [s for s in spans if s["span_kind"] == "GUARDRAIL"]
    found = {_attribute(s, attrs.LOOPWATCH_VERDICT_ACTION) for s in guardrails}
    assert {"nudge", "withdraw_tools", "halt"} <= found, spans
    for span in guardrails:
        assert span["trace_id"] == trace_id
        assert span["name"] == "apply_guardrail loopwatch"
        parent = by_id[span["parent_id"]]  # the judged model call, in the same trace in Phoenix
        assert parent["name"].startswith("chat ")
        assert _attribute(span, attrs.GEN_AI_SECURITY_DECISION_TYPE) in {"warn", "modify", "deny"}
