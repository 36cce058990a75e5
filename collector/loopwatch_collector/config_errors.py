"""Turning configuration mistakes into one line each, all of them at once.

A first-time operator fixes a configuration faster when every problem is listed together and
each line says where the bad value came from: a key of the YAML file (``listen.grpc_port``) or
an environment variable (``LOOPWATCH_MODE=watch (defaults.mode)``). ``config.py`` collects the
problems with these helpers and raises one ``ConfigError`` carrying them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import yaml
from pydantic import ValidationError

#: Config path (``("defaults", "mode")``) -> the variable whose value was put there.
EnvSources = Mapping[tuple[str, ...], str]


def yaml_problem(path: Path | str, exc: yaml.YAMLError) -> str:
    """One line for a YAML syntax error: file, line, column, and what the parser expected.

    PyYAML's own text spans several lines (context, a source excerpt with a caret); the line
    and column are what an editor needs.
    """
    if isinstance(exc, yaml.MarkedYAMLError) and exc.problem_mark is not None:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}"
        context = f" ({exc.context})" if exc.context else ""
        return f"config file {path}, {where}: {exc.problem}{context}"
    return f"config file {path}: {' '.join(str(exc).split())}"


def validation_problems(exc: ValidationError, sources: EnvSources, environ: Mapping[str, str]) -> list[str]:
    """One line per pydantic error, naming the key, or the variable when it set the value."""
    problems = []
    for error in exc.errors():
        loc = tuple(str(part) for part in error["loc"])
        key = ".".join(loc) or "(top level)"
        problems.append(f"{_origin(loc, key, sources, environ)}: {error['msg']}")
    return problems


def _origin(loc: tuple[str, ...], key: str, sources: EnvSources, environ: Mapping[str, str]) -> str:
    for path, variable in sources.items():
        if loc[: len(path)] == path:
            return f"{variable}={environ.get(variable, '')} ({key})"
    return key
