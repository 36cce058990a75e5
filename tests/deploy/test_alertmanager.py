"""Alertmanager in the compose stack: its configuration passes ``amtool check-config``, routes
every loopwatch alert to the example webhook receiver, and that receiver prints each alert
with its link to the collector's session page."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
ALERTMANAGER = DEPLOY / "alertmanager" / "alertmanager.yml"
WEBHOOK = DEPLOY / "alertmanager" / "alert_webhook.py"
RULES = REPO / "dashboards" / "alerts" / "loopwatch.rules.yml"
START_TIMEOUT_S = 20


def _amtool(amtool: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([amtool, *args], capture_output=True, text=True, check=False, timeout=60)


def test_amtool_check_config_passes(amtool: str) -> None:
    result = _amtool(amtool, "check-config", str(ALERTMANAGER))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS" in result.stdout


def test_every_loopwatch_alert_reaches_the_webhook_receiver(amtool: str) -> None:
    rules = yaml.safe_load(RULES.read_text(encoding="utf-8"))
    alerts = [r for group in rules["groups"] for r in group["rules"] if "alert" in r]
    assert alerts
    for rule in alerts:
        labels = [f"alertname={rule['alert']}", f"severity={rule['labels']['severity']}", "agent=billing-bot"]
        result = _amtool(amtool, "config", "routes", "test", f"--config.file={ALERTMANAGER}", *labels)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == "loopwatch-webhook", (rule["alert"], result.stdout)


def test_the_compose_stack_wires_prometheus_alertmanager_and_the_receiver() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    prometheus = yaml.safe_load((DEPLOY / "prometheus" / "prometheus.yml").read_text(encoding="utf-8"))
    (group,) = prometheus["alerting"]["alertmanagers"]
    (target,) = group["static_configs"][0]["targets"]
    host, port = target.split(":")
    assert host in services
    assert f"{port}:{port}" in services[host]["ports"][0]
    config = yaml.safe_load(ALERTMANAGER.read_text(encoding="utf-8"))
    (receiver,) = config["receivers"]
    url = httpx.URL(receiver["webhook_configs"][0]["url"])
    webhook = services[str(url.host)]
    command = webhook["command"]
    assert command[command.index("--port") + 1] == str(url.port)
    for collector in ("loopwatch-1", "loopwatch-2"):
        assert services[collector]["environment"]["LOOPWATCH_EXTERNAL_URL"] == "http://localhost:8080"


@pytest.fixture
def webhook() -> Iterator[tuple[str, subprocess.Popen[str]]]:
    command = [sys.executable, str(WEBHOOK), "--port", "0"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
        try:
            assert process.stdout is not None
            first = process.stdout.readline()  # "alert webhook listening on 127.0.0.1:PORT"
            assert first.startswith("alert webhook listening on "), first
            yield "http://" + first.rsplit(" ", 1)[1].strip(), process
        finally:
            process.terminate()
            process.wait(timeout=START_TIMEOUT_S)


def test_the_example_receiver_prints_each_alert_with_its_session_link(
    webhook: tuple[str, subprocess.Popen[str]],
) -> None:
    url, process = webhook
    link = "http://localhost:8080/ui?agent=billing-bot&state=runaway"
    body: dict[str, Any] = {
        "version": "4",
        "status": "firing",
        "receiver": "loopwatch-webhook",
        "alerts": [
            {
                "status": "firing",
                "labels": {
                    "alertname": "LoopwatchRunawaySession",
                    "agent": "billing-bot",
                    "severity": "critical",
                },
                "annotations": {
                    "summary": "Agent billing-bot has 1 runaway session(s)",
                    "session_list": link,
                },
            }
        ],
    }
    assert httpx.post(url + "/alerts", content=json.dumps(body), timeout=10).status_code == 200
    assert httpx.post(url + "/alerts", content=b"not json", timeout=10).status_code == 400
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    summary = "Agent billing-bot has 1 runaway session(s)"
    assert line == f"FIRING | LoopwatchRunawaySession | agent=billing-bot | {summary} | -> {link}"
