"""Run one matrix cell: a framework's agent (in a given Python) against the fake model server,
exporting OTLP to a collector; read what the collector made of it (sessions, verdicts, metrics).

A cell is ``Cell(framework, mode, agent script, environment)``; ``run_cell`` runs its three
scenarios and returns an ``Outcome`` per scenario. ``verdict_of`` is the matrix's bar: stuck
and cycle flagged, healthy untouched; a cell may declare that a scenario cannot be seen (content
not captured) and must then at least leave the healthy agent alone, or that each model call is
exactly one step (``one_step_per_call``: the steps equal the calls the fake model server
answered, and the loops are flagged as early as the detectors' defaults allow).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from loopwatch.testing import fake_openai_server
from loopwatch.verdict import Action
from loopwatch_collector.security.quota import ANONYMOUS_LABEL
from loopwatch_collector.testing import RunningCollector
from tests.interop.fake_anthropic import fake_anthropic_server
from tests.interop.interop_scenarios import SCENARIOS, scripted_model

AGENTS = Path(__file__).resolve().parent / "agents"
# One agent run is a few seconds at most; a hung framework must not hang the suite.
AGENT_TIMEOUT_S = 120
# Sessions read back per scenario: a matrix collector holds a few dozen.
MAX_SESSIONS = 10_000
COLLECTOR_CONFIG = {"metrics": {"max_agent_labels": 1000}}  # three agents per cell, labelled apart
# The first step the default detectors can flag: the third identical call, the A/B cycle's fourth.
STUCK_STEP, CYCLE_STEP = 3, 5


@dataclass(frozen=True)
class Cell:
    """One row of the matrix: a framework driven in one instrumentation mode."""

    framework: str
    mode: str
    script: str  # file under agents/, or an absolute path (a Node group's installed script)
    env: dict[str, str] = field(default_factory=dict)
    content: bool = True  # False: results are not captured, the stuck run cannot be told apart
    model_server: str = "openai"  # or "anthropic": the Messages API (fake_anthropic)
    one_step_per_call: bool = False  # True: steps == model calls, loops flagged at 3 / 4
    python: str = sys.executable  # the interpreter that runs ``script``: a Python, or ``node``

    @property
    def name(self) -> str:
        return f"{self.framework}/{self.mode}"


@dataclass(frozen=True)
class Outcome:
    scenario: str
    sessions: int
    steps: int
    first_intervention: int | None  # step of the first non-CONTINUE verdict
    detectors: frozenset[str]
    halts: float  # loopwatch_verdicts_total{action="halt"} for the agent
    model_calls: int = 0  # requests the fake model server answered

    def describe(self) -> str:
        if self.steps == 0:
            return "no session"
        if self.first_intervention is None:
            return f"untouched ({self.steps} steps)"
        found = ", ".join(sorted(self.detectors))
        return f"flagged at step {self.first_intervention} ({found})"


def run_cell(cell: Cell, collector: RunningCollector) -> dict[str, Outcome]:
    return {scenario: run_scenario(cell, scenario, collector) for scenario in SCENARIOS}


def run_scenario(cell: Cell, scenario: str, collector: RunningCollector) -> Outcome:
    # A Python identifier: frameworks that make it the agent's name (AutoGen) accept no other.
    agent = f"{cell.framework}_{cell.mode}_{scenario}".replace("/", "_").replace("-", "_")
    model_calls: list[None] = []
    with _model_server(cell, scenario, model_calls) as model_url:
        env = {
            **os.environ,
            **cell.env,
            "LOOPWATCH_INTEROP_MODEL_URL": model_url,
            "OTEL_EXPORTER_OTLP_ENDPOINT": collector.endpoints.otlp_http_url.replace("0.0.0.0", "127.0.0.1"),
            "OTEL_SERVICE_NAME": agent,
            "OPENAI_API_KEY": "unused",
        }
        run = subprocess.run(
            [cell.python, str(AGENTS / cell.script), cell.mode],
            env=env,
            capture_output=True,
            text=True,
            timeout=AGENT_TIMEOUT_S,
            check=False,
        )
    if run.returncode != 0:
        raise RuntimeError(f"{cell.name} {scenario} agent failed:\n{run.stderr[-4000:]}")
    pipeline = collector.collector.pipeline
    records = [r for r in collector.call(pipeline.list_sessions(limit=MAX_SESSIONS)) if r.agent == agent]
    first: int | None = None
    detectors: set[str] = set()
    for record in records:
        for verdict in record.verdicts:
            if verdict.action is not Action.CONTINUE:
                first = verdict.step if first is None else min(first, verdict.step)
                if verdict.finding is not None:
                    detectors.add(verdict.finding.detector)
    registry = collector.collector.metrics.registry
    halts = (
        registry.get_sample_value(
            "loopwatch_verdicts_total", {"tenant": ANONYMOUS_LABEL, "agent": agent, "action": "halt"}
        )
        or 0.0
    )
    return Outcome(
        scenario=scenario,
        sessions=len(records),
        steps=sum(r.steps for r in records),
        first_intervention=first,
        detectors=frozenset(detectors),
        halts=halts,
        model_calls=len(model_calls),
    )


@contextmanager
def _model_server(cell: Cell, scenario: str, calls: list[None]) -> Iterator[str]:
    """The fake model server of ``cell``'s API, scripted for ``scenario``; yields its base URL.
    Each request it answers appends to ``calls``."""
    scripted = scripted_model(scenario)

    def model(request: Mapping[str, Any]) -> Mapping[str, Any]:
        calls.append(None)
        return scripted(request)

    if cell.model_server == "anthropic":
        with fake_anthropic_server(model) as url:
            yield url
    else:
        with fake_openai_server(model) as server:
            yield server.base_url


def verdict_of(cell: Cell, outcomes: dict[str, Outcome]) -> tuple[bool, str]:
    """(green, why): the bar every matrix row must meet."""
    stuck, healthy, cycle = outcomes["stuck"], outcomes["healthy"], outcomes["cycle"]
    if healthy.first_intervention is not None:
        return False, "healthy poller flagged"
    if any(o.halts > 1 for o in outcomes.values()):
        return False, "a halt counted more than once"
    if any(o.steps == 0 for o in outcomes.values()):
        return False, "a run left no session"
    if cell.one_step_per_call and any(o.steps != o.model_calls for o in outcomes.values()):
        return False, f"steps != model calls: {[(o.steps, o.model_calls) for o in outcomes.values()]}"
    if not cell.content:
        # No history to join client-only traces by: each model call is its own session.
        sessions = max(o.sessions for o in outcomes.values())
        per_call = ", one per model call" if cell.one_step_per_call else ""
        seen = f"steps seen{per_call} ({sessions} session(s) per run)"
        return True, f"content not captured: {seen}, nothing flagged"
    if any(o.sessions != 1 for o in outcomes.values()):
        return False, f"sessions per run: {[o.sessions for o in outcomes.values()]}"
    if stuck.first_intervention is None or cycle.first_intervention is None:
        return False, "stuck or cycle not detected"
    if cell.one_step_per_call:
        if stuck.first_intervention > STUCK_STEP or cycle.first_intervention > CYCLE_STEP:
            late = f"stuck at {stuck.first_intervention}, cycle at {cycle.first_intervention}"
            return False, f"flagged late: {late}"
        return True, "one step per model call, stuck and cycle detected, healthy untouched"
    return True, "stuck and cycle detected, healthy untouched"
