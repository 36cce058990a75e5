"""One detector option over a range of values (``loopwatch eval --sweep``). Pure, no I/O.

A sweep is written ``detector.option=a:b:step`` (``a`` to ``b`` inclusive, ``step`` > 0) or
``detector.option=v1,v2,...``; the values are typed by the option's declared type in the
detector's config dataclass (``int``, ``float``, ``bool``; ``int | None`` counts as ``int``),
sorted and deduplicated. Each value is applied the way ``loopwatch serve`` applies a configured
option: as ``detectors.<detector>.<option>`` of the agent's settings, before ``build_engine``
validates it (per-tool overrides of the same option still win for their tools).

``flat_range`` answers the calibration question: over which values around the one in use do
the results stay the same?
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Hashable, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, TypeVar

from loopwatch.declarations import field_types
from loopwatch.detect.registry import DETECTOR_TYPES
from loopwatch.detect.settings import DetectorSettings

# Each value replays every scenario once: more values than this is a mistyped step (0.001 for
# 0.1), not a sweep anyone wants to wait for.
MAX_SWEEP_VALUES = 100
_RANGE_PARTS = 3
_BOOLEANS = {"true": True, "false": False}
# Every detector's on/off switch: a settings key the registry reads, not a config field.
_ENABLED = "enabled"

OptionValue = int | float | bool
Settings = TypeVar("Settings", bound=DetectorSettings)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Sweep:
    """A parsed ``--sweep``: the option, its values in ascending order, and the value the
    agent's settings give it now (configured, else the option's default)."""

    detector: str
    option: str
    values: tuple[OptionValue, ...]
    current: OptionValue | None

    @property
    def key(self) -> str:
        """``detector.option``, as written on the command line."""
        return f"{self.detector}.{self.option}"


def parse_sweep(text: str, settings: DetectorSettings) -> Sweep:
    """The sweep ``text`` names, its current value read from ``settings``. Raises
    ``ValueError`` naming the unknown detector or option, or what is wrong with the values."""
    key, sep, spec = text.partition("=")
    detector, dot, option = key.strip().partition(".")
    if not sep or not dot or not detector or not option or not spec.strip():
        raise ValueError(f"{text!r}: expected detector.option=a:b:step or detector.option=v1,v2,...")
    by_name = {t.name: t for t in DETECTOR_TYPES}
    if detector not in by_name:
        raise ValueError(f"unknown detector {detector!r}; known: {sorted(by_name)}")
    config_type = by_name[detector].config_type
    defaults: dict[str, Any] = {f.name: f.default for f in dataclasses.fields(config_type)}
    hints: dict[str, Any] = {**field_types(config_type), _ENABLED: bool}
    defaults[_ENABLED] = True
    if option not in hints:
        raise ValueError(f"unknown option {option!r} for detector {detector}; known: {sorted(hints)}")
    kind = _scalar_type(hints[option], f"{detector}.{option}")
    values = _range(spec, kind) if ":" in spec else [_value(item, kind) for item in spec.split(",")]
    unique = sorted(set(values))
    if len(unique) > MAX_SWEEP_VALUES:
        raise ValueError(f"{key}: {len(unique)} values, more than {MAX_SWEEP_VALUES}; take a larger step")
    configured = settings.detectors.get(detector, {})
    current = configured.get(option, defaults[option])
    return Sweep(detector=detector, option=option, values=tuple(unique), current=_known(current))


def with_value(settings: Settings, sweep: Sweep, value: OptionValue) -> Settings:
    """``settings`` with ``detectors.<detector>.<option>`` set to ``value`` (a copy)."""
    options = {**settings.detectors.get(sweep.detector, {}), sweep.option: value}
    return dataclasses.replace(settings, detectors={**settings.detectors, sweep.detector: options})


def flat_range(
    values: Sequence[OptionValue], outcomes: Sequence[Hashable], current: OptionValue | None
) -> tuple[OptionValue, OptionValue] | None:
    """The widest run of consecutive ``values`` around ``current`` whose ``outcomes`` (one per
    value, compared for equality) equal the outcome at ``current``; ``None`` when ``current``
    is not among the values."""
    if current not in values:
        return None
    at = values.index(current)
    low = high = at
    while low > 0 and outcomes[low - 1] == outcomes[at]:
        low -= 1
    while high < len(values) - 1 and outcomes[high + 1] == outcomes[at]:
        high += 1
    return values[low], values[high]


def _known(value: Any) -> OptionValue | None:
    """A value in use, as the sweep compares it (a missing default is none)."""
    return value if isinstance(value, int | float | bool) else None


def _scalar_type(hint: Any, key: str) -> type[OptionValue]:
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        members = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        hint = members[0] if len(members) == 1 else hint
    if hint in (bool, int, float):
        return typing.cast(type[OptionValue], hint)
    raise ValueError(f"{key} cannot be swept: its type is {hint}, not a number or a boolean")


def _range(spec: str, kind: type[OptionValue]) -> list[OptionValue]:
    parts = spec.split(":")
    if len(parts) != _RANGE_PARTS or kind is bool:
        raise ValueError(f"{spec!r}: a range is a:b:step over numbers; list booleans as true,false")
    start, stop, step = (_decimal(part) for part in parts)
    if step <= 0 or stop < start:
        raise ValueError(f"{spec!r}: a range needs a <= b and step > 0")
    count = int((stop - start) / step) + 1
    if count > MAX_SWEEP_VALUES:
        raise ValueError(f"{spec!r}: {count} values, more than {MAX_SWEEP_VALUES}; take a larger step")
    return [_typed(start + i * step, kind, spec) for i in range(count)]


def _value(item: str, kind: type[OptionValue]) -> OptionValue:
    if kind is bool:
        if item.strip().lower() not in _BOOLEANS:
            raise ValueError(f"{item.strip()!r} is not true or false")
        return _BOOLEANS[item.strip().lower()]
    return _typed(_decimal(item), kind, item.strip())


def _decimal(text: str) -> Decimal:
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise ValueError(f"{text.strip()!r} is not a number") from None
    if not value.is_finite():
        raise ValueError(f"{text.strip()!r} is not a finite number")
    return value


def _typed(value: Decimal, kind: type[OptionValue], spelled: str) -> OptionValue:
    if kind is float:
        return float(value)
    if value != value.to_integral_value():
        raise ValueError(f"{spelled!r}: the option takes integers, {value} is not one")
    return int(value)
