"""Property-based fuzz of both OTLP receivers and ``Evaluate`` (protobuf and JSON): whatever
arrives, the answer is a defined status (never UNKNOWN / INTERNAL / 500), the collector keeps
serving, and memory does not grow from one round of iterations to the next."""

from __future__ import annotations

import json
import resource
from collections.abc import Iterator
from typing import Any

import grpc
import httpx
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue
from opentelemetry.proto.trace.v1.trace_pb2 import Span

from loopwatch.wire import pb
from loopwatch_collector.testing import RunningCollector, running_collector

EXAMPLES = 120  # per property: bounded, so the suite stays fast
GRPC_OK = {
    grpc.StatusCode.OK,
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.RESOURCE_EXHAUSTED,
    grpc.StatusCode.UNAVAILABLE,
}
HTTP_OK = {200, 400, 413, 415, 503}
MAX_RSS_GROWTH_KB = 64 * 1024  # between two equal rounds: sessions are bounded, caches full
FUZZ = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector({"sessions": {"max_sessions": 200}}) as running:
        yield running


@pytest.fixture(scope="module")
def channel(collector: RunningCollector) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(collector.endpoints.grpc_target) as ch:
        yield ch


def _raw(channel: grpc.Channel, method: str) -> Any:
    return channel.unary_unary(method, request_serializer=None, response_deserializer=None)


def _grpc_status(call: Any, body: bytes) -> grpc.StatusCode:
    try:
        call(body, timeout=30)
    except grpc.RpcError as exc:
        code: grpc.StatusCode = exc.code()
        return code
    return grpc.StatusCode.OK


texts = st.text(max_size=40) | st.sampled_from(["execute_tool", "gen_ai.tool.name", "chat", "tool", ""])
values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | texts,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=12,
)


@st.composite
def otlp_requests(draw: st.DrawFn) -> ExportTraceServiceRequest:
    request = ExportTraceServiceRequest()
    scope = request.resource_spans.add().scope_spans.add()
    for _ in range(draw(st.integers(0, 6))):
        span = Span(
            trace_id=draw(st.binary(min_size=0, max_size=17)),
            span_id=draw(st.binary(min_size=0, max_size=9)),
            parent_span_id=draw(st.binary(max_size=8)),
            name=draw(texts),
            start_time_unix_nano=draw(st.integers(0, 2**63 - 1)),
            end_time_unix_nano=draw(st.integers(0, 2**63 - 1)),
        )
        keys = (
            st.sampled_from(
                [
                    "gen_ai.operation.name",
                    "gen_ai.tool.name",
                    "gen_ai.tool.call.id",
                    "gen_ai.tool.call.arguments",
                    "gen_ai.tool.call.result",
                    "gen_ai.output.messages",
                    "loopwatch.event.id",
                    "loopwatch.tool.call.fingerprint",
                    "openinference.span.kind",
                    "gen_ai.conversation.id",
                ]
            )
            | texts
        )
        for key, text in draw(st.dictionaries(keys, texts | st.just("x" * 1000), max_size=6)).items():
            span.attributes.append(KeyValue(key=key, value=AnyValue(string_value=text)))
        scope.spans.append(span)
    return request


@st.composite
def evaluate_requests(draw: st.DrawFn) -> pb.EvaluateRequest:
    request = pb.EvaluateRequest(
        trace_id=draw(
            st.sampled_from(["", "0" * 32, "ab" * 16]) | st.text("0123456789abcdef", min_size=32, max_size=32)
        ),
        agent=draw(texts),
        conversation_id=draw(texts),
        checkpoint=draw(
            st.sampled_from(
                [pb.CHECKPOINT_UNSPECIFIED, pb.CHECKPOINT_AFTER_BATCH, pb.CHECKPOINT_BEFORE_TOOL_CALL]
            )
        ),
    )
    for _ in range(draw(st.integers(0, 4))):
        event = request.events.add(event_id=draw(texts), time_unix_nano=draw(st.integers(-1, 2**40)))
        kind = draw(st.sampled_from(["step", "tool_result", "user_message", "none"]))
        if kind == "step":
            event.step.text = draw(texts)
            for _ in range(draw(st.integers(0, 3))):
                event.step.tool_calls.add(
                    id=draw(texts), name=draw(texts), fingerprint=draw(texts | st.just("f" * 200))
                )
        elif kind == "tool_result":
            event.tool_result.call_id = draw(texts)
            event.tool_result.fingerprint = draw(texts)
            event.tool_result.preview = draw(texts)
        elif kind == "user_message":
            event.user_message.fingerprint = draw(texts)
    return request


@FUZZ
@given(body=st.binary(max_size=2048) | otlp_requests().map(lambda r: r.SerializeToString()))
def test_otlp_grpc_never_crashes(channel: grpc.Channel, body: bytes) -> None:
    call = _raw(channel, "/opentelemetry.proto.collector.trace.v1.TraceService/Export")
    assert _grpc_status(call, body) in GRPC_OK


@FUZZ
@given(
    body=st.binary(max_size=2048) | otlp_requests().map(lambda r: r.SerializeToString()),
    as_json=st.booleans(),
    payload=values,
)
def test_otlp_http_never_crashes(
    collector: RunningCollector, body: bytes, as_json: bool, payload: object
) -> None:
    url = collector.endpoints.otlp_http_url + "/v1/traces"
    if as_json:
        reply = httpx.post(
            url, content=json.dumps(payload), headers={"Content-Type": "application/json"}, timeout=30
        )
    else:
        reply = httpx.post(url, content=body, headers={"Content-Type": "application/x-protobuf"}, timeout=30)
    assert reply.status_code in HTTP_OK, reply.text


@FUZZ
@given(request=evaluate_requests(), garbage=st.binary(max_size=512), raw=st.booleans())
def test_evaluate_over_grpc_never_crashes(
    channel: grpc.Channel, request: pb.EvaluateRequest, garbage: bytes, raw: bool
) -> None:
    call = _raw(channel, "/loopwatch.v1.LoopGuard/Evaluate")
    assert _grpc_status(call, garbage if raw else request.SerializeToString()) in GRPC_OK


@FUZZ
@given(request=evaluate_requests(), payload=values, raw=st.booleans())
def test_evaluate_over_rest_never_crashes(
    collector: RunningCollector, request: pb.EvaluateRequest, payload: object, raw: bool
) -> None:
    from google.protobuf import json_format

    body = json.dumps(payload) if raw else json_format.MessageToJson(request)
    reply = httpx.post(
        collector.endpoints.http_url + "/v1/evaluate",
        content=body,
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert reply.status_code in HTTP_OK, reply.text


def test_still_serving_and_memory_flat_across_rounds(
    collector: RunningCollector, channel: grpc.Channel
) -> None:
    """Two equal rounds of the gRPC fuzz: the second must not grow the process much."""

    @settings(max_examples=EXAMPLES, deadline=None, database=None)
    @given(body=otlp_requests().map(lambda r: r.SerializeToString()), request=evaluate_requests())
    def one_round(body: bytes, request: pb.EvaluateRequest) -> None:
        _grpc_status(_raw(channel, "/opentelemetry.proto.collector.trace.v1.TraceService/Export"), body)
        _grpc_status(_raw(channel, "/loopwatch.v1.LoopGuard/Evaluate"), request.SerializeToString())

    one_round()
    after_first = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    one_round()
    after_second = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert after_second - after_first < MAX_RSS_GROWTH_KB
    health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=5)
    assert health.status == health_pb2.HealthCheckResponse.SERVING
