"""OTLP export responses from an ``ExportOutcome``: one place for both transports.

``partial_success`` is set only when something was rejected (OTLP: an empty one means success).
"""

from __future__ import annotations

from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceResponse
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceResponse

from loopwatch_collector.receivers.ingest import ExportOutcome


def trace_reply(outcome: ExportOutcome) -> ExportTraceServiceResponse:
    """The trace response: rejected spans and the first problem."""
    reply = ExportTraceServiceResponse()
    if outcome.rejected:
        reply.partial_success.rejected_spans = outcome.rejected
        reply.partial_success.error_message = outcome.message
    return reply


def logs_reply(outcome: ExportOutcome) -> ExportLogsServiceResponse:
    """The logs response: rejected log records and the first problem."""
    reply = ExportLogsServiceResponse()
    if outcome.rejected:
        reply.partial_success.rejected_log_records = outcome.rejected
        reply.partial_success.error_message = outcome.message
    return reply
