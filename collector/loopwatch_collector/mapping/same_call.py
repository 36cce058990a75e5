"""One model call reported by two instrumentations: recognised, so that it makes one step.

A provider SDK that traces itself (the ``anthropic`` client's ``anthropic.messages.create``,
no content) beside a framework or client instrumentation that reports the same call
(OpenLLMetry's ``anthropic.chat``, OpenInference's LLM span, both with content) gives two
model-call spans for one call. Two spans are taken as one call (``same_call``) when:

- both carry a response id (``gen_ai.response.id``): they are one call exactly when the ids
  are equal, in one trace or two (the SDK traces each call in a trace of its own, beside
  OpenLLMetry's: ``lone_reports.py`` brings them into one session);
- else: they are in the same trace, overlap in time, one is the other's parent or they share
  a parent, and nothing they carry disagrees: not their instrumentation scope (one
  instrumentation never reports a call twice *as siblings*), not their models (where both name
  one; a dated response model matches its undated request model), not their output tokens
  (where both count them: input tokens differ between instrumentations that add cached tokens
  and those that do not), not their outputs (where both captured one).

One instrumentation may report a call twice *nested*: Google ADK's legacy schema wraps each
model call in a ``call_llm`` span with the content and a child ``generate_content {model}`` span
without, one scope for both. So a content-free model-call span whose parent is a model-call
span it overlaps (and does not disagree with) is that call's second report, whatever the
scopes: a model call does not make another model call from inside itself, and a wrapper that
retries a call reports one logical call.

Parallel calls under one agent span overlap as siblings; they are told apart by their response
ids, their scope (one instrumentation reports both), or their differing outputs or token counts.
Two content-free, token-free parallel calls of one model reported only by two *different*
instrumentations each would be taken as one: a limit stated in ``docs/sessions.md``.

``winner`` picks the span whose step stands for the call: the one with content (requested
calls, then text), else the outer one; its usage and finish reason are completed from the
other (the same call, so nothing is counted twice). Pure functions; ``CallMark`` is what the
span mapper remembers of a model call between batches (``memo.TraceMemo.calls``, ``call_mark.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from loopwatch_collector.mapping.call_mark import CallMark
from loopwatch_collector.mapping.memo import TraceMemo, remember_call
from loopwatch_collector.mapping.model import LlmSpan
from loopwatch_collector.mapping.spans import SpanView

# Reports of one call compared with a span (siblings, children, same response id): twins are
# adjacent in time, so a few suffice, and a hostile batch of many sibling calls stays linear.
_NEIGHBOURS = 8


def same_call(a: CallMark, b: CallMark) -> bool:
    """Whether ``a`` and ``b`` report one model call (see the module docstring)."""
    if a.span_id == b.span_id:
        return False
    if a.response_id is not None and b.response_id is not None:
        return a.response_id == b.response_id  # the provider's id: across traces too
    if a.trace_id != b.trace_id:
        return False
    nested = (a.parent_span_id == b.span_id and a.output is None) or (
        b.parent_span_id == a.span_id and b.output is None
    )
    if a.scope and a.scope == b.scope and not nested:
        return False
    related = (
        a.parent_span_id == b.span_id
        or b.parent_span_id == a.span_id
        or (bool(a.parent_span_id) and a.parent_span_id == b.parent_span_id)
    )
    overlap = a.start_ns < b.end_ns and b.start_ns < a.end_ns
    if not (related and overlap):
        return False
    if a.models and b.models and not _models_match(a.models, b.models):
        return False
    if a.output_tokens and b.output_tokens and a.output_tokens != b.output_tokens:
        return False
    return a.output is None or b.output is None or a.output == b.output


def closest(mark: CallMark, candidates: Sequence[CallMark]) -> CallMark | None:
    """The candidate that reports the same call as ``mark``, nearest in time; or ``None``."""
    found = [c for c in candidates if same_call(mark, c)]
    if not found:
        return None
    return min(found, key=lambda c: abs(c.start_ns - mark.start_ns) + abs(c.end_ns - mark.end_ns))


def winner(spans: Sequence[tuple[SpanView, LlmSpan]]) -> tuple[SpanView, LlmSpan]:
    """The report of one call that makes its step (content first, then the outer span), with
    the usage and finish reason the others add where it has none."""
    best_span, best = max(
        spans,
        key=lambda pair: (pair[1].output_known, len(pair[1].calls), bool(pair[1].text), -pair[0].start_ns),
    )
    input_tokens = best.input_tokens or max(llm.input_tokens for _, llm in spans)
    output_tokens = best.output_tokens or max(llm.output_tokens for _, llm in spans)
    finish = best.finish_reason or next((llm.finish_reason for _, llm in spans if llm.finish_reason), None)
    merged = replace(best, input_tokens=input_tokens, output_tokens=output_tokens, finish_reason=finish)
    return best_span, merged


def _models_match(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether any model named by ``a`` is one named by ``b``; a dated name matches its stem
    (``claude-sonnet-4-5-20250929`` is ``claude-sonnet-4-5``)."""
    return any(x == y or x.startswith(f"{y}-") or y.startswith(f"{x}-") for x in a for y in b)


