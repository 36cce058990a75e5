"""Lone reports: a model call's content-free report that is a trace of its own, held one batch.

The ``anthropic`` client traces each call in a trace of its own (a root span, metadata only, a
``gen_ai.response.id``), while OpenLLMetry or OpenInference on the same client report the same
call, with content, as the root of *another* trace. The SDK's span ends first, so with the
``SimpleSpanProcessor`` it arrives alone, one request before its twin. Mapped at once it would
make a step without content in a session of its own, and its twin a second step.

So a *lone report* (a trace whose only span in the batch is a root model call with a response
id and no captured output, not seen before) is held and mapped with the next batch of the same
mapper, where its twin (the same response id, another trace) usually is; there the two are one
call (``same_call``) in the twin's session, and the lone report's trace id names that session
(``MappedTrace.aliases``). A lone report whose twin is in its own batch goes straight to the
twin's session. One without a twin is mapped, one batch late, as before: the OTLP ingestor
sends an empty batch through the mapper a moment after a request that left reports held
(``receivers/ingest.py``), so a quiet tenant's last call is not held for long. Bounded: at most
``MAX_HELD`` spans are held (the oldest released first). Event-loop only, as the mapper.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from loopwatch_collector.mapping.recognise import llm_of
from loopwatch_collector.mapping.spans import SpanView
from loopwatch_collector.mapping.values import first_text

# Lone reports held at once: the model calls completing between two exports of one process.
MAX_HELD = 1024
_RESPONSE_ID = "gen_ai.response.id"


class LoneReports:
    """The held lone reports of one mapper; see the module docstring."""

    def __init__(self) -> None:
        self._held: list[SpanView] = []
        self._released: set[str] = set()  # span ids released into the current batch

    def __len__(self) -> int:
        return len(self._held)

    def release(self) -> list[SpanView]:
        """The held spans, to map with the current batch (never held again)."""
        held, self._held = self._held, []
        self._released = {span.span_id for span in held}
        return held

    def sort(self, by_trace: dict[str, list[SpanView]]) -> dict[str, str]:
        """Take the lone reports out of ``by_trace``: those whose twin (same response id) is in
        another trace of the batch are returned (lone trace id -> twin's trace id), the others
        are held for the next batch."""
        twins = _content_reports(by_trace)
        found: dict[str, str] = {}
        for trace_id, spans in list(by_trace.items()):
            response_id = _lone(spans)
            if response_id is None:
                continue
            twin = twins.get(response_id)
            if twin is not None and twin != trace_id:
                found[trace_id] = twin
            elif spans[0].span_id not in self._released:
                self._held.extend(by_trace.pop(trace_id))
        overflow = len(self._held) - MAX_HELD
        if overflow > 0:
            for span in self._held[:overflow]:  # the oldest are mapped now, twin or not
                by_trace.setdefault(span.trace_id, []).append(span)
            del self._held[:overflow]
        return found


def _lone(spans: Sequence[SpanView]) -> str | None:
    """The response id of ``spans`` when they are one content-free root model-call report."""
    if len(spans) != 1:
        return None
    span = spans[0]
    if span.parent_span_id or span.from_logs:
        return None
    response_id = first_text(span.attributes, _RESPONSE_ID)
    if response_id is None:
        return None
    llm = llm_of(span)
    return response_id if llm is not None and not llm.output_known else None


def _content_reports(by_trace: Mapping[str, Sequence[SpanView]]) -> dict[str, str]:
    """Response id -> trace id of the batch's model-call reports that carry content."""
    found: dict[str, str] = {}
    for trace_id, spans in by_trace.items():
        for span in spans:
            response_id = first_text(span.attributes, _RESPONSE_ID)
            if response_id is None or response_id in found:
                continue
            llm = llm_of(span)
            if llm is not None and llm.output_known:
                found[response_id] = trace_id
    return found
