"""Every command and code block of the documentation runs (tests/docs/fences.py says how), or
says why it cannot; YAML blocks parse."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml

from tests.docs.fences import DEFAULT_PORTS, KNOWN_LANGUAGES, RUN_LANGUAGES, Fence, fences, with_ports

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
# The pages whose blocks are checked. Each page joins once its blocks run here or carry their
# markers.
CHECKED_PAGES = (
    "benchmarks.md",
    "calibration.md",
    "capacity.md",
    "coding-agents.md",
    "collector.md",
    "configuration.md",
    "deployment.md",
    "design.md",
    "detection.md",
    "eval.md",
    "getting-started.md",
    "index.md",
    "redis.md",
    "sdk.md",
    "security.md",
    "sessions.md",
    "tenant-fairness.md",
    "verdicts-in-your-tracing-tool.md",
    "zero-code.md",
)
# Pages at the repository's root: what a newcomer reads first.
ROOT_PAGES = ("README.md", "CONTRIBUTING.md")
DOCUMENTS = [REPO / "docs" / name for name in CHECKED_PAGES] + [REPO / name for name in ROOT_PAGES]
# Generous for a loaded CI machine: a cold `loopwatch serve` or example takes a few seconds.
BLOCK_TIMEOUT_S = 120.0
READY_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 15.0
_POLL_S = 0.2


def _runnable_pages() -> list[Path]:
    return [page for page in DOCUMENTS if any(f.runs for f in fences(page))]


def test_every_block_runs_or_says_why_not() -> None:
    """Parsing raises for a dangling marker, an unclosed fence or a not-run without reason;
    every block's language is one the test runs, parses or reads; markers are only on blocks
    that would run, and background blocks say when they are up."""
    for page in DOCUMENTS:
        for fence in fences(page):
            assert fence.language in KNOWN_LANGUAGES, f"{fence.where}: a {fence.language!r} block, not sh"
            if fence.marker is not None:
                assert fence.language in RUN_LANGUAGES, f"{fence.where}: a marker on a {fence.language} block"
            if fence.marker == "background":
                fence.until()


def test_yaml_blocks_parse() -> None:
    for page in DOCUMENTS:
        for fence in fences(page):
            if fence.language == "yaml":
                list(yaml.safe_load_all(fence.body))


@pytest.mark.parametrize("page", _runnable_pages(), ids=lambda p: p.name)
def test_the_page_runs(page: Path) -> None:
    with _page_run() as run:
        for fence in fences(page):
            if fence.runs:
                run.block(fence)


class _PageRun:
    """One page's blocks in order, sharing free ports and the background processes."""

    def __init__(self) -> None:
        self.ports = {default: _free_port() for default in DEFAULT_PORTS}
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("LOOPWATCH_", "OTEL_"))}
        self.env["PATH"] = f"{BIN}{os.pathsep}{self.env.get('PATH', '')}"
        self.env.update({name: str(self.ports[default]) for default, name in DEFAULT_PORTS.items()})
        self.background: list[tuple[Fence, subprocess.Popen[str], threading.Thread]] = []
        self.collector_started = False

    def block(self, fence: Fence) -> None:
        if fence.marker == "with-collector" and not self.collector_started:
            self._start(fence, "loopwatch serve\n", url=f"http://localhost:{self.ports[8080]}/readyz")
            self.collector_started = True
        if fence.marker == "background":
            text, url = fence.until()
            self._start(fence, fence.body, text=text, url=with_ports(url, self.ports) if url else None)
            self.collector_started = self.collector_started or "loopwatch serve" in fence.body
            return
        done = subprocess.run(
            self._command(fence, with_ports(fence.body, self.ports)),
            cwd=REPO,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=BLOCK_TIMEOUT_S,
            check=False,
        )
        assert done.returncode == 0, f"{fence.where} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"

    def _command(self, fence: Fence, body: str) -> list[str]:
        if fence.language == "python":
            return [sys.executable, "-c", body]
        return ["bash", "-e", "-o", "pipefail", "-c", body]

    def _start(self, fence: Fence, body: str, *, text: str | None = None, url: str | None = None) -> None:
        process = subprocess.Popen(
            self._command(fence, with_ports(body, self.ports)),
            cwd=REPO,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,  # SIGINT goes to the command's whole process group
        )
        output: list[str] = []
        assert process.stdout is not None
        stdout = process.stdout

        def read() -> None:
            for line in stdout:
                output.append(line)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        self.background.append((fence, process, reader))
        deadline = time.monotonic() + READY_TIMEOUT_S
        while time.monotonic() < deadline:
            assert process.poll() is None, f"{fence.where} exited {process.returncode}:\n{''.join(output)}"
            if text is not None and text in "".join(output):
                return
            if url is not None and _answers(url):
                return
            time.sleep(_POLL_S)
        raise AssertionError(f"{fence.where} was not up within {READY_TIMEOUT_S} s:\n{''.join(output)}")

    def stop(self) -> list[str]:
        """SIGINT to every background block, newest first; the problems found."""
        problems = []
        for fence, process, reader in reversed(self.background):
            problems.extend(_interrupt(fence, process))
            reader.join(timeout=STOP_TIMEOUT_S)  # EOF once the process is gone
            if process.stdout is not None:
                process.stdout.close()
        return problems


def _interrupt(fence: Fence, process: subprocess.Popen[str]) -> list[str]:
    """Ctrl-C ``process`` (its group); what went wrong, if anything."""
    if process.poll() is not None:
        return [f"{fence.where} ended before the page did (status {process.returncode})"]
    os.killpg(process.pid, signal.SIGINT)
    try:
        status = process.wait(timeout=STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return [f"{fence.where} did not stop on Ctrl-C within {STOP_TIMEOUT_S} s"]
    return [f"{fence.where} exited {status} on Ctrl-C"] if status != 0 else []


@contextmanager
def _page_run() -> Iterator[_PageRun]:
    run = _PageRun()
    try:
        yield run
    finally:
        problems = run.stop()
    assert not problems, problems


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
