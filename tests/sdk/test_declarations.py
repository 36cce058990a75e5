"""loopwatch.declarations: field types and docstrings as written, from Python or a mypyc build.

The compiled cases compile a small module with the real mypyc (a few seconds) and read it in a
child process, as the compiled SDK is read.
"""

from __future__ import annotations

import inspect
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from loopwatch.declarations import docstring, field_types, is_compiled
from loopwatch.detect import cycle
from loopwatch.detect.cycle import CycleState
from loopwatch.detect.novelty import NoveltyState

_MODULE = """
'''What the module says.

    Indented, as docstrings are.'''

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Toggle:
    last: str


@dataclass
class Base:
    count: int = 0


@dataclass
class State(Base):
    '''A state.

    Attributes:
        keys: the keys.
    '''

    keys: list[str] = field(default_factory=list)
    toggles: dict[str, Toggle] = field(default_factory=dict)
    first: int | None = None
    quoted: "tuple[int, ...]" = ()
    forms: frozenset[str] = frozenset()
"""

_READ = """
import shipped
from loopwatch.declarations import docstring, field_types, is_compiled
assert is_compiled(shipped.State) and is_compiled(shipped), shipped.__file__
assert shipped.State.__doc__ in (None, ""), "mypyc kept the docstring: this test tests nothing"
print(repr(field_types(shipped.State)))
print(repr(docstring(shipped)), repr(docstring(shipped.State)), repr(docstring(shipped.Toggle)))
"""


def _compile(folder: Path) -> None:
    (folder / "shipped.py").write_text(_MODULE, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mypyc", "shipped.py"], cwd=folder, check=True, capture_output=True)
    assert list(folder.glob("shipped.*.so")), "mypyc built no extension"


def _read(folder: Path) -> subprocess.CompletedProcess[str]:
    path = f"{folder}:{Path(__file__).resolve().parents[2] / 'sdk'}"
    return subprocess.run(
        [sys.executable, "-c", _READ], cwd=folder, env={"PYTHONPATH": path}, capture_output=True, text=True
    )


@pytest.mark.skipif(is_compiled(CycleState), reason="the compiled build is first on PYTHONPATH")
def test_python_code_gets_its_type_hints_and_docstrings() -> None:
    for cls in (CycleState, NoveltyState):
        assert not is_compiled(cls)
        assert field_types(cls) == typing.get_type_hints(cls)
        assert docstring(cls) == inspect.getdoc(cls)
    assert field_types(CycleState)["calls"] == list[tuple[str, ...]]
    assert docstring(cycle) == inspect.getdoc(cycle)


def test_a_compiled_class_gets_its_annotations_whole_from_its_source(tmp_path: Path) -> None:
    _compile(tmp_path)
    done = _read(tmp_path)
    assert done.returncode == 0, done.stderr
    # What mypyc keeps alone would be list, dict and type: the element types come from the source.
    types, docstrings = done.stdout.splitlines()
    assert types == (
        "{'count': <class 'int'>, 'keys': list[str], 'toggles': dict[str, shipped.Toggle], "
        "'first': int | None, 'quoted': tuple[int, ...], 'forms': frozenset[str]}"
    )
    module_doc = "What the module says.\n\nIndented, as docstrings are."
    state_doc = "A state.\n\nAttributes:\n    keys: the keys."
    assert docstrings == f"{module_doc!r} {state_doc!r} None"


def test_a_compiled_class_without_its_source_names_the_missing_file(tmp_path: Path) -> None:
    _compile(tmp_path)
    (tmp_path / "shipped.py").unlink()
    done = _read(tmp_path)
    assert done.returncode != 0
    assert f"Base is compiled and its source {tmp_path / 'shipped.py'} is missing" in done.stderr
