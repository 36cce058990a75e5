"""Scenario files: parsing, precise errors, and replay up to the first halt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loopwatch.detect.engine import Engine
from loopwatch.events import Step, ToolResult, UserMessage
from loopwatch.scenario import ScenarioError, iter_scenario_files, load_scenario, replay
from loopwatch.verdict import Action


def write(path: Path, events: list[dict[str, object]], **extra: object) -> Path:
    path.write_text(json.dumps({"id": path.stem, "events": events, **extra}), encoding="utf-8")
    return path


def looping_events(repeats: int) -> list[dict[str, object]]:
    out: list[dict[str, object]] = [{"type": "message", "role": "user", "text": "find it"}]
    for i in range(repeats):
        out.append(
            {
                "type": "message",
                "role": "assistant",
                "text": "Searching.",
                "tool_calls": [{"id": f"c{i}", "name": "grep", "arguments": {"q": "x"}}],
            }
        )
        out.append({"type": "tool_result", "call_id": f"c{i}", "content": "", "is_error": False})
    return out


def test_events_follow_the_transcript(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path / "s.json", looping_events(2)))
    assert scenario.id == "s"
    assert [type(e) for e in scenario.events] == [UserMessage, Step, ToolResult, Step, ToolResult]


def test_replay_stops_at_the_first_halt(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path / "s.json", looping_events(12)))
    verdicts = replay(Engine(), scenario)
    assert verdicts[-1].action is Action.HALT
    assert [v.action for v in verdicts].count(Action.HALT) == 1
    assert len(verdicts) < 12


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "unreadable"),
        ('["a list"]', "not a JSON object"),
        ('{"events": 3}', "'events' must be a list"),
        ('{"events": [{"type": "weird"}]}', "events[0].type"),
        ('{"events": [{"type": "tool_result"}]}', "events[0].call_id"),
        ('{"events": [{"type": "message", "role": "assistant", "tool_calls": [{}]}]}', "tool_calls[0]"),
    ],
)
def test_a_bad_file_is_named_with_its_problem(tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert str(path) in str(info.value)
    assert problem in str(info.value)


def test_directories_are_searched_recursively_in_order(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    write(tmp_path / "b" / "two.json", [])
    write(tmp_path / "one.json", [])
    (tmp_path / "notes.txt").write_text("not a scenario", encoding="utf-8")
    found = [p.name for p in iter_scenario_files([tmp_path])]
    assert found == ["two.json", "one.json"]  # sorted by path: b/two.json < one.json
