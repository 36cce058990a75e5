"""What a session costs the in-memory store, in bytes, for its byte budget (``sessions.max_bytes``).

Two measures, both charged per stored entry on top of ``ENTRY_BYTES`` (the key string and the
store's dict and LRU slots):

- a compacted session: its encoded bytes, exactly (``len``);
- a live session: an estimate, because measuring Python objects (or encoding the record, ~100 us)
  on every update would cost more than the update. It counts what grows with content and is
  cheap to read: the events the session remembers (``SessionState.seen_event_ids``, at most
  ``EVENT_ID_MEMORY``; the first ``WINDOW_EVENTS`` of them also fill the detector windows and
  the novelty memory, so they cost more), the characters of its step log (clipped arguments and
  previews of the last steps; with the export on, the first events too) and the verdict
  messages kept (which quote evidence). It is monotone in each of them, and reading it walks
  at most ~40 short strings with the default bounds (timeline and verdict history): ~0.5 us an
  update; the export's first steps add one string each.

The constants are calibrated on resident memory, since the budget is there to bound the process:
tracemalloc over the pipeline with the default detectors (sessions of 1 to 256 steps shaped as
in ``bench/bench_memory.py``) gave how each part grows, scaled by the ~1.35 that RSS growth
adds to traced bytes (allocator pools and fragmentation; ``python -m bench memory``: 8.7 KB
live, 1.24 KB compacted per 4-step session; 7.5 KB live without the timeline). The estimate is
within ~10 % of that from 1 to 256 steps, with or without the timeline. Pure; any thread.
"""

from __future__ import annotations

from loopwatch_collector.store.base import SessionRecord

#: A live record before its content: SessionState, default detector states, the record and its
#: timeline objects (fitted: 7.4 KB RSS for 8 events without the timeline, less their share).
LIVE_RECORD_BYTES = 3350
#: Per remembered event: the id string and its dict slot (RSS: +42.9 KB over 384 more events
#: once the windows are full, 64 to 256 steps).
EVENT_ID_BYTES = 110
#: The first events also fill the detector windows and the novelty memory: this much more each
#: (RSS: ~400-470 B an event below 32 events, ~110-145 B beyond).
WINDOW_EVENTS = 32
WINDOW_EVENT_BYTES = 330
#: Per ten characters of timeline JSON: the strings and their headers (RSS: the timeline of 20
#: steps adds 1.2 KB to a 4-step session whose timeline is 924 characters).
TIMELINE_TEN_CHARS_BYTES = 13
#: Per stored entry, beside the record: the key string (~80 B for a 32-hex trace id), its slots
#: in the store's ordered dicts (~200 B: all sessions, and its owner's), the bytes object's and
#: malloc's headers (~50 B), and the share of allocator pools the live phase left behind (RSS
#: 1 242 B against 811 B of data).
ENTRY_BYTES = 410


def live_bytes(record: SessionRecord) -> int:
    """The estimated bytes a live ``record`` holds (see the module docstring)."""
    events = len(record.state.seen_event_ids)
    content = TIMELINE_TEN_CHARS_BYTES * sum(len(step) for step in record.timeline.steps) // 10
    content += EVENT_ID_BYTES * events + WINDOW_EVENT_BYTES * min(events, WINDOW_EVENTS)
    content += sum(len(verdict.message or "") for verdict in record.verdicts)
    if record.timeline.head is not None:
        content += TIMELINE_TEN_CHARS_BYTES * sum(len(entry) for entry in record.timeline.head.opening) // 10
    return ENTRY_BYTES + LIVE_RECORD_BYTES + content


def compacted_bytes(data: bytes) -> int:
    """The bytes a compacted entry holding ``data`` costs the store."""
    return ENTRY_BYTES + len(data)
