"""The compiled build (``sdk/setup.py``, ``LOOPWATCH_COMPILE=1``) is the Python one, faster.

Built once per run with the real mypyc and C compiler (about a minute), then held to the Python
build in child processes that put it first on ``PYTHONPATH``: every module it names compiled,
the same field types and docstrings (the session codec and the detector reference read them),
the same ``loopwatch eval`` report, and session state that crosses between the two builds
(replicas of both kinds share one Redis during an upgrade). ``make test-compiled`` runs the whole suite on it.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from loopwatch.detect.session import SessionState
from loopwatch_collector.store import codec
from tests.compiled_build import ROOT, build_compiled

SHIPPED_SETS = [ROOT / "corpus" / name for name in ("synthetic", "synthetic-agents", "synthetic-generalize")]
COMPILED = tomllib.loads((ROOT / "sdk" / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["loopwatch"][
    "compiled"
]
MODULES = [p.removesuffix(".py").replace("/", ".") for p in COMPILED]

# What each child prints: every dataclass of the compiled modules, where it comes from and its
# field types (repr), and each shipped scenario's session state as the codec writes it.
_CHILD = """
import base64, dataclasses, importlib, json, sys
from pathlib import Path
from loopwatch.detect.engine import Engine
from loopwatch.declarations import docstring, field_types, is_compiled
from loopwatch.detect.session import SessionState
from loopwatch.scenario import iter_scenario_files, load_scenario
from loopwatch_collector.store import codec

modules, sets, foreign = json.loads(sys.stdin.read())
classes = {}
for name in modules:
    module = importlib.import_module(name)
    for value in vars(module).values():
        if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == name:
            try:
                types = repr(field_types(value))
            except NameError as error:  # a name imported for type checking alone, in both builds
                types = str(error)
            doc = docstring(value)
            # A class with no docstring: Python's dataclasses write its signature, mypyc nothing.
            written = doc if doc is not None and not doc.startswith(value.__name__ + "(") else None
            classes[f"{name}:{value.__qualname__}"] = [is_compiled(value), types + repr(written)]
    classes[name] = [is_compiled(module), repr(docstring(module))]
engine = Engine()
states = {}
for path in iter_scenario_files([Path(s) for s in sets]):
    scenario = load_scenario(path)
    state = engine.new_session()
    engine.ingest(state, scenario.events)
    states[str(path)] = base64.b64encode(codec.encode(state)).decode()
again = {}
for key, text in foreign.items():
    state = codec.decode(base64.b64decode(text), SessionState)
    again[key] = base64.b64encode(codec.encode(state)).decode()
files = {m: sys.modules[m].__file__ for m in modules}
print(json.dumps({"files": files, "classes": classes, "states": states, "again": again}))
"""


@dataclass(frozen=True)
class Build:
    """What a child process running one build printed (``_CHILD``)."""

    files: dict[str, str]  # module -> the file it was loaded from
    classes: dict[str, tuple[bool, str]]  # module[:class] -> (compiled?, its field types, docstring)
    states: dict[str, str]  # scenario -> its session state, encoded (base64)
    again: dict[str, str]  # the other build's states, decoded and encoded again


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_compiled(tmp_path_factory.mktemp("compiled") / "sdk")


def _environment(first: Path | None) -> dict[str, str]:
    path = [str(p) for p in (first, ROOT / "sdk", ROOT / "collector") if p is not None]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(path)}


def _child(first: Path | None, foreign: dict[str, str]) -> Build:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD],
        input=json.dumps([MODULES, [str(s) for s in SHIPPED_SETS], foreign]),
        env=_environment(first),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    raw = json.loads(done.stdout)
    classes = {name: (bool(c), str(t)) for name, (c, t) in raw["classes"].items()}
    return Build(files=raw["files"], classes=classes, states=raw["states"], again=raw["again"])


@pytest.fixture(scope="module")
def both(compiled: Path) -> tuple[Build, Build]:
    """(Python build, compiled build), each having re-encoded what the other encoded."""
    compiled_side = _child(compiled, _child(None, {}).states)
    return _child(None, compiled_side.states), compiled_side


def test_every_module_named_is_compiled_and_the_rest_is_python(both: tuple[Build, Build]) -> None:
    python, compiled = both
    assert all(f.endswith(".py") for f in python.files.values())
    assert [m for m, f in compiled.files.items() if not f.endswith(".so")] == []
    assert all(is_compiled for is_compiled, _ in compiled.classes.values())


def test_field_types_and_docstrings_are_the_python_builds(both: tuple[Build, Build]) -> None:
    python, compiled = both
    hints = {name: types for name, (_, types) in python.classes.items()}
    assert {name: types for name, (_, types) in compiled.classes.items()} == hints
    assert len(hints) > 30


def _decoded(states: dict[str, str]) -> dict[str, SessionState]:
    return {key: codec.decode(base64.b64decode(text), SessionState) for key, text in states.items()}


def test_session_state_crosses_between_the_builds(both: tuple[Build, Build]) -> None:
    python, compiled = both
    expected = _decoded(python.states)
    assert len(expected) > 100
    # Equal as values, not bytes: a set is written in its iteration order, which varies.
    assert _decoded(compiled.states) == expected
    # Each decoded the other's bytes into its own classes and wrote them back.
    assert _decoded(compiled.again) == expected
    assert _decoded(python.again) == _decoded(compiled.states)


def test_eval_reports_the_same_verdicts(compiled: Path) -> None:
    def report(first: Path | None) -> str:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "loopwatch_collector.cli",
                "eval",
                "--format",
                "json",
                *map(str, SHIPPED_SETS),
            ],
            env=_environment(first),
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode in (0, 1), done.stderr[-3000:]
        return done.stdout

    python = report(None)
    assert json.loads(python), "no report"
    assert report(compiled) == python
