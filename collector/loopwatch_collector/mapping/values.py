"""Helpers that read attribute values defensively: every function here never raises.

Instrumentations disagree on shapes (a JSON string or a structured value, a list or a scalar,
flattened ``a.0.b`` keys or nested lists), so the family modules go through these helpers
rather than indexing values directly.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from loopwatch.fingerprint import canonical_json, digest

# Structures nested deeper than this are replaced by a digest: real tool arguments nest a few
# levels; hostile ones would otherwise cost recursion depth in canonicalisation.
MAX_ARGUMENT_DEPTH = 64

# Content larger than this is replaced by a digest before fingerprinting: detectors need only
# "same or not", and the event model's repetition scan over arguments is linear with a large
# constant (a 10 MB argument string would cost seconds of one event loop).
MAX_CONTENT_CHARS = 256 * 1024


def text(value: Any) -> str | None:
    """A non-empty string value, or ``None``."""
    if isinstance(value, str) and value:
        return value
    return None


def first_text(attrs: Mapping[str, Any], *keys: str) -> str | None:
    """The first of ``keys`` holding a non-empty string."""
    for key in keys:
        found = text(attrs.get(key))
        if found is not None:
            return found
    return None


def integer(value: Any) -> int:
    """An int from an int, float or decimal string; 0 otherwise."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value == value and abs(value) < 2**63:
        return int(value)
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return 0
    return 0


def loads(value: Any) -> Any:
    """``value`` parsed as JSON when it is a string holding JSON, else ``value`` itself."""
    if isinstance(value, str | bytes) and len(value) <= MAX_CONTENT_CHARS:
        stripped = value.strip()
        if stripped[:1] in ("{", "[", b"{", b"["):
            try:
                return json.loads(stripped)
            except (ValueError, RecursionError):
                return value
    return value


def as_text(value: Any) -> str:
    """Any attribute value as text, for result fingerprints; bounded by ``MAX_CONTENT_CHARS``."""
    result: str
    if isinstance(value, bytes):
        result = value.decode("utf-8", "replace")
    elif isinstance(value, str):
        result = value
    else:
        try:
            result = canonical_json(value)
        except (ValueError, RecursionError):
            result = repr(type(value))
    if len(result) > MAX_CONTENT_CHARS:
        return f"<loopwatch: {len(result)} chars, digest {digest(result)}>"
    return result


def as_arguments(value: Any) -> Any:
    """Tool arguments ready for ``ToolCall.create``: JSON-like, bounded, never raising there.

    Oversize content is replaced by a stand-in object holding its digest and size, so two
    identical huge arguments still fingerprint alike.
    """
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if isinstance(value, str):
        if len(value) > MAX_CONTENT_CHARS:
            return {"loopwatch.digest": digest(value), "loopwatch.chars": len(value)}
        stripped = value.strip()
        try:
            parsed = json.loads(stripped) if stripped[:1] in ("{", "[") else value
        except RecursionError:
            parsed = None  # nested beyond the parser's reach: certainly too deep
        except ValueError:
            return value  # plain-text arguments: canonicalised verbatim
        if parsed is None or not depth_within(parsed, MAX_ARGUMENT_DEPTH):
            return {"loopwatch.digest": digest(value), "loopwatch.chars": len(value)}
        return parsed
    if not depth_within(value, MAX_ARGUMENT_DEPTH):
        return {"loopwatch.too_deep": True}
    try:
        encoded = canonical_json(value)
    except (ValueError, RecursionError):
        return {"loopwatch.unencodable": repr(type(value))}
    if len(encoded) > MAX_CONTENT_CHARS:
        return {"loopwatch.digest": digest(encoded), "loopwatch.chars": len(encoded)}
    return value


def indexed(attrs: Mapping[str, Any], prefix: str) -> list[dict[str, Any]]:
    """Flattened list attributes (``prefix.0.x``, ``prefix.1.y``) as a list of dicts by index.

    Indices need not be contiguous (span attribute limits drop some); order follows them.
    """
    start = prefix + "."
    groups: dict[int, dict[str, Any]] = {}
    for key, value in attrs.items():
        if not key.startswith(start):
            continue
        index, _, rest = key[len(start) :].partition(".")
        if not index.isdigit() or not rest or len(index) > 6:
            continue
        groups.setdefault(int(index), {})[rest] = value
    return [groups[i] for i in sorted(groups)]


def mapping(value: Any) -> Mapping[str, Any]:
    """``value`` if it is a mapping, else an empty one."""
    return value if isinstance(value, Mapping) else {}


def items(value: Any) -> list[Any]:
    """``value`` if it is a list, else an empty one."""
    return value if isinstance(value, list) else []


def depth_within(value: Any, limit: int) -> bool:
    """True when ``value`` nests lists/dicts at most ``limit`` deep (iterative: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        current, depth = stack.pop()
        if isinstance(current, Mapping):
            children: Any = current.values()
        elif isinstance(current, list | tuple):
            children = current
        else:
            continue
        if depth >= limit:
            return False
        stack.extend((child, depth + 1) for child in children)
    return True
