"""The scripted models count tool rounds in every framework's history format."""

from __future__ import annotations

from tests.interop.interop_scenarios import scripted_model, tool_rounds


def test_tool_messages_are_rounds() -> None:
    history = [{"role": "user", "content": "q"}, {"role": "assistant"}, {"role": "tool", "content": "r"}]
    assert tool_rounds(history) == 1


def test_smolagents_observations_are_rounds_when_there_are_no_tool_messages() -> None:
    observation = {"role": "user", "content": [{"type": "text", "text": "Observation:\nPage A: see also B."}]}
    history = [
        {"role": "user", "content": [{"type": "text", "text": "New task:\nq"}]},
        observation,
        observation,
    ]
    assert tool_rounds(history) == 2
    # a user quoting "Observation:" next to real tool messages does not count twice
    assert tool_rounds([*history, {"role": "tool", "content": "r"}]) == 1


def test_the_cycle_alternates_pages_with_observation_histories() -> None:
    model = scripted_model("cycle")
    observation = {"role": "user", "content": "Observation:\nPage A: see also page B."}
    tools = [{"type": "function"}]
    first = model({"messages": [], "tools": tools})
    second = model({"messages": [observation], "tools": tools})
    assert first["tool_calls"][0]["arguments"] == {"page": "A"}
    assert second["tool_calls"][0]["arguments"] == {"page": "B"}
