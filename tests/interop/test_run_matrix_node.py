"""The Node.js step of ``make interop`` without Node.js: skipped on a developer's machine, an
error in CI (where a missing server is a failure, never a skip)."""

from __future__ import annotations

import pytest

from tests.interop.run_matrix import NODE_MATRIX, ensure_node_package


@pytest.fixture
def no_node(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "")  # neither node nor npm can be found


@pytest.mark.usefixtures("no_node")
def test_a_node_group_is_skipped_without_node_outside_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    assert ensure_node_package(next(iter(NODE_MATRIX))) is None


@pytest.mark.usefixtures("no_node")
def test_a_node_group_without_node_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(RuntimeError, match="node and npm are required in CI"):
        ensure_node_package(next(iter(NODE_MATRIX)))
