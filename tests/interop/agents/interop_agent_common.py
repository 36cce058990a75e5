"""What every matrix agent shares: OTLP export to the collector under test, tool definitions.

Agents run in their framework's own virtualenv as ``python agents/<framework>.py SCENARIO MODE``
with ``LOOPWATCH_INTEROP_MODEL_URL`` (the fake model server) and the standard
``OTEL_EXPORTER_OTLP_ENDPOINT`` / ``OTEL_SERVICE_NAME`` set by the harness. Spans and log records
are exported synchronously (simple processors) so the run is complete when the process exits.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from opentelemetry.exporter.otlp.proto.http._log_exporter import OTLPLogExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk._logs import LoggerProvider
from opentelemetry.sdk._logs.export import SimpleLogRecordProcessor
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository: tests.interop

from tests.interop.interop_scenarios import QUESTION, SYSTEM, TOOL_SPECS, Tools

MODEL = "fake-model"
__all__ = [
    "MODEL",
    "QUESTION",
    "SYSTEM",
    "TOOL_SPECS",
    "Telemetry",
    "Tools",
    "model_url",
    "openai_tools",
    "telemetry",
]


@dataclass
class Telemetry:
    tracer_provider: TracerProvider
    logger_provider: LoggerProvider

    def shutdown(self) -> None:
        self.logger_provider.shutdown()
        self.tracer_provider.shutdown()


def telemetry() -> Telemetry:
    """Providers exporting to the collector (the OTLP/HTTP endpoint of the environment)."""
    endpoint = os.environ["OTEL_EXPORTER_OTLP_ENDPOINT"].rstrip("/")
    resource = Resource.create({"service.name": os.environ["OTEL_SERVICE_NAME"]})
    tracer_provider = TracerProvider(resource=resource)
    tracer_provider.add_span_processor(
        SimpleSpanProcessor(OTLPSpanExporter(endpoint=f"{endpoint}/v1/traces"))
    )
    logger_provider = LoggerProvider(resource=resource)
    logger_provider.add_log_record_processor(
        SimpleLogRecordProcessor(OTLPLogExporter(endpoint=f"{endpoint}/v1/logs"))
    )
    return Telemetry(tracer_provider, logger_provider)


def model_url() -> str:
    return os.environ["LOOPWATCH_INTEROP_MODEL_URL"]


def openai_tools() -> list[dict[str, Any]]:
    """The scenario tools in the OpenAI chat-completions format."""
    return [
        {
            "type": "function",
            "function": {
                "name": name,
                "description": spec["description"],
                "parameters": {
                    "type": "object",
                    "properties": {p: {"type": t} for p, t in spec["parameters"].items()},
                    "required": list(spec["parameters"]),
                },
            },
        }
        for name, spec in TOOL_SPECS.items()
    ]
