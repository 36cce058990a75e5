"""``loopwatch --version`` and the help texts a first-time user reads."""

from __future__ import annotations

from importlib.metadata import version

import pytest

from loopwatch_collector import environment_variables as env
from loopwatch_collector.cli import main


def _output_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 0
    return capsys.readouterr().out


def test_version_names_both_distributions(capsys: pytest.CaptureFixture[str]) -> None:
    out = _output_of(["--version"], capsys)
    assert (
        out
        == f"loopwatch-collector {version('loopwatch-collector')} (SDK loopwatch {version('loopwatch')})\n"
    )


@pytest.mark.parametrize("argv", [["--help"], ["serve", "--help"], ["replay", "--help"]])
def test_help_has_no_restructuredtext_markup(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    out = _output_of(argv, capsys)
    assert "``" not in out
    assert ":func:" not in out


def test_serve_help_shows_each_flags_default_and_variable(capsys: pytest.CaptureFixture[str]) -> None:
    text = " ".join(_output_of(["serve", "--help"], capsys).split())  # undo argparse's wrapping
    for default, variable in [
        ("127.0.0.1", env.LOOPWATCH_HOST),
        ("4317", env.LOOPWATCH_GRPC_PORT),
        ("8080", env.LOOPWATCH_HTTP_PORT),
        ("4318", env.LOOPWATCH_OTLP_HTTP_PORT),
    ]:
        assert f"(default: {default}" in text
        assert f"env {variable})" in text
    for variable in (env.LOOPWATCH_STORE, env.LOOPWATCH_MODE, env.LOOPWATCH_LOG_LEVEL):
        assert variable in text  # settings without a flag are named in the epilog
