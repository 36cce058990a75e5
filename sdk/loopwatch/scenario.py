"""Recorded transcripts (the corpus scenario format) as event streams, and their replay.

Format: one JSON object per file with ``id`` and a flat ``events`` list of ``message``
(role ``user`` / ``assistant`` / ``system``, ``text``, ``tool_calls``) and ``tool_result``
(``call_id``, ``content``, ``is_error``) entries; see ``shared/corpus/SCHEMA.md``. Replay feeds
the events through an engine exactly as a live agent would, the agent ignoring every verdict
(the transcript is fixed), and flushes a step left without results at the end.

Events written from a live session carry, beside (or instead of) their content, the fields the
detectors judged — fingerprints, sketches (``loopwatch.scenario_recorded``); those win over
re-deriving from the content, so such a scenario replays to the live run's verdicts.

The optional ``label`` (``loop``, ``kinds``, ``onset_step``) is what ``loopwatch eval`` scores
against; ``loop: null`` (or no label) marks an unlabelled scenario, such as a session exported
from the collector before anyone judged it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from loopwatch.detect.engine import Engine
from loopwatch.events import MAX_ERROR_TERMS, MAX_TERMS, Event, Step, ToolCall, ToolResult, Usage, UserMessage
from loopwatch.fingerprint import MAX_FACTS, MAX_LINES, MAX_LINKS
from loopwatch.scenario_recorded import repetition_from_json, sketch_from_json, user_fingerprint
from loopwatch.sketch import OVERLAP_SIZE
from loopwatch.verdict import Action, Verdict


class ScenarioError(ValueError):
    """A scenario file that cannot be read; the message names the problem."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Label:
    """A human judgement of a scenario: does it loop, how, and from which step on.

    ``loop`` is ``None`` when nobody judged the scenario yet. ``onset_step`` (1-based) is the
    earliest step at which a good detector may fire; set for loops only.
    """

    loop: bool | None
    kinds: tuple[str, ...] = ()
    onset_step: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    id: str
    path: Path | None
    events: tuple[Event, ...]
    label: Label | None = None


def load_scenario(path: Path) -> Scenario:
    """Parse one scenario file; raises ``ScenarioError`` naming the file and the problem."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScenarioError(f"{path}: unreadable: {exc}") from exc
    try:
        return scenario_from_dict(raw, default_id=path.stem, path=path)
    except ScenarioError as exc:
        raise ScenarioError(f"{path}: {exc}") from exc


def scenario_from_dict(raw: Any, *, default_id: str, path: Path | None = None) -> Scenario:
    if not isinstance(raw, Mapping):
        raise ScenarioError("not a JSON object")
    entries = raw.get("events")
    if not isinstance(entries, list):
        raise ScenarioError("'events' must be a list")
    return Scenario(
        id=str(raw.get("id") or default_id),
        path=path,
        events=tuple(_events(entries)),
        label=_label(raw.get("label")),
    )


def _label(raw: Any) -> Label | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise ScenarioError("'label' must be an object")
    loop = raw.get("loop")
    if loop is not None and not isinstance(loop, bool):
        raise ScenarioError("label.loop must be true, false or null")
    kinds = raw.get("kinds") or []
    if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
        raise ScenarioError("label.kinds must be a list of strings")
    onset = raw.get("onset_step")
    if onset is not None and (not isinstance(onset, int) or isinstance(onset, bool) or onset < 1):
        raise ScenarioError("label.onset_step must be an integer >= 1 or null")
    if loop is True and onset is None:
        raise ScenarioError("label.onset_step is required when label.loop is true")
    return Label(loop=loop, kinds=tuple(kinds), onset_step=onset if loop else None)


def agent_batches(events: Sequence[Event]) -> Iterator[list[Event]]:
    """``events`` cut where an agent would ask for a verdict after a batch: each piece is one
    step with what precedes it (a user message) and its results. Sending each piece as one
    ``Evaluate`` (checkpoint AFTER_BATCH) is what an instrumented agent does."""
    batch: list[Event] = []
    for event in events:
        if isinstance(event, Step) and any(isinstance(e, Step) for e in batch):
            yield batch
            batch = []
        batch.append(event)
    if batch:
        yield batch


def iter_scenario_files(paths: Sequence[Path]) -> Iterator[Path]:
    """Files named on the command line, and ``*.json`` below named directories, sorted."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.json") if p.is_file())
        else:
            yield path


