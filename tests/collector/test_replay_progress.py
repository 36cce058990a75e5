"""``loopwatch replay`` progress: drawn on a terminal's stderr, absent when piped, stdout untouched."""

from __future__ import annotations

import io
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

from loopwatch_collector.cli.progress import Progress

FILES = 40


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    for n in range(FILES):
        events: list[dict[str, object]] = []
        for i in range(n % 5):
            call = {"id": f"c{i}", "name": "grep", "arguments": {"q": "x"}}
            events.append({"type": "message", "role": "assistant", "text": "", "tool_calls": [call]})
            events.append({"type": "tool_result", "call_id": f"c{i}", "content": "", "is_error": False})
        (folder / f"s{n:03}.json").write_text(
            json.dumps({"id": f"s{n:03}", "events": events}), encoding="utf-8"
        )
    (folder / "zz-broken.json").write_text("{oops", encoding="utf-8")
    return folder


def _replay(folder: Path, *, stderr_tty: bool) -> tuple[bytes, bytes, int]:
    """Run ``loopwatch replay --format jsonl`` with stdout piped and stderr a pipe or a pty."""
    command = [sys.executable, "-m", "loopwatch_collector.cli", "replay", str(folder), "--format", "jsonl"]
    if not stderr_tty:
        result = subprocess.run(command, capture_output=True, timeout=120, check=False)
        return result.stdout, result.stderr, result.returncode
    leader, follower = pty.openpty()
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=follower) as process:
        os.close(follower)
        stdout, _ = process.communicate(timeout=120)
        drawn = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            drawn += chunk
        os.close(leader)
        return stdout, drawn, process.returncode


def test_progress_on_a_terminal_and_byte_identical_jsonl(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    piped_out, piped_err, piped_status = _replay(folder, stderr_tty=False)
    tty_out, tty_err, tty_status = _replay(folder, stderr_tty=True)
    assert tty_out == piped_out  # the shared scorer parses stdout: progress never touches it
    assert len(piped_out.splitlines()) == FILES
    assert piped_status == tty_status == 2  # the broken file: bad input
    # Piped: stderr is only the error line. On a terminal: the progress line too, then cleared.
    assert piped_err.decode().splitlines() == [
        line for line in piped_err.decode().splitlines() if "zz-broken" in line
    ]
    assert len(piped_err.decode().splitlines()) == 1
    text = tty_err.decode()
    assert f"loopwatch replay: {FILES + 1}/{FILES + 1} (100%)" in text
    assert "zz-broken.json" in text
    assert text.endswith("\r\x1b[K")  # the progress line is removed at the end


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_redraws_are_throttled_and_the_last_one_is_always_drawn() -> None:
    stream, clock = _Terminal(), _Clock()
    progress = Progress(stream, total=100, label="work", clock=clock)
    for _ in range(99):
        progress.advance()  # the clock stands still: only the first draw happens
    assert stream.getvalue().count("work:") == 1
    progress.advance()
    assert stream.getvalue().endswith("work: 100/100 (100%) 0.0 s")


def test_nothing_is_written_when_the_stream_is_not_a_terminal() -> None:
    stream = io.StringIO()
    progress = Progress(stream, total=3, label="work")
    for _ in range(3):
        progress.advance()
    progress.message("a problem")
    progress.clear()
    assert stream.getvalue() == "a problem\n"


def test_an_empty_run_draws_nothing() -> None:
    stream = _Terminal()
    progress = Progress(stream, total=0, label="work")
    progress.clear()
    assert stream.getvalue() == ""
