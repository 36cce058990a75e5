"""OTLP/gRPC: status codes for bad input, size limit, partial success, and overload with RetryInfo
(both metadata keys) on gRPC and HTTP; the server keeps serving afterwards."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeAlias

import grpc
import httpx
import pytest
from google.rpc import error_details_pb2, status_pb2  # type: ignore[import-untyped]  # no stubs published
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceResponse

from loopwatch_collector.receivers import MAX_REQUEST_BYTES
from tests.collector.receivers.otlp_harness import OtlpStack, otlp_stack
from tests.collector.receivers.otlp_requests import new_trace_id, request, tool_span

METHOD = "/opentelemetry.proto.collector.trace.v1.TraceService/Export"

if TYPE_CHECKING:  # grpc's classes are generic in its stubs only
    Export: TypeAlias = grpc.UnaryUnaryMultiCallable[bytes, ExportTraceServiceResponse]


@pytest.fixture(scope="module")
def stack() -> Iterator[OtlpStack]:
    with otlp_stack() as running:
        yield running


@pytest.fixture
def export(stack: OtlpStack) -> Iterator[Export]:
    channel = grpc.insecure_channel(stack.grpc_target, options=[("grpc.max_send_message_length", -1)])
    yield channel.unary_unary(
        METHOD, request_serializer=None, response_deserializer=ExportTraceServiceResponse.FromString
    )
    channel.close()


def _good(export: Export) -> None:
    reply = export(request(tool_span(new_trace_id(), "ok")).SerializeToString(), timeout=10)
    assert not reply.HasField("partial_success")


def test_empty_request_succeeds(export: Export) -> None:
    reply = export(b"", timeout=10)
    assert not reply.HasField("partial_success")


def test_malformed_protobuf_is_invalid_argument(export: Export) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        export(b"\xff\xff\xff\xff", timeout=10)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    details = caught.value.details()
    assert details is not None
    assert "ExportTraceServiceRequest" in details
    _good(export)


def test_invalid_utf8_is_invalid_argument(export: Export) -> None:
    raw = request(tool_span(new_trace_id(), "u", tool="read_fil")).SerializeToString()
    with pytest.raises(grpc.RpcError) as caught:
        export(raw.replace(b"read_fil", b"read_\xff\xfe\xfd"), timeout=10)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    _good(export)


def test_request_over_64_mib_is_resource_exhausted(export: Export) -> None:
    trace = new_trace_id()
    big = request(tool_span(trace, "big", result="r" * (MAX_REQUEST_BYTES + 1024))).SerializeToString()
    with pytest.raises(grpc.RpcError) as caught:
        export(big, timeout=30)
    assert caught.value.code() is grpc.StatusCode.RESOURCE_EXHAUSTED
    _good(export)


def test_partial_success_names_the_rejected_span(stack: OtlpStack, export: Export) -> None:
    trace = new_trace_id()
    bad = tool_span(trace, "bad")
    bad.span_id = b""
    reply = export(request(tool_span(trace, "fine"), bad).SerializeToString(), timeout=10)
    assert reply.partial_success.rejected_spans == 1
    assert "spans[1]: span_id" in reply.partial_success.error_message
    assert [e.event_id for e in stack.sink.events[trace.hex()]] == ["step:fine", "result:fine"]


def test_overload_answers_unavailable_with_retry_info_and_503_retry_after() -> None:
    with otlp_stack(max_in_flight=1) as stack:

        async def close_gate() -> None:
            stack.sink.gate = asyncio.Event()

        stack.run(close_gate)
        trace = new_trace_id()
        first_body = request(tool_span(trace, "held")).SerializeToString()
        held = threading.Thread(
            target=lambda: httpx.post(
                stack.http_url,
                content=first_body,
                headers={"content-type": "application/x-protobuf"},
                timeout=30,
            )
        )
        held.start()
        try:

            async def wait_in_flight() -> None:
                while stack.ingestor._in_flight < 1:
                    await asyncio.sleep(0.01)

            stack.run(wait_in_flight)
            channel = grpc.insecure_channel(stack.grpc_target)
            export = channel.unary_unary(
                METHOD, request_serializer=None, response_deserializer=ExportTraceServiceResponse.FromString
            )
            with pytest.raises(grpc.RpcError) as caught:
                export(request(tool_span(new_trace_id(), "x")).SerializeToString(), timeout=10)
            channel.close()
            assert caught.value.code() is grpc.StatusCode.UNAVAILABLE
            # grpc-stubs type each trailing metadatum as a plain class; it is a (key, value) namedtuple
            trailers: dict[str, bytes] = dict(caught.value.trailing_metadata())  # type: ignore[arg-type]
            retry = error_details_pb2.RetryInfo.FromString(trailers["google.rpc.retryinfo-bin"])
            assert retry.retry_delay.seconds == 1
            rich = status_pb2.Status.FromString(trailers["grpc-status-details-bin"])
            assert rich.details[0].Is(error_details_pb2.RetryInfo.DESCRIPTOR)

            response = httpx.post(
                stack.http_url,
                content=request(tool_span(new_trace_id(), "y")).SerializeToString(),
                headers={"content-type": "application/x-protobuf"},
            )
            assert response.status_code == 503
            assert response.headers["retry-after"] == "1"
        finally:

            async def open_gate() -> None:
                assert stack.sink.gate is not None
                stack.sink.gate.set()

            stack.run(open_gate)
            held.join(10)
        assert [e.event_id for e in stack.sink.events[trace.hex()]] == ["step:held", "result:held"]
