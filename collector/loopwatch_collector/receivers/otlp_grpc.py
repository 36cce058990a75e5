"""OTLP/gRPC receivers: ``opentelemetry.proto.collector.trace.v1.TraceService/Export`` and
``opentelemetry.proto.collector.logs.v1.LogsService/Export`` (GenAI log events).

Mount on a ``grpc.aio`` server built with ``options=GRPC_SERVER_OPTIONS`` (raises the receive
limit from gRPC's 4 MiB to OTLP's 64 MiB; gRPC enforces it after decompression and answers
RESOURCE_EXHAUSTED itself)::

    add_otlp_trace_service(OtlpGrpcTraceService(ingestor), server)
    add_otlp_logs_service(OtlpGrpcLogsService(ingestor), server)

``add_otlp_trace_service`` (and ``add_otlp_logs_service``) registers a handler that receives the
raw request bytes and decodes them (in the ingest worker), so a malformed protobuf gets
INVALID_ARGUMENT with a message (gRPC's own decoder would answer INTERNAL).
``OtlpGrpcTraceService`` is also a plain ``TraceServiceServicer`` for
``add_TraceServiceServicer_to_server``, minus that refinement.

Status codes: OK with ``partial_success`` when some spans were rejected; INVALID_ARGUMENT for a
malformed request; RESOURCE_EXHAUSTED over the size limit; UNAVAILABLE with
``google.rpc.RetryInfo`` when overloaded, in both ``grpc-status-details-bin`` (the standard
rich status, read by Go and Java clients) and ``google.rpc.retryinfo-bin`` (the only key the
Python exporter reads, OTEL.md 3.3).
"""

from __future__ import annotations

from typing import Any, NoReturn

import grpc
from google.protobuf.message import Message
from google.rpc import code_pb2, error_details_pb2, status_pb2  # type: ignore[import-untyped]
from grpc_status import rpc_status
from opentelemetry.proto.collector.logs.v1 import logs_service_pb2_grpc
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import (
    ExportLogsServiceRequest,
    ExportLogsServiceResponse,
)
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

from loopwatch_collector.exceptions import OverloadedError
from loopwatch_collector.receivers.decode import PROTOBUF, Signal
from loopwatch_collector.receivers.ingest import ExportOutcome, OtlpIngestor
from loopwatch_collector.receivers.limits import MAX_REQUEST_BYTES
from loopwatch_collector.receivers.otlp_json import MalformedRequestError
from loopwatch_collector.receivers.replies import logs_reply, trace_reply
from loopwatch_collector.security.tenancy import current_tenant

SERVICE_NAME = "opentelemetry.proto.collector.trace.v1.TraceService"
LOGS_SERVICE_NAME = "opentelemetry.proto.collector.logs.v1.LogsService"
RETRY_INFO_KEY = "google.rpc.retryinfo-bin"


def grpc_server_options(max_request_bytes: int = MAX_REQUEST_BYTES) -> tuple[tuple[str, Any], ...]:
    """Options the gRPC server hosting this receiver must be created with: requests over
    ``max_request_bytes`` (``ingest.max_request_bytes``) are refused by gRPC before any handler
    runs (RESOURCE_EXHAUSTED)."""
    return (
        ("grpc.max_receive_message_length", max_request_bytes),
        # gRPC enables SO_REUSEPORT by default on Linux: two collectors could silently share a port.
        ("grpc.so_reuseport", 0),
    )


GRPC_SERVER_OPTIONS = grpc_server_options()
"""The options with OTLP's recommended 64 MiB limit."""


class OtlpGrpcTraceService(trace_service_pb2_grpc.TraceServiceServicer):
    """OTLP/gRPC ``Export``: decode, hand to the ingestor, answer. Runs on the server's loop."""

    def __init__(self, ingestor: OtlpIngestor) -> None:
        self._ingestor = ingestor

    async def Export(  # noqa: N802 - the proto's method name
        self, request: ExportTraceServiceRequest | bytes, context: grpc.aio.ServicerContext[Any, Any]
    ) -> ExportTraceServiceResponse:
        return trace_reply(await _export(self._ingestor, request, "traces", context))


