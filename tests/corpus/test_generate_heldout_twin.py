"""``corpus/heldout-twin/`` is what ``generate_heldout_twin.py`` writes, every scenario is well formed
by ``SCHEMA.md``, and the set is balanced between loops and healthy look-alikes."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
GENERATOR = CORPUS / "generate_heldout_twin.py"
SHIPPED = CORPUS / "heldout-twin"
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
        steps = sum(1 for e in scenario["events"] if e["type"] == "message" and e["role"] == "assistant")
        assert set(label["kinds"]) <= KINDS, scenario["id"]
        assert label["notes"], scenario["id"]
        if label["loop"]:
            assert "none" not in label["kinds"], scenario["id"]
            assert 1 <= label["onset_step"] <= steps, scenario["id"]
            assert f"step {label['onset_step']}" in label["notes"], scenario["id"]
        else:
            assert label["kinds"] == ["none"], scenario["id"]
            assert label["onset_step"] is None, scenario["id"]


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
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(SHIPPED.glob("*.json"))]
