"""Detector settings: the one shape ``loopwatch serve`` and the local guard both take.

A settings mapping (a YAML file or a dict) has up to four sections, all optional::

    detectors: {identical_call: {consecutive: 3}, narration: {enabled: false}}
    policy: {ignored_nudges_before_withdraw: 2}
    budgets: {trace_max_steps: 0, conversation_max_steps: 0}   # 0 = off
    tools:                                                       # per-tool detector overrides
      poll_status: {identical_call: {consecutive: 10}}

A whole collector configuration file is accepted too: its ``defaults`` section is used, with the
``agents.<agent>`` entry merged over it when an agent is named (``mode`` there is the guard's
own argument and is ignored here). Merging is key by key: detector options merge per detector,
tool overrides per tool and detector, budgets per budget. ``factory.build_engine`` turns the
result into an ``Engine`` and validates every option, naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["SECTIONS", "DetectorSettings", "load_detector_settings", "merge_settings"]

#: The sections of one settings mapping (an agent entry of a collector configuration may also
#: hold ``mode``, which belongs to the guard, not to the engine).
SECTIONS = ("detectors", "policy", "budgets", "tools")
_BUDGETS = ("trace_max_steps", "conversation_max_steps")
_IGNORED = frozenset({"mode"})

SettingsSource = str | Path | Mapping[str, Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class DetectorSettings:
    """Effective engine settings of one agent (plain data).

    ``trace_max_steps``: a run halts when its N-th step completes (the ``budget`` detector's
    ``hard_max_steps``); ``conversation_max_steps``: a run halts when its conversation reaches N
    steps across its traces (the policy's conversation limit). 0 = off.
    """

    detectors: dict[str, dict[str, Any]] = field(default_factory=dict)
    policy: dict[str, Any] = field(default_factory=dict)
    tools: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    trace_max_steps: int = 0
    conversation_max_steps: int = 0


def load_detector_settings(
    source: SettingsSource | DetectorSettings | None, *, agent: str | None = None
) -> DetectorSettings:
    """Settings from a YAML file path, a mapping, or settings already built (returned as is).

    Raises ``ValueError`` naming the file or the key when the source cannot be used.
    """
    if source is None:
        return DetectorSettings()
    if isinstance(source, DetectorSettings):
        return source
    raw = _read_yaml(Path(source)) if isinstance(source, str | Path) else source
    if not isinstance(raw, Mapping):
        raise ValueError("detector settings: the top level must be a mapping")
    if "defaults" in raw or "agents" in raw:
        agents = _mapping(raw.get("agents"), "agents")
        over = _mapping(agents.get(agent), f"agents.{agent}") if agent is not None else {}
        return merge_settings(_mapping(raw.get("defaults"), "defaults"), over)
    return merge_settings(raw, {})


def merge_settings(base: Mapping[str, Any], over: Mapping[str, Any] | None) -> DetectorSettings:
    """``over`` merged over ``base`` key by key (see the module docstring); ``None`` values in
    ``over``'s budgets inherit. Raises ``ValueError`` naming a misshapen section."""
    over = over or {}
    for name, section in (("", base), ("", over)):
        unknown = sorted(set(section) - set(SECTIONS) - _IGNORED)
        if unknown:
            raise ValueError(
                f"detector settings{name}: unknown section(s) {unknown}; known: {list(SECTIONS)}"
            )
    detectors = _nested(base.get("detectors"), "detectors")
    for detector, options in _nested(over.get("detectors"), "detectors").items():
        detectors[detector] = {**detectors.get(detector, {}), **options}
    tools: dict[str, dict[str, dict[str, Any]]] = {}
    for section in (base, over):
        for tool, per_detector in _mapping(section.get("tools"), "tools").items():
            merged = tools.setdefault(tool, {})
            for detector, options in _nested(per_detector, f"tools.{tool}").items():
                merged[detector] = {**merged.get(detector, {}), **options}
    budgets = dict.fromkeys(_BUDGETS, 0)
    for section in (base, over):
        found = _mapping(section.get("budgets"), "budgets")
        unknown = sorted(set(found) - set(_BUDGETS))
        if unknown:
            raise ValueError(f"budgets: unknown key(s) {unknown}; known: {list(_BUDGETS)}")
        for key, value in found.items():
            if value is None:
                continue
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"budgets.{key} must be an integer >= 0 (0 = off), got {value!r}")
            budgets[key] = value
    return DetectorSettings(
        detectors=detectors,
        policy={**_mapping(base.get("policy"), "policy"), **_mapping(over.get("policy"), "policy")},
        tools=tools,
        trace_max_steps=budgets["trace_max_steps"],
        conversation_max_steps=budgets["conversation_max_steps"],
    )


def _read_yaml(path: Path) -> Any:
    try:
        import yaml
    except ImportError as exc:  # pragma: no cover - PyYAML is a dependency of loopwatch
        raise ValueError(f"detector settings {path}: reading YAML needs PyYAML") from exc
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise ValueError(f"detector settings {path}: {exc}") from exc


def _mapping(value: Any, key: str) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ValueError(f"{key} must be a mapping, got {type(value).__name__}")
    return value


def _nested(value: Any, key: str) -> dict[str, dict[str, Any]]:
    return {name: dict(_mapping(options, f"{key}.{name}")) for name, options in _mapping(value, key).items()}
