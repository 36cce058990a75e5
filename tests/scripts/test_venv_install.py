"""``scripts/venv-install.sh``: uv when there is one (PATH first, then the venv's), pip when
there is none or uv fails, and pip's index settings from the environment passed on to uv.

Fake ``uv`` and ``python`` executables record how they were called; the script runs with only
their folder on PATH, so a uv installed on the machine never takes part.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "venv-install.sh"
_RECORDER = """#!/bin/sh
echo "$0 $*" >> {log}
echo "UV_INDEX_URL=${{UV_INDEX_URL:-}} UV_EXTRA_INDEX_URL=${{UV_EXTRA_INDEX_URL:-}} \
UV_INDEX_STRATEGY=${{UV_INDEX_STRATEGY:-}}" >> {log}
exit {status}
"""


def _fake(path: Path, log: Path, status: int = 0) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_RECORDER.format(log=log, status=status))
    path.chmod(0o755)


def _run(tmp_path: Path, env: dict[str, str] | None = None) -> tuple[int, list[str]]:
    log = tmp_path / "calls.log"
    _fake(tmp_path / "venv" / "bin" / "python", log)
    result = subprocess.run(
        ["/bin/sh", str(SCRIPT), str(tmp_path / "venv"), "-e", "sdk"],
        env={"PATH": str(tmp_path / "path"), **(env or {})},
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    return result.returncode, log.read_text().splitlines() if log.exists() else []


def test_uv_on_path_installs_and_pip_is_not_run(tmp_path: Path) -> None:
    _fake(tmp_path / "path" / "uv", tmp_path / "calls.log")
    status, calls = _run(tmp_path)
    assert status == 0
    assert calls[0] == f"{tmp_path}/path/uv pip install -q --python {tmp_path}/venv/bin/python -e sdk"
    assert len(calls) == 2  # the call and its environment line; no pip


def test_the_venvs_own_uv_is_used_without_one_on_path(tmp_path: Path) -> None:
    (tmp_path / "path").mkdir()
    _fake(tmp_path / "venv" / "bin" / "uv", tmp_path / "calls.log")
    status, calls = _run(tmp_path)
    assert status == 0
    assert calls[0].startswith(f"{tmp_path}/venv/bin/uv pip install -q --python ")


@pytest.mark.parametrize("uv_status", [None, 2], ids=["no-uv", "uv-fails"])
def test_pip_installs_when_there_is_no_uv_or_it_fails(tmp_path: Path, uv_status: int | None) -> None:
    (tmp_path / "path").mkdir()
    if uv_status is not None:
        _fake(tmp_path / "path" / "uv", tmp_path / "calls.log", status=uv_status)
    status, calls = _run(tmp_path)
    assert status == 0
    assert calls[-2] == f"{tmp_path}/venv/bin/python -m pip install -q -e sdk"


def test_pips_index_settings_reach_uv_and_uvs_own_win(tmp_path: Path) -> None:
    _fake(tmp_path / "path" / "uv", tmp_path / "calls.log")
    env = {"PIP_INDEX_URL": "https://mirror.invalid/simple", "PIP_EXTRA_INDEX_URL": "https://a.invalid"}
    _, calls = _run(tmp_path, env)
    assert calls[1] == (
        "UV_INDEX_URL=https://mirror.invalid/simple UV_EXTRA_INDEX_URL=https://a.invalid "
        "UV_INDEX_STRATEGY=unsafe-best-match"
    )
    (tmp_path / "calls.log").unlink()
    _, calls = _run(tmp_path, {**env, "UV_INDEX_URL": "https://own.invalid/simple"})
    assert calls[1].startswith("UV_INDEX_URL=https://own.invalid/simple ")
