"""OTLP/HTTP: content types, JSON hex ids, gzip, limits, partial success and bad input.

One server serves the whole module: every bad request must leave it serving, and the session
accepted first must keep all its steps ("nothing accepted before is lost").
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator

import httpx
import pytest
from google.rpc import status_pb2  # type: ignore[import-untyped]  # no stubs published
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceResponse

from loopwatch_collector.receivers import MAX_REQUEST_BYTES
from tests.collector.receivers.otlp_harness import OtlpStack, otlp_stack
from tests.collector.receivers.otlp_requests import json_request, new_trace_id, request, tool_span

PB = {"content-type": "application/x-protobuf"}
JSON = {"content-type": "application/json"}


@pytest.fixture(scope="module")
def stack() -> Iterator[OtlpStack]:
    with otlp_stack() as running:
        yield running


@pytest.fixture(scope="module")
def baseline(stack: OtlpStack) -> str:
    """A trace accepted before any bad input: two steps."""
    trace = new_trace_id()
    body = request(tool_span(trace, "base_1"), tool_span(trace, "base_2")).SerializeToString()
    assert httpx.post(stack.http_url, content=body, headers=PB).status_code == 200
    return trace.hex()


@pytest.fixture(autouse=True)
def still_serving(stack: OtlpStack, baseline: str) -> Iterator[None]:
    yield
    trace = new_trace_id()
    ok = httpx.post(
        stack.http_url, content=request(tool_span(trace, "after")).SerializeToString(), headers=PB
    )
    assert ok.status_code == 200
    record = stack.run(lambda: stack.pipeline.store.get(baseline))
    assert record is not None
    assert record.state.steps == 2


def _status(response: httpx.Response) -> status_pb2.Status:
    if response.headers["content-type"].startswith("application/json"):
        body = response.json()
        return status_pb2.Status(code=body.get("code", 0), message=body.get("message", ""))
    return status_pb2.Status.FromString(response.content)


def test_json_with_hex_ids_is_decoded_as_hex(stack: OtlpStack) -> None:
    trace_hex, span_hex = os.urandom(16).hex(), os.urandom(8).hex()
    response = httpx.post(
        stack.http_url, content=json.dumps(json_request(trace_hex, span_hex, "j1")), headers=JSON
    )
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert "partialSuccess" not in response.json()
    assert stack.sink.contexts[trace_hex].agent == "json-agent"
    assert [e.event_id for e in stack.sink.events[trace_hex]] == ["step:j1", "result:j1"]


def test_protobuf_response_has_protobuf_content_type(stack: OtlpStack) -> None:
    response = httpx.post(
        stack.http_url, content=request(tool_span(new_trace_id(), "p")).SerializeToString(), headers=PB
    )
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/x-protobuf"
    assert not ExportTraceServiceResponse.FromString(response.content).HasField("partial_success")


def test_empty_requests_succeed(stack: OtlpStack) -> None:
    assert httpx.post(stack.http_url, content=b"", headers=PB).status_code == 200
    assert httpx.post(stack.http_url, content=b"{}", headers=JSON).status_code == 200


def test_resent_spans_are_counted_as_duplicates(stack: OtlpStack) -> None:
    trace = new_trace_id()
    body = request(tool_span(trace, "d1"), tool_span(trace, "d2")).SerializeToString()
    before = stack.spans("duplicate")
    assert httpx.post(stack.http_url, content=body, headers=PB).status_code == 200
    assert httpx.post(stack.http_url, content=body, headers=PB).status_code == 200
    assert stack.spans("duplicate") - before == 2
    assert len(stack.sink.events[trace.hex()]) == 4  # 2 steps + 2 results, once


def test_invalid_span_ids_are_a_partial_success(stack: OtlpStack) -> None:
    trace = new_trace_id()
    bad = tool_span(trace, "bad")
    bad.trace_id = b"\x01\x02\x03"
    response = httpx.post(
        stack.http_url, content=request(bad, tool_span(trace, "good")).SerializeToString(), headers=PB
    )
    assert response.status_code == 200
    partial = ExportTraceServiceResponse.FromString(response.content).partial_success
    assert partial.rejected_spans == 1
    assert "trace_id" in partial.error_message
    assert "spans[0]" in partial.error_message
    assert [e.event_id for e in stack.sink.events[trace.hex()]] == ["step:good", "result:good"]


def test_json_partial_success_is_json(stack: OtlpStack) -> None:
    body = json_request("zz" * 16, os.urandom(8).hex(), "bad-hex")
    response = httpx.post(stack.http_url, content=json.dumps(body), headers=JSON)
    assert response.status_code == 200
    assert response.json()["partialSuccess"]["rejectedSpans"] == "1"


@pytest.mark.parametrize(
    ("body", "headers", "status", "needle"),
    [
        (b"\xff\xff\xff\xff", PB, 400, "protobuf"),
        (b'{"resourceSpans": [', JSON, 400, "JSON"),
        (b'{"resourceSpans": "x"}', JSON, 400, "ExportTraceServiceRequest"),
        (b"[1, 2]", JSON, 400, "JSON object"),
        (b'{"x": "\xff\xfe"}', JSON, 400, "UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, JSON, 400, "deeply"),
        (b"hello", {"content-type": "text/plain"}, 415, "content type"),
        (b"hello", {}, 415, "content type"),
        (b"{}", {**JSON, "content-encoding": "br"}, 415, "encoding"),
        (b"not gzip at all", {**PB, "content-encoding": "gzip"}, 400, "gzip"),
    ],
)
def test_bad_requests_get_a_clear_status(
    stack: OtlpStack, body: bytes, headers: dict[str, str], status: int, needle: str
) -> None:
    response = httpx.post(stack.http_url, content=body, headers=headers)
    assert response.status_code == status
    assert needle in _status(response).message


def test_invalid_utf8_in_protobuf_strings_is_rejected(stack: OtlpStack) -> None:
    raw = request(tool_span(new_trace_id(), "u", tool="read_fil")).SerializeToString()
    body = raw.replace(b"read_fil", b"read_\xff\xfe\xfd")
    response = httpx.post(stack.http_url, content=body, headers=PB)
    assert response.status_code == 400
    assert response.headers["content-type"] == "application/x-protobuf"


def test_body_over_the_limit_after_decompression_is_413(stack: OtlpStack) -> None:
    bomb = gzip.compress(b"\x00" * (MAX_REQUEST_BYTES + 1), compresslevel=9)
    assert len(bomb) < 1024 * 1024
    response = httpx.post(stack.http_url, content=bomb, headers={**PB, "content-encoding": "gzip"})
    assert response.status_code == 413
    assert str(MAX_REQUEST_BYTES) in _status(response).message


def test_plain_body_over_a_small_limit_is_413() -> None:
    with otlp_stack(max_body_bytes=1024) as small:
        response = httpx.post(small.http_url, content=b"\x00" * 4096, headers=PB)
        assert response.status_code == 413
        ok = httpx.post(
            small.http_url, content=request(tool_span(new_trace_id(), "s")).SerializeToString(), headers=PB
        )
        assert ok.status_code == 200


def test_ten_megabyte_arguments_and_deep_json_arguments_are_accepted(stack: OtlpStack) -> None:
    trace = new_trace_id()
    huge = json.dumps({"content": "x" * (10 * 1024 * 1024)})
    deep = "[" * 10_000 + "]" * 10_000
    body = request(tool_span(trace, "h", args=huge), tool_span(trace, "n", args=deep)).SerializeToString()
    response = httpx.post(stack.http_url, content=body, headers=PB, timeout=30)
    assert response.status_code == 200
    assert not ExportTraceServiceResponse.FromString(response.content).HasField("partial_success")
    assert len(stack.sink.events[trace.hex()]) == 4


def test_missing_attributes_and_unknown_span_kinds_are_served(stack: OtlpStack) -> None:
    trace = new_trace_id()
    bare = tool_span(trace, "bare")
    del bare.attributes[:]
    odd = tool_span(trace, "odd")
    odd.kind = 99  # type: ignore[assignment]
    before = stack.spans("ignored")
    response = httpx.post(stack.http_url, content=request(bare, odd).SerializeToString(), headers=PB)
    assert response.status_code == 200
    assert stack.spans("ignored") - before == 0  # "execute_tool ..." span names are still tools
    assert [e.event_id for e in stack.sink.events[trace.hex()]][-2:] == ["step:odd", "result:odd"]
