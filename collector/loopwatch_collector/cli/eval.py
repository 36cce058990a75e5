"""``loopwatch eval``: backtest labelled scenarios with the collector's engine and configuration.

Each scenario (corpus format, ``label`` required) is replayed through the engine that
``loopwatch serve`` builds for the agent (``--agent``, else the defaults) from the same
configuration (``--config`` / ``LOOPWATCH_CONFIG`` / ``LOOPWATCH_*``), through the same
per-trace update as live sessions (so ``budgets.trace_max_steps`` applies), the agent ignoring
every verdict. Verdicts are scored as computed, before shadow masking: this is how to decide
whether an agent in ``shadow`` mode can be switched to ``enforce``. Scoring:
``loopwatch_collector.evaluation``.

Exit status: 0; 1 when a threshold (``--min-clean-recall``, ``--max-flagged``) fails, each
failure named on stderr; 2 for unusable input (bad configuration, unreadable or invalid scenario
files, nothing to score). Unlabelled scenarios (``label.loop`` null) are listed on stderr and
skipped. Progress goes to stderr only when it is a terminal.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from loopwatch.detect.engine import Engine
from loopwatch.detect.factory import build_engine
from loopwatch.scenario import Scenario, ScenarioError, iter_scenario_files, load_scenario
from loopwatch.verdict import Verdict
from loopwatch_collector.cli.eval_report import render
from loopwatch_collector.cli.exit_status import EXIT_BAD_INPUT, EXIT_FAILED
from loopwatch_collector.config import ResolvedAgentConfig, load_config
from loopwatch_collector.evaluation import ScenarioScore, Thresholds, check, score_scenario, summarise
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.processing.session_update import ingest_events
from loopwatch_collector.store.base import SessionRecord

FORMATS = ("table", "markdown", "json")
# Exit statuses (module docstring).
EXIT_THRESHOLD_FAILED = EXIT_FAILED


def add_eval_parser(sub: Any) -> None:
    """Register the ``eval`` subcommand on an ``argparse`` subparsers object."""
    ep = sub.add_parser(
        "eval",
        help="score labelled scenarios with the collector's engine and configuration",
        description="Backtest labelled scenarios with the engine and configuration of `loopwatch serve`.",
    )
    ep.add_argument("paths", nargs="+", type=Path, help="scenario files or directories")
    ep.add_argument("--config", type=Path, default=None, help="collector YAML configuration")
    ep.add_argument("--agent", default="", help="score with this agent's settings (default: defaults)")
    ep.add_argument("--format", choices=FORMATS, default="table")
    ep.add_argument(
        "--min-clean-recall", type=float, default=None, metavar="X", help="exit 1 when clean recall < X"
    )
    ep.add_argument(
        "--max-flagged", type=int, default=None, metavar="N", help="exit 1 when > N healthy runs are flagged"
    )


def run_eval(args: argparse.Namespace, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``loopwatch eval`` from parsed arguments; returns the exit status. ``out`` / ``err``
    default to the process's stdout / stderr at call time."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"loopwatch eval: {exc}", file=err)
        return EXIT_BAD_INPUT
    settings = config.resolve_agent(args.agent)
    engine = build_engine(settings)
    files = list(iter_scenario_files(args.paths))
    scores: list[ScenarioScore] = []
    bad_input = False
    seen: set[str] = set()
    progress = _Progress(err, len(files))
    for n, path in enumerate(files, 1):
        progress.show(n)
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            progress.clear()
            print(f"loopwatch eval: {exc}", file=err)
            bad_input = True
            continue
        if scenario.label is None or scenario.label.loop is None:
            progress.clear()
            print(f"loopwatch eval: {path}: unlabelled (label.loop is null), skipped", file=err)
            continue
        scenario_id = scenario.id if scenario.id not in seen else f"{scenario.id}@{path.parent.name}"
        seen.add(scenario_id)
        scores.append(score_scenario(scenario_id, scenario.label, backtest(engine, settings, scenario)))
    progress.clear()
    if not scores:
        print("loopwatch eval: no labelled scenarios to score", file=err)
        return EXIT_BAD_INPUT
    summary = summarise(scores)
    thresholds = Thresholds(min_clean_recall=args.min_clean_recall, max_flagged=args.max_flagged)
    failures = check(summary, thresholds)
    out.write(render(args.format, summary, scores, thresholds=thresholds, failures=failures))
    for failure in failures:
        print(f"loopwatch eval: FAILED: {failure}", file=err)
    if bad_input:
        return EXIT_BAD_INPUT
    return EXIT_THRESHOLD_FAILED if failures else 0


def backtest(engine: Engine, settings: ResolvedAgentConfig, scenario: Scenario) -> list[Verdict]:
    """Every verdict a live session would have computed over ``scenario``, one event at a time
    (as the events of a live run arrive), then the step left open at the end is judged."""
    record = SessionRecord(
        trace_id=scenario.id,
        agent="",
        conversation_id=None,
        state=engine.new_session(),
        started_unix_s=0.0,
        last_seen_unix_s=0.0,
    )
    verdicts: list[Verdict] = []
    for event in scenario.events:
        verdicts.extend(ingest_events(record, (event,), engine, settings, history=0).verdicts)
        if record.state.policy.halted:
            return verdicts
    verdicts.extend(engine.flush(record.state))
    return verdicts


class _Progress:
    """``scored n/total`` on one rewritten stderr line, only when stderr is a terminal."""

    def __init__(self, stream: TextIO, total: int) -> None:
        self._stream = stream
        self._total = total
        self._active = stream.isatty()

    def show(self, n: int) -> None:
        if self._active:
            self._stream.write(f"\rscoring {n}/{self._total} ")
            self._stream.flush()

    def clear(self) -> None:
        if self._active:
            self._stream.write("\r\x1b[K")
            self._stream.flush()
