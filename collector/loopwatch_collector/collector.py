"""The collector process: one gRPC server, two HTTP servers, one pipeline.

- gRPC (default :4317): OTLP ``TraceService``, ``loopwatch.v1.LoopGuard``, gRPC health
  (``""`` and each service) and reflection.
- HTTP (default :8080): the REST API and ``/metrics`` (``rest.py``).
- HTTP (default :4318): OTLP/HTTP ``POST /v1/traces`` (the OTLP receivers' router).

``Collector.start()`` binds every listener (port 0 picks a free port; ``endpoints`` reports
the bound ones) and returns once all serve. ``shutdown()`` is idempotent and follows the
graceful order: health NOT_SERVING and ``/readyz`` 503, ``server.stop(grace)`` for in-flight
RPCs, HTTP servers drained, then the pipeline (verdict streams, store) is flushed.
Runs on one asyncio event loop; not thread-safe.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import uvicorn
from fastapi import APIRouter, FastAPI
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

# The asyncio servicer; grpc_health re-exports it as ``health.aio``, which type checkers miss.
from grpc_health.v1._async import HealthServicer as AsyncHealthServicer
from grpc_reflection.v1alpha import reflection
from prometheus_client import CollectorRegistry

from loopwatch_collector.config import CollectorConfig
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.exporters.rest import create_rest_app
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.receivers.loopguard import SERVICE_NAME, LoopGuardService, add_loop_guard_service
from loopwatch_collector.store.factory import build_store

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

    @property
    def grpc_target(self) -> str:
        """``host:port`` for ``grpc.insecure_channel`` and OTLP/gRPC exporters."""
        return f"{self.host}:{self.grpc_port}"

    @property
    def http_url(self) -> str:
        """Base URL of the REST API and ``/metrics``."""
        return f"http://{self.host}:{self.http_port}"

    @property
    def otlp_http_url(self) -> str:
        """Base URL of OTLP/HTTP; traces go to ``{otlp_http_url}/v1/traces``."""
        return f"http://{self.host}:{self.otlp_http_port}"

    def as_json(self) -> dict[str, object]:
        return {
            "host": self.host,
            "grpc_port": self.grpc_port,
            "http_port": self.http_port,
            "otlp_http_port": self.otlp_http_port,
        }


class _QuietServer(uvicorn.Server):
    """A uvicorn server that leaves signal handling to the collector."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class Collector:
    """Everything ``loopwatch serve`` runs; see the module docstring."""

    def __init__(self, config: CollectorConfig, *, registry: CollectorRegistry | None = None) -> None:
        self.config = config
        self.registry = registry if registry is not None else CollectorRegistry()
        self.store = build_store(config)
        self.metrics = Metrics(
            self.registry, max_agent_labels=config.metrics.max_agent_labels, known_agents=config.agents
        )
        self.pipeline = Pipeline(config, self.store, self.metrics)
        for name in self.pipeline.detector_names:
            self.metrics.detector_errors.labels(detector=name)
        self._health = AsyncHealthServicer()
        self._grpc: grpc.aio.Server | None = None
        self._http: list[tuple[_QuietServer, asyncio.Task[None]]] = []
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
        await self.pipeline.start()
        otlp = _otlp_receivers(self.pipeline, self.metrics)
        options = otlp.grpc_options if otlp else _DEFAULT_GRPC_OPTIONS
        server = grpc.aio.server(options=list(options))
        self._grpc = server
        add_loop_guard_service(LoopGuardService(self.pipeline), server)
        health_pb2_grpc.add_HealthServicer_to_server(self._health, server)
        services = [SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME]
        if otlp is not None:
            otlp.add_grpc(server)
            services.append(_OTLP_TRACE_SERVICE)
        reflection.enable_server_reflection(services, server)
        grpc_port = server.add_insecure_port(f"{_grpc_host(listen.host)}:{listen.grpc_port}")
        if grpc_port == 0:
            raise OSError(f"cannot bind gRPC port {listen.grpc_port} on {listen.host}")
        await server.start()
        for name in (SERVICE_NAME, _OTLP_TRACE_SERVICE, ""):
            await self._health.set(name, health_pb2.HealthCheckResponse.SERVING)
        rest = create_rest_app(self.pipeline, self.registry, is_ready=lambda: self._ready)
        http_port = await self._serve_http(rest, listen.host, listen.http_port)
        otlp_app = FastAPI(title="loopwatch OTLP/HTTP receiver", openapi_url=None)
        if otlp is not None:
            otlp_app.include_router(otlp.http_router)
        otlp_port = await self._serve_http(otlp_app, listen.host, listen.otlp_http_port)
        self._endpoints = Endpoints(
            host=listen.host, grpc_port=grpc_port, http_port=http_port, otlp_http_port=otlp_port
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
        for server, _ in self._http:
            server.should_exit = True
        for _, task in self._http:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, timeout=grace + 1.0)
        await self.pipeline.shutdown()
        logger.info("collector stopped")

    async def _serve_http(self, app: FastAPI, host: str, port: int) -> int:
        sock = _bind(host, port)
        bound = int(sock.getsockname()[1])
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off")
        server = _QuietServer(config)
        task = asyncio.get_running_loop().create_task(server.serve(sockets=[sock]))
        self._http.append((server, task))
        while not server.started:
            if task.done():
                task.result()  # raises the start-up error
                raise OSError(f"HTTP server on {host}:{port} stopped during start-up")
            await asyncio.sleep(0.005)
        return bound


@dataclass(frozen=True, slots=True)
class _OtlpReceivers:
    grpc_options: tuple[tuple[str, Any], ...]
    service: Any
    add: Any
    http_router: APIRouter

    def add_grpc(self, server: grpc.aio.Server) -> None:
        self.add(self.service, server)


def _otlp_receivers(pipeline: Pipeline, metrics: Metrics) -> _OtlpReceivers | None:
    """The OTLP helper's receivers, when installed (they land in ``receivers/``)."""
    try:
        from loopwatch_collector import receivers
    except ImportError as exc:  # pragma: no cover - only while the receivers are being built
        logger.warning("OTLP receivers unavailable: %s", exc)
        return None
    ingestor = receivers.OtlpIngestor(pipeline, metrics=metrics)
    return _OtlpReceivers(
        grpc_options=tuple(receivers.GRPC_SERVER_OPTIONS),
        service=ingestor,
        add=receivers.add_otlp_services,
        http_router=receivers.otlp_http_router(ingestor),
    )


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _grpc_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
