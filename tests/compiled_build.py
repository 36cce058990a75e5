"""The SDK's compiled build (``sdk/setup.py``, ``LOOPWATCH_COMPILE=1``), made from a source tree.

Used by the tests that hold the compiled build to the Python one, by ``make test-compiled``
(the whole suite with it first on ``PYTHONPATH``) and by ``bench/bench_engine.py``. The wheel is
built from a copy of the tree's ``sdk/`` (setuptools builds in the source folder and leaves its
``build/`` there) with this interpreter's mypy, no network needed, and unpacked into a folder
that, first on ``PYTHONPATH``, puts the compiled ``loopwatch`` before the installed one.

Run ``python -m tests.compiled_build DIR`` to build this tree's into ``DIR``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Not copied: what a previous build left, and caches.
_LEFTOVERS = shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__", "*.so")


def build_compiled(into: Path, tree: Path = ROOT) -> Path:
    """Build ``tree``'s SDK compiled and unpack it into ``into`` (made empty first).

    Raises ``subprocess.CalledProcessError`` with the build's output when mypyc or the C
    compiler fails. About a minute on two cores.
    """
    shutil.rmtree(into, ignore_errors=True)
    into.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="loopwatch-compile-") as work:
        source = Path(work) / "sdk"
        shutil.copytree(tree / "sdk", source, ignore=_LEFTOVERS)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "-q",
                "--no-deps",
                "--no-build-isolation",
                "-w",
                work,
                str(source),
            ],
            env={**os.environ, "LOOPWATCH_COMPILE": "1"},
            check=True,
            capture_output=True,
            text=True,
        )
        (wheel,) = Path(work).glob("loopwatch-*.whl")
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(into)
    return into


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m tests.compiled_build DIR")
    print(build_compiled(Path(sys.argv[1]).resolve()))
