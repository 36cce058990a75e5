"""Session state <-> bytes: a compact, versioned, self-describing codec for shared stores.

Why: collector replicas share per-trace state through Redis, so a ``SessionState`` (or the
store's ``SessionRecord``) must travel as bytes. ``pickle`` would run code chosen by whoever can
write to Redis; this codec only ever builds plain values, enums and dataclasses from the
``loopwatch`` packages.

Generic by type hints: any dataclass (slotted, frozen or not) whose fields are ``None``,
``bool``, ``int``, ``float``, ``str``, enums, ``X | None``, unions of dataclasses, ``list``,
``tuple`` (variadic or fixed), ``set``/``frozenset``, ``dict`` or nested dataclasses is handled
without registration, so a new detector's ``*State`` class needs no edit here. Values typed
``Any`` (``SessionState.detector_states``) carry their own type tags.

Format (version 1)::

    byte 0     format version (1)
    byte 1     flags: bit 0 = body is zlib-compressed
    bytes 2..  UTF-8 JSON  [types, root]

``types`` lists each dataclass or enum used in the message once, as ``[tag, field names]``
(``tag`` is ``module:QualName``; field names are ``null`` for enums). A dataclass instance is
the array ``[type index, value of field 1, ...]`` in that order, so field names cost bytes once
per message, not once per instance, and decoding matches fields by name: adding a field with a
default, removing or reordering fields all decode across a rolling upgrade. ``dict[str, None]``
(an insertion-ordered set) is an array of its keys. A change that cannot be read that way gets
a new version byte, and ``decode`` names unknown versions instead of guessing.

Thread-safety: ``encode``/``decode`` are pure functions over immutable caches; any thread.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
import types
import typing
import zlib
from collections.abc import Callable
from typing import Any, TypeVar

FORMAT_VERSION = 1
_FLAG_ZLIB = 0x01
# Bodies up to this size are stored as they are. Level-1 zlib would shrink a typical 3-5 KB
# session to about 40 %, but at ~50 us per write it would be the largest single cost of a
# Redis-backed Evaluate (bench/bench_redis.py); the long sessions above this still get it.
_COMPRESS_ABOVE_BYTES = 8192
# Level 1: most of the gain (JSON of hex fingerprints is repetitive) at a fraction of the CPU.
_ZLIB_LEVEL = 1
# Only types from these packages are ever instantiated by ``decode``.
_ALLOWED_PACKAGES = ("loopwatch", "loopwatch_collector")

T = TypeVar("T")
_Encoder = Callable[[Any, "_EncodeContext"], Any]
_Decoder = Callable[[Any, "_DecodeContext"], Any]


class CodecError(ValueError):
    """Bytes that cannot be decoded (or a value that cannot be encoded); the message says why."""


class UnknownFormatVersionError(CodecError):
    """The bytes were written by a codec version this build does not read."""

    def __init__(self, version: int) -> None:
        super().__init__(
            f"session state format version {version} is unknown (this build reads {FORMAT_VERSION}); "
            "is a newer loopwatch writing to the same store prefix?"
        )
        self.version = version


def encode(value: object, *, compress: bool = True) -> bytes:
    """Encode a dataclass instance (a ``SessionRecord``, ``SessionState``, ...) to bytes."""
    if not _is_dataclass_instance(value):
        raise CodecError(f"can only encode dataclass instances, not {type(value).__name__}")
    context = _EncodeContext()
    try:
        root = _dataclass_encoder(type(value))(value, context)
        body = json.dumps([context.table, root], separators=(",", ":"), ensure_ascii=False).encode()
    except CodecError:
        raise
    except (TypeError, ValueError, RecursionError) as exc:
        raise CodecError(f"cannot encode {type(value).__name__}: {exc}") from exc
    flags = 0
    if compress and len(body) > _COMPRESS_ABOVE_BYTES:
        body = zlib.compress(body, _ZLIB_LEVEL)
        flags |= _FLAG_ZLIB
    return bytes((FORMAT_VERSION, flags)) + body


def decode(data: bytes, expected: type[T]) -> T:
    """Decode bytes made by ``encode``; the root must be an instance of ``expected``.

    Raises ``UnknownFormatVersionError`` for bytes of another format version and ``CodecError`` for
    anything else that cannot be read. Never executes code beyond dataclass constructors of the
    ``loopwatch`` packages.
    """
    if len(data) < 2:
        raise CodecError(f"session state too short ({len(data)} bytes)")
    if data[0] != FORMAT_VERSION:
        raise UnknownFormatVersionError(data[0])
    flags = data[1]
    if flags & ~_FLAG_ZLIB:
        raise CodecError(f"unknown flags 0x{flags:02x} in session state header")
    try:
        body = zlib.decompress(data[2:]) if flags & _FLAG_ZLIB else data[2:]
        table, root = json.loads(body)
        context = _DecodeContext(table)
        value = _decode_dataclass(root, context)
    except CodecError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, zlib.error) as exc:
        raise CodecError(f"corrupt session state: {type(exc).__name__}: {exc}") from exc
    if not isinstance(value, expected):
        raise CodecError(f"session state holds a {type(value).__name__}, expected {expected.__name__}")
    return value


# --- encoding -------------------------------------------------------------------------------


class _EncodeContext:
    __slots__ = ("ids", "table")

    def __init__(self) -> None:
        self.ids: dict[type, int] = {}
        self.table: list[list[Any]] = []

    def type_id(self, cls: type) -> int:
        found = self.ids.get(cls)
        if found is None:
            found = self.ids[cls] = len(self.table)
            tag = _tag(cls)
            _resolved.setdefault(tag, cls)  # types this process wrote are safe to read
            names = None if issubclass(cls, enum.Enum) else list(_field_names(cls))
            self.table.append([tag, names])
        return found


_names: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    found = _names.get(cls)
    if found is None:
        found = _names[cls] = tuple(f.name for f in _fields(cls))
    return found


def _tag(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


_encoders: dict[object, _Encoder] = {}
_dataclass_encoders: dict[type, _Encoder] = {}


def _encoder(hint: object) -> _Encoder:
    if hint is None:  # ``None`` written as a type argument: ``dict[str, None]``
        hint = type(None)
    found = _encoders.get(hint)
    if found is None:
        found = _encoders[hint] = _build_encoder(hint)
    return found


def _identity(value: Any, context: _EncodeContext) -> Any:
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


def _encode_float(value: Any, context: _EncodeContext) -> Any:
    return float(value)


def _encode_enum_value(value: Any, context: _EncodeContext) -> Any:
    return value.value


def _dataclass_encoder(cls: type) -> _Encoder:
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
    hints = typing.get_type_hints(cls)
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
    exec(compile(source, f"<session codec: {_tag(cls)}>", "exec"), namespace)
    encode_instance: _Encoder = namespace["encode_instance"]
    return encode_instance


_PLAIN_TYPES = frozenset((str, int, float, bool, type(None)))


def _encode_dynamic(value: Any, context: _EncodeContext) -> Any:
    """A value whose static type does not say enough: it carries its own type."""
    kind = type(value)
    if kind in _PLAIN_TYPES:
        return value
    known = _dataclass_encoders.get(kind)
    if known is not None:
        return known(value, context)
    if isinstance(value, enum.Enum):
        return {"e": [context.type_id(type(value)), value.value]}
    if _is_dataclass_instance(value):
        return _dataclass_encoder(type(value))(value, context)
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


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


def _is_dataclass_instance(value: object) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, type)


# --- decoding -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class _Plan:
    """How to rebuild one dataclass from a message's field list."""

    cls: type
    fields: int  # values the message carries per instance
    build: Callable[[list[Any], _DecodeContext], Any]


