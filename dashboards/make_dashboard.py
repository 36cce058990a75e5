"""Generate the loopwatch Grafana dashboard (``dashboards/grafana/loopwatch-overview.json``).

The dashboard is code so that every panel gets the same datasource reference, units and layout;
the JSON file is what Grafana provisions and what the tests check (structure, metric names, and
every panel's PromQL against a real Prometheus scraping a real collector).

Usage::

    python dashboards/make_dashboard.py          # rewrite the JSON file
    python dashboards/make_dashboard.py --check  # exit 1 if the committed file is stale

Template variables used in expressions: ``$tenant`` and ``$agent`` (multi-value regexes, "All"
= ``.*``; every metric with a ``tenant`` label is filtered on the first, every metric with an
``agent`` label on the second), ``$__rate_interval`` and ``$__range`` (Grafana built-ins).
``$loopwatch_url`` is the collector's ``ui.external_url`` (from ``loopwatch_ui_info{url}``):
per-agent series link to the session page filtered on their agent (``/ui?agent=...&state=...``),
and the dashboard links to ``/ui``.
The datasource is the ``datasource`` template variable, never ``${DS_PROMETHEUS}``, which only
resolves in the UI import flow and breaks file provisioning (grafana/grafana#10786).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

OUTPUT = Path(__file__).resolve().parent / "grafana" / "loopwatch-overview.json"
DASHBOARD_UID = "loopwatch-overview"  # stable: alert annotations and docs link to /d/<uid>
# Grafana 11.0-11.2 writes schemaVersion 39; newer Grafana migrates it on load.
SCHEMA_VERSION = 39
DATASOURCE = {"type": "prometheus", "uid": "${datasource}"}
GRID_WIDTH = 24  # Grafana's grid is 24 columns wide

TENANT = 'tenant=~"$tenant"'
# The loop metrics carry both labels (collector exporters/metrics.py), so they take both filters.
AGENT = f'{TENANT}, agent=~"$agent"'
RATE = "$__rate_interval"

# Loop rate = sessions that got a detection / sessions started. An agent that never looped has
# no loopwatch_sessions_looping_total series: `or ... * 0` gives it an explicit 0 instead of
# dropping it from the division.
# The session page's base URL, as a dashboard variable read from the collector's setting.
UI_URL_VARIABLE = "loopwatch_url"
LOOPING_BY_AGENT = f"sum by (agent) (rate(loopwatch_sessions_looping_total{{{AGENT}}}[{RATE}]))"
STARTED_BY_AGENT = f"sum by (agent) (rate(loopwatch_sessions_started_total{{{AGENT}}}[{RATE}]))"


@dataclass(frozen=True, slots=True, kw_only=True)
class Target:
    expr: str
    legend: str = ""
    exemplar: bool = False
    instant: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionsLink:
    """A data link from a per-agent series to the collector's session list for that agent."""

    title: str
    state: str | None = None  # looping | runaway | halted; None = every session of the agent

    def as_json(self) -> dict[str, Any]:
        query = "agent=${__field.labels.agent:percentencode}" + (f"&state={self.state}" if self.state else "")
        return {"targetBlank": True, "title": self.title, "url": f"${{{UI_URL_VARIABLE}}}/ui?{query}"}


RUNAWAY_LINK = SessionsLink(title="Runaway sessions of ${__field.labels.agent}", state="runaway")


