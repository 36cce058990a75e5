"""Coding-agent CLIs' own log events (Claude Code, Codex) -> loopwatch sessions and events.

A user who only turned the CLI's telemetry on (no hooks) gets the same sessions the hooks give
(``loopwatch.hooks.mapping``): the CLI session (Claude Code's ``session.id``, Codex's
``conversation.id``) is one session, named alike (``trace_context``: the UUID's hex digits), with
agent ``claude-code`` or ``codex``; a Claude Code subagent (``agent_id``) is its own session in
the same conversation. Per session, in the order the CLI logged them:

- a prompt -> ``UserMessage`` (a new turn; its text only when the CLI logged it);
- a tool result -> a ``Step`` holding that one call (event id ``call:<call id>``) and its
  ``ToolResult`` (``result:<call id>``): the hooks' ids, so a call both report counts once. A
  refused call (the user, a rule or a hook said no) is a failed result;
- a model call's tokens ride on the next step the session makes: the next tool call's, or the
  answer's (Claude Code logs the answer; for Codex, a model call with no tool call after it in
  the same export request is the answer).

What the events lack is unknown, never invented: without the call's arguments (Claude Code
logs ``tool_input`` only with ``OTEL_LOG_TOOL_DETAILS=1``) the call is fingerprinted by its tool
name and its result is ``results.unknown_result`` (so "the same call again with the same result"
is never claimed from names alone); a successful Claude Code call's output is never logged, so
its result is unknown too. Content follows the mapper's ``capture_content`` (privacy mode keeps
fingerprints only), and the tenant's content rule applies after, as for every OTLP event.

Hooks and telemetry for one session: hooks report each call before it runs, telemetry seconds
later in batches, so the hooks' events come first and the telemetry's tool steps are the same
events, dropped as re-sends; the hooks carry no tokens. Prompts have no id both share, and a
telemetry step arriving while a hook's call runs would end that call's step before its result.
So once Claude Code's telemetry shows a ``PreToolUse`` or ``UserPromptSubmit`` hook in a session
(registered at start-up or running), telemetry adds its tokens only, and only at the end of a
turn: prompts are dropped, tool steps carry no tokens (they are the hooks' steps, or when the
hooks are not loopwatch's, the session's steps), and the answer's step carries every model
call's tokens of the turn. Codex logs no hook events: see ``docs/coding-agents.md``.

Bounded: records are bounded by the request size; per tenant at most ``max_sessions`` sessions
are remembered (least recently used forgotten: their pending tokens are lost), and the last
``_SEEN_KEYS`` record keys, for dropping re-sent records. Not thread-safe: owned by one
``SpanMapper``. Never raises on any ``ExportLogsServiceRequest`` protobuf can parse.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass

from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.logs.v1.logs_pb2 import LogRecord

from loopwatch.events import Event, Step, ToolCall, ToolResult, TraceContext, Usage, UserMessage
from loopwatch.fingerprint import digest
from loopwatch.hooks.mapping import HookCall, HookKind, trace_context
from loopwatch_collector.mapping import claude_code_logs, codex_logs
from loopwatch_collector.mapping.cli_record import CliKind, CliRecord
from loopwatch_collector.mapping.results import unknown_result
from loopwatch_collector.mapping.spans import any_value, attributes
from loopwatch_collector.mapping.values import as_arguments, text

# Record keys remembered (per tenant, all sessions) to drop re-sent records: an exporter retries
# a request within seconds, and a CLI logs a few records per tool call; ~100 bytes each.
_SEEN_KEYS = 100_000
# CLIs whose answers are log events; for the others a model call with no tool call after it
# in its request is taken as the answer.
_ANSWER_LOGGED = frozenset({claude_code_logs.AGENT})
_CLAUDE_SCOPE = "com.anthropic.claude_code.events"
_CLAUDE_BODY = "claude_code."


@dataclass(frozen=True, slots=True, kw_only=True)
class CliTrace:
    """One CLI session's share of a logs request: its context, its events, its records."""

    context: TraceContext
    events: tuple[Event, ...]
    records: int  # log records of this session in the request (what the request counts)


@dataclass(slots=True)
class _Session:
    input_tokens: int = 0  # of model calls whose step has not come yet
    output_tokens: int = 0
    last_call: str = ""  # key of the last model call still waiting for its step
    hooks: bool = False  # the CLI runs prompt or tool hooks in this session

    def take_usage(self) -> Usage | None:
        if not (self.input_tokens or self.output_tokens):
            return None
        usage = Usage(input_tokens=self.input_tokens, output_tokens=self.output_tokens)
        self.input_tokens = self.output_tokens = 0
        self.last_call = ""
        return usage


