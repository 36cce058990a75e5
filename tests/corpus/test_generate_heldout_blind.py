"""``corpus/heldout-blind/`` is what ``generate_heldout_blind.py`` writes, every scenario is well formed
by ``SCHEMA.md``, and the onsets of exact repeats and cycles follow the set's labelling rule."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
GENERATOR = CORPUS / "generate_heldout_blind.py"
SHIPPED = CORPUS / "heldout-blind"
KINDS = {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text", "none"}


def test_generator_reproduces_the_shipped_set(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(GENERATOR), "--out", str(tmp_path)], check=True, capture_output=True, timeout=60
    )
    generated = {p.name: p.read_bytes() for p in tmp_path.glob("*.json")}
    shipped = {p.name: p.read_bytes() for p in SHIPPED.glob("*.json")}
    assert generated.keys() == shipped.keys()
    assert [name for name in generated if generated[name] != shipped[name]] == []


def test_every_call_is_answered_once_before_the_next_step() -> None:
    for scenario in _scenarios():
        open_calls: set[str] = set()
        for event in scenario["events"]:
            if event["type"] == "message" and event["role"] == "assistant":
                assert not open_calls, scenario["id"]
                calls = event.get("tool_calls", [])
                assert all(isinstance(call["arguments"], dict) for call in calls), scenario["id"]
                open_calls = {call["id"] for call in calls}
                assert len(open_calls) == len(calls), scenario["id"]
            elif event["type"] == "tool_result":
                assert isinstance(event["content"], str), scenario["id"]
                open_calls.remove(event["call_id"])
        assert not open_calls, scenario["id"]


def test_labels_follow_the_schema() -> None:
    for scenario in _scenarios():
        label = scenario["label"]
        assert set(label["kinds"]) <= KINDS, scenario["id"]
        assert label["notes"], scenario["id"]
        if label["loop"]:
            assert "none" not in label["kinds"], scenario["id"]
            assert 1 <= label["onset_step"] <= len(_steps(scenario)), scenario["id"]
            assert f"step {label['onset_step']}" in label["notes"], scenario["id"]
        else:
            assert (label["kinds"], label["onset_step"]) == (["none"], None), scenario["id"]


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
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(SHIPPED.glob("*.json"))]
