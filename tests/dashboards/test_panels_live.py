"""The proof that the dashboard works: a real Prometheus scrapes a real collector driven by a
scripted workload (looping, healthy and runaway agents over gRPC Evaluate, plus OTLP/HTTP
spans), then EVERY panel query of dashboards/grafana/loopwatch-overview.json, with its
template variables substituted as Grafana would, is run through Prometheus's HTTP API and must
parse and return data. The alert rules are loaded too and must evaluate without errors.

Prometheus is Debian's binary (scripts/install-system-deps.sh); a missing binary fails.
"""

from __future__ import annotations

import math
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import httpx
import pytest
import yaml
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue
from opentelemetry.proto.trace.v1.trace_pb2 import ResourceSpans, ScopeSpans, Span
from prometheus_client.parser import text_string_to_metric_families

from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.wire import events_to_proto, pb, pb_grpc
from loopwatch_collector.security.quota import ANONYMOUS_LABEL
from loopwatch_collector.testing import RunningCollector, running_collector

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "dashboards" / "alerts" / "loopwatch.rules.yml"
SCRAPE_INTERVAL = "1s"
# Grafana substitutes these; the workload lasts a few seconds, so every window covers it.
RATE_INTERVAL = "30s"
RANGE = "60s"
ROUNDS = 3
ROUND_PAUSE_S = 1.6  # longer than the scrape interval, so counters visibly increase
LOOPING_AGENT, HEALTHY_AGENT, RUNAWAY_AGENT = "looper", "healthy", "runaway-bot"
RUNAWAY_BUDGET = 5
EXTERNAL_URL = "https://loopwatch.test"  # the collector's ui.external_url, as people reach it
COLLECTOR_CONFIG: dict[str, Any] = {
    "ui": {"external_url": EXTERNAL_URL},
    # A small live-session bound and a short idle TTL, so that evictions happen and sessions
    # end (loopwatch_session_steps is observed when a session leaves the store).
    "sessions": {"idle_ttl_s": 2.5, "max_sessions": 4, "sweep_interval_s": 0.2},
    "metrics": {"exemplars": True},  # off by default; without keys every exemplar is shown
    "agents": {
        LOOPING_AGENT: {},
        HEALTHY_AGENT: {},
        RUNAWAY_AGENT: {"budgets": {"trace_max_steps": RUNAWAY_BUDGET}},
    },
}
STARTUP_TIMEOUT_S = 20.0


@dataclass(frozen=True, slots=True)
class Workload:
    started_s: float
    trace_ids: frozenset[str]
    sessions: int


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector(COLLECTOR_CONFIG) as running:
        yield running


