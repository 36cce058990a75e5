"""OTLP logs in: the SDK's own log exporters (gRPC, HTTP, gzip) join GenAI events to their spans;
bad input on ``/v1/logs`` and ``LogsService/Export`` gets the same answers as on traces."""

from __future__ import annotations

import base64
import gzip
import json
import os
from collections.abc import Iterator

import grpc
import httpx
import pytest
from google.protobuf import json_format
from google.rpc import status_pb2  # type: ignore[import-untyped]  # no stubs published
from opentelemetry.exporter.otlp.proto.grpc._log_exporter import OTLPLogExporter as GrpcLogExporter
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcSpanExporter
from opentelemetry.exporter.otlp.proto.http import Compression
from opentelemetry.exporter.otlp.proto.http._log_exporter import OTLPLogExporter as HttpLogExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpSpanExporter
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceResponse

from loopwatch.events import Step, ToolResult
from loopwatch_collector.receivers import MAX_REQUEST_BYTES
from tests.collector.receivers.genai_event_agent import run_event_agent
from tests.collector.receivers.otlp_harness import OtlpStack, otlp_stack
from tests.collector.receivers.otlp_log_requests import logs_request, stuck_loop

PB = {"content-type": "application/x-protobuf"}
JSON = {"content-type": "application/json"}
LOGS_METHOD = "/opentelemetry.proto.collector.logs.v1.LogsService/Export"
STEPS = 5
_seen: set[str] = set()  # sessions of runs already checked (the stack serves the whole module)


@pytest.fixture(scope="module")
def stack() -> Iterator[OtlpStack]:
    with otlp_stack() as running:
        yield running


def _assert_stuck_run_nudged_once_per_step(stack: OtlpStack, trace_id: str) -> None:
    # When the events arrive before the spans, the run's session is named by its history.
    (session,) = {t for t, c in stack.sink.contexts.items() if c.agent == "event-agent"} - _seen
    _seen.add(session)
    trace_id = session
    events = stack.sink.events[trace_id]
    assert len([e for e in events if isinstance(e, Step)]) == STEPS  # spans and events counted once
    assert [e.preview for e in events if isinstance(e, ToolResult)][:1] == ["not found"]
    assert "nudge" in stack.actions(trace_id)


def test_grpc_log_and_span_exporters_join_and_nudge(stack: OtlpStack) -> None:
    trace_id = run_event_agent(
        GrpcSpanExporter(endpoint=stack.grpc_target, insecure=True),
        GrpcLogExporter(endpoint=stack.grpc_target, insecure=True),
        steps=STEPS,
    )
    _assert_stuck_run_nudged_once_per_step(stack, trace_id)


def test_http_gzip_log_and_span_exporters_join_and_nudge(stack: OtlpStack) -> None:
    trace_id = run_event_agent(
        HttpSpanExporter(endpoint=stack.http_url, compression=Compression.Gzip),
        HttpLogExporter(endpoint=stack.logs_url, compression=Compression.Gzip),
        steps=STEPS,
    )
    _assert_stuck_run_nudged_once_per_step(stack, trace_id)


def test_json_logs_with_hex_ids_are_joined_by_those_ids(stack: OtlpStack) -> None:
    trace = os.urandom(16)
    body = json_format.MessageToDict(logs_request(*stuck_loop(trace, 3), service="json-logs-agent"))
    for resource_logs in body["resourceLogs"]:
        for scope_logs in resource_logs["scopeLogs"]:
            for record in scope_logs["logRecords"]:  # OTLP/JSON: ids in hex, where proto3 JSON has base64
                record["traceId"] = base64.b64decode(record["traceId"]).hex()
                record["spanId"] = base64.b64decode(record["spanId"]).hex()
    response = httpx.post(stack.logs_url, content=json.dumps(body), headers=JSON)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    (session,) = [t for t, c in stack.sink.contexts.items() if c.agent == "json-logs-agent"]
    assert len([e for e in stack.sink.events[session] if isinstance(e, Step)]) == 3


def _status(response: httpx.Response) -> status_pb2.Status:
    if response.headers["content-type"].startswith("application/json"):
        body = response.json()
        return status_pb2.Status(code=body.get("code", 0), message=body.get("message", ""))
    return status_pb2.Status.FromString(response.content)


@pytest.mark.parametrize(
    ("body", "headers", "status", "needle"),
    [
        (b"\xff\xff\xff\xff", PB, 400, "ExportLogsServiceRequest"),
        (b"{not json", JSON, 400, "JSON"),
        (b"[]", JSON, 400, "ExportLogsServiceRequest"),
        (b"hello", {"content-type": "text/plain"}, 415, "content type"),
        (b"not gzip at all", {**PB, "content-encoding": "gzip"}, 400, "gzip"),
    ],
)
def test_bad_logs_requests_get_a_clear_status(
    stack: OtlpStack, body: bytes, headers: dict[str, str], status: int, needle: str
) -> None:
    response = httpx.post(stack.logs_url, content=body, headers=headers)
    assert response.status_code == status
    assert needle in _status(response).message


def test_logs_body_over_the_limit_after_decompression_is_413(stack: OtlpStack) -> None:
    bomb = gzip.compress(b"\x00" * (MAX_REQUEST_BYTES + 1), compresslevel=9)
    response = httpx.post(stack.logs_url, content=bomb, headers={**PB, "content-encoding": "gzip"})
    assert response.status_code == 413
    assert str(MAX_REQUEST_BYTES) in _status(response).message


def test_grpc_logs_malformed_and_oversized_requests(stack: OtlpStack) -> None:
    with grpc.insecure_channel(stack.grpc_target, options=[("grpc.max_send_message_length", -1)]) as channel:
        export = channel.unary_unary(
            LOGS_METHOD, request_serializer=None, response_deserializer=ExportLogsServiceResponse.FromString
        )
        with pytest.raises(grpc.RpcError) as caught:
            export(b"\xff\xff\xff\xff", timeout=10)
        assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
        assert "ExportLogsServiceRequest" in (caught.value.details() or "")
        with pytest.raises(grpc.RpcError) as too_big:
            export(b"\x00" * (MAX_REQUEST_BYTES + 1), timeout=30)
        assert too_big.value.code() is grpc.StatusCode.RESOURCE_EXHAUSTED
        reply = export(logs_request(*stuck_loop(os.urandom(16), 2)).SerializeToString(), timeout=10)
        assert not reply.HasField("partial_success")
