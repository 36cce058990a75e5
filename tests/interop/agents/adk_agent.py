"""Google ADK's ``LlmAgent`` with the scenario tools, its model reached through LiteLLM's
OpenAI-compatible route (``LiteLlm("openai/...", api_base=...)``: ADK's own Gemini client has no
base-URL setting for a scripted server), traced by ADK's own instrumentation through the global
tracer provider (``invoke_agent``, ``call_llm``, ``execute_tool`` spans). MODE:

- ``default``: the package's default (ADK 2: semconv-aligned spans, content capture off);
- ``legacy``: ``ADK_TELEMETRY_SCHEMA_VERSION_OPT_IN=1`` (set by the harness; ADK 1's default):
  content on, in ADK's own ``gcp.vertex.agent.*`` attributes;
- ``semconv``: ``OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental`` and
  ``OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=SPAN_ONLY`` (set by the harness): semconv
  messages on ``call_llm``, ``gen_ai.tool.call.arguments`` / ``result`` on ``execute_tool``.
"""

from __future__ import annotations

import asyncio
import os
import sys

from interop_agent_common import MODEL, QUESTION, SYSTEM, Tools, model_url, telemetry
from opentelemetry import trace

MODES = ("default", "legacy", "semconv")
APP = "loopwatch-interop"
USER = "interop-user"


async def run_agent(name: str) -> None:
    from google.adk.agents import LlmAgent
    from google.adk.models.lite_llm import LiteLlm
    from google.adk.runners import InMemoryRunner
    from google.genai import types

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

    agent = LlmAgent(
        name=name,
        model=LiteLlm(model=f"openai/{MODEL}", api_base=model_url(), api_key="unused"),
        instruction=SYSTEM,
        tools=[search, get_job_status, open_page],
    )
    runner = InMemoryRunner(agent=agent, app_name=APP)
    session = await runner.session_service.create_session(app_name=APP, user_id=USER)
    message = types.Content(role="user", parts=[types.Part(text=QUESTION)])
    async for _ in runner.run_async(user_id=USER, session_id=session.id, new_message=message):
        pass


def run(mode: str) -> None:
    if mode not in MODES:
        raise SystemExit(f"unknown mode {mode!r}")
    tel = telemetry()
    trace.set_tracer_provider(tel.tracer_provider)  # ADK traces through the global provider
    try:
        # The agent's name is the spans' gen_ai.agent.name: the harness finds the run's sessions by it.
        asyncio.run(run_agent(os.environ["OTEL_SERVICE_NAME"]))
    finally:
        tel.shutdown()


if __name__ == "__main__":
    run(sys.argv[1])
