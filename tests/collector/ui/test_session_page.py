"""The session page (``/ui``) in a real headless Chromium against a real collector.

Each check reads the rendered DOM and, where it is about what a person sees (a looping session
shown as looping), the screenshot's pixels too. Screenshots are saved under pytest's tmp folder
and a failing wait names the file.
"""

from __future__ import annotations

import asyncio
import contextlib
import fnmatch
import json
import socket
import tomllib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import grpc
import httpx
import pytest
import uvicorn
from fastapi import Request, Response
from fastapi.responses import JSONResponse
from google.protobuf import json_format

from loopwatch import wire
from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.wire import pb
from loopwatch_collector.exporters.metrics_render import MetricsRenderer
from loopwatch_collector.exporters.rest import create_rest_app
from loopwatch_collector.mapping.sessions import session_trace_id
from loopwatch_collector.security.tenancy import ANONYMOUS, CURRENT_TENANT
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.test_folded_trace_reads import client_call, export
from tests.collector.ui.headless_chromium import Browser, Page, read_png
from tests.sdk.hooks.hook_payloads import FAILING, claude, claude_tool

# Tool arguments are attacker-controlled: the page must show this as text and run none of it.
XSS = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'
LOOPING_RGB = (180, 83, 9)  # --looping in style.css: the badge a looping session wears
API_KEY = "test-key-7f3a"


def trace_id(n: int) -> str:
    return f"{n:032x}"


LOOPING, HEALTHY, HALTED = trace_id(1100), trace_id(1101), trace_id(1102)


def tool_step(i: int, *, args: Any = None, result: str = "no match", capture: bool = True) -> list[Event]:
    """One completed step of a ``search`` call, ids as the pipeline derives them; ``capture``
    False sends fingerprints only (privacy mode)."""
    call = ToolCall.create(
        id=f"call_{i}", name="search", arguments={"q": "x"} if args is None else args, capture_content=capture
    )
    return [
        Step.create(
            event_id=f"step:call_{i}", text="Searching.", tool_calls=(call,), capture_content=capture
        ),
        ToolResult.create(
            event_id=f"result:call_{i}", call_id=f"call_{i}", content=result, capture_content=capture
        ),
    ]


def session_url(base: str, trace: str) -> str:
    return f"{base}/ui?{urlencode({'trace_id': trace})}"


def _post_steps(http: httpx.Client, trace: str, agent: str, steps: range, **step: Any) -> dict[str, Any]:
    verdict: dict[str, Any] = {}
    for i in steps:
        request = pb.EvaluateRequest(
            trace_id=trace, agent=agent, events=wire.events_to_proto(tool_step(i, **step))
        )
        body = json_format.MessageToDict(request, preserving_proto_field_name=True)
        response = http.post("/v1/evaluate", json=body)
        assert response.status_code == 200, response.text
        verdict = response.json()
    return verdict


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector() as running:
        yield running


@pytest.fixture(scope="module")
def http(collector: RunningCollector) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=collector.endpoints.http_url, timeout=10) as client:
        _post_steps(client, LOOPING, "billing-bot", range(4), args={"q": XSS})
        for i in range(4):  # varied calls, new results: no loop
            _post_steps(client, HEALTHY, "billing-bot", range(i, i + 1), args={"q": i}, result=f"r{i}")
        halted = _post_steps(client, HALTED, "search-bot", range(12))
        assert halted["action"] == "halt"
        yield client


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    screenshots = tmp_path_factory.mktemp("screenshots")
    with Browser.start(screenshots) as started:
        yield started


@pytest.fixture
def page(browser: Browser) -> Page:
    return browser.new_page()


def _looping_badge_pixels(page: Page, name: str) -> tuple[int, Path]:
    shot = page.screenshot(name)
    image = read_png(shot)
    assert image.distinct_colours() > 8, f"blank screenshot: {shot}"
    return image.count(LOOPING_RGB), shot


def test_list_shows_live_sessions_with_their_state(
    page: Page, collector: RunningCollector, http: httpx.Client
) -> None:
    page.goto(collector.endpoints.http_url + "/ui")
    page.wait_for(f"document.querySelector('tr[data-trace=\"{HALTED}\"]') !== null", what="the session rows")
    states = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('#sessions tbody tr')].map(r => "
        "[r.dataset.trace, [...r.querySelectorAll('.badge')].map(b => b.dataset.state)]))"
    )
    assert states[LOOPING] == ["looping"]
    assert states[HEALTHY] == ["healthy"]
    assert set(states[HALTED]) == {"looping", "halted"}
    verdicts = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('#sessions tbody tr')].map(r => "
        "[r.dataset.trace, r.cells[5].textContent]))"
    )
    assert verdicts[HALTED].startswith("halt @ step")
    assert verdicts[LOOPING].startswith("nudge @ step")  # the strongest so far, not the last continue
    assert verdicts[HEALTHY] == "continue @ step 4"
    looping_pixels, shot = _looping_badge_pixels(page, "list")
    assert looping_pixels > 100, f"no looping badge visible in {shot}"


