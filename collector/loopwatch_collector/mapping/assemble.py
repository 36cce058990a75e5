"""Spans in, per-trace event streams out: the span mapper.

``SpanMapper.map`` groups a batch's spans by trace, orders each trace's spans by start time and
turns them into events:

- an LLM span with captured output -> a ``Step`` (assistant text, requested tool calls, usage),
  preceded by the ``ToolResult`` s fed back in its input for calls still awaiting a result;
- an LLM span without captured output -> a text-less final ``Step`` when its finish reason says
  it answered, nothing when it stopped for tools (the tool spans make the step then, or made it
  already when they are its children: the Vercel AI SDK runs tools inside the model call's
  span; when the next model call comes first, no span recorded the calls: one ``unknown`` call
  with an unknown result stands for them);
- a tool span whose call an LLM step carried -> its ``ToolResult``; when the span captured no
  result, the result fed back in the next model call's input for its call id (AutoGen's
  ``execute_tool`` beside OpenLLMetry), or an unknown one when that call's step comes without;
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

Context (agent, conversation): ``mapping/trace_context.py``. The events of tool spans:
``tool_events.py``; of LLM spans: ``llm_events.py`` (both mixed into ``SpanMapper``).

Thread-safety: one mapper per event loop; ``map`` mutates the per-trace memory, bounded to
``max_traces`` traces (least recently used forgotten) of at most ``_CALL_MEMORY`` call ids each.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

from loopwatch.events import Event, Step, TraceContext, UserMessage
from loopwatch_collector.mapping import loopwatch_sdk
from loopwatch_collector.mapping.adk import with_adk_content
from loopwatch_collector.mapping.cli_logs import CliSessions
from loopwatch_collector.mapping.llm_events import LlmEvents
from loopwatch_collector.mapping.logs import PartialCalls
from loopwatch_collector.mapping.lone_reports import LoneReports
from loopwatch_collector.mapping.memo import TraceMemo, adopt
from loopwatch_collector.mapping.model import LlmSpan, ToolSpan
from loopwatch_collector.mapping.recognise import llm_of, tool_of
from loopwatch_collector.mapping.same_call import one_report_per_call
from loopwatch_collector.mapping.sessions import SessionKeys
from loopwatch_collector.mapping.span_events import with_event_content
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.tool_events import ToolEvents, ToolGroup, flush_group
from loopwatch_collector.mapping.trace_context import CONVERSATION_KEYS, UNKNOWN_AGENT, learn_context

# Traces remembered between batches (agent, conversation, calls awaiting results). A trace
# forgotten early only loses the link between its later tool spans and earlier LLM steps.
DEFAULT_MAX_TRACES = 10_000


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


class SpanMapper(ToolEvents, LlmEvents):
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
        group = ToolGroup()
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
            flush_group(group, events)
            group = ToolGroup()
            orphan = bool(span.parent_span_id) and span.parent_span_id not in batch
            made = self._llm_events(memo, span, llm, root=span.span_id in client_only, orphan=orphan)
            steps = [e for e in made if isinstance(e, Step)]
            if steps:  # the last one is this call's (a silent earlier call's may precede it)
                step_spans[steps[-1].event_id] = (span.trace_id, span.span_id)
            events.extend(made)
        flush_group(group, events)
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
