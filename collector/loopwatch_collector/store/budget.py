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

The constants come from tracemalloc over the pipeline with the default detectors (sessions of
1 to 256 four-line-argument steps, as in ``bench/bench_memory.py``): the estimate is within
~25 % of the measured live size there, erring high for short sessions. Pure; any thread.
"""

from __future__ import annotations

from loopwatch_collector.store.base import SessionRecord

#: A live record before its content: SessionState, default detector states, the record and its
#: timeline objects (tracemalloc: ~2.7-3.0 KB for a one-step session of the default detectors).
LIVE_RECORD_BYTES = 3000
#: Per remembered event id: the id string, its dict slot and the detector entries the same
#: event left (tracemalloc: +31.8 KB over 384 more ids once the timeline stops growing).
EVENT_ID_BYTES = 80
#: Per character of timeline JSON: the string itself plus the parsed windows of the same steps
#: (tracemalloc: 2.8-3.4 bytes per character between 1 and 64 steps).
TIMELINE_CHAR_BYTES = 3
#: Per stored entry, beside the record: the key string (~80 B for a tenant-scoped 32-hex trace
#: id), its slots in the store's two ordered dicts (~100 B) and the bytes object's header.
ENTRY_BYTES = 200


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
