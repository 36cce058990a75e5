"""Coding-agent CLIs' hooks (Claude Code, Codex CLI, Gemini CLI) into the pipeline.

``mapping``: the shared ``HookCall`` and its loopwatch events; one module per CLI (``claude_code``,
``codex``, ``gemini_cli``) parses its hook JSON and renders decisions in its answer format;
``service``: verdict to decision; ``route``: ``POST /v1/hooks/{agent}``. No detection here.
"""