def replay(engine: Engine, scenario: Scenario) -> list[Verdict]:
    """Every verdict the engine issues over the scenario (CONTINUE included), in step order,
    up to and including the first HALT: a halted run ends there."""
    state = engine.new_session()
    verdicts = engine.ingest(state, scenario.events)
    verdicts.extend(engine.flush(state))
    halt = next((i for i, v in enumerate(verdicts) if v.action is Action.HALT), None)
    return verdicts if halt is None else verdicts[: halt + 1]


def _events(entries: list[Any]) -> Iterator[Event]:
    step_no = 0
    for index, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            raise ScenarioError(f"events[{index}] is not an object")
        kind = entry.get("type")
        role = entry.get("role")
        try:
            if kind == "message" and role == "assistant":
                step_no += 1
                yield _step(entry, index, step_no)
            elif kind == "message" and role == "user":
                yield _user(entry, index)
            elif kind == "tool_result":
                yield _result(entry, index)
            elif kind != "message":
                raise ScenarioError(f"events[{index}].type {kind!r} is not 'message' or 'tool_result'")
            # other messages (system) carry no agent behaviour
        except ValueError as exc:  # a recorded field of the wrong shape; the message names it
            raise ScenarioError(str(exc)) from exc


def _user(entry: Mapping[str, Any], index: int) -> UserMessage:
    fingerprint = user_fingerprint(entry, f"events[{index}]")
    if fingerprint is not None:
        sketch = sketch_from_json(entry.get("sketch"), f"events[{index}].sketch")
        return UserMessage(event_id=f"e{index}", fingerprint=fingerprint, sketch=sketch)
    return UserMessage.create(event_id=f"e{index}", text=str(entry.get("text") or ""))


def _result(entry: Mapping[str, Any], index: int) -> ToolResult:
    call_id = entry.get("call_id")
    if not isinstance(call_id, str):
        raise ScenarioError(f"events[{index}].call_id must be a string")
    content = entry.get("content")
    recorded = entry.get("result_fingerprint")
    if recorded is None:
        return ToolResult.create(
            event_id=f"e{index}",
            call_id=call_id,
            content=content if isinstance(content, str) else json.dumps(content),
            is_error=bool(entry.get("is_error", False)),
        )
    size = entry.get("size")
    error_type = entry.get("error_type")
    error_class = entry.get("error_class", "")
    if not isinstance(recorded, str) or not isinstance(size, int) or isinstance(size, bool) or size < 0:
        raise ScenarioError(f"events[{index}]: result_fingerprint must be a string with an integer size >= 0")
    if not isinstance(error_class, str):
        raise ScenarioError(f"events[{index}].error_class must be a string")
    overlap = _hashes(entry.get("overlap", []), f"events[{index}].overlap", OVERLAP_SIZE)
    error_terms = _hashes(entry.get("error_terms", []), f"events[{index}].error_terms", MAX_ERROR_TERMS)
    lines = _hashes(entry.get("lines", []), f"events[{index}].lines", MAX_LINES)
    links = _hashes(entry.get("links", []), f"events[{index}].links", MAX_LINKS)
    facts = _hashes(entry.get("facts", []), f"events[{index}].facts", MAX_FACTS)
    if content is not None and not isinstance(content, str):
        raise ScenarioError(f"events[{index}].content must be a string when result_fingerprint is given")
    base = ToolResult.create(event_id=f"e{index}", call_id=call_id, content=content or "")
    return replace(
        base,
        fingerprint=recorded,
        size=size,
        is_error=bool(entry.get("is_error", False)),
        error_type=error_type if isinstance(error_type, str) else None,
        error_class=error_class,
        error_terms=error_terms,
        overlap=overlap,
        lines=lines,
        links=links,
        facts=facts,
        preview=base.preview if content is not None else None,
    )


