"""The session codec: every corpus scenario survives a round trip at every event boundary."""

from __future__ import annotations

import dataclasses
import enum
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from loopwatch.detect.engine import Engine
from loopwatch.detect.session import SessionState
from loopwatch.events import Event, Step
from loopwatch.scenario import Scenario, iter_scenario_files, load_scenario
from loopwatch.verdict import Action, Severity, Verdict
from loopwatch_collector.store.codec import (
    FORMAT_VERSION,
    CodecError,
    UnknownFormatVersionError,
    decode,
    encode,
)
from tests.shared_corpus import REPO_CORPUS

# The shipped corpus (real and synthetic): present in every clone, so these always run.
SCENARIO_FILES = list(iter_scenario_files([REPO_CORPUS / "real", REPO_CORPUS / "synthetic"]))
ENGINE = Engine()


def _drive(engine: Engine, scenario: Scenario, hop: int | None) -> tuple[list[Verdict], SessionState]:
    """Run a scenario as an agent would: a checkpoint before each call, then the events.

    With ``hop`` set, the state is encoded and decoded every ``hop`` events (as when a trace's
    events alternate between replicas sharing state through a store).
    """
    state = engine.new_session()
    verdicts: list[Verdict] = []
    for index, event in enumerate(scenario.events):
        verdicts.extend(_apply(engine, state, event))
        if hop is not None and index % hop == hop - 1:
            data = encode(state)
            state = decode(data, SessionState)
    verdicts.extend(engine.flush(state))
    return verdicts, state


def _apply(engine: Engine, state: SessionState, event: Event) -> list[Verdict]:
    out = engine.ingest(state, [event])
    if isinstance(event, Step):
        out.extend(engine.before_tool_call(state, call) for call in event.tool_calls)
    return out


def test_corpus_is_there_and_intervenes() -> None:
    assert len(SCENARIO_FILES) >= 100, "corpus/ should hold real and synthetic scenarios"
    actions = {v.action for p in SCENARIO_FILES for v in _drive(ENGINE, load_scenario(p), None)[0]}
    assert Action.NUDGE in actions, "round trips must be checked on sessions that escalate"


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_round_trip_at_every_cut_keeps_verdicts(path: Path) -> None:
    scenario = load_scenario(path)
    expected, final = _drive(ENGINE, scenario, hop=None)
    for hop in (1, 3, 7):
        got, state = _drive(ENGINE, scenario, hop=hop)
        assert got == expected, f"hop={hop}"
        assert state == final


@pytest.mark.parametrize("path", SCENARIO_FILES[::10], ids=lambda p: p.stem)
def test_decoded_state_equals_original_at_each_event(path: Path) -> None:
    scenario = load_scenario(path)
    state = ENGINE.new_session()
    for event in scenario.events:
        _apply(ENGINE, state, event)
        assert decode(encode(state), SessionState) == state
        assert decode(encode(state, compress=False), SessionState) == state


def test_session_with_open_step_and_findings_round_trips() -> None:
    looping = next(p for p in SCENARIO_FILES if "identical" in p.stem)
    scenario = load_scenario(looping)
    state = ENGINE.new_session()
    for event in scenario.events:
        _apply(ENGINE, state, event)
        if state.findings and state.open_step is not None:
            break
    assert state.findings, "a looping scenario should have produced findings"
    assert state.open_step is not None
    copy = decode(encode(state), SessionState)
    assert copy == state
    assert copy.open_step is not None
    assert copy.open_step.step == state.open_step.step
    assert type(copy.detector_states["identical_call"]) is type(state.detector_states["identical_call"])
    assert isinstance(copy.last_verdict.action, Action)


# --- generic handling of state classes the codec has never seen ------------------------------


class Mode(enum.Enum):
    FAST = "fast"
    SLOW = 2


@dataclass(frozen=True, slots=True, kw_only=True)
class Window:
    keys: tuple[str, ...]
    pair: tuple[int, str | None]
    mode: Mode = Mode.FAST


@dataclass(slots=True)
class FutureDetectorState:
    """Shaped like a detector state added after the codec was written."""

    windows: list[Window] = field(default_factory=list)
    by_key: dict[str, Window] = field(default_factory=dict)
    counts: dict[int, float] = field(default_factory=dict)
    seen: frozenset[str] = frozenset()
    order: dict[str, None] = field(default_factory=dict)
    ratio: float = 0.0
    last: Window | None = None
    either: Window | Mode | None = None
    cached: int = field(default=0, init=False)


def _future_state() -> FutureDetectorState:
    window = Window(keys=("a", "b"), pair=(3, None), mode=Mode.SLOW)
    state = FutureDetectorState(
        windows=[window, Window(keys=(), pair=(0, "x"))],
        by_key={"w": window},
        counts={1: 0.5, 2: 3.0},
        seen=frozenset({"x", "y"}),
        order={"z": None, "a": None},
        ratio=1,  # an int in a float field decodes as a float
        last=window,
        either=Mode.SLOW,
    )
    state.cached = 7
    return state


