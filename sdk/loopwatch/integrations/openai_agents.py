"""OpenAI Agents SDK: run hooks that record and guard, plus the after-batch checkpoint.

The simplest use is ``run_guarded`` (or ``run_guarded_sync``), a drop-in for ``Runner.run``::

    result = await run_guarded(agent, "question", lw=lw)

It passes ``LoopwatchRunHooks`` as ``hooks`` and chains its ``call_model_input_filter`` into
the ``RunConfig``. What happens where:

- ``on_llm_start`` / ``on_llm_end``: a ``chat`` span per model turn, with the requested calls;
- ``on_tool_start``: ``before_tool_call``; a call that must not run stops the run with
  ``LoopDetected`` (the Agents SDK wraps hook errors in ``UserError``; ``run_guarded``
  re-raises the ``LoopDetected`` itself);
- ``on_tool_end``: the ``execute_tool`` span and the result's fingerprint;
- ``call_model_input_filter`` runs before every model call, i.e. after the batch's last tool
  output: the after-batch checkpoint. NUDGE / WITHDRAW_TOOLS append the verdict's message as a
  user item after the batch's last ``function_call_output``, and keep it there in every later
  call (the filter's edits are not persisted by the SDK); HALT raises ``LoopDetected``.
  Tools stay offered after WITHDRAW_TOOLS (hooks cannot change an agent's tools for one run):
  the message asks for a final answer, and a call after it is halted before it runs.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
from typing import Any

from agents import Agent, RunConfig, RunHooks, Runner
from agents.exceptions import UserError
from agents.items import ModelResponse
from agents.result import RunResult
from agents.run_config import CallModelData, ModelInputData

from loopwatch._recorders import ChatSpan, ToolSpan
from loopwatch._run import AgentRun, Loopwatch
from loopwatch.events import ToolCall
from loopwatch.exceptions import LoopDetected
from loopwatch.integrations._common import as_text, field
from loopwatch.verdict import Action

__all__ = ["LoopwatchRunHooks", "run_guarded", "run_guarded_sync"]


class LoopwatchRunHooks(RunHooks[Any]):
    """Records one ``Runner.run`` and guards its tool calls; see the module docstring.

    Use one instance per run; ``end()`` closes the run's span (``run_guarded`` does both).
    """

    def __init__(self, lw: Loopwatch, *, conversation_id: str | None = None) -> None:
        self.lw = lw
        self.run: AgentRun | None = lw.run(conversation_id=conversation_id).start()
        self.halted: LoopDetected | None = None
        self._chat: ChatSpan | None = None
        self._tools: dict[str, ToolSpan] = {}
        self._batch_open = False
        self._notes: list[tuple[str, dict[str, Any]]] = []  # (anchor call id, user item)

    def end(self, exc: BaseException | None = None) -> None:
        """End the run's ``invoke_agent`` span (idempotent)."""
        if self._chat is not None:
            self._chat.end(exc)
            self._chat = None
        run, self.run = self.run, None
        if run is not None:
            run.end(exc)

    def run_config(self, base: RunConfig | None = None) -> RunConfig:
        """``base`` (or a default ``RunConfig``) with this run's checkpoint chained in."""
        base = base or RunConfig()
        previous = base.call_model_input_filter

        async def chained(data: CallModelData[Any]) -> ModelInputData:
            if previous is not None:
                result = previous(data)
                data = dataclasses.replace(
                    data, model_data=await result if inspect.isawaitable(result) else result
                )
            return await self.call_model_input_filter(data)

        return dataclasses.replace(base, call_model_input_filter=chained)

    # -- the after-batch checkpoint -----------------------------------------------------------------

    async def call_model_input_filter(self, data: CallModelData[Any]) -> ModelInputData:
        """Before every model call: ask ``after_batch`` once per batch, re-insert notes.

        Asks the guard without blocking the event loop (``aafter_batch``)."""
        if self.halted is not None:
            raise self.halted
        items = list(data.model_data.input)
        if self._batch_open and self.run is not None:
            self._batch_open = False
            verdict = await self.run.aafter_batch()  # raises LoopDetected on HALT
            anchor = _last_output_id(items)
            if verdict.action in (Action.NUDGE, Action.WITHDRAW_TOOLS) and verdict.message and anchor:
                self._notes.append((anchor, {"role": "user", "content": verdict.message}))
        return ModelInputData(input=self._with_notes(items), instructions=data.model_data.instructions)

    def _with_notes(self, items: list[Any]) -> list[Any]:
        if not self._notes:
            return items
        out: list[Any] = []
        for item in items:
            out.append(item)
            if field(item, "type") == "function_call_output":
                out.extend(note for anchor, note in self._notes if anchor == field(item, "call_id"))
        return out

    # -- hooks ----------------------------------------------------------------------------------

    async def on_llm_start(
        self, context: Any, agent: Agent[Any], system_prompt: str | None, input_items: Any
    ) -> None:
        if self.run is not None:
            model = agent.model if isinstance(agent.model, str) else getattr(agent.model, "model", None)
            self._chat = self.run.start_chat(str(model or "unknown"), provider="openai")

    async def on_llm_end(self, context: Any, agent: Agent[Any], response: ModelResponse) -> None:
        chat, self._chat = self._chat, None
        if chat is None:
            return
        texts: list[str] = []
        calls = []
        for item in response.output:
            kind = field(item, "type")
            if kind == "function_call":
                calls.append(
                    {
                        "id": field(item, "call_id"),
                        "name": field(item, "name"),
                        "arguments": field(item, "arguments"),
                    }
                )
            elif kind == "message":
                texts.extend(
                    str(field(p, "text") or "") for p in field(item, "content") or [] if field(p, "text")
                )
        usage = response.usage
        chat.record(
            text="\n".join(texts) or None,
            tool_calls=calls,
            finish_reason="tool_calls" if calls else "stop",
            input_tokens=getattr(usage, "input_tokens", None),
            output_tokens=getattr(usage, "output_tokens", None),
        )
        chat.end()
        self._batch_open = bool(calls)

    async def on_tool_start(self, context: Any, agent: Agent[Any], tool: Any) -> None:
        if self.run is None:
            return
        call_id = getattr(context, "tool_call_id", None)
        call = self.run.find_call(call_id) if isinstance(call_id, str) else None
        if call is None:
            call = ToolCall.create(
                id=call_id if isinstance(call_id, str) else f"tool_{id(context)}",
                name=str(getattr(tool, "name", "unknown")),
                arguments=getattr(context, "tool_arguments", None),
                capture_content=self.run.capture_content,
            )
        try:
            await self.run.abefore_tool_call(call)
        except LoopDetected as exc:
            self.halted = exc
            raise
        self._tools[call.id] = self.run.start_tool(call)

    async def on_tool_end(self, context: Any, agent: Agent[Any], tool: Any, result: object) -> None:
        call_id = getattr(context, "tool_call_id", None)
        execution = self._tools.pop(call_id, None) if isinstance(call_id, str) else None
        if execution is not None:
            execution.set_result(as_text(result))
            execution.finish()


