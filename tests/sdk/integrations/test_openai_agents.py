"""The OpenAI Agents SDK integration: real Runner, real openai client, fake HTTP model."""

from __future__ import annotations

import asyncio

import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from loopwatch import Guard, LoopDetected, Loopwatch
from loopwatch.testing import fake_openai_server, stubborn_model
from loopwatch.wire import attributes as attrs
from loopwatch_collector.testing import running_collector
from tests.sdk.sdk_helpers import load_example

example = load_example("openai_agents_loop")


def test_example_main_shows_the_loop_caught(capsys: pytest.CaptureFixture[str]) -> None:
    assert example.main([]) == 0
    out = capsys.readouterr().out
    assert out.count("loopwatch said: [loopwatch]") == 2
    assert "final answer after 6 model calls" in out
    assert example.main(["--stubborn"]) == 1
    assert "halted by loopwatch" in capsys.readouterr().out


def test_notes_follow_the_tool_outputs_and_stay_in_the_history() -> None:
    lw = Loopwatch(agent="oa", guard=Guard.local())
    model = stubborn_model("search", {"q": "x"}, answer="done", gives_up_after_notes=2)
    with fake_openai_server(model) as server:
        assert asyncio.run(example.ask(lw, server.base_url, "q?")) == "done"
    for request in server.requests:
        roles = [m["role"] for m in request["messages"]]
        for index, message in enumerate(request["messages"]):
            if message["role"] == "user" and str(message["content"]).startswith("[loopwatch]"):
                assert roles[index - 1] == "tool"
    last = server.requests[-1]["messages"]
    assert sum(str(m.get("content")).startswith("[loopwatch]") for m in last) == 2


def test_stubborn_agent_is_halted_and_spans_are_recorded() -> None:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    lw = Loopwatch(agent="oa", guard=Guard.local(), tracer_provider=provider)
    with fake_openai_server(stubborn_model("search", {"q": "x"})) as server, pytest.raises(LoopDetected):
        asyncio.run(example.ask(lw, server.base_url, "q?"))
    spans = exporter.get_finished_spans()
    chats = [s for s in spans if s.name == "chat fake-model"]
    tools = [s for s in spans if s.name == "execute_tool search"]
    assert len(chats) == 6
    assert len(tools) == 5
    (run,) = [s for s in spans if s.name == "invoke_agent oa"]
    assert (run.attributes or {})[attrs.ERROR_TYPE] == "LoopDetected"
    assert (chats[0].attributes or {})[attrs.GEN_AI_PROVIDER_NAME] == "openai"
    provider.shutdown()


def test_remote_guard_drives_the_same_ladder() -> None:
    model = stubborn_model("search", {"q": "x"}, answer="done", gives_up_after_notes=2)
    with running_collector() as collector, fake_openai_server(model) as server:
        guard = Guard.remote(collector.endpoints.grpc_target, timeout_s=2.0)
        answer = asyncio.run(example.ask(Loopwatch(agent="oa-remote", guard=guard), server.base_url, "q?"))
        guard.close()
    assert answer == "done"
    assert guard.stats.failed == 0
    assert guard.stats.verdicts.get("nudge") == 1
    assert guard.stats.verdicts.get("withdraw_tools") == 1
