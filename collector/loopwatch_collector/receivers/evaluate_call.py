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
  own store transaction; the verdict is the last slice's, judged at the call's checkpoint.
  Big calls are bulk work, like ingest: between slices (parsing and decoding included) they
  give way to the step-sized verdict calls in progress (``priority.wait_for_verdicts``), and a
  tenant's big calls are decoded and applied one at a time (the others wait; requests over
  ``BULK_BYTES`` are parsed in that turn too), so a tenant sending many big calls at once gets
  one slice's share of the loop, not one per call.
- Big calls' slices (parsing a request over ``BULK_BYTES``, decoding and applying a call over
  ``WHOLE_CALL_EVENTS``) are paced to ``limits.evaluate_bulk_share`` of the loop's time, every
  tenant's together (``pacing.BulkPacer``): a loop thread that is never idle waits behind the
  host's other threads for a core, and step-sized calls with it.

Event-loop only. ``run`` raises ``WireError`` (bad input, naming the field),
``EvaluateTooLargeError`` and ``StoreError``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import Any

from loopwatch.events import Event, ToolCall, TraceContext
from loopwatch.verdict import Verdict
from loopwatch.wire import WireError, context_from_proto, event_from_proto, pb, tool_call_from_proto
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.receivers.evaluate_limits import EvaluateLimits
from loopwatch_collector.receivers.evaluate_parse import Pause, parse_json, parse_protobuf
from loopwatch_collector.receivers.pacing import BulkPacer
from loopwatch_collector.receivers.plain_content import (
    fingerprint_plain_event,
    fingerprint_plain_pending_call,
)
from loopwatch_collector.receivers.priority import VerdictPriority
from loopwatch_collector.receivers.slicing import SliceSizer
from loopwatch_collector.security.content import ContentControl
from loopwatch_collector.security.tenancy import scoped_context

# Events fingerprinted and decoded between two yields: ~6 us an event, so about the 0.25 ms
# slice budget of ingest (``slicing.DEFAULT_SLICE_BUDGET_S``).
DECODE_SLICE_EVENTS = 48
# Calls up to this many events go to the pipeline whole (one store transaction), as every SDK
# step does; it is also the largest slice of a bigger call (``slicing.DEFAULT_MAX_SLICE_EVENTS``).
WHOLE_CALL_EVENTS = 64
# Requests over this many bytes are parsed in their tenant's turn too (the turn of its big calls):
# an SDK step is a few KB, while parsing a larger request takes slices a tenant should not
# run beside its other big calls.
BULK_BYTES = 64 * 1024


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
        self._pacer = BulkPacer(share=limits.bulk_share)
        self._turns: dict[str, asyncio.Lock] = {}  # tenant -> held by its big call in progress

    @property
    def priority(self) -> VerdictPriority:
        """The gate that puts verdict calls ahead of ingest; other verdict routes share it."""
        return self._priority

    @property
    def content(self) -> ContentControl:
        """What content each tenant keeps; other verdict routes apply the same."""
        return self._content

    async def parse_protobuf(self, tenant: str, raw: bytes) -> pb.EvaluateRequest:
        """``raw`` parsed within the limits, in slices that give way to verdict calls
        (``evaluate_parse.parse_protobuf``); a big one in ``tenant``'s turn."""
        async with self._bulk_turn(tenant, len(raw)):
            return await parse_protobuf(raw, self.limits, pause=self._parse_pause(len(raw)))

    async def parse_json(self, tenant: str, body: bytes) -> pb.EvaluateRequest:
        """``body`` parsed within the limits (``evaluate_parse.parse_json``); a big one in
        ``tenant``'s turn."""
        async with self._bulk_turn(tenant, len(body)):
            return await parse_json(body, self.limits, pause=self._parse_pause(len(body)))

    def _bulk_turn(self, tenant: str, size: int) -> contextlib.AbstractAsyncContextManager[Any]:
        """``tenant``'s turn for a request of ``size`` bytes over ``BULK_BYTES``; else nothing."""
        if size <= BULK_BYTES:
            return contextlib.nullcontext()
        return self._turns.setdefault(tenant, asyncio.Lock())

    def _parse_pause(self, size: int) -> Pause:
        """The pause between parse slices of a request of ``size`` bytes: paced when bulk."""
        if size <= BULK_BYTES:
            return self._priority.wait_for_verdicts
        return self._pacer.pause(self._priority.wait_for_verdicts)

    async def run(self, tenant: str, request: pb.EvaluateRequest) -> tuple[TraceContext, Verdict]:
        """The verdict after ``request``'s events for ``tenant`` (raises: module docstring)."""
        self.limits.check_events(len(request.events))
        trace = context_from_proto(request.trace_id, request.agent, request.conversation_id, request.span_id)
        if len(request.events) <= WHOLE_CALL_EVENTS:
            events, pending = await self._decoded(tenant, request)
            with self._priority.verdict():
                verdict = await self._pipeline.evaluate(
                    scoped_context(tenant, trace), events, pending_call=pending
                )
            return trace, verdict
        async with self._turns.setdefault(tenant, asyncio.Lock()):  # one big call at a time per tenant
            pause = self._pacer.pause(self._priority.wait_for_verdicts)
            events, pending = await self._decoded(tenant, request, pause=pause)
            return trace, await self._sliced(scoped_context(tenant, trace), events, pending, pause=pause)

    async def _decoded(
        self, tenant: str, request: pb.EvaluateRequest, *, pause: Pause | None = None
    ) -> tuple[list[Event], ToolCall | None]:
        """``request``'s events and pending call, validated, as ``tenant``'s content mode keeps them;
        ``pause`` between decode slices (the verdict priority by default)."""
        events = await _decode_events(request.events, pause=pause or self._priority.wait_for_verdicts)
        fingerprint_plain_pending_call(request)
        pending = pending_call_from_request(request)
        return self._content.events(tenant, events), self._content.call(tenant, pending)

    async def _sliced(
        self, scoped: TraceContext, events: Sequence[Event], pending: ToolCall | None, *, pause: Pause
    ) -> Verdict:
        start = 0
        while True:
            size = max(1, min(self._sizer.size(), WHOLE_CALL_EVENTS))
            chunk = events[start : start + size]
            started = self._sizer.start()
            if start + size >= len(events):
                verdict = await self._pipeline.evaluate(scoped, chunk, pending_call=pending)
                self._sizer.record(started, len(chunk))
                return verdict
            await self._pipeline.ingest(scoped, chunk, source="evaluate")
            self._sizer.record(started, len(chunk))
            start += size
            await pause()  # the others' turn, step-sized calls first


async def _decode_events(messages: Sequence[pb.Event], *, pause: Pause) -> list[Event]:
    """Fingerprint plain content and decode ``messages``, awaiting ``pause`` every
    ``DECODE_SLICE_EVENTS``; a ``WireError`` names the event (``events[4097].event_id``)."""
    decoded: list[Event] = []
    for index, message in enumerate(messages):
        if index and not index % DECODE_SLICE_EVENTS:
            await pause()
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
