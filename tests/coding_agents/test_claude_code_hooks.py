"""The real Claude Code CLI (``claude -p``), its hooks installed by ``loopwatch install-hooks``,
against a scripted model: loops are nudged, then denied, then stopped, with loopwatch's reason
in what the model and the transcript saw; tools withdrawn in one prompt come back at the next
(``--resume``); healthy sessions get no decision at all; with the collector down the CLI
finishes normally."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest

from loopwatch_collector.testing import RunningCollector, running_collector
from tests.coding_agents.anthropic_stream import history_text, scripted_anthropic, tool_results
from tests.coding_agents.claude_harness import CLAUDE, ClaudeRun, install_hooks, run_claude
from tests.coding_agents.scripted_model import Reply, Text, ToolUse

# The scripted model gives up after this many tool calls: a loop loopwatch failed to stop ends.
MAX_CALLS = 30
FAILING_CHECK = "import sys\nprint('FAIL: total is 41, expected 42')\nsys.exit(1)\n"
NUDGE = "[loopwatch] An automatic loop guard"
HALT_REASON = "[loopwatch] a tool was called after the tools were withdrawn."
WITHDRAWN = "Tools are withdrawn"
SECOND_PROMPT = "I changed the fixture. Run check.py again."
DONE = "All done."


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    assert CLAUDE.exists(), f"{CLAUDE} is missing: run `make coding-agents`"
    with running_collector() as running:
        yield running


@pytest.fixture
def dirs(tmp_path: Path) -> tuple[Path, Path]:
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    (project / "check.py").write_text(FAILING_CHECK)
    (project / "poll.sh").write_text(POLL + "\n")
    (project / "src").mkdir()
    for n in range(12):
        (project / "src" / f"module_{n}.py").write_text(f"def f{n}() -> int:\n    return {n}\n")
    return project, home


def _bash(command: str) -> ToolUse:
    return ToolUse("Bash", {"command": command, "description": "run it"})


def _stubborn(next_call: Callable[[int], ToolUse]) -> Callable[[Mapping[str, Any]], Reply]:
    """A model that makes call ``next_call(n)`` after ``n`` results, up to ``MAX_CALLS``."""

    def script(request: Mapping[str, Any]) -> Reply:
        done = len(tool_results(request))
        return next_call(done) if done < MAX_CALLS else Text("I give up.")

    return script


def _sequence(calls: list[ToolUse]) -> Callable[[Mapping[str, Any]], Reply]:
    """A model that makes ``calls`` in order, then answers ``DONE``."""

    def script(request: Mapping[str, Any]) -> Reply:
        done = len(tool_results(request))
        return calls[done] if done < len(calls) else Text(DONE)

    return script


def _run(
    collector_url: str, dirs: tuple[Path, Path], script: Callable[[Mapping[str, Any]], Reply], *flags: str
) -> tuple[ClaudeRun, list[dict[str, Any]]]:
    project, home = dirs
    install_hooks(project, collector_url, *flags)
    with scripted_anthropic(script) as model:
        run = run_claude(project, home, model, "Make check.py pass.")
    assert run.returncode == 0, run.stderr
    return run, model.requests


def _assert_nudged_denied_stopped(run: ClaudeRun, requests: list[dict[str, Any]]) -> None:
    """Nudged first (context for the model, no call denied yet), then denied with loopwatch's
    reason as the call's result, then stopped with the halt reason in the transcript."""
    first_nudge = next(i for i, request in enumerate(requests) if NUDGE in history_text(request))
    assert not any("[loopwatch]" in r for r in tool_results(requests[first_nudge]))
    assert any(r.count("[loopwatch]") for r in tool_results(requests[-1]))
    assert run.denials >= 1
    assert run.result.get("terminal_reason") == "hook_stopped"
    assert HALT_REASON in run.transcript
    assert len(requests) < MAX_CALLS


@pytest.mark.parametrize("hook_type", ["http", "command"])
def test_the_same_failing_command_is_nudged_denied_then_stopped(
    collector: RunningCollector, dirs: tuple[Path, Path], hook_type: str
) -> None:
    flags = ("--command",) if hook_type == "command" else ()
    run, requests = _run(
        collector.endpoints.http_url, dirs, _stubborn(lambda n: _bash("python3 check.py")), *flags
    )
    _assert_nudged_denied_stopped(run, requests)


