"""How the in-memory store keeps an idle ``SessionRecord`` as bytes: the session codec at zlib's
highest level, primed with a preset dictionary.

Why a dictionary: an idle 4-step session is ~6 KB of codec JSON, and about a third of it is the
same in every session: the type table (every dataclass tag and field name, ~2 KB), the shape of
fresh detector states and the policy's nudge sentences. zlib learns those again inside each
record; a preset dictionary holding them once lets each record refer to them instead, which
halves the compressed size (bench/bench_memory.py: ~1.9 KB -> under 1 KB per record). Why level
9: compaction runs in the background on records idle for a minute, so its extra ~100 us per
record buy bytes for as long as the record sleeps.

The dictionary is deterministic: the codec's own encoding of a sample record (a fresh session
of the default detectors, a nudge verdict, a step of the step log with the scenario entries the
export keeps, whose keys would otherwise be learnt again in each record), so it follows the codec's type
table as classes gain or lose fields, without a hand-kept list. It is versioned by zlib itself:
the stream header carries the dictionary's Adler-32 and ``codec.decode`` refuses bytes made with
another dictionary by name. Compacted bytes never leave the process that wrote them (the Redis
store shares uncompressed-or-plain-zlib bytes between replicas), so a dictionary that changes
between builds never has to read another build's bytes.

Thread-safety: pure; the dictionary is built once per process (``functools.cache``).
"""

from __future__ import annotations

import functools
import json

from loopwatch.detect import build_engine
from loopwatch.detect.policy import nudge_message
from loopwatch.events import Step, ToolCall, ToolResult
from loopwatch.scenario_recorded import entry
from loopwatch.verdict import Action, Finding, Verdict
from loopwatch_collector.store import codec
from loopwatch_collector.store.base import SessionRecord
from loopwatch_collector.store.timeline import ExportHead, SentVerdict

__all__ = ["CompactRecordCodec", "compaction_dictionary"]

#: zlib's highest level: see the module docstring for why time does not matter here.
COMPACTION_ZLIB_LEVEL = 9


class CompactRecordCodec:
    """``SessionRecord`` <-> bytes for idle in-memory sessions (``InMemorySessionStore``'s
    ``codec``): always compressed, at ``COMPACTION_ZLIB_LEVEL``, with ``compaction_dictionary``."""

    def encode(self, record: SessionRecord) -> bytes:
        return codec.encode(
            record,
            compress_above_bytes=0,
            level=COMPACTION_ZLIB_LEVEL,
            dictionary=compaction_dictionary(),
        )

    def decode(self, data: bytes) -> SessionRecord:
        return codec.decode(data, SessionRecord, dictionary=compaction_dictionary())


@functools.cache
def compaction_dictionary() -> bytes:
    """The preset dictionary: fixed sentences, then the codec JSON of ``_sample_record()``.

    A few KB, well inside the 32 KiB zlib can refer back to; what nearly every record repeats
    (the type table) goes last, nearest the data, where references are shortest.
    """
    encoded = codec.encode(_sample_record(), compress=False)
    table, root = json.loads(encoded[2:])
    sentences = nudge_message(_sample_finding()).encode()
    shapes = json.dumps(root, separators=(",", ":")).encode()
    types = json.dumps(table, separators=(",", ":")).encode()
    return sentences + shapes + types


def _sample_finding() -> Finding:
    return Finding(detector="", key="", summary="", count=0, first_step=0, last_step=0)


def _sample_record() -> SessionRecord:
    """A record with one of each part a typical idle session holds; only its shape matters."""
    state = build_engine().new_session()
    verdict = Verdict(action=Action.NUDGE, step=0, finding=_sample_finding(), message=None)
    call = ToolCall.create(id="", name="", arguments={})
    record = SessionRecord(
        trace_id="",
        agent="",
        conversation_id=None,
        state=state,
        started_unix_s=0.0,
        last_seen_unix_s=0.0,
        verdicts=[verdict],
        last_verdict=verdict,
    )
    events = (
        Step.create(event_id="s", text="", tool_calls=(call,)),
        ToolResult.create(event_id="r", call_id="", content=""),
    )
    record.timeline.head = ExportHead()  # the step log's export part: its entries' keys
    record.timeline.record_events(events, first_step=1, now_unix_s=0.0, limit=1, export=entry)
    record.timeline.sent.append(SentVerdict(step=0, action=Action.NUDGE.value, sent_unix_s=0.0))
    return record
