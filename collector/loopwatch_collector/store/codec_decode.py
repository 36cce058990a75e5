"""The decoding half of the session codec (``store/codec.py``): per-class builders compiled
once, matching fields by name; only types of the ``loopwatch`` packages are ever built."""

from __future__ import annotations

import dataclasses
import enum
import importlib
import types
import typing
from collections.abc import Callable
from typing import Any

from loopwatch.declarations import field_types
from loopwatch_collector.exceptions import CodecError
from loopwatch_collector.store.codec_encode import resolved_types, tag

# Only types from these packages are ever instantiated by ``decode``.
_ALLOWED_PACKAGES = ("loopwatch", "loopwatch_collector")

_Decoder = Callable[[Any, "DecodeContext"], Any]


@dataclasses.dataclass(frozen=True, slots=True)
class _Plan:
    """How to rebuild one dataclass from a message's field list."""

    cls: type
    fields: int  # values the message carries per instance
    build: Callable[[list[Any], DecodeContext], Any]


class DecodeContext:
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


_plans: dict[tuple[type, tuple[str, ...]], _Plan] = {}
_decoders: dict[object, _Decoder] = {}


def _resolve(tag: Any) -> type:
    found = resolved_types.get(tag) if isinstance(tag, str) else None
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
    resolved_types[tag] = obj
    return obj


def _plan(cls: type, names: tuple[str, ...]) -> _Plan:
    key = (cls, names)
    found = _plans.get(key)
    if found is None:
        if not dataclasses.is_dataclass(cls):
            raise CodecError(f"{tag(cls)} is not a dataclass")
        if len(set(names)) != len(names):
            raise CodecError(f"{tag(cls)}: a field is named twice")
        found = _plans[key] = _Plan(cls=cls, fields=len(names), build=_compile_builder(cls, names))
    return found


def _compile_builder(cls: type, names: tuple[str, ...]) -> Callable[[list[Any], DecodeContext], Any]:
    """A function rebuilding ``cls`` from a message whose fields are ``names``, in that order.

    Fields are matched by name: a field the message lacks gets its default from ``__init__``,
    a field this build lacks is skipped. Generated like ``_compile_encoder``; the source holds
    only field names of the (already validated) class, never message content.
    """
    hints = field_types(cls)
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
    exec(compile(source, f"<session codec: {tag(cls)}>", "exec"), namespace)
    build: Callable[[list[Any], DecodeContext], Any] = namespace["build"]
    return build


def decode_dataclass(raw: Any, context: DecodeContext) -> Any:
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], int):
        raise CodecError(f"expected a dataclass, found {type(raw).__name__}")
    plan = context.plans[raw[0]]
    if plan is None:
        raise CodecError("type index names an enum where a dataclass was expected")
    if len(raw) - 1 != plan.fields:
        raise CodecError(f"{tag(plan.cls)}: {len(raw) - 1} values for {plan.fields} fields")
    try:
        return plan.build(raw, context)
    except TypeError as exc:  # a required field the writer did not have
        raise CodecError(f"cannot rebuild {tag(plan.cls)}: {exc}") from exc


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
        return decode_dataclass
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

            def decode_fixed(v: Any, c: DecodeContext) -> Any:
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
    def check(value: Any, context: DecodeContext) -> Any:
        if type(value) is not expected and not (expected is int and type(value) is bool):
            raise CodecError(f"expected {expected.__name__}, found {type(value).__name__}")
        return value

    return check


def _decode_float(value: Any, context: DecodeContext) -> Any:
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


def _decode_dynamic(value: Any, context: DecodeContext) -> Any:
    if value is None or isinstance(value, str | bool | int | float):
        return value
    if isinstance(value, list):
        return decode_dataclass(value, context)
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
