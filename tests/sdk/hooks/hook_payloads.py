"""Hook payloads as each CLI documents them (Claude Code 2.1 hooks reference, Codex hooks,
Gemini CLI hooks reference), for the protocol tests."""

from __future__ import annotations

from typing import Any

FAILING = "Exit code 1\nFAILED tests/test_app.py::test_total - assert 41 == 42"


def claude(session: str, event: str, **fields: Any) -> dict[str, Any]:
    """A Claude Code hook payload: the common fields plus ``fields``."""
    return {
        "session_id": session,
        "transcript_path": f"/home/u/.claude/projects/p/{session}.jsonl",
        "cwd": "/home/u/project",
        "permission_mode": "default",
        "hook_event_name": event,
        **fields,
    }


def claude_tool(
    session: str, event: str, call: str, command: str = "pytest -x", **fields: Any
) -> dict[str, Any]:
    return claude(
        session, event, tool_name="Bash", tool_input={"command": command}, tool_use_id=call, **fields
    )


def codex(session: str, event: str, **fields: Any) -> dict[str, Any]:
    """A Codex hook payload: Claude Code's fields plus ``turn_id`` and ``model``."""
    return {
        "session_id": session,
        "turn_id": f"turn-{fields.pop('turn', 1)}",
        "transcript_path": None,
        "cwd": "/home/u/project",
        "hook_event_name": event,
        "model": "gpt-5-codex",
        **fields,
    }


def gemini(session: str, event: str, timestamp: str, **fields: Any) -> dict[str, Any]:
    """A Gemini CLI hook payload: the base fields (with ``timestamp``) plus ``fields``."""
    return {
        "session_id": session,
        "transcript_path": "/home/u/.gemini/tmp/chats/session.json",
        "cwd": "/home/u/project",
        "hook_event_name": event,
        "timestamp": timestamp,
        **fields,
    }
