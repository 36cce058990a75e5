"""``corpus/heldout-wild/`` is what ``generate_heldout_wild.py`` writes, and every scenario is well
formed by ``SCHEMA.md``: each call answered once before the next step, labels as the schema says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
GENERATOR = CORPUS / "generate_heldout_wild.py"
SHIPPED = CORPUS / "heldout-wild"
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
                open_calls.remove(event["call_id"])
        assert not open_calls, scenario["id"]


def test_labels_follow_the_schema() -> None:
    scenarios = _scenarios()
    for scenario in scenarios:
        label = scenario["label"]
        steps = sum(1 for e in scenario["events"] if e["type"] == "message" and e["role"] == "assistant")
        assert set(label["kinds"]) <= KINDS, scenario["id"]
        if label["loop"]:
            assert 1 <= label["onset_step"] <= steps, scenario["id"]
            assert f"step {label['onset_step']}" in label["notes"], scenario["id"]
        else:
            assert (label["kinds"], label["onset_step"]) == (["none"], None), scenario["id"]
    assert sum(s["label"]["loop"] for s in scenarios) >= 20


def _scenarios() -> list[dict[str, Any]]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(SHIPPED.glob("*.json"))]
