"""Scenario entries with recorded fields: written events read back as the same events, and
recorded fields of the wrong shape are refused naming the field."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from loopwatch.events import Event, Step, ToolCall, ToolResult, Usage, UserMessage
from loopwatch.scenario import Label, ScenarioError, scenario_from_dict
from loopwatch.scenario_recorded import entry, scenario_json

DEGENERATE = "The same sentence again. " * 12


def live_events(capture: bool) -> list[Event]:
    call = ToolCall.create(  # a write by the action it names, not by its tool's name
        id="c1",
        name="workspace",
        arguments={"command": "write", "path": "a.py", "body": DEGENERATE},
        capture_content=capture,
    )
    search = ToolCall.create(
        id="c2", name="search", arguments={"query": "import error a.py"}, capture_content=capture
    )
    return [
        UserMessage.create(event_id="u1", text="fix a.py"),
        Step.create(
            event_id="s1",
            text="Let me edit a.py again to fix the import.",
            tool_calls=(call, search),
            usage=Usage(input_tokens=10, output_tokens=5),
            time_unix_ns=1_700_000_000_000_000_000,
            capture_content=capture,
        ),
        ToolResult.create(
            event_id="r1", call_id="c1", content="ok " * 300, is_error=False, capture_content=capture
        ),
        ToolResult.create(
            event_id="r2",
            call_id="c2",
            content="a.py:1 import os https://x.org/a\nb.py:3 import a https://x.org/b",
            capture_content=capture,
        ),
        Step.create(  # a report's message, stating its facts
            event_id="s3",
            text="Lot 2/4, Yirgacheffe, Ethiopia: SCA 88.25, buy 10 bags.",
            capture_content=capture,
        ),
        Step.create(  # a wait by the span of time it names, not by its tool's name
            event_id="s2",
            text=None,
            tool_calls=(
                ToolCall.create(id="c3", name="schedule", arguments={"seconds": 30}, capture_content=capture),
            ),
            capture_content=capture,
        ),
    ]


def comparable(event: Event) -> Event:
    """Event ids differ (the reader numbers entries); everything judged must not."""
    return replace(event, event_id="-")


@pytest.mark.parametrize("capture", [True, False], ids=["content", "privacy"])
def test_written_events_read_back_as_the_same_events(capture: bool) -> None:
    written = live_events(capture)
    assert any(isinstance(e, Step) and e.tool_calls[-1].wording for e in written)
    assert any(isinstance(e, Step) and e.tool_calls and e.tool_calls[0].mutates for e in written)
    assert any(isinstance(e, Step) and e.tool_calls and e.tool_calls[0].waits for e in written)
    assert any(isinstance(e, Step) and e.sketch and e.sketch.facts for e in written)
    assert any(isinstance(e, ToolResult) and e.lines and e.links and e.facts for e in written)
    assert any(isinstance(e, Step) and e.sketch and e.sketch.announces and e.sketch.again for e in written)
    raw = scenario_json([entry(e) for e in written], scenario_id="x", source="test", description="d", meta={})
    scenario = scenario_from_dict(raw, default_id="x")
    assert scenario.label == Label(loop=None)
    assert [comparable(e) for e in scenario.events] == [comparable(e) for e in written]


def test_privacy_entries_hold_no_content() -> None:
    raw = scenario_json(
        [entry(e) for e in live_events(False)], scenario_id="x", source="t", description="d", meta={}
    )
    user, step, *results = raw["events"]
    assert set(user) == {"type", "role", "fingerprint", "sketch"}
    assert "text" not in step
    assert all("arguments" not in call for call in step["tool_calls"])
    assert all("content" not in result for result in results)


def entries(**step: Any) -> dict[str, Any]:
    return {"events": [{"type": "message", "role": "assistant", "tool_calls": [], **step}]}


@pytest.mark.parametrize(
    ("raw", "names"),
    [
        (entries(sketch={"length": 1, "minhash": ["x"], "words": 1}), "events[0].sketch.minhash"),
        (entries(sketch={"length": 1, "minhash": [], "words": 1, "repetition": {"unit": 3}}), "repetition"),
        (entries(sketch={"length": 1, "minhash": [], "words": 1, "again": "yes"}), "events[0].sketch.again"),
        (entries(tool_calls=[{"id": "c", "name": "n", "fingerprint": 7}]), "tool_calls[0].fingerprint"),
        (
            entries(tool_calls=[{"id": "c", "name": "n", "fingerprint": "ab", "mutates": "yes"}]),
            "tool_calls[0].mutates",
        ),
        (
            entries(tool_calls=[{"id": "c", "name": "n", "fingerprint": "ab", "waits": 1}]),
            "tool_calls[0].waits",
        ),
        (
            {"events": [{"type": "tool_result", "call_id": "c", "result_fingerprint": "ab", "size": "big"}]},
            "result_fingerprint",
        ),
        ({"events": [{"type": "message", "role": "user", "fingerprint": 3}]}, "events[0].fingerprint"),
        ({"events": [], "label": {"loop": "yes"}}, "label.loop"),
        ({"events": [], "label": {"loop": True, "onset_step": 0}}, "label.onset_step"),
    ],
)
def test_recorded_fields_of_the_wrong_shape_are_refused(raw: dict[str, Any], names: str) -> None:
    with pytest.raises(ScenarioError, match=names.replace("[", r"\[").replace("]", r"\]")):
        scenario_from_dict(raw, default_id="bad")


def test_labels_are_read() -> None:
    raw = {"events": [], "label": {"loop": True, "kinds": ["same_tool"], "onset_step": 4}}
    assert scenario_from_dict(raw, default_id="l").label == Label(
        loop=True, kinds=("same_tool",), onset_step=4
    )
    assert scenario_from_dict({"events": []}, default_id="n").label is None
