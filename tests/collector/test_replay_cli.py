"""`loopwatch replay`: the stable jsonl contract, the table, and bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loopwatch_collector.cli import main


def scenario(path: Path, repeats: int) -> Path:
    events: list[dict[str, object]] = []
    for i in range(repeats):
        events.append(
            {
                "type": "message",
                "role": "assistant",
                "text": "",
                "tool_calls": [{"id": f"c{i}", "name": "grep", "arguments": {"q": "x"}}],
            }
        )
        events.append({"type": "tool_result", "call_id": f"c{i}", "content": "", "is_error": False})
    path.write_text(json.dumps({"id": path.stem, "events": events}), encoding="utf-8")
    return path


def test_jsonl_prints_one_object_per_scenario_with_interventions_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario(tmp_path / "loop.json", 4)
    scenario(tmp_path / "short.json", 2)
    assert main(["replay", str(tmp_path), "--format", "jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    by_id = {line["id"]: line["verdicts"] for line in lines}
    assert by_id["short"] == []
    assert by_id["loop"] == [{"step": 3, "action": "nudge", "detector": "identical_call"}]


def test_a_bad_file_is_reported_on_stderr_and_the_others_still_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario(tmp_path / "good.json", 3)
    (tmp_path / "broken.json").write_text("{oops", encoding="utf-8")
    assert main(["replay", str(tmp_path), "--format", "jsonl"]) == 2  # bad input, as for eval
    captured = capsys.readouterr()
    assert [json.loads(line)["id"] for line in captured.out.splitlines()] == ["good"]
    error_lines = captured.err.strip().splitlines()
    assert len(error_lines) == 1
    assert "broken.json" in error_lines[0]


def test_the_table_names_step_action_detector_and_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario(tmp_path / "loop.json", 3)
    assert main(["replay", str(tmp_path / "loop.json")]) == 0
    out = capsys.readouterr().out
    assert "loop" in out
    assert "nudge" in out
    assert "identical_call" in out
    assert "3 times in a row" in out
