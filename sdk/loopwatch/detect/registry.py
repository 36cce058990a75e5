"""The detector catalogue: names, config types, and building them from settings.

Settings come from the collector's YAML / environment or from ``loopwatch.init``: a mapping
from detector name to that detector's config fields, plus ``enabled: false`` to switch one
off. Unknown names or fields raise ``ValueError`` naming them, at start-up, never later.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from loopwatch.detect.base import Detector
from loopwatch.detect.budget import Budget, BudgetConfig
from loopwatch.detect.cycle import Cycle, CycleConfig
from loopwatch.detect.degenerate_text import DegenerateText, DegenerateTextConfig
from loopwatch.detect.error_streak import ErrorStreak, ErrorStreakConfig
from loopwatch.detect.identical_call import IdenticalCall, IdenticalCallConfig
from loopwatch.detect.narration import Narration, NarrationConfig
from loopwatch.detect.revisit import Revisit, RevisitConfig
from loopwatch.detect.same_tool import SameTool, SameToolConfig


@dataclass(frozen=True, slots=True)
class DetectorType:
    name: str
    config_type: type[Any]
    build: Callable[[Any], Detector]


DETECTOR_TYPES: tuple[DetectorType, ...] = (
    DetectorType("identical_call", IdenticalCallConfig, IdenticalCall),
    DetectorType("cycle", CycleConfig, Cycle),
    DetectorType("revisit", RevisitConfig, Revisit),
    DetectorType("same_tool", SameToolConfig, SameTool),
    DetectorType("error_streak", ErrorStreakConfig, ErrorStreak),
    DetectorType("narration", NarrationConfig, Narration),
    DetectorType("degenerate_text", DegenerateTextConfig, DegenerateText),
    DetectorType("budget", BudgetConfig, Budget),
)


def build_detectors(settings: Mapping[str, Mapping[str, Any]] | None = None) -> tuple[Detector, ...]:
    """Detectors with defaults, overridden by ``settings`` (see module docstring)."""
    settings = dict(settings or {})
    known = {t.name: t for t in DETECTOR_TYPES}
    unknown = sorted(set(settings) - set(known))
    if unknown:
        raise ValueError(f"unknown detector(s) {unknown}; known: {sorted(known)}")
    detectors: list[Detector] = []
    for detector_type in DETECTOR_TYPES:
        options = dict(settings.get(detector_type.name, {}))
        if not options.pop("enabled", True):
            continue
        allowed = {f.name for f in fields(detector_type.config_type)}
        bad = sorted(set(options) - allowed)
        if bad:
            raise ValueError(
                f"unknown option(s) {bad} for detector {detector_type.name}; known: {sorted(allowed)}"
            )
        detectors.append(detector_type.build(detector_type.config_type(**options)))
    return tuple(detectors)
