"""``loopwatch hook <agent>``: the command hook for CLIs (or versions) without HTTP hooks.

The CLI runs it once per hook event with the event's JSON on stdin. It posts that JSON to the
collector's ``POST /v1/hooks/{agent}`` and prints the answer (the CLI's own format) on stdout.
With content capture off (``LOOPWATCH_CAPTURE_CONTENT``, the SDK's privacy default) the
prompt, tool input and tool response never leave the machine: they are turned into the
SDK's fingerprints and sketches here (``mapping.events_of`` with ``capture_content=False``)
and only identifying fields are sent along.

It never breaks the CLI: whatever goes wrong (collector down, slow past the deadline, an error
answer, unreadable input) it prints ``{}`` (no decision), writes one line on stderr and exits
0. The whole call, start-up excepted, is bounded by ``--timeout-ms``
(``LOOPWATCH_HOOK_TIMEOUT_MS``, default 1000). Runs on the main thread; the request runs on a
daemon thread so that a hung connection cannot outlive the deadline.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from loopwatch import environment_variables as env
from loopwatch._init import capture_content_from_env
from loopwatch.hooks import claude_code, codex, gemini_cli
from loopwatch.hooks.mapping import (
    LOCAL_EVENTS_KEY,
    MAX_HOOK_BODY_BYTES,
    HookCall,
    events_of,
    local_events_json,
)

DEFAULT_URL = "http://127.0.0.1:8080"
DEFAULT_TIMEOUT_MS = 1000
_PARSERS = {
    claude_code.AGENT: claude_code.parse,
    codex.AGENT: codex.parse,
    gemini_cli.AGENT: gemini_cli.parse,
}
AGENTS = tuple(sorted(_PARSERS))
# What the collector needs besides the locally computed events: ids and names, never content.
_IDENTIFYING_KEYS = (
    "session_id",
    "hook_event_name",
    "tool_name",
    "tool_use_id",
    "agent_id",
    "turn_id",
    "timestamp",
)
_NO_DECISION = "{}"


class NoDecisionError(Exception):
    """Why no decision came back (one line for stderr)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The shim's options, shared by ``python -m loopwatch.hooks`` and ``loopwatch hook``."""
    parser.add_argument("agent", choices=AGENTS, help="the CLI running this hook")
    parser.add_argument(
        "--collector",
        default=None,
        help=f"collector REST URL (default ${env.LOOPWATCH_HOOKS_URL}, else {DEFAULT_URL})",
    )
    parser.add_argument(
        "--timeout-ms",
        type=int,
        default=None,
        help=(
            f"deadline; past it the CLI proceeds (default ${env.LOOPWATCH_HOOK_TIMEOUT_MS},"
            f" else {DEFAULT_TIMEOUT_MS})"
        ),
    )


def run(args: argparse.Namespace, *, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Answer one hook call; always returns 0 (see the module docstring)."""
    out = stdout or sys.stdout
    started = time.monotonic()
    timeout_s = _timeout_ms(args.timeout_ms) / 1000
    url = (args.collector or os.environ.get(env.LOOPWATCH_HOOKS_URL) or DEFAULT_URL).rstrip("/")
    try:
        body = _request_body(args.agent, (stdin or sys.stdin).read(MAX_HOOK_BODY_BYTES + 1))
        answer = _post(f"{url}/v1/hooks/{args.agent}", body, deadline=started + timeout_s)
    except NoDecisionError as exc:
        print(f"loopwatch hook: {exc}; proceeding without a decision", file=sys.stderr)
        answer = _NO_DECISION
    out.write(answer + "\n")
    out.flush()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m loopwatch.hooks <agent>``."""
    parser = argparse.ArgumentParser(prog="loopwatch hook", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


def _timeout_ms(flag: int | None) -> int:
    if flag is not None:
        return max(1, flag)
    raw = os.environ.get(env.LOOPWATCH_HOOK_TIMEOUT_MS, "")
    return max(1, int(raw)) if raw.strip().isdigit() else DEFAULT_TIMEOUT_MS


def _request_body(agent: str, text: str) -> bytes:
    """The JSON to post: as read, or reduced to ids plus local events in privacy mode."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_HOOK_BODY_BYTES:
        raise NoDecisionError(f"hook input larger than {MAX_HOOK_BODY_BYTES} bytes")
    try:
        payload = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise NoDecisionError(f"hook input is not JSON: {exc}") from exc
    if not isinstance(payload, dict):
        raise NoDecisionError("hook input is not a JSON object")
    if not capture_content_from_env():
        payload = _hashed(_parse(agent, payload), payload)
    return json.dumps(payload, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _parse(agent: str, payload: Mapping[str, Any]) -> HookCall:
    try:
        return _PARSERS[agent](payload)
    except ValueError as exc:  # HookError
        raise NoDecisionError(f"hook input: {exc}") from exc


def _hashed(call: HookCall, payload: Mapping[str, Any]) -> dict[str, Any]:
    kept = {key: payload[key] for key in _IDENTIFYING_KEYS if key in payload}
    kept[LOCAL_EVENTS_KEY] = local_events_json(events_of(call, capture_content=False))
    return kept


def _post(url: str, body: bytes, *, deadline: float) -> str:
    """The collector's answer as JSON text, within ``deadline`` (``time.monotonic``)."""
    headers = {"Content-Type": "application/json"}
    key = os.environ.get(env.LOOPWATCH_API_KEY)
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    outcome: list[str | NoDecisionError] = []

    def ask() -> None:
        try:
            with urllib.request.urlopen(request, timeout=max(0.001, deadline - time.monotonic())) as reply:
                outcome.append(json.dumps(json.loads(reply.read())))
        except urllib.error.HTTPError as exc:
            outcome.append(NoDecisionError(f"{url}: HTTP {exc.code}"))
        except (urllib.error.URLError, OSError, ValueError) as exc:
            outcome.append(NoDecisionError(f"{url}: {exc}"))

    worker = threading.Thread(target=ask, name="loopwatch-hook", daemon=True)
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()))
    if not outcome:
        raise NoDecisionError(f"{url}: no answer within the deadline")
    result = outcome[0]
    if isinstance(result, NoDecisionError):
        raise result
    return result
