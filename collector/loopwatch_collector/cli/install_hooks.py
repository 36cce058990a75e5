"""``loopwatch install-hooks <agent> [--project | --user] [--collector URL] [--command] [--uninstall]``.

Writes loopwatch's hooks into a coding CLI's settings file (``hook_settings``): the project's
(default, in the current directory) or the user's (``--user``, in ``$HOME``). Claude Code gets
HTTP hooks (it POSTs to the collector itself) unless ``--command``; Codex and Gemini CLI get
command hooks running ``python -m loopwatch.hooks``. Idempotent, merges with the hooks already
there, prints each change (or that nothing changed), and ``--uninstall`` removes exactly
loopwatch's entries. A settings file that is not a JSON object is left untouched: exit 1 with
the reason on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from loopwatch import environment_variables as env
from loopwatch.hooks.shim import DEFAULT_URL
from loopwatch_collector.cli.hook_settings import AGENTS, loopwatch_hook, merge

# Codex skips hooks nobody trusted, silently: say so where the hooks are installed.
_CODEX_TRUST = (
    "Codex runs these hooks once trusted: review them with /hooks in Codex"
    " (headless: codex exec --dangerously-bypass-hook-trust); project hooks also need a trusted project."
)


def add_install_hooks_parser(sub: Any) -> None:
    """Register ``install-hooks`` on an ``argparse`` subparsers object."""
    ip = sub.add_parser("install-hooks", help="install loopwatch's hooks into a coding CLI's settings")
    ip.add_argument("agent", choices=sorted(AGENTS))
    where = ip.add_mutually_exclusive_group()
    where.add_argument("--project", action="store_true", help="the project's settings, here (default)")
    where.add_argument("--user", action="store_true", help="the user's settings, in $HOME")
    ip.add_argument(
        "--collector",
        default=None,
        help=f"collector REST URL (default ${env.LOOPWATCH_HOOKS_URL}, else {DEFAULT_URL})",
    )
    ip.add_argument(
        "--command",
        dest="command_hooks",  # "command" is the subcommand's name in the parsed arguments
        action="store_true",
        help="Claude Code: command hooks instead of HTTP hooks",
    )
    ip.add_argument("--uninstall", action="store_true", help="remove loopwatch's hooks, nothing else")


def run_install_hooks(args: argparse.Namespace) -> int:
    """Run ``loopwatch install-hooks`` from parsed arguments; returns the exit status."""
    agent = AGENTS[args.agent]
    base = Path.home() if args.user else Path.cwd()
    path = base / (agent.user_file if args.user else agent.project_file)
    collector = args.collector or os.environ.get(env.LOOPWATCH_HOOKS_URL) or DEFAULT_URL
    try:
        settings = _load(path)
        http = agent.http_hooks and not args.command_hooks
        hook = None if args.uninstall else loopwatch_hook(agent, collector, http=http)
        updated, changes = merge(settings, agent, hook)
    except ValueError as exc:
        print(f"loopwatch install-hooks: {path}: {exc}; nothing changed", file=sys.stderr)
        return 1
    if not changes:
        print(f"{path}: unchanged")
        return 0
    _save(path, updated)
    for change in changes:
        print(f"{path}: {change}")
    if agent.agent == "codex" and hook is not None:
        print(_CODEX_TRUST)
    return 0


def _load(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    try:
        settings = json.loads(path.read_text(encoding="utf-8") or "{}")
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc})") from exc
    if not isinstance(settings, dict):
        raise ValueError("not a JSON object")
    return settings


def _save(path: Path, settings: dict[str, Any]) -> None:
    """Write through a temporary file and a rename: a crash leaves the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.loopwatch-tmp")
    temporary.write_text(json.dumps(settings, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(temporary, path)
