"""One ``Evaluate`` call as both entry points run it (gRPC ``LoopGuard.Evaluate``, REST
``POST /v1/evaluate``): bounded, validated whole, then applied in slices that yield.

Found in the field: two clients sending 3.4 MB ``Evaluate`` calls of 100 000 events moved
another tenant's ``Evaluate`` p50 to 5.1 s, and its looping agent got 8 CONTINUEs instead of a
halt. So:

- A call is bounded in request bytes (``limits.evaluate_max_bytes``) and events
  (``limits.evaluate_max_events``); over either, ``EvaluateTooLargeError`` names the key (gRPC
  answers ``INVALID_ARGUMENT``, REST ``413``). The SDK sends at most 256 events a call.
- Plain-content fingerprinting and decoding go through the events ``DECODE_SLICE_EVENTS`` at a
  time, yielding to the event loop in between. The whole call is validated before anything is
  applied, so a bad last event still refuses the call and changes nothing.
- A call of at most ``WHOLE_CALL_EVENTS`` events (every SDK step) is one pipeline call, as
  before. A bigger one is applied in slices sized by CPU time (``slicing.SliceSizer``), each its
  own store transaction, yielding between slices; the verdict is the last slice's, judged at the
  call's checkpoint. The sliced calls of one tenant take turns, one slice at a time, so a tenant
  sending many big calls at once gets one slice's share of the loop, not one per call.

Event-loop only. ``run`` raises ``WireError`` (bad input, naming the field),
``EvaluateTooLargeError`` and ``StoreError``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from loopwatch.events import Event, ToolCall, TraceContext
from loopwatch.verdict import Verdict
from loopwatch.wire import WireError, context_from_proto, event_from_proto, pb, tool_call_from_proto
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.receivers.evaluate_limits import EvaluateLimits
from loopwatch_collector.receivers.plain_content import (
    fingerprint_plain_event,
    fingerprint_plain_pending_call,
)
from loopwatch_collector.receivers.priority import VerdictPriority
from loopwatch_collector.receivers.slicing import SliceSizer
from loopwatch_collector.security.content import ContentControl
from loopwatch_collector.security.tenancy import scoped_context

# Events fingerprinted and decoded between two yields: at the ~10-20 us an event costs, a few
# milliseconds at most, and at most 16 yields for the largest default call (4096 events).
DECODE_SLICE_EVENTS = 256
# Calls up to this many events go to the pipeline whole (one store transaction), as every SDK
# step does; it is also the largest slice of a bigger call (``slicing.DEFAULT_MAX_SLICE_EVENTS``).
WHOLE_CALL_EVENTS = 64


class EvaluateRunner:
    """See the module docstring. One per collector, shared by the gRPC and REST entry points."""

    def __init__(
        self,
        pipeline: Pipeline,
        *,
        limits: EvaluateLimits,
        priority: VerdictPriority | None = None,
        content: ContentControl | None = None,
    ) -> None:
        self._pipeline = pipeline
        self.limits = limits
        self._priority = priority or VerdictPriority()
        self._content = content or ContentControl()
        self._sizer = SliceSizer()
        self._turns: dict[str, asyncio.Lock] = {}  # tenant -> its sliced calls' turn

    async def run(self, tenant: str, request: pb.EvaluateRequest) -> tuple[TraceContext, Verdict]:
        """The verdict after ``request``'s events for ``tenant`` (raises: module docstring)."""
        self.limits.check_events(len(request.events))
        trace = context_from_proto(request.trace_id, request.agent, request.conversation_id)
        events = await _decode_events(request.events)
        fingerprint_plain_pending_call(request)
        pending = pending_call_from_request(request)
        events = self._content.events(tenant, events)
        pending = self._content.call(tenant, pending)
        scoped = scoped_context(tenant, trace)
        with self._priority.verdict():
            if len(events) <= WHOLE_CALL_EVENTS:
                verdict = await self._pipeline.evaluate(scoped, events, pending_call=pending)
            else:
                verdict = await self._sliced(tenant, scoped, events, pending)
        return trace, verdict

    async def _sliced(
        self, tenant: str, scoped: TraceContext, events: Sequence[Event], pending: ToolCall | None
    ) -> Verdict:
        turn = self._turns.setdefault(tenant, asyncio.Lock())
        start = 0
        while True:
            async with turn:
                size = max(1, min(self._sizer.size(), WHOLE_CALL_EVENTS))
                chunk = events[start : start + size]
                last = start + size >= len(events)
                started = self._sizer.start()
                if last:
                    verdict = await self._pipeline.evaluate(scoped, chunk, pending_call=pending)
                else:
                    await self._pipeline.ingest(scoped, chunk, source="evaluate")
                self._sizer.record(started, len(chunk))
            if last:
                return verdict
            start += size
            await asyncio.sleep(0)  # the other calls' turn


async def _decode_events(messages: Sequence[pb.Event]) -> list[Event]:
    """Fingerprint plain content and decode ``messages``, yielding every ``DECODE_SLICE_EVENTS``;
    a ``WireError`` names the event (``events[4097].event_id``)."""
    decoded: list[Event] = []
    for index, message in enumerate(messages):
        if index and not index % DECODE_SLICE_EVENTS:
            await asyncio.sleep(0)
        fingerprint_plain_event(message)
        decoded.append(event_from_proto(message, field=f"events[{index}]"))
    return decoded


def pending_call_from_request(request: pb.EvaluateRequest) -> ToolCall | None:
    """The call the agent is about to make (``CHECKPOINT_BEFORE_TOOL_CALL``), else None."""
    checkpoint = request.checkpoint
    if checkpoint == pb.CHECKPOINT_BEFORE_TOOL_CALL:
        if not request.HasField("pending_call"):
            raise WireError("pending_call", "required with CHECKPOINT_BEFORE_TOOL_CALL")
        return tool_call_from_proto(request.pending_call, field="pending_call")
    if checkpoint not in (pb.CHECKPOINT_UNSPECIFIED, pb.CHECKPOINT_AFTER_BATCH):
        raise WireError("checkpoint", f"unknown checkpoint {checkpoint}")
    if request.HasField("pending_call"):
        raise WireError("pending_call", "only allowed with CHECKPOINT_BEFORE_TOOL_CALL")
    return None
