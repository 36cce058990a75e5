"""The OpenAI Agents SDK running the scenario tools, traced by OpenInference at the ``openai``
client it uses (MODE ``openinference``; the SDK's own tracing uploads to OpenAI and is off).
No agent span reaches the collector: one trace per model call, one session by history."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from agents import Agent, OpenAIChatCompletionsModel, RunConfig, function_tool
from interop_agent_common import MODEL, QUESTION, SYSTEM, Tools, model_url, telemetry
from openai import AsyncOpenAI

TOOLS = Tools()


@function_tool
def search(query: str) -> str:
    """Search the web."""
    return TOOLS.search(query)


@function_tool
def get_job_status(job_id: str) -> str:
    """Status of a job."""
    return TOOLS.get_job_status(job_id)


@function_tool
def open_page(page: str) -> str:
    """Open a wiki page."""
    return TOOLS.open_page(page)


async def ask() -> Any:
    client = AsyncOpenAI(base_url=model_url(), api_key="unused", max_retries=0)
    agent = Agent(
        name="researcher",
        instructions=SYSTEM,
        tools=[search, get_job_status, open_page],
        model=OpenAIChatCompletionsModel(model=MODEL, openai_client=client),
    )
    from agents import Runner

    return await Runner.run(agent, QUESTION, run_config=RunConfig(tracing_disabled=True), max_turns=20)


def run(mode: str) -> None:
    if mode != "openinference":
        raise SystemExit(f"unknown mode {mode!r}")
    from openinference.instrumentation.openai import OpenAIInstrumentor

    tel = telemetry()
    OpenAIInstrumentor().instrument(tracer_provider=tel.tracer_provider)
    try:
        asyncio.run(ask())
    finally:
        tel.shutdown()


if __name__ == "__main__":
    run(sys.argv[1])
