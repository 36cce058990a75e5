"""Progress of a long command (``loopwatch replay`` over a large folder) on a terminal.

Drawn on stderr, one line rewritten in place, and only when stderr is a terminal: piped or
redirected, the command prints exactly what it printed before (``replay --format jsonl`` is
parsed by other tools, and its stdout is never touched here). Messages (a bad file) are printed
on their own line above the progress line.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

# Redraws per second are capped: a folder of small files replays thousands per second, and a
# terminal redrawn that often costs more than the replay.
_REDRAW_INTERVAL_S = 0.1
_CLEAR_LINE = "\r\x1b[K"


class Progress:
    """Counts done items out of ``total`` and shows ``label: done/total (pct) elapsed`` on a TTY.

        Not thread-safe; one per command run. ``clear()`` removes the line (idempotent): before
    printing other output to the same terminal, and at the end.
    """

    def __init__(
        self, stream: TextIO, *, total: int, label: str, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._stream = stream
        self._enabled = stream.isatty() and total > 0
        self._total = total
        self._label = label
        self._clock = clock
        self._started = clock()
        self._drawn_at: float | None = None
        self._shown = False
        self.done = 0

    def advance(self, count: int = 1) -> None:
        """Count ``count`` more items done; redraws at most every ``_REDRAW_INTERVAL_S``."""
        self.done += count
        if not self._enabled:
            return
        now = self._clock()
        if self._drawn_at is None or now - self._drawn_at >= _REDRAW_INTERVAL_S or self.done == self._total:
            self._draw(now)

    def message(self, text: str) -> None:
        """Print ``text`` on its own line of the stream, above the progress line."""
        self.clear()
        self._stream.write(text + "\n")
        self._stream.flush()

    def clear(self) -> None:
        """Remove the progress line (redrawn by a later ``advance``); a no-op when not shown."""
        if self._shown:
            self._stream.write(_CLEAR_LINE)
            self._stream.flush()
            self._shown = False

    def _draw(self, now: float) -> None:
        percent = 100 * self.done // self._total
        elapsed = now - self._started
        line = f"{self._label}: {self.done}/{self._total} ({percent}%) {elapsed:.1f} s"
        self._stream.write(_CLEAR_LINE + line)
        self._stream.flush()
        self._drawn_at = now
        self._shown = True
