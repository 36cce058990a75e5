"""The public surface is exactly what ``__all__`` lists (httpx's test_exported_members)."""

from __future__ import annotations

import inspect

import loopwatch
import loopwatch.integrations


def test_all_matches_the_public_names_of_the_package() -> None:
    public = {
        name
        for name, value in vars(loopwatch).items()
        if not name.startswith("_") and not inspect.ismodule(value) and name != "annotations"
    }
    assert set(loopwatch.__all__) == public
    assert loopwatch.__all__ == sorted(loopwatch.__all__)


def test_integrations_all_is_sorted() -> None:
    assert loopwatch.integrations.__all__ == sorted(loopwatch.integrations.__all__)


def test_version_comes_from_the_installed_distribution() -> None:
    from importlib.metadata import version

    assert loopwatch.__version__ == version("loopwatch")
    assert loopwatch.__version__.count(".") >= 2
