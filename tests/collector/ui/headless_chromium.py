"""Headless Chromium (Debian's ``chromium``) driven over the Chrome DevTools Protocol.

A small client, enough for page tests: open a page, evaluate JavaScript, wait for a condition,
take a PNG screenshot. Every failed wait saves a screenshot and names its path in the
assertion message, so a red test shows what the browser showed. No browser is downloaded: a
missing ``chromium`` is a failure (``scripts/install-system-deps.sh`` installs it).
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import shutil
import struct
import subprocess
import tempfile
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

# The flags this sandboxed, network-less machine needs (no GPU, no setuid sandbox, no calls home).
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)
_START_TIMEOUT_S = 30.0  # a cold chromium on a loaded 2-core CI machine
_CALL_TIMEOUT_S = 20.0
_POLL_S = 0.1


class BrowserError(RuntimeError):
    """A DevTools call failed or the browser did not start."""


class Browser:
    """One headless Chromium process and its DevTools connection; use ``Browser.start()``."""

    def __init__(self, process: subprocess.Popen[bytes], socket: ClientConnection, screenshots: Path) -> None:
        self._process = process
        self._socket = socket
        self._ids = itertools.count(1)
        self.screenshots = screenshots

    @classmethod
    @contextlib.contextmanager
    def start(cls, screenshots: Path) -> Iterator[Browser]:
        """Start chromium with a fresh profile; stopped and cleaned up on exit."""
        executable = shutil.which("chromium")
        if executable is None:
            raise BrowserError("chromium is not installed (run scripts/install-system-deps.sh)")
        profile = Path(tempfile.mkdtemp(prefix="loopwatch-chromium-"))
        log = (screenshots / "chromium.log").open("wb")
        process = subprocess.Popen(
            [
                executable,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                "--remote-debugging-port=0",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        try:
            socket = connect(_devtools_url(profile, process), max_size=None, open_timeout=_START_TIMEOUT_S)
            try:
                yield cls(process, socket, screenshots)
            finally:
                socket.close()
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            log.close()
            shutil.rmtree(profile, ignore_errors=True)

    def call(self, method: str, params: dict[str, Any] | None = None, *, session: str | None = None) -> Any:
        """Send one DevTools command and return its result (events in between are skipped)."""
        message_id = next(self._ids)
        message: dict[str, Any] = {"id": message_id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        self._socket.send(json.dumps(message))
        deadline = time.monotonic() + _CALL_TIMEOUT_S
        while True:
            reply = json.loads(self._socket.recv(timeout=max(0.0, deadline - time.monotonic())))
            if reply.get("id") == message_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def new_page(self, *, width: int = 1280, height: int = 900) -> Page:
        """A new tab with a fixed viewport (screenshots of a known size)."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
            session=session,
        )
        return Page(self, session)


@dataclass(slots=True)
class Page:
    """One tab, addressed by its DevTools session."""

    browser: Browser
    session: str

    def goto(self, url: str) -> None:
        self.browser.call("Page.navigate", {"url": url}, session=self.session)
        self.wait_for(
            "document.readyState === 'complete' && location.href !== 'about:blank'", what=f"load {url}"
        )

    def evaluate(self, expression: str) -> Any:
        """The JSON value of ``expression`` (promises awaited); a page exception raises."""
        result = self.browser.call(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
            session=self.session,
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression!r} threw: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, *, what: str, timeout_s: float = 15.0) -> Any:
        """Poll ``expression`` until truthy; on timeout fail with a screenshot's path."""
        deadline = time.monotonic() + timeout_s
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                shot = self.screenshot(f"timeout-{_slug(what)}")
                raise AssertionError(f"timed out waiting for {what} ({expression}); screenshot: {shot}")
            time.sleep(_POLL_S)

    def screenshot(self, name: str) -> Path:
        """Save a PNG of the viewport under the browser's screenshot folder; returns its path."""
        data = self.browser.call("Page.captureScreenshot", {"format": "png"}, session=self.session)["data"]
        path = self.browser.screenshots / f"{_slug(name)}.png"
        path.write_bytes(base64.b64decode(data))
        return path


@dataclass(frozen=True, slots=True)
class Image:
    """A decoded 8-bit RGB(A) PNG: ``pixels`` holds ``channels`` bytes per pixel, row by row."""

    width: int
    height: int
    channels: int
    pixels: bytes

    def count(self, rgb: tuple[int, int, int]) -> int:
        """How many pixels have exactly this colour."""
        target = bytes(rgb)
        step = self.channels
        return sum(1 for i in range(0, len(self.pixels), step) if self.pixels[i : i + 3] == target)

    def distinct_colours(self) -> int:
        step = self.channels
        return len({self.pixels[i : i + 3] for i in range(0, len(self.pixels), step)})


def read_png(path: Path) -> Image:
    """Decode a non-interlaced 8-bit RGB or RGBA PNG (what Chromium's screenshots are)."""
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    offset, idat, header = 8, bytearray(), b""
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour_type not in (2, 6) or interlace:
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {colour_type})")
    channels = 3 if colour_type == 2 else 4
    return Image(width, height, channels, _unfilter(zlib.decompress(bytes(idat)), width, height, channels))


def _unfilter(raw: bytes, width: int, height: int, bpp: int) -> bytes:
    stride = width * bpp
    out = bytearray(stride * height)
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - bpp] if x >= bpp else 0
            up = previous[x]
            corner = previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                line[x] = (line[x] + _paeth(left, up, corner)) & 0xFF
        out[y * stride : (y + 1) * stride] = line
        previous = line
    return bytes(out)


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _devtools_url(profile: Path, process: subprocess.Popen[bytes]) -> str:
    """Chromium writes its port and browser endpoint to DevToolsActivePort once it listens."""
    marker = profile / "DevToolsActivePort"
    deadline = time.monotonic() + _START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise BrowserError(f"chromium exited with status {process.returncode} at start-up")
        lines = marker.read_text().split() if marker.exists() else []
        if len(lines) >= 2:
            return f"ws://127.0.0.1:{lines[0]}{lines[1]}"
        time.sleep(_POLL_S)
    raise BrowserError(f"chromium did not open its DevTools port within {_START_TIMEOUT_S} s")


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text)[:80]
