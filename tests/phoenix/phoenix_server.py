"""Arize Phoenix as a subprocess on 127.0.0.1, from its own virtualenv (``make phoenix``).

``LOOPWATCH_PHOENIX_PYTHON`` names that virtualenv's interpreter; without it the Phoenix tests
are skipped (the main suite and CI never need Phoenix). ``running_phoenix()`` starts
``python -m phoenix.server.main serve`` with a temporary working directory (its SQLite
database), free HTTP and gRPC ports, telemetry and downloads off, waits for ``/healthz`` and
always stops it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx

PHOENIX_PYTHON = os.environ.get("LOOPWATCH_PHOENIX_PYTHON", "")
_LOCALHOST = "127.0.0.1"
# Phoenix migrates its SQLite database on start: ~10 s alone, a minute on a busy 2-core machine.
_START_TIMEOUT_S = 180.0
_STOP_TIMEOUT_S = 15.0
_POLL_S = 0.5


@dataclass(frozen=True, slots=True)
class RunningPhoenix:
    python: str
    http_port: int
    grpc_port: int

    @property
    def base_url(self) -> str:
        return f"http://{_LOCALHOST}:{self.http_port}"

    @property
    def grpc_target(self) -> str:
        return f"{_LOCALHOST}:{self.grpc_port}"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((_LOCALHOST, 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def running_phoenix(python: str = PHOENIX_PYTHON) -> Iterator[RunningPhoenix]:
    """Phoenix serving on free loopback ports; raises ``RuntimeError`` with its log if it
    does not become healthy in time."""
    with tempfile.TemporaryDirectory(prefix="loopwatch-phoenix-") as tmp:
        phoenix = RunningPhoenix(python=python, http_port=_free_port(), grpc_port=_free_port())
        env = {
            **os.environ,
            "PHOENIX_HOST": _LOCALHOST,
            "PHOENIX_PORT": str(phoenix.http_port),
            "PHOENIX_GRPC_PORT": str(phoenix.grpc_port),
            "PHOENIX_WORKING_DIR": tmp,
            "PHOENIX_TELEMETRY_ENABLED": "false",
            "PHOENIX_ALLOW_EXTERNAL_RESOURCES": "false",
        }
        log_path = Path(tmp) / "phoenix.log"
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                [python, "-m", "phoenix.server.main", "serve"], env=env, stdout=log, stderr=subprocess.STDOUT
            )
        try:
            _wait_healthy(phoenix, process, log_path)
            yield phoenix
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(_STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_healthy(phoenix: RunningPhoenix, process: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + _START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{phoenix.base_url}/healthz", timeout=2).status_code == httpx.codes.OK:
                return
        time.sleep(_POLL_S)
    tail = log_path.read_text(encoding="utf-8", errors="replace")[-4000:]
    raise RuntimeError(f"Phoenix did not become healthy (exit code {process.poll()}):\n{tail}")
