"""The Prometheus alert rules: promtool accepts them and their unit tests cover every alert."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[2]
ALERTS = REPO / "dashboards" / "alerts"
RULES = ALERTS / "loopwatch.rules.yml"
RULE_TESTS = ALERTS / "loopwatch.test.yml"
METRIC = re.compile(r"\b(loopwatch_[a-z_]+)\b")

# What the issue asks to be paged or warned about, by alert name.
REQUIRED_ALERTS = {
    "LoopwatchAgentLoopRateHigh",  # loop rate above a threshold for an agent
    "LoopwatchRunawaySession",  # a session over budget
    "LoopwatchCollectorDown",  # collector down
    "LoopwatchCollectorNotScraped",  # collector not scraped
    "LoopwatchEvaluateLatencyHigh",  # Evaluate p99 above target
    "LoopwatchOTLPSpansRejected",  # OTLP rejects
    "LoopwatchDetectorErrors",  # detector errors
    "LoopwatchSessionStoreErrors",  # Redis outage: agents unguarded (DESIGN section 7)
}


def _rules() -> list[dict[str, Any]]:
    data = yaml.safe_load(RULES.read_text(encoding="utf-8"))
    return [rule for group in data["groups"] for rule in group["rules"]]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), capture_output=True, text=True, check=False, cwd=ALERTS, timeout=60)


def test_promtool_check_rules(promtool: str) -> None:
    result = _run(promtool, "check", "rules", RULES.name)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"SUCCESS: {len(_rules())} rules found" in result.stdout


def test_promtool_unit_tests_pass(promtool: str) -> None:
    result = _run(promtool, "test", "rules", RULE_TESTS.name)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS" in result.stdout


def test_the_unit_tests_load_these_rules() -> None:
    tests = yaml.safe_load(RULE_TESTS.read_text(encoding="utf-8"))
    assert tests["rule_files"] == [RULES.name]


def test_required_alerts_exist_with_severity_summary_and_description() -> None:
    alerts = {rule["alert"]: rule for rule in _rules() if "alert" in rule}
    assert set(alerts) >= REQUIRED_ALERTS
    for name, rule in alerts.items():
        assert rule["labels"]["severity"] in {"critical", "warning"}, name
        annotations = rule["annotations"]
        assert annotations["summary"].strip(), name
        # A description tells the on-call where to look: more than a restated summary.
        assert len(annotations["description"].split()) >= 30, name


def test_every_alert_is_tested_firing_and_silent() -> None:
    tests = yaml.safe_load(RULE_TESTS.read_text(encoding="utf-8"))
    firing: set[str] = set()
    silent: set[str] = set()
    for case in tests["tests"]:
        for check in case.get("alert_rule_test", []):
            (firing if check["exp_alerts"] else silent).add(check["alertname"])
    alerts = {rule["alert"] for rule in _rules() if "alert" in rule}
    assert alerts - firing == set(), "alerts never shown firing"
    assert alerts - silent == set(), "alerts never shown silent"


def test_agent_alerts_link_to_the_session_page_of_the_agent() -> None:
    by_name = {rule["alert"]: rule for rule in _rules() if "alert" in rule}
    for name, state in [("LoopwatchAgentLoopRateHigh", "looping"), ("LoopwatchRunawaySession", "runaway")]:
        link = " ".join(by_name[name]["annotations"]["session_list"].split())
        assert "loopwatch_ui_info" in link  # the base URL is the collector's ui.external_url
        assert link.endswith(f"/ui?agent={{{{ $labels.agent | urlquery }}}}&state={state}"), link


def test_rules_use_only_metrics_the_collector_exposes(known_metrics: set[str]) -> None:
    for rule in _rules():
        used = set(METRIC.findall(rule["expr"]))
        assert used <= known_metrics, (rule.get("alert"), used - known_metrics)


def test_dashboard_links_in_descriptions_name_the_real_dashboard(dashboard: dict[str, Any]) -> None:
    text = RULES.read_text(encoding="utf-8")
    linked = set(re.findall(r"/d/([A-Za-z0-9_-]+)", text))
    assert linked == {dashboard["uid"]}
