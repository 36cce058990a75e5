"""An OpenAI Agents SDK agent guarded by loopwatch, against a local fake OpenAI server.

Needs the ``openai-agents`` extra: ``pip install 'loopwatch[openai-agents]'``
(from a clone: ``pip install -e 'sdk[openai-agents]'``).

The fake model calls ``search`` with the same query again and again. loopwatch nudges it
(ignored), then tells it the tools are withdrawn: the model gives up and answers. With
``--stubborn`` it ignores that too and loopwatch halts the run before the next call runs.
No API key, no network::

    python examples/openai_agents_loop.py
    python examples/openai_agents_loop.py --stubborn
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence

import loopwatch
from loopwatch import LoopDetected
from loopwatch.extras import needs_extra
from loopwatch.testing import fake_openai_server, stubborn_model

with needs_extra("openai-agents"):
    from agents import Agent, OpenAIChatCompletionsModel, RunConfig, function_tool
    from openai import AsyncOpenAI

    from loopwatch.integrations.openai_agents import run_guarded


@function_tool
def search(q: str) -> str:
    """Search the web."""
    return f"No results found for {q!r}."


async def ask(lw: loopwatch.Loopwatch, base_url: str, question: str) -> str:
    client = AsyncOpenAI(base_url=base_url, api_key="not-needed", max_retries=0)
    agent = Agent(
        name="researcher",
        instructions="Answer the question; use search when needed.",
        tools=[search],
        model=OpenAIChatCompletionsModel(model="fake-model", openai_client=client),
    )
    # tracing_disabled: the Agents SDK's own tracing would try to upload to OpenAI.
    result = await run_guarded(
        agent, question, lw=lw, run_config=RunConfig(tracing_disabled=True), max_turns=20
    )
    return str(result.final_output)


def main(argv: Sequence[str] = ()) -> int:
    stubborn = "--stubborn" in argv
    lw = loopwatch.init(agent="openai-agents-example", export_spans=False)
    model = stubborn_model(
        "search",
        {"q": "weather in Atlantis"},
        answer="I could not find the weather in Atlantis.",
        gives_up_after_notes=None if stubborn else 2,
    )
    try:
        with fake_openai_server(model) as server:
            try:
                answer = asyncio.run(ask(lw, server.base_url, "What is the weather in Atlantis?"))
            except LoopDetected as exc:
                print(f"halted by loopwatch at step {exc.verdict.step}: {exc}")
                return 1
            notes = [
                m["content"]
                for m in server.requests[-1]["messages"]
                if m["role"] == "user" and str(m["content"]).startswith("[loopwatch]")
            ]
            for note in notes:
                print(f"loopwatch said: {note}")
            print(f"final answer after {len(server.requests)} model calls: {answer}")
            return 0
    finally:
        lw.shutdown()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
