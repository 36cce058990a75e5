"""The collector process: one gRPC server, two HTTP servers, one pipeline.

- gRPC (default :4317): OTLP ``TraceService``, ``loopwatch.v1.LoopGuard``, gRPC health
  (``""`` and each service) and reflection.
- HTTP (default :8080): the REST API and ``/metrics`` (``rest.py``).
- HTTP (default :4318): OTLP/HTTP ``POST /v1/traces`` (the OTLP receivers' router).
- Optionally out: intervening verdicts as OTLP spans (``exporters.otlp``, ``otlp_verdicts.py``).

``Collector.start()`` binds every listener (port 0 picks a free port; ``endpoints`` reports
the bound ones) and returns once all serve. ``shutdown()`` is idempotent and follows the
graceful order: health NOT_SERVING and ``/readyz`` 503, ``server.stop(grace)`` for in-flight
RPCs, HTTP servers drained, then the pipeline (verdict streams, store) is flushed.
Runs on one asyncio event loop; not thread-safe.
"""

from __future__ import annotations

import asyncio
import logging
import ssl
from dataclasses import dataclass
from typing import Any

import grpc
from fastapi import FastAPI
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

# The asyncio servicer; grpc_health re-exports it as ``health.aio``, which type checkers miss.
from grpc_health.v1._async import HealthServicer as AsyncHealthServicer
from grpc_reflection.v1alpha import reflection
from prometheus_client import CollectorRegistry

from loopwatch_collector.config import CollectorConfig
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.exporters.metrics_render import MetricsRenderer
from loopwatch_collector.exporters.otlp_verdicts import VerdictSpanExporter
from loopwatch_collector.exporters.rest import create_rest_app
from loopwatch_collector.exporters.ui import UI_OPEN_PATHS
from loopwatch_collector.exporters.ui.info import register_ui_info
from loopwatch_collector.http_servers import HttpServers
from loopwatch_collector.listeners import GRPC, OTLP_HTTP, REST, check_free, listen_error
from loopwatch_collector.otlp_wiring import otlp_receivers
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.receivers.evaluate_call import EvaluateRunner
from loopwatch_collector.receivers.evaluate_limits import EvaluateLimits
from loopwatch_collector.receivers.loopguard import SERVICE_NAME, LoopGuardService, add_loop_guard_service
from loopwatch_collector.receivers.offload import DecodeWorker
from loopwatch_collector.receivers.priority import VerdictPriority
from loopwatch_collector.security import (
    ApiKeyMiddleware,
    AuthFailures,
    AuthInterceptor,
    IngestRateLimiter,
    TenantQuotaStore,
    check_exposure,
    load_api_keys,
    rest_open_paths,
    session_shares,
)
from loopwatch_collector.security.connections import (
    grpc_options,
    listener_budgets,
    quiet_noisy_loggers,
    raise_file_limit,
    unshared_rpcs,
)
from loopwatch_collector.security.content import ContentControl
from loopwatch_collector.security.tls import TlsConfig, TlsReloader
from loopwatch_collector.store.base import SessionStore
from loopwatch_collector.store.factory import build_store
from loopwatch_collector.store.memory import InMemorySessionStore

logger = logging.getLogger(__name__)

