"""The coding-agent end-to-end tests run only under ``make coding-agents`` (which installs the
CLIs and sets ``LOOPWATCH_CODING_AGENTS=1``): the main suite, and CI, need no npm."""

from __future__ import annotations

import os

import pytest

ENABLED = os.environ.get("LOOPWATCH_CODING_AGENTS") == "1"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if ENABLED:
        return
    skip = pytest.mark.skip(reason="coding-agent CLIs: run `make coding-agents`")
    for item in items:
        if "tests/coding_agents/" in str(item.path):
            item.add_marker(skip)
