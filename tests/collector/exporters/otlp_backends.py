"""Real OTLP backends on 127.0.0.1 for exporter tests and benchmarks.

- ``recording_trace_backend(tls=...)``: a gRPC ``TraceService`` that records every exported
  span and the metadata (headers) of each request; over TLS with a (certificate, key) pair.
- ``silent_backend()``: a TCP socket that accepts connections and never answers (a hung
  backend: the exporter's requests wait until their deadline).
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from dataclasses import dataclass, field
from typing import Any

import grpc
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc
from opentelemetry.proto.common.v1.common_pb2 import AnyValue
from opentelemetry.proto.trace.v1.trace_pb2 import Span

_LOCALHOST = "127.0.0.1"
# What the server's thread pool needs for one exporter plus a health probe.
_SERVER_THREADS = 4
_WAIT_POLL_S = 0.02


@dataclass(frozen=True, slots=True)
class ExportedSpan:
    """One span as the backend received it, with its resource attributes."""

    span: Span
    resource: dict[str, Any]

    @property
    def attributes(self) -> dict[str, Any]:
        return {kv.key: _value(kv.value) for kv in self.span.attributes}

    @property
    def trace_id(self) -> str:
        return self.span.trace_id.hex()

    @property
    def parent_span_id(self) -> str:
        return self.span.parent_span_id.hex()


@dataclass
class RecordingBackend(trace_service_pb2_grpc.TraceServiceServicer):
    """The spans received so far; ``wait_for(n)`` polls until ``n`` arrived."""

    target: str = ""
    spans: list[ExportedSpan] = field(default_factory=list)
    metadata: list[dict[str, str]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def Export(  # noqa: N802 - the gRPC method name
        self, request: trace_service_pb2.ExportTraceServiceRequest, context: grpc.ServicerContext
    ) -> trace_service_pb2.ExportTraceServiceResponse:
        with self._lock:
            self.metadata.append({key: str(value) for key, value in context.invocation_metadata()})
            for resource_spans in request.resource_spans:
                resource = {kv.key: _value(kv.value) for kv in resource_spans.resource.attributes}
                for scope_spans in resource_spans.scope_spans:
                    self.spans.extend(ExportedSpan(span, resource) for span in scope_spans.spans)
        return trace_service_pb2.ExportTraceServiceResponse()

    def wait_for(self, n: int, timeout_s: float = 10.0) -> list[ExportedSpan]:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            with self._lock:
                if len(self.spans) >= n:
                    return list(self.spans)
            time.sleep(_WAIT_POLL_S)
        with self._lock:
            return list(self.spans)


@contextlib.contextmanager
def recording_trace_backend(tls: tuple[bytes, bytes] | None = None) -> Iterator[RecordingBackend]:
    backend = RecordingBackend()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=_SERVER_THREADS))
    trace_service_pb2_grpc.add_TraceServiceServicer_to_server(backend, server)  # type: ignore[no-untyped-call]
    address = f"{_LOCALHOST}:0"
    if tls is None:
        port = server.add_insecure_port(address)
    else:
        port = server.add_secure_port(address, grpc.ssl_server_credentials([(tls[1], tls[0])]))
    server.start()
    backend.target = f"{_LOCALHOST}:{port}"
    try:
        yield backend
    finally:
        server.stop(grace=None)


@contextlib.contextmanager
def silent_backend() -> Iterator[str]:
    """``host:port`` of a listener that accepts and never answers; connections held open."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind((_LOCALHOST, 0))
    listener.listen()
    listener.settimeout(_WAIT_POLL_S * 5)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:  # timeout, or closed on exit
                continue
            held.append(conn)

    thread = threading.Thread(target=accept, name="silent-backend", daemon=True)
    thread.start()
    try:
        yield f"{_LOCALHOST}:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join()
        listener.close()
        for conn in held:
            conn.close()


def _value(value: AnyValue) -> Any:
    kind = value.WhichOneof("value")
    if kind == "array_value":
        return [_value(v) for v in value.array_value.values]
    return getattr(value, kind) if kind else None
