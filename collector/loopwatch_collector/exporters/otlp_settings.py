"""The ``exporters:`` configuration section: verdicts sent out as OpenTelemetry spans.

::

    exporters:
      otlp:                                   # off unless enabled
        enabled: true
        endpoint: localhost:4317              # grpc: host:port; http: http(s)://host:port/v1/traces
        protocol: grpc                        # or http (OTLP/HTTP protobuf)
        headers: {authorization: Bearer xyz}  # sent with every export
        insecure: false                       # grpc only: plaintext instead of TLS
        certificate_file: /etc/ssl/ca.crt     # CA to verify the backend with (default: system CAs)
        timeout_s: 5                          # one export request, retries included
        max_queue_size: 2048                  # verdict spans waiting; past it they are dropped, counted
        max_batch_size: 256                   # spans per export request
        schedule_delay_s: 1                   # a partial batch waits at most this long
        include_tenant: false                 # loopwatch.tenant on each span
        include_content: true                 # the verdict's message and the finding's summary
        tenants: []                           # only these tenants' verdicts; empty = every tenant
        service_name: loopwatch               # resource service.name of the verdict spans
        resource_attributes: {}               # more resource attributes (e.g. a Phoenix project)

Who reads it: ``collector.py`` builds ``exporters.otlp_verdicts.VerdictSpanExporter`` from it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from loopwatch_collector.security.settings import check_tenant_name

# The OpenTelemetry SDK's BatchSpanProcessor queues 2048 spans and exports 512 at a time; verdicts
# are rare next to spans (one per intervention), so the same queue covers minutes of a dead backend
# and a smaller batch keeps one request small.
DEFAULT_MAX_QUEUE_SIZE = 2048
DEFAULT_MAX_BATCH_SIZE = 256
# A nudge should be visible in the tracing tool within a second or two of being sent.
DEFAULT_SCHEDULE_DELAY_S = 1.0
# An export request (retries included) never holds the exporter thread longer than this.
DEFAULT_TIMEOUT_S = 5.0


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class OtlpExporterConfig(_Model):
    """``exporters.otlp``: where verdict spans go and how much may wait for the backend."""

    #: Send each issued verdict (not ``continue``) as a span in the agent's trace.
    enabled: bool = False
    #: grpc: ``host:port``; http: ``http(s)://host:port/v1/traces``.
    endpoint: str = ""
    #: OTLP over gRPC, or OTLP/HTTP with protobuf bodies.
    protocol: Literal["grpc", "http"] = "grpc"
    #: Sent with every export request (an ingestion key, an authorization header).
    headers: dict[str, str] = Field(default_factory=dict)
    #: grpc only: plaintext instead of TLS.
    insecure: bool = False
    #: CA bundle to verify the backend with (default: the system's CAs).
    certificate_file: Path | None = None
    #: One export request, retries included.
    timeout_s: float = Field(default=DEFAULT_TIMEOUT_S, gt=0)
    #: Verdict spans waiting for the backend; past it they are dropped and counted.
    max_queue_size: int = Field(default=DEFAULT_MAX_QUEUE_SIZE, ge=1)
    #: Spans per export request.
    max_batch_size: int = Field(default=DEFAULT_MAX_BATCH_SIZE, ge=1)
    #: A partial batch waits at most this long.
    schedule_delay_s: float = Field(default=DEFAULT_SCHEDULE_DELAY_S, gt=0)
    #: Off by default: a backend shared by several tenants must not learn who they are.
    include_tenant: bool = False
    #: The verdict's message and the finding's summary may quote the repeated call's arguments.
    include_content: bool = True
    #: Only these tenants' verdicts are exported; empty: every tenant's.
    tenants: tuple[str, ...] = ()
    #: The ``service.name`` resource attribute of the verdict spans.
    service_name: str = Field(default="loopwatch", min_length=1)
    #: More resource attributes (a Phoenix project name, a deployment environment).
    resource_attributes: dict[str, str] = Field(default_factory=dict)

    @field_validator("tenants")
    @classmethod
    def _tenant_names(cls, tenants: tuple[str, ...]) -> tuple[str, ...]:
        for tenant in tenants:
            check_tenant_name(tenant)
        return tenants

    @model_validator(mode="after")
    def _endpoint(self) -> OtlpExporterConfig:
        if not self.enabled:
            return self
        if not self.endpoint:
            raise ValueError("endpoint: required when enabled (grpc: host:port; http: a URL)")
        if self.protocol == "http" and not self.endpoint.startswith(("http://", "https://")):
            raise ValueError(f"endpoint: protocol http needs an http(s):// URL, got {self.endpoint!r}")
        if self.max_batch_size > self.max_queue_size:
            raise ValueError("max_batch_size: must not exceed max_queue_size")
        return self


class ExportersConfig(_Model):
    """``exporters``: optional outbound exporters (Prometheus is always served on the REST port)."""

    otlp: OtlpExporterConfig = Field(default_factory=OtlpExporterConfig)
