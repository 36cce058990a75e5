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


@pytest.fixture(scope="session")
def amtool() -> str:
    """Path of amtool; missing fails the test (scripts/install-system-deps.sh: prometheus-alertmanager)."""
    path = shutil.which("amtool")
    if path is None:
        pytest.fail(
            "amtool not found: run scripts/install-system-deps.sh (Debian package prometheus-alertmanager)"
        )
    return path
