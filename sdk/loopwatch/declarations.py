"""What a module or class declares in its source (field types, docstrings), whether it runs as
Python or compiled by mypyc.

Why: the session codec, detector options (``detect/registry.py``) and their reference read each
field's declared type at run time (``list[str]``, ``dict[str, Toggle]``, ``int | None``), and the
reference reads the detectors' docstrings. ``typing.get_type_hints`` and ``inspect.getdoc`` give
them for code that runs as Python. Code compiled by mypyc (the optional compiled build,
``sdk/setup.py``) keeps only each annotation's outer class (``list``, ``dict``, and ``type`` for a
union), which cannot say what a list holds, and no docstrings; both are read again from the
module's source, which the build ships beside the compiled module, annotations evaluated in the
module's namespace as ``get_type_hints`` evaluates string annotations.

Contract: ``field_types(cls)`` equals ``typing.get_type_hints(cls)`` and ``docstring(x)``
``inspect.getdoc(x)`` where the source has one, compiled or not (a test holds the compiled build
to it); compiled code without its source raises ``TypeError`` naming the file it looked for.
"""

from __future__ import annotations

import ast
import functools
import importlib.machinery
import inspect
import sys
import typing
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["docstring", "field_types", "is_compiled"]


def is_compiled(declared: type | ModuleType) -> bool:
    """Whether a class or module comes from an extension module (what its source declared is
    not all there)."""
    return _extension_suffix(_module_file(declared)) is not None


def docstring(declared: type | ModuleType) -> str | None:
    """The docstring of a class or module, cleaned up as ``inspect.getdoc`` does (a compiled
    class without one of its own gets none, not its base's)."""
    if not is_compiled(declared):
        return inspect.getdoc(declared)
    tree = _source_tree(declared)
    node = tree if isinstance(declared, ModuleType) else _class_node(tree, declared)
    return ast.get_docstring(node, clean=True)


def field_types(cls: type) -> dict[str, Any]:
    """Each annotated attribute of ``cls`` and its bases, base first, to its declared type.

    Cached per class (filled idempotently: any thread); callers must not change the mapping.
    """
    found = _found.get(cls)
    if found is None:
        found = _found[cls] = _read(cls)
    return found


_found: dict[type, dict[str, Any]] = {}


def _read(cls: type) -> dict[str, Any]:
    if not is_compiled(cls):
        return typing.get_type_hints(cls)
    found: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        if klass is not object:
            found.update(_source_annotations(klass) if is_compiled(klass) else typing.get_type_hints(klass))
    return found


def _module(declared: type | ModuleType) -> ModuleType:
    return declared if isinstance(declared, ModuleType) else sys.modules[declared.__module__]


def _module_file(declared: type | ModuleType) -> str:
    return str(getattr(_module(declared), "__file__", None) or "")


def _extension_suffix(path: str) -> str | None:
    return next((s for s in importlib.machinery.EXTENSION_SUFFIXES if path.endswith(s)), None)


def _source_tree(declared: type | ModuleType) -> ast.Module:
    """The parsed source beside the compiled module of ``declared``."""
    compiled = _module_file(declared)
    source = Path(compiled.removesuffix(_extension_suffix(compiled) or "") + ".py")
    if not source.is_file():
        raise TypeError(f"{declared.__name__} is compiled and its source {source} is missing")
    return _parsed(str(source))


@functools.cache
def _parsed(source: str) -> ast.Module:
    """One parse per module, however many of its classes are read."""
    return ast.parse(Path(source).read_text(encoding="utf-8"), filename=source)


def _class_node(tree: ast.Module, cls: type) -> ast.ClassDef:
    # mypyc compiles no class nested in another: a compiled class is defined at the top level.
    found = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__), None)
    if found is None:
        raise TypeError(f"{cls.__qualname__} is not defined in the source of {cls.__module__}")
    return found


def _source_annotations(cls: type) -> dict[str, Any]:
    """``cls``'s own annotations read from the source beside its compiled module."""
    namespace = dict(vars(_module(cls)))
    found: dict[str, Any] = {}
    for node in _class_node(_source_tree(cls), cls).body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            value = eval(ast.unparse(node.annotation), namespace)  # the package's own source
            found[node.target.id] = eval(value, namespace) if isinstance(value, str) else value
    return found
