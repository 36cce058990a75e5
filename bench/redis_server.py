"""A throwaway redis-server for the benchmarks that need one (``bench_redis``,
``bench_redis_client``): a free loopback port, no persistence, stopped on exit.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator


@contextlib.contextmanager
def redis_server() -> Iterator[tuple[str, int]]:
    """A throwaway redis-server (no persistence: the benchmark measures the hot path); yields
    its URL and pid."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server not found: run scripts/install-system-deps.sh")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="bench-redis-") as tmp:
        cmd = [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--dir",
            tmp,
            "--save",
            "",
            "--appendonly",
            "no",
        ]
        process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        break
                time.sleep(0.02)
            yield f"redis://127.0.0.1:{port}/0", process.pid
        finally:
            process.terminate()
            process.wait(10)
