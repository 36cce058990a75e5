"""The span mapper: OTLP spans from any GenAI instrumentation -> loopwatch events per trace.

Recognised families (one module each): OTel GenAI semantic conventions (:mod:`genai`),
OpenInference, OpenLLMetry/Traceloop, OpenLIT, pydantic-ai, MCP, LangSmith/Langfuse
(:mod:`platforms`), the Vercel AI SDK's ``ai.*`` spans (:mod:`vercel_ai`) and loopwatch's own SDK.
:mod:`recognise` holds the precedence,
:mod:`assemble` the per-trace assembly (its memory in :mod:`memo`), :mod:`results` what counts
as a result's content (envelopes, redaction, unknown results), :mod:`logs` the GenAI log events
rebuilt as model-call views, :mod:`cli_logs` the coding-agent CLIs' own log events (Claude Code,
Codex) as their sessions' events, :mod:`sessions` the sessions of client-only traces; the event-id
rule is the SDK's (``loopwatch.wire.ids``).
"""

from __future__ import annotations

from loopwatch_collector.mapping.assemble import DEFAULT_MAX_TRACES, MappedTrace, SpanMapper
from loopwatch_collector.mapping.spans import SpanView, id_problem, span_view_from_proto

__all__ = [
    "DEFAULT_MAX_TRACES",
    "MappedTrace",
    "SpanMapper",
    "SpanView",
    "id_problem",
    "span_view_from_proto",
]
