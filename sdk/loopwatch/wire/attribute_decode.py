"""Span attributes read back: the decoders of ``loopwatch.wire.attributes``' encoders.

The collector's span mapper (``loopwatch_collector/mapping/loopwatch_sdk.py``) turns the
``loopwatch.*`` attributes the SDK wrote back into the event model. Decoders take plain
attribute mappings (OTLP values as Python values: str, int, bool, lists) and never raise: a
malformed value decodes to ``None`` (or an empty value), so a span from a foreign or newer
writer falls back to what its content says. Pure; any thread.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from loopwatch.events import MAX_ERROR_TERMS, MAX_TERMS, ToolCall, ToolResult, UserMessage
from loopwatch.fingerprint import (
    MAX_FACTS,
    MAX_LINES,
    MAX_LINKS,
    bounded_fingerprint,
    mutating_call,
    waiting_call,
)
from loopwatch.sketch import OVERLAP_SIZE, SKETCH_SIZE, Repetition, TextSketch
from loopwatch.wire.attributes import (
    ERROR_TYPE,
    LOOPWATCH_EVENT_ID,
    LOOPWATCH_STEP_REFERS_TO_CALLS,
    LOOPWATCH_STEP_TOOL_CALL_FINGERPRINTS,
    LOOPWATCH_STEP_TOOL_CALL_FRAMES,
    LOOPWATCH_STEP_TOOL_CALL_IDS,
    LOOPWATCH_STEP_TOOL_CALL_MUTATES,
    LOOPWATCH_STEP_TOOL_CALL_NAMES,
    LOOPWATCH_STEP_TOOL_CALL_PHRASED,
    LOOPWATCH_STEP_TOOL_CALL_REPETITIONS,
    LOOPWATCH_STEP_TOOL_CALL_SHAPES,
    LOOPWATCH_STEP_TOOL_CALL_SPELLINGS,
    LOOPWATCH_STEP_TOOL_CALL_TARGETS,
    LOOPWATCH_STEP_TOOL_CALL_WAITS,
    LOOPWATCH_STEP_TOOL_CALL_WORDINGS,
    LOOPWATCH_TEXT_SKETCH,
    LOOPWATCH_TOOL_CALL_FINGERPRINT,
    LOOPWATCH_TOOL_CALL_SHAPE,
    LOOPWATCH_TOOL_RESULT_ERROR_CLASS,
    LOOPWATCH_TOOL_RESULT_ERROR_TERMS,
    LOOPWATCH_TOOL_RESULT_FACTS,
    LOOPWATCH_TOOL_RESULT_FINGERPRINT,
    LOOPWATCH_TOOL_RESULT_IS_ERROR,
    LOOPWATCH_TOOL_RESULT_LINES,
    LOOPWATCH_TOOL_RESULT_LINKS,
    LOOPWATCH_TOOL_RESULT_OVERLAP,
    LOOPWATCH_TOOL_RESULT_SIZE,
    LOOPWATCH_USER_MESSAGE_FINGERPRINT,
    LOOPWATCH_USER_MESSAGE_SKETCH,
)
from loopwatch.wire.ids import MAX_EVENT_ID_CHARS

# A JSON attribute longer than this is not one the SDK wrote (a sketch is ~1 KB): not parsed.
_MAX_JSON_CHARS = 64 * 1024


def event_id_from(attributes: Mapping[str, Any]) -> str | None:
    """``loopwatch.event.id``: the SDK's id of the event a span records, or ``None``."""
    found = _text(attributes.get(LOOPWATCH_EVENT_ID))
    return found if found is not None and len(found) <= MAX_EVENT_ID_CHARS else None


