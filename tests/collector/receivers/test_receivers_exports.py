"""The receivers' and the mapper's public surface: ``__all__`` complete and importable (its
order is ruff's RUF022 style: constants, classes, functions)."""

from __future__ import annotations

import importlib

import pytest


@pytest.mark.parametrize("module_name", ["loopwatch_collector.receivers", "loopwatch_collector.mapping"])
def test_all_is_complete_and_importable(module_name: str) -> None:
    module = importlib.import_module(module_name)
    exported = module.__all__
    assert len(set(exported)) == len(exported)
    for name in exported:
        assert getattr(module, name) is not None
    public = {n for n, v in vars(module).items() if not n.startswith("_") and not isinstance(v, type(module))}
    public -= {"annotations"}
    assert public == set(exported)
