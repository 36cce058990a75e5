"""OTLP trace and logs receivers (gRPC and HTTP): wire data in, events to the pipeline. They only translate.

Wiring (done by the server assembly)::

    ingestor = OtlpIngestor(pipeline, metrics=metrics)
    server = grpc.aio.server(options=GRPC_SERVER_OPTIONS)
    add_otlp_services(ingestor, server)   # :4317, TraceService and LogsService (or one by one:
                                          # add_otlp_trace_service / add_otlp_logs_service)
    app.include_router(otlp_http_router(ingestor))                   # POST /v1/traces, /v1/logs, :4318
"""

from __future__ import annotations

import typing as _typing

from loopwatch_collector.lazy_exports import lazy_getattr as _lazy_getattr

if _typing.TYPE_CHECKING:
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

# Public name -> its module, imported on first use (PEP 562): the ingest worker imports
# ``receivers.offload`` and the decoder, not the gRPC and HTTP servers.
_EXPORTS = {
    "ExportOutcome": "loopwatch_collector.receivers.ingest",
    "GRPC_SERVER_OPTIONS": "loopwatch_collector.receivers.otlp_grpc",
    "MAX_REQUEST_BYTES": "loopwatch_collector.receivers.limits",
    "OtlpGrpcLogsService": "loopwatch_collector.receivers.otlp_grpc",
    "OtlpGrpcTraceService": "loopwatch_collector.receivers.otlp_grpc",
    "OtlpIngestor": "loopwatch_collector.receivers.ingest",
    "OverloadedError": "loopwatch_collector.exceptions",
    "TraceSink": "loopwatch_collector.receivers.ingest",
    "add_otlp_logs_service": "loopwatch_collector.receivers.otlp_grpc",
    "add_otlp_services": "loopwatch_collector.receivers.otlp_grpc",
    "add_otlp_trace_service": "loopwatch_collector.receivers.otlp_grpc",
    "grpc_server_options": "loopwatch_collector.receivers.otlp_grpc",
    "otlp_http_router": "loopwatch_collector.receivers.otlp_http",
}


__getattr__ = _lazy_getattr(__name__, _EXPORTS, globals())
