"""``loopwatch eval``: backtest labelled scenarios with the collector's engine and configuration.

Each scenario (corpus format, ``label`` required) is replayed through the engine that
``loopwatch serve`` builds for the agent (``--agent``, else the defaults) from the same
configuration (``--config`` / ``LOOPWATCH_CONFIG`` / ``LOOPWATCH_*``), through the same
per-trace update as live sessions (so ``budgets.trace_max_steps`` applies), the agent ignoring
every verdict. Verdicts are scored as computed, before shadow masking: this is how to decide
whether an agent in ``shadow`` mode can be switched to ``enforce``. Scoring:
``loopwatch_collector.evaluation``. Each path on the command line is one *set*, reported on its
own and, with several, together; thresholds are checked on all sets together.

``--sweep detector.option=a:b:step`` (or ``=v1,v2,...``) scores every set once per value of one
detector option (``loopwatch_collector.sweep``), the scenarios parsed once for all values, and
reports recall, clean recall, nudged, harmed and early alarms per value and set; it checks no
thresholds.

Exit status: 0; 1 when a threshold (``--min-clean-recall``, ``--max-flagged``,
``--max-harmed``) fails, each failure named on stderr; 2 for unusable input (bad configuration,
a bad threshold or sweep, unreadable or invalid scenario files, nothing to score), one line on
stderr naming it. Unlabelled scenarios (``label.loop`` null) are listed on stderr and skipped.
Progress goes to stderr only when it is a terminal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from loopwatch.detect.engine import Engine
from loopwatch.detect.factory import build_engine
from loopwatch.scenario import Label, Scenario, ScenarioError, iter_scenario_files, load_scenario
from loopwatch.verdict import Verdict
from loopwatch_collector.cli.eval_report import render
from loopwatch_collector.cli.progress import Progress
from loopwatch_collector.cli.sweep_report import SweepPoint, render_sweep
from loopwatch_collector.config import ResolvedAgentConfig, load_config
from loopwatch_collector.evaluation import (
    Limit,
    ScenarioScore,
    ScoredSet,
    Thresholds,
    check,
    score_scenario,
    summarise,
)
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.processing.session_update import ingest_events
from loopwatch_collector.store.base import SessionRecord
from loopwatch_collector.sweep import Sweep, parse_sweep, with_value

FORMATS = ("table", "markdown", "json")
# Exit statuses (module docstring).
EXIT_THRESHOLD_FAILED = 1
EXIT_BAD_INPUT = 2


@dataclass(frozen=True, slots=True, kw_only=True)
class ScenarioSet:
    """The labelled scenarios found under one path of the command line, parsed once, each with
    the id it is scored under (made unique across sets as the shared scorer does)."""

    name: str
    path: Path
    scenarios: tuple[tuple[str, Label, Scenario], ...]


def add_eval_parser(sub: Any) -> None:
    """Register the ``eval`` subcommand on an ``argparse`` subparsers object."""
    ep = sub.add_parser(
        "eval",
        help="score labelled scenarios with the collector's engine and configuration",
        description="Backtest labelled scenarios with the engine and configuration of `loopwatch serve`.",
    )
    ep.add_argument("paths", nargs="+", type=Path, help="scenario files or directories (one set each)")
    ep.add_argument("--config", type=Path, default=None, help="collector YAML configuration")
    ep.add_argument("--agent", default="", help="score with this agent's settings (default: defaults)")
    ep.add_argument("--format", choices=FORMATS, default="table")
    ep.add_argument(
        "--min-clean-recall", type=float, default=None, metavar="X", help="exit 1 when clean recall < X"
    )
    ep.add_argument(
        "--max-flagged", type=int, default=None, metavar="N", help="exit 1 when > N healthy runs are flagged"
    )
    ep.add_argument(
        "--max-harmed",
        default=None,
        metavar="N|X|P%",
        help="exit 1 when more healthy runs than this got withdraw_tools or halt: "
        "a count (0), or a rate of the healthy runs (0.02, 2%%)",
    )
    ep.add_argument(
        "--sweep",
        default=None,
        metavar="DETECTOR.OPTION=A:B:STEP|V1,V2,...",
        help="score once per value of one detector option and report each value (no thresholds)",
    )


def run_eval(args: argparse.Namespace, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``loopwatch eval`` from parsed arguments; returns the exit status. ``out`` / ``err``
    default to the process's stdout / stderr at call time."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        thresholds = Thresholds(
            min_clean_recall=args.min_clean_recall,
            max_flagged=args.max_flagged,
            max_harmed=None if args.max_harmed is None else Limit.parse(args.max_harmed),
        )
    except ValueError as exc:
        return _bad_input(err, f"--max-harmed: {exc}")
    try:
        settings = load_config(args.config).resolve_agent(args.agent)
    except ConfigError as exc:
        return _bad_input(err, str(exc))
    sweep: Sweep | None = None
    if args.sweep is not None:
        if thresholds.any:
            return _bad_input(err, "--sweep reports every value and checks no thresholds; drop them")
        try:
            sweep = parse_sweep(args.sweep, settings)
            engines = [(v, build_engine(with_value(settings, sweep, v))) for v in sweep.values]
        except ValueError as exc:
            return _bad_input(err, f"--sweep: {exc}")
    sets, bad_input = load_sets(args.paths, err)
    total = sum(len(s.scenarios) for s in sets)
    if not total:
        return _bad_input(err, "no labelled scenarios to score")
    if sweep is not None:
        progress = Progress(err, total=total * len(engines), label="scoring")
        points = [
            SweepPoint(value=value, sets=score_sets(engine, settings, sets, progress))
            for value, engine in engines
        ]
        progress.clear()
        out.write(render_sweep(args.format, sweep, points))
        return EXIT_BAD_INPUT if bad_input else 0
    progress = Progress(err, total=total, label="scoring")
    results = score_sets(build_engine(settings), settings, sets, progress)
    progress.clear()
    summary = summarise([score for result in results for score in result.scores])
    failures = check(summary, thresholds)
    out.write(render(args.format, summary, results, thresholds=thresholds, failures=failures))
    for failure in failures:
        print(f"loopwatch eval: FAILED: {failure}", file=err)
    if bad_input:
        return EXIT_BAD_INPUT
    return EXIT_THRESHOLD_FAILED if failures else 0


def load_sets(paths: Sequence[Path], err: TextIO) -> tuple[list[ScenarioSet], bool]:
    """Every labelled scenario under ``paths``, one set per path, and whether some file was
    unusable (named on ``err``; unlabelled scenarios are named there too, and skipped)."""
    sets: list[ScenarioSet] = []
    bad_input = False
    seen: set[str] = set()
    names = [path.name or str(path) for path in paths]
    for path, name in zip(paths, names, strict=True):
        labelled: list[tuple[str, Label, Scenario]] = []
        for file in iter_scenario_files([path]):
            try:
                scenario = load_scenario(file)
            except ScenarioError as exc:
                print(f"loopwatch eval: {exc}", file=err)
                bad_input = True
                continue
            label = scenario.label
            if label is None or label.loop is None:
                print(f"loopwatch eval: {file}: unlabelled (label.loop is null), skipped", file=err)
                continue
            scenario_id = scenario.id if scenario.id not in seen else f"{scenario.id}@{file.parent.name}"
            seen.add(scenario_id)
            labelled.append((scenario_id, label, scenario))
        unique = name if names.count(name) == 1 else str(path)
        sets.append(ScenarioSet(name=unique, path=path, scenarios=tuple(labelled)))
    return sets, bad_input


def score_sets(
    engine: Engine, settings: ResolvedAgentConfig, sets: Sequence[ScenarioSet], progress: Progress
) -> list[ScoredSet]:
    """Each set's scenarios backtested with ``engine`` and scored, one ``progress`` step each."""
    results = []
    for scenario_set in sets:
        scores: list[ScenarioScore] = []
        for scenario_id, label, scenario in scenario_set.scenarios:
            scores.append(score_scenario(scenario_id, label, backtest(engine, settings, scenario)))
            progress.advance()
        results.append(ScoredSet(name=scenario_set.name, path=scenario_set.path, scores=tuple(scores)))
    return results


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


def _bad_input(err: TextIO, message: str) -> int:
    print(f"loopwatch eval: {message}", file=err)
    return EXIT_BAD_INPUT
