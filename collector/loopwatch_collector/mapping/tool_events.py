"""Tool spans to events, the ``SpanMapper``'s share for them (the rules: ``assemble``).

A tool span whose call an LLM step carried becomes that call's ``ToolResult``, unless it would
only be a placeholder (no result captured, or an envelope without content, and no error): the
call then keeps awaiting the result fed back in the next model call's input, which the
instrumentation of the model calls may record (AutoGen's result-less ``execute_tool`` spans
beside OpenLLMetry's ``openai.chat``), and gets the unknown result only when that call's step
comes without it (``llm_events``). Other tool spans (tool-only instrumentations, content off)
are gathered into a ``ToolGroup`` (parallel spans of one parent that overlap in time share it)
that ``flush_group`` turns into one synthesised ``Step`` followed by the results; the group's
parent is remembered (``TraceMemo.tool_parents``: a model call that is that parent made its
step through them). ``ToolEvents`` mutates the trace's ``TraceMemo``; one mapper per event loop.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.fingerprint import canonical_arguments, mutating_call, waiting_call
from loopwatch.wire import ids
from loopwatch_collector.mapping import loopwatch_sdk
from loopwatch_collector.mapping.memo import TraceMemo, remember, take_pending
from loopwatch_collector.mapping.model import UNKNOWN, ToolSpan
from loopwatch_collector.mapping.results import captured, is_placeholder, result_content, unknown_result
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import as_arguments


@dataclass(slots=True)
class ToolGroup:
    """Tool spans waiting to become one synthesised step."""

    calls: list[ToolCall] = field(default_factory=list)
    results: list[ToolResult] = field(default_factory=list)
    parent: str = ""
    start_ns: int = 0
    end_ns: int = 0


class ToolEvents:
    """The events of tool spans; mixed into ``SpanMapper``, which sets ``capture_content``."""

    capture_content: bool

    def _tool_events(
        self, memo: TraceMemo, span: SpanView, tool: ToolSpan, group: ToolGroup, events: list[Event]
    ) -> ToolGroup:
        memo.silent = None
        call_id = tool.call_id or take_pending(memo, tool.name)
        if call_id is not None and call_id in memo.carried:
            flush_group(group, events)
            result = self._result(span, tool, call_id)
            if call_id not in memo.awaiting or not is_placeholder(result):
                events.append(result)
                memo.awaiting.pop(call_id, None)
            return ToolGroup()
        call_id = call_id or ids.span_call_id(span.span_id)
        if group.calls and (span.parent_span_id != group.parent or span.start_ns >= group.end_ns):
            flush_group(group, events)
            group = ToolGroup()
        if not group.calls:
            group.parent, group.start_ns = span.parent_span_id, span.start_ns
            remember(memo.tool_parents, span.parent_span_id)
        group.end_ns = max(group.end_ns, span.end_ns)
        group.calls.append(self._call(span, tool, call_id))
        group.results.append(self._result(span, tool, call_id))
        return group

    def _call(self, span: SpanView, tool: ToolSpan, call_id: str) -> ToolCall:
        found = captured(tool.arguments)
        arguments = None if found is UNKNOWN else as_arguments(found)
        fingerprint = loopwatch_sdk.call_fingerprint(span)
        if fingerprint is not None:
            canonical = canonical_arguments(arguments) if arguments is not None else None
            shape = loopwatch_sdk.call_shape(span)
            return ToolCall(
                id=call_id,
                name=tool.name,
                fingerprint=fingerprint,
                shape=shape,
                mutates=mutating_call(tool.name, canonical),
                waits=waiting_call(tool.name, canonical),
                arguments=canonical if self.capture_content else None,
            )
        return ToolCall.create(
            id=call_id,
            name=tool.name,
            arguments=arguments,
            capture_content=self.capture_content and arguments is not None,
        )

    def _result(self, span: SpanView, tool: ToolSpan, call_id: str) -> ToolResult:
        from_sdk = loopwatch_sdk.tool_result(span, tool, call_id, capture_content=self.capture_content)
        if from_sdk is not None:
            return from_sdk
        content = result_content(tool.result)
        if not isinstance(content, str):
            if not tool.is_error:
                return unknown_result(call_id, time_unix_ns=span.end_ns)
            content = tool.error_type or "error"
            keep = False
        else:
            keep = self.capture_content
        return ToolResult.create(
            event_id=ids.result_id(call_id),
            call_id=call_id,
            content=content,
            is_error=tool.is_error,
            error_type=tool.error_type,
            time_unix_ns=span.end_ns,
            capture_content=keep,
        )


def flush_group(group: ToolGroup, events: list[Event]) -> None:
    if not group.calls:
        return
    events.append(
        Step.create(
            event_id=ids.step_id(group.calls[0].id, ""),
            text=None,
            tool_calls=tuple(group.calls),
            time_unix_ns=group.start_ns,
        )
    )
    events.extend(group.results)
    group.calls, group.results = [], []
