"""The ``tenant`` label of the collector metrics: set from the caller's key, and bounded whatever
tenants, keys and agents the traffic carries."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc
from prometheus_client import CollectorRegistry

from loopwatch.verdict import Action
from loopwatch.wire import pb_grpc
from loopwatch_collector.config import MetricsConfig, config_from_mapping
from loopwatch_collector.exporters.metrics import OTHER_AGENT, OTHER_TENANT, Metrics
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.security.quota import ANONYMOUS_LABEL
from loopwatch_collector.security.tenancy import ANONYMOUS, session_key
from loopwatch_collector.store.factory import build_memory_store
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.collector_builders import context, tool_step, trace_id
from tests.collector.security.security_helpers import (
    ALPHA_KEY,
    BETA_KEY,
    evaluate_request,
    metadata,
    otlp_request,
    tool_span,
    two_tenants,
)

CONFIGURED = tuple(f"team-{n}" for n in range(10))
MAX_AGENTS = 3
MAX_AGENT_LABELS = MetricsConfig().max_agent_labels
LOOP_STEPS = 4  # enough identical steps for a detection and an intervening verdict


def _series(registry: CollectorRegistry) -> dict[str, set[tuple[tuple[str, str], ...]]]:
    """Every exposed sample's label set, by metric family."""
    found: dict[str, set[tuple[tuple[str, str], ...]]] = {}
    for family in registry.collect():
        for s in family.samples:
            found.setdefault(family.name, set()).add(tuple(sorted(s.labels.items())))
    return found


def _tenant_values(registry: CollectorRegistry) -> set[str]:
    return {v for labels in set().union(*_series(registry).values()) for k, v in labels if k == "tenant"}


def test_tenant_label_values() -> None:
    metrics = Metrics(CollectorRegistry(), tenants=["alpha"])
    assert metrics.tenant_label("alpha") == "alpha"
    assert metrics.tenant_label(ANONYMOUS) == ANONYMOUS_LABEL
    assert metrics.tenant_label("not-configured") == OTHER_TENANT
    assert metrics.session_tenant(session_key("alpha", trace_id(1))) == "alpha"
    assert metrics.session_tenant(trace_id(1)) == ANONYMOUS_LABEL


def test_configured_tenants_start_at_zero() -> None:
    registry = CollectorRegistry()
    Metrics(registry, tenants=["alpha"], known_agents=["bot"])
    for tenant in ("alpha", ANONYMOUS_LABEL):
        labels = {"tenant": tenant, "agent": "bot", "action": Action.HALT.value}
        assert registry.get_sample_value("loopwatch_verdicts_total", labels) == 0
        assert registry.get_sample_value("loopwatch_sessions_active", {"tenant": tenant}) == 0
        spans = {"tenant": tenant, "result": "rejected"}
        assert registry.get_sample_value("loopwatch_otlp_spans_total", spans) == 0


async def _loop_sessions(pipeline: Pipeline, tenants: range, agents: range) -> None:
    """A looping session per (tenant, agent): tenants ``team-<n>`` (configured below 10),
    agents ``agent-<n>``."""
    for t in tenants:
        for a in agents:
            key = session_key(f"team-{t}", trace_id(a))
            for step in range(LOOP_STEPS):
                await pipeline.ingest(context(key, agent=f"agent-{a}"), tool_step(step), source="evaluate")


@pytest.mark.anyio
async def test_series_stop_growing_past_the_configured_tenants_and_the_agent_cap() -> None:
    registry = CollectorRegistry()
    config = config_from_mapping({})
    metrics = Metrics(registry, tenants=CONFIGURED, max_agent_labels=MAX_AGENTS)
    pipeline = Pipeline(config, build_memory_store(config), metrics)
    await pipeline.start()
    try:
        await _loop_sessions(pipeline, range(40), range(8))
        first = _series(registry)
        # Many more tenants (as keys of a session, which authentication would never let in) and
        # agents: not one more series.
        await _loop_sessions(pipeline, range(40, 120), range(8, 20))
        second = _series(registry)
    finally:
        await pipeline.shutdown()
    assert _tenant_values(registry) == {*CONFIGURED, ANONYMOUS_LABEL, OTHER_TENANT}
    assert second == first
    assert first["loopwatch_verdicts"]  # the loops were counted
    # The bound of the module docstring: (configured + anonymous + other) x (agents + other) x actions.
    assert len(first["loopwatch_verdicts"]) <= (len(CONFIGURED) + 2) * (MAX_AGENTS + 1) * len(Action)


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector(two_tenants()) as running:
        yield running


def test_the_callers_key_names_the_tenant_of_its_series(collector: RunningCollector) -> None:
    registry = collector.collector.registry
    with grpc.insecure_channel(collector.endpoints.grpc_target) as channel:
        guard = pb_grpc.LoopGuardStub(channel)
        for step in range(LOOP_STEPS):
            guard.Evaluate(evaluate_request(trace_id(7), step), metadata=metadata(ALPHA_KEY), timeout=5)
        otlp = trace_service_pb2_grpc.TraceServiceStub(channel)  # type: ignore[no-untyped-call]  # generated
        request = otlp_request(*(tool_span(bytes.fromhex(trace_id(8)), f"call_{n}") for n in range(3)))
        otlp.Export(request, metadata=metadata(BETA_KEY), timeout=10)
    started = registry.get_sample_value(
        "loopwatch_sessions_started_total", {"tenant": "alpha", "agent": "bot"}
    )
    assert started == 1
    nudges = {"tenant": "alpha", "agent": "bot", "action": Action.NUDGE.value}
    assert registry.get_sample_value("loopwatch_verdicts_total", nudges) == 1
    assert (
        registry.get_sample_value("loopwatch_otlp_spans_total", {"tenant": "beta", "result": "accepted"}) == 3
    )
    assert registry.get_sample_value("loopwatch_sessions_active", {"tenant": "beta"}) == 1
    assert _tenant_values(registry) == {"alpha", "beta", ANONYMOUS_LABEL}


def test_another_tenants_junk_agent_names_leave_a_tenants_agent_its_name() -> None:
    junk_agents = MAX_AGENT_LABELS + 10
    with running_collector(two_tenants()) as running:
        registry = running.collector.registry
        with grpc.insecure_channel(running.endpoints.grpc_target) as channel:
            guard = pb_grpc.LoopGuardStub(channel)
            for n in range(junk_agents):
                request = evaluate_request(trace_id(100 + n), 0, agent=f"junk-{n}")
                guard.Evaluate(request, metadata=metadata(BETA_KEY), timeout=5)
            guard.Evaluate(evaluate_request(trace_id(99), 0), metadata=metadata(ALPHA_KEY), timeout=5)
    started = {"tenant": "alpha", "agent": "bot"}
    assert registry.get_sample_value("loopwatch_sessions_started_total", started) == 1
    beyond = {"tenant": "beta", "agent": OTHER_AGENT}
    assert (
        registry.get_sample_value("loopwatch_sessions_started_total", beyond)
        == junk_agents - MAX_AGENT_LABELS
    )
