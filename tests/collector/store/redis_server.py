"""A real ``redis-server`` for tests and benchmarks: free port, temp dir, always stopped.

``redis-server`` comes from Debian (``scripts/install-system-deps.sh``, run by ``make test``).
A missing binary is a test failure, not a skip: the Redis store is only tested against the
real server.
"""

from __future__ import annotations

import contextlib
import random
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

# Start-up of a local redis-server takes ~10 ms; a loaded CI machine gets 100x that.
_START_TIMEOUT_S = 10.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


# A cluster node also listens on its port + 10000 (the cluster bus), so its port must be at most
# 55535 and both must be free.
_CLUSTER_PORTS = range(20000, 55535)


def free_cluster_port() -> int:
    for _ in range(100):
        port = random.choice(_CLUSTER_PORTS)
        try:
            with socket.socket() as a, socket.socket() as b:
                a.bind(("127.0.0.1", port))
                b.bind(("127.0.0.1", port + 10000))
        except OSError:
            continue
        return port
    raise RuntimeError("no free port pair for a Redis Cluster node")


class RedisServer:
    """One ``redis-server`` process with append-only persistence in ``directory``.

    ``stop()`` / ``start()`` restart it on the same port with the same data (AOF), as an
    operator's restart would; ``kill()`` is SIGKILL.
    """

    def __init__(self, directory: Path, port: int | None = None, extra_args: tuple[str, ...] = ()) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed: run scripts/install-system-deps.sh")
        self.binary = binary
        self.directory = directory
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.extra_args = extra_args

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        if self.process is not None:
            return
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port", str(self.port),
                "--bind", "127.0.0.1",
                "--dir", str(self.directory),
                "--save", "",
                "--appendonly", "yes",
                "--appendfsync", "always",
                "--protected-mode", "no",
                "--loglevel", "warning",
                "--logfile", str(self.directory / "redis.log"),
                *self.extra_args,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + _START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = (self.directory / "redis.log").read_text(errors="replace")
                raise RuntimeError(f"redis-server exited with {self.process.returncode}: {log[-2000:]}")
            if self._answers_ping():
                return
            time.sleep(0.01)
        self.stop()
        raise RuntimeError(f"redis-server did not answer on port {self.port}")

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def kill(self) -> None:
        process, self.process = self.process, None
        if process is not None:
            process.kill()
            process.wait()

    def cluster_ok(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                sock.sendall(b"CLUSTER INFO\r\n")
                return b"cluster_state:ok" in sock.recv(4096)
        except OSError:
            return False

    def _answers_ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith((b"+PONG", b"-NOAUTH"))  # NOAUTH: up, wants AUTH
        except OSError:
            return False


@contextlib.contextmanager
def running_redis(directory: Path, extra_args: tuple[str, ...] = ()) -> Iterator[RedisServer]:
    server = RedisServer(directory, extra_args=extra_args)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def running_redis_cluster(directory: Path, nodes: int = 3) -> Iterator[list[RedisServer]]:
    """A Redis Cluster of ``nodes`` masters (no replicas), slots spread by ``redis-cli``."""
    cli = shutil.which("redis-cli")
    if cli is None:
        raise RuntimeError("redis-cli is not installed: run scripts/install-system-deps.sh")
    servers = []
    try:
        for n in range(nodes):
            node_dir = directory / f"node{n}"
            node_dir.mkdir()
            server = RedisServer(
                node_dir, free_cluster_port(), extra_args=("--cluster-enabled", "yes", "--appendonly", "no")
            )
            server.start()
            servers.append(server)
        subprocess.run(
            [cli, "--cluster", "create", *(f"127.0.0.1:{s.port}" for s in servers), "--cluster-replicas", "0",
             "--cluster-yes"],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=_START_TIMEOUT_S,
        )  # fmt: skip
        deadline = time.monotonic() + _START_TIMEOUT_S
        while not all(s.cluster_ok() for s in servers):
            if time.monotonic() > deadline:
                raise RuntimeError("redis cluster did not become ready")
            time.sleep(0.05)
        yield servers
    finally:
        for server in servers:
            server.stop()