class CliSessions:
    """Maps the CLI log events of a tenant's logs requests; see the module docstring."""

    def __init__(self, *, capture_content: bool = True, max_sessions: int) -> None:
        if max_sessions < 1:
            raise ValueError("mapping.max_traces must be >= 1")
        self.capture_content = capture_content
        self._max = max_sessions
        self._sessions: OrderedDict[str, _Session] = OrderedDict()
        self._seen: OrderedDict[tuple[str, str], None] = OrderedDict()  # (session, record key)

    def map(self, request: ExportLogsServiceRequest) -> list[CliTrace]:
        """Events per CLI session of ``request``, sessions in order of first appearance."""
        found: dict[str, tuple[TraceContext, list[Event], list[int]]] = {}
        for record in records_of(request):
            context = trace_context(
                HookCall(
                    agent=record.agent,
                    event_name="",
                    kind=HookKind.OTHER,
                    session_id=record.session_id,
                    event_key=record.key,
                    subagent_id=record.subagent_id,
                )
            )
            _, events, count = found.setdefault(context.trace_id, (context, [], [0]))
            count[0] += 1
            seen = (context.trace_id, record.key)
            if seen in self._seen:
                continue
            self._seen[seen] = None
            if len(self._seen) > _SEEN_KEYS:
                self._seen.popitem(last=False)
            events.extend(self._events(self._session(context.trace_id), record))
        for trace_id, (context, events, _) in found.items():
            held = self._sessions.get(trace_id)
            if held is not None and context.agent not in _ANSWER_LOGGED and not held.hooks:
                events.extend(self._answer(held, held.last_call, None))
        return [
            CliTrace(context=context, events=tuple(events), records=count[0])
            for context, events, count in found.values()
        ]

    def _session(self, trace_id: str) -> _Session:
        session = self._sessions.pop(trace_id, None) or _Session()
        self._sessions[trace_id] = session
        while len(self._sessions) > self._max:
            self._sessions.popitem(last=False)
        return session

    def _events(self, session: _Session, record: CliRecord) -> list[Event]:
        if record.kind is CliKind.HOOKS:
            session.hooks = True
            return []
        if record.kind is CliKind.MODEL_CALL:
            session.input_tokens += record.input_tokens
            session.output_tokens += record.output_tokens
            session.last_call = record.key
            return []
        if record.kind is CliKind.TOOL_RESULT:
            return self._tool(session, record)
        if record.kind is CliKind.ANSWER:
            return self._answer(session, record.key, record)
        if session.hooks:
            return []  # the hooks report the turns; a telemetry prompt could cut a call off
        earlier = [] if record.agent in _ANSWER_LOGGED else self._answer(session, session.last_call, None)
        message = UserMessage.create(
            event_id=f"prompt:otel:{digest(record.key)}",
            text=record.text or "",
            time_unix_ns=record.time_unix_ns,
        )
        return [*earlier, message]

    def _tool(self, session: _Session, record: CliRecord) -> list[Event]:
        call_id = record.call_id or ""
        known = record.arguments is not None
        call = ToolCall.create(
            id=call_id,
            name=record.tool_name,
            arguments=as_arguments(record.arguments) if known else None,
            capture_content=self.capture_content and known,
        )
        started = max(0, record.time_unix_ns - record.duration_ns)
        step = Step.create(
            event_id=f"call:{call_id}",
            text=None,
            tool_calls=(call,),
            usage=None if session.hooks else session.take_usage(),  # with hooks: on the answer
            time_unix_ns=started,
            capture_content=self.capture_content,
        )
        result: ToolResult
        if known and record.output is not None:
            result = ToolResult.create(
                event_id=f"result:{call_id}",
                call_id=call_id,
                content=record.output,
                is_error=record.failed,
                error_type=record.error_type,
                time_unix_ns=record.time_unix_ns,
                capture_content=self.capture_content,
            )
        else:
            result = unknown_result(
                call_id,
                time_unix_ns=record.time_unix_ns,
                is_error=record.failed,
                error_type=record.error_type,
            )
        return [step, result]

    def _answer(self, session: _Session, key: str, record: CliRecord | None) -> list[Event]:
        """The answer's step: ``record`` (Claude Code) or the last model call's tokens alone."""
        usage = session.take_usage()
        if record is None and usage is None:
            return []
        said = record.text if record is not None else None
        return [
            Step.create(
                event_id=f"answer:otel:{digest(key)}",
                text=said,
                usage=usage,
                finish_reason="stop",
                time_unix_ns=record.time_unix_ns if record is not None else 0,
                capture_content=self.capture_content,
            )
        ]


def records_of(request: ExportLogsServiceRequest) -> Iterator[CliRecord]:
    """The Claude Code and Codex log events of ``request``, in order."""
    for resource_logs in request.resource_logs:
        service = text(attributes(resource_logs.resource.attributes).get("service.name")) or ""
        for scope_logs in resource_logs.scope_logs:
            claude_scope = scope_logs.scope.name == _CLAUDE_SCOPE or service == claude_code_logs.AGENT
            for log in scope_logs.log_records:
                # Decided before the attributes are decoded: most log records are no CLI's.
                codex = _event_name(log).startswith(codex_logs.PREFIX)
                if not (codex or claude_scope or log.body.string_value.startswith(_CLAUDE_BODY)):
                    continue
                attrs = attributes(log.attributes)
                time_ns = int(log.time_unix_nano or log.observed_time_unix_nano)
                name = text(attrs.get("event.name"))
                if codex:
                    record = codex_logs.record_of(name, attrs, time_ns)
                else:
                    record = claude_code_logs.record_of(name, any_value(log.body), attrs, time_ns)
                if record is not None:
                    yield record


def _event_name(log: LogRecord) -> str:
    """The ``event.name`` attribute's string ("" without one), read without decoding the rest."""
    for pair in log.attributes:
        if pair.key == "event.name":
            return str(pair.value.string_value)
    return ""
