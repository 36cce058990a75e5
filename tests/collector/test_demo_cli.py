"""`loopwatch demo` end to end, as a user runs it: verdicts printed, /ui answers, Ctrl-C stops it."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

LOOPWATCH = Path(sys.executable).with_name("loopwatch")
# Generous for a loaded CI machine: the demo itself takes a few seconds.
READY_TIMEOUT_S = 60.0
# What the issue promises a user: Ctrl-C ends the demo within two seconds.
SIGINT_EXIT_S = 2.0


@pytest.fixture
def demo() -> Iterator[subprocess.Popen[str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LOOPWATCH_", "OTEL_"))}
    process = subprocess.Popen(
        [str(LOOPWATCH), "demo"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=10)


def _read_until_ready(process: subprocess.Popen[str]) -> str:
    """stdout up to the "Ctrl-C to stop" line, read on a thread so a silent demo fails in time."""
    assert process.stdout is not None
    stdout = process.stdout
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in stdout:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    seen: list[str] = []
    deadline = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            continue
        seen.append(line)
        if line.startswith("Ctrl-C to stop"):
            return "".join(seen)
    raise AssertionError(f"the demo did not get ready: {''.join(seen)}")


def test_the_demo_prints_verdicts_serves_the_page_and_stops_on_ctrl_c(demo: subprocess.Popen[str]) -> None:
    out = _read_until_ready(demo)
    assert re.search(r"step 3: NUDGE \(identical_call\)", out), out
    assert re.search(r"step 5: WITHDRAW_TOOLS \(identical_call\)", out), out
    assert "every verdict CONTINUE" in out  # the healthy agent is left alone
    page = re.search(r"The session page: (http://127\.0\.0\.1:\d+)/ui", out)
    assert page is not None, out
    base = page.group(1)
    assert httpx.get(base + "/ui", timeout=5).status_code == 200
    sessions = httpx.get(base + "/v1/sessions", timeout=5).json()["sessions"]
    by_agent = {s["agent"]: s for s in sessions}
    assert by_agent["demo-looping-agent"]["looping"] is True
    assert by_agent["demo-looping-agent"]["strongest_verdict"]["action"] == "withdraw_tools"
    assert by_agent["demo-healthy-agent"]["looping"] is False
    demo.send_signal(signal.SIGINT)
    started = time.monotonic()
    assert demo.wait(timeout=10) == 0
    assert time.monotonic() - started < SIGINT_EXIT_S


def test_no_wait_exits_after_the_verdicts() -> None:
    done = subprocess.run(
        [str(LOOPWATCH), "demo", "--no-wait"],
        capture_output=True,
        text=True,
        timeout=READY_TIMEOUT_S,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "WITHDRAW_TOOLS" in done.stdout
    assert "Ctrl-C" not in done.stdout