def test_new_detector_state_class_needs_no_codec_change() -> None:
    session = ENGINE.new_session()
    session.detector_states["future"] = _future_state()
    copy = decode(encode(session), SessionState)
    future = copy.detector_states["future"]
    assert future == session.detector_states["future"]
    assert isinstance(future.ratio, float)
    assert list(future.order) == ["z", "a"]
    assert future.cached == 7
    assert future.either is Mode.SLOW


def test_dynamic_values_keep_their_container_types() -> None:
    session = SessionState()
    session.detector_states = {
        "raw": {"t": (1, "a"), "l": [1.5, None], "s": {"q"}, "f": frozenset({2}), "e": Severity.LIMIT}
    }
    assert decode(encode(session), SessionState) == session


def test_fields_are_matched_by_name_across_versions() -> None:
    @dataclass(slots=True)
    class Old:
        gone: int = 1
        kept: str = "k"

    @dataclass(slots=True)
    class New:
        kept: str = ""
        added: int = 5

    session = SessionState()
    session.detector_states = {"d": Old(gone=9, kept="same")}
    body = json.loads(encode(session, compress=False)[2:])
    old_tag = f"{Old.__module__}:{Old.__qualname__}"
    new_tag = f"{New.__module__}:{New.__qualname__}"
    encode(SessionState(detector_states={"d": New()}))  # makes New known to this process
    body[0] = [[new_tag if tag == old_tag else tag, names] for tag, names in body[0]]
    data = bytes((FORMAT_VERSION, 0)) + json.dumps(body).encode()
    assert decode(data, SessionState).detector_states["d"] == New(kept="same", added=5)


# --- errors ------------------------------------------------------------------------------------


def test_unknown_version_is_named() -> None:
    data = bytearray(encode(SessionState()))
    data[0] = 9
    with pytest.raises(UnknownFormatVersionError, match="version 9 is unknown") as info:
        decode(bytes(data), SessionState)
    assert info.value.version == 9


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\x01",
        b"\x01\x04[]",
        b"\x01\x00not json",
        b"\x01\x01not zlib",
        b"\x01\x00[[],[0]]",
        b"\x01\x00[[],{}]",
        b'\x01\x00[[["loopwatch.detect.session:SessionState",["steps"]]],[0,"x"]]',
        b'\x01\x00[[["loopwatch.detect.session:SessionState",["steps"]]],[0,1,2]]',
        b'\x01\x00[[["loopwatch.verdict:Action",null]],[0]]',
        b'\x01\x00[[["loopwatch.detect.session:SessionState",["steps","steps"]]],[0,1,2]]',
        b'\x01\x00[[["loopwatch.detect.session:SessionState",[["steps"]]]],[0,1]]',
        b"\x01\x00" + b"[" * 100_000 + b"]" * 100_000,
    ],
)
def test_corrupt_bytes_raise_codec_error(data: bytes) -> None:
    with pytest.raises(CodecError):
        decode(data, SessionState)


@pytest.mark.parametrize(
    "tag",
    ["os:system", "builtins:object", "subprocess:Popen", "loopwatch.nothing_here:X", "loopwatchx.y:Z"],
)
def test_types_outside_loopwatch_are_never_built(tag: str) -> None:
    body = json.dumps([[[tag, []]], [0]]).encode()
    with pytest.raises(CodecError, match=r"outside the loopwatch packages|does not exist"):
        decode(bytes((FORMAT_VERSION, 0)) + body, SessionState)


def test_non_dataclass_loopwatch_object_is_refused() -> None:
    body = json.dumps([[["loopwatch.scenario:load_scenario", []]], [0]]).encode()
    with pytest.raises(CodecError, match="neither a dataclass nor an enum"):
        decode(bytes((FORMAT_VERSION, 0)) + body, SessionState)


def test_root_type_is_checked() -> None:
    with pytest.raises(CodecError, match="expected SessionState"):
        decode(encode(Window(keys=(), pair=(1, None))), SessionState)


def test_unsupported_values_raise_codec_error() -> None:
    with pytest.raises(CodecError):
        encode(SessionState(detector_states={"b": b"bytes"}))
    with pytest.raises(CodecError):
        encode(SessionState(detector_states={"d": {1: 2}}))
    with pytest.raises(CodecError, match="dataclass instances"):
        encode({"a": 1})


def test_large_states_are_compressed_small_ones_not() -> None:
    small = encode(SessionState())
    assert small[1] == 0
    big = SessionState(seen_event_ids=dict.fromkeys(f"step:call_{i:08d}" for i in range(500)))
    data = encode(big)
    assert data[1] == 1
    assert len(data) < len(encode(big, compress=False)) / 2
    assert json.loads(zlib.decompress(data[2:]))[0][0][0].endswith(":SessionState")


def test_dataclass_fields_cover_session_state() -> None:
    """A guard: the codec walks every field, so a new SessionState field round-trips too."""
    names = {f.name for f in dataclasses.fields(SessionState)}
    body = json.loads(encode(SessionState(), compress=False)[2:])
    assert set(body[0][0][1]) == names
