"""Fixtures for the offline deployment checks (Dockerfile, compose, Kubernetes, configs)."""

from __future__ import annotations

import shutil

import pytest


@pytest.fixture(scope="session")
def promtool() -> str:
    """Path of promtool; a missing promtool fails the test (scripts/install-system-deps.sh)."""
    path = shutil.which("promtool")
    if path is None:
        pytest.fail("promtool not found: run scripts/install-system-deps.sh (Debian package prometheus)")
    return path
