"""Coding-agent CLIs' hooks (Claude Code, Codex CLI, Gemini CLI) in loopwatch's terms.

Owned by the SDK, like ``loopwatch.wire``, because both ends use it: the collector's
``POST /v1/hooks/{agent}`` receiver and the command-hook shim ``loopwatch hook`` (``shim``),
which runs once per tool call on the user's machine and so must start fast (it imports
neither the collector nor OpenTelemetry). ``mapping``: the shared ``HookCall`` and its events;
one module per CLI (``claude_code``, ``codex``, ``gemini_cli``) parses that CLI's hook JSON and
renders a decision in its answer format. Pure translation: no detection here.
"""
