"""Local and remote verdicts are identical: the public corpus replayed through the public SDK
API, once with ``Guard.local()`` and once against a running collector (``Guard.remote``).

Both sides run ``loopwatch.detect.evaluate``; this test keeps it that way. Verdicts are
compared in their wire form (what a remote agent can see: the call fingerprint is not sent),
including message and finding. The remote guard clips long content on the way out (text to
8 KB, arguments to 4 KB: detection works from fingerprints and sketches computed before), so
the local guard is given the events as the remote one sends them: evidence quoted from content
(a degenerate response's trimmed text) is then the same too. ``AgentRun`` re-trims from the
full text it keeps, so agents see the same trimmed text either way. A second pass gives both
the same non-default settings, as a mapping to ``Guard.local(detectors=...)`` and as the
``defaults`` section of the collector's configuration.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopwatch import EvaluateRequest, Guard, GuardSession, LoopDetected
from loopwatch._remote import encode_request
from loopwatch.events import Event
from loopwatch.scenario import Scenario, agent_batches, iter_scenario_files, load_scenario
from loopwatch.wire import events_from_proto, pb, verdict_to_proto
from loopwatch_collector.testing import running_collector
from tests.shared_corpus import PUBLIC_SETS, public_set

# A remote verdict on a loaded 2-core CI machine can take well over the SDK's 50 ms default;
# fail_closed makes a missed deadline fail the test instead of passing as CONTINUE.
_REMOTE_TIMEOUT_S = 10.0
_SETTINGS: dict[str, Any] = {
    "detectors": {"identical_call": {"consecutive": 2}, "narration": {"enabled": False}},
    "policy": {"ignored_nudges_before_withdraw": 1},
    "budgets": {"trace_max_steps": 12},
    "tools": {"bash": {"same_tool": {"nudge_at": 3}}},
}
# The settings pass replays this many scenarios: the default pass covers the whole corpus.
_SETTINGS_SAMPLE = 60


def _scenarios() -> list[Scenario]:
    files = list(iter_scenario_files([public_set(name) for name in PUBLIC_SETS]))
    return [load_scenario(path) for path in files]


def _as_sent(batch: list[Event], session: GuardSession) -> list[Event]:
    """``batch`` as the remote guard puts it on the wire (content clipped)."""
    request = EvaluateRequest(context=session.context, events=tuple(batch))
    return events_from_proto(encode_request(request).events)


def _replay(guard: Guard, scenarios: list[Scenario], *, clip: bool = False) -> dict[str, list[pb.Verdict]]:
    out: dict[str, list[pb.Verdict]] = {}
    for number, scenario in enumerate(scenarios, start=1):
        session = guard.session(trace_id=f"{number:032x}", agent="parity")
        verdicts: list[pb.Verdict] = []
        for batch in agent_batches(scenario.events):
            session.add(*(_as_sent(batch, session) if clip else batch))
            try:
                verdicts.append(verdict_to_proto(session.after_batch()))
            except LoopDetected as halted:
                verdicts.append(verdict_to_proto(halted.verdict))
                break
        out[scenario.id] = verdicts
    return out


def _remote(config: Mapping[str, Any], scenarios: list[Scenario]) -> dict[str, list[pb.Verdict]]:
    with running_collector(config) as collector:
        guard = Guard.remote(collector.endpoints.grpc_target, timeout_s=_REMOTE_TIMEOUT_S, fail_closed=True)
        try:
            return _replay(guard, scenarios)
        finally:
            guard.close()


def test_corpus_verdicts_are_identical_locally_and_remotely() -> None:
    scenarios = _scenarios()
    local = _replay(Guard.local(), scenarios, clip=True)
    assert any(any(v.action != pb.ACTION_CONTINUE for v in vs) for vs in local.values())
    assert _remote({}, scenarios) == local


def test_the_same_settings_give_the_same_verdicts_locally_and_remotely() -> None:
    scenarios = _scenarios()[:_SETTINGS_SAMPLE]
    local = _replay(Guard.local(detectors=_SETTINGS), scenarios, clip=True)
    assert local != _replay(Guard.local(), scenarios, clip=True)  # the settings do change verdicts
    assert _remote({"defaults": _SETTINGS}, scenarios) == local
