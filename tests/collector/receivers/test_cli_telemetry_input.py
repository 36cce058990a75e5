"""The log requests Claude Code and Codex sent (recorded), replayed into a real collector's
``POST /v1/logs``: each CLI session is a session of the sending tenant with its tool calls,
tokens and the repeated failing command detected; without the calls' arguments the names alone
detect nothing; re-sent requests change nothing; another tenant sees nothing."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.mapping.cli_fixtures import (
    CLAUDE_DEFAULT_SESSION,
    CLAUDE_HOOKS_SESSION,
    CLAUDE_TOOL_DETAILS_SESSION,
    CODEX_SESSION,
    FAILING_CALLS,
    MODEL_CALLS,
    TOKENS_PER_CALL,
    recorded,
)
from tests.collector.security.security_helpers import ALPHA_KEY, BETA_KEY, headers, two_tenants

PB = {"content-type": "application/x-protobuf"}
RECORDINGS = {
    "claude_code_tool_details": (CLAUDE_TOOL_DETAILS_SESSION, "claude-code"),
    "codex": (CODEX_SESSION, "codex"),
}


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector(two_tenants(metrics={"render_cache_s": 0})) as running:
        yield running


def _send(running: RunningCollector, name: str, key: str) -> None:
    url = f"{running.endpoints.otlp_http_url}/v1/logs"
    for request in recorded(name):
        reply = httpx.post(
            url, content=request.SerializeToString(), headers={**PB, **headers(key)}, timeout=10
        )
        assert reply.status_code == 200, reply.text


def _session(running: RunningCollector, session_id: str, key: str) -> httpx.Response:
    trace_id = uuid.UUID(session_id).hex
    return httpx.get(f"{running.endpoints.http_url}/v1/sessions/{trace_id}", headers=headers(key), timeout=10)


def _samples(running: RunningCollector, metric: str) -> dict[tuple[tuple[str, str], ...], float]:
    text = httpx.get(f"{running.endpoints.http_url}/metrics", timeout=10).text
    return {
        tuple(sorted(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == metric
    }


@pytest.mark.parametrize("name", sorted(RECORDINGS))
def test_a_telemetry_only_session_shows_its_calls_tokens_and_loop(
    collector: RunningCollector, name: str
) -> None:
    session_id, agent = RECORDINGS[name]
    _send(collector, name, ALPHA_KEY)
    reply = _session(collector, session_id, ALPHA_KEY)
    assert reply.status_code == 200, reply.text
    detail: dict[str, Any] = reply.json()
    assert (detail["agent"], detail["conversation_id"]) == (agent, session_id)
    assert detail["tool_calls"] == FAILING_CALLS + 1
    assert (detail["input_tokens"], detail["output_tokens"]) == (
        MODEL_CALLS * TOKENS_PER_CALL[0],
        MODEL_CALLS * TOKENS_PER_CALL[1],
    )
    assert detail["looping"]
    assert "identical_call" in {f["detector"] for f in detail["findings"]}
    detections = _samples(collector, "loopwatch_detections_total")
    assert detections[(("agent", agent), ("detector", "identical_call"), ("tenant", "alpha"))] >= 1

    _send(collector, name, ALPHA_KEY)  # the exporter retries: nothing counts twice
    again = _session(collector, session_id, ALPHA_KEY).json()
    assert (again["tool_calls"], again["input_tokens"], again["steps"]) == (
        detail["tool_calls"],
        detail["input_tokens"],
        detail["steps"],
    )
    assert _session(collector, session_id, BETA_KEY).status_code == 404


def test_without_arguments_the_names_alone_detect_nothing(collector: RunningCollector) -> None:
    _send(collector, "claude_code_default", ALPHA_KEY)
    detail = _session(collector, CLAUDE_DEFAULT_SESSION, ALPHA_KEY).json()
    assert detail["tool_calls"] == FAILING_CALLS + 1
    assert detail["input_tokens"] == MODEL_CALLS * TOKENS_PER_CALL[0]
    assert detail["verdicts"] == []


def test_logs_without_a_key_are_refused(collector: RunningCollector) -> None:
    request = recorded("codex")[0]
    url = f"{collector.endpoints.otlp_http_url}/v1/logs"
    assert httpx.post(url, content=request.SerializeToString(), headers=PB, timeout=10).status_code == 401


def _hook(session_id: str, event: str, **fields: Any) -> dict[str, Any]:
    return {"session_id": session_id, "hook_event_name": event, "cwd": "/project", **fields}


def _hooks_of_the_recorded_run(session_id: str) -> list[dict[str, Any]]:
    """What loopwatch's hooks got in the run ``claude_code_with_hooks`` recorded: four
    identical failing calls (the fourth denied before it ran), ``echo ok``, the answer."""
    check = {"command": "python3 check.py", "description": "run it"}
    calls: list[dict[str, Any]] = [_hook(session_id, "UserPromptSubmit", prompt="Make check.py pass.")]
    for n in range(1, FAILING_CALLS + 1):
        call = {"tool_name": "Bash", "tool_input": check, "tool_use_id": f"toolu_00000{n}"}
        calls.append(_hook(session_id, "PreToolUse", **call))
        calls.append(_hook(session_id, "PostToolUseFailure", error="Exit code 1\nFAIL: total is 41", **call))
    echo = {"tool_name": "Bash", "tool_input": {"command": "echo ok"}, "tool_use_id": "toolu_000005"}
    calls += [
        _hook(session_id, "PreToolUse", **echo),
        _hook(session_id, "PostToolUse", tool_response={"stdout": "ok"}, **echo),
        _hook(session_id, "Stop"),
    ]
    return calls


def test_with_hooks_telemetry_adds_only_the_tokens(collector: RunningCollector) -> None:
    for payload in _hooks_of_the_recorded_run(CLAUDE_HOOKS_SESSION):
        url = f"{collector.endpoints.http_url}/v1/hooks/claude-code"
        assert httpx.post(url, json=payload, headers=headers(ALPHA_KEY), timeout=10).status_code == 200
    hooked = _session(collector, CLAUDE_HOOKS_SESSION, ALPHA_KEY).json()
    assert (hooked["input_tokens"], hooked["turn"]) == (0, 1)
    _send(collector, "claude_code_with_hooks", ALPHA_KEY)
    both = _session(collector, CLAUDE_HOOKS_SESSION, ALPHA_KEY).json()
    assert (both["tool_calls"], both["turn"]) == (hooked["tool_calls"], 1)  # no call or turn twice
    assert both["steps"] == hooked["steps"] + 1  # the answer's step, with the tokens
    assert (both["input_tokens"], both["output_tokens"]) == (
        MODEL_CALLS * TOKENS_PER_CALL[0],
        MODEL_CALLS * TOKENS_PER_CALL[1],
    )
