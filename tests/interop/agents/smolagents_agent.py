"""smolagents' ``ToolCallingAgent`` with the scenario tools over its OpenAI-compatible model,
traced by ``openinference-instrumentation-smolagents`` (MODE ``openinference``).

smolagents hands tool results back to the model as user messages ("Observation: ..."), never as
``tool`` messages, so the scripted model never sees a round end: the run is bounded by
``max_steps`` (the scenarios' tool rounds), after which smolagents asks for a final answer
without tools.
"""

from __future__ import annotations

import sys

from interop_agent_common import MODEL, QUESTION, Tools, model_url, telemetry
from smolagents import OpenAIServerModel, ToolCallingAgent, tool

from tests.interop.interop_scenarios import STEPS

TOOLS = Tools()


def search(query: str) -> str:
    """Search the web.

    Args:
        query: what to search for.
    """
    return TOOLS.search(query)


def get_job_status(job_id: str) -> str:
    """Status of a job.

    Args:
        job_id: the job's id.
    """
    return TOOLS.get_job_status(job_id)


def open_page(page: str) -> str:
    """Open a wiki page.

    Args:
        page: the page's name.
    """
    return TOOLS.open_page(page)


def run(mode: str) -> None:
    if mode != "openinference":
        raise SystemExit(f"unknown mode {mode!r}")
    from openinference.instrumentation.smolagents import SmolagentsInstrumentor

    tel = telemetry()
    SmolagentsInstrumentor().instrument(tracer_provider=tel.tracer_provider)
    model = OpenAIServerModel(model_id=MODEL, api_base=model_url(), api_key="unused")
    tools = [tool(f) for f in (search, get_job_status, open_page)]
    agent = ToolCallingAgent(tools=tools, model=model, max_steps=STEPS)
    try:
        agent.run(QUESTION)
    finally:
        tel.shutdown()


if __name__ == "__main__":
    run(sys.argv[1])