def test_list_filters_by_agent_and_state_from_the_url(
    page: Page, collector: RunningCollector, http: httpx.Client
) -> None:
    page.goto(collector.endpoints.http_url + "/ui?agent=billing-bot&state=looping")
    page.wait_for("document.querySelectorAll('#sessions tbody tr').length === 1", what="one filtered row")
    assert page.evaluate("document.querySelector('#sessions tbody tr').dataset.trace") == LOOPING
    assert page.evaluate(
        "[document.getElementById('filter-agent').value, document.getElementById('filter-state').value]"
    ) == [
        "billing-bot",
        "looping",
    ]
    page.evaluate(
        "document.getElementById('filter-state').value = 'halted'; "
        "document.getElementById('filter-state').dispatchEvent(new Event('change'))"
    )
    page.wait_for("document.getElementById('sessions-empty').hidden === false", what="no halted billing-bot")
    assert page.evaluate("location.search") == "?agent=billing-bot&state=halted"


def test_session_view_shows_timeline_findings_and_verdicts_as_text(
    page: Page, collector: RunningCollector, http: httpx.Client
) -> None:
    page.goto(session_url(collector.endpoints.http_url, LOOPING))
    page.wait_for("document.querySelectorAll('#timeline tbody tr').length === 4", what="4 timeline steps")
    assert page.evaluate(
        "[...document.querySelectorAll('#session-badges .badge')].map(b => b.dataset.state)"
    ) == ["looping"]
    verdicts = page.evaluate(
        "[...document.querySelectorAll('#verdicts tbody tr')].map(r => [...r.cells].map(c => c.textContent))"
    )
    assert [(row[0], row[1], row[2]) for row in verdicts] == [("3", "nudge", "identical_call")]
    assert verdicts[0][3] != "-"  # when it was sent
    assert "[loopwatch]" in verdicts[0][4]
    assert page.evaluate("document.querySelector('#findings .finding').dataset.detector") == "identical_call"
    # The step that got the nudge is marked in the timeline.
    assert page.evaluate("document.querySelector('#timeline tr[data-step=\"3\"]').textContent").startswith(
        "3nudge"
    )
    # Attacker-controlled arguments are shown verbatim as text, and nothing in them ran.
    timeline_text = page.evaluate("document.getElementById('timeline').textContent")
    assert json.dumps({"q": XSS}, separators=(",", ":")) in timeline_text
    assert page.evaluate("document.querySelectorAll('main script, main img').length") == 0
    assert page.evaluate("window.__pwned === undefined") is True
    assert "no match" in timeline_text  # the result preview (content capture on)
    assert page.evaluate("document.getElementById('privacy-hint').hidden") is True
    looping_pixels, shot = _looping_badge_pixels(page, "session-looping")
    assert looping_pixels > 100, f"no looping badge visible in {shot}"


def test_session_view_refreshes_while_the_session_runs(
    page: Page, collector: RunningCollector, http: httpx.Client
) -> None:
    trace = trace_id(1103)
    _post_steps(http, trace, "live-bot", range(2), args={"q": "a"})
    page.goto(session_url(collector.endpoints.http_url, trace))
    page.wait_for("document.querySelectorAll('#timeline tbody tr').length === 2", what="2 steps")
    assert page.evaluate("document.getElementById('session-badges').textContent") == "healthy"
    _post_steps(http, trace, "live-bot", range(2, 3), args={"q": "a"})
    page.wait_for("document.querySelectorAll('#timeline tbody tr').length === 3", what="the new step, live")
    page.wait_for("document.getElementById('session-badges').textContent === 'looping'", what="looping, live")


