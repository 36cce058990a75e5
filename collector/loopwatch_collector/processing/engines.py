"""One detection ``Engine`` per configured agent, built from ``ResolvedAgentConfig``.

Agents without an entry of their own share the default engine (engines are stateless and
thread-safe; all per-trace data lives in ``SessionState``). Per-tool overrides wrap a detector
in ``PerToolDetector``, so a polling tool can get a looser threshold than the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from loopwatch.detect.base import Detector
from loopwatch.detect.engine import Engine, EngineConfig
from loopwatch.detect.policy import PolicyConfig
from loopwatch.detect.registry import DETECTOR_TYPES, build_detectors
from loopwatch.detect.step import StepRecord
from loopwatch.verdict import Finding
from loopwatch_collector.config import CollectorConfig, ResolvedAgentConfig

DetectorErrorHook = Callable[[str, BaseException], None]
_DEFAULT_STATE_KEY = "*"


class PerToolDetector:
    """A detector whose calls to some tools are judged by differently configured copies.

    The base detector sees each step without the overridden tools' calls; each override sees
    only its own tool's calls (and only steps that have some). State is a plain dict of the
    copies' states, so it serialises like any other detector state.
    """

    def __init__(self, base: Detector, overrides: Mapping[str, Detector]) -> None:
        self._base = base
        self._overrides = dict(overrides)
        self.name = base.name
        self.per_turn = base.per_turn

    def new_state(self) -> dict[str, Any]:
        states = {tool: d.new_state() for tool, d in self._overrides.items()}
        states[_DEFAULT_STATE_KEY] = self._base.new_state()
        return states

    def observe(self, state: dict[str, Any], step: StepRecord) -> Finding | None:
        findings: list[Finding] = []
        rest = tuple(c for c in step.calls if c.name not in self._overrides)
        if rest or not step.calls:
            found = self._base.observe(state[_DEFAULT_STATE_KEY], replace(step, calls=rest))
            if found is not None:
                findings.append(found)
        for tool, detector in self._overrides.items():
            calls = tuple(c for c in step.calls if c.name == tool)
            if calls:
                found = detector.observe(state[tool], replace(step, calls=calls))
                if found is not None:
                    findings.append(found)
        if not findings:
            return None
        return max(findings, key=lambda f: f.severity.rank)


def build_engine(
    resolved: ResolvedAgentConfig, *, on_detector_error: DetectorErrorHook | None = None
) -> Engine:
    """The engine for one agent's settings; raises ``ValueError``/``TypeError`` naming the key."""
    detectors = list(build_detectors(resolved.detectors))
    for i, detector in enumerate(detectors):
        overrides = {
            tool: _build_one(detector.name, {**resolved.detectors.get(detector.name, {}), **options})
            for tool, settings in resolved.tools.items()
            for name, options in settings.items()
            if name == detector.name
        }
        if overrides:
            detectors[i] = PerToolDetector(detector, overrides)
    unknown = sorted({n for s in resolved.tools.values() for n in s} - {t.name for t in DETECTOR_TYPES})
    if unknown:
        raise ValueError(f"tools: unknown detector(s) {unknown}")
    try:
        policy = PolicyConfig(**resolved.policy)
    except TypeError as exc:
        raise ValueError(f"policy: {exc}") from exc
    policy.validate()
    return Engine(
        EngineConfig(detectors=tuple(detectors), policy=policy), on_detector_error=on_detector_error
    )


def _build_one(name: str, options: Mapping[str, Any]) -> Detector:
    settings: dict[str, Mapping[str, Any]] = {t.name: {"enabled": False} for t in DETECTOR_TYPES}
    settings[name] = {**options, "enabled": True}
    (detector,) = build_detectors(settings)
    return detector


class EngineSet:
    """Engines and resolved settings per agent, built once and cached. Event-loop only."""

    def __init__(
        self, config: CollectorConfig, *, on_detector_error: DetectorErrorHook | None = None
    ) -> None:
        self._config = config
        self._hook = on_detector_error
        self._default = config.resolve_agent("")
        self._default_engine = build_engine(self._default, on_detector_error=on_detector_error)
        self._engines: dict[str, tuple[Engine, ResolvedAgentConfig]] = {}

    def for_agent(self, agent: str) -> tuple[Engine, ResolvedAgentConfig]:
        """The engine and settings of ``agent`` (the shared default for unconfigured agents)."""
        if agent not in self._config.agents:
            return self._default_engine, self._default
        cached = self._engines.get(agent)
        if cached is None:
            resolved = self._config.resolve_agent(agent)
            cached = (build_engine(resolved, on_detector_error=self._hook), resolved)
            self._engines[agent] = cached
        return cached

    @property
    def detector_names(self) -> list[str]:
        return [d.name for d in self._default_engine.config.detectors]
