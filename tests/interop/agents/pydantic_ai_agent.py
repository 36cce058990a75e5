"""pydantic-ai over its OpenAI chat model with the scenario tools, traced by its own
instrumentation (``InstrumentationSettings``, content included). MODE:

- ``v2``: ``version=2`` (``running tool`` spans with ``tool_arguments`` / ``tool_response``;
  deprecated by pydantic-ai, which warns);
- ``default``: the package's default version (semconv ``execute_tool`` spans).
"""

from __future__ import annotations

import os
import sys
import warnings

from interop_agent_common import MODEL, QUESTION, SYSTEM, Tools, model_url, telemetry
from pydantic_ai import Agent
from pydantic_ai.capabilities import Instrumentation
from pydantic_ai.models.instrumented import InstrumentationSettings
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

VERSIONS = {"v2": 2}


def run(mode: str) -> None:
    if mode not in ("v2", "default"):
        raise SystemExit(f"unknown mode {mode!r}")
    warnings.simplefilter("ignore", DeprecationWarning)  # version 2 is deprecated, still emitted
    tel = telemetry()
    settings = (
        InstrumentationSettings(tracer_provider=tel.tracer_provider, version=VERSIONS[mode])
        if mode in VERSIONS
        else InstrumentationSettings(tracer_provider=tel.tracer_provider)
    )
    model = OpenAIChatModel(MODEL, provider=OpenAIProvider(base_url=model_url(), api_key="unused"))
    # The agent's name is the span's gen_ai.agent.name: the harness finds the run's sessions by it.
    name = os.environ["OTEL_SERVICE_NAME"]
    agent = Agent(model, name=name, instructions=SYSTEM, capabilities=[Instrumentation(settings=settings)])
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

    for function in (search, get_job_status, open_page):
        agent.tool_plain(function)
    try:
        agent.run_sync(QUESTION)
    finally:
        tel.shutdown()


if __name__ == "__main__":
    run(sys.argv[1])
