"""The hook entries ``loopwatch install-hooks`` writes into a coding CLI's settings, and the
merge that adds or removes exactly those.

All three CLIs keep hooks as ``{"hooks": {EVENT: [{"matcher": ..., "hooks": [HOOK, ...]}]}}``:
Claude Code in ``.claude/settings.json``, Codex in ``.codex/hooks.json``, Gemini CLI in
``.gemini/settings.json``. loopwatch's entries are one matcher group per event holding one
hook; a hook is loopwatch's when it calls ``/v1/hooks/<agent>`` (HTTP) or runs
``loopwatch.hooks`` / ``loopwatch hook`` (command). ``merge`` removes loopwatch's hooks and
adds the new ones, leaving every other hook, group and key as it was; the same call twice
changes nothing. Pure functions on JSON values.
"""

from __future__ import annotations

import copy
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Settings = dict[str, Any]
Hook = dict[str, Any]

_COMMAND_MARKERS = ("-m loopwatch.hooks ", "loopwatch hook ")
# The CLI waits this long on one hook before going on without it. A command hook also starts a
# Python process (about half a second on a loaded machine); its own deadline is 1 s
# (``LOOPWATCH_HOOK_TIMEOUT_MS``).
HTTP_TIMEOUT_S = 3
COMMAND_TIMEOUT_S = 10
_TOOL_EVENTS = frozenset({"PreToolUse", "PostToolUse", "PostToolUseFailure", "BeforeTool", "AfterTool"})


@dataclass(frozen=True, slots=True)
class AgentSettings:
    """Where one CLI keeps its hooks and which events loopwatch hooks into."""

    agent: str
    project_file: Path  # relative to the project directory
    user_file: Path  # relative to the home directory
    events: tuple[str, ...]
    http_hooks: bool  # the CLI can POST hook JSON itself
    timeout_unit_s: float  # 1 for seconds, 0.001 for milliseconds


AGENTS: dict[str, AgentSettings] = {
    "claude-code": AgentSettings(
        agent="claude-code",
        project_file=Path(".claude/settings.json"),
        user_file=Path(".claude/settings.json"),
        events=(
            "UserPromptSubmit",
            "PreToolUse",
            "PostToolUse",
            "PostToolUseFailure",
            "Stop",
            "SubagentStop",
            "SessionEnd",
        ),
        http_hooks=True,
        timeout_unit_s=1,
    ),
    "codex": AgentSettings(
        agent="codex",
        project_file=Path(".codex/hooks.json"),
        user_file=Path(".codex/hooks.json"),
        events=("UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"),
        http_hooks=False,
        timeout_unit_s=1,
    ),
    "gemini-cli": AgentSettings(
        agent="gemini-cli",
        project_file=Path(".gemini/settings.json"),
        user_file=Path(".gemini/settings.json"),
        events=("BeforeAgent", "BeforeTool", "AfterTool", "AfterAgent", "SessionEnd"),
        http_hooks=False,
        timeout_unit_s=0.001,
    ),
}


def loopwatch_hook(agent: AgentSettings, collector: str, *, http: bool) -> Hook:
    """The hook object loopwatch installs for ``agent`` (the same for every event)."""
    url = collector.rstrip("/")
    if http:
        return {
            "type": "http",
            "url": f"{url}/v1/hooks/{agent.agent}",
            "timeout": _timeout(agent, HTTP_TIMEOUT_S),
            "headers": {"Authorization": "Bearer $LOOPWATCH_API_KEY"},
            "allowedEnvVars": ["LOOPWATCH_API_KEY"],
        }
    command = f"{shlex.quote(sys.executable)} -m loopwatch.hooks {agent.agent} --collector {shlex.quote(url)}"
    hook: Hook = {"type": "command", "command": command, "timeout": _timeout(agent, COMMAND_TIMEOUT_S)}
    if agent.agent == "gemini-cli":
        hook["name"] = "loopwatch"
    return hook


def is_loopwatch_hook(agent: str) -> Callable[[Any], bool]:
    """A predicate: true for the hooks loopwatch installed for ``agent``."""

    def ours(hook: Any) -> bool:
        if not isinstance(hook, dict):
            return False
        if hook.get("type") == "http":
            return str(hook.get("url", "")).rstrip("/").endswith(f"/v1/hooks/{agent}")
        command = str(hook.get("command", ""))
        return any(f"{marker}{agent}" in command for marker in _COMMAND_MARKERS)

    return ours


def merge(settings: Settings, agent: AgentSettings, hook: Hook | None) -> tuple[Settings, list[str]]:
    """``settings`` without loopwatch's hooks for ``agent``, plus ``hook`` on each of its events
    (``None``: uninstall). Returns the new settings and one line per event changed."""
    result = copy.deepcopy(settings)
    ours = is_loopwatch_hook(agent.agent)
    hooks = result.get("hooks")
    if hooks is not None and not isinstance(hooks, dict):
        raise ValueError('"hooks" is not a JSON object')
    hooks = hooks if hooks is not None else {}
    changes: list[str] = []
    for event in sorted(set(hooks) | set(agent.events if hook is not None else ())):
        before = hooks.get(event, [])
        if not isinstance(before, list):
            continue  # not a hook list loopwatch understands: leave it alone
        after = _without(before, ours)
        if hook is not None and event in agent.events:
            group: dict[str, Any] = {"hooks": [hook]}
            if event in _TOOL_EVENTS:
                group = {"matcher": "*" if agent.agent != "gemini-cli" else ".*", **group}
            after.append(group)
        if after != before:
            changes.append(_change(event, before, after, ours))
        if after:
            hooks[event] = after
        else:
            hooks.pop(event, None)
    if hooks:
        result["hooks"] = hooks
    else:
        result.pop("hooks", None)
    return result, changes


def _without(groups: list[Any], ours: Callable[[Any], bool]) -> list[Any]:
    kept: list[Any] = []
    for group in groups:
        if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
            kept.append(group)
            continue
        remaining = [h for h in group["hooks"] if not ours(h)]
        if remaining == group["hooks"]:
            kept.append(group)
        elif remaining:
            kept.append({**group, "hooks": remaining})
    return kept


def _change(event: str, before: list[Any], after: list[Any], ours: Callable[[Any], bool]) -> str:
    had = any(ours(h) for g in before if isinstance(g, dict) for h in g.get("hooks", []))
    has = any(ours(h) for g in after if isinstance(g, dict) for h in g.get("hooks", []))
    if had and has:
        return f"{event}: updated loopwatch's hook"
    return f"{event}: added loopwatch's hook" if has else f"{event}: removed loopwatch's hook"


def _timeout(agent: AgentSettings, seconds: float) -> int:
    return round(seconds / agent.timeout_unit_s)
