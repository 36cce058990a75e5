"""The authorization matrix: every route and RPC x (no key, wrong key, another tenant's key,
the right key), against a real collector with two tenants.

Each entry point maps a call to an outcome string; the expected table says, per credential,
what must happen: ``401`` / ``UNAUTHENTICATED`` without a valid key, and for another tenant's
key an answer that reveals nothing of alpha's trace (404, or exactly what an unknown trace
gets).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import grpc
import httpx
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc

from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.security.security_helpers import (
    ALPHA_KEY,
    BETA_KEY,
    CREDENTIALS,
    evaluate_request,
    headers,
    metadata,
    otlp_request,
    tool_span,
    two_tenants,
)

ALPHA_TRACE = "a1" * 16  # read by the matrix, never written after the fixture
EVALUATE_TRACE = "a2" * 16  # alpha's too, the target of Evaluate calls


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    # Exemplars on, as an operator may turn them: the open /metrics must still show no trace id.
    with running_collector(two_tenants(metrics={"exemplars": True, "render_cache_s": 0})) as running:
        with grpc.insecure_channel(running.endpoints.grpc_target) as channel:
            stub = pb_grpc.LoopGuardStub(channel)
            for trace in (ALPHA_TRACE, EVALUATE_TRACE):
                for i in range(3):  # alpha's traces are looping: NUDGE at step 3
                    stub.Evaluate(evaluate_request(trace, i), metadata=metadata(ALPHA_KEY), timeout=5)
        yield running


@pytest.fixture(scope="module")
def channel(collector: RunningCollector) -> Iterator[grpc.Channel]:
    with grpc.insecure_channel(collector.endpoints.grpc_target) as ch:
        yield ch


Call = Callable[[RunningCollector, grpc.Channel, str | None], str]


def _grpc(call: Callable[[], str]) -> str:
    try:
        return call()
    except grpc.RpcError as exc:
        return str(exc.code().name)


def evaluate(_: RunningCollector, channel: grpc.Channel, key: str | None) -> str:
    stub = pb_grpc.LoopGuardStub(channel)
    request = evaluate_request(EVALUATE_TRACE, 99)
    # alpha's trace is at step 3; another tenant's Evaluate starts its own session at step 1.
    return _grpc(lambda: f"step {stub.Evaluate(request, metadata=metadata(key), timeout=5).step}")


def get_verdict(_: RunningCollector, channel: grpc.Channel, key: str | None) -> str:
    stub = pb_grpc.LoopGuardStub(channel)
    request = pb.GetVerdictRequest(trace_id=ALPHA_TRACE, min_step=0)

    def call() -> str:
        reply = stub.GetVerdict(request, metadata=metadata(key), timeout=5)
        return f"{pb.Action.Name(reply.action)} step {reply.step}"

    return _grpc(call)


def watch_verdicts(_: RunningCollector, channel: grpc.Channel, key: str | None) -> str:
    stub = pb_grpc.LoopGuardStub(channel)
    stream = stub.WatchVerdicts(pb.WatchVerdictsRequest(), metadata=metadata(key), timeout=0.5)
    return _grpc(lambda: f"verdict {next(stream).trace_id}")  # open and idle: DEADLINE_EXCEEDED


def otlp_export(_: RunningCollector, channel: grpc.Channel, key: str | None) -> str:
    stub = trace_service_pb2_grpc.TraceServiceStub(channel)  # type: ignore[no-untyped-call]  # generated, unannotated
    request = otlp_request(tool_span(os.urandom(16), "c1"))

    def call() -> str:
        reply = stub.Export(request, metadata=metadata(key), timeout=5)
        return f"rejected {reply.partial_success.rejected_spans}"

    return _grpc(call)


def reflection(_: RunningCollector, channel: grpc.Channel, key: str | None) -> str:
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)
    ask = reflection_pb2.ServerReflectionRequest(list_services="")

    def call() -> str:
        reply = next(iter(stub.ServerReflectionInfo(iter([ask]), metadata=metadata(key), timeout=5)))
        return "services" if reply.list_services_response.service else "empty"

    return _grpc(call)


def health(_: RunningCollector, channel: grpc.Channel, key: str | None) -> str:
    stub = health_pb2_grpc.HealthStub(channel)
    reply = stub.Check(health_pb2.HealthCheckRequest(service=""), metadata=metadata(key), timeout=5)
    return str(health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status))


def http(method: str, path: str, *, otlp: bool = False, json: object = None) -> Call:
    def call(running: RunningCollector, _: grpc.Channel, key: str | None) -> str:
        base = running.endpoints.otlp_http_url if otlp else running.endpoints.http_url
        content = otlp_request(tool_span(os.urandom(16), "c1")).SerializeToString() if otlp else None
        extra = {"Content-Type": "application/x-protobuf"} if otlp else {}
        reply = httpx.request(
            method, base + path, headers={**headers(key), **extra}, json=json, content=content, timeout=5
        )
        if path == "/v1/sessions" and reply.status_code == 200:
            listed = [s["trace_id"] for s in reply.json()["sessions"]]
            return "200 with alpha's trace" if ALPHA_TRACE in listed else "200 without it"
        return str(reply.status_code)

    return call


OPENMETRICS = {"Accept": "application/openmetrics-text; version=1.0.0"}


def openmetrics(running: RunningCollector, _: grpc.Channel, key: str | None) -> str:
    reply = httpx.get(
        running.endpoints.http_url + "/metrics", headers={**headers(key), **OPENMETRICS}, timeout=5
    )
    if reply.status_code != 200:
        return str(reply.status_code)
    assert reply.headers["content-type"].startswith("application/openmetrics-text")
    leaks = ALPHA_TRACE in reply.text or EVALUATE_TRACE in reply.text or "trace_id=" in reply.text
    return "200 with trace ids" if leaks else "200 without trace ids"


_EVALUATE_JSON = {"trace_id": "b2" * 16, "agent": "x", "events": [{"event_id": "u1", "user_message": {}}]}
DENIED_GRPC = ("UNAUTHENTICATED", "UNAUTHENTICATED")

#: entry point -> (call, outcomes for no key, wrong key, other tenant, right key)
MATRIX: dict[str, tuple[Call, tuple[str, str, str, str]]] = {
    "grpc LoopGuard/Evaluate": (evaluate, (*DENIED_GRPC, "step 1", "step 4")),
    "grpc LoopGuard/GetVerdict": (
        get_verdict,
        (*DENIED_GRPC, "ACTION_CONTINUE step 0", "ACTION_NUDGE step 3"),
    ),
    "grpc LoopGuard/WatchVerdicts": (
        watch_verdicts,
        (*DENIED_GRPC, "DEADLINE_EXCEEDED", "DEADLINE_EXCEEDED"),
    ),
    "grpc TraceService/Export": (otlp_export, (*DENIED_GRPC, "rejected 0", "rejected 0")),
    "grpc reflection": (reflection, (*DENIED_GRPC, "services", "services")),
    "grpc health (open)": (health, ("SERVING",) * 4),
    "GET /v1/sessions": (
        http("GET", "/v1/sessions"),
        ("401", "401", "200 without it", "200 with alpha's trace"),
    ),
    "GET /v1/sessions/{trace_id}": (http("GET", f"/v1/sessions/{ALPHA_TRACE}"), ("401", "401", "404", "200")),
    "POST /v1/evaluate": (http("POST", "/v1/evaluate", json=_EVALUATE_JSON), ("401", "401", "200", "200")),
    "GET /docs (off: it would load a CDN's scripts)": (http("GET", "/docs"), ("401", "401", "404", "404")),
    "GET / (open: redirects to the page)": (http("GET", "/"), ("307",) * 4),
    "GET /openapi.json": (http("GET", "/openapi.json"), ("401", "401", "200", "200")),
    "GET /v1/not-yet-a-route (deny by default)": (
        http("GET", "/v1/not-yet-a-route"),
        ("401", "401", "404", "404"),
    ),
    "GET /metrics (open by default)": (http("GET", "/metrics"), ("200",) * 4),
    "GET /metrics OpenMetrics (open by default)": (openmetrics, ("200 without trace ids",) * 4),
    "GET /healthz (open)": (http("GET", "/healthz"), ("200",) * 4),
    "GET /readyz (open)": (http("GET", "/readyz"), ("200",) * 4),
    "POST otlp /v1/traces": (http("POST", "/v1/traces", otlp=True), ("401", "401", "200", "200")),
}


@pytest.mark.parametrize("credential", list(CREDENTIALS))
@pytest.mark.parametrize("entry", list(MATRIX))
def test_authorization_matrix(
    collector: RunningCollector, channel: grpc.Channel, entry: str, credential: str
) -> None:
    call, outcomes = MATRIX[entry]
    expected = outcomes[list(CREDENTIALS).index(credential)]
    assert call(collector, channel, CREDENTIALS[credential]) == expected


def test_metrics_can_require_a_key() -> None:
    with running_collector(two_tenants(auth={"metrics_requires_key": True})) as running:
        url = running.endpoints.http_url
        assert httpx.get(url + "/metrics", timeout=5).status_code == 401
        reply = httpx.get(url + "/metrics", headers=headers(ALPHA_KEY), timeout=5)
        assert reply.status_code == 200
        assert 'loopwatch_auth_failures_total{transport="http"} 1.0' in reply.text
        assert httpx.get(url + "/healthz", timeout=5).status_code == 200


def test_exemplars_behind_a_key_show_only_the_callers_traces() -> None:
    config = two_tenants(
        auth={"metrics_requires_key": True}, metrics={"exemplars": True, "render_cache_s": 0}
    )
    with running_collector(config) as running:
        with grpc.insecure_channel(running.endpoints.grpc_target) as channel:
            stub = pb_grpc.LoopGuardStub(channel)
            stub.Evaluate(evaluate_request(ALPHA_TRACE, 0), metadata=metadata(ALPHA_KEY), timeout=5)
        url = running.endpoints.http_url + "/metrics"
        assert httpx.get(url, headers=OPENMETRICS, timeout=5).status_code == 401
        alpha = httpx.get(url, headers={**headers(ALPHA_KEY), **OPENMETRICS}, timeout=5).text
        beta = httpx.get(url, headers={**headers(BETA_KEY), **OPENMETRICS}, timeout=5).text
    assert f'# {{trace_id="{ALPHA_TRACE}"}}' in alpha  # its own trace, as alpha sent it
    assert "alpha/" not in alpha
    assert ALPHA_TRACE not in beta
    assert "trace_id=" not in beta
