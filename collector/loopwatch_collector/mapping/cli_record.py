"""One coding-agent CLI log event (Claude Code's, Codex's) in loopwatch's terms.

The CLI modules (:mod:`claude_code_logs`, :mod:`codex_logs`) only read their CLI's attribute
names into a ``CliRecord``; :mod:`cli_logs` turns records into sessions and events, identically
for every CLI. Pure data, no I/O.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from loopwatch.wire import MAX_EVENT_ID_CHARS, MAX_ID_CHARS

# Event ids built from a call id ("result:" is the longest prefix) must stay valid event ids.
MAX_CALL_ID_CHARS = MAX_EVENT_ID_CHARS - len("result:")


class CliKind(enum.Enum):
    """What a CLI log event reports."""

    PROMPT = "prompt"  # the user submitted a prompt
    MODEL_CALL = "model_call"  # a model response completed: its token usage
    TOOL_RESULT = "tool_result"  # a tool call ran (or was refused): its outcome
    ANSWER = "answer"  # the model answered without calling a tool
    HOOKS = "hooks"  # the CLI ran a hook around a prompt or a tool call


@dataclass(frozen=True, slots=True, kw_only=True)
class CliRecord:
    """One CLI log event: the fields loopwatch uses, already bounded (``bounded_id``)."""

    agent: str  # "claude-code", "codex": the hooks' agent names, so both name one session alike
    kind: CliKind
    session_id: str
    key: str  # unique per event of the session (a sequence number or timestamp): re-sends dedupe
    time_unix_ns: int
    subagent_id: str | None = None
    text: str | None = None  # a prompt or an answer, when the CLI logged it (not redacted)
    input_tokens: int = 0
    output_tokens: int = 0
    call_id: str | None = None
    tool_name: str = ""
    arguments: Any = None  # None: the CLI did not log them
    output: str | None = None  # None: the CLI did not log it
    failed: bool = False
    error_type: str | None = None
    duration_ns: int = 0


def bounded_id(value: Any, max_chars: int = MAX_ID_CHARS) -> str | None:
    """A non-empty string id of at most ``max_chars``, else None (the record is not used)."""
    if isinstance(value, str) and 0 < len(value) <= max_chars:
        return value
    return None
