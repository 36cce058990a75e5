"""``loopwatch install-hooks``: writes the project's or the user's settings file, prints what
changed, and refuses a file it cannot read without touching it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loopwatch_collector.cli import main


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    directory = tmp_path / "project"
    directory.mkdir()
    monkeypatch.chdir(directory)
    return directory


def test_project_install_then_again_then_uninstall(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings = project / ".claude" / "settings.json"
    assert main(["install-hooks", "claude-code", "--collector", "http://127.0.0.1:9999"]) == 0
    assert "PreToolUse: added loopwatch's hook" in capsys.readouterr().out
    hooks = json.loads(settings.read_text())["hooks"]
    assert hooks["PreToolUse"][0]["hooks"][0]["url"] == "http://127.0.0.1:9999/v1/hooks/claude-code"
    assert main(["install-hooks", "claude-code", "--collector", "http://127.0.0.1:9999"]) == 0
    assert capsys.readouterr().out.strip().endswith("unchanged")
    assert main(["install-hooks", "claude-code", "--uninstall"]) == 0
    assert json.loads(settings.read_text()) == {}


def test_user_install_writes_under_home(project: Path) -> None:
    assert main(["install-hooks", "gemini-cli", "--user"]) == 0
    written = json.loads((project.parent / "home" / ".gemini" / "settings.json").read_text())
    assert "BeforeTool" in written["hooks"]
    assert not (project / ".gemini").exists()


def test_command_hooks_for_claude_code(project: Path) -> None:
    assert main(["install-hooks", "claude-code", "--command"]) == 0
    hook = json.loads((project / ".claude" / "settings.json").read_text())["hooks"]["Stop"][0]["hooks"][0]
    assert hook["type"] == "command"
    assert "-m loopwatch.hooks claude-code" in hook["command"]


def test_a_file_that_is_not_json_is_left_alone(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = project / ".codex" / "hooks.json"
    broken.parent.mkdir()
    broken.write_text("{ not json")
    assert main(["install-hooks", "codex"]) == 1
    assert "nothing changed" in capsys.readouterr().err
    assert broken.read_text() == "{ not json"


def test_codex_install_says_the_hooks_need_trust(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["install-hooks", "codex"]) == 0
    assert "--dangerously-bypass-hook-trust" in capsys.readouterr().out
