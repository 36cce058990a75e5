"""What identifies one model-call span, remembered between batches (``memo.TraceMemo.calls``)
and compared by ``same_call`` to recognise a second report of one call. Pure data."""

from __future__ import annotations

from dataclasses import dataclass

from loopwatch_collector.mapping.model import LlmSpan
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import first_text

_RESPONSE_ID_KEYS = ("gen_ai.response.id",)
# Request model first: what the application asked for, the same in every instrumentation.
_MODEL_KEYS = ("gen_ai.request.model", "gen_ai.response.model", "llm.model_name", "gen_ai.model")


@dataclass(frozen=True, slots=True, kw_only=True)
class CallMark:
    """What identifies one model-call span: ids, time, scope, model and what it reported."""

    trace_id: str
    span_id: str
    parent_span_id: str
    scope: str
    start_ns: int
    end_ns: int
    response_id: str | None
    models: frozenset[str]
    output_tokens: int
    output: tuple[str | None, tuple[str, ...]] | None  # (text, requested tool names) if captured

    @classmethod
    def of(cls, span: SpanView, llm: LlmSpan) -> CallMark:
        attrs = span.attributes
        models = frozenset(m for key in _MODEL_KEYS if (m := first_text(attrs, key)) is not None)
        output = (llm.text, tuple(c.name for c in llm.calls)) if llm.output_known else None
        return cls(
            trace_id=span.trace_id,
            span_id=span.span_id,
            parent_span_id=span.parent_span_id,
            scope=span.scope,
            start_ns=span.start_ns,
            end_ns=span.end_ns,
            response_id=first_text(attrs, *_RESPONSE_ID_KEYS),
            models=models,
            output_tokens=max(0, llm.output_tokens),
            output=output,
        )