def step_calls_from(attributes: Mapping[str, Any]) -> tuple[ToolCall, ...] | None:
    """The calls of a ``chat`` span's step, without arguments (``chat_attributes``' arrays).

    ``None`` when the span has no SDK call arrays or they are malformed (unequal lengths,
    non-string entries); the caller then falls back to what the span's content says.
    """
    ids = _strings(attributes.get(LOOPWATCH_STEP_TOOL_CALL_IDS))
    names = _strings(attributes.get(LOOPWATCH_STEP_TOOL_CALL_NAMES))
    prints = _strings(attributes.get(LOOPWATCH_STEP_TOOL_CALL_FINGERPRINTS))
    if not ids or ids is None or names is None or prints is None or not len(ids) == len(names) == len(prints):
        return None
    reps = attributes.get(LOOPWATCH_STEP_TOOL_CALL_REPETITIONS)
    reps = list(reps) if isinstance(reps, list | tuple) else []
    # Per call, "" where a call has none (a long call has no frame, terms or wording).
    shapes = _per_call(attributes.get(LOOPWATCH_STEP_TOOL_CALL_SHAPES))
    frames = _per_call(attributes.get(LOOPWATCH_STEP_TOOL_CALL_FRAMES))
    targets = _per_call(attributes.get(LOOPWATCH_STEP_TOOL_CALL_TARGETS))
    phrased = attributes.get(LOOPWATCH_STEP_TOOL_CALL_PHRASED)
    phrased = list(phrased) if isinstance(phrased, list | tuple) else []
    mutates = attributes.get(LOOPWATCH_STEP_TOOL_CALL_MUTATES)
    mutates = list(mutates) if isinstance(mutates, list | tuple) else []
    waits = attributes.get(LOOPWATCH_STEP_TOOL_CALL_WAITS)
    waits = list(waits) if isinstance(waits, list | tuple) else []
    wordings = _per_call(attributes.get(LOOPWATCH_STEP_TOOL_CALL_WORDINGS))
    spellings = _per_call(attributes.get(LOOPWATCH_STEP_TOOL_CALL_SPELLINGS))
    return tuple(
        ToolCall(
            id=call_id,
            name=name,
            fingerprint=bounded_fingerprint(fingerprint),
            shape=bounded_fingerprint(shapes[i]) if i < len(shapes) else "",
            frame=bounded_fingerprint(frames[i]) if i < len(frames) else "",
            targets=_hash_list(targets[i].split(","), MAX_TERMS) if i < len(targets) else (),
            phrased=i < len(phrased) and phrased[i] is True,
            # A span from a client that did not classify its calls: by the tool's name.
            mutates=(mutates[i] is True) if i < len(mutates) else mutating_call(name, None),
            waits=(waits[i] is True) if i < len(waits) else waiting_call(name, None),
            wording=bounded_fingerprint(wordings[i]) if i < len(wordings) else "",
            spelling=bounded_fingerprint(spellings[i]) if i < len(spellings) else "",
            repetition=repetition_from_json(reps[i]) if i < len(reps) else None,
        )
        for i, (call_id, name, fingerprint) in enumerate(zip(ids, names, prints, strict=True))
    )


def sketch_from(attributes: Mapping[str, Any], key: str = LOOPWATCH_TEXT_SKETCH) -> TextSketch | None:
    """The sketch under ``key`` decoded (the inverse of ``sketch_json``), or ``None``."""
    found = _json_object(attributes.get(key))
    if not found:
        return None
    return TextSketch(
        length=_int(found.get("length")),
        minhash=_hash_list(found.get("minhash"), SKETCH_SIZE),
        words=_int(found.get("words")),
        repetition=_repetition(found.get("repetition")),
        announces=found.get("announces") is True,
        again=found.get("again") is True,
        facts=_int(found.get("facts")),
    )


def refers_to_calls_from(attributes: Mapping[str, Any]) -> bool:
    """``loopwatch.step.refers_to_calls`` as the SDK computed it (False when absent)."""
    return attributes.get(LOOPWATCH_STEP_REFERS_TO_CALLS) is True


def call_fingerprint_from(attributes: Mapping[str, Any]) -> str | None:
    """``loopwatch.tool.call.fingerprint`` of an ``execute_tool`` span, or ``None``."""
    found = _text(attributes.get(LOOPWATCH_TOOL_CALL_FINGERPRINT))
    return bounded_fingerprint(found) if found is not None else None


def call_shape_from(attributes: Mapping[str, Any]) -> str:
    """``loopwatch.tool.call.shape`` of an ``execute_tool`` span, or ``""`` (unknown)."""
    return bounded_fingerprint(_text(attributes.get(LOOPWATCH_TOOL_CALL_SHAPE)) or "")


