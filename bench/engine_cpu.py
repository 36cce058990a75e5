"""CPU time of the engine alone on the corpus, for one source tree (``bench_engine``'s baseline).

Run in a child process whose ``PYTHONPATH`` puts a tree's ``sdk`` first, so that the corpus is
parsed and judged by that tree's code (the previous release's, or this one's); it prints the
figure as JSON. It imports nothing of the tree beyond what every release has (the engine, the
scenario reader), so an older release is measured by this code.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from bench.timing import best_of
from loopwatch.detect.engine import Engine
from loopwatch.scenario import iter_scenario_files, replay, scenario_from_dict

# The complete public corpus when LOOPWATCH_CORPUS names it (as in CI), else the shipped one.
CORPUS = Path(os.environ.get("LOOPWATCH_CORPUS") or Path(__file__).resolve().parents[1] / "corpus")
# Repeats of the whole replay: CPU time varies less than wall time, but a shared host's caches
# and clock still move it by a tenth from one replay to the next.
REPEATS = 8


def engine_cpu_us() -> float:
    """The least CPU time (``time.process_time``) of judging the corpus, in µs per event."""
    raws: list[Any] = []
    for path in iter_scenario_files([CORPUS]):
        raw = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(raw, dict) and isinstance(raw.get("events"), list):
            raws.append(raw)
    scenarios = [scenario_from_dict(r, default_id=str(i)) for i, r in enumerate(raws)]
    events = sum(len(s.events) for s in scenarios)
    engine = Engine()

    def judge() -> None:
        for s in scenarios:
            replay(engine, s)

    return best_of(judge, REPEATS, clock=time.process_time) * 1e6 / events


if __name__ == "__main__":
    print(json.dumps({"engine_cpu_us": engine_cpu_us()}))
