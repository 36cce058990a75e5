"""Curated public surfaces: each ``__all__`` lists exactly the package's public names, sorted
as ruff's RUF022 keeps them (constants, then classes, then functions), so nothing is exported
by accident (httpx's test_exported_members)."""

from __future__ import annotations

import inspect
from types import ModuleType

import pytest

import loopwatch.detect
import loopwatch.wire
import loopwatch_collector


def _public(package: ModuleType) -> set[str]:
    for name in package.__all__:  # lazily exported names (PEP 562) appear once resolved
        getattr(package, name)
    return {
        name
        for name, value in vars(package).items()
        if not name.startswith("_") and not inspect.ismodule(value) and name != "annotations"
    }


def _isort_key(name: str) -> tuple[int, str]:
    return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name)


@pytest.mark.parametrize("package", [loopwatch.detect, loopwatch_collector], ids=lambda p: p.__name__)
def test_all_is_exactly_the_public_names_sorted(package: ModuleType) -> None:
    assert set(package.__all__) == _public(package)
    assert package.__all__ == sorted(package.__all__, key=_isort_key)


def test_wire_exports_the_codec_and_the_generated_messages() -> None:
    # pb / pb_grpc are modules (the generated code), exported by name on purpose.
    assert set(loopwatch.wire.__all__) == _public(loopwatch.wire) | {"pb", "pb_grpc"}
    assert loopwatch.wire.__all__ == sorted(loopwatch.wire.__all__, key=_isort_key)
