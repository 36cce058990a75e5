"""AutoGen AgentChat's ``AssistantAgent`` over its OpenAI chat-completion client with the scenario
tools, traced by AutoGen itself through the global tracer provider: ``invoke_agent`` and one
``execute_tool`` span per tool execution (name and call id: no arguments, no result, no model
calls). MODE:

- ``own``: AutoGen's tracing alone;
- ``openllmetry``: plus ``opentelemetry-instrumentation-openai`` on the same provider, the pairing
  AutoGen's tracing guide uses: an ``openai.chat`` span per model call with its messages, so the
  arguments are in each call's output and the results in the next call's input (the
  ``execute_tool`` spans still carry none).
"""

from __future__ import annotations

import asyncio
import os
import sys

from autogen_agentchat.agents import AssistantAgent
from autogen_core.models import ModelFamily, ModelInfo
from autogen_ext.models.openai import OpenAIChatCompletionClient
from interop_agent_common import MODEL, QUESTION, SYSTEM, Tools, model_url, telemetry
from opentelemetry import trace

from tests.interop.interop_scenarios import STEPS

MODES = ("own", "openllmetry")


async def run_agent(name: str) -> None:
    client = OpenAIChatCompletionClient(
        model=MODEL,
        base_url=model_url(),
        api_key="unused",
        model_info=ModelInfo(
            vision=False,
            function_calling=True,
            json_output=False,
            family=ModelFamily.UNKNOWN,
            structured_output=False,
        ),
    )
    tools = Tools()

    def search(query: str) -> str:
        """Search the web."""
        return tools.search(query)

    def get_job_status(job_id: str) -> str:
        """Status of a job."""
        return tools.get_job_status(job_id)

    def open_page(page: str) -> str:
        """Open a wiki page."""
        return tools.open_page(page)

    agent = AssistantAgent(
        name,
        model_client=client,
        tools=[search, get_job_status, open_page],
        system_message=SYSTEM,
        max_tool_iterations=STEPS + 1,  # the scripted model answers after STEPS rounds
    )
    try:
        await agent.run(task=QUESTION)
    finally:
        await client.close()


def run(mode: str) -> None:
    if mode not in MODES:
        raise SystemExit(f"unknown mode {mode!r}")
    tel = telemetry()
    trace.set_tracer_provider(tel.tracer_provider)  # AutoGen traces through the global provider
    if mode == "openllmetry":
        from opentelemetry.instrumentation.openai import OpenAIInstrumentor

        OpenAIInstrumentor().instrument(tracer_provider=tel.tracer_provider)
    try:
        # The agent's name is the spans' gen_ai.agent.name: the harness finds the run's sessions by it.
        asyncio.run(run_agent(os.environ["OTEL_SERVICE_NAME"]))
    finally:
        tel.shutdown()


if __name__ == "__main__":
    run(sys.argv[1])
