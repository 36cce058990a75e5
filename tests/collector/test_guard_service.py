"""LoopGuard over a real gRPC channel: verdicts, bad input, health, reflection, streams."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import grpc
import httpx
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from loopwatch import wire
from loopwatch.events import ToolCall
from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.collector_builders import tool_step, trace_id


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector({"agents": {"quiet": {"mode": "shadow"}}}) as running:
        yield running


@pytest.fixture(scope="module")
def channel(collector: RunningCollector) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(collector.endpoints.grpc_target) as ch:
        yield ch


@pytest.fixture
def stub(channel: grpc.Channel) -> pb_grpc.LoopGuardStub:
    return pb_grpc.LoopGuardStub(channel)


def _request(trace: str, step: int, agent: str = "bot") -> pb.EvaluateRequest:
    return pb.EvaluateRequest(trace_id=trace, agent=agent, events=wire.events_to_proto(tool_step(step)))


def _details(error: grpc.RpcError) -> str:
    """The status message of a failed call (the server sets one on every error it returns)."""
    details = error.details()
    assert details is not None
    return details


def test_evaluate_nudges_a_loop(stub: pb_grpc.LoopGuardStub) -> None:
    trace = trace_id(100)
    replies = [stub.Evaluate(_request(trace, i), timeout=5) for i in range(3)]
    assert [r.action for r in replies] == [pb.ACTION_CONTINUE, pb.ACTION_CONTINUE, pb.ACTION_NUDGE]
    nudge = replies[-1]
    assert nudge.trace_id == trace
    assert nudge.agent == "bot"
    assert nudge.step == 3
    assert nudge.finding.detector == "identical_call"
    assert wire.verdict_from_proto(nudge).message == nudge.message


def test_evaluate_is_idempotent(stub: pb_grpc.LoopGuardStub) -> None:
    trace = trace_id(101)
    first = stub.Evaluate(_request(trace, 0), timeout=5)
    again = stub.Evaluate(_request(trace, 0), timeout=5)
    assert first.step == again.step == 1


def test_shadow_agent_gets_continue(stub: pb_grpc.LoopGuardStub) -> None:
    trace = trace_id(102)
    replies = [stub.Evaluate(_request(trace, i, agent="quiet"), timeout=5) for i in range(4)]
    assert {r.action for r in replies} == {pb.ACTION_CONTINUE}


def test_before_tool_call_checkpoint(stub: pb_grpc.LoopGuardStub) -> None:
    trace = trace_id(103)
    for i in range(6):
        stub.Evaluate(_request(trace, i), timeout=5)
    call = wire.tool_call_to_proto(ToolCall.create(id="c9", name="grep", arguments={"q": "x"}))
    reply = stub.Evaluate(
        pb.EvaluateRequest(
            trace_id=trace, agent="bot", checkpoint=pb.CHECKPOINT_BEFORE_TOOL_CALL, pending_call=call
        ),
        timeout=5,
    )
    assert reply.action == pb.ACTION_HALT


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (pb.EvaluateRequest(trace_id="nothex"), "trace_id"),
        (pb.EvaluateRequest(), "trace_id"),
        (pb.EvaluateRequest(trace_id=trace_id(1), events=[pb.Event(step=pb.Step())]), "events[0].event_id"),
        (pb.EvaluateRequest(trace_id=trace_id(1), events=[pb.Event(event_id="e")]), "events[0].kind"),
        (pb.EvaluateRequest(trace_id=trace_id(1), agent="a" * 1000), "agent"),
        (pb.EvaluateRequest(trace_id=trace_id(1), span_id="00F067AA0BA902B7"), "span_id"),
        (pb.EvaluateRequest(trace_id=trace_id(1), span_id="0" * 16), "span_id"),
        (pb.EvaluateRequest(trace_id=trace_id(1), checkpoint=pb.CHECKPOINT_BEFORE_TOOL_CALL), "pending_call"),
        (pb.EvaluateRequest(trace_id=trace_id(1), checkpoint=7), "checkpoint"),  # type: ignore[arg-type]  # no such Checkpoint, on purpose
        (
            pb.EvaluateRequest(
                trace_id=trace_id(1),
                checkpoint=pb.CHECKPOINT_BEFORE_TOOL_CALL,
                pending_call=pb.ToolCall(id="c", fingerprint="f"),
            ),
            "pending_call.name",
        ),
    ],
)
def test_bad_input_is_invalid_argument_naming_the_field(
    stub: pb_grpc.LoopGuardStub, request_: pb.EvaluateRequest, field: str
) -> None:
    with pytest.raises(grpc.RpcError) as info:
        stub.Evaluate(request_, timeout=5)
    assert info.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert _details(info.value).startswith(f"{field}:")
    # the server keeps serving, and earlier data is intact
    assert stub.Evaluate(_request(trace_id(104), 0), timeout=5).step == 1


def test_malformed_protobuf_is_rejected(channel: grpc.Channel) -> None:
    raw = channel.unary_unary(
        "/loopwatch.v1.LoopGuard/Evaluate", request_serializer=None, response_deserializer=None
    )
    with pytest.raises(grpc.RpcError) as info:
        raw(b"\xff\xff\xff\xff", timeout=5)
    assert info.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert _details(info.value).startswith("request: malformed loopwatch.v1.EvaluateRequest")


def test_invalid_utf8_in_a_string_field_is_rejected(channel: grpc.Channel) -> None:
    raw = channel.unary_unary(
        "/loopwatch.v1.LoopGuard/Evaluate", request_serializer=None, response_deserializer=None
    )
    body = (
        pb.EvaluateRequest(trace_id=trace_id(3), agent="ab").SerializeToString().replace(b"ab", b"\xc3\x28")
    )
    with pytest.raises(grpc.RpcError) as info:
        raw(body, timeout=5)
    assert info.value.code() is grpc.StatusCode.INVALID_ARGUMENT


def test_get_verdict_waits_for_otlp_style_ingest(stub: pb_grpc.LoopGuardStub) -> None:
    trace = trace_id(105)
    result: list[pb.Verdict] = []
    waiter = threading.Thread(
        target=lambda: result.append(
            stub.GetVerdict(pb.GetVerdictRequest(trace_id=trace, min_step=3), timeout=5)
        )
    )
    waiter.start()
    for i in range(3):
        stub.Evaluate(_request(trace, i), timeout=5)
    waiter.join(5)
    assert result[0].action == pb.ACTION_NUDGE
    assert result[0].step == 3
    assert result[0].agent == "bot"


def test_get_verdict_is_bounded_by_the_deadline(stub: pb_grpc.LoopGuardStub) -> None:
    reply = stub.GetVerdict(pb.GetVerdictRequest(trace_id=trace_id(106), min_step=1), timeout=0.3)
    assert reply.action == pb.ACTION_CONTINUE
    assert reply.step == 0
    with pytest.raises(grpc.RpcError) as info:
        stub.GetVerdict(pb.GetVerdictRequest(trace_id="x"), timeout=1)
    assert info.value.code() is grpc.StatusCode.INVALID_ARGUMENT


def test_watch_verdicts_streams_interventions(stub: pb_grpc.LoopGuardStub) -> None:
    stream = stub.WatchVerdicts(pb.WatchVerdictsRequest(agent="watched"), timeout=10)
    trace = trace_id(107)
    for i in range(3):
        stub.Evaluate(_request(trace, i, agent="watched"), timeout=5)
    first = next(stream)
    stream.cancel()
    assert first.action == pb.ACTION_NUDGE
    assert first.trace_id == trace
    bad = stub.WatchVerdicts(pb.WatchVerdictsRequest(actions=[pb.ACTION_UNSPECIFIED]), timeout=5)
    with pytest.raises(grpc.RpcError) as info:
        next(bad)
    assert info.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert _details(info.value).startswith("actions[0]:")


def test_health_and_reflection(channel: grpc.Channel) -> None:
    health = health_pb2_grpc.HealthStub(channel)
    for service in ("", "loopwatch.v1.LoopGuard", "opentelemetry.proto.collector.trace.v1.TraceService"):
        reply = health.Check(health_pb2.HealthCheckRequest(service=service), timeout=5)
        assert reply.status == health_pb2.HealthCheckResponse.SERVING
    reflect = reflection_pb2_grpc.ServerReflectionStub(channel)
    responses = reflect.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]))
    names = {s.name for s in next(responses).list_services_response.service}
    assert {"loopwatch.v1.LoopGuard", "grpc.health.v1.Health"} <= names


def test_shutdown_sets_not_serving() -> None:
    with running_collector() as running, grpc.insecure_channel(running.endpoints.grpc_target) as ch:
        health = health_pb2_grpc.HealthStub(ch)
        watch = health.Watch(health_pb2.HealthCheckRequest(service=""), timeout=10)
        assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
        running.call(running.collector.shutdown(grace_s=0.5))
        statuses = []
        try:
            for reply in watch:
                statuses.append(reply.status)
        except grpc.RpcError:
            pass
        assert health_pb2.HealthCheckResponse.NOT_SERVING in statuses


def test_store_outage_is_unavailable_with_retry_info(monkeypatch: pytest.MonkeyPatch) -> None:
    from grpc_status import rpc_status

    from loopwatch_collector.exceptions import StoreError

    async def down(*args: object, **kwargs: object) -> None:
        raise StoreError("redis down")

    with running_collector() as running, grpc.insecure_channel(running.endpoints.grpc_target) as ch:
        monkeypatch.setattr(running.collector.store, "update", down)
        with pytest.raises(grpc.RpcError) as info:
            pb_grpc.LoopGuardStub(ch).Evaluate(_request(trace_id(108), 0), timeout=5)
        assert info.value.code() is grpc.StatusCode.UNAVAILABLE
        # grpc-stubs: the RpcError a call raises is also its grpc.Call (stubs make the two disjoint)
        status = rpc_status.from_call(info.value)  # type: ignore[arg-type]
        assert status is not None
        assert status.details[0].type_url.endswith("google.rpc.RetryInfo")
        reply = httpx.post(
            f"{running.endpoints.http_url}/v1/evaluate",
            json={"trace_id": trace_id(108)},
            timeout=5,
        )
        assert reply.status_code == 503
        assert reply.headers["retry-after"] == "1"


@pytest.mark.parametrize(
    "arguments",
    ["x" * 10_000_000, "[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000],
    ids=["10MB", "deep-array", "deep-object"],
)
def test_huge_and_deeply_nested_arguments(stub: pb_grpc.LoopGuardStub, arguments: str) -> None:
    trace = trace_id(110 + len(arguments))
    for i in range(3):
        call = pb.ToolCall(id=f"c{i}", name="edit", fingerprint="f" * 16, arguments=arguments)
        step = pb.Event(event_id=f"step:c{i}", step=pb.Step(tool_calls=[call]))
        result = pb.Event(
            event_id=f"result:c{i}", tool_result=pb.ToolResult(call_id=f"c{i}", fingerprint="r")
        )
        reply = stub.Evaluate(pb.EvaluateRequest(trace_id=trace, events=[step, result]), timeout=30)
    assert reply.step == 3  # judged without error; the verdict is the detectors' business
