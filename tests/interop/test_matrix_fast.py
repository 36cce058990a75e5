"""The framework matrix, fast subset: the frameworks installed by requirements-dev.txt, run in
this virtualenv (``make interop`` runs every framework in its own; see run_matrix.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from loopwatch_collector.testing import RunningCollector, running_collector
from tests.interop.interop_harness import COLLECTOR_CONFIG, Cell, run_cell, verdict_of
from tests.interop.run_matrix import MATRIX

# The rows whose packages requirements-dev.txt installs, run in this virtualenv.
FAST_CELLS = MATRIX["openai-core"]


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector(COLLECTOR_CONFIG) as running:
        yield running


@pytest.mark.parametrize("cell", FAST_CELLS, ids=lambda c: c.name)
def test_framework_cell(cell: Cell, collector: RunningCollector) -> None:
    outcomes = run_cell(cell, collector)
    green, why = verdict_of(cell, outcomes)
    assert green, f"{cell.name}: {why}: " + "; ".join(f"{s}: {o.describe()}" for s, o in outcomes.items())
