"""Checks every set the repository ships under ``corpus/`` must pass, whatever wrote it: the set
is exactly what its committed generator or converter writes, and each scenario is well formed by
``SCHEMA.md`` (each call answered once before the next step, labels as the schema says). Each
set's test module adds what is particular to it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
KINDS = {"identical_call", "same_tool", "alternation", "error_streak", "narration", "degenerate_text", "none"}


def scenarios(folder: Path) -> list[dict[str, Any]]:
    """The scenarios of ``folder``, in file name order."""
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]


def assert_reproduced(script: Path, shipped: Path, out: Path, *args: str) -> None:
    """Running ``script --out out *args`` writes exactly the files of ``shipped``, byte for byte."""
    command = [sys.executable, str(script), "--out", str(out), *args]
    subprocess.run(command, check=True, capture_output=True, timeout=60)
    generated = {p.name: p.read_bytes() for p in out.glob("*.json")}
    kept = {p.name: p.read_bytes() for p in shipped.glob("*.json")}
    assert generated.keys() == kept.keys()
    assert [name for name in generated if generated[name] != kept[name]] == []


def assert_well_formed(scenario: dict[str, Any], *, onset_in_notes: bool = True) -> None:
    """Each call is answered once before the next step; a loop's onset is a step of the run (and,
    with ``onset_in_notes``, the notes say which: "step N"); a healthy run is labelled ``none``."""
    name = scenario["id"]
    steps, open_calls = 0, set[str]()
    for event in scenario["events"]:
        if event["type"] == "message" and event["role"] == "assistant":
            assert not open_calls, name
            steps += 1
            calls = event.get("tool_calls", [])
            assert all(isinstance(call["arguments"], dict) for call in calls), name
            open_calls = {call["id"] for call in calls}
            assert len(open_calls) == len(calls), name
        elif event["type"] == "tool_result":
            assert isinstance(event["content"], str), name
            open_calls.remove(event["call_id"])
    assert not open_calls, name
    label = scenario["label"]
    assert set(label["kinds"]) <= KINDS, name
    assert label["notes"], name
    if label["loop"]:
        assert "none" not in label["kinds"], name
        assert 1 <= label["onset_step"] <= steps, name
        assert not onset_in_notes or f"step {label['onset_step']}" in label["notes"], name
    else:
        assert (label["kinds"], label["onset_step"]) == (["none"], None), name
