"""One detection ``Engine`` per configured agent, built by ``loopwatch.detect.build_engine``.

Agents without an entry of their own share the default engine (engines are stateless and
thread-safe; all per-trace data lives in ``SessionState``). Construction, per-tool overrides
and budgets are the SDK's (``loopwatch.detect``), the very code the local guard runs; this
module only caches one engine per agent.
"""

from __future__ import annotations

from loopwatch.detect.engine import DetectorErrorHook, Engine
from loopwatch.detect.factory import build_engine
from loopwatch_collector.config import CollectorConfig, ResolvedAgentConfig


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
