"""The shipped ``corpus/synthetic-generalize/`` is exactly what its committed generator writes for seed 1,
and every scenario is well formed (calls answered before the next step, onsets inside the run)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
GENERATOR = CORPUS / "generate_synthetic_generalize.py"
SHIPPED = CORPUS / "synthetic-generalize"


def test_generator_reproduces_the_shipped_set(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(GENERATOR), "--seed", "1", "--out", str(tmp_path)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    generated = {p.name: p.read_bytes() for p in tmp_path.glob("*.json")}
    shipped = {p.name: p.read_bytes() for p in SHIPPED.glob("*.json")}
    assert generated.keys() == shipped.keys()
    assert [name for name in generated if generated[name] != shipped[name]] == []


def test_every_scenario_is_well_formed_and_the_set_is_balanced() -> None:
    labels = [_check(json.loads(p.read_text(encoding="utf-8"))) for p in sorted(SHIPPED.glob("*.json"))]
    loops = sum(labels)
    assert loops == len(labels) - loops


def _check(scenario: dict[str, Any]) -> bool:
    steps, open_calls = 0, set[str]()
    for event in scenario["events"]:
        if event["type"] == "message" and event["role"] == "assistant":
            assert not open_calls, scenario["id"]
            steps += 1
            open_calls = {call["id"] for call in event.get("tool_calls", [])}
        elif event["type"] == "tool_result":
            open_calls.remove(event["call_id"])
    label = scenario["label"]
    if label["loop"]:
        assert 1 <= label["onset_step"] <= steps, scenario["id"]
    else:
        assert label["onset_step"] is None, scenario["id"]
        assert label["kinds"] == ["none"], scenario["id"]
    return bool(label["loop"])
