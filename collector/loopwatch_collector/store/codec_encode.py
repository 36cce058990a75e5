"""The encoding half of the session codec (``store/codec.py``): per-class encoders compiled
from type hints once, then reused. Pure; any thread (caches are filled idempotently)."""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Callable
from typing import Any

import orjson

from loopwatch.declarations import field_types
from loopwatch_collector.exceptions import CodecError

_Encoder = Callable[[Any, "EncodeContext"], Any]

#: Type tags already resolved to classes (by encoding them, or by a checked decode): shared with
#: ``codec_decode`` so a tag is checked against the allowed packages once per process.
resolved_types: dict[str, type] = {}


def tag(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


class EncodeContext:
    __slots__ = ("ids", "table")

    def __init__(self) -> None:
        self.ids: dict[type, int] = {}
        self.table: list[list[Any]] = []

    def type_id(self, cls: type) -> int:
        found = self.ids.get(cls)
        if found is None:
            found = self.ids[cls] = len(self.table)
            entry = _table_entries.get(cls)
            if entry is None:
                type_tag = tag(cls)
                resolved_types.setdefault(type_tag, cls)  # types this process wrote are safe to read
                names = None if issubclass(cls, enum.Enum) else list(_field_names(cls))
                entry = _table_entries[cls] = [type_tag, names]
            self.table.append(entry)  # shared between messages: only ever serialised
        return found


#: Each class's ``[tag, field names]`` entry of the types table, built once per process.
_table_entries: dict[type, list[Any]] = {}


_names: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    found = _names.get(cls)
    if found is None:
        found = _names[cls] = tuple(f.name for f in fields(cls))
    return found


_encoders: dict[object, _Encoder] = {}
_dataclass_encoders: dict[type, _Encoder] = {}


def _encoder(hint: object) -> _Encoder:
    if hint is None:  # ``None`` written as a type argument: ``dict[str, None]``
        hint = type(None)
    found = _encoders.get(hint)
    if found is None:
        found = _encoders[hint] = _build_encoder(hint)
    return found


def _identity(value: Any, context: EncodeContext) -> Any:
    return value


def _build_encoder(hint: object) -> _Encoder:
    if hint in (str, int, bool, type(None)):
        return _identity
    if hint is float:
        return _encode_float
    if hint is Any or hint is object:
        return _encode_dynamic
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _encode_enum_value
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _encode_dynamic  # the instance's own type decides (subclasses included)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        members = [a for a in args if a is not type(None)]
        if len(members) == 1:
            inner = _encoder(members[0])
            if inner is _identity:  # ``str | None`` and the like: JSON takes both as they are
                return _identity
            return lambda v, c: None if v is None else inner(v, c)
        return _encode_dynamic
    if origin in (list, tuple, set, frozenset):
        if origin is tuple and args and (len(args) != 2 or args[1] is not Ellipsis):
            parts = [_encoder(a) for a in args]
            return lambda v, c: [enc(item, c) for enc, item in zip(parts, v, strict=True)]
        item = _encoder(args[0]) if args else _encode_dynamic
        if item is _identity:
            return lambda v, c: list(v)
        return lambda v, c: [item(x, c) for x in v]
    if origin is dict:
        key_hint, value_hint = args if args else (Any, Any)
        if value_hint is type(None) and key_hint is str:
            return lambda v, c: list(v)
        value_enc = _encoder(value_hint)
        if key_hint is str:
            if value_enc is _identity:
                return lambda v, c: v
            return lambda v, c: {k: value_enc(x, c) for k, x in v.items()}
        key_enc = _encoder(key_hint)
        return lambda v, c: [[key_enc(k, c), value_enc(x, c)] for k, x in v.items()]
    raise CodecError(f"type {hint!r} is not supported by the session codec")


def to_json(table: list[list[Any]], root: Any) -> bytes:
    """The message body ``[types, root]`` as compact UTF-8 JSON.

    ``orjson`` writes the same bytes as ``json.dumps(..., separators=(",", ":"),
    ensure_ascii=False).encode()`` about ten times faster (~3 vs ~34 µs for a mid-run session:
    every Redis-backed ``Evaluate`` pays it). Unlike ``json`` it would write NaN and infinities
    as ``null``, so the float encoders refuse non-finite values instead (session state has
    none: counts, times and scores). Unsupported values raise ``TypeError``.
    """
    return orjson.dumps([table, root])


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise CodecError(f"non-finite float {value!r} cannot be stored")
    return value


def _encode_float(value: Any, context: EncodeContext) -> Any:
    return _finite(float(value))


def _encode_enum_value(value: Any, context: EncodeContext) -> Any:
    return value.value


def dataclass_encoder(cls: type) -> _Encoder:
    found = _dataclass_encoders.get(cls)
    if found is None:
        found = _dataclass_encoders[cls] = _compile_encoder(cls)
    return found


def _compile_encoder(cls: type) -> _Encoder:
    """A function specialised for ``cls``, like the ``__init__`` dataclasses generate.

    Hot path (every store write): one list display per instance, plain fields read straight
    into it and only the others through their encoder. Field names are Python identifiers
    (dataclasses guarantee it), so the generated source holds nothing but them.
    """
    hints = field_types(cls)
    namespace: dict[str, Any] = {"cls": cls}
    items = []
    for n, name in enumerate(_field_names(cls)):
        enc = _encoder(hints[name])
        if enc is _identity:
            items.append(f"value.{name}")
        else:
            namespace[f"e{n}"] = enc
            items.append(f"e{n}(value.{name}, context)")
    source = (
        "def encode_instance(value, context):\n"
        "    type_id = context.ids.get(cls)\n"
        "    if type_id is None:\n"
        "        type_id = context.type_id(cls)\n"
        f"    return [type_id, {', '.join(items)}]\n"
    )
    exec(compile(source, f"<session codec: {tag(cls)}>", "exec"), namespace)
    encode_instance: _Encoder = namespace["encode_instance"]
    return encode_instance


_PLAIN_TYPES = frozenset((str, int, float, bool, type(None)))


def _encode_dynamic(value: Any, context: EncodeContext) -> Any:
    """A value whose static type does not say enough: it carries its own type."""
    kind = type(value)
    if kind in _PLAIN_TYPES:
        return _finite(value) if kind is float else value
    known = _dataclass_encoders.get(kind)
    if known is not None:
        return known(value, context)
    if isinstance(value, enum.Enum):
        return {"e": [context.type_id(type(value)), value.value]}
    if is_dataclass_instance(value):
        return dataclass_encoder(type(value))(value, context)
    if isinstance(value, str | bool | int | float):  # subclasses of the plain types
        return value
    if isinstance(value, list):
        return {"l": [_encode_dynamic(x, context) for x in value]}
    if isinstance(value, tuple):
        return {"t": [_encode_dynamic(x, context) for x in value]}
    if isinstance(value, frozenset | set):
        return {"f" if isinstance(value, frozenset) else "s": [_encode_dynamic(x, context) for x in value]}
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise CodecError("dicts held as Any must have str keys")
        return {"d": {k: _encode_dynamic(x, context) for k, x in value.items()}}
    raise CodecError(f"type {type(value).__name__} is not supported by the session codec")


def is_dataclass_instance(value: object) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, type)
