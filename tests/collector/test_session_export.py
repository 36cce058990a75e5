"""Sessions out as scenarios, end to end: a running collector is fed transcripts over
``Evaluate`` (content captured, and privacy mode: fingerprints and sketches only), each session
is exported (REST route and ``loopwatch export``), and ``replay`` / ``eval`` on the export give
the verdicts of the live run."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import grpc
import httpx
import pytest

from loopwatch.detect.engine import Engine
from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.scenario import Scenario, agent_batches, load_scenario, replay, scenario_from_dict
from loopwatch.wire import events_to_proto, pb, pb_grpc
from loopwatch_collector.cli import main
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.shared_corpus import REPO_CORPUS

SCENARIOS = (
    "synthetic/identical_call-1-0.json",
    "synthetic/narration-1-0.json",
    "synthetic/degenerate_text-1-1.json",
    "synthetic/batch_fanout-1-0.json",
    "synthetic-agents/cross_turn_identical_failure-1-0.json",
    "real-agents/openhands-sdk-gpt4o-syntax-error-loop.json",
    "real-agents/tau2-airline-whissle-t04-date-sweep.json",
)
RPC_TIMEOUT_S = 5.0
# Room for every event of these transcripts, and every verdict of them in the session's history.
CONFIG = {
    "sessions": {"step_log_max_events": 10_000, "step_log_max_bytes": 4_000_000, "verdict_history": 1000}
}


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector(CONFIG) as running:
        yield running


@pytest.fixture(scope="module")
def stub(collector: RunningCollector) -> Iterator[pb_grpc.LoopGuardStub]:
    with grpc.insecure_channel(collector.endpoints.grpc_target) as channel:
        yield pb_grpc.LoopGuardStub(channel)


def private(event: Event) -> Event:
    """The event as an SDK in privacy mode sends it: derived fields only, no content."""
    if isinstance(event, Step):
        return replace(event, text=None, tool_calls=tuple(_redacted(c) for c in event.tool_calls))
    if isinstance(event, ToolResult):
        return replace(event, preview=None)
    return event


def _redacted(call: ToolCall) -> ToolCall:
    return replace(call, arguments=None)


def drive(stub: pb_grpc.LoopGuardStub, trace: str, events: tuple[Event, ...]) -> list[tuple[int, str]]:
    """Send the events batch by batch, as an agent's SDK does; the intervening verdicts returned."""
    issued = []
    for batch in agent_batches(events):
        request = pb.EvaluateRequest(trace_id=trace, agent="exported", events=events_to_proto(batch))
        reply = stub.Evaluate(request, timeout=RPC_TIMEOUT_S)
        if reply.action != pb.ACTION_CONTINUE:
            issued.append((reply.step, pb.Action.Name(reply.action)))
    return issued


def interventions(scenario: Scenario) -> list[tuple[int, str, str | None]]:
    return [(v.step, v.action.value, v.detector) for v in replay(Engine(), scenario) if v.intervenes]


@pytest.mark.parametrize("privacy", [False, True], ids=["content", "privacy"])
@pytest.mark.parametrize("name", SCENARIOS)
def test_an_exported_session_replays_to_the_live_verdicts(
    collector: RunningCollector, stub: pb_grpc.LoopGuardStub, name: str, privacy: bool
) -> None:
    original = load_scenario(REPO_CORPUS / name)
    events = tuple(private(e) for e in original.events) if privacy else original.events
    trace = f"{2 * SCENARIOS.index(name) + privacy + 1:032x}"
    drive(stub, trace, events)
    url = f"{collector.endpoints.http_url}/v1/sessions/{trace}/scenario"
    exported = httpx.get(url, timeout=10).json()
    session = httpx.get(f"{collector.endpoints.http_url}/v1/sessions/{trace}", timeout=10).json()

    assert exported["label"] == {"loop": None, "kinds": [], "onset_step": None, "notes": ""}
    assert exported["meta"]["events_dropped"] == 0
    assert exported["meta"]["content"] == ("fingerprints only" if privacy else "captured (clipped)")
    if privacy:
        _assert_no_content(exported)
    scenario = scenario_from_dict(exported, default_id="exported")
    replayed = interventions(scenario)
    assert replayed == interventions(original)
    live = [(v["step"], v["action"], v["detector"]) for v in session["verdicts"]]
    assert exported["meta"]["verdicts"] == [{"step": s, "action": a, "detector": d} for s, a, d in live]
    judged_live = session["steps"] - (1 if session["step_open"] else 0)
    assert _until_halt(live) == [v for v in replayed if v[0] <= judged_live]


def _until_halt(verdicts: list[tuple[int, str, str | None]]) -> list[tuple[int, str, str | None]]:
    """A halted run ends at its first HALT (the live session keeps answering HALT after it)."""
    halts = [i for i, v in enumerate(verdicts) if v[1] == "halt"]
    return verdicts[: halts[0] + 1] if halts else verdicts


def _assert_no_content(exported: dict[str, Any]) -> None:
    for entry in exported["events"]:
        assert "text" not in entry
        assert "content" not in entry
        assert all("arguments" not in call for call in entry.get("tool_calls", []))


def test_eval_on_the_labelled_export_scores_like_the_original(
    collector: RunningCollector,
    stub: pb_grpc.LoopGuardStub,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    name = "synthetic-agents/cross_turn_identical_failure-1-0.json"
    path = REPO_CORPUS / name
    original = json.loads(path.read_text(encoding="utf-8"))
    trace = "e" * 32
    drive(stub, trace, tuple(private(e) for e in load_scenario(path).events))
    exported = tmp_path / "exported.json"
    assert main(["export", "--from", collector.endpoints.http_url, trace, "-o", str(exported)]) == 0
    labelled = json.loads(exported.read_text(encoding="utf-8"))
    labelled["label"] = original["label"]
    exported.write_text(json.dumps(labelled), encoding="utf-8")
    capsys.readouterr()

    def firings(scenario_path: Path) -> list[dict[str, Any]]:
        assert main(["eval", str(scenario_path), "--format", "json"]) == 0
        report = json.loads(capsys.readouterr().out)
        firings_: list[dict[str, Any]] = report["scenarios"][0]["firings"]
        return firings_

    assert firings(exported) == firings(path)


def test_export_of_an_unknown_session_fails_naming_it(
    collector: RunningCollector, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", "--from", collector.endpoints.http_url, "f" * 32]) == 1
    assert f"HTTP 404: no live session for trace_id '{'f' * 32}'" in capsys.readouterr().err


def test_the_route_says_when_the_step_log_is_off() -> None:
    with running_collector() as running:
        reply = httpx.get(f"{running.endpoints.http_url}/v1/sessions/{'a' * 32}/scenario", timeout=10)
    assert reply.status_code == 409
    assert "sessions.step_log_max_events" in reply.json()["detail"]
