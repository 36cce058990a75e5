"""The real Gemini CLI (``gemini -p``), its hooks installed by ``loopwatch install-hooks gemini-cli
--user`` (command hooks: the shim, privacy mode), against a scripted Gemini API server on
loopback: a loop is nudged, then denied, then stopped with loopwatch's reason; a healthy session
gets no decision; with the collector down the CLI finishes normally.

Offline setup (Gemini CLI 0.61.0): ``GOOGLE_GEMINI_BASE_URL`` points at the server (plain HTTP
is allowed on loopback) with ``security.auth.selectedType: gemini-api-key`` in the settings and
any ``GEMINI_API_KEY`` (with the URL alone the CLI picks its "gateway" auth type and exits:
"Invalid auth method selected."); ``-m`` names the model, or the CLI first asks a router model
for JSON and retries it for a minute. Gemini CLI's own loop detection (five identical calls
end the turn) is turned off (``model.disableLoopDetection``) so that loopwatch's ladder is what
the test sees."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from loopwatch_collector.testing import RunningCollector, running_collector
from tests.coding_agents.claude_harness import AGENTS_DIR, RUN_TIMEOUT_S
from tests.coding_agents.gemini_stream import contents_text, function_responses, scripted_gemini
from tests.coding_agents.scripted_model import Reply, Text, ToolUse

GEMINI = AGENTS_DIR / "node_modules" / ".bin" / "gemini"
MAX_CALLS = 20  # the scripted model gives up after this many calls
FAILING_CHECK = "import sys\nprint('FAIL: total is 41, expected 42')\nsys.exit(1)\n"
NUDGE = "[loopwatch] An automatic loop guard"
STOPPED = "Agent execution stopped by hook: [loopwatch]"
DONE = "All done."
_SETTINGS = {
    "security": {"auth": {"selectedType": "gemini-api-key"}},
    "model": {"disableLoopDetection": True},
}


@dataclass
class GeminiRun:
    result: dict[str, Any]  # the --output-format json document
    stderr: str
    requests: list[dict[str, Any]]


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    assert GEMINI.exists(), f"{GEMINI} is missing: run `make coding-agents`"
    with running_collector() as running:
        yield running


def _shell(command: str) -> ToolUse:
    return ToolUse("run_shell_command", {"command": command, "description": "run it"})


def _run(collector_url: str, tmp_path: Path, script: Callable[[Mapping[str, Any]], Reply]) -> GeminiRun:
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    (home / ".gemini").mkdir(parents=True)
    (home / ".gemini" / "settings.json").write_text(json.dumps(_SETTINGS))
    (project / "check.py").write_text(FAILING_CHECK)
    env = {
        **os.environ,
        "HOME": str(home),
        "GEMINI_API_KEY": "anything",
        "LOOPWATCH_CAPTURE_CONTENT": "false",
    }
    install = [sys.executable, "-m", "loopwatch_collector.cli", "install-hooks", "gemini-cli", "--user"]
    subprocess.run([*install, "--collector", collector_url], env=env, check=True, capture_output=True)
    with scripted_gemini(script) as model:
        env["GOOGLE_GEMINI_BASE_URL"] = model.url
        flags = [
            "-m",
            "gemini-2.5-flash",
            "--output-format",
            "json",
            "--skip-trust",
            "--approval-mode",
            "yolo",
        ]
        done = subprocess.run(
            [str(GEMINI), "-p", "Make check.py pass.", *flags],
            cwd=project,
            env=env,
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT_S,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    return GeminiRun(result=json.loads(done.stdout), stderr=done.stderr, requests=model.requests)


def _stubborn(request: Mapping[str, Any]) -> Reply:
    calls = len(function_responses(request))
    return _shell("python3 check.py") if calls < MAX_CALLS else Text("I give up.")


def _sequence(calls: list[ToolUse]) -> Callable[[Mapping[str, Any]], Reply]:
    def script(request: Mapping[str, Any]) -> Reply:
        done = len(function_responses(request))
        return calls[done] if done < len(calls) else Text(DONE)

    return script


def test_the_same_failing_command_is_nudged_denied_then_stopped(
    collector: RunningCollector, tmp_path: Path
) -> None:
    run = _run(collector.endpoints.http_url, tmp_path, _stubborn)
    responses = [function_responses(r) for r in run.requests]
    first_nudge = next(i for i, request in enumerate(run.requests) if NUDGE in contents_text(request))
    # nudged first: the note follows the call's real output (hook context), nothing denied yet
    assert '"output"' in responses[first_nudge][-1]
    assert not any("Tool execution blocked" in r for r in responses[first_nudge])
    # then denied: the reason is the call's error
    assert any("Tool execution blocked: [loopwatch]" in r for r in responses[-1])
    # then stopped, the reason shown to the user, long before the model gives up
    assert STOPPED in run.stderr
    assert len(run.requests) < MAX_CALLS
    session = run.result["session_id"].replace("-", "")
    detail = httpx.get(f"{collector.endpoints.http_url}/v1/sessions/{session}").json()
    assert detail["agent"] == "gemini-cli"
    assert detail["halted"] is True


HEALTHY = {
    "edit, test, pass": [
        _shell("printf 'total = 42\\n' > app.py"),
        _shell("python3 -c 'import app; assert app.total == 42' && echo PASS"),
    ],
    # One file per part, each written and read back: a fan-out whose every answer is new. (The
    # same listing six times with only an echoed counter changing is the same answer: a loop.)
    "a file per part": [
        _shell(f"printf 'part {n}: total = {40 + n}\\n' > part{n}.txt && cat part{n}.txt") for n in range(6)
    ],
}


@pytest.mark.parametrize("name", sorted(HEALTHY))
def test_healthy_sessions_get_no_decision(collector: RunningCollector, tmp_path: Path, name: str) -> None:
    run = _run(collector.endpoints.http_url, tmp_path, _sequence(HEALTHY[name]))
    assert run.result.get("response") == DONE
    assert all("[loopwatch]" not in contents_text(r) for r in run.requests)
    session = run.result["session_id"].replace("-", "")
    detail = httpx.get(f"{collector.endpoints.http_url}/v1/sessions/{session}").json()
    assert detail["verdicts"] == []


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_with_the_collector_down_the_cli_finishes_normally(tmp_path: Path) -> None:
    assert GEMINI.exists(), f"{GEMINI} is missing: run `make coding-agents`"
    calls = [_shell("python3 check.py") for _ in range(5)]
    run = _run(f"http://127.0.0.1:{_closed_port()}", tmp_path, _sequence(calls))
    assert run.result.get("response") == DONE
    assert "[loopwatch]" not in run.stderr