class _DecodeContext:
    __slots__ = ("enums", "plans")

    def __init__(self, table: Any) -> None:
        if not isinstance(table, list):
            raise CodecError("type table is not a list")
        self.plans: list[_Plan | None] = []
        self.enums: list[type[enum.Enum] | None] = []
        for entry in table:
            tag, names = entry
            cls = _resolve(tag)
            if names is None:
                if not issubclass(cls, enum.Enum):
                    raise CodecError(f"{tag} is not an enum")
                self.plans.append(None)
                self.enums.append(cls)
            else:
                self.plans.append(_plan(cls, tuple(names)))
                self.enums.append(None)


_resolved: dict[str, type] = {}
_plans: dict[tuple[type, tuple[str, ...]], _Plan] = {}
_decoders: dict[object, _Decoder] = {}


def _resolve(tag: Any) -> type:
    found = _resolved.get(tag) if isinstance(tag, str) else None
    if found is not None:
        return found
    if not isinstance(tag, str) or ":" not in tag:
        raise CodecError(f"bad type tag {tag!r}")
    module_name, qualname = tag.split(":", 1)
    if not any(module_name == p or module_name.startswith(p + ".") for p in _ALLOWED_PACKAGES):
        raise CodecError(f"type {tag} is outside the loopwatch packages; refusing to decode it")
    try:
        obj: Any = importlib.import_module(module_name)
        for part in qualname.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise CodecError(f"type {tag} does not exist in this build") from exc
    if not isinstance(obj, type) or not (dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum)):
        raise CodecError(f"{tag} is neither a dataclass nor an enum")
    _resolved[tag] = obj
    return obj


def _plan(cls: type, names: tuple[str, ...]) -> _Plan:
    key = (cls, names)
    found = _plans.get(key)
    if found is None:
        if not dataclasses.is_dataclass(cls):
            raise CodecError(f"{_tag(cls)} is not a dataclass")
        if len(set(names)) != len(names):
            raise CodecError(f"{_tag(cls)}: a field is named twice")
        found = _plans[key] = _Plan(cls=cls, fields=len(names), build=_compile_builder(cls, names))
    return found


