"""Repository-wide pytest fixtures."""

from __future__ import annotations

import pytest


@pytest.fixture
def anyio_backend() -> str:
    """Async tests (``@pytest.mark.anyio``) run on asyncio: grpc.aio and uvicorn need it."""
    return "asyncio"
