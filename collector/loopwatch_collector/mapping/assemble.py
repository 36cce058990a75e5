"""Spans in, per-trace event streams out: the span mapper.

``SpanMapper.map`` groups a batch's spans by trace, orders each trace's spans by start time and
turns them into events:

- an LLM span with captured output -> a ``Step`` (assistant text, requested tool calls, usage),
  preceded by the ``ToolResult`` s fed back in its input for calls still awaiting a result;
- an LLM span without captured output -> a text-less final ``Step`` when its finish reason says
  it answered, nothing when it stopped for tools (the tool spans make the step then; when the
  next model call comes first, no span recorded the calls: one ``unknown`` call with an
  unknown result stands for them);
- a tool span whose call an LLM step carried -> its ``ToolResult``;
- other tool spans (tool-only instrumentations, content off) -> a synthesised ``Step`` holding
  the call (parallel tool spans of one parent that overlap in time share one step), then the
  ``ToolResult``;
- a tool span whose parent (in the same batch) is a tool span of the same tool -> nothing: one
  execution instrumented twice (a framework's span around an MCP client span, OpenInference
  plus OpenLLMetry on one LangChain app). Across batches only call ids and event ids dedupe.
- model-call spans that report one call (a provider SDK's own span beside a framework's or
  OpenLLMetry's, :mod:`same_call`) -> one step, from the report with content; across batches
  the report that made the step first keeps it, and a content-free answer exported before its
  parent waits for the parent (a second report takes it over) or the next model call.
- a ``loopwatch.user_message`` span event (the SDK's turn boundary, on the ``invoke_agent``
  span) -> a ``UserMessage``, placed among the batch's events by time. The agent span is
  exported when the run ends, so its turn boundaries fall in place when the run's spans arrive
  in one batch (a short run under the OTel batch processor); arriving after the steps they
  precede, they still count turns but can no longer reset per-turn detectors in time.

Content not captured: arguments -> ``ToolCall.create(arguments=None)`` (the fingerprint is the
tool name); a result (absent, redacted, or a call still unanswered when the next model call
starts) -> ``results.unknown_result``, unique to the call, so that "the same result again" is
never claimed from nothing (repeats are then judged on names, errors and budgets only); an
error -> its ``error.type``. A result recorded as a message envelope (LangChain ``ToolMessage``)
counts by its content (:mod:`results`); when the content cannot be read from it, the result fed
to the next model call is used.

Content recorded outside the attributes the families read is brought into them first: span
events (:mod:`span_events`) and Google ADK's own attributes (:mod:`adk`); the span's own
attributes win.

Context (agent, conversation): ``mapping/trace_context.py``.

Thread-safety: one mapper per event loop; ``map`` mutates the per-trace memory, bounded to
``max_traces`` traces (least recently used forgotten) of at most ``_CALL_MEMORY`` call ids each.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from loopwatch.events import Event, Step, ToolCall, ToolResult, TraceContext, Usage, UserMessage
from loopwatch.fingerprint import canonical_arguments
from loopwatch.wire import ids
from loopwatch_collector.mapping import loopwatch_sdk, openinference
from loopwatch_collector.mapping.adk import with_adk_content
from loopwatch_collector.mapping.cli_logs import CliSessions
from loopwatch_collector.mapping.logs import PartialCalls
from loopwatch_collector.mapping.lone_reports import LoneReports
from loopwatch_collector.mapping.memo import TraceMemo, adopt, bound_pending, remember, take_pending
from loopwatch_collector.mapping.model import UNKNOWN, LlmSpan, RequestedCall, ToolSpan
from loopwatch_collector.mapping.recognise import llm_of, requests_tools, tool_of
from loopwatch_collector.mapping.results import (
    ENVELOPE,
    captured,
    is_redacted,
    result_content,
    unknown_result,
)
from loopwatch_collector.mapping.same_call import one_report_per_call
from loopwatch_collector.mapping.sessions import SessionKeys
from loopwatch_collector.mapping.span_events import with_event_content
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.trace_context import CONVERSATION_KEYS, UNKNOWN_AGENT, learn_context
from loopwatch_collector.mapping.values import MAX_CONTENT_CHARS, as_arguments, text

# Traces remembered between batches (agent, conversation, calls awaiting results). A trace
# forgotten early only loses the link between its later tool spans and earlier LLM steps.
DEFAULT_MAX_TRACES = 10_000
UNKNOWN_TOOL = "unknown"
# The semconv finish-reason attribute: its instrumentations may put a call's content in log events.
_SEMCONV_FINISH = "gen_ai.response.finish_reasons"


@dataclass(frozen=True, slots=True, kw_only=True)
class MappedTrace:
    """One session's share of a batch: its context, its events in order, its spans.

    ``context.trace_id`` is the session's id: the trace id, or for client-only traces merged
    into one session (:mod:`sessions`) the session id; ``spans`` are (trace id, span id) pairs;
    ``context.step_span`` is the model call's span of the trace's last step so far, when a
    model call made it (verdict spans are parented to it).
    """

    context: TraceContext
    events: tuple[Event, ...]
    spans: tuple[tuple[str, str], ...]
    ignored: int = 0  # spans with no agent meaning (HTTP, DB, agent/workflow wrappers, ...)

    @property
    def aliases(self) -> tuple[str, ...]:
        """The trace ids folded into the session (``context.trace_id``), in order: each names
        it on the read paths (``store.base.SessionStore.alias``)."""
        folded = dict.fromkeys(trace_id for trace_id, _ in self.spans if trace_id != self.context.trace_id)
        return tuple(folded)


@dataclass(slots=True)
class _Group:
    """Tool spans waiting to become one synthesised step."""

    calls: list[ToolCall] = field(default_factory=list)
    results: list[ToolResult] = field(default_factory=list)
    parent: str = ""
    start_ns: int = 0
    end_ns: int = 0


class SpanMapper:
    """Maps batches of spans to per-trace events; see the module docstring for the rules."""

    def __init__(self, *, capture_content: bool = True, max_traces: int = DEFAULT_MAX_TRACES) -> None:
        if max_traces < 1:
            raise ValueError("mapping.max_traces must be >= 1")
        self.capture_content = capture_content
        self._max_traces = max_traces
        self._memos: OrderedDict[str, TraceMemo] = OrderedDict()
        self._partial_calls = PartialCalls(max_traces)
        self._sessions = SessionKeys(conversation_keys=CONVERSATION_KEYS, max_traces=max_traces)
        self._lone = LoneReports()
        #: The coding-agent CLIs' own log events (``cli_logs``), mapped beside the GenAI ones.
        self.cli = CliSessions(capture_content=capture_content, max_sessions=max_traces)

    def map(self, spans: Iterable[SpanView]) -> list[MappedTrace]:
        """Events per session, sessions in order of first appearance. Never raises on any span."""
        by_trace: dict[str, list[SpanView]] = {}
        # Content recorded outside the attributes the families read: span events, ADK's own keys.
        read = [with_adk_content(with_event_content(span)) for span in spans]
        for span in [*self._lone.release(), *self._partial_calls.complete(read)]:
            by_trace.setdefault(span.trace_id, []).append(span)
        lone_twins = self._lone.sort(by_trace)  # a provider SDK's report of a call in its own trace
        by_session: dict[str, list[SpanView]] = {}
        placed: dict[str, str] = {}
        client_only: set[str] = set()
        for trace_id, trace_spans in by_trace.items():
            if trace_id in lone_twins:
                continue
            placement = self._sessions.place(trace_id, trace_spans)
            placed[trace_id] = placement.session_id
            if placement.session_id != trace_id and (alone := self._memos.pop(trace_id, None)) is not None:
                adopt(self._memo(placement.session_id), alone)  # seen alone first, now folded
            by_session.setdefault(placement.session_id, []).extend(trace_spans)
            if placement.client_only:
                client_only.update(s.span_id for s in trace_spans if not s.parent_span_id)
        for trace_id, twin in lone_twins.items():  # into the session of its twin, as one call
            by_session.setdefault(placed[twin], []).extend(by_trace[trace_id])
        return [self._map_trace(session_id, found, client_only) for session_id, found in by_session.items()]

    @property
    def held(self) -> int:
        """Lone reports held for the next batch (``lone_reports.py``): map an empty batch to
        release them."""
        return len(self._lone)

    def forget(self, trace_id: str) -> None:
        """Drop what is remembered of ``trace_id`` (idempotent)."""
        self._memos.pop(trace_id, None)

    def _memo(self, trace_id: str) -> TraceMemo:
        memo = self._memos.pop(trace_id, None) or TraceMemo()
        self._memos[trace_id] = memo
        while len(self._memos) > self._max_traces:
            self._memos.popitem(last=False)
        return memo

    def _map_trace(self, trace_id: str, spans: list[SpanView], client_only: set[str]) -> MappedTrace:
        memo = self._memo(trace_id)
        # By start time; on a tie the longer span (the parent) first.
        spans.sort(key=lambda s: (s.start_ns, -s.end_ns, s.span_id))
        learn_context(memo, spans)
        tools: dict[str, ToolSpan] = {}
        llms: dict[str, LlmSpan] = {}
        for span in spans:
            tool = tool_of(span)
            if tool is not None:
                tools[span.span_id] = tool
            elif (llm := llm_of(span)) is not None:
                llms[span.span_id] = llm
        second_reports = one_report_per_call(memo, spans, llms)  # one step per model call
        batch = {span.span_id for span in spans}
        events: list[Event] = []
        group = _Group()
        ignored = 0
        tool_names: dict[str, str] = {}  # span id -> tool name, for this batch
        user_messages: list[UserMessage] = []
        step_spans: dict[str, tuple[str, str]] = {}  # step event id -> its model call's span
        for span in spans:
            if span.events:
                user_messages.extend(loopwatch_sdk.user_messages(span))
            tool = tools.get(span.span_id)
            if tool is not None:
                tool_names[span.span_id] = tool.name
                if tool_names.get(span.parent_span_id) == tool.name:
                    ignored += 1  # the same execution instrumented twice (framework + MCP, ...)
                    continue
                group = self._tool_events(memo, span, tool, group, events)
                continue
            llm = llms.get(span.span_id)
            if llm is None or span.span_id in memo.covered or span.span_id in second_reports:
                ignored += 1  # (or a model call already made a step from its span, logs or twin)
                continue
            _flush(group, events)
            group = _Group()
            orphan = bool(span.parent_span_id) and span.parent_span_id not in batch
            made = self._llm_events(memo, span, llm, root=span.span_id in client_only, orphan=orphan)
            steps = [e for e in made if isinstance(e, Step)]
            if steps:  # the last one is this call's (a silent earlier call's may precede it)
                step_spans[steps[-1].event_id] = (span.trace_id, span.span_id)
            events.extend(made)
        _flush(group, events)
        if memo.answer is not None and memo.answer[0].parent_span_id in batch:
            events.extend(self._waited_answer(memo))  # its parent came and was no second report
        if user_messages:
            events = _merge_by_time(events, user_messages)
        last_step = next((e for e in reversed(events) if isinstance(e, Step)), None)
        if last_step is not None:
            memo.step_span = step_spans.get(last_step.event_id)
        context = TraceContext(
            trace_id=trace_id,
            agent=memo.agent or memo.service or UNKNOWN_AGENT,
            conversation_id=memo.conversation_id,
            step_span=memo.step_span,
        )
        return MappedTrace(
            context=context,
            events=tuple(events),
            spans=tuple((s.trace_id, s.span_id) for s in spans),
            ignored=ignored,
        )

    def _tool_events(
        self, memo: TraceMemo, span: SpanView, tool: ToolSpan, group: _Group, events: list[Event]
    ) -> _Group:
        memo.silent = None
        call_id = tool.call_id or take_pending(memo, tool.name)
        if call_id is not None and call_id in memo.carried:
            _flush(group, events)
            if result_content(tool.result) is not ENVELOPE or call_id not in memo.awaiting:
                events.append(self._result(span, tool, call_id))
                memo.awaiting.pop(call_id, None)
            return _Group()
        call_id = call_id or ids.span_call_id(span.span_id)
        if group.calls and (span.parent_span_id != group.parent or span.start_ns >= group.end_ns):
            _flush(group, events)
            group = _Group()
        if not group.calls:
            group.parent, group.start_ns = span.parent_span_id, span.start_ns
        group.end_ns = max(group.end_ns, span.end_ns)
        group.calls.append(self._call(span, tool, call_id))
        group.results.append(self._result(span, tool, call_id))
        return group

    def _call(self, span: SpanView, tool: ToolSpan, call_id: str) -> ToolCall:
        found = captured(tool.arguments)
        arguments = None if found is UNKNOWN else as_arguments(found)
        fingerprint = loopwatch_sdk.call_fingerprint(span)
        if fingerprint is not None:
            keep = arguments is not None and self.capture_content
            canonical = canonical_arguments(arguments) if keep else None
            shape = loopwatch_sdk.call_shape(span)
            return ToolCall(
                id=call_id, name=tool.name, fingerprint=fingerprint, shape=shape, arguments=canonical
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
            # will make the step, if any come. When the call is its trace's root (client-only
            # tracing) no tool span can, and only a semconv span's calls may come as log events.
            if root and not span.from_logs and not (requests_tools(llm) and _may_log_content(span)):
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


def _flush(group: _Group, events: list[Event]) -> None:
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


def _merge_by_time(events: list[Event], messages: list[UserMessage]) -> list[Event]:
    """``events`` with each user message before the first event not older than it."""
    messages.sort(key=lambda m: m.time_unix_ns)
    merged: list[Event] = []
    pending = iter(messages)
    message = next(pending, None)
    for event in events:
        while message is not None and message.time_unix_ns <= event.time_unix_ns:
            merged.append(message)
            message = next(pending, None)
        merged.append(event)
    if message is not None:
        merged.append(message)
        merged.extend(pending)
    return merged


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