def test_in_privacy_mode_the_page_says_how_to_see_arguments(
    page: Page, collector: RunningCollector, http: httpx.Client
) -> None:
    trace = trace_id(1104)
    _post_steps(http, trace, "private-bot", range(2), capture=False)
    page.goto(session_url(collector.endpoints.http_url, trace))
    page.wait_for("document.querySelectorAll('#timeline tbody tr').length === 2", what="2 steps")
    page.wait_for("document.getElementById('privacy-hint').hidden === false", what="the privacy hint")
    hint = page.evaluate("document.getElementById('privacy-hint').textContent")
    assert "LOOPWATCH_CAPTURE_CONTENT=true" in hint
    assert page.evaluate("document.getElementById('status').textContent").startswith("live")


CLAUDE_SESSION = "6f1c2a9e-0d4b-4c1e-9a55-3b7e2f1d8c40"


def _claude_loop(http: httpx.Client) -> None:
    """A Claude Code session through its hooks: the same failing command until it is stopped."""

    def post(payload: dict[str, Any]) -> dict[str, Any]:
        reply = http.post("/v1/hooks/claude-code", json=payload)
        assert reply.status_code == 200, reply.text
        answer: dict[str, Any] = reply.json()
        return answer

    post(claude(CLAUDE_SESSION, "UserPromptSubmit", prompt="make the tests pass", cwd="/srv/billing"))
    for i in range(12):
        answer = post(claude_tool(CLAUDE_SESSION, "PreToolUse", f"toolu_{i}"))
        if answer.get("continue") is False:
            return
        if not answer:
            post(claude_tool(CLAUDE_SESSION, "PostToolUseFailure", f"toolu_{i}", error=FAILING))
    raise AssertionError("the loop was never stopped")


def test_a_coding_agent_session_shows_its_cli_directory_and_hook_answers(
    page: Page, collector: RunningCollector, http: httpx.Client
) -> None:
    _claude_loop(http)
    trace = CLAUDE_SESSION.replace("-", "")
    page.goto(collector.endpoints.http_url + "/ui?agent=claude-code")
    page.wait_for(
        f"document.querySelector('tr[data-trace=\"{trace}\"]') !== null", what="the CLI session row"
    )
    row = page.evaluate(
        f"[...document.querySelector('tr[data-trace=\"{trace}\"]').cells].map(c => c.textContent)"
    )
    assert row[1] == "claude-code"
    assert row[6].startswith("stop @ step")  # the last hook answer
    page.goto(session_url(collector.endpoints.http_url, trace))
    page.wait_for("document.getElementById('hooks-section').hidden === false", what="the hook answers")
    facts = page.evaluate("document.getElementById('session-facts').textContent")
    assert "working directory/srv/billing" in facts
    answers = page.evaluate(
        "[...document.querySelectorAll('#hook-decisions tbody tr')]"
        ".map(r => [r.dataset.decision, r.cells[3].textContent])"
    )
    assert [decision for decision, _ in answers] == ["context", *["deny"] * 5, "stop"]
    assert all(reason.startswith("[loopwatch]") for _, reason in answers)
    assert "Tools are withdrawn" in answers[5][1]
    # the steps that got an answer are marked in the timeline
    marked = page.evaluate("[...document.querySelectorAll('#timeline [data-hook]')].map(b => b.dataset.hook)")
    assert "deny" in marked
    assert "context" in marked
    shot = page.screenshot("session-claude-code")
    assert read_png(shot).distinct_colours() > 8, f"blank screenshot: {shot}"


def test_a_session_of_another_agent_shows_no_hook_answers(
    page: Page, collector: RunningCollector, http: httpx.Client
) -> None:
    page.goto(session_url(collector.endpoints.http_url, LOOPING))
    page.wait_for("document.querySelectorAll('#timeline tbody tr').length === 4", what="4 timeline steps")
    assert page.evaluate("document.getElementById('hooks-section').hidden") is True
    assert "working directory" not in page.evaluate("document.getElementById('session-facts').textContent")


def test_a_halted_session_and_an_unknown_one(
    page: Page, collector: RunningCollector, http: httpx.Client
) -> None:
    page.goto(session_url(collector.endpoints.http_url, HALTED))
    page.wait_for(
        "document.getElementById('status').textContent.startsWith('ended: halted')",
        what="ended, refresh stopped",
    )
    actions = page.evaluate("[...document.querySelectorAll('#verdicts tbody tr')].map(r => r.dataset.action)")
    assert actions[-1] == "halt"
    page.goto(session_url(collector.endpoints.http_url, trace_id(1199)))
    page.wait_for("document.getElementById('not-found').hidden === false", what="the not-found panel")


