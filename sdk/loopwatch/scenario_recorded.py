"""Events as scenario entries, with the fields the detectors judged recorded beside the content.

A scenario written from live events (the collector's ``GET /v1/sessions/{trace_id}/scenario``)
must replay to the verdicts of the live run even when it holds no content (privacy mode) or only
a clipped part of it (result previews, long texts). So besides the corpus format's content
fields it records what the engine derived from the full content when the event was created.
Optional additions to the scenario format (``SCHEMA.md``); a reader that knows them takes
them over re-deriving from the content:

- assistant message: ``sketch`` (``{length, minhash, words, repetition, announces, again, facts}``),
  ``refers_to_calls``,
  ``usage`` (``{input_tokens, output_tokens}``), ``time_unix_ns``;
- tool call: ``fingerprint`` (tool name + canonical arguments), ``shape`` (the same with every
  digit run masked), ``repetition``;
- tool result: ``result_fingerprint`` (after volatile content was stripped), ``size``
  (characters of the full result), ``error_type``; ``content`` is then a preview, or absent;
- user message: ``fingerprint`` and ``sketch`` in place of ``text``.

``repetition`` is ``{unit, period, repeats, block_chars, start, end}`` (``loopwatch.sketch``).
Parsing helpers raise ``ValueError`` naming the field; ``loopwatch.scenario`` reads them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.sketch import Repetition, TextSketch

_REPETITION_INTS = ("period", "repeats", "block_chars", "start", "end")


def scenario_json(
    entries: Sequence[Mapping[str, Any]],
    *,
    scenario_id: str,
    source: str,
    description: str,
    meta: Mapping[str, Any],
) -> dict[str, Any]:
    """An unlabelled scenario (``label.loop`` null) holding ``entries``: events as ``entry``
    made them (the collector's step log keeps them made)."""
    return {
        "id": scenario_id,
        "source": source,
        "description": description,
        "label": {"loop": None, "kinds": [], "onset_step": None, "notes": ""},
        "meta": dict(meta),
        "events": [dict(e) for e in entries],
    }


def entry(event: Event) -> dict[str, Any]:
    """One event as a scenario ``events`` entry (see the module docstring)."""
    if isinstance(event, Step):
        out: dict[str, Any] = {"type": "message", "role": "assistant"}
        if event.text is not None:
            out["text"] = event.text
        out["tool_calls"] = [_call(c) for c in event.tool_calls]
        out["sketch"] = sketch_json(event.sketch) if event.sketch is not None else None
        out["refers_to_calls"] = event.refers_to_calls
        if event.usage is not None:
            out["usage"] = {
                "input_tokens": event.usage.input_tokens,
                "output_tokens": event.usage.output_tokens,
            }
        if event.time_unix_ns:
            out["time_unix_ns"] = event.time_unix_ns
        return out
    if isinstance(event, ToolResult):
        result: dict[str, Any] = {"type": "tool_result", "call_id": event.call_id}
        if event.preview is not None:
            result["content"] = event.preview
        result.update(is_error=event.is_error, result_fingerprint=event.fingerprint, size=event.size)
        if event.error_type is not None:
            result["error_type"] = event.error_type
        if event.error_class:
            result["error_class"] = event.error_class
        if event.error_terms:
            result["error_terms"] = list(event.error_terms)
        if event.overlap:
            result["overlap"] = list(event.overlap)
        if event.lines:
            result["lines"] = list(event.lines)
        if event.links:
            result["links"] = list(event.links)
        if event.facts:
            result["facts"] = list(event.facts)
        return result
    user: dict[str, Any] = {"type": "message", "role": "user", "fingerprint": event.fingerprint}
    user["sketch"] = sketch_json(event.sketch) if event.sketch is not None else None
    return user


def _call(call: ToolCall) -> dict[str, Any]:
    out: dict[str, Any] = {"id": call.id, "name": call.name}
    if call.arguments is not None:
        out["arguments"] = _arguments(call.arguments)
    out["fingerprint"] = call.fingerprint
    out["shape"] = call.shape
    if call.frame:
        out["frame"] = call.frame
    if call.targets:
        out["targets"] = list(call.targets)
    if call.phrased:
        out["phrased"] = True
    if call.wording:
        out["wording"] = call.wording
    if call.spelling:
        out["spelling"] = call.spelling
    if call.mutates:
        out["mutates"] = True
    if call.waits:
        out["waits"] = True
    out["repetition"] = repetition_json(call.repetition) if call.repetition is not None else None
    return out


def _arguments(canonical: str) -> Any:
    """The canonical arguments as a JSON object when they parse as one (clipped ones do not)."""
    try:
        parsed = json.loads(canonical)
    except ValueError:
        return canonical
    return parsed if isinstance(parsed, dict) else canonical


def sketch_json(sketch: TextSketch) -> dict[str, Any]:
    return {
        "length": sketch.length,
        "minhash": list(sketch.minhash),
        "words": sketch.words,
        "repetition": repetition_json(sketch.repetition) if sketch.repetition is not None else None,
        "announces": sketch.announces,
        "again": sketch.again,
        "facts": sketch.facts,
    }


def repetition_json(repetition: Repetition) -> dict[str, Any]:
    return {"unit": repetition.unit, **{k: getattr(repetition, k) for k in _REPETITION_INTS}}


def sketch_from_json(raw: Any, where: str) -> TextSketch | None:
    """The ``sketch`` field of an assistant message; ``where`` names it in errors."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where} must be an object or null")
    minhash = raw.get("minhash")
    if not isinstance(minhash, list) or not all(_is_int(v) for v in minhash):
        raise ValueError(f"{where}.minhash must be a list of integers")
    return TextSketch(
        length=_int(raw, "length", where),
        minhash=tuple(minhash),
        words=_int(raw, "words", where),
        repetition=repetition_from_json(raw.get("repetition"), f"{where}.repetition"),
        announces=_flag(raw, "announces", where),
        again=_flag(raw, "again", where),
        facts=_int(raw, "facts", where) if "facts" in raw else 0,  # recorded before it was: none
    )


def repetition_from_json(raw: Any, where: str) -> Repetition | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or not isinstance(raw.get("unit"), str):
        raise ValueError(f"{where} must be an object with a string 'unit', or null")
    values = {k: _int(raw, k, where) for k in _REPETITION_INTS}
    return Repetition(unit=raw["unit"], **values)


def user_fingerprint(entry_: Mapping[str, Any], where: str) -> str | None:
    """The recorded ``fingerprint`` of a user message, or None when the entry has none."""
    value = entry_.get("fingerprint")
    if value is not None and not isinstance(value, str):
        raise ValueError(f"{where}.fingerprint must be a string")
    return value


def _int(raw: Mapping[str, Any], key: str, where: str) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{where}.{key} must be an integer")
    return value


def _flag(raw: Mapping[str, Any], key: str, where: str) -> bool:
    """An optional boolean (absent in records written before it existed: ``False``)."""
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise ValueError(f"{where}.{key} must be true or false")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
