"""The real Claude Code and Codex CLIs with only their own telemetry on (no hooks), exporting
their log events to a running collector: the CLI session is a loopwatch session whose tool
calls, failures and tokens show in ``GET /v1/sessions/{id}`` and on ``/metrics``, and whose
repeated failing command is detected (a finding; telemetry cannot intervene)."""

from __future__ import annotations

import json
import os
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from prometheus_client.parser import text_string_to_metric_families

from loopwatch_collector.testing import RunningCollector, running_collector
from tests.coding_agents.anthropic_stream import scripted_anthropic, tool_results
from tests.coding_agents.claude_harness import AGENTS_DIR, CLAUDE, RUN_TIMEOUT_S, install_hooks
from tests.coding_agents.responses_stream import MODEL, function_outputs, scripted_responses
from tests.coding_agents.scripted_model import Reply, Text, ToolUse

CODEX = AGENTS_DIR / "node_modules" / ".bin" / "codex"
FAILING_CHECK = "import sys\nprint('FAIL: total is 41, expected 42')\nsys.exit(1)\n"
FAILURES = 5  # the same failing command, then the model gives up
DONE = "I give up."
# Both scripted servers report this usage per model response.
TOKENS = (100, 20)
# A CLI exports its last records when it exits; the collector may still be ingesting them.
SETTLE_S = 10.0
POLL_S = 0.2
_CODEX_CONFIG = """model = "{model}"
model_provider = "scripted"

[model_providers.scripted]
name = "scripted"
base_url = "{url}"
env_key = "SCRIPTED_API_KEY"
wire_api = "responses"

[otel]
environment = "test"
exporter = {{ otlp-http = {{ endpoint = "{logs_url}", protocol = "binary" }} }}
"""


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    assert CLAUDE.exists(), f"{CLAUDE} is missing: run `make coding-agents`"
    with running_collector() as running:
        # The first logs request starts the ingest worker (seconds on a loaded host): before a
        # CLI's exporter, with its own deadline, sends anything.
        empty = ExportLogsServiceRequest().SerializeToString()
        logs_url = f"{running.endpoints.otlp_http_url}/v1/logs"
        reply = httpx.post(
            logs_url, content=empty, headers={"content-type": "application/x-protobuf"}, timeout=30
        )
        assert reply.status_code == 200
        yield running


def _script(
    done: Callable[[Mapping[str, Any]], int], command: ToolUse
) -> Callable[[Mapping[str, Any]], Reply]:
    def script(request: Mapping[str, Any]) -> Reply:
        return command if done(request) < FAILURES else Text(DONE)

    return script


def _project(tmp_path: Path) -> tuple[Path, Path]:
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    (project / "check.py").write_text(FAILING_CHECK)
    return project, home


