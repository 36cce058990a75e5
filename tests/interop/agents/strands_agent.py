"""Strands Agents over its OpenAI model provider with the scenario tools, traced by Strands' own
instrumentation through the global tracer provider (agent, event-loop cycle, model and
``execute_tool`` spans). MODE:

- ``latest``: ``OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental`` (set by the harness):
  tool arguments and results in ``gen_ai.tool.call.arguments`` / ``gen_ai.tool.call.result``,
  the model calls' messages in ``gen_ai.input.messages`` / ``gen_ai.output.messages`` attributes
  of span *events*;
- ``latest-attributes``: the same plus ``gen_ai_span_attributes_only``: the messages on the spans;
- ``default``: the package's default: content in span events (``gen_ai.tool.message``,
  ``gen_ai.choice``, ...), not in span attributes.
"""

from __future__ import annotations

import os
import sys

from interop_agent_common import MODEL, QUESTION, SYSTEM, Tools, model_url, telemetry
from opentelemetry import trace

MODES = ("latest-attributes", "latest", "default")


def run(mode: str) -> None:
    if mode not in MODES:
        raise SystemExit(f"unknown mode {mode!r}")
    tel = telemetry()
    trace.set_tracer_provider(tel.tracer_provider)  # Strands traces through the global provider
    from strands import Agent, tool  # after the provider: Strands binds its tracer on import
    from strands.models.openai import OpenAIModel

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

    model = OpenAIModel(client_args={"api_key": "unused", "base_url": model_url()}, model_id=MODEL)
    # The agent's name is the spans' gen_ai.agent.name: the harness finds the run's sessions by it.
    agent = Agent(
        model=model,
        tools=[tool(f) for f in (search, get_job_status, open_page)],
        system_prompt=SYSTEM,
        name=os.environ["OTEL_SERVICE_NAME"],
        callback_handler=None,
    )
    try:
        agent(QUESTION)
    finally:
        tel.shutdown()


if __name__ == "__main__":
    run(sys.argv[1])
