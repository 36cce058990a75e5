"""EngineSet: one engine per configured agent, the shared default for the rest."""

from __future__ import annotations

from loopwatch_collector.config import config_from_mapping
from loopwatch_collector.processing.engines import EngineSet


def test_unconfigured_agents_share_the_default_engine() -> None:
    engines = EngineSet(config_from_mapping({"agents": {"billing": {"mode": "shadow"}}}))
    a, settings_a = engines.for_agent("a")
    b, _ = engines.for_agent("b")
    assert a is b
    assert settings_a.mode == "enforce"


def test_a_configured_agent_gets_its_own_engine_built_once() -> None:
    raw = {"agents": {"billing": {"mode": "shadow", "detectors": {"narration": {"enabled": False}}}}}
    engines = EngineSet(config_from_mapping(raw))
    billing, settings = engines.for_agent("billing")
    assert engines.for_agent("billing")[0] is billing
    assert billing is not engines.for_agent("other")[0]
    assert settings.mode == "shadow"
    assert "narration" not in [d.name for d in billing.config.detectors]
    assert "narration" in engines.detector_names


def test_detector_errors_reach_the_hook() -> None:
    seen: list[str] = []
    engines = EngineSet(config_from_mapping({}), on_detector_error=lambda name, exc: seen.append(name))
    engine, _ = engines.for_agent("a")
    engine._report_error("cycle", RuntimeError("boom"))
    assert seen == ["cycle"]