def _run(command: list[str], project: Path, env: dict[str, str]) -> None:
    done = subprocess.run(
        command,
        cwd=project,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def _assert_session(collector: RunningCollector, session_id: str, agent: str) -> None:
    """The CLI's session, its ``FAILURES`` failed calls, every model call's tokens, the loop."""
    url = f"{collector.endpoints.http_url}/v1/sessions/{uuid.UUID(session_id).hex}"
    deadline = time.monotonic() + SETTLE_S
    detail = httpx.get(url, timeout=10).json()
    while detail.get("tool_calls", 0) < FAILURES and time.monotonic() < deadline:
        time.sleep(POLL_S)
        detail = httpx.get(url, timeout=10).json()
    assert (detail["agent"], detail["conversation_id"]) == (agent, session_id)
    assert detail["tool_calls"] == FAILURES
    model_calls = FAILURES + 1
    assert (detail["input_tokens"], detail["output_tokens"]) >= (
        model_calls * TOKENS[0],
        model_calls * TOKENS[1],
    )
    assert detail["looping"]
    assert "identical_call" in {f["detector"] for f in detail["findings"]}
    metrics = httpx.get(f"{collector.endpoints.http_url}/metrics", timeout=10).text
    detections = [
        s
        for family in text_string_to_metric_families(metrics)
        for s in family.samples
        if s.name == "loopwatch_detections_total" and s.labels.get("agent") == agent
    ]
    assert sum(s.value for s in detections) >= 1


def _claude(project: Path, home: Path, endpoint: str, protocol: str) -> tuple[str, list[dict[str, Any]]]:
    """``claude -p`` with its telemetry exporting to ``endpoint``: its session id, the model's
    requests."""
    bash = ToolUse("Bash", {"command": "python3 check.py", "description": "run the check"})
    with scripted_anthropic(_script(lambda r: len(tool_results(r)), bash)) as model:
        env = {
            **os.environ,
            "HOME": str(home),
            "ANTHROPIC_BASE_URL": model.url,
            "ANTHROPIC_API_KEY": "anything",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "CLAUDE_CODE_ENABLE_TELEMETRY": "1",
            "OTEL_LOGS_EXPORTER": "otlp",
            "OTEL_EXPORTER_OTLP_PROTOCOL": protocol,
            "OTEL_EXPORTER_OTLP_ENDPOINT": endpoint,
            "OTEL_LOGS_EXPORT_INTERVAL": "500",  # detection lags the CLI by this much (default 5 s)
            "OTEL_LOG_TOOL_DETAILS": "1",  # the calls' arguments: without them no call is "the same"
        }
        command = [
            str(CLAUDE),
            "-p",
            "Make check.py pass.",
            "--allowedTools",
            "Bash",
            "--output-format",
            "json",
        ]
        done = subprocess.run(
            command, cwd=project, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False
        )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["session_id"], model.requests


@pytest.mark.parametrize("protocol", ["http/protobuf", "grpc"])
def test_claude_code_telemetry_only(collector: RunningCollector, tmp_path: Path, protocol: str) -> None:
    project, home = _project(tmp_path)
    endpoints = collector.endpoints
    endpoint = endpoints.otlp_http_url if protocol == "http/protobuf" else f"http://{endpoints.grpc_target}"
    session_id, _ = _claude(project, home, endpoint, protocol)
    _assert_session(collector, session_id, "claude-code")


def test_claude_code_hooks_and_telemetry_count_each_call_once(
    collector: RunningCollector, tmp_path: Path
) -> None:
    project, home = _project(tmp_path)
    install_hooks(project, collector.endpoints.http_url)
    session_id, requests = _claude(project, home, collector.endpoints.otlp_http_url, "http/protobuf")
    calls = sum(1 for r in requests if len(tool_results(r)) < FAILURES)  # each answered with a call
    url = f"{collector.endpoints.http_url}/v1/sessions/{uuid.UUID(session_id).hex}"
    deadline = time.monotonic() + SETTLE_S
    detail = httpx.get(url, timeout=10).json()
    while detail["input_tokens"] < len(requests) * TOKENS[0] and time.monotonic() < deadline:
        time.sleep(POLL_S)
        detail = httpx.get(url, timeout=10).json()
    assert (detail["tool_calls"], detail["turn"]) == (calls, 1)  # hooks' and telemetry's, once
    assert (detail["input_tokens"], detail["output_tokens"]) == (
        len(requests) * TOKENS[0],
        len(requests) * TOKENS[1],
    )
    assert detail["verdicts"]  # the hooks intervened


def test_codex_telemetry_only(collector: RunningCollector, tmp_path: Path) -> None:
    assert CODEX.exists(), f"{CODEX} is missing: run `make coding-agents`"
    project, home = _project(tmp_path)
    (home / ".codex").mkdir()
    env = {
        **os.environ,
        "HOME": str(home),
        "CODEX_HOME": str(home / ".codex"),
        "SCRIPTED_API_KEY": "anything",
    }
    shell = ToolUse("Bash", {"command": "python3 check.py"})
    with scripted_responses(_script(lambda r: len(function_outputs(r)), shell)) as model:
        logs_url = f"{collector.endpoints.otlp_http_url}/v1/logs"
        config = _CODEX_CONFIG.format(model=MODEL, url=model.url, logs_url=logs_url)
        (home / ".codex" / "config.toml").write_text(config)
        flags = ["--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", "--json"]
        _run([str(CODEX), "exec", *flags, "Make check.py pass."], project, env)
    sessions = httpx.get(f"{collector.endpoints.http_url}/v1/sessions", timeout=10).json()["sessions"]
    (session,) = [s for s in sessions if s["agent"] == "codex"]
    _assert_session(collector, session["conversation_id"], "codex")
