"""Fair ingest between tenants: beta's rate is checked on request bytes before anything is
decoded, and the ingest worker serves tenants in turn, so alpha's request never waits behind
beta's backlog."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

import grpc
import httpx
import pytest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceResponse

from loopwatch_collector.testing import running_collector
from tests.collector.security.security_helpers import (
    ALPHA_KEY,
    BETA_KEY,
    headers,
    metadata,
    otlp_request,
    tool_span,
    two_tenants,
)

_EXPORT = "/opentelemetry.proto.collector.trace.v1.TraceService/Export"
BETA_BYTES_PER_S = 1000  # a bucket of 1 kB: one garbage body empties it for minutes
GARBAGE = b"\xff" * 4096  # not protobuf: decoding it answers INVALID_ARGUMENT
BACKLOG = 4  # beta's requests queued before alpha's
BACKLOG_SPANS = 3000  # about a second of decoding each on a slow host


def _exporter(channel: grpc.Channel) -> Callable[..., ExportTraceServiceResponse]:
    return channel.unary_unary(
        _EXPORT, request_serializer=None, response_deserializer=ExportTraceServiceResponse.FromString
    )


def _code(call: Callable[[], object]) -> grpc.StatusCode:
    try:
        call()
    except grpc.RpcError as exc:
        return exc.code()
    return grpc.StatusCode.OK


def test_a_tenants_byte_rate_refuses_before_decoding() -> None:
    config = two_tenants(auth={"tenants": {"beta": {"ingest_bytes_per_s": BETA_BYTES_PER_S}}})
    small = otlp_request(tool_span(os.urandom(16), "c1")).SerializeToString()
    with (
        running_collector(config) as running,
        grpc.insecure_channel(running.endpoints.grpc_target) as channel,
    ):
        export = _exporter(channel)
        # The first body is admitted (a full bucket admits one request of any size) and decoded.
        first = _code(lambda: export(GARBAGE, metadata=metadata(BETA_KEY), timeout=10))
        assert first == grpc.StatusCode.INVALID_ARGUMENT
        # The second is refused on its bytes: had it been decoded it would be INVALID_ARGUMENT.
        with pytest.raises(grpc.RpcError) as refused:
            export(GARBAGE, metadata=metadata(BETA_KEY), timeout=10)
        assert refused.value.code() == grpc.StatusCode.UNAVAILABLE
        assert "google.rpc.retryinfo-bin" in {m.key for m in refused.value.trailing_metadata() or ()}
        # Alpha has no rate: its exports go on.
        for _ in range(3):
            assert export(small, metadata=metadata(ALPHA_KEY), timeout=10).partial_success.rejected_spans == 0


def test_the_worker_serves_tenants_in_turn() -> None:
    def backlog_request(n: int) -> bytes:
        trace = os.urandom(16)
        return otlp_request(
            *(tool_span(trace, f"b{n}-{i}") for i in range(BACKLOG_SPANS))
        ).SerializeToString()

    finished: list[str] = []
    lock = threading.Lock()
    with (
        running_collector(two_tenants()) as running,
        grpc.insecure_channel(running.endpoints.grpc_target) as channel,
    ):
        export = _exporter(channel)

        def send(name: str, key: str, body: bytes) -> None:
            export(body, metadata=metadata(key), timeout=120)
            with lock:
                finished.append(name)

        threads = [
            threading.Thread(target=send, args=(f"beta-{n}", BETA_KEY, backlog_request(n)))
            for n in range(BACKLOG)
        ]
        for thread in threads:
            thread.start()
        while not finished:  # beta's first is decoded: the rest of its backlog is queued
            threads[0].join(0.05)
        alpha = otlp_request(tool_span(os.urandom(16), "a1")).SerializeToString()
        with lock:
            ahead = len(finished)  # beta's requests done before alpha's was sent
        send("alpha", ALPHA_KEY, alpha)
        for thread in threads:
            thread.join()
    # In turn: alpha's request waited for at most the beta requests already handed to the worker
    # (one being decoded, one next) and never for the rest of beta's backlog; FIFO would put it
    # behind all BACKLOG of them. Counted from when alpha was sent: on a loaded host more of
    # beta's may finish while the test builds alpha's request.
    assert finished.index("alpha") <= ahead + 2, (ahead, finished)


def test_an_oversize_request_is_refused_before_it_is_decoded() -> None:
    limit = 64 * 1024
    config = two_tenants(ingest={"max_request_bytes": limit})
    trace = os.urandom(16)
    oversize = otlp_request(tool_span(trace, "big", result="r" * (2 * limit))).SerializeToString()
    small = otlp_request(tool_span(os.urandom(16), "c1")).SerializeToString()
    with (
        running_collector(config) as running,
        grpc.insecure_channel(running.endpoints.grpc_target) as channel,
    ):
        export = _exporter(channel)
        refused = _code(lambda: export(oversize, metadata=metadata(BETA_KEY), timeout=10))
        assert refused == grpc.StatusCode.RESOURCE_EXHAUSTED
        reply = httpx.post(
            running.endpoints.otlp_http_url + "/v1/traces",
            content=oversize,
            headers={**headers(BETA_KEY), "Content-Type": "application/x-protobuf"},
            timeout=10,
        )
        assert reply.status_code == 413
        assert export(small, metadata=metadata(ALPHA_KEY), timeout=10).partial_success.rejected_spans == 0
        registry = running.collector.registry
        accepted = {"tenant": "beta", "result": "accepted"}
        assert not registry.get_sample_value("loopwatch_otlp_spans_total", accepted)  # nothing of beta's