@dataclass(frozen=True, slots=True, kw_only=True)
class Panel:
    title: str
    description: str
    targets: tuple[Target, ...]
    kind: str = "timeseries"  # timeseries | stat
    unit: str = "short"
    width: int = 12
    height: int = 8
    stacked: bool = False
    thresholds: tuple[tuple[float, str], ...] = ()
    extra_options: dict[str, Any] = field(default_factory=dict)
    links: tuple[SessionsLink, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Row:
    title: str
    panels: tuple[Panel, ...]


ROWS: tuple[Row, ...] = (
    Row(
        title="Loops",
        panels=(
            Panel(
                title="Loop rate",
                description=(
                    "Sessions that got at least one detection divided by sessions started, over the "
                    "selected time range, for the selected agents."
                ),
                kind="stat",
                unit="percentunit",
                width=6,
                thresholds=((0.0, "green"), (0.05, "orange"), (0.2, "red")),
                targets=(
                    Target(
                        expr=(
                            f"sum(increase(loopwatch_sessions_looping_total{{{AGENT}}}[$__range]))"
                            f" / sum(increase(loopwatch_sessions_started_total{{{AGENT}}}[$__range]))"
                        ),
                        instant=True,
                    ),
                ),
            ),
            Panel(
                title="Runaway sessions",
                description=(
                    "Live sessions that hit a hard budget (steps per trace or per conversation), per agent. "
                    "Click a value to open them on the collector's session page."
                ),
                kind="stat",
                width=6,
                links=(RUNAWAY_LINK,),
                thresholds=((0.0, "green"), (1.0, "red")),
                targets=(
                    Target(
                        expr=f"sum by (agent) (loopwatch_runaway_sessions{{{AGENT}}})",
                        legend="{{agent}}",
                        instant=True,
                    ),
                ),
            ),
            Panel(
                title="Loop rate per agent",
                description=(
                    "Share of the sessions started per agent that got a detection. Click a series to "
                    "open that agent's looping sessions on the collector's session page."
                ),
                unit="percentunit",
                links=(SessionsLink(title="Looping sessions of ${__field.labels.agent}", state="looping"),),
                targets=(
                    Target(
                        expr=f"({LOOPING_BY_AGENT} or {STARTED_BY_AGENT} * 0) / {STARTED_BY_AGENT}",
                        legend="{{agent}}",
                    ),
                ),
            ),
            Panel(
                title="Detections by detector",
                description="Findings per second, by the detector that produced them.",
                unit="ops",
                stacked=True,
                targets=(
                    Target(
                        expr=(f"sum by (detector) (rate(loopwatch_detections_total{{{AGENT}}}[{RATE}]))"),
                        legend="{{detector}}",
                    ),
                ),
            ),
            Panel(
                title="Verdicts by action",
                description=(
                    "Verdicts per second by action (continue, nudge, withdraw_tools, halt). In shadow "
                    "mode interventions are counted here but never returned to the agent."
                ),
                unit="ops",
                stacked=True,
                targets=(
                    Target(
                        expr=f"sum by (action) (rate(loopwatch_verdicts_total{{{AGENT}}}[{RATE}]))",
                        legend="{{action}}",
                    ),
                ),
            ),
            Panel(
                title="Runaway sessions over time",
                description="Live sessions over a budget, per agent. Click a series to open them.",
                width=24,
                links=(RUNAWAY_LINK,),
                targets=(
                    Target(
                        expr=f"sum by (agent) (loopwatch_runaway_sessions{{{AGENT}}})",
                        legend="{{agent}}",
                    ),
                ),
            ),
        ),
    ),
    Row(
        title="Sessions",
        panels=(
            Panel(
                title="Active sessions",
                description=(
                    "Live sessions per tenant across all collector replicas (a tenant's quota bounds "
                    "its own). Summed: with the shared Redis store a replica counts the sessions it "
                    "creates and removes, so one replica alone can read negative."
                ),
                width=8,
                targets=(
                    Target(
                        expr=f"sum by (tenant) (loopwatch_sessions_active{{{TENANT}}})",
                        legend="{{tenant}}",
                    ),
                ),
            ),
            Panel(
                title="Sessions started per agent",
                description="New sessions (traces) per second, per agent. Click a series to list them.",
                unit="ops",
                width=8,
                links=(SessionsLink(title="Sessions of ${__field.labels.agent}"),),
                targets=(Target(expr=STARTED_BY_AGENT, legend="{{agent}}"),),
            ),
            Panel(
                title="Session evictions",
                description=(
                    "Sessions dropped because a live-session bound was reached (least recently used "
                    "first), per tenant: a tenant past its share evicts only its own sessions. Their "
                    "loop state is lost, so raise the bound or add replicas if this is not 0. Expired "
                    "sessions (idle TTL) are shown for comparison: that is the normal end."
                ),
                unit="ops",
                width=8,
                targets=(
                    Target(
                        expr=f"sum by (tenant) (rate(loopwatch_sessions_evicted_total{{{TENANT}}}[{RATE}]))",
                        legend="evicted {{tenant}}",
                    ),
                    Target(
                        expr=f"sum(rate(loopwatch_sessions_expired_total{{{TENANT}}}[{RATE}]))",
                        legend="expired (idle TTL)",
                    ),
                ),
            ),
            Panel(
                title="Steps per session",
                description="Quantiles of the number of model steps per session.",
                width=12,
                targets=tuple(
                    Target(
                        expr=(
                            f"histogram_quantile({q}, sum by (le) "
                            f"(rate(loopwatch_session_steps_bucket[{RATE}])))"
                        ),
                        legend=f"p{round(q * 100)}",
                    )
                    for q in (0.5, 0.9, 0.99)
                ),
            ),
            Panel(
                title="Events ingested by type",
                description="Events per second entering the per-trace streams, by type.",
                unit="ops",
                width=12,
                stacked=True,
                targets=(
                    Target(
                        expr=f"sum by (type) (rate(loopwatch_events_total{{{TENANT}}}[{RATE}]))",
                        legend="{{type}}",
                    ),
                ),
            ),
        ),
    ),
    Row(
        title="Collector",
        panels=(
            Panel(
                title="Evaluate latency",
                description=(
                    "LoopGuard.Evaluate latency quantiles. Exemplars carry the trace id of a slow "
                    "call: click one to open the session."
                ),
                unit="s",
                targets=tuple(
                    Target(
                        expr=(
                            f"histogram_quantile({q}, sum by (le) "
                            f"(rate(loopwatch_evaluate_duration_seconds_bucket[{RATE}])))"
                        ),
                        legend=f"p{round(q * 100)}",
                        exemplar=True,
                    )
                    for q in (0.5, 0.99)
                ),
            ),
            Panel(
                title="OTLP spans ingested and rejected",
                description=(
                    "OTLP spans per second by result. Rejected spans were unusable (answered with "
                    "partial success): check the exporter's instrumentation and the collector log."
                ),
                unit="ops",
                targets=(
                    Target(
                        expr=f"sum by (result) (rate(loopwatch_otlp_spans_total{{{TENANT}}}[{RATE}]))",
                        legend="{{result}}",
                    ),
                ),
            ),
            Panel(
                title="OTLP rejected spans",
                description="Spans rejected over the selected time range.",
                kind="stat",
                width=6,
                thresholds=((0.0, "green"), (1.0, "orange")),
                targets=(
                    Target(
                        expr=(
                            f'sum(increase(loopwatch_otlp_spans_total{{{TENANT}, result="rejected"}}'
                            "[$__range]))"
                        ),
                        instant=True,
                    ),
                ),
            ),
            Panel(
                title="Detector errors",
                description=(
                    "Detector exceptions per second. Detectors fail open, so a failing detector "
                    "silently misses loops: look for the traceback in the collector log."
                ),
                unit="ops",
                width=9,
                targets=(
                    Target(
                        expr=f"sum by (detector) (rate(loopwatch_detector_errors_total[{RATE}]))",
                        legend="{{detector}}",
                    ),
                ),
            ),
            Panel(
                title="Session store errors",
                description=(
                    "Failed session-store calls per second, by operation. With the Redis store this "
                    "means Redis is unreachable or slow: Evaluate answers UNAVAILABLE and agents "
                    "continue unguarded (fail open) until it recovers."
                ),
                unit="ops",
                width=9,
                targets=(
                    Target(
                        expr=f"sum by (operation) (rate(loopwatch_store_errors_total[{RATE}]))",
                        legend="{{operation}}",
                    ),
                ),
            ),
        ),
    ),
)


def _thresholds(steps: tuple[tuple[float, str], ...]) -> dict[str, Any]:
    if not steps:
        steps = ((0.0, "green"),)
    # Grafana's first step is the base colour and has value null.
    return {
        "mode": "absolute",
        "steps": [
            {"color": colour, "value": None if i == 0 else value} for i, (value, colour) in enumerate(steps)
        ],
    }


def _target(target: Target, ref_id: str) -> dict[str, Any]:
    return {
        "datasource": DATASOURCE,
        "editorMode": "code",
        "exemplar": target.exemplar,
        "expr": target.expr,
        "instant": target.instant,
        "legendFormat": target.legend or "__auto",
        "range": not target.instant,
        "refId": ref_id,
    }


def _panel(panel: Panel, panel_id: int, x: int, y: int) -> dict[str, Any]:
    defaults: dict[str, Any] = {"unit": panel.unit, "thresholds": _thresholds(panel.thresholds)}
    if panel.links:
        defaults["links"] = [link.as_json() for link in panel.links]
    options: dict[str, Any]
    if panel.kind == "stat":
        defaults["color"] = {"mode": "thresholds"}
        options = {
            "colorMode": "background",
            "graphMode": "none",
            "reduceOptions": {"calcs": ["lastNotNull"], "fields": "", "values": False},
            "textMode": "auto",
        }
    else:
        defaults["color"] = {"mode": "palette-classic"}
        defaults["custom"] = {
            "drawStyle": "line",
            "fillOpacity": 20 if panel.stacked else 0,
            "showPoints": "never",
            "spanNulls": False,
            "stacking": {"group": "A", "mode": "normal" if panel.stacked else "none"},
        }
        options = {
            "legend": {"displayMode": "list", "placement": "bottom", "showLegend": True},
            "tooltip": {"mode": "multi", "sort": "desc"},
        }
    options.update(panel.extra_options)
    return {
        "datasource": DATASOURCE,
        "description": panel.description,
        "fieldConfig": {"defaults": defaults, "overrides": []},
        "gridPos": {"h": panel.height, "w": panel.width, "x": x, "y": y},
        "id": panel_id,
        "options": options,
        "targets": [_target(t, chr(ord("A") + i)) for i, t in enumerate(panel.targets)],
        "title": panel.title,
        "type": panel.kind,
    }


def _multi_value_variable(name: str, label: str, query: str) -> dict[str, Any]:
    """A query variable with "All" (``.*``) and multiple selection, refreshed on time change."""
    return {
        "allValue": ".*",
        "current": {"selected": True, "text": ["All"], "value": ["$__all"]},
        "datasource": DATASOURCE,
        "definition": query,
        "hide": 0,
        "includeAll": True,
        "label": label,
        "multi": True,
        "name": name,
        "options": [],
        "query": {"qryType": 1, "query": query, "refId": "PrometheusVariableQueryEditor-VariableQuery"},
        "refresh": 2,
        "regex": "",
        "sort": 1,
        "type": "query",
    }


def _variables() -> list[dict[str, Any]]:
    # Every configured tenant has a loopwatch_sessions_active series from start-up (0 until its
    # first session), so the list shows all tenants, not only those with traffic.
    tenant_query = "label_values(loopwatch_sessions_active, tenant)"
    agent_query = 'label_values(loopwatch_sessions_started_total{tenant=~"$tenant"}, agent)'
    ui_query = "label_values(loopwatch_ui_info, url)"
    return [
        {
            "current": {},
            "hide": 0,
            "includeAll": False,
            "label": "Data source",
            "multi": False,
            "name": "datasource",
            "options": [],
            "query": "prometheus",
            "refresh": 1,
            "regex": "",
            "type": "datasource",
        },
        _multi_value_variable("tenant", "Tenant", tenant_query),
        _multi_value_variable("agent", "Agent", agent_query),
        {
            # Hidden: set once on the collector (ui.external_url / LOOPWATCH_EXTERNAL_URL).
            "current": {},
            "datasource": DATASOURCE,
            "definition": ui_query,
            "description": "Base URL of the loopwatch session page (the collector's ui.external_url).",
            "hide": 2,
            "includeAll": False,
            "label": "loopwatch URL",
            "multi": False,
            "name": UI_URL_VARIABLE,
            "options": [],
            "query": {
                "qryType": 1,
                "query": ui_query,
                "refId": "PrometheusVariableQueryEditor-VariableQuery",
            },
            "refresh": 1,
            "regex": "",
            "sort": 0,
            "type": "query",
        },
    ]


def build() -> dict[str, Any]:
    """The dashboard model, laid out row by row, panels left to right."""
    panels: list[dict[str, Any]] = []
    next_id = 1
    y = 0
    for row in ROWS:
        panels.append(
            {
                "collapsed": False,
                "gridPos": {"h": 1, "w": GRID_WIDTH, "x": 0, "y": y},
                "id": next_id,
                "panels": [],
                "title": row.title,
                "type": "row",
            }
        )
        next_id += 1
        y += 1
        x = 0
        line_height = 0
        for panel in row.panels:
            if x + panel.width > GRID_WIDTH:
                x, y, line_height = 0, y + line_height, 0
            panels.append(_panel(panel, next_id, x, y))
            next_id += 1
            x += panel.width
            line_height = max(line_height, panel.height)
        y += line_height
    return {
        "annotations": {"list": []},
        "description": "Loop detection for AI agents: loop rates, detections, verdicts and collector health.",
        "editable": True,
        "graphTooltip": 1,
        "id": None,
        "links": [
            {
                "targetBlank": True,
                "title": "loopwatch sessions",
                "tooltip": "The live sessions on the collector's session page",
                "type": "link",
                "url": f"${{{UI_URL_VARIABLE}}}/ui",
            }
        ],
        "panels": panels,
        "refresh": "30s",
        "schemaVersion": SCHEMA_VERSION,
        "tags": ["loopwatch", "agents"],
        "templating": {"list": _variables()},
        "time": {"from": "now-6h", "to": "now"},
        "timepicker": {},
        "timezone": "",
        "title": "loopwatch",
        "uid": DASHBOARD_UID,
        "version": 1,
    }


def render() -> str:
    return json.dumps(build(), indent=2, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if the JSON file is not up to date")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if not OUTPUT.exists() or OUTPUT.read_text(encoding="utf-8") != text:
            print(f"{OUTPUT} is stale: run python dashboards/make_dashboard.py", file=sys.stderr)
            return 1
        return 0
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