def test_static_files_have_a_strict_content_security_policy(collector: RunningCollector) -> None:
    base = collector.endpoints.http_url
    page = httpx.get(base + "/ui", timeout=10)
    assert page.status_code == 200
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert (
        httpx.get(base + "/ui/static/app.js", timeout=10)
        .headers["content-type"]
        .startswith("text/javascript")
    )
    assert httpx.get(base + "/ui/static/secrets.txt", timeout=10).status_code == 404
    assert "/ui" not in httpx.get(base + "/openapi.json", timeout=10).json()["paths"]


# --- an API behind bearer keys (the shape of issue 9's authentication) -------------------------


class _QuietServer(uvicorn.Server):
    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


@contextlib.asynccontextmanager
async def _serve(app: Any) -> AsyncIterator[int]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = _QuietServer(uvicorn.Config(app, log_level="warning", lifespan="off"))
    task = asyncio.get_running_loop().create_task(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        yield int(sock.getsockname()[1])
    finally:
        server.should_exit = True
        await task


@pytest.fixture(scope="module")
def guarded_url(collector: RunningCollector, http: httpx.Client) -> Iterator[tuple[str, list[str | None]]]:
    """The REST app over the same pipeline, with /v1 routes requiring ``Bearer API_KEY`` (a
    stand-in for the collector's key check that keeps the sessions of its anonymous tenant)."""
    renderer = MetricsRenderer(collector.collector.registry, cache_s=0, exemplars=False, keys_enabled=False)
    app = create_rest_app(collector.collector.pipeline, renderer, is_ready=lambda: True)
    seen: list[str | None] = []

    @app.middleware("http")
    async def require_key(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        if request.url.path.startswith("/v1/"):
            seen.append(request.headers.get("authorization"))
            assert API_KEY not in str(request.url)
            if request.headers.get("authorization") != f"Bearer {API_KEY}":
                return JSONResponse({"detail": "invalid API key"}, status_code=401)
        # Authenticated as the collector's single (anonymous) tenant, whose sessions these are.
        token = CURRENT_TENANT.set(ANONYMOUS)
        try:
            return await call_next(request)
        finally:
            CURRENT_TENANT.reset(token)

    server = _serve(app)
    port = collector.call(server.__aenter__())
    try:
        yield f"http://127.0.0.1:{port}", seen
    finally:
        collector.call(server.__aexit__(None, None, None))


def test_the_page_asks_for_an_api_key_and_sends_it_as_a_bearer_header(
    page: Page, guarded_url: tuple[str, list[str | None]]
) -> None:
    url, seen = guarded_url
    page.goto(url + "/ui?agent=billing-bot")
    page.wait_for("document.getElementById('key-prompt').hidden === false", what="the key prompt")
    page.evaluate(
        "document.getElementById('key-input').value = 'wrong'; "
        "document.getElementById('key-form').requestSubmit()"
    )
    page.wait_for("document.getElementById('key-reason').textContent.includes('refused')", what="the refusal")
    page.evaluate(
        f"document.getElementById('key-input').value = {json.dumps(API_KEY)}; "
        "document.getElementById('key-form').requestSubmit()"
    )
    page.wait_for(
        "document.querySelectorAll('#sessions tbody tr').length === 2", what="billing-bot's sessions"
    )
    assert page.evaluate("sessionStorage.getItem('loopwatch.apiKey')") == API_KEY
    assert API_KEY not in page.evaluate("location.href")
    assert seen[0] is None
    assert f"Bearer {API_KEY}" in seen
    page.screenshot("after-key")


def test_the_static_files_ship_as_package_data() -> None:
    root = Path(__file__).resolve().parents[3] / "collector"
    globs = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"
    ]["loopwatch_collector"]
    package = root / "loopwatch_collector"
    static = sorted((package / "exporters" / "ui" / "static").iterdir())
    assert [p.name for p in static] == ["app.js", "index.html", "style.css"]
    for path in static:
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in globs), relative


def test_a_trace_folded_into_a_session_opens_that_session(
    page: Page, collector: RunningCollector, http: httpx.Client
) -> None:
    """A trace id copied from a tracing UI, of a client-only call folded into a session."""
    spans = [client_call(n, "ui-conversation") for n in range(3)]
    with grpc.insecure_channel(collector.endpoints.grpc_target) as channel:
        export(channel, None, *spans)
    page.goto(session_url(collector.endpoints.http_url, spans[1].trace_id.hex()))
    page.wait_for(
        "document.querySelectorAll('#timeline tbody tr').length === 3", what="the session's 3 steps"
    )
    session = session_trace_id("conversation\x00ui-conversation")
    assert page.evaluate("document.getElementById('session-title').textContent") == f"Session {session}"
