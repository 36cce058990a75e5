"""Every read path by any trace id: a client-only trace folded into a session (sessions across
traces) names that session on ``GET /v1/sessions/{id}``, the scenario export and ``GetVerdict``,
for its own tenant only; another tenant's folded trace id answers exactly as an unknown one."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator

import grpc
import httpx
import pytest
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue
from opentelemetry.proto.trace.v1.trace_pb2 import Span

from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.mapping.sessions import session_trace_id
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.security.security_helpers import (
    ALPHA_KEY,
    BETA_KEY,
    headers,
    metadata,
    otlp_request,
    two_tenants,
)

CALLS = 5  # model calls of the stuck loop: identical searches, one trace each
JUDGED = CALLS - 1  # the last call's result is never fed back: its step stays open


def client_call(n: int, conversation: str) -> Span:
    """The n-th model call of a hand-written loop traced at the client: its own trace, its
    chat span the root, asking for the same search again."""
    start = 1_700_000_000_000_000_000 + n * 1_000_000_000
    span = Span(
        trace_id=os.urandom(16),
        span_id=os.urandom(8),
        name="chat gpt-5",
        start_time_unix_nano=start,
        end_time_unix_nano=start + 1_000_000,
    )
    output = [
        {
            "role": "assistant",
            "parts": [{"type": "tool_call", "id": f"call_{n}", "name": "search", "arguments": {"q": "x"}}],
            "finish_reason": "tool_call",
        }
    ]
    history: list[dict[str, object]] = [{"role": "user", "parts": [{"type": "text", "content": "find x"}]}]
    for i in range(n):  # every earlier search answered "not found"
        call = {"type": "tool_call", "id": f"call_{i}", "name": "search", "arguments": {"q": "x"}}
        answer = {"type": "tool_call_response", "id": f"call_{i}", "response": "not found"}
        history += [{"role": "assistant", "parts": [call]}, {"role": "tool", "parts": [answer]}]
    attributes = {
        "gen_ai.input.messages": json.dumps(history),
        "gen_ai.operation.name": "chat",
        "gen_ai.conversation.id": conversation,
        "gen_ai.output.messages": json.dumps(output),
    }
    for key, value in attributes.items():
        span.attributes.append(KeyValue(key=key, value=AnyValue(string_value=value)))
    return span


def export(channel: grpc.Channel, key: str | None, *spans: Span) -> None:
    stub = trace_service_pb2_grpc.TraceServiceStub(channel)  # type: ignore[no-untyped-call]  # generated
    for span in spans:  # one export per call, as the SimpleSpanProcessor does
        stub.Export(otlp_request(span), metadata=metadata(key), timeout=10)


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector(two_tenants(sessions={"step_log_max_events": 64})) as running:
        yield running


@pytest.fixture(scope="module")
def channel(collector: RunningCollector) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(collector.endpoints.grpc_target) as ch:
        yield ch


@pytest.fixture(scope="module")
def folded(channel: grpc.Channel) -> tuple[str, list[str]]:
    """Alpha's looping session (its id) and the ids of the traces folded into it."""
    conversation = f"conv-{os.urandom(4).hex()}"
    spans = [client_call(n, conversation) for n in range(CALLS)]
    export(channel, ALPHA_KEY, *spans)
    return session_trace_id(f"conversation\x00{conversation}"), [s.trace_id.hex() for s in spans]


@pytest.fixture(scope="module")
def http(collector: RunningCollector) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=collector.endpoints.http_url, timeout=10) as client:
        yield client


def _unknown(http: httpx.Client, path: str) -> tuple[int, str]:
    """What an id nobody sent answers on ``path`` (``{id}`` replaced)."""
    unknown = os.urandom(16).hex()
    response = http.get(path.format(id=unknown), headers=headers(ALPHA_KEY))
    return response.status_code, response.text.replace(unknown, "{id}")


@pytest.mark.parametrize("path", ["/v1/sessions/{id}", "/v1/sessions/{id}/scenario"])
def test_a_folded_trace_id_reads_its_session_over_rest(
    http: httpx.Client, folded: tuple[str, list[str]], path: str
) -> None:
    session, traces = folded
    for trace in traces:
        response = http.get(path.format(id=trace), headers=headers(ALPHA_KEY))
        assert response.status_code == 200, response.text
        body = response.json()
        found = body["trace_id"] if path.endswith("{id}") else body["meta"]["trace_id"]
        assert found == session
    detail = http.get(f"/v1/sessions/{traces[0]}", headers=headers(ALPHA_KEY)).json()
    assert detail["steps"] == CALLS
    assert detail["looping"] is True


@pytest.mark.parametrize("path", ["/v1/sessions/{id}", "/v1/sessions/{id}/scenario"])
def test_another_tenants_folded_trace_id_answers_as_unknown_over_rest(
    http: httpx.Client, folded: tuple[str, list[str]], path: str
) -> None:
    session, traces = folded
    for asked in (traces[0], session):
        response = http.get(path.format(id=asked), headers=headers(BETA_KEY))
        assert (response.status_code, response.text.replace(asked, "{id}")) == _unknown(http, path)
        assert response.status_code == 404


