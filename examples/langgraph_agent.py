"""A LangGraph ``create_react_agent`` guarded by loopwatch, driven by a fake chat model.

Needs the ``langgraph`` extra: ``pip install 'loopwatch[langgraph]'``
(from a clone: ``pip install -e 'sdk[langgraph]'``).

The fake model keeps calling ``search`` with the same query; it ignores the nudge but obeys
when loopwatch withdraws the tools (``stubborn=True`` makes it ignore that too, and loopwatch
halts the run before the next call executes). No API key, no network::

    python examples/langgraph_agent.py
    python examples/langgraph_agent.py --stubborn
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Sequence
from typing import Any

import loopwatch
from loopwatch import LoopDetected
from loopwatch.extras import needs_extra

with needs_extra("langgraph"):
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
    from langchain_core.outputs import ChatGeneration, ChatResult
    from langchain_core.tools import tool
    from langgraph.prebuilt import create_react_agent

    from loopwatch.integrations.langchain import LoopwatchCallbackHandler, pre_model_hook


class LoopingChatModel(BaseChatModel):
    """Calls ``search`` forever; answers once told that the tools are withdrawn (unless stubborn)."""

    stubborn: bool = False

    @property
    def _llm_type(self) -> str:
        return "looping-fake"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Any:
        return self.bind(tools=[getattr(t, "name", str(t)) for t in tools], **kwargs)

    def _generate(
        self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        withdrawn = any(
            "Tools are withdrawn" in str(m.content) for m in messages if isinstance(m, HumanMessage)
        )
        n = sum(isinstance(m, AIMessage) for m in messages)
        if withdrawn and not self.stubborn:
            message = AIMessage(
                content="I could not find the weather in Atlantis; the search returned nothing."
            )
        else:
            call = {"name": "search", "args": {"q": "weather in Atlantis"}, "id": f"call_{n}"}
            message = AIMessage(
                content="",
                tool_calls=[call],
                usage_metadata={"input_tokens": 50, "output_tokens": 8, "total_tokens": 58},
            )
        return ChatResult(generations=[ChatGeneration(message=message)])


@tool
def search(q: str) -> str:
    """Search the web."""
    return f"No results found for {q!r}."


def build_agent(stubborn: bool = False) -> Any:
    with warnings.catch_warnings():
        # LangGraph 1.x deprecates create_react_agent in favour of langchain.agents.create_agent;
        # it still ships and is what most agents in the field use.
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.filterwarnings("ignore", message=".*create_react_agent.*")
        return create_react_agent(
            LoopingChatModel(stubborn=stubborn), [search], pre_model_hook=pre_model_hook
        )


def main(argv: Sequence[str] = ()) -> int:
    stubborn = "--stubborn" in argv
    lw = loopwatch.init(agent="langgraph-example", export_spans=False)
    agent = build_agent(stubborn)
    handler = LoopwatchCallbackHandler(lw)
    try:
        result = agent.invoke(
            {"messages": [HumanMessage("What is the weather in Atlantis?")]},
            config={"callbacks": [handler], "recursion_limit": 50},
        )
    except LoopDetected as exc:
        print(f"halted by loopwatch at step {exc.verdict.step}: {exc}")
        return 1
    finally:
        lw.shutdown()
    for message in result["messages"]:
        if isinstance(message, HumanMessage) and str(message.content).startswith("[loopwatch]"):
            print(f"loopwatch said: {message.content}")
    print(f"final answer: {result['messages'][-1].content}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
