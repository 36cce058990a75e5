"""The LangChain/LangGraph integration on a real create_react_agent graph with a fake model."""

from __future__ import annotations

import asyncio
import logging

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from loopwatch import Guard, LoopDetected, Loopwatch
from loopwatch.integrations.langchain import LoopwatchCallbackHandler
from loopwatch.wire import attributes as attrs
from tests.sdk.sdk_helpers import load_example

example = load_example("langgraph_agent")
QUESTION = {"messages": [HumanMessage("What is the weather in Atlantis?")]}


def test_example_main_shows_the_loop_caught(capsys: pytest.CaptureFixture[str]) -> None:
    assert example.main([]) == 0
    out = capsys.readouterr().out
    assert "loopwatch said: [loopwatch] An automatic loop guard" in out
    assert "final answer: I could not find" in out
    assert example.main(["--stubborn"]) == 1


def test_the_stubborn_halt_is_not_logged_as_a_callback_crash(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        assert example.main(["--stubborn"]) == 1
    callback_errors = [r for r in caplog.records if r.name == "langchain_core.callbacks.manager"]
    assert callback_errors == []
    # Another handler's failure is still LangChain's to report.
    with caplog.at_level(logging.WARNING):
        logging.getLogger("langchain_core.callbacks.manager").warning(
            "Error in %s.%s callback: %s", "OtherHandler", "on_tool_start", "ValueError('x')"
        )
    assert [r.args for r in caplog.records if r.name == "langchain_core.callbacks.manager"] == [
        ("OtherHandler", "on_tool_start", "ValueError('x')")
    ]


def test_nudge_follows_the_tool_messages_and_the_model_answers() -> None:
    handler = LoopwatchCallbackHandler(Loopwatch(agent="lg", guard=Guard.local()))
    result = example.build_agent().invoke(QUESTION, config={"callbacks": [handler], "recursion_limit": 50})
    messages = result["messages"]
    notes = [
        i for i, m in enumerate(messages) if isinstance(m, HumanMessage) and "[loopwatch]" in str(m.content)
    ]
    assert len(notes) == 2  # nudge, then withdrawal
    for index in notes:
        assert isinstance(messages[index - 1], ToolMessage)
    assert isinstance(messages[-1], AIMessage)
    assert not messages[-1].tool_calls


def test_stubborn_agent_is_halted_before_the_call_runs_and_spans_say_so() -> None:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    handler = LoopwatchCallbackHandler(Loopwatch(agent="lg", guard=Guard.local(), tracer_provider=provider))
    with pytest.raises(LoopDetected) as info:
        example.build_agent(stubborn=True).invoke(
            QUESTION, config={"callbacks": [handler], "recursion_limit": 50}
        )
    assert info.value.verdict.action.value == "halt"
    spans = exporter.get_finished_spans()
    chats = [s for s in spans if s.name.startswith("chat ")]
    tools = [s for s in spans if s.name == "execute_tool search"]
    assert len(tools) == len(chats) - 1  # the last requested call never ran
    (run,) = [s for s in spans if s.name == "invoke_agent lg"]
    assert (run.attributes or {})[attrs.ERROR_TYPE] == "LoopDetected"
    for tool_span in tools:
        call_id = (tool_span.attributes or {})[attrs.GEN_AI_TOOL_CALL_ID]
        assert isinstance(call_id, str)
        assert call_id.startswith("call_")
    provider.shutdown()


def test_async_invocation_is_guarded_the_same_way() -> None:
    handler = LoopwatchCallbackHandler(Loopwatch(agent="lg", guard=Guard.local()))
    agent = example.build_agent()
    result = asyncio.run(agent.ainvoke(QUESTION, config={"callbacks": [handler], "recursion_limit": 50}))
    assert "could not find" in str(result["messages"][-1].content)


def test_without_a_guard_the_agent_is_only_recorded() -> None:
    handler = LoopwatchCallbackHandler(Loopwatch(agent="lg"))
    result = example.build_agent().invoke(QUESTION, config={"callbacks": [handler], "recursion_limit": 12})
    messages = result["messages"]
    assert sum(isinstance(m, ToolMessage) for m in messages) >= 3  # the loop ran on, unguarded
    assert not any("[loopwatch]" in str(m.content) for m in messages)


def test_a_handler_reused_for_a_new_invocation_starts_a_new_run() -> None:
    guard = Guard.local()
    handler = LoopwatchCallbackHandler(Loopwatch(agent="lg", guard=guard))
    config = {"callbacks": [handler], "recursion_limit": 50}
    with pytest.raises(LoopDetected):
        example.build_agent(stubborn=True).invoke(QUESTION, config=config)
    result = example.build_agent().invoke(QUESTION, config=config)
    assert "could not find" in str(result["messages"][-1].content)
    assert handler.run is None  # ended with the invocation
