"""Detection engine cost, as ratios against baselines measured in the same run.

1. Public corpus: parsing the transcripts into events (fingerprints and sketches included)
   is the baseline; parse + engine is measured against it. Reported: µs per event for each,
   the engine's own µs per event (the difference) and the ratio. Target: engine <= 10 µs/event.
2. Linear scaling: a degenerate response of 100 KB and of 200 KB, and a session of 100 and of
   200 steps with long narration, each built and judged end to end. Reported: the time ratio
   for 2x the input. Target: <= 2.2: linear work gives 2.0 (within the machine's noise, a few
   per cent either way), a cost that grows with the session gives 3 to 4.

3. Against another release (when ``LOOPWATCH_BASELINE_TREE`` names a checkout of it, e.g. a
   ``git worktree`` of the previous release): the engine's CPU time per event on the corpus
   (``bench.engine_cpu``), that tree's and this one's alternating in child processes, each
   parsing and judging with its own code. Reported: each side's range and the ratio per round.
   Target: <= 1.0x the previous release.
4. The compiled build (``sdk/setup.py``, mypyc), built from this tree for the run: its engine CPU
   time per event on the corpus, alternating with this tree's Python build (and the previous
   release's, when named) in the same rounds. Target: <= 10 µs/event, <= 1.0x the previous
   release. ``LOOPWATCH_BENCH_COMPILED=0`` leaves it out (it needs a C compiler, ~1 minute).

Each figure is the best of several repeats (these machines are noisy). Run: ``python -m
bench.bench_engine`` (or ``make bench`` for every benchmark).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.timing import best_of
from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.scenario import iter_scenario_files, replay, scenario_from_dict
from tests.compiled_build import build_compiled

# The complete public corpus when LOOPWATCH_CORPUS names it (as in CI), else the shipped one.
CORPUS = Path(os.environ.get("LOOPWATCH_CORPUS") or Path(__file__).resolve().parents[1] / "corpus")
ROOT = Path(__file__).resolve().parents[1]
# Rounds of (baseline, this tree) CPU measurements: alternating puts both under the same host
# load; three show how far the ratio moves with it.
BASELINE_ROUNDS = 3


def corpus() -> dict[str, float]:
    raws: list[Any] = []
    for path in iter_scenario_files([CORPUS]):
        raw = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(raw, dict) and isinstance(raw.get("events"), list):
            raws.append(raw)
    scenarios = [scenario_from_dict(r, default_id=str(i)) for i, r in enumerate(raws)]
    events = sum(len(s.events) for s in scenarios)
    engine = Engine()

    def parse() -> None:
        for i, r in enumerate(raws):
            scenario_from_dict(r, default_id=str(i))

    def parse_and_judge() -> None:
        for i, r in enumerate(raws):
            replay(engine, scenario_from_dict(r, default_id=str(i)))

    def judge() -> None:
        for s in scenarios:
            replay(engine, s)

    parse_s, both_s, judge_s = best_of(parse), best_of(parse_and_judge), best_of(judge)
    return {
        "events": events,
        "parse_us": parse_s * 1e6 / events,
        "parse_and_engine_us": both_s * 1e6 / events,
        "engine_us": judge_s * 1e6 / events,
        "ratio": both_s / parse_s,
    }


def degenerate_response(size: int) -> float:
    unit = "The error happens because the token is empty. We should add a check. "
    text = "Let me summarise. " + unit * (size // len(unit))
    engine = Engine()

    def run() -> None:
        state = engine.new_session()
        engine.ingest(state, [Step.create(event_id="s", text=text)])

    return best_of(run)


def long_narration(steps: int) -> float:
    paragraph = " ".join(f"word{i} detail{i % 7} note{i % 13}" for i in range(300))  # ~6 KB
    engine = Engine()

    def run() -> None:
        state = engine.new_session()
        batch: list[Event] = []
        for n in range(steps):
            call = ToolCall.create(id=f"c{n}", name="read_file", arguments={"path": f"f{n}.py"})
            batch.append(Step.create(event_id=f"s{n}", text=f"Step {n}. {paragraph}", tool_calls=(call,)))
            batch.append(ToolResult.create(event_id=f"r{n}", call_id=f"c{n}", content=f"contents {n}"))
        engine.ingest(state, batch)

    return best_of(run)


def tree_engine_cpu_us(tree: Path, compiled: Path | None = None) -> float:
    """``bench.engine_cpu`` in a child process judging with ``tree``'s SDK (and this tree's
    benchmark code, which imports nothing else of it), or with its ``compiled`` build."""
    first = [] if compiled is None else [compiled]
    path = os.pathsep.join(str(p) for p in (*first, tree / "sdk", tree / "collector", ROOT))
    out = subprocess.run(
        [sys.executable, "-m", "bench.engine_cpu"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": path, "LOOPWATCH_CORPUS": str(CORPUS)},
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return float(json.loads(out)["engine_cpu_us"])


def rounds(builds: dict[str, tuple[Path, Path | None]]) -> dict[str, list[float]]:
    """CPU µs/event of each (tree, compiled build) in ``builds``, in alternating rounds."""
    found: dict[str, list[float]] = {name: [] for name in builds}
    for _ in range(BASELINE_ROUNDS):
        for name, (tree, compiled) in builds.items():
            found[name].append(tree_engine_cpu_us(tree, compiled))
    return found


def main() -> None:
    baseline = os.environ.get("LOOPWATCH_BASELINE_TREE")
    c = corpus()
    degenerate_100, degenerate_200 = degenerate_response(100_000), degenerate_response(200_000)
    narration_100, narration_200 = long_narration(100), long_narration(200)
    print("## Detection engine (bench/bench_engine.py)\n")
    print("| measure | value | target |")
    print("|---|---|---|")
    print(f"| corpus events | {c['events']:.0f} | |")
    print(f"| parse only (baseline), µs/event | {c['parse_us']:.1f} | |")
    print(f"| parse + engine, µs/event | {c['parse_and_engine_us']:.1f} | |")
    print(f"| engine alone, µs/event | {c['engine_us']:.1f} | <= 10 |")
    print(f"| parse + engine / parse | {c['ratio']:.2f}x | |")
    print(f"| degenerate response of 200 KB, ms | {degenerate_200 * 1e3:.0f} | |")
    print(f"| degenerate response, 200 KB / 100 KB time | {degenerate_200 / degenerate_100:.2f}x | <= 2.2 |")
    print(f"| 200-step session with ~6 KB narration per step, ms | {narration_200 * 1e3:.0f} | |")
    print(f"| long narration session, 200 / 100 steps time | {narration_200 / narration_100:.2f}x | <= 2.2 |")
    builds: dict[str, tuple[Path, Path | None]] = {}
    if baseline:
        builds[baseline] = (Path(baseline).resolve(), None)
    builds["this tree"] = (ROOT, None)
    with tempfile.TemporaryDirectory(prefix="loopwatch-bench-") as work:
        if os.environ.get("LOOPWATCH_BENCH_COMPILED") != "0":
            builds["this tree, compiled"] = (ROOT, build_compiled(Path(work) / "sdk"))
        cpu = rounds(builds) if len(builds) > 1 else {}
    for name, values in cpu.items():
        target = " <= 10" if name.endswith("compiled") else ""
        print(f"| engine CPU, {name}, µs/event | {min(values):.1f}-{max(values):.1f} |{target} |")
    for name, values in cpu.items():
        if baseline and name != baseline:
            ratios = [n / b for b, n in zip(cpu[baseline], values, strict=True)]
            print(f"| {name} / {baseline}, per round | {min(ratios):.2f}-{max(ratios):.2f}x | <= 1.0 |")


if __name__ == "__main__":
    main()
