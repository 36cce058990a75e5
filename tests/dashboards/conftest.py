"""Fixtures for the dashboard and alert-rule tests: repository paths, promtool, the dashboard."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
DASHBOARDS = REPO / "dashboards"
DASHBOARD_JSON = DASHBOARDS / "grafana" / "loopwatch-overview.json"
ALERTS = DASHBOARDS / "alerts"

# The collector's metric names and labels (issue 3; collector/loopwatch_collector/metrics.py),
# including the looping-sessions counter the loop rate needs. Histograms also expose _bucket,
# _count and _sum.
COUNTERS: dict[str, set[str]] = {
    "loopwatch_sessions_started_total": {"tenant", "agent"},
    "loopwatch_sessions_looping_total": {"tenant", "agent"},
    "loopwatch_sessions_expired_total": {"tenant"},
    "loopwatch_sessions_ended_total": {"tenant", "agent", "reason"},
    "loopwatch_events_total": {"tenant", "type", "source"},
    "loopwatch_events_duplicate_total": {"source"},
    "loopwatch_detections_total": {"tenant", "agent", "detector"},
    "loopwatch_verdicts_total": {"tenant", "agent", "action"},
    "loopwatch_otlp_spans_total": {"tenant", "result"},
    "loopwatch_sessions_evicted_total": {"tenant", "reason"},
    "loopwatch_detector_errors_total": {"detector"},
    "loopwatch_store_errors_total": {"operation"},
    "loopwatch_hook_answers_total": {"tenant", "agent", "decision"},
    "loopwatch_verdict_spans_total": {"result"},
}
GAUGES: dict[str, set[str]] = {
    "loopwatch_sessions_active": {"tenant"},
    "loopwatch_runaway_sessions": {"tenant", "agent"},
}
HISTOGRAMS: dict[str, set[str]] = {
    "loopwatch_session_steps": set(),
    "loopwatch_evaluate_duration_seconds": set(),
    "loopwatch_session_ended_duration_seconds": {"tenant", "agent"},
    "loopwatch_session_ended_tokens": {"tenant", "agent"},
    "loopwatch_session_ended_cost_usd": {"tenant", "agent"},
}


@pytest.fixture(scope="session")
def metric_catalogue() -> dict[str, set[str]]:
    """Metric name (as exposed, histograms without suffix) -> its label names."""
    return {**COUNTERS, **GAUGES, **HISTOGRAMS}


@pytest.fixture(scope="session")
def known_metrics() -> set[str]:
    """Every sample name the collector exposes that dashboards and rules may use."""
    names = set(COUNTERS) | set(GAUGES)
    for name in HISTOGRAMS:
        names |= {f"{name}_bucket", f"{name}_count", f"{name}_sum"}
    return names


@pytest.fixture(scope="session")
def agent_metrics() -> set[str]:
    """Metrics carrying an ``agent`` label: the dashboard's agent filter must apply to them."""
    return {name for name, labels in {**COUNTERS, **GAUGES}.items() if "agent" in labels}


@pytest.fixture(scope="session")
def tenant_metrics() -> set[str]:
    """Metrics carrying a ``tenant`` label: the dashboard's tenant filter must apply to them."""
    return {name for name, labels in {**COUNTERS, **GAUGES}.items() if "tenant" in labels}


@pytest.fixture(scope="session")
def promtool() -> str:
    """Path of promtool; a missing promtool fails the test (scripts/install-system-deps.sh)."""
    path = shutil.which("promtool")
    if path is None:
        pytest.fail("promtool not found: run scripts/install-system-deps.sh (Debian package prometheus)")
    return path


@pytest.fixture(scope="session")
def dashboard() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DASHBOARD_JSON.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="session")
def panels(dashboard: dict[str, Any]) -> list[dict[str, Any]]:
    """Every panel that queries data (rows excluded), including panels nested in collapsed rows."""
    found: list[dict[str, Any]] = []
    for panel in dashboard["panels"]:
        if panel["type"] == "row":
            found.extend(panel.get("panels", []))
        else:
            found.append(panel)
    return found