def test_get_verdict_by_a_folded_trace_id_is_its_sessions(
    channel: grpc.Channel, folded: tuple[str, list[str]]
) -> None:
    _, traces = folded
    stub = pb_grpc.LoopGuardStub(channel)
    for trace in traces:
        request = pb.GetVerdictRequest(trace_id=trace, min_step=JUDGED)
        verdict = stub.GetVerdict(request, metadata=metadata(ALPHA_KEY), timeout=5)
        assert (verdict.step, verdict.trace_id) == (JUDGED, trace)
        assert verdict.finding.detector == "identical_call"  # the session's: it is looping


def test_get_verdict_by_another_tenants_folded_trace_id_is_unknown(
    channel: grpc.Channel, folded: tuple[str, list[str]]
) -> None:
    _, traces = folded
    stub = pb_grpc.LoopGuardStub(channel)
    request = pb.GetVerdictRequest(trace_id=traces[0], min_step=1)
    verdict = stub.GetVerdict(request, metadata=metadata(BETA_KEY), timeout=1)
    unknown = stub.GetVerdict(
        pb.GetVerdictRequest(trace_id=os.urandom(16).hex(), min_step=1),
        metadata=metadata(BETA_KEY),
        timeout=1,
    )
    assert (verdict.action, verdict.step, verdict.agent) == (unknown.action, unknown.step, unknown.agent)
    assert (verdict.action, verdict.step) == (pb.ACTION_CONTINUE, 0)


def test_get_verdict_waits_for_a_trace_folded_while_it_waits(
    collector: RunningCollector, channel: grpc.Channel
) -> None:
    """Asked before its span arrives (an OTLP-only agent polling right after its call), the
    trace's verdict comes from the session it is folded into meanwhile."""
    conversation = f"conv-{os.urandom(4).hex()}"
    spans = [client_call(n, conversation) for n in range(CALLS)]
    export(channel, ALPHA_KEY, *spans[:-1])
    stub = pb_grpc.LoopGuardStub(channel)
    request = pb.GetVerdictRequest(trace_id=spans[-1].trace_id.hex(), min_step=JUDGED)
    waiting = stub.GetVerdict.future(request, metadata=metadata(ALPHA_KEY), timeout=5)
    export(channel, ALPHA_KEY, spans[-1])
    assert waiting.result().step == JUDGED


def _subscribers(collector: RunningCollector) -> int:
    return collector.collector.pipeline.hub.subscribers


def _wait_for_subscribers(collector: RunningCollector, count: int) -> None:
    deadline = time.monotonic() + 5
    while _subscribers(collector) < count:
        assert time.monotonic() < deadline, "the streams never subscribed"
        time.sleep(0.01)


def test_watch_verdicts_by_a_folded_trace_id_streams_its_sessions_verdicts_for_its_tenant_only(
    collector: RunningCollector, channel: grpc.Channel
) -> None:
    conversation = f"conv-{os.urandom(4).hex()}"
    spans = [client_call(n, conversation) for n in range(CALLS)]
    session = session_trace_id(f"conversation\x00{conversation}")
    export(channel, ALPHA_KEY, *spans[:2])  # folded, not looping yet
    stub = pb_grpc.LoopGuardStub(channel)
    folded = pb.WatchVerdictsRequest(trace_id=spans[0].trace_id.hex())
    before = _subscribers(collector)
    own = stub.WatchVerdicts(folded, metadata=metadata(ALPHA_KEY), timeout=10)
    others = stub.WatchVerdicts(folded, metadata=metadata(BETA_KEY), timeout=3)
    unknown = pb.WatchVerdictsRequest(trace_id=os.urandom(16).hex())
    nobody = stub.WatchVerdicts(unknown, metadata=metadata(BETA_KEY), timeout=3)
    _wait_for_subscribers(collector, before + 3)
    export(channel, ALPHA_KEY, *spans[2:])
    first = next(own)
    own.cancel()
    assert (first.trace_id, first.action) == (session, pb.ACTION_NUDGE)
    for stream in (others, nobody):  # nothing, until the deadline: alike
        with pytest.raises(grpc.RpcError) as info:
            next(stream)
        assert info.value.code() is grpc.StatusCode.DEADLINE_EXCEEDED


def test_watch_verdicts_names_a_malformed_trace_id(channel: grpc.Channel) -> None:
    stub = pb_grpc.LoopGuardStub(channel)
    stream = stub.WatchVerdicts(pb.WatchVerdictsRequest(trace_id="not-hex"), metadata=metadata(ALPHA_KEY))
    with pytest.raises(grpc.RpcError) as info:
        next(stream)
    assert info.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert "trace_id" in (info.value.details() or "")
