"""OTLP trace and logs receivers (gRPC and HTTP): wire data in, events to the pipeline. They only translate.

Wiring (done by the server assembly)::

    ingestor = OtlpIngestor(pipeline, metrics=metrics)
    server = grpc.aio.server(options=GRPC_SERVER_OPTIONS)
    add_otlp_services(ingestor, server)   # :4317, TraceService and LogsService (or one by one:
                                          # add_otlp_trace_service / add_otlp_logs_service)
    app.include_router(otlp_http_router(ingestor))                   # POST /v1/traces, /v1/logs, :4318
"""

from __future__ import annotations

from loopwatch_collector.exceptions import OverloadedError
from loopwatch_collector.receivers.ingest import ExportOutcome, OtlpIngestor, TraceSink
from loopwatch_collector.receivers.limits import MAX_REQUEST_BYTES
from loopwatch_collector.receivers.otlp_grpc import (
    GRPC_SERVER_OPTIONS,
    OtlpGrpcLogsService,
    OtlpGrpcTraceService,
    add_otlp_logs_service,
    add_otlp_services,
    add_otlp_trace_service,
    grpc_server_options,
)
from loopwatch_collector.receivers.otlp_http import otlp_http_router

__all__ = [
    "GRPC_SERVER_OPTIONS",
    "MAX_REQUEST_BYTES",
    "ExportOutcome",
    "OtlpGrpcLogsService",
    "OtlpGrpcTraceService",
    "OtlpIngestor",
    "OverloadedError",
    "TraceSink",
    "add_otlp_logs_service",
    "add_otlp_services",
    "add_otlp_trace_service",
    "grpc_server_options",
    "otlp_http_router",
]
