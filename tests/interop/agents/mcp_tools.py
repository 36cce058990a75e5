"""A hand-written loop over the ``openai`` client whose tools run on an MCP server (in process),
traced only by the ``mcp`` SDK's own OpenTelemetry spans (MODE ``sdk``): ``MCP send tools/call
{tool}`` client spans with neither arguments nor results, one trace per call."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import openai
from interop_agent_common import MODEL, QUESTION, SYSTEM, Tools, model_url, openai_tools, telemetry
from mcp import Client
from mcp.server.mcpserver import MCPServer
from opentelemetry import trace


def server(tools: Tools) -> Any:
    mcp = MCPServer("interop-tools")

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
        mcp.tool()(function)
    return mcp


async def loop() -> None:
    model = openai.AsyncOpenAI(base_url=model_url(), api_key="unused")
    tools: Any = openai_tools()  # the client's TypedDicts, built as plain dicts
    messages: Any = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": QUESTION},
    ]
    async with Client(server(Tools())) as client:
        while True:
            response = await model.chat.completions.create(model=MODEL, messages=messages, tools=tools)
            message = response.choices[0].message
            if not message.tool_calls:
                return
            messages.append(message.model_dump(exclude_none=True))
            for call in message.tool_calls:
                function = call.function  # type: ignore[union-attr]
                result = await client.call_tool(function.name, json.loads(function.arguments))
                text = "".join(getattr(block, "text", "") for block in result.content)
                messages.append({"role": "tool", "tool_call_id": call.id, "content": text})


def run(mode: str) -> None:
    if mode != "sdk":
        raise SystemExit(f"unknown mode {mode!r}")
    tel = telemetry()
    trace.set_tracer_provider(tel.tracer_provider)  # the mcp SDK traces through the global provider
    try:
        asyncio.run(loop())
    finally:
        tel.shutdown()


if __name__ == "__main__":
    run(sys.argv[1])
