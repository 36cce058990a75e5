"""The real Codex CLI (``codex exec``), its hooks installed by ``loopwatch install-hooks codex
--user`` (command hooks: the shim, privacy mode), against a scripted Responses server: a loop
is nudged, then denied, then halted (every further call denied with the halt reason); a healthy
session gets no decision; with the collector down Codex finishes normally.

Codex runs hooks only once trusted; headless, ``--dangerously-bypass-hook-trust`` trusts them
for the run (hooks in ``~/.codex/hooks.json``: a project's own hooks also need a trusted
project)."""

from __future__ import annotations

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
from tests.coding_agents.responses_stream import function_outputs, scripted_responses
from tests.coding_agents.scripted_model import Reply, ScriptedModel, Text, ToolUse

CODEX = AGENTS_DIR / "node_modules" / ".bin" / "codex"
MAX_CALLS = 20  # the scripted model gives up after this many calls
FAILING_CHECK = "import sys\nprint('FAIL: total is 41, expected 42')\nsys.exit(1)\n"
DONE = "All done."
_CONFIG = """model = "gpt-5-codex"
model_provider = "scripted"

[model_providers.scripted]
name = "scripted"
base_url = "{url}"
env_key = "SCRIPTED_API_KEY"
wire_api = "responses"
"""


@dataclass
class CodexRun:
    stdout: str  # codex exec --json events
    requests: list[dict[str, Any]]


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    assert CODEX.exists(), f"{CODEX} is missing: run `make coding-agents`"
    with running_collector() as running:
        yield running


def _run(collector_url: str, tmp_path: Path, script: Callable[[Mapping[str, Any]], Reply]) -> CodexRun:
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    (home / ".codex").mkdir(parents=True)
    (project / "check.py").write_text(FAILING_CHECK)
    env = {
        **os.environ,
        "HOME": str(home),
        "CODEX_HOME": str(home / ".codex"),
        "SCRIPTED_API_KEY": "anything",
    }
    install = [sys.executable, "-m", "loopwatch_collector.cli", "install-hooks", "codex", "--user"]
    subprocess.run([*install, "--collector", collector_url], env=env, check=True, capture_output=True)
    with scripted_responses(script) as model:
        (home / ".codex" / "config.toml").write_text(_CONFIG.format(url=model.url))
        done = _codex(project, env, model)
    assert done.returncode == 0, done.stderr
    return CodexRun(stdout=done.stdout, requests=model.requests)


def _codex(project: Path, env: dict[str, str], model: ScriptedModel) -> subprocess.CompletedProcess[str]:
    flags = [
        "--skip-git-repo-check",
        "--dangerously-bypass-approvals-and-sandbox",
        "--dangerously-bypass-hook-trust",
    ]
    return subprocess.run(
        [str(CODEX), "exec", *flags, "--json", "Make check.py pass."],
        cwd=project,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
        check=False,
    )


def _script(calls: Callable[[int], Reply]) -> Callable[[Mapping[str, Any]], Reply]:
    def script(request: Mapping[str, Any]) -> Reply:
        return calls(len(function_outputs(request)))

    return script


def _bash(command: str) -> ToolUse:
    return ToolUse("Bash", {"command": command})


def test_a_loop_is_nudged_denied_then_halted(collector: RunningCollector, tmp_path: Path) -> None:
    run = _run(
        collector.endpoints.http_url,
        tmp_path,
        _script(lambda n: _bash("python3 check.py") if n < MAX_CALLS else Text("I give up.")),
    )
    shown = [str(r.get("input")) for r in run.requests]
    first_nudge = next(i for i, text in enumerate(shown) if "[loopwatch] An automatic loop guard" in text)
    assert not any("[loopwatch]" in output for output in function_outputs(run.requests[first_nudge]))
    outputs = function_outputs(run.requests[-1])
    assert any(o.startswith("Command blocked by PreToolUse hook: [loopwatch]") for o in outputs)
    halted_at = next(
        i for i, o in enumerate(outputs) if "[loopwatch] this run was halted" in o or "withdrawn." in o
    )
    assert all("[loopwatch]" in o for o in outputs[halted_at:])  # no call ran after the withdrawal
    sessions = httpx.get(f"{collector.endpoints.http_url}/v1/sessions", params={"agent": "codex"}).json()
    assert any(s["halted"] for s in sessions["sessions"])


def test_a_healthy_session_gets_no_decision(collector: RunningCollector, tmp_path: Path) -> None:
    calls = [
        _bash("printf 'total = 42\\n' > app.py"),
        _bash("python3 -c 'import app; assert app.total == 42' && echo PASS"),
        *[_bash(f"echo module {n} > m{n}.py && cat m{n}.py") for n in range(8)],
    ]
    run = _run(
        collector.endpoints.http_url, tmp_path, _script(lambda n: calls[n] if n < len(calls) else Text(DONE))
    )
    assert DONE in run.stdout
    assert all("[loopwatch]" not in str(r.get("input")) for r in run.requests)


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_with_the_collector_down_codex_finishes_normally(tmp_path: Path) -> None:
    assert CODEX.exists(), f"{CODEX} is missing: run `make coding-agents`"
    script = _script(lambda n: _bash("python3 check.py") if n < 5 else Text(DONE))
    run = _run(f"http://127.0.0.1:{_closed_port()}", tmp_path, script)
    assert DONE in run.stdout
    assert all("[loopwatch]" not in str(r.get("input")) for r in run.requests)
