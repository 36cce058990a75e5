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
from loopwatch.detect.identical_call import IdenticalCall, IdenticalCallConfig


@dataclass(frozen=True, slots=True)
class DetectorType:
    name: str
    config_type: type[Any]
    build: Callable[[Any], Detector]


DETECTOR_TYPES: tuple[DetectorType, ...] = (
    DetectorType("identical_call", IdenticalCallConfig, IdenticalCall),
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
            raise ValueError(f"unknown option(s) {bad} for detector {detector_type.name}; known: {sorted(allowed)}")
        detectors.append(detector_type.build(detector_type.config_type(**options)))
    return tuple(detectors)
