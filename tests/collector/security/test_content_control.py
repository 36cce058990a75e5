"""Content control per tenant (finding: with content capture on, ``/v1/sessions/{id}`` returned
tool arguments verbatim, a card number and an SSN, and the nudge quoted them)."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import grpc
import httpx
import pytest

from loopwatch.events import Event, Step, ToolCall, ToolResult, TraceContext
from loopwatch.verdict import CONTINUE_AT_START, Verdict
from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.receivers import OtlpIngestor
from loopwatch_collector.security.content import CLIP_CHARS, ContentControl
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.security.security_helpers import (
    ALPHA_KEY,
    BETA_KEY,
    evaluate_request,
    headers,
    metadata,
    otlp_request,
    tool_span,
    two_tenants,
)

CARD = "4111 1111 1111 1111"
SSN = "078-05-1120"


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    config = two_tenants(auth={"tenants": {"alpha": {"content": "drop"}}, "content": "keep"})
    with running_collector(config) as running:
        yield running


def _secret_step(trace: str, i: int) -> pb.EvaluateRequest:
    request = evaluate_request(trace, i)
    request.events[0].step.text = f"Charging card {CARD}."
    request.events[0].step.tool_calls[0].arguments = json.dumps({"card": CARD})
    request.events[1].tool_result.preview = f"customer SSN {SSN} not found"
    return request


@pytest.mark.parametrize(("key", "visible"), [(ALPHA_KEY, False), (BETA_KEY, True)], ids=["drop", "keep"])
def test_dropped_content_is_neither_stored_nor_shown(
    collector: RunningCollector, key: str, visible: bool
) -> None:
    trace = os.urandom(16).hex()
    with grpc.insecure_channel(collector.endpoints.grpc_target) as channel:
        stub = pb_grpc.LoopGuardStub(channel)
        verdicts = [
            stub.Evaluate(_secret_step(trace, i), metadata=metadata(key), timeout=5) for i in range(3)
        ]
    assert verdicts[-1].action == pb.ACTION_NUDGE  # detection works without the content
    shown = verdicts[-1].SerializeToString().decode("utf-8", "replace")
    shown += httpx.get(
        f"{collector.endpoints.http_url}/v1/sessions/{trace}", headers=headers(key), timeout=5
    ).text
    assert (CARD in shown or SSN in shown) is visible


@dataclass
class RecordingSink:
    """What the pipeline would be handed (and store)."""

    events: list[Event] = field(default_factory=list)

    async def ingest(self, context: TraceContext, events: Sequence[Event], *, source: str) -> Verdict:
        self.events.extend(events)
        return CONTINUE_AT_START


@pytest.mark.parametrize(("tenant", "kept"), [("alpha", False), ("beta", True)])
def test_otlp_content_is_dropped_before_the_pipeline_sees_it(tenant: str, kept: bool) -> None:
    trace = os.urandom(16)
    spans = [tool_span(trace, f"c{i}", result=f"customer SSN {SSN} not found") for i in range(2)]
    sink = RecordingSink()
    ingestor = OtlpIngestor(sink, content=ContentControl({"alpha": "drop"}))
    asyncio.run(ingestor.export(otlp_request(*spans), tenant=tenant))
    assert sink.events
    assert (SSN in repr(sink.events)) is kept
    assert ('"path"' in repr(sink.events)) is kept  # the call's arguments


def test_clip_keeps_a_short_prefix() -> None:
    call = ToolCall.create(id="c", name="put", arguments={"blob": "x" * 10_000})
    original = ToolResult.create(event_id="r", call_id="c", content="z" * 10_000)
    events: list[Event] = [Step.create(event_id="s", text="y" * 10_000, tool_calls=(call,)), original]
    clipped = ContentControl({"t": "clip"}).events("t", events)
    step, result = clipped
    assert isinstance(step, Step)
    assert isinstance(result, ToolResult)
    assert step.text is not None
    assert len(step.text) == CLIP_CHARS
    assert len(step.tool_calls[0].arguments or "") == CLIP_CHARS
    assert step.tool_calls[0].fingerprint == call.fingerprint  # detection input unchanged
    assert result.preview == original.preview  # already short
    assert ContentControl().events("t", events) == events
