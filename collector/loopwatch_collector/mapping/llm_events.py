"""LLM spans to events, the ``SpanMapper``'s share for them (the rules: ``assemble``).

An LLM span with captured output makes a ``Step`` (text, requested calls, usage), preceded by the
``ToolResult`` s fed back in its input for calls still awaiting one; without captured output, a
text-less final ``Step`` when it answered, or nothing when it stopped for tools (the tool spans,
or the call's log events, make the step then; when none can, ``_unrecorded_step``). A
content-free answer whose parent is not in the batch yet waits in the memo (``memo.answer``).
``LlmEvents`` mutates the trace's ``TraceMemo``; one mapper per event loop.
"""

from __future__ import annotations

from dataclasses import replace

from loopwatch.events import Event, Step, ToolCall, ToolResult, Usage
from loopwatch.wire import ids
from loopwatch_collector.mapping import loopwatch_sdk, openinference
from loopwatch_collector.mapping.memo import TraceMemo, bound_pending, remember
from loopwatch_collector.mapping.model import UNKNOWN, LlmSpan, RequestedCall
from loopwatch_collector.mapping.recognise import requests_tools
from loopwatch_collector.mapping.results import captured, is_redacted, result_content, unknown_result
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import MAX_CONTENT_CHARS, as_arguments, text

UNKNOWN_TOOL = "unknown"
# The semconv finish-reason attribute: its instrumentations may put a call's content in log events.
_SEMCONV_FINISH = "gen_ai.response.finish_reasons"


class LlmEvents:
    """The events of LLM spans; mixed into ``SpanMapper``, which sets ``capture_content``."""

    capture_content: bool

    def _waited_answer(self, memo: TraceMemo) -> list[Event]:
        """The step of the content-free answer ``memo.answer`` (now known to be no twin's)."""
        if memo.answer is None:
            return []
        span, llm = memo.answer
        memo.answer = None
        return self._llm_events(memo, span, llm, root=False, orphan=False)

    def _llm_events(
        self, memo: TraceMemo, span: SpanView, llm: LlmSpan, *, root: bool, orphan: bool
    ) -> list[Event]:
        """``orphan``: the span's parent is not in its batch (not seen yet)."""
        events: list[Event] = self._waited_answer(memo)  # an earlier answer comes first
        if memo.silent is not None and memo.silent[0] == span.span_id:
            memo.silent = None  # its log events arrived after the span: they make its step
        if memo.silent is not None:
            events.extend(_unrecorded_step(*memo.silent))
            memo.silent = None
        for fed in llm.fed_results:
            if fed.call_id in memo.awaiting:
                del memo.awaiting[fed.call_id]
                content = result_content(fed.content)
                if not isinstance(content, str):
                    events.append(unknown_result(fed.call_id, time_unix_ns=span.start_ns))
                    continue
                events.append(
                    ToolResult.create(
                        event_id=ids.result_id(fed.call_id),
                        call_id=fed.call_id,
                        content=content,
                        time_unix_ns=span.start_ns,
                        capture_content=self.capture_content,
                    )
                )
        sdk_id = loopwatch_sdk.event_id(span)
        calls = loopwatch_sdk.step_calls(span, llm.calls, capture_content=self.capture_content)
        if calls is None:
            calls = tuple(self._requested(span, call, index) for index, call in enumerate(llm.calls))
        answered = llm.finish_reason is not None and not requests_tools(llm)
        if orphan and answered and not (llm.output_known or calls or sdk_id or span.from_logs):
            memo.answer = (span, llm)  # maybe the inner report of a call: wait for its parent
            return events
        if not (llm.output_known or calls or sdk_id or answered):
            # Stopped for tools (or unknown), content off: tool spans or the call's log events
            # will make the step, if any come; its own child tool spans may have made it
            # already. When the call is its trace's root (client-only tracing) no tool span
            # can, and only a semconv span's calls may come as log events.
            if span.span_id in memo.tool_parents:
                remember(memo.covered, span.span_id)
            elif root and not span.from_logs and not (requests_tools(llm) and _may_log_content(span)):
                events.extend(_unrecorded_step(span.span_id, span.end_ns))
                remember(memo.covered, span.span_id)
            elif requests_tools(llm):
                memo.silent = (span.span_id, span.end_ns)
            return events
        # Calls still unanswered when the model answers again got no result that was
        # recorded: unknown, never "missing" (two missing results would compare equal).
        for call_id in memo.awaiting:
            events.append(unknown_result(call_id, time_unix_ns=span.start_ns))
        memo.awaiting.clear()
        remember(memo.covered, span.span_id)
        # From logs: the span's id, as for the span itself when it arrives first (counted once).
        first_call = calls[0].id if calls and not span.from_logs else None
        usage = Usage(input_tokens=max(0, llm.input_tokens), output_tokens=max(0, llm.output_tokens))
        text_out = None if not llm.text or is_redacted(llm.text) else llm.text[:MAX_CONTENT_CHARS]
        step = Step.create(
            event_id=sdk_id or ids.step_id(first_call, span.span_id),
            text=text_out,
            tool_calls=calls,
            usage=usage,
            finish_reason=llm.finish_reason,
            time_unix_ns=span.end_ns,
            capture_content=self.capture_content,
        )
        if step.sketch is None:
            sketch = loopwatch_sdk.sketch(span)
            if sketch is not None:
                step = replace(step, sketch=sketch, refers_to_calls=loopwatch_sdk.refers_to_calls(span))
        events.append(step)
        for call in calls:
            remember(memo.carried, call.id)
            remember(memo.awaiting, call.id)
            memo.pending.setdefault(call.name, []).append(call.id)
        bound_pending(memo)
        return events

    def _requested(self, span: SpanView, call: RequestedCall, index: int) -> ToolCall:
        arguments = captured(call.arguments)
        return ToolCall.create(
            id=call.id or ids.span_call_id(span.span_id, index),
            name=call.name,
            arguments=None if arguments is UNKNOWN else as_arguments(arguments),
            capture_content=self.capture_content and arguments is not UNKNOWN,
        )


def _unrecorded_step(span_id: str, end_ns: int) -> tuple[Step, ToolResult]:
    """The step of a model call whose tool calls no span recorded: one call of an unknown tool
    with an unknown result, so the step counts (budgets, steps) and never looks repeated."""
    call = ToolCall.create(id=ids.span_call_id(span_id, 0), name=UNKNOWN_TOOL, arguments=None)
    step = Step.create(
        event_id=ids.step_id(None, span_id), text=None, tool_calls=(call,), time_unix_ns=end_ns
    )
    return step, unknown_result(call.id, time_unix_ns=end_ns)


def _may_log_content(span: SpanView) -> bool:
    """Whether a content-free model call's content may come as log events: the contrib GenAI
    instrumentations, which name their spans by the conventions (``chat {model}``) and set the
    semconv finish reasons, may; OpenLLMetry (``openai.chat``), OpenInference and the
    ``anthropic`` SDK (``anthropic.messages.create``) never do."""
    attrs = span.attributes
    operation = text(attrs.get("gen_ai.operation.name"))
    named = operation is not None and span.name.startswith(f"{operation} ")
    return named and _SEMCONV_FINISH in attrs and not openinference.is_llm(attrs)
