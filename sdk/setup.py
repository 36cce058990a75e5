"""The optional compiled build: ``LOOPWATCH_COMPILE=1`` compiles the detection engine with mypyc.

Why: the engine runs on every event a collector receives; compiled, the same sources run in
about 0.6x the time (``bench/bench_engine.py``). The modules compiled are
``[tool.loopwatch] compiled`` in ``pyproject.toml``; their sources ship beside the compiled
modules (``loopwatch.declarations`` reads annotations from them) and every other module, the SDK's
client side included, stays Python. Without the variable this is a plain setuptools build.

Building it needs a C compiler and the Python headers; ``build_backend.py`` adds mypy to the
build requirements when the variable is set.
"""

import os
import tomllib
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent

if os.environ.get("LOOPWATCH_COMPILE") == "1":
    from mypyc.build import mypycify

    compiled = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["loopwatch"][
        "compiled"
    ]
    # Types from packages a build environment may lack (OpenTelemetry, grpc) are Any to the
    # compiled modules, which never import them.
    setup(ext_modules=mypycify(["--ignore-missing-imports", *compiled], opt_level="3"))
else:
    setup()
