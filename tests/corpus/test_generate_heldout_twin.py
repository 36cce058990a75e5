"""``corpus/heldout-twin/`` is what ``generate_heldout_twin.py`` writes, every scenario is well formed
by ``SCHEMA.md``, and the set is balanced between loops and healthy look-alikes."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from tests.corpus.shipped_sets import CORPUS, assert_reproduced, assert_well_formed, scenarios

GENERATOR = CORPUS / "generate_heldout_twin.py"
SHIPPED = CORPUS / "heldout-twin"


def test_generator_reproduces_the_shipped_set(tmp_path: Path) -> None:
    assert_reproduced(GENERATOR, SHIPPED, tmp_path)


def test_every_scenario_is_well_formed() -> None:
    for scenario in _scenarios():
        assert_well_formed(scenario)


def test_the_set_is_balanced_between_loops_and_look_alikes() -> None:
    labels = Counter(scenario["label"]["loop"] for scenario in _scenarios())
    assert labels[True] == labels[False] >= 30


def test_the_onset_of_an_identical_revisit_is_the_third_identical_call() -> None:
    for scenario in _scenarios():
        if not scenario["id"].startswith("twin-loop-identical-revisits"):
            continue
        seen: Counter[str] = Counter()
        step = 0
        third = None
        for event in scenario["events"]:
            if event["type"] == "message" and event["role"] == "assistant":
                step += 1
                for call in event.get("tool_calls", []):
                    seen[call["name"] + json.dumps(call["arguments"], sort_keys=True)] += 1
                    if third is None and max(seen.values()) == 3:
                        third = step
        assert scenario["label"]["onset_step"] == third, scenario["id"]


def _scenarios() -> list[dict[str, Any]]:
    return scenarios(SHIPPED)
