"""No import cycles in ``loopwatch`` and ``loopwatch_collector``; the collector uses only the
SDK's public modules.

The graph is read from the source (``ast``), every import counted, those under
``if TYPE_CHECKING:`` too (a cycle that only type checking sees is still two modules that
cannot be understood apart). Edges go to the module named (``from pkg import mod`` to
``pkg.mod``); the implicit import of a parent package is not an edge.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {
    "loopwatch": ROOT / "sdk" / "loopwatch",
    "loopwatch_collector": ROOT / "collector" / "loopwatch_collector",
}
# Generated protobuf code imports only itself; it is not ours to arrange.
_GENERATED = "loopwatch.wire._proto"


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for name, root in PACKAGES.items():
        for path in root.rglob("*.py"):
            parts = [name, *path.relative_to(root).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            module = ".".join(parts)
            if not module.startswith(_GENERATED):
                found[module] = path
    return found


def _imports(module: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    yield f"{base}.{alias.name}"
                elif base in known:
                    yield base


def _graph() -> dict[str, set[str]]:
    known = _modules()
    return {m: set(_imports(m, p, known)) - {m} for m, p in known.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_walk_sees_the_packages() -> None:
    graph = _graph()
    assert "loopwatch_collector.processing.pipeline" in graph
    assert "loopwatch.detect.evaluation" in graph["loopwatch_collector.processing.session_update"]


def test_no_import_cycles() -> None:
    assert _cycles(_graph()) == []


def test_a_cycle_is_found() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_collector_imports_only_public_sdk_modules() -> None:
    private = {
        (module, target)
        for module, targets in _graph().items()
        if module.startswith("loopwatch_collector")
        for target in targets
        if target.startswith("loopwatch.") and any(part.startswith("_") for part in target.split("."))
    }
    assert private == set()