def _hashes(value: Any, where: str, limit: int) -> tuple[int, ...]:
    """A recorded list of hashes (non-negative integers), sorted; the error names ``where``."""
    if not isinstance(value, list) or len(value) > limit or not all(_is_hash(h) for h in value):
        raise ScenarioError(f"{where} must be a list of at most {limit} integers >= 0")
    return tuple(sorted(value))


def _is_hash(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _step(entry: Mapping[str, Any], index: int, step_no: int) -> Step:
    raw_calls = entry.get("tool_calls") or []
    if not isinstance(raw_calls, list):
        raise ScenarioError(f"events[{index}].tool_calls must be a list")
    calls = []
    for j, call in enumerate(raw_calls):
        if not isinstance(call, Mapping) or not isinstance(call.get("name"), str):
            raise ScenarioError(f"events[{index}].tool_calls[{j}] needs a string 'name'")
        arguments = call.get("arguments")
        if arguments is not None and not isinstance(arguments, Mapping | str):
            raise ScenarioError(f"events[{index}].tool_calls[{j}].arguments must be an object")
        call_id = str(call.get("id") or f"s{step_no}c{j}")
        created = ToolCall.create(id=call_id, name=call["name"], arguments=arguments)
        calls.append(_recorded_call(created, call, arguments, f"events[{index}].tool_calls[{j}]"))
    text = entry.get("text")
    text = text if isinstance(text, str) else None
    step = Step.create(event_id=f"e{index}", text=text, tool_calls=tuple(calls))
    where = f"events[{index}]"
    if "sketch" in entry:
        step = replace(
            step,
            sketch=sketch_from_json(entry["sketch"], f"{where}.sketch"),
            refers_to_calls=bool(entry.get("refers_to_calls", False)),
        )
    usage = entry.get("usage")
    if isinstance(usage, Mapping):
        tokens_in, tokens_out = int(usage.get("input_tokens") or 0), int(usage.get("output_tokens") or 0)
        step = replace(step, usage=Usage(input_tokens=tokens_in, output_tokens=tokens_out))
    time_ns = entry.get("time_unix_ns")
    return replace(step, time_unix_ns=time_ns) if isinstance(time_ns, int) else step


def _recorded_call(created: ToolCall, raw: Mapping[str, Any], arguments: Any, where: str) -> ToolCall:
    """``created`` with the recorded fingerprint and repetition, when the entry has them."""
    fingerprint = raw.get("fingerprint")
    if fingerprint is None:
        return created
    if not isinstance(fingerprint, str):
        raise ScenarioError(f"{where}.fingerprint must be a string")
    shape = raw.get("shape", "")
    frame = raw.get("frame", "")
    if not isinstance(shape, str) or not isinstance(frame, str):
        raise ScenarioError(f"{where}.shape and .frame must be strings")
    targets = _hashes(raw.get("targets", []), f"{where}.targets", MAX_TERMS)
    phrased = raw.get("phrased", False)
    if not isinstance(phrased, bool):
        raise ScenarioError(f"{where}.phrased must be a boolean")
    wording = raw.get("wording", "")
    if not isinstance(wording, str):
        raise ScenarioError(f"{where}.wording must be a string")
    spelling = raw.get("spelling", created.spelling)  # recorded before it was: from the arguments
    if not isinstance(spelling, str):
        raise ScenarioError(f"{where}.spelling must be a string")
    mutates = raw.get("mutates", created.mutates)  # recorded before it was: as the name says
    if not isinstance(mutates, bool):
        raise ScenarioError(f"{where}.mutates must be a boolean")
    waits = raw.get("waits", created.waits)
    if not isinstance(waits, bool):
        raise ScenarioError(f"{where}.waits must be a boolean")
    return replace(
        created,
        fingerprint=fingerprint,
        shape=shape,
        frame=frame,
        targets=targets,
        phrased=phrased,
        wording=wording,
        spelling=spelling,
        mutates=mutates,
        waits=waits,
        # clipped arguments are kept as the text they are; absent ones (privacy mode) stay absent
        arguments=arguments if arguments is None or isinstance(arguments, str) else created.arguments,
        repetition=repetition_from_json(raw.get("repetition"), f"{where}.repetition"),
    )
