"""``loopwatch.init``: one call that wires spans (OTLP) and the guard from arguments + env.

Explicit arguments win over ``LOOPWATCH_*`` variables, which win over defaults; the standard
``OTEL_*`` variables are left to the OpenTelemetry SDK (exporter endpoint, headers, protocol,
batch processor settings, service name and resource attributes). Nothing global is touched
unless ``set_global=True``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from opentelemetry import trace
from opentelemetry.sdk.resources import SERVICE_NAME, Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter

from loopwatch import environment_variables as env
from loopwatch._run import Loopwatch
from loopwatch.detect.settings import DetectorSettings, SettingsSource
from loopwatch.guard import DEFAULT_TIMEOUT_S, Guard, GuardMode

if TYPE_CHECKING:
    import grpc

OtlpProtocol = Literal["grpc", "http/protobuf"]
GuardKind = Literal["remote", "local", "off"]

_TRUE = {"1", "true", "yes", "on"}

#: Bound on one span export, retries included (the OTLP exporters default to 10 s). The batch
#: processor's last export runs inside ``Loopwatch.shutdown()``, so this is how long a dead or
#: unreachable collector can hold an agent at exit: about a second, not ten. Spans are
#: telemetry; a collector that cannot take a batch within a second loses it (logged by OTel).
#: ``OTEL_EXPORTER_OTLP_TIMEOUT`` / ``OTEL_EXPORTER_OTLP_TRACES_TIMEOUT`` override it.
SPAN_EXPORT_TIMEOUT_S = 1.0
_OTEL_TIMEOUT_VARIABLES = ("OTEL_EXPORTER_OTLP_TRACES_TIMEOUT", "OTEL_EXPORTER_OTLP_TIMEOUT")
_CAPTURE_VALUES = {"true", "span_only", "span_and_event"}


def init(
    *,
    agent: str | None = None,
    service_name: str | None = None,
    endpoint: str | None = None,
    otlp_protocol: OtlpProtocol | None = None,
    otlp_endpoint: str | None = None,
    export_spans: bool | None = None,
    capture_content: bool | None = None,
    guard: GuardKind | Guard | None = None,
    timeout_s: float | None = None,
    fail_closed: bool | None = None,
    mode: GuardMode | None = None,
    provider_name: str | None = None,
    set_global: bool = False,
    detectors: SettingsSource | DetectorSettings | None = None,
    api_key: str | None = None,
    tls_ca_file: str | None = None,
    tls_cert_file: str | None = None,
    tls_key_file: str | None = None,
) -> Loopwatch:
    """Build a ``Loopwatch`` that exports spans over OTLP and asks a guard for verdicts.

    Args:
        agent: agent name; default ``LOOPWATCH_AGENT_NAME``, else the service name.
        service_name: ``service.name``; default ``OTEL_SERVICE_NAME``, else the agent name.
        endpoint: the collector's gRPC ``host:port``; default ``LOOPWATCH_ENDPOINT``. Used by
            the remote guard and, for OTLP/gRPC, as the span endpoint unless
            ``OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT`` is set.
        otlp_protocol: ``grpc`` or ``http/protobuf``; default ``OTEL_EXPORTER_OTLP_[TRACES_]PROTOCOL``,
            else ``grpc``.
        otlp_endpoint: the span endpoint when it differs from ``endpoint`` (e.g. an OTLP/HTTP
            URL ``http://host:4318/v1/traces``); default from the ``OTEL_*`` variables.
        export_spans: export spans over OTLP. Default: when an endpoint is known (``endpoint``,
            ``otlp_endpoint``, ``LOOPWATCH_ENDPOINT`` or ``OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT``);
            otherwise spans are not recorded, so a notebook without a collector stays quiet.
        capture_content: record message text, arguments and results; default
            ``LOOPWATCH_CAPTURE_CONTENT``, then
            ``OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT``, else off.
        guard: ``remote``, ``local``, ``off`` or a ``Guard``; default ``LOOPWATCH_GUARD``, else
            ``remote`` when an endpoint is known and ``local`` otherwise.
        timeout_s: remote verdict deadline; default ``LOOPWATCH_GUARD_TIMEOUT_MS`` or 50 ms.
        fail_closed: raise ``GuardUnavailable`` instead of failing open; default ``LOOPWATCH_FAIL_CLOSED``.
        mode: ``enforce`` or ``shadow``; default ``LOOPWATCH_MODE``, else ``enforce``.
        provider_name: ``gen_ai.provider.name`` on chat spans.
        set_global: also install the tracer provider as the global one.
        detectors: the local guard's detector settings, as ``loopwatch serve`` takes them: a
            YAML file path or a mapping (``detectors``, ``policy``, ``budgets``, ``tools``; or
            a whole collector configuration, whose ``defaults`` and ``agents.<agent>`` apply).
            A remote guard uses the collector's settings, so passing them then is an error.
        api_key: the collector's API key; default ``LOOPWATCH_API_KEY``. Sent as
            ``authorization: Bearer <key>`` by the remote guard and the OTLP span exporter
            (overriding ``OTEL_EXPORTER_OTLP_HEADERS`` for the exporter when given).
        tls_ca_file: connect to the collector over TLS, trusting this CA (PEM); default
            ``LOOPWATCH_TLS_CA_FILE``. Used by the guard channel and the OTLP exporter.
        tls_cert_file, tls_key_file: the client certificate for a collector requiring mTLS;
            default ``LOOPWATCH_TLS_CERT_FILE`` / ``LOOPWATCH_TLS_KEY_FILE``.

    Raises:
        ValueError: an argument or variable has an invalid value (the message names it).
    """
    endpoint = endpoint or os.environ.get(env.LOOPWATCH_ENDPOINT) or None
    service = service_name or os.environ.get("OTEL_SERVICE_NAME") or None
    agent = agent or os.environ.get(env.LOOPWATCH_AGENT_NAME) or service or "agent"
    capture = capture_content if capture_content is not None else capture_content_from_env()
    api_key = api_key or os.environ.get(env.LOOPWATCH_API_KEY) or None
    tls = _Tls(
        ca_file=tls_ca_file or os.environ.get(env.LOOPWATCH_TLS_CA_FILE) or None,
        cert_file=tls_cert_file or os.environ.get(env.LOOPWATCH_TLS_CERT_FILE) or None,
        key_file=tls_key_file or os.environ.get(env.LOOPWATCH_TLS_KEY_FILE) or None,
    )
    built_guard = _guard(guard, endpoint, timeout_s, fail_closed, mode, detectors, agent, api_key, tls)

    if otlp_protocol is not None and otlp_protocol not in ("grpc", "http/protobuf"):
        raise ValueError(f"otlp_protocol must be 'grpc' or 'http/protobuf', got {otlp_protocol!r}")
    if export_spans is None:
        export_spans = bool(endpoint or otlp_endpoint or _otel_endpoint())
    provider: TracerProvider | None = None
    if export_spans:
        resource = Resource.create({SERVICE_NAME: service or agent})
        provider = TracerProvider(resource=resource)
        exporter = _exporter(endpoint, otlp_endpoint, otlp_protocol, api_key, tls)
        provider.add_span_processor(BatchSpanProcessor(exporter))
        if set_global:
            trace.set_tracer_provider(provider)
    lw = Loopwatch(
        agent=agent,
        guard=built_guard,
        tracer_provider=provider or trace.NoOpTracerProvider(),
        capture_content=capture,
        provider_name=provider_name,
    )
    lw._owned_provider = provider
    return lw


def _guard(
    guard: GuardKind | Guard | None,
    endpoint: str | None,
    timeout_s: float | None,
    fail_closed: bool | None,
    mode: GuardMode | None,
    detectors: SettingsSource | DetectorSettings | None,
    agent: str,
    api_key: str | None,
    tls: _Tls,
) -> Guard | None:
    if isinstance(guard, Guard):
        if detectors is not None:
            raise ValueError("detectors= configures the local guard init builds; not with guard=Guard(...)")
        return guard
    kind = guard or os.environ.get(env.LOOPWATCH_GUARD) or ("remote" if endpoint else "local")
    mode_value = mode or os.environ.get(env.LOOPWATCH_MODE) or "enforce"
    if mode_value not in ("enforce", "shadow"):
        raise ValueError(f"{env.LOOPWATCH_MODE} / mode must be 'enforce' or 'shadow', got {mode_value!r}")
    guard_mode: GuardMode = "shadow" if mode_value == "shadow" else "enforce"
    if kind == "off":
        return None
    if kind == "local":
        return Guard.local(detectors=detectors, agent=agent, mode=guard_mode)
    if detectors is not None:
        raise ValueError("detectors= configures a local guard; a remote guard uses the collector's settings")
    if kind != "remote":
        raise ValueError(f"{env.LOOPWATCH_GUARD} / guard must be remote, local or off, got {kind!r}")
    if not endpoint:
        raise ValueError(f"a remote guard needs endpoint= or {env.LOOPWATCH_ENDPOINT}")
    if timeout_s is None:
        raw = os.environ.get(env.LOOPWATCH_GUARD_TIMEOUT_MS)
        try:
            timeout_s = float(raw) / 1000 if raw else DEFAULT_TIMEOUT_S
        except ValueError:
            raise ValueError(f"{env.LOOPWATCH_GUARD_TIMEOUT_MS} must be a number, got {raw!r}") from None
    if fail_closed is None:
        fail_closed = os.environ.get(env.LOOPWATCH_FAIL_CLOSED, "").lower() in _TRUE
    return Guard.remote(
        endpoint,
        timeout_s=timeout_s,
        fail_closed=fail_closed,
        mode=guard_mode,
        api_key=api_key,
        credentials=tls.credentials(),
    )


def capture_content_from_env() -> bool:
    """``LOOPWATCH_CAPTURE_CONTENT``, else the OpenTelemetry GenAI capture variable; off by default."""
    raw = os.environ.get(env.LOOPWATCH_CAPTURE_CONTENT)
    if raw is not None:
        return raw.strip().lower() in _TRUE
    otel = os.environ.get("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "")
    return otel.strip().lower() in _CAPTURE_VALUES


def _otel_endpoint() -> str | None:
    return os.environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or os.environ.get(
        "OTEL_EXPORTER_OTLP_ENDPOINT"
    )


def _exporter(
    endpoint: str | None,
    otlp_endpoint: str | None,
    protocol: OtlpProtocol | None,
    api_key: str | None,
    tls: _Tls,
) -> SpanExporter:
    chosen = (
        protocol
        or os.environ.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
        or os.environ.get("OTEL_EXPORTER_OTLP_PROTOCOL")
        or "grpc"
    )
    env_endpoint = _otel_endpoint()
    # None lets the exporter read the OTEL_* timeout variable the user set.
    timeout = None if any(os.environ.get(v) for v in _OTEL_TIMEOUT_VARIABLES) else SPAN_EXPORT_TIMEOUT_S
    # None leaves OTEL_EXPORTER_OTLP_HEADERS to the exporter.
    headers = {"authorization": f"Bearer {api_key}"} if api_key else None
    if chosen == "grpc":
        from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter

        grpc_endpoint = otlp_endpoint or (None if env_endpoint or not endpoint else endpoint)
        credentials = tls.credentials()
        if credentials is not None:
            return OTLPSpanExporter(
                endpoint=grpc_endpoint,
                insecure=False,
                credentials=credentials,
                headers=headers,
                timeout=timeout,
            )
        return OTLPSpanExporter(
            endpoint=grpc_endpoint, insecure=True if grpc_endpoint else None, headers=headers, timeout=timeout
        )
    if chosen in ("http/protobuf", "http"):
        try:
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import (
                OTLPSpanExporter as HttpExporter,
            )
        except ImportError as exc:
            raise ValueError(
                "otlp_protocol 'http/protobuf' needs the http extra: pip install 'loopwatch[http]'"
            ) from exc
        return HttpExporter(
            endpoint=otlp_endpoint,
            headers=headers,
            timeout=timeout,
            certificate_file=tls.ca_file,
            client_certificate_file=tls.cert_file,
            client_key_file=tls.key_file,
        )
    raise ValueError(
        f"otlp_protocol / OTEL_EXPORTER_OTLP_PROTOCOL must be grpc or http/protobuf, got {chosen!r}"
    )


@dataclass(frozen=True, slots=True)
class _Tls:
    """TLS files for the collector connections; all ``None``: plaintext."""

    ca_file: str | None = None
    cert_file: str | None = None
    key_file: str | None = None

    def credentials(self) -> grpc.ChannelCredentials | None:
        if self.ca_file is None and self.cert_file is None:
            return None
        from loopwatch._remote import tls_credentials

        return tls_credentials(self.ca_file, self.cert_file, self.key_file)
