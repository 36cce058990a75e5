"""``loopwatch eval --sweep`` cost: a sweep parses the scenarios once for all its values.

Baseline: one ``loopwatch eval`` over the public corpus (parse every scenario, then backtest and
score it), measured in the same run. Reported: the baseline, a sweep of ``VALUES`` values
(parse once, backtest and score once per value), its ratio to ``VALUES`` separate evaluations,
and the cost of each further value as a fraction of the baseline. Target: the ratio well under
1 (parsing is most of an evaluation), so ten values over the ~260 public scenarios take seconds.

Each figure is the best of a few repeats (these machines are noisy). Run: ``python -m
bench.bench_sweep`` (or ``make bench`` for every benchmark).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from bench.timing import best_of
from loopwatch.detect.factory import build_engine
from loopwatch_collector.cli.eval import load_sets, score_sets
from loopwatch_collector.cli.progress import Progress
from loopwatch_collector.config import ResolvedAgentConfig
from loopwatch_collector.sweep import parse_sweep, with_value

# The complete public corpus when LOOPWATCH_CORPUS names it (as in CI), else the shipped one.
CORPUS = Path(os.environ.get("LOOPWATCH_CORPUS") or Path(__file__).resolve().parents[1] / "corpus")
# The size of sweep the calibration runs (docs/calibration.md).
VALUES = 10
# A whole sweep takes seconds; three repeats keep the benchmark within a minute.
REPEATS = 3


def main() -> None:
    settings = ResolvedAgentConfig()
    sweep = parse_sweep(f"same_tool.nudge_at=3:{2 + VALUES}:1", settings)
    engines = [build_engine(with_value(settings, sweep, value)) for value in sweep.values]
    silent = io.StringIO()
    sets, _ = load_sets([CORPUS], silent)
    scenarios = sum(len(s.scenarios) for s in sets)

    def progress() -> Progress:
        return Progress(silent, total=scenarios * VALUES, label="scoring")

    def one_eval() -> None:
        parsed, _ = load_sets([CORPUS], silent)
        score_sets(build_engine(settings), settings, parsed, progress())

    def swept() -> None:
        parsed, _ = load_sets([CORPUS], silent)
        for engine in engines:
            score_sets(engine, settings, parsed, progress())

    def score_only() -> None:
        score_sets(engines[0], settings, sets, progress())

    eval_s = best_of(one_eval, REPEATS)
    sweep_s = best_of(swept, REPEATS)
    value_s = best_of(score_only, REPEATS)
    print(f"corpus: {CORPUS} ({scenarios} scenarios)")
    print(f"one eval (parse + score):        {eval_s:.2f} s (baseline)")
    print(f"sweep of {VALUES} values:             {sweep_s:.2f} s")
    print(f"ratio to {VALUES} separate evals:     {sweep_s / (VALUES * eval_s):.2f}")
    print(f"each further value / baseline:   {value_s / eval_s:.2f}")


if __name__ == "__main__":
    main()
