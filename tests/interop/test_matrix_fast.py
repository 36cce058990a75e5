"""The framework matrix, fast subset: the frameworks installed by requirements-dev.txt, run in
this virtualenv (``make interop`` runs every framework in its own; see run_matrix.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from interop_harness import COLLECTOR_CONFIG, Cell, run_cell, verdict_of

from loopwatch_collector.testing import RunningCollector, running_collector

FAST_CELLS = (
    Cell("openai", "openinference", "openai_client.py"),
    Cell(
        "openai",
        "openinference-hidden",
        "openai_client.py",
        env={"OPENINFERENCE_HIDE_INPUTS": "true", "OPENINFERENCE_HIDE_OUTPUTS": "true"},
        content=False,
    ),
    Cell("openai", "openllmetry", "openai_client.py"),
    Cell(
        "openai",
        "openllmetry-no-content",
        "openai_client.py",
        env={"TRACELOOP_TRACE_CONTENT": "false"},
        content=False,
    ),
    Cell("openai-agents", "openinference", "openai_agents_sdk.py"),
)


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector(COLLECTOR_CONFIG) as running:
        yield running


@pytest.mark.parametrize("cell", FAST_CELLS, ids=lambda c: c.name)
def test_framework_cell(cell: Cell, collector: RunningCollector) -> None:
    outcomes = run_cell(cell, collector)
    green, why = verdict_of(cell, outcomes)
    assert green, f"{cell.name}: {why}: " + "; ".join(f"{s}: {o.describe()}" for s, o in outcomes.items())
