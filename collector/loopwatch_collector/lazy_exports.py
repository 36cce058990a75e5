"""Lazy package exports (PEP 562): a package names what it exports and where each lives, and
importing the package imports none of them until one is used.

Why: the ingest worker imports ``loopwatch_collector`` subpackages to decode OTLP; importing
the servers behind every public name would double its start-up time and memory.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any


def lazy_getattr(
    package: str, exports: Mapping[str, str], namespace: MutableMapping[str, Any]
) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``exports`` maps each public name to the module
    defining it; the first use imports that module and caches the value in ``namespace`` (the
    package's ``globals()``). Unknown names raise ``AttributeError`` as a module would."""

    def getattr_(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    return getattr_
