"""LangChain / LangGraph: a callback handler that records and guards, plus a pre-model hook.

Usage with a ``create_react_agent``-style graph (one handler per invocation; the graph is
built once)::

    from loopwatch.integrations.langchain import LoopwatchCallbackHandler, pre_model_hook

    agent = create_react_agent(model, tools, pre_model_hook=pre_model_hook)
    handler = LoopwatchCallbackHandler(lw)
    agent.invoke({"messages": [...]}, config={"callbacks": [handler]})

What happens where:

- the handler records the run (``invoke_agent``), every chat model call (``chat``, with the
  requested tool calls) and every tool execution (``execute_tool``);
- ``on_tool_start`` asks ``before_tool_call``: a call that must not run raises
  ``LoopDetected`` out of ``invoke`` (the handler sets ``raise_error``; LangChain's own
  "Error in ... callback" warning for that deliberate stop is filtered out, so it does not read
  as a crash);
- ``pre_model_hook`` runs after the tool node finished the batch, so it is the after-batch
  checkpoint: NUDGE and WITHDRAW_TOOLS add the verdict's message as a ``HumanMessage`` after
  the tool messages, a degenerate text is replaced by its trimmed form, HALT raises
  ``LoopDetected``. The tools stay bound after WITHDRAW_TOOLS (a callback cannot unbind them):
  the message asks for a final answer, and a tool call after it is halted before it runs.

The handler never breaks the agent because of its own trouble: anything but ``LoopDetected`` /
``GuardUnavailable`` raised inside it is logged once and swallowed.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.outputs import LLMResult
from langchain_core.runnables import RunnableConfig

from loopwatch._recorders import ChatSpan, ToolSpan
from loopwatch._run import AgentRun, Loopwatch
from loopwatch.events import ToolCall
from loopwatch.exceptions import GuardUnavailable, LoopDetected
from loopwatch.integrations._common import as_text, warn_once
from loopwatch.verdict import Action

__all__ = ["LoopwatchCallbackHandler", "pre_model_hook"]

F = TypeVar("F", bound=Callable[..., Any])

# LangChain logs "Error in <handler>.<event> callback: <exc>" at WARNING for every exception a
# handler raises, even with ``raise_error = True``. A LoopDetected is the guard's decision,
# raised on purpose and re-raised out of ``invoke``; logged like that it reads as a crash.
_LANGCHAIN_CALLBACK_LOGGER = "langchain_core.callbacks.manager"


class _HideLoopDecisions(logging.Filter):
    """Drops LangChain's callback-error record when it is this handler's ``LoopDetected``.

    Every other record (another handler's error, a ``GuardUnavailable`` in fail-closed mode)
    passes unchanged.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args if isinstance(record.args, tuple) else ()
        return not (
            len(args) == 3
            and record.msg == "Error in %s.%s callback: %s"
            and args[0] == LoopwatchCallbackHandler.__name__
            and str(args[2]).startswith(f"{LoopDetected.__name__}(")
        )


def _install_log_filter() -> None:
    """Installs ``_HideLoopDecisions`` on LangChain's callback logger once per process."""
    target = logging.getLogger(_LANGCHAIN_CALLBACK_LOGGER)
    if not any(isinstance(f, _HideLoopDecisions) for f in target.filters):
        target.addFilter(_HideLoopDecisions())


def _safe(method: F) -> F:
    """Let guard decisions through; log and swallow the handler's own failures."""

    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except (LoopDetected, GuardUnavailable):
            raise
        except Exception as exc:  # noqa: BLE001 - instrumentation must never break the agent
            warn_once(f"langchain.{method.__name__}", "loopwatch: %s failed: %r", method.__name__, exc)
            return None

    return cast(F, wrapper)


class LoopwatchCallbackHandler(BaseCallbackHandler):
    """Records one agent invocation and guards its tool calls; see the module docstring."""

    raise_error = True  # LoopDetected must stop the graph, not be logged by LangChain
    run_inline = True  # keep event order in async graphs (no executor hop)

    def __init__(self, lw: Loopwatch, *, conversation_id: str | None = None) -> None:
        _install_log_filter()
        self.lw = lw
        self.conversation_id = conversation_id
        self.run: AgentRun | None = None
        self._root: UUID | None = None
        self._chats: dict[UUID, ChatSpan] = {}
        self._tools: dict[UUID, ToolSpan] = {}
        self._batch_open = False
        self.halted: LoopDetected | None = None

    # -- run ------------------------------------------------------------------------------------

    @_safe
    def on_chain_start(
        self,
        serialized: dict[str, Any] | None,
        inputs: Any,
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        **kwargs: Any,
    ) -> None:
        if parent_run_id is None and self.run is None:
            self._root = run_id
            self.halted = None  # a handler reused for a new invocation starts afresh
            self._batch_open = False
            self._ensure_run()

    @_safe
    def on_chain_end(self, outputs: Any, *, run_id: UUID, **kwargs: Any) -> None:
        if run_id == self._root:
            self._end_run(None)

    @_safe
    def on_chain_error(self, error: BaseException, *, run_id: UUID, **kwargs: Any) -> None:
        if run_id == self._root:
            self._end_run(error)

    # -- model ----------------------------------------------------------------------------------

    @_safe
    def on_chat_model_start(
        self,
        serialized: dict[str, Any] | None,
        messages: list[list[BaseMessage]],
        *,
        run_id: UUID,
        **kwargs: Any,
    ) -> None:
        run = self._ensure_run()
        self._chats[run_id] = run.start_chat(_model_name(serialized, kwargs))

    @_safe
    def on_llm_end(self, response: LLMResult, *, run_id: UUID, **kwargs: Any) -> None:
        chat = self._chats.pop(run_id, None)
        if chat is None:
            return
        generations = response.generations[0] if response.generations else []
        message = getattr(generations[0], "message", None) if generations else None
        calls = [
            {"id": c.get("id"), "name": c.get("name"), "arguments": c.get("args")}
            for c in getattr(message, "tool_calls", None) or []
        ]
        usage = getattr(message, "usage_metadata", None) or {}
        chat.record(
            text=_content_text(getattr(message, "content", None)),
            tool_calls=calls,
            finish_reason="tool_calls" if calls else "stop",
            input_tokens=usage.get("input_tokens"),
            output_tokens=usage.get("output_tokens"),
        )
        chat.end()
        self._batch_open = bool(calls)

    @_safe
    def on_llm_error(self, error: BaseException, *, run_id: UUID, **kwargs: Any) -> None:
        chat = self._chats.pop(run_id, None)
        if chat is not None:
            chat.end(error)

    # -- tools ----------------------------------------------------------------------------------

    @_safe
    def on_tool_start(
        self,
        serialized: dict[str, Any] | None,
        input_str: str,
        *,
        run_id: UUID,
        inputs: dict[str, Any] | None = None,
        tool_call_id: str | None = None,
        **kwargs: Any,
    ) -> None:
        run = self._ensure_run()
        call = run.find_call(tool_call_id) if tool_call_id else None
        if call is None:
            name = str((serialized or {}).get("name") or kwargs.get("name") or "unknown")
            call = ToolCall.create(
                id=tool_call_id or str(run_id),
                name=name,
                arguments=inputs if inputs is not None else input_str,
                capture_content=run.capture_content,
            )
        try:
            run.before_tool_call(call)
        except LoopDetected as exc:
            self.halted = exc  # re-raised by pre_model_hook if a ToolNode swallows it
            raise
        self._tools[run_id] = run.start_tool(call)

    @_safe
    def on_tool_end(self, output: Any, *, run_id: UUID, **kwargs: Any) -> None:
        execution = self._tools.pop(run_id, None)
        if execution is None:
            return
        content = getattr(output, "content", output)
        failed = getattr(output, "status", "success") == "error"
        execution.set_result(as_text(content), is_error=failed, error_type="tool_error" if failed else None)
        execution.finish()

    @_safe
    def on_tool_error(self, error: BaseException, *, run_id: UUID, **kwargs: Any) -> None:
        execution = self._tools.pop(run_id, None)
        if execution is not None:
            execution.fail(error)
            execution.finish()

    # -- the after-batch checkpoint ---------------------------------------------------------------

    def checkpoint(self, messages: Sequence[BaseMessage]) -> list[BaseMessage]:
        """Messages to add before the next model call (``pre_model_hook`` calls this)."""
        if self.halted is not None:
            raise self.halted
        if not self._batch_open or self.run is None:
            return []
        self._batch_open = False
        verdict = self.run.after_batch()  # raises LoopDetected on HALT
        updates: list[BaseMessage] = []
        trimmed = verdict.finding.trimmed_text if verdict.finding is not None else None
        if trimmed is not None:
            last_ai = next((m for m in reversed(messages) if isinstance(m, AIMessage)), None)
            if last_ai is not None and last_ai.id is not None:
                updates.append(last_ai.model_copy(update={"content": trimmed}))
        if verdict.action in (Action.NUDGE, Action.WITHDRAW_TOOLS) and verdict.message:
            updates.append(HumanMessage(content=verdict.message))
        return updates

    # -- internals ------------------------------------------------------------------------------

    def _ensure_run(self) -> AgentRun:
        if self.run is None:
            self.run = self.lw.run(conversation_id=self.conversation_id).start()
        return self.run

    def _end_run(self, error: BaseException | None) -> None:
        run, self.run = self.run, None
        if run is not None:
            for chat in self._chats.values():
                chat.end(error)
            self._chats.clear()
            run.end(error)


def pre_model_hook(state: Any, config: RunnableConfig) -> dict[str, Any]:
    """``create_react_agent(..., pre_model_hook=pre_model_hook)``: the after-batch checkpoint.

    Finds the ``LoopwatchCallbackHandler`` among the invocation's callbacks; without one it
    changes nothing.
    """
    handler = _find_handler(config)
    if handler is None:
        return {"messages": []}
    messages = state.get("messages", []) if isinstance(state, Mapping) else getattr(state, "messages", [])
    return {"messages": handler.checkpoint(messages)}


def _find_handler(config: RunnableConfig) -> LoopwatchCallbackHandler | None:
    callbacks: Any = config.get("callbacks")
    handlers = getattr(callbacks, "handlers", callbacks) or []
    for handler in handlers:
        if isinstance(handler, LoopwatchCallbackHandler):
            return handler
    return None


def _model_name(serialized: Mapping[str, Any] | None, kwargs: Mapping[str, Any]) -> str:
    params = kwargs.get("invocation_params") or {}
    metadata = kwargs.get("metadata") or {}
    for value in (
        params.get("model"),
        params.get("model_name"),
        metadata.get("ls_model_name"),
        params.get("_type"),
        (serialized or {}).get("name"),
    ):
        if isinstance(value, str) and value:
            return value
    return "unknown"


def _content_text(content: Any) -> str | None:
    if content is None or isinstance(content, str):
        return content or None
    parts = [
        p if isinstance(p, str) else str(p.get("text") or "")
        for p in content
        if isinstance(p, str) or (isinstance(p, Mapping) and p.get("type") == "text")
    ]
    return "\n".join(parts) or None
