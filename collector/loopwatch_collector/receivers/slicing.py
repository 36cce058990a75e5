"""How many events the ingestor hands to the pipeline at once: slices sized by time, not count.

Between two slices the ingestor yields to the event loop, and a verdict call that arrived
meanwhile runs first (``priority.py``). A verdict call needs a few loop iterations to get from
the socket to its handler (gRPC's poller thread, the request read, the handler task), and each
iteration may run one more slice, so a verdict waits for a few slices: their *duration* is what
``Evaluate`` pays under ingest. A fixed count of events cannot bound it, because an event's cost
varies several-fold (session creation, detectors with history, a busy host).

``SliceSizer`` keeps a moving average of the event loop thread's CPU time per event (the
thread's, so that a slice awaiting Redis does not count its network wait, during which verdicts
run anyway) and sizes the next slice to fit ``budget_s``, within ``[min_events, max_events]``.
Event-loop only.
"""

from __future__ import annotations

import time
from collections.abc import Callable

# A verdict waits for about three slices (see above) and its own idle p99 is about a
# millisecond: a quarter-millisecond slice keeps the wait well under that.
DEFAULT_SLICE_BUDGET_S = 0.00025
# Floor: each slice is one store transaction (a round trip with Redis), so tiny slices would
# multiply them; 4 events are ~40 us of CPU.
DEFAULT_MIN_SLICE_EVENTS = 4
# Ceiling: the fixed slice used before slices were timed, never exceeded.
DEFAULT_MAX_SLICE_EVENTS = 64
# Weight of the newest slice in the per-event cost average: reacts within a few slices.
_SMOOTHING = 0.25
# The first slice's guess of the cost of an event (the engine's steady state is ~10 us).
_INITIAL_EVENT_COST_S = 0.00002


class SliceSizer:
    """See the module docstring."""

    def __init__(
        self,
        *,
        budget_s: float = DEFAULT_SLICE_BUDGET_S,
        min_events: int = DEFAULT_MIN_SLICE_EVENTS,
        max_events: int = DEFAULT_MAX_SLICE_EVENTS,
        clock: Callable[[], float] = time.thread_time,
    ) -> None:
        if budget_s <= 0:
            raise ValueError("ingest slice budget_s must be > 0")
        if not 1 <= min_events <= max_events:
            raise ValueError("ingest slices need 1 <= min_events <= max_events")
        self._budget_s = budget_s
        self._min = min_events
        self._max = max_events
        self._clock = clock
        self._event_cost_s = _INITIAL_EVENT_COST_S

    @property
    def event_cost_s(self) -> float:
        """The current estimate of one event's cost, in seconds of loop-thread CPU."""
        return self._event_cost_s

    def size(self) -> int:
        """Events the next slice may hold."""
        if self._event_cost_s * self._max <= self._budget_s:  # also when the cost measured 0
            return self._max
        return max(self._min, int(self._budget_s / self._event_cost_s))

    def start(self) -> float:
        """A timestamp to pass to ``record`` once the slice is done."""
        return self._clock()

    def record(self, started: float, events: int) -> None:
        """Account a slice of ``events`` begun at ``started`` (from ``start``)."""
        if events <= 0:
            return
        cost = max(0.0, self._clock() - started) / events
        self._event_cost_s += _SMOOTHING * (cost - self._event_cost_s)
