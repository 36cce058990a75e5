"""Sessions across traces: a hand-written loop traced only at the client is still one session.

Client-only instrumentations (OpenLLMetry, OpenInference or OpenLIT on the ``openai`` client, the
``anthropic`` SDK's own tracing, ``opentelemetry-instrumentation-openai-v2``) make one trace per
model call when the application opens no span around its loop: eight calls, eight traces. A
trace whose root is a model call (its LLM span has no parent) is therefore put into a session
by, in order:

1. its conversation id (``gen_ai.conversation.id``, ``session.id`` and the platform keys the
   mapper reads): every call carrying the same id is one session;
2. else its conversation history, which every chat call re-sends in its input messages: the
   system prompt's first ``SYSTEM_PREFIX_CHARS`` characters plus the first user message. A call
   whose history holds no assistant or tool message *opens* a conversation: it starts a new
   session even when an earlier conversation opened with the same words (a job re-run hourly
   is one session per run, not one forever);
3. else (content not captured, no id) its own trace, as before.

The session gets a 32-hex-digit id derived from the key (``session_trace_id``), which the
pipeline, the REST API (``/v1/sessions/{id}``) and the metrics use as they use a trace id.
Traces with an agent, workflow or tool span, or a model call with a parent, are never merged:
their trace is the run.

Limits (documented in the README): two conversations that open with the same words and run
*at the same time* interleave into one session; a conversation whose first call was not seen
(collector restarted, or the history was truncated by the application) continues in a new
session; with content capture off and no conversation id, each call stays its own session.
Log events (``mapping.logs``) carry no parent: a trace first seen through them is taken as
client-only when they carry a history (``opentelemetry-instrumentation-openai-v2`` in its default
mode puts it there), and its spans then follow it into that session. When the events of an agent
run arrive before any of its spans, the run is therefore one session named by its history
rather than by its trace id.

Thread-safety: as ``SpanMapper`` (one per event loop). Memory: bounded to ``max_traces`` traces
and as many conversation keys, least recently used forgotten.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from loopwatch_collector.mapping.recognise import is_llm
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import first_text, indexed, items, loads, mapping, text

# Enough of a system prompt to tell agents apart, short enough that a prompt carrying today's
# date or a request id at its end does not split one conversation into several.
SYSTEM_PREFIX_CHARS = 256
# Same size as a trace id (16 bytes, 32 hex digits), so a session id fits wherever one goes.
_SESSION_ID_BYTES = 16
_OPENING_ROLES: Final = frozenset({"system", "user", "developer"})


@dataclass(frozen=True, slots=True, kw_only=True)
class Placement:
    """Where a trace's spans go. ``client_only``: the trace is one model call (its root), so no
    tool span can follow it in the trace."""

    session_id: str
    client_only: bool = False


class SessionKeys:
    """Which session a trace's spans belong to; see the module docstring for the rule."""

    def __init__(self, *, conversation_keys: Sequence[str], max_traces: int) -> None:
        self._conversation_keys = tuple(conversation_keys)
        self._max = max_traces
        self._sessions: OrderedDict[str, str] = OrderedDict()  # trace id -> session id
        self._structured: OrderedDict[str, None] = OrderedDict()  # traces that are a run
        self._generations: OrderedDict[str, int] = OrderedDict()  # history key -> conversation no.

    def place(self, trace_id: str, spans: Sequence[SpanView]) -> Placement:
        """The session for ``spans`` of ``trace_id`` (``trace_id`` itself unless merged)."""
        known = self._sessions.get(trace_id)
        if known is not None:
            return Placement(session_id=known, client_only=True)
        if trace_id in self._structured:
            return Placement(session_id=trace_id)
        shown = [s for s in spans if not s.from_logs]
        # A second report of the root's model call (a provider SDK's own span inside OpenLLMetry's
        # or OpenInference's, ``same_call``) is no model call inside another span.
        calls = {s.span_id for s in shown if is_llm(s)}
        roots = [s for s in spans if not s.parent_span_id]
        if not roots and shown and all(s.span_id in calls and s.parent_span_id not in calls for s in shown):
            # Model calls whose parent is not here yet (the inner report of a call, exported
            # before its outer one): undecided until the parent shows what the trace is.
            return Placement(session_id=trace_id)
        # A root that is no model call (agent, workflow, tool), or a model call inside another span.
        if any(
            (s.span_id in calls) == bool(s.parent_span_id) and s.parent_span_id not in calls for s in shown
        ):
            _put(self._structured, trace_id, None, self._max)
            return Placement(session_id=trace_id)
        if not roots:
            return Placement(session_id=trace_id)
        session = self._key(roots)
        if session is None:
            return Placement(session_id=trace_id, client_only=True)
        _put(self._sessions, trace_id, session, self._max)
        return Placement(session_id=session, client_only=True)

    def _key(self, roots: Sequence[SpanView]) -> str | None:
        for span in roots:
            conversation = first_text(span.attributes, *self._conversation_keys)
            if conversation is not None:
                return session_trace_id(f"conversation\x00{conversation}")
        for span in roots:
            history = input_messages(span.attributes)
            first_user = next((t for role, t in history if role == "user" and t), None)
            if first_user is None:
                continue  # no captured user text: nothing to tell conversations apart by
            system = "".join(t for role, t in history if role in ("system", "developer"))
            key = f"history\x00{system[:SYSTEM_PREFIX_CHARS]}\x00{first_user}"
            opening = all(role in _OPENING_ROLES for role, _ in history)
            generation = self._generations.get(key, 0) + (1 if opening else 0)
            _put(self._generations, key, max(generation, 1), self._max)
            return session_trace_id(f"{key}\x00{max(generation, 1)}")
        return None


def session_trace_id(key: str) -> str:
    """A stable 32-hex-digit id for a session ``key``."""
    digest = hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=_SESSION_ID_BYTES)
    return digest.hexdigest()


def input_messages(attrs: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(role, text) of a model call's input: semconv, OpenInference or legacy OpenLLMetry form."""
    found: list[tuple[str, str]] = []
    for instruction in items(loads(attrs.get("gen_ai.system_instructions"))):
        found.append(("system", text(mapping(instruction).get("content")) or ""))
    for message in items(loads(attrs.get("gen_ai.input.messages"))):
        message = mapping(message)
        parts = [text(mapping(p).get("content")) or "" for p in items(message.get("parts"))]
        found.append((text(message.get("role")) or "", "\n".join(parts)))
    for message in indexed(attrs, "llm.input_messages"):
        found.append((text(message.get("message.role")) or "", text(message.get("message.content")) or ""))
    for prompt in indexed(attrs, "gen_ai.prompt"):
        found.append((text(prompt.get("role")) or "", text(prompt.get("content")) or ""))
    return found


def _put(memory: OrderedDict[str, Any], key: str, value: Any, limit: int) -> None:
    memory.pop(key, None)
    memory[key] = value
    while len(memory) > limit:
        memory.popitem(last=False)
