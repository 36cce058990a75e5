"""The two agents ``loopwatch demo`` runs: one stuck on a search, one polling a job that finishes.

Each is the tool loop a user writes against the OpenAI chat-completions API, driven by a
scripted model behind ``loopwatch.testing.fake_openai_server`` (a real HTTP server on a free
loopback port) and guarded by the SDK through a collector (``endpoint``). The requests go out
with the standard library, so the demo needs no ``openai`` package. Called from the demo's
main thread; blocks for the few model calls the script takes.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import loopwatch
from loopwatch import LoopDetected, Verdict
from loopwatch.integrations.openai_messages import apply_chat_verdict, record_chat_completion
from loopwatch.testing import ScriptedModel, fake_openai_server, stubborn_model

__all__ = ["AgentOutcome", "run_healthy_agent", "run_looping_agent"]

# Scripted models answer at once; a second is ample on a loaded machine, and bounds the demo.
_MODEL_TIMEOUT_S = 5.0
# Verdicts come from a collector in this process: no network, but a cold first call may take
# longer than the SDK's 50 ms production deadline, after which it would fail open (CONTINUE).
_GUARD_TIMEOUT_S = 2.0
# Steps an agent may take: the looping one is stopped by step 6, the healthy one answers at 5.
_MAX_STEPS = 12
_JOB_STATUSES = ("queued", "running: 40%", "running: 80%", "done: 12 tests passed")


@dataclass
class AgentOutcome:
    """What one agent run did: the verdicts that intervened, its answer (or halt message)."""

    agent: str
    trace_id: str
    steps: int = 0
    interventions: list[Verdict] = field(default_factory=list)
    answer: str = ""
    halted: bool = False


def _tool(name: str, description: str, argument: str) -> dict[str, Any]:
    parameters = {"type": "object", "properties": {argument: {"type": "string"}}, "required": [argument]}
    return {
        "type": "function",
        "function": {"name": name, "description": description, "parameters": parameters},
    }


def run_looping_agent(endpoint: str) -> AgentOutcome:
    """An agent whose model calls ``search`` with the same query until its tools are withdrawn."""
    model = stubborn_model(
        "search", {"q": "weather in Atlantis"}, answer="I could not find the weather in Atlantis."
    )
    return _run(
        endpoint,
        agent="demo-looping-agent",
        model=model,
        tools=[_tool("search", "Search the web.", "q")],
        run_tool=lambda name, arguments: f"No results found for {arguments.get('q')!r}.",
        question="What is the weather in Atlantis?",
    )


def run_healthy_agent(endpoint: str) -> AgentOutcome:
    """An agent polling a CI job whose status changes each time, then answering: no loop."""
    statuses = iter(_JOB_STATUSES)

    def model(request: Mapping[str, Any]) -> Mapping[str, Any]:
        last = (request.get("messages") or [{}])[-1]
        if last.get("role") == "tool" and str(last.get("content", "")).startswith("done"):
            return {"content": f"The build finished: {str(last['content']).removeprefix('done: ')}."}
        return {"content": None, "tool_calls": [{"name": "job_status", "arguments": {"job": "build-42"}}]}

    return _run(
        endpoint,
        agent="demo-healthy-agent",
        model=model,
        tools=[_tool("job_status", "Status of a CI job.", "job")],
        run_tool=lambda name, arguments: next(statuses, _JOB_STATUSES[-1]),
        question="Did build-42 pass?",
    )


def _run(
    endpoint: str,
    *,
    agent: str,
    model: ScriptedModel,
    tools: list[dict[str, Any]],
    run_tool: Callable[[str, dict[str, Any]], str],
    question: str,
) -> AgentOutcome:
    lw = loopwatch.init(agent=agent, endpoint=endpoint, capture_content=True, timeout_s=_GUARD_TIMEOUT_S)
    request: dict[str, Any] = {
        "model": "demo-model",
        "messages": [{"role": "user", "content": question}],
        "tools": tools,
    }
    try:
        with fake_openai_server(model) as server, lw.run() as run:
            outcome = AgentOutcome(agent=agent, trace_id=run.trace_id)
            run.user_message(question)
            try:
                for _ in range(_MAX_STEPS):
                    with run.chat(request["model"]) as chat:
                        completion = _post(server.base_url + "/chat/completions", request)
                        step = record_chat_completion(chat, completion)
                    outcome.steps += 1
                    message = completion["choices"][0]["message"]
                    request["messages"].append(message)
                    if not step.tool_calls:
                        outcome.answer = message.get("content") or ""
                        break
                    for wire_call, call in zip(message["tool_calls"], step.tool_calls, strict=True):
                        with run.tool(call) as execution:  # may raise LoopDetected before it runs
                            function = wire_call["function"]
                            output = run_tool(function["name"], json.loads(function["arguments"]))
                            execution.set_result(output)
                        request["messages"].append(
                            {"role": "tool", "tool_call_id": wire_call["id"], "content": output}
                        )
                    verdict = run.after_batch()  # raises LoopDetected on HALT
                    if verdict.intervenes:
                        outcome.interventions.append(verdict)
                    apply_chat_verdict(verdict, request)
            except LoopDetected as exc:
                outcome.halted = True
                outcome.interventions.append(exc.verdict)
                outcome.answer = exc.verdict.message or "halted"
    finally:
        lw.shutdown()
    return outcome


def _post(url: str, body: Mapping[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=_MODEL_TIMEOUT_S) as response:
        reply: dict[str, Any] = json.loads(response.read())
    return reply
