"""Detector settings: a YAML file or a mapping, the shape `loopwatch serve` reads, merged key by key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from loopwatch.detect.settings import DetectorSettings, load_detector_settings, merge_settings

SECTION = {
    "detectors": {"identical_call": {"consecutive": 4}},
    "policy": {"ignored_nudges_before_withdraw": 1},
    "budgets": {"trace_max_steps": 50},
    "tools": {"poll": {"identical_call": {"consecutive": 9}}},
}


def test_a_section_mapping_loads_as_is() -> None:
    assert load_detector_settings(SECTION) == DetectorSettings(
        detectors={"identical_call": {"consecutive": 4}},
        policy={"ignored_nudges_before_withdraw": 1},
        tools={"poll": {"identical_call": {"consecutive": 9}}},
        trace_max_steps=50,
    )


def test_a_yaml_file_loads_like_the_mapping(tmp_path: Path) -> None:
    path = tmp_path / "detectors.yaml"
    path.write_text(
        "detectors: {identical_call: {consecutive: 4}}\n"
        "policy: {ignored_nudges_before_withdraw: 1}\n"
        "budgets: {trace_max_steps: 50}\n"
        "tools: {poll: {identical_call: {consecutive: 9}}}\n",
        encoding="utf-8",
    )
    assert load_detector_settings(path) == load_detector_settings(SECTION)
    assert load_detector_settings(str(path)) == load_detector_settings(SECTION)


def test_a_collector_config_uses_defaults_and_the_agents_entry() -> None:
    config = {
        "listen": {"grpc_port": 0},  # not read here: only defaults / agents are
        "defaults": {"mode": "shadow", **SECTION},
        "agents": {"bot": {"detectors": {"identical_call": {"consecutive": 6}}, "budgets": {}}},
    }
    for_bot = load_detector_settings({k: v for k, v in config.items() if k != "listen"}, agent="bot")
    assert for_bot.detectors == {"identical_call": {"consecutive": 6}}
    assert for_bot.trace_max_steps == 50
    assert load_detector_settings({"defaults": SECTION}) == load_detector_settings(SECTION)


def test_merge_is_key_by_key_and_none_budgets_inherit() -> None:
    merged = merge_settings(
        SECTION,
        {
            "detectors": {"identical_call": {"enabled": True}},
            "budgets": {"trace_max_steps": None, "conversation_max_steps": 9},
            "tools": {"poll": {"same_tool": {"nudge_at": 3}}},
        },
    )
    assert merged.detectors == {"identical_call": {"consecutive": 4, "enabled": True}}
    assert (merged.trace_max_steps, merged.conversation_max_steps) == (50, 9)
    assert merged.tools == {"poll": {"identical_call": {"consecutive": 9}, "same_tool": {"nudge_at": 3}}}


def test_none_and_built_settings_pass_through() -> None:
    built = DetectorSettings(trace_max_steps=3)
    assert load_detector_settings(built) is built
    assert load_detector_settings(None) == DetectorSettings()


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ({"detectorz": {}}, "unknown section"),
        ({"detectors": []}, "detectors must be a mapping"),
        ({"detectors": {"cycle": 3}}, r"detectors\.cycle must be a mapping"),
        ({"budgets": {"trace_max_steps": -1}}, r"budgets\.trace_max_steps"),
        ({"budgets": {"max_steps": 1}}, "budgets: unknown key"),
        ({"tools": {"poll": {"cycle": "x"}}}, r"tools\.poll\.cycle"),
        ([1, 2], "top level must be a mapping"),
    ],
)
def test_bad_settings_raise_naming_the_key(raw: Any, key: str) -> None:
    with pytest.raises(ValueError, match=key):
        load_detector_settings(raw)


def test_an_unreadable_file_names_it(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    with pytest.raises(ValueError, match=r"nope\.yaml"):
        load_detector_settings(missing)
