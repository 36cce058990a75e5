"""``corpus/real-wild/`` is what ``convert_real_wild.py`` writes from its committed sources, and the
converter maps tau-bench's and smolagents' logs onto calls, results and failures as its docstring says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.corpus.shipped_sets import CORPUS, assert_reproduced, assert_well_formed, scenarios

CONVERTER = CORPUS / "convert_real_wild.py"
SHIPPED = CORPUS / "real-wild"
#: The set's size budget (issue 20: keep the folder modest, < 3 MB).
MAX_SET_BYTES = 3_000_000


def test_converter_reproduces_the_shipped_set(tmp_path: Path) -> None:
    assert_reproduced(CONVERTER, SHIPPED, tmp_path)


def test_every_scenario_is_well_formed() -> None:
    for scenario in scenarios(SHIPPED):
        assert_well_formed(scenario)


def test_a_reused_tau_bench_call_id_keeps_its_own_result() -> None:
    """The model echoes an earlier call id (``search_onestop_flight`` reuses the direct search's id):
    each call still gets the result that answered it."""
    events = _scenario("tau-bench-gpt4o-airline-t00-trial0-book-after-price-error")["events"]
    calls = [c for e in events if e.get("role") == "assistant" for c in e.get("tool_calls", [])]
    ids = [c["id"] for c in calls]
    assert len(ids) == len(set(ids))
    answered = {e["call_id"]: e["name"] for e in events if e["type"] == "tool_result"}
    assert answered == {c["id"]: c["name"] for c in calls}


def test_a_tau_bench_error_answer_is_a_failure_and_data_is_not() -> None:
    events = _scenario("tau-bench-gpt4o-airline-t03-trial0-payment-retries-then-card")["events"]
    updates = [e for e in events if e["type"] == "tool_result" and e["name"] == "update_reservation_flights"]
    assert [e["is_error"] for e in updates] == [True, True, True, True, True, False]


def test_the_max_steps_stop_is_an_exit_status_not_a_call() -> None:
    scenario = _scenario("smolagents-codeagent-gpt4o-gaia-revisits-same-page-max-steps")
    steps = [e for e in scenario["events"] if e.get("role") == "assistant"]
    assert scenario["meta"]["exit"] == "max_steps"
    assert len(steps) == scenario["meta"]["steps"] == 10
    assert all("Reached max steps" not in e.get("content", "") for e in scenario["events"])


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


def test_every_scenario_is_labelled_and_the_set_stays_small() -> None:
    total = 0
    for path in sorted(SHIPPED.rglob("*")):
        total += path.stat().st_size if path.is_file() else 0
    for path in sorted(SHIPPED.glob("*.json")):
        label = json.loads(path.read_text(encoding="utf-8"))["label"]
        assert label["notes"], path.name
        assert (label["onset_step"] is not None) == label["loop"], path.name
    assert total < MAX_SET_BYTES


def _scenario(scenario_id: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SHIPPED / f"{scenario_id}.json").read_text(encoding="utf-8"))
    return loaded
