"""``loopwatch hook``: posts hook JSON to a real collector, hashes content locally in privacy
mode, and fails open (``{}``, exit 0, one stderr line) when the collector is down or slow."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator

import httpx
import pytest

from loopwatch import environment_variables as env
from loopwatch.hooks import shim
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.http_fakes import JsonHandler, serving
from tests.sdk.hooks.hook_payloads import FAILING, claude_tool

# A slow collector answers after this; the shim's deadline in that test is far below it.
_SLOW_REPLY_S = 3.0
_SHORT_DEADLINE_MS = 200


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector() as running:
        yield running


def _hook(url: str, payload: object, *, timeout_ms: int = 5000, raw: str | None = None) -> dict[str, object]:
    args = argparse.Namespace(agent="claude-code", collector=url, timeout_ms=timeout_ms)
    out = io.StringIO()
    assert shim.run(args, stdin=io.StringIO(raw if raw is not None else json.dumps(payload)), stdout=out) == 0
    answer: dict[str, object] = json.loads(out.getvalue())
    return answer


def _loop(url: str, session: str) -> list[dict[str, object]]:
    """The same failing command four times: retried back to back, the fourth is nudged."""
    answers = []
    for i in range(4):
        answers.append(_hook(url, claude_tool(session, "PreToolUse", f"toolu_{i}")))
        answers.append(_hook(url, claude_tool(session, "PostToolUseFailure", f"toolu_{i}", error=FAILING)))
    return answers


def test_privacy_mode_sends_fingerprints_and_the_loop_is_still_caught(
    collector: RunningCollector, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(env.LOOPWATCH_CAPTURE_CONTENT, raising=False)
    session = str(uuid.uuid4())
    answers = _loop(collector.endpoints.http_url, session)
    assert "additionalContext" in str(answers[-1])
    detail = httpx.get(f"{collector.endpoints.http_url}/v1/sessions/{uuid.UUID(session).hex}").json()
    finding = detail["verdicts"][0]["finding"]
    assert finding["arguments"] is None
    assert finding["last_result_preview"] is None


def test_with_content_capture_the_content_is_sent(
    collector: RunningCollector, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(env.LOOPWATCH_CAPTURE_CONTENT, "true")
    session = str(uuid.uuid4())
    _loop(collector.endpoints.http_url, session)
    detail = httpx.get(f"{collector.endpoints.http_url}/v1/sessions/{uuid.UUID(session).hex}").json()
    assert "pytest -x" in detail["verdicts"][0]["finding"]["arguments"]


def test_a_collector_that_is_down_gives_no_decision(capsys: pytest.CaptureFixture[str]) -> None:
    assert _hook("http://127.0.0.1:9", claude_tool("s", "PreToolUse", "toolu_1")) == {}
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert "proceeding without a decision" in lines[0]


class _SlowHandler(JsonHandler):
    def do_POST(self) -> None:
        time.sleep(_SLOW_REPLY_S)
        with contextlib.suppress(OSError):  # the shim hung up at its deadline
            self.send_json({"continue": False})


@pytest.fixture
def slow_server() -> Iterator[str]:
    with serving(_SlowHandler, "slow-collector") as url:
        yield url


def test_a_slow_collector_is_abandoned_at_the_deadline(slow_server: str) -> None:
    started = time.monotonic()
    assert _hook(slow_server, claude_tool("s", "PreToolUse", "toolu_1"), timeout_ms=_SHORT_DEADLINE_MS) == {}
    assert time.monotonic() - started < _SLOW_REPLY_S


@pytest.mark.parametrize("raw", ["{not json", "[1]", json.dumps({"hook_event_name": "Stop"})])
def test_unreadable_input_gives_no_decision(collector: RunningCollector, raw: str) -> None:
    assert _hook(collector.endpoints.http_url, None, raw=raw) == {}


def test_python_dash_m_runs_the_shim(collector: RunningCollector) -> None:
    payload = json.dumps(claude_tool(str(uuid.uuid4()), "PreToolUse", "toolu_1"))
    done = subprocess.run(
        [sys.executable, "-m", "loopwatch.hooks", "claude-code", "--collector", collector.endpoints.http_url],
        input=payload,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(done.stdout) == {}
    assert done.stderr == ""
