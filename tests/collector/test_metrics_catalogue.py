"""The metric names of the issue, exactly, on an injected registry; label values bounded."""

from __future__ import annotations

import pytest
from prometheus_client import CollectorRegistry
from prometheus_client.openmetrics.exposition import generate_latest

from loopwatch_collector.exporters.metrics import (
    EVICTION_REASONS,
    OTHER_AGENT,
    OTLP_SPAN_RESULTS,
    VERDICT_SPAN_RESULTS,
    Metrics,
)
from loopwatch_collector.security.quota import ANONYMOUS_LABEL

ISSUE_NAMES = {
    "loopwatch_sessions_started_total",
    "loopwatch_sessions_active",
    "loopwatch_events_total",
    "loopwatch_detections_total",
    "loopwatch_verdicts_total",
    "loopwatch_runaway_sessions",
    "loopwatch_session_steps",
    "loopwatch_evaluate_duration_seconds",
    "loopwatch_otlp_spans_total",
    "loopwatch_sessions_evicted_total",
    "loopwatch_detector_errors_total",
    "loopwatch_verdict_spans_total",
}


def _exposed_names(registry: CollectorRegistry) -> set[str]:
    names = set()
    for family in registry.collect():
        suffix = "_total" if family.type == "counter" else ""
        names.add(family.name + suffix)
    return names


def test_every_issue_metric_is_registered() -> None:
    registry = CollectorRegistry()
    Metrics(registry, detectors=["identical_call"])
    assert _exposed_names(registry) >= ISSUE_NAMES


def test_two_collectors_do_not_collide() -> None:
    Metrics(CollectorRegistry())
    Metrics(CollectorRegistry())


def test_bounded_series_are_preinitialised() -> None:
    registry = CollectorRegistry()
    Metrics(registry, detectors=["identical_call"], known_agents=["bot"])
    for result in OTLP_SPAN_RESULTS:
        spans = {"tenant": ANONYMOUS_LABEL, "result": result}
        assert registry.get_sample_value("loopwatch_otlp_spans_total", spans) == 0
    for reason in EVICTION_REASONS:
        evicted = {"tenant": ANONYMOUS_LABEL, "reason": reason}
        assert registry.get_sample_value("loopwatch_sessions_evicted_total", evicted) == 0
    assert registry.get_sample_value("loopwatch_detector_errors_total", {"detector": "identical_call"}) == 0
    for result in VERDICT_SPAN_RESULTS:
        assert registry.get_sample_value("loopwatch_verdict_spans_total", {"result": result}) == 0
    started = {"tenant": ANONYMOUS_LABEL, "agent": "bot"}
    assert registry.get_sample_value("loopwatch_sessions_started_total", started) == 0


def test_agent_label_cap_keeps_configured_agents() -> None:
    metrics = Metrics(CollectorRegistry(), max_agent_labels=1, known_agents=["configured"])
    assert metrics.agent_label("alpha", "first") == "first"
    assert metrics.agent_label("alpha", "second") == OTHER_AGENT
    assert metrics.agent_label("alpha", "configured") == "configured"
    assert metrics.agent_label("alpha", "first") == "first"
    assert metrics.agent_label("beta", "second") == "second"  # each tenant has its own pool
    assert metrics.agent_label("beta", "first") == OTHER_AGENT
    with pytest.raises(ValueError, match="max_agent_labels"):
        Metrics(CollectorRegistry(), max_agent_labels=-1)


@pytest.mark.parametrize("exemplars", [False, True])
def test_evaluate_exemplars_carry_the_trace_id_only_when_on(exemplars: bool) -> None:
    registry = CollectorRegistry()
    metrics = Metrics(registry, exemplars=exemplars)
    metrics.observe_evaluate(0.0004, "0af7651916cd43dd8448eb211c80319c")
    text = generate_latest(registry).decode()  # type: ignore[no-untyped-call]  # unannotated in prometheus_client
    assert ('# {trace_id="0af7651916cd43dd8448eb211c80319c"} 0.0004' in text) is exemplars
    assert registry.get_sample_value("loopwatch_evaluate_duration_seconds_count") == 1
