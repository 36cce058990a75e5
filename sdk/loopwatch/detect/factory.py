"""Building an ``Engine`` from ``DetectorSettings``: the one construction the local guard, the
collector (one engine per configured agent) and ``loopwatch replay`` share.

- ``detectors``: options per detector (``registry.build_detectors``);
- ``tools``: per-tool overrides, each detector wrapped in a ``PerToolDetector`` whose copies
  for the named tools take the detector's options with the tool's merged over them;
- ``budgets.trace_max_steps``: the ``budget`` detector's ``hard_max_steps`` (one budget
  mechanism: a LIMIT finding the policy turns into HALT); ``conversation_max_steps``: the
  policy's conversation limit;
- ``policy``: ``PolicyConfig`` fields.

Errors: ``ValueError`` naming the key (``tools: unknown detector(s) [...]``,
``policy: ...``, ``budget.max_steps must be ...``), raised at construction, never later.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopwatch.detect.base import Detector
from loopwatch.detect.engine import DetectorErrorHook, Engine, EngineConfig
from loopwatch.detect.per_tool import PerToolDetector
from loopwatch.detect.policy import PolicyConfig
from loopwatch.detect.registry import DETECTOR_TYPES, build_detectors
from loopwatch.detect.settings import DetectorSettings

__all__ = ["build_engine"]

_BUDGET = "budget"


def build_engine(
    settings: DetectorSettings | None = None, *, on_detector_error: DetectorErrorHook | None = None
) -> Engine:
    """The engine for ``settings`` (defaults when ``None``); raises ``ValueError`` naming the key."""
    settings = settings or DetectorSettings()
    options = _with_step_budget(settings)
    known = {t.name for t in DETECTOR_TYPES}
    unknown = sorted({name for per_tool in settings.tools.values() for name in per_tool} - known)
    if unknown:
        raise ValueError(f"tools: unknown detector(s) {unknown}; known: {sorted(known)}")
    detectors = list(build_detectors(options))
    for i, detector in enumerate(detectors):
        overrides = {
            tool: _build_one(detector.name, {**options.get(detector.name, {}), **per_tool[detector.name]})
            for tool, per_tool in settings.tools.items()
            if detector.name in per_tool
        }
        if overrides:
            detectors[i] = PerToolDetector(detector, overrides)
    policy_options = {**settings.policy}
    if settings.conversation_max_steps:
        policy_options["conversation_max_steps"] = settings.conversation_max_steps
    try:
        policy = PolicyConfig(**policy_options)
    except TypeError as exc:
        raise ValueError(f"policy: {exc}") from exc
    policy.validate()
    return Engine(
        EngineConfig(detectors=tuple(detectors), policy=policy), on_detector_error=on_detector_error
    )


def _with_step_budget(settings: DetectorSettings) -> dict[str, dict[str, Any]]:
    options = {name: dict(values) for name, values in settings.detectors.items()}
    if settings.trace_max_steps:
        budget = options.setdefault(_BUDGET, {})
        if budget.get("hard_max_steps") not in (None, settings.trace_max_steps):
            raise ValueError(
                "budgets.trace_max_steps and detectors.budget.hard_max_steps set the same limit; set one"
            )
        budget["hard_max_steps"] = settings.trace_max_steps
    return options


def _build_one(name: str, options: Mapping[str, Any]) -> Detector:
    settings: dict[str, Mapping[str, Any]] = {t.name: {"enabled": False} for t in DETECTOR_TYPES}
    settings[name] = {**options, "enabled": True}
    (detector,) = build_detectors(settings)
    return detector
