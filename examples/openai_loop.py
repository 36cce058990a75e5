"""A hand-written tool loop over the ``openai`` client, guarded by loopwatch.

Needs the ``openai`` extra: ``pip install 'loopwatch[openai]'``
(from a clone: ``pip install -e 'sdk[openai]'``).

The "model" is a local fake OpenAI-compatible server (``loopwatch.testing``) scripted to be
stuck: it calls ``search`` with the same query forever. loopwatch nudges it, then withdraws
the tools, and the model has to answer. No API key, no network::

    python examples/openai_loop.py                      # local guard (in-process)
    LOOPWATCH_ENDPOINT=localhost:4317 python examples/openai_loop.py   # ask a running collector

The loop is the one you would write against the real API: only ``base_url`` is fake.
"""

from __future__ import annotations

import json
from typing import Any

import loopwatch
from loopwatch import LoopDetected
from loopwatch.extras import needs_extra
from loopwatch.integrations.openai_messages import apply_chat_verdict, record_chat_completion
from loopwatch.testing import fake_openai_server, stubborn_model

with needs_extra("openai"):
    import openai

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "search",
            "description": "Search the web.",
            "parameters": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]},
        },
    }
]


def search(q: str) -> str:
    return f"No results found for {q!r}."


def run_agent(client: openai.OpenAI, lw: loopwatch.Loopwatch, question: str, max_steps: int = 20) -> str:
    request: dict[str, Any] = {
        "model": "fake-model",
        "messages": [{"role": "user", "content": question}],
        "tools": TOOLS,
    }
    with lw.run() as run:
        run.user_message(question)
        for _ in range(max_steps):
            with run.chat(request["model"]) as chat:
                completion = client.chat.completions.create(**request)
                step = record_chat_completion(chat, completion)
            message = completion.choices[0].message
            request["messages"].append(message.model_dump(exclude_none=True))
            if not message.tool_calls:
                return message.content or ""
            for tool_call, call in zip(message.tool_calls, step.tool_calls, strict=True):
                with run.tool(call) as execution:  # may raise LoopDetected before the call runs
                    output = search(**json.loads(tool_call.function.arguments))
                    execution.set_result(output)
                request["messages"].append({"role": "tool", "tool_call_id": tool_call.id, "content": output})
            verdict = run.after_batch()  # raises LoopDetected on HALT
            if verdict.intervenes:
                print(
                    f"  step {verdict.step}: loopwatch says {verdict.action.value.upper()}: {verdict.message}"
                )
            apply_chat_verdict(verdict, request)
    return "(gave up: too many steps)"


def main() -> int:
    # With LOOPWATCH_ENDPOINT set: remote guard + OTLP spans to that collector; else in-process.
    lw = loopwatch.init(agent="openai-loop-example")
    model = stubborn_model(
        "search", {"q": "weather in Atlantis"}, answer="I could not find the weather in Atlantis."
    )
    try:
        with fake_openai_server(model) as server:
            client = openai.OpenAI(base_url=server.base_url, api_key="not-needed", max_retries=0)
            try:
                answer = run_agent(client, lw, "What is the weather in Atlantis?")
            except LoopDetected as exc:
                print(f"halted: {exc}")
                return 1
            print(f"final answer after {len(server.requests)} model calls: {answer}")
            return 0
    finally:
        lw.shutdown()


if __name__ == "__main__":
    raise SystemExit(main())
