"""Helpers shared by the message-list adapters: duck typing over dicts and SDK objects."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

logger = logging.getLogger("loopwatch.integrations")

_warned: set[str] = set()


def warn_once(key: str, message: str, *args: object) -> None:
    """Log ``message`` at WARNING the first time ``key`` is seen in this process."""
    if key not in _warned:
        _warned.add(key)
        logger.warning(message, *args)


def field(obj: Any, name: str, default: Any = None) -> Any:
    """``obj[name]`` for mappings, ``obj.name`` for SDK objects (pydantic models)."""
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def as_dict(obj: Any) -> dict[str, Any]:
    """A mutable dict copy of a message (dicts are copied, pydantic models dumped)."""
    if isinstance(obj, Mapping):
        return dict(obj)
    dump = getattr(obj, "model_dump", None)
    if callable(dump):
        value = dump(exclude_none=True)
        if isinstance(value, dict):
            return value
    raise TypeError(f"cannot turn a {type(obj).__name__} into a message dict")


def as_text(value: Any) -> str:
    """Tool output as text: strings as they are, anything else as JSON."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)