async def run_guarded(
    agent: Agent[Any],
    input: Any,  # noqa: A002 - Runner.run's name
    *,
    lw: Loopwatch,
    run_config: RunConfig | None = None,
    conversation_id: str | None = None,
    **kwargs: Any,
) -> RunResult:
    """``Runner.run`` guarded by loopwatch; raises ``LoopDetected`` when the run is halted."""
    hooks = LoopwatchRunHooks(lw, conversation_id=conversation_id)
    try:
        result = await Runner.run(
            agent, input, hooks=hooks, run_config=hooks.run_config(run_config), **kwargs
        )
    except UserError as exc:
        if hooks.halted is not None:
            hooks.end(hooks.halted)
            raise hooks.halted from exc
        hooks.end(exc)
        raise
    except BaseException as exc:
        hooks.end(exc)
        raise
    hooks.end()
    return result


def run_guarded_sync(agent: Agent[Any], input: Any, *, lw: Loopwatch, **kwargs: Any) -> RunResult:  # noqa: A002
    """``run_guarded`` for code without an event loop."""
    return asyncio.run(run_guarded(agent, input, lw=lw, **kwargs))


def _last_output_id(items: list[Any]) -> str | None:
    for item in reversed(items):
        if field(item, "type") == "function_call_output":
            value = field(item, "call_id")
            return value if isinstance(value, str) else None
    return None
