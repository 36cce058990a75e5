"""Instrumenting one agent run: spans per the GenAI conventions, events for the guard.

``Loopwatch`` holds the configuration (tracer, guard, agent name, content capture); each
``Loopwatch.run()`` is one agent run = one trace = one guard session. Inside a run the agent
records each model response (``run.chat(model)`` -> ``ChatSpan.record``), wraps each tool
execution (``run.tool(call)``, which first asks ``before_tool_call``) and asks ``after_batch()``
when the batch's last result is in. Recording never raises into the agent; only the guard's
HALT (``LoopDetected``) and a fail-closed guard (``GuardUnavailable``) do.

Threading: a run may be used from one thread or task at a time, except ``run.tool`` which may
be entered from several threads for a parallel batch.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import replace
from types import TracebackType
from typing import Any

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.trace import Span, SpanKind, Status, StatusCode, TracerProvider

from loopwatch._call_ids import RunCallIds
from loopwatch._recorders import ChatSpan, ToolSpan, span_id
from loopwatch.events import Step, ToolCall, ToolResult, UserMessage
from loopwatch.exceptions import LoopDetected
from loopwatch.guard import Guard, GuardSession, add_verdict_event
from loopwatch.sketch import collapse_repetition, find_repetition
from loopwatch.verdict import Action, Verdict
from loopwatch.wire import attributes as attrs
from loopwatch.wire import ids

logger = logging.getLogger(__name__)

_TRACER_NAME = "loopwatch"
_CONTINUE = Verdict(action=Action.CONTINUE, step=0)
_DEGENERATE = "degenerate_text"  # the detector whose finding carries a trimmed text


class Loopwatch:
    """Configuration shared by the runs of one agent. Cheap; no globals are touched.

    Args:
        agent: agent name (``gen_ai.agent.name``, the collector's per-agent label).
        guard: the guard asked at checkpoints; ``None`` records spans only.
        tracer_provider: where spans go; default the global provider (a no-op unless set).
        capture_content: record text, arguments and results (default off: privacy mode).
        provider_name: ``gen_ai.provider.name`` for chat spans (``openai``, ``anthropic``...).
    """

    def __init__(
        self,
        *,
        agent: str = "agent",
        guard: Guard | None = None,
        tracer_provider: TracerProvider | None = None,
        capture_content: bool = False,
        provider_name: str | None = None,
    ) -> None:
        if not agent:
            raise ValueError("agent must be a non-empty name")
        self.agent = agent
        self.guard = guard
        self.capture_content = capture_content
        self.provider_name = provider_name
        self.tracer_provider = tracer_provider
        provider = tracer_provider or trace.get_tracer_provider()
        self.tracer = provider.get_tracer(_TRACER_NAME)
        self._owned_provider: Any = None

    def run(self, *, conversation_id: str | None = None) -> AgentRun:
        """A new agent run (not started: use it as a ``with`` / ``async with`` block)."""
        return AgentRun(self, conversation_id=conversation_id)

    def shutdown(self) -> None:
        """Close the guard and flush/shut down a provider created by ``init``. Idempotent."""
        if self.guard is not None:
            self.guard.close()
        provider, self._owned_provider = self._owned_provider, None
        if provider is not None:
            provider.shutdown()


class AgentRun:
    """One agent run: the ``invoke_agent`` span, its trace id and its guard session."""

    def __init__(self, owner: Loopwatch, *, conversation_id: str | None = None) -> None:
        self.owner = owner
        self.conversation_id = conversation_id
        self.capture_content = owner.capture_content
        self.last_step: Step | None = None
        self.last_verdict: Verdict = _CONTINUE
        self.guard_session: GuardSession | None = None
        self._span: Span = trace.INVALID_SPAN
        self._token: object | None = None
        self._lock = threading.Lock()
        self._user_messages = 0
        self._last_text: str | None = None  # raw text of the last step, never exported
        self._call_ids = RunCallIds()
        self.trace_id = ""

    # -- lifecycle ----------------------------------------------------------------------------

    def start(self) -> AgentRun:
        """Open the ``invoke_agent`` span and the guard session (``with`` does this)."""
        agent = self.owner.agent
        attributes: dict[str, attrs.AttributeValue] = {
            attrs.GEN_AI_OPERATION_NAME: "invoke_agent",
            attrs.GEN_AI_AGENT_NAME: agent,
        }
        if self.conversation_id:
            attributes[attrs.GEN_AI_CONVERSATION_ID] = self.conversation_id
        self._span = self.owner.tracer.start_span(
            f"invoke_agent {agent}", kind=SpanKind.INTERNAL, attributes=attributes
        )
        ctx = self._span.get_span_context()
        self.trace_id = f"{ctx.trace_id:032x}" if ctx.is_valid else uuid.uuid4().hex
        if self.owner.guard is not None:
            self.guard_session = self.owner.guard.session(
                trace_id=self.trace_id, agent=agent, conversation_id=self.conversation_id
            )
            self.guard_session.verdict_span_events = False  # ``_note`` records them on the run span
        return self

    def end(self, exc: BaseException | None = None) -> None:
        """End the run's span, recording ``exc`` (a halt, an agent error) when given."""
        if exc is not None:
            self._span.set_status(Status(StatusCode.ERROR, str(exc)[:200]))
            self._span.set_attribute(attrs.ERROR_TYPE, type(exc).__qualname__)
        self._span.end()

    def __enter__(self) -> AgentRun:
        self.start()
        self._token = otel_context.attach(trace.set_span_in_context(self._span))
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._token is not None:
            otel_context.detach(self._token)  # type: ignore[arg-type]
            self._token = None
        self.end(exc)

    async def __aenter__(self) -> AgentRun:
        return self.__enter__()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.__exit__(exc_type, exc, tb)

    # -- recording ----------------------------------------------------------------------------

    @property
    def tools_withdrawn(self) -> bool:
        """True after a WITHDRAW_TOOLS verdict: send the next request without tools."""
        return self.last_verdict.action is Action.WITHDRAW_TOOLS

    def user_message(self, text: str) -> None:
        """Record a new user turn (repetition is counted per turn)."""
        with self._lock:
            self._user_messages += 1
            event_id = ids.user_message_id(span_id(self._span), self._user_messages)
        event = UserMessage.create(event_id=event_id, text=text, time_unix_ns=time.time_ns())
        self._span.add_event(
            attrs.USER_MESSAGE_EVENT, attrs.user_message_attributes(event), timestamp=event.time_unix_ns
        )
        if self.guard_session is not None:
            self.guard_session.add(event)

    @contextmanager
    def chat(self, model: str, *, provider: str | None = None) -> Iterator[ChatSpan]:
        """Wrap one model call: a ``chat {model}`` span; call ``.record(...)`` with the response."""
        recorder = self.start_chat(model, provider=provider)
        try:
            with trace.use_span(recorder.span, end_on_exit=False, record_exception=False):
                yield recorder
        except BaseException as exc:
            recorder.end(exc)
            raise
        recorder.end()

    def start_chat(self, model: str, *, provider: str | None = None) -> ChatSpan:
        """Open a ``chat`` span without making it current (for callback-style frameworks);
        ``record`` the response, then ``end()`` it."""
        return ChatSpan(self, self._start_chat_span(model, provider))

    def record_step(
        self,
        model: str,
        *,
        text: str | None = None,
        tool_calls: Sequence[Mapping[str, Any]] = (),
        finish_reason: str | None = None,
        input_tokens: int | None = None,
        output_tokens: int | None = None,
        provider: str | None = None,
    ) -> Step:
        """Record a model response after the fact (a ``chat`` span of no duration)."""
        with self.chat(model, provider=provider) as chat:
            return chat.record(
                text=text,
                tool_calls=tool_calls,
                finish_reason=finish_reason,
                input_tokens=input_tokens,
                output_tokens=output_tokens,
            )

    @contextmanager
    def tool(self, call: ToolCall | str) -> Iterator[ToolSpan]:
        """Wrap one tool execution, after asking ``before_tool_call`` (may raise LoopDetected).

        ``call`` is a ``ToolCall`` of the last recorded step or its id. The body runs the tool
        and calls ``.set_result(...)``; an exception escaping it is recorded as a failed call
        and re-raised unchanged.
        """
        resolved = self._resolve(call)
        self.before_tool_call(resolved)
        with _executing(self.start_tool(resolved)) as execution:
            yield execution

    @asynccontextmanager
    async def atool(self, call: ToolCall | str) -> AsyncIterator[ToolSpan]:
        """``tool`` for asyncio code (the guard is asked without blocking the loop)."""
        resolved = self._resolve(call)
        await self.abefore_tool_call(resolved)
        with _executing(self.start_tool(resolved)) as execution:
            yield execution

    # -- checkpoints ----------------------------------------------------------------------------

    def before_tool_call(self, call: ToolCall) -> Verdict:
        """CONTINUE, or raises ``LoopDetected`` when ``call`` must not run."""
        session = self.guard_session
        if session is None:
            return _CONTINUE
        with self._lock:
            return self._checked(lambda: session.before_tool_call(call))

    def after_batch(self) -> Verdict:
        """The verdict after the batch's last tool result; raises ``LoopDetected`` on HALT."""
        session = self.guard_session
        if session is None:
            return _CONTINUE
        with self._lock:
            return self._checked(session.after_batch)

    async def abefore_tool_call(self, call: ToolCall) -> Verdict:
        session = self.guard_session
        if session is None:
            return _CONTINUE
        try:
            return self._note(await session.abefore_tool_call(call))
        except LoopDetected as exc:
            self._note(exc.verdict)
            raise

    async def aafter_batch(self) -> Verdict:
        session = self.guard_session
        if session is None:
            return _CONTINUE
        try:
            return self._note(await session.aafter_batch())
        except LoopDetected as exc:
            self._note(exc.verdict)
            raise

    # -- internals ----------------------------------------------------------------------------

    def _checked(self, ask: Any) -> Verdict:
        try:
            verdict: Verdict = ask()
        except LoopDetected as exc:
            self._note(exc.verdict)
            raise
        return self._note(verdict)

    def _note(self, verdict: Verdict) -> Verdict:
        verdict = self._with_local_trim(verdict)
        if verdict.intervenes:
            self.last_verdict = verdict
            add_verdict_event(self._span, verdict, content=self.capture_content)
        elif self.last_verdict.intervenes and verdict.step > self.last_verdict.step:
            self.last_verdict = verdict
        return verdict

    def _with_local_trim(self, verdict: Verdict) -> Verdict:
        """Trim a degenerate response from the full text kept in this process.

        In privacy mode the text never left the process, so the engine could flag the
        degenerate text but not trim it; a remote guard sends the text clipped (8 KB), so the
        collector's trim lacks what follows the clip. The local text is the whole response.
        """
        finding = verdict.finding
        text = self._last_text
        if finding is None or not text or finding.detector != _DEGENERATE or finding.tool_name is not None:
            return verdict
        repetition = find_repetition(text)
        if repetition is None:
            return verdict
        trimmed = replace(finding, trimmed_text=collapse_repetition(text, repetition))
        return replace(verdict, finding=trimmed)

    def _start_chat_span(self, model: str, provider: str | None) -> Span:
        attributes: dict[str, attrs.AttributeValue] = {
            attrs.GEN_AI_OPERATION_NAME: "chat",
            attrs.GEN_AI_REQUEST_MODEL: model,
            attrs.GEN_AI_AGENT_NAME: self.owner.agent,
        }
        provider = provider or self.owner.provider_name
        if provider:
            attributes[attrs.GEN_AI_PROVIDER_NAME] = provider
        if self.conversation_id:
            attributes[attrs.GEN_AI_CONVERSATION_ID] = self.conversation_id
        parent = trace.set_span_in_context(self._span)
        return self.owner.tracer.start_span(
            f"chat {model}", context=parent, kind=SpanKind.CLIENT, attributes=attributes
        )

    def find_call(self, call_id: str) -> ToolCall | None:
        """The call with ``call_id`` (the provider's id) in the last recorded step, or None."""
        step = self.last_step
        wanted = self._call_ids.matches(call_id)
        for candidate in step.tool_calls if step else ():
            if candidate.id in wanted:
                return candidate
        return None

    def _unique_ids(self, calls: tuple[ToolCall, ...]) -> tuple[ToolCall, ...]:
        return self._call_ids.unique(calls)

    def _resolve(self, call: ToolCall | str) -> ToolCall:
        if isinstance(call, ToolCall):
            return call
        found = self.find_call(call)
        if found is None:
            raise ValueError(f"no tool call with id {call!r} in the last recorded step")
        return found

    def start_tool(self, call: ToolCall) -> ToolSpan:
        """Open an ``execute_tool`` span without asking the guard or making it current (for
        callback-style frameworks: call ``before_tool_call`` first); ``finish()`` it."""
        attributes: dict[str, attrs.AttributeValue] = {
            attrs.GEN_AI_OPERATION_NAME: "execute_tool",
            attrs.GEN_AI_TOOL_NAME: call.name,
            attrs.GEN_AI_TOOL_CALL_ID: call.id,
            attrs.GEN_AI_TOOL_TYPE: "function",
        }
        if self.conversation_id:
            attributes[attrs.GEN_AI_CONVERSATION_ID] = self.conversation_id
        span = self.owner.tracer.start_span(
            f"execute_tool {call.name}",
            context=trace.set_span_in_context(self._span),
            kind=SpanKind.INTERNAL,
            attributes=attributes,
        )
        return ToolSpan(self, call, span)

    def _add_event(
        self, event: Step | ToolResult, text: str | None = None, *, span_id: str | None = None
    ) -> None:
        """Record ``event`` for the guard; ``span_id``: the chat span of a step."""
        if isinstance(event, Step):
            self.last_step = event
            self._last_text = text
        if self.guard_session is not None:
            with self._lock:
                if isinstance(event, Step):
                    self.guard_session.step_span_id = span_id
                self.guard_session.add(event)


@contextmanager
def _executing(execution: ToolSpan) -> Iterator[ToolSpan]:
    """The body of ``tool``/``atool``: the span is current while the tool runs, an escaping
    exception is recorded as a failed call and re-raised unchanged, the span always ends."""
    try:
        with trace.use_span(execution.span, end_on_exit=False, record_exception=False):
            yield execution
    except BaseException as exc:
        execution.fail(exc)
        raise
    finally:
        execution.finish()
