"""``corpus/heldout-blind7/`` is what ``generate_heldout_blind7.py`` writes, and every scenario is well
formed by ``SCHEMA.md``: each call answered once before the next step, labels as the schema says."""

from __future__ import annotations

from pathlib import Path

from tests.corpus.shipped_sets import CORPUS, assert_reproduced, assert_well_formed, scenarios

GENERATOR = CORPUS / "generate_heldout_blind7.py"
SHIPPED = CORPUS / "heldout-blind7"


def test_generator_reproduces_the_shipped_set(tmp_path: Path) -> None:
    assert_reproduced(GENERATOR, SHIPPED, tmp_path)


def test_every_scenario_is_well_formed_and_both_sides_are_large() -> None:
    shipped = scenarios(SHIPPED)
    for scenario in shipped:
        assert_well_formed(scenario)
        assert scenario["id"].startswith(("blind7-loop-", "blind7-healthy-"))
        assert scenario["source"] == "synthetic: corpus/generate_heldout_blind7.py"
    loops = sum(s["label"]["loop"] for s in shipped)
    assert loops >= 30
    assert len(shipped) - loops >= loops
