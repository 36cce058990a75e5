"""LlamaIndex ``FunctionAgent`` over its OpenAI LLM with the scenario tools, traced by
``openinference-instrumentation-llama-index`` (MODE ``openinference``). The fake server ignores the
model name; a known one is passed because LlamaIndex looks its context window up."""

from __future__ import annotations

import asyncio
import sys

from interop_agent_common import QUESTION, SYSTEM, Tools, model_url, telemetry
from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.tools import FunctionTool
from llama_index.llms.openai import OpenAI

KNOWN_MODEL = "gpt-4o-mini"


def run(mode: str) -> None:
    if mode != "openinference":
        raise SystemExit(f"unknown mode {mode!r}")
    from openinference.instrumentation.llama_index import LlamaIndexInstrumentor

    tel = telemetry()
    LlamaIndexInstrumentor().instrument(tracer_provider=tel.tracer_provider)
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

    agent = FunctionAgent(
        tools=[FunctionTool.from_defaults(fn=f) for f in (search, get_job_status, open_page)],
        llm=OpenAI(model=KNOWN_MODEL, api_base=model_url(), api_key="unused", max_retries=0),
        system_prompt=SYSTEM,
        streaming=False,  # the fake model server answers whole completions only
    )

    async def ask() -> object:
        return await agent.run(user_msg=QUESTION, max_iterations=50)  # the handler needs a running loop

    try:
        asyncio.run(ask())
    finally:
        tel.shutdown()


if __name__ == "__main__":
    run(sys.argv[1])
