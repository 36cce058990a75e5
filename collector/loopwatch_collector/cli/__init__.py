"""The ``loopwatch`` command: the collector, transcript backtests and the detector reference.

Subcommands: ``serve`` (the collector), ``replay`` and ``eval`` (backtest transcripts),
``export`` (a live session as a scenario), ``detectors`` (every detector's options, defaults
and meaning), ``hook`` (a coding-agent CLI's command hook: ``loopwatch.hooks.shim``; the CLIs
themselves run ``python -m loopwatch.hooks``, which starts faster), ``install-hooks`` (writes
those hooks into a CLI's settings).

``replay`` is a stable interface other tools depend on (the shared scorer): with
``--format jsonl`` it prints exactly one JSON object per scenario,
``{"id": ..., "verdicts": [{"step": 7, "action": "nudge", "detector": "identical_call"}]}``,
CONTINUE verdicts omitted. A bad file gets one line on stderr naming it and the problem, the
other files are still replayed, and the exit status is 1. On a terminal, stderr also shows the
progress (files done out of the total); piped, stderr carries only those error lines.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

import loopwatch
from loopwatch.detect.engine import Engine
from loopwatch.hooks.shim import add_arguments as hook_arguments
from loopwatch.hooks.shim import run as run_hook
from loopwatch.scenario import ScenarioError, iter_scenario_files, load_scenario, replay
from loopwatch.verdict import Verdict
from loopwatch_collector.cli.eval import add_eval_parser, run_eval
from loopwatch_collector.cli.export import add_export_parser, run_export
from loopwatch_collector.cli.install_hooks import add_install_hooks_parser, run_install_hooks
from loopwatch_collector.cli.progress import Progress
from loopwatch_collector.cli.serve import add_serve_parser, serve
from loopwatch_collector.detector_reference import FORMATS as REFERENCE_FORMATS
from loopwatch_collector.detector_reference import render as render_reference

# Plain text: argparse prints it as it is, so no reST markup from the module docstring.
_DESCRIPTION = (
    "loopwatch: loop detection for AI agents. Run the collector (serve) or backtest transcripts (replay)."
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="loopwatch", description=_DESCRIPTION)
    parser.add_argument("--version", action="version", version=version_line())
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay recorded transcripts through the engine")
    rp.add_argument("paths", nargs="+", type=Path, help="scenario files or directories")
    rp.add_argument(
        "--format",
        choices=("table", "jsonl"),
        default="table",
        help="table: readable, per scenario (default); jsonl: one JSON object per scenario, for tools",
    )
    add_serve_parser(sub)
    add_eval_parser(sub)
    add_export_parser(sub)
    hp = sub.add_parser(
        "hook", help="command hook of a coding-agent CLI: hook JSON on stdin, answer on stdout"
    )
    hook_arguments(hp)
    add_install_hooks_parser(sub)
    dp = sub.add_parser("detectors", help="print every detector's options, defaults and meaning")
    dp.add_argument("--format", choices=REFERENCE_FORMATS, default="text")
    args = parser.parse_args(argv)
    if args.command == "export":
        return run_export(args)
    if args.command == "detectors":
        sys.stdout.write(render_reference(args.format))
        return 0
    if args.command == "serve":
        return serve(args)
    if args.command == "hook":
        return run_hook(args)
    if args.command == "install-hooks":
        return run_install_hooks(args)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.command == "eval":
        return run_eval(args)
    return _replay(args.paths, args.format)


def version_line() -> str:
    """``loopwatch-collector X (SDK loopwatch Y)``: both distributions, from their metadata."""
    collector = metadata.version("loopwatch-collector")
    return f"loopwatch-collector {collector} (SDK loopwatch {loopwatch.__version__})"


def _replay(paths: Sequence[Path], output_format: str) -> int:
    engine = Engine()
    status = 0
    files = list(iter_scenario_files(paths))
    progress = Progress(sys.stderr, total=len(files), label="loopwatch replay")
    try:
        for path in files:
            try:
                scenario = load_scenario(path)
            except ScenarioError as exc:
                progress.message(f"loopwatch replay: {exc}")
                status = 1
            else:
                verdicts = [v for v in replay(engine, scenario) if v.intervenes]
                progress.clear()  # stdout may share the terminal: print below no half-drawn line
                if output_format == "jsonl":
                    print(json.dumps({"id": scenario.id, "verdicts": [_verdict_json(v) for v in verdicts]}))
                else:
                    _print_table(scenario.id, verdicts)
            progress.advance()
    finally:
        progress.clear()
    return status


def _verdict_json(verdict: Verdict) -> dict[str, object]:
    return {"step": verdict.step, "action": verdict.action.value, "detector": verdict.detector}


def _print_table(scenario_id: str, verdicts: list[Verdict]) -> None:
    print(scenario_id)
    if not verdicts:
        print("  no intervention")
    for v in verdicts:
        summary = v.finding.summary if v.finding else ""
        print(f"  step {v.step:>4}  {v.action.value:<15} {v.detector or '-':<16} {summary}")
