"""The shipped ``corpus/synthetic-generalize/`` is exactly what its committed generator writes for seed 1,
and every scenario is well formed (calls answered before the next step, onsets inside the run)."""

from __future__ import annotations

from pathlib import Path

from tests.corpus.shipped_sets import CORPUS, assert_reproduced, assert_well_formed, scenarios

GENERATOR = CORPUS / "generate_synthetic_generalize.py"
SHIPPED = CORPUS / "synthetic-generalize"


def test_generator_reproduces_the_shipped_set(tmp_path: Path) -> None:
    assert_reproduced(GENERATOR, SHIPPED, tmp_path, "--seed", "1")


def test_every_scenario_is_well_formed_and_the_set_is_balanced() -> None:
    shipped = scenarios(SHIPPED)
    for scenario in shipped:
        assert_well_formed(scenario, onset_in_notes=False)
    loops = sum(bool(s["label"]["loop"]) for s in shipped)
    assert loops == len(shipped) - loops