def tool_result_from(attributes: Mapping[str, Any], *, call_id: str, time_unix_ns: int) -> ToolResult | None:
    """The ``ToolResult`` an ``execute_tool`` span's SDK attributes describe, or ``None``.

    Content-free (``preview`` is ``None``); a flagged error without a type gets ``"error"``.
    """
    fingerprint = _text(attributes.get(LOOPWATCH_TOOL_RESULT_FINGERPRINT))
    event_id = event_id_from(attributes)
    if fingerprint is None or event_id is None:
        return None
    is_error = attributes.get(LOOPWATCH_TOOL_RESULT_IS_ERROR) is True
    return ToolResult(
        event_id=event_id,
        call_id=call_id,
        fingerprint=bounded_fingerprint(fingerprint),
        size=max(0, _int(attributes.get(LOOPWATCH_TOOL_RESULT_SIZE))),
        is_error=is_error,
        error_type=(_text(attributes.get(ERROR_TYPE)) or "error") if is_error else None,
        error_class=bounded_fingerprint(_text(attributes.get(LOOPWATCH_TOOL_RESULT_ERROR_CLASS)) or ""),
        error_terms=_hash_list(attributes.get(LOOPWATCH_TOOL_RESULT_ERROR_TERMS), MAX_ERROR_TERMS),
        overlap=_hash_list(attributes.get(LOOPWATCH_TOOL_RESULT_OVERLAP), OVERLAP_SIZE),
        lines=_hash_list(attributes.get(LOOPWATCH_TOOL_RESULT_LINES), MAX_LINES),
        links=_hash_list(attributes.get(LOOPWATCH_TOOL_RESULT_LINKS), MAX_LINKS),
        facts=_hash_list(attributes.get(LOOPWATCH_TOOL_RESULT_FACTS), MAX_FACTS),
        time_unix_ns=time_unix_ns,
    )


def user_message_from(attributes: Mapping[str, Any], *, time_unix_ns: int) -> UserMessage | None:
    """The ``UserMessage`` of a ``loopwatch.user_message`` span event, or ``None``."""
    event_id = event_id_from(attributes)
    fingerprint = _text(attributes.get(LOOPWATCH_USER_MESSAGE_FINGERPRINT))
    if event_id is None or fingerprint is None:
        return None
    return UserMessage(
        event_id=event_id,
        fingerprint=bounded_fingerprint(fingerprint),
        sketch=sketch_from(attributes, LOOPWATCH_USER_MESSAGE_SKETCH),
        time_unix_ns=time_unix_ns,
    )


def repetition_from_json(value: Any) -> Repetition | None:
    """The inverse of ``repetition_json`` (also accepts the decoded mapping); ``None`` for ""."""
    return _repetition(_json_object(value) if isinstance(value, str) else value)


def _repetition(value: Any) -> Repetition | None:
    if not isinstance(value, Mapping) or not value:
        return None
    unit = value.get("unit")
    if unit not in ("line", "sentence", "word"):
        return None
    return Repetition(
        unit=unit,
        period=_int(value.get("period")),
        repeats=_int(value.get("repeats")),
        block_chars=_int(value.get("block_chars")),
        start=_int(value.get("start")),
        end=_int(value.get("end")),
    )


def _hash_list(value: Any, limit: int) -> tuple[int, ...]:
    """A list of hashes (integers, or their decimal strings): sorted, without repeats (as the
    detectors' bottom-k comparisons expect); ``()`` when absent, malformed or longer than ``limit``."""
    if not isinstance(value, list | tuple) or len(value) > limit:
        return ()
    hashes = [int(h) if isinstance(h, str) and h.isdigit() else h for h in value if h != ""]
    return tuple(sorted({h for h in hashes if _is_int(h)}))


def _json_object(value: Any) -> Mapping[str, Any] | None:
    if isinstance(value, Mapping):
        return value
    if not isinstance(value, str) or not value or len(value) > _MAX_JSON_CHARS:
        return None
    try:
        found = json.loads(value)
    except (ValueError, RecursionError):
        return None
    return found if isinstance(found, Mapping) else None


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _strings(value: Any) -> list[str] | None:
    if not isinstance(value, list | tuple):
        return None
    found = [v for v in value if isinstance(v, str) and v]
    return found if len(found) == len(value) else None


def _per_call(value: Any) -> list[str]:
    """A per-call string array, empty strings kept in place; ``[]`` when it is not one."""
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        return []
    return list(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: Any) -> int:
    return value if _is_int(value) else 0
