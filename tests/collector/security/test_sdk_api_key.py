"""The SDK's ``api_key=`` / ``LOOPWATCH_API_KEY``: sent on the guard channel and with spans."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest

import loopwatch
from loopwatch import Action, Guard, Step, ToolCall, ToolResult
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.security.security_helpers import ALPHA_KEY, BETA_KEY, headers, two_tenants

TIMEOUT_S = 2.0


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector(two_tenants()) as running:
        yield running


def _loop(session: loopwatch.GuardSession, steps: int) -> list[Action]:
    actions = []
    for i in range(steps):
        call = ToolCall.create(id=f"c{i}", name="grep", arguments={"q": "x"})
        session.add(
            Step.create(event_id=f"step:c{i}", text="grep", tool_calls=(call,)),
            ToolResult.create(event_id=f"result:c{i}", call_id=f"c{i}", content="no match"),
        )
        actions.append(session.after_batch().action)
    return actions


def test_guard_with_the_key_gets_verdicts(collector: RunningCollector) -> None:
    guard = Guard.remote(collector.endpoints.grpc_target, timeout_s=TIMEOUT_S, api_key=ALPHA_KEY)
    actions = _loop(guard.session(agent="keyed"), 3)
    guard.close()
    assert guard.stats.failed == 0
    assert actions[-1] is Action.NUDGE


def test_guard_without_a_key_fails_open_and_counts(collector: RunningCollector) -> None:
    guard = Guard.remote(collector.endpoints.grpc_target, timeout_s=TIMEOUT_S)
    actions = _loop(guard.session(agent="keyless"), 3)
    guard.close()
    assert actions == [Action.CONTINUE] * 3
    assert guard.stats.failed == 3


def test_init_sends_the_env_key_on_both_channels(
    collector: RunningCollector, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOOPWATCH_API_KEY", ALPHA_KEY)
    lw = loopwatch.init(agent="env-keyed", endpoint=collector.endpoints.grpc_target, timeout_s=TIMEOUT_S)
    try:
        with lw.run() as run:
            trace_id = run.trace_id
            with run.chat("m") as chat:
                chat.record(text="hello")
            verdict = run.after_batch()
    finally:
        lw.shutdown()  # flushes the spans
    assert verdict.action is Action.CONTINUE
    url = f"{collector.endpoints.http_url}/v1/sessions/{trace_id}"
    deadline = time.monotonic() + 5
    while httpx.get(url, headers=headers(ALPHA_KEY), timeout=5).status_code != 200:
        assert time.monotonic() < deadline, "alpha's session never appeared"
        time.sleep(0.05)
    assert httpx.get(url, headers=headers(BETA_KEY), timeout=5).status_code == 404
