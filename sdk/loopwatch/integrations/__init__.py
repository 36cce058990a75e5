"""Adapters between loopwatch and the APIs and frameworks agents are built with.

- ``openai_messages``: OpenAI chat-completions and Responses tool loops.
- ``anthropic_messages``: Anthropic Messages tool loops.
- ``langchain``: a callback handler for LangChain / LangGraph agents.
- ``openai_agents``: run hooks for the OpenAI Agents SDK.

Each adapter imports its framework lazily, so importing loopwatch never requires them.
"""

from __future__ import annotations

__all__: list[str] = []
