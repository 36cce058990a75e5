"""A real OTLP receiver stack for tests: a real Pipeline behind a grpc.aio server and uvicorn,
both on free 127.0.0.1 ports, on an event loop in a background thread (the OpenTelemetry
exporters under test are blocking clients)."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc
import uvicorn
from fastapi import FastAPI
from prometheus_client import CollectorRegistry

from loopwatch_collector.config import CollectorConfig
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.receivers import (
    GRPC_SERVER_OPTIONS,
    MAX_REQUEST_BYTES,
    OtlpIngestor,
    add_otlp_services,
    otlp_http_router,
)
from loopwatch_collector.security import ApiKeyMiddleware, ApiKeys, AuthInterceptor
from loopwatch_collector.security.quota import ANONYMOUS_LABEL
from loopwatch_collector.store.factory import build_memory_store
from loopwatch_collector.testing import RecordingSink

T = TypeVar("T")


@dataclass
class OtlpStack:
    loop: asyncio.AbstractEventLoop
    grpc_port: int
    http_port: int
    pipeline: Pipeline
    sink: RecordingSink
    ingestor: OtlpIngestor
    registry: CollectorRegistry

    @property
    def grpc_target(self) -> str:
        return f"127.0.0.1:{self.grpc_port}"

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}/v1/traces"

    @property
    def logs_url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}/v1/logs"

    def run(self, make: Callable[[], Awaitable[T]], timeout_s: float = 10.0) -> T:
        async def wrapper() -> T:
            return await make()

        future: Future[T] = asyncio.run_coroutine_threadsafe(wrapper(), self.loop)
        return future.result(timeout_s)

    def spans(self, result: str) -> float:
        value = self.registry.get_sample_value(
            "loopwatch_otlp_spans_total", {"tenant": ANONYMOUS_LABEL, "result": result}
        )
        return value or 0.0

    def actions(self, trace_id: str) -> list[str]:
        return [v.action.value for v in self.sink.verdicts.get(trace_id, [])]


@contextmanager
def otlp_stack(
    *,
    max_in_flight: int = 32,
    retry_after_s: float = 1.0,
    max_body_bytes: int = MAX_REQUEST_BYTES,
    config: dict[str, Any] | None = None,
) -> Iterator[OtlpStack]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="otlp-test-loop", daemon=True)
    thread.start()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    http_port = sock.getsockname()[1]
    registry = CollectorRegistry()

    async def start() -> tuple[OtlpStack, grpc.aio.Server, uvicorn.Server, asyncio.Task[None]]:
        collector_config = CollectorConfig.model_validate(config or {})
        metrics = Metrics(registry)
        pipeline = Pipeline(collector_config, build_memory_store(collector_config), metrics)
        await pipeline.start()
        sink = RecordingSink(pipeline)
        ingestor = OtlpIngestor(
            sink, metrics=metrics, max_in_flight=max_in_flight, retry_after_s=retry_after_s
        )
        # No keys: every call runs as the anonymous tenant, as in a collector without auth.
        anonymous = ApiKeys(())
        server = grpc.aio.server(options=GRPC_SERVER_OPTIONS, interceptors=[AuthInterceptor(anonymous)])
        add_otlp_services(ingestor, server)
        grpc_port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        app = FastAPI()
        app.include_router(otlp_http_router(ingestor, max_body_bytes=max_body_bytes))
        app.add_middleware(ApiKeyMiddleware, keys=anonymous)
        web = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
        task = asyncio.ensure_future(web.serve(sockets=[sock]))
        while not web.started:
            await asyncio.sleep(0.01)
        stack = OtlpStack(loop, grpc_port, http_port, pipeline, sink, ingestor, registry)
        return stack, server, web, task

    stack, server, web, task = asyncio.run_coroutine_threadsafe(start(), loop).result(10)
    try:
        yield stack
    finally:

        async def stop() -> None:
            if stack.sink.gate is not None:
                stack.sink.gate.set()
            web.should_exit = True
            await task
            await server.stop(grace=1)
            await stack.pipeline.shutdown()

        asyncio.run_coroutine_threadsafe(stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()
        sock.close()
