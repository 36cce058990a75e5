"""``corpus/real-more/`` is what ``convert_real_more.py`` writes from its committed sources, and the
converter maps each harness's log format onto calls, results and failures as its docstring says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.corpus.shipped_sets import CORPUS, assert_reproduced, assert_well_formed, scenarios

CONVERTER = CORPUS / "convert_real_more.py"
SHIPPED = CORPUS / "real-more"


def test_converter_reproduces_the_shipped_set(tmp_path: Path) -> None:
    assert_reproduced(CONVERTER, SHIPPED, tmp_path)


def test_every_scenario_is_well_formed() -> None:
    for scenario in scenarios(SHIPPED):
        assert_well_formed(scenario)


def test_an_unparsable_code_blob_is_a_failed_call_of_the_code_tool() -> None:
    events = _scenario("smolagents-codeagent-gpt4o-gaia-parse-error-loop")["events"]
    first_step = next(e for e in events if e.get("role") == "assistant")
    (call,) = first_step["tool_calls"]
    answer = next(e for e in events if e["type"] == "tool_result" and e["call_id"] == call["id"])
    assert call["name"] == "python_interpreter"
    assert call["arguments"] == {"code": "Guava</code>"}
    assert answer["is_error"] is True


def test_a_non_zero_return_code_is_a_failure_and_zero_is_not() -> None:
    events = _scenario("mini-swe-agent-fix-missing-colon")["events"]
    failures = [e["is_error"] for e in events if e["type"] == "tool_result"]
    assert failures[:2] == [True, False]


def test_every_call_is_answered_before_the_next_step() -> None:
    for path in sorted(SHIPPED.glob("*.json")):
        scenario = json.loads(path.read_text(encoding="utf-8"))
        open_calls: set[str] = set()
        for event in scenario["events"]:
            if event["type"] == "message" and event["role"] == "assistant":
                assert not open_calls, scenario["id"]
                open_calls = {call["id"] for call in event.get("tool_calls", [])}
            elif event["type"] == "tool_result":
                open_calls.remove(event["call_id"])
        assert not open_calls, scenario["id"]


def _scenario(scenario_id: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SHIPPED / f"{scenario_id}.json").read_text(encoding="utf-8"))
    return loaded
