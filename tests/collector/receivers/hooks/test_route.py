"""``POST /v1/hooks/{agent}`` over real HTTP: the escalation ladder in each CLI's answers,
healthy sessions left alone, locally hashed events, bad bodies, auth and tenant scoping."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from loopwatch.hooks import claude_code
from loopwatch.hooks.mapping import (
    LOCAL_EVENTS_KEY,
    MAX_HOOK_BODY_BYTES,
    events_of,
    local_events_json,
)
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.security.security_helpers import ALPHA_KEY, BETA_KEY, headers, two_tenants
from tests.sdk.hooks.hook_payloads import FAILING, claude, claude_tool, codex, gemini

CLAUDE = "/v1/hooks/claude-code"


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    config = two_tenants(
        agents={"codex": {"mode": "shadow"}}, auth={"tenants": {"beta": {"content": "drop"}}}
    )
    with running_collector(config) as running:
        yield running


@pytest.fixture(scope="module")
def alpha(collector: RunningCollector) -> Iterator[httpx.Client]:
    with httpx.Client(
        base_url=collector.endpoints.http_url, headers=headers(ALPHA_KEY), timeout=10
    ) as client:
        yield client


@pytest.fixture(scope="module")
def beta(collector: RunningCollector) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=collector.endpoints.http_url, headers=headers(BETA_KEY), timeout=10) as client:
        yield client


def _post(client: httpx.Client, payload: dict[str, Any], path: str = CLAUDE) -> dict[str, Any]:
    reply = client.post(path, json=payload)
    assert reply.status_code == 200, reply.text
    answer: dict[str, Any] = reply.json()
    return answer


def _decision(answer: dict[str, Any]) -> str:
    """What the answer tells Claude Code: none, context, deny or stop."""
    if answer.get("continue") is False:
        return "stop"
    output = answer.get("hookSpecificOutput", {})
    if output.get("permissionDecision") == "deny":
        return "deny"
    return "context" if "additionalContext" in output else "none"


def _failing_loop(client: httpx.Client, session: str, calls: int) -> list[str]:
    """The model runs the same failing command ``calls`` times (when allowed to)."""
    decisions = [_decision(_post(client, claude(session, "UserPromptSubmit", prompt="make the tests pass")))]
    for i in range(calls):
        before = _decision(_post(client, claude_tool(session, "PreToolUse", f"toolu_{i}")))
        decisions.append(before)
        if before == "none":
            after = claude_tool(session, "PostToolUseFailure", f"toolu_{i}", error=FAILING)
            decisions.append(_decision(_post(client, after)))
    return decisions


def test_a_failing_loop_is_nudged_then_denied_then_stopped(alpha: httpx.Client) -> None:
    decisions = _failing_loop(alpha, str(uuid.uuid4()), calls=10)
    # Retried back to back, the same failure is a retry until its fourth run (the nudge).
    assert decisions[:9] == ["none"] * 8 + ["context"]
    assert "deny" in decisions[7:]
    assert decisions[-1] == "stop"
    assert decisions.index("stop") > decisions.index("deny")


WITHDRAWN = "Tools are withdrawn"


def _message(answer: dict[str, Any]) -> str:
    output = answer.get("hookSpecificOutput", {})
    return str(
        answer.get("stopReason")
        or output.get("permissionDecisionReason")
        or output.get("additionalContext")
        or ""
    )


def _until_intervened(client: httpx.Client, session: str, first: int) -> list[dict[str, Any]]:
    """The failing command again until an answer intervenes (at most 8 calls): the answers."""
    answers = []
    for i in range(first, first + 8):
        answers.append(_post(client, claude_tool(session, "PreToolUse", f"toolu_{i}")))
        if answers[-1]:
            break
        answers.append(_post(client, claude_tool(session, "PostToolUseFailure", f"toolu_{i}", error=FAILING)))
        if answers[-1]:
            break
    return answers


def test_withdrawn_tools_come_back_at_the_next_prompt(alpha: httpx.Client) -> None:
    session = str(uuid.uuid4())
    decisions = _failing_loop(alpha, session, calls=9)
    assert decisions[-1] == "deny"
    detail = alpha.get(f"/v1/sessions/{uuid.UUID(session).hex}").json()
    assert WITHDRAWN in detail["hook_decisions"][-1]["reason"]  # the tools were withdrawn
    assert _post(alpha, claude(session, "Stop", stop_hook_active=False)) == {}
    # the user's next prompt: the same command runs again, and so does another one
    assert _post(alpha, claude(session, "UserPromptSubmit", prompt="I fixed the fixture, try again")) == {}
    assert _post(alpha, claude_tool(session, "PreToolUse", "toolu_10")) == {}
    assert _post(alpha, claude_tool(session, "PostToolUse", "toolu_10", tool_response="1 passed")) == {}
    assert _post(alpha, claude_tool(session, "PreToolUse", "toolu_11", command="git diff")) == {}


def test_a_loop_that_resumes_after_the_next_prompt_is_judged_again(alpha: httpx.Client) -> None:
    session = str(uuid.uuid4())
    _failing_loop(alpha, session, calls=9)
    assert _post(alpha, claude(session, "UserPromptSubmit", prompt="try once more")) == {}
    answers = _until_intervened(alpha, session, first=10)
    assert _decision(answers[0]) == "none"
    assert _decision(answers[-1]) in {"context", "deny"}
    assert WITHDRAWN in _message(answers[-1])  # the warnings were spent: no second nudge
    assert _decision(_post(alpha, claude_tool(session, "PreToolUse", "toolu_30"))) == "stop"


def test_a_halt_is_not_lifted_by_the_next_prompt(alpha: httpx.Client) -> None:
    session = str(uuid.uuid4())
    assert _failing_loop(alpha, session, calls=10)[-1] == "stop"
    assert _decision(_post(alpha, claude(session, "UserPromptSubmit", prompt="go on"))) == "stop"
    assert _decision(_post(alpha, claude_tool(session, "PreToolUse", "toolu_20"))) == "stop"


def test_answers_are_counted_by_decision(alpha: httpx.Client) -> None:
    _failing_loop(alpha, str(uuid.uuid4()), calls=10)
    metrics = alpha.get("/metrics").text
    for decision in ("none", "context", "deny", "stop"):
        assert (
            f'loopwatch_hook_answers_total{{agent="claude-code",decision="{decision}",tenant="alpha"}}'
            in metrics
        )


def test_the_session_shows_the_cli_session_and_its_verdicts(alpha: httpx.Client) -> None:
    session = str(uuid.uuid4())
    _failing_loop(alpha, session, calls=5)
    detail = alpha.get(f"/v1/sessions/{uuid.UUID(session).hex}").json()
    assert detail["agent"] == "claude-code"
    assert detail["conversation_id"] == session
    assert detail["looping"] is True
    assert detail["verdicts"][0]["action"] == "nudge"


def test_the_session_keeps_the_answers_sent_and_the_working_directory(alpha: httpx.Client) -> None:
    session = str(uuid.uuid4())
    _failing_loop(alpha, session, calls=10)
    detail = alpha.get(f"/v1/sessions/{uuid.UUID(session).hex}").json()
    assert detail["cwd"] == "/home/u/project"
    sent = detail["hook_decisions"]
    assert [d["decision"] for d in sent] == ["context", *["deny"] * 5, "stop"]
    assert all(d["reason"].startswith("[loopwatch]") for d in sent)
    assert WITHDRAWN in sent[5]["reason"]
    assert [d["step"] for d in sent] == sorted(d["step"] for d in sent)
    listed = alpha.get("/v1/sessions", params={"agent": "claude-code"}).json()["sessions"]
    mine = next(s for s in listed if s["conversation_id"] == session)
    assert mine["last_hook_decision"]["decision"] == "stop"
    assert mine["cwd"] == "/home/u/project"


def test_the_working_directory_is_content_kept_only_where_content_is(beta: httpx.Client) -> None:
    session = str(uuid.uuid4())
    _failing_loop(beta, session, calls=5)
    detail = beta.get(f"/v1/sessions/{uuid.UUID(session).hex}").json()
    assert detail["cwd"] is None
    assert [d["decision"] for d in detail["hook_decisions"]] == ["context", "deny"]


def test_a_session_without_hooks_has_no_answers_and_no_directory(alpha: httpx.Client) -> None:
    session = str(uuid.uuid4())
    _post(alpha, claude_tool(session, "PreToolUse", "toolu_0"))  # no prompt: no cwd noted
    detail = alpha.get(f"/v1/sessions/{uuid.UUID(session).hex}").json()
    assert detail["cwd"] is None
    assert detail["hook_decisions"] == []
    assert detail["last_hook_decision"] is None


def test_healthy_sessions_get_no_decision(alpha: httpx.Client) -> None:
    session = str(uuid.uuid4())
    answers = [_post(alpha, claude(session, "UserPromptSubmit", prompt="fix the total and run the tests"))]
    steps = [
        ("Edit", {"file_path": "app.py", "old_string": "41", "new_string": "42"}, "ok"),
        ("Bash", {"command": "pytest -x"}, "1 passed"),
        *[("Bash", {"command": "make status"}, f"build {p}% done") for p in (20, 55, 90)],
        ("Bash", {"command": "make status"}, "build finished"),
        *[("Read", {"file_path": f"src/module_{n}.py"}, f"def f{n}(): return {n}") for n in range(12)],
    ]
    for i, (tool, arguments, response) in enumerate(steps):
        fields = {"tool_name": tool, "tool_input": arguments, "tool_use_id": f"toolu_{i}"}
        answers.append(_post(alpha, claude(session, "PreToolUse", **fields)))
        answers.append(_post(alpha, claude(session, "PostToolUse", **fields, tool_response=response)))
    answers.append(_post(alpha, claude(session, "Stop", stop_hook_active=False)))
    assert answers == [{}] * len(answers)


def test_a_shadow_agent_is_never_denied(alpha: httpx.Client) -> None:
    session = str(uuid.uuid4())
    answers = []
    for i in range(8):
        tool = {"tool_name": "Bash", "tool_input": {"command": "cargo test"}, "tool_use_id": f"call_{i}"}
        answers.append(_post(alpha, codex(session, "PreToolUse", **tool), "/v1/hooks/codex"))
        failed = codex(session, "PostToolUse", **tool, tool_response="test result: FAILED\n")
        answers.append(_post(alpha, failed, "/v1/hooks/codex"))
    assert answers == [{}] * len(answers)
    assert alpha.get(f"/v1/sessions/{uuid.UUID(session).hex}").json()["looping"] is True


def test_subagent_events_are_their_own_session(alpha: httpx.Client) -> None:
    session = str(uuid.uuid4())
    _post(alpha, claude_tool(session, "PreToolUse", "toolu_s1", agent_id="agent-7", agent_type="Explore"))
    sessions = alpha.get("/v1/sessions", params={"agent": "claude-code"}).json()["sessions"]
    mine = [s for s in sessions if s["conversation_id"] == session]
    assert len(mine) == 1
    assert mine[0]["trace_id"] != uuid.UUID(session).hex


def test_gemini_cli_loop_is_denied_in_its_format(alpha: httpx.Client) -> None:
    session = f"gemini-{uuid.uuid4()}"
    shell = {"tool_name": "run_shell_command", "tool_input": {"command": "npm test"}}
    answers = []
    for i in range(6):
        before = _post(
            alpha,
            gemini(session, "BeforeTool", f"2026-12-02T09:00:{i:02d}.000Z", **shell),
            "/v1/hooks/gemini-cli",
        )
        answers.append(before)
        if before:
            continue
        after = gemini(
            session,
            "AfterTool",
            f"2026-12-02T09:00:{i:02d}.500Z",
            **shell,
            tool_response={"llmContent": "1 failing", "error": "exit 1"},
        )
        answers.append(_post(alpha, after, "/v1/hooks/gemini-cli"))
    assert any("additionalContext" in a.get("hookSpecificOutput", {}) for a in answers)
    assert any(a.get("decision") == "deny" for a in answers)


def test_locally_hashed_events_detect_the_same_loop_without_content(alpha: httpx.Client) -> None:
    session = str(uuid.uuid4())
    decisions = []
    for i in range(4):
        for event in ("PreToolUse", "PostToolUseFailure"):
            payload = claude_tool(session, event, f"toolu_{i}", error=FAILING)
            hashed = events_of(claude_code.parse(payload), capture_content=False)
            for key in ("tool_input", "error"):
                del payload[key]
            payload[LOCAL_EVENTS_KEY] = local_events_json(hashed)
            decisions.append(_decision(_post(alpha, payload)))
    assert "context" in decisions or "deny" in decisions
    detail = alpha.get(f"/v1/sessions/{uuid.UUID(session).hex}").json()
    assert detail["verdicts"][0]["finding"]["arguments"] is None


def test_another_tenants_session_is_not_shared(alpha: httpx.Client, beta: httpx.Client) -> None:
    session = str(uuid.uuid4())
    _failing_loop(alpha, session, calls=5)
    # beta's CLI session with the same id starts fresh: the call is not alpha's nudged call
    assert _post(beta, claude_tool(session, "PreToolUse", "toolu_b0")) == {}
    assert beta.get(f"/v1/sessions/{uuid.UUID(session).hex}").json()["looping"] is False


def test_an_api_key_is_required(collector: RunningCollector) -> None:
    payload = claude(str(uuid.uuid4()), "Stop")
    reply = httpx.post(f"{collector.endpoints.http_url}{CLAUDE}", json=payload, timeout=10)
    assert reply.status_code == 401


def test_an_unknown_agent_is_404_naming_the_known_ones(alpha: httpx.Client) -> None:
    reply = alpha.post("/v1/hooks/cline", json=claude(str(uuid.uuid4()), "Stop"))
    assert reply.status_code == 404
    assert "claude-code, codex, gemini-cli" in reply.json()["detail"]


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        (b"{not json", "body: not JSON"),
        (b"[1, 2]", "body: must be a JSON object"),
        (b'{"session_id": "s"}', "hook_event_name: required"),
        (
            b'{"session_id": "s", "hook_event_name": "PreToolUse", "tool_name": "Bash"}',
            "tool_use_id: required",
        ),
        (
            b'{"session_id": "s", "hook_event_name": "Stop", "loopwatch_events": {}}',
            "loopwatch_events: must be a list",
        ),
        (
            b'{"session_id": "s", "hook_event_name": "Stop", "loopwatch_events": [{"bogus": 1}]}',
            "loopwatch_events[0]",
        ),
        (b"[" * 100_000, "body: not JSON"),
    ],
)
def test_malformed_bodies_are_400_naming_the_problem(alpha: httpx.Client, body: bytes, detail: str) -> None:
    reply = alpha.post(CLAUDE, content=body, headers={"content-type": "application/json"})
    assert reply.status_code == 400
    assert reply.json()["detail"].startswith(detail)


def test_an_oversized_body_is_413_naming_the_limit(alpha: httpx.Client) -> None:
    payload = claude_tool(
        str(uuid.uuid4()), "PostToolUse", "toolu_1", tool_response="x" * MAX_HOOK_BODY_BYTES
    )
    reply = alpha.post(CLAUDE, json=payload)
    assert reply.status_code == 413
    assert str(MAX_HOOK_BODY_BYTES) in reply.json()["detail"]


def test_a_body_that_is_not_json_content_is_415(alpha: httpx.Client) -> None:
    reply = alpha.post(CLAUDE, content=b"{}", headers={"content-type": "text/plain"})
    assert reply.status_code == 415


def test_the_route_is_in_the_openapi_schema(alpha: httpx.Client) -> None:
    assert "/v1/hooks/{agent}" in alpha.get("/openapi.json").json()["paths"]
