"""The three agents of the framework matrix, as a scripted model plus the tools it calls.

- ``stuck``: searches for the same thing after every "not found" (``STEPS`` times), then answers.
  loopwatch must flag it (identical call, at step 3 by default).
- ``healthy``: polls a job whose status changes (queued -> 25% -> ... -> done): legitimate
  repetition that must stay untouched.
- ``cycle``: alternates two pages (A, B, A, B, ...) that never change: a cycle.

The models run in the test process behind ``loopwatch.testing.fake_openai_server``; the tools run
in the agent process (any framework's virtualenv): this module needs only the standard library.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

SCENARIOS = ("stuck", "healthy", "cycle")
# Enough tool rounds for every detector's default threshold (identical call 3, cycle 5) and
# for the policy to escalate, few enough to keep a matrix cell around a second.
STEPS = 7
POLL_STATUSES = (
    "queued",
    "running: 25%",
    "running: 50%",
    "running: 75%",
    "running: 90%",
    "finishing",
    "done",
)
QUESTION = "What is the weather in Atlantis?"
SYSTEM = "You are a helpful agent. Use the tools."

TOOL_SPECS: dict[str, dict[str, Any]] = {
    "search": {"description": "Search the web.", "parameters": {"query": "string"}},
    "get_job_status": {"description": "Status of a job.", "parameters": {"job_id": "string"}},
    "open_page": {"description": "Open a wiki page.", "parameters": {"page": "string"}},
}
_CALLS: dict[str, Callable[[int], tuple[str, dict[str, Any]]]] = {
    "stuck": lambda n: ("search", {"query": "weather in Atlantis"}),
    "healthy": lambda n: ("get_job_status", {"job_id": "j-1"}),
    "cycle": lambda n: ("open_page", {"page": "A" if n % 2 == 0 else "B"}),
}


def tool_rounds(messages: Sequence[Mapping[str, Any]]) -> int:
    """How many tool results the conversation holds so far: its ``tool`` messages, or, in a
    conversation without any, the user messages a framework feeds results back as
    (smolagents: "Observation: ...")."""
    results = sum(1 for m in messages if m.get("role") == "tool")
    return results or sum(1 for m in messages if _is_observation(m))


def _is_observation(message: Mapping[str, Any]) -> bool:
    if message.get("role") != "user":
        return False
    content = message.get("content")
    parts = content if isinstance(content, list) else [{"text": content}]
    return any(isinstance(p, Mapping) and str(p.get("text") or "").startswith("Observation:") for p in parts)


def scripted_model(scenario: str) -> Callable[[Mapping[str, Any]], Mapping[str, Any]]:
    """The fake model of ``scenario``: a tool call per round for ``STEPS`` rounds, then an answer."""
    call_for = _CALLS[scenario]

    def reply(request: Mapping[str, Any]) -> Mapping[str, Any]:
        rounds = tool_rounds(list(request.get("messages") or []))
        if rounds >= STEPS or not request.get("tools"):
            return {"content": f"Done after {rounds} tool calls."}
        name, arguments = call_for(rounds)
        return {"content": None, "tool_calls": [{"name": name, "arguments": arguments}]}

    return reply


class Tools:
    """The tools, with the state a real backend would have (the job advances per poll)."""

    def __init__(self) -> None:
        self._polls = 0

    def search(self, query: str) -> str:
        return f"No results found for {query!r}."

    def get_job_status(self, job_id: str) -> str:
        status = POLL_STATUSES[min(self._polls, len(POLL_STATUSES) - 1)]
        self._polls += 1
        return f"job {job_id}: {status}"

    def open_page(self, page: str) -> str:
        return f"Page {page}: see also page {'B' if page == 'A' else 'A'}."

    def call(self, name: str, arguments: Mapping[str, Any]) -> str:
        tool: Callable[..., str] = getattr(self, name)
        return tool(**arguments)