class OtlpGrpcLogsService(logs_service_pb2_grpc.LogsServiceServicer):
    """OTLP/gRPC logs ``Export``: as ``OtlpGrpcTraceService``, for the GenAI log events."""

    def __init__(self, ingestor: OtlpIngestor) -> None:
        self._ingestor = ingestor

    async def Export(  # noqa: N802 - the proto's method name
        self, request: ExportLogsServiceRequest | bytes, context: grpc.aio.ServicerContext[Any, Any]
    ) -> ExportLogsServiceResponse:
        return logs_reply(await _export(self._ingestor, request, "logs", context))


async def _export(
    ingestor: OtlpIngestor,
    request: ExportTraceServiceRequest | ExportLogsServiceRequest | bytes,
    signal: Signal,
    context: grpc.aio.ServicerContext[Any, Any],
) -> ExportOutcome:
    """Hand ``request`` to ``ingestor`` for the caller's tenant; aborts RESOURCE_EXHAUSTED,
    INVALID_ARGUMENT or UNAVAILABLE (with RetryInfo) when it cannot be taken."""
    if isinstance(request, bytes) and len(request) > MAX_REQUEST_BYTES:
        await context.abort(
            grpc.StatusCode.RESOURCE_EXHAUSTED,
            f"request larger than {MAX_REQUEST_BYTES} bytes after decompression",
        )
    tenant = current_tenant()
    try:
        if isinstance(request, bytes):
            return await ingestor.export_body(request, PROTOBUF, tenant=tenant, signal=signal)
        if isinstance(request, ExportLogsServiceRequest):
            return await ingestor.export_logs(request, tenant=tenant)
        return await ingestor.export(request, tenant=tenant)
    except MalformedRequestError as exc:
        await context.abort(grpc.StatusCode.INVALID_ARGUMENT, f"request: {exc}")
    except OverloadedError as exc:
        await _abort_unavailable(context, str(exc), exc.retry_after_s)
    raise AssertionError("context.abort raises")


def add_otlp_services(ingestor: OtlpIngestor, server: grpc.aio.Server) -> None:
    """Register the trace and the logs ``Export`` of ``ingestor`` on ``server``."""
    add_otlp_trace_service(OtlpGrpcTraceService(ingestor), server)
    add_otlp_logs_service(OtlpGrpcLogsService(ingestor), server)


def add_otlp_trace_service(servicer: OtlpGrpcTraceService, server: grpc.aio.Server) -> None:
    """Register ``servicer`` on ``server``, decoding requests itself (see the module docstring)."""
    _add_export(SERVICE_NAME, servicer.Export, ExportTraceServiceResponse, server)


def add_otlp_logs_service(servicer: OtlpGrpcLogsService, server: grpc.aio.Server) -> None:
    """Register ``servicer`` on ``server``, decoding requests itself (see the module docstring)."""
    _add_export(LOGS_SERVICE_NAME, servicer.Export, ExportLogsServiceResponse, server)


def _add_export(service: str, export: Any, response: type[Message], server: grpc.aio.Server) -> None:
    # No request deserializer: the handler gets the bytes and decodes them (or the worker does).
    method = grpc.unary_unary_rpc_method_handler(
        export, request_deserializer=None, response_serializer=response.SerializeToString
    )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(service, {"Export": method}),))


async def _abort_unavailable(
    context: grpc.aio.ServicerContext[Any, Any], message: str, retry_after_s: float
) -> NoReturn:
    retry = error_details_pb2.RetryInfo()
    seconds = int(retry_after_s)
    retry.retry_delay.seconds = seconds
    retry.retry_delay.nanos = int((retry_after_s - seconds) * 1e9)
    status = status_pb2.Status(code=code_pb2.UNAVAILABLE, message=message)
    status.details.add().Pack(retry)
    rich = rpc_status.to_status(status)
    metadata = (*tuple(rich.trailing_metadata), (RETRY_INFO_KEY, retry.SerializeToString()))
    await context.abort(rich.code, rich.details, metadata)