def one_report_per_call(memo: TraceMemo, spans: Sequence[SpanView], llms: dict[str, LlmSpan]) -> set[str]:
    """Resolve a batch's model-call spans (``llms``: span id -> its reading, in ``spans``' start
    order) that report one call, among themselves and with the calls ``memo`` remembers from
    earlier batches. Returns the ids of the spans that make no step; ``llms`` gets each
    winner's completed reading. A call that already made its step keeps it (a later report adds
    nothing, even its content); a call left waiting in ``memo.silent`` or ``memo.answer`` is
    taken over by its new report. Remembers the batch's calls in ``memo``. Called by the span mapper only."""
    reports = _Reports()
    for mark in memo.calls.values():
        reports.add(mark, reports.match(mark))
    fresh: list[CallMark] = []
    for span in spans:
        llm = llms.get(span.span_id)
        if llm is None or span.from_logs:
            continue
        mark = CallMark.of(span, llm)
        reports.add(mark, reports.match(mark))
        fresh.append(mark)
    by_id = {span.span_id: span for span in spans}
    fresh_ids = {mark.span_id for mark in fresh}
    losers: set[str] = set()
    for group in reports.groups(fresh):
        current = [m for m in group if m.span_id in fresh_ids]
        earlier = [m.span_id for m in group if m.span_id not in fresh_ids]
        if any(span_id in memo.covered for span_id in earlier):
            losers.update(m.span_id for m in current)
            continue
        if memo.silent is not None and memo.silent[0] in earlier:
            memo.silent = None  # its new report makes the step
        if memo.answer is not None and memo.answer[0].span_id in earlier:
            memo.answer = None
        best_span, merged = winner([(by_id[m.span_id], llms[m.span_id]) for m in current])
        llms[best_span.span_id] = merged
        losers.update(m.span_id for m in current if m.span_id != best_span.span_id)
    for mark in fresh:
        remember_call(memo, mark)
    return losers


class _Reports:
    """Marks indexed by what relates two reports of one call, grouped as they are matched."""

    def __init__(self) -> None:
        self._by_id: dict[str, CallMark] = {}
        self._by_parent: dict[str, list[CallMark]] = {}
        self._by_response: dict[str, list[CallMark]] = {}
        self._group_of: dict[str, int] = {}  # span id -> group number
        self._members: dict[int, list[CallMark]] = {}

    def match(self, mark: CallMark) -> CallMark | None:
        """The report of ``mark``'s call added so far, if any (bounded work per mark)."""
        candidates: list[CallMark] = []
        parent = self._by_id.get(mark.parent_span_id)
        if parent is not None:
            candidates.append(parent)
        candidates.extend(self._by_parent.get(mark.span_id, ())[-_NEIGHBOURS:])
        if mark.parent_span_id:
            candidates.extend(self._by_parent.get(mark.parent_span_id, ())[-_NEIGHBOURS:])
        if mark.response_id is not None:
            candidates.extend(self._by_response.get(mark.response_id, ())[-_NEIGHBOURS:])
        return closest(mark, candidates)

    def add(self, mark: CallMark, twin: CallMark | None) -> None:
        self._by_id[mark.span_id] = mark
        self._by_parent.setdefault(mark.parent_span_id, []).append(mark)
        if mark.response_id is not None:
            self._by_response.setdefault(mark.response_id, []).append(mark)
        number = self._group_of[twin.span_id] if twin is not None else len(self._members)
        self._group_of[mark.span_id] = number
        self._members.setdefault(number, []).append(mark)

    def groups(self, marks: Sequence[CallMark]) -> list[list[CallMark]]:
        """The groups holding ``marks``, each once, in order of first appearance."""
        numbers = dict.fromkeys(self._group_of[m.span_id] for m in marks)
        return [self._members[n] for n in numbers]
