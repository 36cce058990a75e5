"""A verdict path that ingest cannot stall (finding: one 100k-span request blocked every
``Evaluate`` for 13-18 s), and a bounded ingest queue that refuses, retryably, what it cannot
hold — nothing accepted is dropped."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator

import grpc
import pytest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceResponse

from loopwatch import Action, Guard, LoopDetected, Step, ToolCall, ToolResult
from loopwatch._remote import RemoteVerdictService
from loopwatch.guard import DEFAULT_TIMEOUT_S
from loopwatch.wire import pb_grpc
from loopwatch_collector.security.quota import ANONYMOUS_LABEL
from loopwatch_collector.testing import RunningCollector, collector_process, running_collector
from tests.collector.security.security_helpers import evaluate_request, otlp_request, tool_span

BIG_SPANS = 30_000  # seconds of decoding and mapping: on the event loop, every verdict waited
SPANS_PER_TRACE = 100
# A verdict is a millisecond; a stalled one took seconds. Generous for a loaded 2-core machine.
MAX_EVALUATE_S = 1.0
_EXPORT = "/opentelemetry.proto.collector.trace.v1.TraceService/Export"


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector() as running:
        yield running


def _big_request() -> bytes:
    spans = []
    trace = os.urandom(16)
    for n in range(BIG_SPANS):
        if n % SPANS_PER_TRACE == 0:
            trace = os.urandom(16)
        spans.append(tool_span(trace, f"call_{n}", result=f"r{n}"))
    return otlp_request(*spans).SerializeToString()


def test_evaluate_answers_promptly_while_a_huge_request_is_ingested(collector: RunningCollector) -> None:
    body = _big_request()
    outcome: dict[str, object] = {}
    with grpc.insecure_channel(collector.endpoints.grpc_target) as channel:
        export = channel.unary_unary(
            _EXPORT, request_serializer=None, response_deserializer=ExportTraceServiceResponse.FromString
        )

        def send() -> None:
            outcome["reply"] = export(body, timeout=120)

        sender = threading.Thread(target=send)
        sender.start()
        stub = pb_grpc.LoopGuardStub(channel)
        trace = os.urandom(16).hex()
        latencies = []
        step = 0
        while sender.is_alive():
            start = time.perf_counter()
            stub.Evaluate(evaluate_request(trace, step, result=f"r{step}"), timeout=10)
            latencies.append(time.perf_counter() - start)
            step += 1
        sender.join()
    reply = outcome["reply"]
    assert isinstance(reply, ExportTraceServiceResponse)
    assert reply.partial_success.rejected_spans == 0
    accepted = collector.collector.registry.get_sample_value(
        "loopwatch_otlp_spans_total", {"tenant": ANONYMOUS_LABEL, "result": "accepted"}
    )
    assert accepted == BIG_SPANS  # nothing accepted was dropped
    assert len(latencies) > 10  # the request took a while, and verdicts kept coming
    assert max(latencies) < MAX_EVALUATE_S, sorted(latencies)[-5:]


def test_a_looping_sdk_agent_with_the_default_deadline_is_stopped_during_a_huge_request() -> None:
    """The finding: under a big OTLP request the SDK (50 ms deadline) failed open 8 times."""
    body = _big_request()
    with collector_process() as proc, grpc.insecure_channel(proc.endpoints.grpc_target) as channel:
        export = channel.unary_unary(
            _EXPORT, request_serializer=None, response_deserializer=ExportTraceServiceResponse.FromString
        )
        future = export.future(body, timeout=120)
        time.sleep(0.2)  # the request is being decoded and ingested
        service = RemoteVerdictService(proc.endpoints.grpc_target, timeout_s=DEFAULT_TIMEOUT_S)
        assert service.wait_ready()  # connected first, as a long-running agent is
        guard = Guard(service)
        session = guard.session(agent="looping")
        actions: list[Action] = []

        def loop() -> None:
            for i in range(8):
                call = ToolCall.create(id=f"c{i}", name="search", arguments={"q": "same"})
                session.add(
                    Step.create(event_id=f"step:c{i}", text="Searching.", tool_calls=(call,)),
                    ToolResult.create(event_id=f"result:c{i}", call_id=f"c{i}", content="no results"),
                )
                actions.append(session.after_batch().action)

        with pytest.raises(LoopDetected) as halted:
            loop()
        guard.close()
        ingesting = not future.done()
        future.result()
    assert ingesting  # the verdicts above were asked while the big request was in progress
    assert halted.value.verdict.step == 6  # halted on time, not failed open
    assert Action.NUDGE in actions
    assert guard.stats.failed == 0


def test_a_full_ingest_queue_answers_unavailable_with_a_retry_delay() -> None:
    ingestor_body = _big_request()
    codes: list[grpc.StatusCode] = []
    retry_infos: list[bool] = []
    with (
        running_collector({"ingest": {"max_in_flight": 1}}) as collector,
        grpc.insecure_channel(collector.endpoints.grpc_target) as channel,
    ):
        export = channel.unary_unary(
            _EXPORT, request_serializer=None, response_deserializer=ExportTraceServiceResponse.FromString
        )
        futures = [export.future(ingestor_body, timeout=120) for _ in range(4)]  # 4 x 3.6 MB
        for future in futures:
            try:
                future.result()
                codes.append(grpc.StatusCode.OK)
            except grpc.RpcError as exc:
                codes.append(exc.code())
                keys = {m.key for m in exc.trailing_metadata() or ()}
                retry_infos.append("google.rpc.retryinfo-bin" in keys)
    # The four requests race for the one slot: whichever is admitted first is ingested.
    assert set(codes) <= {grpc.StatusCode.OK, grpc.StatusCode.UNAVAILABLE}
    assert grpc.StatusCode.OK in codes
    assert grpc.StatusCode.UNAVAILABLE in codes
    assert retry_infos
    assert all(retry_infos)  # every refusal tells when to retry
