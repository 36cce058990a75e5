"""OpenLIT (SDK 1.4x).

Tool spans of OpenLIT's framework instrumentations are semconv ``execute_tool`` spans (legacy
``gen_ai.tool.args`` / ``gen_ai.tool.output`` are read by :mod:`genai`).

Caveat handled here: OpenLIT's *provider* (chat) spans also carry ``gen_ai.tool.name``,
``gen_ai.tool.call.id`` and ``gen_ai.tool.args`` as **comma-joined lists of the calls the model
requested**. They are never tool executions. When such a chat span has no output messages,
its requested calls are read from these lists (names and ids only: comma-joined JSON arguments
cannot be split reliably, so arguments stay unknown).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopwatch_collector.mapping.model import RequestedCall
from loopwatch_collector.mapping.values import items, text


def requested_calls(attrs: Mapping[str, Any]) -> tuple[RequestedCall, ...]:
    """Calls from the comma-joined ``gen_ai.tool.name`` / ``gen_ai.tool.call.id`` of a chat span."""
    names = _split(attrs.get("gen_ai.tool.name"))
    ids = _split(attrs.get("gen_ai.tool.call.id"))
    if not names:
        return ()
    return tuple(
        RequestedCall(name=name, id=ids[i] if i < len(ids) and len(ids) == len(names) else None)
        for i, name in enumerate(names)
    )


def _split(value: Any) -> list[str]:
    if isinstance(value, list):
        return [v for v in (text(x) for x in items(value)) if v]
    found = text(value)
    if found is None:
        return []
    return [part.strip() for part in found.split(",") if part.strip()]