@pytest.fixture(scope="module")
def prometheus(collector: RunningCollector, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a Prometheus scraping ``collector`` every second, with the alert rules."""
    binary = shutil.which("prometheus")
    if binary is None:
        pytest.fail("prometheus not found: run scripts/install-system-deps.sh (Debian package prometheus)")
    directory = tmp_path_factory.mktemp("prometheus")
    config = {
        "global": {"scrape_interval": SCRAPE_INTERVAL, "evaluation_interval": SCRAPE_INTERVAL},
        "rule_files": [str(RULES)],
        "scrape_configs": [
            {
                "job_name": "loopwatch",
                "static_configs": [{"targets": [f"127.0.0.1:{collector.endpoints.http_port}"]}],
            }
        ],
    }
    config_file = directory / "prometheus.yml"
    config_file.write_text(yaml.safe_dump(config), encoding="utf-8")
    port = _free_port()
    log_path = directory / "prometheus.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [
                binary,
                f"--config.file={config_file}",
                f"--storage.tsdb.path={directory / 'data'}",
                f"--web.listen-address=127.0.0.1:{port}",
                "--enable-feature=exemplar-storage",
                "--log.level=warn",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until(lambda: _ready(url), f"Prometheus ready; log:\n{log_path.read_text(errors='replace')}")
        _wait_until(lambda: _first_value(url, 'up{job="loopwatch"}') == 1.0, "the collector scraped")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _ready(url: str) -> bool:
    try:
        return httpx.get(f"{url}/-/ready", timeout=1.0).status_code == 200
    except httpx.HTTPError:
        return False


def _wait_until(condition: Any, what: str, timeout_s: float = STARTUP_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    pytest.fail(f"timed out waiting for {what}")


def _api(url: str, path: str, params: dict[str, str]) -> Any:
    response = httpx.get(f"{url}/api/v1/{path}", params=params, timeout=10.0)
    body = response.json()
    assert body["status"] == "success", (path, params, body)
    return body["data"]


def _first_value(url: str, query: str) -> float | None:
    result = _api(url, "query", {"query": query})["result"]
    return float(result[0]["value"][1]) if result else None


# --- the workload ---------------------------------------------------------------------------


def _step(i: int, tool: str, args: dict[str, Any], result: str) -> list[Event]:
    call = ToolCall.create(id=f"call_{i}", name=tool, arguments=args)
    return [
        Step.create(event_id=f"step:call_{i}", text=f"Calling {tool}.", tool_calls=(call,)),
        ToolResult.create(event_id=f"result:call_{i}", call_id=f"call_{i}", content=result),
    ]


def _session_steps(agent: str) -> list[list[Event]]:
    if agent == LOOPING_AGENT:  # the same call, the same result: identical_call fires
        return [_step(i, "search", {"q": "status"}, "no results") for i in range(6)]
    if agent == RUNAWAY_AGENT:  # distinct progress, but more steps than its budget
        steps = RUNAWAY_BUDGET + 2
        return [_step(i, "read_file", {"path": f"f{i}.py"}, f"content {i}") for i in range(steps)]
    return [_step(i, "read_file", {"path": f"doc{i}.md"}, f"text {i}") for i in range(3)]


def _otlp_request(trace_id: bytes) -> ExportTraceServiceRequest:
    """One GenAI tool span, plus one span with an all-zero (invalid) trace id: rejected."""

    def attribute(key: str, value: str) -> KeyValue:
        return KeyValue(key=key, value=AnyValue(string_value=value))

    now = time.time_ns()
    tool_span = Span(
        trace_id=trace_id,
        span_id=trace_id[-8:],
        name="execute_tool search",
        kind=Span.SPAN_KIND_INTERNAL,
        start_time_unix_nano=now - 1_000_000,
        end_time_unix_nano=now,
        attributes=[
            attribute("gen_ai.operation.name", "execute_tool"),
            attribute("gen_ai.tool.name", "search"),
            attribute("gen_ai.tool.call.id", f"otlp_{trace_id.hex()[:8]}"),
            attribute("gen_ai.agent.name", HEALTHY_AGENT),
        ],
    )
    invalid = Span(trace_id=bytes(16), span_id=b"\x01" * 8, name="broken", start_time_unix_nano=now)
    return ExportTraceServiceRequest(
        resource_spans=[ResourceSpans(scope_spans=[ScopeSpans(spans=[tool_span, invalid])])]
    )


def _collector_total(collector: RunningCollector, sample_name: str) -> float:
    """The sum of a sample over its label sets, read from the collector's own /metrics."""
    text = httpx.get(f"{collector.endpoints.http_url}/metrics", timeout=5.0).text
    return sum(
        sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == sample_name
    )


@pytest.fixture(scope="module")
def workload(collector: RunningCollector, prometheus: str) -> Workload:
    started_s = time.time()
    trace_ids: set[str] = set()
    sessions = 0
    with grpc.insecure_channel(collector.endpoints.grpc_target) as channel:
        stub = pb_grpc.LoopGuardStub(channel)
        for round_number in range(ROUNDS):
            for agent in (LOOPING_AGENT, HEALTHY_AGENT, LOOPING_AGENT, RUNAWAY_AGENT, HEALTHY_AGENT):
                sessions += 1
                trace_id = f"{sessions:032x}"
                trace_ids.add(trace_id)
                for events in _session_steps(agent):
                    wire_events = events_to_proto(events)
                    request = pb.EvaluateRequest(trace_id=trace_id, agent=agent, events=wire_events)
                    stub.Evaluate(request, timeout=5.0)
            otlp_trace = bytes.fromhex(f"{0xF00 + round_number:032x}")
            response = httpx.post(
                f"{collector.endpoints.otlp_http_url}/v1/traces",
                content=_otlp_request(otlp_trace).SerializeToString(),
                headers={"Content-Type": "application/x-protobuf"},
                timeout=5.0,
            )
            assert response.status_code == 200, response.text
            time.sleep(ROUND_PAUSE_S)
    # Prometheus has seen the whole workload once it reports as many sessions as the collector.
    total = _collector_total(collector, "loopwatch_sessions_started_total")
    assert total >= sessions
    _wait_until(
        lambda: _first_value(prometheus, "sum(loopwatch_sessions_started_total)") == total,
        "Prometheus to scrape the whole workload",
    )
    return Workload(started_s=started_s, trace_ids=frozenset(trace_ids), sessions=sessions)


# --- the panels ------------------------------------------------------------------------------


def _substitute(expr: str, agent_regex: str = ".*", tenant_regex: str = ".*") -> str:
    substitutions = {
        "$__rate_interval": RATE_INTERVAL,
        "$__range": RANGE,
        "$agent": agent_regex,
        "$tenant": tenant_regex,
    }
    for variable, value in substitutions.items():
        expr = expr.replace(variable, value)
    return expr


def _targets(panels: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    return [(f"{panel['title']} [{t['refId']}]", t) for panel in panels for t in panel["targets"]]


def _finite(values: list[list[Any]]) -> list[float]:
    return [float(v) for _t, v in values if math.isfinite(float(v))]


def test_every_panel_query_returns_data(
    prometheus: str, workload: Workload, panels: list[dict[str, Any]]
) -> None:
    end = time.time()
    failures = []
    for name, target in _targets(panels):
        expr = _substitute(target["expr"])
        if target["instant"]:
            data = _api(prometheus, "query", {"query": expr, "time": f"{end:.3f}"})
            series_values = [[s["value"]] for s in data["result"]]
        else:
            data = _api(
                prometheus,
                "query_range",
                {"query": expr, "start": f"{workload.started_s:.3f}", "end": f"{end:.3f}", "step": "1"},
            )
            series_values = [s["values"] for s in data["result"]]
        if not any(_finite(values) for values in series_values):
            failures.append(f"{name}: no data for {expr}")
    assert not failures, "\n".join(failures)


def _max_over_range(url: str, query: str, workload: Workload) -> dict[str, float]:
    """The maximum finite value per series of a range query, keyed by the series' labels."""
    data = _api(
        url,
        "query_range",
        {"query": query, "start": f"{workload.started_s:.3f}", "end": f"{time.time():.3f}", "step": "1"},
    )
    found = {}
    for series in data["result"]:
        values = _finite(series["values"])
        if values:
            found[",".join(f"{k}={v}" for k, v in sorted(series["metric"].items()))] = max(values)
    return found


def test_loop_rate_separates_looping_from_healthy_agents(
    prometheus: str, workload: Workload, panels: list[dict[str, Any]]
) -> None:
    (target,) = next(p for p in panels if p["title"] == "Loop rate per agent")["targets"]
    rates = _max_over_range(prometheus, _substitute(target["expr"]), workload)
    assert rates[f"agent={LOOPING_AGENT}"] > 0.9
    assert rates[f"agent={HEALTHY_AGENT}"] == 0.0
    # The agent filter narrows the panel to the selected agents (Grafana's multi-value regex).
    only = _max_over_range(prometheus, _substitute(target["expr"], f"({HEALTHY_AGENT})"), workload)
    assert set(only) == {f"agent={HEALTHY_AGENT}"}
    # So does the tenant filter: without keys every session is the anonymous tenant's.
    anonymous = _substitute(target["expr"], tenant_regex=f"({ANONYMOUS_LABEL})")
    assert set(_max_over_range(prometheus, anonymous, workload)) == set(rates)
    assert _max_over_range(prometheus, _substitute(target["expr"], tenant_regex="(team-x)"), workload) == {}


def _variable_values(
    prometheus: str, dashboard: dict[str, Any], name: str, tenant_regex: str = ".*"
) -> set[str]:
    """The values of variable ``name``, its query run the way Grafana runs
    ``label_values(selector, label)`` (``$tenant`` substituted)."""
    variable = next(v for v in dashboard["templating"]["list"] if v["name"] == name)
    match = re.fullmatch(r"label_values\((\w+(?:\{[^}]*\})?), (\w+)\)", variable["definition"])
    assert match is not None, variable["definition"]
    selector, label = match.groups()
    values = _api(
        prometheus, f"label/{label}/values", {"match[]": _substitute(selector, tenant_regex=tenant_regex)}
    )
    return set(values)


def test_tenant_and_agent_variables_list_the_tenants_and_their_agents(
    prometheus: str, workload: Workload, dashboard: dict[str, Any]
) -> None:
    assert _variable_values(prometheus, dashboard, "tenant") == {ANONYMOUS_LABEL}
    agents = _variable_values(prometheus, dashboard, "agent")
    assert {LOOPING_AGENT, HEALTHY_AGENT, RUNAWAY_AGENT} <= agents
    assert _variable_values(prometheus, dashboard, "agent", tenant_regex="(team-x)") == set()


def test_data_links_open_the_agents_sessions_on_the_collector(
    prometheus: str, workload: Workload, dashboard: dict[str, Any], panels: list[dict[str, Any]]
) -> None:
    """``$loopwatch_url`` resolves to the collector's external URL; each per-agent link, pointed
    at the running collector, opens the session page, whose filter the REST API accepts (the
    workload's sessions have expired by now: this collector's idle TTL is seconds)."""
    variable = next(v for v in dashboard["templating"]["list"] if v["name"] == "loopwatch_url")
    match = re.fullmatch(r"label_values\((\w+), (\w+)\)", variable["definition"])
    assert match is not None, variable["definition"]
    assert _api(prometheus, f"label/{match[2]}/values", {"match[]": match[1]}) == [EXTERNAL_URL]
    collector_url = _collector_url(prometheus)
    links = [link["url"] for p in panels for link in p["fieldConfig"]["defaults"].get("links", [])]
    assert links
    agent = {"looping": LOOPING_AGENT, "runaway": RUNAWAY_AGENT}
    for template in links:
        state = template.partition("&state=")[2]
        url = template.replace("${loopwatch_url}", collector_url).replace(
            "${__field.labels.agent:percentencode}", agent.get(state, HEALTHY_AGENT)
        )
        page = httpx.get(url, timeout=10)
        assert page.status_code == 200, url
        assert "loopwatch sessions" in page.text
        listed = httpx.get(f"{collector_url}/v1/sessions", params=dict(httpx.URL(url).params), timeout=10)
        assert listed.status_code == 200, (url, listed.text)


def _collector_url(prometheus: str) -> str:
    (target,) = _api(prometheus, "targets", {})["activeTargets"]
    return str(target["scrapeUrl"]).removesuffix("/metrics")


def test_runaway_sessions_and_otlp_rejects_are_counted(prometheus: str, workload: Workload) -> None:
    runaway = _max_over_range(prometheus, "sum by (agent) (loopwatch_runaway_sessions)", workload)
    assert runaway[f"agent={RUNAWAY_AGENT}"] >= 1
    assert runaway.get(f"agent={LOOPING_AGENT}", 0.0) == 0.0
    rejected = _first_value(prometheus, 'sum(loopwatch_otlp_spans_total{result="rejected"})')
    assert rejected == float(ROUNDS)
    usable = _first_value(prometheus, 'sum(loopwatch_otlp_spans_total{result=~"accepted|ignored"})')
    assert usable == float(ROUNDS)


def test_evaluate_latency_carries_trace_id_exemplars(prometheus: str, workload: Workload) -> None:
    data = _api(
        prometheus,
        "query_exemplars",
        {
            "query": "loopwatch_evaluate_duration_seconds_bucket",
            "start": f"{workload.started_s - 5:.3f}",
            "end": f"{time.time():.3f}",
        },
    )
    trace_ids = {e["labels"].get("trace_id") for series in data for e in series["exemplars"]}
    assert trace_ids & workload.trace_ids


def test_alert_rules_evaluate_on_real_data(prometheus: str, workload: Workload) -> None:
    groups = _api(prometheus, "rules", {})["groups"]
    rules = [rule for group in groups for rule in group["rules"]]
    expected = yaml.safe_load(RULES.read_text(encoding="utf-8"))
    assert len(rules) == sum(len(g["rules"]) for g in expected["groups"])

    def evaluated() -> bool:
        current = [r for g in _api(prometheus, "rules", {})["groups"] for r in g["rules"]]
        return all(r.get("lastEvaluation", "").startswith("20") for r in current)

    _wait_until(evaluated, "every rule evaluated once")
    for rule in [r for g in _api(prometheus, "rules", {})["groups"] for r in g["rules"]]:
        assert rule["health"] == "ok", (rule["name"], rule.get("lastError"))
