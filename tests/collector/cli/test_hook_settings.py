"""Merging loopwatch's hooks into a CLI's settings: alongside others, idempotent, removable."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from loopwatch_collector.cli.hook_settings import AGENTS, is_loopwatch_hook, loopwatch_hook, merge

URL = "http://127.0.0.1:8080"
THEIRS = {"type": "command", "command": "./scripts/format.sh", "timeout": 30}


def _existing() -> dict[str, Any]:
    """Settings a user already has: another tool's hooks, other keys."""
    return {
        "permissions": {"allow": ["Bash(npm test:*)"]},
        "hooks": {
            "PostToolUse": [{"matcher": "Edit|Write", "hooks": [THEIRS]}],
            "Notification": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
        },
    }


@pytest.mark.parametrize("agent", sorted(AGENTS))
def test_install_adds_one_group_per_event_and_keeps_everything_else(agent: str) -> None:
    settings = AGENTS[agent]
    hook = loopwatch_hook(settings, URL, http=settings.http_hooks)
    merged, changes = merge(_existing(), settings, hook)
    assert merged["permissions"] == _existing()["permissions"]
    assert merged["hooks"]["Notification"] == _existing()["hooks"]["Notification"]
    assert THEIRS in merged["hooks"]["PostToolUse"][0]["hooks"]
    for event in settings.events:
        ours = [h for g in merged["hooks"][event] for h in g["hooks"] if is_loopwatch_hook(agent)(h)]
        assert ours == [hook]
    assert len(changes) == len(settings.events)


@pytest.mark.parametrize("agent", sorted(AGENTS))
def test_install_twice_changes_nothing(agent: str) -> None:
    settings = AGENTS[agent]
    hook = loopwatch_hook(settings, URL, http=settings.http_hooks)
    once, _ = merge(_existing(), settings, hook)
    twice, changes = merge(once, settings, hook)
    assert twice == once
    assert changes == []


@pytest.mark.parametrize("agent", sorted(AGENTS))
def test_uninstall_removes_exactly_loopwatchs_entries(agent: str) -> None:
    settings = AGENTS[agent]
    installed, _ = merge(_existing(), settings, loopwatch_hook(settings, URL, http=settings.http_hooks))
    removed, changes = merge(installed, settings, None)
    assert removed == _existing()
    assert len(changes) == len(settings.events)
    assert merge(removed, settings, None) == (removed, [])


def test_a_new_collector_url_updates_the_hook_in_place() -> None:
    claude = AGENTS["claude-code"]
    first, _ = merge({}, claude, loopwatch_hook(claude, URL, http=True))
    moved, changes = merge(first, claude, loopwatch_hook(claude, "http://10.0.0.5:8080/", http=True))
    assert all(c.endswith("updated loopwatch's hook") for c in changes)
    assert moved["hooks"]["PreToolUse"][0]["hooks"][0]["url"] == "http://10.0.0.5:8080/v1/hooks/claude-code"


def test_a_group_shared_with_another_hook_keeps_the_other_hook() -> None:
    claude = AGENTS["claude-code"]
    ours = loopwatch_hook(claude, URL, http=True)
    shared = {"hooks": {"Stop": [{"hooks": [THEIRS, ours]}]}}
    removed, _ = merge(shared, claude, None)
    assert removed == {"hooks": {"Stop": [{"hooks": [THEIRS]}]}}


def test_hook_objects_per_cli() -> None:
    claude = loopwatch_hook(AGENTS["claude-code"], URL, http=True)
    assert claude["url"] == f"{URL}/v1/hooks/claude-code"
    assert claude["allowedEnvVars"] == ["LOOPWATCH_API_KEY"]
    codex = loopwatch_hook(AGENTS["codex"], URL, http=False)
    assert codex["command"].endswith(f"-m loopwatch.hooks codex --collector {URL}")
    gemini = loopwatch_hook(AGENTS["gemini-cli"], URL, http=False)
    assert gemini["timeout"] == 10_000  # milliseconds in Gemini CLI
    assert not is_loopwatch_hook("codex")(claude)


def test_settings_whose_hooks_are_not_an_object_are_refused() -> None:
    with pytest.raises(ValueError, match="hooks"):
        merge({"hooks": []}, AGENTS["codex"], None)
    untouched = {"hooks": {"PreToolUse": "not a list"}}
    assert merge(copy.deepcopy(untouched), AGENTS["codex"], None) == (untouched, [])