def test_edit_run_same_failure_is_nudged_denied_then_stopped(
    collector: RunningCollector, dirs: tuple[Path, Path]
) -> None:
    def edit_then_run(n: int) -> ToolUse:
        return _bash(f"echo '# attempt {n}' >> check.py") if n % 2 == 0 else _bash("python3 check.py")

    run, requests = _run(collector.endpoints.http_url, dirs, _stubborn(edit_then_run))
    _assert_nudged_denied_stopped(run, requests)


def _obeys_withdrawal(request: Mapping[str, Any]) -> Reply:
    """Runs the failing check until its tools are withdrawn, then answers; after the second
    prompt it runs the check again, as stubborn as before."""
    results = tool_results(request)
    if SECOND_PROMPT not in history_text(request) and any(WITHDRAWN in r for r in results):
        return Text("I cannot make it pass.")
    return _bash("python3 check.py") if len(results) < MAX_CALLS else Text("I give up.")


def test_tools_withdrawn_in_one_prompt_come_back_at_the_next(
    collector: RunningCollector, dirs: tuple[Path, Path]
) -> None:
    project, home = dirs
    install_hooks(project, collector.endpoints.http_url)
    with scripted_anthropic(_obeys_withdrawal) as model:
        first = run_claude(project, home, model, "Make check.py pass.")
        assert first.returncode == 0, first.stderr
        turn_one = len(model.requests)
        session = first.result["session_id"]
        second = run_claude(project, home, model, SECOND_PROMPT, resume=session)
    assert second.returncode == 0, second.stderr
    # the first prompt: nudged, denied, withdrawn; the model answered, so nothing was stopped
    assert first.result.get("result") == "I cannot make it pass."
    assert first.result.get("terminal_reason") != "hook_stopped"
    assert first.denials >= 2
    # the next prompt of the same session: the check runs again (its real output comes back) ...
    assert second.result["session_id"] == session
    turn_two = [r for r in model.requests[turn_one:] if SECOND_PROMPT in history_text(r)]
    first_result = tool_results(turn_two[1])[-1]
    assert "FAIL: total is 41" in first_result
    assert "[loopwatch]" not in first_result
    # ... and the loop that resumes is judged again: withdrawn at once (no second nudge), stopped
    assert second.result.get("terminal_reason") == "hook_stopped"
    assert WITHDRAWN in second.transcript
    detail = httpx.get(f"{collector.endpoints.http_url}/v1/sessions/{session.replace('-', '')}").json()
    assert [v["action"] for v in detail["verdicts"]].count("nudge") == 1


# A build that reports progress and finishes on the fifth poll.
POLL = (
    "n=$(cat polls 2>/dev/null || echo 0); echo $((n+1)) > polls; "
    '[ "$n" -ge 4 ] && echo finished || echo "$n/4 done"'
)
HEALTHY = {
    "edit, test, pass": [
        _bash("printf 'total = 42\\n' > app.py"),
        _bash("python3 -c 'import app; assert app.total == 42' && echo PASS"),
    ],
    "polling a build until it finishes": [_bash("sh poll.sh") for _ in range(5)],
    "reading many files": [_bash(f"cat src/module_{n}.py") for n in range(12)],
}


@pytest.mark.parametrize("name", sorted(HEALTHY))
def test_healthy_sessions_get_no_decision(
    collector: RunningCollector, dirs: tuple[Path, Path], name: str
) -> None:
    run, requests = _run(collector.endpoints.http_url, dirs, _sequence(HEALTHY[name]))
    assert run.result.get("result") == DONE
    assert run.denials == 0
    assert "[loopwatch]" not in run.transcript
    assert all("[loopwatch]" not in history_text(r) for r in requests)
    session = run.result["session_id"].replace("-", "")
    detail = httpx.get(f"{collector.endpoints.http_url}/v1/sessions/{session}").json()
    assert detail["verdicts"] == []


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_with_the_collector_down_the_cli_finishes_normally(dirs: tuple[Path, Path]) -> None:
    assert CLAUDE.exists(), f"{CLAUDE} is missing: run `make coding-agents`"
    calls = [_bash("python3 check.py") for _ in range(5)]
    run, _ = _run(f"http://127.0.0.1:{_closed_port()}", dirs, _sequence(calls))
    assert run.result.get("result") == DONE
    assert run.denials == 0
    assert run.result.get("terminal_reason") != "hook_stopped"