def _compile_builder(cls: type, names: tuple[str, ...]) -> Callable[[list[Any], _DecodeContext], Any]:
    """A function rebuilding ``cls`` from a message whose fields are ``names``, in that order.

    Fields are matched by name: a field the message lacks gets its default from ``__init__``,
    a field this build lacks is skipped. Generated like ``_compile_encoder``; the source holds
    only field names of the (already validated) class, never message content.
    """
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    namespace: dict[str, Any] = {"cls": cls, "set_field": object.__setattr__}
    arguments, late = [], []
    for position, name in enumerate(names, start=1):
        if name not in fields:
            continue  # a field this build no longer has
        namespace[f"d{position}"] = _decoder(hints[name])
        value = f"d{position}(raw[{position}], context)"
        if fields[name].init:
            arguments.append(f"{name}={value}")
        else:
            late.append(f"    set_field(value, {name!r}, {value})\n")
    source = (
        "def build(raw, context):\n"
        f"    value = cls({', '.join(arguments)})\n"
        f"{''.join(late)}"
        "    return value\n"
    )
    exec(compile(source, f"<session codec: {_tag(cls)}>", "exec"), namespace)
    build: Callable[[list[Any], _DecodeContext], Any] = namespace["build"]
    return build


def _decode_dataclass(raw: Any, context: _DecodeContext) -> Any:
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], int):
        raise CodecError(f"expected a dataclass, found {type(raw).__name__}")
    plan = context.plans[raw[0]]
    if plan is None:
        raise CodecError("type index names an enum where a dataclass was expected")
    if len(raw) - 1 != plan.fields:
        raise CodecError(f"{_tag(plan.cls)}: {len(raw) - 1} values for {plan.fields} fields")
    try:
        return plan.build(raw, context)
    except TypeError as exc:  # a required field the writer did not have
        raise CodecError(f"cannot rebuild {_tag(plan.cls)}: {exc}") from exc


def _decoder(hint: object) -> _Decoder:
    if hint is None:
        hint = type(None)
    found = _decoders.get(hint)
    if found is None:
        found = _decoders[hint] = _build_decoder(hint)
    return found


def _build_decoder(hint: object) -> _Decoder:
    if hint in (str, int, bool):
        return _checked(typing.cast(type, hint))
    if hint is type(None):
        return _checked(type(None))
    if hint is float:
        return _decode_float
    if hint is Any or hint is object:
        return _decode_dynamic
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        enum_cls = hint
        return lambda v, c: enum_cls(v)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_dataclass
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        members = [a for a in args if a is not type(None)]
        if len(members) == 1:
            inner = _decoder(members[0])
            return lambda v, c: None if v is None else inner(v, c)
        return _decode_dynamic
    if origin in (list, tuple, set, frozenset):
        container: Callable[[Any], Any] = origin
        if origin is tuple and args and (len(args) != 2 or args[1] is not Ellipsis):
            parts = [_decoder(a) for a in args]

            def decode_fixed(v: Any, c: _DecodeContext) -> Any:
                if len(v) != len(parts):
                    raise CodecError(f"expected {len(parts)} items, found {len(v)}")
                return tuple(dec(item, c) for dec, item in zip(parts, v, strict=True))

            return decode_fixed
        item = _decoder(args[0]) if args else _decode_dynamic
        return lambda v, c: container(item(x, c) for x in _list(v))
    if origin is dict:
        key_hint, value_hint = args if args else (Any, Any)
        if value_hint is type(None) and key_hint is str:
            return lambda v, c: dict.fromkeys(_str(k) for k in _list(v))
        value_dec = _decoder(value_hint)
        if key_hint is str:
            return lambda v, c: {_str(k): value_dec(x, c) for k, x in _dict(v).items()}
        key_dec = _decoder(key_hint)
        return lambda v, c: {key_dec(k, c): value_dec(x, c) for k, x in _list(v)}
    raise CodecError(f"type {hint!r} is not supported by the session codec")


def _checked(expected: type) -> _Decoder:
    def check(value: Any, context: _DecodeContext) -> Any:
        if type(value) is not expected and not (expected is int and type(value) is bool):
            raise CodecError(f"expected {expected.__name__}, found {type(value).__name__}")
        return value

    return check


def _decode_float(value: Any, context: _DecodeContext) -> Any:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise CodecError(f"expected float, found {type(value).__name__}")
    return float(value)


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise CodecError(f"expected an array, found {type(value).__name__}")
    return value


def _dict(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise CodecError(f"expected an object, found {type(value).__name__}")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise CodecError(f"expected a string key, found {type(value).__name__}")
    return value


def _decode_dynamic(value: Any, context: _DecodeContext) -> Any:
    if value is None or isinstance(value, str | bool | int | float):
        return value
    if isinstance(value, list):
        return _decode_dataclass(value, context)
    if isinstance(value, dict) and len(value) == 1:
        ((kind, inner),) = value.items()
        if kind == "e":
            enum_cls = context.enums[inner[0]]
            if enum_cls is None:
                raise CodecError("type index names a dataclass where an enum was expected")
            return enum_cls(inner[1])
        if kind == "d":
            return {_str(k): _decode_dynamic(x, context) for k, x in _dict(inner).items()}
        makers: dict[str, Callable[[Any], Any]] = {"l": list, "t": tuple, "s": set, "f": frozenset}
        if kind in makers:
            return makers[kind](_decode_dynamic(x, context) for x in _list(inner))
    raise CodecError(f"cannot decode {type(value).__name__} held as Any")
