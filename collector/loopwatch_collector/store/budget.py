"""What a session costs the in-memory store, in bytes, for its byte budget (``sessions.max_bytes``).

Two measures, both charged per stored entry on top of ``ENTRY_BYTES`` (the key string and the
store's dict and LRU slots):

- a compacted session: its encoded bytes, exactly (``len``);
- a live session: an estimate, because measuring Python objects (or encoding the record, ~100 us)
  on every update would cost more than the update. It counts what grows with content and is
  cheap to read: the event ids the session remembers (``SessionState.seen_event_ids``, at most
  ``EVENT_ID_MEMORY``), the characters of its timeline (clipped arguments and previews of the
  last steps; it also stands for the detector windows those steps filled), the step log's own
  estimate and the verdict messages kept (which quote evidence). It is monotone in each of them,
  and reading it walks at most ~40 short lists (the timeline and verdict history bounds).

The constants are calibrated on resident memory, since the budget is there to bound the process:
tracemalloc over the pipeline with the default detectors (sessions of 1 to 256 steps shaped as
in ``bench/bench_memory.py``) gave how each part grows, scaled by the ~1.35 that RSS growth
adds to traced bytes (allocator pools and fragmentation; ``python -m bench memory``: 8.6 KB
live, 1.15 KB compacted per 4-step session). The estimate is within ~10 % of that between 4
and 256 steps. Pure; any thread.
"""

from __future__ import annotations

from loopwatch_collector.store.base import SessionRecord

#: A live record before its content: SessionState, default detector states, the record and its
#: timeline objects (tracemalloc: ~2.7-3.0 KB for a one-step session, x1.35 for RSS).
LIVE_RECORD_BYTES = 3600
#: Per remembered event id: the id string, its dict slot and the detector entries the same
#: event left (tracemalloc: +31.8 KB over 384 more ids once the timeline stops growing: ~80 B).
EVENT_ID_BYTES = 100
#: Per character of timeline JSON: the string itself plus the detector windows the same steps
#: filled (tracemalloc: 2.8-3.4 bytes per character between 1 and 64 steps).
TIMELINE_CHAR_BYTES = 4
#: Per stored entry, beside the record: the key string (~80 B for a 32-hex trace id), its slots
#: in the store's ordered dicts (~100 B), the bytes object's and malloc's headers (~50 B), and
#: the share of allocator pools the live phase left behind (RSS 1 149 B against 811 B of data).
ENTRY_BYTES = 320


def live_bytes(record: SessionRecord) -> int:
    """The estimated bytes a live ``record`` holds (see the module docstring)."""
    content = TIMELINE_CHAR_BYTES * sum(len(step) for step in record.timeline.steps)
    content += EVENT_ID_BYTES * len(record.state.seen_event_ids)
    content += sum(len(verdict.message or "") for verdict in record.verdicts)
    if record.step_log is not None:
        content += record.step_log.approx_bytes
    return ENTRY_BYTES + LIVE_RECORD_BYTES + content


def compacted_bytes(data: bytes) -> int:
    """The bytes a compacted entry holding ``data`` costs the store."""
    return ENTRY_BYTES + len(data)
