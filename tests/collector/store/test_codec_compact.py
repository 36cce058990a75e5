"""Idle-session compaction bytes: smaller than the plain codec, exact on the way back, and never
read with the wrong dictionary."""

from __future__ import annotations

import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from loopwatch.detect import build_engine
from loopwatch.events import Step
from loopwatch.scenario import load_scenario
from loopwatch.verdict import Verdict
from loopwatch_collector.store import codec
from loopwatch_collector.store.base import SessionRecord
from loopwatch_collector.store.codec_compact import CompactRecordCodec, compaction_dictionary
from tests.collector.collector_builders import tool_step, trace_id
from tests.collector.store.test_codec import SCENARIO_FILES

COMPACT = CompactRecordCodec()
ENGINE = build_engine()


def _record(steps: int) -> SessionRecord:
    state = ENGINE.new_session()
    for i in range(steps):
        ENGINE.ingest(state, tool_step(i))
    return SessionRecord(
        trace_id=trace_id(1),
        agent="a",
        conversation_id=None,
        state=state,
        started_unix_s=1.0,
        last_seen_unix_s=1.0,
    )


def test_compacted_records_are_compressed_smaller_and_read_back() -> None:
    record = _record(4)
    data = COMPACT.encode(record)
    assert data[1] == 0x03  # zlib with a preset dictionary, however small the session
    assert len(data) < len(codec.encode(record, compress_above_bytes=0)) * 0.75
    assert COMPACT.decode(data) == record


@pytest.mark.parametrize("path", SCENARIO_FILES[::7], ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_session_compacted_between_every_event_gives_the_same_verdicts(path: Path) -> None:
    scenario = load_scenario(path)
    live, compacted = _record(0), _record(0)
    live_verdicts: list[Verdict] = []
    compacted_verdicts: list[Verdict] = []
    for event in scenario.events:
        for record, verdicts in ((live, live_verdicts), (compacted, compacted_verdicts)):
            verdicts.extend(ENGINE.ingest(record.state, [event]))
            if isinstance(event, Step):
                verdicts.extend(ENGINE.before_tool_call(record.state, call) for call in event.tool_calls)
        compacted = COMPACT.decode(COMPACT.encode(compacted))
        assert compacted == live
    assert compacted_verdicts == live_verdicts


def test_bytes_without_or_with_another_dictionary_are_refused_by_name() -> None:
    data = COMPACT.encode(_record(2))
    wanted = f"{zlib.adler32(compaction_dictionary()):08x}"
    with pytest.raises(codec.CodecError, match=f"preset dictionary {wanted}, none was given"):
        codec.decode(data, SessionRecord)
    with pytest.raises(codec.CodecError, match=f"preset dictionary {wanted}, not "):
        codec.decode(data, SessionRecord, dictionary=b"another build's dictionary")


@pytest.mark.parametrize("cut", [3, 8, -1])
def test_truncated_compacted_bytes_raise_codec_error(cut: int) -> None:
    data = COMPACT.encode(_record(2))
    with pytest.raises(codec.CodecError):
        COMPACT.decode(data[:cut])


def test_the_dictionary_flag_needs_the_zlib_flag() -> None:
    with pytest.raises(codec.CodecError, match="unknown flags 0x02"):
        codec.decode(bytes((codec.FORMAT_VERSION, 0x02)) + b"[]", SessionRecord)


def test_the_dictionary_is_deterministic_and_within_zlib_s_window() -> None:
    # Another process builds the same bytes: nothing in it depends on ids, time or hash seeds.
    script = (
        "from loopwatch_collector.store.codec_compact import compaction_dictionary as d\nprint(d().hex())"
    )
    other = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True)
    assert bytes.fromhex(other.stdout.strip()) == compaction_dictionary()
    assert len(compaction_dictionary()) <= 32 * 1024  # zlib refers back at most 32 KiB
    assert b"loopwatch_collector.store.base:SessionRecord" in compaction_dictionary()
