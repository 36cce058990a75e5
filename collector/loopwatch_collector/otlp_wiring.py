"""The OTLP receivers as the collector wires them: one ingestor behind OTLP/gRPC and OTLP/HTTP.

``otlp_receivers`` builds the ingestor (``receivers.OtlpIngestor``) with the collector's rate
limits, decode worker, verdict priority and content control, and returns what the servers need:
the gRPC server options, the servicer to add and the HTTP router. Called once per collector,
on the event loop, before serving.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import grpc
from fastapi import APIRouter

from loopwatch_collector.config import IngestConfig
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.receivers.offload import DecodeWorker
from loopwatch_collector.receivers.priority import VerdictPriority
from loopwatch_collector.security import IngestRateLimiter
from loopwatch_collector.security.content import ContentControl

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class OtlpReceivers:
    """What the servers need of the receivers: gRPC server options, the servicer and how to
    add it to a server, and the OTLP/HTTP router."""

    grpc_options: tuple[tuple[str, Any], ...]
    service: Any
    add: Any
    http_router: APIRouter

    def add_grpc(self, server: grpc.aio.Server) -> None:
        self.add(self.service, server)


def otlp_receivers(
    pipeline: Pipeline,
    metrics: Metrics,
    *,
    rate_limiter: IngestRateLimiter | None,
    byte_rate_limiter: IngestRateLimiter | None,
    worker: DecodeWorker,
    priority: VerdictPriority,
    limits: IngestConfig,
    content: ContentControl,
) -> OtlpReceivers | None:
    """The OTLP helper's receivers, when installed (they land in ``receivers/``)."""
    try:
        from loopwatch_collector import receivers
    except ImportError as exc:  # pragma: no cover - only while the receivers are being built
        logger.warning("OTLP receivers unavailable: %s", exc)
        return None
    ingestor = receivers.OtlpIngestor(
        pipeline,
        metrics=metrics,
        rate_limiter=rate_limiter,
        byte_rate_limiter=byte_rate_limiter,
        worker=worker,
        priority=priority,
        max_in_flight=limits.max_in_flight,
        max_in_flight_bytes=limits.max_in_flight_bytes,
        content=content,
        aliases=pipeline,
    )
    return OtlpReceivers(
        grpc_options=receivers.grpc_server_options(limits.max_request_bytes),
        service=ingestor,
        add=receivers.add_otlp_services,
        http_router=receivers.otlp_http_router(ingestor, max_body_bytes=limits.max_request_bytes),
    )
