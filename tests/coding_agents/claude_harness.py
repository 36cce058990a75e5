"""Runs the real Claude Code CLI headless against the scripted model, with loopwatch's hooks
installed by ``loopwatch install-hooks`` in a temporary project and home directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.coding_agents.scripted_model import ScriptedModel

ROOT = Path(__file__).resolve().parents[2]
#: Where ``make coding-agents`` (scripts/install-coding-agents.sh) installs the CLIs.
AGENTS_DIR = Path(os.environ.get("CODING_AGENTS_DIR", ROOT / ".coding-agents"))
CLAUDE = AGENTS_DIR / "node_modules" / ".bin" / "claude"
# One headless run is a few model round trips on loopback; minutes mean it hangs.
RUN_TIMEOUT_S = 300


@dataclass
class ClaudeRun:
    returncode: int
    result: dict[str, Any]  # the --output-format json document
    stderr: str
    transcript: str  # the session's JSONL transcript, as text

    @property
    def denials(self) -> int:
        return len(self.result.get("permission_denials") or [])


def install_hooks(project: Path, collector_url: str, *extra: str) -> None:
    """``loopwatch install-hooks claude-code`` in ``project``, as a user runs it."""
    command = [sys.executable, "-m", "loopwatch_collector.cli", "install-hooks", "claude-code"]
    subprocess.run(
        [*command, "--collector", collector_url, *extra], cwd=project, check=True, capture_output=True
    )


def run_claude(
    project: Path, home: Path, model: ScriptedModel, prompt: str, *, resume: str | None = None
) -> ClaudeRun:
    """``claude -p PROMPT --allowedTools Bash --output-format json`` in ``project``; with
    ``resume``, the next prompt of that session (``--resume SESSION_ID``)."""
    env = {
        **os.environ,
        "HOME": str(home),
        "ANTHROPIC_BASE_URL": model.url,
        "ANTHROPIC_API_KEY": "anything",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "LOOPWATCH_CAPTURE_CONTENT": "false",
    }
    command = [str(CLAUDE), "-p", prompt, "--allowedTools", "Bash", "--output-format", "json"]
    done = subprocess.run(
        [*command, *(("--resume", resume) if resume else ())],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
        check=False,
    )
    result = json.loads(done.stdout) if done.stdout.strip() else {}
    session = result.get("session_id", "")
    transcripts = list((home / ".claude" / "projects").glob(f"*/{session}.jsonl")) if session else []
    transcript = transcripts[0].read_text(encoding="utf-8") if transcripts else ""
    return ClaudeRun(returncode=done.returncode, result=result, stderr=done.stderr, transcript=transcript)
