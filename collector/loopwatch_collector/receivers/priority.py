"""Verdicts first: ingest work yields to verdict calls running on the same event loop.

``Evaluate`` / ``GetVerdict`` (gRPC and REST) run inside ``priority.verdict()``; the ingestor
awaits ``priority.wait_for_verdicts()`` before each slice of events it hands to the pipeline.
While any verdict call is in progress, ingestion pauses (at most ``max_pause_s`` at a time, so
a constant stream of verdict calls slows ingest down but never starves it). Event-loop only.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

# Longest a slice of ingest waits for verdict calls to finish: verdict calls take about a
# millisecond, so only a saturating stream of them waits this long.
DEFAULT_MAX_PAUSE_S = 0.05


class VerdictPriority:
    """See the module docstring."""

    def __init__(self, *, max_pause_s: float = DEFAULT_MAX_PAUSE_S) -> None:
        self._active = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._max_pause_s = max_pause_s

    @contextlib.contextmanager
    def verdict(self) -> Iterator[None]:
        """Mark a verdict call in progress for the duration of the ``with`` block."""
        self._active += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._active -= 1
            if not self._active:
                self._idle.set()

    async def wait_for_verdicts(self) -> None:
        """Yield to the event loop, then wait (bounded) until no verdict call is running."""
        await asyncio.sleep(0)
        if self._active:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._idle.wait(), self._max_pause_s)
