"""The detector catalogue: names, config types, and building them from settings.

Settings come from the collector's YAML / environment or from ``loopwatch.init``: a mapping
from detector name to that detector's config fields, plus ``enabled: false`` to switch one
off. Unknown names or fields raise ``ValueError`` naming them, at start-up, never later.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import UnionType
from typing import Any, Union, get_args, get_origin

from loopwatch.declarations import field_types
from loopwatch.detect.base import Detector
from loopwatch.detect.budget import Budget, BudgetConfig
from loopwatch.detect.cycle import Cycle, CycleConfig
from loopwatch.detect.degenerate_text import DegenerateText, DegenerateTextConfig
from loopwatch.detect.error_streak import ErrorStreak, ErrorStreakConfig
from loopwatch.detect.identical_call import IdenticalCall, IdenticalCallConfig
from loopwatch.detect.narration import Narration, NarrationConfig
from loopwatch.detect.revisit import Revisit, RevisitConfig
from loopwatch.detect.same_response import SameResponse, SameResponseConfig
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
    DetectorType("same_response", SameResponseConfig, SameResponse),
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
        enabled = options.pop("enabled", True)
        if not isinstance(enabled, bool):
            raise ValueError(f"{detector_type.name}.enabled must be true or false, got {enabled!r}")
        config = _config(detector_type, options)  # checked even when disabled: typos surface
        if enabled:
            detectors.append(detector_type.build(config))
    return tuple(detectors)


def _config(detector_type: DetectorType, options: dict[str, Any]) -> Any:
    hints = field_types(detector_type.config_type)
    bad = sorted(set(options) - set(hints))
    if bad:
        raise ValueError(f"unknown option(s) {bad} for detector {detector_type.name}; known: {sorted(hints)}")
    for key, value in options.items():
        if not _matches(value, hints[key]):
            raise ValueError(f"{detector_type.name}.{key} has the wrong type: {value!r}")
    return detector_type.config_type(**options)


def _matches(value: Any, hint: Any) -> bool:
    """Whether ``value`` fits the simple types detector configs use."""
    if get_origin(hint) in (UnionType, Union):
        return any(_matches(value, arg) for arg in get_args(hint))
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if get_origin(hint) in (Mapping, dict):
        key_type, value_type = get_args(hint)
        return isinstance(value, Mapping) and all(
            _matches(k, key_type) and _matches(v, value_type) for k, v in value.items()
        )
    return isinstance(value, hint) if isinstance(hint, type) else False
