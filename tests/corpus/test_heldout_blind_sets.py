"""Each ``corpus/heldout-blind*/`` set is what its generator writes, and every scenario is well formed
by ``SCHEMA.md``: each call answered once before the next step, labels as the schema says.

The sets were written blind, one author each (see each generator's docstring); their checks are one
table here. From the fourth on, the ids and the source name the set."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus.shipped_sets import CORPUS, assert_reproduced, assert_well_formed, scenarios

#: set number -> the fewest loops it ships (healthy runs are at least as many).
BLIND_SETS = {
    2: 25,
    3: 24,
    4: 30,
    5: 30,
    6: 30,
    7: 30,
    8: 30,
    9: 30,
    10: 30,
    11: 30,
    12: 30,
    13: 30,
    14: 30,
    15: 30,
    16: 30,
    17: 30,
    18: 30,
    19: 30,
    20: 30,
    21: 30,
    22: 30,
    23: 30,
    24: 30,
}
NAMED_FROM = 4  # sets whose ids and source name them


@pytest.mark.parametrize("number", sorted(BLIND_SETS))
def test_generator_reproduces_the_shipped_set(number: int, tmp_path: Path) -> None:
    assert_reproduced(
        CORPUS / f"generate_heldout_blind{number}.py", CORPUS / f"heldout-blind{number}", tmp_path
    )


@pytest.mark.parametrize("number", sorted(BLIND_SETS))
def test_every_scenario_is_well_formed_and_both_sides_are_large(number: int) -> None:
    shipped = scenarios(CORPUS / f"heldout-blind{number}")
    for scenario in shipped:
        assert_well_formed(scenario)
        if number >= NAMED_FROM:
            assert scenario["id"].startswith((f"blind{number}-loop-", f"blind{number}-healthy-"))
            assert scenario["source"] == f"synthetic: corpus/generate_heldout_blind{number}.py"
    loops = sum(s["label"]["loop"] for s in shipped)
    assert loops >= BLIND_SETS[number]
    assert len(shipped) - loops >= loops
