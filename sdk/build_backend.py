"""PEP 517 backend: setuptools', plus mypy (mypyc) among the build requirements when
``LOOPWATCH_COMPILE=1`` asks for the compiled build (``setup.py``).

setuptools would run ``setup.py`` to list requirements, which for the compiled build imports the
mypyc this hook is there to install; ``setup.py`` declares no others, so the hooks answer alone.
"""

import os

from setuptools.build_meta import *  # noqa: F403 (the whole setuptools backend)

# The mypyc that produced the measured compiled build (bench/bench_engine.py).
_MYPYC = ["mypy==2.4.1"]


def _requires() -> list[str]:
    return _MYPYC if os.environ.get("LOOPWATCH_COMPILE") == "1" else []


def get_requires_for_build_wheel(config_settings: dict[str, str] | None = None) -> list[str]:
    return _requires()


def get_requires_for_build_editable(config_settings: dict[str, str] | None = None) -> list[str]:
    return _requires()
