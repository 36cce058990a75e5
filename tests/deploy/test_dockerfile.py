"""deploy/Dockerfile: slim base, non-root, health check, ports, and a build context that has its files."""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOCKERFILE = REPO / "deploy" / "Dockerfile"
DOCKERIGNORE = REPO / "deploy" / "Dockerfile.dockerignore"


def _instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    logical: list[str] = []
    current = ""
    for raw in DOCKERFILE.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            current += line[:-1] + " "
            continue
        logical.append(current + line)
        current = ""
    assert not current, "dangling line continuation"
    pairs = []
    for line in logical:
        keyword, _, args = line.partition(" ")
        pairs.append((keyword.upper(), args.strip()))
    return pairs


def _final_stage() -> list[tuple[str, str]]:
    instructions = _instructions()
    last_from = max(i for i, (k, _) in enumerate(instructions) if k == "FROM")
    return instructions[last_from:]


def test_every_stage_is_a_pinned_slim_python() -> None:
    bases = [args.split()[0] for keyword, args in _instructions() if keyword == "FROM"]
    assert bases
    for base in bases:
        assert re.fullmatch(r"python:3\.\d+-slim", base), base


def test_runs_as_a_numeric_non_root_user() -> None:
    users = [args for keyword, args in _final_stage() if keyword == "USER"]
    assert users, "no USER in the final stage"
    uid = users[-1].split(":")[0]
    assert uid.isdigit()
    assert int(uid) != 0


def test_has_a_health_check_on_healthz() -> None:
    checks = [args for keyword, args in _final_stage() if keyword == "HEALTHCHECK"]
    assert len(checks) == 1
    assert "/healthz" in checks[0]
    assert "--timeout=" in checks[0]


def test_exposes_the_collector_ports_and_runs_serve() -> None:
    final = dict(_final_stage())
    assert set(final["EXPOSE"].split()) == {"4317", "4318", "8080"}
    assert final["ENTRYPOINT"] == '["loopwatch"]'
    assert final["CMD"] == '["serve"]'


def _ignored(relative: str, patterns: list[str]) -> bool:
    """Docker's rule: the last matching pattern wins; ``!`` re-includes."""
    ignored = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        body = pattern[1:] if negate else pattern
        body = body.rstrip("/")
        if fnmatch.fnmatch(relative, body) or fnmatch.fnmatch(relative, body.replace("**/", "")):
            ignored = not negate
    return ignored


def test_copied_sources_exist_and_are_in_the_build_context() -> None:
    patterns = [
        line.strip()
        for line in DOCKERIGNORE.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    copies = [args for keyword, args in _instructions() if keyword == "COPY" and "--from=" not in args]
    assert copies
    for args in copies:
        *sources, _destination = args.split()
        for source in sources:
            path = REPO / source
            assert path.exists(), source
            assert not _ignored(source.rstrip("/"), patterns), f"{source} is excluded by {DOCKERIGNORE.name}"
    # The distributions' metadata must be in the context for `pip install`.
    for needed in ("sdk/pyproject.toml", "collector/pyproject.toml"):
        assert (REPO / needed).is_file()


def _build_stage() -> list[tuple[str, str]]:
    instructions = _instructions()
    froms = [i for i, (k, _) in enumerate(instructions) if k == "FROM"]
    assert len(froms) == 2, "expected a build stage and a runtime stage"
    return instructions[froms[0] : froms[1]]


def test_build_stage_builds_both_distributions_from_its_context(tmp_path: Path) -> None:
    """Replays the build stage without Docker: its COPY lines into a scratch root (the build
    context filtered like Docker would), then builds the wheels its `pip install` installs."""
    root = tmp_path / "root"
    skip = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc", "build", "dist")
    for keyword, args in _build_stage():
        if keyword != "COPY":
            continue
        source, destination = args.split()
        target = root / destination.lstrip("/")
        if (REPO / source).is_dir():
            shutil.copytree(REPO / source, target, ignore=skip)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(REPO / source, target)
    (install,) = [args for keyword, args in _build_stage() if keyword == "RUN" and "pip install" in args]
    projects = [root / word.lstrip("/") for word in install.split() if word.startswith("/src/")]
    assert projects
    wheels = tmp_path / "wheels"
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(wheels)]
        + [str(p) for p in projects],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    (collector_wheel,) = wheels.glob("loopwatch_collector-*.whl")
    with zipfile.ZipFile(collector_wheel) as wheel:
        (entry_points,) = [n for n in wheel.namelist() if n.endswith("entry_points.txt")]
        scripts = wheel.read(entry_points).decode()
    # ENTRYPOINT ["loopwatch"] exists once the collector is installed.
    assert re.search(r"^loopwatch = loopwatch_collector\.cli:main$", scripts, re.M), scripts
    assert len(list(wheels.glob("loopwatch-*.whl"))) == 1
    for wheel_path in wheels.glob("*.whl"):
        with zipfile.ZipFile(wheel_path) as wheel:
            names = wheel.namelist()
            (metadata_name,) = [n for n in names if n.endswith(".dist-info/METADATA")]
            metadata = wheel.read(metadata_name).decode()
            (license_name,) = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
            assert "Apache License" in wheel.read(license_name).decode()
        assert "License-Expression: Apache-2.0" in metadata
        assert re.search(r"^Project-URL: Source, https://", metadata, re.M), wheel_path.name
