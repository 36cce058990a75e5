"""The ``loopwatch`` command: the collector, transcript backtests and the detector reference.

Subcommands: ``serve`` (the collector), ``demo`` (a looping and a healthy agent against an
in-process collector), ``replay`` and ``eval`` (backtest transcripts), ``export`` (a live
session as a scenario), ``detectors`` (every detector's options, defaults and meaning),
``settings`` (every configuration key and variable, as Markdown), ``hook`` (a coding-agent
CLI's command hook: ``loopwatch.hooks.shim``; the CLIs themselves run ``python -m
loopwatch.hooks``, which starts faster), ``install-hooks`` (writes those hooks into a CLI's
settings).

``replay`` is a stable interface other tools depend on (the shared scorer): with
``--format jsonl`` it prints exactly one JSON object per scenario,
``{"id": ..., "verdicts": [{"step": 7, "action": "nudge", "detector": "identical_call"}]}``,
CONTINUE verdicts omitted. A bad file gets one line on stderr naming it and the problem, the
other files are still replayed, and the exit status is 2 (bad input, as for ``eval``; statuses
in ``cli/exit_status.py``). On a terminal, stderr also shows the
progress (files done out of the total); piped, stderr carries only those error lines.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """The ``loopwatch`` console script. The parser and the subcommands are imported here, on
    call: a spawned worker (the ingest worker) re-runs the console script as its main module,
    and must not import the servers with it."""
    from loopwatch_collector.cli.app import run

    return run(argv)
