"""A one-agent CrewAI crew with the scenario tools over CrewAI's OpenAI LLM, traced by
``openinference-instrumentation-crewai`` (MODE ``openinference``); CrewAI's own telemetry is off."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("CREWAI_DISABLE_TELEMETRY", "true")
os.environ.setdefault("CREWAI_TRACING_ENABLED", "false")
os.environ.setdefault("OTEL_SDK_DISABLED", "false")

from crewai import LLM, Agent, Crew, Task
from crewai.tools import tool
from interop_agent_common import QUESTION, SYSTEM, Tools, model_url, telemetry

TOOLS = Tools()
KNOWN_MODEL = "openai/gpt-4o-mini"  # the fake server ignores it; CrewAI routes by the prefix


def search(query: str) -> str:
    """Search the web."""
    return TOOLS.search(query)


def get_job_status(job_id: str) -> str:
    """Status of a job."""
    return TOOLS.get_job_status(job_id)


def open_page(page: str) -> str:
    """Open a wiki page."""
    return TOOLS.open_page(page)


def run(mode: str) -> None:
    if mode != "openinference":
        raise SystemExit(f"unknown mode {mode!r}")
    from openinference.instrumentation.crewai import CrewAIInstrumentor

    tel = telemetry()
    CrewAIInstrumentor().instrument(tracer_provider=tel.tracer_provider)
    llm = LLM(model=KNOWN_MODEL, base_url=model_url(), api_key="unused")
    agent = Agent(
        role="researcher",
        goal=SYSTEM,
        backstory="An agent that uses tools.",
        tools=[tool(f.__name__)(f) for f in (search, get_job_status, open_page)],
        llm=llm,
        max_iter=20,
    )
    task = Task(description=QUESTION, expected_output="An answer.", agent=agent)
    try:
        Crew(agents=[agent], tasks=[task]).kickoff()
    except Exception as exc:  # noqa: BLE001 - CrewAI's own repeat guard ends a stuck run by raising
        print(f"crew stopped: {exc}", file=sys.stderr)
    finally:
        tel.shutdown()


if __name__ == "__main__":
    run(sys.argv[1])
