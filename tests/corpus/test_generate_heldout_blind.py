"""``corpus/heldout-blind/`` is what ``generate_heldout_blind.py`` writes, every scenario is well formed
by ``SCHEMA.md``, and the onsets of exact repeats and cycles follow the set's labelling rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.corpus.shipped_sets import CORPUS, assert_reproduced, assert_well_formed, scenarios

GENERATOR = CORPUS / "generate_heldout_blind.py"
SHIPPED = CORPUS / "heldout-blind"


def test_generator_reproduces_the_shipped_set(tmp_path: Path) -> None:
    assert_reproduced(GENERATOR, SHIPPED, tmp_path)


def test_every_scenario_is_well_formed() -> None:
    for scenario in _scenarios():
        assert_well_formed(scenario)


def test_about_45_percent_of_the_set_are_loops() -> None:
    scenarios = _scenarios()
    loops = sum(scenario["label"]["loop"] for scenario in scenarios)
    assert len(scenarios) >= 55
    assert 0.40 <= loops / len(scenarios) <= 0.50


def test_an_exact_repeat_is_labelled_at_its_third_occurrence() -> None:
    for scenario in _family("blind-loop-repeat-after-empty"):
        seen: dict[str, int] = {}
        third = None
        for number, calls in enumerate(_steps(scenario), 1):
            for call in calls:
                seen[call] = seen.get(call, 0) + 1
                if third is None and seen[call] == 3:
                    third = number
        assert scenario["label"]["onset_step"] == third, scenario["id"]


def test_a_cycle_is_labelled_at_the_end_of_its_second_pass() -> None:
    for scenario in _family("blind-loop-alternation"):
        steps = _steps(scenario)
        ends = [
            n
            for n in range(4, len(steps) + 1)
            if steps[n - 1] == steps[n - 3] and steps[n - 2] == steps[n - 4] and steps[n - 1] != steps[n - 2]
        ]
        assert scenario["label"]["onset_step"] == ends[0], scenario["id"]


def _family(prefix: str) -> list[dict[str, Any]]:
    family = [scenario for scenario in _scenarios() if scenario["id"].startswith(prefix)]
    assert family, prefix
    return family


def _steps(scenario: dict[str, Any]) -> list[list[str]]:
    """Each step's calls as ``name + sorted arguments``, in order."""
    return [
        [c["name"] + json.dumps(c["arguments"], sort_keys=True) for c in event.get("tool_calls", [])]
        for event in scenario["events"]
        if event["type"] == "message" and event["role"] == "assistant"
    ]


def _scenarios() -> list[dict[str, Any]]:
    return scenarios(SHIPPED)
