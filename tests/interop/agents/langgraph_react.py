"""LangGraph ``create_react_agent`` over ``langchain-openai`` with the scenario tools. MODE:

- ``openinference``: ``openinference-instrumentation-langchain``;
- ``openllmetry``: OpenLLMetry's ``opentelemetry-instrumentation-langchain``.

The graph run is one trace (chain, LLM and tool spans); tool results are recorded as
serialised ``ToolMessage`` envelopes.
"""

from __future__ import annotations

import sys
from typing import Any

from interop_agent_common import MODEL, QUESTION, SYSTEM, Tools, model_url, telemetry
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from langgraph.prebuilt import create_react_agent

TOOLS = Tools()


@tool
def search(query: str) -> str:
    """Search the web."""
    return TOOLS.search(query)


@tool
def get_job_status(job_id: str) -> str:
    """Status of a job."""
    return TOOLS.get_job_status(job_id)


@tool
def open_page(page: str) -> str:
    """Open a wiki page."""
    return TOOLS.open_page(page)


def instrument(mode: str, tracer_provider: Any) -> None:
    if mode == "openinference":
        from openinference.instrumentation.langchain import LangChainInstrumentor

        LangChainInstrumentor().instrument(tracer_provider=tracer_provider)
    elif mode == "openllmetry":
        from opentelemetry.instrumentation.langchain import LangchainInstrumentor

        LangchainInstrumentor().instrument(tracer_provider=tracer_provider)
    else:
        raise SystemExit(f"unknown mode {mode!r}")


def run(mode: str) -> None:
    tel = telemetry()
    instrument(mode, tel.tracer_provider)
    model = ChatOpenAI(model=MODEL, base_url=model_url(), api_key="unused", max_retries=0)
    agent = create_react_agent(model, [search, get_job_status, open_page], prompt=SYSTEM)
    try:
        agent.invoke({"messages": [("user", QUESTION)]}, {"recursion_limit": 50})
    finally:
        tel.shutdown()


if __name__ == "__main__":
    run(sys.argv[1])