_OTLP_TRACE_SERVICE = "opentelemetry.proto.collector.trace.v1.TraceService"
# gRPC defaults to a 4 MiB receive limit; OTLP batches may be up to 64 MiB (the receivers'
# limit), and a step's Evaluate with captured content a few MB.
_DEFAULT_GRPC_OPTIONS: tuple[tuple[str, Any], ...] = (
    ("grpc.max_receive_message_length", 64 * 1024 * 1024),
    ("grpc.so_reuseport", 0),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Endpoints:
    """Where a running collector listens (host is the bind host, 127.0.0.1 in tests)."""

    host: str
    grpc_port: int
    http_port: int
    otlp_http_port: int
    tls: bool = False

    @property
    def grpc_target(self) -> str:
        """``host:port`` for ``grpc.insecure_channel`` and OTLP/gRPC exporters."""
        return f"{self.host}:{self.grpc_port}"

    @property
    def http_url(self) -> str:
        """Base URL of the REST API and ``/metrics``."""
        return f"{self._scheme}://{self.host}:{self.http_port}"

    @property
    def otlp_http_url(self) -> str:
        """Base URL of OTLP/HTTP; traces go to ``{otlp_http_url}/v1/traces``."""
        return f"{self._scheme}://{self.host}:{self.otlp_http_port}"

    @property
    def _scheme(self) -> str:
        return "https" if self.tls else "http"

    def as_json(self) -> dict[str, object]:
        return {
            "host": self.host,
            "grpc_port": self.grpc_port,
            "http_port": self.http_port,
            "otlp_http_port": self.otlp_http_port,
            "tls": self.tls,
        }


class Collector:
    """Everything ``loopwatch serve`` runs; see the module docstring."""

    def __init__(self, config: CollectorConfig, *, registry: CollectorRegistry | None = None) -> None:
        self.config = config
        self.registry = registry if registry is not None else CollectorRegistry()
        self.api_keys = load_api_keys(config.auth)
        check_exposure(
            config.listen.host, authenticated=self.api_keys.enabled, insecure=config.listen.insecure
        )
        self._auth_failures = AuthFailures(self.registry)
        self._tls = _tls_reloader(config.tls)
        self._tls_task: asyncio.Task[None] | None = None
        self.store = store = build_store(config)
        self.metrics = Metrics(
            self.registry,
            max_agent_labels=config.metrics.max_agent_labels,
            known_agents=config.agents,
            tenants=self.api_keys.tenants | config.auth.tenants.keys(),
            exemplars=config.metrics.exemplars,
        )
        if isinstance(store, InMemorySessionStore):  # Redis bounds its bytes itself (maxmemory)
            self.metrics.track_session_bytes(lambda: store.held_bytes)
        self.pipeline = Pipeline(config, self._tenant_store(), self.metrics)
        self.verdict_spans: VerdictSpanExporter | None = None
        if config.exporters.otlp.enabled:
            self.verdict_spans = VerdictSpanExporter(config.exporters.otlp, self.metrics)
            self.pipeline.hub.add_listener(self.verdict_spans.offer)
        for name in self.pipeline.detector_names:
            self.metrics.detector_errors.labels(detector=name)
        register_ui_info(self.registry, config.ui.external_url)
        self._health = AsyncHealthServicer()
        # Verdict calls run ahead of ingest; OTLP decoding runs in a worker process.
        self._priority = VerdictPriority()
        self._decoder = DecodeWorker(niceness=config.ingest.worker_niceness)
        modes = {t: c.content for t, c in config.auth.tenants.items() if c.content is not None}
        self._content = ContentControl(modes, default=config.auth.content)
        self._grpc: grpc.aio.Server | None = None
        self._http = HttpServers(config.limits, grace_s=config.listen.shutdown_grace_s, tls=self._tls)
        self._endpoints: Endpoints | None = None
        self._ready = False
        self._stopped = False

    @property
    def endpoints(self) -> Endpoints:
        if self._endpoints is None:
            raise RuntimeError("the collector is not started")
        return self._endpoints

    @property
    def ready(self) -> bool:
        return self._ready

    async def start(self) -> Endpoints:
        """Bind and serve every listener; returns the bound endpoints. Call once."""
        if self._endpoints is not None:
            return self._endpoints
        listen = self.config.listen
        quiet_noisy_loggers()
        raise_file_limit()
        await self.pipeline.start()
        if self.verdict_spans is not None:
            self.verdict_spans.start()
        tenants = self.config.auth.tenants.items()
        rates = {t: c.ingest_spans_per_s for t, c in tenants if c.ingest_spans_per_s}
        byte_rates = {t: c.ingest_bytes_per_s for t, c in tenants if c.ingest_bytes_per_s}
        otlp = otlp_receivers(
            self.pipeline,
            self.metrics,
            rate_limiter=IngestRateLimiter(rates) if rates else None,
            byte_rate_limiter=IngestRateLimiter(byte_rates) if byte_rates else None,
            worker=self._decoder,
            priority=self._priority,
            limits=self.config.ingest,
            content=self._content,
        )
        if otlp is not None:
            await self._decoder.start()  # before serving: the first export must not wait for it
        options = otlp.grpc_options if otlp else _DEFAULT_GRPC_OPTIONS
        limits = self.config.limits
        grpc_budgets = listener_budgets(
            limits, total_requests=limits.grpc_max_concurrent_rpcs, authenticated=self.api_keys.enabled
        )
        interceptor = AuthInterceptor(self.api_keys, failures=self._auth_failures, budgets=grpc_budgets)
        needed = unshared_rpcs(limits, len(self.api_keys.tenants))
        if self.api_keys.enabled and needed > limits.grpc_max_concurrent_rpcs:
            logger.warning(
                "limits.grpc_max_concurrent_rpcs (%d) is below what %d tenants at their full share "
                "and the open budgets can hold (%d): busy tenants may be refused for each other's calls; "
                "raise it or lower limits.tenant_max_requests / tenant_max_streams (SECURITY.md)",
                limits.grpc_max_concurrent_rpcs,
                len(self.api_keys.tenants),
                needed,
            )
        server = grpc.aio.server(
            options=[*options, *grpc_options(limits, grace_s=listen.shutdown_grace_s)],
            interceptors=[interceptor],
            maximum_concurrent_rpcs=limits.grpc_max_concurrent_rpcs,
        )
        self._grpc = server
        evaluate = EvaluateRunner(
            self.pipeline, limits=EvaluateLimits.of(limits), priority=self._priority, content=self._content
        )
        guard = LoopGuardService(self.pipeline, evaluate=evaluate)
        add_loop_guard_service(guard, server)
        health_pb2_grpc.add_HealthServicer_to_server(self._health, server)
        services = [SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME]
        if otlp is not None:
            otlp.add_grpc(server)
            services.append(_OTLP_TRACE_SERVICE)
        reflection.enable_server_reflection(services, server)
        address = f"{_grpc_host(listen.host)}:{listen.grpc_port}"
        check_free(listen.host, listen.grpc_port, GRPC)
        try:
            if self._tls is not None:
                grpc_port = server.add_secure_port(address, self._tls.grpc_credentials())
            else:
                grpc_port = server.add_insecure_port(address)
        except RuntimeError as exc:  # taken between the check and the bind
            raise listen_error(GRPC, listen.host, listen.grpc_port) from exc
        if self._tls is not None:
            self._tls_task = asyncio.get_running_loop().create_task(self._tls.run())
        if grpc_port == 0:
            raise listen_error(GRPC, listen.host, listen.grpc_port)
        await server.start()
        for name in (SERVICE_NAME, _OTLP_TRACE_SERVICE, ""):
            await self._health.set(name, health_pb2.HealthCheckResponse.SERVING)
        rest = create_rest_app(
            self.pipeline,
            MetricsRenderer(
                self.registry,
                cache_s=self.config.metrics.render_cache_s,
                exemplars=self.config.metrics.exemplars,
                keys_enabled=self.api_keys.enabled,
            ),
            is_ready=lambda: self._ready,
            evaluator=evaluate,
        )
        open_paths = rest_open_paths(metrics_requires_key=self.config.auth.metrics_requires_key)
        self._authenticate(rest, open_paths=open_paths | UI_OPEN_PATHS)
        http_port = await self._http.serve(rest, listen.host, listen.http_port, REST)
        otlp_app = FastAPI(title="loopwatch OTLP/HTTP receiver", openapi_url=None)
        if otlp is not None:
            otlp_app.include_router(otlp.http_router)
        self._authenticate(otlp_app, open_paths=())
        otlp_port = await self._http.serve(otlp_app, listen.host, listen.otlp_http_port, OTLP_HTTP)
        self._endpoints = Endpoints(
            host=listen.host,
            grpc_port=grpc_port,
            http_port=http_port,
            otlp_http_port=otlp_port,
            tls=self._tls is not None,
        )
        self._ready = True
        logger.info("collector serving %s", self._endpoints.as_json())
        return self._endpoints

    async def shutdown(self, grace_s: float | None = None) -> None:
        """Graceful, idempotent stop (see the module docstring); safe without ``start()``."""
        if self._stopped:
            return
        self._stopped = True
        self._ready = False
        grace = self.config.listen.shutdown_grace_s if grace_s is None else grace_s
        await self._health.enter_graceful_shutdown()
        # Verdict streams end first: they would otherwise hold server.stop() for the whole grace.
        self.pipeline.hub.shutdown()
        if self._grpc is not None:
            await self._grpc.stop(grace)
        await self._http.stop(grace)
        if self._tls_task is not None:
            self._tls_task.cancel()
        await asyncio.to_thread(self._decoder.shutdown)
        await self.pipeline.shutdown()
        if self.verdict_spans is not None:
            await asyncio.to_thread(self.verdict_spans.shutdown)
        logger.info("collector stopped")

    def reload_tls(self) -> bool:
        """Re-read the TLS files now (``SIGHUP``); True when a new certificate is in use."""
        return self._tls.check() if self._tls is not None else False

    def _tenant_store(self) -> SessionStore:
        """The store the pipeline writes to: per-tenant session quotas when keys are configured."""
        if not self.api_keys.enabled:
            return self.store
        shares = session_shares(
            self.api_keys.tenants, self.config.auth.tenants, self.config.sessions.max_sessions
        )
        return TenantQuotaStore(self.store, max_sessions=shares, registry=self.registry)

    def _authenticate(self, app: FastAPI, *, open_paths: frozenset[str] | tuple[str, ...]) -> None:
        """Every route of ``app``, present or added later, needs a key except ``open_paths``;
        requests in progress are bounded per client address and per tenant (``admission.py``)."""
        limits = self.config.limits
        budgets = listener_budgets(
            limits, total_requests=limits.max_concurrency, authenticated=self.api_keys.enabled
        )
        app.add_middleware(
            ApiKeyMiddleware,
            keys=self.api_keys,
            open_paths=open_paths,
            failures=self._auth_failures,
            budgets=budgets,
        )


def _tls_reloader(config: TlsConfig) -> TlsReloader | None:
    if not config.enabled:
        return None
    try:
        return TlsReloader(config)
    except (OSError, ssl.SSLError, ValueError) as exc:
        raise ConfigError(f"tls: {exc}") from exc


def _grpc_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
